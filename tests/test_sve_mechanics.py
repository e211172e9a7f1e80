"""Class mechanics (13), universe mechanics (14), special card types (9), double-faced cards (2.14)
and the key notations of section 5."""

from __future__ import annotations

import pytest

from sve_util import attr, follower, options, scenario, setup, spell, step


def amulet(name: str, cost: int = 1, **kw) -> dict:
    return {"name": name, "type": "amulet", "class": kw.pop("cls", "neutral"), "cost": cost,
            "text": kw.pop("text", ""), **kw}


# --------------------------------------------------------------------------- classes
@pytest.mark.rules("sve", "13.2.1.1", "13.2.1.2", "13.2.1.3")
def test_combo() -> None:
    r = scenario(setup({"hand": ["Test Insight", "Fairy Caller", "Combo Elf"], "deck": 5, "pp": 9, "max_pp": 9}),
                 do=[{"p1": "play Combo Elf"}])
    assert len(r.g.zone(0, "hand")) == 2  # 1 card played: no draw
    r = scenario(setup({"hand": ["Test Insight", "Combo Elf"], "ex_area": ["Fairy"], "deck": 5, "pp": 9,
                        "max_pp": 9}),
                 do=[{"p1": "play Test Insight"}, {"p1": "play Fairy"}, {"p1": "play Combo Elf"}])
    assert len(r.g.zone(0, "hand")) == 2  # Insight's draw + Combo (3)'s draw; the token counted


@pytest.mark.rules("sve", "13.3.1.1", "13.3.1.2", "13.3.1.3", "13.3.1.4")
def test_spellchain_counts_when_resolution_begins() -> None:
    cards = [spell("Chain", effect={"do": [
        {"move": {"what": {"zone": "hand", "player": "you", "name": "Test Bolt"}, "to": "cemetery"}},
        {"if": {"cond": {"spellchain": 2}, "then": [{"leader_def": 5}]}}]})]
    r = scenario(setup({"hand": ["Chain", "Test Bolt"], "cemetery": ["Test Insight"], "leader_def": 10}),
                 cards=cards, do=[{"p1": "play Chain"}])
    assert r.g.players[0]["leader_def"] == 10  # 1 spell when it began; the Bolt moved later does not count
    r = scenario(setup({"hand": ["Chain"], "cemetery": ["Test Insight", "Test Bolt"], "leader_def": 10}),
                 cards=cards, do=[{"p1": "play Chain"}])
    assert r.g.players[0]["leader_def"] == 15


@pytest.mark.rules("sve", "13.5.1.1", "13.5.1.2", "13.5.1.3.1", "13.5.1.3.2", "13.4.1.1", "13.4.1.2",
                   "13.5.2.1", "13.5.2.2")
def test_necrocharge_overflow_sanguine() -> None:
    cards = [spell("Grave Call", effect={"do": [{"if": {"cond": {"necrocharge": 3}, "then": [{"draw": 1}]}}]}),
             spell("Flood", effect={"do": [{"if": {"cond": {"overflow": True}, "then": [{"draw": 1}]}}]}),
             spell("Blood Price", effect={"do": [{"leader_def": -1},
                                                 {"if": {"cond": {"sanguine": True}, "then": [{"draw": 1}]}}]}),
             spell("Thirst", effect={"do": [{"if": {"cond": {"sanguine": True}, "then": [{"draw": 1}]}}]})]
    r = scenario(setup({"hand": ["Grave Call"], "cemetery": 2}), cards=cards, do=[{"p1": "play Grave Call"}])
    assert len(r.g.zone(0, "hand")) == 0  # itself is in the resolution zone (13.5.1.3.1)
    r = scenario(setup({"hand": ["Grave Call"], "cemetery": 3}), cards=cards, do=[{"p1": "play Grave Call"}])
    assert len(r.g.zone(0, "hand")) == 1
    r = scenario(setup({"hand": ["Flood"], "max_pp": 6}), cards=cards, do=[{"p1": "play Flood"}])
    assert len(r.g.zone(0, "hand")) == 0
    r = scenario(setup({"hand": ["Flood"], "max_pp": 7, "pp": 7}), cards=cards, do=[{"p1": "play Flood"}])
    assert len(r.g.zone(0, "hand")) == 1
    r = scenario(setup({"hand": ["Thirst", "Blood Price"]}), cards=cards,
                 do=[{"p1": "play Thirst"}, {"p1": "play Blood Price"}])
    assert [r.g.objects[x].card.key for x in r.g.zone(0, "hand")] == ["Filler"]  # only Blood Price drew


