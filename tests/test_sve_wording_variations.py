"""SVE wording variations: punctuation noise, card names holding a period, and a probe that
rewrites the card texts the compiler reads one piece at a time (docs/card-grammar.md, "SVE wording
variations")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tcgjudge.games.sve.grammar_compiler import Uncompilable, _sentences, compile_text, vocabulary
from tcgjudge.games.sve.notation import split_sentences
from tcgjudge.games.sve.wording_variations import tidy_punctuation

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def sve(text: str, card_type: str = "follower", name: str = "") -> dict:
    return compile_text(text, card_type=card_type, name=name)


@pytest.mark.rules("sve", "2.1")
def test_a_period_inside_a_card_name_does_not_end_a_sentence() -> None:
    text = "You may put a XXI. Zelgenea, O Great World from your evolve deck into your EX area. Draw a card."
    assert len(split_sentences(text)) == 3  # without the names: cut inside the name
    assert split_sentences(text, ["XXI. Zelgenea, O Great World"]) == [
        "You may put a XXI. Zelgenea, O Great World from your evolve deck into your EX area.", "Draw a card."]
    vocabulary(names=["XIV. Luzen, Temperance"])
    assert _sentences("Draw a card. Activate only if there's a XIV. Luzen, Temperance on your field.") == [
        "Draw a card.", "Activate only if there's a XIV. Luzen, Temperance on your field."]
    # a name is matched as a whole word: "XIV." alone is no name
    assert len(_sentences("Draw a card. Give it XIV. Draw a card.")) == 3


@pytest.mark.rules("sve", "2.1")
def test_a_card_named_with_a_period_is_read_in_an_ability() -> None:
    vocabulary(names=["X. Slaus, Wheel of Fortune"])
    got = sve("Fanfare: If there's a X. Slaus, Wheel of Fortune on your field, draw a card. Ward.")
    assert got["abilities"][0]["auto"]["if"] == {"exists": {"name": "X. Slaus, Wheel of Fortune", "controller": "you"}}
    assert got["keywords"] == ["fanfare", "ward"]


@pytest.mark.rules("sve", "2.1.2")
def test_a_card_name_of_another_set_with_of_the_reads() -> None:
    """A card name the imported data does not hold ("Azord, Duke of the Mists", printed in another
    set) reads as capitalized words, "of the" between them too."""
    got = sve("Fanfare: If there's an Azord, Duke of the Mists on your field, draw a card.")
    assert got["abilities"][0]["auto"]["if"] == {"exists": {"name": "Azord, Duke of the Mists", "controller": "you"}}
    got = sve("Each Azord, Duke of the Mists on your field has Storm.")
    assert got["abilities"][0]["static"]["affects"] == {"name": "Azord, Duke of the Mists", "controller": "you"}


@pytest.mark.rules("sve", "2.6")
def test_punctuation_noise_is_normalised() -> None:
    assert tidy_punctuation("Fanfare: Draw a card..\nWard") == "Fanfare: Draw a card.\nWard."
    assert tidy_punctuation("Ward.\n----------\nDraw a card") == "Ward.\n----------\nDraw a card."
    plain = sve("Fanfare: Select an enemy follower on the field and deal it 3 damage.")
    for noisy in ("Fanfare: Select an enemy follower on the field and deal it 3 damage..",
                  "Fanfare: Select an enemy follower on the field and deal it 3 damage. .",
                  "Fanfare:  Select an enemy   follower on the field and deal it 3 damage.",
                  "Fanfare: Select an enemy follower on the field and deal it 3 damage"):
        assert sve(noisy)["abilities"][0]["auto"] == plain["abilities"][0]["auto"], noisy
    # two sentences, the last one without its period, in a spell
    assert sve("Draw a card. Deal 1 damage to each enemy leader", "spell")["effect"] == sve(
        "Draw a card. Deal 1 damage to each enemy leader.", "spell")["effect"]


@pytest.mark.rules("sve", "10.7.2.2")
def test_twice_on_each_of_your_turns_keeps_the_turn() -> None:
    """"Twice on each of your turns, when ..." works on its controller's turns only, as "Once on
    each of your turns" (it read as "Twice per turn" before: on either player's turn)."""
    for head, n in (("Once", 1), ("Twice", 2), ("3 times", 3)):
        auto = sve(f"{head} on each of your turns, when you play a spell, draw a card.")["abilities"][0]["auto"]
        assert auto["per_turn"] == n and auto["on"]["cond"] == {"turn": "yours"}, head
        auto = sve(f"{head} per turn, when you play a spell, draw a card.")["abilities"][0]["auto"]
        assert auto["per_turn"] == n and "cond" not in auto["on"], head


