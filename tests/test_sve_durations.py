"""SVE durations, prevention, restrictions and stat changes (docs/card-grammar.md, "SVE durations,
prevention, restrictions, stat changes"): what the sentences compile to, and the turn procedure's
ending of effects that last past the end of the turn."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tcgjudge.games.sve.grammar_compiler import Uncompilable, compile_text
from tcgjudge.games.sve.notation import (
    END_ITS_CONTROLLERS_NEXT,
    END_OPP_NEXT,
    END_YOUR_NEXT,
    EOT,
    START_YOUR_NEXT,
)
from tcgjudge.games.sve.procedures.turn import next_turn_durations
from tcgjudge.kernel.effects import CEffect


def sve(text: str, card_type: str = "follower", name: str = "") -> dict:
    return compile_text(text, card_type=card_type, name=name)


def _do(text: str, card_type: str = "spell") -> list:
    got = sve(text, card_type)
    return got["effect"]["do"] if card_type == "spell" else got["abilities"][0]["auto"]["do"]


@pytest.mark.rules("sve", "10.2.1.2")
@pytest.mark.parametrize(("words", "until"), [
    ("until the end of your opponent's next turn", END_OPP_NEXT),
    ("until the end of the opponent's next turn", END_OPP_NEXT),
    ("until the end of your next turn", END_YOUR_NEXT),
    ("until the start of your next turn", START_YOUR_NEXT),
    ("until the beginning of your next turn", START_YOUR_NEXT),
    ("this turn", EOT),
])
def test_durations_wherever_a_duration_is_read(words: str, until: str) -> None:
    assert _do(f"Select an enemy follower on the field. Give it -2/-0 {words}.") == [
        {"modify": {"what": "t", "atk": -2, "def": 0, "until": until}}]
    assert _do(f"Select an enemy follower on the field. It can't attack {words}.") == [
        {"grant": {"what": "t", "flags": ["cannot_attack"], "until": until}}]


@pytest.mark.rules("sve", "10.2.1.2", "8.4.3.2.1")
def test_a_duration_written_first_covers_the_sentence() -> None:
    assert _do("Select an enemy follower on the field. Until the end of your opponent's next turn, it can't attack "
               "enemies.") == [{"grant": {"what": "t", "flags": ["cannot_attack"], "until": END_OPP_NEXT}}]
    with pytest.raises(Uncompilable):  # drawing is no persistent effect: no duration to give it
        sve("Until the end of your opponent's next turn, draw a card.", "spell")


@pytest.mark.rules("sve", "8.4.1", "8.4.3.2.1")
def test_during_its_controllers_next_turn_is_read_for_attack_restrictions_only() -> None:
    assert _do("Select an enemy follower on the field. During its controller's next turn, it can't attack "
               "enemies.") == [{"grant": {"what": "t", "flags": ["cannot_attack"], "until": END_ITS_CONTROLLERS_NEXT}}]
    with pytest.raises(Uncompilable):  # a stat change would apply before that turn too
        sve("Select an enemy follower on the field. During its controller's next turn, give it -1/-0.", "spell")


@pytest.mark.rules("sve", "8.4.3.2")
def test_attack_restrictions_on_a_leader_are_refused() -> None:
    with pytest.raises(Uncompilable):
        sve("Your leader can't attack this turn.", "spell")


def _eff(eid: int, controller: int, duration: str, objs: tuple = ()) -> CEffect:
    return CEffect(eid, eid, "abilities", "grant", {"flags": ("cannot_attack",)}, ("objs", frozenset(objs)),
                   controller, None, duration)


@pytest.mark.rules("sve", "10.2.1.2", "7.2", "7.4.8")
def test_the_turn_procedure_ends_long_durations_by_whose_turn_begins() -> None:
    """Effects of player 0; player 1's turn begins: "until the end of your opponent's next turn"
    becomes an effect until the end of this turn, "your next turn" and "the start of your next turn"
    wait for player 0's turn, "during its controller's next turn" follows the card's controller."""
    objs = {10: SimpleNamespace(controller=1), 11: SimpleNamespace(controller=0)}
    g = SimpleNamespace(effects=[_eff(1, 0, END_OPP_NEXT), _eff(2, 0, END_YOUR_NEXT), _eff(3, 0, START_YOUR_NEXT),
                                 _eff(4, 0, END_ITS_CONTROLLERS_NEXT, (10,)), _eff(5, 0, END_ITS_CONTROLLERS_NEXT, (11,)),
                                 _eff(6, 0, END_ITS_CONTROLLERS_NEXT, (99,)), _eff(7, 0, "permanent")],
                        objects=objs, touch=lambda: None)
    next_turn_durations(g, 1)
    assert [(e.eid, e.duration) for e in g.effects] == [
        (1, EOT), (2, END_YOUR_NEXT), (3, START_YOUR_NEXT), (4, EOT), (5, END_ITS_CONTROLLERS_NEXT),
        (7, "permanent")]  # 6: its card is gone
    next_turn_durations(g, 0)  # player 0's turn begins (the end of turn 1 removed nothing here)
    assert [(e.eid, e.duration) for e in g.effects] == [
        (1, EOT), (2, EOT), (4, EOT), (5, EOT), (7, "permanent")]


