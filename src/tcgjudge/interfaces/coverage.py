"""Rules coverage: which numbered rules a passing scenario or a test cites.

The list of numbered rules comes from ``shared/conformance/rules-GAME.txt``
(searched beside the project, or given by ``TCGJUDGE_SHARED``); the rules
the project treats as informational are listed, each with a reason, in
``conformance/GAME/informational.txt``.  Every other rule is play-changing;
it is covered when a scenario under ``conformance/GAME/`` that passed in the
same run names it in ``rules:``, or a test under ``tests/`` that passed in the
same run carries ``@pytest.mark.rules(GAME, "N", ...)``: the command runs the
scenarios itself, and the citing tests in a pytest process whose plugin
(:mod:`.rules_results`) writes each test's outcome to a results file it then
reads.  A citation by a test that failed, was skipped or was not run does not
count (shared/conformance/SPEC.md "Coverage").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .scenario import run_paths


def project_root() -> Path:
    here = Path(__file__).resolve()
    for p in here.parents:
        if (p / "pyproject.toml").exists() and (p / "conformance").exists():
            return p
    return Path.cwd()


def shared_dir() -> Path | None:
    env = os.environ.get("TCGJUDGE_SHARED")
    cands = [Path(env)] if env else []
    cands += [project_root().parent / "shared", Path.cwd().parent / "shared", Path.cwd() / "shared"]
    for c in cands:
        if (c / "conformance").is_dir():
            return c
    return None


def read_rule_list(game: str) -> list[tuple[str, str]]:
    sh = shared_dir()
    if sh is None:
        raise FileNotFoundError("shared/conformance/ not found beside the project (set TCGJUDGE_SHARED)")
    path = sh / "conformance" / f"rules-{game}.txt"
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist")
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        num, _, text = line.partition("\t")
        out.append((num.strip(), text.strip()))
    return out


def read_informational(game: str) -> dict[str, str]:
    path = project_root() / "conformance" / game / "informational.txt"
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        num, _, reason = line.partition(" ")
        if not reason.strip():
            raise ValueError(f"{path}:{i}: rule {num} needs a one-line reason")
        out[num] = reason.strip()
    return out


@dataclass
class Report:
    game: str
    rules: list[tuple[str, str]]
    informational: dict[str, str]
    cited: dict[str, list[str]] = field(default_factory=dict)
    failing: list[str] = field(default_factory=list)
    tests_run: bool = False

    @property
    def play_changing(self) -> list[str]:
        return [n for n, _ in self.rules if n not in self.informational]

    @property
    def covered(self) -> list[str]:
        return [n for n in self.play_changing if n in self.cited]

    def lines(self, show_all: bool = False) -> list[str]:
        out = []
        for f in self.failing:
            out.append(f"not counted: {f}")
        if not self.tests_run:
            out.append("tests not run: only scenarios are counted")
        for num, text in self.rules:
            if num in self.informational:
                if show_all:
                    out.append(f"{num}\tinformational: {self.informational[num]}")
            elif num in self.cited:
                if show_all:
                    out.append(f"{num}\tcovered by {', '.join(self.cited[num][:3])}")
            else:
                out.append(f"{num}\tNOT COVERED\t{text[:70]}")
        m = len(self.play_changing)
        n = len(self.covered)
        out.append(f"covered: {n} of {m} rules ({100 * n / m if m else 100:.1f}%)")
        return out

    def to_json(self) -> dict:
        return {"game": self.game, "covered": self.covered, "not_counted": self.failing, "tests_run": self.tests_run, "play_changing": self.play_changing,
                "informational": self.informational,
                "uncovered": [n for n in self.play_changing if n not in self.cited]}


def run_cited_tests(game: str, tests: Path) -> dict[str, dict]:
    """Run the tests under ``tests`` that cite rules of ``game``, in a pytest process of their
    own; each test id -> ``{"outcome", "rules"}`` from the results file that process writes."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "results.json"
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tcgjudge.interfaces.rules_results",
               "--rules-game", game, "--rules-results", str(out), str(tests)]
        env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")}
        proc = subprocess.run(cmd, cwd=tests.parent, capture_output=True, text=True, env=env)
        if not out.exists():
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-5:])
            raise RuntimeError(f"the tests under {tests} could not be run (pytest exit {proc.returncode}):\n{tail}")
        return json.loads(out.read_text(encoding="utf-8"))


def coverage(game: str, *, run_tests: bool = True, tests: Path | None = None,
             scenarios: Path | None = None) -> Report:
    """The coverage of ``game``'s rules by the scenarios and tests that pass in this run.
    ``run_tests=False`` counts the scenarios only (the report says so)."""
    rules = read_rule_list(game)
    info = read_informational(game)
    known = {n for n, _ in rules}
    unknown = [n for n in info if n not in known]
    if unknown:
        raise ValueError(f"conformance/{game}/informational.txt names rules not in the rule list: {unknown[:5]}")
    rep = Report(game, rules, info)
    folder = scenarios or project_root() / "conformance" / game
    if folder.exists():
        for r in run_paths([folder]):
            if r.passed:
                for num in r.rules:
                    rep.cited.setdefault(num, []).append(Path(r.path).stem)
            else:
                rep.failing.append(f"scenario {r.name}: {r.reason[:80]}")
    tests = tests or project_root() / "tests"
    if run_tests and tests.is_dir():
        rep.tests_run = True
        for node, rec in sorted(run_cited_tests(game, tests).items()):
            if rec["outcome"] != "passed":
                rep.failing.append(f"test {node}: {rec['outcome']}")
                continue
            name = node.rsplit("/", 1)[-1]
            for num in rec["rules"]:
                rep.cited.setdefault(num, []).append(name)
    return rep
