"""The newer English wording of Caster card text reads with the meaning the older wording has.

The re-release writes "Rest:" for "[Rest]:", a trigger as a label before ":" for "⇒", "I", "me"
and "my" for "this card", keyword names without brackets, and races in text in brackets
("[Supplies]").  Each restatement must compile to exactly what the older wording compiles to
(docs/card-grammar.md, "The newer wording")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from caster_util import compiled_meaning as _c
from caster_util import meaning
from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.caster import grammar_compiler as cg

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT.parent / "shared" / "data" / "caster" / "cockatrice" / "TheCasterChroniclesTCG.dev.xml"
REPRINTS = ROOT.parent / "devdata-caster" / "speedrobo-reprints.xml"

cg.vocabulary(races=["Supplies", "Jewelry", "Insect", "Flower", "Cosmetics"])


#: (card type, older wording, newer wording)
PAIRS = [
    ("caster", "[Rest], discard a caster: Draw a card.", "Rest, discard a caster: Draw a card."),  # CR 903.2h
    ("caster", "[Rest]: Recover target Lv1 allied caster.", "Rest: Recover target Lv1 allied caster."),
    ("servant", "[Enter] ⇒ Destroy target barrier. (When this card enters the field ⇒ Perform the effect.)",
     "Enter : Destroy target barrier. (When I enter the field : Perform the effect.)"),  # CR 1106.2
    ("servant", "[Last Words] ⇒ Destroy target barrier.", "Last Words : Destroy target barrier."),  # CR 1107.2
    ("barrier", "At end of enemy turn ⇒ That enemy player discards a card.",
     "At end of enemy turn : That enemy player discards a card."),  # CR 906.1
    ("servant", "Whenever this card attacks an enemy servant ⇒ Destroy that enemy servant.",
     "Whenever I attack an enemy servant : Destroy that enemy servant."),
    ("servant", "Whenever this card corrupts an orb ⇒ Target enemy player discards a card.",
     "Whenever I corrupt an orb : Target enemy player discards a card."),
    ("servant", "Whenever this card destroys an enemy servant by battle ⇒ Recover this card.",
     "Whenever I destroy an enemy servant by battle : Recover me."),
    ("servant", "At the start of your turn ⇒ Return this card to its owner's hand.",
     "At the start of your turn : Return me to my owner's hand."),  # CR 105.2
    ("servant", "At end of turn ⇒ If this card was put into a graveyard from the field this turn, put it into "
     "the field under its owner's control.",
     "At end of turn : If I was put into a graveyard from the field this turn, put me into the field under "
     "my owner's control."),  # CR 302.3
    ("servant", "At end of turn ⇒ Return this card to its owner's hand if it battled this turn.",
     "At end of turn : Return me to my owner's hand if I battled this turn."),  # CR 803.4
    ("servant", "This card cannot be attacked while rested.", "I cannot be attacked while rested."),
    ("caster", "If you would play a caster as part of your call phase, you may play this card face up from an "
     "allied graveyard instead.", "If you would play a caster as part of your call phase, you may play me face "
     "up from an allied graveyard instead."),  # CR 910
    ("conjure", "[Break] (When this card is put into your hand from an orb zone, you may play it immediately "
     "without paying its cost.)\nDraw three cards.",
     "Break (When I am put into your hand from an orb zone, you may play me immediately without paying my "
     "cost.)\nDraw three cards."),  # CR 1103, 205.3
    ("servant", "[Double Corrupt] (When this servant corrupts, it corrupts two orbs instead of one.)",
     "Double Corrupt (When I corrupt, I corrupt two orbs instead of one.)"),  # CR 1102
    ("servant", "[Double Corrupt]", "Double Corrupt"),
    ("conjure", "[Quickcast] (You may play this card any time you have priority.)\nDraw a card.",
     "Quickcast (You may play me any time.)\nDraw a card."),  # CR 1105
    ("servant", "[Slow Start] (This card cannot attack the turn it is played to the field.)",
     "Slow Start (I cannot attack the turn I am played to the field.)"),  # CR 1104
    ("barrier", "All servants gain [Slow Start]. (This card cannot attack the turn it is played to the field.)",
     "All servants gain Slow Start. (I cannot attack the turn I am played to the field.)"),
    ("caster", "[Rest]: Target allied servant loses [Slow Start] until end of turn.",
     "Rest: Target allied servant loses Slow Start until end of turn."),
    ("conjure", "Target allied servant gains +4000 ATK and [Double Corrupt] until end of turn. (When this servant "
     "corrupts, it corrupts two orbs instead of one.)",
     "Target allied servant gains +4000 ATK and Double Corrupt until end of turn. (When that servant corrupts, it "
     "corrupts two orbs instead of one.)"),
    ("caster", "[Rest], banish a Cosmetics: Draw a card.", "Rest, banish a [Cosmetics]: Draw a card."),  # CR 206.3
    ("servant", "[Enter] ⇒ Put target Supplies with a cost of 1 from an allied graveyard into the field.",
     "Enter : Put target [Supplies] with a cost of 1 from an allied graveyard into the field."),
    ("caster", "[Rest]: Destroy target enemy servant if it is an Insect or Flower.",
     "Rest: Destroy target enemy servant if it is an [Insect] or [Flower]."),
    ("caster", "Whenever an allied Jewelry enters the field ⇒ Recover this card.",
     "Whenever an allied [Jewelry] enters the field : Recover me."),
    ("servant", "[Enter] ⇒ Put target servant with a cost of 3 or less in an allied graveyard into your hand.",
     "Enter : Put target servant with cost 3 or less in an allied graveyard into your hand."),
    ("caster", "[Rest]: Produce [1].", "Rest: Produce one Void aether."),  # CR 209.3, 907.5
]


@pytest.mark.rules("caster", "205.1", "205.3", "206.3", "903.2h", "906.1")
@pytest.mark.parametrize(("card_type", "old", "new"), PAIRS, ids=[p[2][:40] for p in PAIRS])
def test_newer_wording_means_what_the_older_says(card_type: str, old: str, new: str) -> None:
    assert _c(new, card_type) == _c(old, card_type)


@pytest.mark.rules("caster", "105.2", "206.3")
@pytest.mark.parametrize("text", [
    "Rest: Return target servant to my owner's hand.",  # "my" is read only beside "me"
    "Rest: Put target Nosuchrace in an allied graveyard into your hand.",  # races come from the data
    "Enter, Choose two target servants an enemy player controls: That enemy player banishes one of them.",
    "Break Time: Draw a card.",  # a keyword's name is a keyword only alone on its line
])
def test_newer_wording_outside_the_language_is_refused(text: str) -> None:
    with pytest.raises(Uncompilable):
        cg.compile_text(text, card_type="servant", name="Card")


#: reprints whose newer printed text says something else than the older: compiled differently
CHANGED_TEXT = {
    "Shopping Plaza": "a new trigger, at end of enemy turn",
    "Hilde Willow Lv1": "no discard in the cost",
    "Diablos the Deciever": "at end of your turn, not each turn",
    "Lucifell, Flawless Beauty": "[Hubris] keyword for the spelled-out ability",
    "Citra Cayce Lv1": "any allied servant, not a Cosmetics",
    "Clara Shurei Lv1": "no cost limit on the target",
    "Heartbreak Cupid": "rest or reverse",
    "Succubus": "rest or reverse, one target",
    "Mia Laira Lv1": "any allied servant, not a Sweets",
    "Crispy Cookie": "[Unity]; no text before",
    "Hard Pancake": "a cost limit on the target",
    "Forre Mellow Lv1": "no \"two or more casters\" condition",
    "Harpy": "a cost limit of four, not 3",
    # "Banish a "X" from my Stock": a stock of this caster, where the older "Banish another "X""
    # takes any other entity or stock of that name (CR 1008.3)
    "Ruka Eremi Lv2": "from my Stock",
    "Kiberia Yosha Lv2": "from my Stock",
    "Maisey Queen Lv2": "from my Stock",
    "Pumpkin Chariot": "if I attacked this turn, not if it battled",
    # CR 1009.1: the reprint's additional cost corrupts an orb (to the hand), the older one banishes it
    "Evaporation": "corrupt an allied orb, not banish an orb",
}


@pytest.mark.rules("caster", "205.1")
def test_reprints_compile_like_their_older_printing() -> None:
    if not (SHIPPED.exists() and REPRINTS.exists()):
        pytest.skip(f"needs {SHIPPED} and {REPRINTS} (card data outside the repository)")
    from tcgjudge.games.caster.compiler import compile_entry, entry_of, xml_cards

    def compiled(path: Path) -> dict[str, Any]:
        cg.database_vocabulary(path)
        out: dict[str, Any] = {}
        for c in xml_cards(path):
            try:
                got = compile_entry(entry_of(c))
            except Uncompilable:
                continue
            out[c["name"]] = {k: meaning(got.get(k)) for k in ("abilities", "keywords", "effect")}
        return out

    old, new = compiled(SHIPPED), compiled(REPRINTS)
    both = sorted(set(old) & set(new))
    differ = [n for n in both if old[n] != new[n] and n not in CHANGED_TEXT]
    assert differ == []
    assert sorted(n for n in CHANGED_TEXT if n in both and old[n] == new[n]) == []
    assert len(both) >= 80


@pytest.mark.rules("caster", "306.2", "1008.3")
def test_banish_a_name_from_my_stock_is_a_stock_of_this_card() -> None:
    got = cg.compile_text('Rest, banish a"Tide Reader" from my Stock: Draw a card.', card_type="caster", name="C")
    assert got["abilities"][0]["activated"]["cost"] == [
        "rest", {"banish": {"filter": {"name": "Tide Reader", "stock_of": "self"}}}]


@pytest.mark.rules("caster", "105.4", "903.2e")
def test_cannot_be_targeted_by_enemy_spells_or_abilities() -> None:
    got = cg.compile_text("Allied casters cannot be targeted by enemy spells or abilities.", card_type="barrier")
    assert got["abilities"][0]["static"] == {"grant": {"flags": ["untargetable_by:enemy"]},
                                             "affects": {"controller": "you", "type": "caster"}}
    # "enemy" is the opponent of the text's controller: for enemy cards, that is their controller
    with pytest.raises(Uncompilable):
        cg.compile_text("Enemy servants cannot be targeted by enemy spells or abilities.", card_type="barrier")


@pytest.mark.rules("caster", "1004.1")
def test_otherwise_is_the_else_of_the_if_sentence_before() -> None:
    got = cg.compile_text("Enter : Draw a card if you have 3 or more orbs. Otherwise, discard a card.")
    assert got["abilities"][0]["auto"]["do"] == [
        {"if": {"cond": {"orbs": {"min": 3}}, "then": [{"draw": 1}], "else": [{"discard": 1}]}}]
    with pytest.raises(Uncompilable):  # no "If ..." before it
        cg.compile_text("Enter : Draw a card. Otherwise, discard a card.")


@pytest.mark.rules("caster", "303.2")
@pytest.mark.parametrize(("words", "face"), [("face down", "down"), ("face-down", "down"), ("face up", "up")])
def test_face_down_and_face_up_with_or_without_the_hyphen(words: str, face: str) -> None:
    got = cg.compile_text(f"Rest, banish a {words} Caster: Draw a card.", card_type="caster")
    assert got["abilities"][0]["activated"]["cost"] == ["rest", {"banish": {"filter": {"face": face, "type": "caster"}}}]


@pytest.mark.rules("caster", "1012.2", "307.6")
def test_search_and_put_it_into_the_field_as_rest() -> None:
    got = cg.compile_text("Enter : Search your deck for a [Supplies] servant with a cost of 3 or less and put it into "
                          "the field as Rest.")
    search, put = got["abilities"][0]["auto"]["do"]
    assert search["search"]["filter"] == {"cost_max": 3, "type": "servant", "race": "Supplies"}
    assert put == {"put_field": {"what": search["search"]["as"], "orientation": "rested"}}
    plain = cg.compile_text("Enter : Search your deck for a servant and put it into the field.")
    assert "orientation" not in plain["abilities"][0]["auto"]["do"][1]["put_field"]  # CR 307.6: its controller chooses


@pytest.mark.rules("caster", "803.4")
@pytest.mark.parametrize(("who", "ref"), [("this card", "self"), ("I", "self"), ("it", "t")])
def test_battled_and_attacked_name_the_card_itself_or_the_card_named_before(who: str, ref: str) -> None:
    # "this card" and "I" are the card itself, also after a target; "it" is the target
    for verb, filt in (("battled", {"battled": True}), ("attacked", {"attacker": True}),
                       ("battled an enemy servant", {"battled": "servant"})):
        got = cg.compile_text(f"At end of turn : Destroy target servant if {who} {verb} this turn.")
        cond = got["abilities"][0]["auto"]["do"][0]["if"]["cond"]
        assert cond == {"is": [ref, filt]}


@pytest.mark.rules("caster", "105.2", "206.1a")
def test_misprints_are_read_only_through_the_spelling_table() -> None:
    from tcgjudge.games.caster.assembly import MISPRINTS, notation

    assert notation("At the beginning of your turn ⇒ Return this card to its owner's hard.") == [
        "At the beginning of your turn ⇒ Return this card to its owner's hand."]
    cg.vocabulary(races=["Cosmetics"])
    assert _c("Rest: Put target Cosumetics in an allied graveyard on top of your deck.", "caster") == _c(
        "Rest: Put target Cosmetics in an allied graveyard on top of your deck.", "caster")
    # only the whole misprinted word is respelled; nothing else is guessed
    assert notation("Cosumeticsx hard") == ["Cosumeticsx hard"]
    assert set(MISPRINTS) == {"Cosumetics", "owner's hard", "This I gain"}
