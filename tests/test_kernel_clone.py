"""clone() and restore() (DESIGN principle 2): a clone is independent of its
original, and restoring a snapshot returns exactly to it.

``full_state`` reads every part of a game's state (more than ``fingerprint``:
continuous effects, pending triggers, delayed abilities, per-turn records,
game variables, last known information, the id counter, the RNG)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgjudge.agents import make_agent
from tcgjudge.games import registry
from tcgjudge.kernel.game import Game

PKG = registry.get("caster")


def full_state(g: Game) -> str:
    objs = {oid: (o.id, o.card.key, o.owner, o.controller, o.zone, o.zp, o.face_up, o.orient, o.since,
                  dict(o.counters or {}), list(o.under or ()), o.over, repr(o.data))
            for oid, o in g.objects.items()}
    d = g.pending
    parts: tuple[Any, ...] = (
        sorted(objs.items()), sorted(g.zones.items()), g.players, g.turn, g.active, g.phase, g.step,
        [(f.kind, f.step, repr(f.data)) for f in g.frames],
        None if d is None else (d.player, d.kind, d.prompt, d.options, d.info),
        [(repr(e), e.ts, e.affects, e.controller, e.source, e.cond) for e in g.effects],
        [(repr(t), t.source, t.bind) for t in g.triggers], g.delayed,
        sorted((k, v[2]) for k, v in g.lki.items()), g.log, g.result, g.record, g.gvars, g.history,
        g.info, g.auto, g.next_id, g.rng.state, g.seed,
    )
    return repr(parts)


def new_game(seed: int) -> Game:
    names = PKG.shipped_decks()
    decks = [PKG.load_deck(names[seed % len(names)]), PKG.load_deck(names[(seed + 1) % len(names)])]
    return PKG.new_game(decks, seed, auto=seed % 2 == 1)


def play(g: Game, agent_seed: int, steps: int) -> Game:
    agent = make_agent("random", agent_seed)
    for _ in range(steps):
        if g.result is not None:
            break
        g.decide(agent.choose({}, g.pending))
    return g


COMMON = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@COMMON
@given(seed=st.integers(0, 5000), at=st.integers(0, 600), more=st.integers(1, 400))
def test_a_clone_is_independent(seed: int, at: int, more: int) -> None:
    g = play(new_game(seed), seed, at)
    before = full_state(g)
    c = g.clone()
    assert full_state(c) == before
    play(c, seed + 1, more)  # play on from the clone ...
    assert full_state(g) == before  # ... the original has not moved
    c_state = full_state(c)
    play(g, seed + 2, more)  # and the other way round
    assert full_state(c) == c_state


@COMMON
@given(seed=st.integers(0, 5000), at=st.integers(0, 600), more=st.integers(1, 400))
def test_restore_returns_exactly_to_the_snapshot(seed: int, at: int, more: int) -> None:
    g = play(new_game(seed), seed, at)
    snap = g.clone()
    want = full_state(snap)
    fp = g.fingerprint()
    play(g, seed + 3, more)
    g.restore(snap)
    assert full_state(g) == want
    assert g.fingerprint() == fp
    assert full_state(snap) == want  # restoring does not use the snapshot up
    # the restored game plays on exactly as the snapshot would
    other = snap.clone()
    play(g, seed + 4, more)
    play(other, seed + 4, more)
    assert g.fingerprint() == other.fingerprint()
    g.restore(snap)  # and a snapshot may be restored again
    assert full_state(g) == want


def test_clone_and_original_keep_separate_objects() -> None:
    """Copy-on-write: writing an object through one game never shows in the other."""
    g = play(new_game(4), 4, 120)
    c = g.clone()
    oid = next(iter(g.objects))
    c.set_data(oid, "marker", 1)
    c.add_counters(oid, "test", 2)
    assert g.objects[oid].get("marker") is None and g.objects[oid].counter("test") == 0
    g.set_data(oid, "other", 3)
    assert c.objects[oid].get("other") is None and c.objects[oid].get("marker") == 1


def test_the_rng_is_part_of_the_state() -> None:
    g = play(new_game(2), 2, 30)
    c = g.clone()
    assert [g.rng.below(1000) for _ in range(5)] == [c.rng.below(1000) for _ in range(5)]
    g.rng.below(10)
    assert g.rng.state != c.rng.state
