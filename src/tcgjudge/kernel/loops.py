"""Declared loops (Caster CR 1301.1a-b, SVE 15.2.1.1).

A loop is a sequence of answers that brings the game back to the same
question.  Instead of answering it again and again, the players declare how
many times it is performed: :func:`perform_loop` checks that the sequence
really is a loop (after one pass the same player faces a question of the same
kind with the same options), then performs it the declared number of times —
the smallest of the counts when several players can stop it (CR 1301.1b).
After a declared loop, the same loop cannot be declared again until some other
answer has been given (CR 1301.1a: "the player has to perform another action
to perform the loop again").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import IllegalAction

if TYPE_CHECKING:
    from .game import Game


def _point(g: Game) -> tuple:
    d = g.pending
    return (d.player, d.kind, tuple(sorted(d.labels))) if d is not None else (None, None, ())


def perform_loop(g: Game, sequence: list[str], counts: dict[int, int]) -> int:
    """Perform ``sequence`` (option labels, in order) min(counts) times; returns how many
    iterations were performed.  ``counts`` maps each player who can stop the loop to the
    number they declare (CR 1301.1a: one player; 1301.1b: the smaller of both).

    Raises IllegalAction, leaving the game unchanged, if the sequence is not available or does
    not come back to the question it started from.
    """
    if not sequence:
        raise IllegalAction("a loop needs at least one answer")
    if not counts or any(n < 0 for n in counts.values()):
        raise IllegalAction("each player who can stop the loop declares a number of 0 or more (CR 104.5)")
    n = min(counts.values())
    last = g.gvars.get("_last_loop")
    if last == (tuple(sequence), len(g.history)):
        raise IllegalAction("this loop was just performed; another action must come first (CR 1301.1a)")
    start = _point(g)
    if start[0] is None:
        raise IllegalAction("no decision is pending")
    done = 0
    for _ in range(n):
        snap = g.clone()
        try:
            for label in sequence:
                if g.result is not None or g.pending is None:
                    raise IllegalAction(f"the game stopped before {label!r}")
                g.decide(label)
        except IllegalAction as e:
            g.restore(snap)
            if done == 0:
                raise IllegalAction(f"the sequence cannot be performed: {e}") from None
            break
        if _point(g) != start or g.result is not None:
            if done == 0:
                g.restore(snap)
                raise IllegalAction("the sequence does not come back to the question it started from, "
                                    "so it is not a loop")
            g.restore(snap)
            break
        done += 1
    # remembered outside the log so that a replay of the same answers is the same game
    g.gvars["_last_loop"] = (tuple(sequence), len(g.history))
    return done
