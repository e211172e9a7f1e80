"""Mutation testing of the conformance suites: does breaking a rule in the engine make a check
that names it fail?

    python benchmarks/mutation.py [GAME ...] [--tests] [--only ID] [--json FILE]

For each mutation listed in ``benchmarks/mutations.yaml`` (a text replacement in one engine
file, with the rule it breaks), the script copies ``src/`` to a temporary folder, applies the
mutation to the copy, and runs the game's scenarios (``conformance/GAME/``) against the copy in
a fresh process.  A mutation is *killed* when at least one scenario fails; the report names
them.  With ``--tests``, a mutation no scenario kills is also tried against the pytest tests
that cite its rule (``@pytest.mark.rules``).  The unmutated copy is run first and must pass
every scenario.  The closing lines give the kill rate per game.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
MUTATIONS = Path(__file__).with_name("mutations.yaml")

RUN_SCENARIOS = """
import json, sys
import tcgjudge
from tcgjudge.interfaces.scenario import run_paths
if not tcgjudge.__file__.startswith(sys.argv[1]):
    raise SystemExit(f"imported {tcgjudge.__file__}, not the mutated copy")
print(json.dumps([r.path for r in run_paths([sys.argv[2]]) if not r.passed]))
"""


def load_mutations(games: list[str]) -> dict[str, list[dict]]:
    data = yaml.safe_load(MUTATIONS.read_text(encoding="utf-8"))
    return {g: data.get(g) or [] for g in games}


def _env(copy: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy / "src")
    env.pop("PYTEST_ADDOPTS", None)
    return env


def failing_scenarios(copy: Path, game: str) -> list[str]:
    folder = ROOT / "conformance" / game
    proc = subprocess.run([sys.executable, "-c", RUN_SCENARIOS, str(copy / "src"), str(folder)], cwd=ROOT,
                          env=_env(copy), capture_output=True, text=True)
    if proc.returncode != 0:
        # the mutated engine does not even import: every scenario fails
        return [f"(import failed: {(proc.stderr.strip().splitlines() or ['?'])[-1]})"]
    return [str(Path(p).relative_to(folder)) for p in json.loads(proc.stdout.strip().splitlines()[-1])]


def failing_tests(copy: Path, game: str, rule: str) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "r.json"
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
                        "tcgjudge.interfaces.rules_results", "--rules-game", game, "--rules-cite", rule,
                        "--rules-results", str(out), str(ROOT / "tests")],
                       cwd=ROOT, env=_env(copy), capture_output=True, text=True)
        if not out.exists():
            return ["(pytest did not run)"]
        res = json.loads(out.read_text(encoding="utf-8"))
    return sorted(n.rsplit("/", 1)[-1] for n, r in res.items() if r["outcome"] == "failed")


def apply(copy: Path, m: dict) -> str:
    path = copy / "src" / "tcgjudge" / m["file"]
    orig = (ROOT / "src" / "tcgjudge" / m["file"]).read_text(encoding="utf-8")
    n = orig.count(m["find"])
    if n != 1:
        raise ValueError(f"mutation {m['id']}: the text to replace occurs {n} times in {m['file']} (expected once)")
    path.write_text(orig.replace(m["find"], m["replace"]), encoding="utf-8")
    return orig


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=["caster", "sve"])
    ap.add_argument("--tests", action="store_true", help="try the citing tests on mutations no scenario kills")
    ap.add_argument("--only", help="run only the mutation with this id")
    ap.add_argument("--json", help="write the results to this file")
    args = ap.parse_args(argv)
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        for game, muts in load_mutations(args.games).items():
            base = failing_scenarios(copy, game)
            if base:
                print(f"{game}: the unmutated engine already fails {base[:5]}; no mutation run")
                return 2
            results[game] = []
            for m in muts:
                if args.only and m["id"] != args.only:
                    continue
                orig = apply(copy, m)
                try:
                    killers = failing_scenarios(copy, game)
                    tests = failing_tests(copy, game, str(m["rule"])) if args.tests and not killers else []
                finally:
                    (copy / "src" / "tcgjudge" / m["file"]).write_text(orig, encoding="utf-8")
                rec = {"id": m["id"], "rule": str(m["rule"]), "scenarios": killers, "tests": tests}
                results[game].append(rec)
                how = (f"killed by {len(killers)} scenario(s): {', '.join(killers[:4])}"
                       + (" ..." if len(killers) > 4 else "")) if killers else (
                    f"killed by test(s) only: {', '.join(tests)}" if tests else "SURVIVED")
                print(f"{game} {m['id']} ({m['rule']}): {how}", flush=True)
    for game, recs in results.items():
        if not recs:
            continue
        by_s = sum(1 for r in recs if r["scenarios"])
        by_all = sum(1 for r in recs if r["scenarios"] or r["tests"])
        line = f"{game}: {by_s} of {len(recs)} mutations killed by scenarios ({100 * by_s / len(recs):.0f}%)"
        if args.tests:
            line += f"; {by_all} of {len(recs)} by scenarios or tests ({100 * by_all / len(recs):.0f}%)"
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