STACK = amulet("Sigil", 1, keywords=["stack"])


@pytest.mark.rules("sve", "13.3.2.1", "13.3.2.2", "13.3.2.3", "13.3.2.4", "11.7.1")
def test_stack() -> None:
    cards = [STACK, spell("Feed", effect={"do": [{"add_stack": 2}]}),
             spell("Smash", effect={"do": [{"destroy": {"what": {"type": "amulet"}}}]})]
    r = scenario(setup({"hand": ["Sigil", "Feed", "Smash"]}), cards=cards,
                 do=[{"p1": "play Sigil"}])
    sig = r.g.zone(0, "field")[0]
    assert r.g.objects[sig].counter("stack") == 1
    step(r, "p1", "play Feed")
    assert r.g.objects[sig].counter("stack") == 3
    step(r, "p1", "play Smash")
    assert r.g.objects[sig].zone == "field" and r.g.objects[sig].counter("stack") == 2  # removed one instead
    r = scenario(setup({"field": [{"card": "Sigil", "id": "s", "counters": {"stack": 1}},
                                  {"card": "Sigil", "id": "t", "counters": {"stack": 1}}]}), cards=cards,
                 do=[{"p1": "activate s"}, {"p1": "choose t"}])
    # all of s's counters moved to t; s has none left and goes to the cemetery (11.7.1)
    assert r.g.objects[r.current("s")].zone == "cemetery" and attr(r, "t", "counters") == {"stack": 2}


@pytest.mark.rules("sve", "13.3.3.1", "13.3.3.2", "13.3.3.2.1", "10.4.7.1", "10.6.2.2.1")
def test_earth_rite() -> None:
    cards = [STACK, spell("Rite", effect={"cost": [{"earth_rite": 1}],
                                         "do": [{"draw": 1}, {"if": {"cond": {"paid": "earth_rite"},
                                                                      "then": [{"leader_def": 3}]}}]})]
    r = scenario(setup({"hand": ["Rite"], "field": [{"card": "Sigil", "id": "s", "counters": {"stack": 1}}],
                        "leader_def": 10}), cards=cards, do=[{"p1": "play Rite"}])
    assert options(r) == {"pass", "earth rite s", "earth rite Sigil"}
    step(r, "p1", "earth rite s")
    assert r.g.players[0]["leader_def"] == 13
    assert r.g.objects[r.current("s")].zone == "cemetery"  # its last counter was removed
    r = scenario(setup({"hand": ["Rite"], "leader_def": 10}), cards=cards, do=[{"p1": "play Rite"}])
    assert r.g.players[0]["leader_def"] == 10 and len(r.g.zone(0, "hand")) == 1  # no Stack amulet: not paid


# ------------------------------------------------------------------------- universes
@pytest.mark.rules("sve", "14.2.1.1", "14.2.1.2", "14.2.1.2.1", "14.2.2.1", "14.2.2.3", "14.2.2.4",
                   "14.2.2.5", "14.2.3.1", "14.2.4.1", "14.2.4.2", "11.8.1", "4.13.1")
