"""Caster decks: the deck file format and deck construction (CR 402)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...cards.decks import (
    DeckError,
    add_sections,
    card_counts,
    check_deck_keys,
    load_deck_file,
    over_limit,
    place_lines,
    unplayable_errors,
)
from ...cards.decks import shipped_deck_names as _shipped
from ...kernel.objects import CardDef

DECK_DIR = Path(__file__).parent / "decks"
#: plain decklists of real cards (names only: play them with --cards and a card database)
DECKLIST_DIR = Path(__file__).parent / "decklists"
#: decklist section headers -> the deck's list (None: by the card, see :func:`section_of`)
SECTIONS = {"main": "main", "main deck": "main", "deck": "main", "extra": "extra", "extra deck": "extra",
            "side": None}
KEYS = ("name", "game", "main", "extra", "description")


@dataclass
class Deck:
    name: str
    main: list[CardDef] = field(default_factory=list)
    extra: list[CardDef] = field(default_factory=list)
    source: str = ""
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "main": card_counts(self.main), "extra": card_counts(self.extra)}


def parse_deck(data: Any, pool: dict[str, CardDef], where: str) -> Deck:
    check_deck_keys(data, where, "caster", KEYS, "'main' (and 'extra')")
    deck = Deck(str(data.get("name", Path(where).stem)), source=where)
    add_sections(deck, data, pool, where, ("main", "extra"))
    return deck


def section_of(c: CardDef) -> str:
    """CR 402.3: Soul Bond servants and deities go in the extra deck, the rest in the main deck."""
    ch = c.chars
    return "extra" if "soul bond" in ch.get("additional", ()) or "deity" in ch["types"] else "main"


def from_lines(name: str, cards: list, where: str) -> Deck:
    """A deck from the (line, card) pairs of a decklist or Cockatrice deck."""
    return place_lines(Deck(name, source=where), cards, SECTIONS, section_of)


def load_deck(path: str | Path, pool: dict[str, CardDef]) -> Deck:
    return load_deck_file(path, DECK_DIR, pool, parse_deck)


def shipped_deck_names() -> list[str]:
    return _shipped(DECK_DIR)


def _copies_key(c: CardDef) -> tuple:
    """Which main-deck cards count as copies of one another."""
    ch = c.chars
    if "caster" in ch["types"]:
        return ("caster", ch["name"], ch.get("level"), ch.get("version"))  # CR 402.2b
    return ("card", ch["name"])  # CR 402.2a


def check_deck(deck: Deck) -> list[str]:
    """CR 402: every way the deck breaks deck construction (empty list: legal)."""
    main, extra = deck.main, deck.extra
    errs: list[str] = unplayable_errors(main + extra)
    if len(main) != 50:
        errs.append(f"CR 402.2: the deck must have exactly 50 cards; it has {len(main)}")
    counted: list[CardDef] = []
    for c in main:
        if section_of(c) == "extra":
            errs.append(f"CR 402.2: {c.key} is a Soul Bond servant or deity and belongs in the extra deck")
        elif c.token:
            errs.append(f"CR 1302: {c.key} is a token and cannot be in a deck")
        else:
            counted.append(c)
    # CR 402.4: a card's own deck-building ability replaces the limit, at deck building only
    for k, n, lim in over_limit(counted, _copies_key, lambda c: c.chars.get("copies", 4)):
        what = f"{k[1]} Lv{k[2]}" + (f" ({k[3]})" if k[3] else "") if k[0] == "caster" else k[1]
        rule = "402.2b" if k[0] == "caster" else "402.2a"
        errs.append(f"CR {rule}: at most {lim} copies of {what}; the deck has {n}"
                    + (" (its own deck-building ability, CR 402.4)" if lim != 4 else ""))
    if len(extra) > 7:
        errs.append(f"CR 402.3: the extra deck holds 0 to 7 cards; it has {len(extra)}")
    for c in extra:
        if section_of(c) != "extra":
            errs.append(f"CR 402.3: {c.key} is not a Soul Bond servant or deity and cannot be in the extra deck")
    for name, n, _ in over_limit(extra, lambda c: c.chars["name"], lambda c: 4):
        errs.append(f"CR 402.3a: at most 4 copies of {name} in the extra deck; it has {n}")
    return errs


__all__ = ["DECKLIST_DIR", "SECTIONS", "from_lines", "section_of", "DECK_DIR", "Deck", "DeckError", "check_deck", "load_deck", "parse_deck", "shipped_deck_names"]
