"""The meanings of the grammar rules of the section "SVE card costs" (cost changes on selected
cards, counters as costs and amounts).

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "It costs 0 to play this turn.", "They cost 0 play points to play this turn." after the cards
  were selected, searched or put somewhere (10.2.1.3.3: a change of how the card is handled when
  played; 10.10.2.4: a cost set to a value is applied before the increases and decreases): the
  instruction ``set_stats`` with ``cost_set``, read by ``SVERules.card_costs``; kept on a card in
  the hand, the EX area and as it is played (``_Asm.check_changed``, ``procedures.moves.is_cost_change``);
- "Remove 2 divine water counters from a Soothing Dragonspring on your field:" as a cost (10.4, 15.1.4:
  one card of the player's field that fits and has that many counters; the cost item
  ``counters_from`` of ``procedures/counter_costs.py``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import Sel, definite_ref
from .notation import EOT

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

    @_inline
    def cost_set_rest_of_turn(self, w: Any, n: Token) -> list:
        return self.cost_set_turn(w, n, EOT)  # 7.4.8: "for the rest of this turn"

    @_inline
    def cost_counters_from(self, n: Any, name: Any, _c: Token, s: Any) -> list:
        if not isinstance(s, Sel) or s.each or s.up_to or s.n != 1 or not isinstance(n, int) or n < 1:
            raise NoParse("counters removed from one card")
        f = dict(s.filt)
        # "on your field" (the controller's; 10.4.3): a card elsewhere, or none named, is refused
        if f.get("zone", "field") != "field" or f.get("controller") != "you" or "player" in f:
            raise NoParse("counters removed from a card of another zone or player")
        f.pop("zone", None)
        f.pop("controller", None)
        if "self" in f:
            raise NoParse("counters removed from this card (cost_remove_named_counters)")
        nm = " ".join(str(name).lower().split())
        return [{"counters_from": {"name": nm, "n": n, "filter": f}}]  # 10.4, 15.1.4


__all__ = ["CardCosts"]