def test_umamusume_serve_and_race() -> None:
    carrot = {"name": "Carrot", "type": "amulet", "class": "neutral", "cost": 0, "text": ""}
    runner = follower("Runner", 2, 2, 2, universe="umamusume", abilities=[
        {"activated": {"cost": [{"serve": 1}, {"pp": 1}], "do": [{"race": "self"}], "equivalent": "evolve"},
         "text": "Serve [1]: race this follower"},
        {"auto": {"on": "on_race", "do": [{"draw": 1}]}, "keyword": "on_race", "text": "On Race: draw a card"}])
    r = scenario(setup({"field": [{"card": "Runner", "id": "r", "summoned_this_turn": True}],
                        "evolve_deck": ["Carrot", "Carrot"], "pp": 0, "ep": 1, "hand": 0},
                       {"field": [{"card": "Test Ogre", "id": "o", "state": "engaged"}]}),
                 cards=[carrot, runner], do=[{"p1": "activate r"}])
    g = r.g
    assert g.players[0]["ep"] == 0  # an evolution point paid the play point (14.2.2.4)
    assert len(g.zone(0, "race_zone")) == 1 and attr(r, "r", "raced") == 1
    assert len(g.zone(0, "hand")) == 1  # On Race
    assert "attack r -> o" in options(r) and "attack r -> p2" not in options(r)  # Rush while linked
    assert not any(x.startswith("activate r") for x in options(r))  # equivalent to evolve: once a turn


@pytest.mark.rules("sve", "14.3.1.1", "14.3.1.2", "14.3.2.1")
def test_cinderella_magical_items_and_lesson() -> None:
    from sve_util import PKG
    from tcgjudge.games.sve import new_game, rules
    from tcgjudge.games.sve.deck import Deck

    b = rules().builder
    leader = b.card({"name": "Idol Leader", "type": "leader", "class": "neutral", "universe": "cinderella_girls",
                     "script": {}}, "t")
    cards = [b.card({"name": f"Idol {i}", "type": "follower", "class": "neutral", "universe": "cinderella_girls",
                     "cost": 1, "atk": 1, "def": 1, "script": {}}, "t") for i in range(14)]
    idol = Deck("idol", leader=[leader], main=[c for c in cards for _ in range(3)][:40])
    g = new_game(idol, PKG.load_deck("forest-test"), seed=3, first=0, auto=True)
    assert [g.objects[x].card.key for x in g.zone(0, "ex_area")] == ["Magical Item"] * 5
    assert len(g.zone(1, "ex_area")) == 0
    lesson = spell("Practice", effect={"cost": [{"lesson": 2}], "do": [{"draw": 1}]})
    r = scenario(setup({"hand": ["Practice"], "ex_area": ["Magical Item"]}), cards=[lesson])
    assert "play Practice" not in options(r)
    r = scenario(setup({"hand": ["Practice"], "ex_area": ["Magical Item"] * 3}), cards=[lesson],
                 do=[{"p1": "play Practice"}])
    assert len(r.g.zone(0, "ex_area")) == 1 and len(r.g.zone(0, "hand")) == 1


VG = {"universe": "vanguard"}


@pytest.mark.rules("sve", "14.4.5.1", "14.4.5.1.1", "14.4.5.1.2", "14.4.5.1.3", "14.4.5.1.3.1",
                   "14.4.5.1.3.2", "14.4.5.1.3.4", "14.4.5.1.4", "14.4.5.1.5", "14.4.6.1", "14.4.6.2", "14.4.6.3",
                   "14.4.1.1", "4.15.1")
