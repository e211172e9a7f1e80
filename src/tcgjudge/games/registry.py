"""The games tcgjudge plays, by id, behind one small interface."""

from __future__ import annotations

import importlib
from typing import Any

GAMES = {"caster": "tcgjudge.games.caster.package", "sve": "tcgjudge.games.sve.package",
         "nova": "tcgjudge.games.nova.package"}


class UnknownGame(ValueError):
    pass


def get(game_id: str) -> Any:
    """The game package object for ``game_id`` (see ``games/caster/package.py`` for the interface)."""
    if not isinstance(game_id, str):
        raise UnknownGame(f"a game id is text ({', '.join(sorted(GAMES))}), got a {type(game_id).__name__}")
    mod = GAMES.get(game_id)
    if mod is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}")
    try:
        m = importlib.import_module(mod)
    except ModuleNotFoundError as e:
        raise UnknownGame(f"game {game_id!r} is not available in this version ({e.name})") from None
    return m.PACKAGE


def available() -> list[str]:
    out = []
    for gid in sorted(GAMES):
        try:
            get(gid)
            out.append(gid)
        except UnknownGame:
            pass
    return out
