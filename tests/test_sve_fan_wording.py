"""The fan-translation wording of community SVE card databases reads as the printed wording does.

Each pair is the same ability in the wording of a community Cockatrice database and in the
printed template; the grammar must give both the same meaning (everything but the ability's
own text, which is kept as written)."""

from __future__ import annotations

from typing import Any

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.sve.grammar_compiler import compile_text


def _meaning(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _meaning(v) for k, v in x.items() if k != "text"}
    if isinstance(x, list):
        return [_meaning(v) for v in x]
    return x


PAIRS = [
    # "Choose X. Deal N damage to it." (5.3.1)
    ("follower", "Fanfare: Choose an enemy follower. Deal 2 damage to it.",
     "Fanfare: Select an enemy follower and deal it 2 damage."),
    ("follower", "Fanfare: Choose an enemy follower. Deal 3 damage to the chosen follower.",
     "Fanfare: Select an enemy follower and deal it 3 damage."),
    # "[Evolve]:" / "Evolve:" is On Evolve (12.6.2); "[Evolve] (N):" the evolve ability (12.2)
    ("follower", "[Evolve]: Draw a card.", "On Evolve: Draw a card."),
    ("follower", "Evolve: Draw a card.", "On Evolve: Draw a card."),
    ("follower", "[Evolve] (2): Evolve this follower.", "(E) (2): Evolve this follower."),
    # graveyard / health (4.1, 2.8)
    ("follower", "Fanfare: Put the top 2 cards of your deck into your graveyard.",
     "Fanfare: Put the top 2 cards of your deck into your cemetery."),
    ("follower", "Fanfare: Choose an enemy follower with 3 health or less. Banish it.",
     "Fanfare: Select an enemy follower with 3 defense or less and banish it."),
    ("follower", "Act (1), put this card into your graveyard: Draw a card.",
     "(A) (1), put this card into your cemetery: Draw a card."),
    # "Add N to your leader's health" / "Subtract N from your leader's health"
    ("follower", "Last Words: Add 3 to your leader's health.", "Last Words: Give your leader +3 defense."),
    ("follower", "Fanfare: Subtract 2 from your leader's health: Give this follower Rush.",
     "Fanfare: Give your leader -2 defense: Give this follower Rush."),
    ("spell", "Subtract 2 from your leader's health. Draw 2 cards.", "Give your leader -2 defense. Draw 2 cards."),
    # class conditions in brackets (13.2.1, 13.3.1, 13.5.1)
    ("follower", "Fanfare: [Necrocharge_10] Give this follower Storm.",
     "Fanfare: Necrocharge (10): Give this follower Storm."),
    ("follower", "Fanfare: Choose an enemy follower. Deal 1 damage to it. [Combo_3] Deal 3 damage instead.",
     "Fanfare: Select an enemy follower and deal it 1 damage. Combo (3): Deal 3 damage instead."),
    ("spell", "Draw a card. [Spellchain_5] Draw 2 cards instead.", "Draw a card. Spellchain (5): Draw 2 cards instead."),
    # "Subtract N from this card's cost" (10.2.1.3.3)
    ("follower", "[Necrocharge_10]: Subtract 1 from this card's cost.", "Necrocharge (10): This card costs 1 less to play."),
    ("follower", "Fanfare: Put the top card of your deck into your EX area. Subtract 2 from its cost.",
     "Fanfare: Put the top card of your deck into your EX area. It costs 2 less to play."),
    # "that card's cost": the card just put, as "its" (not the Fanfare's own card)
    ("follower", "Fanfare: Put the top card of your deck into your EX area. Subtract 2 from that card's cost.",
     "Fanfare: Put the top card of your deck into your EX area. It costs 2 less to play."),
    # a token named in quotation marks, "into the field" (5.4.1, 9.1.2.3)
    ("follower", 'Fanfare: Put a "Knight" into the field.', "Fanfare: Summon a Knight token."),
    ("follower", 'Fanfare: Put 2 "Forest Bat" into the field.', "Fanfare: Summon 2 Forest Bat tokens."),
    ("follower", 'Fanfare: Put a "Fairy" into your EX area.', "Fanfare: Put a Fairy token into your EX area."),
    ("follower", 'Fanfare: Put a "Guardform Golem" or "Strikeform Golem" into your EX area.',
     "Fanfare: Put a Guardform Golem or Strikeform Golem token into your EX area."),
    ("follower", "Fanfare: Choose a follower in your graveyard that costs 3 or less. Put it into the field.",
     "Fanfare: Select a follower in your cemetery that costs 3 or less and put it onto your field."),
    ("follower", "Fanfare: Put the top card of your deck into the graveyard.",
     "Fanfare: Put the top card of your deck into your cemetery."),
    # keywords and icons in brackets (12.4-12.15)
    ("follower", "[Fanfare]: Draw a card.", "Fanfare: Draw a card."),
    ("follower", "[Last Words]: Draw a card.", "Last Words: Draw a card."),
    ("follower", "Fanfare: Give this follower [Storm].", "Fanfare: Give this follower Storm."),
    ("follower", "[Rush] [Ward]", "Rush. Ward."),
    ("follower", "[Strike]: Draw a card.", "Strike: Draw a card."),
    ("follower", "Fanfare: If [Overflow] is active for you, draw a card.",
     "Fanfare: If Overflow is active for you, draw a card."),
]


@pytest.mark.rules("sve", "2.6", "12.4.3", "12.6.2", "13.2.1.2", "13.5.1.2")
@pytest.mark.parametrize(("kind", "fan", "printed"), PAIRS)
def test_fan_wording_means_the_printed_wording(kind: str, fan: str, printed: str) -> None:
    assert _meaning(compile_text(fan, card_type=kind, name="Probe")) == \
        _meaning(compile_text(printed, card_type=kind, name="Probe"))


@pytest.mark.parametrize("text", [
    "Fanfare: Deal 2 damage to an enemy follower.",     # which follower: no selection is written
    "Fanfare: [Spellboost] Draw a card.",               # no keyword of the SVE rules
    "Fanfare: Subtract 2 from this card's.",            # no cost named
    'Fanfare: Put a "Nonexistent Thing" into the field.',  # no token of that name
])
def test_fan_wording_not_read_is_refused(text: str) -> None:
    with pytest.raises(Uncompilable):
        compile_text(text, card_type="follower", name="Probe")
