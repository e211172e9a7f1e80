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


def _midgame(game_id: str, seed: int = 5):
    from tcgjudge.agents import make_agent

    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    g = pkg.new_game([pkg.load_deck(names[0]), pkg.load_deck(names[-1])], seed, auto=True)
    agents = [make_agent("random", 1), make_agent("random", 2)]
    while g.result is None and g.turn < 6:
        g.decide(agents[g.pending.player].choose({}, g.pending))
    return g


@pytest.mark.parametrize("game_id", GAMES)
def test_the_event_index_holds_every_watched_kind(game_id: str) -> None:
    g = _midgame(game_id)
    kinds = g.rules.listened_kinds(g)
    assert kinds is not None and "move" in kinds
    for o in g.objects.values():
        for ab in o.card.chars.get("abilities", ()):
            if ab.kind == "auto" and ab.spec["on"].get("event"):
                assert set(ab.spec["on"]["event"]) <= kinds, (o, ab)


def test_characteristics_are_kept_only_across_changes_nothing_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgjudge.kernel.effects import READS

    g = _midgame("caster")
    oid = next(iter(g.zone(g.active, "hand")))
    kept = 0
    for aspect in ("orient", "data.x", "data.env", "player.aether"):
        g.touch()
        g.chars(oid)
        cc = g._cc
        reads = cc[READS]
        assert reads is not None and "data.x" in reads  # Caster's characteristics read X (CR 203.4)
        keep = aspect not in reads and aspect.split(".")[0] + ".*" not in reads
        kept += keep
        g.changed(aspect)
        assert (g._cc is cc) == keep, aspect
    assert kept  # data.env (an ability's bound values) is never read
    # the turn, turn player, phase and step (the aspect "clock") are set directly by game code:
    # characteristics that read them never outlive a change of them; others are kept
    g.touch()
    g.chars(oid)
    cc = g._cc
    g.phase = "a phase no characteristic was computed in"
    g.changed("data.env")
    assert "clock" not in cc[READS] and g._cc is cc
    cc[READS] = cc[READS] | {"clock"}
    g.step = "a step no characteristic was computed in"
    g.changed("data.env")
    assert g._cc is None
    # a game that does not declare what its characteristics read forgets them on every change
    monkeypatch.setattr(g.rules, "declares_reads", False)
    g.touch()
    g.chars(oid)
    g.changed("data.env")
    assert g._cc is None


def test_what_reads_the_turn_player_phase_or_turn_is_known() -> None:
    from tcgjudge.kernel.effects import CEffect

    pkg = registry.get("caster")
    names = pkg.shipped_decks()
    rules = pkg.new_game([pkg.load_deck(names[0]), pkg.load_deck(names[-1])], 1).rules

    def reads(cond=None, sel=None):
        return rules.chars_reads(None, [CEffect(1, 1, "power", "modify", {"atk": 100},
                                                ("sel", sel or {"type": "servant"}), 0, None, "static", cond=cond)])

    assert "clock" not in reads()
    assert "clock" in reads(cond={"turn": "yours"})
    assert "clock" in reads(cond={"phase": "battle"})
    assert "clock" in reads(sel={"type": "servant", "entered_this_turn": True})
    assert "clock" in reads(sel={"type": "servant", "controller": "active"})
    assert "clock" in reads(cond={"main_timing": True})  # a Caster hook
