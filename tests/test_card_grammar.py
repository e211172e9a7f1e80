"""The grammars of card text (games/*/grammar.lark): what they read, that vocabulary comes from
the data, that they agree with the template compilers on the real cards, and that every card of
the `cards` conformance scenarios is read by the grammar itself."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from tcgjudge.cards.loader import read_yaml
from tcgjudge.cards.textcompiler import Uncompilable
from tcgjudge.games.caster import grammar_compiler as cg
from tcgjudge.games.sve import grammar_compiler as sg

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def sve(text: str, card_type: str = "follower", name: str = "") -> dict:
    return sg.compile_text(text, card_type=card_type, name=name)


# ------------------------------------------------------------------------------ SVE constructs
@pytest.mark.rules("sve", "2.6.2")
def test_sve_parenthesized_qualifier_is_read() -> None:
    sg.vocabulary(traits=["Mejiro Family"])
    got = sve("At the start of your main phase, if there are no other Mejiro Family followers on your field "
              "(with a different name than this card), return this card to the hand.", name="Heir")
    assert got["abilities"][0]["auto"]["on"]["cond"] == {
        "none": {"not_name": "Heir", "other": True, "type": "follower", "trait": "Mejiro Family", "controller": "you"}}
    with pytest.raises(Uncompilable):
        sve("[FANFARE] Draw a card (if nobody looks).")


@pytest.mark.rules("sve", "2.4.2")
def test_sve_disjunction_of_noun_phrases() -> None:
    sg.vocabulary(traits=["Pixie", "Umamusume"])
    t = sve("Fanfare: Select a Pixie follower or an Umamusume follower on your field and give it +1/+1.")
    assert t["abilities"][0]["auto"]["targets"] == [
        {"as": "t", "type": "follower", "trait": ["Pixie", "Umamusume"], "controller": "you"}]
    with pytest.raises(Uncompilable):  # two noun phrases that differ in more than one kind
        sve("Fanfare: Select an engaged Pixie follower or an Umamusume amulet on your field and give it +1/+1.")


@pytest.mark.rules("sve", "10.10.2")
def test_sve_then_after_if() -> None:
    t = sve("Fanfare: Summon a Fairy token. If Overflow is active for you, draw a card. Then, give your leader "
            "+2 defense. Draw a card.")
    assert t["abilities"][0]["auto"]["do"] == [
        {"token": {"card": "Fairy"}}, {"if": {"cond": {"overflow": True}, "then": [{"draw": 1}, {"leader_def": 2}]}},
        {"draw": 1}]


@pytest.mark.rules("sve", "2.4", "9.1.2.3")
def test_sve_vocabulary_comes_from_the_data() -> None:
    text = "Fanfare: Select a Zorblaxian follower on your field and give it +1/+1."
    with pytest.raises(Uncompilable):
        sve(text)  # no card data defines the trait: not read, never guessed
    sg.learn_entry({"name": "Zorb", "type": "follower", "traits": ["Zorblaxian"]})
    assert sve(text)["abilities"][0]["auto"]["targets"][0]["trait"] == "Zorblaxian"


def test_no_grammar_rule_names_a_card() -> None:
    for game in ("sve", "caster"):
        text = (ROOT / "src" / "tcgjudge" / "games" / game / "grammar.lark").read_text(encoding="utf-8")
        literals = {m.lower() for m in re.findall(r'"([^"\n]+)"', text)}
        for f in (ROOT / "src" / "tcgjudge" / "games" / game / "pool").glob("*.yaml"):
            data = read_yaml(f)
            for c in data.get("cards", data) if isinstance(data, dict) else data:
                if isinstance(c, dict) and isinstance(c.get("name"), str):
                    assert c["name"].lower() not in literals, (game, c["name"])


def test_grammar_files_are_package_data() -> None:
    assert '"**/*.lark"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert sg.GRAMMAR_FILE.is_file() and cg.GRAMMAR_FILE.is_file()


# --------------------------------------------------------------------------- Caster constructs
@pytest.mark.rules("caster", "1013.1")
def test_caster_turn_record_and_modes() -> None:
    got = cg.compile_text("[Rest]: Draw a card if an allied servant switched this turn.", card_type="caster")
    assert got["abilities"][0]["activated"]["do"] == [
        {"if": {"cond": {"record": {"key": "switched"}}, "then": [{"draw": 1}]}}]
    got = cg.compile_text("[Enter] ⇒ Reverse target non-reversed enemy servant, or rest target reversed enemy "
                          "servant.")
    modes = got["abilities"][0]["auto"]["choose"]["modes"]
    assert [m["text"] for m in modes] == ["Reverse target non-reversed enemy servant",
                                          "rest target reversed enemy servant"]


@pytest.mark.rules("caster", "206.1a")
def test_caster_races_come_from_the_data() -> None:
    text = "[Rest]: Put target Quuxling in an allied graveyard into your hand."
    with pytest.raises(Uncompilable):
        cg.compile_text(text, card_type="caster")
    cg.learn_entry({"name": "Q", "type": "servant", "race": "Quuxling"})
    assert cg.compile_text(text, card_type="caster")["abilities"][0]["activated"]["target"]["race"] == "Quuxling"


# ------------------------------------------- the `cards` scenarios are read by the grammar itself
@pytest.mark.parametrize("game", ["sve", "caster"])
def test_cards_scenarios_are_read_by_the_grammar(game: str) -> None:
    g = importlib.import_module(f"tcgjudge.games.{game}.grammar_compiler")
    default = "follower" if game == "sve" else "servant"
    files = sorted((ROOT / "conformance" / game / "cards").glob("*.yaml"))
    assert files
    for f in files:
        cards = [c for c in read_yaml(f).get("cards", []) if isinstance(c, dict)]
        for c in cards:
            g.learn_entry(c)
        for c in cards:
            text = c.get("text")
            if not isinstance(text, str) or not text.strip() or {"script", "abilities", "effect"} & set(c):
                continue
            g.compile_text(text, card_type=str(c.get("type", default)).lower(), name=str(c.get("name", "")))


# ------------------------------------------------- the real cards: what the grammars read
#: the grammars are the only readers; before the template compilers were removed they were made
#: to read every build-set card the templates read (docs/card-grammar.md, *Switch-over*)
BUILD_SETS_READ = {"sve": (168, 166), "caster": (190, 183)}


@pytest.mark.skipif(not DATA.is_dir(), reason="no card data at ../shared/data")
@pytest.mark.parametrize("game", sorted(BUILD_SETS_READ))
def test_the_grammar_reads_the_build_sets(game: str) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        holdout = importlib.import_module("compiler_holdout")
    finally:
        sys.path.pop(0)
    total, at_least = BUILD_SETS_READ[game]
    rep = holdout.measure(game, "build", "grammar")
    assert rep.total == total and rep.compiled >= at_least, rep.summary()


# ----------------------------------------- every Caster grammar construct is proven in play
#: constructs of the Caster grammar no `conformance/caster/cards/` scenario plays yet (this list
#: may only shrink: a construct leaves it when a scenario's card text uses it)
CASTER_UNPROVEN = {
    "deck_copies",
}



def _caster_constructs() -> tuple[set[str], set[str]]:
    """(the named constructs of grammar.lark, those the `cards/` scenarios' card texts use)."""
    import re

    from lark import Tree

    from tcgjudge.games.caster import grammar_compiler as cg
    from tcgjudge.games.caster.assembly import notation

    text = cg.GRAMMAR_FILE.read_text(encoding="utf-8")
    named = set(re.findall(r"->\s*(\w+)", text)) | set(re.findall(r"^\??([a-z_]+)\s*:", text, re.M))
    named -= {"paragraph", "clause", "clause_chain", "trigger", "cost", "np", "mod", "condition", "static_clause",
              "static_sentence", "suffix", "player", "cond_body", "quant", "who", "become_what"}  # choices: not constructs
    used: set[str] = set()

    def walk(t: object) -> None:
        if isinstance(t, Tree):
            used.add(str(t.data))
            for c in t.children:
                walk(c)

    for f in sorted((ROOT / "conformance" / "caster" / "cards").glob("*.yaml")):
        cards = [c for c in read_yaml(f).get("cards", []) if isinstance(c, dict)]
        for c in cards:
            cg.learn_entry(c)
        for c in cards:
            t = c.get("text")
            if isinstance(t, str) and not {"script", "abilities", "effect"} & set(c):
                for line in notation(t):
                    walk(cg._parse(line))
    return named, used


def test_caster_grammar_constructs_are_proven_by_scenarios() -> None:
    named, used = _caster_constructs()
    assert CASTER_UNPROVEN <= named, sorted(CASTER_UNPROVEN - named)  # no stale names
    assert sorted(named - used - CASTER_UNPROVEN) == []  # a new construct needs a scenario
    assert sorted(CASTER_UNPROVEN & used) == []  # proven now: take it off the list


def test_sve_unread_text_is_named_by_its_first_unread_sentence() -> None:
    """An unread paragraph is refused with the first sentence the grammar does not read, not the
    whole paragraph (a sentence that reads alone is not blamed)."""
    text = "Fanfare: Draw a card. Frobnicate the gizmo twice. Draw a card."
    with pytest.raises(Uncompilable) as err:
        sg.compile_text(text, card_type="follower", name="Test")
    assert err.value.text == "Frobnicate the gizmo twice."
    with pytest.raises(Uncompilable) as err:
        sg.compile_text("Frobnicate the gizmo.", card_type="spell", name="Test")
    assert err.value.text == "Frobnicate the gizmo."
    with pytest.raises(Uncompilable) as err:
        sg.compile_text("Choose one of the following. (1) Draw a card. (2) Frobnicate the gizmo.", card_type="spell")
    assert err.value.text == "Frobnicate the gizmo."
