"""SVE's own remembered answers (docs/performance.md, "Shadowverse: Evolve"): the 15.2.1.2 state
digest and its cheap comparison, and rules handling skipped while nothing changed.  The
candidate lists kept with the characteristics are checked by the debug mode in
tests/test_cache_consistency.py and by the stored games."""

from __future__ import annotations

import hashlib

import pytest

from tcgjudge.agents import make_agent
from tcgjudge.games import registry
from tcgjudge.games.sve import links
from tcgjudge.games.sve.procedures import actions, confirm
from tcgjudge.kernel import debug
from tcgjudge.kernel.effects import READS
from tcgjudge.kernel.game import Frame


def _midgame(seed: int = 4, decisions: int = 40):
    pkg = registry.get("sve")
    names = pkg.shipped_decks()
    g = pkg.new_game([pkg.load_deck(names[0]), pkg.load_deck(names[-1])], seed, auto=True)
    agents = [make_agent("random", 1), make_agent("random", 2)]
    for _ in range(decisions):
        if g.result is not None:
            break
        d = g.pending
        g.decide(agents[d.player].choose({}, d))
    assert g.result is None
    return g


def _reference_key(g) -> str:
    """15.2.1.2's digest as first written: every object, players, effects, tallies, random state."""
    objs = tuple((o.id, o.zone, o.zp, o.controller, o.face_up, o.orient,
                  repr(o.counters) if o.counters else None, repr(o.data) if o.data else None)
                 for o in g.objects.values())
    text = repr((objs, g.players, tuple(e.eid for e in g.effects), g.record, g.rng.state, len(g.triggers)))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def test_the_state_digest_is_that_of_the_whole_state() -> None:
    g = _midgame()
    assert actions.state_key(g) == _reference_key(g)
    oid = g.zone(g.active, "deck")[0]
    g.set_data(oid, "known", "all")
    assert actions.state_key(g) == _reference_key(g)


def test_same_state_tells_changes_with_and_without_the_cheap_parts() -> None:
    g = _midgame()
    key = actions.state_key(g)
    assert actions.same_state(g, key)
    p = g.active
    g.set_player(p, "pp", g.players[p]["pp"] + 1)  # a cheap part changes
    assert not actions.same_state(g, key)
    g.set_player(p, "pp", g.players[p]["pp"] - 1)
    assert actions.same_state(g, key)
    oid = g.zone(p, "deck")[0]
    g.set_data(oid, "known", "all")  # only the full text changes
    assert not actions.same_state(g, key)
    actions._CHEAP.clear()  # a digest made elsewhere (another process, a stored game)
    assert not actions.same_state(g, key)
    g.set_data(oid, "known", None)
    assert actions.same_state(g, key)


def _handle(g) -> Frame:
    f = Frame("rules_handling", 0, {"stage": 0})
    g.frames.append(f)
    confirm.proc_rules_handling(g, f)
    return f


def test_rules_handling_with_nothing_to_do_is_remembered_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(debug, "CHECK", True)
    g = _midgame()
    depth = len(g.frames)
    f = _handle(g)
    assert len(g.frames) == depth and f.data["stage"] == 1  # nothing to do: finished at once
    assert g.frames[-1].data.pop("ret") is False
    p = g.active
    g.players[p]["pp"] = g.players[p]["max_pp"] + 1  # written past the helpers: the memo is stale
    with pytest.raises(debug.CacheError):
        _handle(g)


def test_rules_handling_acts_after_a_change_through_the_helpers() -> None:
    g = _midgame()
    _handle(g)
    g.frames[-1].data.pop("ret", None)
    p = g.active
    g.set_player(p, "pp", g.players[p]["max_pp"] + 1)  # set_player forgets the memo; 11.9.1 applies
    _handle(g)
    assert g.players[p]["pp"] == g.players[p]["max_pp"]
    assert g.frames[-1].data.pop("ret") is True


def _follower_on_field(g, p: int) -> int:
    for oid in g.zone(p, "field"):
        if "follower" in g.chars(oid)["types"] and links.evolved_card(g, oid) is None:
            return oid
    for oid in list(g.zone(p, "deck")):
        if "follower" in g.objects[oid].card.chars["types"]:
            return g.move(oid, "field", p, event=False)
    raise AssertionError("no follower in the deck")


def test_a_draw_keeps_the_characteristics() -> None:
    """SVE's characteristic code reads no zone outside the layered ones (docs/performance.md)."""
    g = _midgame()
    p = g.active
    fid = _follower_on_field(g, p)
    kept = g.chars(fid)
    assert "zones" not in g._cc[READS]
    g.move(g.zone(p, "deck")[-1], "hand", p, event=False)
    assert g._cc is not None and g.chars(fid) is kept
    g.check_chars("after a draw")


def test_moving_an_evolved_card_away_ends_what_the_follower_shows() -> None:
    """5.15.1.2, 5.15.3: the field card shows its evolved card only while that card is linked in
    the evolve zone; the move of the linked card forgets the characteristics."""
    g = _midgame()
    p = g.active
    fid = _follower_on_field(g, p)
    ev = g.move(g.zone(p, "evolve_deck")[0], "evolve_zone", p, event=False)
    links.link(g, fid, ev, "evolve")
    assert g.chars(fid).get("base_name") is not None  # evolved: the evolved card's information
    g.move(ev, "evolve_deck", p, event=False)
    assert g.chars(fid).get("base_name") is None
    g.check_chars("after the evolved card left")
