"""SVE card costs: the compiled output of the grammar section of that name
(``games/sve/card_costs.py``); play is proven by the scenarios ``conformance/sve/cards/cardcosts-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.games.sve.grammar_compiler import Uncompilable, compile_text


def _auto(text: str) -> dict:
    return compile_text(text, card_type="follower")["abilities"][0]["auto"]


@pytest.mark.rules("sve", "10.2.1.3.3", "10.10.2.4")
def test_selected_cards_cost_a_value_this_turn() -> None:
    a = _auto("Fanfare: Select up to 2 cards in your EX area. They cost 0 to play this turn.")
    assert a["do"] == [{"set_stats": {"what": "t", "cost_set": 0, "until": "end_of_turn"}}]
    a = _auto("Fanfare: Select a follower in your hand. It costs 0 play points to play this turn.")
    assert a["do"][-1] == {"set_stats": {"what": "c", "cost_set": 0, "until": "end_of_turn"}}
    for text in ("Fanfare: Select a follower in your cemetery. It costs 0 to play this turn.",  # never played from there
                 "Fanfare: Draw a card. It costs 0 to play this turn."):  # the card already played
        with pytest.raises(Uncompilable):
            compile_text(text, card_type="follower")


@pytest.mark.rules("sve", "4.8", "10.2.1.3.3")
def test_may_put_a_card_of_your_hand_into_the_ex_area() -> None:
    a = _auto("On Evolve: You may put a Runecraft spell from your hand into your EX area. "
              "It costs 3 less to play this turn.")
    assert a["do"] == [
        {"select": {"as": "c", "from": {"class": "runecraft", "type": "spell", "zone": "hand", "player": "you"},
                    "n": 1, "up_to": True}},
        {"put_ex": {"what": "c", "as": "c2"}},
        {"modify": {"what": "c2", "cost": -3, "until": "end_of_turn"}}]
    with pytest.raises(Uncompilable):  # another player's hand
        compile_text("On Evolve: You may put a follower from your opponent's hand into your EX area.")


@pytest.mark.rules("sve", "10.4", "10.4.3", "15.1.4")
def test_counters_removed_from_a_card_of_your_field_as_a_cost() -> None:
    ab = compile_text("Act Remove 2 divine water counters from a Soothing Dragonspring on your field: "
                      "Draw a card.")["abilities"][0]["activated"]
    assert ab["cost"] == [{"counters_from": {"name": "divine water", "n": 2,
                                             "filter": {"name": "Soothing Dragonspring"}}}]
    # "from this card" stays the earlier remove_counters
    ab = compile_text("Act Remove 2 fighting spirit counters from this card: Draw a card.")["abilities"][0]["activated"]
    assert ab["cost"] == [{"remove_counters": {"name": "fighting spirit", "n": 2}}]
    for text in ("Act Remove 2 divine water counters from a Soothing Dragonspring: Draw a card.",  # no zone
                 "Act Remove 2 water counters from an enemy amulet on the field: Draw a card."):
        with pytest.raises(Uncompilable):
            compile_text(text)


@pytest.mark.rules("sve", "5.7", "2.5")
def test_search_for_cards_of_a_total_cost() -> None:
    a = _auto("Fanfare: Search your deck for up to 2 Earth Sigil amulets that cost a total of 4 or less, put them "
              "into your EX area, then shuffle your deck. They cost 0 to play this turn.")
    assert a["do"][0] == {"search": {"filter": {"trait": "Earth Sigil", "type": "amulet"}, "n": 2, "to": "ex_area",
                                     "as": "c", "cost_total_max": 4}}
    with pytest.raises(Uncompilable):  # the total of one card
        compile_text("Fanfare: Search your deck for a spell that cost a total of 2 or less, put it into your EX area.")


@pytest.mark.rules("sve", "10.6.2.3", "2.5")
def test_select_cards_of_a_total_cost() -> None:
    a = _auto("Fanfare: Select up to 2 Vampire cards that cost a total of 6 or less in your cemetery and put them "
              "into your EX area. They cost 0 play points to play this turn.")
    assert a["targets"] == [{"as": "t", "cost_total_max": 6, "trait": "Vampire", "zone": "cemetery", "player": "you",
                             "n": 2, "up_to": True}]
    for text in ("Fanfare: Select a Machina follower that cost a total of 5 or less in your cemetery and summon it.",
                 "Fanfare: Select up to 2 followers that cost a total of 5 or less in your hand and discard them."):
        with pytest.raises(Uncompilable):
            compile_text(text, card_type="follower")
