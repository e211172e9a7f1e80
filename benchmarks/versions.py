"""Two versions of the engine in one benchmark run.

A baseline revision is checked out as a temporary ``git worktree``; each measurement runs this
benchmark script again in a fresh process whose ``PYTHONPATH`` points at one tree's ``src``, so
only the engine differs between the two versions, never the benchmark code.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def short_rev(rev: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev],
                          capture_output=True, text=True, check=True).stdout.strip()


@contextmanager
def baseline_tree(rev: str | None) -> Iterator[Path | None]:
    """A worktree of ``rev`` for the duration of the block (``None`` when no baseline is asked)."""
    if not rev:
        yield None
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path), rev], check=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)


def run_child(script: str, src: Path, args: list[str], what: str) -> dict:
    """Run ``script --child ARGS`` with the engine of ``src``; its last output line is a JSON object
    whose ``src`` names the tree it imported the engine from (checked)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, str(Path(script).resolve()), "--child", *args],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{what} on {src} failed:\n{out.stderr[-3000:]}")
    res = json.loads(out.stdout.strip().splitlines()[-1])
    if Path(res["src"]) != src.resolve():
        raise SystemExit(f"the {what} imported the engine from {res['src']}, not {src}")
    return res
