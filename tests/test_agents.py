"""Agents: information sets, determinization, greedy and MCTS (DESIGN principle 9)."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgjudge.agents import AGENTS, GreedyAgent, MctsAgent, act, make_agent, observation, parse_spec
from tcgjudge.agents.evaluation import evaluation_for, passive, settle
from tcgjudge.agents.mcts import Node
from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game
from tcgjudge.kernel.infoset import HIDDEN, InfoSet
from tcgjudge.kernel.rng import Rng
from tcgjudge.kernel.view import view


def midgame(game: str, seed: int, steps: int):
    """A game after ``steps`` random decisions (or at its end)."""
    pkg = registry.get(game)
    names = pkg.shipped_decks()
    g = pkg.new_game([pkg.load_deck(names[seed % len(names)]), pkg.load_deck(names[(seed + 1) % len(names)])],
                     seed, auto=True)
    rng = Rng(seed)
    for _ in range(steps):
        if g.result is not None:
            break
        g.decide(rng.below(len(g.pending.options)))
    return g


def permuted(g, viewer: int, rng: Rng):
    """``g`` with the cards ``viewer`` cannot see shuffled among the objects of their pool: a game
    ``viewer`` cannot tell from ``g``."""
    h = g.clone()
    pools = getattr(h.rules, "hidden_pools", {})
    groups: dict = {}
    for o in h.objects.values():
        if not h.rules.can_see(h, o, viewer):
            groups.setdefault((o.owner, pools.get(o.zone, o.zone)), []).append(o.id)
    for ids in groups.values():
        cards = [h.objects[i].card for i in ids]
        rng.shuffle(cards)
        for i, c in zip(ids, cards):
            h.w(i).card = c
    h.derived = {}
    h._cc = h._mc = None
    return h, sum(len(v) for v in groups.values())


@pytest.mark.parametrize("game", ["caster", "sve"])
def test_infoset_holds_no_hidden_card_and_samples_look_the_same(game: str) -> None:
    g = midgame(game, 3, 40)
    p = g.pending.player
    inf = InfoSet.of(g, p)
    hidden = [o for o in g.objects.values() if not g.rules.can_see(g, o, p)]
    assert hidden and inf.hidden_count() == len(hidden)
    for o in hidden:
        assert inf.base.objects[o.id].card is HIDDEN
    assert g.objects[hidden[0].id].card is not HIDDEN  # the real game is untouched
    # nothing that would replay the game: no seed, no generator state, no answers
    assert inf.base.seed == 0 and "seed" not in inf.base.info and "decks" not in inf.base.info
    assert inf.base.rng.state == 0 and set(inf.base.history) <= {0} and len(inf.base.history) == len(g.history)
    want = view(g, p)
    keys = set()
    for seed in range(4):
        s = inf.sample(seed)
        assert view(s, p) == want  # consistent with everything the player sees
        keys.add(tuple(s.objects[o.id].card.key for o in hidden))
        assert s.fingerprint() == inf.sample(seed).fingerprint()  # equal seeds, equal samples
    assert len(keys) > 1  # and the hidden cards are dealt anew


@pytest.mark.parametrize("game", ["caster", "sve"])
def test_samples_play_on_to_the_end(game: str) -> None:
    g = midgame(game, 5, 30)
    s = InfoSet.of(g, g.pending.player).sample(11)
    rng = Rng(2)
    for _ in range(5000):
        if s.result is not None:
            break
        s.decide(rng.below(len(s.pending.options)))
    assert s.result is not None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["caster", "sve"]), seed=st.integers(0, 50), steps=st.integers(0, 60),
       shuffle=st.integers(0, 2**32))
def test_permuting_hidden_cards_never_changes_a_choice(game: str, seed: int, steps: int, shuffle: int) -> None:
    g = midgame(game, seed, steps)
    if g.result is not None:
        return
    p = g.pending.player
    h, n_hidden = permuted(g, p, Rng(shuffle))
    assert n_hidden > 0
    assert view(h, p) == view(g, p)
    a, b = InfoSet.of(g, p), InfoSet.of(h, p)
    assert a.sample(9).fingerprint() == b.sample(9).fingerprint()
    for make in (lambda: MctsAgent(seed, iterations=12), lambda: GreedyAgent(seed)):
        assert make().choose(observation(make(), g, p), g.pending) == make().choose(observation(make(), h, p),
                                                                                      h.pending)


def test_mcts_keeps_its_budgets() -> None:
    g = midgame("sve", 2, 10)
    while len(g.pending.options) < 3:
        g.decide(passive(g.pending))
    ag = MctsAgent(1, iterations=25)
    i = ag.choose(observation(ag, g, g.pending.player), g.pending)
    assert 0 <= i < len(g.pending.options) and ag.last_iterations == 25
    ag = make_agent("mcts:0.2s", 1)
    t0 = time.perf_counter()
    ag.choose(observation(ag, g, g.pending.player), g.pending)
    assert time.perf_counter() - t0 < 1.5 and ag.last_iterations >= 1
    # a search agent asked without its information set says how to ask it
    for agent in (MctsAgent(1), GreedyAgent(1)):
        with pytest.raises(ValueError, match=r"needs its player's information set .*agents.act"):
            agent.choose(view(g, g.pending.player), g.pending)


def test_agent_specs() -> None:
    assert set(AGENTS) >= {"random", "greedy", "mcts"}
    assert parse_spec("mcts:300") == ("mcts", {"iterations": 300})
    assert parse_spec("mcts:0.5s") == ("mcts", {"seconds": 0.5, "iterations": 1_000_000})
    assert make_agent("mcts", interactive=True).seconds == 1.0
    for bad, msg in (("genius", "unknown agent 'genius'"), ("mcts:0", "positive whole number"),
                     ("mcts:fast", "positive whole number"), ("greedy:3", "only mcts takes a budget")):
        with pytest.raises(ValueError, match=msg):
            make_agent(bad)


@pytest.mark.parametrize("game", ["caster", "sve", "nova"])
def test_evaluation_is_a_probability_and_ends_at_the_result(game: str) -> None:
    ev = evaluation_for(game)
    g = midgame(game, 1, 50)
    for p in (0, 1):
        assert 0.0 <= ev(g, p) <= 1.0
    g = midgame(game, 1, 5000)
    assert g.result in (0, 1)
    assert ev(g, g.result) == 1.0 and ev(g, 1 - g.result) == 0.0


def wins(game: str, a: str, b: str, n: int) -> int:
    """Games agent ``a`` wins against ``b`` over ``n`` games, seats alternating."""
    pkg = registry.get(game)
    names = pkg.shipped_decks()
    won = 0
    for s in range(n):
        decks = [pkg.load_deck(names[(s // 2) % len(names)]), pkg.load_deck(names[(s // 2 + 1) % len(names)])]
        seats = [a, b] if s % 2 == 0 else [b, a]
        _, rec = play_game(pkg, decks, 100 + s // 2, seats)
        won += rec.result == (0 if s % 2 == 0 else 1)
    return won


def test_greedy_beats_random_at_sve() -> None:
    assert wins("sve", "greedy", "random", 8) >= 7


def test_nova_evaluation_counts_life_and_servants() -> None:
    ev = evaluation_for("nova")
    assert ev.__name__ == "nova"  # NOVA's own, not the finished-game fallback
    def servants_of(g):
        return [o for o in g.objects.values() if o.zone == "field" and "servant" in g.chars(o.id)["types"]]

    # a position of a game still going on with a servant on the field
    g = next(g for seed in range(4, 40) for g in [midgame("nova", seed, 40)]
             if g.result is None and servants_of(g))
    p = g.pending.player
    before = ev(g, p)
    h = g.clone()
    h.rules.set_life(h, 1 - p, h.rules.life(h, 1 - p) - 500, None)  # the opponent loses life
    assert ev(h, p) > before and ev(h, 1 - p) < ev(g, 1 - p)
    h = g.clone()
    h.rules.set_life(h, p, 0, None)
    assert ev(h, p) < before
    o = servants_of(g)[0]  # a servant on the field is worth something to its controller
    h = g.clone()
    h.move(o.id, "graveyard")
    assert ev(h, o.controller) < ev(g, o.controller)


def test_greedy_beats_random_at_nova() -> None:
    assert wins("nova", "greedy", "random", 6) >= 5


def test_mcts_searches_past_the_end_of_the_turn() -> None:
    """The search goes on into the opponent's reply (the next turn) by default; with
    ``horizon=0`` it stops at the end of the current turn."""
    g = midgame("sve", 2, 10)
    while len(g.pending.options) < 3:
        g.decide(passive(g.pending))
    for horizon in (0, 1):
        ag = MctsAgent(1, iterations=12, horizon=horizon)
        ag.choose(observation(ag, g, g.pending.player), g.pending)
        assert ag.last_reach == horizon + 1  # turn ends crossed


def test_clones_of_a_sample_play_alike() -> None:
    """Search plays many options on clones of one sample: each must play as the sample would.
    (A sample that lost the set of the game's cards rebuilt it from the first object created in a
    clone, and the other clones then skipped the triggers of every other card.)"""
    g = midgame("sve", 2, 10)
    while len(g.pending.options) < 3:
        g.decide(passive(g.pending))
    sample = InfoSet.of(g, g.pending.player).sample(5)
    for i in range(len(sample.pending.options)):
        a, b = sample.clone(), sample.clone()
        a.decide(i)
        b.decide(i)
        assert a.fingerprint() == b.fingerprint() and a.log == b.log


@pytest.mark.parametrize("settled", [False, True])
def test_mcts_orders_the_options_best_first(settled: bool) -> None:
    """A node's options are ordered by their evaluation one decision later (at the root, after
    the position settles, as greedy judges them), best first."""
    g = midgame("sve", 2, 10)
    while len(g.pending.options) < 3:
        g.decide(passive(g.pending))
    d, p = g.pending, g.pending.player
    ev = evaluation_for("sve")
    sample = InfoSet.of(g, p).sample(7)
    order = MctsAgent(3)._order(sample, sample.pending, ev, settled=settled)
    assert sorted(order) == sorted(d.labels)
    values = []
    for lab in order:
        h = sample.clone()
        h.decide(sample.pending.labels.index(lab))
        if settled:
            settle(h, 10)
        values.append(ev(h, p))
    assert values == sorted(values, reverse=True)


def test_mcts_widens_progressively() -> None:
    """Progressive widening: with one iteration the search answers the first option of the root's
    order; with ``widen`` w a node with v visits tries only the first 1 + w*sqrt(v) options of its
    order, so a small budget compares the likely best options on several playouts each; with
    ``widen=0`` every option is tried once before any twice."""
    g = midgame("sve", 2, 10)
    while len(g.pending.options) < 4:
        g.decide(passive(g.pending))
    d, p = g.pending, g.pending.player
    ev = evaluation_for("sve")
    ag = MctsAgent(3, iterations=1)
    sample = InfoSet.of(g, p).sample(Rng(3 ^ 0x3C75).next64())  # the determinization it will draw
    order = ag._order(sample, sample.pending, ev, settled=True)
    assert d.labels[ag.choose(observation(ag, g, p), d)] == order[0]
    node = Node(p)
    node.order = order[::-1]
    for widen, visits, tried in ((0.5, 0, 1), (0.5, 3, 1), (0.5, 4, 2), (1.0, 4, 3), (1.0, 100, len(order)),
                                 (0.0, 0, len(order))):
        node.visits = visits
        assert MctsAgent(3, widen=widen)._candidates(node, d.labels) == order[::-1][:tried]
    # options the order never saw (absent from the determinization it was made on) come last
    node.order = order[1:]
    assert MctsAgent(3, widen=0)._candidates(node, d.labels) == order[1:] + order[:1]


def test_act_answers_single_options_without_asking() -> None:
    class Never:
        needs_infoset = True

        def choose(self, v, d):  # pragma: no cover - must not be called
            raise AssertionError("asked a single-option question")

    g = midgame("caster", 0, 0)
    from tcgjudge.kernel.decisions import Decision

    g.pending = Decision(g.pending.player, "x", "only one", [("pass", None)])
    assert act(Never(), g) == 0


def test_mcts_keeps_the_tree_of_the_option_it_answered() -> None:
    """The next decision of the same player, right after its answer in the same turn, starts from
    the subtree of that answer (its visits count towards the budget, at least half of which is
    searched anew); after any other answer, or with ``reuse=False``, the search starts afresh."""
    g = midgame("sve", 2, 10)
    for reuse in (True, False):
        h = g.clone()
        ag = MctsAgent(1, iterations=12, reuse=reuse)
        kept = []
        for _ in range(12):
            if h.result is not None:
                break
            d = h.pending
            if len(d.options) == 1 or d.player != h.active:
                h.decide(passive(d))  # an answer the agent did not give: its tree is not kept
                continue
            before = len(h.history)
            i = ag.choose(observation(ag, h, d.player), d)
            kept.append(ag.last_reused)
            assert ag.last_iterations == (12 if ag.last_reused == 0 else max(12 - ag.last_reused, 6))
            h.decide(i)
            assert len(h.history) == before + 1
        assert kept
        if reuse:
            assert any(k > 0 for k in kept)
        else:
            assert all(k == 0 for k in kept)
    # asked again at the position it searched (no answer since): a fresh tree
    h = g.clone()
    while len(h.pending.options) < 3:
        h.decide(passive(h.pending))
    ag = MctsAgent(1, iterations=8)
    ag.choose(observation(ag, h, h.pending.player), h.pending)
    assert ag._kept is not None
    ag.choose(observation(ag, h, h.pending.player), h.pending)
    assert ag.last_reused == 0 and ag.last_iterations == 8
