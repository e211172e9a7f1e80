"""The meanings of the grammar rules of the section "SVE costs and play conditions".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- an optional additional cost of a spell: "As an additional cost to play this card, you may bury an
  amulet." and "You may play this card for 2 more play points." (10.6.2.2.1: chosen as the card is
  played; 10.6.2.5.1.4: added to its cost), with the conditions that ask whether it was paid: "If
  you paid this card's additional cost", "If you played this card for 2 more play points" (the
  ``may_pay`` cost item and the ``paid`` condition; a condition whose cost the card does not have
  is refused, :func:`check_paid_names`);
- costs paid from the EX area: "banish this card from your EX area", "bury this card from your EX
  area" (10.3.4: the ability works in that zone only), "banish 2 cards named Repair Mode from your
  EX area", "bury a Marine card from your EX area" (5.6, 5.33.1.1: the zone is named);
- "discard this card and a Dragoncraft card that costs 7 or more" (10.4.2.1: both, in that order;
  the ability works from the hand, 10.3.4).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse

_inline = v_args(inline=True)

#: the names the paid conditions of this section give their optional costs
ADDITIONAL = "additional"


def more_pp_name(n: int) -> str:
    return f"more_pp_{n}"


def _int(t: Any) -> int:
    s = str(t)
    if not s.isdigit():
        raise NoParse("a number")
    return int(s)


class PlayCosts:
    """Semantics of costs and play conditions (a mixin of ``SveSemantics``)."""

    # -- optional additional costs (10.6.2.2.1, 10.6.2.5.1.4) ---------------------------------------
    @_inline
    def additional_cost_may(self, costs: list) -> list:
        return [{"may_pay": {"as": ADDITIONAL, "cost": costs}}]

    @_inline
    def additional_pp_may(self, n: Token) -> list:
        k = _int(n)
        if k < 1:
            raise NoParse("0 more play points")
        # 10.6.2.5.1.4: the play points are added to the cost (after the changes to the card's cost)
        return [{"may_pay": {"as": more_pp_name(k), "cost": [{"pp": k}]}}]

    @_inline
    def paid_additional(self) -> dict:
        return {"paid": ADDITIONAL}

    @_inline
    def paid_more_pp(self, n: Token) -> dict:
        return {"paid": more_pp_name(_int(n))}

    # -- costs paid from the EX area (10.3.4, 5.6, 5.33.1.1) -----------------------------------------
    @_inline
    def cost_banish_self_ex(self, _n: Token) -> list:
        return [{"banish": "self", "@from": "ex_area"}]

    @_inline
    def cost_bury_self_ex(self, _n: Token) -> list:
        return [{"bury": "self", "@from": "ex_area"}]

    @_inline
    def cost_banish_from_ex(self, s: Any) -> list:
        return [{"banish": {"n": s.n, "filter": _in_ex(s)}}]

    @_inline
    def cost_bury_from_ex(self, s: Any) -> list:
        return [{"bury": {"n": s.n, "filter": _in_ex(s)}}]

    # -- "discard this card and ..." (10.4.2.1) -----------------------------------------------------
    @_inline
    def cost_discard_self_and(self, _n: Token, s: Any) -> list:
        rest = self.cost_discard(s)  # type: ignore[attr-defined]
        return [{"discard": "self", "@from": "hand"}, *rest]


def _in_ex(s: Any) -> dict:
    f = dict(s.filt)
    if s.each or s.up_to or "zone" in f or f.get("controller", "you") != "you" or f.get("player", "you") != "you":
        raise NoParse("cards of your EX area")
    f.pop("controller", None)
    f["zone"] = "ex_area"
    f["player"] = "you"
    return f


def paid_names(x: Any) -> set[str]:
    """The names of the ``paid`` conditions of this section anywhere in compiled card fields."""
    out: set[str] = set()
    if isinstance(x, dict):
        v = x.get("paid")
        if isinstance(v, str) and (v == ADDITIONAL or v.startswith("more_pp_")):
            out.add(v)
        for y in x.values():
            out |= paid_names(y)
    elif isinstance(x, (list, tuple)):
        for y in x:
            out |= paid_names(y)
    return out


def check_paid_names(fields: dict) -> None:
    """A condition asking whether this card's optional additional cost was paid reads only on a
    card that has that cost (else it would ask about a cost the card does not have)."""
    asked = paid_names(fields)
    if not asked:
        return
    costs = (fields.get("effect") or {}).get("cost") or []
    have = {c["may_pay"].get("as") for c in costs if isinstance(c, dict) and isinstance(c.get("may_pay"), dict)}
    if not asked <= have:
        raise NoParse("a condition on an additional cost the card does not have")


__all__ = ["ADDITIONAL", "PlayCosts", "check_paid_names", "more_pp_name", "paid_names"]
