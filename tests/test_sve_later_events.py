"""SVE card text: the events and records of the later sets (grammar section "events and records of
the later sets", ``games/sve/later_events.py``); each construct is played in
``conformance/sve/cards/grammar-*.yaml``."""

from __future__ import annotations

import pytest

from sve_util import compile_card as sve
from sve_util import first_auto as auto
from tcgjudge.cards.textcompiler import Uncompilable


@pytest.mark.rules("sve", "5.11.1", "5.15.1")
def test_discard_then_it_names_the_discarded_card() -> None:
    """"Discard a card. Evolve it.": "it" is the discarded card, now in the cemetery, where no
    card evolves (5.15.1: a card on the field): refused, not read as this card."""
    for text in ("Fanfare: Discard a card. Evolve it.", "Fanfare: Discard a card. Give it +1/+1.",
                 "Fanfare: Select a follower on your field. Discard a card. Evolve it."):
        with pytest.raises(Uncompilable):
            sve(text)
    # naming this card is still read, and a discard nothing refers to compiles as before
    assert auto("Fanfare: Discard a card. Evolve this card.")["do"] == [{"discard": 1}, {"evolve": "self"}]
    assert auto("Fanfare: Discard 2 cards. Draw 2 cards.")["do"] == [{"discard": 2}, {"draw": 2}]


@pytest.mark.rules("sve", "5.4.1", "5.4.3", "10.6.2.8.1")
def test_how_this_card_came_onto_the_field() -> None:
    assert auto("Fanfare: If this card was put onto the field by an ability, evolve it.") == {
        "on": "fanfare", "do": [{"evolve": "self"}], "if": {"is": ["self", {"entered_by": "ability"}]}}
    got = auto("Fanfare: Draw a card. If this card wasn't put onto the field from hand, give it +2/+2.")
    assert got["do"][1]["if"]["cond"] == {"not": {"is": ["self", {"entered_from": "hand"}]}}
    # an evolve ability's condition of playing (10.3.3)
    kw = sve("Evolve (1): Evolve this follower. Activate only if this card was put onto the field by an "
             "ability.")["keywords"][0]["evolve"]
    assert {"evolve_card": {"if": {"is": ["self", {"entered_by": "ability"}]}}} in kw


@pytest.mark.rules("sve", "5.26.1", "5.26.2", "10.7.2.2", "5.13.3.3")
def test_gain_triggers_and_limits() -> None:
    assert auto("Whenever this card gains {DEF}, draw a card.")["on"] == {
        "event": "stat_change", "subject": "self", "data": {"key": "def", "change": "increased"}}
    assert auto("Whenever this follower gains {ATK}, give it Rush.")["on"]["data"]["key"] == "atk"
    got = auto("Twice per turn, when your leader gains {DEF}, draw a card.")
    assert got["on"] == {"event": "leader_def", "player": "you"} and got["per_turn"] == 2
    assert auto("Once per turn, when this card gains {DEF}, draw a card.")["per_turn"] == 1
    assert auto("When your leader takes ability damage, draw a card.")["on"] == {
        "named": "leader_damaged", "data": {"kind": "ability"}}


@pytest.mark.rules("sve", "5.19.1")
def test_dice() -> None:
    """"Roll a 6-sided die" is rolling the die of 5.19.1; a face other than 1-6 is refused."""
    assert auto("Fanfare: Roll a 6-sided die.")["do"] == [{"roll_die": "die"}]
    got = auto("Whenever you roll a 6-sided die, select an enemy follower on the field and deal it damage "
               "equal to the number you roll.")
    assert got["on"] == {"event": "die_roll", "player": "you"} and got["do"] == [{"deal": {"what": "t", "n": "die"}}]
    assert auto("Whenever you roll a 6-sided die, if you roll a 6, draw a card.")["if"] == {"die": 6}
    with pytest.raises(Uncompilable):
        sve("Whenever you roll a 6-sided die, if you roll a 7, draw a card.")
    assert auto("Fanfare: If you rolled a 6 when rolling a die this turn, draw a card.")["if"] == {"record": "rolled_6"}
    with pytest.raises(Uncompilable):  # only the sixes of a turn are recorded
        sve("Fanfare: If you rolled a 5 when rolling a die this turn, draw a card.")


