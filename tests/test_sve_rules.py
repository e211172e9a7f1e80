"""Confirmation Timing (10.5), automatic abilities (10.7), replacement effects (10.10), final card
information (10.11) and rules handling (11)."""

from __future__ import annotations

import pytest

from sve_util import attr, follower, options, scenario, setup, spell, step


def log(r) -> list[str]:
    return [ln if isinstance(ln, str) else ln[1] for ln in r.g.log]


WIPE = spell("Wipe", effect={"do": [{"destroy": {"what": {"type": "follower"}}}]})


def lw(name: str, text: str, do: list) -> dict:
    return follower(name, 1, 1, 1, abilities=[{"auto": {"on": "last_words", "do": do}, "keyword": "last_words",
                                               "text": text}])


@pytest.mark.rules("sve", "10.5.1", "10.5.2", "10.5.2.1", "10.5.2.2", "10.5.2.3", "10.5.2.4", "10.7.1", "10.7.2",
                   "12.5.1", "12.5.3", "10.7.4.1.2")
def test_active_player_plays_pending_abilities_first() -> None:
    cards = [WIPE, lw("Mine", "LW mine", [{"leader_def": 1}]), lw("Theirs", "LW theirs", [{"leader_def": 1}])]
    r = scenario(setup({"hand": ["Wipe"], "field": ["Mine"]}, {"field": ["Theirs"]}), cards=cards,
                 do=[{"p1": "play Wipe"}])
    lines = log(r)
    mine = next(i for i, x in enumerate(lines) if "p1's leader gets 1" in x)
    theirs = next(i for i, x in enumerate(lines) if "p2's leader gets 1" in x)
    assert mine < theirs
    assert r.g.players[0]["leader_def"] == 21 and r.g.players[1]["leader_def"] == 21


@pytest.mark.rules("sve", "11.1.1", "11.1.2", "11.1.3", "11.3.1")
def test_rules_handling_waits_for_confirmation_timing() -> None:
    cards = [spell("Hit And Check", effect={
        "target": {"as": "t", "type": "follower", "controller": "enemy"},
        "do": [{"deal": {"what": "t", "n": 5}},
               {"if": {"cond": {"exists": {"type": "follower", "controller": "enemy"}}, "then": [{"draw": 1}]}}]})]
    r = scenario(setup({"hand": ["Hit And Check"]}, {"field": [{"card": "Test Goblin", "id": "t"}]}), cards=cards,
                 do=[{"p1": "play Hit And Check targeting t"}])
    assert len(r.g.zone(0, "hand")) == 1  # still on the field (defense -3) during the resolution
    assert r.g.objects[r.current("t")].zone == "cemetery"


@pytest.mark.rules("sve", "11.4.1", "11.5.1", "4.4.4", "4.8.3")
def test_field_and_ex_area_limits() -> None:
    cards = [spell("Cramp", effect={"do": [{"player_effect": {"player": "enemy",
                                                               "flags": {"field_limit": -2, "ex_area_limit": -4}}}]})]
    r = scenario(setup({"hand": ["Cramp"]},
                       {"field": [{"card": c, "id": f"g{i}"} for i, c in enumerate(
                           ["Test Goblin", "Test Squire", "Test Ogre", "Test Charger", "Test Healer"])],
                        "ex_area": ["Fairy", "Fairy"]}), cards=cards,
                 do=[{"p1": "play Cramp"}])
    g = r.g
    assert g.pending.player == 1 and g.pending.kind == "select"
    for sid in ("g4", "g0", "g2"):
        step(r, "p2", f"choose {sid}")
    assert len(g.zone(1, "field")) == 3 and len(g.zone(1, "ex_area")) == 1
    assert {r.names.get(x) for x in g.zone(1, "field")} == {"g4", "g0", "g2"}
    assert len(g.zone(1, "cemetery")) == 2  # the Fairy token ceased to exist (9.1.4.3)


