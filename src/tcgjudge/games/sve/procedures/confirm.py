"""Confirmation Timing (10.5) and rules handling (11).

There is no stack in Shadowverse: Evolve.  At a Confirmation Timing every applicable rules
handling process is executed simultaneously, again and again until none applies (10.5.2.1);
then the active player plays and resolves one of their pending automatic abilities and the game
returns to rules handling (10.5.2.2); when the active player has none, the non-active player
does the same with theirs (10.5.2.3); when nobody has any, the Confirmation Timing ends
(10.5.2.4).  The choice of the next ability is the kernel's ``pick_trigger``.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from ....cards.context import Ctx, cond, has_kw
from ....cards.play import begin_play
from ....kernel import debug
from ....kernel.priority import pick_trigger, take_trigger
from .. import links
from ..abilities import abilities_in
from .actions import resolve_played

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game

#: after this many automatic abilities in one Confirmation Timing, look for a perpetual cycle
CYCLE_WATCH = 60


def confirm(g: Game) -> None:
    """Push a Confirmation Timing."""
    g.push("confirm")


def proc_confirm(g: Game, f: Frame) -> None:
    d = f.data
    while True:
        if f.step == 0:  # 10.5.2.1
            f.step = 1
            g.push("rules_handling", stage=0)
            return
        if f.step == 1:
            if d.pop("ret", False):
                f.step = 0  # rules handling happened: check again
                continue
            state_triggers(g)
            if not g.triggers:
                g.pop()  # 10.5.2.4
                return
            _watch_cycle(g, f)
            pick_trigger(g, f, step=2)  # 10.5.2.2-10.5.2.3: active player's first
            return
        if f.step == 2:
            ans = g.answer(f)
            trig = next((t for t in g.triggers if t.tid == ans), None)
            f.step = 0
            if trig is None:
                continue
            take_trigger(g, trig)  # 10.7.3: one instance is removed as it is played
            _group_played(g, trig)
            if not _condition_holds(g, trig):
                continue  # 10.7.3.2: it cannot be played; its pending instance is gone
            if _fanfare_barred(g, trig):
                continue  # "Its Fanfare abilities can't be performed" (12.4.1, 10.7.3.2)
            play_trigger(g, f, trig)
            return
        if f.step == 3:
            if resolve_played(g, f, 0):
                return
            continue
        raise RuntimeError(f"confirm: bad step {f.step!r}")


def _condition_holds(g: Game, t) -> bool:
    """The "if" written right after a trigger ("Fanfare: If your leader has 10 defense or less,
    draw a card", the ability's ``if``) is part of its effect: "[Fanfare] [text]" means "When this
    card is put onto the field ..., [text]" (12.4.3, 12.5.3), so the ability becomes pending when
    the event happens whatever the condition, and the condition is checked as the ability is
    played and performed as written (10.6.2.8.2): one that does not hold then does nothing
    (10.7.3.2), one that holds by then is performed even if it did not when the event happened."""
    spec = t.ability.spec if isinstance(t.ability.spec, dict) else {}
    if spec.get("if") is None:
        return True
    bind = dict(t.bind) if isinstance(t.bind, dict) else {}
    if cond(Ctx(g, t.controller, t.source).child(**bind), spec["if"]):
        return True
    g.note(f"{g.rules.obj_name(g, t.source, None)}: its ability's condition does not hold; it does nothing (10.7.3.2)")
    return False


def _fanfare_barred(g: Game, t) -> bool:
    """A Fanfare ability (12.4.1) of a card on the field that an effect says can't be performed (the
    flag ``no_fanfare``) is not played: its pending instance is gone (10.7.3.2)."""
    spec = t.ability.spec if isinstance(t.ability.spec, dict) else {}
    on = spec.get("on")
    if not isinstance(on, dict) or t.source not in g.objects:
        return False

    def _has(k: str, v: str) -> bool:
        x = on.get(k)
        return x == v or (isinstance(x, (tuple, list)) and v in x)

    # 12.4.3: "[Fanfare] [text]" is "When this card is put onto the field from a zone other than the field"
    if not (_has("event", "move") and on.get("subject") == "self" and _has("to", "field") and _has("not_from", "field")):
        return False
    if "no_fanfare" not in g.chars(t.source).get("flags", ()):
        return False
    g.note(f"{g.rules.obj_name(g, t.source, None)}: its Fanfare abilities can't be performed (12.4.1)")
    return True


def play_trigger(g: Game, f: Frame, t) -> None:
    """10.7.3, 10.7.7: play the pending automatic ability (even if its card changed zones)."""
    src = t.source
    begin_play(g, f, 3, 3, t.controller, "trigger", src, t.ability, bind=dict(t.bind), rewind=False)


def _group_played(g: Game, trig) -> None:
    """10.7.2.2: of simultaneous "N per turn" triggers beyond N, the controller plays the ones
    they choose; once N are played the rest never became pending."""
    gid = trig.bind.get("_group") if isinstance(trig.bind, dict) else None
    if gid is None:
        return
    groups = g.gvars.get("trig_groups", {})
    left = groups.get(gid, 0) - 1
    groups[gid] = left
    if left <= 0:
        g.triggers = [t for t in g.triggers if not (isinstance(t.bind, dict) and t.bind.get("_group") == gid)]
        groups.pop(gid, None)


def state_triggers(g: Game) -> None:
    """10.7.6: a state trigger becomes pending when its state holds and it is not pending already;
    after it resolves it becomes pending again if the state still holds (10.7.6.1)."""
    pending = {(t.source, t.ability.index) for t in g.triggers}
    for oid, o, ab in abilities_in(g, ("field", "leader"), "auto"):
        pat = ab.spec["on"]
        if "state" not in pat or (oid, ab.index) in pending:
            continue
        if cond(Ctx(g, o.controller, oid), pat["state"]):
            g.add_trigger(o.controller, oid, ab, {}, o.card)


def _state_key(g: Game) -> tuple:
    objs = tuple(sorted((o.card.key, o.zone, o.zp, o.orient, tuple(sorted((o.counters or {}).items())),
                         repr(sorted((o.data or {}).items())) if o.data else "")
                        for o in g.objects.values()))
    return (objs, repr(g.players), len(g.effects), tuple(sorted(t.ability.text for t in g.triggers)))


def _watch_cycle(g: Game, f: Frame) -> None:
    """15.2.1.3: automatic abilities that bring the game back to the same state with nobody able
    to stop them are a perpetual cycle neither player can stop: the game is a draw."""
    d = f.data
    n = d.get("n", 0) + 1
    d["n"] = n
    if n < CYCLE_WATCH:
        return
    seen = d.setdefault("seen", {})
    key = hashlib.blake2b(repr(_state_key(g)).encode(), digest_size=12).hexdigest()
    seen[key] = seen.get(key, 0) + 1
    if seen[key] >= 3:
        g.end("draw", "a perpetual cycle of automatic abilities that neither player can stop (15.2.1.3)")


# ------------------------------------------------------------------ rules handling
def proc_rules_handling(g: Game, f: Frame) -> None:
    """11: every applicable process at once; returns True if anything happened."""
    d = f.data
    rules = g.rules
    if d["stage"] == 0:
        # 11.2: losses
        losers = [p for p in (0, 1) if g.players[p].get("leader_def", 20) <= 0
                  or g.players[p].get("draw_failed")]
        if losers:
            for p in losers:
                why = "leader's defense is 0 or less (11.2.1)" if g.players[p].get("leader_def", 20) <= 0 \
                    else "had to draw from an empty deck (11.2.2)"
                g.note(f"p{p + 1} loses: {why}")
            if len(losers) == 2:
                g.end("draw", "both players lose at the same time (1.2.2)")
            g.end(1 - losers[0], f"p{losers[0] + 1} loses (11.2)")
        d["stage"] = 1
        if "bane" not in g.gvars and not g.memo(("sve_rules_handling_due",), lambda: _handling_due(g)):
            if debug.CHECK and _handling_due(g):
                raise debug.CacheError("rules handling was remembered as having nothing to do, but it has")
            g.pop(bool(d.get("did")))  # nothing below applies: the same tests, remembered while nothing changes
            return
    if d["stage"] == 1:  # 11.4, 11.5: limits need the player's choice first
        if not _choose_limits(g, f):
            return
        d["stage"] = 2
    if d["stage"] == 2:
        plan: list[dict] = []
        planned: set[int] = set()

        def add(oid: int, dest: str, cause: str, face: bool | None = None) -> None:
            if oid in planned or oid not in g.objects:
                return
            planned.add(oid)
            plan.append({"oid": oid, "dest": dest, "zp": g.objects[oid].owner, "face": face, "orient": None,
                         "pos": "top", "side": None, "cause": cause, "ask": None})

        bane = set(g.gvars.pop("bane", ()) or ())
        for p in (g.active, 1 - g.active):
            for oid in g.zone(p, "field"):
                c = g.chars(oid)
                if oid in bane and "follower" in c["types"] and "no_ability_destroy" not in c.get("flags", ()):
                    # 11.3.2; 11.3.2.1: a destruction by Bane counts as destroyed by an ability
                    add(oid, "cemetery", "bane")
                elif "follower" in c["types"] and (c.get("def") or 0) <= 0:
                    # 11.3.1; rules handling is not an effect and has no source (10.12.1.2)
                    add(oid, "cemetery", "destroy_rule")
                elif has_kw(c.get("keywords", ()), "stack") and g.objects[oid].counter("stack") <= 0:
                    add(oid, "cemetery", "rule")  # 11.7.1
        for key in [k for k in d if k.startswith("drop_")]:
            for oid in d.pop(key):
                add(oid, "cemetery", "rule")  # 11.4.1, 11.5.1
        # 11.6.2, 11.6.3: one link only; the most recent stays
        for p in (0, 1):
            for oid in g.zone(p, "field"):
                ls = links.linked(g, oid, "evolve")
                for old in ls[:-1]:
                    links.unlink(g, oid, old, "evolve")
                    d["did"] = True
                    g.note(f"{rules.obj_name(g, oid, None)} keeps only its latest evolved card (11.6.2)")
            for e in g.zone(p, "evolve_zone"):
                fs = links.field_cards_of(g, e)
                for old in fs[:-1]:
                    links.unlink(g, old, e, "evolve")  # 11.6.3
                    d["did"] = True
        for p in (0, 1):
            for zone, rule in (("evolve_zone", "11.6.1"), ("race_zone", "11.8.1"), ("drive_zone", "11.10.1")):
                for oid in list(g.zone(p, zone)):
                    if not links.is_linked(g, oid):
                        add(oid, "evolve_deck", f"rule {rule}", face=True)
            pl = g.players[p]
            if pl.get("pp", 0) > pl.get("max_pp", 0):  # 11.9.1
                rules.set_player_value(g, p, "pp", pl.get("max_pp", 0))
                d["did"] = True
        if bane:
            d["did"] = True
        if plan:
            d["stage"] = 3
            for e in plan:
                if e["cause"] in ("bane", "destroy_rule"):
                    g.note(f"{rules.obj_name(g, e['oid'], None)} is destroyed (11.3)")
            g.push("moves", p=g.active, plan=plan, stage=1, i=0)
            return
        g.pop(bool(d.get("did")))
        return
    if d["stage"] == 3:
        d.pop("ret", None)
        g.pop(True)
        return
    raise RuntimeError(f"rules_handling: bad stage {d['stage']!r}")


def _handling_due(g: Game) -> bool:
    """Would rules handling after 11.2 (11.3-11.10) find anything to do, with no Bane destruction
    pending?  The same tests as stages 1 and 2, without acting; they read characteristics,
    player modifiers, zones, counters, links (object data) and play points, all written through
    the kernel's helpers, so ``Game.memo`` keeps the answer while nothing changes."""
    rules = g.rules
    for p in (0, 1):
        for zone in ("field", "ex_area"):
            if len(g.zone(p, zone)) > rules.zone_limit(g, p, zone):
                return True  # 11.4.1, 11.5.1
    for p in (0, 1):
        for oid in g.zone(p, "field"):
            c = g.chars(oid)
            if "follower" in c["types"] and (c.get("def") or 0) <= 0:
                return True  # 11.3.1
            if has_kw(c.get("keywords", ()), "stack") and g.objects[oid].counter("stack") <= 0:
                return True  # 11.7.1
            if len(links.linked(g, oid, "evolve")) > 1:
                return True  # 11.6.2
        for e in g.zone(p, "evolve_zone"):
            if len(links.field_cards_of(g, e)) > 1:
                return True  # 11.6.3
        for zone in ("evolve_zone", "race_zone", "drive_zone"):
            for oid in g.zone(p, zone):
                if not links.is_linked(g, oid):
                    return True  # 11.6.1, 11.8.1, 11.10.1
        pl = g.players[p]
        if pl.get("pp", 0) > pl.get("max_pp", 0):
            return True  # 11.9.1
    return False


