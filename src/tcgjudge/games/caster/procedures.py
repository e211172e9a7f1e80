"""The Caster Chronicles' procedures: set-up, turn, priority actions, resolution.

Each function is a kernel procedure ``proc(game, frame)`` (see
``kernel/game.py``); the battle phase is in ``battle.py`` and the Caster
instructions of the effect language in ``ops.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.context import Ctx, cond, has_kw, kw_params, one_per_card
from ...cards.ordering import choose_order
from ...cards.play import (
    begin_play,
    recheck_targets,
    start_free_play,
)
from ...kernel.decisions import clip
from ...kernel.events import Event
from ...kernel.priority import PASS, start_priority
from ..common import begin_turn, phase_event
from ..opening import deal, from_deck, set_first_player
from ..resolution import resolve_first_step, run_effect, targets_available
from .vocabulary import ON_FIELD

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game


# --------------------------------------------------------------------- set-up
def proc_setup(g: Game, f: Frame) -> None:
    """CR 403: shuffle, first player at random, 7 cards, 7 orbs, hand exchange, coin."""
    rules = g.rules
    d = f.data
    if f.step == 0:
        for p in (0, 1):
            rules.shuffle(g, p)  # CR 403.1
        first = d.get("first")
        if first is None:
            first = g.rng.below(2)  # CR 403.2: chosen at random
        set_first_player(g, first)
        deal(g, first, "hand", 7)  # CR 403.3
        deal(g, first, "orbs", 7, face_up=False)  # CR 403.4: seven orbs, face down, unseen
        d["who"] = [first, 1 - first]
        d["sel"] = {0: [], 1: []}
        f.step = 1
        return
    if f.step == 1:  # CR 403.5: hand exchange, first player first
        ans = g.answer(f)
        p = d["who"][0] if d["who"] else None
        if p is None:
            f.step = 2
            return
        sel = d["sel"][p]
        if ans is not None:
            if ans == "done":
                d["who"].pop(0)
                return
            sel.append(ans)
        hand = [x for x in g.zone(p, "hand") if x not in sel]
        opts = [("keep hand" if not sel else "done", "done")]
        opts += [(f"exchange {rules.obj_ref(g, x)}", x) for x in hand]
        g.ask(p, "exchange", "choose cards to exchange (CR 403.5), then done", opts)
        return
    if f.step == 2:
        for p in (g.active, 1 - g.active):
            sel = d["sel"][p]
            if not sel:
                continue
            for oid in sel:  # to the bottom of the deck, in the order chosen
                g.move(oid, "deck", p, pos="bottom", cause="exchange", event=False)
            from_deck(g, p, "hand", len(sel), cause="exchange")
            g.note(f"p{p + 1} exchanges {len(sel)} card(s)")
        second = 1 - g.active  # CR 403.6: the coin token
        g.create(rules.coin, second, "casters", second, orient="recovered")
        g.note(f"p{second + 1} gets the coin")
        g.pop()
        g.turn = 0
        start_turn(g, g.active)  # CR 403.7
        return


def start_turn(g: Game, p: int, at: str = "recovery") -> None:
    for q in range(len(g.players)):
        g.players[q].pop("switched", None)
    begin_turn(g, p, at)


# ----------------------------------------------------------------------- turn
def proc_turn(g: Game, f: Frame) -> None:
    """CR 501-507: recovery, draw, call, main, battle, end."""
    rules = g.rules
    step = f.step
    tp = g.active
    if step == "recovery":
        g.phase, g.step = "recovery", ""
        for z in ON_FIELD:  # CR 502.1
            for oid in list(g.zone(tp, z)):
                if g.objects[oid].orient == "rested":
                    g.set_orient(oid, "recovered", cause="rule")
        phase_event(g, "recovery")  # CR 502.2
        if g.turn == 1:
            phase_event(g, "beginning_of_game")
        phase_event(g, "beginning_of_turn")
        f.step = "draw"
        start_priority(g)  # CR 502.3
        return
    if step == "draw":
        g.phase, g.step = "draw", ""
        if g.turn != 1:  # CR 503.1: the first player does not draw on the first turn
            f.step = "drawn"
            if rules.begin_draw(g, tp, 1):
                return
        step = "drawn"
    if step == "drawn":
        f.data.pop("ret", None)
        phase_event(g, "draw")
        f.step = "call"
        start_priority(g)
        return
    if step == "call":
        g.phase, g.step = "call", ""
        ans = g.answer(f)
        if ans is None:
            opts = call_options(g, tp)
            if len(opts) > 1:
                g.ask(tp, "call", "call phase: call a caster (CR 504.1)", opts)
                return
            ans = PASS
        if ans != PASS:
            reps = call_replacements(g, tp, ans)
            if reps:  # CR 910: the call may be replaced ("..., you may ... instead")
                f.data["call"] = ans
                f.step = "call_replace"
                opts = [("pass", "no")] + [(f"replace {g.rules.obj_ref(g, src)}", src) for src, _ in reps]
                g.ask(tp, "replacement", f"p{tp + 1} would call a caster: apply which replacement effect?", opts)
                return
            do_call(g, tp, ans)
        f.step = "call_done"
    if step == "call_replace":
        ans = g.answer(f)
        call = f.data.pop("call")
        f.step = "call_done"
        if ans == "no":
            do_call(g, tp, call)
        else:  # CR 910.1: the call never happens; what the replacement says happens instead
            ab = next(ab for src, ab in call_replacements(g, tp, call) if src == ans)
            g.note(f"p{tp + 1}'s call is replaced by {g.rules.obj_name(g, ans, None)} ({ab.text[:40]})")
            run_effect(g, tp, ans, {"do": ab.spec.get("instead", ())}, {})
            return
    if f.step == "call_done":
        phase_event(g, "call")  # CR 504.2
        f.step = "main"
        start_priority(g)
        return
    if step == "main":
        g.phase, g.step = "main", ""
        phase_event(g, "main")  # CR 505.1
        f.step = "battle"
        start_priority(g)
        return
    if step == "battle":
        f.step = "end"
        if g.turn == 1:  # CR 506.1: no battle phase on the first turn of the game
            return
        g.phase, g.step = "battle", "beginning"
        g.push("battle", attack=None)
        g.frames[-1].step = "begin"
        return
    if step == "end":
        g.phase, g.step = "end", ""
        phase_event(g, "end")  # CR 507.1
        f.step = "end2"
        start_priority(g)  # CR 507.2
        return
    if step == "end2":
        phase_event(g, "end_of_turn")  # CR 507.3
        f.step = "cleanup"
        start_priority(g)  # CR 507.4
        return
    if step == "cleanup":  # CR 507.5
        g.end_effects("end_of_turn")  # 507.5a
        # delayed abilities that wait only this turn end with it (CR 906.6a)
        g.delayed = [d for d in g.delayed if d.get("until") != "end_of_turn"]
        for p in range(len(g.players)):  # 507.5b
            if g.players[p]["aether"]:
                g.set_player(p, "aether", ())
        f.step = "cleanup_check"
        return
    if step == "cleanup_check":
        # 507.5c: rules processes or triggers: priority sequence, then the final step again
        status_triggers(g)
        if g.triggers or rules_process_pending(g):
            f.step = "cleanup"
            start_priority(g)
            return
        f.step = "next"
        return
    if step == "next":  # CR 507.6, 1021: extra turns first
        g.pop()
        g.forget_unused_lki()
        extra = g.gvars.get("extra_turns")
        if extra:
            nxt = extra.pop()  # the most recently gained comes first (CR 1021.2)
            start_turn(g, nxt)
            return
        nxt = 1 - tp
        skips = g.gvars.get("skip_turns")
        if skips and nxt in skips:
            skips.remove(nxt)
            g.note(f"p{nxt + 1} skips a turn")
            nxt = tp
        start_turn(g, nxt)
        return
    raise RuntimeError(f"turn: bad step {step!r}")


def proc_free_play(g: Game, f: Frame) -> None:
    """An effect plays a card without paying its cost (CR 903.2g-2; X is then 0, 903.2d-2).

    If the play turns out to be illegal (no legal target, 903.2e) it is rewound and the
    card stays where it was."""
    if f.step == 0:
        start_free_play(g, f, f"play {g.rules.obj_ref(g, f.data['oid'])} without paying its cost?", "yes", "no")
        return
    g.pop()


# ------------------------------------------------------------------ call phase
def call_options(g: Game, p: int) -> list[tuple[str, Any]]:
    """CR 504.1 (and 1022): the turn player's call-phase choices."""
    rules = g.rules
    opts: list[tuple[str, Any]] = [("pass", PASS)]
    hand = g.zone(p, "hand")
    casters = g.zone(p, "casters")
    up_names = {g.chars(x)["name"] for x in casters if g.objects[x].face_up and "caster" in g.chars(x)["types"]}
    seen: set[str] = set()
    for oid in hand:
        c = g.chars(oid)
        key = g.objects[oid].card.key
        if "caster" in c["types"] and c.get("level") == 1 and key not in seen:
            # CR 504.1a: not if a face-up caster with that name is there (unless 504.1a-1)
            if c["name"] not in up_names or has_kw(c.get("keywords", ()), "same_name_casters"):
                opts.append((f"call {key}", ("call", oid, True)))
        seen.add(key)
    for oid in one_per_card(g, hand):  # CR 504.1b: any card face down
        opts.append((f"call {g.objects[oid].card.key} face-down", ("call", oid, False)))
    seen = set()
    for oid in hand:  # CR 504.1c, 1022: level up
        c = g.chars(oid)
        if "caster" not in c["types"] or (c.get("level") or 0) < 2:
            continue
        key = g.objects[oid].card.key
        for t in level_up_targets(g, p, oid):
            lab = f"level up {rules.obj_ref(g, t)} with {key}"
            if (lab, key) in seen:
                continue
            seen.add((lab, key))
            opts.append((lab, ("level", oid, t)))
    return opts


