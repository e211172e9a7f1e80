"""Attacking (8.4) and the keywords that shape attacks (12.7-12.14)."""

from __future__ import annotations

import pytest

from sve_util import attr, follower, options, scenario, step

BASE = {"turn": 5, "active": "p1", "at": "main"}


def setup(p1: dict, p2: dict) -> dict:
    s = dict(BASE)
    s["p1"] = {"deck": 5, "pp": 5, "max_pp": 5, **p1}
    s["p2"] = {"deck": 5, **p2}
    return s


@pytest.mark.rules("sve", "8.4.2", "8.4.2.1", "8.4.3", "8.4.3.1", "12.9.1", "12.9.2", "12.10.1", "12.10.2",
                   "12.11.1", "12.11.2", "12.12.1", "12.12.2")
def test_who_may_attack_what() -> None:
    r = scenario(setup(
        {"field": [{"card": "Test Goblin", "id": "old"}, {"card": "Test Goblin", "id": "new", "summoned_this_turn": True},
                   {"card": "Test Raider", "id": "storm", "summoned_this_turn": True},
                   {"card": "Test Charger", "id": "rush", "summoned_this_turn": True},
                   {"card": "Test Goblin", "id": "tired", "state": "engaged"}]},
        {"field": [{"card": "Test Ogre", "id": "up"}, {"card": "Test Ogre", "id": "down", "state": "engaged"},
                   {"card": "Test Sentinel", "id": "scary", "state": "engaged"}]}))
    o = options(r)
    assert {"attack old -> down", "attack old -> p2", "attack storm -> p2", "attack storm -> down",
            "attack rush -> down"} <= o
    for bad in ("attack old -> up", "attack new -> down", "attack new -> p2", "attack rush -> p2",
                "attack tired -> down", "attack old -> scary"):
        assert bad not in o, bad
    cards = [follower("Stabber", 1, 1, 1, keywords=["assail"])]
    r = scenario(setup({"field": [{"card": "Stabber", "id": "s"}]}, {"field": [{"card": "Test Ogre", "id": "up"}]}),
                 cards=cards)
    assert "attack s -> up" in options(r)


@pytest.mark.rules("sve", "12.8.1", "12.8.2")
def test_ward_must_be_attacked_when_possible() -> None:
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "a"}]},
                       {"field": [{"card": "Test Squire", "id": "w", "state": "engaged"},
                                  {"card": "Test Ogre", "id": "o", "state": "engaged"}]}))
    assert {x for x in r.g.pending.labels if x.startswith("attack a")} == {"attack a -> w"}
    # a reserved Ward follower forces nothing (it cannot be attacked)
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "a"}]},
                       {"field": [{"card": "Test Squire", "id": "w"}, {"card": "Test Ogre", "id": "o", "state": "engaged"}]}))
    assert {x for x in r.g.pending.labels if x.startswith("attack a")} == {"attack a -> o", "attack a -> p2"}


@pytest.mark.rules("sve", "8.4.4", "8.4.5", "8.4.5.1", "8.4.6", "8.4.9", "8.4.9.1", "8.4.9.2", "8.4.10", "8.4.11",
                   "11.3.1", "2.8.2", "5.13.1", "5.13.1.1")
def test_combat() -> None:
    r = scenario(setup({"field": [{"card": "Test Ogre", "id": "a"}]},
                       {"field": [{"card": "Test Squire", "id": "d", "state": "engaged"}]}),
                 do=[{"p1": "attack a -> d"}, {"p2": "pass"}])
    g = r.g
    assert attr(r, "a", "state") == "engaged" and attr(r, "a", "damage") == 2 and attr(r, "a", "def") == 3
    assert g.objects[r.current("d")].zone == "cemetery"
    assert g.pending.kind == "main" and "attack" not in g.gvars


@pytest.mark.rules("sve", "8.4.3.1", "11.2.1", "1.2.1.1", "2.8.3.1")
def test_leader_attack_and_loss() -> None:
    scenario(setup({"field": [{"card": "Test Ogre", "id": "a"}]}, {"leader_def": 5}),
             do=[{"p1": "attack a -> p2"}, {"p2": "pass"}], expect={"winner": "p1", "p2.leader_def": 0})
    r = scenario(setup({"field": [{"card": "Test Ogre", "id": "a"}]}, {}), do=[{"p1": "attack a -> p2"}, {"p2": "pass"}])
    assert r.g.players[1]["leader_def"] == 15


