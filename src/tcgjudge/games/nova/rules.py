"""NOVA: the game's hooks into the kernel and the card layer (NOVA comprehensive rules)."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...cards.card_rules import CardRules
from ...cards.context import Ctx, cond, has_kw, matches, players, select, value
from ...cards.interpreter import Run
from ...cards.play import can_pay_generic, pay_generic, proc_pay, proc_play
from ...kernel.effects import CEffect, LayerView
from ...kernel.events import Event
from ...kernel.objects import Ability
from ...kernel.priority import proc_priority
from ..resolution import activate_at_once, resolve_at_once
from . import attack, ops
from . import energy as en
from .cards import builder
from .procedures import (
    do_action,
    interrupt_processes,
    play_trigger,
    priority_options,
    proc_deck_order,
    proc_free_play,
    proc_hand_limit,
    proc_replace,
    proc_resolve,
    proc_setup,
    proc_turn,
    rules_process,
    trigger_label,
    unstoppable_loop,
)
from .reveal import mark_shuffle
from .vocabulary import ZONES, vocabulary

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game
    from ...kernel.objects import Obj

START_LIFE = 2000  # 007.4
HAND_LIMIT = 7  # 308.5
LEVEL_TOTAL = 10  # 109.4
LIMIT_RELEASES = (1500, 1000)  # 005.5.2.1, 507.1
#: 919.2: counters named like "+100/+100" change ATK and HP
#: gained abilities are numbered from GRANTED_INDEX * (granting object id + 1) (801.3.8.2)
GRANTED_INDEX = 1000
COUNTER_MOD = re.compile(r"^([+-]\d+)/([+-]\d+)$")


#: where a cost that moves cards puts them (804.2.3.2)
_COST_DEST = {"banish": "removed", "bury": "graveyard"}


class NovaRules(CardRules):
    game_id = "nova"
    zone_specs = ZONES
    layered_zones = frozenset(("field", "waiting"))
    field_zones = ("field",)
    trigger_zones = ("field",)
    #: what characteristics read beyond objects, zones and effects (Game.changed, docs/performance.md):
    #: base_chars reads only the zone, counter effects (919.2) read counters (written through
    #: Game.w, which forgets everything), static timestamps read data.ts; the hooks of ops.py by
    #: what they look at ("attacking", "blocking" and "restricted" read g.gvars: anything;
    #: "zones": which objects are in zones outside the layered ones)
    declares_reads = True
    trigger_index = True
    base_reads = frozenset(("data.ts",))
    hook_reads = {k: frozenset() for k in ("affiliation", "color")}
    hook_reads.update({"state": frozenset(("orient",)), "damaged": frozenset(("data.damage",)),
                       "destroyed": frozenset(("data.destroyed",)), "equipped": frozenset(("data.equipped_to",)),
                       # equipped_by: only objects on the field are equipped (205), so one elsewhere
                       # that leaves changes nothing; energy_count: the energy zone's contents
                       "equipped_by": frozenset(("data.equipped_to",)), "energy_count": frozenset(("zones",)),
                       "life": frozenset(("player.life",)),
                       "limit_level": frozenset(("player.limit_base", "player.released"))})
    waiting_zone = "waiting"
    #: hidden zones whose cards may be any of each other, for sampling what a player cannot see
    #: (kernel.infoset): the hand is drawn from the main deck (303.2, 308.3)
    hidden_pools = {"deck": "main", "hand": "main", "character_deck": "character"}
    rested_word = "frozen"
    op_layers = {"copy": "base", "grant": "abilities", "lose": "abilities", "modify": "num", "set_stats": "num",
                 "player": "num", "shield": "nonnum", "become": "nonnum"}
    #: 802.1.2.1.5.2: an effect made by resolving a card or ability applies only to the cards there
    #: as it resolved (a card that moves there later is a new card it does not affect)
    effects_lock_affected = True
    # 802.1.2.1: printed values, then effects that change no number, then effects that do
    layers = ("base", "abilities", "nonnum", "num")
    #: 501.1: rules processes are done at once, interrupting the effect being resolved
    interrupting_processes = True

    def __init__(self) -> None:
        super().__init__()
        self.vocab = vocabulary()
        install(self)

    def add_pending(self, g: Game, controller: int, src: int, ab: Ability, bind: dict, card: Any) -> None:
        """914.2: an automatic ability that "does not trigger" (its card has the flag
        ``no_trigger``, given by an effect) does not, even when its condition is met."""
        if src in g.objects and "no_trigger" in g.chars(src).get("flags", ()):
            g.note(f"{g.objects[src].card.key}: its automatic ability does not trigger (914.2)")
            return
        super().add_pending(g, controller, src, ab, bind, card)

    def default_orient(self, zone: str) -> str:
        return "standby" if zone in ("field", "energy") else ""  # 302.4

    def card_builder(self) -> Any:
        return builder()

    # ------------------------------------------------------------ characteristics
    def trigger_match(self, g: Game, ab: Ability, src: int, o: Obj, ev: Event) -> dict | None:
        count = ab.spec["on"].get("count")
        if count is not None and (not self._count_changed(g, count, o.controller, src, ev)
                                  or self._state_trigger_waiting(g, src, ab)):
            return None
        bind = super().trigger_match(g, ab, src, o, ev)
        if bind is not None and ev.kind == "move" and ev.oid is not None and ev.new is not None:
            self._bind_moved_card(g, bind, src, ev, o.controller)
        return bind

    @staticmethod
    def _state_trigger_waiting(g: Game, src: int, ab: Ability) -> bool:
        """801.4.6: an ability that triggers on the game's state does not trigger again until
        the instance that triggered has resolved or left the waiting area (so cards that enter
        together, one change of the number, trigger it once)."""
        if any(t.source == src and t.ability.index == ab.index for t in g.triggers):
            return True
        for x in g.zones[(-1, "waiting")]:
            w = g.objects[x]
            if w.get("source") == src and getattr(w.get("ability"), "index", None) == ab.index:
                return True
        return False

    @staticmethod
    def _count_changed(g: Game, count: dict, p: int, src: int, ev: Event) -> bool:
        """801.4.6.1.1: an ability that triggers on a number of cards triggers whenever that
        number changes (a card enters or leaves the zone ``count["zone"]`` of the players
        ``count["player"]``) and the number after the change meets its condition (``cond``,
        read after the move), also when it met it before."""
        if ev.kind != "move":
            return False
        zone = count.get("zone", "energy")
        whose = set(players(Ctx(g, p, src), count.get("player", "you")))
        into = ev.to == zone and ev.data.get("to_zp") in whose
        out_of = ev.frm == zone and ev.data.get("from_zp") in whose
        return into != out_of  # a card moving within the zone changes no number

    @staticmethod
    def _bind_moved_card(g: Game, bind: dict, src: int, ev: Event, p: int) -> None:
        """801.4.8: an ability triggered by a card's move acts on that card in the zone it moved
        to, and only while it is still there (a later move makes a new object, 301.9); where
        that zone is hidden from the ability's controller (the decks, the opponent's hand) the
        parts acting on the card fail.  Its information is read as 801.4.4 says (``_lookback``,
        or the object left behind)."""
        spec = ZONES.get(ev.to or "")
        new = ev.new
        # hidden for the controller: "お互いのデッキや相手の手札" (the main and character decks of
        # both players, the opponent's hand)
        seen = spec is not None and (spec.public or (ev.to == "hand" and new in g.objects
                                                     and g.objects[new].owner == p))
        if not seen:
            bind["subject"] = [ev.oid]  # 801.4.4.1: read as it was in the public zone
        if src == ev.oid:
            bind["_moved_self"] = new if seen else -1

    def x_range(self, g: Game, d: dict, spec: dict) -> tuple[int, int]:
        """004.7: a number an effect has a player choose is a whole number of 0 or more."""
        lo, hi = super().x_range(g, d, spec)
        return max(0, lo), hi

    def base_chars(self, g: Game, o: Obj) -> dict:
        if o.zone == "energy":
            # 310.4: in the energy zone a card has the energy ability; its own abilities are not
            # valid there (803.1.1: they are valid on the field)
            cache = g.derived.setdefault("energy_chars", {})
            c = cache.get(o.card.key)
            if c is None:
                c = dict(o.card.chars)
                c["abilities"] = (en.ENERGY_ZONE_ABILITY,)
                c["keywords"] = ()
                from ...cards.loader import set_ability_flags

                set_ability_flags(c)
                cache[o.card.key] = c
            return c
        return o.card.chars

    def extra_static_effects(self, g: Game, view: LayerView):
        """919.2: a counter that changes values ("+100/+100") is a continuous effect that
        changes numbers while it is on the card."""
        out = []
        for oid in list(view.chars):
            o = g.objects.get(oid)
            if o is None or not o.counters or o.zone != "field":
                continue
            for name, n in o.counters.items():
                m = COUNTER_MOD.match(name)
                if m:
                    out.append(CEffect(-(oid * 64 + 63), oid, "num", "modify",
                                       {"atk": int(m.group(1)) * n, "def": int(m.group(2)) * n},
                                       ("objs", frozenset((oid,))), o.controller, oid, "static"))
        return out

    def extra_effects_possible(self, g: Game) -> bool:
        objs = g.objects
        return any(objs[x].counters and any(COUNTER_MOD.match(k) for k in objs[x].counters)
                   for x in g.all_in("field"))

    def apply_effect(self, g: Game, eff: CEffect, chars: dict, oid: int, view: LayerView) -> dict:
        if eff.op == "grant" and eff.source is not None and isinstance(eff.args, dict) and eff.args.get("abilities"):
            eff = _own_grant(g, eff)
        return super().apply_effect(g, eff, chars, oid, view)

    def apply_game_effect(self, g: Game, eff: CEffect, c: dict, oid: int, view: LayerView) -> dict:
        if eff.op == "shield":  # 917: damage to it is reduced
            n = eff.args.get("n", "all") if isinstance(eff.args, dict) else eff.args
            frm = eff.args.get("from") if isinstance(eff.args, dict) else None
            if frm is not None:
                if frm not in ("you", "enemy"):
                    raise ValueError(f"shield: 'from' is you or enemy, got {frm!r}")
                # 917.1.3: only damage from the sources named: a player word (you, enemy) of the
                # effect's controller, the player who is the source (806.2, ``source_player``)
                who = eff.controller if frm == "you" else 1 - eff.controller
                per = dict(c.get("shield_from", {}))
                per[who] = "all" if n == "all" or per.get(who) == "all" else per.get(who, 0) + n
                c["shield_from"] = per
                return c
            c["shield"] = "all" if n == "all" or c.get("shield") == "all" else c.get("shield", 0) + n
            return c
        if eff.op == "become":  # 918.1: it loses what it had for what it becomes
            if "races" in eff.args:
                c["races"] = tuple(eff.args["races"])
            if "affiliations" in eff.args:
                c["affiliations"] = tuple(eff.args["affiliations"])
            if "equip" in eff.args:  # a magic item with 【装備】 (op become_equip, 506.2)
                c["types"] = tuple(eff.args["types"])
                c["equip"] = eff.args["equip"]
                c["keywords"] = tuple(k for k in c.get("keywords", ()) if k[0] != "equip") + (("equip", ""),)
            return c
        raise ValueError(f"continuous effect {eff.op!r} is not understood by nova")

    # ------------------------------------------------------------ labels and views
    def hidden_name(self, g: Game, o: Obj) -> str:
        return f"hidden card#{o.id}"

    def public_chars(self, g: Game, oid: int) -> dict:
        c = g.chars(oid)
        out: dict[str, Any] = {"name": c["name"], "type": "/".join(c["types"])}
        if c.get("name_ja"):
            out["name_ja"] = c["name_ja"]
        out["color"] = sorted(c.get("colors", ())) or "colorless"
        for k in ("cost", "level", "atk", "def"):
            if c.get(k) is not None and (k != "cost" or c.get("has_cost")):
                out["hp" if k == "def" else k] = c[k]
        if c.get("keywords"):
            out["keywords"] = [k if p is None else f"{k}({p})" for k, p in c["keywords"]]
        return out

    def public_data(self, g: Game, o: Obj) -> dict:
        out = {}
        for k in ("damage", "equipped_to", "destroyed"):
            if k in o.data:
                out[k] = o.data[k]
        return out

    def player_view(self, g: Game, p: int, viewer: int) -> dict:
        return {"life": self.life(g, p), "limit_level": self.limit_level(g, p),
                "energy_stock": list(en.stock(g, p))}

    def player_value(self, g: Game, p: int, key: str) -> Any:
        if key == "life":
            return self.life(g, p)
        if key == "limit_level":
            return self.limit_level(g, p)
        if key in ("energy_stock", "energy"):
            return list(en.stock(g, p)) if key == "energy_stock" else len(g.zone(p, "energy"))
        if key in ZONES and not ZONES[key].shared:
            return len(g.zone(p, key))
        return super().player_value(g, p, key)

    def set_player_value(self, g: Game, p: int, key: str, v: int) -> None:
        if key == "life":
            self.set_life(g, p, v, None)
            return
        g.set_player(p, key, v)

    # ------------------------------------------------------------------ player values
    @staticmethod
    def life(g: Game, p: int) -> int:
        return g.players[p].get("life", START_LIFE)

    def limit_level(self, g: Game, p: int) -> int:
        """005.5: 1 at the start, +1 for each limit release (507), plus effects (005.5.3)."""
        pl = g.players[p]
        return pl.get("limit_base", 1) + len(pl.get("released", ())) + g.pmods(p).get("limit_level", 0)

    def set_life(self, g: Game, p: int, v: int, cause: int | None) -> None:
        old = self.life(g, p)
        g.set_player(p, "life", v)
        if v < old and cause is not None:
            g.gvars["life_cause"] = cause  # 003.2.4: who made the life fall
        if v != old:
            g.emit(Event("life", player=p, data={"n": v - old}))
        if v < old:
            self.limit_release(g, p)

    def limit_release(self, g: Game, p: int) -> None:
        """507.1: when life falls to 1500, and to 1000, or less, the limit level rises by 1, once
        each per game; a rules process, done at once (501.1), and never undone (507.1.1)."""
        life = self.life(g, p)
        rel = list(g.players[p].get("released", ()))
        for th in LIMIT_RELEASES:
            if life <= th and th not in rel:
                rel.append(th)
                g.set_player(p, "released", rel)
                g.note(f"p{p + 1}'s limit is released at {th} life: limit level {self.limit_level(g, p)} (507.1)")
                g.emit(Event("limit_release", player=p, data={"at": th}))

    # ---------------------------------------------------------------- game actions
    def may_choose(self, ctx: Ctx, p: int, block: list) -> bool:
        """905.4: a player who cannot draw cannot choose to draw when an effect lets them choose
        whether to; 905.5: nor can another player who decides whether they draw."""
        for op, a in block:
            if op == "draw":
                if any(ctx.g.pmods(q).get("cannot_draw") for q in players(ctx, a.get("player", "you"))):
                    return False
        return True

    def shuffle(self, g: Game, p: int, zone: str = "deck") -> None:
        super().shuffle(g, p, zone)
        if zone == "deck":
            mark_shuffle(g, p)  # 920.2, 920.2.1

    def draw_from_empty_deck(self, g: Game, p: int) -> None:
        g.set_player(p, "draw_failed", True)  # 502.2

    def cancel(self, g: Game, oid: int) -> None:
        """913.1: a negated card or ability leaves the waiting area; a card goes to its owner's
        graveyard (a character card: to the retired-character zone, 307.2, 921.1)."""
        o = g.objects.get(oid)
        if o is None or o.zone != "waiting":
            return
        g.note(f"{o.card.key} is negated")
        if o.get("ability") is not None:
            g.erase(oid)
        else:
            g.move(oid, self.redirect(g, o, "graveyard"), o.owner, cause="negate")

    def make_token(self, g: Game, rt: Run, card: Any, p: int, zone: str | None, orient: str | None) -> int | None:
        raise ValueError("NOVA has no tokens")

    def pay_life(self, g: Game, p: int, n: int) -> None:
        """902.5: life paid as a cost is not damage."""
        self.set_life(g, p, self.life(g, p) - n, p)

    def redirect(self, g: Game, o: Obj, dest: str) -> str:
        """504.1: a character card that would leave the field (or go anywhere but the field) is
        put into the retired-character zone instead; 305.2, 306.2: only main-deck cards go to the
        graveyard or the removed zone."""
        if "character" in o.card.chars["types"] and dest not in ("field", "waiting", "character_deck"):
            return "retired"
        if o.zone == "field" and dest != "field":
            # 802.1.3.1.2: "when this leaves the field, it is put into (zone)" replaces where it goes
            for ab in g.chars(o.id).get("abilities", ()):
                if ab.kind == "replacement" and ab.spec["replace"].get("event") == ("leave",) and ab.spec.get("to"):
                    return ab.spec["to"]
        return dest

    def move_objects(self, rt: Run, ids: list[int], dest: str, cause: str, extra: dict) -> list[int] | None:
        g = rt.g
        zone = {"banish": "removed", "remove": "removed", "return": "hand", "to_deck": "deck",
                "put_field": "field", "to_graveyard": "graveyard", "to_energy": "energy",
                "retire": "retired"}.get(cause, dest)
        if cause == "destroy":
            pushed = False
            for oid in ids:
                if oid in g.objects and g.objects[oid].zone == "field":
                    n = len(g.frames)
                    self.destroy(g, oid, "destroy")
                    pushed = pushed or len(g.frames) > n
            if pushed:
                return None  # the replace procedures run first (802.1.3)
            return list(ids)
        if zone == "deck" and not extra.get("shuffle") and not extra.get("_ordered") and self._deck_order_needed(g, ids):
            # 301.10, 303.6: cards put into a main deck together: their owner chooses the order
            g.push("deck_order", ids=list(ids), dest=dest, cause=cause, extra=dict(extra), order=[])
            return None
        field_p = players(rt.ctx, extra.get("player", "you"))[0] if zone == "field" else None
        return self.place(g, ids, zone, cause, extra, field_p)

    def _deck_order_needed(self, g: Game, ids: list[int]) -> bool:
        owners = [g.objects[x].owner for x in ids if x in g.objects and self.redirect(g, g.objects[x], "deck") == "deck"]
        return len(owners) > len(set(owners))

    def place(self, g: Game, ids: list[int], zone: str, cause: str, extra: dict, field_p: int | None) -> list[int]:
        """Put the cards ``ids`` into ``zone`` together, in this order (``field_p``: whose field)."""
        out = []
        hidden_order = bool(extra.get("_ordered"))
        g.begin_batch()
        for oid in ids:
            o = g.objects.get(oid)
            if o is None or self.move_forbidden(g, oid, zone):
                continue
            if cause == "retire" and "character" not in g.chars(oid)["types"]:
                continue  # 921.1: only characters retire
            z = self.redirect(g, o, zone)
            kw: dict[str, Any] = {}
            if z == "field":
                kw["zp"] = field_p
                kw["orient"] = "standby"
            elif z == "energy":
                kw["orient"] = extra.get("state", "standby")
            else:
                kw["zp"] = o.owner  # 301.11: the owner's zone
            if z == "deck":
                kw["pos"] = extra.get("pos", "top")
                kw["face_up"] = False
            new = g.move(oid, z, cause=cause, **kw)
            out.append(new)
            if not (hidden_order and z == "deck"):  # 301.10: the order stays the owner's secret
                g.note(f"{o.card.key} is put into p{g.objects[new].zp + 1}'s {z}")
        g.end_batch()
        if hidden_order:
            for p in sorted({g.objects[x].owner for x in out if g.objects[x].zone == "deck"}):
                n = sum(1 for x in out if g.objects[x].zone == "deck" and g.objects[x].owner == p)
                g.note(f"{n} card(s) are put into p{p + 1}'s main deck in the order their owner chose (301.10)")
        if cause == "to_deck" and extra.get("shuffle"):
            for p in {g.objects[x].owner for x in out}:
                self.shuffle(g, p)
        return out

    def destroy(self, g: Game, oid: int, how: str, applied: tuple = (), replace: bool = True) -> bool:
        """907.1: the card becomes destroyed ("破壊状態"); "when destroyed" abilities trigger; it
        goes to its owner's graveyard at the next priority process, once they have resolved.
        907.2: a card that "is not destroyed" stays.  802.1.3: a replacement effect for the
        destruction is applied instead, by the ``replace`` procedure (which may ask); True then
        means that procedure was pushed."""
        o = g.objects[oid]
        if o.get("destroyed") or "indestructible" in g.chars(oid).get("flags", ()):
            return False
        if replace and self.destroy_replacements(g, oid, how, applied):
            g.push("replace", oid=oid, how=how, applied=[list(x) for x in applied])
            return True
        g.set_data(oid, "destroyed", how)
        g.note(f"{o.card.key} is destroyed" + (" in battle" if how == "battle" else ""))
        g.emit(Event("destroy", oid=oid, player=o.controller, cause=how))
        return True

    def destroy_replacements(self, g: Game, oid: int, how: str, applied: tuple | list) -> list[tuple[int, Ability]]:
        """802.1.3: the replacement abilities (``replace: {event: destroy, ...}``) that apply to
        this destruction, each at most once (802.1.3.3.3); one whose choice cannot be made
        (its ``if`` fails) does not apply (802.1.3.4)."""
        done = {tuple(x) for x in applied}
        ev = Event("destroy", oid=oid, player=g.objects[oid].controller, cause=how, data={"would": True})
        out = []
        for src in list(g.zone(0, "field")) + list(g.zone(1, "field")):
            c = g.chars(src)
            for ab in c.get("abilities", ()):
                if ab.kind != "replacement" or (src, ab.index) in done:
                    continue
                pat = ab.spec["replace"]
                if pat.get("event") != ("destroy",):
                    continue
                sc = g.objects[src].controller
                if self.match_pattern(g, pat, sc, src, ev, {}) is None:
                    continue
                if "if" in ab.spec and not cond(Ctx(g, sc, src, {"subject": [oid]}), ab.spec["if"]):
                    continue
                out.append((src, ab))
        return out

    def source_player(self, g: Game, src: int | None, battle: bool, cause_p: int) -> int:
        """806.2: the player who is a damage's source: the player resolving the effect that deals
        it (``cause_p``), even when its source card (806.1) is in another player's zone; damage
        dealt in a battle is no effect being resolved, so it is the player whose zone holds the
        source card."""
        if battle and src is not None:
            o = g.objects.get(src)
            if o is not None and o.zp is not None and o.zp >= 0:
                return o.zp
            if src in g.lki:
                return g.lki[src][0].zp
        return cause_p

    def deal_damage(self, g: Game, oid: int, n: int, src: int | None, battle: bool, cause_p: int) -> int:
        """916.1: damage to a servant accumulates; 917: reduced by shields; 916.4: a destroyed
        servant is dealt none."""
        o = g.objects.get(oid)
        if o is None or o.zone != "field" or "servant" not in g.chars(oid)["types"] or o.get("destroyed"):
            return 0
        c = g.chars(oid)
        for sh in (c.get("shield"), c.get("shield_from", {}).get(self.source_player(g, src, battle, cause_p))):
            if sh == "all":
                n = 0
            elif sh:
                n = max(0, n - sh)
        if n <= 0:
            return 0  # 917.1.2: no damage, no "when dealt damage"
        g.set_data(oid, "damage", o.get("damage", 0) + n)
        g.set_data(oid, "last_damage", "battle" if battle else "destroy")  # 405.6.3.2
        g.note(f"{o.card.key} is dealt {n} damage" + (" (battle)" if battle else ""))
        g.emit(Event("damage", oid=oid, player=o.controller, cause="battle" if battle else "effect",
                     data={"n": n, "by": src, "battle_by": cause_p}))
        return n

    def damage_player(self, g: Game, p: int, n: int, src: int | None, battle: bool, cause_p: int) -> int:
        """916.2: damage to a player is taken from their life."""
        if n <= 0:
            return 0
        if g.pmods(p).get("no_damage"):
            return 0
        self.set_life(g, p, self.life(g, p) - n, cause_p)
        g.note(f"p{p + 1} is dealt {n} damage" + (" (battle)" if battle else "") + f": life {self.life(g, p)}")
        return n

    def discard(self, g: Game, p: int, ids: list[int], by: int | None = None) -> list[int]:
        out = super().discard(g, p, ids, by)
        if not ids:  # 911.2: discarding with an empty hand still counts as discarding
            g.emit(Event("discard", player=p, data={"n": 0}))
        return out

    def discard_zone(self, g: Game, o: Obj) -> str:
        return "graveyard"  # 911.1

    def cost_move(self, g: Game, p: int, ids: list[int], how: str) -> None:
        g.begin_batch()
        for oid in ids:
            o = g.objects[oid]
            g.move(oid, self.redirect(g, o, "removed" if how == "banish" else "graveyard"), o.owner, cause=how)
        g.end_batch()

    def can_cost_move_self(self, g: Game, src: int | None, how: str) -> bool:
        return src is not None and src in g.objects and not self.move_forbidden(g, src, _COST_DEST.get(how))

    def move_forbidden(self, g: Game, oid: int, dest: str | None) -> bool:
        """A card an effect forbids to move there (「除外されない」: ``cannot_be_removed``)."""
        return dest == "removed" and "cannot_be_removed" in g.chars(oid).get("flags", ())

    def cost_candidates(self, g: Game, p: int, src: int | None, how: str, spec: dict, ctx: Ctx) -> list[int]:
        flt = dict(spec.get("filter") or {})
        if how in ("discard", "reveal"):
            flt["zone"] = "hand"
            flt.setdefault("player", "you")
            # a card being played is in the waiting area when its cost is paid (804.2.5 after
            # 804.2.1): it cannot pay for itself from the hand
            return [x for x in select(ctx, flt) if x != src]
        if how in ("banish", "bury"):
            flt.setdefault("controller", "you")
            # 804.2.3.2: a card whose move is forbidden cannot be chosen to pay a cost that moves it
            return [x for x in select(ctx, flt) if (x != src or flt.get("self"))
                    and not self.move_forbidden(g, x, _COST_DEST[how])]
        if how == "rest_others":
            flt.setdefault("controller", "you")
            return [x for x in select(ctx, flt) if x != src and self.can_rest_for_cost(g, x)]
        return []

    def can_rest_for_cost(self, g: Game, oid: int) -> bool:
        """804.2.3.1: a card already frozen cannot be frozen for a cost."""
        o = g.objects.get(oid)
        return o is not None and o.zone in ("field", "energy") and o.orient == "standby"

    def can_target(self, g: Game, oid: int, ctx: Ctx) -> bool:
        if g.objects[oid].get("destroyed") and ctx.src is not None and ctx.src in g.objects:
            c = g.chars(ctx.src)  # 916.5: not by a card with a "deal damage" ability
            eff = c.get("effect")
            if _deals_damage(eff.spec if eff is not None else None) or any(
                    _deals_damage(ab.spec) for ab in c.get("abilities", ())):
                return False
        return "untargetable" not in g.chars(oid).get("flags", ())

    # ------------------------------------------------------------ playing: costs
    def x_cost_range(self, g: Game, d: dict) -> tuple[int, int]:
        return (0, self.max_energy(g, d["p"]))

    def cost_items(self, g: Game, d: dict, spec: dict) -> list:
        """804.2.3: the whole cost of a play, fixed now."""
        items: list = []
        if d["kind"] == "card":
            c = g.chars(d["obj"])
            if "character" in c["types"]:
                items.extend(c.get("appear_cost", ()))  # 112
            elif d.get("alt"):
                items.extend(self.alt_cost_items(g, d["p"], d["obj"]))  # 902.9: instead of the energy cost
            elif not d.get("free"):
                need = self.card_energy(g, d["p"], d["obj"])
                if need:
                    items.append(("energy", need))
            items.extend(spec.get("cost", ()))
            if d.get("optional") and "character" not in c["types"]:
                items.extend(spec.get("optional_cost", ()))  # 902.8.2: chosen to be paid
                d["env"]["_paid_optional"] = True
        else:
            items.extend(spec.get("cost", ()))
        return items

    def alt_cost_items(self, g: Game, p: int, oid: int) -> list:
        """902.9.4: a card played for its alternative cost pays that cost with the effects that
        increase or reduce the card's cost applied to it: an increase adds generic energy, a
        reduction lowers the energy the alternative cost holds (none when it holds none)."""
        base: dict[str, int] = {}
        rest: list = []
        for name, arg in g.chars(oid)["alt_cost"]:
            if name != "energy":
                rest.append((name, arg))
                continue
            colors, gen = en.need_of(arg)
            for k, v in [*colors.items(), ("generic", gen)]:
                base[k] = base.get(k, 0) + v
        need = self.card_energy(g, p, oid, base)
        return [*rest, ("energy", need)] if need else rest

    def card_energy(self, g: Game, p: int, oid: int, base: dict | None = None) -> dict:
        """103: the colored and generic parts of a card's cost (or of ``base``, an alternative
        cost's energy, 902.9.4), after cost changes (902.7)."""
        c = g.chars(oid)
        if base is None:
            out = dict(c.get("cost_colors", {}))
            gen = c.get("cost_generic", 0)
        else:
            out, gen = en.need_of(base)
        mods = [(Ctx(g, eff.controller, eff.source), mod) for eff, mod in g.pmods(p).get("cost_mods", ())]
        o = g.objects[oid]
        zone = o.zone if o.zone != self.waiting_zone else (o.get("from") or o.zone)  # as it was played
        if c.get("has_static") and zone not in self.layered_zones:
            # 801.5.5, 803.1.3: a static ability that works in the zone its text names (a card's
            # own cost while it is in the hand) applies there; the layers cover only the field
            for ab in c["abilities"]:
                if ab.kind == "static" and zone in ab.zones:
                    mods.extend((Ctx(g, o.controller, oid), dict(part["args"]["cost_mod"], affects="self"))
                                for part in ab.spec["effects"] if part["op"] == "player"
                                and part["args"].get("cost_mod", {}).get("affects") == "self")
        for ectx, mod in mods:
            sel = mod.get("affects", {})
            if sel != "self" and not matches(ectx, oid, {k: v for k, v in sel.items() if k != "zone"}):
                continue
            n = value(ectx, mod.get("n", 0))
            if n > 0:
                gen += n
                continue
            dec = -n
            col = mod.get("color")
            if col:  # 902.7.2-902.7.3: colored reduction, the rest from the generic part
                have = out.get(col, 0)
                take = min(have, dec)
                out[col] = have - take
                dec -= take
            gen -= dec  # 902.7.1
        res = {k: v for k, v in out.items() if v > 0}
        if gen > 0:
            res["generic"] = gen
        return res

    def pay_item(self, g: Game, f: Frame, name: str, arg: Any) -> bool | None:
        d = f.data
        if name == "energy":
            loc = d.setdefault("loc", {})
            if "pushed" in loc:
                return bool(d.pop("ret", False))
            colors, generic = en.need_of(arg)
            if not colors and generic <= 0:
                return True
            loc["pushed"] = True
            exclude = [d["src"]] if any(i[0] == "freeze" and i[1] in (None, "self") for i in d["items"]) else []
            g.push("pay_energy", p=d["p"], colors=dict(colors), generic=generic, exclude=exclude)
            return None
        if name == "freeze":
            return pay_generic(g, f, "rest", arg)
        return pay_generic(g, f, name, arg)

    def can_pay_items(self, g: Game, p: int, src: int | None, items: list, env: dict | None = None) -> bool:
        ctx = Ctx(g, p, src, env or {})
        colors: Counter = Counter()
        generic = 0
        exclude: tuple = ()
        for name, arg in items:
            if name == "energy":
                c, n = en.need_of(arg)
                colors.update(c)
                generic += n
            elif name == "freeze":
                if not can_pay_generic(g, p, src, "rest", arg, ctx):
                    return False
                if arg in (None, "self"):
                    exclude = (src,)
            elif name == "pay_life":
                if self.life(g, p) < value(ctx, arg):
                    return False  # 902.3: the resource must be there
            elif not can_pay_generic(g, p, src, name, arg, ctx):
                return False
        if not colors and generic <= 0:
            return True
        have = Counter(en.stock(g, p))
        for _oid, _ab, produced in self.energy_sources(g, p, exclude=exclude):
            have.update(produced)
        return en.covers(have, dict(colors), generic)

    def max_energy(self, g: Game, p: int) -> int:
        return len(en.stock(g, p)) + sum(len(x[2]) for x in self.energy_sources(g, p))

    # ------------------------------------------------------------------- energy
    def energy_sources(self, g: Game, p: int, exclude: tuple = ()) -> list[tuple[int, Ability, list]]:
        """Energy abilities player ``p`` could play now, with the energy each would add."""
        srcs = g.memo(("energy_sources", p), lambda: self._energy_sources(g, p))
        if exclude:
            return [s for s in srcs if s[0] not in exclude]
        return srcs

    def _energy_sources(self, g: Game, p: int) -> list[tuple[int, Ability, list]]:
        out = []
        for oid in g.zone(p, "energy"):
            o = g.objects[oid]
            if o.orient != "standby":
                continue
            cols = sorted(o.card.chars.get("colors", ()))
            # 801.6.5.2: an energy ability that cannot define a color produces no energy: a
            # colorless card adds nothing, so it is no source
            if len(cols) == 1:
                out.append((oid, en.ENERGY_ZONE_ABILITY, cols))
            elif len(cols) > 1:
                out.append((oid, en.ENERGY_ZONE_ABILITY, cols[:1]))
        for oid in g.zone(p, "field"):
            o = g.objects[oid]
            c = g.chars(oid)
            for ab in c["acts"]:
                if not ab.spec.get("energy_ab") or o.zone not in ab.zones:
                    continue
                if not self.ability_usable(g, p, oid, ab, energy_check=False):
                    continue
                prod = self.energy_yield(g, p, oid, ab)
                if prod:
                    out.append((oid, ab, prod))
        return out

    def energy_yield(self, g: Game, p: int, oid: int, ab: Ability) -> list[str]:
        ctx = Ctx(g, p, oid)
        out: list[str] = []
        for name, a in ab.spec.get("do", ()):
            if name != "produce":
                continue
            col = a.get("color", "self")
            n = value(ctx, a.get("n", 1))
            if col == "self":
                cs = sorted(g.chars(oid).get("colors", ()))
                if not cs:
                    continue  # 801.6.5.2
                col = cs[0]
            out.extend([col] * n)
        return out

    def activate_label(self, g: Game, oid: int, ab: Ability | None) -> str:
        o = g.objects[oid]
        if o.zone == "field":
            acts = g.chars(oid)["acts"]
            if len(acts) > 1 and ab is not None:
                same = [a.index for a in acts if a.text == ab.text]
                # the same ability gained from several cards (801.3.8.2): numbered from the second
                nth = f" ({same.index(ab.index) + 1})" if len(same) > 1 and same[0] != ab.index else ""
                return f"activate {self.obj_ref(g, oid)}: {ab.text[:32]}{nth}"
        return f"activate {self.obj_ref(g, oid)}"

    def activate_energy(self, g: Game, f: Frame, p: int, oid: int, index: int) -> None:
        activate_at_once(g, f, p, oid, index)

    def resolve_immediate(self, g: Game, d: dict, spec: dict) -> None:
        """801.6.3.2: an energy ability resolves at once, without the waiting area."""
        resolve_at_once(g, d, spec)

    # -------------------------------------------------------- ability usability
    def restricted(self, g: Game, oid: int) -> bool:
        """203.4: a servant not controlled continuously since its controller's turn began cannot
        attack or play abilities with a freeze cost; 1003.2: 【疾風】 ignores this."""
        o = g.objects[oid]
        c = g.chars(oid)
        if "servant" not in c["types"]:
            return False
        if has_kw(c.get("keywords", ()), "gale"):
            return False
        # "since the start of its controller's turn": it came under this control at or after the
        # beginning of that player's most recent turn
        return o.since >= g.gvars.get(f"began_{o.controller}", 0)

    def ability_usable(self, g: Game, p: int, oid: int, ab: Ability, energy_check: bool = True) -> bool:
        spec = ab.spec
        o = g.objects[oid]
        if o.controller != p and spec.get("who") != "any":
            return False  # 801.3.5
        if o.get("destroyed"):
            return False
        cost = spec.get("cost", ())
        if any(n == "freeze" and a in (None, "self") for n, a in cost) and self.restricted(g, oid):
            return False  # 203.4
        if spec.get("once_per_turn") and g.record.get(f"used:{oid}:{ab.index}"):
            return False  # 801.3.8.1: the limit stays with the card when its controller changes
        if not spec.get("energy_ab") and g.zones[(-1, "waiting")] and (oid, ab.index) in {
                tuple(x) for x in g.gvars.get("activated", ())}:
            return False  # 801.3.5.1.1: not again until the waiting area is empty
        if "if" in spec and not cond(Ctx(g, p, oid), spec["if"]):
            return False
        if not energy_check:
            ctx = Ctx(g, p, oid)
            return all(n in ("energy",) or (n == "freeze" and can_pay_generic(g, p, oid, "rest", a, ctx))
                       or (n != "freeze" and can_pay_generic(g, p, oid, n, a, ctx)) for n, a in cost)
        return self.can_pay_items(g, p, oid, list(cost))

    # ---------------------------------------------------------------- play hooks
    def to_waiting(self, g: Game, oid: int, p: int) -> int:
        """804.2.5, 311.2: the played card is put into the waiting area."""
        o = g.objects[oid]
        was = o.zone
        new = g.move(oid, "waiting", -1, controller=p, cause="play", event=False)
        g.set_data(new, "from", was)
        return new

    def play_pre(self, g: Game, f: Frame) -> bool:
        return True

    def play_post(self, g: Game, f: Frame) -> bool:
        return True

    def on_played(self, g: Game, d: dict) -> None:
        p = d["p"]
        obj = d.get("obj")
        if d["kind"] == "card" and obj is not None:
            g.set_data(obj, "env", dict(d["env"]))
            c = g.chars(obj)
            if "character" in c["types"]:
                g.record[f"{p}:character_played"] = 1  # 202.2
            g.note(f"p{p + 1} plays {g.objects[obj].card.key}")
            g.emit(Event("play", oid=obj, player=p, data={"kind": "card"}))
        elif d["kind"] in ("ability", "trigger"):
            src = d["src"]
            ab = d["ab"]
            if ab.spec.get("once_per_turn"):
                g.record[f"used:{src}:{ab.index}"] = 1
            if d["kind"] == "ability" and not d.get("immediate"):
                if len(g.zones[(-1, "waiting")]) <= 1:
                    g.gvars["activated"] = []  # the waiting area was empty: a new round of plays
                g.gvars.setdefault("activated", []).append([src, ab.index])
            if obj is not None:
                g.set_data(obj, "env", dict(d["env"]))
                g.note(f"p{p + 1} plays an ability of {self.obj_name(g, src, None)}: {ab.text[:60]}")

    def check_triggers(self, g: Game, events: list, lki: dict) -> None:
        n = len(g.triggers)
        super().check_triggers(g, events, lki)
        if len(g.triggers) > n:
            # 907.1: abilities that trigger on a destruction are tied to the destroyed card,
            # which waits on the field until they have resolved
            destroyed = [ev.oid for ev in events if ev.kind == "destroy"]
            if destroyed:
                new = []
                for t in g.triggers[n:]:
                    if t.ability.spec.get("on", {}).get("event") == ("destroy",):
                        b = dict(t.bind)
                        b["_destroyed"] = destroyed
                        t = type(t)(t.tid, t.controller, t.source, t.ability, b, t.count, t.card)
                    new.append(t)
                g.triggers = g.triggers[:n] + new

    def record_event(self, g: Game, ev: Event) -> None:
        rec = g.record

        def tally(p: int, key: str, n: int = 1) -> None:
            rec[f"{p}:{key}"] = rec.get(f"{p}:{key}", 0) + n

        if ev.kind == "destroy":
            tally(ev.player, "servants_destroyed")
        elif ev.kind == "attack":
            tally(ev.player, "attacks")
        elif ev.kind == "discard":
            tally(ev.player, "discarded", ev.data.get("n", 1))


