"""Finer points of SVE play: selections, repeated triggers, control, the Stand trigger, the start of
the game, and the Quick window's repetition."""

from __future__ import annotations

import pytest

from sve_util import PKG, attr, follower, options, scenario, setup, spell, step


@pytest.mark.rules("sve", "10.6.2.3.1", "10.6.2.3.2", "5.17.2.1", "5.17.2.3")
def test_how_many_targets_and_options() -> None:
    cards = [spell("Two Shots", effect={"target": {"as": "t", "n": 2, "filter": {"type": "follower",
                                                                               "controller": "enemy"}},
                                        "do": [{"deal": {"what": "t", "n": 1}}]}),
             spell("Menu", effect={"choose": {"n": 5, "up_to": True, "modes": [
                 {"text": "draw", "do": [{"draw": 1}]}, {"text": "heal", "do": [{"leader_def": 2}]}]}})]
    r = scenario(setup({"hand": ["Two Shots"]}, {"field": [{"card": "Test Ogre", "id": "a"},
                                                           {"card": "Test Squire", "id": "b"}]}), cards=cards,
                 do=[{"p1": "play Two Shots"}, {"p1": "choose a"}])
    assert options(r) == {"choose b", "choose Test Squire"}  # no "done": as many as it can (10.6.2.3.1)
    step(r, "p1", "choose b")
    assert attr(r, "a", "damage") == 1 and attr(r, "b", "damage") == 1
    r = scenario(setup({"hand": ["Menu"], "leader_def": 10}), cards=cards,
                 do=[{"p1": "play Menu"}, {"p1": "choose heal"}])
    assert options(r) == {"choose draw", "done"}  # up to 5 of 2 options: 1 or 2 (5.17.2.1, 5.17.2.3)
    step(r, "p1", "done")
    assert r.g.players[0]["leader_def"] == 12 and len(r.g.zone(0, "hand")) == 0


@pytest.mark.rules("sve", "10.7.2.1", "10.7.3", "10.7.3.1")
def test_a_trigger_met_twice_is_pending_twice() -> None:
    cards = [follower("Wolf", 1, 1, 1, abilities=[
        {"auto": {"on": "other_follower_enters", "do": [{"modify": {"what": "self", "atk": 1, "def": 1}}]},
         "text": "Whenever another follower is put onto your field, give this follower +1/+1."}]),
        spell("Two Knights", effect={"do": [{"token": {"card": "Knight", "n": 2}}]})]
    r = scenario(setup({"hand": ["Two Knights"], "field": [{"card": "Wolf", "id": "w"}]}), cards=cards,
                 do=[{"p1": "play Two Knights"}])
    while r.g.pending.kind == "order_triggers":
        step(r, "p1", sorted(options(r))[0])
    assert attr(r, "w", "atk") == 3 and attr(r, "w", "def") == 3


@pytest.mark.rules("sve", "5.21.5")
def test_a_stolen_card_goes_to_its_owners_cemetery() -> None:
    cards = [spell("Steal", effect={"target": {"as": "t", "type": "follower", "controller": "enemy"},
                                    "do": [{"gain_control": "t"}, {"destroy": "t"}]})]
    r = scenario(setup({"hand": ["Steal"]}, {"field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play Steal targeting o"}])
    assert r.g.objects[r.current("o")].zone == "cemetery" and r.g.objects[r.current("o")].zp == 1


@pytest.mark.rules("sve", "14.4.5.1.3.3")
def test_stand_trigger() -> None:
    cards = [follower("Driver", 1, 2, 5, keywords=["single_drive"], universe="vanguard"),
             follower("Stand Card", 1, 1, 1, trigger="stand", universe="vanguard")]
    r = scenario(setup({"field": [{"card": "Driver", "id": "d"}, {"card": "Test Goblin", "id": "g", "state": "engaged"}],
                        "deck": ["Stand Card", "Filler"], "universe": "vanguard"}), cards=cards,
                 do=[{"p1": "attack d -> p2"}, {"p1": "choose g"}, {"p2": "pass"}])
    assert attr(r, "g", "state") == "reserved"
    assert not any(x.startswith("attack g -> p2") for x in options(r))  # not the leader this turn
    assert attr(r, "g", "flags") == ["cannot_attack_leader"]


