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