def _identical(g: Game, ids: list[int]) -> bool:
    first = g.objects[ids[0]]
    return all(g.objects[x].card is first.card and not g.objects[x].data and not g.objects[x].counters
               and g.objects[x].orient == first.orient for x in ids)


def _choose_limits(g: Game, f: Frame) -> bool:
    """11.4.1, 11.5.1: the player keeps cards up to the limit; the others go to the cemetery."""
    d = f.data
    rules = g.rules
    for p in (g.active, 1 - g.active):
        for zone in ("field", "ex_area"):
            key = f"drop_{zone}_{p}"
            if key in d:
                continue
            ids = list(g.zone(p, zone))
            lim = rules.zone_limit(g, p, zone)
            if len(ids) <= lim:
                continue
            kept = d.setdefault(f"keep_{zone}_{p}", [])
            ans = g.answer(f)
            if ans is not None:
                kept.append(ans)
            left = [x for x in ids if x not in kept]
            if len(kept) < lim and left and _identical(g, left):
                kept.extend(left[:lim - len(kept)])  # which of identical cards cannot matter
                left = []
            if len(kept) < lim and left:
                g.ask(p, "select", f"your {zone} is over its limit of {lim}: choose a card to keep "
                      f"({len(kept) + 1} of {lim}) (11.{4 if zone == 'field' else 5}.1)",
                      [(f"choose {rules.obj_ref(g, x)}", x) for x in left])
                return False
            d[key] = [x for x in ids if x not in kept]
            d["did"] = True
    return True
