"""The meanings of the grammar rules of the section "SVE statics: passive rule changes".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "This card doesn't refresh during your start phase." and "Each X on your field doesn't refresh
  during its controller's start phase" (7.2.3 with 10.3: the keyword ``no_start_refresh``, which the
  start phase reads);
- "Change each enemy leader's defense to 6." (5.26.2 with 2.8: the instruction ``leader_def`` with
  ``set``);
- "you win the game", "your opponent loses the game" (1.2.4: the instructions ``win`` and
  ``lose_game``), and the trigger "When this follower deals attack damage to an enemy leader"
  (5.13.3.1: a damage event of the kind ``attack``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from . import assembly as tc
from .trigger_events import _RECEIVERS

_inline = v_args(inline=True)

#: 2.8: whose leader a possessive names
_LEADER_OWNER = {"each enemy leader's": "enemy", "the enemy leader's": "enemy", "your opponent's leader's": "enemy",
                 "your leader's": "you", "each leader's": "each"}


class Statics:
    """Semantics of passive rule changes (a mixin of ``SveSemantics``)."""

    # -- refreshing in the start phase (7.2.3) -------------------------------------------------------
    @_inline
    def st_self_no_start_refresh(self, *_: Token) -> list:
        return tc.st_ref_have("self", ["no_start_refresh"])

    @_inline
    def st_no_start_refresh(self, s: Any, _dont: Token, whose: Token, _phase: Token) -> list:
        # "your start phase" names the cards of the ability's controller only: another player's
        # cards are never refreshed in it (7.2.3: the active player refreshes their own field)
        if str(whose).lower() == "your" and s.filt.get("controller") != "you":
            raise NoParse("another player's cards in your start phase")
        return tc.st_have(s, ["no_start_refresh"])

    # -- a leader's defense set (5.26.2) ---------------------------------------------------------------
    @_inline
    def set_leader_def(self, whose: Token, n: Token) -> list:
        return [{"leader_def": {"set": int(str(n)), "player": _LEADER_OWNER[" ".join(str(whose).lower().split())]}}]

    # -- winning and losing (1.2.4) ------------------------------------------------------------------
    @_inline
    def win_game(self, p: str) -> list:
        if p not in ("you", "enemy"):
            raise NoParse(f"{p} wins the game")  # one player, named
        return [{"win": p}]

    @_inline
    def lose_the_game(self, p: str) -> list:
        if p not in ("you", "enemy"):
            raise NoParse(f"{p} loses the game")
        return [{"lose_game": p}]

    # -- attack damage (5.13.3.1) ----------------------------------------------------------------------
    @_inline
    def on_self_attack_damage(self, _w: Token, _noun: Token, *receiver: Token) -> dict:
        pat: dict = {"event": "damage", "subject": "self", "data": {"kind": "attack"}}
        if receiver:
            kind, whose = _RECEIVERS[" ".join(str(receiver[0]).lower().split())]
            pat["data"]["target_type"] = kind
            if whose is not None:
                pat["target"] = {"controller": whose}
        return pat
