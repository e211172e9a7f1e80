"""SVE card text: passive rule changes (grammar section "SVE statics", ``games/sve/statics.py``);
each construct is played in ``conformance/sve/cards/statics-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


def sve(text: str, card_type: str = "follower") -> dict:
    return sg.compile_text(text, card_type=card_type, name="Test Card")


@pytest.mark.rules("sve", "7.2.3", "10.3")
def test_cards_that_do_not_refresh_in_the_start_phase() -> None:
    got = sve("This card doesn't refresh during your start phase.", "amulet")["abilities"][0]["static"]
    assert got == {"grant": {"keywords": ["no_start_refresh"]}}
    got = sve("Your amulets don't refresh during your start phases.")["abilities"][0]["static"]
    assert got == {"grant": {"keywords": ["no_start_refresh"]}, "affects": {"controller": "you", "type": "amulet"}}
    got = sve("Each enemy follower on the field doesn't refresh during its controller's start phase.")
    assert got["abilities"][0]["static"]["affects"] == {"controller": "enemy", "type": "follower"}
    got = sve("While there is another follower on your field, this card doesn't refresh during your start phase.")
    assert got["abilities"][0]["static"]["if"] == {"exists": {"other": True, "type": "follower", "controller": "you"}}
    # another player's cards are never refreshed in your start phase
    with pytest.raises(Uncompilable):
        sve("Enemy followers don't refresh during your start phase.")


@pytest.mark.rules("sve", "5.26.2", "2.8")
def test_a_leaders_defense_set() -> None:
    got = sve("Change each enemy leader's defense to 6.", "spell")["effect"]["do"]
    assert got == [{"leader_def": {"set": 6, "player": "enemy"}}]
    got = sve("Fanfare: Change your leader's defense to 10.")["abilities"][0]["auto"]["do"]
    assert got == [{"leader_def": {"set": 10, "player": "you"}}]


@pytest.mark.rules("sve", "1.2.4", "5.13.3.1")
def test_winning_and_attack_damage() -> None:
    got = sve("When this follower deals attack damage to an enemy leader, you win the game.")["abilities"][0]["auto"]
    assert got == {"on": {"event": "damage", "subject": "self", "data": {"kind": "attack", "target_type": "leader"},
                          "target": {"controller": "enemy"}}, "do": [{"win": "you"}]}
    got = sve("Whenever this follower deals attack damage, draw a card.")["abilities"][0]["auto"]["on"]
    assert got == {"event": "damage", "subject": "self", "data": {"kind": "attack"}}
    got = sve("Your opponent loses the game.", "spell")["effect"]["do"]
    assert got == [{"lose_game": "enemy"}]
    with pytest.raises(Uncompilable):
        sve("Each player loses the game.", "spell")  # one player, named
