"""Each game as an OpenSpiel Python game: sequential, imperfect information, sampled stochastic.

``register(game)`` registers ``python_tcgjudge_GAME`` with ``pyspiel``; load it with
``pyspiel.load_game("python_tcgjudge_caster")`` (parameters ``seed``, ``deck1``, ``deck2``,
``max_options``).  The engine's own seeded randomness stands for chance (no chance nodes): the
``n``-th initial state of a game object uses seed ``seed + n``.  Actions are option indexes;
``information_state_string(p)`` is player ``p``'s view with its game log (perfect recall),
``observation_string(p)`` the view without the log, ``observation_tensor(p)`` the encoding of
``encoding.py``.  ``resample_from_infostate(p, sampler)`` re-deals the cards ``p`` cannot see
(``kernel.infoset``), which is what OpenSpiel's ISMCTS bot needs.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ...games import registry
from ...kernel.infoset import InfoSet
from ...kernel.rng import Rng
from ...kernel.view import view
from .match import Match

PREFIX = "python_tcgjudge_"
MAX_GAME_LENGTH = 20_000


class _Box:
    """Holds the engine's game inside an OpenSpiel state; OpenSpiel's clone (a deep copy) clones it."""

    __slots__ = ("g",)

    def __init__(self, g: Any) -> None:
        self.g = g

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.g.clone())


def _game_type(game: str, defaults: dict[str, Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + game, long_name=f"tcgjudge {registry.get(game).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=defaults)


DEFAULTS = {"seed": 0, "deck1": "", "deck2": "", "max_options": 128}


class TcgSpielGame(pyspiel.Game):
    """One game id's OpenSpiel game; ``register`` makes a subclass per game id."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, defaults = self.game_id, DEFAULTS
        p = {**defaults, **(params or {})}
        decks = [p["deck1"], p["deck2"]]
        self.match = Match(game, None if decks == ["", ""] else decks, max_options=int(p["max_options"]))
        info = pyspiel.GameInfo(num_distinct_actions=int(p["max_options"]), max_chance_outcomes=0, num_players=2,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(game, defaults), info, p)
        self._seed = int(p["seed"])
        self._made = 0

    def new_initial_state(self) -> TcgSpielState:
        rng = Rng(self._seed + self._made)
        self._made += 1
        return TcgSpielState(self, self.match.new_game(rng))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TcgObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TcgObserver(self.match, perfect_recall)


class TcgSpielState(pyspiel.State):
    def __init__(self, game: TcgSpielGame, g: Any) -> None:
        super().__init__(game)
        self._box = _Box(g)
        self._match = game.match

    @property
    def engine(self) -> Any:
        """The engine's game this state wraps (read-only use)."""
        return self._box.g

    def current_player(self) -> int:
        g = self._box.g
        if g.result is not None or len(g.history) >= MAX_GAME_LENGTH:
            return pyspiel.PlayerId.TERMINAL
        return g.pending.player

    def _legal_actions(self, player: int) -> list[int]:
        d = self._box.g.pending
        if d is None or d.player != player:
            return []
        if len(d.options) > self._match.encoder.max_options:
            raise pyspiel.SpielError(f"{len(d.options)} options, more than max_options")
        return list(range(len(d.options)))

    def _apply_action(self, action: int) -> None:
        if not Match.decide(self._box.g, action):
            raise pyspiel.SpielError(f"action {action} is not an option of the pending decision")

    def _action_to_string(self, player: int, action: int) -> str:
        d = self._box.g.pending
        if d is not None and 0 <= action < len(d.options):
            return d.options[action][0]
        return f"option {action}"

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        g = self._box.g
        return [Match.reward(g, 0), Match.reward(g, 1)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TcgSpielState:
        seed = int(probability_sampler() * 2**62)
        out = self.clone()
        out._box = _Box(InfoSet.of(self._box.g, player_id).sample(seed))
        return out

    def __str__(self) -> str:
        g = self._box.g
        return f"{g.rules.game_id} turn {g.turn} {g.phase} {g.step} decisions {len(g.history)} result {g.result}"


class TcgObserver:
    """OpenSpiel's observer: the view of one player as a tensor (``encoding.py``) and a string."""

    def __init__(self, match: Match, perfect_recall: bool) -> None:
        self.match = match
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(match.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TcgSpielState, player: int) -> None:
        self.tensor[:] = self.match.encoder.encode(view(state.engine, player))

    def string_from(self, state: TcgSpielState, player: int) -> str:
        v = view(state.engine, player)
        if not self.perfect_recall:
            v.pop("log", None)
        return json.dumps(v, sort_keys=True, separators=(",", ":"))


def register(game: str) -> str:
    """Register ``game`` with OpenSpiel (once); returns its OpenSpiel name."""
    name = PREFIX + game
    if name in pyspiel.registered_names():
        return name
    registry.get(game)  # an unknown game is an error here
    cls = type(f"TcgSpielGame_{game}", (TcgSpielGame,), {"game_id": game})
    pyspiel.register_game(_game_type(game, DEFAULTS), cls)
    return name


def openspiel_game(game: str, **params: Any) -> Any:
    """The OpenSpiel game of ``game`` with ``params`` (``seed``, ``deck1``, ``deck2``, ``max_options``)."""
    return pyspiel.load_game(register(game), params)
