"""SVE game preparation (6.2) and deck construction (6.1.1, 14.4.2, Appendix B)."""

from __future__ import annotations

import pytest

from sve_util import PKG, options, scenario
from tcgjudge.games.sve import new_game, rules
from tcgjudge.games.sve.deck import Deck, DeckError, check_deck


def card(key: str):
    return PKG.pool()[key]


def built(entry: dict):
    return rules().builder.card(entry, "test")


def forest_deck() -> Deck:
    return PKG.load_deck("forest-test")


@pytest.mark.rules("sve", "6.2.1.6", "6.2.1.7", "6.2.1.8", "6.2.1.9", "6.2.1.10", "6.2.1.11", "6.2.1.13",
                   "7.2.1", "7.2.2", "7.2.4.1", "3.2.5")
def test_preparation_redraw_and_first_turn() -> None:
    a, b = forest_deck(), PKG.load_deck("sword-test")
    g = new_game(a, b, seed=4)
    d = g.pending
    assert d.kind == "first" and set(d.labels) == {"go first", "go second"}
    chooser = d.player
    g.decide("go second")  # the randomly picked player chose to go second
    first = 1 - chooser
    assert g.pending.kind == "redraw" and g.pending.player == first
    assert len(g.zone(0, "hand")) == 4 and len(g.zone(1, "hand")) == 4
    old_hand = set(g.objects[x].card.key for x in g.zone(first, "hand"))
    deck_before = len(g.zone(first, "deck"))
    g.decide("redraw")
    while g.pending.kind == "redraw_order":
        g.decide(0)
    assert g.pending.kind == "redraw" and g.pending.player == 1 - first
    assert len(g.zone(first, "hand")) == 4 and len(g.zone(first, "deck")) == deck_before
    bottom = [g.objects[x].card.key for x in g.zone(first, "deck")[:4]]
    assert sorted(bottom) == sorted(old_hand) or set(bottom) <= old_hand
    g.decide("keep hand")
    # turn 1: the first player's start phase: 1 play point, no draw (7.2.4.1)
    assert g.turn == 1 and g.active == first and g.phase == "main"
    assert g.players[first]["max_pp"] == 1 and g.players[first]["pp"] == 1
    assert len(g.zone(first, "hand")) == 4
    assert g.players[first]["ep"] == 0 and g.players[1 - first]["ep"] == 3
    assert g.players[0]["leader_def"] == 20 and g.players[1]["leader_def"] == 20
    g.decide("end main phase")
    while g.active == first:
        g.decide("pass" if "pass" in g.pending.labels else 0)
    assert len(g.zone(1 - first, "hand")) == 5  # the second player draws on their first turn


@pytest.mark.rules("sve", "6.2.1.7", "6.2.1.8")
def test_redraw_is_once_and_keep_is_offered() -> None:
    r = scenario({"at": "preparation", "first_player": "p2",
                  # SPEC: `preparation` is before the opening draw (6.2.1.7): the top four are drawn
                  "p1": {"deck": ["Test Goblin", "Test Squire", "Test Bolt", "Test Ogre"] + ["Filler"] * 10},
                  "p2": {"deck": 14}},
                 do=[{"p2": "keep hand"}])
    assert options(r) == {"redraw", "keep hand"} and r.g.pending.player == 0
    from sve_util import step

    step(r, "p1", "redraw")
    step(r, "p1", "choose Test Bolt")
    while r.g.pending.kind == "redraw_order":
        step(r, "p1", sorted(options(r))[0])
    g = r.g
    assert g.turn == 1 and g.active == 1
    deck = g.zone(0, "deck")
    # each card chosen goes under the ones before it: the first chosen is the 4th from the bottom
    assert g.objects[deck[3]].card.key == "Test Bolt"


@pytest.mark.rules("sve", "6.1.1.1", "6.1.1.2", "6.1.1.3", "6.1.1.4", "6.1.1.5.1")
def test_deck_construction_errors() -> None:
    d = forest_deck()
    assert check_deck(d) == []
    bad = Deck("bad", leader=[], main=d.main[:39] + [card("Test Goblin (Evolved)")],
               evolve=d.evolve + [card("Test Bolt")] * 4)
    errs = check_deck(bad)
    text = "\n".join(errs)
    assert "6.1.1.1" in text
    assert "6.1.1.2: Test Goblin (Evolved) is an evolved card" in text
    assert "6.1.1.3: Test Bolt is not an evolved or advanced card" in text
    assert "6.1.1.3: the evolve deck has 0 to 10 cards; it has 12" in text
    assert "6.1.1.4: at most 3 copies of Test Bolt in the evolve deck; it has 4" in text
    four = Deck("four", leader=d.leader, main=d.main[:36] + [card("Test Bolt")] * 4, evolve=d.evolve)
    assert any(e.startswith("6.1.1.4: at most 3 copies of Test Bolt in the main deck") for e in check_deck(four))
    short = Deck("short", leader=d.leader, main=d.main[:39], evolve=d.evolve)
    assert check_deck(short) == ["6.1.1.2: the main deck has 40 to 50 cards; it has 39"]
    wrong = Deck("class", leader=[card("Sword Leader")], main=d.main, evolve=d.evolve)
    assert any("6.1.1.5.1: Fairy Caller is forestcraft, not swordcraft or neutral" in e for e in check_deck(wrong))
    with pytest.raises(DeckError, match="not legal"):
        new_game(short, d)


