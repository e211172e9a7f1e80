"""Playing cards and abilities (8.2, 8.3, 10.4, 10.6) and the costs of SVE (12.2.3)."""

from __future__ import annotations

import pytest

from sve_util import attr, follower, options, scenario, setup, spell, step


@pytest.mark.rules("sve", "10.6.2.6", "4.4.4.1", "8.1.2")
def test_full_field_cannot_take_a_follower() -> None:
    r = scenario(setup({"field": ["Test Goblin"] * 5, "hand": ["Test Squire", "Test Bolt"]},
                       {"field": ["Test Goblin"]}))
    assert "play Test Squire" not in options(r) and "play Test Bolt" in options(r)


@pytest.mark.rules("sve", "10.6.2.4", "10.6.2.4.2", "10.6.2.4.2.1", "10.6.2.3.3")
def test_illegal_play_is_rewound() -> None:
    cards = [spell("Split Shot", 1, effect={
        "target": {"as": "t", "n": 2, "divide": 1, "filter": {"type": "follower", "controller": "enemy"}},
        "do": [{"deal": {"what": "t", "divided": "t"}}]})]
    r = scenario(setup({"hand": ["Split Shot"]}, {"field": [{"card": "Test Ogre", "id": "x"},
                                                            {"card": "Test Ogre", "id": "y"}]}), cards=cards,
                 do=[{"p1": "play Split Shot"}, {"p1": "choose x"}, {"p1": "choose y"}])
    g = r.g
    assert g.pending.kind == "main" and g.players[0]["pp"] == 5
    assert [g.objects[x].card.key for x in g.zone(0, "hand")] == ["Split Shot"]
    assert any("rewound" in (ln if isinstance(ln, str) else ln[1]) for ln in g.log)


@pytest.mark.rules("sve", "10.6.2.4", "10.6.2.4.3", "10.6.2.4.1")
def test_division_of_damage() -> None:
    r = scenario(setup({"hand": ["Test Fireball"]}, {"field": [{"card": "Test Ogre", "id": "x"},
                                                               {"card": "Test Ogre", "id": "y"}]}),
                 do=[{"p1": "play Test Fireball"}, {"p1": "choose x"}, {"p1": "choose y"}])
    assert r.g.pending.kind == "divide" and options(r) == {"choose 1", "choose 2"}
    step(r, "p1", "choose 2")
    assert attr(r, "x", "damage") == 2 and attr(r, "y", "damage") == 1
    # up to 2 targets, none chosen: nothing is divided and the spell still resolves
    r = scenario(setup({"hand": ["Test Fireball"]}, {"field": [{"card": "Test Ogre", "id": "x"}]}),
                 do=[{"p1": "play Test Fireball"}, {"p1": "done"}])
    assert attr(r, "x", "damage") == 0 and r.g.players[0]["pp"] == 2


@pytest.mark.rules("sve", "5.17.1", "5.17.3", "5.17.3.1.2", "5.17.4", "5.17.4.1", "10.6.2.2.2", "10.6.2.8.2.2")
def test_choose() -> None:
    r = scenario(setup({"hand": ["Sylvan Choice"], "deck": 5}), do=[{"p1": "play Sylvan Choice"}])
    assert options(r) == {"choose draw 2 cards"}  # no enemy follower: option (1) cannot be chosen
    step(r, "p1", "choose draw 2 cards")
    assert len(r.g.zone(0, "hand")) == 2
    r = scenario(setup({"hand": ["Sylvan Choice"]}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 do=[{"p1": "play Sylvan Choice"}, {"p1": "choose deal 3 damage"}, {"p1": "choose o"}])
    assert attr(r, "o", "damage") == 3


@pytest.mark.rules("sve", "5.2.1.2", "5.2.1.2.2", "10.6.2.2.3")
def test_x_cost() -> None:
    cards = [spell("X Blast", effect={"target": {"as": "t", "type": "follower", "controller": "enemy"},
                                      "do": [{"deal": {"what": "t", "n": "X"}}]})]
    cards[0]["cost"] = "X"
    r = scenario(setup({"hand": ["X Blast"], "pp": 3}, {"field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play X Blast"}])
    assert options(r) == {"choose 0", "choose 1", "choose 2", "choose 3"}
    step(r, "p1", "choose 2")
    step(r, "p1", "choose o")
    assert attr(r, "o", "damage") == 2 and r.g.players[0]["pp"] == 1


@pytest.mark.rules("sve", "12.15.1", "12.15.2", "12.15.2.1")
def test_aura() -> None:
    cards = [follower("Veiled", 2, 2, 2, keywords=["aura"])]
    r = scenario(setup({"hand": ["Test Bolt"]}, {"field": [{"card": "Veiled", "id": "v", "state": "engaged"}]}),
                 cards=cards)
    assert "play Test Bolt" not in options(r)  # no legal target
    r = scenario(setup({"hand": ["Test Bolt"], "field": [{"card": "Test Ogre", "id": "a"}]},
                       {"field": [{"card": "Veiled", "id": "v", "state": "engaged"}]}), cards=cards)
    assert "attack a -> v" in options(r)  # it can still be attacked


@pytest.mark.rules("sve", "12.2", "12.2.1", "12.2.2", "12.2.3", "3.2.5", "8.3.2", "5.15.1", "5.15.1.1",
                   "5.15.1.2", "5.15.1.3", "5.15.1.4", "5.15.2", "10.9.1.1.1", "4.12.1")
def test_evolve() -> None:
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "a", "state": "engaged", "damage": 1},
                                  {"card": "Test Ogre", "id": "o"}],
                        "evolve_deck": ["Test Goblin (Evolved)", "Test Ogre (Evolved)"], "pp": 1, "ep": 2}))
    assert {"evolve a", "evolve o"} <= options(r)
    step(r, "p1", "evolve a")
    assert options(r) == {"pay 1 play points", "use an evolution point"}  # 12.2.3
    step(r, "p1", "use an evolution point")
    g = r.g
    assert g.players[0]["ep"] == 1 and g.players[0]["pp"] == 1
    assert attr(r, "a", "evolved") is True and attr(r, "a", "atk") == 3 and attr(r, "a", "def") == 3  # 4 - 1 damage
    assert attr(r, "a", "state") == "engaged" and attr(r, "a", "cost") == 1  # 5.15.2, 10.9.1.1.1
    assert len(g.zone(0, "evolve_zone")) == 1
    assert "evolve o" not in options(r)  # 8.3.2: one evolve a turn


