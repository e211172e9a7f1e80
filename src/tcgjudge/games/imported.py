"""Imported cards and the decks players keep, for every game package.

``pkg.with_cards(files)`` is the package with the cards of Cockatrice card databases and pool
files added to its shipped pool (the games, decks, scenarios and replays it makes use them);
``pkg.load_deck`` reads a deck file in the package's own YAML format, a Cockatrice deck
(``.cod``) or a plain decklist (``.txt``), naming cards as the pool's printings name them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..cards.cockatrice import DeckLine, parse_cod, read_cod
from ..cards.decklist import parse_decklist, read_decklist
from ..cards.language import CardError
from ..cards.pool import CardPool, Importer, read_pool, shipped_as_pool
from ..kernel.objects import CardDef
from .package_base import GamePackage

#: deck files read as lines of cards (the rest are the game's YAML deck files)
COD = (".cod",)
DECKLIST = (".txt", ".dec", ".deck")


class WithImportedCards(GamePackage):
    """What a game package adds to read real cards and decks: its Cockatrice mapping
    (``importer()``, from ``games/GAME/cockatrice.py``), ``rules()``, ``pool()`` and its deck
    module's ``parse_deck``/``from_lines``."""

    #: the imported cards
    imported: CardPool | None = None
    #: the files they came from
    card_files: tuple[str, ...] = ()
    #: where the game's shipped plain decklists are (None: none)
    decklist_dir: Path | None = None

    def importer(self) -> Importer:
        return self.game_module("cockatrice").importer()

    def deck_module(self) -> Any:
        return self.game_module("deck")

    def with_cards(self, files: Iterable[str | Path]) -> Any:
        """This package with the cards of ``files`` (Cockatrice XML or pool files) added; the
        shipped cards stay, and a token the game defines itself (e.g. SVE Appendix A) is kept."""
        files = tuple(str(f) for f in files)
        if not files:
            return self
        for f in files:
            if not Path(f).is_file():
                raise CardError(f"{f}: no such card file (a Cockatrice card database .xml or a pool file)")
        pool = read_pool(self.importer(), files)
        if self.imported is not None:
            mine = self.imported
            mine = CardPool(mine.game, list(mine.cards), list(mine.sources), list(mine.excluded))
            mine.add(pool)
            pool = mine
        new = copy.copy(self)
        new.imported = pool
        new.card_files = self.card_files + files
        base = self.rules() if self._rules_with_cards is None else self._rules_with_cards
        r = copy.copy(base)
        cards = {pc.card.key: pc.card for pc in pool.cards if not pc.token}
        r.cards = {**base.cards, **cards}
        r.tokens = {**{pc.card.key: pc.card for pc in pool.cards if pc.token and not pc.unplayable}, **base.tokens}
        new._rules_with_cards = r
        return new

    def card_pool(self) -> CardPool:
        """The cards decks may name: the imported ones, then the shipped ones."""
        out = CardPool(self.id)
        if self.imported is not None:
            out.add(self.imported)
        out.add(shipped_as_pool(self.id, self.deck_pool()))
        return out

    # ------------------------------------------------------------------ decks
    def load_deck(self, name: str) -> Any:
        p = self._deck_path(str(name))
        if p is not None and p.suffix.lower() in COD + DECKLIST:
            return self.deck_from_lines(p)
        return self.load_yaml_deck(str(name))

    def _deck_path(self, name: str) -> Path | None:
        p = Path(name)
        if p.exists():
            return p
        if self.decklist_dir is not None:
            for cand in (self.decklist_dir / p.name, self.decklist_dir / f"{p.name}.txt"):
                if cand.exists():
                    return cand
        return None

    def deck_from_lines(self, path: Path) -> Any:
        cod = path.suffix.lower() in COD
        name, lines = read_cod(path) if cod else read_decklist(path)
        return self.deck_of_lines(name, lines, str(path), cod)

    def deck_from_line_text(self, text: str, where: str, *, cod: bool) -> Any:
        """The deck of the text of a Cockatrice deck (``cod``) or of a plain decklist; errors
        name ``where`` and the line."""
        name, lines = parse_cod(text, where, where) if cod else parse_decklist(text, where, where)
        return self.deck_of_lines(name, lines, where, cod)

    def deck_of_lines(self, name: str, lines: list[DeckLine], where: str, cod: bool) -> Any:
        """The deck of the lines of a deck file, each card found in the pool by its name."""
        pool = self.card_pool()
        notes: list[str] = []
        cards: list[tuple[DeckLine, CardDef]] = []
        home = pool.home_set(ln.name for ln in lines) if cod else None
        for ln in lines:
            pc = pool.find(ln.name, ln.set, ln.where, first_printing=cod, home=home, notes=notes)
            cards.append((ln, pc.card))
        deck = self.deck_module().from_lines(name, cards, where)
        deck.notes = notes
        return deck

    def decklists(self) -> list[str]:
        """The plain decklists the game ships (they name real cards: play them with ``--cards``)."""
        if self.decklist_dir is None:
            return []
        return sorted(p.stem for p in self.decklist_dir.glob("*.txt"))


__all__ = ["COD", "DECKLIST", "WithImportedCards"]
