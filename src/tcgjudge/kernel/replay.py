"""Replays: a game is (engine version, rules version, decks, seed, decisions).

A replay file is JSON holding exactly that; replaying it re-creates the game
bit for bit (DESIGN principle 3), and a replay verifies itself: the replayed
game must reach the result and the number of decisions the file records.

``decisions`` lists every answer in order: an option index, or ``"concede pN"``
where player N conceded.  How the game was set up (first player, whether
single-option questions were answered at once, a game's format) is kept beside
the decks; a setting whose name is one of the file's own keys is kept as
``game_KEY`` (SVE's deck ``format`` is ``game_format``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from .decisions import brief
from .textfile import FileInputError, read_text

FORMAT = "tcgjudge-replay/1"
#: keys of the file itself; a set-up value of the same name is stored as ``game_KEY``
OWN_KEYS = ("format", "engine", "game", "rules", "decisions", "result", "turns")
#: the largest replay file read (a 100,000-decision game takes well under 1 MB)
MAX_BYTES = 64_000_000
#: every game tcgjudge plays has two players
PLAYERS = 2
RESULTS = (None, "draw", "p1", "p2")
CONCEDE = re.compile(r"concede p([12])")


class ReplayError(ValueError):
    """A replay file that cannot be read, or a replay that does not reproduce its game."""


def engine_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tcgjudge")
    except PackageNotFoundError:
        return "0+unknown"


def result_text(result: Any) -> str | None:
    """A game's result as a replay records it: ``p1``, ``p2``, ``draw`` or None (not over)."""
    return None if result is None else ("draw" if result == "draw" else f"p{result + 1}")


def record(g) -> dict[str, Any]:
    """The replay of a game so far."""
    setup = {(f"game_{k}" if k in OWN_KEYS else k): v for k, v in g.info.items() if k != "game"}
    return {
        "format": FORMAT, "engine": engine_version(), "game": g.rules.game_id,
        "rules": getattr(g.rules, "rules_version", ""), **setup,
        "decisions": list(g.history),
        "result": result_text(g.result),
        "turns": g.turn,
    }


def save(g, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record(g), indent=1) + "\n", encoding="utf-8")


def check_writable(path: str | Path) -> None:
    """Raise ReplayError unless a replay can be written at ``path`` (checked before a game
    starts, so a game is never lost to a bad path at its end)."""
    p = Path(path)
    if p.is_dir():
        raise ReplayError(f"{p}: is a folder; give a file name for the replay")
    parent = p.parent
    if not parent.is_dir():
        raise ReplayError(f"{p}: no such folder {str(parent)!r}")
    if not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise ReplayError(f"{p}: cannot write there (permission denied)")


def _whole(v: Any, least: int = 0) -> bool:
    return type(v) is int and v >= least


def load(path: str | Path) -> dict[str, Any]:
    """The data of a replay file, checked field by field (errors name the file and field)."""
    try:
        text = read_text(path, MAX_BYTES, "replay")
        data = json.loads(text)
    except FileInputError as e:
        raise ReplayError(f"not a readable replay: {e}") from None
    except RecursionError:
        raise ReplayError(f"{path}: not a readable replay: nested too deeply") from None
    except ValueError as e:  # JSON syntax, or a number too long to convert
        raise ReplayError(f"{path}: not a readable replay: {str(e)[:200]}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"{path}: not a tcgjudge replay (format "
                          f"{brief(data.get('format')) if isinstance(data, dict) else None})")
    check(data, str(path))
    return data


def check(data: dict[str, Any], where: str = "replay") -> None:
    """Raise ReplayError naming the field of ``data`` that is not a valid replay's."""
    for k in ("game", "seed", "decks", "decisions"):
        if k not in data:
            raise ReplayError(f"{where}: replay is missing {k!r}")
    if not isinstance(data["game"], str):
        raise ReplayError(f"{where}: game: expected a game id (text), got {brief(data['game'])}")
    if not _whole(data["seed"], -(2 ** 63)) or abs(data["seed"]) >= 2 ** 63:
        raise ReplayError(f"{where}: seed: expected a whole number, got {brief(data['seed'])}")
    decks = data["decks"]
    if not isinstance(decks, list) or not all(isinstance(d, dict) for d in decks):
        raise ReplayError(f"{where}: decks: expected a list of decks (mappings with 'main' and 'extra')")
    if len(decks) != PLAYERS:
        raise ReplayError(f"{where}: decks: expected {PLAYERS} decks, one per player, got {len(decks)}")
    first = data.get("first")
    if first is not None and not (_whole(first) and first < PLAYERS):
        raise ReplayError(f"{where}: first: expected the first player's index (0 or 1) or null, got {brief(first)}")
    if "auto" in data and type(data["auto"]) is not bool:
        raise ReplayError(f"{where}: auto: expected true or false, got {brief(data['auto'])}")
    stop = data.get("stopped_after")
    if stop is not None and not _whole(stop, 1):
        raise ReplayError(f"{where}: stopped_after: expected a number of decisions (1 or more), got {brief(stop)}")
    if data.get("result") not in RESULTS or not isinstance(data.get("result"), (str, type(None))):
        raise ReplayError(f"{where}: result: expected p1, p2, draw or null, got {brief(data.get('result'))}")
    if "turns" in data and not _whole(data["turns"]):
        raise ReplayError(f"{where}: turns: expected a whole number of 0 or more, got {brief(data['turns'])}")
    ds = data["decisions"]
    if not isinstance(ds, list):
        raise ReplayError(f"{where}: decisions: expected a list of option indexes")
    if stop is not None and stop != len(ds):
        raise ReplayError(f"{where}: stopped_after: the game was stopped after {stop} decisions, but the file "
                          f"lists {len(ds)}")
    last = len(ds) - 1
    for i, x in enumerate(ds):
        if _whole(x):
            continue
        if isinstance(x, str) and CONCEDE.fullmatch(x):
            if i != last:
                raise ReplayError(f"{where}: decisions[{i}]: a concession ends the game; {last - i} more "
                                  f"decision(s) follow it")
            continue
        raise ReplayError(f"{where}: decisions[{i}]: expected an option index (a whole number of 0 or more) "
                          f"or 'concede p1'/'concede p2', got {brief(x)}")


def verify(g, data: dict[str, Any], where: str = "replay") -> None:
    """Raise ReplayError unless the replayed game ``g`` reached what the file records: its
    result, its number of decisions and (when recorded) its number of turns."""
    want = data.get("result")
    got = result_text(g.result)
    n = len(data["decisions"])
    if len(g.history) != n:
        raise ReplayError(f"{where}: the replay diverged: the file records {n} decisions, the game took "
                          f"{len(g.history)}")
    if got != want:
        if got is None:
            d = g.pending
            waiting = f"p{d.player + 1} has a {d.kind} decision pending" if d is not None else "no result"
            raise ReplayError(f"{where}: the replay diverged: after all {n} decisions the game is not over "
                              f"({waiting}), but the file records the result {want}")
        raise ReplayError(f"{where}: the replay diverged: the file records the result {want or 'none (not over)'}, "
                          f"the replayed game's is {got}")
    if "turns" in data and data["turns"] != g.turn:
        raise ReplayError(f"{where}: the replay diverged: the file records {data['turns']} turns, the game took "
                          f"{g.turn}")
