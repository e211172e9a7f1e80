"""SVE card text: the long tail of the newer template (grammar section "the long tail of the newer
template", ``games/sve/long_tail.py``); each construct is played in
``conformance/sve/cards/long-tail-*.yaml``."""

from __future__ import annotations

import pytest

from sve_util import compile_card as sve
from sve_util import first_auto as auto
from tcgjudge.cards.textcompiler import Uncompilable


@pytest.mark.rules("sve", "15.1", "15.1.2.2")
def test_it_has_at_least_counts_the_counters_of_the_condition_before() -> None:
    got = auto("Fanfare: If there's a card in your EX area with at least 4 passion counters, draw a card. "
               "If it has at least 10, give your leader +6 defense.")["do"]
    first, second = got[0]["if"]["cond"], got[1]["if"]["cond"]
    assert first == {"exists": {"counters": {"name": "passion", "min": 4}, "zone": "ex_area", "player": "you"}}
    assert second == {"exists": {"counters": {"name": "passion", "min": 10}, "zone": "ex_area", "player": "you"}}
    # "it" with no card found before, or counting other counters, is refused
    with pytest.raises(Uncompilable):
        sve("Fanfare: If it has at least 10, draw a card.")
    with pytest.raises(Uncompilable):
        sve("Fanfare: If there's a card in your EX area with at least 4 passion counters, draw a card. "
            "If it has at least 10 spell counters, draw a card.")


@pytest.mark.rules("sve", "12.3.3", "10.1.1.1.1")
def test_quick_before_activate_with_a_cost_after_a_comma() -> None:
    got = sve("{[q]}Activate, bury this card: Select an enemy follower on the field and deal it 3 damage.", "amulet")
    ab = got["abilities"][0]
    assert ab["activated"]["quick"] is True and ab["activated"]["cost"] == [{"bury": "self"}]
    assert ab["text"].startswith("Quick Act, bury this card:")


@pytest.mark.rules("sve", "5.7", "5.4.1")
def test_search_for_two_then_them_is_both() -> None:
    got = sve("Search your deck for a Hemera and Magnus, summon them, then shuffle your deck. "
              "Give them +1/+1.", "spell")["effect"]["do"]
    assert got[2] == {"bind": {"as": "c", "value": ["found_a", "found_b"]}}
    assert got[3] == {"modify": {"what": "c", "atk": 1, "def": 1}}
    with pytest.raises(Uncompilable):  # "up to 2" of a description is not one card of each
        sve("Search your deck for up to 2 Hemera and Magnus, summon them, then shuffle your deck.", "spell")


@pytest.mark.rules("sve", "5.13", "10.6.2.3")
def test_deal_damage_equal_to_needs_a_definite_noun_phrase() -> None:
    with pytest.raises(Uncompilable):
        sve("Deal an enemy follower on the field damage equal to the number of cards in your hand.", "spell")
    got = sve("Deal each enemy follower on the field damage equal to the number of cards in your hand.", "spell")
    assert got["effect"]["do"] == [{"deal": {"what": {"controller": "enemy", "type": "follower"},
                                             "n": {"count": {"zone": "hand", "player": "you"}}}}]


@pytest.mark.rules("sve", "10.10.2.5")
def test_instead_and_with_the_verb_said_again() -> None:
    """"deal 5 damage instead and deal 2 damage to each enemy leader" reads as the form without
    the second "deal" (conformance newer-template-instead-and-*.yaml)."""
    a = sve("Select an enemy follower on the field and deal it 2 damage. If there are at least 3 cards in "
            "your cemetery, deal 4 damage instead and deal 1 damage to each enemy leader.", "spell")
    b = sve("Select an enemy follower on the field and deal it 2 damage. If there are at least 3 cards in "
            "your cemetery, deal 4 damage instead and 1 damage to each enemy leader.", "spell")
    assert a["effect"] == b["effect"]
