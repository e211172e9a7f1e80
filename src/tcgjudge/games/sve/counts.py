"""The meanings of the grammar rules of the section "SVE counts" (the end of ``grammar.lark``).

Conditions on how many cards or counters there are, in every position a condition stands:

- the counters on the card itself compared with a number: "this card has 3 seasonal counters or
  less", "this card has 1 curse counter" (exactly), "this card has no divine water counters"
  (15.1.2; a name of one or two words), and "If it has 2, ..." counting those counters again (:func:`long_tail.resolve_it_has`);
- two conditions joined by "and", the second without its "there are" ("at least 10 cards in your
  cemetery and no cards named X on your field"), counts of several kinds in one place ("at least 3
  Cute cards, at least 3 Cool cards, and at least 3 Passion cards in your cemetery");
- "spells and/or Onmyoji cards" (the union of the earlier ``np_and``);
- "a Beast follower was returned to hand from your field this turn": the cards moved from a field
  to a hand this turn (the tally ``returned_from_field`` of ``rules.record_event``, 4.1).

The methods are mixed into :class:`grammar_compiler.SveSemantics`.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import c_counters
from .long_tail import IT_HAS

_inline = v_args(inline=True)

#: "or less" / "or fewer" / "or more" after a number, and a bare number (exactly that many)
_OPS = {"less": "<=", "fewer": "<=", "more": ">="}


def _int(t: Token) -> int:
    if not str(t).isdigit():
        raise NoParse(f"a count of {t}")  # "X" counters: X is not defined by the condition
    return int(str(t))


def _op(parts: tuple) -> str:
    tail = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "CTR_TAIL"), None)
    return _OPS[tail] if tail else "=="


def _place_keys(f: dict) -> dict:
    return {k: v for k, v in f.items() if k in ("controller", "zone", "player", "in")}


class Counts:
    """Semantics of the conditions on counts (a mixin of ``SveSemantics``)."""

    # -- counters on the card itself (15.1.2) ----------------------------------------------------------
    @_inline
    def self_counters_cmp(self, *parts: Any) -> dict:
        n = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")
        name = next((p for p in parts if isinstance(p, str) and not isinstance(p, Token)), None)
        if name is None:
            name = next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "WORD")
        c = c_counters((_int(n), name))
        c["compare"][1] = _op(parts)  # "3 ... or less": at most 3; "1 curse counter": exactly 1
        return c

    @_inline
    def self_named_counter_amount(self, *parts: Any) -> dict:
        amount = next(p for p in parts if isinstance(p, Token) and p.type == "COUNTER_AMOUNT")
        name = next(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        a = " ".join(str(amount).lower().split())
        if a == "no":
            return {"not": c_counters((1, name))}  # 15.1: none of them
        m = re.match(r"\d+", a)
        return c_counters((int(m.group()) if m else 1, name))  # "a", "an": at least one

    @_inline
    def it_has_n(self, n: Token, *tail: Token) -> dict:
        # the counters of the condition before (resolve_it_has), compared with the new number
        return {IT_HAS: {"n": _int(n), "op": _op(tail), "name": None}}

    # -- conditions joined by "and" -------------------------------------------------------------------
    @_inline
    def and_none(self, c: dict, s: Any) -> dict:
        return {"and": [c, self.none(s)]}  # type: ignore[attr-defined]

    @_inline
    def at_least_each(self, *parts: Any) -> dict:
        counts = [self.at_least_bare(parts[i], parts[i + 1])  # type: ignore[attr-defined]
                  for i in range(0, len(parts), 2)]
        place = _place_keys(counts[-1]["count"]["of"])
        if not place:
            raise NoParse("counts with no place")
        for c in counts[:-1]:
            of = c["count"]["of"]
            if _place_keys(of):
                raise NoParse("a place written before the last count")  # it would not be shared
            of.update(place)  # the place written last holds for each count
        return {"and": counts}

    # -- history: cards returned from a field to a hand this turn (4.1) ----------------------------------
    @_inline
    def returned_this_turn(self, s: Any, _hand: Token, *field: Token) -> dict:
        if s.up_to or s.each or s.plural or s.n != 1:
            raise NoParse("returned: a number of cards")
        filt = dict(s.filt)
        if "other" in filt or "bound_as" in filt or set(filt) & {"self", "ref"}:
            raise NoParse("returned: a card named before")
        if filt.pop("zone", "field") != "field":
            raise NoParse("returned from a zone other than the field")
        who = filt.pop("controller", None)
        if field:
            said = "you" if str(field[0]).lower() == "your" else "enemy"
            if who not in (None, said):
                raise NoParse("returned: two fields")
            who = said
        if who not in ("you", "enemy"):
            raise NoParse("returned: whose field")  # the field must be named
        spec: dict[str, Any] = {"key": "returned_from_field", "player": who, "min": 1}
        if filt:
            spec["of"] = filt  # the kind of card, read by its last information on the field
        return {"record": spec}
