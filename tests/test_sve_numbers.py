"""SVE card text: amounts, numbers and stats (grammar section "SVE amounts, numbers and stats",
``games/sve/numbers.py``); each construct is played in ``conformance/sve/cards/amounts-*.yaml``."""

from __future__ import annotations

import pytest

from sve_util import compile_card as sve
from sve_util import first_auto as auto
from tcgjudge.cards.textcompiler import Uncompilable

_YOUR_LEADER = {"zone": "leader", "controller": "you"}
_ENEMY_LEADER = {"zone": "leader", "controller": "enemy"}


@pytest.mark.rules("sve", "2.8")
@pytest.mark.parametrize(("words", "who", "op", "n"), [
    ("your leader's {DEF} is at least 5", _YOUR_LEADER, ">=", 5),
    ("your leader's {DEF} is 5 or less", _YOUR_LEADER, "<=", 5),
    ("your leader's defense is at most 4", _YOUR_LEADER, "<=", 4),
    ("your leader's defense is exactly 4", _YOUR_LEADER, "==", 4),
    ("the enemy leader's defense is 10 or less", _ENEMY_LEADER, "<=", 10),
    ("your opponent's leader's {DEF} is at least 15", _ENEMY_LEADER, ">=", 15),
    # the earlier forms read as before
    ("your leader's defense is 5 or more", _YOUR_LEADER, ">=", 5),
    ("your leader's defense is 5 or less", _YOUR_LEADER, "<=", 5),
])
def test_a_leaders_defense_compared(words: str, who: dict, op: str, n: int) -> None:
    got = auto(f"Fanfare: If {words}, draw a card.")
    assert got["if"] == {"compare": [{"prop": [who, "def"]}, op, n]}


@pytest.mark.rules("sve", "10.6.2.3")
def test_a_condition_on_a_selection_alone_is_refused() -> None:
    """"If A, select X. Deal 4 damage to it.": the selection alone was under the condition and the
    condition was lost (the damage was dealt whatever A was); such a text is not read."""
    with pytest.raises(Uncompilable):
        sve("On Evolve: If there is a Dragoncraft follower on your field, select an enemy follower on the "
            "field. Deal 4 damage to it.")
    # the condition over the whole sentence stays the ability's condition
    got = auto("On Evolve: If your leader's defense is 5 or more, select an enemy follower on the field and "
               "deal 4 damage to it.")
    assert got["if"] == {"compare": [{"prop": [_YOUR_LEADER, "def"]}, ">=", 5]}


@pytest.mark.rules("sve", "2.5", "2.7", "2.8")
@pytest.mark.parametrize(("words", "test"), [
    ("it costs 2 play points or less", {"cost_max": 2}),
    ("it costs at least 3", {"cost_min": 3}),
    ("it has 3 attack or more", {"atk_min": 3}),
    ("it has at most 2 defense", {"def_max": 2}),
    ("its attack is 4 or more", {"atk_min": 4}),
    ("its defense is exactly 2", {"def_min": 2, "def_max": 2}),
])
def test_a_selected_cards_cost_or_stat_compared(words: str, test: dict) -> None:
    got = auto(f"Fanfare: Select an enemy follower on the field. If {words}, destroy it.")
    assert got["do"] == [{"if": {"cond": {"is": ["t", test]}, "then": [{"destroy": "t"}]}}]


@pytest.mark.rules("sve", "2.5", "3.2.4")
def test_a_cost_below_a_value() -> None:
    got = auto("Fanfare: Search your deck for a follower that costs less than your maximum play points and "
               "put it onto your field.")
    assert got["do"][0]["search"]["filter"]["cost_max"] == {
        "sub": [{"player_value": {"key": "max_pp", "player": "you"}}, 1]}
    with pytest.raises(Uncompilable):  # a number is printed as "N or less"
        sve("Fanfare: Search your deck for a follower that costs less than 3 and put it onto your field.")


@pytest.mark.rules("sve", "4.1", "2.1", "5.2.1.2")
def test_two_zones_two_names_and_a_count_plus_a_number() -> None:
    got = sve("Deal X damage to each enemy follower on the field. X equals the total number of cards in "
              "your hand and EX area.", "spell")
    assert got["effect"]["do"][0]["deal"]["n"] == {"count": {"zone": ["hand", "ex_area"], "player": "you"}}
    got = sve("Deal X damage to each enemy follower on the field. X equals the number of cards named "
              "Magical Pawn or Magical Rook in your cemetery plus 2.", "spell")
    assert got["effect"]["do"][0]["deal"]["n"] == {"add": [
        {"count": {"name": ["Magical Pawn", "Magical Rook"], "zone": "cemetery", "player": "you"}}, 2]}
    with pytest.raises(Uncompilable):  # the field is named by its controller (4.4.3)
        sve("Deal X damage to each enemy follower on the field. X equals the number of cards in your "
            "hand and field.", "spell")


@pytest.mark.rules("sve", "5.2.1.2.2", "10.6.2.2.3")
def test_x_of_your_choice_only_with_an_x_play_point_cost() -> None:
    got = sve("Act (X): Draw X cards. X equals a number of your choice.", "amulet")
    ab = got["abilities"][0]["activated"]
    assert ab["x"] == {"min": 0, "max": {"player_value": {"key": "pp", "player": "you"}}}
    assert ab["cost"] == [{"pp": "X"}]
    with pytest.raises(Uncompilable):  # nothing pays X: when and how far it is chosen is not said
        sve("Fanfare: Draw X cards. X equals a number of your choice.")


@pytest.mark.rules("sve", "2.7", "5.2.1.2", "10.6.2.3")
def test_values_and_selections_of_the_family() -> None:
    got = sve("Select an enemy follower on the field and deal it X damage. X equals the highest attack among "
              "followers on your field.", "spell")
    assert got["effect"]["do"][0]["deal"]["n"] == {"most": {"of": {"type": "follower", "controller": "you"},
                                                            "prop": "atk"}}
    got = sve("Select an enemy follower on the field and deal it X damage. X equals the selected follower's cost "
              "plus 2.", "spell")
    assert got["effect"]["do"][0]["deal"]["n"] == {"add": [{"prop": ["t", "cost"]}, 2]}
    got = auto("Fanfare: For each spell in your cemetery, select up to 1 enemy follower on the field and banish it.")
    assert got["targets"][0]["n"] == {"count": {"type": "spell", "zone": "cemetery", "player": "you"}}
    assert got["targets"][0]["up_to"] is True
    with pytest.raises(Uncompilable):  # a step per card other than a selection of up to 1
        sve("Fanfare: For each spell in your cemetery, select an enemy follower on the field and banish it.")
    got = sve("Each follower with 1 attack on your field has Aura.")
    assert got["abilities"][0]["static"]["affects"] == {"atk_is": 1, "type": "follower", "controller": "you"}


@pytest.mark.rules("sve", "5.2.1.2")
def test_a_selection_of_up_to_x_cards_is_refused_not_one_card() -> None:
    """"up to X followers from your hand": X is defined by another sentence; the selection chose one
    card whatever X was.  Such a text is not read; "any number of" and "up to 2" read as before."""
    with pytest.raises(Uncompilable):
        sve("Fanfare: X equals the number of cards in your hand. You may put up to X followers from your "
            "hand onto your field.")
    assert auto("Fanfare: You may put up to 2 followers from your hand onto your field.")["do"][0]["select"]["n"] == 2
    n = auto("Fanfare: You may put any number of followers from your hand onto your field.")["do"][0]["select"]["n"]
    assert n == {"count": {"type": "follower", "zone": "hand", "player": "you"}}