def call_replacements(g: Game, p: int, ans: tuple) -> list[tuple[int, Any]]:
    """The replacement abilities that may replace the call ``ans`` of player ``p`` (CR 910):
    those of cards in p's graveyard valid there (CR 902.2) whose pattern matches the card's move
    into the caster zone by the call (``cause: call`` or ``level_up``, CR 504.1).  A card the
    replacement would call face up is offered only where a face-up call of it is allowed
    (CR 504.1a, 504.1a-1)."""
    rules = g.rules
    ev = Event("move", oid=ans[1], new=None, frm="hand", to="casters", player=p,
               cause="call" if ans[0] == "call" else "level_up", data={"would": True})
    up_names = {g.chars(x)["name"] for x in g.zone(p, "casters")
                if g.objects[x].face_up and "caster" in g.chars(x)["types"]}
    out = []
    for src in g.zone(p, "graveyard"):
        c = g.chars(src)
        for ab in c["abilities"]:
            if ab.kind != "replacement" or "graveyard" not in ab.zones:
                continue
            if rules.match_pattern(g, ab.spec["replace"], p, src, ev, {}) is None:
                continue
            if c["name"] in up_names and not has_kw(c.get("keywords", ()), "same_name_casters"):
                continue
            out.append((src, ab))
    return out