@pytest.mark.rules("sve", "8.4.2.1", "5.15.1.3")
def test_evolved_this_turn_may_attack_followers() -> None:
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "a", "summoned_this_turn": True}],
                        "evolve_deck": ["Test Goblin (Evolved)"]},
                       {"field": [{"card": "Test Ogre", "id": "o", "state": "engaged"}]}),
                 do=[{"p1": "evolve a"}])
    assert "attack a -> o" in options(r) and "attack a -> p2" not in options(r)


@pytest.mark.rules("sve", "10.4.6", "10.4.6.1", "5.33.1", "10.4.2.1", "10.4.2.2")
def test_activated_ability_with_engage_and_bury_costs() -> None:
    r = scenario(setup({"field": [{"card": "Drill Sergeant", "id": "d", "summoned_this_turn": True}]}),
                 do=[{"p1": "activate d"}])
    g = r.g
    assert [g.objects[x].card.key for x in g.zone(0, "field")] == ["Knight"]
    assert [g.objects[x].card.key for x in g.zone(0, "cemetery")] == ["Drill Sergeant"]


@pytest.mark.rules("sve", "4.8.3.3", "10.6.2.1.3", "10.6.2.8.1.1")
def test_effects_on_ex_area_cards_carry_to_the_field() -> None:
    cards = [spell("Train", effect={"target": {"as": "t", "zone": "ex_area", "controller": "you", "type": "follower"},
                                    "do": [{"modify": {"what": "t", "atk": 2, "def": 2}}]})]
    r = scenario(setup({"hand": ["Train"], "ex_area": [{"card": "Fairy", "id": "f"}]}), cards=cards,
                 do=[{"p1": "play Train targeting f"}, {"p1": "play f"}])
    g = r.g
    fid = g.zone(0, "field")[0]
    assert g.chars(fid)["atk"] == 3 and g.chars(fid)["def"] == 3


@pytest.mark.rules("sve", "10.4.7", "10.4.7.4", "10.1.1.2.2", "10.7.3.2")
def test_automatic_ability_cost_is_optional() -> None:
    cards = [follower("Scholar", 1, 1, 1, abilities=[
        {"auto": {"on": "fanfare", "cost": [{"pp": 1}], "do": [{"draw": 2}]}, "text": "Fanfare: [1]: draw 2"}])]
    r = scenario(setup({"hand": ["Scholar"], "pp": 2}), cards=cards, do=[{"p1": "play Scholar"}])
    assert options(r) == {"pay", "pass"}
    step(r, "p1", "pay")
    assert len(r.g.zone(0, "hand")) == 2 and r.g.players[0]["pp"] == 0
    r = scenario(setup({"hand": ["Scholar"], "pp": 2}), cards=cards, do=[{"p1": "play Scholar"}, {"p1": "pass"}])
    assert len(r.g.zone(0, "hand")) == 0 and r.g.players[0]["pp"] == 1


@pytest.mark.rules("sve", "10.4.4", "10.4.4.1", "10.2.1.3.3", "10.6.2.5.1", "10.6.2.5.1.3", "10.10.2.4",
                   "1.3.2.2.1")
def test_cost_changes() -> None:
    cards = [{"name": "Library", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
              "abilities": [{"static": {"cost_mod": {"affects": {"type": "spell"}, "n": -2}}}]},
             {"name": "Free Lib", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
              "abilities": [{"static": {"cost_mod": {"affects": {"type": "spell"}, "set": 2}}}]}]
    r = scenario(setup({"hand": ["Test Bolt"], "field": ["Library"], "pp": 0},
                       {"field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play Test Bolt targeting o"}])
    assert attr(r, "o", "damage") == 2 and r.g.players[0]["pp"] == 0  # 1 - 2: zero (1.3.2.2.1)
    r = scenario(setup({"hand": ["Test Fireball"], "field": ["Library", "Free Lib"], "pp": 0}), cards=cards)
    assert "play Test Fireball" in options(r)  # set to 2 first, then 2 less (10.10.2.4)


@pytest.mark.rules("sve", "12.3.3", "12.3.5")
def test_quick_activated_ability() -> None:
    cards = [follower("Quick Mage", 1, 1, 3, abilities=[
        {"activated": {"quick": True, "cost": [{"pp": 1}], "do": [{"leader_def": 1}]}, "text": "Q [1]: +1"}])]
    r = scenario(setup({"field": [{"card": "Test Goblin", "id": "a"}]},
                       {"field": [{"card": "Quick Mage", "id": "q"}], "pp": 1, "max_pp": 1, "leader_def": 10}),
                 cards=cards, do=[{"p1": "attack a -> p2"}])
    assert "activate q" in options(r)
    step(r, "p2", "activate q")
    step(r, "p2", "pass")
    assert r.g.players[1]["leader_def"] == 10  # +1, then 1 damage
