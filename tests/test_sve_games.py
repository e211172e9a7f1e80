"""Whole SVE games between random agents: no exception, invariants hold, determinism."""

from __future__ import annotations

import pytest

from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game, replay_game

PKG = registry.get("sve")


def decks(i: int):
    names = PKG.shipped_decks()
    return [PKG.load_deck(names[i % len(names)]), PKG.load_deck(names[(i // len(names) + i + 1) % len(names)])]


@pytest.mark.rules("sve", "1.2.1", "1.2.1.1", "7.1.1", "7.1.2")
@pytest.mark.parametrize("seed", range(10))
def test_random_games_keep_invariants(seed: int) -> None:
    g, rec = play_game(PKG, decks(seed), seed, ["random", "random"], check=True)
    assert g.result is not None
    again = replay_game(PKG, rec.replay)
    assert again.fingerprint() == g.fingerprint()


def test_same_seed_same_game() -> None:
    g1, _ = play_game(PKG, decks(0), 7, ["random", "random"])
    g2, _ = play_game(PKG, decks(0), 7, ["random", "random"])
    assert g1.fingerprint() == g2.fingerprint()
    g3, _ = play_game(PKG, decks(0), 8, ["random", "random"])
    assert g3.fingerprint() != g1.fingerprint()


def test_clone_is_independent() -> None:
    g = PKG.new_game(decks(0), 3, auto=True)
    for _ in range(40):
        if g.result is not None:
            break
        g.decide(len(g.pending.options) - 1 if len(g.pending.options) > 1 else 0)
    before = g.fingerprint()
    c = g.clone()
    n = 0
    while c.result is None and n < 300:
        c.decide(0)
        n += 1
    assert g.fingerprint() == before
