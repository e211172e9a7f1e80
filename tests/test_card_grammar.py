"""The grammars of card text (games/*/grammar.lark): what they read, that vocabulary comes from
the data, that they agree with the template compilers on the real cards, and that every card of
the `cards` conformance scenarios is read by the grammar itself."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from lark import Tree

from tcgjudge.cards.loader import read_yaml
from tcgjudge.cards.textcompiler import NoParse, Uncompilable
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
    assert got["abilities"][0]["auto"]["if"] == {
        "none": {"not_name": "Heir", "other": True, "type": "follower", "trait": "Mejiro Family", "controller": "you"}}
    with pytest.raises(Uncompilable):
        sve("[FANFARE] Draw a card (if nobody looks).")


@pytest.mark.rules("sve", "2.4.2")
def test_sve_disjunction_of_noun_phrases() -> None:
    sg.vocabulary(traits=["Pixie", "Umamusume"])
    t = sve("Fanfare: Select a Pixie follower or an Umamusume follower on your field and give it +1/+1.")
    assert t["abilities"][0]["auto"]["targets"] == [
        {"as": "t", "type": "follower", "trait": ["Pixie", "Umamusume"], "controller": "you"}]
    # two noun phrases that differ in more than one way: one card that fits either description (the
    # adjective belongs to the first; the place written last holds for both)
    t = sve("Fanfare: Select an engaged Pixie follower or an Umamusume amulet on your field and give it +1/+1.")
    assert t["abilities"][0]["auto"]["targets"] == [{"as": "t", "controller": "you", "where": {"or": [
        {"is": ["it", {"state": "engaged", "trait": "Pixie", "type": "follower"}]},
        {"is": ["it", {"trait": "Umamusume", "type": "amulet"}]}]}}]
    with pytest.raises(Uncompilable):  # two places: not one selection
        sve("Fanfare: Select a Pixie follower on your field or an Umamusume amulet in your cemetery and give it +1/+1.")


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
    # the card format's other spelling of the field ("trait: Quorl Vexan") is learnt as well
    text = "Fanfare: Select a Quorl Vexan follower on your field and give it +1/+1."
    with pytest.raises(Uncompilable):
        sve(text)
    sg.learn_entry({"name": "Quorl", "type": "follower", "trait": "Quorl Vexan"})
    assert sve(text)["abilities"][0]["auto"]["targets"][0]["trait"] == "Quorl Vexan"


@pytest.mark.rules("sve", "9.1.2.3", "5.4.2")
def test_sve_a_token_a_card_defines_is_named_before_token() -> None:
    """A token's name, learnt from one entry, is a card name too: "each Glimwing Wisp token" is the
    cards of that name that are tokens (an unknown name is not read)."""
    text = "Fanfare: Give each Glimwing Wisp token on your field +1/+1."
    with pytest.raises(Uncompilable):
        sve(text)
    sg.learn_entry({"name": "Glimwing Wisp", "type": "follower", "token": True})
    assert sve(text)["abilities"][0]["auto"]["do"] == [
        {"modify": {"what": {"token": True, "name": "Glimwing Wisp", "controller": "you"}, "atk": 1, "def": 1}}]


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
        if hasattr(g, "learn_entries"):
            g.learn_entries(cards)  # names too, as the scenario runner and an import learn them (2.1)
        else:
            for c in cards:
                g.learn_entry(c)
        for c in cards:
            text = c.get("text")
            if not isinstance(text, str) or not text.strip() or {"script", "abilities", "effect"} & set(c):
                continue
            if game == "caster":
                text = _caster_abilities_text(c)
            g.compile_text(text, card_type=str(c.get("type", default)).lower(), name=str(c.get("name", "")))


def _caster_abilities_text(card: dict) -> str:
    """A Caster card's text less a Soul Bond servant's materials line (a card field, CR 212.2,
    read by `compiler.compile_entry` before the grammar reads the abilities)."""
    from tcgjudge.games.caster import soulbond

    if soulbond.is_soul_bond(card):
        mats, rest = soulbond.split_materials(card["text"])
        if mats is not None:
            return rest
    return card["text"]


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


# ------------------------------------------------ the audit shared by the games: constructs in play
def _named_constructs(grammar: Path, choices: set[str]) -> set[str]:
    """The named constructs of a grammar: its aliases (``-> name``) and rule names, less the rules
    that are mere choices among other constructs (or containers with no meaning of their own)."""
    text = grammar.read_text(encoding="utf-8")
    named = set(re.findall(r"->\s*(\w+)", text)) | set(re.findall(r"^\??([a-z_]+)\s*:", text, re.M))
    assert choices <= named, sorted(choices - named)  # no stale exclusions
    return named - choices


def _walk(tree: object, used: set[str], pick: Callable[[Tree], Tree] | None = None) -> None:
    """Add to `used` the name of every node of a parse tree; where the parser kept several readings
    (an ``_ambig`` node), only the reading `pick` says the compiler takes."""
    if not isinstance(tree, Tree):
        return
    if tree.data == "_ambig" and pick is not None:
        _walk(pick(tree), used, pick)
        return
    used.add(str(tree.data))
    for c in tree.children:
        _walk(c, used, pick)


def _scenario_cards(game: str, learn: Callable[[dict], None]) -> Iterator[dict]:
    """The cards of the `conformance/GAME/cards/` scenarios given by printed text alone (no
    ``script``, ``abilities`` or ``effect``), each file's vocabulary learnt first."""
    for f in sorted((ROOT / "conformance" / game / "cards").glob("*.yaml")):
        cards = [c for c in read_yaml(f).get("cards", []) if isinstance(c, dict)]
        for c in cards:
            learn(c)
        for c in cards:
            t = c.get("text")
            if isinstance(t, str) and t.strip() and not {"script", "abilities", "effect"} & set(c):
                yield c


