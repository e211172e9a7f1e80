"""The meanings of the grammar rules of the section "SVE cards chosen at random".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  5.18.1: "[number] random [card
type]" is that many cards, each chosen at random among the cards of that kind in the zone named:
"Deal 3 damage to a random enemy follower on the field", "Destroy 2 random enemy followers on the
field", "Reveal 2 random cards from your hand".  No player chooses them, and they are not selected
(10.6.2.3): the assembly (marker ``@random``) writes the instruction ``select_random`` (``ops.py``)
before the action, which then acts on the cards it chose.  Fewer cards than the number: all of them
(1.3.2).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import Sel, k_summon_ref, k_to_ex, k_to_hand

_inline = v_args(inline=True)


def _random(s: Sel, ins: list) -> list:
    return [{"@random": s}] + ins


class RandomCards:
    @_inline
    def random_np(self, n: Any, parts: tuple) -> Sel:
        s = self.np_one({"n": n}, *parts)  # type: ignore[attr-defined]
        if s.each or s.up_to or not isinstance(s.n, int) or s.n < 1:
            raise NoParse("a number of random cards")
        return s

    @_inline
    def deal_random(self, v: Any, s: Sel) -> list:
        return _random(s, self.deal(v, "$it"))  # type: ignore[attr-defined]

    @_inline
    def verb_random(self, verb: Token, s: Any, parts: tuple | None = None) -> list:
        if parts is not None:  # "randomly destroy 1 enemy follower": the count, then the noun phrase
            s = self.random_np(s, parts)
        return _random(s, getattr(self, str(verb).lower())("$it"))

    @_inline
    def summon_random(self, s: Sel) -> list:
        return _random(s, k_summon_ref("$it"))

    @_inline
    def hand_random(self, s: Sel) -> list:
        return _random(s, k_to_hand("$it"))

    @_inline
    def ex_random(self, s: Sel) -> list:
        return _random(s, k_to_ex("$it"))

    @_inline
    def return_random(self, s: Sel) -> list:
        return _random(s, self.return_hand("$it"))  # type: ignore[attr-defined]

    @_inline
    def give_random(self, s: Sel, *rest: Any) -> list:
        return _random(s, self.give_stats("$it", *rest))  # type: ignore[attr-defined]

    @_inline
    def give_random_keywords(self, s: Sel, *rest: Any) -> list:
        return _random(s, self.give_keywords("$it", *rest))  # type: ignore[attr-defined]


__all__ = ["RandomCards"]
