"""The remaining families of Caster wordings (grammar.lark's section "caster: the remaining
families"): what reads, and what stays refused with its reason.  The scenarios in
``conformance/caster/cards/`` play what reads."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.caster.compiler import compile_text


def _do(text: str, card_type: str = "conjure") -> list:
    return compile_text(text, card_type=card_type)["effect"]["do"]


def test_that_player_is_the_enemy_player_named_before() -> None:
    do = _do("Target enemy player reveals their hand. Choose a non-caster card from among them and remove it "
             "from game. If you do, that player draws a card.")
    assert do[-1] == {"if": {"cond": {"did": True}, "then": [{"draw": {"n": 1, "player": "enemy"}}]}}


@pytest.mark.parametrize("text", [
    "That player draws a card.",  # no player named before (CR 105.4)
    "Each player discards a card. Then that player draws a card.",  # either player
    "Target enemy player discards a card. Each player draws a card. Then that player draws a card.",
])
def test_that_player_without_one_enemy_player_before_is_refused(text: str) -> None:
    with pytest.raises(Uncompilable):
        compile_text(text, card_type="conjure")


def test_conditional_text_gives_an_ability_only_to_a_card_in_the_field() -> None:
    # CR 1111.2b: the card has the ability while the condition holds
    got = compile_text("DCT(2): Enter: Draw a card.", card_type="servant")
    ab = got["abilities"][0]
    assert ab["static"]["if"] == {"dct": 2}
    assert ab["static"]["grant"]["abilities"][0]["auto"]["on"] == "enter"
    # CR 1111.2a: a conjure is never in the field to have an ability
    with pytest.raises(Uncompilable):
        compile_text("DCT(2): Enter: Draw a card.", card_type="conjure")


def test_a_quoted_ability_is_given_to_the_cards_named() -> None:
    # CR 909.1c: a continuous ability gives it to every card it names
    got = compile_text('All Beast you control gain "Enter: Draw a card.".', card_type="servant")
    st = got["abilities"][0]["static"]
    assert st["affects"] == {"controller": "you", "race": "Beast"}
    assert st["grant"]["abilities"][0]["auto"] == {"on": "enter", "do": [{"draw": 1}]}
    assert "keywords" not in got  # "Enter" names the given ability's trigger, no keyword of this card
    # an instruction: for the duration written
    do = _do('Target allied servant gains "Rest: Draw a card." this turn.')
    assert do[0]["grant"]["until"] == "end_of_turn" and do[0]["grant"]["what"] == "t"


def test_a_cost_decrease_names_a_kind_of_card() -> None:
    # CR 903.2g-4: "your next X this turn" ends once such a card is played
    do = _do("Pay [2] less to play your next Silva conjure this turn.")
    assert do == [{"player_effect": {"flags": {"cost_mod": {"n": -2, "affects": {"element": "silva", "type": "conjure"},
                                                            "next": True}}, "until": "end_of_turn"}}]
    got = compile_text("You may pay 1 less when playing servants with a cost of 4 or more.", card_type="barrier")
    assert got["abilities"][0]["static"] == {"cost_mod": {"n": -1, "affects": {"type": "servant", "cost_min": 4}}}


def test_corrupting_your_own_orb_is_a_cost() -> None:
    # CR 903.2h, 1009.1
    got = compile_text("As an additional cost to play this card, corrupt an allied orb.\nDraw a card.", card_type="conjure")
    assert got["effect"]["cost"] == [{"corrupt": 1}]
    got = compile_text("Rest, corrupt one of your orbs: Draw a card.", card_type="barrier")
    assert got["abilities"][0]["activated"]["cost"] == ["rest", {"corrupt": 1}]


def test_target_ability_of_a_kind_of_card() -> None:
    # CR 1019.1, 903.2b: an ability in the chase zone whose card is a caster
    got = compile_text("Cancel target ability of a caster.", card_type="conjure")
    assert got["effect"]["target"] == {"as": "t", "zone": "chase", "type": "ability", "ability_of": {"type": "caster"}}
