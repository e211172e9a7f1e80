"""Caster decks: the deck file format and deck construction (CR 402)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...cards.loader import read_yaml
from ...kernel.objects import CardDef

DECK_DIR = Path(__file__).parent / "decks"


class DeckError(ValueError):
    """A deck that cannot be read or breaks deck construction."""


@dataclass
class Deck:
    name: str
    main: list[CardDef] = field(default_factory=list)
    extra: list[CardDef] = field(default_factory=list)
    source: str = ""

    def to_json(self) -> dict[str, Any]:
        def counts(cards: list[CardDef]) -> dict[str, int]:
            out: dict[str, int] = {}
            for c in cards:
                out[c.key] = out.get(c.key, 0) + 1
            return out
        return {"name": self.name, "main": counts(self.main), "extra": counts(self.extra)}


def _entries(raw: Any, where: str) -> list[tuple[str, int]]:
    """A deck section: a mapping name -> count, or a list of names / {card, n} entries."""
    out: list[tuple[str, int]] = []
    if raw is None:
        return out
    if isinstance(raw, dict):
        for k, v in raw.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise DeckError(f"{where}: {k!r}: the count must be a whole number of 1 or more, got {v!r}")
            out.append((str(k), v))
        return out
    if isinstance(raw, list):
        for i, e in enumerate(raw):
            if isinstance(e, str):
                out.append((e, 1))
            elif isinstance(e, dict) and "card" in e:
                n = e.get("n", 1)
                if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                    raise DeckError(f"{where}[{i}]: n must be a whole number of 1 or more")
                out.append((str(e["card"]), n))
            else:
                raise DeckError(f"{where}[{i}]: expected a card name or {{card: NAME, n: COUNT}}")
        return out
    raise DeckError(f"{where}: expected a mapping of card name to count")


def parse_deck(data: Any, pool: dict[str, CardDef], where: str) -> Deck:
    if not isinstance(data, dict):
        raise DeckError(f"{where}: a deck file is a mapping with 'main' (and 'extra')")
    for k in data:
        if k not in ("name", "game", "main", "extra", "description"):
            raise DeckError(f"{where}: unknown key {k!r}; keys: name, game, main, extra, description")
    if data.get("game", "caster") != "caster":
        raise DeckError(f"{where}: this is a deck for {data.get('game')!r}, not caster")
    deck = Deck(str(data.get("name", Path(where).stem)), source=where)
    for section in ("main", "extra"):
        for name, n in _entries(data.get(section), f"{where}: {section}"):
            card = pool.get(name)
            if card is None:
                close = [k for k in pool if name.lower() in k.lower()][:3] or difflib.get_close_matches(
                    name, list(pool), n=3, cutoff=0.6)  # a misspelt name
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise DeckError(f"{where}: {section}: unknown card {name!r}{hint}")
            getattr(deck, section).extend([card] * n)
    return deck


def load_deck(path: str | Path, pool: dict[str, CardDef]) -> Deck:
    p = Path(path)
    if not p.exists():
        named = DECK_DIR / f"{path}.yaml"
        if named.exists():
            p = named
        else:
            raise DeckError(f"{path}: no such deck file or shipped deck (shipped: {', '.join(shipped_deck_names())})")
    try:
        data = read_yaml(p)
    except ValueError as e:
        raise DeckError(str(e)) from None
    return parse_deck(data, pool, str(p))


def shipped_deck_names() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.yaml"))


def check_deck(deck: Deck) -> list[str]:
    """CR 402: every way the deck breaks deck construction (empty list: legal)."""
    errs: list[str] = []
    main, extra = deck.main, deck.extra
    if len(main) != 50:
        errs.append(f"CR 402.2: the deck must have exactly 50 cards; it has {len(main)}")
    counts: dict[tuple, int] = {}
    limits: dict[tuple, Any] = {}
    for c in main:
        ch = c.chars
        if "soul bond" in ch.get("additional", ()) or "deity" in ch["types"]:
            errs.append(f"CR 402.2: {c.key} is a Soul Bond servant or deity and belongs in the extra deck")
            continue
        if c.token:
            errs.append(f"CR 1302: {c.key} is a token and cannot be in a deck")
            continue
        if "caster" in ch["types"]:
            k = ("caster", ch["name"], ch.get("level"), ch.get("version"))  # CR 402.2b
        else:
            k = ("card", ch["name"])  # CR 402.2a
        counts[k] = counts.get(k, 0) + 1
        # CR 402.4: a card's own deck-building ability replaces the limit, at deck building only
        limits[k] = ch.get("copies", 4)
    for k, n in sorted(counts.items(), key=str):
        lim = limits[k]
        if lim != "any" and n > lim:
            what = f"{k[1]} Lv{k[2]}" + (f" ({k[3]})" if k[3] else "") if k[0] == "caster" else k[1]
            rule = "402.2b" if k[0] == "caster" else "402.2a"
            errs.append(f"CR {rule}: at most {lim} copies of {what}; the deck has {n}"
                        + (" (its own deck-building ability, CR 402.4)" if lim != 4 else ""))
    if len(extra) > 7:
        errs.append(f"CR 402.3: the extra deck holds 0 to 7 cards; it has {len(extra)}")
    ecount: dict[str, int] = {}
    for c in extra:
        ch = c.chars
        if not ("soul bond" in ch.get("additional", ()) or "deity" in ch["types"]):
            errs.append(f"CR 402.3: {c.key} is not a Soul Bond servant or deity and cannot be in the extra deck")
        ecount[ch["name"]] = ecount.get(ch["name"], 0) + 1
    for name, n in sorted(ecount.items()):
        if n > 4:
            errs.append(f"CR 402.3a: at most 4 copies of {name} in the extra deck; it has {n}")
    return errs
