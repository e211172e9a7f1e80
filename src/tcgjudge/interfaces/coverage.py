"""Rules coverage: which numbered rules a passing scenario or a test cites.

The list of numbered rules comes from ``shared/conformance/rules-GAME.txt``
(searched beside the project, or given by ``TCGJUDGE_SHARED``); the rules
the project treats as informational are listed, each with a reason, in
``conformance/GAME/informational.txt``.  Every other rule is play-changing;
it is covered when a passing scenario under ``conformance/GAME/`` names it in
``rules:`` or a test under ``tests/`` carries ``@pytest.mark.rules(GAME,
"N", ...)``.
"""

from __future__ import annotations

import ast
import os
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


def test_citations(game: str) -> dict[str, list[str]]:
    """Rules cited by ``@pytest.mark.rules(game, ...)`` in the test files."""
    out: dict[str, list[str]] = {}
    tests = project_root() / "tests"
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                continue
            for dec in node.decorator_list:
                if (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "rules"
                        and dec.args and isinstance(dec.args[0], ast.Constant) and dec.args[0].value == game):
                    for a in dec.args[1:]:
                        if isinstance(a, ast.Constant):
                            out.setdefault(str(a.value), []).append(f"{path.name}::{node.name}")
    return out


@dataclass
class Report:
    game: str
    rules: list[tuple[str, str]]
    informational: dict[str, str]
    cited: dict[str, list[str]] = field(default_factory=dict)
    failing: list[str] = field(default_factory=list)

    @property
    def play_changing(self) -> list[str]:
        return [n for n, _ in self.rules if n not in self.informational]

    @property
    def covered(self) -> list[str]:
        return [n for n in self.play_changing if n in self.cited]

    def lines(self, show_all: bool = False) -> list[str]:
        out = []
        for f in self.failing:
            out.append(f"not counted (failing scenario): {f}")
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
        return {"game": self.game, "covered": self.covered, "play_changing": self.play_changing,
                "informational": self.informational,
                "uncovered": [n for n in self.play_changing if n not in self.cited]}


def coverage(game: str) -> Report:
    rules = read_rule_list(game)
    info = read_informational(game)
    known = {n for n, _ in rules}
    unknown = [n for n in info if n not in known]
    if unknown:
        raise ValueError(f"conformance/{game}/informational.txt names rules not in the rule list: {unknown[:5]}")
    rep = Report(game, rules, info)
    folder = project_root() / "conformance" / game
    if folder.exists():
        for r in run_paths([folder]):
            if r.passed:
                for num in r.rules:
                    rep.cited.setdefault(num, []).append(Path(r.path).stem)
            else:
                rep.failing.append(f"{r.name}: {r.reason[:80]}")
    for num, where in test_citations(game).items():
        rep.cited.setdefault(num, []).extend(where)
    return rep
