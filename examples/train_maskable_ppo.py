"""Train a masked policy (sb3-contrib's MaskablePPO) on The Caster Chronicles against the random agent.

    pip install -e '.[rl]' torch sb3-contrib
    python examples/train_maskable_ppo.py --steps 20000 --eval 100

It trains for ``--steps`` environment steps (a few minutes on one core), then plays ``--eval``
games with the trained policy (masked, deterministic) and with a random masked policy, and
prints both win rates with 95% intervals.  This is an example, not a test: torch is heavy.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from sb3_contrib import MaskablePPO

from tcgjudge.rl import gym_env


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def play(env, n: int, choose) -> int:
    wins = 0
    for i in range(n):
        obs, _ = env.reset(seed=10_000 + i)
        done, reward = False, 0.0
        while not done:
            obs, reward, term, trunc, _ = env.step(choose(obs, env))
            done = term or trunc
        wins += reward > 0
    return wins


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="caster")
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--eval", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    env = gym_env(args.game, opponent="random", seed=args.seed)
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, n_steps=512, batch_size=128, verbose=0)
    t = time.time()
    model.learn(total_timesteps=args.steps)
    print(f"trained {args.steps} steps in {time.time() - t:.0f} s")
    rng = np.random.default_rng(args.seed)

    def trained(obs, e):
        action, _ = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
        return int(action)

    def random_policy(obs, e):
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    for name, policy in (("trained", trained), ("random", random_policy)):
        wins = play(env, args.eval, policy)
        lo, hi = wilson(wins, args.eval)
        print(f"{name:8} vs random: {wins}/{args.eval} wins ({wins / args.eval:.0%}, 95% interval {lo:.0%}-{hi:.0%})")


if __name__ == "__main__":
    main()
