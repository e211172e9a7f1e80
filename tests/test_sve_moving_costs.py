"""SVE costs that move other cards, searches and the top of the deck: the compiled output of the
grammar section of that name (``games/sve/moving_costs.py``); play is proven by the scenarios
``conformance/sve/cards/moving-costs-*.yaml`` and ``search-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.games.sve.grammar_compiler import Uncompilable, compile_text


def sve(text: str, card_type: str = "follower") -> dict:
    return compile_text(text, card_type=card_type)


def _auto(text: str) -> dict:
    return sve(text)["abilities"][0]["auto"]


@pytest.mark.rules("sve", "10.4", "5.33.1")
def test_bury_into_their_owners_cemeteries_is_bury() -> None:
    a = sve("Quick Act {ENGAGE}, put 2 cards named Serpent from your field into their owners' cemeteries: "
            "Draw a card.")["abilities"][0]["activated"]
    assert a["cost"] == ["engage", {"bury": {"n": 2, "filter": {"name": "Serpent"}}}]


@pytest.mark.rules("sve", "10.4", "5.18", "5.6", "5.33")
def test_random_discard_and_top_of_deck_costs() -> None:
    assert _auto("Fanfare: Discard a random card: Draw a card.")["cost"] == [{"discard_random": 1}]
    assert _auto("Fanfare: Discard 2 random cards: Draw a card.")["cost"] == [{"discard_random": 2}]
    assert _auto("Last Words: Banish the top 10 cards of your deck: Draw a card.")["cost"] == [
        {"deck_top": {"n": 10, "to": "banished"}}]
    assert _auto("Fanfare: Bury the top card of your deck: Draw a card.")["cost"] == [
        {"deck_top": {"n": 1, "to": "cemetery"}}]
    assert _auto("Fanfare: Put the top 2 cards of your deck into your cemetery: Draw a card.")["cost"] == [
        {"deck_top": {"n": 2, "to": "cemetery"}}]


@pytest.mark.rules("sve", "5.7", "5.7.1.1", "2.1")
def test_searches_general_form() -> None:
    assert _auto("Fanfare: Search your deck for up to 10 cards and banish them.")["do"] == [
        {"search": {"filter": {}, "n": 10, "to": "banished", "up_to": True}}]
    assert _auto("Fanfare: Search your deck for up to 2 spells with different names, reveal them, add them to "
                 "your hand, then shuffle your deck.")["do"] == [
        {"search": {"filter": {"type": "spell"}, "n": 2, "to": "hand", "distinct": "name"}}]
    # the earlier rules' form, unchanged: "it" after one card
    assert _auto("Fanfare: Search your deck for a spell, reveal it, and add it to your hand.")["do"] == [
        {"search": {"filter": {"type": "spell"}, "n": 1, "to": "hand"}}]


@pytest.mark.rules("sve", "5.7")
def test_search_pronouns_must_agree() -> None:
    for text in ("Fanfare: Search your deck for a spell and add them to your hand.",
                 "Fanfare: Search your deck for up to 2 spells, reveal it, and add them to your hand.",
                 "Fanfare: Search your deck for a spell with different names and add it to your hand."):
        with pytest.raises(Uncompilable):
            sve(text)


@pytest.mark.rules("sve", "5.7", "2.5")
def test_search_for_two_descriptions() -> None:
    do = _auto("Fanfare: Search your deck for a 3-cost follower and 1-cost follower, summon them, then "
               "shuffle your deck.")["do"]
    assert [x["search"]["filter"] for x in do[:2]] == [{"cost": 3, "type": "follower"},
                                                       {"cost": 1, "type": "follower"}]
    assert all(x["search"]["to"] == "field" for x in do[:2])
    with pytest.raises(Uncompilable):
        sve("Fanfare: Search your deck for a 3-cost follower and 1-cost follower and summon it.")


@pytest.mark.rules("sve", "5.7", "2.5")
def test_either_description_each_with_its_own_qualifier() -> None:
    do = _auto("Fanfare: Search your deck for a 1-cost spell or 1-cost amulet, reveal it, add it to your hand, "
               "then shuffle your deck.")["do"]
    assert do == [{"search": {"filter": {"cost": 1, "type": ["spell", "amulet"]}, "n": 1, "to": "hand"}}]


@pytest.mark.rules("sve", "5.10.1")
def test_one_of_the_cards_looked_at() -> None:
    do = _auto("Fanfare: Look at the top 3 cards of your deck. Put one of them on the top of your deck. "
               "Bury the rest.")["do"]
    assert do[1]["select"]["from"] == {"zone": "deck", "in": "looked", "player": "you"}
    assert do[2] == {"to_deck": {"what": do[1]["select"]["as"], "pos": "top"}}