def test_drive_checks() -> None:
    striker = follower("Driver", 1, 2, 5, keywords=["twin_drive"], **VG)
    crit = follower("Crit Card", 1, 1, 1, trigger="critical", **VG)
    heal = follower("Heal Card", 1, 1, 1, trigger="heal", **VG)
    r = scenario(setup({"field": [{"card": "Driver", "id": "d"}], "deck": ["Crit Card", "Heal Card", "Filler"],
                        "universe": "vanguard", "leader_def": 10}),
                 cards=[striker, crit, heal], do=[{"p1": "attack d -> p2"}])
    assert r.g.pending.kind == "trigger" and options(r) >= {"choose d", "pass"}
    step(r, "p1", "choose d")  # critical: +2 attack
    step(r, "p1", "resolve heal trigger")
    g = r.g
    assert attr(r, "d", "atk") == 4 and g.players[0]["leader_def"] == 13
    assert sorted(g.objects[x].card.key for x in g.zone(0, "cemetery")) == ["Crit Card", "Heal Card"]
    step(r, "p2", "pass")
    assert g.players[1]["leader_def"] == 16
    # a deck not based on the universe puts the card back at the bottom without a trigger (14.4.5.1.2)
    r = scenario(setup({"field": [{"card": "Driver", "id": "d"}], "deck": ["Crit Card", "Filler"]}),
                 cards=[striker, crit, heal], do=[{"p1": "attack d -> p2"}])
    assert r.g.pending.kind == "quick" and len(r.g.zone(0, "deck")) == 2 and not r.g.zone(0, "cemetery")
    # a Draw Trigger: the player draws a card (14.4.5.1.3.2); the trigger card goes to the cemetery
    draw = follower("Draw Card", 1, 1, 1, trigger="draw", **VG)
    r = scenario(setup({"field": [{"card": "Driver", "id": "d"}], "hand": 0,
                        "deck": ["Draw Card", {"card": "Filler", "id": "f1"}, {"card": "Filler", "id": "f2"}],
                        "universe": "vanguard"}),
                 cards=[striker, draw], do=[{"p1": "attack d -> p2"}])
    assert r.g.pending.kind == "trigger" and options(r) == {"pass", "resolve draw trigger"}
    step(r, "p1", "resolve draw trigger")
    g = r.g
    assert [g.objects[x].card.key for x in g.zone(0, "hand")] == ["Filler"] and r.current("f1") in g.zone(0, "hand")
    assert [g.objects[x].card.key for x in g.zone(0, "cemetery")] == ["Draw Card"]


@pytest.mark.rules("sve", "14.4.7.1", "14.4.7.2", "14.4.7.3", "14.4.7.3.1", "14.4.7.3.2", "14.4.8.1", "14.4.8.2",
                   "14.4.9.1", "14.4.9.2", "14.4.9.3", "14.4.9.4", "14.4.9.5", "11.10.1", "4.14.1")
def test_ride_and_drive() -> None:
    dp = {"name": "Drive Point", "type": "amulet", "class": "neutral", "cost": 0, "text": ""}
    rider = follower("Rider", 2, 2, 2, keywords=[{"ride": 1}], abilities=[
        {"auto": {"on": "on_drive", "do": [{"draw": 1}]}, "keyword": "on_drive", "text": "On Drive: draw"}], **VG)
    r = scenario(setup({"field": [{"card": "Rider", "id": "r", "summoned_this_turn": True}],
                        "evolve_deck": ["Drive Point", "Drive Point"], "hand": 0},
                       {"field": [{"card": "Test Ogre", "id": "o", "state": "engaged"}]}),
                 cards=[dp, rider], do=[{"p1": "activate r"}])
    g = r.g
    assert len(g.zone(0, "drive_zone")) == 1 and len(g.zone(0, "hand")) == 1
    assert {"drive", "single_drive", "rush"} <= set(attr(r, "r", "keywords"))
    assert "attack r -> o" in options(r)
    assert not any(x.startswith("activate r") for x in options(r))
    spell_kill = spell("Kill", effect={"do": [{"destroy": {"what": {"type": "follower", "controller": "you"}}}]})
    r = scenario(setup({"field": [{"card": "Rider", "id": "r"}], "evolve_deck": ["Drive Point"], "hand": ["Kill"]}),
                 cards=[dp, rider, spell_kill], do=[{"p1": "activate r"}, {"p1": "play Kill"}])
    g = r.g
    assert not g.zone(0, "drive_zone") and g.objects[g.zone(0, "evolve_deck")[0]].face_up


