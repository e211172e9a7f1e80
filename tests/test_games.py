"""Whole games between random agents, for every game: no exception, invariants hold,
determinism, independent clones."""

from __future__ import annotations

import pytest

from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game, replay_game

GAMES = ("caster", "sve", "nova")


def decks(pkg, i: int):
    names = pkg.shipped_decks()
    return [pkg.load_deck(names[i % len(names)]), pkg.load_deck(names[(i // len(names) + i + 1) % len(names)])]


SEEDED = [pytest.param("caster", seed, id=f"caster-{seed}") for seed in range(12)] + [
    pytest.param("sve", seed, id=f"sve-{seed}", marks=pytest.mark.rules("sve", "1.2.1", "1.2.1.1", "7.1.1", "7.1.2"))
    for seed in range(10)] + [
    pytest.param("nova", seed, id=f"nova-{seed}", marks=pytest.mark.rules("nova", "003.1.1", "502.1", "402.3", "403.3"))
    for seed in range(10)]


@pytest.mark.parametrize(("game", "seed"), SEEDED)
def test_random_games_keep_invariants(game: str, seed: int) -> None:
    pkg = registry.get(game)
    g, rec = play_game(pkg, decks(pkg, seed), seed, ["random", "random"], check=True)
    assert g.result is not None
    again = replay_game(pkg, rec.replay)
    assert again.fingerprint() == g.fingerprint()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game: str) -> None:
    pkg = registry.get(game)
    g1, _ = play_game(pkg, decks(pkg, 0), 7, ["random", "random"])
    g2, _ = play_game(pkg, decks(pkg, 0), 7, ["random", "random"])
    assert g1.fingerprint() == g2.fingerprint()
    g3, _ = play_game(pkg, decks(pkg, 0), 8, ["random", "random"])
    assert g3.fingerprint() != g1.fingerprint()


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_independent(game: str) -> None:
    pkg = registry.get(game)
    g = pkg.new_game(decks(pkg, 0), 3, auto=True)
    for _ in range(50):
        if g.result is not None:
            break
        g.decide(len(g.pending.options) - 1 if len(g.pending.options) > 1 else 0)
    before = g.fingerprint()
    c = g.clone()
    n = 0
    while c.result is None and n < 300:
        c.decide(len(c.pending.options) - 1)
        n += 1
    assert g.fingerprint() == before
    assert g.clone().fingerprint() == before
