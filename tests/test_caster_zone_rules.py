"""Caster rules that a scenario cannot observe: what each player's view shows of the
zones (CR 302.2a, 307.2, 308.2, 310.2, 311.2, 312.2, 314.2, 1004.1, 1020.1a), shuffling
(1015) and conceding (103.4).

Positions are built with the scenario set-up (``build_scenario``) from cards defined
here, so the tests do not depend on the shipped pool.
"""

from __future__ import annotations

import pytest

from tcgjudge.cards.loader import load_yaml_text
from tcgjudge.games import registry
from tcgjudge.games.caster import rules as caster_rules
from tcgjudge.kernel.decisions import IllegalAction
from tcgjudge.kernel.view import view

PKG = registry.get("caster")

CARDS_YAML = """
- {name: Footman, type: servant, element: solis, cost: 1, atk: 1000, def: 1000}
- {name: Page, type: conjure, element: void, cost: 1}
- {name: Sage, type: caster, level: 1, element: terra}
- name: Bonded Knight
  type: servant
  additional_type: soul bond
  materials: "Footman♥Page"
  element: solis
  cost: 3
  atk: 2000
  def: 2000
- name: Bond Rite
  type: conjure
  element: void
  cost: 0
  effect: {do: [soul_bond]}
- name: Show Hand
  type: conjure
  element: void
  cost: 0
  effect: {do: [{reveal: {what: {zone: hand, player: you, name: Footman}}}]}
- name: Peek Deck
  type: conjure
  element: void
  cost: 0
  effect: {do: [{look: {n: 2}}]}
- name: Riffle
  type: conjure
  element: void
  cost: 0
  effect: {do: [shuffle]}
- name: Bounce Hand
  type: conjure
  element: void
  cost: 0
  effect: {do: [{to_deck: {what: {zone: hand, player: you, name: Footman}}}]}
"""


def cards() -> dict:
    b = caster_rules().builder
    out = {}
    for e in load_yaml_text(CARDS_YAML):
        c = b.card(e, "test_caster_zone_rules")
        out[c.key] = c
        out.setdefault(c.chars["name"], c)
    return out


def game(setup: dict):
    base = {"turn": 3, "active": "p1", "at": "main"}
    base.update(setup)
    return PKG.build_scenario(base, cards(), "test")


def zone_view(g, viewer: int, player: int, zone: str):
    return view(g, viewer)["players"][player]["zones"][zone]


def play(g, *labels: str) -> None:
    for lab in labels:
        g.decide(lab)


@pytest.mark.rules("caster", "302.2", "302.2a")
def test_every_player_sees_how_many_cards_each_zone_holds() -> None:
    g, _ = game({"p1": {"hand": 3, "deck": 9, "orbs": 4, "extra_deck": ["Bonded Knight"]},
                 "p2": {"hand": 5, "deck": 7, "orbs": 6}})
    for viewer in (0, 1):
        assert zone_view(g, viewer, 0, "deck") == {"count": 9}
        assert zone_view(g, viewer, 0, "orbs") == {"count": 4}
        assert zone_view(g, viewer, 1, "orbs") == {"count": 6}
    assert zone_view(g, 0, 1, "hand") == {"count": 5}
    assert zone_view(g, 1, 0, "hand") == {"count": 3}
    assert zone_view(g, 1, 0, "extra_deck") == {"count": 1}
    assert len(zone_view(g, 0, 0, "hand")) == 3  # the owner sees the cards themselves (CR 305.2)


@pytest.mark.rules("caster", "306.3", "307.2", "308.2", "310.2", "311.2", "314.2")
def test_public_zones_show_every_card_to_both_players() -> None:
    g, _ = game({"p2": {"field": ["Footman"], "casters": ["Sage Lv1"], "graveyard": ["Page", "Footman"],
                        "removed": ["Page"], "bingo": ["Page"]}})
    for zone, keys in (("field", ["Footman"]), ("casters", ["Sage Lv1"]), ("graveyard", ["Page", "Footman"]),
                       ("removed", ["Page"]), ("bingo", ["Page"])):
        for viewer in (0, 1):
            shown = zone_view(g, viewer, 1, zone)
            assert [x.get("card") for x in shown] == keys, (zone, viewer, shown)


