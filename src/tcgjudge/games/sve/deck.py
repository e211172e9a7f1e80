"""Shadowverse: Evolve decks: the deck file format and deck construction (6.1.1, 14.4.2, 14.4.4,
Appendix B).

A deck file::

    name: Forest Test
    game: sve
    format: standard          # standard (6.1.1) | sealed (B-1) | cross_craft (B-2)
    leader: Forest Leader     # a list of two for Cross Craft; none in Sealed
    basis: class              # class | universe: needed only for a leader with both (6.2.1.3)
    main: {Card Name: 3, ...}
    evolve: {Card Name (Evolved): 2, ...}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...cards.decks import (
    DeckError,
    add_sections,
    card_counts,
    check_deck_keys,
    find_card,
    load_deck_file,
    over_limit,
    place_lines,
    unplayable_errors,
)
from ...cards.decks import shipped_deck_names as _shipped
from ...kernel.decisions import brief
from ...kernel.objects import CardDef
from .vocabulary import VANGUARD

DECK_DIR = Path(__file__).parent / "decks"
FORMATS = ("standard", "sealed", "cross_craft")
BASES = ("class", "universe")
KEYS = ("name", "game", "format", "leader", "basis", "main", "evolve", "description")
#: decklist section headers -> the deck's list (None: by the card, see :func:`section_of`)
SECTIONS = {"leader": "leader", "leaders": "leader", "main": "main", "main deck": "main", "deck": "main",
            "evolve": "evolve", "evolve deck": "evolve", "side": None}


@dataclass
class Deck:
    name: str
    leader: list[CardDef] = field(default_factory=list)
    main: list[CardDef] = field(default_factory=list)
    evolve: list[CardDef] = field(default_factory=list)
    format: str = "standard"
    basis: str | None = None
    source: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def extra(self) -> list[CardDef]:  # the CLI's name for a second deck
        return self.evolve

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "format": self.format, "leader": [c.key for c in self.leader],
                               "main": card_counts(self.main), "evolve": card_counts(self.evolve)}
        if self.basis:
            out["basis"] = self.basis
        return out


def parse_deck(data: Any, pool: dict[str, CardDef], where: str) -> Deck:
    check_deck_keys(data, where, "sve", KEYS, "'leader', 'main' and 'evolve'")
    if not isinstance(data.get("format", "standard"), str):
        raise DeckError(f"{where}: format: expected text, got {brief(data.get('format'))}")
    fmt = str(data.get("format", "standard")).replace("-", "_").replace(" ", "_").lower()
    if fmt not in FORMATS:
        raise DeckError(f"{where}: format: unknown {brief(data.get('format'))}; formats: {', '.join(FORMATS)}")
    basis = data.get("basis")
    if basis is not None and basis not in BASES:
        raise DeckError(f"{where}: basis: expected class or universe (6.1.1.5), got {brief(basis)}")
    deck = Deck(str(data.get("name", Path(where).stem)), format=fmt, basis=basis, source=where)
    leaders = data.get("leader")
    if leaders is not None:
        for name in (leaders if isinstance(leaders, list) else [leaders]):
            if not isinstance(name, (str, int)) or isinstance(name, bool):
                raise DeckError(f"{where}: leader: expected a card name, got {brief(name)}")
            deck.leader.append(find_card(pool, str(name), f"{where}: leader"))
    add_sections(deck, data, pool, where, ("main", "evolve"))
    return deck


def section_of(c: CardDef) -> str:
    """Where a card of a decklist goes when its section does not say: a leader card to the
    leader (6.1.1.1), an evolved or advanced card to the evolve deck (6.1.1.3), the rest to the
    main deck (6.1.1.2)."""
    if "leader" in c.chars["types"]:
        return "leader"
    return "evolve" if is_special(c) else "main"


def from_lines(name: str, cards: list, where: str) -> Deck:
    """A deck from the (line, card) pairs of a decklist or Cockatrice deck."""
    return place_lines(Deck(name, source=where), cards, SECTIONS, section_of)


def load_deck(path: str | Path, pool: dict[str, CardDef]) -> Deck:
    return load_deck_file(path, DECK_DIR, pool, parse_deck)


def shipped_deck_names() -> list[str]:
    return _shipped(DECK_DIR)


# ---------------------------------------------------------------- construction
def front_name(c: CardDef) -> str:
    return c.chars["name"]  # 6.1.1.4.1: a double-faced card's name is its front face's


#: cards the universe rules keep in the evolve deck besides evolved and advanced cards (14.2.1.1
#: Carrot cards, 14.4.9.2 Drive Point cards)
EVOLVE_DECK_ITEMS = ("Carrot", "Drive Point")


def is_special(c: CardDef) -> bool:
    return c.chars.get("special") in ("evolved", "advanced") or c.chars["name"] in EVOLVE_DECK_ITEMS


def possible_bases(deck: Deck) -> list[str]:
    """6.1.1.5, 6.2.1.3: what the deck may be based on, given its leader."""
    if deck.basis:
        return [deck.basis]
    if not deck.leader:
        return ["class"]
    lc = deck.leader[0].chars
    out = []
    if lc.get("class") not in (None, "neutral") or lc.get("universe") is None:
        out.append("class")
    if lc.get("universe") is not None:
        out.append("universe")
    return out


def check_deck(deck: Deck) -> list[str]:
    """Every way the deck breaks deck construction for its format (empty list: legal)."""
    if deck.format == "sealed":
        return _check_sealed(deck)
    main, evolve = deck.main, deck.evolve
    errs: list[str] = unplayable_errors(deck.leader + main + evolve)
    cross = deck.format == "cross_craft"
    if cross:
        if len(deck.leader) != 2:
            errs.append(f"B-2 6.1.1.1: Cross Craft needs two leader cards; the deck has {len(deck.leader)}")
        elif deck.leader[0].chars.get("class") == deck.leader[1].chars.get("class"):
            errs.append("B-2 6.1.1.1: the two leader cards must be from different classes")
    elif len(deck.leader) != 1:
        errs.append(f"6.1.1.1: a deck has exactly one leader card; it has {len(deck.leader)}")
    for c in deck.leader:
        if "leader" not in c.chars["types"]:
            errs.append(f"6.1.1.1: {c.key} is not a leader card")
    if not 40 <= len(main) <= 50:
        errs.append(f"6.1.1.2: the main deck has 40 to 50 cards; it has {len(main)}")
    for c in main:
        if "leader" in c.chars["types"] or is_special(c) or c.token:
            what = "a token" if c.token else ("a leader" if "leader" in c.chars["types"] else
                                              f"an {c.chars['special']} card")
            errs.append(f"6.1.1.2: {c.key} is {what} and cannot be in the main deck")
    if len(evolve) > 10:
        errs.append(f"6.1.1.3: the evolve deck has 0 to 10 cards; it has {len(evolve)}")
    for c in evolve:
        if not is_special(c) or c.token:
            errs.append(f"6.1.1.3: {c.key} is not an evolved or advanced card and cannot be in the evolve deck")
    for section, cards in (("main deck", main), ("evolve deck", evolve)):
        # 6.1.2: a deck-building ability may override the limit
        for n, k, lim in over_limit(cards, front_name, lambda c: c.chars.get("copies", 3)):
            own = " (its deck-building ability, 6.1.2)" if lim != 3 else ""
            errs.append(f"6.1.1.4: at most {lim} copies of {n} in the {section}{own}; it has {k}")
    errs.extend(_check_basis(deck, cross))
    return errs


def _check_basis(deck: Deck, cross: bool) -> list[str]:
    cards = deck.main + deck.evolve
    if cross:
        if deck.basis == "universe":
            return ["B-2 6.1.1.5: a Cross Craft deck is based on classes, not a universe"]
        classes = {c.chars.get("class") for c in deck.leader}
        errs = [f"B-2 6.1.1.5.1: {c.key} is {c.chars.get('class')}, not from the leaders' classes "
                f"({', '.join(sorted(x for x in classes if x))}) or neutral"
                for c in cards if c.chars.get("class") not in classes | {"neutral"}]
        in_main = {c.chars.get("class") for c in deck.main}
        for lc in sorted(x for x in classes if x and x != "neutral"):
            if lc not in in_main:
                errs.append(f"B-2 6.1.1.5.2: the main deck needs at least one {lc} card (a card of each "
                            f"leader's class)")
        return errs
    if not deck.leader:
        return []
    leader = deck.leader[0].chars
    tries: dict[str, list[str]] = {}
    for basis in possible_bases(deck):
        errs: list[str] = []
        if basis == "class":
            lc = leader.get("class", "neutral")
            for c in cards:
                if c.chars.get("class") not in (lc, "neutral"):
                    errs.append(f"6.1.1.5.1: {c.key} is {c.chars.get('class')}, not {lc} or neutral")
        else:
            u = leader.get("universe")
            if u is None:
                errs.append(f"6.1.1.5.2: the leader {deck.leader[0].key} has no universe")
            for c in cards:
                if c.chars.get("universe") != u:
                    errs.append(f"6.1.1.5.2: {c.key} is not from the {u} universe")
            if u == VANGUARD:
                errs.extend(_check_vanguard(deck))
        tries[basis] = errs
        if not errs:
            return []
    # report the basis the deck declares, else the first possible one
    first = next(iter(tries))
    return tries[first]


def _check_vanguard(deck: Deck) -> list[str]:
    errs = []
    cards = deck.main + deck.evolve
    starting = [c for c in cards if any(k == "starting_amulet" for k, _ in c.chars.get("keywords", ()))]
    if not any(c in deck.main for c in starting):
        errs.append("14.4.2.1.1: a deck based on this universe needs at least one Starting Amulet card")
    if len({front_name(c) for c in starting}) > 1:
        errs.append("14.4.4.1.1: every Starting Amulet card in the deck must have the same name")
    lc = deck.leader[0].chars.get("class") if deck.leader else None
    for c in cards:
        if c.chars.get("trigger_icon") and c.chars.get("class") != lc:
            errs.append(f"14.4.2.1.2: {c.key} has a Trigger icon and is not from the leader's class ({lc})")
    return errs


def _check_sealed(deck: Deck) -> list[str]:
    errs = unplayable_errors(deck.leader + deck.main + deck.evolve)
    if len(deck.main) < 30:
        errs.append(f"B-1 6.1.1.3: a Sealed main deck has at least 30 cards; it has {len(deck.main)}")
    for c in deck.main:
        if "leader" in c.chars["types"] or is_special(c) or c.token:
            errs.append(f"B-1 6.1.1.3: {c.key} cannot be in the main deck")
    for c in deck.evolve:
        if not is_special(c) or c.token:
            errs.append(f"B-1 6.1.1.4: {c.key} is not an evolved or advanced card and cannot be in the evolve deck")
    if len(deck.leader) > 1:
        errs.append(f"B-1 6.1.1.2: at most one leader card; the deck has {len(deck.leader)}")
    return errs


__all__ = ["SECTIONS", "from_lines", "section_of", "BASES", "DECK_DIR", "FORMATS", "Deck", "DeckError", "check_deck", "load_deck", "parse_deck",
           "possible_bases", "shipped_deck_names"]
