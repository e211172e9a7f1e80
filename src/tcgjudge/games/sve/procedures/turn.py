"""The turn (7): start phase, main phase, end phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....cards.context import has_kw, one_per_card
from ....kernel.effects import CEffect
from ...common import begin_turn, phase_event
from ..notation import (
    END_ITS_CONTROLLERS_NEXT,
    END_OPP_NEXT,
    END_YOUR_NEXT,
    EOT,
    LONG_DURATIONS,
    START_YOUR_NEXT,
)
from .actions import do_main_action, main_options, same_state, state_key

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game


def start_turn(g: Game, p: int, at: str = "start") -> None:
    g.gvars.pop("attack", None)
    g.gvars.pop("futile", None)
    begin_turn(g, p, at)


def next_turn_durations(g: Game, tp: int) -> None:
    """10.2.1.2: as player ``tp``'s turn begins (7.2), the persistent effects that last "until the
    start of your next turn" (their controller's) end, and those that last "until the end of your
    opponent's next turn" / "your next turn" whose next turn this is become effects until the end of
    this turn (7.4.8 ends them).  An effect made during the turn it names waits for the next one.
    An effect "during its controller's next turn" becomes one until the end of this turn when a card
    it changes is ``tp``'s (it ends when none of its cards is left, 10.9.2)."""
    if not any(e.duration in LONG_DURATIONS for e in g.effects):
        return
    out: list[CEffect] = []
    for e in g.effects:
        if e.duration == START_YOUR_NEXT and e.controller == tp:
            continue
        ours = False
        if e.duration == END_ITS_CONTROLLERS_NEXT:
            ids = [x for x in (e.affects[1] if e.affects[0] == "objs" else ()) if x in g.objects]
            if not ids:
                continue
            ours = any(g.objects[x].controller == tp for x in ids)
        if ours or (e.duration == END_OPP_NEXT and e.controller != tp) or (e.duration == END_YOUR_NEXT and e.controller == tp):
            e = CEffect(e.eid, e.ts, e.layer, e.op, e.args, e.affects, e.controller, e.source, EOT,
                        cond=e.cond, ability=e.ability)
        out.append(e)
    g.effects = out
    g.touch()


def first_turn_of_first_player(g: Game, p: int) -> bool:
    """7.2.4.1: the player who goes first does not draw on their first turn."""
    if g.gvars.get("first") != p:
        return False
    key = f"turns_{p}"
    return g.gvars.get(key, 0) == 1