@pytest.mark.rules("sve", "5.30.3.1")
def test_a_boxed_card_can_be_refreshed_by_an_effect() -> None:
    cards = [spell("Wake", effect={"target": {"as": "t", "type": "follower"}, "do": [{"refresh": "t"}]})]
    r = scenario(setup({"hand": ["Wake"], "field": [{"card": "Test Ogre", "id": "o", "state": "engaged",
                                                      "boxed": True}]}),
                 cards=cards, do=[{"p1": "play Wake targeting o"}])
    assert attr(r, "o", "state") == "reserved"


@pytest.mark.rules("sve", "6.2.1.12")
def test_abilities_after_the_redraw() -> None:
    from tcgjudge.games.sve import new_game, rules
    from tcgjudge.games.sve.deck import Deck

    b = rules().builder
    opener = b.card({"name": "Opener", "type": "spell", "class": "neutral", "cost": 1, "text": "",
                     "abilities": [{"auto": {"on": "game_start", "do": [{"leader_def": 1}]}, "zones": ["deck", "hand"],
                                    "text": "After the redraw at the start of the game, give your leader +1."}]},
                    "t")
    d = PKG.load_deck("forest-test")
    deck = Deck("o", leader=d.leader, main=d.main[:39] + [opener], evolve=d.evolve)
    g = new_game(deck, PKG.load_deck("sword-test"), seed=5, first=0, auto=True)
    g.decide("keep hand")
    g.decide("keep hand")
    assert g.players[0]["leader_def"] == 21 and g.turn == 1


@pytest.mark.rules("sve", "7.4.6", "12.3.2.1")
def test_quick_window_repeats() -> None:
    r = scenario(setup({}, {"hand": ["Test Insight", "Test Insight"], "pp": 2, "max_pp": 2, "deck": 5}),
                 do=[{"p1": "end main phase"}, {"p2": "play Test Insight"}])
    assert r.g.pending.kind == "quick" and "play Test Insight" in options(r)
    step(r, "p2", "play Test Insight")
    step(r, "p2", "pass")
    assert r.g.active == 1 and len(r.g.zone(1, "hand")) == 3  # two drawn, then the turn's draw


