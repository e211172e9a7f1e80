"""The shipped Caster card pool and decks: what the pool must contain and that every deck is legal."""

from __future__ import annotations

import re

import pytest

from tcgjudge.games import registry
from tcgjudge.games.caster import rules as caster_rules
from tcgjudge.games.caster.vocabulary import ELEMENTS

PKG = registry.get("caster")
POOL = caster_rules().cards

#: the keyword skills of CR 1102-1118 and how the card text writes them
KEYWORD_TEXT = {
    "double_corrupt": "[Double Corrupt]", "triple_corrupt": "[Triple Corrupt]", "break": "[Break]",
    "slow_start": "[Slow Start]", "quickcast": "[Quickcast]", "enter": "[Enter]", "last_words": "[Last Words]",
    "united_front": "[United Front]", "soul_seal": "[Soul Seal]", "hubris": "[Hubris]", "dct": "[DCT]",
    "lethargy": "[Lethargy]", "vanity": "[Vanity]", "step_up": "[Step Up]", "unity": "[Unity]", "phi": "[Φ]",
    "bingo": "[BINGO]", "ride": "[Ride]",
}


def printed(kw: str) -> list[str]:
    return [k for k, c in POOL.items() if any(n == kw for n, _ in c.chars["keywords"])]


def test_pool_size_and_casters_of_every_element_and_level() -> None:
    assert len(POOL) >= 60
    for el in ELEMENTS:
        levels = {c.chars["level"] for c in POOL.values()
                  if "caster" in c.chars["types"] and c.chars["elements"] == frozenset((el,))}
        assert levels >= {1, 2, 3}, f"{el}: caster levels {sorted(levels)}"
    void = [c for c in POOL.values() if "caster" in c.chars["types"] and not c.chars["elements"]]
    assert {c.chars["level"] for c in void} >= {1, 2, 3}


@pytest.mark.parametrize("kw", sorted(KEYWORD_TEXT))
def test_every_keyword_is_printed_on_two_cards_with_its_template(kw: str) -> None:
    cards = printed(kw)
    assert len(cards) >= 2, f"{kw}: {cards}"
    for k in cards:
        assert KEYWORD_TEXT[kw] in POOL[k].text, f"{k}: its text does not show {KEYWORD_TEXT[kw]}"


def test_break_with_a_cost_and_without() -> None:
    params = [p for c in POOL.values() for n, p in c.chars["keywords"] if n == "break"]
    assert sum(p is None for p in params) >= 2 and sum(p is not None for p in params) >= 2
    for k in printed("break"):
        p = next(p for n, p in POOL[k].chars["keywords"] if n == "break")
        if p is not None:
            assert f"[Break]({p})" in POOL[k].text


def test_extra_deck_cards() -> None:
    bond = [c for c in POOL.values() if "soul bond" in c.chars.get("additional", ())]
    gods = [c for c in POOL.values() if "deity" in c.chars["types"]]
    assert len(bond) >= 2 and len(gods) >= 2
    for c in bond:
        assert c.chars["materials"] and "servant" in c.chars["types"]
        for m in c.chars["materials"]:  # every material names a card of the pool (CR 212.2)
            assert any(x.chars["name"] == m for x in POOL.values()), f"{c.key}: material {m!r}"
    for c in gods:
        assert c.chars["deity_counters"] > 0
        assert any(a.kind == "activated" for a in c.chars["abilities"])


def test_every_card_has_printed_text_for_its_abilities() -> None:
    for k, c in POOL.items():
        own = [a for a in c.chars["abilities"] if a.keyword not in ("caster_aether",)]
        if own or c.chars.get("effect") is not None:
            assert c.text.strip(), f"{k}: abilities but no text"
        for a in own:
            if a.keyword in ("soul_seal", "unity", "ride"):
                continue  # the keyword's own reminder stands for it
            head = re.sub(r"\s*\(.*?\)", "", a.text).strip()[:20]
            assert head and head in c.text.replace("\n", " "), f"{k}: ability text {a.text!r} not printed"


SHIPPED = PKG.shipped_decks()


def test_at_least_four_themed_decks() -> None:
    themed = [n for n in SHIPPED if not n.endswith("-starter")]
    assert len(themed) >= 4


@pytest.mark.rules("caster", "402.2", "402.2a", "402.2b", "402.3", "402.3a")
@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_deck_is_legal(name: str) -> None:
    d = PKG.load_deck(name)
    assert PKG.check_deck(d) == []
    assert len(d.main) == 50 and 0 <= len(d.extra) <= 7


def test_the_decks_use_every_keyword() -> None:
    used: set[str] = set()
    for name in SHIPPED:
        d = PKG.load_deck(name)
        for c in d.main + d.extra:
            used |= {n for n, _ in c.chars["keywords"]}
    assert set(KEYWORD_TEXT) <= used, sorted(set(KEYWORD_TEXT) - used)
