"""Kernel basics: the RNG, zone changes making new objects with last known
information, and the engine loop's handling of answers."""

from __future__ import annotations

import inspect

import pytest

from tcgjudge.games import registry
from tcgjudge.kernel.decisions import IllegalAction
from tcgjudge.kernel.frames import dcopy
from tcgjudge.kernel.game import Game
from tcgjudge.kernel.rng import Rng
from tcgjudge.kernel.rules import GameState

PKG = registry.get("caster")


def test_rng_is_deterministic_and_uniform() -> None:
    a, b = Rng(42), Rng(42)
    xs = [a.below(6) for _ in range(6000)]
    assert xs == [b.below(6) for _ in range(6000)]
    counts = [xs.count(i) for i in range(6)]
    assert all(850 < c < 1150 for c in counts), counts
    items = list(range(20))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        Rng(0).below(0)


def test_dcopy_copies_nested_plain_data() -> None:
    src = {"a": [1, {"b": [2]}], "t": (1, 2)}
    c = dcopy(src)
    c["a"][1]["b"].append(3)
    assert src == {"a": [1, {"b": [2]}], "t": (1, 2)}


def test_game_is_the_game_state_the_rules_hooks_see() -> None:
    g = PKG.new_game([PKG.load_deck(n) for n in PKG.shipped_decks()[:2]], 3, first=0)
    assert isinstance(g, GameState)
    for name in ("base_chars", "chars", "move", "end"):
        assert inspect.signature(getattr(Game, name)) == inspect.signature(getattr(GameState, name)), name


@pytest.mark.rules("caster", "302.3", "911.1")
def test_a_zone_change_makes_a_new_object_and_keeps_lki() -> None:
    g = PKG.new_game([PKG.load_deck(n) for n in PKG.shipped_decks()[:2]], 3, first=0)
    hand = g.zone(0, "hand")
    old = hand[0]
    card = g.objects[old].card
    new = g.move(old, "graveyard", 0)
    assert new != old and old not in g.objects and g.objects[new].card is card
    assert g.objects[new].zone == "graveyard" and new in g.zone(0, "graveyard")
    assert g.lki[old][2] == new and g.successor(old) == new
    assert g.lki[old][0].zone == "hand"  # what it was, as it was


def test_decide_rejects_answers_and_a_finished_game() -> None:
    g = PKG.new_game([PKG.load_deck(n) for n in PKG.shipped_decks()[:2]], 5, first=1, auto=True)
    fp = g.fingerprint()
    for bad in (len(g.pending.options), -1, "nope", None, True):
        with pytest.raises(IllegalAction):
            g.decide(bad)
    assert g.fingerprint() == fp
    n = 0
    while g.result is None and n < 20_000:
        g.decide(0)
        n += 1
    assert g.result is not None and g.pending is None
    with pytest.raises(IllegalAction, match="the game is over"):
        g.decide(0)
