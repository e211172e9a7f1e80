"""NOVA loops (924.1.1-924.1.2): the players who can repeat a loop name how many times."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.games.nova.loops import MAX_COUNT, choosers, repeat_loop
from tcgjudge.interfaces.scenario import Runner
from tcgjudge.kernel.decisions import IllegalAction

#: 「起 ：ライフを100得る。」 an activated ability with no cost, repeatable at will
LANTERN = {"name": "Chime Lantern", "name_ja": "鈴のランタン", "type": "magic_item", "color": "white", "cost": 1,
           "text": "起 ：ライフを100得る。",
           "abilities": [{"activated": {"do": [{"gain_life": 100}]}, "text": "起 ：ライフを100得る。"}]}

#: p1 activates, and passes; (both) p2 activates in answer, passes; both pass twice to resolve
ONE = ["activate e", "pass", "pass"]
BOTH = ["activate e", "pass", "activate f", "pass", "pass", "pass", "pass"]


def game(p2_lantern: bool = False):
    setup = {"game": "nova", "name": "loop", "rules": ["924.1.1"], "cards": [LANTERN],
             "setup": {"turn": 3, "active": "p1", "at": "main1",
                       "p1": {"field": [{"card": "Chime Lantern", "id": "e"}], "deck": 5},
                       "p2": {"field": [{"card": "Chime Lantern", "id": "f"}] if p2_lantern else [], "deck": 5}}}
    return Runner(setup, Path("loop")).setup()


def life(g, p: int) -> int:
    return g.rules.life(g, p)


@pytest.mark.rules("nova", "924.1.1", "924.1")
def test_one_player_names_the_count_and_cannot_loop_again_at_once() -> None:
    g = game()
    assert choosers(g, ONE) == [0]  # p2 only passes: p1 alone chooses to repeat
    assert repeat_loop(g, ONE, [(0, 12)]) == 12
    assert life(g, 0) == 2000 + 1200
    assert g.pending.player == 0 and "activate e" in g.pending.labels
    before = g.fingerprint()
    with pytest.raises(IllegalAction):  # not again before another action (924.1.1)
        repeat_loop(g, ONE, [(0, 3)])
    assert g.fingerprint() == before
    for label in ONE:  # another action (the same answers given one by one)...
        g.decide(label)
    assert repeat_loop(g, ONE, [(0, 2)]) == 2  # ...then it may be declared again
    assert life(g, 0) == 2000 + 1500


@pytest.mark.rules("nova", "924.1.1")
def test_only_the_players_who_can_repeat_name_a_count() -> None:
    g = game()
    before = g.fingerprint()
    for counts in ([(1, 5)], [(0, 5), (1, 5)], [(0, 5), (0, 3)], [(0, -1)], [(0, MAX_COUNT + 1)]):
        with pytest.raises(IllegalAction):
            repeat_loop(g, ONE, counts)
        assert g.fingerprint() == before
    with pytest.raises(IllegalAction):  # not a loop: it ends at p2's question
        repeat_loop(g, ["activate e", "pass"], [(0, 3)])
    assert g.fingerprint() == before


@pytest.mark.rules("nova", "924.1.2")
def test_both_players_name_the_turn_player_first_and_the_smaller_is_performed() -> None:
    g = game(p2_lantern=True)
    assert choosers(g, BOTH) == [0, 1]
    before = g.fingerprint()
    with pytest.raises(IllegalAction):  # the non-turn player cannot name first
        repeat_loop(g, BOTH, [(1, 4), (0, 9)])
    with pytest.raises(IllegalAction):  # both must name a count
        repeat_loop(g, BOTH, [(0, 9)])
    assert g.fingerprint() == before
    assert repeat_loop(g, BOTH, [(0, 9), (1, 4)]) == 4
    assert (life(g, 0), life(g, 1)) == (2400, 2400)
    with pytest.raises(IllegalAction):  # not again before another action (924.1.2)
        repeat_loop(g, BOTH, [(0, 1), (1, 1)])


@pytest.mark.rules("nova", "924.1.2")
def test_a_named_zero_performs_nothing() -> None:
    g = game(p2_lantern=True)
    assert repeat_loop(g, BOTH, [(0, 30), (1, 0)]) == 0
    assert (life(g, 0), life(g, 1)) == (2000, 2000)
