"""SVE conformance: what each player may see (4.1.2 and the zones of section 4, revealing 5.20,
10.6.2.1.1), checked through the per-player views a scenario cannot inspect."""

from __future__ import annotations

import pytest

from sve_util import scenario, step
from tcgjudge.kernel.view import log_for, view


def zones(g, viewer: int, player: int) -> dict:
    return view(g, viewer)["players"][player]["zones"]


def names(entries) -> list[str]:
    return sorted(e["card"] for e in entries if "card" in e)


POSITION = {
    "turn": 3, "active": "p1", "at": "main",
    "p1": {"hand": ["Test Ogre", "Test Bolt"], "deck": 4, "evolve_deck": ["Test Goblin (Evolved)"],
           "field": ["Test Goblin"], "ex_area": ["Test Squire"], "cemetery": ["Test Insight"],
           "banished": ["Test Raider"]},
    "p2": {"deck": 5},
}


@pytest.mark.rules("sve", "4.1.2", "4.1.2.1", "4.7.1", "4.7.2", "4.5.2", "4.6.2", "4.4.2", "4.8.1", "4.8.2",
                   "4.9.2", "4.10.2", "4.3.2", "4.2.3.3")
def test_public_and_non_public_zones() -> None:
    g = scenario(POSITION).g
    mine, theirs = zones(g, 0, 0), zones(g, 1, 0)
    # the owner sees their hand and evolve deck; the opponent sees only how many cards there are
    assert names(mine["hand"]) == ["Test Bolt", "Test Ogre"]
    assert theirs["hand"] == {"count": 2}
    assert names(mine["evolve_deck"]) == ["Test Goblin (Evolved)"]
    assert theirs["evolve_deck"] == {"count": 1}
    # nobody looks at a deck, but anyone may count it (4.1.2.1)
    assert mine["deck"] == {"count": 4} and theirs["deck"] == {"count": 4}
    # public zones show their cards to everyone
    for z, card in (("field", "Test Goblin"), ("ex_area", "Test Squire"), ("cemetery", "Test Insight"),
                    ("banished", "Test Raider")):
        assert names(theirs[z]) == [card] and names(mine[z]) == [card]
    assert names(theirs["leader"]) == names(mine["leader"]) and len(theirs["leader"]) == 1


@pytest.mark.rules("sve", "4.12.2", "4.13.2", "4.14.2", "4.15.2", "4.11.2", "4.6.3")
def test_evolve_race_drive_and_trigger_zones_are_public() -> None:
    g = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"field": [{"card": "Test Goblin", "evolved": True}],
                         "evolve_deck": [{"card": "Test Ogre (Evolved)", "face": "up"}, "Test Goblin (Evolved)"],
                         "deck": 4},
                  "p2": {"deck": 5}}).g
    theirs = zones(g, 1, 0)
    assert names(theirs["evolve_zone"]) == ["Test Goblin (Evolved)"]
    # 4.6.3: a faceup card in the evolve deck area is seen by everyone, the facedown one is not
    assert theirs["evolve_deck"]["count"] == 2
    assert names(theirs["evolve_deck"]["known"]) == ["Test Ogre (Evolved)"]
    from tcgjudge.games.sve.vocabulary import ZONES

    for z in ("evolve_zone", "race_zone", "drive_zone", "trigger_zone", "resolution", "cemetery", "field",
              "ex_area", "leader"):
        assert ZONES[z].public, z
    assert ZONES["resolution"].shared and ZONES["resolution"].ordered


