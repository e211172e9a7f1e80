"""Game preparation (CR 403) from the start of a real game: the opening hand and orbs, who goes
first, and the order of the hand exchange.  (Scenarios start at the exchange, after these steps.)"""

from __future__ import annotations

import pytest

from tcgjudge.games import registry

PKG = registry.get("caster")


def _decks():
    names = PKG.shipped_decks()
    return [PKG.load_deck(names[0]), PKG.load_deck(names[1 % len(names)])]


@pytest.mark.rules("caster", "403.1", "403.3", "403.4")
@pytest.mark.parametrize("first", [0, 1])
def test_seven_cards_in_hand_and_seven_face_down_orbs(first: int) -> None:
    decks = _decks()
    g = PKG.new_game(decks, 5, first=first)
    for p in (0, 1):
        assert len(g.zone(p, "hand")) == 7
        orbs = g.zone(p, "orbs")
        assert len(orbs) == 7
        assert not any(g.objects[x].face_up for x in orbs)
        assert len(g.zone(p, "deck")) == len(decks[p].main) - 14


@pytest.mark.rules("caster", "403.5")
@pytest.mark.parametrize("first", [0, 1])
def test_the_first_player_declares_the_exchange_first(first: int) -> None:
    g = PKG.new_game(_decks(), 5, first=first)
    assert (g.pending.player, g.pending.kind) == (first, "exchange")
    g.decide("keep hand")
    assert (g.pending.player, g.pending.kind) == (1 - first, "exchange")


@pytest.mark.rules("caster", "403.2")
def test_the_first_player_is_chosen_at_random() -> None:
    firsts = {PKG.new_game(_decks(), seed).gvars["first"] for seed in range(12)}
    assert firsts == {0, 1}
