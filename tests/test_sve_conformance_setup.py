"""SVE conformance: what a scenario cannot set up — the game preparation of a new game (6.2 with
the universe rules that act in it, 14.3.1.2, 14.4.3), conceding (1.2.3), declared perpetual
cycles (15.2.1.1), an evolve-zone card linked to two followers (11.6.3) and the card types the
card format accepts (2.3.2)."""

from __future__ import annotations

import pytest

from sve_util import PKG, scenario, step
from tcgjudge.cards.language import CardError
from tcgjudge.games.sve import links, new_game, rules
from tcgjudge.games.sve.deck import Deck
from tcgjudge.kernel.loops import perform_loop


def built(entry: dict):
    entry = dict(entry)
    entry.setdefault("text", "")
    return rules().builder.card(entry, "test")


def deck(name: str) -> Deck:
    return PKG.load_deck(name)


def universe_deck(universe: str, extra: list | None = None) -> Deck:
    leader = built({"name": f"{universe} Leader", "type": "leader", "class": "neutral", "universe": universe})
    cards = [built({"name": f"{universe} {i}", "type": "follower", "class": "neutral", "universe": universe,
                    "cost": 1, "atk": 1, "def": 1}) for i in range(14)]
    main = [c for c in cards for _ in range(3)][:40 - len(extra or [])] + list(extra or [])
    return Deck(universe, [leader], main, [], basis="universe")


@pytest.mark.rules("sve", "6.2.1", "6.2.1.2", "6.2.1.4", "6.2.1.5", "6.2.1.6", "6.2.1.7", "4.3.1", "4.5.1",
                   "4.6.1", "4.5.3")
def test_game_preparation() -> None:
    a, b = deck("forest-test"), deck("sword-test")
    choosers = set()
    for seed in range(12):
        g = new_game(a, b, seed=seed)
        d = g.pending
        assert d.kind == "first"  # 6.2.1.6: a randomly picked player decides who goes first
        choosers.add(d.player)
        for p, dk in ((0, a), (1, b)):
            assert [g.objects[x].card.key for x in g.zone(p, "leader")] == [dk.leader[0].key]  # 6.2.1.2
            assert len(g.zone(p, "evolve_deck")) == len(dk.evolve)  # 6.2.1.5
            assert all(not g.objects[x].face_up for x in g.zone(p, "evolve_deck"))
            assert len(g.zone(p, "deck")) == len(dk.main)  # 6.2.1.4 (no one has drawn yet)
            assert len(g.zone(p, "hand")) == 0
        order = [g.objects[x].card.key for x in g.zone(0, "deck")]
        assert order != [c.key for c in a.main] and order != [c.key for c in reversed(a.main)]  # shuffled
        g.decide("go first")
        first = d.player
        assert g.gvars["first"] == first and g.pending.kind == "redraw" and g.pending.player == first
        for p, dk in ((0, a), (1, b)):  # 6.2.1.7: four cards each
            assert len(g.zone(p, "hand")) == 4 and len(g.zone(p, "deck")) == len(dk.main) - 4
    assert choosers == {0, 1}


@pytest.mark.rules("sve", "6.2.1.3", "6.1.1.5")
def test_basis_declaration() -> None:
    leader = built({"name": "Twin Leader", "type": "leader", "class": "forestcraft", "universe": "umamusume"})
    cards = [built({"name": f"Twin {i}", "type": "follower", "class": "forestcraft", "universe": "umamusume",
                    "cost": 1, "atk": 1, "def": 1}) for i in range(14)]
    either = Deck("either", [leader], [c for c in cards for _ in range(3)][:40])
    g = new_game(either, deck("sword-test"), seed=1, first=0)
    assert g.pending.kind == "basis" and g.pending.player == 0
    g.decide("choose class")
    assert g.players[0]["basis"] == "class" and g.players[1]["basis"] == "class"


@pytest.mark.rules("sve", "14.3.1", "14.3.1.2")
def test_cinderella_decks_start_with_five_magical_items() -> None:
    g = new_game(universe_deck("cinderella_girls"), deck("sword-test"), seed=3)
    assert g.pending.kind == "first"  # before the first player is decided (6.2.1.6)
    assert [g.objects[x].card.key for x in g.zone(0, "ex_area")] == ["Magical Item"] * 5
    assert g.zone(1, "ex_area") == []


