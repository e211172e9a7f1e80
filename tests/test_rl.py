"""The research interfaces: PettingZoo, Gymnasium and OpenSpiel environments of every game."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgjudge.agents import make_agent
from tcgjudge.games import registry
from tcgjudge.kernel.infoset import InfoSet
from tcgjudge.kernel.rng import Rng
from tcgjudge.kernel.view import view
from tcgjudge.rl import gym_env, openspiel_game, pettingzoo_env, register_gymnasium

GAMES = registry.available()


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed(game):
    from pettingzoo.test import api_test, seed_test

    api_test(pettingzoo_env(game, seed=1), num_cycles=200)
    seed_test(lambda: pettingzoo_env(game, seed=1), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_whole_game(game):
    """A whole game through the AEC loop: masks match the options, labels are given, one winner."""
    env = pettingzoo_env(game, seed=4)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    steps, final = 0, {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(info["labels"]) == len(env.game.pending.options)
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    g = env.game
    assert g.result is not None and steps == len(g.history)
    if g.result != "draw":
        assert final == {f"p{g.result + 1}": 1.0, f"p{2 - g.result}": -1.0}


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_changes_nothing(game):
    env = pettingzoo_env(game, seed=2, illegal_reward=-0.5)
    env.reset()
    agent = env.agent_selection
    before = list(env.game.history)
    n = len(env.game.pending.options)
    env.step(n)  # one past the last option: masked out
    assert env.game.history == before and env.agent_selection == agent
    assert env.rewards[agent] == -0.5 and env.infos[agent]["illegal_action"]


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_and_episode(game):
    from gymnasium.utils.env_checker import check_env

    env = gym_env(game, seed=1)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        assert (env.action_masks() == obs["action_mask"].astype(bool)).all()
        assert obs["action_mask"].sum() == len(info["labels"]) > 0
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = term or trunc
    assert reward in (-1.0, 0.0, 1.0)


def test_gymnasium_registration_and_opponents():
    import gymnasium

    ids = register_gymnasium()
    assert set(ids) == {f"tcgjudge/{g}-v0" for g in GAMES}
    env = gymnasium.make(ids[0], opponent="random", seed=3)
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    with pytest.raises(ValueError, match="unknown agent"):
        gym_env(GAMES[0], opponent="nobody")
    with pytest.raises(ValueError, match="seat"):
        gym_env(GAMES[0], seat="p3")


def _random_states(game: str, seed: int, every: int = 7, limit: int = 300):
    """States along a random game (every ``every``-th decision)."""
    pkg = registry.get(game)
    names = pkg.shipped_decks()
    g = pkg.new_game([pkg.load_deck(names[seed % len(names)]), pkg.load_deck(names[(seed + 1) % len(names)])],
                     seed, auto=True)
    agent = make_agent("random", seed)
    n = 0
    while g.result is None and n < limit:
        if n % every == 0:
            yield g
        g.decide(agent.choose({}, g.pending))
        n += 1


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_permuting_hidden_cards_never_changes_an_observation(game, seed):
    """Re-dealing every card a player cannot see (kernel.infoset) leaves that player's view and
    observation unchanged; the other player's view does change, so the permutation is real."""
    env = pettingzoo_env(game, seed=0)
    enc = env.match.encoder
    rng = Rng(seed)
    changed = 0
    for g in _random_states(game, seed):
        for p in (0, 1):
            h = InfoSet.of(g, p).sample(rng.next64())
            assert view(h, p) == view(g, p)
            assert np.array_equal(enc.encode(view(h, p)), enc.encode(view(g, p)))
            assert h.card_count() == g.card_count()
            changed += view(h, 1 - p) != view(g, 1 - p)
    assert changed > 0


def test_too_many_options_is_an_error():
    env = pettingzoo_env(GAMES[0], seed=0, max_options=2)
    with pytest.raises(ValueError, match="max_options"):
        env.reset()
        for _ in range(200):
            env.step(0) if not (env.terminations[env.agent_selection]) else env.step(None)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_simulation(game):
    import pyspiel

    g = openspiel_game(game, seed=11)
    assert g.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)
    s = g.new_initial_state()
    p = s.current_player()
    assert s.information_state_string(p) != s.information_state_string(1 - p)
    assert len(s.observation_tensor(p)) == g.observation_tensor_size()
    assert [s.action_to_string(p, a) for a in s.legal_actions()] == s.engine.pending.labels


def test_openspiel_ismcts_plays_a_whole_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = "sve" if "sve" in GAMES else GAMES[0]
    g = openspiel_game(game, seed=5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1), max_length=10)
    bot = ismcts.ISMCTSBot(g, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2))
    s = g.new_initial_state()
    rs = np.random.RandomState(3)
    while not s.is_terminal():
        s.apply_action(bot.step(s) if s.current_player() == 0 else int(rs.choice(s.legal_actions())))
    assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])
