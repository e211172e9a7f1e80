"""SVE grants: what lists of stats, keywords and quoted abilities compile to, the Nth card of a turn's
cost change, and the refusals that keep the earlier readings."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


def sve(text: str, card_type: str = "follower") -> dict:
    return sg.compile_text(text, card_type=card_type)


def _do(text: str) -> list:
    return sve(text)["abilities"][0]["auto"]["do"]


@pytest.mark.rules("sve", "5.26", "10.2.1.2", "10.3")
def test_a_list_of_stats_keywords_and_a_quoted_ability_is_one_modify_and_one_grant() -> None:
    do = _do('Fanfare: Give this follower +1/+1, Storm, and "Strike: Draw a card."')
    assert do[0] == {"modify": {"what": "self", "atk": 1, "def": 1}}
    assert do[1]["grant"]["keywords"] == ["storm", "strike"]  # the Strike icon's marker comes with it
    assert do[1]["grant"]["abilities"][0]["auto"]["on"] == "strike"


@pytest.mark.rules("sve", "10.2.1.2", "10.9.2", "7.4.8")
def test_has_in_an_effect_needs_a_duration_and_currently_is_the_place() -> None:
    do = _do("Fanfare: For the rest of this turn, each Swordcraft follower currently on your field has Rush and Assail.")
    assert do == [{"grant": {"what": {"class": "swordcraft", "type": "follower", "controller": "you"},
                             "keywords": ["rush", "assail"], "until": "end_of_turn"}}]
    with pytest.raises(Uncompilable):
        sve("Fanfare: This follower has +1/+1 this turn.")  # stats are "gets"


@pytest.mark.rules("sve", "10.2.1.3.3", "13.2.1.3")
def test_the_first_card_of_a_kind_each_turn_is_a_cost_change_with_nth() -> None:
    st = sve("While this card is on your field, the 1st Runecraft spell you play each turn costs 1 less to play.",
             "amulet")["abilities"][0]["static"]
    assert st == {"cost_mod": {"n": -1, "affects": {"class": "runecraft", "type": "spell"}, "nth": 1}, "who": "you"}


@pytest.mark.rules("sve", "5.13.3.3", "10.7.1")
def test_rule_changes_compile_to_player_flags_and_a_damage_replacement() -> None:
    st = sve("Your opponents' Fanfare: and On Evolve abilities don't trigger.")["abilities"][0]["static"]
    assert st == {"player": {"flags": ["no_fanfare_trigger", "no_on_evolve_trigger"]}, "who": "enemy"}
    st = sve("This follower doesn't take damage from enemy abilities.")["abilities"][0]["static"]
    assert st["damage_mod"] == {"to": "self", "prevent": True, "kind": "ability", "by_player": "enemy"}
