"""Helpers for the Caster tests that play inline scenarios (shared/conformance/SPEC.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tcgjudge.cards.loader import load_yaml_text
from tcgjudge.games.caster import grammar_compiler as cg
from tcgjudge.interfaces.scenario import Runner, StepFailed


def run(text: str, expect_fail: bool = False) -> Runner:
    """Run an inline scenario; returns the runner (its game is ``r.g``)."""
    data = load_yaml_text(text)
    data.setdefault("game", "caster")
    data.setdefault("name", "inline")
    r = Runner(data, Path("inline.yaml"))
    if expect_fail:
        with pytest.raises(StepFailed):
            r.run()
    else:
        r.run()
    return r


def main_phase(p1: str, p2: str) -> str:
    """A scenario's ``setup``: p1's main phase on turn 3; P1 and P2 are the players' zones and
    values as YAML flow mappings."""
    return f"setup:\n  turn: 3\n  active: p1\n  at: main\n  p1: {p1}\n  p2: {p2}\n"


def meaning(got: Any) -> Any:
    """A compiled card without its display text: what it does."""
    if isinstance(got, dict):
        return {k: meaning(v) for k, v in got.items() if k != "text"}
    if isinstance(got, list):
        return [meaning(v) for v in got]
    return got


def compiled_meaning(text: str, card_type: str) -> Any:
    """What a card of that type with that printed text does (its compiled abilities, no display text)."""
    return meaning(cg.compile_text(text, card_type=card_type, name="Card"))
