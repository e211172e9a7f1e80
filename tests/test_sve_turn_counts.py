"""The SVE history family: "the Nth time this turn", the leader's defense decreasing, delayed
abilities on a card (games/sve/turn_counts.py, delayed_on_card.py)."""

from __future__ import annotations

import pytest

from sve_util import compile_card as sve
from sve_util import first_auto as auto
from tcgjudge.cards.textcompiler import Uncompilable


@pytest.mark.rules("sve", "13.2.1.3", "5.15", "8.4.5")
def test_nth_and_the_same_tally_again() -> None:
    got = auto("Whenever you play a card, if it's the 3rd you've played this turn, draw a card. "
               "If it's the 5th, give your leader {[defense]}+1.")
    assert got["do"][0]["if"]["cond"] == {"record": {"key": "played", "min": 3, "max": 3}}
    assert got["do"][1]["if"]["cond"] == {"record": {"key": "played", "min": 5, "max": 5}}
    got = auto("Whenever a follower on your field evolves, if it's at least the 2nd time a follower on your "
               "field has evolved this turn, draw a card.")
    assert got["if"] == {"record": {"key": "evolved", "player": "you", "min": 2}}
    # "If it's the 2nd" with no "it's the Nth ..." before it names nothing
    with pytest.raises(Uncompilable):
        sve("Whenever you play a card, if it's the 2nd, draw a card.")
    # the evolutions of a kind of follower: the tally keeps no cards
    with pytest.raises(Uncompilable):
        sve("Whenever a follower on your field evolves, if it's the 2nd time an Elf follower on your field "
            "has evolved this turn, draw a card.")


@pytest.mark.rules("sve", "2.8.3", "13.5.2", "10.7.2.2")
def test_leader_defense_decreases() -> None:
    got = auto("Whenever your leader's defense decreases during your turn, if it's at least the 4th time "
               "this turn, draw a card.")
    assert got["on"] == {"event": "leader_def_lost", "player": "you", "cond": {"turn": "yours"}}
    assert got["if"] == {"record": {"key": "lost_def", "player": "you", "min": 4}}
    # "the Nth time this turn" after a trigger the rules do not tally names nothing
    with pytest.raises(Uncompilable):
        sve("Whenever a follower on your field attacks, if it's the 2nd time this turn, draw a card.")


@pytest.mark.rules("sve", "10.7.5", "4.1.4")
def test_delayed_ability_on_a_card() -> None:
    got = sve("Select an enemy follower on the field and deal it 1 damage. When it's put from the field into "
              "the cemetery this turn, draw a card.", "spell")["effect"]
    assert got["do"][1] == {"delayed": {"on": {"event": "move", "from": "field", "to": "cemetery",
                                               "subject": {"bound_as": "t"}},
                                        "do": [{"draw": 1}], "until": "end_of_turn"}}
    # the card has moved: "it" in the delayed effect is not read
    with pytest.raises(Uncompilable):
        sve("Select an enemy follower on the field and deal it 1 damage. When it's put from the field into "
            "the cemetery this turn, banish it.", "spell")
