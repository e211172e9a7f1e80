"""``tcgjudge rules coverage`` counts only the checks that passed in the same run: the scenarios
it runs itself, and the citing tests, run in a pytest process whose results file it reads
(shared/conformance/SPEC.md "Coverage")."""

from __future__ import annotations

from pathlib import Path

from tcgjudge.interfaces.coverage import coverage

TESTS = '''
import pytest


@pytest.mark.rules("caster", "804.4")
def test_passes():
    assert 1 + 1 == 2


@pytest.mark.rules("caster", "804.5")
def test_broken():
    assert 1 + 1 == 3


@pytest.mark.rules("caster", "804.3")
def test_skipped():
    pytest.skip("no data")


@pytest.mark.rules("sve", "8.4.4")
def test_other_game():
    raise RuntimeError("a test of another game is not run")


def test_cites_nothing():
    raise RuntimeError("a test citing no rule is not run")
'''

SCENARIO = '''
game: caster
name: {name}
rules: ["{rule}"]
setup: {{turn: 3, at: main, p1: {{deck: 5}}, p2: {{deck: 5}}}}
expect:
  winner: {winner}
'''


def test_only_checks_that_passed_in_this_run_count(tmp_path: Path, shared: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_cited.py").write_text(TESTS, encoding="utf-8")
    scen = tmp_path / "scenarios"
    scen.mkdir()
    (scen / "good.yaml").write_text(SCENARIO.format(name="good", rule="804.1", winner="none"), encoding="utf-8")
    (scen / "bad.yaml").write_text(SCENARIO.format(name="bad", rule="804.2", winner="p1"), encoding="utf-8")
    rep = coverage("caster", tests=tests, scenarios=scen)
    assert rep.tests_run
    assert set(rep.cited) == {"804.4", "804.1"}, rep.cited
    assert any("test_broken: failed" in f for f in rep.failing), rep.failing
    assert any("test_skipped: skipped" in f for f in rep.failing), rep.failing
    assert any(f.startswith("scenario bad: ") for f in rep.failing), rep.failing
    assert not any("other_game" in f or "cites_nothing" in f for f in rep.failing)
    lines = rep.lines()
    assert "804.5\tNOT COVERED" in "\n".join(lines) and lines[-1].startswith(f"covered: {len(rep.covered)} of ")
    scen_only = coverage("caster", run_tests=False, tests=tests, scenarios=scen)
    assert set(scen_only.cited) == {"804.1"} and "tests not run: only scenarios are counted" in scen_only.lines()
