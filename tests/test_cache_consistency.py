"""Every cache of the engine is correct by construction: with cache checking on
(``kernel.debug.CHECK``), each cached or short-cut answer is compared with one
computed afresh, over many random games of every game; and games played with
and without the checks are the same games."""

from __future__ import annotations

import pytest

from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game
from tcgjudge.kernel import debug

GAMES = [g for g in ("caster", "sve", "nova") if g in registry.available()]


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(debug, "CHECK", True)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_cached_answers_equal_fresh_ones_in_random_games(checking: None, game_id: str, seed: int) -> None:
    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    decks = [pkg.load_deck(names[seed % len(names)]), pkg.load_deck(names[(seed * 7 + 1) % len(names)])]
    g, rec = play_game(pkg, decks, 500 + seed, ["random", "random"], auto=seed % 3 != 2, check=seed == 0)
    assert g.result is not None and rec.decisions > 0


def test_a_stale_cache_is_caught(checking: None) -> None:
    pkg = registry.get("caster")
    names = pkg.shipped_decks()
    g = pkg.new_game([pkg.load_deck(names[0]), pkg.load_deck(names[-1])], 3, auto=True)
    oid = next(iter(g.zone(0, "hand")))
    g.chars(oid)
    g._cc[oid] = {**g._cc[oid], "cost": -1}  # a cached value that no longer holds
    with pytest.raises(debug.CacheError):
        g.check_chars("in a test")


@pytest.mark.parametrize("game_id", GAMES)
def test_checking_does_not_change_the_game(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    decks = [pkg.load_deck(names[0]), pkg.load_deck(names[-1])]
    plain, _ = play_game(pkg, decks, 77, ["random", "random"])
    monkeypatch.setattr(debug, "CHECK", True)
    checked, _ = play_game(pkg, decks, 77, ["random", "random"])
    assert checked.fingerprint() == plain.fingerprint()