def level_up_targets(g: Game, p: int, card: int) -> list[int]:
    """CR 1022.1: a face-up caster with the same name one level lower; a level 2 may go on a
    face-down level 1 if there is no face-up level 1 of that name (1022.1a, 1022.1b)."""
    c = g.chars(card)
    lv = c.get("level") or 0
    name = c["name"]
    out = []
    same_lower_up = False
    for oid in g.zone(p, "casters"):
        o = g.objects[oid]
        oc = g.chars(oid)
        if "caster" not in oc["types"]:
            continue
        if o.face_up and oc["name"] == name and oc.get("level") == lv - 1:
            out.append(oid)
            same_lower_up = True
    if lv == 2:
        allow_fd = not same_lower_up or has_kw(c.get("keywords", ()), "same_name_casters")
        if allow_fd:
            for oid in g.zone(p, "casters"):
                o = g.objects[oid]
                if not o.face_up and g.chars(oid).get("level") == 1:
                    out.append(oid)
    return out


def do_call(g: Game, p: int, ans: tuple) -> None:
    if ans[0] == "call":
        _, oid, up = ans
        key = g.objects[oid].card.key
        g.move(oid, "casters", p, face_up=up, orient="recovered", cause="call")
        g.note((p, f"p{p + 1} calls {key}" + ("" if up else " face down"),
                f"p{p + 1} calls {key}" if up else f"p{p + 1} calls a card face down"))
    elif ans[0] == "level":
        _, oid, target = ans
        level_up(g, p, oid, target)


def level_up(g: Game, p: int, card: int, target: int) -> int:
    """CR 1022: the caster card goes on top and becomes the same entity (1022.2): same
    orientation (1022.2a), same continuous effects (1022.2b), counters removed (1018.9a)."""
    t = g.objects[target]
    orient = t.orient
    key = g.objects[card].card.key
    new = g.move(card, "casters", p, face_up=True, orient=orient, cause="level_up", event=False)
    g.zone(p, "casters").remove(new)
    zl = g.zone(p, "casters")
    zl[zl.index(target)] = new
    w = g.w(new)
    w.since = t.since
    old_under = list(t.under or ())
    tw = g.w(target)
    tw.under = None
    tw.counters = None
    # the old caster becomes a stock of the new one (CR 306.2)
    tw.over = new
    w.under = old_under + [target]
    for u in old_under:
        g.w(u).over = new
    g.effects = [_remap(e, target, new) for e in g.effects]
    g.touch()
    g.note(f"p{p + 1} levels up to {key}")
    g.emit(Event("level_up", oid=target, new=new, player=p))
    g.emit(Event("move", oid=card, new=new, frm="hand", to="casters", player=p, cause="level_up"))
    return new


