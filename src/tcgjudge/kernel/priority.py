"""The priority sequence around a waiting area (Caster CR 600-605, NOVA 700-704).

One ``priority`` frame is one priority sequence:

1. perform rules processes until none is left (CR 602.1a);
2. play triggered automatic abilities, the turn player's first (CR 603.2),
   one at a time, restarting the sequence after each (CR 603.4);
3. the player with priority acts or passes (CR 604);
4. after an action the same player keeps priority (CR 605.1a); after a pass
   the other player gets it (605.1c); after consecutive passes by both, the
   last object put into the waiting area resolves and the turn player gets
   priority (605.1b), or, if the waiting area is empty, the sequence ends.

The game supplies the hooks: ``rules_process``, ``priority_options``,
``do_action``, ``waiting_empty``, ``resolve_top`` and ``play_trigger``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .frames import Frame
    from .game import Game

PASS = ("pass",)


def start_priority(g: Game, player: int | None = None) -> None:
    g.push("priority", p=g.active if player is None else player, passes=0)


def proc_priority(g: Game, f: Frame) -> None:
    rules = g.rules
    d = f.data
    if f.step == 0:
        # CR 602.1a: rules processes first, as long as there are any
        if rules.rules_process(g):
            return
        # CR 602.1b / 603: triggered automatic abilities, turn player first
        if g.triggers:
            pick_trigger(g, f)
            return
        f.step = 1
    if f.step == 1:
        p = d["p"]
        opts = rules.priority_options(g, p)
        f.step = 2
        g.ask(p, "priority", "you have priority", opts)
        return
    if f.step == 2:
        ans = g.answer(f)
        p = d["p"]
        if ans == PASS:
            d["passes"] += 1
            if d["passes"] >= len(g.players):  # consecutive passes by both players
                if rules.waiting_empty(g):
                    g.pop()  # CR 605.1b: the priority sequence is complete
                    return
                d["passes"] = 0
                d["p"] = g.active  # then the turn player gains priority (CR 605.1b)
                f.step = 0
                rules.resolve_top(g)
                return
            d["p"] = 1 - p  # CR 605.1c
            f.step = 0
            return
        d["passes"] = 0  # CR 605.1a: the acting player retains priority
        f.step = 0
        rules.do_action(g, f, p, ans)
        return
    if f.step == 3:  # a trigger was chosen: play it
        ans = g.answer(f)
        f.step = 0
        trig = next((t for t in g.triggers if t.tid == ans), None)
        if trig is not None:
            take_trigger(g, trig)
            rules.play_trigger(g, f, trig)
        return
    raise RuntimeError(f"priority: bad step {f.step!r}")


def pick_trigger(g: Game, f: Frame, step: int = 3) -> None:
    """Choose which triggered ability to play next (CR 603.2, SVE 10.5.2.2-3).

    The turn player chooses among their own; if they have none, the other
    player chooses among theirs.  With a single candidate there is nothing to
    choose.
    """
    for p in (g.active, 1 - g.active):
        mine = [t for t in g.triggers if t.controller == p]
        if not mine:
            continue
        if len(mine) == 1:
            f.step = step
            f.data["ans"] = mine[0].tid
            return
        opts = []
        seen = set()
        for t in mine:
            label = f"trigger {g.rules.trigger_label(g, t)}"
            if label in seen:
                label = f"{label} #{t.tid}"
            seen.add(label)
            opts.append((label, t.tid))
        f.step = step
        g.ask(p, "order_triggers", "choose the automatic ability to play next", opts)
        return


#: automatic abilities played in one turn beyond which the game is treated as caught in a
#: loop of triggers that no player can stop (CR 1301.1c, SVE 15.2.1.3)
MAX_TRIGGERS_PER_TURN = 1000


def take_trigger(g: Game, trig) -> None:
    """Decrease the trigger count by one (CR 603.3, 906.3)."""
    g.triggers = [t for t in g.triggers if t.tid != trig.tid]
    n = g.gvars.get("triggers_this_turn", (0, 0))
    count = n[1] + 1 if n[0] == g.turn else 1
    g.gvars["triggers_this_turn"] = (g.turn, count)
    if count > MAX_TRIGGERS_PER_TURN:
        g.rules.unstoppable_loop(g)