@pytest.mark.rules("sve", "14.4.3", "14.4.3.1", "14.4.3.2", "14.4.4.1")
def test_vanguard_starting_amulet() -> None:
    gate = PKG.pool()["Gate of the Vanguard"]
    vg = universe_deck("vanguard", [gate])
    vg.leader = [built({"name": "VG Leader", "type": "leader", "class": "swordcraft", "universe": "vanguard"})]
    g = new_game(vg, deck("sword-test"), seed=5, first=0)
    field = g.zone(0, "field")
    assert len(field) == 1 and g.objects[field[0]].card.key == "Gate of the Vanguard"
    assert not g.objects[field[0]].face_up  # facedown until the redraws are done
    assert "Gate of the Vanguard" not in [g.objects[x].card.key for x in g.zone(0, "deck")]
    assert len(g.zone(0, "deck")) + len(g.zone(0, "hand")) == 39
    g.decide("keep hand")
    g.decide("keep hand")
    assert g.objects[g.zone(0, "field")[0]].face_up  # 14.4.3.2
    assert g.turn == 1


@pytest.mark.rules("sve", "1.2.3", "1.2.3.1")
def test_concede() -> None:
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"field": [{"card": "Test Goblin", "id": "g"}], "deck": 5},
                  "p2": {"deck": 5, "leader_def": 1}},
                 do=[{"p1": "attack g -> p2"}])
    g = r.g
    assert g.pending.kind == "quick" and g.pending.player == 1
    PKG.concede(g, 1)  # conceding needs no priority and ends the game at once
    assert g.result == 0 and g.pending is None
    assert g.players[1]["leader_def"] == 1  # no Confirmation Timing, no damage dealt afterwards


@pytest.mark.rules("sve", "15.2.1.1")
def test_declared_perpetual_cycle() -> None:
    fountain = {"name": "Fountain", "type": "amulet", "cost": 1,
                "text": "(A) (0): Give your leader +1 defense."}
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"field": [{"card": "Fountain", "id": "f"}], "deck": 5}, "p2": {"deck": 5}},
                 cards=[fountain])
    g = r.g
    label = next(lab for lab in g.pending.labels if lab.startswith("activate"))
    # the active player declares 10 repetitions; the non-active player stops the cycle after 4
    done = perform_loop(g, [label], {0: 10, 1: 4})
    assert done == 4 and g.players[0]["leader_def"] == 24
    assert g.pending.kind == "main" and g.pending.player == 0


@pytest.mark.rules("sve", "11.6.3", "11.6")
def test_an_evolved_card_linked_to_two_followers_keeps_the_latest() -> None:
    study = {"name": "Study", "type": "spell", "cost": 0, "text": "Draw a card."}
    r = scenario({"turn": 3, "active": "p1", "at": "main",
                  "p1": {"field": [{"card": "Test Goblin", "id": "a", "evolved": {"card": "Test Goblin (Evolved)",
                                                                                  "id": "e"}},
                                   {"card": "Test Goblin", "id": "b"}], "hand": ["Study"], "deck": 5},
                  "p2": {"deck": 5}}, cards=[study])
    g = r.g
    a, b, e = r.current("a"), r.current("b"), r.current("e")
    links.link(g, b, e, "evolve")  # the same evolved card now linked to a second follower, more recently
    assert links.field_cards_of(g, e) == [a, b]
    step(r, "p1", "play Study")  # the next Confirmation Timing's rules handling fixes it
    assert links.field_cards_of(g, e) == [b]
    assert links.evolved_card(g, a) is None and links.evolved_card(g, b) == e
    assert g.chars(b)["atk"] == 3 and g.chars(a)["atk"] == 1


@pytest.mark.rules("sve", "2.3.2")
def test_card_types() -> None:
    for t in ("leader", "follower", "amulet", "spell"):
        entry = {"name": f"A {t}", "type": t}
        if t == "follower":
            entry.update({"cost": 1, "atk": 1, "def": 1})
        assert built(entry).chars["types"] == (t,)
    with pytest.raises((CardError, ValueError), match="unknown type 'creature'"):
        built({"name": "Beast", "type": "creature", "cost": 1})