def _remap(e, old: int, new: int):
    if e.affects[0] == "objs" and old in e.affects[1]:
        from ...kernel.effects import CEffect

        aff = ("objs", frozenset(new if x == old else x for x in e.affects[1]))
        return CEffect(e.eid, e.ts, e.layer, e.op, e.args, aff, e.controller, e.source, e.duration, e.cond,
                       e.ability)
    return e


# ------------------------------------------------------------------- priority
def main_timing(g: Game, p: int) -> bool:
    """CR 701.2: the turn player has priority, it is their main phase, the chase is empty."""
    return g.active == p and g.phase == "main" and not g.zones[(-1, "chase")]


#: zones outside the field where a card's activated ability may say it works (CR 902.2)
ABILITY_ZONES = ("hand", "graveyard", "removed")


def chase_locked(g: Game) -> bool:
    """CR 1005.2: while a 'cannot chase' object is in the chase zone nothing new goes there."""
    for oid in g.zones[(-1, "chase")]:
        if "cannot_chase" in g.chars(oid).get("flags", ()):
            return True
    return False


def priority_options(g: Game, p: int) -> list[tuple[str, Any]]:
    rules = g.rules
    opts: list[tuple[str, Any]] = [("pass", PASS)]
    main = main_timing(g, p)
    locked = chase_locked(g)
    # activated abilities (CR 604.1a, 704), deity active abilities at main timing (604.2e)
    aether_ok: set | None = None  # computed when first needed
    for q, oid, ab, deity, multi in g.memo_chars(("act_candidates", p), lambda: _ability_candidates(g, p)):
        if not main and deity:
            continue  # CR 707.1: a deity's active abilities only at main timing
        spec = ab.spec
        if spec.get("aether") and not spec.get("targets") and q == p:
            if aether_ok is None:
                aether_ok = {(x, a.index) for x, a, _ in rules.aether_sources(g, p)}
            if (oid, ab.index) not in aether_ok or not timing_ok(g, p, spec, main):
                continue  # usable aether abilities are computed once (CR 907.2)
        else:
            if locked:
                continue
            if not timing_ok(g, p, spec, main):
                continue
            if not ability_playable(g, p, oid, ab):
                continue
        if multi:
            lab = f"activate {rules.obj_ref(g, oid)}: {clip(ab.text, 32)}"
        else:
            lab = f"activate {rules.obj_ref(g, oid)}"
        opts.append((lab, ("act", oid, ab.index)))
    if not locked:
        seen: set[str] = set()
        for oid, key, quick in g.memo_chars(("hand_candidates", p), lambda: _hand_candidates(g, p)):
            if key in seen:
                continue
            if not (main or quick):  # CR 604.1b, 604.2a-c
                continue
            if card_playable(g, p, oid):
                seen.add(key)
                opts.append((f"play {key}", ("play", oid)))
    if main:  # CR 604.2d, 705: switch
        switched = g.players[p].get("switched", ())
        if not g.pmods(p).get("cannot_switch"):
            for oid in g.zone(p, "field"):
                o = g.objects[oid]
                if "servant" not in g.chars(oid)["types"] or oid in switched:
                    continue
                if o.since >= g.turn or o.orient == "rested":
                    continue  # must have been in the field since the turn began (705.2)
                if "cannot_switch" in g.chars(oid).get("flags", ()):
                    continue
                opts.append((f"switch {rules.obj_ref(g, oid)}", ("switch", oid)))
    return opts


def _ability_candidates(g: Game, p: int) -> list[tuple[int, int, Any, bool, bool]]:
    """The activated abilities that ``p`` might play, as far as characteristics and zones tell:
    ``(zone's player, object, ability, is a deity, has other abilities there)``, in the order
    the options list them.  What else decides (timing, costs, targets, aether) is checked at
    each priority window; this part is kept with the characteristics (``Game.memo_chars``)."""
    rules = g.rules
    out = []
    objs = g.objects
    # without an effect that grants abilities, a face-up card printed without activated abilities
    # has none: skip it without computing its characteristics
    granted = rules.abilities_granted(g)
    for q in (p, 1 - p):
        for z in (ON_FIELD + ABILITY_ZONES if q == p else ON_FIELD):
            for oid in g.zone(q, z):
                o = objs[oid]
                cc = o.card.chars
                if z not in ON_FIELD and z not in cc.get("act_zones", ()):
                    continue  # CR 902.2: only abilities that say they work in this zone
                if not granted and not cc.get("acts") and o.face_up:
                    continue
                c = g.chars(oid)
                acts = c["acts"]
                if not acts or (q != p and not c["acts_any"]):
                    continue
                if len(acts) > 1:
                    acts = [a for a in acts if z in a.zones]
                deity = "deity" in c["types"]
                for ab in acts:
                    if z not in ab.zones:
                        continue
                    if q != p and ab.spec.get("who") != "any":
                        continue
                    out.append((q, oid, ab, deity, len(acts) > 1))
    return out