def proc_turn(g: Game, f: Frame) -> None:
    rules = g.rules
    step = f.step
    tp = g.active
    d = f.data
    if step == "start":  # 7.2
        g.phase, g.step = "start", ""
        next_turn_durations(g, tp)
        g.gvars[f"turns_{tp}"] = g.gvars.get(f"turns_{tp}", 0) + 1
        pl = g.players[tp]
        if pl.get("max_pp", 0) < 10:
            rules.set_player_value(g, tp, "max_pp", pl.get("max_pp", 0) + 1)  # 7.2.1
        rules.set_player_value(g, tp, "pp", pl["max_pp"])  # 7.2.2
        for oid in list(g.zone(tp, "field")):  # 7.2.3 (not boxed cards, 5.30.3)
            o = g.objects[oid]
            if o.get("no_refresh"):
                g.set_data(oid, "no_refresh", None)  # "it doesn't refresh during ... next start phase"
                continue
            if has_kw(g.chars(oid).get("keywords", ()), "no_start_refresh"):
                continue  # "This card doesn't refresh during your start phase." (a passive, 10.3)
            if o.orient == "engaged" and not o.get("boxed"):
                g.set_orient(oid, "reserved", cause="rule")
        if not first_turn_of_first_player(g, tp):
            rules.draw(g, tp, 1)  # 7.2.4
        phase_event(g, "start")
        f.step = "main"
        g.push("confirm")  # 7.2.5
        return
    if step == "main":  # 7.3.1-7.3.2
        g.phase, g.step = "main", ""
        phase_event(g, "main")
        f.step = "act"
        g.push("confirm")
        return
    if step == "act":  # 7.3.3
        g.phase = "main"
        ans = g.answer(f)
        if ans is None:
            g.ask(tp, "main", "main phase: play a card, play an ability, attack, or end the main phase (7.3.3)",
                  main_options(g, tp))
            return
        if ans == ("end",):
            g.note(f"p{tp + 1} ends their main phase")
            f.step = "end"
            return
        d["before"] = state_key(g)
        d["label"] = ans
        do_main_action(g, f, tp, ans, reask="act", resume="played")
        return
    if step == "played":  # a card or ability was played: resolve it (10.6.2.8)
        obj = d.pop("ret", None)
        f.step = "after"
        if obj is not None and obj in g.objects:
            g.push("resolve", oid=obj)
        return
    if step == "after":  # 7.3.4: Confirmation Timing, then 7.3.3 again
        f.step = "check"
        g.push("confirm")
        return
    if step == "check":  # 15.2.1.2: an action that changed nothing may not be repeated
        before = d.pop("before", None)
        label = d.pop("label", None)
        if before is not None and same_state(g, before):
            futile = g.gvars.setdefault("futile", {})
            futile.setdefault(before, []).append(repr(label))
        f.step = "act"
        return
    if step == "end":  # 7.4.1-7.4.2
        g.phase, g.step = "end", ""
        phase_event(g, "end")
        f.step = "ward"
        d["ward"] = []
        g.push("confirm")
        return
    if step == "ward":  # 7.4.3: engage any number of followers with Ward
        ans = g.answer(f)
        chosen = d.setdefault("ward", [])
        if ans is not None and ans != "pass":
            chosen.append(ans)
        cands = [x for x in g.zone(tp, "field") if x not in chosen and g.objects[x].orient == "reserved"
                 and "follower" in g.chars(x)["types"] and has_kw(g.chars(x).get("keywords", ()), "ward")]
        if ans != "pass" and cands:
            opts = [("pass", "pass")] + [(f"engage {rules.obj_ref(g, x)}", x) for x in cands]
            g.ask(tp, "ward", "end phase: engage followers with Ward? (7.4.3)", opts)
            return
        g.begin_batch()
        for x in chosen:
            if x in g.objects:
                g.set_orient(x, "engaged", cause="ward")
                g.note(f"p{tp + 1} engages {rules.obj_name(g, x, None)} (Ward)")
        g.end_batch()
        d.pop("ward", None)
        f.step = "quick"
        g.push("confirm")  # 7.4.4
        return
    if step == "quick":  # 7.4.5-7.4.6
        f.step = "hand"
        g.push("quick", p=1 - tp)
        return
    if step == "hand":  # 7.4.7: discard down to the hand limit
        hand = g.zone(tp, "hand")
        lim = rules.zone_limit(g, tp, "hand")
        chosen = d.setdefault("to_discard", [])
        ans = g.answer(f)
        if ans is not None:
            chosen.append(ans)
        left = [x for x in hand if x not in chosen]
        if len(left) > lim:
            opts = [(f"discard {rules.obj_ref(g, x)}", x) for x in one_per_card(g, left)]
            g.ask(tp, "discard", f"discard down to your hand limit of {lim} (7.4.7)", opts)
            return
        d.pop("to_discard", None)
        if chosen:
            rules.discard(g, tp, chosen)  # 5.11.1: the cards selected go to the cemetery together
            g.push("confirm")  # 7.4.7: then Confirmation Timing, and 7.4.7 again
            return
        f.step = "cleanup"
        return
    if step == "cleanup":  # 7.4.8
        g.end_effects("end_of_turn")
        g.delayed = [x for x in g.delayed if x.get("until") != "end_of_turn"]
        f.step = "next"
        return
    if step == "next":  # 7.4.9, 5.25, 5.27
        g.pop()
        g.forget_unused_lki()
        # the turn that would originally come next: after the turn that just ended, or, after an
        # extra turn, the one that extra turn was taken before
        nxt = g.gvars.pop("after_extra", None)
        if nxt is None:
            nxt = 1 - tp
        extra = g.gvars.get("extra_turns")
        if extra:
            # 5.27.1: another turn is taken directly before the turn that would originally have been
            # taken; 5.27.1.1: the most recent instruction first
            g.gvars["after_extra"] = nxt
            start_turn(g, extra.pop())
            return
        skips = g.gvars.get("skip_turns")
        while skips and nxt in skips:
            # 5.25.2.1: several "skip the next turn" instructions skip it once
            g.gvars["skip_turns"] = skips = [x for x in skips if x != nxt]
            g.note(f"p{nxt + 1}'s turn is skipped (5.25)")
            nxt = 1 - nxt
        start_turn(g, nxt)
        return
    raise RuntimeError(f"turn: bad step {step!r}")
