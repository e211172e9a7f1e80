"""Shared test set-up.

``@pytest.mark.rules(GAME, "N", ...)`` names the numbered rules a test
exercises; ``tcgjudge rules coverage`` counts them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(game, *numbers): the comprehensive rules a test exercises")


@pytest.fixture
def shared() -> Path:
    if not (SHARED / "conformance").is_dir():
        pytest.skip(f"{SHARED} is absent: the shared rules and data are not beside the project")
    return SHARED


@pytest.fixture(autouse=True)
def _card_vocabulary() -> Iterator[None]:
    """Each test reads card text with the vocabulary of the rules and the shipped pool only, plus
    what it learns itself (a card database, a scenario's cards): the traits, races and names one
    test teaches are forgotten after it, so no test's outcome depends on the tests run before it."""
    from tcgjudge.games.caster import grammar_compiler as cg
    from tcgjudge.games.sve import grammar_compiler as sg

    for mod in (sg, cg):
        if not mod._POOL_LEARNT[0]:
            mod._POOL_LEARNT[0] = True
            mod._pool_vocabulary()
    sve = {k: dict(v) for k, v in sg._VOCAB.items()}
    races = dict(cg._RACES)
    yield
    if sg._VOCAB != sve:
        for k, words in sve.items():
            sg._VOCAB[k].clear()
            sg._VOCAB[k].update(words)
        sg._PARSER.vocabulary_changed()
    if cg._RACES != races:
        cg._RACES.clear()
        cg._RACES.update(races)
        cg._PARSER.vocabulary_changed()
