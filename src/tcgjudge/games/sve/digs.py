"""The meanings of the grammar rules of the section "SVE searches, looks and reveals (digs)".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- a search whose found card may go elsewhere instead, when it meets a condition written in the
  sentence after it: "Search your deck for a Beast follower, reveal it, and add it to your hand. If
  it costs 2 play points or less, you may put it onto your field instead." (5.7, 5.20: the search
  item's ``instead``: the filter the card found must match, and the zone its player may put it
  into instead).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import DISTINCT_NAMES, _deck_filter
from .moving_costs import _search_each, _search_item

_inline = v_args(inline=True)


class Digs:
    """Semantics of searches, looks and reveals (a mixin of ``SveSemantics``)."""

    # -- a condition on the card a search found (5.7) ------------------------------------------------
    @_inline
    def found_cost_bound(self, n: Token, bound: Token) -> dict:
        return {"cost_max" if str(bound).lower() == "less" else "cost_min": int(str(n))}  # 2.5

    @_inline
    def found_cost_is(self, n: Token) -> dict:
        return {"cost": int(str(n))}  # 2.5

    @_inline
    def found_is(self, s: Any) -> dict:
        if s.each or s.up_to or s.n != 1:
            raise NoParse("'it is' a number of cards")
        f = dict(s.filt)
        if set(f) & {"zone", "player", "controller", "in", "other"}:
            raise NoParse("where the card found is")
        f = _deck_filter(s)
        if not f:
            raise NoParse("'it is' a card of no description")
        return f

    @_inline
    def search_instead(self, s: Any, steps: dict, test: dict, dest: tuple) -> list:
        # 5.7, 5.20: one card found and revealed; when it meets the test, its player may put it into
        # the other zone instead of the one the search names
        if s.each or s.up_to or s.n != 1 or steps["plural"] or dest[2]:
            raise NoParse("'instead' after a search for one card")
        if dest[1] == steps["to"]:
            raise NoParse("'instead' to the same zone")
        item = _search_item(s, steps["to"])
        item["search"]["instead"] = {"filter": test, "to": dest[1]}
        return [item]

    # -- descriptions of the cards searched for (5.7) ------------------------------------------------
    @_inline
    def search_different(self, n: Any, bare: Any, steps: dict) -> list:
        # 2.1: "up to 2 different cards": no two found share a name
        if not isinstance(n, int) or n < 2 or not steps["plural"]:
            raise NoParse("different names of one card")
        parts = bare if isinstance(bare, tuple) else (bare,)
        s = self.np_one({"n": n, "up_to": True}, *parts, ("qual", DISTINCT_NAMES, True))  # type: ignore[attr-defined]
        return self.search_general(s, steps)  # type: ignore[attr-defined]

    def search_each_item(self, parts: list) -> Any:
        return self.np_one(*parts)  # type: ignore[attr-defined]

    def search_list(self, parts: list) -> list:
        *sels, steps = parts
        for s in sels:
            if s.each or s.up_to or s.n != 1:
                raise NoParse("search for one card of each description")
        if not steps["plural"]:
            raise NoParse("'it' after several cards")
        return _search_each(sels, steps["to"])

    # -- picks among the cards looked at (5.10.1) ----------------------------------------------------
    @_inline
    def among_may_summon_and(self, s: Any, then: list) -> list:
        if s.each:
            raise NoParse("summon which from among them")
        for it in then:
            # only what is done to the cards summoned ("give them Rush"): an action of its own ("and
            # draw a card") would be done even when none is summoned
            op = next(iter(it.values())) if len(it) == 1 else None
            if not (isinstance(op, dict) and op.get("what") in ("$it", "$new")):
                raise NoParse("after summoning from among them, something not done to the cards summoned")
        s.filt.setdefault("in", "$look")
        s.filt.setdefault("zone", "deck")
        return self.may([{"@pick": s}, {"summon": {"what": "$it", "as": "$new"}}, *then])  # type: ignore[attr-defined]


__all__ = ["Digs"]
