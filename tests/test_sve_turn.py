"""The SVE turn (7): start, main and end phases; extra and skipped turns (5.25, 5.27)."""

from __future__ import annotations

import pytest

from sve_util import attr, options, scenario, step


@pytest.mark.rules("sve", "7.2.1", "7.2.2", "7.2.3", "7.2.4", "3.2.4.1", "5.30.3", "7.2.5")
def test_start_phase() -> None:
    r = scenario({"turn": 5, "active": "p1", "at": "start",
                  "p1": {"max_pp": 9, "pp": 2, "deck": ["Test Bolt", "Test Ogre"], "hand": 0,
                         "field": [{"card": "Test Goblin", "id": "a", "state": "engaged"},
                                   {"card": "Test Squire", "id": "b", "state": "engaged", "boxed": True}]},
                  "p2": {"deck": 5}})
    g = r.g
    assert g.players[0]["max_pp"] == 10 and g.players[0]["pp"] == 10
    assert attr(r, "a", "state") == "reserved" and attr(r, "b", "state") == "engaged"
    assert [g.objects[x].card.key for x in g.zone(0, "hand")] == ["Test Bolt"]
    assert g.phase == "main" and g.pending.kind == "main"
    r2 = scenario({"turn": 7, "active": "p1", "at": "start", "p1": {"max_pp": 10, "pp": 0, "deck": 3},
                   "p2": {"deck": 3}})
    assert r2.g.players[0]["max_pp"] == 10 and r2.g.players[0]["pp"] == 10


@pytest.mark.rules("sve", "5.9.1.1", "11.2.2", "1.2.1.2")
def test_drawing_from_an_empty_deck_loses_at_rules_handling() -> None:
    r = scenario({"turn": 5, "active": "p1", "at": "start", "p1": {"deck": 0}, "p2": {"deck": 5}},
                 expect={"winner": "p2"})
    assert any("11.2.2" in (ln if isinstance(ln, str) else ln[1]) for ln in r.g.log)


@pytest.mark.rules("sve", "7.3.1", "7.3.2", "10.5.2.2")
def test_start_of_main_phase_triggers() -> None:
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"field": [{"card": "Test Totem", "id": "t1"}, {"card": "Test Totem", "id": "t2"}],
                         "leader_def": 10, "deck": 3}, "p2": {"deck": 3}})
    assert r.g.pending.kind == "order_triggers"
    assert options(r) >= {"trigger t1: At the start of your main phase, give yo",
                          "trigger t2: At the start of your main phase, give yo"}
    step(r, "p1", "trigger t2: At the start of your main phase, give yo")
    assert r.g.players[0]["leader_def"] == 12 and r.g.pending.kind == "main"


@pytest.mark.rules("sve", "7.4.3", "7.4.4", "7.4.5", "7.4.7", "7.4.8", "7.4.9", "12.8.2")
def test_end_phase() -> None:
    cards = [{"name": "Pump", "type": "spell", "class": "neutral", "cost": 0, "text": "",
              "effect": {"target": {"as": "t", "type": "follower", "controller": "you"},
                         "do": [{"modify": {"what": "t", "atk": 3, "until": "end_of_turn"}}]}}]
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"field": [{"card": "Test Squire", "id": "w"}, {"card": "Test Goblin", "id": "g"}],
                         "hand": ["Pump", "Test Bolt", "Test Bolt", "Test Bolt", "Test Bolt", "Test Insight",
                                  "Test Insight", "Test Insight", "Test Ogre"], "deck": 5, "pp": 0},
                  "p2": {"hand": ["Test Bolt"], "deck": 5, "pp": 1, "max_pp": 1}},
                 cards=cards,
                 do=[{"p1": "play Pump targeting w"}, {"p1": "end main phase"}])
    assert attr(r, "w", "atk") == 5
    assert options(r) == {"pass", "engage w", "engage Test Squire"}  # 7.4.3: Ward only
    step(r, "p1", "engage w")  # no other Ward follower: the choice ends
    assert attr(r, "w", "state") == "engaged"
    g = r.g
    assert g.pending.player == 1 and g.pending.kind == "quick"  # 7.4.5
    assert "play Test Bolt" in options(r)
    step(r, "p2", "play Test Bolt")
    step(r, "p2", "choose g")
    step(r, "p2", "pass")
    assert r.g.objects[r.current("g")].zone == "cemetery"
    assert g.pending.kind == "discard" and g.pending.player == 0  # 7.4.7: 8 cards, limit 7
    step(r, "p1", "discard Test Ogre")
    assert len(g.zone(0, "hand")) == 7
    assert g.active == 1 and g.turn == 4
    assert attr(r, "w", "atk") == 2  # 7.4.8: "until the end of the turn" ended


@pytest.mark.rules("sve", "5.27.1", "5.25.2", "5.25.2.1")
def test_extra_and_skipped_turns() -> None:
    cards = [{"name": "Time Warp", "type": "spell", "class": "neutral", "cost": 0, "text": "",
              "effect": {"do": [{"extra_turn": "you"}]}},
             {"name": "Stasis", "type": "spell", "class": "neutral", "cost": 0, "text": "",
              "effect": {"do": [{"skip_turn": "enemy"}, {"skip_turn": "enemy"}]}}]
    r = scenario({"turn": 3, "active": "p1", "at": "main", "p1": {"hand": ["Time Warp"], "deck": 5},
                  "p2": {"deck": 5}}, cards=cards,
                 do=[{"p1": "play Time Warp"}, "pass until main end", "pass until end end"])
    assert r.g.active == 0 and r.g.turn == 4
    r = scenario({"turn": 3, "active": "p1", "at": "main", "p1": {"hand": ["Stasis"], "deck": 5},
                  "p2": {"deck": 5}}, cards=cards,
                 do=[{"p1": "play Stasis"}, "pass until main end", "pass until end end"])
    assert r.g.active == 0 and r.g.turn == 4  # p2's turn skipped once
    step(r, "p1", "end main phase")
    while r.g.active == 0:
        step(r, r.g.pending and f"p{r.g.pending.player + 1}", "pass")
    assert r.g.active == 1


@pytest.mark.rules("sve", "7.3.3", "7.3.4")
def test_main_phase_actions() -> None:
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"hand": ["Test Goblin", "Test Ogre"], "field": [{"card": "Test Goblin", "id": "a"}],
                         "pp": 2, "max_pp": 2, "deck": 3},
                  "p2": {"deck": 3}})
    assert options(r) >= {"play Test Goblin", "attack a -> p2", "end main phase"}
    assert "play Test Ogre" not in options(r)  # 5 play points: cannot be paid (8.1.2)
    step(r, "p1", "play Test Goblin")
    assert r.g.players[0]["pp"] == 1 and r.g.pending.kind == "main"