def _deals_damage(spec: Any) -> bool:
    """Whether an effect or ability spec has a "damage" instruction (916.5); instructions are
    compiled as ``(name, args)`` pairs."""
    if isinstance(spec, dict):
        return any(_deals_damage(v) for v in spec.values())
    if isinstance(spec, (list, tuple)):
        if len(spec) == 2 and spec[0] == "damage" and isinstance(spec[1], dict):
            return True
        return any(_deals_damage(v) for v in spec)
    return False


def install(rules: NovaRules) -> None:
    """The procedures, NOVA's instructions of the effect language and the hooks the card layer calls."""
    for name, proc in {
        "play": proc_play, "pay": proc_pay, "pay_energy": en.proc_pay_energy, "priority": proc_priority,
        "setup": proc_setup, "turn": proc_turn, "resolve": proc_resolve, "attack": attack.proc_attack,
        "free_play": proc_free_play, "hand_limit": proc_hand_limit, "replace": proc_replace,
        "deck_order": proc_deck_order,
    }.items():
        rules.register(name, proc)
    ops.install(rules)
    rules.rules_process = lambda g: rules_process(g)  # type: ignore[method-assign]
    rules.interrupt_processes = lambda g: interrupt_processes(g)  # type: ignore[method-assign]
    rules.priority_options = lambda g, p: priority_options(g, p)  # type: ignore[attr-defined]
    rules.do_action = lambda g, f, p, a: do_action(g, f, p, a)  # type: ignore[attr-defined]
    rules.waiting_empty = lambda g: not g.zones[(-1, "waiting")]  # type: ignore[attr-defined]
    rules.resolve_top = lambda g: g.push("resolve", oid=g.zones[(-1, "waiting")][-1])  # type: ignore[attr-defined]
    rules.play_trigger = lambda g, f, t: play_trigger(g, f, t)  # type: ignore[attr-defined]
    rules.trigger_label = lambda g, t: trigger_label(g, t)  # type: ignore[attr-defined]
    rules.unstoppable_loop = lambda g: unstoppable_loop(g)  # type: ignore[method-assign]


def _own_grant(g: Game, eff: CEffect) -> CEffect:
    """801.3.8.2: an ability a card gains from another card's effect is that card's own: a use
    limit ("once per turn") counts its uses apart from the same ability printed on the card or
    gained from another card.  The gained abilities get indexes of their own, from the granting
    object (an id always stands for the same card, so the copies are kept in ``g.derived``)."""
    cache = g.derived.setdefault("granted", {})
    abilities = []
    for a in eff.args["abilities"]:
        key = (eff.source, a.index, a.text)
        own = cache.get(key)
        if own is None:
            own = cache[key] = Ability(a.kind, a.spec, text=a.text, name=a.name, zones=a.zones,
                                       index=GRANTED_INDEX * (eff.source + 1) + a.index, keyword=a.keyword)
        abilities.append(own)
    return CEffect(eff.eid, eff.ts, eff.layer, eff.op, dict(eff.args, abilities=tuple(abilities)), eff.affects,
                   eff.controller, eff.source, eff.duration, eff.cond, eff.ability)
