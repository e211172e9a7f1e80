"""What every game package object does alike (the interface is described in
``games/caster/package.py``): its rules object, its cards, its decks and its board text, each
from the game's own modules.

The game's modules are found by the package's ``id`` (``tcgjudge.games.ID``: ``rules()``, the
``deck`` module, ``board.board_text``) and imported when first asked for, so that listing the
games (``games/registry.py``) loads none of their rules."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..cards.decks import DeckError

if TYPE_CHECKING:
    from ..kernel.game import Game
    from ..kernel.objects import CardDef


class GamePackage:
    #: the game's id, also the name of its package under ``tcgjudge.games``
    id: str = ""
    #: the rules object with imported cards (None: the shipped pool only; see ``imported.py``)
    _rules_with_cards: Any = None
    #: what a deck that cannot be read or breaks deck construction raises
    deck_error = DeckError

    def game_module(self, name: str = "") -> ModuleType:
        """The game's package, or its module ``name`` (e.g. ``"deck"``)."""
        return importlib.import_module(f"{__package__}.{self.id}" + (f".{name}" if name else ""))

    def rules(self) -> Any:
        if self._rules_with_cards is not None:
            return self._rules_with_cards
        return self.game_module().rules()

    def pool(self) -> dict[str, CardDef]:
        return self.rules().cards

    def card_builder(self) -> Any:
        return self.rules().builder

    # ------------------------------------------------------------------ decks
    def deck_pool(self) -> dict[str, CardDef]:
        """The cards a deck file may name."""
        return self.pool()

    def load_yaml_deck(self, name: str) -> Any:
        """A deck file in the game's own format, or the shipped deck ``name``."""
        return self.game_module("deck").load_deck(name, self.deck_pool())

    def load_deck(self, name: str) -> Any:
        return self.load_yaml_deck(name)

    def shipped_decks(self) -> list[str]:
        return self.game_module("deck").shipped_deck_names()

    def check_deck(self, deck: Any) -> list[str]:
        return self.game_module("deck").check_deck(deck)

    # ------------------------------------------------------------------ text
    def describe(self, g: Game, viewer: int) -> str:
        return self.game_module("board").board_text(g, viewer)


__all__ = ["GamePackage"]
