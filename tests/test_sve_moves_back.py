"""SVE moves: a moving verb, an object referred back, a destination (the compiled output of the grammar
section of that name, ``games/sve/moves_back.py``); play is proven by the scenarios
``conformance/sve/cards/moves-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.games.sve.grammar_compiler import Uncompilable, compile_text

_LOOK2 = "Fanfare: Look at the top 2 cards of your deck. "
_REST = {"zone": "deck", "player": "you", "in": "looked"}
_PICK = {"select": {"as": "c", "from": _REST, "n": 1, "up_to": False}}


def _do(text: str) -> list:
    return compile_text(text, card_type="follower")["abilities"][0]["auto"]["do"]


@pytest.mark.rules("sve", "5.10.1", "5.6.1")
def test_one_of_them_and_the_other() -> None:
    assert _do(_LOOK2 + "Add one of them to your hand and banish the other.")[1:] == [
        _PICK, {"move": {"what": "c", "to": "hand"}}, {"banish": {"what": _REST}}]
    assert _do(_LOOK2 + "Put one of them on the bottom of your deck. Put the other into your EX area.")[1:] == [
        _PICK, {"to_deck": {"what": "c", "pos": "bottom"}}, {"put_ex": {"what": _REST}}]
    assert _do(_LOOK2 + "Put one on the bottom of your deck. Add the other to your hand.")[1:] == [
        _PICK, {"to_deck": {"what": "c", "pos": "bottom"}}, {"move": {"what": _REST, "to": "hand"}}]
    # "You may": the pick may be declined
    assert _do(_LOOK2 + "You may add one of them to your hand. Banish the rest.")[1]["may"]["do"][0] == _PICK


@pytest.mark.rules("sve", "5.10.1", "4.1.5")
def test_the_rest_in_other_words() -> None:
    bottom = {"to_deck": {"what": _REST, "pos": "bottom"}}
    for words in ("rest", "any remaining cards"):
        assert _do(_LOOK2 + f"Put {words} on the bottom of your deck in any order.")[1:] == [bottom]
    assert _do(_LOOK2 + "Put any remaining cards on the top of your deck in any order.")[1:] == [
        {"to_deck": {"what": _REST, "pos": "top"}}]
    assert _do(_LOOK2 + "Bury any remaining cards.")[1:] == [{"move": {"what": _REST, "to": "cemetery"}}]


@pytest.mark.rules("sve", "5.10.1")
def test_earlier_readings_stay() -> None:
    # the words earlier rules read compile as before
    assert _do(_LOOK2 + "Put the rest on the bottom of your deck in any order.")[1:] == [
        {"to_deck": {"what": _REST, "pos": "bottom"}}]
    assert _do(_LOOK2 + "Bury the rest.")[1:] == [{"move": {"what": _REST, "to": "cemetery"}}]
    assert _do(_LOOK2 + "Put one of them on the top of your deck.")[1:] == [
        {"select": {"as": "c", "from": _REST, "n": 1, "up_to": False}}, {"to_deck": {"what": "c", "pos": "top"}}]


@pytest.mark.rules("sve", "5.10.1")
def test_cards_referred_back_need_cards_looked_at() -> None:
    for text in ("Fanfare: Summon an Ancient Artifact token. Put the other into your EX area.",
                 "Fanfare: Add one of them to your hand."):
        with pytest.raises(Uncompilable):
            compile_text(text, card_type="follower")


@pytest.mark.rules("sve", "5.21.1", "5.3.1", "5.1.1")
def test_verbs_on_a_card_referred_back() -> None:
    sel = "Fanfare: Select an enemy follower on the field. "
    assert _do(sel + "Steal it and refresh it.") == [{"gain_control": "t"}, {"refresh": "t"}]
    assert _do(sel + "{ENGAGE} it and draw a card.") == [{"engage": "t"}, {"draw": 1}]
    assert _do("Fanfare: Select any number of cards on your field. Return them to their owners' hands.") == [
        {"return": "t"}]


@pytest.mark.rules("sve", "10.6.2.3")
def test_one_and_the_other_of_two_cards_selected() -> None:
    other = {"zone": ["field", "ex_area", "cemetery", "hand", "evolve_deck", "leader"], "in": "t", "not_in": "c"}
    assert _do("Fanfare: Select 2 enemy followers on the field. Deal 5 damage to one and engage the other.") == [
        {"select": {"as": "c", "from": "t", "n": 1}}, {"deal": {"what": "c", "n": 5}}, {"engage": {"what": other}}]
    got = _do("Fanfare: Select 2 cards named Puppet in your EX area. Transform one into a Fairy token and the other "
              "into a Knight token.")
    assert got[1:] == [{"transform": {"what": "c", "into": "Fairy"}}, {"transform": {"what": other, "into": "Knight"}}]
    for text in (
        "Fanfare: Destroy one and banish the other.",  # no selection
        "Fanfare: Select an enemy follower on the field. Destroy one and banish the other.",  # one card
        "Fanfare: Select up to 3 enemy followers on the field. Destroy one and banish the other.",
        "Fanfare: Select 2 enemy followers on the field. Destroy the other and banish one.",
        "Fanfare: Select 2 enemy followers on the field. Destroy one and the other into a Fairy token.",
    ):
        with pytest.raises(Uncompilable):
            compile_text(text, card_type="follower")


@pytest.mark.rules("sve", "5.8.1", "4.1.6")
def test_shuffles() -> None:
    assert _do("Fanfare: Shuffle your deck, then put the top card of your deck into your EX area.") == [
        {"shuffle": "you"}, {"put_ex": {"what": {"zone": "deck", "player": "you", "top": 1}}}]
    assert _do("Fanfare: Select up to 2 followers in your cemetery. Return them to your deck, shuffle it, and draw "
               "a card.") == [{"to_deck": {"what": "t", "shuffle": True}}, {"draw": 1}]
    # a search's "then shuffle your deck" stays the search's own (5.7.2)
    assert _do("Fanfare: Search your deck for a follower, reveal it, add it to your hand, then shuffle your deck.") == [
        {"search": {"filter": {"type": "follower"}, "n": 1, "to": "hand"}}]
    with pytest.raises(Uncompilable):  # where in the deck is not said
        compile_text("Fanfare: Select a follower in your cemetery. Return it to your deck.", card_type="follower")


@pytest.mark.rules("sve", "4.1.5", "10.6.2.8")
def test_otherwise_top_or_bottom_of_your_deck_names_the_card_looked_at() -> None:
    got = _do("Fanfare: Look at the top card of your deck. If it's a Pawn, you may summon it. Otherwise, put it on "
              "the top or bottom of your deck.")
    assert got[1]["if"]["else"] == [{"to_deck": {"what": "looked", "pos": "top_or_bottom", "player": "you"}}]