def _hand_candidates(g: Game, p: int) -> list[tuple[int, str, bool]]:
    """The cards in ``p``'s hand that are not casters or deities, with their card and whether
    they have quickcast (CR 604.2a-c): kept with the characteristics (``Game.memo_chars``)."""
    out = []
    for oid in g.zone(p, "hand"):
        c = g.chars(oid)
        ts = c["types"]
        if "caster" in ts or "deity" in ts:
            continue
        out.append((oid, g.objects[oid].card.key, has_kw(c.get("keywords", ()), "quickcast")))
    return out


def timing_ok(g: Game, p: int, spec: dict, main: bool) -> bool:
    t = spec.get("timing")
    if t is None or t == "any":
        return True
    if t == "main":  # "play this ability only during main timing"
        return main
    if t == "your_main":  # "only during your main phase"
        return g.active == p and g.phase == "main"
    if t == "your_turn":
        return g.active == p
    if t == "enemy_turn":
        return g.active != p
    return True


def ability_playable(g: Game, p: int, oid: int, ab) -> bool:
    rules = g.rules
    if not rules.ability_usable(g, p, oid, ab):
        return False
    return targets_available(g, p, oid, ab.spec, None)


def card_playable(g: Game, p: int, oid: int, free: bool = False, cost_items: list | None = None,
                  stepped: int | None = None) -> bool:
    """Whether ``p`` can play ``oid`` now (costs, targets, prohibitions).  ``stepped``: the card is
    being stepped up (CR 1114.2) by servants of this total cost, instead of by every servant that
    could be rested."""
    rules = g.rules
    c = g.chars(oid)
    if g.pmods(p).get("cannot_play"):
        return False
    eff = c.get("effect")
    spec = eff.spec if eff is not None else {}
    n = 0
    if not free:
        n = rules.card_cost(g, p, oid)
        if c.get("x_cost"):
            els = c.get("elements", frozenset())
            n = max(1, len(els)) if els else 0
        if has_kw(c.get("keywords", ()), "step_up"):
            # CR 1114.2: resting every recovered allied servant of the race reduces it by their
            # total cost; a total greater than its cost plays it without paying
            races = list(kw_params(c.get("keywords", ()), "step_up"))
            avail = stepped if stepped is not None else sum(
                g.chars(x).get("cost", 0) for x in g.zone(p, "field")
                if g.objects[x].orient == "recovered" and "servant" in g.chars(x)["types"]
                and any(r in g.chars(x).get("races", ()) for r in races))
            if avail > c.get("cost", 0):
                n = 0
            elif avail:
                n = max(n - avail, len(c.get("elements", ())))
        if n > rules.max_aether(g, p):
            return False  # cheap test first: not enough aether could be produced at all
    if not targets_available(g, p, oid, spec, oid):
        return False
    if free:
        items = list(cost_items or []) + list(spec.get("cost", ()))
    else:
        items = [("aether", rules.card_aether(g, p, oid, n))] + list(spec.get("cost", ()))
    united = frozenset(kw_params(c.get("keywords", ()), "united_front"))
    return rules.can_pay_items(g, p, oid, items, united=united)


def do_action(g: Game, f: Frame, p: int, ans: tuple) -> None:
    rules = g.rules
    kind = ans[0]
    if kind == "play":
        begin_play(g, f, 1, 0, p, "card", ans[1])
    elif kind == "act":
        oid, index = ans[1], ans[2]
        ab = next(a for a in g.chars(oid)["abilities"] if a.index == index)
        begin_play(g, f, 1, 0, p, "ability", oid, ab, immediate=bool(ab.spec.get("aether")))
    elif kind == "switch":
        switch(g, ans[1])
        sw = tuple(g.players[p].get("switched", ())) + (ans[1],)
        g.set_player(p, "switched", sw)  # CR 705.3: once per turn for each servant
    else:
        raise RuntimeError(f"unknown priority action {ans!r}")
    del rules


def switch(g: Game, oid: int) -> None:
    """CR 1011.1: recovered <-> reversed; nothing happens to a rested card."""
    o = g.objects[oid]
    if o.orient == "recovered":
        g.set_orient(oid, "reversed", cause="switch")
    elif o.orient == "reversed":
        g.set_orient(oid, "recovered", cause="switch")
    else:
        return
    g.note(f"{g.rules.obj_name(g, oid, None)} switches to {g.objects[oid].orient}")
    # the "switch" event (CR 1011.2) follows from the orientation change: CasterRules.check_triggers


