"""SVE searches, looks and reveals: the compiled output of the grammar section of that name
(``games/sve/digs.py``); play is proven by the scenarios ``conformance/sve/cards/search-*.yaml``."""

from __future__ import annotations

import pytest

from tcgjudge.games.sve.grammar_compiler import Uncompilable, compile_text


def _do(text: str) -> list:
    return compile_text(text, card_type="follower")["abilities"][0]["auto"]["do"]


@pytest.mark.rules("sve", "5.7", "5.20")
def test_search_with_a_destination_instead() -> None:
    assert _do("Fanfare: Search your deck for a follower, reveal it, and add it to your hand. If it costs 2 play "
               "points or less, you may put it onto your field instead.") == [
        {"search": {"filter": {"type": "follower"}, "n": 1, "to": "hand",
                    "instead": {"filter": {"cost_max": 2}, "to": "field"}}}]
    assert _do("Fanfare: Search your deck for a card with Ward, reveal it, add it to your hand, then shuffle. If it's "
               "a follower, you may summon it instead.")[0]["search"]["instead"] == {
        "filter": {"type": "follower"}, "to": "field"}
    assert _do("Fanfare: Search your deck for a follower, reveal it, and add it to your hand. If it costs 3, you may "
               "put it into your EX area instead.")[0]["search"]["instead"] == {"filter": {"cost": 3}, "to": "ex_area"}
    assert _do("Fanfare: Search your deck for a follower, reveal it, and add it to your hand. If it costs 5 or more, "
               "you may put it onto your field instead.")[0]["search"]["instead"]["filter"] == {"cost_min": 5}


@pytest.mark.rules("sve", "5.7")
def test_search_instead_is_refused_where_it_does_not_read() -> None:
    for text in (
        # the same zone, or several cards
        "Fanfare: Search your deck for a follower, reveal it, and add it to your hand. If it costs 3, you may add "
        "it to your hand instead.",
        "Fanfare: Search your deck for up to 2 followers, reveal them, and add them to your hand. If it costs 3, "
        "you may put it onto your field instead.",
        # a place is no test on the card found
        "Fanfare: Search your deck for a follower, reveal it, and add it to your hand. If it is a follower on your "
        "field, you may put it onto your field instead.",
    ):
        with pytest.raises(Uncompilable):
            compile_text(text, card_type="follower")


@pytest.mark.rules("sve", "5.7", "2.1")
def test_search_for_different_cards() -> None:
    assert _do('Fanfare: Search your deck for up to 2 different cards with "Cat" in their names, summon them, '
               "then shuffle.") == [
        {"search": {"filter": {"name_has": "Cat"}, "n": 2, "to": "field", "distinct": "name"}}]
    assert _do('Fanfare: Search your deck for up to 2 differently named followers with "Cat" in their names, '
               "reveal them, add them to your hand, then shuffle.") == [
        {"search": {"filter": {"name_has": "Cat", "type": "follower"}, "n": 2, "to": "hand", "distinct": "name"}}]
    with pytest.raises(Uncompilable):
        compile_text("Fanfare: Search your deck for up to 2 different followers, reveal it, and add it to your hand.")


@pytest.mark.rules("sve", "5.7")
def test_search_for_three_descriptions_and_a_missing_comma() -> None:
    got = _do("Fanfare: Search your deck for a follower, an amulet that costs 2 or less, and a spell, reveal them, "
              "and add them to your hand.")
    assert [x["search"]["filter"] for x in got[:3]] == [
        {"type": "follower"}, {"cost_max": 2, "type": "amulet"}, {"type": "spell"}]
    assert got[3] == {"bind": {"as": "c", "value": ["found_0", "found_1", "found_2"]}}
    assert _do("On Evolve: Search your deck for a follower with 2 attack or less reveal it, and add it to your "
               "hand.") == [{"search": {"filter": {"atk_max": 2, "type": "follower"}, "n": 1, "to": "hand"}}]


@pytest.mark.rules("sve", "5.10.1", "10.6.2.3.2")
def test_summon_from_among_them_and_give_them() -> None:
    got = _do("Fanfare: Look at the top 3 cards of your deck. From among them, you may summon up to 2 followers that "
              "cost 2 or less and give them Rush. Put the rest on the bottom of your deck in any order.")
    assert got[1:4] == [
        {"select": {"as": "c", "from": {"cost_max": 2, "type": "follower", "in": "looked", "zone": "deck",
                                        "player": "you"}, "n": 2, "up_to": True}},
        {"summon": {"what": "c", "as": "c2"}},
        {"grant": {"what": "c2", "keywords": ["rush"]}}]
    # an action of its own after the summon would be done even when nothing is summoned: refused
    for tail in ("and draw a card.", "and give your leader +2 defense."):
        with pytest.raises(Uncompilable):
            compile_text("Fanfare: Look at the top 3 cards of your deck. From among them, you may summon a follower "
                         + tail, card_type="follower")