@pytest.mark.rules("sve", "14.4.3.1", "14.4.3.2", "14.4.4.1")
def test_starting_amulet_at_the_start_of_the_game() -> None:
    from sve_util import PKG
    from tcgjudge.games.sve import new_game, rules
    from tcgjudge.games.sve.deck import Deck

    b = rules().builder
    leader = b.card({"name": "VG Leader", "type": "leader", "class": "dragoncraft", "universe": "vanguard",
                     "script": {}}, "t")
    start = b.card({"name": "VG Start", "type": "amulet", "class": "dragoncraft", "universe": "vanguard", "cost": 0,
                    "keywords": ["starting_amulet"]}, "t")
    cards = [b.card({"name": f"VG {i}", "type": "follower", "class": "dragoncraft", "universe": "vanguard",
                     "cost": 1, "atk": 1, "def": 1, "script": {}}, "t") for i in range(13)]
    deck = Deck("vg", leader=[leader], main=[c for c in cards for _ in range(3)] + [start], basis="universe")
    g = new_game(deck, PKG.load_deck("forest-test"), seed=3, first=0)
    field = g.zone(0, "field")
    assert [g.objects[x].card.key for x in field] == ["VG Start"] and not g.objects[field[0]].face_up
    assert len(g.zone(0, "deck")) == 35  # 40, less the amulet, less the 4 drawn
    g.decide("keep hand")
    g.decide("keep hand")
    assert g.objects[g.zone(0, "field")[0]].face_up


# ------------------------------------------------------------- special card types
@pytest.mark.rules("sve", "9.2.1", "9.2.2")
def test_advanced_cards_return_to_the_evolve_deck() -> None:
    adv = follower("Ascended", 0, 3, 3, special="advanced")
    cards = [adv, spell("Call", effect={"do": [{"summon": {"what": {"zone": "evolve_deck", "player": "you",
                                                                      "name": "Ascended"}}}]}),
             spell("Kill", effect={"do": [{"destroy": {"what": {"type": "follower"}}}]})]
    r = scenario(setup({"hand": ["Call", "Kill"], "evolve_deck": ["Ascended"]}), cards=cards,
                 do=[{"p1": "play Call"}])
    g = r.g
    assert [g.objects[x].card.key for x in g.zone(0, "field")] == ["Ascended"]
    step(r, "p1", "play Kill")
    assert g.objects[g.zone(0, "evolve_deck")[0]].face_up
    assert [g.objects[x].card.key for x in g.zone(0, "cemetery")] == ["Call", "Kill"]


@pytest.mark.rules("sve", "9.1.1", "9.1.2", "9.1.2.1", "9.1.2.2", "9.1.3", "9.1.4.1", "9.1.4.2", "9.1.4.3",
                   "5.4.2", "5.4.2.1", "4.4.4.2")
def test_tokens() -> None:
    cards = [spell("Swarm", effect={"do": [{"token": {"card": "Fairy", "n": 4, "overflow": "ex_area"}}]}),
             spell("Bounce", effect={"do": [{"return": {"what": {"type": "follower"}}}]})]
    r = scenario(setup({"hand": ["Swarm", "Bounce"], "field": ["Test Goblin", "Test Goblin"]}), cards=cards,
                 do=[{"p1": "play Swarm"}])
    g = r.g
    assert len(g.zone(0, "field")) == 5 and len(g.zone(0, "ex_area")) == 1
    step(r, "p1", "play Bounce")
    assert [g.objects[x].card.key for x in g.zone(0, "hand")] == ["Test Goblin", "Test Goblin"]


@pytest.mark.rules("sve", "2.14.1", "2.14.2", "2.14.2.1", "2.14.3", "2.14.3.1", "6.1.1.4.1", "4.6.4")
def test_double_faced_cards() -> None:
    two = follower("Two Face", 2, 1, 1, back={"name": "Other Face", "type": "follower", "atk": 4, "def": 4,
                                                "keywords": ["storm"], "text": "Storm."})
    cards = [two, spell("Turn", effect={"target": {"as": "t", "type": "follower", "controller": "you"},
                                        "do": [{"flip": "t"}]})]
    r = scenario(setup({"hand": ["Two Face", "Turn"]}), cards=cards, do=[{"p1": "play Two Face"}])
    g = r.g
    fid = g.zone(0, "field")[0]
    assert g.chars(fid)["name"] == "Two Face" and g.chars(fid)["atk"] == 1
    step(r, "p1", "play Turn targeting Two Face")
    assert g.chars(fid)["name"] == "Other Face" and g.chars(fid)["atk"] == 4
    assert "attack Two Face -> p2" in options(r)  # the back face's Storm (labels name the card)
    r = scenario(setup({"field": [{"card": "Two Face", "id": "x", "side": "back"}]}), cards=cards)
    assert attr(r, "x", "name") == "Other Face"
    r = scenario(setup({"cemetery": [{"card": "Two Face", "id": "x"}]}), cards=cards)
    assert attr(r, "x", "name") == "Two Face"  # front face outside the field (2.14.2.1)


