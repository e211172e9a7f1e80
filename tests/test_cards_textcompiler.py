"""The template text compiler (a toy grammar; each game supplies its own)."""

from __future__ import annotations

import pytest

from tcgjudge.cards.textcompiler import Grammar, NoParse, sentences, strip_reminders

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


def test_sentences_and_reminders() -> None:
    assert sentences("Draw a card. Deal 1 damage (to a follower.) to it.") == [
        "Draw a card.", "Deal 1 damage (to a follower.) to it."]
    assert strip_reminders("Assail. (Followers with Assail can attack.)") == "Assail."


def test_adjacent_slots() -> None:
    g = Grammar("adjacent")
    g.phrases["num"] = _num
    g.phrases["thing"] = lambda t: t if t in ("fairy tokens", "knights") else (_ for _ in ()).throw(NoParse(t))

    @g.template("effect", "summon {n:num} {what:thing}")
    def _summon(n: int, what: str) -> dict:
        return {"summon": {"n": n, "what": what}}

    assert g.parse("effect", "Summon 3 fairy tokens.") == {"summon": {"n": 3, "what": "fairy tokens"}}
    assert g.try_parse("effect", "Summon three dragons") is None
