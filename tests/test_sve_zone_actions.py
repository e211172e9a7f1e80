"""Actions on cards outside the zones where the rules let them act: evolving, engaging,
refreshing, dealing damage to, destroying or burying a card the text names in a hand, a deck, a
cemetery or the EX area does nothing (SVE 5.15.1, 5.3.1, 5.13.1, 5.5.1, 5.33.1), and putting a
card into the zone it is already in does nothing (1.3.2.1): refused when the text is compiled,
never compiled to an instruction that silently does nothing.  Moves the text makes from those
zones (banish, summon, put into a hand, the EX area or a deck) compile."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


def _compile(text: str) -> dict:
    return sg.compile_text(text, card_type="follower", name="Tester")


def _do(text: str) -> list:
    return _compile(text)["abilities"][0]["auto"]["do"]


@pytest.mark.rules("sve", "5.15.1", "5.3.1", "4.4.2", "5.13.1", "5.5.1", "5.33.1", "1.3.2.1")
@pytest.mark.parametrize("text", [
    # 5.15.1: evolve a card on the field
    "Fanfare: Select a follower in your hand. Evolve it.",
    "Fanfare: Select a follower in your EX area. Evolve it.",
    "Fanfare: Search your deck for a follower and put it into your hand. Evolve it.",
    "Fanfare: Put the top card of your deck into your EX area. Evolve it.",
    "Last Words: Evolve this card.",
    "When this card is discarded, evolve it.",
    # 5.3.1, 4.4.2: placement states are the field's
    "Fanfare: Select a follower in your cemetery and engage it.",
    "Fanfare: Select a follower in your cemetery and refresh it.",
    # 5.13.1: damage to a follower or a leader
    "Fanfare: Select a follower in your cemetery and deal it 2 damage.",
    "Fanfare: Select a follower in your EX area. Deal it 1 damage.",
    "Last Words: Deal 2 damage to this card.",
    # 5.5.1: destroy a card on the field
    "Fanfare: Select a follower in your hand and destroy it.",
    "Fanfare: Look at the top 3 cards of your deck. Select a follower from among them and destroy it.",
    # 1.3.2.1: already there
    "Fanfare: Select a follower in your cemetery and bury it.",
    "Fanfare: Select a follower in your hand and put it into your hand.",
])
def test_actions_on_cards_where_they_cannot_act_are_refused(text: str) -> None:
    with pytest.raises(Uncompilable):
        _compile(text)


@pytest.mark.rules("sve", "5.4.1", "5.4.3", "5.6.1", "4.1.4.1")
@pytest.mark.parametrize("text", [
    "Fanfare: Select a follower in your cemetery and banish it.",
    "Fanfare: Select a follower in your hand and banish it.",
    "Fanfare: Select a follower in your hand and put it onto your field.",
    "Fanfare: Select a follower in your cemetery and summon it.",
    "Fanfare: Select a follower in your cemetery and put it into your hand.",
    "Fanfare: Select a follower in your hand and put it into your EX area.",
    "Fanfare: Select a follower in your hand and put it on the bottom of your deck.",
    "Fanfare: Select a follower in your cemetery and put it on the bottom of your deck.",
    "Fanfare: Reveal the top card of your deck. If it is a follower, summon it.",
    "Last Words: Summon this card.",
    "Last Words: Put this card into your hand.",
    "When this card is discarded, summon it.",
    "Fanfare: Select a follower on your field and evolve it.",
    # "it" names the card where the move put it (4.1.4.1)
    "Fanfare: Select a follower in your hand and put it onto your field. Evolve it.",
    "Fanfare: Search your deck for a follower and put it onto your field. Evolve it.",
    "Fanfare: Select a follower in your cemetery and put it onto your field. Engage it.",
    "Fanfare: Select a card in your EX area and put it onto your field. Deal it 1 damage.",
    "Last Words: Banish this card. Then, summon it.",
    # 5.33.1, 3.1.2: the player controls the cards in their own deck, hand and EX area
    "Fanfare: Look at the top card of your deck. You may bury it.",
    "Fanfare: Select a card in your EX area and bury it.",
])
def test_moves_from_the_zones_the_text_names_compile(text: str) -> None:
    assert _do(text)


@pytest.mark.rules("sve", "4.1.4.1", "5.15.1")
def test_evolve_after_a_summon_names_the_card_on_the_field() -> None:
    # 4.1.4.1: "it" is the card after it moved from the cemetery to the field
    assert _do("Fanfare: Select a follower in your cemetery. Summon it and evolve it.") == [
        {"summon": {"what": "t", "as": "c"}}, {"evolve": "c"}]


@pytest.mark.rules("sve", "2.8.3")
@pytest.mark.parametrize("text", [
    "Fanfare: Select an enemy leader or enemy follower on the field and give it -1 defense.",
    "Fanfare: Select a follower or leader on the field and give it +1/+1.",
])
def test_a_stat_change_of_a_selected_leader_is_refused(text: str) -> None:
    # 2.8.3: a leader's defense is its player's value (leader_def); a continuous stat change
    # of the leader object would give it nothing (a defense increase is read: the next test)
    with pytest.raises(Uncompilable):
        _compile(text)


@pytest.mark.rules("sve", "2.8", "2.8.3")
def test_defense_given_to_a_selected_leader_or_follower() -> None:
    # the leader's defense (its player's value) when the leader is selected, +0/+2 otherwise
    assert _do("Fanfare: Select your leader or a follower on your field and give it +2 defense.") == [
        {"if": {"cond": {"is": ["t", {"zone": "leader"}]}, "then": [{"leader_def": {"n": 2, "player": "you"}}],
                "else": [{"modify": {"what": "t", "atk": 0, "def": 2}}]}}]


def test_stat_changes_of_followers_and_damage_to_leaders_compile() -> None:
    assert _do("Fanfare: Select an enemy leader or enemy follower on the field and deal it 2 damage.")
    assert _do("Fanfare: Select a follower on the field and give it +1/+1.")
