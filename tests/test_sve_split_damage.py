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
