"""The card-text parser whose vocabulary changes without rebuilding it (cards/card_text_parser.py):
a parser given new words reads every text as a parser built with them does, and a kept tree is
served only to a text that sees the same words."""

from __future__ import annotations

import pytest
from lark import Lark

from tcgjudge.cards.card_text_parser import CardTextParser, alternation
from tcgjudge.cards.parse_cache import NO_PARSE

GRAMMAR = r"""
start: "give" target "+1"
target: TRAIT "follower" -> of_trait
      | CARDNAME -> named
      | WORD+ "follower" -> described
WORD: /[a-z]+/
%ignore " "
"""


def _parser(vocab: dict[str, list[str]]) -> CardTextParser:
    return CardTextParser("test", lambda: GRAMMAR, lambda: {k: alternation(v) for k, v in vocab.items()}, ["start"])


def _fresh(vocab: dict[str, list[str]], text: str) -> object:
    """The tree a parser built from scratch with ``vocab`` gives."""
    terms = "\n".join(f"{k}: /{alternation(v).replace('/', chr(92) + '/')}/" for k, v in vocab.items())
    try:
        return Lark(GRAMMAR + terms, parser="earley", lexer="dynamic", ambiguity="explicit").parse(text)
    except Exception:
        return NO_PARSE


TEXTS = ["give brave knight follower +1", "give Zed/One +1", "give knight follower +1", "give zed +1"]


@pytest.fixture(autouse=True)
def _memory_only(monkeypatch):
    monkeypatch.setenv("TCGJUDGE_CACHE_DIR", "off")


def test_new_words_read_as_a_parser_built_with_them() -> None:
    vocab: dict[str, list[str]] = {"TRAIT": [], "CARDNAME": []}
    p = _parser(vocab)
    built = p.lark()
    assert p._swappable  # this Lark keeps the expressions where the parser looks for them
    for traits, names in [([], []), (["Brave Knight"], []), (["Brave Knight", "Knight"], ["Zed/One"]),
                          (["Knight"], ["Zed"]), ([], [])]:
        vocab["TRAIT"][:], vocab["CARDNAME"][:] = traits, names
        p.vocabulary_changed()
        for text in TEXTS:
            assert p.parse(text, "start") == _fresh(vocab, text), (traits, names, text)
    assert p.lark() is built  # never built again


def test_a_kept_tree_is_served_only_to_a_text_that_sees_the_same_words() -> None:
    vocab: dict[str, list[str]] = {"TRAIT": [], "CARDNAME": []}
    p = _parser(vocab)
    before = p.matches("give brave knight follower +1")
    assert p.parse("give brave knight follower +1", "start").children[0].data == "described"
    vocab["CARDNAME"].append("Lady Gray")  # a word the text does not contain: the same key, the same tree
    p.vocabulary_changed()
    assert p.matches("give brave knight follower +1") == before
    vocab["TRAIT"].append("Brave Knight")  # one it contains: another key, the tree the new parser builds
    p.vocabulary_changed()
    assert p.matches("give brave knight follower +1") != before
    tree = p.parse("give brave knight follower +1", "start")
    assert tree == _fresh(vocab, "give brave knight follower +1")
    assert "of_trait" in {t.data for t in tree.iter_subtrees()}


def test_a_lark_that_keeps_its_expressions_elsewhere_is_built_again(monkeypatch) -> None:
    vocab: dict[str, list[str]] = {"TRAIT": [], "CARDNAME": []}
    p = _parser(vocab)
    monkeypatch.setattr(CardTextParser, "_matcher_regexps", lambda self: None)
    first = p.lark()
    assert not p._swappable
    vocab["TRAIT"].append("Knight")
    p.vocabulary_changed()
    assert p.lark() is not first
    assert p.parse("give knight follower +1", "start") == _fresh(vocab, "give knight follower +1")


@pytest.mark.parametrize("game", ["sve", "caster"])
def test_the_games_parsers_swap_their_words(game: str) -> None:
    import importlib

    g = importlib.import_module(f"tcgjudge.games.{game}.grammar_compiler")
    built = g._PARSER.lark()
    assert g._PARSER._swappable
    if game == "sve":
        g.vocabulary(traits=["Sword/Shield Order"], names=["Zed, the Swift"])
        text = "Fanfare: Select a Sword/Shield Order follower on your field. Give it +1/+0."
        assert g.compile_text(text, card_type="follower", name="X")["abilities"][0]["auto"]["targets"][0]["trait"] \
            == "Sword/Shield Order"
    else:
        g.vocabulary(["Starlit Choir"])
        assert g._PARSER.matches("Each [Starlit Choir] you control gains +100 ATK.").count("-") >= 1
    assert g._PARSER.lark() is built


def test_a_grammar_that_does_not_build_is_an_error_not_an_unread_text() -> None:
    """A grammar naming a rule it does not define fails loudly: read as "no parse", every card of
    the game would be refused as unreadable text."""
    from lark.exceptions import GrammarError

    broken = CardTextParser("test", lambda: GRAMMAR + "\nextra: missing_rule\n", lambda: {"TRAIT": alternation([]),
                            "CARDNAME": alternation([])}, ["start"])
    with pytest.raises(GrammarError):
        broken.parse("give knight follower +1", "start")
