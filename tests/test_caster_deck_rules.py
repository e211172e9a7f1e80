"""Caster deck construction (CR 402) and game preparation (CR 403).

Decks are built from cards defined here, not from the shipped pool, so the
tests do not depend on which cards the pool holds.
"""

from __future__ import annotations

import pytest

from tcgjudge.games.caster import DeckError, check_deck, new_game
from tcgjudge.games.caster import rules as caster_rules
from tcgjudge.games.caster.deck import Deck, parse_deck
from tcgjudge.kernel.objects import CardDef


def card(name: str, **fields) -> CardDef:
    entry = {"name": name, "type": "servant", "element": "ignus", "cost": 1, "atk": 500, "def": 500}
    entry.update(fields)
    if entry["type"] in ("caster", "conjure", "barrier"):
        entry.pop("atk", None)
        entry.pop("def", None)
    if entry["type"] == "caster":
        entry.pop("cost", None)
        entry.setdefault("level", 1)
    return caster_rules().builder.card(entry, "test")


def servants(n_names: int, copies: int = 4) -> list[CardDef]:
    out: list[CardDef] = []
    for i in range(n_names):
        c = card(f"Soldier {i}")
        out.extend([c] * copies)
    return out


def soul_bond(name: str = "Bonded Knight") -> CardDef:
    return card(name, additional_type="soul bond", materials="Soldier 0♥Soldier 1", cost=3)


def deity(name: str = "Old God") -> CardDef:
    return card(name, type="deity", deity_counters=3, cost=4)


def legal_main() -> list[CardDef]:
    return servants(12) + [card("Sage", type="caster"), card("Sage", type="caster")]  # 48 + 2


def rules_of(errs: list[str]) -> set[str]:
    return {e.split(":", 1)[0] for e in errs}


@pytest.mark.rules("caster", "402.1", "402.2", "402.3")
def test_a_legal_deck_with_and_without_an_extra_deck() -> None:
    assert len(legal_main()) == 50
    assert check_deck(Deck("no extra", legal_main())) == []
    assert check_deck(Deck("with extra", legal_main(), [soul_bond(), deity()])) == []


@pytest.mark.rules("caster", "402.2")
@pytest.mark.parametrize("n", [49, 51, 0])
def test_the_deck_has_exactly_fifty_cards(n: int) -> None:
    main = (legal_main() + servants(1, 4))[:n] if n else []
    errs = check_deck(Deck("odd size", main))
    assert "CR 402.2" in rules_of(errs), errs


@pytest.mark.rules("caster", "402.2", "201.3b")
def test_soul_bond_servants_and_deities_are_not_in_the_deck() -> None:
    for extra in (soul_bond(), deity()):
        main = legal_main()[:-1] + [extra]
        errs = check_deck(Deck("bad", main))
        assert any(extra.key in e and e.startswith("CR 402.2") for e in errs), errs


@pytest.mark.rules("caster", "402.2a", "202.2")
def test_at_most_four_non_casters_with_the_same_name() -> None:
    main = servants(11) + [card("Soldier 0")] + [card("Other")] * 4 + [card("Last")]
    assert len(main) == 50
    errs = check_deck(Deck("five soldiers", main))
    assert rules_of(errs) == {"CR 402.2a"}, errs
    # the same name with different printed details is still the same name (CR 202.2)
    twin = card("Soldier 0", cost=3, atk=2000)
    main2 = servants(12) + [twin, card("Spare")]
    errs2 = check_deck(Deck("five by name", main2))
    assert "CR 402.2a" in rules_of(errs2), errs2


@pytest.mark.rules("caster", "402.2b", "213.3", "202.3")
def test_caster_copies_count_by_name_level_and_version() -> None:
    lv1 = card("Mira", type="caster", level=1)
    lv2 = card("Mira", type="caster", level=2)
    summer = card("Mira", type="caster", level=1, version="Summer")
    # four of each level and four of a version: legal (402.2b)
    main = [lv1] * 4 + [lv2] * 4 + [summer] * 4 + servants(9, 4) + [card("Spare A"), card("Spare B")]
    assert len(main) == 50
    assert check_deck(Deck("casters", main)) == []
    # a fifth level 1 "Mira" is not
    main5 = [lv1] * 5 + [lv2] * 4 + [summer] * 4 + servants(9, 4) + [card("Spare A")]
    errs = check_deck(Deck("five Mira Lv1", main5))
    assert rules_of(errs) == {"CR 402.2b"}, errs