@pytest.mark.rules("sve", "5.26.1")
def test_leader_gained_this_turn() -> None:
    assert sve("Act {ENGAGE}: Draw a card. Activate only if your leader gained {DEF} this turn.")[
        "abilities"][0]["activated"]["if"] == {"record": "leader_gained_def"}
    assert sve("Draw X cards. X equals the number of times your leader has gained defense this turn.", "spell")[
        "effect"]["do"] == [{"draw": {"n": {"record": "leader_gained_def"}}}]


@pytest.mark.rules("sve", "5.10.1", "2.5", "2.2")
def test_a_group_picked_among_the_cards_looked_at() -> None:
    got = auto("Fanfare: Look at the top 5 cards of your deck. You may summon up to 2 followers that cost a total "
               "of 4 or less from among them. Put the rest on the bottom of your deck in any order.")["do"][1]
    assert got == {"select_group": {"as": "c", "from": {"type": "follower", "zone": "deck", "in": "looked",
                                                        "player": "you"}, "n": 2, "up_to": True, "cost_total_max": 4}}
    got = auto("Fanfare: Look at the top 5 cards of your deck. You may summon up to 2 followers with different "
               "classes from among them. Put the rest on the bottom of your deck in any order.")["do"][1]
    assert got["select_group"]["distinct"] == "class"
    # a limit on a group of one card, or outside a pick among the cards looked at, is refused
    for text in ("Fanfare: Look at the top 5 cards of your deck. You may summon a follower that costs a total of 4 "
                 "or less from among them. Put the rest on the bottom of your deck in any order.",
                 "Fanfare: Select 2 followers on your field that cost a total of 4 or less. Destroy them."):
        with pytest.raises(Uncompilable):
            sve(text)


@pytest.mark.rules("sve", "10.4.7.3", "10.6.2.5.1")
def test_a_process_that_lowers_the_cost() -> None:
    got = sve("When playing this card, engage 2 Academic followers on your field: This card costs 2 less to play.\n"
              "Draw a card.", "spell")
    assert got["play_process"] == {"cost": [{"engage": {"n": 2, "filter": {
        "trait": "Academic", "type": "follower", "controller": "you"}}}], "less": 2}
    assert got["effect"]["do"] == [{"draw": 1}]
    # a cost set to a value (10.10.2.4): the card field says so (play_process set: N)
    assert sve("When playing this card, banish 10 spells in your cemetery: This card costs 7 play points to play.",
               "spell")["play_process"] == {"cost": [{"banish": {"n": 10, "filter": {
                   "type": "spell", "zone": "cemetery", "player": "you"}}}], "set": 7}


@pytest.mark.rules("sve", "5.9.2", "7.2", "5.3.1")
def test_draw_outside_the_start_phase_and_becoming_engaged() -> None:
    assert auto("Whenever you draw a card outside of your start phase, give this follower +1/+1.")["on"] == {
        "event": "move", "from": "deck", "to": "hand", "cause": "draw", "player": "you",
        "cond": {"not": {"and": [{"phase": "start"}, {"turn": "yours"}]}}}
    assert auto("Whenever this card becomes engaged, give your leader +1 defense.")["on"] == {
        "event": "orient", "subject": "self", "data": {"new": "engaged"}}


@pytest.mark.rules("sve", "10.2.1.3.3")
def test_the_next_card_you_play_costs_less() -> None:
    got = auto("Fanfare: The next Academic card that costs 2 or less you play this turn costs 2 less.")["do"]
    assert got == [{"player_effect": {"flags": {"cost_mod": {"n": -2, "affects": {"cost_max": 2, "trait": "Academic"},
                                                             "next": True}}, "until": "end_of_turn"}}]
    with pytest.raises(Uncompilable):  # another player's cards are not "you play"
        sve("Fanfare: The next enemy follower you play this turn costs 2 less.")
