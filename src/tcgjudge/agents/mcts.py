"""Information-set Monte Carlo tree search (single observer, with determinization).

Every iteration deals the hidden cards anew from the player's information set
(kernel/infoset.py: a full state consistent with the player's view, never the
real one), then walks one shared tree whose nodes are reached by option
labels, so that states that look the same to the searching player share
statistics.  At a node, only the options present in this determinization are
candidates; each is scored by UCB1 over the number of times it was *available*
rather than the parent's visits (the usual ISMCTS correction).  A node's
options are ordered best first, by their evaluation one decision later for
the player deciding there (at the root after the position settles, as
``greedy`` judges them), and progressive widening lets a node with v visits
try only the first ``1 + widen * sqrt(v)`` of them: a small budget compares
the few likely best options on several playouts each instead of every option
on one (``widen=0`` tries every option).  An iteration adds one node, then plays a
rollout in which each player answers greedily (the best of at most ``width``
options by the evaluation one decision later, the passive one always among
them; ``policy="passive"`` passes instead, with random answers at rate
``noise``), for at most ``rollout`` decisions, and scores the position reached
with the game's evaluation (agents/evaluation.py).

The search looks past the end of the current turn: ``horizon=1`` (the
default) goes on through the opponent's next turn, so an option is judged
after the opponent's reply (attacks, removal, blockers), by the tree at the
opponent's nodes (from the opponent's side) and by the greedy rollout beyond
it; ``horizon=0`` stops at the end of the current turn.  Every option is
judged at the same horizon: the end of the turn ``horizon`` turns later.  The
option chosen is the one worth most: the mean result of its visits or, where
the same player decides again, the best of its well-tried follow-ups (see
``_worth``); visits break ties.

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
from .evaluation import evaluation_for, passive, settle


class Node:
    __slots__ = ("children", "visits", "value", "avail", "player", "order")

    def __init__(self, player: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = 0.0  # summed results for the player who chose the option leading here
        self.avail = 0  # iterations in which the option leading here could be chosen
        self.player = player
        self.order: list[str] | None = None  # option labels, most promising first (see _order)


class MctsAgent:
    name = "mcts"
    needs_infoset = True

    def __init__(self, seed: int = 0, iterations: int = 25, seconds: float | None = None,
                 rollout: int = 40, noise: float = 0.0, explore: float = 0.15, depth: int = 1000,
                 horizon: int = 1, policy: str = "greedy", width: int = 3, reuse: bool = True,
                 widen: float = 0.5) -> None:
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
        self.horizon = horizon
        self.policy = policy
        if policy not in ("greedy", "passive"):
            raise ValueError(f"mcts: policy must be 'greedy' or 'passive', got {policy!r}")
        self.width = width
        self.reuse = reuse
        self.widen = widen
        self.last_iterations = 0  # how many iterations the last decision used
        self.last_reach = 0  # how many turn ends past the current turn the last search reached
        self.last_reused = 0  # visits of the tree kept from the previous decision
        # the subtree of the option answered last, with the number of answers the game had then
        # (see _kept): the next decision of the same player right after it starts from it
        self._kept: tuple[Node, int, int] | None = None

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
        answers = len(inf.base.history)
        root = self._kept_root(inf, me)
        self.last_reused = root.visits
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        it = reach = 0
        # a kept tree counts towards the budget, but every decision gets at least half of it anew
        todo = max(self.iterations - root.visits, (self.iterations + 1) // 2)
        while it < todo:
            if deadline is not None and it and time.perf_counter() > deadline:
                break
            it += 1
            g = inf.sample(rng.next64())
            node = root
            path: list[Node] = []
            turn = g.turn
            while g.result is None and g.turn - turn <= self.horizon and len(path) < self.depth:
                d = g.pending
                labels = d.labels
                if node.order is None:
                    node.order = self._order(g, d, evaluate, settled=node is root)
                cands = self._candidates(node, labels)
                fresh = [lab for lab in cands if lab not in node.children]
                if fresh:
                    i = labels.index(fresh[0])
                    child = Node(d.player)
                    node.children[labels[i]] = child
                    for lab in cands:
                        c = node.children.get(lab)
                        if c is not None:
                            c.avail += 1
                    path.append(child)
                    g.decide(i)
                    break
                best_i, best = 0, -1.0
                for lab in cands:
                    c = node.children[lab]
                    c.avail += 1
                    score = c.value / c.visits + self.explore * math.sqrt(math.log(c.avail) / c.visits)
                    if score > best:
                        best_i, best = labels.index(lab), score
                node = node.children[labels[best_i]]
                path.append(node)
                g.decide(best_i)
            noise = int(self.noise * 1024)
            for _ in range(self.rollout):
                if g.result is not None or g.turn - turn > self.horizon:
                    break
                d = g.pending
                if self.policy == "greedy" and len(d.options) > 1:
                    g = self._greedy_step(g, d, evaluate)  # the state after the chosen option
                else:
                    g.decide(rng.below(len(d.options)) if noise and rng.below(1024) < noise else passive(d))
            reach = max(reach, g.turn - turn)
            v = evaluate(g, me)
            root.visits += 1
            for c in path:
                c.visits += 1
                c.value += v if c.player == me else 1.0 - v
        self.last_iterations = it
        self.last_reach = reach
        best_i, top = 0, (-1.0, -1)
        for i, lab in enumerate(decision.labels):
            c = root.children.get(lab)
            if c is not None and (self._worth(c, me), c.visits) > top:
                best_i, top = i, (self._worth(c, me), c.visits)
        chosen = root.children.get(decision.labels[best_i])
        self._kept = (chosen, answers + 1, inf.base.turn) if self.reuse and chosen is not None else None
        return best_i

    def _kept_root(self, inf: Any, me: int) -> Node:
        """The tree to start from: the subtree of the option this agent answered last when the
        game has had exactly one answer since (that one) and the same player decides again in
        the same turn -- its statistics were gathered on determinizations of the position now
        reached, seen from before the answer (what the answer revealed may differ in them; only
        the options present now are candidates) -- else a new root."""
        kept, self._kept = self._kept, None
        if kept is not None:
            node, answers, turn = kept
            if (len(inf.base.history) == answers and inf.base.turn == turn and node.children
                    and all(c.player == me for c in node.children.values())):
                return node
        return Node(me)

    def _candidates(self, node: Node, labels: list[str]) -> list[str]:
        """The options of ``node`` present in this determinization that the search may try:
        with progressive widening (``widen`` > 0), the first ``1 + widen * sqrt(visits)`` of
        them in the node's order, so that a small budget compares the few likely best options
        on several playouts each rather than every option on one; else all of them."""
        present = set(labels)
        order = [lab for lab in node.order or () if lab in present]
        order += [lab for lab in labels if lab not in node.order]  # options the order never saw
        if self.widen <= 0:
            return order
        return order[:1 + int(self.widen * math.sqrt(node.visits))]

    def _order(self, g: Any, d: Decision, evaluate: Any, settled: bool = False) -> list[str]:
        """The labels of ``d``'s options, best first by the evaluation one decision later for the
        player deciding (the passive option first among equals); with ``settled`` (the root), the
        evaluation after the position settles, as ``greedy`` judges an option."""
        p = d.player
        first = passive(d)
        scored = []
        for i, lab in enumerate(d.labels):
            h = g.clone()
            h.decide(i)
            if settled:
                settle(h, 10)
            scored.append((-evaluate(h, p), i != first, i, lab))
        scored.sort()
        return [x[3] for x in scored]

    def _greedy_step(self, g: Any, d: Decision, evaluate: Any) -> Any:
        """The state after the rollout's answer to ``d``: the best of at most ``width`` options
        (the passive one always among them) by the evaluation one decision later for the player
        deciding.  The clone already played on is kept, not played again (a clone carries the
        random generator's state, so it is the state ``g.decide`` would reach); the last option
        is played on ``g`` itself (the rollout's own state, not needed after this step)."""
        p = d.player
        n = len(d.options)
        first = passive(d)
        cands: Any = range(n)
        if n > self.width:
            order = list(range(n))
            self.rng.shuffle(order)
            cands = [first] + [i for i in order if i != first][:self.width - 1]
        best, top = None, -1.0
        last = len(cands) - 1
        for k, i in enumerate(cands):
            h = g if k == last else g.clone()
            h.decide(i)
            v = evaluate(h, p)
            if best is None or v > top + 1e-9:
                best, top = h, v
        return best

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