@pytest.mark.rules("caster", "312.2")
def test_the_chase_zone_is_public_and_ordered() -> None:
    g, _ = game({"p1": {"hand": ["Riffle", "Peek Deck"], "deck": 3}})
    play(g, "play Riffle")
    shown = view(g, 1)["shared"]["chase"]
    assert [x["card"] for x in shown] == ["Riffle"]


@pytest.mark.rules("caster", "1004.1")
def test_a_revealed_card_is_public_until_it_moves() -> None:
    g, _ = game({"p1": {"hand": ["Show Hand", "Bounce Hand", "Footman", "Page"], "deck": 3}})
    play(g, "play Show Hand", "pass", "pass")
    known = zone_view(g, 1, 0, "hand")
    assert [x["card"] for x in known["known"]] == ["Footman"]  # p2 sees the revealed card only
    assert known["count"] == 3
    play(g, "play Bounce Hand", "pass", "pass")  # the revealed card moves to the deck: no longer revealed
    deck = zone_view(g, 1, 0, "deck")
    assert "known" not in deck and deck["count"] == 4
    assert "known" not in zone_view(g, 1, 0, "hand")


@pytest.mark.rules("caster", "1020.1a")
def test_soul_bond_materials_from_the_hand_become_public() -> None:
    g, _ = game({"p1": {"hand": ["Bond Rite", "Footman", "Page"], "extra_deck": ["Bonded Knight"]}})
    play(g, "play Bond Rite", "pass", "pass", "choose Bonded Knight", "enter recovered")
    knight = zone_view(g, 1, 0, "field")[0]
    assert knight["card"] == "Bonded Knight"
    assert sorted(x["card"] for x in knight["stacked"]) == ["Footman", "Page"]


@pytest.mark.rules("caster", "1015.1", "1015.1a")
def test_shuffling_randomizes_the_whole_deck() -> None:
    deck = [{"card": "Footman"}] * 4 + [{"card": "Page"}] * 4 + [{"card": "Sage Lv1"}] * 4
    before = None
    orders = set()
    for seed in range(8):
        g, _ = game({"seed": seed, "p1": {"hand": ["Riffle"], "deck": deck}})
        start = [g.objects[x].card.key for x in g.zone(0, "deck")]
        before = before or start
        assert start == before
        play(g, "play Riffle", "pass", "pass")
        after = [g.objects[x].card.key for x in g.zone(0, "deck")]
        assert sorted(after) == sorted(start)  # every card of the zone, nothing else
        orders.add(tuple(after))
    assert len(orders) > 1  # different seeds give different orders
    assert any(o != tuple(before) for o in orders)


@pytest.mark.rules("caster", "1015.2")
def test_what_a_player_saw_of_a_deck_is_forgotten_when_it_is_shuffled() -> None:
    g, _ = game({"p1": {"hand": ["Peek Deck", "Riffle"], "deck": ["Footman", "Page", "Sage Lv1"]}})
    play(g, "play Peek Deck", "pass", "pass")
    assert len(zone_view(g, 0, 0, "deck").get("known", [])) == 2  # p1 looked at the top two
    play(g, "play Riffle", "pass", "pass")
    assert "known" not in zone_view(g, 0, 0, "deck")


@pytest.mark.rules("caster", "103.4")
def test_a_player_may_concede_and_the_opponent_wins() -> None:
    g, _ = game({"p1": {"deck": 3}, "p2": {"deck": 3}})
    assert g.pending is not None and g.pending.player == 0
    g.concede(1)  # not the player with the pending decision: conceding needs no priority
    assert g.result == 0 and g.pending is None
    with pytest.raises(IllegalAction):
        g.concede(0)
    # no effect of the language can make a player concede
    assert "concede" not in caster_rules().vocab.ops