@pytest.mark.rules("sve", "6.1.1.5.2", "14.4.2.1.1", "14.4.2.1.2", "14.4.4.1.1")
def test_universe_decks() -> None:
    leader = built({"name": "Uni Leader", "type": "leader", "class": "dragoncraft", "universe": "vanguard"})
    mk = [built({"name": f"VG {i}", "type": "follower", "class": "dragoncraft", "universe": "vanguard", "cost": 1,
                 "atk": 1, "def": 1}) for i in range(14)]
    amulet = built({"name": "VG Start", "type": "amulet", "class": "dragoncraft", "universe": "vanguard", "cost": 0,
                    "keywords": ["starting_amulet"]})
    other_start = built({"name": "VG Start 2", "type": "amulet", "class": "dragoncraft", "universe": "vanguard",
                         "cost": 0, "keywords": ["starting_amulet"]})
    trig = built({"name": "VG Trigger", "type": "follower", "class": "swordcraft", "universe": "vanguard", "cost": 1,
                  "atk": 1, "def": 1, "trigger": "critical"})
    main = [c for c in mk for _ in range(3)][:38]
    ok = Deck("vg", leader=[leader], main=main + [amulet, amulet], basis="universe")
    assert check_deck(ok) == []
    no_start = Deck("vg", leader=[leader], main=main + [mk[0], mk[1]], basis="universe")
    assert any(e.startswith("14.4.2.1.1") for e in check_deck(no_start))
    two = Deck("vg", leader=[leader], main=main + [amulet, other_start], basis="universe")
    assert any(e.startswith("14.4.4.1.1") for e in check_deck(two))
    tr = Deck("vg", leader=[leader], main=main + [amulet, trig], basis="universe")
    assert any(e.startswith("14.4.2.1.2") for e in check_deck(tr))
    nouni = Deck("vg", leader=[leader], main=main + [amulet, card("Test Goblin")], basis="universe")
    assert any(e.startswith("6.1.1.5.2: Test Goblin is not from the vanguard universe") for e in check_deck(nouni))


@pytest.mark.rules("sve", "6.2.1.3")
def test_basis_is_declared_for_a_leader_with_class_and_universe() -> None:
    leader = built({"name": "Both Leader", "type": "leader", "class": "forestcraft", "universe": "umamusume"})
    d = forest_deck()
    both = Deck("both", leader=[leader], main=d.main, evolve=d.evolve)
    assert check_deck(both) == []  # legal as a class deck
    g = new_game(both, PKG.load_deck("sword-test"), seed=1, first=0)
    assert g.pending.kind != "basis" and g.players[0]["basis"] == "class"  # legal only as a class deck
    uma = [built({"name": f"Uma {i}", "type": "follower", "class": "forestcraft", "universe": "umamusume",
                  "cost": 1, "atk": 1, "def": 1, "script": {}}) for i in range(14)]
    either = Deck("either", leader=[leader], main=[c for c in uma for _ in range(3)][:40])
    g = new_game(either, PKG.load_deck("sword-test"), seed=1, first=0)
    assert g.pending.kind == "basis" and g.pending.player == 0
    assert set(g.pending.labels) == {"choose class", "choose universe"}
    g.decide("choose universe")
    assert g.players[0]["basis"] == "universe" and g.players[0]["universe"] == "umamusume"


@pytest.mark.rules("sve", "B-1:6.1.1.2", "B-1:6.1.1.3", "B-1:6.2.1", "B-2:6.1.1.1", "B-2:6.1.1.5.1")
def test_sealed_and_cross_craft_formats() -> None:
    d = forest_deck()
    s = PKG.load_deck("sword-test")
    sealed = Deck("sealed", leader=[], main=d.main[:20] + s.main[:10] + [card("Test Bolt")] * 5, evolve=d.evolve,
                  format="sealed")
    assert check_deck(sealed) == []
    tiny = Deck("tiny", leader=[], main=d.main[:29], format="sealed")
    assert check_deck(tiny) == ["B-1 6.1.1.3: a Sealed main deck has at least 30 cards; it has 29"]
    forest = [c for c in d.main if c.chars["class"] == "forestcraft"]
    sword = [c for c in s.main if c.chars["class"] == "swordcraft"]
    neutral = [c for c in d.main if c.chars["class"] == "neutral"][:40 - len(forest) - len(sword)]
    cross = Deck("cross", leader=[card("Forest Leader"), card("Sword Leader")], main=forest + sword + neutral,
                 evolve=d.evolve[:3] + s.evolve[-3:], format="cross_craft")
    assert check_deck(cross) == []
    same = Deck("cross", leader=[card("Forest Leader"), card("Forest Leader")], main=d.main, format="cross_craft")
    assert any("different classes" in e for e in check_deck(same))
    rune = built({"name": "Rune Card", "type": "spell", "class": "runecraft", "cost": 1})
    three = Deck("cross", leader=[card("Forest Leader"), card("Sword Leader")], main=d.main[:39] + [rune],
                 format="cross_craft")
    assert any(e.startswith("B-2 6.1.1.5.1: Rune Card is runecraft") for e in check_deck(three))
    g = new_game(sealed, sealed, seed=2, first=0, auto=True)
    assert g.gvars["format"] == "sealed"
    assert g.chars(g.zone(0, "leader")[0])["name"] == "Leader"  # B-1 6.1.1.2: no leader card needed
    gc = new_game(cross, cross, seed=2, first=0, auto=True)
    top = gc.objects[gc.zone(0, "leader")[0]]
    assert len(top.under or ()) == 1


def test_unknown_card_and_format_are_precise_errors(tmp_path) -> None:
    p = tmp_path / "d.yaml"
    p.write_text("name: x\ngame: sve\nleader: Forest Leader\nmain: {Test Goblni: 3}\n")
    with pytest.raises(DeckError, match=r"main: unknown card 'Test Goblni' \(did you mean"):
        PKG.load_deck(str(p))
    p.write_text("name: x\ngame: sve\nformat: draft\nleader: Forest Leader\n")
    with pytest.raises(DeckError, match="format: unknown 'draft'"):
        PKG.load_deck(str(p))
