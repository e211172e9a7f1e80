"""One-ply lookahead: try every option on a sampled state and keep the best evaluated one."""

from __future__ import annotations

from typing import Any

from ..kernel.decisions import Decision
from ..kernel.rng import Rng
from .base import NO_INFOSET
from .evaluation import evaluation_for, settle


class GreedyAgent:
    """Plays each option on one determinization of its information set (the hidden cards dealt
    at random, consistently with its view), lets the position settle (both players pass for at
    most ``settle`` decisions, within the turn) and evaluates it with the game's evaluation
    (agents/evaluation.py); it picks the best, breaking ties at random."""

    name = "greedy"
    needs_infoset = True

    def __init__(self, seed: int = 0, settle: int = 10) -> None:
        self.rng = Rng(seed ^ 0x6EED)
        self.settle = settle

    def choose(self, view: dict[str, Any], decision: Decision) -> int:
        n = len(decision.options)
        inf = view.get("infoset")
        if n == 1:
            return 0
        if inf is None:
            raise ValueError(NO_INFOSET.format(self.name))
        me = decision.player
        base = inf.sample(self.rng.next64())
        evaluate = evaluation_for(base.rules.game_id)
        best: list[int] = []
        top = -1.0
        for i in range(n):
            g = base.clone() if i < n - 1 else base  # the sample is not needed after its last option
            g.decide(i)
            settle(g, self.settle)
            v = evaluate(g, me)
            if v > top + 1e-9:
                top, best = v, [i]
            elif v > top - 1e-9:
                best.append(i)
        return best[self.rng.below(len(best))]
