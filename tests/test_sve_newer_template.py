"""SVE: the newer official template's wording (BP21 on) read with the meanings of the earlier
template's forms, and what stays refused (Super-Evolve is not in the comprehensive rules 1.16.0)."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve.grammar_compiler import compile_text
from tcgjudge.games.sve.notation import notation


def sve(text: str, card_type: str = "follower") -> dict:
    return compile_text(text, card_type=card_type, name="Tester")


@pytest.mark.rules("sve", "2.6")
def test_this_alone_is_the_card_and_this_as_a_determiner_keeps_its_noun() -> None:
    assert notation("Give this +2/+0 this turn.") == "Give this card +2/+0 this turn."
    assert notation("When this leaves the field, draw a card.") == "When this card leaves the field, draw a card."
    for same in ("this card", "this follower", "this ability", "this way", "this one", "this turn",
                 "this card's", "this follower's"):
        assert notation(f"Give {same} Storm.") == f"Give {same} Storm."


@pytest.mark.rules("sve", "12.2", "2.6")
def test_evolve_this_is_the_evolve_ability_of_the_earlier_template() -> None:
    assert sve("Evolve (1): Evolve this.") == sve("Evolve (1): Evolve this follower.") == {"keywords": [{"evolve": 1}]}


@pytest.mark.rules("sve", "10.4.6", "5.33")
def test_engage_this_and_bury_this_are_the_earlier_costs() -> None:
    new = sve("Act {ENGAGE} this, bury this: Draw a card.", "amulet")["abilities"][0]["activated"]
    old = sve("Act {ENGAGE}, bury this card: Draw a card.", "amulet")["abilities"][0]["activated"]
    assert new == old


@pytest.mark.rules("sve", "2.4")
def test_a_singular_a_and_b_noun_phrase_is_refused() -> None:
    """'an Academic and Beast follower' may be one follower of both traits: not read."""
    with pytest.raises(Uncompilable):
        sve("Fanfare: Select an Academic and Beast follower on your field and give it +1/+1.")
    got = sve("Fanfare: Select an Academic or Beast follower on your field and give it +1/+1.")
    assert got["abilities"][0]["auto"]["targets"][0]["trait"] == ["Academic", "Beast"]


@pytest.mark.rules("sve", "12")
def test_super_evolve_is_refused_saying_why() -> None:
    for text in ("On Super-Evolve - Summon a Fairy token.",
                 "While you don't have a Super Evolution Point, this has Storm."):
        with pytest.raises(Uncompilable, match="not in the comprehensive rules 1.16.0"):
            sve(text)


@pytest.mark.rules("sve", "5.7")
def test_repeated_effects_with_a_selection_are_refused() -> None:
    with pytest.raises(Uncompilable):
        sve('Fanfare: Do the following 2 times. "Select an enemy follower on the field and deal it 1 damage."')
