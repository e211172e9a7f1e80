"""The search agents' speed-ups change no answer: each is compared with the computation it
replaced (docs/performance.md, "Search agents"), on states of NOVA and Caster games and on the
determinizations search plays on."""

from __future__ import annotations

from typing import Any

import pytest

from tcgjudge.agents import MctsAgent, make_agent
from tcgjudge.agents.evaluation import evaluation_for, passive
from tcgjudge.cards.context import has_kw
from tcgjudge.games import registry
from tcgjudge.games.nova import procedures as nova
from tcgjudge.games.resolution import targets_available
from tcgjudge.kernel.infoset import InfoSet

pytestmark = pytest.mark.skipif("nova" not in registry.available(), reason="NOVA is not available")


def _states(game_id: str, seed: int, limit: int = 400):
    """Every state with a decision of a random game (single-option questions answered at once)."""
    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    g = pkg.new_game([pkg.load_deck(names[seed % len(names)]), pkg.load_deck(names[(seed + 1) % len(names)])],
                     seed, auto=True)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    for _ in range(limit):
        if g.result is not None:
            return
        yield g
        g.decide(agents[g.pending.player].choose({}, g.pending))


def _original_priority_options(g: Any, p: int, main: bool) -> list:
    """The options of a NOVA priority window, the zones scanned at every window as before
    ``_priority_candidates`` was kept with the characteristics."""
    rules = g.rules
    opts: list = [("pass", ("pass",))]
    seen_energy: set = set()
    for oid, ab, produced in rules.energy_sources(g, p):
        o = g.objects[oid]
        key = (o.card.key, ab.index, tuple(produced))
        if o.zone == "energy":
            if key in seen_energy:
                continue
            seen_energy.add(key)
        opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    if nova.waiting_locked(g):
        return opts
    for oid in g.zone(p, "field"):
        for ab in g.chars(oid)["acts"]:
            if ab.spec.get("energy_ab") or "field" not in ab.zones:
                continue
            if timing_ok(g, p, ab.spec, main) and rules.ability_usable(g, p, oid, ab) \
                    and targets_available(g, p, oid, ab.spec, None):
                opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    for zone in ("hand", "graveyard"):
        for oid in g.zone(p, zone):
            for ab in g.chars(oid).get("acts", ()):
                if zone not in ab.zones or ab.spec.get("energy_ab"):
                    continue
                if timing_ok(g, p, ab.spec, main) and rules.ability_usable(g, p, oid, ab) \
                        and targets_available(g, p, oid, ab.spec, None):
                    opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    seen: set[str] = set()
    for zone in ("hand", "character_deck"):
        for oid in g.zone(p, zone):
            key = g.objects[oid].card.key
            if key in seen:
                continue
            c = g.chars(oid)
            ts = c["types"]
            if zone == "hand" and "character" in ts or zone == "character_deck" and "character" not in ts:
                continue
            if not (main or has_kw(c.get("keywords", ()), "swiftcast")):
                continue
            if nova.card_playable(g, p, oid):
                seen.add(key)
                opts.append((f"play {key}", ("play", oid)))
            if c.get("alt_cost") is not None and nova.card_playable(g, p, oid, alt=True):
                seen.add(key)
                opts.append((f"play {key} with alternative cost", ("play", oid, "alt")))
            eff = c.get("effect")
            if eff is not None and eff.spec.get("optional_cost") and nova.card_playable(g, p, oid, optional=True):
                seen.add(key)
                opts.append((f"play {key} with additional cost", ("play", oid, "optional")))
    if main and not g.record.get(f"{p}:energy_set"):
        setk: set[str] = set()
        for oid in g.zone(p, "hand"):
            key = g.objects[oid].card.key
            if key not in setk:
                setk.add(key)
                opts.append((f"set energy {key}", ("set", oid)))
    return opts


timing_ok = nova.timing_ok


