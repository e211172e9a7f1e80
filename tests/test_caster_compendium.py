"""The casters-compendium notation of Caster card text reads as the printed wording it restates.

The community database writes each ability as a bulleted item ("• Enter : ..."), the arrow "→"
for the "⇒" between a trigger and its effect, keyword and trigger names without brackets and
traits in brackets.  Each restatement must compile to exactly what the printed wording compiles
to (docs/card-grammar.md, "Caster: the casters-compendium notation")."""

from __future__ import annotations

import pytest

from caster_util import compiled_meaning as _c
from tcgjudge.games.caster import grammar_compiler as cg
from tcgjudge.games.caster.assembly import notation

cg.vocabulary(races=["Supplies", "Jewelry", "Insect", "Plant", "Cosmetics", "Sweets", "Youkai"])


@pytest.mark.rules("caster", "205.2", "205.3")
def test_a_bullet_opening_a_line_marks_a_paragraph() -> None:
    assert notation("• Double Corrupt (When I corrupt, I corrupt two orbs instead of one.)\n\n"
                    "• Enter : Draw a card.") == ["Double Corrupt", "Enter: Draw a card."]
    assert notation("•Target allied servant gains +500 ATK until end of turn.") == [
        "Target allied servant gains +500 ATK until end of turn."]
    # only at the opening of a line: a bullet inside a sentence stays, to be read or refused
    assert notation("Draw a card. • Draw a card.") == ["Draw a card. • Draw a card."]


#: (card type, printed wording, casters-compendium wording)
PAIRS = [
    ("servant", "[Double Corrupt] (When this servant corrupts, it corrupts two orbs instead of one.)\n"
     "[Enter] ⇒ Destroy target rested enemy servant.",
     "• Double Corrupt (When this servant corrupts, it corrupts two orbs instead of one.)\n"
     "• Enter: Destroy target rested enemy servant."),  # CR 1102, 1106
    ("conjure", "[Break] (When this card is put into your hand from an orb zone, you may play it immediately "
     "without paying its cost.)\nDraw three cards.",
     "• Break (When this card is put into your hand from an orb zone, you may play it immediately without "
     "paying its cost.) \n• Draw three cards."),  # CR 1103
    ("servant", "[Last Words] ⇒ Put up to two servants with a cost of two or less each from your hand into the "
     "field.", "• Last Words → Put up to two servants with a cost of two or less each from your hand into the "
     "field."),  # CR 906.1, 1107
    ("servant", "This card gains [Double Corrupt] as long as there are four or fewer allied orbs.",
     "• This I gain Double Corrupt as long as there are four or fewer allied orbs. (When I corrupt, I corrupt "
     "two orbs instead of one.)"),  # CR 1102, 1014.3
    ("caster", "[Rest]: Draw a card if an allied servant was destroyed in battle this turn.",
     "• Rest: Draw a card if an allied servant was destroyed in battle this turn."),  # CR 1010
]


@pytest.mark.rules("caster", "205.2", "906.1", "1010.1")
@pytest.mark.parametrize(("card_type", "printed", "compendium"), PAIRS)
def test_the_compendium_notation_reads_as_the_printed_wording(card_type: str, printed: str,
                                                               compendium: str) -> None:
    assert _c(compendium, card_type) == _c(printed, card_type)


@pytest.mark.rules("caster", "1007.1", "1008.1")
def test_destroyed_or_banished_this_turn() -> None:
    got = _c("• Rest: Draw a card if an allied [Insect] was destroyed or banished this turn.", "caster")
    cond = got["abilities"][0]["activated"]["do"][0]["if"]["cond"]
    assert cond == {"record": {"key": "servants_destroyed_or_banished", "of": {"race": "Insect"}}}


