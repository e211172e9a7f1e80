"""Deck files and deck construction (CR 402): precise errors that name the file,
the card, or the rule broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.cards.loader import load_yaml_text
from tcgjudge.games import registry
from tcgjudge.games.caster import rules as caster_rules
from tcgjudge.games.caster.deck import Deck, DeckError, check_deck, parse_deck

PKG = registry.get("caster")
POOL = PKG.pool()


def write(tmp_path: Path, text: str, name: str = "deck.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def load_error(tmp_path: Path, text: str) -> str:
    p = write(tmp_path, text)
    with pytest.raises(DeckError) as e:
        PKG.load_deck(str(p))
    return str(e.value)


def test_shipped_decks_are_legal() -> None:
    names = PKG.shipped_decks()
    assert names
    for n in names:
        d = PKG.load_deck(n)
        assert PKG.check_deck(d) == [], n
        assert len(d.main) == 50


def test_unknown_card_suggests_names(tmp_path: Path) -> None:
    msg = load_error(tmp_path, "name: T\nmain:\n  Kindle Hound: 4\n")
    assert msg == f"{tmp_path / 'deck.yaml'}: main: unknown card 'Kindle Hound' (did you mean Kindled Hound?)"
    msg = load_error(tmp_path, "name: T\nmain:\n  Ember: 4\n")
    assert "unknown card 'Ember' (did you mean Ember Wisp Lv1, Ember Wisp Lv2" in msg
    msg = load_error(tmp_path, "name: T\nmain: {}\nextra:\n  Qwzx: 1\n")
    assert msg == f"{tmp_path / 'deck.yaml'}: extra: unknown card 'Qwzx'"


@pytest.mark.parametrize("text,wanted", [
    ("main:\n  Kindled Hound: 0\n", "main: 'Kindled Hound': the count must be a whole number from 1 to 1000, got 0"),
    ("main:\n  Kindled Hound: many\n", "main: 'Kindled Hound': the count must be a whole number from 1 to 1000, got 'many'"),
    ("main:\n  Kindled Hound: true\n", "the count must be a whole number from 1 to 1000, got True"),
    ("main:\n  - {card: Kindled Hound, n: -2}\n", "main[0]: n must be a whole number from 1 to 1000"),
    ("main:\n  - 5\n", "main[0]: expected a card name or {card: NAME, n: COUNT}"),
    ("main: 5\n", "main: expected a mapping of card name to count"),
])
def test_bad_counts(tmp_path: Path, text: str, wanted: str) -> None:
    msg = load_error(tmp_path, "name: T\n" + text)
    assert msg.startswith(str(tmp_path / "deck.yaml")) and wanted in msg, msg


def test_wrong_game_and_shape(tmp_path: Path) -> None:
    f = tmp_path / "deck.yaml"
    assert load_error(tmp_path, "name: T\ngame: sve\nmain: {}\n") == f"{f}: this is a deck for 'sve', not caster"
    assert load_error(tmp_path, "name: T\nsideboard: {}\n") == (
        f"{f}: unknown key 'sideboard'; keys: name, game, main, extra, description")
    assert load_error(tmp_path, "- a\n- b\n") == f"{f}: a deck file is a mapping with 'main' (and 'extra')"
    assert "not valid YAML" in load_error(tmp_path, "name: [T\n")
    with pytest.raises(DeckError, match=r"no such deck file or shipped deck \(shipped: .*ignus-starter"):
        PKG.load_deck(str(tmp_path / "absent.yaml"))


def test_list_form_is_accepted(tmp_path: Path) -> None:
    p = write(tmp_path, "name: Listy\nmain:\n  - Kindled Hound\n  - {card: Reef Crab, n: 3}\n")
    d = PKG.load_deck(str(p))
    assert d.name == "Listy" and [c.key for c in d.main] == ["Kindled Hound"] + ["Reef Crab"] * 3


SPECIAL = """
- {name: Bound Titan, type: servant, additional_type: soul bond, materials: [Kindled Hound, Reef Crab],
   element: ignus, cost: 3, atk: 2000, def: 2000}
- {name: Little Token, type: servant, token: true, atk: 0, def: 0}
"""


@pytest.mark.rules("caster", "402.2", "402.2a", "402.2b", "402.3", "402.3a")
def test_deck_construction_errors_name_the_rule() -> None:
    b = caster_rules().builder
    bound, token = (b.card(e, "test") for e in load_yaml_text(SPECIAL))
    deck = Deck("bad", [POOL["Kindled Hound"]] * 5 + [POOL["Ember Wisp Lv1"]] * 5 + [bound, token],
                [POOL["Reef Crab"]] + [bound] * 8)
    errs = check_deck(deck)
    assert "CR 402.2: the deck must have exactly 50 cards; it has 12" in errs
    assert "CR 402.2a: at most 4 copies of Kindled Hound; the deck has 5" in errs
    assert "CR 402.2b: at most 4 copies of Ember Wisp Lv1; the deck has 5" in errs
    assert "CR 402.2: Bound Titan is a Soul Bond servant or deity and belongs in the extra deck" in errs
    assert "CR 1302: Little Token is a token and cannot be in a deck" in errs
    assert "CR 402.3: the extra deck holds 0 to 7 cards; it has 9" in errs
    assert "CR 402.3: Reef Crab is not a Soul Bond servant or deity and cannot be in the extra deck" in errs
    assert "CR 402.3a: at most 4 copies of Bound Titan in the extra deck; it has 8" in errs
    assert len(errs) == 8


def test_casters_of_different_levels_count_separately() -> None:
    """CR 402.2b: a caster's limit is per name and level."""
    main = [POOL["Ember Wisp Lv1"]] * 4 + [POOL["Ember Wisp Lv2"]] * 4 + [POOL["Kindled Hound"]] * 4
    filler = [c for k, c in sorted(POOL.items()) if k != "Kindled Hound" and not c.token
              and not {"caster", "deity"} & set(c.chars["types"]) and "soul bond" not in c.chars.get("additional", ())]
    for c in filler:
        main += [c] * 4
    deck = Deck("ok", main[:50], [])
    assert len(deck.main) == 50 and check_deck(deck) == []


def test_an_illegal_deck_cannot_start_a_game() -> None:
    d = PKG.load_deck("ignus-starter")
    short = Deck("short", d.main[:40], [])
    with pytest.raises(DeckError, match=r"p2's deck 'short' is not legal: CR 402.2: the deck must have exactly 50"):
        PKG.new_game([d, short], 0)


def test_replay_decks_round_trip() -> None:
    d = PKG.load_deck("aqua-starter")
    again = PKG.deck_from_json(d.to_json())
    assert sorted(c.key for c in again.main) == sorted(c.key for c in d.main)
    assert again.to_json() == d.to_json()
    with pytest.raises(DeckError, match="unknown card 'Nope'"):
        parse_deck({"name": "x", "main": {"Nope": 1}}, POOL, "replay")
