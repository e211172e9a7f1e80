"""The meanings of the grammar rules of the section "SVE leaders as objects" (the end of
``grammar.lark``).

A leader named where a follower may stand (2.8, 4.3, 5.13):

- first object of "deal": "Deal its leader 2 damage", "Destroy it and deal its leader 2 damage"
  (as "Deal 2 damage to its leader");
- "your leader or a follower on your field" as what is selected (as "an enemy leader or enemy
  follower on the field", whose leader or follower is chosen, 8.4.3).

The methods are mixed into :class:`grammar_compiler.SveSemantics`.
"""

from __future__ import annotations

from typing import Any

from lark import v_args

from ...cards.textcompiler import NoParse
from .assembly import Sel

_inline = v_args(inline=True)


class LeaderObjects:
    """Semantics of leaders written as objects (a mixin of ``SveSemantics``)."""

    @_inline
    def deal_leader_first(self, who: dict, n: Any) -> list:
        return self.deal(n, who)  # type: ignore[attr-defined]

    @_inline
    def np_your_leader_or(self, s: Sel) -> Sel:
        # the follower written after "or" is one on your field, one of them (8.4.3: one target)
        if s.filt != {"type": "follower", "controller": "you"} or s.each or s.n != 1 or s.up_to:
            raise NoParse("your leader or: a follower on your field")
        return Sel({"controller": "you", "type": ["leader", "follower"], "zone": ["field", "leader"]})