def play_trigger(g: Game, f: Frame, t) -> None:
    """CR 603.3, 906.3: play the chosen automatic ability (it goes to the chase, 903.2b)."""
    ab = t.ability
    begin_play(g, f, 0, 0, t.controller, "trigger", t.source, ab, bind=dict(t.bind), rewind=False,
               immediate=bool(ab.spec.get("aether")))


def trigger_label(g: Game, t) -> str:
    rules = g.rules
    name = rules.obj_name(g, t.source, None) if t.source in g.objects or t.source in g.lki else "delayed"
    return f"{name}: {clip(t.ability.text, 40)}"


# ------------------------------------------------------------------ resolution
def proc_resolve(g: Game, f: Frame) -> None:
    """CR 903.3: resolve the last object put into the chase zone."""
    rules = g.rules
    d = f.data
    oid = d["oid"]
    if f.step == 0:
        # an ability: apply its effect, then erase it (CR 704.3); a conjure: perform its text,
        # then to the graveyard (CR 703.3)
        resolve_first_step(g, f, "chase", "conjure", _start_effect)
        return
    if f.step == 1:
        o = g.objects.get(oid)
        if o is not None and o.zone == "chase":
            if o.get("ability") is not None:
                rules.erase_ability(g, oid)
            else:
                # "Remove this card from the game as it resolves" (CR 1003.1): the removed zone
                to = "removed" if o.get("resolve_to") == "removed" else "graveyard"
                g.move(oid, rules.redirect(g, o, to), o.owner, cause="resolved")
        g.pop()
        return
    if f.step == 2:  # servants and barriers enter the servant zone (CR 702.3, 706.3)
        o = g.objects.get(oid)
        if o is None:
            g.pop()
            return
        c = g.chars(oid)
        orient = "recovered"
        if "servant" in c["types"]:
            if has_kw(c.get("keywords", ()), "lethargy") or o.get("stepped_up"):
                orient = "rested"  # CR 1112.2, 1114.2
            else:
                opts = entry_options(g, o.controller)
                ans = g.answer(f) if len(opts) > 1 else opts[0][1]
                if ans is None:
                    g.ask(o.controller, "enter", f"{o.card.key} enters the field", opts)
                    return
                orient = ans
        enter_field(g, oid, o.controller, orient)
        g.pop()
        return


def _start_effect(g: Game, o, src: int | None, spec: dict, env: dict, ab) -> None:
    """CR 903.3a: targets that became illegal are dropped; the rest of the effect happens."""
    recheck_targets(g, o.controller, src, spec, env)
    run_effect(g, o.controller, src, spec, env, env.get("_modes", ()))


def entry_options(g: Game, p: int) -> list[tuple[str, str]]:
    """How a servant of player ``p`` may enter the field where its player chooses (CR 702.3,
    307.6: recovered or reversed).  A continuous effect "(Enemy|Allied) servants enter the field
    ORIENTATION" takes the place of that choice (CR 104.1: card text over the rules); with several
    such effects the player chooses among what they name.  An instruction of the card itself that
    it enters rested ([Lethargy] 1112.2, [Step Up] 1114.2) is no such choice and still applies."""
    pm = g.pmods(p)
    named = [x for x in ("recovered", "reversed", "rested") if pm.get(f"servants_enter_{x}")]
    return [(f"enter {x}", x) for x in (named or ("recovered", "reversed"))]


def enter_field(g: Game, oid: int, p: int, orient: str) -> int:
    o = g.objects[oid]
    c = o.card.chars
    new = g.move(oid, "field", p, orient=orient, cause="resolve")
    n = c.get("deity_counters")
    if n:
        g.add_counters(new, "deity", n, cause="enter")  # CR 1018.8
    g.note(f"{o.card.key} enters the field {orient} under p{p + 1}")
    return new


