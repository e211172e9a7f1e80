"""``tcgjudge.rl``: the research interfaces (PettingZoo, Gymnasium, OpenSpiel), see ``docs/rl.md``."""

from .interfaces.rl import gym_env, openspiel_game, pettingzoo_env, register_gymnasium

__all__ = ["gym_env", "openspiel_game", "pettingzoo_env", "register_gymnasium"]
