"""Match play: best of three games, with side-deck swaps between games (NOVA 007.1).

A match is a sequence of games between the same two players.  Before each game after the first,
each player may swap cards between their main deck and their side deck, one for one, asked as a
sequence of single decisions (``swap OUT for IN``, then ``done``); a swap is offered only when
the main deck stays legal (006.1.1, 006.1.2).  Every game starts as 007 says (007.5.1: a player
chosen at random chooses who goes first).  The first player to win two games wins the match; a
drawn game counts for no one, and after three games without a winner the match is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...kernel.decisions import Decision, IllegalAction
from ...kernel.game import Game
from .deck import Deck, check_deck

GAMES_TO_WIN = 2
MAX_GAMES = 3


def copy_deck(d: Deck) -> Deck:
    return Deck(d.name, list(d.main), list(d.character), list(d.side), d.source)


def swap_options(deck: Deck) -> list[tuple[str, Any]]:
    """The one-for-one swaps that keep the main deck legal, and ``done``."""
    opts: list[tuple[str, Any]] = [("done", None)]
    outs = sorted({c.key for c in deck.main})
    ins = sorted({c.key for c in deck.side})
    counts: dict[str, int] = {}
    for c in deck.main:
        counts[c.chars["name"]] = counts.get(c.chars["name"], 0) + 1
    by_key = {c.key: c for c in deck.main + deck.side}
    for o in outs:
        for i in ins:
            if o == i:
                continue
            name = by_key[i].chars["name"]
            if counts.get(name, 0) + 1 - (1 if by_key[o].chars["name"] == name else 0) > 4:
                continue  # 006.1.2
            opts.append((f"swap {o} for {i}", (o, i)))
    return opts


def apply_swap(deck: Deck, out_key: str, in_key: str) -> None:
    """Move one ``out_key`` from the main deck to the side deck and one ``in_key`` back."""
    oi = next((k for k, c in enumerate(deck.main) if c.key == out_key), None)
    ii = next((k for k, c in enumerate(deck.side) if c.key == in_key), None)
    if oi is None or ii is None:
        raise IllegalAction(f"cannot swap {out_key!r} for {in_key!r}: not in the main and side decks")
    new = copy_deck(deck)
    card_out = new.main.pop(oi)
    card_in = new.side.pop(ii)
    new.main.append(card_in)
    new.side.append(card_out)
    errs = check_deck(new)
    if errs:
        raise IllegalAction(f"the swap would make the deck illegal: {'; '.join(errs)}")
    deck.main, deck.side = new.main, new.side


@dataclass
class Match:
    """One best-of-three match; ``decks`` are copied (swaps change the copies)."""

    decks: list[Deck]
    seed: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    results: list[Any] = field(default_factory=list)
    swaps: list[list[tuple[str, str]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.decks = [copy_deck(d) for d in self.decks]

    @property
    def winner(self) -> int | str | None:
        for p in (0, 1):
            if self.wins[p] >= GAMES_TO_WIN:
                return p
        if len(self.results) >= MAX_GAMES:
            return "draw"
        return None

    def new_game(self, auto: bool = True) -> Game:
        from . import new_game

        if self.winner is not None:
            raise IllegalAction("the match is over")
        return new_game(self.decks[0], self.decks[1], self.seed * 7 + len(self.results), auto=auto)

    def record(self, g: Game) -> None:
        if g.result is None:
            raise IllegalAction("the game is not over")
        self.results.append(g.result)
        if g.result != "draw":
            self.wins[g.result] += 1

    def swap_decision(self, p: int) -> Decision:
        return Decision(p, "side_swap", f"007.1: swap cards between your main deck and side deck "
                        f"(game {len(self.results) + 1})", swap_options(self.decks[p]))

    def answer_swap(self, p: int, option: tuple[str, Any]) -> bool:
        """Apply one answer; False when the player is done."""
        if option[1] is None:
            return False
        apply_swap(self.decks[p], *option[1])
        while len(self.swaps) < len(self.results):
            self.swaps.append([])
        self.swaps[-1].append((f"p{p + 1}", option[0]))
        return True


def play_match(decks: list[Deck], seed: int, agents: list[Any], ask: Callable[[Any, Game], int],
               max_swaps: int = 15, max_decisions: int = 100_000) -> Match:
    """A whole match between two agents: ``ask(agent, game)`` is the agent's answer to the game's
    pending decision (the runner's way of asking, e.g. ``tcgjudge.agents.act``).  Between games
    an agent that reads decisions alone (``choose({}, decision)``) picks its side swaps; a search
    agent, which needs a game to look at, keeps its deck."""
    m = Match(decks, seed)
    while m.winner is None:
        if m.results:
            for p in (0, 1):
                if getattr(agents[p], "needs_infoset", False):
                    continue
                for _ in range(max_swaps):
                    d = m.swap_decision(p)
                    i = agents[p].choose({}, d)
                    if not m.answer_swap(p, d.options[i]):
                        break
        g = m.new_game()
        n = 0
        while g.result is None and n < max_decisions:
            g.decide(ask(agents[g.pending.player], g))
            n += 1
        if g.result is None:
            g.result = "draw"
        m.record(g)
    return m


__all__ = ["Match", "apply_swap", "play_match", "swap_options"]