# ----------------------------------------------------------------- moves frame
def proc_moves(g: Game, f: Frame) -> None:
    """Moves that need a choice first: [Soul Seal] replacement (CR 1109.2, 910) and the
    orientation of a servant put into the field by an effect (CR 307.6)."""
    rules = g.rules
    d = f.data
    plan = d["plan"]
    while d["i"] < len(plan):
        s = plan[d["i"]]
        if not s["ask"] or s["oid"] not in g.objects:
            d["i"] += 1
            continue
        what = s["ask"][0]
        o = g.objects[s["oid"]]
        ans = g.answer(f)
        if what == "replace":
            # CR 910.2: with several replacement effects, the controller of the card chooses
            # which to apply; 910.3: each must be applied (unless it says "may"), once.
            applied = s.setdefault("applied", [])
            cands = rules.replacements_for(g, o, s["dest"], s.get("cause", d["cause"]), applied)
            if not cands:
                s["ask"].pop(0)
                continue
            if ans is None:
                if len(cands) == 1 and not cands[0][1].spec.get("optional"):
                    ans = (cands[0][0], cands[0][1].index)
                else:
                    srcs = [src for src, _ in cands]
                    opts: list[tuple[str, Any]] = [
                        (f"replace {rules.obj_ref(g, src)}" + (f": {clip(ab.text, 32)}" if srcs.count(src) > 1 else ""),
                         (src, ab.index)) for src, ab in cands]
                    if all(ab.spec.get("optional") for _, ab in cands):
                        opts.insert(0, ("pass", "no"))
                    what = (f"p{o.owner + 1} would draw a card" if s.get("cause") == "draw"
                            else f"{rules.obj_name(g, o.id, o.controller)} would move")
                    g.ask(o.controller, "replacement", f"{what}: apply which replacement effect?", opts)
                    return
            if ans == "no":
                s["ask"].pop(0)
                continue
            src, index = ans
            ab = next(a for x, a in cands if x == src and a.index == index)
            applied.append([src, index])
            s["skip"] = True  # CR 910.1: the original situation never happens
            s["ask"] = []
            g.note(f"{'a draw' if s.get('cause') == 'draw' else rules.obj_name(g, o.id, None)}: replaced by "
                   f"{rules.obj_name(g, src, None)} ({ab.text[:40]})")
            d.setdefault("instead", []).append(
                {"p": g.objects[src].controller, "src": src, "do": ab.spec.get("instead", ()),
                 "env": {"subject": [o.id], "_replaced": [list(x) for x in applied]}})
            continue
        if what == "soul_seal":
            stocks = list(o.under or ())
            if ans is None:
                opts = [("pass", "no")] + [(f"banish {rules.obj_ref(g, u)}", u) for u in stocks]
                g.ask(o.controller, "replacement",
                      f"[Soul Seal]: banish a stock of {o.card.key} instead of it leaving the field?", opts)
                return
            s["ask"].pop(0)
            if ans != "no":
                g.move(ans, "graveyard", g.objects[ans].owner, cause="banish")
                g.note(f"{o.card.key} stays: a stock is banished instead (Soul Seal)")
                s["skip"] = True
                s["ask"] = []
            continue
        if what == "bingo":
            # CR 314.3, 314.3a: the card goes into its owner's BINGO zone now; if three are
            # already there, the owner first banishes one of them
            zone = g.zone(s["zp"], "bingo")
            if len(zone) >= 3:
                if ans is None:
                    g.ask(s["zp"], "bingo", "BINGO zone is full: banish a card in it (CR 314.3a)",
                          [(f"banish {rules.obj_ref(g, x)}", x) for x in zone])
                    return
                g.move(ans, "graveyard", g.objects[ans].owner, cause="banish")
            s["ask"].pop(0)
            if not s["ask"]:
                d.setdefault("moved", []).append(g.move(s["oid"], "bingo", s["zp"], face_up=True, cause=d["cause"]))
                s["skip"] = True
            continue
        if what == "orient":
            opts = entry_options(g, s["zp"])
            if len(opts) == 1:
                ans = opts[0][1]
            if ans is None:
                g.ask(d["p"], "enter", f"{o.card.key} enters the field", opts)
                return
            s["orient"] = ans
            s["ask"].pop(0)
            continue
    if "out" not in d:
        if not choose_order(g, f, plan, lambda s: rules.orderable(g, s)):
            return  # CR 302.4: the owner orders cards that go into their deck or orbs together
        d["out"] = rules.do_moves(g, plan, d["cause"]) + d.get("moved", [])
        d["tied"] = rules.tied_entries(g, d["out"])
        d["breakers"] = [[p, cards] for p, cards in sorted(rules.breakers(g, plan).items(),
                                                           key=lambda kv: kv[0] != g.active)]
    if not choose_timestamps(g, f):
        return
    if d.get("instead"):  # what the replacement effects do instead (CR 910.1)
        r = d["instead"].pop(0)
        g.push("run", p=r["p"], src=r["src"], env=r["env"], stack=[[r["do"], 0, "seq", None]])
        return
    if d.get("breakers"):  # CR 1103: each player may play the [Break] cards that reached their hand
        p, cards = d["breakers"].pop(0)
        g.push("break", p=p, cards=cards)
        return
    g.pop(d["out"])


def choose_timestamps(g: Game, f: Frame) -> bool:
    """CR 909.3b: continuous effects of cards that entered the field together have the same
    timestamp; where their order matters, the turn player decides it, one card at a time (the
    first chosen applies first).  False while that choice is pending."""
    d = f.data
    tied = d.get("tied")
    if not tied:
        return True
    rules = g.rules
    chosen = d.setdefault("ts_chosen", [])
    ans = g.answer(f)
    if ans is not None:
        chosen.append(ans)
    left = [x for x in tied if x not in chosen and x in g.objects]
    if len(left) > 1:
        g.ask(g.active, "timestamp", "these cards entered together: whose continuous effects apply first? "
              "(CR 909.3b)", [(f"choose {rules.obj_ref(g, x)}", x) for x in left])
        return False
    order = chosen + left
    for slot, oid in zip(sorted(tied), order):
        if oid in g.objects and slot != oid:
            g.set_data(oid, "ts", slot)
    g.note("timestamps chosen: " + ", ".join(rules.obj_name(g, x, None) for x in order if x in g.objects))
    d["tied"] = None
    return True


