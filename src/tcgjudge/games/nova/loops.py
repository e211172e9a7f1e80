"""Loops (924.1).

924.1: an action that can be repeated as many times as wished is a loop.  Instead of answering
the same questions again and again, the players who can choose to repeat it name how many times
it is performed: one player alone names the count (924.1.1); when several can, the turn player
names a count first, then the non-turn player, and the smaller is performed (924.1.2).  After
that, the loop cannot be performed again until some other action has been taken (both rules'
last sentence).  924.1.3 (a loop nobody can stop) is ``procedures.unstoppable_loop``.

:func:`repeat_loop` does this with the kernel's declared loops (``kernel/loops.py``), which check
that the answers really come back to the question they started from.  A player "can choose to
repeat" the loop when they give an answer in it other than ``pass`` (a player who only passes
chooses nothing); exactly those players name a count, in the order 924.1.2 gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.decisions import IllegalAction
from ...kernel.loops import perform_loop

if TYPE_CHECKING:
    from ...kernel.game import Game

#: the largest count a player may name: far beyond any game's need, so that a declared loop
#: stays bounded in time
MAX_COUNT = 10_000


def choosers(g: Game, sequence: list[str]) -> list[int]:
    """The players who choose something in one pass of ``sequence`` (an answer other than
    ``pass``), found on a copy of the game; IllegalAction if the sequence cannot be answered."""
    if g.pending is None or g.result is not None:
        raise IllegalAction("no decision is pending")
    sim = g.clone()
    out: list[int] = []
    for label in sequence:
        if sim.result is not None or sim.pending is None:
            raise IllegalAction(f"the game stopped before {label!r}")
        p = sim.pending.player
        sim.decide(label)
        if label != "pass" and p not in out:
            out.append(p)
    return out


def repeat_loop(g: Game, sequence: list[str], counts: list[tuple[int, int]]) -> int:
    """Perform the loop ``sequence`` (option labels, in order) as its players named it:
    ``counts`` is the list of ``(player, count)`` in the order the counts were named.  Returns
    how many times it was performed.  Raises IllegalAction, leaving the game unchanged, when the
    naming breaks 924.1.1-924.1.2 or the sequence is not a loop."""
    if not sequence:
        raise IllegalAction("a loop is at least one action (924.1)")
    who = choosers(g, sequence)
    if not who:
        raise IllegalAction("no player chooses anything in this sequence, so it is not a loop they repeat (924.1)")
    named = [p for p, _ in counts]
    for p, n in counts:
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_COUNT:
            raise IllegalAction(f"p{p + 1} names a whole number from 0 to {MAX_COUNT} (004.7), got {n!r}")
    if sorted(named) != sorted(who) or len(set(named)) != len(named):
        names = ", ".join(f"p{p + 1}" for p in who)
        raise IllegalAction(f"the players who can choose to repeat this loop name a count, once each: {names} "
                            f"(924.1.1, 924.1.2)")
    if len(named) > 1 and named[0] != g.active:
        raise IllegalAction(f"p{g.active + 1}, the turn player, names the count first (924.1.2)")
    # the answers are recorded as answers, so a replay of them is the same game
    return perform_loop(g, list(sequence), dict(counts))


__all__ = ["MAX_COUNT", "choosers", "repeat_loop"]
