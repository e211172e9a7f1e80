"""SVE card text: options of a "choose" ability with their own costs (grammar section "SVE choices:
options with their own costs", ``games/sve/mode_costs.py``); played in
``conformance/sve/cards/choices-option-*.yaml``."""

from __future__ import annotations

import pytest

from sve_util import compile_card as sve
from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve.notation import notation


@pytest.mark.rules("sve", "5.17.1.1", "10.4.7.2", "10.4.7.5")
def test_an_option_with_a_play_point_cost() -> None:
    got = sve("Fanfare: Choose 1. (1) Give your leader +5 defense. "
              "(2) (2): Deal 5 damage to each enemy follower on the field.")["abilities"][0]["auto"]
    assert got["cost"] == [{"may_pay": {"as": "mode_2", "cost": [{"pp": 2}], "mode": 1}}]
    first, second = got["choose"]["modes"]
    assert first == {"text": "Give your leader +5 defense", "do": [{"leader_def": 5}]}
    assert second["text"] == "(2): Deal 5 damage to each enemy follower on the field"
    assert second["do"] == [{"if": {"cond": {"paid": "mode_2"}, "then": [
        {"deal": {"what": {"controller": "enemy", "type": "follower"}, "n": 5}}]}}]


@pytest.mark.rules("sve", "5.17.1.1", "10.4.7.2", "5.11")
def test_each_option_with_its_own_cost_and_targets() -> None:
    got = sve("Choose one. (1) Discard a card: Select an enemy follower on the field and destroy it. "
              "(2) (1): Draw a card.", "spell")["effect"]
    assert got["cost"] == [{"may_pay": {"as": "mode_1", "cost": [{"discard": 1}], "mode": 0}},
                           {"may_pay": {"as": "mode_2", "cost": [{"pp": 1}], "mode": 1}}]
    first = got["choose"]["modes"][0]
    assert first["targets"] == [{"as": "t", "controller": "enemy", "type": "follower"}]
    assert first["do"] == [{"if": {"cond": {"paid": "mode_1"}, "then": [{"destroy": "t"}]}}]


@pytest.mark.rules("sve", "2.7", "5.17.1.1")
def test_a_play_point_icon_after_an_option_number_is_a_cost_in_choose_lines_only() -> None:
    assert notation("Choose one. (1) Draw a card. (2) (3): Draw 2 cards.") == \
        "Choose one. (1) Draw a card. (2) [PP=3]: Draw 2 cards."
    assert "(2) (3)" in notation("Draw a card. (2) (3) Draw 2 cards.")


@pytest.mark.rules("sve", "10.3.4", "5.2.1.2.2")
def test_option_costs_from_another_zone_or_with_x_are_refused() -> None:
    # a cost paid from the cemetery would make the whole ability work there (10.3.4)
    with pytest.raises(Uncompilable):
        sve("Choose one. (1) Draw a card. (2) Banish this card from your cemetery: Draw 2 cards.", "spell")
    with pytest.raises(Uncompilable):
        sve("Choose one. (1) Draw a card. (2) (X): Draw X cards.", "spell")


@pytest.mark.rules("sve", "5.3", "5.17")
def test_one_of_several_actions_on_one_card() -> None:
    got = sve("Fanfare: Select up to 1 enemy follower on the field and engage or refresh it.")["abilities"][0]["auto"]
    assert got["choose"] == {"n": 1, "modes": [{"text": "engage", "do": []}, {"text": "refresh", "do": []}]}
    assert got["do"] == [{"if": {"cond": {"chose": 0}, "then": [{"engage": "t"}], "else": [{"refresh": "t"}]}}]
    with pytest.raises(Uncompilable):  # the same action twice
        sve("Select an enemy follower on the field and destroy or destroy it.", "spell")
    with pytest.raises(Uncompilable):  # a second choice inside an option
        sve("Choose one. (1) Select an enemy follower on the field and engage or refresh it. (2) Draw a card.", "spell")


@pytest.mark.rules("sve", "13.2.1.2", "5.17.3")
def test_a_class_condition_over_a_choice_heads_every_option() -> None:
    got = sve("Act {[engage]}: Combo (3): Choose one of the following. (1) Draw a card. "
              "(2) Give your leader +2 defense. Draw a card.")["abilities"][0]["activated"]
    first, second = got["choose"]["modes"]
    assert first["do"] == [{"if": {"cond": {"combo": 3}, "then": [{"draw": 1}]}}]
    assert second["do"] == [{"if": {"cond": {"combo": 3}, "then": [{"leader_def": 2}, {"draw": 1}]}}]


@pytest.mark.rules("sve", "13.3.3.2", "10.4.7.4")
def test_earth_rite_over_a_choice_governs_the_options() -> None:
    """The options are the effect Earth Rite is performed for (they applied without it before)."""
    got = sve("Fanfare: Earth Rite: Choose one. (1) Draw a card. (2) Draw 2 cards.")["abilities"][0]["auto"]
    assert got["cost"] == [{"earth_rite": 1}]
    assert [m["do"] for m in got["choose"]["modes"]] == [
        [{"if": {"cond": {"paid": "earth_rite"}, "then": [{"draw": 1}]}}],
        [{"if": {"cond": {"paid": "earth_rite"}, "then": [{"draw": 2}]}}]]


@pytest.mark.rules("sve", "13.3.3.2")
def test_earth_rite_heading_an_option_stays_the_earth_rite_reading() -> None:
    got = sve("Fanfare: Choose 1. (1) Draw a card. (2) Earth Rite: Give your leader +2 defense.")["abilities"][0]["auto"]
    assert got["cost"] == [{"earth_rite": 1}]
    assert got["choose"]["modes"][1]["do"] == [{"if": {"cond": {"paid": "earth_rite"}, "then": [{"leader_def": 2}]}}]