# ---------------------------------------------------------------- key notations
@pytest.mark.rules("sve", "5.16.1", "5.12.1", "5.12.2", "5.31.1", "5.31.1.1", "5.30.1", "5.30.2", "5.30.2.1",
                   "5.24.1", "5.24.2", "5.24.2.1")
def test_notations_that_change_cards() -> None:
    cards = [spell("Turn To Fairy", effect={"target": {"as": "t", "type": "follower", "controller": "enemy"},
                                            "do": [{"transform": {"what": "t", "into": "Fairy"}}]}),
             amulet("Car", 2, atk=3, **{"def": 3}),
             spell("Drive", effect={"do": [{"maneuver": {"what": {"type": "amulet", "controller": "you"}}}]}),
             spell("Box It", effect={"target": {"as": "t", "type": "follower"},
                                     "do": [{"box": "t"}, {"grant": {"what": "t", "keywords": ["rush"]}}]})]
    r = scenario(setup({"hand": ["Turn To Fairy"]}, {"field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play Turn To Fairy targeting o"}])
    g = r.g
    assert g.objects[r.current("o")].zone == "banished"
    assert [g.objects[x].card.key for x in g.zone(1, "field")] == ["Fairy"]
    r = scenario(setup({"hand": ["Drive"], "field": [{"card": "Car", "id": "c"}]}), cards=cards,
                 do=[{"p1": "play Drive"}])
    assert attr(r, "c", "type") == "follower" and attr(r, "c", "atk") == 3
    r = scenario(setup({"hand": ["Box It"], "field": [{"card": "Test Squire", "id": "s"}]}), cards=cards,
                 do=[{"p1": "play Box It targeting s"}])
    assert attr(r, "s", "keywords") == ["rush"] and attr(r, "s", "boxed") is True


@pytest.mark.rules("sve", "5.21.1", "5.21.2", "5.21.3", "5.21.4", "10.7.4.3", "5.22.1", "1.2.4")
def test_control_and_winning() -> None:
    cards = [spell("Steal", effect={"target": {"as": "t", "type": "follower", "controller": "enemy"},
                                    "do": [{"gain_control": "t"}]}),
             spell("Win", effect={"do": [{"win": "you"}]})]
    r = scenario(setup({"hand": ["Steal"]}, {"field": [{"card": "Test Healer", "id": "h", "damage": 1}]}),
                 cards=cards, do=[{"p1": "play Steal targeting h"}])
    g = r.g
    assert attr(r, "h", "controller") == "p1" and attr(r, "h", "owner") == "p2" and attr(r, "h", "damage") == 1
    assert g.players[0]["leader_def"] == 20  # no Fanfare: it was not put onto the field
    assert "attack h -> p2" not in options(r)  # it has not been on p1's field since the turn began
    scenario(setup({"hand": ["Win"]}), cards=cards, do=[{"p1": "play Win"}], expect={"winner": "p1"})


@pytest.mark.rules("sve", "5.7.1", "5.7.1.2", "5.7.2", "5.9.3", "5.10.2", "5.14.1", "5.14.1.1", "5.18.1",
                   "5.19.1", "5.33.1", "5.33.1.1", "5.29.1", "5.28.1", "5.32.1")
