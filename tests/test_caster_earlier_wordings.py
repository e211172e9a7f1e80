"""Wordings of the earlier Caster sets read as families (grammar.lark, "Caster earlier sets' long
tail"): what the scenarios of conformance/caster/cards/ cannot show alone."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.caster.grammar_compiler import compile_text


def _do(text: str) -> list:
    return compile_text(text, card_type="caster")["abilities"][0]["activated"]["do"]


def test_several_cards_as_a_caster_stay_refused():
    # "the top two cards ... as a Caster" may be one caster with a stock (CR 306.2): not guessed
    with pytest.raises(Uncompilable):
        compile_text("Rest: Put the top two cards of your deck into an allied caster zone face down, as a Caster "
                     "as Rest.", card_type="caster")
    do = _do("Rest: Put the top card of your deck into an allied caster zone face down, as a Caster as Rest.")
    assert do == [{"move": {"what": {"zone": "deck", "player": "you", "top": 1}, "to": "casters", "face": "down",
                            "orientation": "rested", "player": "you"}}]


def test_for_each_card_in_your_hand_keeps_its_reading():
    # the cards in a hand are counted as the player's hand size (m_stat_each), not as a selector
    do = _do("Rest: Target servant gets +1000 ATK for each card in your hand until end of turn.")
    assert do[0]["modify"]["atk"] == {"mul": [1000, {"player_value": {"key": "hand", "player": "you"}}]}


def test_the_duration_after_the_value_and_before_the_count():
    do = _do("Rest: Target servant gets +500 ATK and DEF this turn for each allied (Void) servant.")
    count = {"count": {"controller": "you", "element": "void", "type": "servant"}}
    assert do[0]["modify"] == {"what": "t", "atk": {"mul": [500, count]}, "def": {"mul": [500, count]},
                               "until": "end_of_turn"}


@pytest.mark.parametrize("text", [
    "Rest: This turn, target servant gains +500 ATK.",
    "Rest: For the rest of this turn, target servant gains +500 ATK.",
    "Rest: Target servant gains +500 ATK until the end of this turn.",
    "Rest: Target servant gains +500 ATK until end of turn.",
])
def test_a_turn_written_in_other_ways_is_the_same_duration(text):
    assert _do(text) == [{"modify": {"what": "t", "atk": 500, "until": "end_of_turn"}}]