def _audit(named: set[str], used: set[str], unproven: set[str]) -> None:
    assert unproven <= named, sorted(unproven - named)  # no stale names
    assert sorted(named - used - unproven) == []  # a new construct needs a scenario
    assert sorted(unproven & used) == []  # proven now: take it off the list


def _caster_constructs() -> tuple[set[str], set[str]]:
    """(the named constructs of grammar.lark, those the `cards/` scenarios' card texts use)."""
    from tcgjudge.games.caster.assembly import notation

    named = _named_constructs(cg.GRAMMAR_FILE, {
        "paragraph", "clause", "clause_chain", "trigger", "cost", "np", "mod", "condition", "static_clause",
        "static_sentence", "suffix", "player", "cond_body", "quant", "who", "become_what", "amount"})  # choices
    used: set[str] = set()
    for c in _scenario_cards("caster", cg.learn_entry):
        for line in notation(_caster_abilities_text(c)):
            _walk(cg._parse(line), used)
    return named, used


def test_caster_grammar_constructs_are_proven_by_scenarios() -> None:
    _audit(*_caster_constructs(), CASTER_UNPROVEN)


# -------------------------------------------- every SVE grammar construct is proven in play
#: rules of the SVE grammar that are choices among constructs, never a node of their own (`?rule`
#: whose every alternative is aliased or a single part), or containers with no meaning of their own
SVE_CHOICES = {
    "ability", "act_cost", "clause", "clause_chain", "condition", "cost_item", "effect_item", "kind", "np",
    "partial", "passive", "place", "qualifier", "quant", "ref", "ref_one", "trigger_phrase", "value",
    "paragraph", "spell_text", "effect", "sentence", "effects", "joiner", "body", "count_word", "stats", "pp",
    "np_one", "head", "adjective", "keywords", "static_sentence", "trigger_costs", "act_costs", "act_icon_cost",
    "player", "fan_whose", "dmg_subject", "dmg_kind", "ref_item", "cap_subject", "repl_new", "long_duration", "passive_quoted",
    "search_dest", "them_count", "self_counters_on", "found_test", "grant_item", "grant_union", "barred_icon",
    "back_one", "back_rest", "back_dest", "pair_obj", "pair_act", "leader_ref",
}

