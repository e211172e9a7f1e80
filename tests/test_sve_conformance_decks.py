"""SVE conformance: deck construction (6.1), checked through the deck checker, for the standard
format and the special formats of Appendix B (Sealed, Cross Craft)."""

from __future__ import annotations

import pytest

from sve_util import PKG
from tcgjudge.games.sve import new_game, rules
from tcgjudge.games.sve.deck import Deck, DeckError, check_deck


def built(entry: dict):
    entry = dict(entry)
    entry.setdefault("text", "")
    return rules().builder.card(entry, "test")


def follower(name: str, cls: str = "forestcraft", **kw):
    return built({"name": name, "type": "follower", "class": cls, "cost": 1, "atk": 1, "def": 1, **kw})


def evolved(name: str, cls: str = "forestcraft", **kw):
    return built({"name": name, "evolved_from": name, "type": "follower", "class": cls, "atk": 2, "def": 2, **kw})


LEADER = built({"name": "Grove Leader", "type": "leader", "class": "forestcraft"})
SWORD_LEADER = built({"name": "Blade Leader", "type": "leader", "class": "swordcraft"})


def main_of(n: int, cls: str = "forestcraft", prefix: str = "F") -> list:
    """n cards, three copies of each name."""
    cards = [follower(f"{prefix} {i}", cls) for i in range((n + 2) // 3)]
    return [c for c in cards for _ in range(3)][:n]


def errors(deck: Deck) -> list[str]:
    return check_deck(deck)


@pytest.mark.rules("sve", "6.1.1", "6.1.1.1", "6.1.1.2", "6.1.1.3")
def test_deck_sizes_and_the_leader() -> None:
    evo = [evolved("F 0")] * 3
    assert errors(Deck("ok40", [LEADER], main_of(40), evo)) == []
    assert errors(Deck("ok50", [LEADER], main_of(50), [])) == []  # 6.1.1.3: 0 evolved cards is fine
    assert any(e.startswith("6.1.1.2") for e in errors(Deck("39", [LEADER], main_of(39), evo)))
    assert any(e.startswith("6.1.1.2") for e in errors(Deck("51", [LEADER], main_of(51), evo)))
    ten = [evolved(f"F {i}") for i in range(5) for _ in range(2)]
    assert errors(Deck("evo10", [LEADER], main_of(40), ten)) == []
    eleven = ten + [evolved("F 6")]
    assert any(e.startswith("6.1.1.3: the evolve deck has 0 to 10 cards")
               for e in errors(Deck("e", [LEADER], main_of(40), eleven)))
    assert any(e.startswith("6.1.1.1") for e in errors(Deck("none", [], main_of(40), evo)))
    assert any(e.startswith("6.1.1.1") for e in errors(Deck("two", [LEADER, LEADER], main_of(40), evo)))


@pytest.mark.rules("sve", "6.1.1.2", "6.1.1.3", "2.3.3", "2.3.3.1", "9.1.1")
def test_what_belongs_in_which_deck() -> None:
    token = PKG.pool()["Fairy"]
    adv = built({"name": "Relic", "type": "amulet", "class": "forestcraft", "special": "advanced", "cost": 1})
    main = main_of(37) + [evolved("F 0"), token, SWORD_LEADER]
    errs = errors(Deck("bad", [LEADER], main, [adv, follower("F 0")]))
    text = "\n".join(errs)
    assert "6.1.1.2: F 0 (Evolved) is an evolved card" in text
    assert "6.1.1.2: Fairy is a token" in text
    assert "6.1.1.2: Blade Leader is a leader" in text
    assert "6.1.1.3: F 0 is not an evolved or advanced card" in text
    assert "Relic" not in text  # an advanced card belongs in the evolve deck


@pytest.mark.rules("sve", "6.1.1.4", "6.1.1.4.1")
def test_three_copies_per_deck() -> None:
    assert errors(Deck("ok", [LEADER], main_of(40), [evolved("F 0")] * 3)) == []  # 3 + 3 of one name
    four = main_of(36) + [follower("Extra")] * 4
    assert any(e.startswith("6.1.1.4: at most 3 copies of Extra in the main deck") for e in
               errors(Deck("four", [LEADER], four, [])))
    # 6.1.1.4.1: a double-faced card counts under its front face's name
    dfc = built({"name": "Moon Face", "type": "follower", "class": "forestcraft", "cost": 1, "atk": 1, "def": 1,
                 "back": {"name": "Sun Face", "type": "follower", "cost": 1, "atk": 2, "def": 2}})
    plain = follower("Moon Face")
    mixed = main_of(36) + [dfc, dfc, plain, plain]
    assert any(e.startswith("6.1.1.4: at most 3 copies of Moon Face")
               for e in errors(Deck("dfc", [LEADER], mixed, [])))
    sun = follower("Sun Face")
    ok = main_of(34) + [dfc, dfc, dfc, sun, sun, sun]
    assert errors(Deck("dfc-ok", [LEADER], ok, [])) == []


@pytest.mark.rules("sve", "6.1.2", "1.3.1")
def test_a_deck_building_ability_overrides_the_copy_limit() -> None:
    swarm = follower("Swarmling", copies="any")
    deck = main_of(30) + [swarm] * 10
    assert errors(Deck("swarm", [LEADER], deck, [])) == []
    five = follower("Fiveling", copies=5)
    assert errors(Deck("five", [LEADER], main_of(35) + [five] * 5, [])) == []
    assert any("at most 5 copies of Fiveling" in e
               for e in errors(Deck("six", [LEADER], main_of(34) + [five] * 6, [])))


@pytest.mark.rules("sve", "6.1.1.5", "6.1.1.5.1", "2.2.3")
def test_class_basis() -> None:
    neutral = [follower(f"N {i}", "neutral") for i in range(3) for _ in range(3)]
    assert errors(Deck("ok", [LEADER], main_of(31) + neutral, [evolved("N 0", "neutral")])) == []
    sword = follower("Blade", "swordcraft")
    errs = errors(Deck("bad", [LEADER], main_of(39) + [sword], [evolved("Edge", "swordcraft")]))
    assert any("6.1.1.5.1: Blade is swordcraft, not forestcraft or neutral" in e for e in errs)
    assert any("6.1.1.5.1: Edge (Evolved) is swordcraft" in e for e in errs)


@pytest.mark.rules("sve", "6.1.1.5.2", "6.1.1.5.2.1", "2.12.2.1", "14.4.2", "14.4.2.1", "14.4.2.1.1",
                   "14.4.2.1.2", "14.4.4", "14.4.4.1", "14.4.4.1.1")
def test_universe_basis_and_the_vanguard_rules() -> None:
    leader = built({"name": "Uni Leader", "type": "leader", "class": "swordcraft", "universe": "vanguard"})
    uni = [built({"name": f"VG {i}", "type": "follower", "class": "dragoncraft", "universe": "vanguard",
                  "cost": 1, "atk": 1, "def": 1}) for i in range(13) for _ in range(3)]
    start = built({"name": "VG Gate", "type": "amulet", "class": "swordcraft", "universe": "vanguard", "cost": 0,
                   "keywords": ["starting_amulet"]})
    other_gate = built({"name": "VG Gate 2", "type": "amulet", "class": "swordcraft", "universe": "vanguard",
                        "cost": 0, "keywords": ["starting_amulet"]})
    own_trigger = built({"name": "VG Sword Trigger", "type": "follower", "class": "swordcraft", "universe": "vanguard",
                         "cost": 1, "atk": 1, "def": 1, "trigger": "draw"})
    other_trigger = built({"name": "VG Dragon Trigger", "type": "follower", "class": "dragoncraft",
                           "universe": "vanguard", "cost": 1, "atk": 1, "def": 1, "trigger": "heal"})
    # classes may be mixed in a universe deck (6.1.1.5.2): dragoncraft cards with a swordcraft leader
    assert errors(Deck("ok", [leader], uni + [start], [], basis="universe")) == []
    assert errors(Deck("trig", [leader], uni[:38] + [start, own_trigger], [], basis="universe")) == []
    assert any(e.startswith("14.4.2.1.1")
               for e in errors(Deck("nogate", [leader], uni + [uni[0]], [], basis="universe")))
    assert any(e.startswith("14.4.4.1.1") for e in
               errors(Deck("2gates", [leader], uni[:38] + [start, other_gate], [], basis="universe")))
    assert any(e.startswith("14.4.2.1.2: VG Dragon Trigger") for e in
               errors(Deck("trig", [leader], uni[:38] + [start, other_trigger], [], basis="universe")))
    outsider = follower("Outsider", "swordcraft")
    assert any(e.startswith("6.1.1.5.2: Outsider is not from the vanguard universe") for e in
               errors(Deck("out", [leader], uni[:38] + [start, outsider], [], basis="universe")))
    plain_leader = built({"name": "Plain Sword", "type": "leader", "class": "swordcraft"})
    assert any(e.startswith("6.1.1.5.2: the leader Plain Sword has no universe") for e in
               errors(Deck("noleaderuni", [plain_leader], uni + [start], [], basis="universe")))


@pytest.mark.rules("sve", "B-1:6.1.1", "B-1:6.1.1.2", "B-1:6.1.1.3", "B-1:6.1.1.4", "B-1:6.1.1.5", "B-1:6.1.1.6")
def test_sealed_deck_rules() -> None:
    mixed = main_of(15, "forestcraft") + main_of(15, "swordcraft", "S")
    assert errors(Deck("sealed", [], mixed, [], format="sealed")) == []  # no leader, classes mixed
    many = mixed + [follower("F 0")] * 8  # any number of copies
    assert errors(Deck("copies", [], many, [evolved("F 0")] * 12, format="sealed")) == []  # evolve deck: no upper limit
    assert errors(Deck("short", [], mixed[:29], [], format="sealed")) == [
        "B-1 6.1.1.3: a Sealed main deck has at least 30 cards; it has 29"]
    token = PKG.pool()["Fairy"]
    errs = errors(Deck("bad", [], mixed + [token, evolved("S 0")], [follower("F 1")], format="sealed"))
    assert any(e.startswith("B-1 6.1.1.3: Fairy") for e in errs)
    assert any(e.startswith("B-1 6.1.1.4: F 1 is not an evolved or advanced card") for e in errs)


@pytest.mark.rules("sve", "B-2:6.1.1.1", "B-2:6.1.1.5", "B-2:6.1.1.5.1")
def test_cross_craft_deck_rules() -> None:
    two = [LEADER, SWORD_LEADER]
    main = main_of(20) + main_of(20, "swordcraft", "S")
    assert errors(Deck("cc", two, main, [evolved("S 0", "swordcraft")], format="cross_craft")) == []
    assert any(e.startswith("B-2 6.1.1.1: Cross Craft needs two leader cards") for e in
               errors(Deck("one", [LEADER], main, [], format="cross_craft")))
    assert any("different classes" in e for e in errors(Deck("same", [LEADER, LEADER], main, [], format="cross_craft")))
    rune = follower("Runic", "runecraft")
    assert any(e.startswith("B-2 6.1.1.5.1: Runic is runecraft") for e in
               errors(Deck("three", two, main[:39] + [rune], [], format="cross_craft")))
    assert errors(Deck("uni", two, main, [], format="cross_craft", basis="universe")) == [
        "B-2 6.1.1.5: a Cross Craft deck is based on classes, not a universe"]


def test_an_illegal_deck_cannot_start_a_game() -> None:
    short = Deck("short", [LEADER], main_of(39), [])
    with pytest.raises(DeckError, match="6.1.1.2"):
        new_game(short, Deck("ok", [LEADER], main_of(40), []))