@pytest.mark.rules("sve", "11.6.1", "5.15.3", "4.6.3")
def test_evolved_card_returns_faceup() -> None:
    r = scenario(setup({"hand": ["Wipe"], "field": [{"card": "Test Goblin", "id": "a", "evolved": True}]}),
                 cards=[WIPE], do=[{"p1": "play Wipe"}])
    g = r.g
    ev = g.zone(0, "evolve_deck")
    assert len(ev) == 1 and g.objects[ev[0]].face_up and not g.zone(0, "evolve_zone")
    from tcgjudge.games.sve.procedures.costs import corresponding_cards

    g2 = scenario(setup({"field": [{"card": "Test Goblin", "id": "b"}]})).g
    assert corresponding_cards(g2, 0, g2.zone(0, "field")[0]) == []
    r3 = scenario(setup({"field": [{"card": "Test Goblin", "id": "b"}],
                         "evolve_deck": [{"card": "Test Goblin (Evolved)", "face": "up"}]}))
    assert "evolve b" not in options(r3)  # a faceup card is not part of the evolve deck


@pytest.mark.rules("sve", "11.6.2")
def test_only_the_latest_evolution_stays_linked() -> None:
    cards = [spell("Double Evolve", effect={"target": {"as": "t", "type": "follower", "controller": "you"},
                                            "do": [{"evolve": "t"}, {"evolve": "t"}]})]
    r = scenario(setup({"hand": ["Double Evolve"], "field": [{"card": "Test Goblin", "id": "a"}],
                        "evolve_deck": ["Test Goblin (Evolved)", "Test Goblin (Evolved)"]}), cards=cards,
                 do=[{"p1": "play Double Evolve targeting a"}])
    g = r.g
    assert len(g.zone(0, "evolve_zone")) == 1 and attr(r, "a", "evolved")
    assert [g.objects[x].face_up for x in g.zone(0, "evolve_deck")] == [True]


@pytest.mark.rules("sve", "11.9.1", "3.2.4.2")
def test_play_points_above_the_maximum() -> None:
    cards = [spell("Shrink", effect={"do": [{"add_player": {"key": "max_pp", "n": -3}}]})]
    r = scenario(setup({"hand": ["Shrink"], "pp": 5, "max_pp": 5}), cards=cards, do=[{"p1": "play Shrink"}])
    assert r.g.players[0]["max_pp"] == 2 and r.g.players[0]["pp"] == 2


@pytest.mark.rules("sve", "10.7.2.2")
def test_once_per_turn_automatic_ability() -> None:
    cards = [follower("Herald", 1, 1, 3, abilities=[
        {"auto": {"on": "other_follower_enters", "per_turn": 1, "do": [{"draw": 1}]}, "text": "once: draw"}]),
        spell("Two Knights", effect={"do": [{"token": {"card": "Knight", "n": 2}}]})]
    r = scenario(setup({"hand": ["Two Knights", "Test Goblin"], "field": ["Herald"]}), cards=cards,
                 do=[{"p1": "play Two Knights"}])
    while r.g.pending.kind == "order_triggers":
        step(r, "p1", sorted(options(r))[0])
    assert len(r.g.zone(0, "hand")) == 2  # Test Goblin + one draw
    step(r, "p1", "play Test Goblin")
    assert len(r.g.zone(0, "hand")) == 1  # no second draw this turn


@pytest.mark.rules("sve", "10.7.4", "10.7.4.2", "10.7.4.1.2", "10.11.1")
def test_zone_shift_triggers_look_back() -> None:
    cards = [WIPE, follower("Mourner", 1, 1, 1, abilities=[
        {"auto": {"on": {"named": "ally_destroyed", "subject": {"type": "follower", "other": True}},
                  "do": [{"leader_def": 1}]}, "text": "whenever another ally dies"}]),
        follower("Big Last", 1, 2, 2, abilities=[
            {"auto": {"on": "last_words", "do": [{"leader_def": {"n": {"prop": ["self", "atk"]}}}]}, "text": "LW atk"}]),
        spell("Pump All", effect={"do": [{"modify": {"what": {"type": "follower", "controller": "you"}, "atk": 3}}]})]
    r = scenario(setup({"hand": ["Pump All", "Wipe"], "field": ["Mourner", "Big Last"], "leader_def": 10}),
                 cards=cards, do=[{"p1": "play Pump All"}, {"p1": "play Wipe"}])
    while r.g.pending.kind == "order_triggers":
        step(r, "p1", sorted(options(r))[0])
    # Mourner left at the same time and still saw Big Last go (+1); Last Words reads its attack on the field (5)
    assert r.g.players[0]["leader_def"] == 16


