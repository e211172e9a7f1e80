"""Event words, while-conditions and keyword filters (SVE 5.15, 4.1, 2.2, 10.3.3): the compiled
output the scenarios ``conformance/sve/cards/words-*`` play, and the refusals they cannot show."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


def _auto(text: str) -> dict:
    return sg.compile_text(text)["abilities"][0]["auto"]


@pytest.mark.rules("sve", "2.2", "12")
def test_keyword_filters_any_and_none() -> None:
    got = sg.compile_text("Select an enemy follower on the field with Storm, Rush, or Ward and destroy it.",
                          card_type="spell")["effect"]
    assert got["targets"][0]["keyword"] == ["rush", "storm", "ward"]
    got = sg.compile_text("Select an enemy follower on the field without Storm or Ward and destroy it.",
                          card_type="spell")["effect"]
    assert got["targets"][0]["no_keyword"] == ["storm", "ward"]


@pytest.mark.rules("sve", "5.15", "12.6")
def test_evolve_events_of_either_field() -> None:
    assert _auto("Whenever another follower on the field evolves, draw a card.")["on"] == {
        "event": "evolve", "subject": {"other": True, "type": "follower"}}
    assert _auto("Whenever an enemy follower evolves, draw a card.")["on"] == {
        "event": "evolve", "subject": {"type": "follower"}, "player": "enemy"}
    # "on your field" keeps its earlier reading
    assert _auto("Whenever a follower on your field evolves, draw a card.")["on"] == {"named": "ally_evolves"}
    with pytest.raises(Uncompilable):  # several followers at once: not one evolve event
        sg.compile_text("Whenever 2 followers on the field evolve, draw a card.")


@pytest.mark.rules("sve", "4.1")
def test_returned_to_hand_names_whose_field() -> None:
    assert _auto("Whenever a card on your field is returned to hand, draw a card.")["on"] == {
        "event": "move", "from": "field", "to": "hand", "player": "you", "subject": {}}
    with pytest.raises(Uncompilable):  # from whose field? (either reading would be a guess)
        sg.compile_text("Whenever a follower is returned to your hand, draw a card.")


@pytest.mark.rules("sve", "10.6.2.3", "10.7.3")
def test_a_condition_on_a_selection_alone_is_refused() -> None:
    """"If A, select X. Deal 4 damage to it.": the condition was dropped (the selection is made as
    the ability is played and the sentence has no instruction of its own); now refused."""
    with pytest.raises(Uncompilable):
        sg.compile_text("On Evolve: If your leader's {DEF} is at least 5, select an enemy follower on the field. "
                        "Deal 4 damage to it.")
    got = _auto("On Evolve: If your leader's {DEF} is at least 5, select an enemy follower on the field and "
                "deal 4 damage to it.")
    assert got["if"] == {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, ">=", 5]}


@pytest.mark.rules("sve", "2.8")
def test_leader_defense_bounds() -> None:
    low = {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, "<=", 6]}
    for text in ("If your leader's {DEF} is 6 or less", "If your leader's defense is at most 6",
                 "If your leader has at most 6 defense", "If your leader's defense is 6 or less"):
        assert _auto(f"Fanfare: {text}, draw a card.")["if"] == low, text
