"""Information-set Monte Carlo tree search (single observer, with determinization).

Every iteration deals the hidden cards anew from the player's information set
(kernel/infoset.py: a full state consistent with the player's view, never the
real one), then walks one shared tree whose nodes are reached by option
labels, so that states that look the same to the searching player share
statistics.  At a node, only the options present in this determinization are
candidates; each is scored by UCB1 over the number of times it was *available*
rather than the parent's visits (the usual ISMCTS correction).  An iteration
adds one node, plays a short rollout (at most ``rollout`` decisions within the
turn, each player answering at random with probability ``noise`` and
otherwise passing) and scores the position reached with the game's
evaluation (agents/evaluation.py), which keeps the agent useful at small
budgets.  The search looks no further than the end of the current turn: every
option is then judged at the same horizon (an option that ends the turn early
is not judged after the opponent's next turn while the others are judged
before it).  The option chosen is the one worth most: the mean result of its
visits or, where the same player decides again, the best of its well-tried
follow-ups (see ``_worth``); visits break ties.

Budgets: ``iterations`` per decision, and optionally ``seconds`` per decision
(whichever ends first; a time budget makes the agent depend on the machine,
so simulations use iterations only).
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..kernel.decisions import Decision
from ..kernel.rng import Rng
from .base import NO_INFOSET
from .evaluation import evaluation_for, passive


class Node:
    __slots__ = ("children", "visits", "value", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = 0.0  # summed results for the player who chose the option leading here
        self.avail = 0  # iterations in which the option leading here could be chosen
        self.player = player


class MctsAgent:
    name = "mcts"
    needs_infoset = True

    def __init__(self, seed: int = 0, iterations: int = 100, seconds: float | None = None,
                 rollout: int = 10, noise: float = 0.0, explore: float = 0.15, depth: int = 1000) -> None:
        if iterations < 1:
            raise ValueError(f"mcts: iterations must be at least 1, got {iterations}")
        self.rng = Rng(seed ^ 0x3C75)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.noise = noise
        self.min_visits = 3
        self.depth = depth
        self.explore = explore
        self.last_iterations = 0  # how many iterations the last decision used

    def choose(self, view: dict[str, Any], decision: Decision) -> int:
        n = len(decision.options)
        inf = view.get("infoset")
        if n == 1:
            return 0
        if inf is None:
            raise ValueError(NO_INFOSET.format(self.name))
        me = decision.player
        rng = self.rng
        evaluate = evaluation_for(inf.base.rules.game_id)
        root = Node(me)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        it = 0
        while it < self.iterations:
            if deadline is not None and it and time.perf_counter() > deadline:
                break
            it += 1
            g = inf.sample(rng.next64())
            node = root
            path: list[Node] = []
            turn = g.turn
            while g.result is None and g.turn == turn and len(path) < self.depth:
                d = g.pending
                labels = d.labels
                fresh = [i for i, lab in enumerate(labels) if lab not in node.children]
                if fresh:
                    # the passive option first (what an unexpanded node was valued as), then
                    # the others in random order
                    i = passive(d)
                    if labels[i] in node.children:
                        i = fresh[rng.below(len(fresh))]
                    child = Node(d.player)
                    node.children[labels[i]] = child
                    for lab in labels:
                        c = node.children.get(lab)
                        if c is not None:
                            c.avail += 1
                    path.append(child)
                    g.decide(i)
                    break
                best_i, best = 0, -1.0
                for i, lab in enumerate(labels):
                    c = node.children[lab]
                    c.avail += 1
                    score = c.value / c.visits + self.explore * math.sqrt(math.log(c.avail) / c.visits)
                    if score > best:
                        best_i, best = i, score
                node = node.children[labels[best_i]]
                path.append(node)
                g.decide(best_i)
            noise = int(self.noise * 1024)
            for _ in range(self.rollout):
                if g.result is not None or g.turn != turn:
                    break
                d = g.pending
                g.decide(rng.below(len(d.options)) if noise and rng.below(1024) < noise else passive(d))
            v = evaluate(g, me)
            for c in path:
                c.visits += 1
                c.value += v if c.player == me else 1.0 - v
        self.last_iterations = it
        best_i, top = 0, (-1.0, -1)
        for i, lab in enumerate(decision.labels):
            c = root.children.get(lab)
            if c is not None and (self._worth(c, me), c.visits) > top:
                best_i, top = i, (self._worth(c, me), c.visits)
        return best_i

    def _worth(self, node: Node, me: int) -> float:
        """What the option leading to ``node`` is worth to ``me``: its mean result, or, where
        ``me`` decides next, the best of ``me``'s well-tried follow-ups (a mean over follow-ups
        tried at random undervalues options that open many)."""
        v = node.value / node.visits if node.visits else 0.0
        if node.player != me:
            return v
        for c in node.children.values():
            if c.player == me and c.visits >= self.min_visits:
                v = max(v, self._worth(c, me))
        return v
