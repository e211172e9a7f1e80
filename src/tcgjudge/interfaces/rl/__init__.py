"""Research interfaces: every game as a PettingZoo, Gymnasium and OpenSpiel environment.

The environments see only the acting player's view (``encoding.py``; ``docs/rl.md``).  Each API
is imported on first use, so one can be used without the others installed.
"""

from __future__ import annotations

from typing import Any


def pettingzoo_env(game: str, decks: list[Any] | None = None, seed: int | None = None, **kw: Any) -> Any:
    """The PettingZoo AEC environment of ``game``; see ``aec.TcgAECEnv``."""
    from .aec import TcgAECEnv

    return TcgAECEnv(game, decks, seed, **kw)


def gym_env(game: str, decks: list[Any] | None = None, opponent: str = "random", **kw: Any) -> Any:
    """The Gymnasium environment of ``game`` against ``opponent``; see ``single.TcgGymEnv``."""
    from .single import TcgGymEnv

    return TcgGymEnv(game, decks, opponent, **kw)


def openspiel_game(game: str, **params: Any) -> Any:
    """The OpenSpiel game of ``game`` (registered as ``python_tcgjudge_GAME``); see ``openspiel.py``."""
    from .openspiel import openspiel_game as load

    return load(game, **params)


def register_gymnasium() -> list[str]:
    """Register ``tcgjudge/GAME-v0`` with Gymnasium for every available game; returns the ids."""
    import gymnasium

    from ...games import registry

    ids = []
    for game in registry.available():
        gid = f"tcgjudge/{game}-v0"
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point="tcgjudge.interfaces.rl.single:TcgGymEnv",
                               kwargs={"game": game})
        ids.append(gid)
    return ids


__all__ = ["gym_env", "openspiel_game", "pettingzoo_env", "register_gymnasium"]
