"""The later sets' wordings (the playtest template) read as the older forms they write anew.

Each newer form compiles to the same card fields as the older form beside it (the text shown
aside); the scenarios in ``conformance/caster/cards/`` play them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.caster import grammar_compiler as cg
from tcgjudge.games.caster.compiler import compile_text


def _fields(text: str, card_type: str = "servant") -> dict:
    out = compile_text(text, card_type=card_type)
    for ab in out.get("abilities", ()):
        ab.pop("text", None)
    return out


REMINDER = ("(You may pay this card's elemental aether cost using aether of any element from [Idol] "
            "casters. If you do, increase its cost by 1 as you pay its cost.)")

PAIRS = [
    # CR 1108.2: the trait in brackets after the keyword's name, its reminder dropped (CR 205.3)
    ("United Front [Idol]", "[United Front](Idol)", "servant"),
    ("[United Front] [Idol]", "[United Front](Idol)", "conjure"),
    ("Step Up [Idol]", "[Step Up](Idol)", "servant"),
    # CR 1111.2: "DCT(N):" is "[DCT] N –"
    ("DCT(3):Break", "[DCT] 3 – [Break]", "servant"),
    ("DCT(15): I gain Hubris.", "[DCT] 15 – This card gains [Hubris].", "servant"),
    # CR 507, 906.1
    ("At the end of the enemy turn: Draw a card.", "At end of enemy turn ⇒ Draw a card.", "servant"),
    ("Whenever this card attacks, draw a card.", "Whenever this card attacks ⇒ Draw a card.", "servant"),
    # CR 105.2, 302.5
    ("Enter: Put me on the bottom of my owner's deck.", "[Enter] ⇒ Put this card on the bottom of its owner's deck.",
     "servant"),
    # CR 105.2, 1007.1
    ("Enter: Return target allied caster to the hand.", "[Enter] ⇒ Return target allied caster to its owner's hand.",
     "servant"),
    # CR 206.3: a list of races with commas
    ("Destroy target [Demon], [Cat], or [Youkai] servant.", "Destroy target Demon or Cat or Youkai servant.", "conjure"),
    # CR 803.3a
    ("I cannot be attacked by servants while rested.", "This card cannot be attacked while rested.", "servant"),
]


@pytest.fixture(autouse=True)
def _races() -> Iterator[None]:
    """Races and traits of a card data (CR 206), learnt for the test and forgotten after it."""
    saved = dict(cg._RACES)
    cg.vocabulary(["Idol", "Demon", "Cat", "Youkai"])
    yield
    cg._RACES.clear()
    cg._RACES.update(saved)
    cg._parser.cache_clear()


@pytest.mark.parametrize(("newer", "older", "card_type"), PAIRS)
def test_newer_form_reads_as_the_older(newer: str, older: str, card_type: str) -> None:
    assert _fields(newer, card_type) == _fields(older, card_type)


@pytest.mark.parametrize("text", [
    "United Front [Nobody]",  # not a race or trait of the data (CR 206)
    # a reminder that adds 1 to the cost says more than CR 1108.2 (no increase): refused, never
    # played cheaper than printed
    f"United Front [Idol] {REMINDER}",
    "[Break](2) (When this card is played, it costs 1 more.)",
    "Break [Idol]",  # [Break] takes a number, not a trait (CR 1103.3)
    "DCT(3) Break",  # no colon: not the conditional text
])
def test_refused(text: str) -> None:
    with pytest.raises(Uncompilable):
        compile_text(text, card_type="servant")


def test_banish_either_is_two_modes() -> None:
    ab = compile_text("At end of your turn : Banish this card or a face down caster.")["abilities"][0]["auto"]
    modes = ab["choose"]["modes"]
    assert [m["text"] for m in modes] == ["banish this card", "banish a face down caster"]
    assert modes[0]["do"] == [{"banish": "self"}]
