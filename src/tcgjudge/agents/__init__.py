"""Agents: they see a player's view and a decision, and pick an option.

An agent is named by a spec: ``random``, ``greedy``, ``mcts``, or ``mcts:N``
(N iterations per decision) and ``mcts:Xs`` (X seconds per decision).
"""

from __future__ import annotations

from typing import Any

from .base import Agent, act, observation
from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}

#: the answer time an interactive opponent keeps to (seconds per decision)
INTERACTIVE_SECONDS = 1.0


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``mcts:200`` -> ("mcts", {"iterations": 200}); ``mcts:0.5s`` -> ("mcts", {"seconds": 0.5})."""
    name, _, arg = spec.partition(":")
    cls = AGENTS.get(name)
    if cls is None:
        raise ValueError(f"unknown agent {spec!r}; agents: {', '.join(sorted(AGENTS))} "
                         "(mcts takes a budget: mcts:200 iterations, mcts:0.5s seconds)")
    if not arg:
        return name, {}
    if cls is not MctsAgent:
        raise ValueError(f"agent {spec!r}: only mcts takes a budget (mcts:200, mcts:0.5s)")
    try:
        if arg.endswith("s"):
            secs = float(arg[:-1])
            if not secs > 0:
                raise ValueError
            return name, {"seconds": secs, "iterations": 1_000_000}
        iters = int(arg)
        if iters < 1:
            raise ValueError
        return name, {"iterations": iters}
    except ValueError:
        raise ValueError(f"agent {spec!r}: the budget must be a positive whole number of iterations "
                         "(mcts:200) or of seconds followed by s (mcts:0.5s)") from None


def make_agent(spec: str, seed: int = 0, *, interactive: bool = False) -> Any:
    """The agent named by ``spec`` (see the module); ``interactive`` caps a search agent's time
    per decision at :data:`INTERACTIVE_SECONDS` so a person playing it is not kept waiting."""
    name, kw = parse_spec(spec)
    if interactive and name == "mcts" and "seconds" not in kw:
        kw["seconds"] = INTERACTIVE_SECONDS
        kw.setdefault("iterations", 2000)
    return AGENTS[name](seed, **kw)


__all__ = ["Agent", "RandomAgent", "GreedyAgent", "MctsAgent", "make_agent", "parse_spec", "act",
           "observation", "AGENTS"]
