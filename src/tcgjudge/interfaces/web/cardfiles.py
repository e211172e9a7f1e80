"""The card files a server is given (``tcgjudge serve --cards FILE``) and the games they are for.

``serve`` plays every game, so each file is read by every game's importer and goes to the game
whose importer finds the most playable cards in it (a pool file of another game, or a database
of another game's cards, gives that game none).  The games then play with the package
``pkg.with_cards(files)``, and each stored game records the files its cards come from.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...cards.language import CardError
from ...cards.pool import read_pool
from ...games import registry


def games_of_card_files(files: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """game id -> the files of ``files`` that are its cards; a file no game can play is a
    CardError naming it, with what each game found."""
    out: dict[str, list[str]] = {}
    for f in files:
        if not Path(f).is_file():
            raise CardError(f"{f}: no such card file (a Cockatrice card database .xml or a pool file)")
        found: dict[str, int] = {}
        why: list[str] = []
        for gid in registry.available():
            pkg = registry.get(gid)
            if not hasattr(pkg, "with_cards"):
                continue
            try:
                pool = read_pool(pkg.importer(), [f])
            except (CardError, ValueError) as e:
                why.append(f"{gid}: {str(e)[:160]}")
                continue
            found[gid] = sum(1 for pc in pool.cards if not pc.unplayable)
            why.append(f"{gid}: {found[gid]} playable cards")
        best = max(found, key=lambda g: found[g], default=None)
        if best is None or found[best] == 0:
            raise CardError(f"{f}: no game plays any card of this file ({'; '.join(why)})")
        out.setdefault(best, []).append(str(f))
    return {g: tuple(fs) for g, fs in out.items()}


def server_packages(files: Iterable[str]) -> dict[str, Any]:
    """Every available game's package, with the cards of the files that are its own."""
    by_game = games_of_card_files(files)
    out = {}
    for gid in registry.available():
        pkg = registry.get(gid)
        out[gid] = pkg.with_cards(by_game[gid]) if by_game.get(gid) else pkg
    return out


__all__ = ["games_of_card_files", "server_packages"]