@pytest.mark.rules("sve", "2.6")
def test_misspelt_words_stay_refused() -> None:
    for bad in ("Fanfare: Selcet an enemy follower on the field and deal it 3 damage..",
                "Fanfare: Draw a crad", "Fanfare: Deal 3 damgae to each enemy leader.",
                "Fanfare: Draw a card. Acivate only if there are at least 10 cards in your cemetery."):
        with pytest.raises(Uncompilable):
            sve(bad)
    # the error names the text as written, not the tidied text
    with pytest.raises(Uncompilable) as e:
        sve("Fanfare: Draw a crad")
    assert "Draw a crad" in str(e.value) and "crad." not in str(e.value)


# ------------------------------------------------------------------ the wording-variation probe
# One piece of a sentence swapped for another of the grammar's vocabulary: (a) the variant still
# reads, (b) its compiled output differs from the original's exactly when the pieces mean different
# things.  Each slot lists its fillers in groups: the fillers of a group say the same thing (their
# outputs must be equal), two groups say different things (their outputs must differ).  Slots and
# fillers are those the rules make meaningful in that place (a variant the rules make meaningless,
# e.g. "draw 2 cards" in "whenever you draw a card", is not a hole and is not listed).
SLOTS: list[tuple[str, str, list[list[str]]]] = [
    # comparisons (2.5 cost, 2.2 attack / defense): "N or less" = "at most N", "N or more" = "at least N"
    ("compare", "Fanfare: Select an enemy follower {} on the field and destroy it.",
     [["with 3 defense or less", "with at most 3 defense"], ["with 3 defense or more", "with at least 3 defense"],
      ["with 3 attack or less", "with at most 3 attack"], ["with 3 attack or more", "with at least 3 attack"],
      ["that costs 3 or less", "that costs at most 3", "that costs 3 play points or less", "that costs 3 or less play points",
       "with a cost of 3 or less", "with a cost of at most 3"],
      ["that costs 3 or more", "that costs at least 3", "that costs 3 play points or more", "that costs 3 or more play points",
       "with a cost of 3 or more", "with a cost of at least 3"],
      ["that costs 3", "with a cost of 3"]]),
    # the owner of a card's zone (4.1): "its owner's" or "the owner's"
    ("owner", "Fanfare: Select an enemy follower on the field and {}.",
     [["return it to its owner's hand", "return it to the owner's hand"],
      ["put it into its owner's EX area", "put it into the owner's EX area"],
      ["put it on the top or bottom of its owner's deck", "put it on the top or bottom of the owner's deck"],
      ["put it on the bottom of its owner's deck", "put it on the bottom of the owner's deck"]]),
    # zones (4.1) and card types (2.3) in a count
    ("zone", "Fanfare: If there are at least 5 {} draw a card.",
     [["cards in your cemetery,"], ["cards in your EX area,"], ["cards in your hand,"],
      ["cards in your banished zone,"], ["followers in your cemetery,"], ["spells in your cemetery,"],
      ["amulets in your cemetery,"], ["cards in your opponent's cemetery,"]]),
    # controllers (4.1) of the field a selection is made on
    ("controller", "Fanfare: Select a follower {} and return it to its owner's hand.",
     [["on your field"], ["on the field"], ["on your opponent's field", "on the enemy's field"]]),
    # counts (10.6.2.3): one, up to N, N, each
    ("count", "Fanfare: {} and give it +1/+1.",
     [["Select an enemy follower on the field"], ["Select up to 2 enemy followers on the field"],
      ["Select 2 enemy followers on the field"]]),
    ("count", "Fanfare: {}.", [["Draw a card", "Draw 1 card", "Draw one card"], ["Draw 2 cards", "Draw two cards"],
                               ["Draw 3 cards", "Draw three cards"], ["Draw up to 2 cards"]]),
    # numbers written as words (2 and "two", 1 and "one")
    ("count", "Fanfare: Select {} and destroy them.",
     [["up to 2 enemy followers on the field", "up to two enemy followers on the field"],
      ["2 enemy followers on the field", "two enemy followers on the field"],
      ["up to 1 enemy follower on the field", "up to one enemy follower on the field"]]),
    ("count", "Fanfare: Summon {}.", [["2 Fairy tokens", "two Fairy tokens"], ["a Fairy token", "one Fairy token"]]),
    # durations (7.4.8): the end of the turn
    ("duration", "Fanfare: Give this follower +2/+0 {}.",
     [["this turn", "until the end of the turn", "until the end of this turn", "for the rest of this turn"], [""]]),
    ("duration", "Fanfare: Give this follower Ward {}.",
     [["this turn", "until the end of the turn", "until the end of this turn", "for the rest of this turn"], [""]]),
    # stats and keywords given (5.26, 12)
    ("stats", "Fanfare: Give this follower {}.",
     [["+1/+1"], ["+2/+0"], ["+1/+0, Rush, and Ward", "+1/+0, Rush and Ward"], ["+1/+1 and Rush"], ["Rush"],
      ["Rush and Ward"]]),
    # holes the probe found on the shipped data and the scenarios (closed by "SVE wording variations")
    ("zone", "Fanfare: Deal 3 damage to each enemy follower on the field. If there is a Harnessed Flame and "
     "Harnessed Glass {}, deal 7 damage instead.",
     [["in your cemetery"], ["in your EX area"], ["on your field"], ["in your hand"]]),
    ("count", "Fanfare: Draw {} for every Academic follower on your field.", [["a card"], ["2 cards"], ["3 cards"]]),
    ("controller", "Fanfare: If 2 followers are {}, draw a card.",
     [["on your field"], ["on the field"], ["on your opponent's field", "on the enemy's field"]]),
    ("duration", "Fanfare: If there are at least 3 amulets on your field, this card's Evolve costs 0 {}.",
     [["this turn", "until the end of the turn", "for the rest of this turn"]]),
    ("elision", "Fanfare: Select a follower on your field and give {}+1/+1.", [["", "it "]]),
    ("count", "{} per turn, when you play a spell, draw a card.",
     [["Once"], ["Twice", "2 times", "Two times"], ["3 times", "Three times"]]),
    ("count", "{} on each of your turns, when you play a spell, draw a card.",
     [["Once"], ["Twice", "2 times"], ["4 times"]]),
    ("compare", "Fanfare: If this follower has {}, draw a card.",
     [["at least 3 attack", "3 attack or more"], ["at most 3 attack", "3 attack or less"],
      ["at least 3 defense", "3 defense or more"], ["2 defense or less", "at most 2 defense"]]),
    # event words, while-conditions and keyword filters (closed by "SVE event words, ...")
    ("controller", "Whenever another follower {} evolves, draw a card.",
     [["on your field"], ["on the field"], ["on your opponent's field", "on the enemy's field"]]),
    ("zone", "While this card is {}, your followers have Ward.",
     [["on your field", "on the field"], ["in your EX area"]]),
    ("keyword", "Fanfare: Select an enemy follower on the field {} and destroy it.",
     [["with Ward"], ["with Storm or Ward", "with Ward or Storm"], ["with Storm, Rush, or Ward", "with Rush, Storm or Ward"],
      ["without Ward"], ["without Storm or Ward"]]),
    ("compare", "Fanfare: If your leader's {} draw a card.",
     [["defense is 5 or less,", "{DEF} is 5 or less,", "defense is at most 5,", "{DEF} is at most 5,"],
      ["defense is 5 or more,", "{DEF} is at least 5,", "defense is at least 5,"]]),
    ("controller", "Fanfare: If a follower {} evolved this turn, draw a card.",
     [["on your field"], ["on the field"], ["on your opponent's field"]]),
    # the cost of an activated ability (10.4): "the cemetery" is the card's owner's (4.3)
    ("cost", "Act {}: Give your leader +1 defense.",
     [["(1), put this card into the cemetery", "(1), put this card into your cemetery",
       "(1), put this card into its owner's cemetery", "(1), bury this card"],
      ["(1), {ENGAGE}, put this card into the cemetery", "(1), {ENGAGE}, bury this card"], ["(1)"]]),
    # a change this turn (5.26.1): "has gained" or "gained"
    ("tense", "Evolve (1): Evolve this follower. Activate only if {} this turn.",
     [["this card has gained defense", "this card gained defense", "this follower gained defense"],
      ["this card has gained attack", "this card gained attack"]]),
    # damage added per group (5.13): "more" or not, the same damage dealt again
    ("more", "Fanfare: Select an enemy follower on the field. Deal it 3 damage, then deal it {} for every 5 "
     "cards in your cemetery.", [["1 damage", "1 more damage"], ["2 damage", "2 more damage"]]),
    # "there's" for "there is" before a bound ("1 card or less")
    ("contraction", "Fanfare: If {} in your deck, draw a card.",
     [["there is 1 card or less", "there's 1 card or less"], ["there are 3 cards or less", "there's 3 cards or less"]]),
    # the end of a search (5.7): "then shuffle" or "and shuffle your deck"
    ("search", "Fanfare: Search your deck for a follower, reveal it, add it to your hand{}.",
     [[", then shuffle", ", and shuffle your deck", ", then shuffle your deck", ", and then shuffle"]]),
    # the face a card of the evolve deck is turned to (4.2.3, 4.6.3)
    ("face", "Fanfare: Select a {} evolved follower in your evolve deck. Turn it {}.".replace("{}", "faceup", 1),
     [["facedown", "face-down", "face down"]]),
    ("face", "Fanfare: Turn 2 {} evolved followers in your evolve deck faceup: Draw a card.",
     [["facedown", "face-down"]]),
    # numbers
    ("number", "Fanfare: Deal {} damage to each enemy leader.", [["1"], ["2"], ["5"], ["X"]]),
    ("number", "Fanfare: Recover {} play points.", [["2"], ["3"]]),
    # verbs with the same object (5: the actions)
    ("verb", "Fanfare: Select an enemy follower on the field and {} it.",
     [["destroy"], ["banish"], ["engage"], ["evolve"]]),
    # trigger phrases (10.1.1.2.1)
    ("trigger", "{}, draw a card.",
     [["At the start of your end phase", "At the beginning of your end phase"], ["At the start of your main phase"],
      ["At the start of your opponent's end phase"], ["At the start of your turn"],
      ["When this follower attacks", "Whenever this follower attacks"], ["When this follower is destroyed"],
      ["When this follower evolves"], ["When you play a spell"]]),
]