def test_notations_about_cards_and_numbers() -> None:
    cards = [spell("Tutor", effect={"do": [{"search": {"filter": {"name": "Test Ogre"}}}]}),
             spell("Maybe Draw", effect={"do": [{"draw": {"n": 3, "up_to": True}}]}),
             spell("Refill", effect={"do": [{"recover_pp": 9}]}),
             spell("Sacrifice", effect={"do": [{"bury": {"n": 1, "filter": {"type": "follower"}}}]}),
             spell("Half", effect={"do": [{"leader_def": {"n": {"half": 5}}}]}),
             spell("Every", effect={"do": [{"leader_def": {"n": {"div": [{"count": {"zone": "cemetery",
                                                                                     "player": "you"}}, 5]}}}]})]
    r = scenario(setup({"hand": ["Tutor"], "deck": ["Test Goblin", "Test Ogre", "Test Bolt"]}), cards=cards,
                 do=[{"p1": "play Tutor"}, {"p1": "choose Test Ogre"}])
    assert [r.g.objects[x].card.key for x in r.g.zone(0, "hand")] == ["Test Ogre"]
    r = scenario(setup({"hand": ["Maybe Draw"]}), cards=cards, do=[{"p1": "play Maybe Draw"}, {"p1": "draw"},
                                                                     {"p1": "done"}])
    assert len(r.g.zone(0, "hand")) == 1
    r = scenario(setup({"hand": ["Refill"], "pp": 2, "max_pp": 6}), cards=cards, do=[{"p1": "play Refill"}])
    assert r.g.players[0]["pp"] == 6
    r = scenario(setup({"hand": ["Sacrifice"], "field": [{"card": "Test Ghoul", "id": "a"}, "Test Ogre"]}),
                 cards=cards, do=[{"p1": "play Sacrifice"}, {"p1": "choose a"}])
    assert r.g.objects[r.current("a")].zone == "cemetery" and len(r.g.zone(0, "hand")) == 1  # Last Words
    r = scenario(setup({"hand": ["Half"], "leader_def": 10}), cards=cards, do=[{"p1": "play Half"}])
    assert r.g.players[0]["leader_def"] == 13
    r = scenario(setup({"hand": ["Every"], "cemetery": 12, "leader_def": 10}), cards=cards, do=[{"p1": "play Every"}])
    assert r.g.players[0]["leader_def"] == 12


@pytest.mark.rules("sve", "5.12.1", "5.24.1", "5.24.3", "5.32.1", "5.32.1.1", "5.19.1", "5.18.1", "5.10.2",
                   "5.10.2.1", "5.10.2.2", "5.10.2.3", "5.10.2.4", "5.20.1", "5.20.1.1")
