"""Per-player views never reveal a hidden card (DESIGN principle 5).

The oracle here is written from the comprehensive rules, independently of
``rules.can_see``: deck (CR 304.2) and orbs (309.2) are hidden from both
players, a hand (305.2) and an extra deck (313.2) are seen by their owner only,
a face-down caster is hidden from everyone but the player whose caster zone
holds it (308.2a), a face-down removed card from everyone (311.2a), and a card
that was revealed or looked at is known to the players that saw it.

Random Caster games are played to a random point with decks that also call
casters face down, hold Soul Bond servants in the extra deck, look at the top
of a deck (their own and the opponent's), reveal a hand and search a deck.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgjudge.agents import make_agent
from tcgjudge.cards.loader import load_yaml_text
from tcgjudge.games import registry
from tcgjudge.games.caster import rules as caster_rules
from tcgjudge.games.caster.deck import Deck
from tcgjudge.interfaces.sim import view_mappings
from tcgjudge.kernel.game import Game
from tcgjudge.kernel.view import log_for, view

PKG = registry.get("caster")

#: cards that make hidden information move: looking, revealing, searching, an extra deck
EXTRA_CARDS = """
- name: Vault Warden
  type: servant
  additional_type: soul bond
  materials: [Kindled Hound, Reef Crab]
  element: ignus
  cost: 3
  atk: 2000
  def: 2000
- name: Scrying Pool
  type: conjure
  element: void
  cost: 0
  effect: {do: [look: {n: 2}]}
- name: Open Palm
  type: conjure
  element: void
  cost: 0
  effect: {do: [{reveal: {what: {zone: hand, player: you}}}]}
- name: Peek
  type: conjure
  element: void
  cost: 0
  effect: {do: [look: {n: 1, player: enemy}]}
- name: Seeker
  type: conjure
  element: void
  cost: 0
  effect: {do: [search: {filter: {type: servant}}]}