def _meaning(x: object) -> object:
    """A compiled card without its ability texts (the words printed, not what they mean)."""
    if isinstance(x, dict):
        return {k: _meaning(v) for k, v in x.items() if k != "text"}
    if isinstance(x, list):
        return [_meaning(v) for v in x]
    return x


def _dump(text: str, card_type: str = "follower") -> str:
    import json

    return json.dumps(_meaning(compile_text(text, card_type=card_type)), sort_keys=True)


def _outputs(template: str, groups: list[list[str]]) -> list[list[str]]:
    out = []
    for g in groups:
        out.append([_dump(template.format(f).replace(" .", ".").replace(" ,", ",")) for f in g])
    return out


@pytest.mark.rules("sve", "2.6", "10.6.2.3", "4.1", "7.4.8")
@pytest.mark.parametrize("family,template,groups", SLOTS, ids=[f"{s[0]}-{i}" for i, s in enumerate(SLOTS)])
def test_each_piece_reads_in_its_slot_and_means_what_it_says(family: str, template: str,
                                                             groups: list[list[str]]) -> None:
    """Every filler of a slot reads (a); fillers of one group compile alike, of two groups
    differently (b: a variant that reads but means the old thing is a bug)."""
    outs = _outputs(template, groups)
    for g, o in zip(groups, outs):
        assert len(set(o)) == 1, (family, g)  # synonyms
    firsts = [o[0] for o in outs]
    for i in range(len(firsts)):
        for j in range(i + 1, len(firsts)):
            assert firsts[i] != firsts[j], (family, groups[i][0], groups[j][0])


