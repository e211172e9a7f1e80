"""Procedure frames: where the engine stopped, as plain data (DESIGN principle 2).

A :class:`Frame` is one procedure in progress on a game's procedure stack: its
kind (the name of its handler in the game's rules), its step and its bindings.
:func:`dcopy` copies the plain data frames and the game state hold.
"""

from __future__ import annotations

from typing import Any


def dcopy(v: Any) -> Any:
    """Copy nested dicts and lists of plain data; everything else is shared.

    Tuples, strings, numbers, frozensets and the immutable definitions
    (CardDef, Ability, CEffect, Decision) are shared between clones.
    """
    t = type(v)
    if t is dict:
        return {k: dcopy(x) if type(x) in (dict, list) else x for k, x in v.items()}
    if t is list:
        return [dcopy(x) if type(x) in (dict, list) else x for x in v]
    return v


class Frame:
    """One procedure in progress: its kind, its step, its bindings."""

    __slots__ = ("kind", "step", "data")

    def __init__(self, kind: str, step: int | str = 0, data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.step = step
        self.data = data if data is not None else {}

    def copy(self) -> Frame:
        return Frame(self.kind, self.step, dcopy(self.data))

    def __repr__(self) -> str:
        return f"Frame({self.kind}@{self.step})"
