"""SVE card text: conditions and their combinations (grammar section "SVE conditions and their
combinations", ``games/sve/conditions.py``); each construct is played in
``conformance/sve/cards/cond-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg

sg.vocabulary(traits=["Cute", "Cool", "Passion", "Kagero", "Mage"], names=["Cheval Grand", "Verxina"])


def sve(text: str, card_type: str = "follower") -> dict:
    return sg.compile_text(text, card_type=card_type, name="Test Card")


@pytest.mark.rules("sve", "4.1", "2.4")
def test_several_cards_present_share_the_place_written_last() -> None:
    got = sve("If there's a Cute card, Cool card, and Passion card in your cemetery, draw a card.", "spell")
    cond = got["effect"]["do"][0]["if"]["cond"]
    assert cond == {"and": [{"exists": {"trait": t, "zone": "cemetery", "player": "you"}}
                            for t in ("Cute", "Cool", "Passion")]}
    got = sve("This card costs 2 less to play if there's a Cheval Grand or Verxina on your field.")
    assert got["abilities"][0]["static"]["if"] == {"or": [{"exists": {"name": "Cheval Grand", "controller": "you"}},
                                                           {"exists": {"name": "Verxina", "controller": "you"}}]}
    with pytest.raises(Uncompilable):  # a count in the list: not "one of each"
        sve("If there's a Cute card and 2 Cool cards in your cemetery, draw a card.", "spell")


@pytest.mark.rules("sve", "13.4.1.2")
def test_two_conditions_joined_by_comma_and() -> None:
    got = sve("While Overflow is active for you, and there's another Kagero follower on your field, this follower has Storm.")
    assert got["abilities"][0]["static"]["if"] == {"and": [
        {"overflow": True}, {"exists": {"other": True, "trait": "Kagero", "type": "follower", "controller": "you"}}]}


@pytest.mark.rules("sve", "4.3", "13.2.1.3")
def test_history_of_a_kind_reads_the_cards_kept_with_the_tally() -> None:
    got = sve("Act (1): Draw a card. Activate only if an enemy follower was put from the field into the cemetery this turn.")
    assert got["abilities"][0]["activated"]["if"] == {
        "record": {"key": "field_to_cemetery", "player": "enemy", "min": 1, "of": {"type": "follower"}}}
    # the earlier forms keep their reading
    got = sve("If a follower was put from your field into the cemetery this turn, draw a card.", "spell")
    assert got["effect"]["do"][0]["if"]["cond"] == {"record": {"key": "follower_field_to_cemetery", "min": 1}}
    got = sve("Fanfare: If you've played another Cute card this turn, draw a card.")
    assert got["abilities"][0]["auto"]["if"] == {"record": {"key": "played", "min": 1, "of": {"trait": "Cute"}, "other": True}}
    got = sve("Fanfare: If you've played a card this turn, draw a card.")
    assert got["abilities"][0]["auto"]["if"] == {"record": {"key": "played", "min": 1}}
    with pytest.raises(Uncompilable):  # one card of both traits would count for both
        sve("At the start of your end phase, if you played a Cute card and a Cool card this turn, draw a card.")


@pytest.mark.rules("sve", "7.1.1")
def test_the_nth_turn_of_a_player() -> None:
    got = sve("This card can only be played if it's your 5th turn or later.")
    assert got["play_if"] == {"and": [{"turn": "yours"}, {"player_value": {"key": "turns", "player": "you", "min": 5}}]}