@pytest.mark.rules("sve", "8.4.7", "8.4.8", "12.3.4", "12.3.1", "12.3.2")
def test_quick_after_an_attack() -> None:
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "a"}], "hand": ["Test Insight"]},
                       {"hand": ["Test Bolt", "Test Ogre", "Test Insight"], "pp": 2, "max_pp": 3}),
                 do=[{"p1": "attack a -> p2"}])
    assert options(r) == {"pass", "play Test Bolt", "play Test Insight"}  # Quick cards only
    step(r, "p2", "play Test Bolt targeting a")
    assert r.g.pending.kind == "quick"  # 8.4.8: again, after a Confirmation Timing
    step(r, "p2", "pass")
    assert r.g.players[1]["leader_def"] == 20  # 8.4.9: the attacker left the field: no damage
    assert r.g.objects[r.current("a")].zone == "cemetery"


@pytest.mark.rules("sve", "12.14.1", "12.14.2", "12.14.2.1", "11.3.2", "11.3.2.1")
def test_bane_destroys_what_it_fought() -> None:
    cards = [follower("Zero Bane", 1, 0, 5, keywords=["bane"])]
    r = scenario(setup({"field": [{"card": "Zero Bane", "id": "b"}]},
                       {"field": [{"card": "Test Ogre", "id": "o", "state": "engaged"}]}), cards=cards,
                 do=[{"p1": "attack b -> o"}, {"p2": "pass"}])
    assert r.g.objects[r.current("o")].zone == "cemetery"  # 0 damage, but it fought
    assert r.g.objects[r.current("b")].zone == "cemetery"  # 5 damage from the Ogre


@pytest.mark.rules("sve", "12.13.1", "12.13.2", "12.13.2.1", "12.13.2.2")
def test_drain() -> None:
    r = scenario(setup({"field": [{"card": "Test Vampire", "id": "v"}], "leader_def": 10},
                       {"field": [{"card": "Test Ogre", "id": "o", "state": "engaged"}]}),
                 do=[{"p1": "attack v -> p2"}, {"p2": "pass"}])
    assert r.g.players[0]["leader_def"] == 12 and r.g.players[1]["leader_def"] == 18
    # the attack target's damage back does not drain for the Vampire's controller
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "g"}], "leader_def": 10},
                       {"field": [{"card": "Test Vampire", "id": "v", "state": "engaged"}], "leader_def": 10}),
                 do=[{"p1": "attack g -> v"}, {"p2": "pass"}])
    assert r.g.players[1]["leader_def"] == 10


@pytest.mark.rules("sve", "12.7.1", "12.7.2")
def test_strike_abilities() -> None:
    cards = [follower("Striker", 1, 1, 5, abilities=[
        {"auto": {"on": "strike", "do": [{"draw": 1}]}, "keyword": "strike", "text": "Strike: draw"},
        {"auto": {"on": "leader_strike", "do": [{"leader_def": 3}]}, "keyword": "leader_strike", "text": "LS"},
        {"auto": {"on": "follower_strike", "do": [{"leader_def": -1}]}, "keyword": "follower_strike",
         "text": "FS"}])]
    r = scenario(setup({"field": [{"card": "Striker", "id": "s"}], "leader_def": 10, "hand": 0}, {}), cards=cards,
                 do=[{"p1": "attack s -> p2"}])
    while r.g.pending.kind == "order_triggers":
        step(r, "p1", sorted(options(r))[0])
    assert r.g.players[0]["leader_def"] == 13 and len(r.g.zone(0, "hand")) == 1
    assert r.g.pending.kind == "quick"


@pytest.mark.rules("sve", "8.4.3.2", "8.4.3.2.1")
def test_cannot_attack() -> None:
    cards = [follower("Wall", 1, 3, 3, abilities=[{"static": {"grant": {"flags": "cannot_attack"}}}])]
    r = scenario(setup({"field": [{"card": "Wall", "id": "w"}]}, {}), cards=cards)
    assert not any(x.startswith("attack") for x in options(r))
