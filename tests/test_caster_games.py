"""Whole Caster games between random agents: no exception, invariants hold, determinism."""

from __future__ import annotations

import pytest

from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game, replay_game

PKG = registry.get("caster")


def decks(i: int):
    names = PKG.shipped_decks()
    return [PKG.load_deck(names[i % len(names)]), PKG.load_deck(names[(i // len(names) + i + 1) % len(names)])]


@pytest.mark.parametrize("seed", range(12))
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
    for _ in range(60):
        g.decide(0 if len(g.pending.options) == 1 else 1 % len(g.pending.options))
    before = g.fingerprint()
    c = g.clone()
    n = 0
    while c.result is None and n < 300:
        c.decide(len(c.pending.options) - 1)
        n += 1
    assert g.fingerprint() == before
    g2 = g.clone()
    assert g2.fingerprint() == before


@pytest.mark.rules("caster", "1301.1c")
def test_a_loop_nobody_can_stop_is_a_draw() -> None:
    """Two automatic abilities that trigger each other forever, with no choice anywhere."""
    from tcgjudge.interfaces.scenario import Runner

    data = {
        "game": "caster", "name": "endless loop", "rules": ["1301.1c"],
        "cards": [{"name": "Echo Bell", "type": "barrier", "cost": 1, "element": "void",
                   "abilities": [{"auto": {"on": {"event": "counter", "subject": "self"},
                                           "do": [{"counter": {"what": "self", "name": "echo", "n": 1}}]}}]},
                  {"name": "Starter", "type": "conjure", "cost": 0, "element": "void",
                   "effect": {"do": [{"counter": {"what": {"name": "Echo Bell"}, "name": "echo", "n": 1}}]}}],
        "setup": {"turn": 3, "at": "main", "p1": {"field": ["Echo Bell"], "hand": ["Starter"], "deck": 5},
                  "p2": {"deck": 5}},
    }
    from pathlib import Path

    r = Runner(data, Path("loop"))
    g = r.setup()
    g.decide("play Starter")
    while g.result is None and g.pending is not None and "pass" in g.pending.labels:
        g.decide("pass")
    assert g.result == "draw"
    assert any("loop" in str(line) for line in g.log[-3:])
