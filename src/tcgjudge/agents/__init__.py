"""Agents: they see a player's view and a decision, and pick an option."""

from __future__ import annotations

from .base import Agent
from .random_agent import RandomAgent

AGENTS = {"random": RandomAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    cls = AGENTS.get(name)
    if cls is None:
        raise ValueError(f"unknown agent {name!r}; agents: {', '.join(sorted(AGENTS))}")
    return cls(seed)


__all__ = ["Agent", "RandomAgent", "make_agent", "AGENTS"]
