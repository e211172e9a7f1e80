"""SVE card text: play-point conditions, amounts to several receivers, damage minus N (grammar
section "SVE damage", ``games/sve/split_damage.py``); each construct is played in
``conformance/sve/cards/damage-*.yaml``."""

from __future__ import annotations

import pytest

from sve_util import compile_card as sve
from tcgjudge.cards.textcompiler import Uncompilable


@pytest.mark.rules("sve", "3.2")
def test_play_point_conditions_and_the_play_points_counted_again() -> None:
    got = sve("If you have at least 2 play points, draw a card. If you have at least 4, draw a card. "
              "If you have 3 or less play points, draw a card.", "spell")["effect"]["do"]
    assert [d["if"]["cond"] for d in got] == [
        {"player_value": {"key": "pp", "player": "you", "min": 2}},
        {"player_value": {"key": "pp", "player": "you", "min": 4}},
        {"player_value": {"key": "pp", "player": "you", "max": 3}}]
    # after a count of cards, "you have at least N" counts those cards again
    got = sve("If you have at least 5 spells in your cemetery, draw a card. If you have at least 10, "
              "draw a card.", "spell")["effect"]["do"]
    assert got[1]["if"]["cond"] == {"count": {"of": {"type": "spell", "zone": "cemetery", "player": "you"},
                                              "min": 10}}
    # with nothing counted before, or "there are at least N" after play points: refused
    with pytest.raises(Uncompilable):
        sve("If you have at least 4, draw a card.", "spell")
    with pytest.raises(Uncompilable):
        sve("If you have at least 2 play points, draw a card. If there are at least 4, draw a card.", "spell")


@pytest.mark.rules("sve", "5.13", "10.6.2")
def test_two_amounts_in_one_damage_verb() -> None:
    got = sve("Select up to 2 enemy followers on the field. Deal 5 damage to them and 3 damage to each "
              "enemy leader.", "spell")["effect"]["do"]
    assert got == [{"deal": {"what": "t", "n": 5}},
                   {"deal": {"what": {"zone": "leader", "controller": "enemy"}, "n": 3}}]
    got = sve("Select an enemy follower on the field and a follower on your field. Deal 5 damage to the "
              "first follower and 2 damage to its leader.", "spell")["effect"]["do"]
    assert got == [{"deal": {"what": "t", "n": 5}},
                   {"deal": {"what": {"zone": "leader", "controller": "t"}, "n": 2}}]
    got = sve("Select up to 3 enemy followers on the field. Deal 5 damage to one and 2 damage to the others.",
              "spell")["effect"]["do"]
    assert got == [{"select": {"as": "one", "from": "t", "n": 1}}, {"deal": {"what": "one", "n": 5}},
                   {"deal": {"what": {"in": "t", "not_in": "one"}, "n": 2}}]
    assert sve("Deal each follower on the field 1 damage.", "spell")["effect"]["do"] == [
        {"deal": {"what": {"type": "follower"}, "n": 1}}]
    with pytest.raises(Uncompilable):  # "one" of nothing selected
        sve("Deal 5 damage to one and 2 damage to the others.", "spell")
    with pytest.raises(Uncompilable):  # an indefinite receiver needs "Select" (10.6.2.3)
        sve("Deal a follower on the field 1 damage.", "spell")


@pytest.mark.rules("sve", "5.13.2", "10.10", "10.2.1.2")
def test_damage_less_by_n_for_a_duration_once_and_for_two_receivers() -> None:
    leader = {"zone": "leader", "controller": "you"}
    got = sve("If your leader would take damage this turn, it takes that much minus 1 instead.", "spell")
    assert got["effect"]["do"] == [{"damage_mod": {"to": leader, "n": -1, "until": "end_of_turn"}}]
    got = sve("The next time your leader would take damage this turn, it takes that much minus 5 instead.", "spell")
    assert got["effect"]["do"] == [{"damage_mod": {"to": leader, "n": -5, "once": True, "until": "end_of_turn"}}]
    got = sve("If this card or your leader would take damage, they take that much minus 1 instead.")
    assert got["abilities"][0]["static"] == {"damage_mod": {"to": ["self", leader], "n": -1}}
