"""NOVA decks: the deck file format and deck construction (006, 007.1).

A deck file::

    name: Crimson Rush
    game: nova
    main: {Card Name: 4, ...}        # 40 to 60 cards, at most 4 of a name (006.1.1, 006.1.2)
    character: {Character: 1, ...}   # 0 to 10 characters, at most 3 of a name (006.1.3, 006.1.4)
    side: {Card Name: 2, ...}        # up to 15 cards (007.1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...cards.decks import DeckError, add_sections, card_counts, check_deck_keys, load_deck_file, over_limit
from ...cards.decks import shipped_deck_names as _shipped
from ...kernel.objects import CardDef

DECK_DIR = Path(__file__).parent / "decks"
KEYS = ("name", "game", "main", "character", "side", "description")


@dataclass
class Deck:
    name: str
    main: list[CardDef] = field(default_factory=list)
    character: list[CardDef] = field(default_factory=list)
    side: list[CardDef] = field(default_factory=list)
    source: str = ""

    @property
    def extra(self) -> list[CardDef]:  # the CLI's name for a second deck
        return self.character

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "main": card_counts(self.main), "character": card_counts(self.character),
                "side": card_counts(self.side)}


def parse_deck(data: Any, pool: dict[str, CardDef], where: str) -> Deck:
    check_deck_keys(data, where, "nova", KEYS, "'main' (and 'character', 'side')")
    deck = Deck(str(data.get("name", Path(where).stem)), source=where)
    add_sections(deck, data, pool, where, ("main", "character", "side"))
    return deck


def load_deck(path: str | Path, pool: dict[str, CardDef]) -> Deck:
    return load_deck_file(path, DECK_DIR, pool, parse_deck)


def shipped_deck_names() -> list[str]:
    return _shipped(DECK_DIR)


def _name(c: CardDef) -> str:
    return c.chars["name"]


def check_deck(deck: Deck) -> list[str]:
    """Every way the deck breaks deck construction (empty list: legal)."""
    errs: list[str] = []
    if not 40 <= len(deck.main) <= 60:
        errs.append(f"NOVA 006.1.1: the main deck holds 40 to 60 cards; it has {len(deck.main)}")
    main = [c for c in deck.main if "character" not in c.chars["types"]]
    errs.extend(f"NOVA 006.1.1: {c.key} is a character and belongs in the character deck"
                for c in deck.main if "character" in c.chars["types"])
    for name, n, _ in over_limit(main, _name, lambda c: 4):
        errs.append(f"NOVA 006.1.2: at most 4 cards named {name} in the main deck; it has {n}")
    if len(deck.character) > 10:
        errs.append(f"NOVA 006.1.3: the character deck holds 0 to 10 cards; it has {len(deck.character)}")
    characters = [c for c in deck.character if "character" in c.chars["types"]]
    errs.extend(f"NOVA 006.1.3: {c.key} is not a character and cannot be in the character deck"
                for c in deck.character if "character" not in c.chars["types"])
    for name, n, _ in over_limit(characters, _name, lambda c: 3):
        errs.append(f"NOVA 006.1.4: at most 3 cards named {name} in the character deck; it has {n}")
    if len(deck.side) > 15:
        errs.append(f"NOVA 007.1: the side deck holds up to 15 cards; it has {len(deck.side)}")
    return errs


__all__ = ["DECK_DIR", "Deck", "DeckError", "check_deck", "load_deck", "parse_deck", "shipped_deck_names"]