# The same probe on the card texts the compiler reads: the shipped data and the scenarios' cards.
# A substitution is listed with what it must do in the slots its pattern finds ("same": a synonym;
# "differs": another meaning); only text outside parentheses (reminder text) is rewritten.
DATA_SUBS: list[tuple[str, str, str, str]] = [
    ("compare", r"\bthat costs (\d+) or less\b", r"that costs at most \1", "same"),
    ("compare", r"\bthat costs (\d+) or less\b", r"that costs \1 or more", "differs"),
    ("compare", r"\bthat costs (\d+) or more\b", r"that costs at least \1", "same"),
    ("compare", r"\bwith (\d+) defense or less\b", r"with at most \1 defense", "same"),
    ("compare", r"\bwith (\d+) defense or less\b", r"with \1 attack or less", "differs"),
    ("duration", r"\buntil the end of the turn\b", "this turn", "same"),
    ("duration", r"\buntil the end of the turn\b", "for the rest of this turn", "same"),
    ("number", r"\bdeal ([0-68-9]) damage\b", "deal 7 damage", "differs"),
    ("number", r"\bDeal ([0-68-9]) damage\b", "Deal 7 damage", "differs"),
    ("zone", r"\bin your cemetery\b", "in your EX area", "differs"),
    ("trigger", r"\bAt the start of your end phase\b", "At the start of your opponent's end phase", "differs"),
    ("verb", r"\bdestroy it\b", "banish it", "differs"),
    ("type", r"\bfollowers on your field\b", "amulets on your field", "differs"),
    ("controller", r"\ban enemy follower on the field\b", "a follower on your field", "differs"),
    # (not before "and a follower ...": two selections of one card each, 10.6.2.3, "the first follower")
    ("count", r"\bSelect an enemy follower on the field\b(?! and an? )", "Select up to 2 enemy followers on the field",
     "differs"),
]
#: texts the substitutions do not apply to: the abilities Stack restates word for word (13.3.2.2)
_SKIP = re.compile(r"(?i)\bstack\b")


