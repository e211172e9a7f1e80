"""Environment steps per CPU-second for each research API, next to raw engine decisions.

    python benchmarks/rl_bench.py [--games N] [GAME ...]

For each game: random-vs-random games on the engine itself (``decide`` only), then the same
number of games through the PettingZoo AEC loop (observe + step), the Gymnasium environment
(learner against the random agent; opponent decisions are counted as steps of the engine, not of
the environment) and OpenSpiel (apply_action + observation tensor of the player to move).  All
figures are per CPU-second of this process (``time.process_time``).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tcgjudge.agents import make_agent
from tcgjudge.games import registry
from tcgjudge.kernel.rng import Rng
from tcgjudge.rl import gym_env, openspiel_game, pettingzoo_env


def engine(game: str, n: int) -> tuple[int, float]:
    pkg = registry.get(game)
    names = pkg.shipped_decks()
    rng, steps, t = Rng(1), 0, time.process_time()
    for i in range(n):
        g = pkg.new_game([pkg.load_deck(names[rng.below(len(names))]),
                          pkg.load_deck(names[rng.below(len(names))])], i, auto=True)
        a = make_agent("random", i)
        while g.result is None:
            g.decide(a.choose({}, g.pending))
            steps += 1
    return steps, time.process_time() - t


def random_legal(rng: np.random.Generator, obs: dict) -> int:
    """A uniformly random action among those the observation's mask allows."""
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def aec(game: str, n: int) -> tuple[int, float]:
    env = pettingzoo_env(game, seed=1)
    rng, steps, t = np.random.default_rng(0), 0, time.process_time()
    for i in range(n):
        env.reset(seed=i)
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(random_legal(rng, obs))
            steps += 1
    return steps, time.process_time() - t


def gym(game: str, n: int) -> tuple[int, float]:
    env = gym_env(game, seed=1)
    rng, steps, t = np.random.default_rng(0), 0, time.process_time()
    for i in range(n):
        obs, _ = env.reset(seed=i)
        done = False
        while not done:
            obs, _r, term, trunc, _ = env.step(random_legal(rng, obs))
            steps += 1
            done = term or trunc
    return steps, time.process_time() - t


def spiel(game: str, n: int) -> tuple[int, float]:
    g = openspiel_game(game, seed=1)
    rng, steps, t = np.random.default_rng(0), 0, time.process_time()
    for _ in range(n):
        s = g.new_initial_state()
        while not s.is_terminal():
            s.observation_tensor(s.current_player())
            s.apply_action(int(rng.choice(s.legal_actions())))
            steps += 1
    return steps, time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=registry.available())
    ap.add_argument("--games", dest="n", type=int, default=20, help="games per measurement")
    args = ap.parse_args()
    print(f"{'game':8} {'interface':12} {'steps':>8} {'CPU s':>7} {'steps / CPU s':>14}")
    for game in args.games:
        for name, fn in (("engine", engine), ("pettingzoo", aec), ("gymnasium", gym), ("openspiel", spiel)):
            steps, cpu = fn(game, args.n)
            print(f"{game:8} {name:12} {steps:8d} {cpu:7.2f} {steps / cpu:14,.0f}")


if __name__ == "__main__":
    main()
