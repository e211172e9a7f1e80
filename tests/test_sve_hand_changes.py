"""Changes to cards in a hand (and other zones the engine's layers do not reach): a cost change
is kept while the card stays in the hand and applies to playing it (SVE 10.2.1.3.3, 4.1.4); a
change the engine would not keep is refused when the text is compiled, never ignored."""

from __future__ import annotations

import pytest

from sve_util import follower, scenario, setup, spell, step
from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve import grammar_compiler as sg


def _compile(text: str) -> dict:
    return sg.compile_text(text, card_type="follower", name="Tester")


@pytest.mark.rules("sve", "4.1.4", "10.9.2")
@pytest.mark.parametrize("text", [
    # stats and abilities given to a card selected in a hand, put into a hand, or in a deck
    "Fanfare: Select a follower in your hand and give it +1/+1.",
    "Fanfare: Select a follower in your hand. Give it Rush.",
    "Fanfare: Search your deck for a follower and put it into your hand. Give it +1/+1.",
    "Fanfare: Look at the top 3 cards of your deck. Select a follower from among them and give it +1/+1.",
    "Fanfare: Select a follower in your hand. Change its evolve cost to 0 for the rest of this turn.",
    "Fanfare: Select a follower in your hand and place 1 Stack counter on it.",
    "Fanfare: Select a follower in your hand. It cannot take damage this turn.",
    "Fanfare: Select a follower in your hand. Give it Drive.",
    # any change to a card in a cemetery
    "Fanfare: Select a follower in your cemetery. It costs 1 less to play this turn.",
    "Fanfare: Select a follower in your cemetery and give it +1/+1.",
    # "it" after a draw named the ability's own card, already played
    "Fanfare: Draw a card. It costs 1 less to play this turn.",
    # a trigger's card that is no longer on the field when its ability resolves
    "Last Words: Give this card +1/+1.",
    "When this card is discarded, give it +1/+1.",
    "When this card is returned to hand from your field, give it +1/+1.",
    "Whenever a follower on your field is destroyed, give it +1/+1.",
    # passive abilities on cards of a hand or a cemetery
    "Followers in your hand get +1/+1.",
    "Each follower in your hand has Rush.",
    "Each follower in your cemetery costs 1 less to play.",
])
def test_changes_the_engine_would_not_keep_are_refused(text: str) -> None:
    with pytest.raises(Uncompilable):
        _compile(text)


@pytest.mark.rules("sve", "10.2.1.3.3")
def test_cost_changes_to_cards_in_a_hand_compile() -> None:
    assert _compile("Fanfare: Select a card in your hand. It costs 1 less to play this turn.")["abilities"][0][
        "auto"]["do"] == [{"select": {"as": "c", "from": {"zone": "hand", "player": "you"}, "n": 1}},
                          {"modify": {"what": "c", "cost": -1, "until": "end_of_turn"}}]
    assert _compile("Each follower in your hand costs 1 less to play.")["abilities"][0]["static"] == {
        "cost_mod": {"n": -1, "affects": {"type": "follower", "zone": "hand"}}}


TINKER = follower("Tinker", 2, text="Fanfare: Select a card in your hand. It costs 2 less to play this turn.")


BOULDER = follower("Boulder", 3, 3, 3)


def _selected(pp: int = 9):
    return scenario(setup({"hand": ["Tinker", {"card": "Boulder", "id": "b"}, {"card": "Boulder", "id": "o"}],
                           "pp": pp, "max_pp": pp}),
                    cards=[TINKER, BOULDER], do=[{"p1": "play Tinker"}, {"p1": "choose b"}])


@pytest.mark.rules("sve", "10.2.1.3.3", "4.1.4", "10.6.2.5")
def test_a_cost_change_in_a_hand_lasts_while_the_card_stays_there() -> None:
    r = _selected()
    g = r.g
    b, o = r.current("b"), r.current("o")
    assert (g.rules.card_cost(g, 0, b), g.chars(b)["cost"]) == (1, 1)
    assert g.rules.card_cost(g, 0, o) == 3  # the other card of the hand
    back = g.move(g.move(b, "cemetery"), "hand")  # a new card in the hand (4.1.4)
    assert g.rules.card_cost(g, 0, back) == 3
    r = _selected()
    g = r.g
    g.end_effects("end_of_turn")  # "this turn" (7.4.8)
    assert g.rules.card_cost(g, 0, r.current("b")) == 3


@pytest.mark.rules("sve", "10.2.1.3.3", "10.6.2.1", "10.6.2.8.1.1")
def test_the_cost_change_applies_to_playing_the_card() -> None:
    r = _selected(pp=3)  # 3 - 2 (Tinker) = 1 left: enough only for the cheaper Boulder
    step(r, "p1", "play b")
    g = r.g
    assert g.turn == 5 and g.players[0]["pp"] == 0 and g.objects[r.current("b")].zone == "field"
    # applied in the resolution zone, it applies on the field too (10.6.2.8.1.1), as from the EX area
    assert g.chars(r.current("b"))["cost"] == 1


@pytest.mark.rules("sve", "4.1.4", "10.6.2.1.3", "10.2.1.3.3")
def test_only_the_cost_change_goes_along_when_the_card_is_played() -> None:
    """Written in the effect language (the compiler refuses "+2/+0" to a card in a hand): the
    stat change made in the hand does not follow the card onto the field (4.1.4)."""
    pump = spell("Pump", effect={"do": [
        {"select": {"as": "c", "from": {"zone": "hand", "player": "you", "type": "follower"}, "n": 1}},
        {"modify": {"what": "c", "cost": -1}}, {"modify": {"what": "c", "atk": 2}}]})
    r = scenario(setup({"hand": ["Pump", {"card": "Boulder", "id": "b"}], "pp": 2, "max_pp": 2}),
                 cards=[pump, BOULDER], do=[{"p1": "play Pump"}, {"p1": "play Boulder"}])
    g = r.g
    assert g.turn == 5 and g.players[0]["pp"] == 0 and g.objects[r.current("b")].zone == "field"
    assert g.chars(r.current("b"))["atk"] == 3


@pytest.mark.rules("sve", "10.2.1.3.3", "10.6.2.1")
def test_a_passive_cost_change_to_a_hand_is_not_one_to_the_ex_area() -> None:
    mentor = follower("Mentor", 2, text="Each follower in your hand costs 1 less to play.")
    r = scenario(setup({"field": ["Mentor"], "hand": [{"card": "Boulder", "id": "h"}],
                        "ex_area": [{"card": "Boulder", "id": "x"}], "pp": 9, "max_pp": 9}),
                 cards=[mentor, follower("Boulder", 3, 3, 3)])
    g = r.g
    assert g.rules.card_cost(g, 0, r.current("h")) == 2
    assert g.rules.card_cost(g, 0, r.current("x")) == 3
