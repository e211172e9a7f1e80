"""Shared test set-up.

``@pytest.mark.rules(GAME, "N", ...)`` names the numbered rules a test
exercises; ``tcgjudge rules coverage`` counts them.
"""

from __future__ import annotations

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
