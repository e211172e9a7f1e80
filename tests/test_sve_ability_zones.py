"""Abilities that work outside the field (SVE 10.3.4, 10.3.5, 10.7.2.2): what the scenarios of
``conformance/sve/cards/outside-*`` cannot show alone (the refusals)."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


@pytest.mark.rules("sve", "10.3.4")
def test_an_ability_works_in_the_zone_its_effect_names() -> None:
    got = sg.compile_text("Act (6): Summon this card from your cemetery.")
    assert got["abilities"][0]["zones"] == ["cemetery"]
    got = sg.compile_text("Act (2), put this card from your hand into your EX area: Draw a card.")
    assert got["abilities"][0]["zones"] == ["hand"]
    got = sg.compile_text("At the start of your end phase, if this card is in your EX area, draw a card.")
    ab = got["abilities"][0]
    assert ab["zones"] == ["ex_area"] and ab["auto"]["if"] == {"is": ["self", {"zone": "ex_area"}]}


@pytest.mark.rules("sve", "10.3.4")
def test_two_zones_for_the_card_itself_are_refused() -> None:
    with pytest.raises(Uncompilable):
        sg.compile_text("Act (1), banish this card from your cemetery: Summon this card from your EX area.")
    with pytest.raises(Uncompilable):
        sg.compile_text("At the start of your end phase, if this card is in your EX area, "
                        "put this card from your cemetery into your EX area.")
    with pytest.raises(Uncompilable):  # the card is already there
        sg.compile_text("Act (1): Put this card from your EX area into your EX area.")


@pytest.mark.rules("sve", "10.3.4")
def test_a_zone_mark_outside_an_ability_is_refused() -> None:
    # a spell's effect resolves from the resolution zone: "from your cemetery" names no zone it works in
    with pytest.raises(Uncompilable):
        sg.compile_text("Summon this card from your cemetery.", card_type="spell")


@pytest.mark.rules("sve", "10.7.2.2")
def test_times_per_turn_in_digits_and_words() -> None:
    got = sg.compile_text("4 times per turn, when you play a spell, draw a card.")
    assert got["abilities"][0]["auto"]["per_turn"] == 4
    assert "cond" not in got["abilities"][0]["auto"]["on"]
    got = sg.compile_text("Three times on each of your turns, when you play a spell, draw a card.")
    auto = got["abilities"][0]["auto"]
    assert auto["per_turn"] == 3 and auto["on"]["cond"] == {"turn": "yours"}
    with pytest.raises(Uncompilable):
        sg.compile_text("0 times per turn, when you play a spell, draw a card.")


@pytest.mark.rules("sve", "15.1.2.1")
def test_a_counter_name_is_the_words_before_counter() -> None:
    got = sg.compile_text("Fanfare: Place 2 fighting spirit counters on this card.")
    assert got["abilities"][0]["auto"]["do"] == [{"counter": {"what": "self", "name": "fighting spirit", "n": 2}}]
    got = sg.compile_text("Fanfare: Place 2 dormancy counters on this card.")  # one word: the earlier rule
    assert got["abilities"][0]["auto"]["do"] == [{"counter": {"what": "self", "name": "dormancy", "n": 2}}]
    got = sg.compile_text("At the start of your end phase, place a mana counter on this card in your EX area.")
    assert got["abilities"][0]["zones"] == ["ex_area"]


@pytest.mark.rules("sve", "10.3.4")
def test_a_passive_ability_outside_the_field_and_ex_area_is_refused() -> None:
    # the engine applies a card's passive effects to other cards from the field and the EX area only
    for text in ("While this card is in your cemetery, each Pixie token follower on your field has Rush.",
                 "While this card is in your hand or on your field, each Pixie token follower on your field has Rush."):
        with pytest.raises(Uncompilable):
            sg.compile_text(text)
    got = sg.compile_text("While this card is in your EX area, each Pixie token follower on your field has Rush.")
    assert got["abilities"][0]["zones"] == ["ex_area"]


@pytest.mark.rules("sve", "10.3.4")
def test_activate_only_if_this_card_is_in_a_zone() -> None:
    got = sg.compile_text("Act (1): Draw a card. Activate only if this card is in your EX area.")
    ab = got["abilities"][0]
    assert ab["zones"] == ["ex_area"] and ab["activated"]["if"] == {"is": ["self", {"zone": "ex_area"}]}
    got = sg.compile_text("Act (1): Draw a card. Activate only if there are at least 2 cards in your EX area.")
    assert "zones" not in got["abilities"][0]


@pytest.mark.rules("sve", "10.7.4.1.1", "5.6.1", "5.11.1")
def test_a_card_leaving_the_hand_is_watched_where_it_went() -> None:
    got = sg.compile_text("When this card is discarded or banished from your hand, draw a card.")
    ab = got["abilities"][0]
    assert ab["zones"] == ["banished", "cemetery"]
    assert ab["auto"]["on"]["to"] == ["cemetery", "banished"] and ab["auto"]["on"]["from"] == "hand"
    got = sg.compile_text("When this card is banished from your hand, draw a card.")
    assert got["abilities"][0]["zones"] == ["banished"]


@pytest.mark.rules("sve", "5.11.1", "10.1.1")
def test_discarded_by_the_ability_of_a_kind_of_card() -> None:
    got = sg.compile_text("When this card is discarded by the ability of a Forestcraft card you control, "
                          "draw a card.")
    on = got["abilities"][0]["auto"]["on"]
    assert on["by"] == {"class": "forestcraft", "controller": "you"} and on["cause"] == "discard"
    with pytest.raises(Uncompilable):  # where the card is is not what the wording names
        sg.compile_text("When this card is discarded by the ability of a follower on your field you control, "
                        "draw a card.")


@pytest.mark.rules("sve", "5.15.3")
def test_unevolved_restates_the_link_ending() -> None:
    a = sg.compile_text("Last Words: Put this card into its owner's EX area unevolved.")
    b = sg.compile_text("Last Words: Put this card into its owner's EX area.")
    assert a["abilities"][0]["auto"] == b["abilities"][0]["auto"]