"""


def _extra_cards() -> dict:
    b = caster_rules().builder
    return {e["name"]: b.card(e, "test_views") for e in load_yaml_text(EXTRA_CARDS)}


CARDS = _extra_cards()


def _deck(base: str, seed: int) -> Deck:
    d = PKG.load_deck(base)
    main = list(d.main)
    # replace a few cards with the test cards (which ones depends on the seed)
    spare = [CARDS[n] for n in ("Scrying Pool", "Open Palm", "Peek", "Seeker")] * 2
    for i, c in enumerate(spare):
        main[(seed * 7 + i * 5) % len(main)] = c
    return Deck(f"{d.name} (views)", main, [CARDS["Vault Warden"]] * 2)


ALL_NAMES = sorted({c.key for c in PKG.pool().values()} | {c.chars["name"] for c in PKG.pool().values()}
                   | {c.key for c in CARDS.values()}, key=len, reverse=True)


# ------------------------------------------------------------------ the oracle
def may_know(o: Any, viewer: int) -> bool:
    """May ``viewer`` know the identity of object ``o``?  From the rules, not from the engine."""
    known = o.data.get("known") if o.data else None
    if known == "all" or (known is not None and viewer in known):
        return True  # revealed (CR 1004) or looked at
    z = o.zone
    if z in ("deck", "orbs"):
        return False  # CR 304.2, 309.2
    if z in ("hand", "extra_deck"):
        return viewer == o.zp  # CR 305.2, 313.2
    if z == "casters":
        return o.face_up or viewer == o.zp  # CR 308.2a
    return o.face_up  # public zones; a face-down removed card is hidden (CR 311.2a)


def visible_names(g: Game, viewer: int) -> set[str]:
    out: set[str] = set()
    for o in g.objects.values():
        if may_know(o, viewer) and not o.card.token:
            out.add(o.card.key)
            out.add(o.card.chars["name"])
    return out


HIDDEN_KEYS = {"id", "orientation", "face_down", "counters", "stacked", "owner"}


def check_view(g: Game, viewer: int, deep: bool) -> None:
    v = view(g, viewer)
    json.dumps(v)  # a view is plain data
    seen: set[int] = set()
    for x in view_mappings(v):
        if "id" in x and isinstance(x["id"], int):
            oid = x["id"]
            o = g.objects[oid]
            seen.add(oid)
            if may_know(o, viewer):
                assert x.get("card") == o.card.key, f"p{viewer + 1} may see {o} but the view hides it"
            else:
                extra = set(x) - HIDDEN_KEYS
                assert not extra, f"p{viewer + 1}'s view shows {sorted(extra)} of hidden {o}: {x}"
    # every hidden zone is a count that is right; every object shown is accounted for
    for p, pv in enumerate(v["players"]):
        for zname, z in pv["zones"].items():
            ids = g.zone(p, zname)
            if isinstance(z, dict):
                assert z["count"] == len(ids)
            else:
                assert [x["id"] for x in z] == ids
    for oid in seen:
        assert oid in g.objects
    if deep:
        hidden_only = {n for n in _names_of_hidden(g, viewer)} - visible_names(g, viewer)
        shown = dict(v)
        d = shown.pop("decision", None)
        shown.pop("log")
        text = json.dumps(shown) + "\n" + PKG.describe(g, viewer)
        if d is not None and g.pending.kind != "search":  # a search looks through the deck (CR 1012)
            text += "\n" + json.dumps(d)
        for n in hidden_only:
            assert n not in text, f"p{viewer + 1}'s view names {n!r}, which p{viewer + 1} cannot see"


def _names_of_hidden(g: Game, viewer: int) -> set[str]:
    return {x for o in g.objects.values() if not may_know(o, viewer) and not o.card.token
            for x in (o.card.key, o.card.chars["name"])}


# -------------------------------------------------------- the log, line by line
_SEEN_AT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@pytest.fixture
def log_watch(monkeypatch: pytest.MonkeyPatch):
    """Record, for every log line as it is written, what each player could see at that moment."""
    orig = Game.note

    def note(self: Game, line: Any) -> None:
        side = _SEEN_AT.setdefault(self, [])
        del side[len(self.log):]  # a rewound play (g.restore) shortened the log
        side.append((visible_names(self, 0), visible_names(self, 1)))
        orig(self, line)

    monkeypatch.setattr(Game, "note", note)
    return _SEEN_AT


def check_log(g: Game) -> None:
    side = _SEEN_AT.get(g, [])
    assert len(side) == len(g.log)
    for viewer in (0, 1):
        for i, line in enumerate(log_for(g, viewer)):
            rest = line
            for n in ALL_NAMES:
                if n in rest:
                    assert n in side[i][viewer], (
                        f"log line {i} shown to p{viewer + 1} names {n!r}, which p{viewer + 1} could not "
                        f"see when it was written: {line!r}")
                    rest = rest.replace(n, "\x01")


# ---------------------------------------------------------------------- tests
def _play(seed: int, which: int, steps: int, per_step=None) -> Game:
    bases = PKG.shipped_decks()
    decks = [_deck(bases[which % len(bases)], seed), _deck(bases[(which + 1) % len(bases)], seed + 1)]
    g = PKG.new_game(decks, seed, auto=which % 2 == 0)
    agents = [make_agent("random", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
    n = 0
    while g.result is None and n < steps:
        d = g.pending
        g.decide(agents[d.player].choose(view(g, d.player), d))
        n += 1
        if per_step is not None:
            per_step(g)
    return g


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), which=st.integers(0, 3), steps=st.integers(0, 900))
@pytest.mark.rules("caster", "302.2", "304.2", "305.2", "308.2a", "309.2", "311.2a", "313.2")
def test_views_hide_hidden_cards(log_watch, seed: int, which: int, steps: int) -> None:
    def per_step(g: Game) -> None:
        for p in (0, 1):
            check_view(g, p, deep=False)

    g = _play(seed, which, steps, per_step)
    for p in (0, 1):
        check_view(g, p, deep=True)
    check_log(g)


def test_the_oracle_sees_hidden_information_move(log_watch) -> None:
    """The games above do reach the situations the test is about (so it can fail)."""
    kinds = {"face-down caster": 0, "known in deck": 0, "revealed in hand": 0, "extra deck": 0, "orbs": 0}
    for seed in range(6):
        def per_step(g: Game) -> None:
            for o in g.objects.values():
                known = o.data.get("known") if o.data else None
                if o.zone == "casters" and not o.face_up and not o.card.token:
                    kinds["face-down caster"] += 1
                if o.zone == "deck" and known:
                    kinds["known in deck"] += 1
                if o.zone == "hand" and known == "all":
                    kinds["revealed in hand"] += 1
                if o.zone == "extra_deck":
                    kinds["extra deck"] += 1
                if o.zone == "orbs":
                    kinds["orbs"] += 1
        g = _play(seed, seed, 10_000, per_step)
        check_log(g)
    assert all(kinds.values()), kinds


def test_a_leak_is_caught(log_watch) -> None:
    """The checks fail when a hidden identity is shown (the test is not vacuous)."""
    g = _play(5, 0, 40)
    secret = [x for x in g.zone(1, "hand") if g.objects[x].card.key not in visible_names(g, 0)]
    assert secret
    o = g.objects[secret[0]]
    with pytest.raises(AssertionError):
        # a view that forgot CR 305.2 for one card
        orig = g.rules.can_see
        try:
            g.rules.can_see = lambda gg, ob, viewer: True if ob.id == o.id else orig(gg, ob, viewer)
            check_view(g, 0, deep=True)
        finally:
            del g.rules.can_see
    g.note(f"p2 secretly holds {o.card.key}")
    with pytest.raises(AssertionError):
        check_log(g)
