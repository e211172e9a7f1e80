"""The PettingZoo AEC environment of a game: agents ``p1``/``p2`` take turns answering decisions.

Observation: ``{"observation": float32 vector, "action_mask": int8 vector}`` — the acting
player's view only (``encoding.py``; ``docs/rl.md``).  Action: ``Discrete(max_options)``, the
index of an option of the pending decision; ``infos[agent]["labels"]`` names the options.
Reward: +1 / -1 to the winner / loser when the game ends, 0 otherwise.  An action that is not
among the options changes nothing: the same agent stays to act, its reward is
``illegal_reward`` and ``infos[agent]["illegal_action"]`` is True.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ...kernel.rng import Rng
from ...kernel.view import view
from .encoding import CLIP
from .match import AGENTS, Match


class TcgAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "tcgjudge_v0", "is_parallelizable": False}

    def __init__(self, game: str, decks: list[Any] | None = None, seed: int | None = None, *,
                 max_options: int = 128, slots: int = 16, max_decisions: int = 20_000,
                 illegal_reward: float = -0.1, render_mode: str | None = None) -> None:
        super().__init__()
        self.match = Match(game, decks, max_options=max_options, slots=slots, max_decisions=max_decisions)
        self.metadata = {**self.metadata, "name": f"tcgjudge_{game}_v0"}
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.possible_agents = list(AGENTS)
        n = self.match.encoder.size
        self._obs_space = {a: spaces.Dict({
            "observation": spaces.Box(-CLIP, CLIP, (n,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (max_options,), dtype=np.int8)}) for a in AGENTS}
        self._act_space = {a: spaces.Discrete(max_options) for a in AGENTS}
        self._rng = Rng(0 if seed is None else seed)
        self.game = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = Rng(seed)
        self.game = self.match.new_game(self._rng)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        g = self.game
        self.match.check(g)
        over = g.result is not None
        cut = not over and self.decisions >= self.match.max_decisions
        for i, a in enumerate(AGENTS):
            if a in self.agents:
                self.infos[a] = {"labels": Match.labels(g, i)}
                if over:
                    self.rewards[a] = Match.reward(g, i)
                    self.terminations[a] = True
                elif cut:
                    self.truncations[a] = True
        if not (over or cut):
            self.agent_selection = AGENTS[g.pending.player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.match.observe(self.game, AGENTS.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if not Match.decide(self.game, action):
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        else:
            self.decisions += 1
            self._after_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return json.dumps(view(self.game, AGENTS.index(self.agent_selection)), indent=1)

    def close(self) -> None:
        self.game = None

