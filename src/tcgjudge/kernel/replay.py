"""Replays: a game is (engine version, rules version, decks, seed, decisions).

A replay file is JSON holding exactly that; replaying it re-creates the game
bit for bit (DESIGN principle 3).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FORMAT = "tcgjudge-replay/1"


def engine_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tcgjudge")
    except PackageNotFoundError:
        return "0+unknown"


def record(g) -> dict[str, Any]:
    """The replay of a game so far."""
    info = {k: v for k, v in g.info.items() if k != "game"}
    if "format" in info:  # a game's own format (SVE 6.1.1, Appendix B) must not hide the file's
        info["game_format"] = info.pop("format")
    return {
        "format": FORMAT, "engine": engine_version(), "game": g.rules.game_id,
        "rules": getattr(g.rules, "rules_version", ""), **info,
        "decisions": list(g.history),
        "result": None if g.result is None else ("draw" if g.result == "draw" else f"p{g.result + 1}"),
        "turns": g.turn,
    }


def save(g, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record(g), indent=1) + "\n", encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not a readable replay: {e}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a tcgjudge replay (format {data.get('format') if isinstance(data, dict) else None!r})")
    for k in ("game", "seed", "decks", "decisions"):
        if k not in data:
            raise ValueError(f"{path}: replay is missing {k!r}")
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise ValueError(f"{path}: seed: expected a whole number, got {data['seed']!r}")
    decks = data["decks"]
    if not isinstance(decks, list) or not all(isinstance(d, dict) for d in decks):
        raise ValueError(f"{path}: decks: expected a list of decks (mappings with 'main' and 'extra')")
    ds = data["decisions"]
    if not isinstance(ds, list):
        raise ValueError(f"{path}: decisions: expected a list of option indexes")
    for i, x in enumerate(ds):
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise ValueError(f"{path}: decisions[{i}]: expected an option index (a whole number of 0 or more), "
                             f"got {x!r}")
    return data
