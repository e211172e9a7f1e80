"""The template text compiler (a toy grammar; each game supplies its own)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tcgjudge.cards.language import CardError
from tcgjudge.cards.textcompiler import (
    CompiledCard,
    CompileReport,
    Grammar,
    NoParse,
    Uncompilable,
    cockatrice_cards,
    fresh_name,
    memo,
    read_number,
    report_main,
    sentences,
)

G = Grammar("toy")


@G.phrase("num")
def _num(t: str) -> int:
    words = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
    if t.isdigit():
        return int(t)
    if t.lower() in words:
        return words[t.lower()]
    raise NoParse(t)


@G.phrase("who")
def _who(t: str) -> dict:
    m = {"an enemy follower": {"controller": "enemy"}, "a follower": {}, "each enemy follower": {"all": "enemy"}}
    if t.lower() in m:
        return m[t.lower()]
    raise NoParse(t)


@G.template("effect", "draw {n:num} cards", "draw {n:num} card")
def _draw(n: int) -> dict:
    return {"draw": n}


@G.template("effect", "deal {n:num} damage to {who:who}")
def _deal(n: int, who: dict) -> dict:
    return {"deal": {"n": n, "to": who}}


@G.template("effect", "{a:effect}, then {b:effect}")
def _then(a: dict, b: dict) -> list:
    return [a, b]


G.phrases["effect"] = lambda t: G.parse("effect", t)


def test_templates_read_whole_sentences() -> None:
    assert G.parse("effect", "Draw 2 cards.") == {"draw": 2}
    assert G.parse("effect", "draw a card") == {"draw": 1}
    assert G.parse("effect", "Deal 3 damage to an enemy follower.") == {"deal": {"n": 3, "to": {"controller": "enemy"}}}


def test_backtracking_finds_the_split_that_parses() -> None:
    got = G.parse("effect", "Deal 1 damage to each enemy follower, then draw a card.")
    assert got == [{"deal": {"n": 1, "to": {"all": "enemy"}}}, {"draw": 1}]


def test_unknown_text_is_not_guessed() -> None:
    with pytest.raises(NoParse):
        G.parse("effect", "Deal 3 damage to a leader.")
    with pytest.raises(NoParse):
        G.parse("effect", "Draw cards.")
    assert G.try_parse("effect", "Shuffle your deck.") is None


def test_sentences() -> None:
    assert sentences("Draw a card. Deal 1 damage (to a follower.) to it.") == [
        "Draw a card.", "Deal 1 damage (to a follower.) to it."]
    assert sentences('Choose "Draw a card." Then stop.') == ['Choose "Draw a card." Then stop.']


def test_adjacent_slots() -> None:
    g = Grammar("adjacent")
    g.phrases["num"] = _num
    g.phrases["thing"] = lambda t: t if t in ("fairy tokens", "knights") else (_ for _ in ()).throw(NoParse(t))

    @g.template("effect", "summon {n:num} {what:thing}")
    def _summon(n: int, what: str) -> dict:
        return {"summon": {"n": n, "what": what}}

    assert g.parse("effect", "Summon 3 fairy tokens.") == {"summon": {"n": 3, "what": "fairy tokens"}}
    assert g.try_parse("effect", "Summon three dragons") is None


def test_number_words_and_x() -> None:
    assert [read_number(t) for t in ("3", " three ", "an", "Twice")] == [3, 3, 1, 2]
    assert read_number("X", x=True) == "X"
    with pytest.raises(NoParse):
        read_number("X")  # X only where the game's text has it
    with pytest.raises(NoParse):
        read_number("eleven")


def test_memo_remembers_values_and_refusals_and_hands_out_copies() -> None:
    calls: list[str] = []

    def parse(t: str) -> dict:
        calls.append(t)
        if t == "bad":
            raise NoParse(t)
        return {"text": t, "parts": [t]}

    m = memo(parse)
    a = m("draw  a card")
    a["parts"].append("changed")
    assert m("draw a card") == {"text": "draw a card", "parts": ["draw a card"]}
    for _ in range(2):
        with pytest.raises(NoParse):
            m("bad")
    assert calls == ["draw a card", "bad"]


def test_memo_phrases_and_table_phrases_register_with_the_grammar() -> None:
    g = Grammar("memo")

    @g.memo_phrase("num")
    def num(t: str) -> int:
        return read_number(t)

    @g.template("effect", "draw {n:num}")
    def draw(n: int) -> dict:
        return {"draw": n}

    g.table_phrase("effect")
    assert num("two") == 2 and g.phrases["num"] is num
    assert g.phrases["effect"]("Draw three") == {"draw": 3}
    with pytest.raises(NoParse):
        g.phrases["effect"]("Discard three")


def test_fresh_names() -> None:
    names: Counter = Counter()
    assert [fresh_name(names, "t"), fresh_name(names, "c"), fresh_name(names, "t"), fresh_name(names, "t")] == [
        "t", "c", "t2", "t3"]


def test_compiled_card_fields() -> None:
    assert CompiledCard().as_fields() == {}
    c = CompiledCard(keywords=["ward"], effect={"do": []}, extra={"copies": "any"})
    assert c.as_fields() == {"keywords": ["ward"], "effect": {"do": []}, "copies": "any"}


def test_cockatrice_cards(tmp_path: Path) -> None:
    p = tmp_path / "cards.xml"
    p.write_text("<cockatrice_carddatabase><cards>"
                 "<card><name> Rose Knight </name><prop><type>Follower | Token</type></prop><text/></card>"
                 "<card><name>Spark</name></card>"
                 "</cards></cockatrice_carddatabase>", encoding="utf-8")
    got = [(get("name"), get("prop/type"), get("text")) for get in cockatrice_cards(p)]
    assert got == [("Rose Knight", "Follower | Token", ""), ("Spark", "", "")]


class _Builder:
    def card(self, entry: dict, where: str) -> None:
        if entry.get("bad"):
            raise CardError(f"{where}: card {entry['name']!r}: abilities[0]: unknown instruction 'fly'")


def _compile(entry: dict) -> dict:
    if entry["text"] == "???":
        raise Uncompilable("??? 1 2", entry["name"])
    return {**entry, "abilities": []}


def test_the_compile_report_counts_and_names_what_did_not_compile() -> None:
    rep = CompileReport()
    rep.add("A", {"name": "A", "text": "Draw a card."}, _compile, True, _Builder(), "db.xml")
    rep.add("B", {"name": "B", "text": ""}, _compile, False, _Builder(), "db.xml")
    rep.add("C", {"name": "C", "text": "???"}, _compile, True, _Builder(), "db.xml")
    rep.add("D", {"name": "D", "text": "Fly.", "bad": True}, _compile, True, _Builder(), "db.xml")
    assert (rep.total, rep.compiled, rep.with_text, rep.compiled_with_text) == (4, 2, 3, 1)
    assert rep.failures == [("C", "??? 1 2")]
    assert rep.invalid == [("D", "abilities[0]: unknown instruction 'fly'")]  # without the file and card
    assert rep.patterns() == [("??? N N", 1)]
    lines = rep.summary().splitlines()
    assert lines[:2] == ["compiled: 2 of 4 cards (50.0%)", "cards with text: 1 of 3 (33.3%)"]
    assert "compiled but rejected by the card loader: 1" in lines and "    1  ??? N N ..." in lines

    class Wider(CompileReport):
        opening_words = 1
        openings_of_invalid = True

    w = Wider(failures=[("C", "Draw 2 cards")], invalid=[("D", "Draw 3 cards")])
    assert w.patterns() == [("Draw", 2)]


def test_the_report_command(capsys: pytest.CaptureFixture) -> None:
    def report(path: str) -> CompileReport:
        return CompileReport(total=1, failures=[("C", f"read {path}")])

    assert report_main([], "game.compiler", report) == 2
    assert report_main(["--failures", "x.xml"], "game.compiler", report) == 2  # the file comes first
    assert capsys.readouterr().out.count("usage: python -m game.compiler CARDS.xml [--failures]") == 2
    assert report_main(["x.xml", "--failures"], "game.compiler", report) == 0
    out = capsys.readouterr().out
    assert out.startswith("compiled: 0 of 1 cards") and out.endswith("failures:\n  C: read x.xml\n")
