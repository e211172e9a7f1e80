"""A pytest plugin for ``tcgjudge rules coverage``: it runs only the tests that cite rules of one
game (``@pytest.mark.rules(GAME, "N", ...)``) and writes what each did to a results file, so
that coverage counts a test's rules only when the test passed in that same run.

    pytest -p tcgjudge.interfaces.rules_results --rules-game caster --rules-results out.json tests/

The file maps each test id to ``{"outcome": passed | failed | skipped, "rules": [...]}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tcgjudge rules coverage")
    group.addoption("--rules-game", default=None, help="run only the tests citing rules of this game")
    group.addoption("--rules-results", default=None, help="write each cited test's outcome to this JSON file")
    group.addoption("--rules-cite", default=None, help="run only the tests citing this rule (with --rules-game)")


def _cited(item: pytest.Item, game: str) -> list[str]:
    out: list[str] = []
    for m in item.iter_markers("rules"):
        if m.args and m.args[0] == game:
            out.extend(str(a) for a in m.args[1:])
    return out


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    game = config.getoption("--rules-game")
    if not game:
        return
    only = config.getoption("--rules-cite")
    keep, drop = [], []
    for it in items:
        cited = _cited(it, game)
        (keep if cited and (only is None or only in cited) else drop).append(it)
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep
    config._rules_results = {it.nodeid: {"outcome": "not run", "rules": _cited(it, game)} for it in keep}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    config = _CONFIG.get("config")
    results: dict[str, Any] | None = getattr(config, "_rules_results", None)
    if results is None or report.nodeid not in results:
        return
    rec = results[report.nodeid]
    if report.failed:
        rec["outcome"] = "failed"  # a failing set-up, call or tear-down
    elif report.skipped and rec["outcome"] != "failed":
        rec["outcome"] = "skipped"
    elif report.when == "call" and report.passed and rec["outcome"] == "not run":
        rec["outcome"] = "passed"


_CONFIG: dict[str, pytest.Config] = {}


def pytest_configure(config: pytest.Config) -> None:
    _CONFIG["config"] = config


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    path = config.getoption("--rules-results")
    results = getattr(config, "_rules_results", None)
    if path and results is not None:
        Path(path).write_text(json.dumps(results, indent=1, sort_keys=True), encoding="utf-8")
