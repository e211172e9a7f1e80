"""The meanings of the grammar rules of the section "SVE event words, while-conditions and keyword
filters".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- keyword filters (2.2, 12): "a follower with Storm or Ward" is a card with any of the keywords
  listed (selector key ``keyword`` with a list), "a follower without Ward" / "without Storm or
  Ward" a card with none of them (``no_keyword``);
- "While this card is on the field, ..." (10.3.5, 4.4.1): a card is on its controller's field only,
  so this is "while this card is on your field" (the passive ability is valid on the field);
- evolve events on either field (5.15, 12.6): "Whenever another follower on the field evolves",
  "Whenever an enemy follower evolves" (``player: enemy``); "if a follower on the field evolved this
  turn" is either player's tally of evolved followers (8.3);
- "Whenever this follower takes at least 5 damage" (5.13.1): a damage event of at least that amount;
- "Whenever a card on your field is returned to hand" (4.1): a move from that field to the hand,
  the card as it was on the field; "If NAME is on your field": a card of that name there;
- typographical variants of wordings read before: the leader's defense with its icon and "at
  least" / "at most", "This ability can be activated if ...", "Put this card from your cemetery onto
  your field", "Put this follower onto its owner's field", "an enemy leader or an enemy follower".
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from . import assembly as tc
from .notation import KEYWORDS

_inline = v_args(inline=True)


def _keywords(parts: tuple) -> list[str]:
    """The keywords named in a list, each once (sorted: the order written means nothing)."""
    return sorted({KEYWORDS[" ".join(str(p).lower().split())] for p in parts
                   if isinstance(p, Token) and p.type == "KEYWORD"})


def field_follower_evolves(s: Any) -> dict:
    """5.15, 12.6: "Whenever another follower on the field evolves" (either player's follower),
    "Whenever an enemy follower evolves" (the opponent's): the pattern of the evolve event, the
    follower described as the subject (the rule on_np_evolves reads "on your field" itself)."""
    f = dict(s.filt)
    if s.each or s.up_to or s.n != 1 or "zone" in f or f.get("type") != "follower":
        raise NoParse("which follower evolves")
    who = f.pop("controller", None)
    if who not in (None, "enemy"):
        raise NoParse("whose follower evolves")
    pat: dict = {"event": "evolve", "subject": f}  # 5.15: the follower that evolved
    if who == "enemy":
        pat["player"] = "enemy"
    return pat


class EventWords:
    """Semantics of event words, while-conditions and keyword filters (a mixin of ``SveSemantics``)."""

    # -- keyword filters (2.2, 12) ---------------------------------------------------------------
    @_inline
    def q_keyword_any(self, *parts: Any) -> tuple:
        return ("qual", "keyword", _keywords(parts))  # any of them

    @_inline
    def q_keyword_none(self, *parts: Any) -> tuple:
        return ("qual", "no_keyword", _keywords(parts))  # none of them

    # -- while-conditions (10.3.3, 10.3.5) -----------------------------------------------------------
    @_inline
    def st_while_self_on_the_field(self, _n: Token, x: list) -> list:
        if any(isinstance(p, dict) and "@alt_name" in p for p in x):
            raise NoParse("an alternate name on the field")  # st_alt_name_on_field (2.13)
        return tc.st_while_self(x)  # 10.3.5: valid on the field, as "while this card is on your field"

    # -- evolve events of either player (8.3, 5.15) ----------------------------------------------------
    @_inline
    def any_evolved_this_turn(self, *_parts: Any) -> dict:
        # 8.3, 5.15: the rules tally each follower that evolves for its controller (rules.record_event)
        return {"or": [{"record": {"key": "evolved", "player": "you"}},
                       {"record": {"key": "evolved", "player": "enemy"}}]}

    # -- typographical variants of known wordings --------------------------------------------------
    @_inline
    def leader_def_bound(self, *parts: Any) -> dict:
        bound = next(str(p) for p in parts if isinstance(p, Token) and p.type == "LEADER_BOUND").lower()
        n = int(re.search(r"\d+", bound).group())  # type: ignore[union-attr]
        low = "most" in bound or "less" in bound or "fewer" in bound
        return tc.c_leader_low(n) if low else tc.c_leader_high(n)  # 2.8: N or less / N or more

    @_inline
    def put_self_field_from(self, noun: Token, zone: Token, *engaged: Token) -> list:
        return self.summon_self_from(noun, zone, *engaged)  # type: ignore[attr-defined]

    @_inline
    def put_self_owners_field(self, _n: Token, *engaged: Token) -> list:
        # 5.4.1: the card's owner puts it onto their field (a card is put onto its owner's field)
        return tc.k_summon_engaged("self") if engaged else tc.k_summon_ref("self")

    # -- events of a card on a field (4.1) --------------------------------------------------------
    @_inline
    def on_returned_to_hand(self, _w: Token, s: Any, _hand: Token) -> dict:
        f = dict(s.filt)
        if s.each or s.up_to or s.n != 1 or "zone" in f:
            raise NoParse("which card is returned")
        who = f.pop("controller", None)
        if who not in ("you", "enemy"):
            raise NoParse("whose field the card leaves")  # "a card on your field" / "an enemy follower"
        # 4.1: moved from the field to the hand; the card as it was on the field (its controller)
        return {"event": "move", "from": "field", "to": "hand", "player": who, "subject": f}

    @_inline
    def on_self_damage_at_least(self, _w: Token, _n: Token, verb: Token, n: Token) -> dict:
        k = int(str(n))
        if k < 1:
            raise NoParse("at least 0 damage")
        named = "deals_damage" if str(verb).lower() == "deals" else "takes_damage"
        # 5.13.1: the amount one damage event deals (bound as n by the event)
        return {"named": named, "cond": {"compare": ["n", ">=", k]}}

    @_inline
    def named_on_your_field(self, name: Token) -> dict:
        s = self.np_name({"n": 1}, name, ("place", "field", "you"))  # type: ignore[attr-defined]
        return tc.c_exists(s)  # 4.1: a card of that name on your field


__all__ = ["EventWords"]