def _original_rules_checks(g: Any) -> tuple[bool, bool]:
    """503 (a servant to destroy) and 505 (two cards of one name), by scanning the fields."""
    destroy = False
    for oid in list(g.zone(0, "field")) + list(g.zone(1, "field")):
        o, c = g.objects[oid], g.chars(oid)
        if "servant" in c["types"] and not o.get("destroyed"):
            hp = c.get("def") or 0
            destroy = destroy or hp <= 0 or o.get("damage", 0) >= hp
    same = False
    for p in (0, 1):
        names = [g.chars(x)["name"] for x in g.zone(p, "field")
                 if "character" in g.chars(x)["types"] or has_kw(g.chars(x).get("keywords", ()), "unique")]
        same = same or len(names) != len(set(names))
    return destroy, same


@pytest.mark.parametrize("seed", [3, 8])
def test_nova_priority_windows_and_rules_checks_as_before(seed: int) -> None:
    windows = 0
    for g in _states("nova", seed):
        for p in (0, 1):
            expected = _original_priority_options(g, p, nova.main_timing(g, p))
            assert nova.priority_options(g, p) == expected, (seed, g.turn, p)
            windows += 1
        assert (nova._servant_to_destroy(g), nova._same_names(g)) == _original_rules_checks(g)
    assert windows > 100


class _CloneEveryOption(MctsAgent):
    """The rollout step as it was: every option tried on a clone."""

    def _greedy_step(self, g: Any, d: Any, evaluate: Any) -> Any:
        p, n, first = d.player, len(d.options), passive(d)
        cands: Any = range(n)
        if n > self.width:
            order = list(range(n))
            self.rng.shuffle(order)
            cands = [first] + [i for i in order if i != first][:self.width - 1]
        best, top = None, -1.0
        for i in cands:
            h = g.clone()
            h.decide(i)
            v = evaluate(h, p)
            if best is None or v > top + 1e-9:
                best, top = h, v
        return best


@pytest.mark.parametrize("game_id", ["nova", "caster"])
def test_rollout_steps_reach_the_states_of_clones(game_id: str) -> None:
    evaluate = evaluation_for(game_id)
    now, before = MctsAgent(5), _CloneEveryOption(5)
    steps = 0
    for k, g in enumerate(_states(game_id, 4, limit=120)):
        if k % 4 or len(g.pending.options) < 2:
            continue
        inf = InfoSet.of(g, g.pending.player)
        a, b = inf.sample(k), inf.sample(k)
        for _ in range(6):  # a few steps of a rollout from this determinization
            if a.result is not None or a.pending is None:
                break
            d = a.pending
            if len(d.options) < 2:
                a.decide(0)
                b.decide(0)
                continue
            a, b = now._greedy_step(a, d, evaluate), before._greedy_step(b, b.pending, evaluate)
            assert a.fingerprint() == b.fingerprint() and now.rng.state == before.rng.state
            steps += 1
    assert steps > 20


def test_search_answers_as_with_every_option_cloned() -> None:
    """A whole search decision: the same option, the same statistics."""
    for k, g in enumerate(_states("nova", 6, limit=60)):
        if k % 10 or len(g.pending.options) < 2:
            continue
        view = {"infoset": InfoSet.of(g, g.pending.player)}
        a, b = MctsAgent(k, iterations=4), _CloneEveryOption(k, iterations=4)
        assert a.choose(view, g.pending) == b.choose(view, g.pending)
        assert a.rng.state == b.rng.state and a.last_reach == b.last_reach


def test_layer_order_as_with_every_signature_found_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 909.3a: what an effect applies to, found once per layer, gives the characteristics
    that finding it again for its signature gave."""
    from tcgjudge.kernel.layers import compute_layers

    rules_cls = type(next(_states("nova", 3)).rules)
    original = rules_cls.effect_signature
    given = []

    def counting(self: Any, g: Any, eff: Any, view: Any, affected: Any = None) -> Any:
        given.append(affected is not None)
        return original(self, g, eff, view, affected)

    def afresh(self: Any, g: Any, eff: Any, view: Any, affected: Any = None) -> Any:
        return original(self, g, eff, view)

    compared = 0
    for seed in (3, 8, 11):
        for k, g in enumerate(_states("nova", seed)):
            if k % 3:
                continue
            monkeypatch.setattr(rules_cls, "effect_signature", counting)
            fast = compute_layers(g)
            monkeypatch.setattr(rules_cls, "effect_signature", afresh)
            assert compute_layers(g) == fast
            compared += 1
    monkeypatch.setattr(rules_cls, "effect_signature", original)
    assert compared > 100 and sum(given) > 20