@pytest.mark.rules("caster", "402.3")
def test_the_extra_deck_holds_only_soul_bond_servants_and_deities() -> None:
    errs = check_deck(Deck("bad extra", legal_main(), [card("Soldier 0")]))
    assert "CR 402.3" in rules_of(errs), errs


@pytest.mark.rules("caster", "402.3")
def test_the_extra_deck_holds_at_most_seven_cards() -> None:
    extra = [soul_bond(f"Knight {i}") for i in range(8)]
    errs = check_deck(Deck("eight", legal_main(), extra))
    assert "CR 402.3" in rules_of(errs), errs
    assert check_deck(Deck("seven", legal_main(), extra[:7])) == []


@pytest.mark.rules("caster", "402.3a")
def test_at_most_four_extra_deck_cards_with_the_same_name() -> None:
    errs = check_deck(Deck("five knights", legal_main(), [soul_bond()] * 5))
    assert rules_of(errs) == {"CR 402.3a"}, errs
    assert check_deck(Deck("four knights", legal_main(), [soul_bond()] * 4 + [deity()])) == []


@pytest.mark.rules("caster", "402.2")
def test_an_illegal_deck_cannot_start_a_game() -> None:
    bad = Deck("short", legal_main()[:40])
    with pytest.raises(DeckError, match="402.2"):
        new_game(bad, Deck("ok", legal_main()), 1)


def test_a_deck_file_with_an_unknown_card_is_rejected_with_its_name() -> None:
    with pytest.raises(DeckError, match="Nonexistent Card"):
        parse_deck({"main": {"Nonexistent Card": 4}}, caster_rules().cards, "deck.yaml")


# --------------------------------------------------------------------- CR 403
def numbered_deck(tag: str) -> Deck:
    """50 cards, every one distinguishable by its name (13 names, up to 4 each)."""
    main = []
    for i in range(50):
        main.append(card(f"{tag} {i // 4}"))
    return Deck(tag, main)


def zone_keys(g, p: int, zone: str) -> list[str]:
    return [g.objects[x].card.key for x in g.zone(p, zone)]


@pytest.mark.rules("caster", "102.1", "403.3", "403.4")
def test_preparation_deals_seven_cards_and_seven_face_down_orbs() -> None:
    a, b = numbered_deck("A"), numbered_deck("B")
    g = new_game(a, b, seed=5, first=0)
    assert len(g.players) == 2
    for p, deck in ((0, a), (1, b)):
        assert len(g.zone(p, "hand")) == 7
        assert len(g.zone(p, "orbs")) == 7
        assert all(not g.objects[x].face_up for x in g.zone(p, "orbs"))
        assert len(g.zone(p, "deck")) == 50 - 14
        # the deck was shuffled before dealing (CR 403.1): the hand is not the deck list's top seven
        dealt = sorted(zone_keys(g, p, "hand") + zone_keys(g, p, "orbs") + zone_keys(g, p, "deck"))
        assert dealt == sorted(c.key for c in deck.main)


@pytest.mark.rules("caster", "403.1")
def test_decks_are_shuffled_before_the_cards_are_dealt() -> None:
    a = numbered_deck("A")
    unshuffled_hand = sorted(c.key for c in a.main[-7:])  # the top seven of the list as given
    hands = set()
    for seed in range(6):
        g = new_game(a, numbered_deck("B"), seed=seed, first=0)
        hands.add(tuple(sorted(zone_keys(g, 0, "hand"))))
    assert len(hands) > 1
    assert any(list(h) != unshuffled_hand for h in hands)


@pytest.mark.rules("caster", "403.4")
def test_orbs_are_not_seen_by_anyone() -> None:
    from tcgjudge.kernel.view import view

    g = new_game(numbered_deck("A"), numbered_deck("B"), seed=3, first=0)
    for viewer in (0, 1):
        v = view(g, viewer)
        for pl in v["players"]:
            assert pl["zones"]["orbs"] == {"count": 7}


