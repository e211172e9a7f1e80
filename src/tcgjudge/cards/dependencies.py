"""What the card layer's cached values depend on: the aspects of the state that
characteristics read (``chars_reads``, see ``Game.changed``) and the event
kinds that automatic abilities watch (``listened_kinds``).  Both are collected
from the effect language of the cards of a game; docs/performance.md explains
how the engine uses them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..kernel import debug
from ..kernel.objects import Ability, CardDef
from .loader import kw_items

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..kernel.effects import CEffect
    from ..kernel.events import Event
    from ..kernel.game import Game
    from ..kernel.objects import Obj


class DependencyHooks:
    """Mixed into ``CardRules``; uses its hooks (``cond_hooks``, ``filter_hooks``,
    ``keyword_ability_objects``, ``trigger_match``, ``_trigger_sources``)."""

    cond_hooks: dict
    filter_hooks: dict

    # --------------------------------------------- what characteristics read
    #: does the game declare what its characteristic code reads (``base_reads``, ``hook_reads``)?
    #: Until it does, every change forgets the characteristics (``chars_reads`` answers None).
    declares_reads = False
    #: aspects (see ``GameRules.chars_reads``) the game's own characteristic code always reads
    #: (here: a static ability's timestamp, ``_static_ceffects``)
    base_reads: frozenset[str] = frozenset(("data.ts",))
    #: aspects each condition or filter hook of the game reads; a hook not listed may read anything
    hook_reads: dict[str, frozenset[str]] = {}
    #: effect-language keys that read an aspect of the state (cards/context.py); None: anything
    #: (the per-turn tallies in ``g.record`` are written directly, with no aspect to follow)
    LANGUAGE_READS: dict[str, frozenset[str] | None] = {
        "orientation": frozenset(("orient",)), "not_orientation": frozenset(("orient",)),
        "player_value": frozenset(("player.*", "zones")), "counters_of": frozenset(("player.*",)),
        "record": None,
        # the turn, turn player, phase and step (``clock``): set directly by game code
        "turn": frozenset(("clock",)), "phase": frozenset(("clock",)), "entered_this_turn": frozenset(("clock",)),
        # which objects are in zones outside the layered ones (``zones``, Game._forget_after_move):
        # a selector's named zones and the top or bottom of one, objects stacked beneath, objects
        # named by reference (they may have left), counts, a game's player values (zone sizes)
        "zone": frozenset(("zones",)), "top": frozenset(("zones",)), "bottom": frozenset(("zones",)),
        "under": frozenset(("zones",)), "is": frozenset(("zones",)), "in": frozenset(("zones",)),
        "not_in": frozenset(("zones",)), "count": frozenset(("zones",)), "kinds": frozenset(("zones",)),
    }
    #: player words that name players by whose turn it is (context.players)
    CLOCK_WORDS = frozenset(("active", "nonactive", "each"))

    def chars_reads(self, g: Game, effects: Iterable[CEffect]) -> frozenset[str] | None:
        if not self.declares_reads:
            return None
        out = self.base_reads
        cache = self.__dict__.setdefault("_effect_reads_cache", {})
        for e in effects:
            # keyed by what the effect reads with: static abilities' effects are made afresh at each
            # computation, but from the same condition, arguments and selector
            a, c, aff = e.args, e.cond, e.affects
            got = cache.get((id(a), id(c), id(aff[1])))
            if got is not None and got[0] is a and got[1] is c and got[2] is aff[1]:
                r = got[3]
            else:
                r = self._effect_reads(e)
                if len(cache) > 20_000:
                    cache.clear()
                cache[(id(a), id(c), id(aff[1]))] = (a, c, aff[1], r)  # kept alive: ids not reused
            if r is None:
                return None
            if not r <= out:
                out = out | r
        return out

    def object_reads(self, g: Game, o: Obj) -> frozenset[str] | None:
        if not self.declares_reads:
            return None
        c = o.card.chars
        if not c.get("has_static"):
            return self.base_reads
        out = set(self.base_reads)
        for ab in c.get("abilities", ()):
            if ab.kind == "static":
                r = self._spec_reads(ab.spec)
                if r is None:
                    return None
                out |= r
        return frozenset(out)

    def _effect_reads(self, e: CEffect) -> frozenset[str] | None:
        sel = e.affects[1] if e.affects[0] in ("sel", "players_sel") else None
        out: set[str] = set()
        return None if self._walk_reads((e.cond, e.args, sel), out) else frozenset(out)

    def _spec_reads(self, spec: Any) -> frozenset[str] | None:
        """The aspects the conditions, selectors and values in ``spec`` read (None: anything)."""
        cache = self.__dict__.setdefault("_reads_cache", {})
        got = cache.get(id(spec))
        if got is not None and got[0] is spec:
            return got[1]
        out: set[str] = set()
        res = None if self._walk_reads(spec, out) else frozenset(out)
        if len(cache) > 20_000:
            cache.clear()
        cache[id(spec)] = (spec, res)  # the spec is kept alive, so its id is not reused
        return res

    def _walk_reads(self, x: Any, out: set[str]) -> bool:
        """Collect what ``x`` reads into ``out``; True when it may read anything."""
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(k, str):
                    if k in self.LANGUAGE_READS:
                        r = self.LANGUAGE_READS[k]
                        if r is None:
                            return True
                    else:
                        r = None
                    if r is None and (k in self.cond_hooks or k in self.filter_hooks):
                        r = self.hook_reads.get(k)
                        if r is None:
                            return True
                    if r:
                        out |= r
                if self._walk_reads(v, out):
                    return True
            return False
        if isinstance(x, (list, tuple, frozenset, set)):
            return any(self._walk_reads(v, out) for v in x)
        if isinstance(x, Ability):
            return self._walk_reads(x.spec, out)
        if isinstance(x, str) and x in self.CLOCK_WORDS:
            out.add("clock")
        return False

    def _check_no_trigger(self, g: Game, events: list[Event], lki: dict) -> None:
        for ev in events:
            for oid, o, c in self._trigger_sources(g, lki):
                for ab in c["abilities"]:
                    if ab.kind == "auto" and o.zone in ab.zones and self.trigger_match(g, ab, oid, o, ev) is not None:
                        raise debug.CacheError(f"{ev!r} triggers {ab!r} of {o!r}, but the index of watched "
                                               f"event kinds ({sorted(self.listened_kinds(g) or ())}) lacks it")

    def listened_kinds(self, g: Game) -> frozenset[str] | None:
        """The event kinds that some automatic ability of some card of this game may watch, or None
        when any event may trigger one.

        A superset, from every card that has had an object in this game (kept up to date by
        ``Game.create``): its printed abilities, the abilities its effects may give (nested in
        its text) and those of every keyword its text names.  Copied or evolved characteristics
        come from another card of the game, so they are covered too.
        """
        cards = g.derived.get("cards")
        if cards is None:
            return None
        got = g.derived.get("listened")
        if got is not None and got[0] == len(cards):
            return got[1]
        kinds: set[str] = set()
        out: frozenset[str] | None = None
        for card in cards:
            k = self._card_listens(card)
            if k is None:
                break
            kinds |= k
        else:
            out = frozenset(kinds)
        g.derived["listened"] = (len(cards), out)  # the set of cards only grows
        return out

    def _card_listens(self, card: CardDef) -> frozenset[str] | None:
        cache = self.__dict__.setdefault("_listens", {})
        got = cache.get(id(card))
        if got is not None and got[0] is card:
            return got[1]
        kinds: set[str] = set()
        try:
            anything = self._walk_listens(card.chars, kinds, set())
        except (TypeError, ValueError, KeyError):
            anything = True  # text this walk does not understand: assume it may watch anything
        out = None if anything else frozenset(kinds)
        cache[id(card)] = (card, out)
        return out

    def _walk_listens(self, x: Any, kinds: set[str], seen: set[int]) -> bool:
        """Collect the event kinds of every trigger pattern in ``x``; True if one watches any kind."""
        if isinstance(x, Ability):
            if id(x) in seen:
                return False
            seen.add(id(x))
            return self._walk_listens(x.spec, kinds, seen)
        if isinstance(x, dict):
            on = x.get("on")
            if isinstance(on, dict):
                ev = on.get("event")
                if ev is None:
                    if "status" not in on and "state" not in on:
                        return True
                else:
                    kinds.update((ev,) if isinstance(ev, str) else ev)
            if "keywords" in x and x["keywords"]:
                for k, p in kw_items(x["keywords"]):
                    if not isinstance(k, str):
                        return True
                    for ab in self.keyword_ability_objects(k, p):
                        if self._walk_listens(ab, kinds, seen):
                            return True
            return any(self._walk_listens(v, kinds, seen) for v in x.values())
        if isinstance(x, (list, tuple, frozenset, set)):
            return any(self._walk_listens(v, kinds, seen) for v in x)
        return False
