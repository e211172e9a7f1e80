"""What the games share in a game's set-up: the first player, and cards dealt from the top of
each deck (the opening hand, Caster's orbs) before the game begins.

A game package imports this module; the games never import each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kernel.game import Game


def set_first_player(g: Game, first: int) -> None:
    """Player ``first`` goes first: the first turn is theirs."""
    g.gvars["first"] = first
    g.active = first
    g.note(f"p{first + 1} goes first")


def from_deck(g: Game, p: int, zone: str, n: int, cause: str = "setup", **move: Any) -> None:
    """Player ``p`` puts the top ``n`` cards of their deck (as many as there are) into their
    ``zone``, as moves without events; ``move``: how they are put there (e.g. ``face_up=False``)."""
    for _ in range(n):
        deck = g.zone(p, "deck")
        if deck:
            g.move(deck[-1], zone, p, **move, cause=cause, event=False)


def deal(g: Game, first: int, zone: str, n: int, **move: Any) -> None:
    """Each player, the first player first, puts the top ``n`` cards of their deck into their
    ``zone`` (:func:`from_deck`, a set-up move)."""
    for p in (first, 1 - first):
        from_deck(g, p, zone, n, **move)


__all__ = ["deal", "from_deck", "set_first_player"]