#: constructs of the SVE grammar no `conformance/sve/cards/` scenario plays yet (this list may
#: only shrink: a construct leaves it when a scenario's card text uses it)
SVE_UNPROVEN = {
    # deck construction only (6.1.2; a scenario starts from a position): proven from the printed text
    # by tests/test_sve_gaps.py::test_deck_building_abilities_from_printed_text
    "st_copies_any", "st_copies_n",
}

_SVE_ABILITIES = {"evolve_ability", "evolve_costs", "ride_ability", "ride_written", "serve_ability", "activated", "triggered",
                  "when_ability", "when_if_cost", "when_cost", "once_when_ability", "static_ability"}


def _sve_used(text: str, card_type: str, name: str, used: set[str]) -> None:
    """The constructs the compiler takes from one card text: every parse it makes while compiling
    the card is kept, and walked along the readings that have a meaning (as the compiler does:
    the first reading of an ``_ambig`` node that means something); a parse none of whose readings
    means anything (a trial the compiler dropped) adds nothing."""
    from tcgjudge.games.sve.assembly import Compiled

    trees: list[tuple[str, Tree, str]] = []
    real, real_paragraph = sg.parse, sg.compile_paragraph
    reading_as = [card_type]  # a spell's lines above a rule are read as a follower's (10.1.1.4)

    def recording(t: str, start: str = "paragraph") -> Tree:
        tree = real(t, start)
        trees.append((t, tree, reading_as[-1]))
        return tree

    def paragraph(line: str, out: Any, as_type: str, effect_lines: list) -> None:
        reading_as.append(as_type)
        try:
            real_paragraph(line, out, as_type, effect_lines)
        finally:
            reading_as.pop()

    sg.parse, sg.compile_paragraph = recording, paragraph
    try:
        sg.compile_text(text, card_type=card_type, name=name)
    finally:
        sg.parse, sg.compile_paragraph = real, real_paragraph
    for line, tree, card_type in trees:
        def means(alt: Tree, line: str = line, card_type: str = card_type) -> bool:
            try:
                if alt.data == "paragraph":
                    sg._paragraph(alt, line, Compiled(), card_type)
                elif alt.data in _SVE_ABILITIES:
                    sg._ability(alt, line, Compiled(), card_type)
                else:
                    sg._transform(alt)
            except (NoParse, Uncompilable):
                return False
            return True

        def pick(node: Tree, means: Callable[[Tree], bool] = means) -> Tree:
            return next((a for a in node.children if means(a)), Tree("_none", []))

        root = pick(tree) if tree.data == "_ambig" else tree
        if root.data != "_none" and means(root):
            _walk(root, used, pick)
    used.discard("_none")


def _sve_constructs() -> tuple[set[str], set[str]]:
    """(the named constructs of the SVE grammar, those the `cards/` scenarios' card texts use)."""
    named = _named_constructs(sg.GRAMMAR_FILE, SVE_CHOICES)
    used: set[str] = set()
    # each card's name too, as the scenario runner and an import learn them (2.1, learn_entries)
    for c in _scenario_cards("sve", lambda c: sg.learn_entries([c])):
        _sve_used(c["text"], str(c.get("type", "follower")).lower(), str(c.get("name", "")), used)
    return named, used


@pytest.mark.rules("sve", "2.6")
def test_sve_grammar_constructs_are_proven_by_scenarios() -> None:
    _audit(*_sve_constructs(), SVE_UNPROVEN)


@pytest.mark.rules("sve", "10.6.2.8.2")
def test_sve_counts_that_name_no_zone_are_refused() -> None:
    """"If there are 5 or less cards" (Silver Cog Spinner) names neither a zone nor a player: it
    counted every card of the game; "If 2 followers are on your field" is at least 2, not one."""
    with pytest.raises(Uncompilable):
        sve("Fanfare: If there are 5 or less cards, draw a card.")
    assert sve("Fanfare: If there are 5 or less cards in your hand, draw a card.")["abilities"][0]["auto"]["if"] == {
        "count": {"of": {"zone": "hand", "player": "you"}, "max": 5}}
    assert sve("Fanfare: If 2 followers are on your field, draw a card.")["abilities"][0]["auto"]["if"] == {
        "count": {"of": {"type": "follower", "controller": "you"}, "min": 2}}


