"""Deck files: what every game's deck format shares (sections of card names and counts, the
shipped decks of a folder, unknown cards named with a hint)."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path
from typing import Any

from ..kernel.decisions import brief
from ..kernel.objects import CardDef
from .loader import read_yaml


class DeckError(ValueError):
    """A deck that cannot be read or breaks deck construction."""


#: the most copies one entry of a deck file may name (far above any game's deck size; a file
#: asking for more is refused before any list is built)
MAX_COUNT = 1000


def _count_ok(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_COUNT


def card_counts(cards: Iterable[CardDef]) -> dict[str, int]:
    """Card key -> how many of it, in the order the cards first appear."""
    out: dict[str, int] = {}
    for c in cards:
        out[c.key] = out.get(c.key, 0) + 1
    return out


def deck_entries(raw: Any, where: str) -> list[tuple[str, int]]:
    """A deck section: a mapping name -> count, or a list of names / {card, n} entries."""
    out: list[tuple[str, int]] = []
    if raw is None:
        return out
    if isinstance(raw, dict):
        for k, v in raw.items():
            if not _count_ok(v):
                raise DeckError(f"{where}: {brief(k)}: the count must be a whole number from 1 to {MAX_COUNT}, "
                                f"got {brief(v)}")
            out.append((str(k), v))
        return out
    if isinstance(raw, list):
        for i, e in enumerate(raw):
            if isinstance(e, str):
                out.append((e, 1))
            elif isinstance(e, dict) and "card" in e:
                n = e.get("n", 1)
                if not _count_ok(n):
                    raise DeckError(f"{where}[{i}]: n must be a whole number from 1 to {MAX_COUNT}, got {brief(n)}")
                out.append((str(e["card"]), n))
            else:
                raise DeckError(f"{where}[{i}]: expected a card name or {{card: NAME, n: COUNT}}")
        return out
    raise DeckError(f"{where}: expected a mapping of card name to count")


def find_card(pool: dict[str, CardDef], name: str, where: str) -> CardDef:
    """The pool's card ``name``; an unknown name is an error naming close matches (a misspelt name)."""
    card = pool.get(name)
    if card is None:
        close = ([k for k in pool if name.lower() in k.lower()][:3]
                 or difflib.get_close_matches(name, list(pool), 3)) if len(name) <= 100 else []
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise DeckError(f"{where}: unknown card {brief(name)}{hint}")
    return card


def add_sections(deck: Any, data: dict, pool: dict[str, CardDef], where: str, sections: tuple[str, ...]) -> None:
    """The cards of each section of a deck file, into the deck's list of that name."""
    for section in sections:
        for name, n in deck_entries(data.get(section), f"{where}: {section}"):
            getattr(deck, section).extend([find_card(pool, name, f"{where}: {section}")] * n)


def check_deck_keys(data: Any, where: str, game: str, keys: tuple[str, ...], sections: str) -> None:
    """A deck file is a mapping of the format's ``keys``, for ``game`` (the default)."""
    if not isinstance(data, dict):
        raise DeckError(f"{where}: a deck file is a mapping with {sections}")
    for k in data:
        if k not in keys:
            raise DeckError(f"{where}: unknown key {brief(k)}; keys: {', '.join(keys)}")
    if "name" in data and not isinstance(data["name"], str):
        raise DeckError(f"{where}: name: expected text, got {brief(data['name'])}")
    if data.get("game", game) != game:
        raise DeckError(f"{where}: this is a deck for {brief(data.get('game'))}, not {game}")


def shipped_deck_names(deck_dir: Path) -> list[str]:
    return sorted(p.stem for p in deck_dir.glob("*.yaml"))


def read_deck_file(path: str | Path, deck_dir: Path) -> tuple[Any, str]:
    """The data of a deck file, or of the shipped deck of that name in ``deck_dir``, and where it is."""
    p = Path(path)
    if not p.exists():
        named = deck_dir / f"{path}.yaml"
        if named.exists():
            p = named
        else:
            raise DeckError(f"{path}: no such deck file or shipped deck "
                            f"(shipped: {', '.join(shipped_deck_names(deck_dir))})")
    try:
        data = read_yaml(p)
    except ValueError as e:
        raise DeckError(str(e)) from None
    return data, str(p)


def load_deck_file(path: str | Path, deck_dir: Path, pool: dict[str, CardDef],
                   parse: Callable[[Any, dict[str, CardDef], str], Any]) -> Any:
    """The deck of a deck file or shipped deck (see :func:`read_deck_file`), read by the game's ``parse``."""
    data, where = read_deck_file(path, deck_dir)
    return parse(data, pool, where)


def place_lines(deck: Any, cards: list[tuple[Any, CardDef]], sections: dict[str, str | None],
                auto: Callable[[CardDef], str]) -> Any:
    """The cards of a decklist or Cockatrice deck (``(DeckLine, card)`` pairs), into the deck's
    sections: a line's section names one (``sections``: header word -> deck list; ``None``: the
    card's kind decides, by ``auto``), and a line with no section goes where ``auto`` says."""
    for ln, card in cards:
        sec = ln.section
        if sec is not None and sec not in sections:
            known = ", ".join(f"'{k}:'" for k in sections)
            raise DeckError(f"{ln.where}: unknown deck section {sec!r}; sections: {known}")
        target = sections.get(sec) if sec is not None else None
        getattr(deck, target or auto(card)).extend([card] * ln.count)
    return deck


def over_limit(cards: Iterable[CardDef], name: Callable[[CardDef], Hashable],
               limit: Callable[[CardDef], int | str]) -> list[tuple[Any, int, int | str]]:
    """The names of which ``cards`` hold more copies than their limit, as (name, copies, limit),
    sorted by name: ``name`` says which cards count as one name, ``limit`` the most copies of a
    card's name (``"any"``: no limit; the last card of a name decides)."""
    counts: dict[Hashable, int] = {}
    limits: dict[Hashable, int | str] = {}
    for c in cards:
        k = name(c)
        counts[k] = counts.get(k, 0) + 1
        limits[k] = limit(c)
    return [(k, n, limits[k]) for k, n in sorted(counts.items(), key=lambda kn: str(kn[0]))
            if limits[k] != "any" and n > limits[k]]  # type: ignore[operator]


def unplayable_errors(cards: Iterable[CardDef]) -> list[str]:
    """The imported cards of a deck that cannot be played: what stopped the text compiler (a
    card that plays wrong is worse than one that refuses)."""
    out: list[str] = []
    seen: set[str] = set()
    for c in cards:
        why = c.extra.get("unplayable")
        if why and c.key not in seen:
            seen.add(c.key)
            out.append(f"{c.key} is not playable: {why}")
    return out


def require_legal(seat: int, deck: Any, errs: list[str]) -> None:
    """A game starts only with legal decks: the problems of a player's deck, as one error."""
    if errs:
        raise DeckError(f"p{seat + 1}'s deck {deck.name!r} is not legal: " + "; ".join(errs))


__all__ = ["place_lines", "unplayable_errors", "DeckError", "add_sections", "card_counts", "check_deck_keys", "deck_entries", "find_card", "read_deck_file",
           "load_deck_file", "over_limit", "require_legal", "shipped_deck_names"]
