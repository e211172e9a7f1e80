"""The mutations of ``benchmarks/mutation.py`` stay in step with the engine: each one's text
occurs exactly once in its file, and names a rule of its game's rule list."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def test_every_mutation_applies_once(shared: Path) -> None:
    data = yaml.safe_load((ROOT / "benchmarks" / "mutations.yaml").read_text(encoding="utf-8"))
    assert set(data) >= {"caster", "sve"}
    for game, muts in data.items():
        known = {ln.split("\t", 1)[0] for ln in (shared / "conformance" / f"rules-{game}.txt").read_text(
            encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")}
        ids = [m["id"] for m in muts]
        assert len(ids) == len(set(ids)), game
        for m in muts:
            assert set(m) == {"id", "rule", "file", "find", "replace"}, m["id"]
            text = (ROOT / "src" / "tcgjudge" / m["file"]).read_text(encoding="utf-8")
            assert text.count(m["find"]) == 1, (game, m["id"])
            assert m["find"] != m["replace"], m["id"]
            assert str(m["rule"]) in known, (game, m["id"], m["rule"])