@pytest.mark.rules("sve", "4.1.4", "4.1.4.1", "10.7.7")
def test_last_words_this_card_is_the_card_in_the_cemetery() -> None:
    cards = [WIPE, follower("Phoenix", 1, 1, 1, abilities=[
        {"auto": {"on": "last_words", "do": [{"summon": "self"}]}, "text": "LW: summon this card"}])]
    r = scenario(setup({"hand": ["Wipe"], "field": [{"card": "Phoenix", "id": "p"}]}), cards=cards,
                 do=[{"p1": "play Wipe"}])
    assert r.g.objects[r.current("p")].zone == "field"


@pytest.mark.rules("sve", "10.7.5", "10.7.5.1", "10.12.1.3")
def test_delayed_trigger() -> None:
    cards = [spell("Later", effect={"do": [{"delayed": {"on": "start_of_end", "do": [{"draw": 1}]}}]})]
    r = scenario(setup({"hand": ["Later"]}), cards=cards, do=[{"p1": "play Later"}, {"p1": "end main phase"}])
    assert len(r.g.zone(0, "hand")) == 1
    assert not r.g.delayed


@pytest.mark.rules("sve", "10.7.6", "10.7.6.1")
def test_state_trigger() -> None:
    cards = [follower("Empty Hand", 1, 1, 3, abilities=[
        {"auto": {"on": {"state": {"count": {"of": {"zone": "hand", "player": "you"}, "max": 0}}},
                  "do": [{"draw": 1}]}, "text": "When you have no cards in hand, draw a card."}])]
    r = scenario(setup({"hand": ["Test Goblin"], "field": ["Empty Hand"], "deck": 5}), cards=cards,
                 do=[{"p1": "play Test Goblin"}])
    assert len(r.g.zone(0, "hand")) == 1 and len(r.g.zone(0, "deck")) == 4


@pytest.mark.rules("sve", "15.2.1.3")
def test_unstoppable_perpetual_cycle_is_a_draw() -> None:
    cards = [follower("Looper", 1, 1, 3, abilities=[
        {"auto": {"on": {"state": {"true": True}}, "do": [{"leader_def": 0}]}, "text": "forever"}])]
    scenario(setup({"field": ["Looper"]}), cards=cards, expect={"winner": "draw"})


@pytest.mark.rules("sve", "10.10.1", "10.10.1.1", "10.2.1.3", "10.2.1.3.1")
def test_replacement_ability_on_a_move() -> None:
    cards = [WIPE, follower("Phantom", 1, 1, 1, abilities=[
        {"replacement": {"replace": {"event": "move", "subject": "self", "to": "cemetery", "cause": "destroy"},
                         "instead": [{"banish": "self"}]}, "text": "If this card would be destroyed, banish it instead."}])]
    r = scenario(setup({"hand": ["Wipe"], "field": [{"card": "Phantom", "id": "p"}]}), cards=cards,
                 do=[{"p1": "play Wipe"}])
    assert r.g.objects[r.current("p")].zone == "banished"


