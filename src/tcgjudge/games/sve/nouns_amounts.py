"""The meanings of the grammar rules of the section "SVE nouns and amounts".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- a card of two traits: "a follower with both the Omen and Demon traits", "if it has both the
  Condemned and Thief traits" (2.4; the selector key ``traits_all``);
- a choice of two descriptions that differ in more than one way, "a Dragoncraft spell that costs 5
  or less or a non-Dragoncraft spell that costs 2 or less", and the second written without its
  article ("... or Havencraft amulet that costs 3 or less"): one card that fits either;
- "your max play points" as a value (3.2.4); "the number of cards with different base costs in your
  cemetery" (2.5: the different printed costs, the value ``kinds``);
- amounts "for every N ...": tokens made (5.4.2), the leader's defense (2.8), damage (5.13), the
  amount times the whole groups of N of the cards described (rounded down).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import Sel, k_ex_tokens, k_leader, k_summon_tokens

_inline = v_args(inline=True)

#: the selector keys two descriptions joined by "or" may share: where the cards are and whose
_PLACE_KEYS = ("controller", "zone", "player", "in")
#: the parts of a noun phrase that name a kind of card (a trait, a class, a name, a token's name)
_KINDS = ("trait", "class", "name", "not_class", "not_trait", "trait_and")
#: what a description says beyond its kind, its card type and where the card is
_PLAIN_KEYS = ("trait", "class", "name", "type", *_PLACE_KEYS)


def _both_qualified(a: Sel, bare: tuple) -> bool:
    """Does each of two descriptions joined by "or" have its own adjective or qualifier (so that
    "or" cannot join the heads of one description)?"""
    own = any(isinstance(p, tuple) and p and p[0] in ("adj", "qual") for p in bare)
    return own and any(k not in _PLAIN_KEYS for k in a.filt)


class NounsAmounts:
    """Semantics of noun phrases and amounts (a mixin of ``SveSemantics``)."""

    # -- traits (2.4) --------------------------------------------------------------------------------
    def _trait(self, t: Token) -> str:
        return self.k_trait(t)[1]  # type: ignore[attr-defined]  # the trait as the vocabulary spells it

    @_inline
    def q_both_traits(self, a: Token, b: Token) -> tuple:
        got = [self._trait(a), self._trait(b)]
        if got[0] == got[1]:
            raise NoParse("both the X and X traits")
        return ("qual", "traits_all", got)  # 2.4: a card has each of them

    @_inline
    def it_has_both_traits(self, a: Token, b: Token) -> dict:
        _kind, key, got = self.q_both_traits(a, b)
        return {"is": ["$it", {key: got}]}

    # -- "A or B" (one card of either description) ----------------------------------------------------
    @_inline
    def np_or_bare(self, a: Sel, bare: tuple) -> Sel:
        if a.each or a.plural:
            raise NoParse("or")  # "each A or B": read by np_or with both articles
        if not any(isinstance(p, tuple) and p and p[0] in _KINDS for p in bare) and not _both_qualified(a, bare):
            # "an Umamusume follower or amulet that costs 4 or less": "or" joins the two heads (the
            # kind and the qualifiers are both's); the bare noun stands alone only with its own kind,
            # or when both descriptions have their own qualifiers ("a 1-cost spell or 1-cost amulet",
            # "a spell that costs 3 or less or amulet that costs 3 or less": nothing of the first is
            # written after the second)
            raise NoParse("or: a head")
        b = self.np_one({"n": a.n, **({"up_to": True} if a.up_to else {})}, *bare)  # type: ignore[attr-defined]
        return self.np_or(a, b)  # type: ignore[attr-defined]

    def np_or_either(self, a: Sel, fa: dict, fb: dict) -> Sel:
        """One card that fits either of two descriptions differing in more than one way ("a
        Dragoncraft spell that costs 5 or less or a non-Dragoncraft spell that costs 2 or less"):
        where the cards are is shared (the place written last holds for both), the rest is either
        description (a selector ``where`` holding an ``or``)."""
        shared = {k: fa[k] for k in _PLACE_KEYS if k in fa or k in fb}
        if any(fa.get(k) != fb.get(k) for k in shared):
            raise NoParse("or: two places")
        if any(isinstance(k, str) and k.startswith("@") for f in (fa, fb) for k in f) or any(
                k.startswith("distinct") for f in (fa, fb) for k in f):
            raise NoParse("or: a group's limit")  # group totals and counts of names stay refused
        ea = {k: v for k, v in fa.items() if k not in _PLACE_KEYS}
        eb = {k: v for k, v in fb.items() if k not in _PLACE_KEYS}
        if not ea or not eb or ea == eb:
            raise NoParse("or")
        out = Sel({**shared, "where": {"or": [{"is": ["it", ea]}, {"is": ["it", eb]}]}})
        out.n, out.up_to, out.each, out.plural = a.n, a.up_to, a.each, a.plural
        return out

    # -- values ------------------------------------------------------------------------------------
    def value_max_pp(self, *_parts: Any) -> dict:
        return {"player_value": {"key": "max_pp", "player": "you"}}  # 3.2.4: the maximum play points

    @_inline
    def kinds_of_cost(self, place: tuple) -> dict:
        s = self.np_one({"each": True}, ("head", ["cards"]), place)  # type: ignore[attr-defined]
        if s.filt.get("zone") in (None, "field") or "player" not in s.filt:
            raise NoParse("different base costs: of which cards")  # read: a zone of one player
        # 2.5, 5.23.1: the costs printed on the cards, each counted once
        return {"kinds": {"of": s.filt, "prop": "cost", "printed": True}}

    @_inline
    def kinds_of_cost_at_least(self, n: Token, place: tuple) -> dict:
        return {"compare": [self.kinds_of_cost(place), ">=", int(str(n))]}

    # -- amounts for every N -------------------------------------------------------------------------
    def _groups(self, every: Token, parts: Any) -> Any:
        m = re.search(r"\d+", str(every))
        k = int(m.group()) if m else 1
        if k < 1:
            raise NoParse("for every 0")
        c = self.count(self._bare_sel(parts))  # type: ignore[attr-defined]
        return c if k == 1 else {"div": [c, k]}

    @_inline
    def summon_tokens_per(self, t: dict, every: Token, parts: Any) -> list:
        return k_summon_tokens(_times(t, self._groups(every, parts)))  # 5.4.2

    @_inline
    def ex_tokens_per(self, t: dict, every: Token, parts: Any) -> list:
        return k_ex_tokens(_times(t, self._groups(every, parts)))  # 5.4.2

    @_inline
    def leader_def_per(self, n: Token, every: Token, parts: Any) -> list:
        s = str(n)
        if not s.startswith("+") or not s[1:].isdigit():
            raise NoParse("defense for every")
        g = self._groups(every, parts)
        return k_leader(g if int(s[1:]) == 1 else {"mul": [int(s[1:]), g]})  # 2.8

    @_inline
    def deal_per(self, w: Any, n: Token, every: Token, parts: Any) -> list:
        if not str(n).isdigit():
            raise NoParse("damage for every X")
        g = self._groups(every, parts)
        return self.deal(g if int(str(n)) == 1 else {"mul": [int(str(n)), g]}, w)  # type: ignore[attr-defined]


def _times(t: dict, groups: Any) -> dict:
    if t.get("choice") or t.get("up_to") or len(t["names"]) != 1 or t["n"] != 1:
        raise NoParse("tokens for every")  # "a X token for every ...": one token per group
    return {**t, "n": groups}


__all__ = ["NounsAmounts"]
