"""What every environment shares: choosing decks, starting games, stepping, rewards."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...games import registry
from ...kernel.decisions import IllegalAction
from ...kernel.game import Game
from ...kernel.rng import Rng
from ...kernel.view import view
from .encoding import Encoder

AGENTS = ("p1", "p2")


class Match:
    """Games of one game id between two decks (or every pairing of the shipped decks).

    ``decks``: ``None`` (each game draws a pairing of the shipped decks), or two decks, each a
    shipped deck name or a deck object of the game (``pkg.load_deck``).  Games start with
    ``auto=True``: a question with a single option is answered by the engine, never asked.
    """

    def __init__(self, game: str, decks: list[Any] | None = None, *, max_options: int = 128, slots: int = 16,
                 max_decisions: int = 20_000) -> None:
        self.pkg = registry.get(game)
        self.game_id = game
        if decks is None:
            self.fixed = None
            names = self.pkg.shipped_decks()
            self.choices = [self.pkg.load_deck(n) for n in names]
            sample = self.choices[:2] if len(self.choices) > 1 else self.choices * 2
        else:
            if len(decks) != 2:
                raise ValueError(f"decks: expected two decks, got {len(decks)}")
            self.fixed = [self.pkg.load_deck(d) if isinstance(d, str) else d for d in decks]
            self.choices = self.fixed
            sample = self.fixed
        if max_options < 2:
            raise ValueError(f"max_options: expected 2 or more, got {max_options}")
        self.max_decisions = max_decisions
        g = self.pkg.new_game(list(sample), 0, auto=True)
        keys = set(self.pkg.pool())
        for d in self.choices:  # every card the games may hold
            keys |= {o.card.key for o in self.pkg.new_game([d, d], 0, auto=True).objects.values()}
        self.encoder = Encoder.for_game(g, keys, slots=slots, max_options=max_options)

    def new_game(self, rng: Rng) -> Game:
        """A new game with a seed and (without fixed decks) a pairing drawn from ``rng``."""
        if self.fixed is not None:
            decks = list(self.fixed)
        else:
            n = len(self.choices)
            decks = [self.choices[rng.below(n)], self.choices[rng.below(n)]]
        return self.pkg.new_game(decks, rng.below(2**31), auto=True)

    def check(self, g: Game) -> None:
        """An error when the pending decision has more options than the action space holds."""
        d = g.pending
        if d is not None and len(d.options) > self.encoder.max_options:
            raise ValueError(f"a {d.kind} decision has {len(d.options)} options, more than max_options="
                             f"{self.encoder.max_options}; make the environment with a larger max_options")

    def observe(self, g: Game, player: int) -> dict[str, np.ndarray]:
        v = view(g, player)
        return {"observation": self.encoder.encode(v), "action_mask": self.encoder.mask(v)}

    @staticmethod
    def labels(g: Game, player: int) -> list[str]:
        d = g.pending
        return list(d.labels) if d is not None and d.player == player else []

    @staticmethod
    def decide(g: Game, action: Any) -> bool:
        """Answer the pending decision with option ``action``; False (and nothing changed) if illegal."""
        try:
            a = int(action)
        except (TypeError, ValueError):
            return False
        d = g.pending
        if d is None or not 0 <= a < len(d.options):
            return False
        try:
            g.decide(a)
        except IllegalAction:
            return False
        return True

    @staticmethod
    def reward(g: Game, player: int) -> float:
        """+1 for a win, -1 for a loss, 0 for a draw or an unfinished game."""
        if g.result is None or g.result == "draw":
            return 0.0
        return 1.0 if g.result == player else -1.0
