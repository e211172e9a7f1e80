"""The Caster Chronicles (comprehensive rules 1.9)."""

from __future__ import annotations

from functools import lru_cache

from ...cards.decks import require_legal
from ...kernel.game import Game
from .cards import COIN_ENTRY, builder, shipped_pool
from .deck import Deck, DeckError, check_deck, load_deck, shipped_deck_names
from .rules import CasterRules


@lru_cache(maxsize=1)
def rules() -> CasterRules:
    r = CasterRules()
    r.builder = builder()
    r.cards = dict(shipped_pool())
    r.coin = r.builder.card(COIN_ENTRY, "coin")
    r.tokens["Coin"] = r.coin
    return r


def new_game(deck_a: Deck, deck_b: Deck, seed: int = 0, *, first: int | None = None, check: bool = True,
             auto: bool = False, rules_obj: CasterRules | None = None, card_files: tuple[str, ...] = ()) -> Game:
    """A new game at its first decision (the hand exchange of CR 403.5); ``rules_obj``: the rules
    with imported cards (``PACKAGE.with_cards``), whose files ``card_files`` the replay records."""
    if check:
        for i, d in enumerate((deck_a, deck_b)):
            require_legal(i, d, check_deck(d))
    r = rules_obj or rules()
    g = Game(r, seed)
    g.auto = auto
    g.info = {"game": "caster", "seed": seed, "first": first, "decks": [deck_a.to_json(), deck_b.to_json()],
              "auto": auto}
    if card_files:
        g.info["cards"] = list(card_files)
    for p, deck in enumerate((deck_a, deck_b)):
        g.players[p]["aether"] = ()
        for c in deck.main:
            g.create(c, p, "deck", p, face_up=False)
        for c in deck.extra:
            g.create(c, p, "extra_deck", p, face_up=False)
    g.push("setup", first=first)
    g.advance()
    return g


__all__ = ["CasterRules", "Deck", "DeckError", "check_deck", "load_deck", "new_game", "rules", "shipped_deck_names"]
