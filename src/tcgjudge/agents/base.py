"""The agent interface: an agent sees a player's view and a decision, and picks an option.

Search agents (``needs_infoset = True``) also need full states to look ahead;
they get them only as the player's information set (``view["infoset"]``, a
:class:`~tcgjudge.kernel.infoset.InfoSet`), which holds nothing that player may
not know and deals the hidden cards anew for every sample.  :func:`act` builds
what an agent needs from the game: every runner (terminal, simulator, server)
asks its agents through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..kernel.decisions import Decision
from ..kernel.infoset import InfoSet
from ..kernel.view import view

if TYPE_CHECKING:
    from ..kernel.game import Game


NO_INFOSET = ("the {} agent searches sampled states and needs its player's information set "
              "(view['infoset']): ask it through tcgjudge.agents.act(agent, game)")


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], decision: Decision) -> int:
        """The index of the chosen option."""
        ...


def observation(agent: Any, g: Game, player: int, *, full_view: bool = True) -> dict[str, Any]:
    """What ``agent``, playing ``player``, is shown: the player's view (empty when the agent
    does not read it and ``full_view`` is false) and, for search agents, the information set."""
    v = view(g, player) if full_view or getattr(agent, "needs_view", False) else {}
    if getattr(agent, "needs_infoset", False):
        v["infoset"] = InfoSet.of(g, player)
    return v


def act(agent: Any, g: Game, *, full_view: bool = True) -> int:
    """Ask ``agent`` for its answer to the game's pending decision (an option index)."""
    d = g.pending
    if d is None:
        raise ValueError("no decision is pending")
    if len(d.options) == 1:
        return 0
    return agent.choose(observation(agent, g, d.player, full_view=full_view), d)
