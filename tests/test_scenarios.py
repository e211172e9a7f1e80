"""Every conformance scenario shipped with the project passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.interfaces.scenario import find_files, run_file

ROOT = Path(__file__).resolve().parents[1]
FILES = find_files([ROOT / "conformance"])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT / "conformance")) for p in FILES])
def test_scenario(path: Path) -> None:
    r = run_file(path)
    assert r.passed, r.line()
