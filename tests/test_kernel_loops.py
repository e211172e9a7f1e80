"""Declared loops (CR 1301.1a-b)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.interfaces.scenario import Runner
from tcgjudge.kernel.decisions import IllegalAction
from tcgjudge.kernel.loops import perform_loop

SETUP = {
    "game": "caster", "name": "loop", "rules": ["1301.1a"],
    "cards": [{"name": "Whirring Engine", "type": "barrier", "cost": 1, "element": "void",
               "text": "Put a gear counter on this card.",
               "abilities": [{"activated": {"do": [{"counter": {"what": "self", "name": "gear", "n": 1}}]},
                              "text": "Put a gear counter on this card."}]}],
    "setup": {"turn": 3, "at": "main", "p1": {"field": [{"card": "Whirring Engine", "id": "e"}], "deck": 5},
              "p2": {"deck": 5}},
}


def engine_game():
    r = Runner(dict(SETUP), Path("loop"))
    g = r.setup()
    return g, r


def gears(g, r) -> int:
    return g.objects[r.current("e")].counter("gear")


@pytest.mark.rules("caster", "1301.1a")
def test_one_player_declares_the_count() -> None:
    g, r = engine_game()
    n = perform_loop(g, ["activate e", "pass", "pass"], {0: 25})
    assert n == 25
    assert gears(g, r) == 25
    assert g.pending.player == 0 and "activate e" in g.pending.labels
    # the same loop cannot be declared again before another action (1301.1a)
    before = g.fingerprint()
    with pytest.raises(IllegalAction):
        perform_loop(g, ["activate e", "pass", "pass"], {0: 3})
    assert g.fingerprint() == before
    g.decide("activate e")  # another action...
    g.decide("pass")
    g.decide("pass")
    assert perform_loop(g, ["activate e", "pass", "pass"], {0: 2}) == 2  # ...then it may loop again
    assert gears(g, r) == 28


@pytest.mark.rules("caster", "1301.1b")
def test_several_players_the_smaller_count() -> None:
    g, r = engine_game()
    assert perform_loop(g, ["activate e", "pass", "pass"], {0: 40, 1: 7}) == 7
    assert gears(g, r) == 7


@pytest.mark.rules("caster", "1301.1a")
def test_a_sequence_that_is_not_a_loop_changes_nothing() -> None:
    g, r = engine_game()
    before = g.fingerprint()
    with pytest.raises(IllegalAction):
        perform_loop(g, ["activate e", "pass"], {0: 3})  # ends at p2's question, not p1's
    with pytest.raises(IllegalAction):
        perform_loop(g, ["attack e -> p2"], {0: 3})
    assert g.fingerprint() == before
