"""The later sets' wordings (the playtest template) read as the older forms they write anew.

Each newer form compiles to the same card fields as the older form beside it (the text shown
aside); the scenarios in ``conformance/caster/cards/`` play them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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
    cg._PARSER.vocabulary_changed()


@pytest.mark.parametrize(("newer", "older", "card_type"), PAIRS)
def test_newer_form_reads_as_the_older(newer: str, older: str, card_type: str) -> None:
    assert _fields(newer, card_type) == _fields(older, card_type)


@pytest.mark.parametrize("text", [
    "United Front Nobody",  # neither a race or trait of the data nor one in brackets (CR 206)
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


def test_a_race_in_brackets_is_a_race_of_the_text() -> None:
    """A race the newer wording names in brackets is a race even when no card of the data has it
    (CR 206.3), and it is known to every card read after it, bracketed or not."""
    assert "zorblax" not in cg._RACES
    kw = compile_text("United Front [Zorblax]", card_type="servant")["keywords"]
    assert kw == [{"united_front": "Zorblax"}]
    ab = compile_text("Whenever an allied Zorblax enters the field : Recover me.", card_type="caster")
    assert ab["abilities"][0]["auto"]["on"]["subject"]["race"] == "Zorblax"


def test_bracketed_keywords_labels_and_elements_are_not_races() -> None:
    from tcgjudge.games.caster.grammar_compiler import bracketed_races

    text = "[Enter] ⇒ [Rest]: [Break] [Double Corrupt] [Last Words] [Solis] [Universal] [1] [Heishi]"
    assert bracketed_races(text) == ["Heishi"]
    # an ability's name opens its line or is followed by "ability" (CR 901.1d, 901.1e)
    text = "[Fury] Whenever an allied [Jewelry] enters, a [Demon], [Cat], or [Youkai] servant gains [Fury] ability."
    assert bracketed_races(text) == ["Jewelry", "Demon", "Cat", "Youkai"]


def test_banish_either_is_two_modes() -> None:
    ab = compile_text("At end of your turn : Banish this card or a face down caster.")["abilities"][0]["auto"]
    modes = ab["choose"]["modes"]
    assert [m["text"] for m in modes] == ["banish this card", "banish a face down caster"]
    assert modes[0]["do"] == [{"banish": "self"}]


def test_a_scenario_learns_every_card_before_it_reads_one() -> None:
    """A card's text may name a race only a later card of the scenario has (CR 206.2): the
    scenario's cards are learnt before any of them is read, whatever their order."""
    from tcgjudge.cards.loader import load_yaml_text
    from tcgjudge.interfaces.scenario import Runner

    data = load_yaml_text("""
game: caster
name: order
cards:
  - {name: Warden, type: caster, level: 1, element: luna, text: "Whenever an allied Glimmerkin enters the field : Recover me."}
  - {name: Sprite, type: servant, element: luna, race: Glimmerkin, cost: 0, atk: 1000, def: 1000}
setup: {turn: 3, active: p1, at: main}
""")
    assert "glimmerkin" not in cg._RACES
    g = Runner(data, Path("order.yaml")).setup()
    assert g is not None


def test_banish_a_list_of_races_is_one_noun_phrase() -> None:
    """"Banish all allied Flowers or Insects." banishes the allied cards of either race (CR 206.3),
    not a choice between all allied Flowers and the Insects: the second half of "banish X or Y"
    is a mode only when it is a noun phrase of its own ("or a face down caster")."""
    cg.vocabulary(["Flower", "Insect"])
    fx = compile_text("Banish all allied Flowers or Insects.", card_type="conjure")["effect"]
    assert "choose" not in fx
    assert fx["do"] == [{"banish": {"what": {"controller": "you", "race": ["Flower", "Insect"]}}}]
    modes = compile_text("Banish all allied Flowers or all allied Insects.", card_type="conjure")["effect"]
    assert len(modes["choose"]["modes"]) == 2