@pytest.mark.rules("sve", "10.4.7.3", "10.6.2.2.1")
def test_optional_additional_cost_when_playing() -> None:
    cards = [spell("Boost Bolt", effect={
        "cost": [{"may_pay": {"as": "boost", "cost": [{"pp": 2}]}}],
        "target": {"as": "t", "type": "follower", "controller": "enemy"},
        "do": [{"deal": {"what": "t", "n": 1}}, {"if": {"cond": {"paid": "boost"},
                                                         "then": [{"deal": {"what": "t", "n": 2}}]}}]})]
    r = scenario(setup({"hand": ["Boost Bolt"], "pp": 3}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 cards=cards, do=[{"p1": "play Boost Bolt targeting o"}])
    assert options(r) == {"pay", "pass"}
    step(r, "p1", "pay")
    assert attr(r, "o", "damage") == 3 and r.g.players[0]["pp"] == 1
    r = scenario(setup({"hand": ["Boost Bolt"], "pp": 3}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 cards=cards, do=[{"p1": "play Boost Bolt targeting o"}, {"p1": "pass"}])
    assert attr(r, "o", "damage") == 1 and r.g.players[0]["pp"] == 3


@pytest.mark.rules("sve", "B-1:8.5.1", "B-1:8.5.1.1")
def test_sealed_granting_rush() -> None:
    r = scenario(setup({"field": [{"card": "Test Ogre", "id": "o", "summoned_this_turn": True},
                                  {"card": "Test Goblin", "id": "g"}],
                        "evolve_deck": ["Test Goblin (Evolved)", "Test Ogre (Evolved)"], "pp": 0, "ep": 1},
                       {"field": [{"card": "Test Squire", "id": "s", "state": "engaged"}]}, format="sealed"))
    assert "grant rush o" in options(r)
    step(r, "p1", "grant rush o")
    g = r.g
    assert g.players[0]["ep"] == 0  # an evolution point in lieu of the play point (8.5.1.1)
    assert sum(1 for x in g.zone(0, "evolve_deck") if g.objects[x].face_up) == 1
    assert "attack o -> s" in options(r)
    assert "grant rush g" not in options(r) and "evolve g" not in options(r)  # once, and no evolving after
    r = scenario(setup({"field": [{"card": "Test Ogre", "id": "o"}], "evolve_deck": ["Test Ogre (Evolved)"]}))
    assert not any(x.startswith("grant rush") for x in options(r))  # only in Sealed


@pytest.mark.rules("sve", "5.4.3")
def test_played_from_the_hand_counts_as_put_onto_the_field_from_the_hand() -> None:
    cards = [follower("Watcher", 1, 1, 3, abilities=[
        {"auto": {"on": {"event": "move", "from": "hand", "to": "field", "player": "you",
                         "subject": {"type": "follower"}}, "do": [{"leader_def": 1}]},
         "text": "Whenever a follower is put onto your field from your hand, +1."}]),
        spell("Call Back", effect={"do": [{"summon": {"what": {"zone": "cemetery", "player": "you",
                                                                 "name": "Test Goblin"}}}]})]
    r = scenario(setup({"hand": ["Test Goblin", "Call Back"], "field": ["Watcher"], "cemetery": ["Test Goblin"],
                        "leader_def": 10}), cards=cards, do=[{"p1": "play Test Goblin"}])
    assert r.g.players[0]["leader_def"] == 11
    step(r, "p1", "play Call Back")
    assert r.g.players[0]["leader_def"] == 11  # from the cemetery: no


@pytest.mark.rules("sve", "10.6.2.5.3")
def test_playing_a_card_for_free() -> None:
    cards = [spell("Encore", effect={"do": [{"play_free": {"what": {"zone": "hand", "player": "you",
                                                                     "name": "Test Bolt"}}}]})]
    r = scenario(setup({"hand": ["Encore", "Test Bolt"], "pp": 0}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 cards=cards, do=[{"p1": "play Encore"}, {"p1": "choose o"}])
    assert attr(r, "o", "damage") == 2 and r.g.players[0]["pp"] == 0
    r = scenario(setup({"hand": ["Encore", "Test Bolt"], "pp": 0}), cards=cards, do=[{"p1": "play Encore"}])
    g = r.g  # no target: the free play is illegal and nothing happens; the Bolt stays in the hand
    assert [g.objects[x].card.key for x in g.zone(0, "hand")] == ["Test Bolt"] and g.pending.kind == "main"


@pytest.mark.rules("sve", "10.6.2.5.1", "10.6.2.5.1.2")
def test_alternate_cost() -> None:
    cards = [spell("Tribute Blast", 5, effect={
        "alt_cost": [{"bury": {"n": 1, "filter": {"type": "follower"}}}],
        "target": {"as": "t", "type": "follower", "controller": "enemy"},
        "do": [{"deal": {"what": "t", "n": 4}}]})]
    r = scenario(setup({"hand": ["Tribute Blast"], "pp": 1, "field": [{"card": "Test Goblin", "id": "g"}]},
                       {"field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play Tribute Blast targeting o"}, {"p1": "bury g"}])
    assert attr(r, "o", "damage") == 4 and r.g.players[0]["pp"] == 1
    assert r.g.objects[r.current("g")].zone == "cemetery"
    r = scenario(setup({"hand": ["Tribute Blast"], "pp": 5, "field": [{"card": "Test Goblin", "id": "g"}]},
                       {"field": [{"card": "Test Ogre", "id": "o"}]}), cards=cards,
                 do=[{"p1": "play Tribute Blast targeting o"}])
    assert options(r) == {"pay the cost", "pay the alternate cost"}
    step(r, "p1", "pay the cost")
    assert r.g.players[0]["pp"] == 0 and r.g.objects[r.current("g")].zone == "field"
    r = scenario(setup({"hand": ["Tribute Blast"], "pp": 1}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 cards=cards)
    assert "play Tribute Blast" not in options(r)
