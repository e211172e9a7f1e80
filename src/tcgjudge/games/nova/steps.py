"""The frame of NOVA's phases and steps: a phase or step begins (its name, its "at the start
of" event, then a priority process), and a step ends (energy left in the stocks vanishes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.priority import start_priority
from ..common import phase_event
from . import energy as en

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game


def open_step(g: Game, f: Frame, phase: str, step: str, event: str, then: str) -> None:
    """The phase or step ``phase``/``step`` begins: the abilities that trigger "at the start of"
    it (``event``) trigger, then the turn player gets priority (403.1-403.2, 404.1-404.2,
    405.3.1-405.3.2, 405.5.1-405.5.2, 405.6.1-405.6.2); the frame goes on at ``then``."""
    g.phase, g.step = phase, step
    phase_event(g, event)
    f.step = then
    start_priority(g)


def close_step(g: Game, f: Frame, then: str) -> None:
    """A step ends: energy left in the stocks vanishes (005.6.4, 602.9); the frame goes on at
    ``then``."""
    en.clear_stocks(g)
    f.step = then
