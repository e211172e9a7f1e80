"""NOVA (comprehensive rules, Japanese, sections 000-1005)."""

from __future__ import annotations

from functools import lru_cache

from ...cards.decks import require_legal
from ...kernel.game import Game
from .cards import builder, shipped_pool
from .deck import Deck, DeckError, check_deck, load_deck, shipped_deck_names
from .rules import NovaRules


@lru_cache(maxsize=1)
def rules() -> NovaRules:
    r = NovaRules()
    r.builder = builder()
    r.cards = dict(shipped_pool())
    return r


def new_game(deck_a: Deck, deck_b: Deck, seed: int = 0, *, first: int | None = None, check: bool = True,
             auto: bool = False) -> Game:
    """A new game at its first decision (007.5: who goes first, or 007.6.1: the redraw)."""
    if check:
        for i, d in enumerate((deck_a, deck_b)):
            require_legal(i, d, check_deck(d))
    r = rules()
    g = Game(r, seed)
    g.auto = auto
    g.info = {"game": "nova", "seed": seed, "first": first, "decks": [deck_a.to_json(), deck_b.to_json()],
              "auto": auto}
    for p, deck in enumerate((deck_a, deck_b)):
        g.players[p]["energy"] = ()
        for c in deck.main:
            g.create(c, p, "deck", p, face_up=False)  # 007.3
        for c in deck.character:
            g.create(c, p, "character_deck", p, face_up=False)
    g.push("setup", first=first)
    g.advance()
    return g


__all__ = ["Deck", "DeckError", "NovaRules", "check_deck", "load_deck", "new_game", "rules", "shipped_deck_names"]
