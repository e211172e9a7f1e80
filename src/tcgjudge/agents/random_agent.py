"""A seeded agent that picks uniformly among the options."""

from __future__ import annotations

from typing import Any

from ..kernel.decisions import Decision
from ..kernel.rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, view: dict[str, Any], decision: Decision) -> int:
        return self.rng.below(len(decision.options))