@pytest.mark.rules("sve", "4.1.2.3", "2.14.2.1")
def test_double_faced_cards_in_hidden_zones_are_hidden() -> None:
    dfc = {"name": "Moonblade", "type": "follower", "cost": 2, "atk": 2, "def": 2, "text": "",
           "back": {"name": "Sunblade", "type": "follower", "cost": 2, "atk": 5, "def": 5, "text": ""}}
    g = scenario({"turn": 3, "active": "p1", "at": "main", "p1": {"hand": ["Moonblade"], "deck": 3},
                  "p2": {"deck": 3}}, cards=[dfc]).g
    assert zones(g, 1, 0)["hand"] == {"count": 1}
    assert names(zones(g, 0, 0)["hand"]) == ["Moonblade"]
    hand = zones(g, 0, 0)["hand"][0]
    assert hand["name"] == "Moonblade" and hand["atk"] == 2  # the front face's information


@pytest.mark.rules("sve", "5.20", "5.20.1", "5.20.1.1", "5.7.1.2")
def test_revealed_cards_are_seen_until_the_effect_has_resolved() -> None:
    peek = {"name": "Show", "type": "spell", "cost": 0, "text": "Reveal a card in your hand. You may draw a card.",
            "script": {"effect": {"do": [
                {"select": {"as": "c", "from": {"zone": "hand", "player": "you"}, "n": 1}},
                {"reveal": "c"},
                {"may": {"do": [{"draw": 1}]}}]}}}
    r = scenario({"turn": 3, "active": "p1", "at": "main", "p1": {"hand": ["Show", "Test Ogre"], "deck": 3},
                  "p2": {"deck": 3}}, cards=[peek], do=[{"p1": "play Show"}, {"p1": "choose Test Ogre"}])
    g = r.g
    assert g.pending.kind == "may"  # the effect is still resolving
    hand = zones(g, 1, 0)["hand"]
    assert hand["count"] == 1 and names(hand["known"]) == ["Test Ogre"]  # the opponent sees it
    step(r, "p1", "no")
    assert "known" not in zones(g, 1, 0)["hand"]  # unrevealed once the effect has resolved


@pytest.mark.rules("sve", "5.10.1", "4.1.5.1", "4.5.2")
def test_looked_at_cards_and_their_order_stay_private() -> None:
    scout = {"name": "Scout", "type": "spell", "cost": 0,
             "text": "Look at the top 3 cards of your deck. You may reveal a follower from among them and add it to "
                     "your hand. Put the remaining cards on the bottom of your deck in any order."}
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"hand": ["Scout"], "deck": ["Test Bolt", "Test Ogre", "Test Insight", "Filler"]},
                  "p2": {"deck": 3}}, cards=[scout], do=[{"p1": "play Scout"}, {"p1": "choose Test Ogre"},
                                                          {"p1": "choose Test Insight"}])
    g = r.g
    theirs = "\n".join(log_for(g, 1))
    assert "Test Ogre" in theirs  # revealed to be added to the hand (5.7.1.2 style reveal)
    assert "Test Bolt" not in theirs and "Test Insight" not in theirs  # looked at and ordered in private
    assert zones(g, 1, 0)["deck"] == {"count": 3}


@pytest.mark.rules("sve", "10.6.2.1.1")
def test_an_ability_of_a_card_in_the_hand_reveals_it() -> None:
    relic = {"name": "Hidden Relic", "type": "amulet", "cost": 3,
             "text": "(A) (1): You may draw a card. (Activate only while this card is in your hand.)",
             "script": {"abilities": [{"activated": {"cost": [{"pp": 1}], "do": [{"may": {"do": [{"draw": 1}]}}]},
                                       "zones": ["hand"],
                                       "text": "(1): You may draw a card. (Activate only from your hand.)"}]}}
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"hand": [{"card": "Hidden Relic", "id": "h"}], "pp": 1, "max_pp": 1, "deck": 3},
                  "p2": {"deck": 3}}, cards=[relic], do=[{"p1": "activate h"}])
    g = r.g
    assert g.pending.kind == "may"
    hand = zones(g, 1, 0)["hand"]
    assert names(hand.get("known", [])) == ["Hidden Relic"]
    step(r, "p1", "yes")
    assert "known" not in zones(g, 1, 0)["hand"]
