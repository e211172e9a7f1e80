"""Perpetual cycles (15.2).

15.2.1.1: when a sequence of actions can be repeated forever, the active player declares the
sequence and how many times they wish to perform it; the non-active player either allows that
many, or has it performed fewer times by declaring that an action not in the sequence is taken
at a point of the cycle.  :func:`perpetual_cycle` does this with the kernel's declared loops
(``kernel/loops.py``): the sequence is checked to be a cycle (it comes back to the question it
started from), performed the number of times that was settled, and then, when the non-active
player named one, their own action is taken at the point they chose.

15.2.1.2 (an action that changes nothing may not be repeated) is in ``procedures/turn.py``;
15.2.1.3 (a cycle nobody can stop is a draw) in ``procedures/confirm.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.decisions import IllegalAction
from ...kernel.loops import perform_loop

if TYPE_CHECKING:
    from ...kernel.game import Game


def _count(v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise IllegalAction(f"{what} must be a whole number of 0 or more (1.3.5), got {v!r}")
    return v


def perpetual_cycle(g: Game, player: int, sequence: list[str], count: int, cut: Any = None) -> int:
    """15.2.1.1: ``player`` (who must be the active player) declares ``sequence`` (answers, in
    order, of either player) and ``count``; ``cut`` is the non-active player's decision:

    - ``None``: they allow it, and the sequence is performed ``count`` times;
    - a number ``k`` (less than ``count``): it is performed ``k`` times;
    - ``{"times": k, "at": i, "action": LABEL}``: after ``k`` full performances, the first ``i``
      answers of the sequence are given again, and at that point — one of the non-active
      player's questions — they answer ``LABEL`` instead of the sequence's answer.

    Returns how many times the whole sequence was performed.  Raises IllegalAction, leaving the
    game unchanged, when the declaration or the decision is not allowed.
    """
    if g.result is not None:
        raise IllegalAction("the game is over")
    if g.pending is None:
        raise IllegalAction("no decision is pending")
    if player != g.active:
        raise IllegalAction(f"p{player + 1} is not the active player: only the active player declares a "
                            f"perpetual cycle (15.2.1.1)")
    if not sequence:
        raise IllegalAction("a perpetual cycle is a sequence of at least one action (15.2.1)")
    n = _count(count, "the number of times declared")
    at = action = None
    if cut is None:
        k = n
    elif isinstance(cut, dict):
        for key in cut:
            if key not in ("times", "at", "action"):
                raise IllegalAction(f"the non-active player's decision: unknown key {key!r}; keys: times, at, action")
        k = _count(cut.get("times", n), "the number of times the non-active player allows")
        if ("at" in cut) != ("action" in cut):
            raise IllegalAction("the non-active player's action needs both 'at' (its point in the sequence) and "
                                "'action' (15.2.1.1)")
        if "at" in cut:
            at = cut["at"]
            action = str(cut["action"])
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(sequence):
                raise IllegalAction(f"'at' must be a position in the sequence, 0 to {len(sequence) - 1}, got {at!r}")
            if action == sequence[at]:
                raise IllegalAction(f"{action!r} is the sequence's own action at that point; the non-active player "
                                    f"declares an action not included in the sequence (15.2.1.1)")
    else:
        k = _count(cut, "the number of times the non-active player allows")
    if k > n:
        raise IllegalAction(f"the non-active player may allow the {n} times declared or have the cycle performed "
                            f"fewer times, not {k} (15.2.1.1)")
    last = g.gvars.get("_last_loop")
    if last == (tuple(sequence), len(g.history)):
        raise IllegalAction("this cycle has just been performed as the players settled it; another action must "
                            "come first (15.2.1.1)")
    snap = g.clone()
    try:
        done = perform_loop(g, list(sequence), {g.active: n, 1 - g.active: k}) if k > 0 else 0
        if done == 0 and k > 0:
            raise IllegalAction("the sequence could not be performed")
        if at is not None:
            for label in sequence[:at]:
                if g.result is not None or g.pending is None:
                    raise IllegalAction(f"the game stopped before {label!r}")
                g.decide(label)
            if g.pending is None or g.pending.player != 1 - g.active:
                raise IllegalAction(f"position {at} of the sequence is not a question of the non-active player, so "
                                    f"they cannot take an action there (15.2.1.1)")
            g.decide(action)
    except IllegalAction:
        g.restore(snap)
        raise
    return done


__all__ = ["perpetual_cycle"]