@pytest.mark.rules("sve", "4.1.4", "10.2.1.3.3")
def test_sve_cost_changes_to_cards_in_a_hand_are_kept_and_other_changes_refused() -> None:
    """A cost change to cards in a hand is kept while they stay there and applies to playing
    them (conformance grammar-fanfare-each-follower-in-your-hand.yaml); a stat change there would
    change nothing and is refused."""
    assert sve("Fanfare: Each card in your hand costs 1 less to play.")["abilities"][0]["auto"]["do"] == [
        {"modify": {"what": {"zone": "hand", "player": "you"}, "cost": -1}}]
    with pytest.raises(Uncompilable):
        sve("Fanfare: Give each follower in your hand +1/+1.")
    assert sve("Put each follower in your hand into your cemetery.", "spell")["effect"]["do"] == [
        {"move": {"what": {"zone": "hand", "player": "you", "type": "follower"}, "to": "cemetery"}}]


@pytest.mark.rules("sve", "2.6")
def test_sve_ability_text_starts_at_its_first_word() -> None:
    """An ability's text is its whole sentence, also when the words before its first named part
    are all literal ("This card costs 1 less ... for every Fairy": it began at "1")."""
    got = sve("Rush. This card costs 1 less to play for every Fairy on your field.", name="Elven Sentry")
    assert got["abilities"][0]["text"] == "This card costs 1 less to play for every Fairy on your field."


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


# --------------------------------------------- which rule each construct belongs to (a snapshot)
#: in a `.lark` file an alternative written ``| ... -> name`` belongs to the rule (or ``%extend``)
#: above it, so removing or moving a rule can silently give the alternatives after it to another
#: rule; the files below list every (construct, rule) pair of each grammar, and a change to them is
#: made on purpose: ``python tests/test_card_grammar.py --aliases`` writes them again
ALIASES = Path(__file__).with_name("grammar_aliases")


def _alias_rules(game: str) -> list[str]:
    g = importlib.import_module(f"tcgjudge.games.{game}.grammar_compiler")
    return sorted({f"{r.alias} {r.origin.name}" for r in g._PARSER.lark().rules if r.alias})


@pytest.mark.parametrize("game", ["sve", "caster"])
def test_each_construct_stays_in_its_rule(game: str) -> None:
    kept = (ALIASES / f"{game}.txt").read_text(encoding="utf-8").split("\n")
    now = _alias_rules(game)
    gone, new = sorted(set(kept) - set(now) - {""}), sorted(set(now) - set(kept))
    assert not gone and not new, (f"constructs that left a rule: {gone}; constructs new in a rule: {new} "
                                  "(if intended: python tests/test_card_grammar.py --aliases)")


if __name__ == "__main__" and sys.argv[1:] == ["--aliases"]:
    ALIASES.mkdir(exist_ok=True)
    for game in ("sve", "caster"):
        (ALIASES / f"{game}.txt").write_text("\n".join(_alias_rules(game)) + "\n", encoding="utf-8")


@pytest.mark.rules("sve", "2.5", "2.7")
def test_sve_highest_and_lowest_after_a_card_name() -> None:
    """"each Tokai Teio with the highest attack": a noun phrase headed by a card name takes the
    qualifier as one headed by a card type does (the greatest value among the cards of that name)."""
    sg.vocabulary(names=["Tokai Teio"])
    got = sve("Fanfare: Destroy each Tokai Teio with the highest attack on the field.")
    what = got["abilities"][0]["auto"]["do"][0]["destroy"]["what"]
    assert what == {"name": "Tokai Teio", "where": {"compare": [
        {"prop": ["it", "atk"]}, "==", {"most": {"of": {"name": "Tokai Teio"}, "prop": "atk"}}]}}
