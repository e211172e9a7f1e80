"""SVE card text: conditions on this turn and on the card itself, references to what a cost did,
values set (grammar section "later sets A", ``games/sve/turn_history.py``); each construct is played
in ``conformance/sve/cards/later-a-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


def sve(text: str, card_type: str = "follower") -> dict:
    return sg.compile_text(text, card_type=card_type, name="Test Card")


def ability(text: str, kind: str) -> dict:
    return sve(text)["abilities"][0][kind]


@pytest.mark.rules("sve", "10.4.7", "10.11.1")
def test_what_a_cost_did_is_read_only_after_a_cost_of_that_kind() -> None:
    got = ability("Fanfare: Discard a card: Draw a card. If you discarded a spell, draw 2 instead.", "auto")
    assert got["do"][0]["if"]["cond"] == {"paid_fits": {"cost": "discard", "filter": {"type": "spell"}}}
    got = ability("Fanfare: Discard a card: Select an enemy follower on the field. Deal it damage equal to "
                  "the discarded card's cost.", "auto")
    assert got["do"] == [{"deal": {"what": "t", "n": {"prop": ["_paid_discard", "cost"]}}}]
    # what an effect buried is not what a cost paid: the cards of that earlier step (5.2.1.1),
    # never "nothing was paid"
    got = ability("Fanfare: Bury the top 2 cards of your deck. If you buried a follower, draw a card.", "auto")
    assert got["do"][1]["if"]["cond"] == {"step_fits": {"of": got["do"][0]["move"]["as"],
                                                        "filter": {"type": "follower"}}}
    got = ability("Fanfare: Discard a card. If you discarded a spell, draw a card.", "auto")
    assert got["do"][1]["if"]["cond"] == {"step_fits": {"of": got["do"][0]["discard"]["as"],
                                                        "filter": {"type": "spell"}}}
    # no cost and no step of that kind, or a cost and a step of that kind both: refused
    for text in ("Fanfare: Discard a card: Draw a card. If you banished a spell, draw a card.",
                 "Fanfare: Discard a card: Discard a card. If you discarded a spell, draw a card.",
                 "Fanfare: Draw a card. If you buried a follower this way, draw a card."):
        with pytest.raises(Uncompilable):
            sve(text)


@pytest.mark.rules("sve", "10.3.3", "10.7.2.2", "8.3", "13.2.1.2", "15.1")
def test_conditions_of_an_activated_ability() -> None:
    got = ability("Act (0): Draw a card. Activate only if a follower on your field evolved this turn, "
                  "and only twice per turn.", "activated")
    assert got["if"] == {"record": {"key": "evolved", "player": "you"}} and got["per_turn"] == 2
    got = ability("Act (0): Draw a card. Activate only if an enemy follower evolved this turn.", "activated")
    assert got["if"] == {"record": {"key": "evolved", "player": "enemy"}}
    got = ability("Act (0): Draw a card. Activate only if you have played a spell this turn.", "activated")
    assert got["if"] == {"record": {"key": "spells_played", "min": 1}}
    got = ability("Act (0): Draw a card. Activate only if this card has no prayer counters.", "activated")
    assert got["if"] == {"not": {"compare": [{"counters_of": {"what": "self", "name": "prayer"}}, ">=", 1]}}
    with pytest.raises(Uncompilable):
        sve("Act (0): Draw a card. Activate only if you've played a cards this turn.")


@pytest.mark.rules("sve", "5.26.2")
def test_values_set_name_one_card() -> None:
    got = ability("Fanfare: Select an enemy follower on the field and change its attack to 0 and its "
                  "defense to 1.", "auto")
    assert got["do"] == [{"set_stats": {"what": "t", "atk": 0, "def": 1}}]
    for text in ("Fanfare: Select an enemy follower on the field and change its attack to 0 and this "
                 "card's defense to 1.",
                 "Fanfare: Select an enemy follower on the field and change its attack to 0 and its "
                 "attack to 1."):
        with pytest.raises(Uncompilable):
            sve(text)