def _outside_parentheses(text: str, start: int) -> bool:
    depth = 0
    for ch in text[:start]:
        depth += ch == "("
        depth -= ch == ")" and depth > 0
    return depth == 0


def _corpus(shared_data: Path | None) -> list[tuple[str, str, str]]:
    from tcgjudge.games.sve.grammar_compiler import database_vocabulary, learn_entry
    from tcgjudge.games.sve.text_report import entry_of, xml_cards

    out: dict[tuple[str, str], str] = {}
    if shared_data is not None:
        for x in sorted(shared_data.rglob("*.xml")):
            database_vocabulary(x)
            for c in xml_cards(x):
                e = entry_of(c)
                if e and e["text"]:
                    out.setdefault((e["text"], e["type"]), e["name"])
    for f in sorted((ROOT / "conformance" / "sve" / "cards").glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        for c in (data.get("cards") or []) if isinstance(data, dict) else []:
            if isinstance(c, dict) and isinstance(c.get("text"), str) and not ({"abilities", "effect", "script"} & set(c)):
                learn_entry(c)
                out.setdefault((c["text"], str(c.get("type", "follower")).lower()), str(c.get("name", "")))
    return [(t, ty, n) for (t, ty), n in out.items()]


def _variants(corpus: list[tuple[str, str, str]]) -> list[tuple[int, int, str]]:
    """(text index, substitution index, variant text) for every substitution that applies."""
    out = []
    for i, (text, _ty, _n) in enumerate(corpus):
        if _SKIP.search(text):
            continue
        for k, (_fam, pat, rep, _want) in enumerate(DATA_SUBS):
            m = next((m for m in re.finditer(pat, text) if _outside_parentheses(text, m.start())), None)
            if m is not None and m.expand(rep) != m.group(0):
                out.append((i, k, text[:m.start()] + m.expand(rep) + text[m.end():]))
    return out


@pytest.mark.rules("sve", "2.6")
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_texts_read_with_one_piece_swapped(data: st.DataObject) -> None:
    """Hypothesis picks a card text the compiler reads and one substitution of DATA_SUBS that
    applies to it: the variant reads, and compiles alike ("same") or differently ("differs")."""
    shared_data = SHARED / "data" / "sve"
    corpus = _CORPUS.get("c") or _CORPUS.setdefault("c", _corpus(shared_data if shared_data.is_dir() else None))
    variants = _VARIANTS.get("v") or _VARIANTS.setdefault("v", _variants(corpus))
    assert variants, "no card text the substitutions apply to"
    i, k, new = data.draw(st.sampled_from(variants))
    text, card_type, name = corpus[i]
    fam, _pat, rep, want = DATA_SUBS[k]
    try:
        base = _meaning(compile_text(text, card_type=card_type, name=name))
    except Uncompilable:
        assume(False)  # the original is not read: nothing to compare
        return
    got = _meaning(compile_text(new, card_type=card_type, name=name))  # (a) the variant reads
    assert (got == base) == (want == "same"), (fam, rep, new)  # (b) it means what it says


_CORPUS: dict[str, list] = {}
_VARIANTS: dict[str, list] = {}
