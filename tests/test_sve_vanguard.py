"""The Vanguard universe (rules 14.4): Ride written out, Trigger icons of the card database."""

from __future__ import annotations

import pytest

from tcgjudge.games.sve.cockatrice import trigger_icon
from tcgjudge.games.sve.grammar_compiler import compile_text


def test_ride_written_out_is_the_ride_keyword() -> None:
    """14.4.9.2: "Ride [cost]: [text]"; the plain form is the keyword (cards.py writes it out)."""
    assert compile_text("{[ride]} {[cost01]}: Give this follower Drive.") == {"keywords": [{"ride": 1}]}
    assert compile_text("Ride (3): Give this follower Drive.") == compile_text("Ride {COST 3}")


def test_ride_written_out_with_other_costs_and_text() -> None:
    """14.4.9.2: the written costs and text; the Drive Point card, the evolve equivalent (14.4.9.5)
    and once a game for the card as the keyword has them."""
    got = compile_text("Ride (2), discard a card: Give this follower Drive. Draw a card.")
    assert got["abilities"] == [{"activated": {
        "cost": [{"pp": 2}, {"discard": 1}, {"drive_point": {}}], "do": [{"give_drive": "self"}, {"draw": 1}],
        "equivalent": "evolve", "max_per_game": 1}, "keyword": "ride",
        "text": "Ride (2), discard a card: Give this follower Drive. Draw a card."}]


def test_ride_is_a_followers_ability() -> None:
    """14.4.9.1: Ride gives Drive to the follower with Ride: an amulet's is not read."""
    from tcgjudge.games.sve.compiler import Uncompilable

    with pytest.raises(Uncompilable):
        compile_text("Ride (1): Give this follower Drive.", card_type="amulet")


@pytest.mark.parametrize(("text", "icon"), [
    ("Fanfare: Draw a card.\n----------\n(If this card is revealed by a drive check, draw a card.)", "draw"),
    ("(If this card is revealed by a drive check, give a follower on your field {[attack]}+2.)", "critical"),
    ("(If this card is revealed by a drive check, give a follower on your field{[attack]}+2.)", "critical"),
    ("(If this card is revealed by a drive check, give your leader{[defense]}+3.)", "heal"),
    ("(If this card is revealed by a drive check, refresh a follower on your field. For the rest of this turn, "
     "it can't attack enemy leaders.)", "stand"),
    ("(If this card is revealed by a drive check, draw 2 cards.)", None),
    ("Draw a card.", None),
])
def test_trigger_icon_from_its_reminder(text: str, icon: str | None) -> None:
    """14.4.1.1, 14.4.5.1.3.1-14.4.5.1.3.4: the database prints a Trigger icon as the reminder of
    its ability; anything else is no icon."""
    assert trigger_icon(text) == icon