# ----------------------------------------------------------------- draws frame
def proc_draws(g: Game, f: Frame) -> None:
    """Draw ``n`` cards one at a time (CR 1006.2) where a replacement effect may replace each
    draw (CR 910): the top card's move to the hand goes through the moves frame, which asks."""
    rules = g.rules
    d = f.data
    p = d["p"]
    if d.pop("asked", False):
        moved = d.pop("ret", None) or []
        if moved:
            g.note((p, f"p{p + 1} draws {g.objects[moved[0]].card.key}", f"p{p + 1} draws a card"))
        d["n"] -= 1
    while d["n"] > 0:
        if g.pmods(p).get("cannot_draw"):
            break  # a prohibition wins (CR 104.4)
        deck = g.zone(p, "deck")
        if not deck:
            rules.draw_from_empty_deck(g, p)
            break
        # CR 910.3: the replacements already applied to the draw these draws replace
        step = rules.plan_move(g, g.objects[deck[-1]], "hand", "draw", {"_replaced": d.get("applied", ())}, p)
        if step is not None and step["ask"]:
            d["asked"] = True
            g.push("moves", p=p, plan=[step], i=0, cause="draw")
            return
        rules.draw(g, p, 1)
        d["n"] -= 1
    g.pop()


# ------------------------------------------------------------- rules processes
def rules_process_pending(g: Game) -> bool:
    for p in range(len(g.players)):
        if g.players[p].get("draw_failed"):
            return True
    for oid in g.all_in("field"):
        if "deity" in g.chars(oid)["types"] and g.objects[oid].counter("deity") <= 0:
            return True
    return False


def status_triggers(g: Game) -> None:
    """CR 906.7: a status automatic ability (``on: {status: CONDITION}``) triggers when its
    status holds and it is not already triggered (906.7a).  Reading of 906.7a: it stays
    "triggered" while it waits to be played or waits in the chase zone, so a status that
    remains true does not trigger it again until that instance has left the chase."""
    rules = g.rules
    waiting = None
    for oid, o, c in rules._trigger_sources(g, {}):
        for ab in c["abilities"]:
            if ab.kind != "auto" or "status" not in ab.spec["on"] or o.zone not in ab.zones:
                continue
            if any(t.source == oid and t.ability.index == ab.index for t in g.triggers):
                continue
            if waiting is None:
                waiting = {(g.objects[x].get("source"), getattr(g.objects[x].get("ability"), "index", None))
                           for x in g.zones[(-1, "chase")]}
            if (oid, ab.index) in waiting:
                continue
            if cond(Ctx(g, o.controller, oid), ab.spec["on"]["status"]):
                rules.add_pending(g, o.controller, oid, ab, {}, o.card)


def rules_process(g: Game) -> bool:
    """CR 1200: losing by failing to draw (1202.1), banishing deities with no counters (1204.1).
    Rounding ATK/DEF (1203.1) is part of computing characteristics."""
    losers = [p for p in range(len(g.players)) if g.players[p].get("draw_failed")]
    if losers:
        if len(losers) == 2:
            g.end("draw", "both players could not draw (CR 1202.1, 103.3)")
        g.end(1 - losers[0], f"p{losers[0] + 1} could not draw in the draw phase (CR 1202.1)")
    objs = g.objects
    gone = [oid for oid in g.all_in("field")
            if "deity" in objs[oid].card.chars["types"] and "deity" in g.chars(oid)["types"]
            and objs[oid].counter("deity") <= 0]
    if gone:
        g.begin_batch()
        for oid in gone:
            o = g.objects[oid]
            g.note(f"{o.card.key} has no deity counters and is banished (CR 1204.1)")
            g.move(oid, "graveyard", o.owner, cause="rule")
        g.end_batch()
        return True
    ended = [e for e in g.effects if e.duration == "while" and not cond(
        Ctx(g, e.controller, e.source, e.ability[1] if isinstance(e.ability, tuple) else {}), e.cond)]
    if ended:  # CR 909.7: an "as long as" duration is over once its condition stops holding
        g.effects = [e for e in g.effects if e not in ended]
        g.touch()
    status_triggers(g)  # CR 906.7: checked with the rules processes, before triggers are played
    return False
