"""The agent interface: an agent sees a player's view and a decision, and picks an option."""

from __future__ import annotations

from typing import Any, Protocol

from ..kernel.decisions import Decision


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], decision: Decision) -> int:
        """The index of the chosen option."""
        ...