def test_more_notations() -> None:
    cards = [spell("Swap", effect={"target": {"as": "t", "type": "follower", "controller": "you"},
                                   "do": [{"swap": {"a": "t", "b": {"zone": "hand", "player": "you",
                                                                    "name": "Test Ogre"}}}]}),
             spell("Amuletize", effect={"target": {"as": "t", "type": "follower"},
                                        "do": [{"change_type": {"what": "t", "to": "amulet"}}]}),
             spell("Name It", effect={"do": [{"declare": "named"},
                                             {"destroy": {"what": {"named_as": "named", "type": "follower"}}}]}),
             spell("Dice", effect={"do": [{"roll_die": "die"}, {"leader_def": {"n": "die"}}]}),
             spell("Lottery", effect={"do": [{"select_random": {"from": {"type": "follower", "controller": "enemy"},
                                                                "as": "x"}},
                                             {"destroy": "x"}]}),
             spell("Peek", effect={"do": [{"look_up_to": {"n": 3, "as": "seen"}}]}),
             spell("Show", effect={"do": [{"reveal": {"what": {"zone": "hand", "player": "you", "name": "Test Ogre"}}},
                                          {"draw": 1}]})]
    r = scenario(setup({"hand": ["Swap", "Test Ogre"], "field": [{"card": "Test Goblin", "id": "g"}]}),
                 cards=cards, do=[{"p1": "play Swap targeting g"}])
    g = r.g
    assert [g.objects[x].card.key for x in g.zone(0, "field")] == ["Test Ogre"]
    assert [g.objects[x].card.key for x in g.zone(0, "hand")] == ["Test Goblin"]
    r = scenario(setup({"hand": ["Amuletize"]}, {"field": [{"card": "Test Ogre", "id": "o", "state": "engaged"}]}),
                 cards=cards, do=[{"p1": "play Amuletize targeting o"}])
    assert attr(r, "o", "type") == "amulet"
    r = scenario(setup({"hand": ["Name It"]}, {"field": [{"card": "Test Ogre", "id": "o"}, "Test Goblin"]}),
                 cards=cards, do=[{"p1": "play Name It"}])
    assert "choose Test Ogre" in options(r) and "choose Fairy" in options(r)  # cards and tokens
    step(r, "p1", "choose Test Ogre")
    assert r.g.objects[r.current("o")].zone == "cemetery" and len(r.g.zone(1, "field")) == 1
    r = scenario(setup({"hand": ["Dice"], "leader_def": 10}, seed=7), cards=cards, do=[{"p1": "play Dice"}])
    assert 11 <= r.g.players[0]["leader_def"] <= 16
    rolls = {scenario(setup({"hand": ["Dice"], "leader_def": 10}, seed=s), cards=cards,
                      do=[{"p1": "play Dice"}]).g.players[0]["leader_def"] for s in range(30)}
    assert len(rolls) > 2  # it is random
    r = scenario(setup({"hand": ["Lottery"]}, {"field": ["Test Ogre", "Test Goblin"]}), cards=cards,
                 do=[{"p1": "play Lottery"}])
    assert len(r.g.zone(1, "field")) == 1
    r = scenario(setup({"hand": ["Peek"], "deck": ["Test Ogre", "Test Goblin", "Test Bolt", "Test Squire"]}),
                 cards=cards, do=[{"p1": "play Peek"}, {"p1": "look"}, {"p1": "look"}, {"p1": "done"}])
    seen = [x for x in r.g.zone(0, "deck") if r.g.rules.can_see(r.g, r.g.objects[x], 0)]
    assert sorted(r.g.objects[x].card.key for x in seen) == ["Test Goblin", "Test Ogre"]
    assert not any(r.g.rules.can_see(r.g, r.g.objects[x], 1) for x in r.g.zone(0, "deck"))
    r = scenario(setup({"hand": ["Show", "Test Ogre"]}), cards=cards, do=[{"p1": "play Show"}])
    ogre = next(x for x in r.g.zone(0, "hand") if r.g.objects[x].card.key == "Test Ogre")
    assert not r.g.rules.can_see(r.g, r.g.objects[ogre], 1)  # unrevealed once the effect resolved


@pytest.mark.rules("sve", "10.9.1", "10.9.1.1", "10.9.1.2", "10.9.1.3", "10.9.1.4", "10.9.1.6", "10.9.2",
                   "10.9.3", "10.1.1.3", "10.3.5")
def test_persistent_effects_order() -> None:
    cards = [follower("Proud", 2, 2, 2, abilities=[{"static": {"modify": {"atk": 2}}, "text": "+2 attack"}]),
             spell("Box Proud", effect={"target": {"as": "t", "type": "follower"}, "do": [{"box": "t"}]}),
             spell("Set Two", effect={"target": {"as": "t", "type": "follower"},
                                      "do": [{"set_stats": {"what": "t", "atk": 1}}, {"modify": {"what": "t", "atk": 3}}]}),
             spell("All Up", effect={"do": [{"modify": {"what": {"type": "follower", "controller": "you"},
                                                       "atk": 1}}]})]
    r = scenario(setup({"hand": ["Box Proud"], "field": [{"card": "Proud", "id": "p"}]}), cards=cards)
    assert attr(r, "p", "atk") == 4  # its own passive ability
    step(r, "p1", "play Box Proud targeting p")
    assert attr(r, "p", "atk") == 2  # abilities are lost before numbers are applied (10.9.1.2)
    r = scenario(setup({"hand": ["Set Two"], "field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play Set Two targeting o"}])
    assert attr(r, "o", "atk") == 4  # in the order they were made (10.9.1.6)
    r = scenario(setup({"hand": ["All Up", "Test Goblin"], "field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play All Up"}, {"p1": "play Test Goblin"}])
    g = r.g
    new = [x for x in g.zone(0, "field") if g.objects[x].card.key == "Test Goblin"][0]
    assert attr(r, "o", "atk") == 6 and g.chars(new)["atk"] == 1  # 10.9.2: not the card that came later
