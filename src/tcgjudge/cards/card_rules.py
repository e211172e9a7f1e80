"""The card layer's side of the kernel hooks: static abilities, continuous
effects, triggers and the game actions that effects perform.

Game packages subclass :class:`CardRules` and add their own words (zones,
layer order, the meaning of ``destroy`` and ``banish``, resource payment).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..kernel import debug
from ..kernel.effects import CEffect, LayerView
from ..kernel.events import Event
from ..kernel.objects import Ability, CardDef
from ..kernel.rules import GameRules
from .context import Ctx, cond, matches, players, resolve, select, value
from .dependencies import DependencyHooks
from .interpreter import CORE_OPS, Run, proc_run
from .language import Vocabulary
from .loader import kw_items, set_ability_flags
from .play_spec import spec_of, target_specs

if TYPE_CHECKING:
    from ..kernel.game import Game
    from ..kernel.objects import Obj


OBJ_MARK = "\x00"


class CardRules(DependencyHooks, GameRules):
    """Kernel hooks implemented with the effect language."""

    vocab: Vocabulary
    #: zones where automatic abilities may be valid (an ability's own ``zones`` decides)
    trigger_zones: tuple[str, ...] = ("field",)
    #: a layer name for each kind of continuous effect
    op_layers: dict[str, str] = {
        "copy": "base", "grant": "abilities", "lose": "abilities", "modify": "num",
        "set_stats": "num", "player": "num", "races": "nonnum",
    }

    def __init__(self) -> None:
        super().__init__()
        self.ops = dict(CORE_OPS)
        self.register("run", proc_run)
        self.cards: dict[str, CardDef] = {}
        self.tokens: dict[str, CardDef] = {}
        self._kw_abilities: dict[tuple, tuple[Ability, ...]] = {}

    def layer_of(self, op: str) -> str:
        return self.op_layers.get(op, self.layers[-1])

    def card_builder(self) -> Any:
        """The game's card builder (whose ``keyword_abilities`` writes out keyword abilities)."""
        return None

    def keyword_ability_objects(self, kw: str, param: Any) -> tuple[Ability, ...]:
        """The abilities a keyword stands for (Caster CR 1101.1a: [Soul Seal], [Unity], [Ride];
        SVE 12: Evolve, Stack, ...), as given to a card by an effect that grants the keyword.
        Their indexes (300 and up, by keyword) keep them apart from the card's own."""
        key = (kw, param)
        got = self._kw_abilities.get(key)
        if got is None:
            b = self.card_builder()
            specs = b.keyword_abilities(kw, param, {}) if b is not None and b.keyword_abilities else []
            base = 300 + 10 * sorted(self.vocab.keywords).index(kw) if kw in self.vocab.keywords else 300
            got = self._kw_abilities[key] = tuple(b.ability(sp, f"keyword {kw}", base + i)
                                                  for i, sp in enumerate(specs))
        return got

    # ------------------------------------------------------------ labels
    def obj_ref(self, g: Game, oid: int, viewer: int | None = None) -> str:
        """A placeholder for an object inside a label; rendered when the decision is asked."""
        return f"{OBJ_MARK}{oid}{OBJ_MARK}"

    def obj_name(self, g: Game, oid: int, viewer: int | None, named: bool = True) -> str:
        names = g.gvars.get("names") if named else None
        if names:
            n = names.get(oid)
            if n is not None:
                return n
        o = g.objects.get(oid)
        if o is None:
            e = g.lki.get(oid)
            return e[0].card.key if e else f"#{oid}"
        if viewer is not None and not self.can_see(g, o, viewer):
            return self.hidden_name(g, o)
        return o.card.key

    def hidden_name(self, g: Game, o: Obj) -> str:
        return f"face-down card#{o.id}"

    # ------------------------------------------------------- static effects
    def static_effects(self, g: Game, view: LayerView) -> Iterable[CEffect]:
        out: list[CEffect] = []
        objs = g.objects
        for oid in list(view.chars):
            c = view.chars[oid]
            if not c.get("has_static"):
                continue
            o = objs.get(oid)
            if o is None:
                continue
            for ab in c["abilities"]:
                if ab.kind != "static" or o.zone not in ab.zones:
                    continue
                out.extend(self._static_ceffects(g, o, ab))
        out.extend(self.extra_static_effects(g, view))
        return out

    def extra_static_effects(self, g: Game, view: LayerView) -> Iterable[CEffect]:
        """Continuous effects a game's rules add (none by default)."""
        return ()

    def _static_ceffects(self, g: Game, o: Obj, ab: Ability) -> list[CEffect]:
        out = []
        for i, part in enumerate(ab.spec["effects"]):
            op = part["op"]
            aff = part.get("affects", "self")
            if op == "player":
                affects: tuple = ("players_sel", part.get("who", "you"))
            elif aff == "self":
                affects = ("objs", frozenset((o.id,)))
            else:
                affects = ("sel", aff)
            # CR 909.3b-1: a static ability's timestamp is when it became valid (the object's entry);
            # objects that entered together may have had their order chosen (``ts``, CR 909.3b)
            ts = o.data.get("ts", o.id) if o.data else o.id
            out.append(CEffect(-(o.id * 64 + ab.index * 8 + i), ts, part.get("layer") or self.layer_of(op),
                               op, part["args"], affects, o.controller, o.id, "static",
                               cond=ab.spec.get("if"), ability=ab))
        return out

    def _eff_ctx(self, g: Game, eff: CEffect, view: LayerView) -> Ctx:
        env = eff.ability[1] if isinstance(eff.ability, tuple) else {}
        return Ctx(g, eff.controller, eff.source, env, chars=view.get)

    def effect_condition(self, g: Game, eff: CEffect, view: LayerView) -> bool:
        return cond(self._eff_ctx(g, eff, view), eff.cond)

    #: operations of static abilities whose values are computed as the effect applies
    COMPUTED_OPS = ("modify", "set_stats", "grant_counters")

    def effect_varies(self, eff: CEffect) -> bool:
        return super().effect_varies(eff) or (
            eff.duration == "static" and eff.op in self.COMPUTED_OPS
            and any(not isinstance(v, int) for v in eff.args.values()))

    def effect_signature(self, g: Game, eff: CEffect, view: LayerView, affected: Any = None) -> Any:
        """What the effect applies to and, for a static ability's computed values ("ATK becomes
        equal to its DEF"), the values it applies (CR 909.3a: "what or how")."""
        what = super().effect_signature(g, eff, view, affected)
        if eff.duration != "static" or eff.op not in self.COMPUTED_OPS or not what:
            return what
        ctx = self._eff_ctx(g, eff, view)  # the values are computed as in ``apply_effect``
        return what, tuple(sorted((k, value(ctx, v)) for k, v in eff.args.items()))

    def effect_affects(self, g: Game, eff: CEffect, view: LayerView) -> Iterable[Any]:
        ctx = self._eff_ctx(g, eff, view)
        if eff.cond is not None and not cond(ctx, eff.cond):
            return ()
        kind, what = eff.affects
        if kind == "players_sel":
            return players(ctx, what)
        if kind == "sel":
            sel = what
            if "zone" not in sel:
                return [x for x in select(ctx, sel) if x in view.chars]
            return select(ctx, sel)
        return ()

    def apply_effect(self, g: Game, eff: CEffect, chars: dict, oid: int, view: LayerView) -> dict:
        op = eff.op
        args = eff.args
        if eff.duration == "static" and eff.cond is not None and eff.affects[0] == "objs":
            if not cond(self._eff_ctx(g, eff, view), eff.cond):
                return chars
        c = dict(chars)
        if op == "modify":
            ctx = self._eff_ctx(g, eff, view) if eff.duration == "static" else None
            for k, v in args.items():
                n = value(ctx, v) if ctx is not None else v
                if c.get(k) is not None or k in ("atk", "def"):
                    c[k] = (c.get(k) or 0) + n
        elif op == "set_stats":
            ctx = self._eff_ctx(g, eff, view) if eff.duration == "static" else None
            for k, v in args.items():
                c[k] = value(ctx, v) if ctx is not None else v
        elif op == "grant":
            if "keywords" in args:
                new = kw_items(args["keywords"])
                c["keywords"] = tuple(c.get("keywords", ())) + new
                have = {a.keyword for a in c.get("abilities", ()) if a.keyword}
                extra = tuple(ab for k, p in new if k not in have for ab in self.keyword_ability_objects(k, p))
                if extra:  # the keyword's abilities come with it (Caster CR 1101.1a)
                    c["abilities"] = tuple(c.get("abilities", ())) + extra
                    self._ability_flags(c)
            if "flags" in args:
                fl = args["flags"]
                c["flags"] = frozenset(c.get("flags", frozenset())) | frozenset(
                    (fl,) if isinstance(fl, str) else fl)
            if "names" in args:  # "its name is also X": an alternate name (SVE 2.13)
                ns = args["names"]
                c["alt_names"] = tuple(c.get("alt_names", ())) + ((ns,) if isinstance(ns, str) else tuple(ns))
            if "races" in args:
                rs = args["races"]
                c["races"] = tuple(c.get("races", ())) + ((rs,) if isinstance(rs, str) else tuple(rs))
            if "types" in args:
                ts = args["types"]
                c["types"] = tuple(c.get("types", ())) + ((ts,) if isinstance(ts, str) else tuple(ts))
            if "elements" in args:
                es = args["elements"]
                c["elements"] = frozenset(c.get("elements", frozenset())) | frozenset(
                    (es,) if isinstance(es, str) else es)
            if "abilities" in args:
                # two abilities with the same ability name are the same ability (Caster CR
                # 901.1d): a card is not given one it already has
                have = {a.name for a in c.get("abilities", ()) if a.name}
                c["abilities"] = tuple(c.get("abilities", ())) + tuple(
                    a for a in args["abilities"] if not a.name or a.name not in have)
                self._ability_flags(c)
        elif op == "lose":
            if args.get("abilities"):
                # base abilities are part of the card's base information (Caster CR 909.1a)
                c["abilities"] = tuple(a for a in c.get("abilities", ()) if a.spec.get("base"))
                c["keywords"] = ()
                self._ability_flags(c)
            if "keywords" in args:
                gone = args["keywords"]
                gone = (gone,) if isinstance(gone, str) else tuple(gone)
                c["keywords"] = tuple(k for k in c.get("keywords", ()) if k[0] not in gone)
                if any(a.keyword in gone for a in c.get("abilities", ())):
                    c["abilities"] = tuple(a for a in c["abilities"] if a.keyword not in gone)
                    self._ability_flags(c)
            if "flags" in args:
                fl = args["flags"]
                c["flags"] = frozenset(c.get("flags", frozenset())) - frozenset(
                    (fl,) if isinstance(fl, str) else fl)
        elif op == "grant_counters":
            # the object "has" counters no one put on it, for as long as the effect lasts
            ctx = self._eff_ctx(g, eff, view) if eff.duration == "static" else None
            got = dict(c.get("granted_counters", {}))
            for name, n in args.items():
                got[name] = got.get(name, 0) + (value(ctx, n) if ctx is not None else n)
            c["granted_counters"] = got
        elif op == "copy":
            card = args.get("def") or self.cards.get(args["card"]) or self.tokens.get(args["card"])
            if card is not None:
                c = dict(card.chars)
        else:
            c = self.apply_game_effect(g, eff, c, oid, view)
        return c

    @staticmethod
    def _ability_flags(c: dict) -> None:
        set_ability_flags(c)

    def apply_game_effect(self, g: Game, eff: CEffect, chars: dict, oid: int, view: LayerView) -> dict:
        raise ValueError(f"continuous effect {eff.op!r} is not understood by {self.game_id}")

    def apply_player_effect(self, g: Game, eff: CEffect, mods: dict, p: int, view: LayerView) -> None:
        flags = eff.args
        if isinstance(flags, str):
            flags = [flags]
        if isinstance(flags, dict):
            ctx = self._eff_ctx(g, eff, view)
            for k, v in flags.items():
                if k == "cost_mod":
                    mods.setdefault("cost_mods", []).append((eff, v))
                elif isinstance(v, bool):
                    mods[k] = v
                else:
                    mods[k] = mods.get(k, 0) + value(ctx, v)
            return
        for fl in flags:
            mods[fl] = True

    # ------------------------------------------------------------- triggers
    #: may events that no card of the game watches skip the trigger scan (``listened_kinds``)?
    #: A game opts in once every automatic ability it has is an ability of a card whose trigger
    #: pattern names its event kinds under ``on.event`` (or watches every event without it).
    trigger_index = False

    def emit_targeted(self, g: Game, d: dict) -> None:
        """After a card or ability is played (``d``: its play frame's data), each object it
        targets "becomes the target" (Caster CR 903.2e, SVE 10.6.2.3): a ``target`` event per
        object, by the player who played it, after the played event."""
        env = d["env"]
        if not any(isinstance(v, list) for v in env.values()):
            return
        seen: list[int] = []
        for t in target_specs(spec_of(g, d), tuple(env.get("_modes", ()))):
            for x in env.get(t["as"], ()):
                if x in g.objects and x not in seen:
                    seen.append(x)
        for x in seen:
            g.emit(Event("target", oid=x, player=d["p"], data={"by": d.get("obj")}))

    def check_triggers(self, g: Game, events: list[Event], lki: dict) -> None:
        listened = self.listened_kinds(g) if self.trigger_index else None
        if listened is not None and not any(ev.kind in listened for ev in events):
            # no automatic ability any card of this game may have watches these events: only the
            # tallies and the delayed abilities (made during the game, so not indexed) look at them
            if debug.CHECK:
                self._check_no_trigger(g, events, lki)
            for ev in events:
                self.record_event(g, ev)
                if g.delayed:
                    self._check_delayed(g, ev)
            return
        sources = self._trigger_sources(g, lki)
        fired: set | None = None  # abilities that trigger once for simultaneous events ("batch")
        for ev in events:
            self.record_event(g, ev)
            for oid, o, c in sources:
                for ab in c["abilities"]:
                    if ab.kind != "auto" or o.zone not in ab.zones:
                        continue
                    bind = self.trigger_match(g, ab, oid, o, ev)
                    if bind is not None:
                        if ab.spec["on"].get("batch"):
                            fired = fired if fired is not None else set()
                            if (oid, ab.index) in fired:
                                continue
                            fired.add((oid, ab.index))
                        self.add_pending(g, o.controller, oid, ab, bind, o.card)
            if g.delayed:
                self._check_delayed(g, ev)

    def _trigger_sources(self, g: Game, lki: dict) -> list[tuple[int, Any, dict]]:
        objs = g.objects
        out = [(oid, objs[oid], c) for oid, c in g.memo_chars(("trigger_sources",),
                                                             lambda: self._current_trigger_sources(g))]
        for oid, entry in lki.items():
            o, c = entry[0], entry[1]
            if c.get("has_auto") and o.zone in self.trigger_zones:
                out.append((oid, o, c))
        return out

    def _current_trigger_sources(self, g: Game) -> list[tuple[int, Any, dict]]:
        objs = g.objects
        tz = self.trigger_zones
        granted = self.abilities_granted(g)
        if granted:  # an effect may give anything an automatic ability: look at every object
            cands = [oid for (_zp, zname), ids in g.zones.items() if zname in tz for oid in ids]
        else:
            # Without an effect that grants abilities, only a card printed with an automatic ability
            # valid in its zone can have one.  Which objects those are depends only on which objects
            # are where (an object id always stands for the same card), so it is remembered.
            # Remembered zone by zone: a zone's contents change less often than all of them.
            cache = g.derived.setdefault("trigger_candidates", {})
            if len(cache) > 4096:
                cache.clear()
            cands = []
            for (_zp, zname), ids in g.zones.items():
                if zname not in tz or not ids:
                    continue
                key = (zname, tuple(ids))
                got = cache.get(key)
                if got is None:
                    got = cache[key] = [oid for oid in ids if self.may_have_auto(objs[oid].card, zname)]
                cands.extend(got)
        out = []
        for oid in cands:
            c = g.chars(oid)
            if c.get("has_auto"):
                out.append((oid, c))
        return out

    def may_have_auto(self, card: CardDef, zone: str) -> bool:
        """Without effects that grant abilities, could an object of this card have an automatic
        ability valid in ``zone``?  (A game where an object takes another card's information, like
        SVE's evolved followers, answers yes for those zones.)"""
        return zone in card.chars.get("auto_zones", ())

    def _zone_sig(self, g: Game) -> tuple:
        """Which objects are in the zones where abilities may trigger (a cache key: an object id
        always stands for the same card)."""
        tz = self.trigger_zones
        return g.memo_chars(("zone_sig",), lambda: tuple(tuple(ids) for (_zp, z), ids in g.zones.items() if z in tz))

    def grants_abilities(self, eff: CEffect) -> bool:
        """Does the effect give abilities (its own, or a keyword's, CR 1101.1a)?"""
        if eff.op != "grant" or not isinstance(eff.args, dict):
            return False
        return "abilities" in eff.args or ("keywords" in eff.args and any(
            self.keyword_ability_objects(k, p) for k, p in kw_items(eff.args["keywords"])))

    def abilities_granted(self, g: Game) -> bool:
        """Is there an effect that may give some object abilities it was not printed with?"""
        return g.memo_chars(("abilities_granted",), lambda: any(self.grants_abilities(e) for e in g.effects)
                      or self._static_grants(g))

    def _static_grants(self, g: Game) -> bool:
        """Is there a card with a static ability that grants abilities where abilities trigger?"""
        cards = g.derived.get("cards")
        if cards is not None:
            # no card of this game grants abilities at all (Game.create keeps the set; it only grows)
            known = g.derived.get("cards_grant")
            if known is None or known[0] != len(cards):
                known = g.derived["cards_grant"] = (len(cards), any(c.chars.get("grants_abilities") for c in cards))
            if not known[1]:
                return False
        sig = self._zone_sig(g)
        cache = g.derived.setdefault("static_grants", {})
        got = cache.get(sig)
        if got is None:
            objs = g.objects
            got = any(objs[oid].card.chars.get("grants_abilities") for ids in sig for oid in ids)
            if len(cache) > 256:
                cache.clear()
            cache[sig] = got
        return got

    def add_pending(self, g: Game, controller: int, src: int, ab: Ability, bind: dict, card: CardDef) -> None:
        """A triggered ability becomes pending (CR 906.2, SVE 10.7.2)."""
        lim = ab.spec.get("per_turn")
        if lim is not None:  # "N per turn" (SVE 10.7.2.2)
            key = f"trig:{card.key}:{ab.index}:{controller}"
            n = g.record.get(key, 0)
            if n >= lim:
                return
            g.record[key] = n + 1
        g.add_trigger(controller, src, ab, bind, card)

    def record_event(self, g: Game, ev: Event) -> None:
        """Per-turn tallies that conditions read (games extend)."""

    def record_cards(self, g: Game, p: int, key: str) -> tuple:
        """The cards the per-turn tally ``key`` of player ``p`` counted (ids as they were then;
        games that keep them extend), read by a tally of a kind (``record: {of: ...}``)."""
        return ()

    def trigger_match(self, g: Game, ab: Ability, src: int, o: Obj, ev: Event) -> dict | None:
        pat = ab.spec["on"]
        if "status" in pat:
            return None  # a status ability watches the game, not events (Caster CR 906.7)
        return self.match_pattern(g, pat, o.controller, src, ev, {})

    def match_pattern(self, g: Game, pat: dict, p: int, src: int | None, ev: Event, env: dict) -> dict | None:
        kinds = pat.get("event")
        if kinds is not None and ev.kind not in kinds:
            return None
        if "from" in pat and ev.frm not in pat["from"]:
            return None
        if "not_from" in pat and ev.frm in pat["not_from"]:
            return None
        if "to" in pat and ev.to not in pat["to"]:
            return None
        if "cause" in pat and ev.cause not in pat["cause"]:
            return None
        if "phase" in pat and ev.data.get("name") not in pat["phase"]:
            return None
        ctx = Ctx(g, p, src, env, chars=lambda x: g.chars(x) if x in g.objects else g.lki[x][1])
        if "whose" in pat and g.active not in players(ctx, pat["whose"]):
            return None
        if "player" in pat and ev.player not in players(ctx, pat["player"]):
            return None
        if "victim" in pat and ev.data.get("victim") not in players(ctx, pat["victim"]):
            return None  # the player whose cards the event is about (an orb's owner)
        bind: dict[str, Any] = {}
        subj = pat.get("subject")
        if subj is not None:
            if subj == "self":
                if src not in (ev.oid, ev.new):
                    return None
            else:
                who = ev.new if ev.new is not None and ev.new in g.objects else ev.oid
                if who is None:
                    return None
                if not self._lki_matches(g, ctx, who, ev, subj):
                    return None
        if "target" in pat:
            tgt = ev.data.get("target")
            if tgt is None or not self._lki_matches(g, ctx, tgt, ev, pat["target"]):
                return None
        for k, v in pat.get("data", {}).items():
            got = ev.data.get(k)
            if (got not in v) if isinstance(v, (list, tuple)) else got != v:  # a list: any of these
                return None
        if ev.oid is not None:
            bind["subject"] = [ev.new if ev.new is not None and ev.new in g.objects else ev.oid]
            if ev.kind == "move" and ev.new in g.objects and ev.oid in g.lki and self._looks_back(ev):
                bind["_lookback"] = {str(ev.new): ev.oid}
        elif ev.new is not None and ev.new in g.objects:
            bind["subject"] = [ev.new]  # a token just created was "put into" its zone (SVE 9.1.2.2)
        if "target" in ev.data and ev.data["target"] is not None:
            bind["attacked"] = [ev.data["target"]]
        if ev.player is not None:
            bind["event_player"] = f"p{ev.player}"
        if "n" in ev.data:
            bind["n"] = ev.data["n"]
        if "cond" in pat and not cond(ctx.child(**bind), pat["cond"]):
            return None
        return bind

    def _looks_back(self, ev: Event) -> bool:
        """CR 906.5a-b: a card that left the field, or went from a public zone to a hidden one, is
        referred to as it was before the move; otherwise as it is where it went (906.5c)."""
        zs = self.zone_specs
        if ev.frm in self.field_zones and ev.to not in self.field_zones:
            return True
        return ev.frm in zs and ev.to in zs and zs[ev.frm].public and not zs[ev.to].public

    def _lki_matches(self, g: Game, ctx: Ctx, oid: int, ev: Event, sel: Any) -> bool:
        """Match the event's object, looking back to the field when it left it (CR 906.5)."""
        if isinstance(sel, str):
            return oid in resolve(ctx, sel) or (sel == "self" and oid == ctx.src)
        if ev.data.get("would"):  # a move about to happen (replacement effects): the card as it is
            return oid in g.objects and matches(ctx, oid, sel)
        if oid in g.objects and not (ev.kind == "move" and self._looks_back(ev)):
            return matches(ctx, oid, sel)
        entry = g.lki.get(ev.oid if oid == ev.new else oid)
        if entry is None:
            return False
        o, c = entry[0], entry[1]
        sub = dict(sel)
        # zone and player filters refer to where it was; check them on the old object
        zone = sub.pop("zone", None)
        if zone is not None and o.zone not in ((zone,) if isinstance(zone, str) else zone):
            return False
        old = ev.oid if oid == ev.new else oid
        fake = Ctx(g, ctx.p, ctx.src, ctx.env, chars=lambda x: c if x in (oid, old) else g.chars(x))
        # matched as the object it was, so "another"/"this" compare with the source's own old id
        return matches(fake, old, sub, obj=o)

    def _check_delayed(self, g: Game, ev: Event) -> None:
        keep = []
        changed = False
        for d in g.delayed:
            if d.get("until") == "end_of_turn" and d.get("turn") != g.turn:
                changed = True  # "... this turn" (SVE 10.7.5): gone once the turn it was made in ends
                continue
            bind = self.match_pattern(g, d["on"], d["p"], d["src"], ev, d["env"])
            if bind is not None:
                env = dict(d["env"])
                env.update(bind)
                ab = Ability("auto", {"do": d["do"], "on": d["on"]}, text=d.get("text", "delayed ability"),
                             zones=())
                card = g.objects[d["src"]].card if d["src"] in g.objects else (
                    g.lki[d["src"]][0].card if d["src"] in g.lki else None)
                g.add_trigger(d["p"], d["src"], ab, env, card)
                changed = True
                if d["once"]:
                    continue
            keep.append(d)
        if changed:
            g.delayed = keep

    # --------------------------------------------------------- game actions
    def set_player_value(self, g: Game, p: int, key: str, v: int) -> None:
        g.set_player(p, key, v)

    def draw(self, g: Game, p: int, n: int) -> int:
        """Draw one card at a time (CR 1006, SVE 5.9); how many were drawn."""
        if n <= 0:
            return 0
        if g.pmods(p).get("cannot_draw"):
            return 0  # a prohibition wins (CR 104.4)
        drawn = 0
        for _ in range(n):
            deck = g.zone(p, "deck")
            if not deck:
                self.draw_from_empty_deck(g, p)
                break
            new = g.move(deck[-1], "hand", p, cause="draw")
            g.note((p, f"p{p + 1} draws {g.objects[new].card.key}", f"p{p + 1} draws a card"))
            drawn += 1
        return drawn

    def begin_draw(self, g: Game, p: int, n: int, replaced: Any = None) -> bool:
        """Draw ``n`` cards, or push a procedure that will (True): a game whose draws can be
        replaced one by one (Caster CR 1006.2, 910) does them in a procedure that can ask.
        ``replaced``: the replacement effects already applied, when the draws are what one of
        them does instead (they do not apply again, Caster CR 910.3)."""
        self.draw(g, p, n)
        return False

    def may_choose(self, ctx: Ctx, p: int, block: list) -> bool:
        """Whether player ``p`` may choose to do the optional instructions ``block`` ("you may
        ..."); a game whose prohibitions forbid choosing some of them says no."""
        return True

    def draw_from_empty_deck(self, g: Game, p: int) -> None:
        """A player needed to draw from an empty deck (what it means is the game's)."""
        raise NotImplementedError

    def move_objects(self, rt: Run, ids: list[int], dest: str, cause: str, extra: dict) -> list[int] | None:
        raise NotImplementedError

    #: whether a discarded card keeps the card whose ability discarded it (a game whose card text
    #: can ask, SVE 5.11; other games keep their state as it was)
    records_discarder = False

    def discard(self, g: Game, p: int, ids: list[int], by: int | None = None) -> list[int]:
        """Discard cards together (CR 1013.1, SVE 5.11); here discarding no card is no discard.
        ``by``: the object whose ability (its cost or effect) discards them, kept on each card
        discarded as ``discarded_by`` ("when this card is discarded by the ability of ...")."""
        g.begin_batch()
        out = []
        for oid in ids:
            o = g.objects[oid]
            new = g.move(oid, self.discard_zone(g, o), o.owner, cause="discard")
            if by is not None and self.records_discarder and new in g.objects:
                g.set_data(new, "discarded_by", by)  # before the batch's triggers are checked
            g.note(f"p{p + 1} discards {g.objects[new].card.key}")
            out.append(new)
        g.end_batch()
        if ids:
            g.emit(Event("discard", player=p, data={"n": len(ids)}))
        return out

    def discard_zone(self, g: Game, o: Obj) -> str:
        return "graveyard"

    def shuffle(self, g: Game, p: int, zone: str = "deck") -> None:
        ids = g.zone(p, zone)
        g.rng.shuffle(ids)
        for oid in ids:  # a shuffle ends what players knew of the order (CR 1015, SVE 5.8)
            o = g.objects[oid]
            if o.data and "known" in o.data:
                g.set_data(oid, "known", None)
        g.touch()
        g.note(f"p{p + 1} shuffles their {zone}")

    def reveal(self, g: Game, oid: int) -> None:
        o = g.objects[oid]
        if self.can_see_all(g, o):
            return
        g.set_data(oid, "known", "all")
        g.note(f"p{o.zp + 1 if o.zp >= 0 else o.owner + 1} reveals {o.card.key}")
        g.emit(Event("reveal", oid=oid, player=o.owner))

    def can_see_all(self, g: Game, o: Obj) -> bool:
        return all(self.can_see(g, o, p) for p in range(len(g.players)))

    def let_see(self, g: Game, oid: int, p: int) -> None:
        o = g.objects[oid]
        if self.can_see(g, o, p):
            return
        known = o.get("known")
        if known == "all":
            return
        g.set_data(oid, "known", tuple(sorted(set(known or ()) | {p})))

    def cancel(self, g: Game, oid: int) -> None:
        raise NotImplementedError

    def make_token(self, g: Game, rt: Run, card: Any, p: int, zone: str | None, orient: str | None) -> int | None:
        raise NotImplementedError

    def change_control(self, g: Game, oid: int, p: int) -> int:
        o = g.objects[oid]
        if o.controller == p:
            return oid
        return g.move(oid, o.zone, p, controller=p, cause="control")

    def play_free(self, g: Game, rt: Run, oid: int, optional: bool = False) -> None:
        """The effect's controller plays the card without paying its cost (CR 903.2g-2), with
        the game's ``free_play`` procedure (see :func:`.play.start_free_play`)."""
        g.push("free_play", p=rt.p, oid=oid, optional=optional)

    def copy_spell(self, g: Game, oid: int, p: int) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------- playing
    def mode_condition(self, ctx: Ctx, c: Any) -> bool:
        return cond(ctx, c)

    def needs_x(self, g: Game, d: dict, spec: dict) -> bool:
        """Is X chosen as this is played: a card with X in its cost, or an ability with ``x``?"""
        if d["kind"] == "card":
            return bool(g.objects[d["obj"]].card.chars.get("x_cost")) or "x" in spec
        return "x" in spec

    def x_range(self, g: Game, d: dict, spec: dict) -> tuple[int, int]:
        """The values X may take: for a card with X in its cost, what its player can pay (zero
        when it is played without paying its cost: CR 903.2d-2); else ``x: {min, max}`` of the
        ability (0 to 10 where not said)."""
        if d["kind"] == "card" and g.objects[d["obj"]].card.chars.get("x_cost"):
            if d.get("free"):
                return (0, 0)
            return self.x_cost_range(g, d)
        x = spec.get("x", {})
        ctx = Ctx(g, d["p"], d["src"], d["env"])
        lo = value(ctx, x.get("min", 0)) if isinstance(x, dict) else 0
        hi = value(ctx, x.get("max", 10)) if isinstance(x, dict) else 10
        return (lo, hi)

    def x_cost_range(self, g: Game, d: dict) -> tuple[int, int]:
        """The values X in a card's cost may take when it is paid."""
        raise NotImplementedError