@pytest.mark.rules("sve", "5.13.2", "10.2.1.3.2", "10.10.2", "10.12.2", "10.12.2.3", "5.13.3", "5.13.3.3")
def test_damage_modification() -> None:
    cards = [{"name": "Bulwark", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
              "abilities": [{"static": {"damage_mod": {"n": -1, "to": {"zone": "leader", "controller": "you"}}}}]},
             {"name": "Amplifier", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
              "abilities": [{"static": {"damage_mod": {"n": 1, "kind": "ability",
                                                       "by": {"controller": "you", "zone": ["field", "resolution"]}}}}]},
             spell("Shield", effect={"target": {"as": "t", "type": "follower", "controller": "you"},
                                     "do": [{"damage_mod": {"to": "t", "prevent": True, "until": "end_of_turn"}}]})]
    r = scenario(setup({"field": [{"card": "Test Ogre", "id": "a"}]}, {"field": ["Bulwark"]}), cards=cards,
                 do=[{"p1": "attack a -> p2"}, {"p2": "pass"}])
    assert r.g.players[1]["leader_def"] == 16  # 5 - 1
    r = scenario(setup({"hand": ["Test Bolt"], "field": ["Amplifier"]}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 cards=cards, do=[{"p1": "play Test Bolt targeting o"}])
    assert attr(r, "o", "damage") == 3
    r = scenario(setup({"hand": ["Shield"], "field": [{"card": "Test Goblin", "id": "g"}]},
                       {"hand": ["Test Bolt"], "pp": 1, "max_pp": 1}), cards=cards,
                 do=[{"p1": "play Shield targeting g"}, {"p1": "attack g -> p2"}, {"p2": "play Test Bolt targeting g"}])
    assert attr(r, "g", "damage") == 0


@pytest.mark.rules("sve", "10.10.2", "1.3.2.2")
def test_order_of_damage_replacements_is_the_affected_players() -> None:
    cards = [{"name": "Minus Three", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
              "abilities": [{"static": {"damage_mod": {"n": -3, "to": {"type": "follower", "controller": "you"}}}}]},
             {"name": "Plus Two", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
              "abilities": [{"static": {"damage_mod": {"n": 2, "to": {"type": "follower"}}}}]}]
    r = scenario(setup({"hand": ["Test Bolt"], "field": ["Plus Two"]},
                       {"field": [{"card": "Test Ogre", "id": "o"}, "Minus Three"]}), cards=cards,
                 do=[{"p1": "play Test Bolt targeting o"}])
    assert r.g.pending.player == 1 and options(r) == {"choose 0", "choose 1"}
    step(r, "p2", "choose 0")
    assert attr(r, "o", "damage") == 0


@pytest.mark.rules("sve", "15.2.1", "15.2.1.2")
def test_an_action_that_changes_nothing_may_not_be_repeated() -> None:
    cards = [follower("Idler", 1, 1, 1, abilities=[{"activated": {"do": [{"nothing": "idle"}]}, "text": "Idle."}]),
             follower("Counter", 1, 1, 1, abilities=[{"activated": {"do": [{"leader_def": 1}]}, "text": "+1."}])]
    r = scenario(setup({"field": [{"card": "Idler", "id": "i"}, {"card": "Counter", "id": "c"}]}), cards=cards,
                 do=[{"p1": "activate i"}])
    assert "activate i" not in options(r) and "activate c" in options(r)
    step(r, "p1", "activate c")  # the state changed: the idle action is allowed again
    assert "activate i" in options(r)


@pytest.mark.rules("sve", "4.1.3", "4.1.3.1")
def test_deck_positions() -> None:
    cards = [spell("Tuck", effect={"target": {"as": "t", "type": "follower"},
                                   "do": [{"to_deck": {"what": "t", "pos": "top_or_bottom"}}]}),
             spell("Third", effect={"target": {"as": "t", "type": "follower"},
                                    "do": [{"to_deck": {"what": "t", "pos": "3"}}]})]
    r = scenario(setup({"hand": ["Tuck"]}, {"field": [{"card": "Test Ogre", "id": "o"}], "deck": 4}), cards=cards,
                 do=[{"p1": "play Tuck targeting o"}])
    assert r.g.pending.player == 1 and options(r) == {"choose top", "choose bottom"}  # the card's controller
    step(r, "p2", "choose bottom")
    assert r.g.objects[r.g.zone(1, "deck")[0]].card.key == "Test Ogre"
    r = scenario(setup({"hand": ["Third"]}, {"field": [{"card": "Test Ogre", "id": "o"}], "deck": 1}), cards=cards,
                 do=[{"p1": "play Third targeting o"}])
    assert r.g.objects[r.g.zone(1, "deck")[0]].card.key == "Test Ogre"  # too few cards: the bottom


@pytest.mark.rules("sve", "4.1.5", "4.1.5.1")
def test_order_of_cards_put_into_a_deck_together() -> None:
    cards = [spell("Recycle", effect={"do": [{"to_deck": {"what": {"zone": "hand", "player": "you"},
                                                          "pos": "bottom"}}]})]
    r = scenario(setup({"hand": ["Recycle", "Test Ogre", "Test Goblin", "Test Bolt"], "deck": 2}), cards=cards,
                 do=[{"p1": "play Recycle"}])
    assert r.g.pending.kind == "order" and options(r) >= {"choose Test Ogre", "choose Test Goblin"}
    step(r, "p1", "choose Test Bolt")
    step(r, "p1", "choose Test Ogre")
    deck = [r.g.objects[x].card.key for x in r.g.zone(0, "deck")]
    assert deck[:3] == ["Test Goblin", "Test Ogre", "Test Bolt"]  # each one put under the ones before


@pytest.mark.rules("sve", "1.2.3")
def test_concede() -> None:
    from sve_util import PKG

    r = scenario(setup({}))
    PKG.concede(r.g, 0)
    assert r.g.result == 1 and r.g.pending is None
