"""Decks a player brings to the web server: a deck the server lists, by name, or pasted text.

Pasted text goes through :func:`deck_from_text` alone, and may be any deck form the command
line takes: the game's own deck file (YAML, see docs/card-format.md), a Cockatrice deck
(``.cod``, XML) or a plain decklist (``3 Card Name`` lines, sections ending with ``:``; see
docs/cards-import.md).  The text is read by the import code (``cards/cockatrice.py``,
``cards/decklist.py``, the package's ``deck_of_lines`` and ``parse_deck``), and the cards it
names are the package's: the shipped ones and those of the server's ``--cards`` files.

Client text never names a file: a listed deck is looked up by exact name in a table the
server built at start-up (the package's shipped decks, the decklists its imported cards make
playable, the files of ``--deck-dir``), and the file read is the table's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ...cards.language import CardError

MAX_TEXT = 64_000
WHERE = "pasted deck"


class DeckInputError(ValueError):
    """A deck the client asked for that cannot be used; the message says why."""


def text_form(text: str) -> str:
    """Which deck form pasted text is: ``cod`` (a Cockatrice deck: XML), ``yaml`` (the game's deck
    file: a mapping whose sections are lists or mappings) or ``decklist`` (the rest)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        return "cod"
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return "decklist"
    if isinstance(data, dict) and any(isinstance(v, (list, dict)) for v in data.values()):
        return "yaml"
    return "decklist"


def deck_from_text(pkg: Any, text: str) -> Any:
    """The deck that pasted ``text`` describes, for the game of ``pkg``."""
    if not isinstance(text, str) or not text.strip():
        raise DeckInputError(f"{WHERE}: the text is empty")
    if len(text) > MAX_TEXT:
        raise DeckInputError(f"{WHERE}: the text is too long ({len(text)} characters; at most {MAX_TEXT})")
    form = text_form(text)
    try:
        if form == "yaml":
            data = yaml.safe_load(text)
            return pkg.deck_module().parse_deck(data, pkg.deck_pool(), WHERE)
        if not hasattr(pkg, "deck_from_line_text"):
            raise DeckInputError(f"{WHERE}: this game reads only its own deck files (YAML, docs/card-format.md)")
        try:
            return pkg.deck_from_line_text(text, WHERE, cod=form == "cod")
        except CardError as e:
            if form == "decklist" and _yaml_error(text) and "expected 'COUNT Card Name'" in str(e):
                # neither a decklist nor a readable deck file: say both
                raise DeckInputError(f"{e}; as a deck file (YAML): {_yaml_error(text)}") from None
            raise
    except (CardError, ValueError) as e:
        if isinstance(e, DeckInputError):
            raise
        raise DeckInputError(str(e)) from None


def _yaml_error(text: str) -> str | None:
    """Why text that looks like a YAML deck file is not one (None: it does not look like one)."""
    if not any(ln.lstrip().startswith("- ") or ln.lower().startswith(("main:", "leader:", "extra:"))
               for ln in text.splitlines()):
        return None
    try:
        yaml.safe_load(text)
    except yaml.YAMLError as e:
        return " ".join(str(e).split())[:300]
    return None


class DeckTable:
    """The decks a server offers by name, per game: the shipped decks, the shipped decklists the
    imported cards make playable, and the deck files of ``--deck-dir`` folders, each listed for
    the games it is a legal deck of."""

    #: deck files looked at in a --deck-dir folder
    SUFFIXES = (".cod", ".txt", ".dec", ".deck", ".yaml", ".yml")

    def __init__(self, packages: dict[str, Any], deck_dirs: tuple[str, ...] = (), warn: Any = None) -> None:
        self.packages = packages
        #: game -> [(name shown and asked for, what the package loads, title)]
        self.decks: dict[str, list[tuple[str, str, str]]] = {}
        files = [p for d in deck_dirs for p in sorted(Path(d).iterdir())
                 if p.is_file() and p.suffix.lower() in self.SUFFIXES]
        for gid, pkg in packages.items():
            out = [(n, n, "") for n in pkg.shipped_decks()]
            if getattr(pkg, "imported", None) is not None:
                out += [(f"decklists/{n}", f"decklists/{n}", "") for n in pkg.decklists()]
            self.decks[gid] = out
        problems: dict[Path, list[str]] = {}
        for p in files:
            for gid, pkg in packages.items():
                try:
                    deck = pkg.load_deck(str(p))
                    bad = pkg.check_deck(deck)
                except (CardError, ValueError) as e:
                    problems.setdefault(p, []).append(f"{gid}: {str(e)[:200]}")
                    continue
                if bad:
                    problems.setdefault(p, []).append(f"{gid}: not legal: {'; '.join(bad[:3])}")
                    continue
                self.decks[gid].append((p.name, str(p), deck.name))
                problems.pop(p, None)
                break
        if warn is not None:
            for p, why in problems.items():
                warn(f"--deck-dir: {p} is no deck the server can offer ({' | '.join(why)})")

    def names(self, game: str) -> list[str]:
        return [n for n, _, _ in self.decks.get(game, [])]

    def listing(self, game: str) -> list[dict[str, str]]:
        """The lobby's list: each deck's name and title."""
        pkg = self.packages[game]
        out = []
        for n, load, title in self.decks.get(game, []):
            if not title:
                try:
                    title = pkg.load_deck(load).name
                except (CardError, ValueError):
                    continue
            out.append({"name": n, "title": title})
        return out

    def load(self, game: str, name: Any) -> Any:
        """The listed deck called ``name`` (the table's own file, never the client's string)."""
        for n, load, _ in self.decks.get(game, []):
            if n == name:
                return self.packages[game].load_deck(load)
        raise DeckInputError(f"deck: no deck {str(name)[:60]!r}; decks: {', '.join(self.names(game))}")


def deck_from_request(pkg: Any, spec: Any, table: DeckTable | None = None) -> Any:
    """``{"shipped": NAME}`` (a deck the server lists) or ``{"text": TEXT}`` -> a legal deck
    (raises DeckInputError)."""
    if not isinstance(spec, dict) or len(spec) != 1 or not ({"shipped", "text"} & set(spec)):
        raise DeckInputError('deck: expected {"shipped": NAME} or {"text": DECK TEXT}')
    if "shipped" in spec:
        if table is None:
            table = DeckTable({pkg.id: pkg})
        try:
            deck = table.load(pkg.id, spec["shipped"])
        except (CardError, ValueError) as e:
            raise DeckInputError(str(e)) from None
    else:
        deck = deck_from_text(pkg, spec["text"])
    problems = pkg.check_deck(deck)
    if problems:
        raise DeckInputError(f"deck {deck.name!r} is not legal: " + "; ".join(problems[:8]))
    return deck