@pytest.mark.rules("sve", "5.26", "2.8")
def test_one_stat_given() -> None:
    assert sve("Fanfare: Give this follower +1 defense and Ward.")["abilities"][0]["auto"]["do"] == [
        {"modify": {"what": "self", "atk": 0, "def": 1}}, {"grant": {"what": "self", "keywords": ["ward"]}}]
    assert _do("Give +2 defense to your leader and each other follower on your field.") == [
        {"leader_def": 2}, {"modify": {"what": {"other": True, "type": "follower", "controller": "you"}, "atk": 0, "def": 2}}]
    with pytest.raises(Uncompilable):  # the leader's defense is not given for a duration
        sve("Give +2 defense to your leader and each other follower on your field this turn.", "spell")


@pytest.mark.rules("sve", "5.17", "12")
def test_one_of_the_keywords_is_chosen() -> None:
    got = sve("Fanfare: Select another follower on your field and give it Rush, Bane, or Drain.")["abilities"][0]["auto"]
    assert got["choose"] == {"n": 1, "modes": [{"text": "Rush", "do": []}, {"text": "Bane", "do": []},
                                              {"text": "Drain", "do": []}]}
    assert got["do"] == [{"if": {"cond": {"chose": 0}, "then": [{"grant": {"what": "t", "keywords": ["rush"]}}],
                                 "else": [{"if": {"cond": {"chose": 1}, "then": [{"grant": {"what": "t", "keywords": ["bane"]}}],
                                                  "else": [{"grant": {"what": "t", "keywords": ["drain"]}}]}}]}}]


@pytest.mark.rules("sve", "8.4.1")
def test_during_their_controllers_next_turn() -> None:
    assert _do("Select up to 2 enemy followers on the field. During their controller's next turn, they can't attack "
               "enemies.") == [{"grant": {"what": "t", "flags": ["cannot_attack"], "until": END_ITS_CONTROLLERS_NEXT}}]


@pytest.mark.rules("sve", "10.3", "12.7")
def test_a_passive_gives_a_quoted_ability() -> None:
    got = sve('Each follower on your field has Storm and "Strike: Give this follower +2/+2."')["abilities"][0]["static"]
    assert got["affects"] == {"type": "follower", "controller": "you"}
    assert got["grant"]["keywords"] == ["storm", "strike"]
    assert got["grant"]["abilities"][0]["auto"] == {"on": "strike", "do": [{"modify": {"what": "self", "atk": 2, "def": 2}}]}


@pytest.mark.rules("sve", "10.10", "5.13.2")
def test_the_next_time_it_would_take_damage() -> None:
    assert sve("On Evolve: The next time this follower would take damage this turn, it doesn't.")["abilities"][0]["auto"][
        "do"] == [{"damage_mod": {"to": "self", "prevent": True, "once": True, "until": EOT}}]


@pytest.mark.rules("sve", "10.2.1.2", "8.4.3.2.1")
def test_abilities_taken_away_and_a_passive_restriction() -> None:
    assert _do("Select an enemy follower on the field. It loses all abilities for the rest of this turn.") == [
        {"lose": {"what": "t", "abilities": True, "until": EOT}}]
    assert _do("Select an enemy follower on the field. It loses Ward.") == [{"lose": {"what": "t", "keywords": ["ward"]}}]
    got = sve("If this follower has no Fable counters, it can't attack enemies.")["abilities"][0]["static"]
    assert got["grant"] == {"flags": ["cannot_attack"]} and "not" in got["if"]
