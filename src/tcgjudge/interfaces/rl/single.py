"""The Gymnasium environment of a game: one learner's seat against an opponent agent.

The opponent is any agent of ``tcgjudge.agents.AGENTS`` (``random``, ``greedy``, ``mcts``); it
answers its own decisions between the learner's steps, seeing only its own view.  Observation
and actions as in the PettingZoo environment (``aec.py``); ``action_masks()`` gives the mask
for maskable policies (sb3-contrib's MaskablePPO).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ...agents import act, make_agent
from ...kernel.rng import Rng
from ...kernel.view import view
from .encoding import CLIP
from .match import AGENTS, Match


class TcgGymEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, decks: list[Any] | None = None, opponent: str = "random", seat: str = "p1",
                 seed: int | None = None, *, max_options: int = 128, slots: int = 16,
                 max_decisions: int = 20_000, illegal_reward: float = -0.1, render_mode: str | None = None) -> None:
        if seat not in AGENTS:
            raise ValueError(f"seat: expected p1 or p2, got {seat!r}")
        self.match = Match(game, decks, max_options=max_options, slots=slots, max_decisions=max_decisions)
        self.me = AGENTS.index(seat)
        self.opponent_name = opponent
        make_agent(opponent)  # an unknown agent name is an error now, not at the first reset
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        n = self.match.encoder.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-CLIP, CLIP, (n,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (max_options,), dtype=np.int8)})
        self.action_space = spaces.Discrete(max_options)
        self._rng = Rng(0 if seed is None else seed)
        self.game = None

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = Rng(seed)
        self.game = self.match.new_game(self._rng)
        self.opponent = make_agent(self.opponent_name, self._rng.below(2**31))
        self.decisions = 0
        self._play_opponent()
        return self._obs(), self._info()

    def _play_opponent(self) -> None:
        g, opp = self.game, self.opponent
        while g.result is None and g.pending.player != self.me and self.decisions < self.match.max_decisions:
            g.decide(act(opp, g, full_view=False))
            self.decisions += 1
        self.match.check(g)

    def _obs(self) -> dict[str, np.ndarray]:
        return self.match.observe(self.game, self.me)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"labels": Match.labels(self.game, self.me), **extra}

    def action_masks(self) -> np.ndarray:
        return self._obs()["action_mask"].astype(bool)

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        g = self.game
        if g is None or g.result is not None:
            raise RuntimeError("step() after the episode ended: call reset()")
        if not Match.decide(g, action):
            return self._obs(), self.illegal_reward, False, False, self._info(illegal_action=True)
        self.decisions += 1
        self._play_opponent()
        over = g.result is not None
        cut = not over and self.decisions >= self.match.max_decisions
        return self._obs(), Match.reward(g, self.me), over, cut, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        import json

        return json.dumps(view(self.game, self.me), indent=1)

