"""The meanings of the grammar rules of the section "SVE trait conjunctions and the cards looked at".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- a card of two traits written without "both": "a card with Omen and Hunter traits" (2.4; the
  selector key ``traits_all``, as "with both the Omen and Hunter traits"); a class and a trait
  before the card type: "an Abysscraft Omen card" (2.2, 2.4);
- a count of the cards looked at (5.10.1): "up to 2 of them", "any number of them", "2 of them";
  "You may banish up to 2 of them." (5.6);
- "Put any number of them on the top of your deck in any order." (5.10.1; the order is the deck
  owner's, 4.1.5) and "Put the rest on the bottom in any order." (the cards left, to the bottom of
  the deck they were looked at in); "You may reveal a Festive card from among them and put it on
  the top of your deck." (5.10.1).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import _pick, k_rest_bottom

_inline = v_args(inline=True)

#: the parts of "N of them": any card (no kind, no type) among the cards looked at
_AMONG = (("head", ["cards"]), ("place", "among", None))


class TraitDigs:
    """Semantics of trait conjunctions and the cards looked at (a mixin of ``SveSemantics``)."""

    # -- traits (2.4) --------------------------------------------------------------------------------
    @_inline
    def q_traits_and(self, a: Token, b: Token) -> tuple:
        return self.q_both_traits(a, b)  # type: ignore[attr-defined]  # each of the two traits

    @_inline
    def np_class_trait(self, *parts: Any) -> Any:
        got = [self.k_class(p) if isinstance(p, Token) and p.type == "CLASS"  # type: ignore[attr-defined]
               else self.k_trait(p) if isinstance(p, Token) and p.type == "TRAIT"  # type: ignore[attr-defined]
               else p for p in parts]
        return self.np_one(*got)  # type: ignore[attr-defined]  # 2.2, 2.4: the class and the trait

    # -- a count of the cards looked at (5.10.1) -----------------------------------------------------
    def _among(self, q: dict) -> Any:
        return self.np_one(q, *_AMONG)  # type: ignore[attr-defined]

    @_inline
    def np_up_to_n_of_them(self, n: Token) -> Any:
        k = int(str(n))
        if k < 1:
            raise NoParse("up to 0 of them")
        return self._among({"n": k, "up_to": True})

    def np_any_number_of_them(self, _: Any = None) -> Any:
        return self._among({"any": True})  # as many of them as the player picks, none to all

    @_inline
    def np_n_of_them(self, n: Token) -> Any:
        k = int(str(n))
        if k < 2:
            raise NoParse("1 of them")  # "one of them" is np_one_of_them
        return self._among({"n": k})

    @_inline
    def np_them(self, s: Any) -> Any:
        return s

    @_inline
    def banish_among(self, s: Any) -> list:
        return [_pick(s, False), {"banish": "$it"}]  # 5.6: the cards picked (none to all, "up to")

    # -- back on top, the rest on the bottom (5.10.1, 4.1.5) -----------------------------------------
    @_inline
    def put_among_top_any_order(self, s: Any) -> list:
        if s.each or s.filt.get("in") != "$look":
            raise NoParse("put cards other than the cards looked at on the top")
        # the cards picked move together: their owner orders them on the deck (4.1.5)
        return [_pick(s, False), {"to_deck": {"what": "$it", "pos": "top"}}]

    @_inline
    def reveal_among_top(self, s: Any) -> list:
        if s.each or s.up_to or s.n != 1:
            raise NoParse("reveal one card from among them")
        s.filt.setdefault("in", "$look")  # the cards looked at (5.10.1)
        s.filt.setdefault("zone", "deck")
        # 5.10.1: the card picked is shown, then goes back on top (under "You may": if the player will)
        return [_pick(s, False), {"reveal": "$it"}, {"to_deck": {"what": "$it", "pos": "top"}}]

    def rest_bottom_short(self, _: Any = None) -> list:
        return k_rest_bottom()  # the deck the cards were looked at in (5.10.1)