@pytest.mark.rules("caster", "403.2")
def test_the_first_player_is_chosen_at_random_and_nobody_chooses() -> None:
    firsts = set()
    for seed in range(24):
        g = new_game(numbered_deck("A"), numbered_deck("B"), seed=seed)
        assert g.pending.kind == "exchange"  # the first question is the hand exchange, not a choice
        firsts.add(g.gvars["first"])
        assert g.pending.player == g.gvars["first"]
    assert firsts == {0, 1}


@pytest.mark.rules("caster", "403.5", "403.6", "403.7")
def test_after_the_exchange_the_second_player_has_the_coin_and_the_first_player_starts() -> None:
    g = new_game(numbered_deck("A"), numbered_deck("B"), seed=11, first=1)
    assert g.pending.player == 1
    g.decide("keep hand")
    assert g.pending.player == 0 and g.pending.kind == "exchange"
    g.decide("keep hand")
    coins = [g.objects[x].card.key for x in g.zone(0, "casters")]
    assert coins == ["Coin"]
    assert g.zone(1, "casters") == []
    assert g.turn == 1 and g.active == 1
    assert g.pending.player == 1


@pytest.mark.rules("caster", "402.4", "402.2a")
def test_a_deck_building_ability_replaces_the_copy_limit_only_when_building() -> None:
    """CR 402.4: a card that allows any number of copies in a deck makes such a deck legal;
    the rest of deck construction still applies, and once the game starts nothing checks it."""
    from tcgjudge.games.caster import new_game, rules
    from tcgjudge.games.caster.deck import Deck, check_deck

    b = rules().builder
    swarm = b.card({"name": "Swarm Mite", "type": "servant", "element": "silva", "cost": 1, "atk": 500,
                    "def": 500, "copies": "any",
                    "text": "A deck may contain any number of cards named Swarm Mite."}, "t")
    five = b.card({"name": "Pack Rat", "type": "servant", "element": "silva", "cost": 1, "atk": 500,
                   "def": 500, "copies": 5}, "t")
    plain = b.card({"name": "Lone Wolf", "type": "servant", "element": "silva", "cost": 1, "atk": 500,
                    "def": 500}, "t")
    ok = Deck("swarm", main=[swarm] * 45 + [five] * 5)
    assert check_deck(ok) == []
    too_many = Deck("rats", main=[swarm] * 44 + [five] * 6)
    errs = check_deck(too_many)
    assert any("402.2a" in e and "Pack Rat" in e and "402.4" in e for e in errs), errs
    wolves = Deck("wolves", main=[swarm] * 45 + [plain] * 5)
    assert any("at most 4 copies of Lone Wolf" in e for e in check_deck(wolves))
    g = new_game(ok, ok, 1)  # the deck is legal and the game starts with it
    assert g.pending is not None


@pytest.mark.rules("caster", "402.4", "402.2a")
def test_a_deck_building_ability_read_from_printed_text() -> None:
    """CR 402.4 read from the card's text alone (no `copies` field): "any number of cards named
    ..." lifts the limit, "up to six copies of this card" sets it to six, a card without such text
    keeps four."""
    from tcgjudge.games.caster import rules
    from tcgjudge.games.caster.deck import Deck, check_deck

    b = rules().builder
    stats = {"type": "servant", "element": "silva", "cost": 1, "atk": 500, "def": 500}
    swarm = b.card({"name": "Swarm Mite", **stats, "text": "A deck may contain any number of cards named Swarm Mite."}, "t")
    six = b.card({"name": "Pack Rat", **stats, "text": "Your deck can include up to six copies of this card."}, "t")
    plain = b.card({"name": "Lone Wolf", **stats}, "t")
    assert check_deck(Deck("ok", main=[swarm] * 44 + [six] * 6)) == []
    errs = check_deck(Deck("rats", main=[swarm] * 43 + [six] * 7))
    assert any("at most 6 copies of Pack Rat" in e for e in errs), errs
    errs = check_deck(Deck("wolves", main=[swarm] * 45 + [plain] * 5))
    assert any("at most 4 copies of Lone Wolf" in e for e in errs), errs
