"""The meanings of the grammar rules of the section "SVE card costs" (cost changes on selected
cards, counters as costs and amounts).

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "It costs 0 to play this turn.", "They cost 0 play points to play this turn." after the cards
  were selected, searched or put somewhere (10.2.1.3.3: a change of how the card is handled when
  played; 10.10.2.4: a cost set to a value is applied before the increases and decreases): the
  instruction ``set_stats`` with ``cost_set``, read by ``SVERules.card_costs``; kept on a card in
  the hand, the EX area and as it is played (``_Asm.check_changed``, ``procedures.moves.is_cost_change``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import definite_ref

_inline = v_args(inline=True)


class CardCosts:
    """Semantics of cost changes on selected cards and counters (a mixin of ``SveSemantics``)."""

    @_inline
    def cost_set_turn(self, w: Any, n: Token, *rest: Any) -> list:
        until = rest[-1] if rest and isinstance(rest[-1], str) and not isinstance(rest[-1], Token) else None
        if until is None or not str(n).isdigit():
            raise NoParse("a cost set to a value: for how long")
        # 10.2.1.3.3, 10.10.2.4: the cost of playing the card becomes N, then its changes apply
        return [{"set_stats": {"what": definite_ref(w), "cost_set": int(str(n)), "until": until}}]


__all__ = ["CardCosts"]
