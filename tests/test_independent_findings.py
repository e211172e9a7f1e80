"""Rules bugs found by the scenarios written from the rules text alone
(conformance/*/independent), each kept as a focused test."""

from __future__ import annotations

import pytest

from tcgjudge.games.sve.cards import _compiled


@pytest.mark.rules("sve", "2.1.2", "5.7.1")
@pytest.mark.parametrize("text, name", [
    ("Search your deck for a Guard, reveal it, and put it onto your field.", "Guard"),
    ("Search your deck for a follower named Guard, reveal it, and put it onto your field.", "Guard"),
    ("Search your deck for an Aiela, Devoted Knight, reveal it, and add it to your hand.", "Aiela, Devoted Knight"),
])
def test_a_card_name_does_not_swallow_the_clause_after_its_comma(text: str, name: str) -> None:
    """A name qualifier keeps a comma that belongs to the name (2.1.2) but not ", reveal it,"."""
    got = _compiled({"name": "Muster", "type": "spell", "class": "neutral", "cost": 0, "text": text}, "t")
    assert got["effect"]["do"][0]["search"]["filter"]["name"] == name


ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


@pytest.mark.rules("sve", "12.4.3", "10.6.2.8.2", "10.7.3.2")
def test_a_trigger_condition_is_checked_again_when_the_ability_is_played() -> None:
    """"Fanfare: If your leader has 10 defense or less, draw a card" after the other Fanfare gave
    the leader +5 (8 -> 13): the condition no longer holds as the ability is played; no draw."""
    from tcgjudge.interfaces.scenario import run_file

    path = ROOT / "conformance/sve/independent/fanfare-if-checked-at-resolution.yaml"
    r = run_file(path)
    assert r.passed, r.line()
    text = path.read_text(encoding="utf-8")
    assert "p1.hand: 0" in text