@pytest.mark.rules("caster", "1103.3", "1108.2")
def test_a_keyword_value_in_parentheses_without_brackets() -> None:
    # the value is the keyword's, as in "[Break](2)"; a reminder sentence is still dropped
    assert notation("• Break (2)") == ["[Break](2)"]
    assert notation("• United Front (Idol)") == ["[United Front](Idol)"]
    assert notation("• Break (When this card is put into your hand from an orb zone, you may play it "
                    "immediately without paying its cost.)") == ["Break"]
    cg.vocabulary(races=["Idol"])
    assert _c("• United Front (Idol)", "servant") == _c("[United Front](Idol)", "servant")
    assert _c("• Break (2)", "servant") == {"keywords": [{"break": 2}]}


#: (card type, printed wording, casters-compendium wording) of the triggers
TRIGGERS = [
    ("servant", "[Enter] ⇒ Draw a card.", "• When I enter the field : Draw a card."),  # CR 1106.2
    ("servant", "[Enter] ⇒ Draw a card.", "When this card enters the field ⇒ Draw a card."),
    ("servant", "[Last Words] ⇒ Draw a card.", "• When I am put into a graveyard from the field : Draw a card."),
    ("barrier", "At end of turn ⇒ Draw a card.", "• At the end of the turn : Draw a card."),  # CR 507.3
]


@pytest.mark.rules("caster", "1106.2", "1107.2", "507.3")
@pytest.mark.parametrize(("card_type", "printed", "compendium"), TRIGGERS)
def test_written_out_triggers(card_type: str, printed: str, compendium: str) -> None:
    assert _c(compendium, card_type) == _c(printed, card_type)


@pytest.mark.rules("caster", "501.1", "502.1")
def test_the_start_of_the_enemy_turn_and_of_each_turn() -> None:
    for text in ("At the start of the enemy turn: Draw a card.", "At the beginning of an enemy turn: Draw a card.",
                 "At the start of your opponent's turn: Draw a card."):
        assert _c(text, "barrier")["abilities"][0]["auto"]["on"] == {"named": "beginning_of_turn", "whose": "enemy"}
    assert _c("At the start of each turn: Draw a card.", "barrier")["abilities"][0]["auto"]["on"] == {
        "named": "beginning_of_turn", "whose": "each"}


@pytest.mark.rules("caster", "803.2", "308.3")
def test_the_opponent_cannot_attack_is_cannot_be_attacked() -> None:
    assert _c("Your opponent cannot attack rested allied servants.", "barrier") == _c(
        "Rested allied servants can't be attacked.", "barrier")
    got = _c("• Your opponent cannot attack allied rested servants while I am reversed.", "servant")
    assert got["abilities"][0]["static"]["if"] == {"is": ["self", {"orientation": "reversed"}]}
    assert _c("Rested allied servants can't be attacked as long as this card is reversed.", "servant") == got


@pytest.mark.rules("caster", "902.2", "105.2")
def test_put_me_from_your_graveyard_to_your_hand_works_in_the_graveyard() -> None:
    from tcgjudge.games.caster.compiler import compile_entry

    got = compile_entry({"name": "Card", "type": "caster", "level": 1, "element": "solis",
                         "text": "• Whenever an allied [Sweets] enters the field : Put me from your graveyard to "
                                 "your hand."})
    ab = got["abilities"][0]
    assert ab["zones"] == ["graveyard"]
    assert ab["auto"]["do"] == [{"if": {"cond": {"is": ["self", {"zone": "graveyard"}]},
                                        "then": [{"move": {"what": "self", "to": "hand"}}]}}]


@pytest.mark.rules("caster", "1103.2")
def test_a_card_was_played_by_its_break_ability() -> None:
    got = _c("Rest: Draw a card if a card was played by its Break ability this turn.", "caster")
    assert got["abilities"][0]["activated"]["do"][0]["if"]["cond"] == {
        "or": [{"record": {"key": "break_played"}}, {"record": {"key": "break_played", "player": "enemy"}}]}
    got = _c("Rest: Draw a card if an allied card was played by its [Break] ability this turn.", "caster")
    assert got == _c("Rest: Draw a card if you played a spell by its [Break] ability this turn.", "caster")
