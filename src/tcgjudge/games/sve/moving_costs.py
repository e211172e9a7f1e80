"""The meanings of the grammar rules of the section "SVE costs that move other cards, searches and
the top of the deck".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  The cost items they write are
paid by ``procedures/moving_costs.py``:

- costs (10.4) that move cards other than the card paying: "put 2 cards named Serpent from your
  field into their owners' cemeteries" (to bury them, 5.33.1), "Discard a random card" (5.11,
  5.18: ``discard_random``), "Banish the top 10 cards of your deck" (5.6: ``deck_top``);
- searches (5.7): "Search your deck for up to 10 cards and banish them", "Search your deck for a
  A, B, and C and put them onto your field" (one card of each name).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import DISTINCT_NAMES, GROUP_DISTINCT, GROUP_TOTAL, _pick

_inline = v_args(inline=True)


def _count(t: Any) -> Any:
    """A count of cards: "the top card" (no count: one), "the top 10 cards"."""
    if t is None:
        return 1
    if isinstance(t, Token):
        s = str(t)
        if not s.isdigit():
            raise NoParse("a count of cards")
        return int(s)
    return t


def _deck_filter(s: Any) -> dict:
    return {k: v for k, v in s.filt.items() if k not in ("zone", "player", "controller")}


class MovingCosts:
    """Semantics of costs that move other cards, searches and the top of the deck (a mixin of
    ``SveSemantics``)."""

    # -- costs (10.4) --------------------------------------------------------------------------------
    @_inline
    def cost_bury_owners(self, s: Any) -> list:
        if s.each:
            raise NoParse("bury each")
        return self.cost_bury(s)  # type: ignore[attr-defined]  # 5.33.1: into the owners' cemeteries

    @_inline
    def cost_discard_random(self, n: Any) -> list:
        k = _count(n)
        if not isinstance(k, int) or k < 1:
            raise NoParse("a number of random cards")
        return [{"discard_random": k}]  # 5.11, 5.18

    @_inline
    def cost_banish_top(self, n: Any = None) -> list:
        return [{"deck_top": {"n": _count(n), "to": "banished"}}]  # 5.6

    @_inline
    def cost_bury_top(self, n: Any = None) -> list:
        return [{"deck_top": {"n": _count(n), "to": "cemetery"}}]  # 5.33.2

    @_inline
    def cost_hand_to_ex(self, s: Any) -> list:
        return [{"move_cards": {"n": _one_count(s), "filter": _own_zone(s, "hand"), "to": "ex_area"}}]  # 4.8

    @_inline
    def cost_field_to_ex(self, s: Any) -> list:
        return [{"move_cards": {"n": _one_count(s), "filter": _own_zone(s, "field"), "to": "ex_area"}}]  # 4.8

    @_inline
    def cost_cemetery_to_deck(self, s: Any) -> list:
        # 5.8: the deck is shuffled after the cards are put into it
        return [{"move_cards": {"n": _one_count(s), "filter": _own_zone(s, "cemetery"), "to": "deck",
                                "shuffle": True}}]

    @_inline
    def cost_reveal_to_bottom(self, s: Any) -> list:
        return [{"move_cards": {"n": _one_count(s), "filter": _own_zone(s, "hand"), "to": "deck", "pos": "bottom",
                                "reveal": True}}]

    @_inline
    def cost_hand_to_bottom(self, s: Any) -> list:
        return [{"move_cards": {"n": _one_count(s), "filter": _own_zone(s, "hand"), "to": "deck", "pos": "bottom"}}]

    @_inline
    def cost_engage_total(self, bare: tuple, n: Token) -> list:
        s = self.np_one({"each": True}, *bare)  # type: ignore[attr-defined]
        f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone")}
        if s.filt.get("controller", "you") != "you" or s.filt.get("zone", "field") != "field":
            raise NoParse("engage cards of your field")
        return [{"engage_total": {"min": int(str(n)), "filter": f}}]  # 10.4.6, 2.5

    # -- the cards looked at (5.10.1) ------------------------------------------------------------------
    @_inline
    def np_one_of_them(self) -> Any:
        return self.np_one({"n": 1}, ("head", ["card"]), ("place", "among", None))  # type: ignore[attr-defined]

    @_inline
    def put_among_top(self, s: Any) -> list:
        if s.each or s.up_to or s.n != 1 or s.filt.get("in") != "$look":
            raise NoParse("put one of the cards looked at on the top")
        return [_pick(s, False), {"to_deck": {"what": "$it", "pos": "top"}}]  # 5.10.1

    # -- searches (5.7) -----------------------------------------------------------------------------
    @_inline
    def search_reveal(self, pron: Token) -> tuple:
        return ("reveal", str(pron).lower() == "them")

    @_inline
    def sd_hand(self, pron: Token) -> tuple:
        return ("dest", "hand", str(pron).lower() == "them")

    @_inline
    def sd_field(self, pron: Token) -> tuple:
        return ("dest", "field", str(pron).lower() == "them")

    @_inline
    def sd_ex(self, pron: Token) -> tuple:
        return ("dest", "ex_area", str(pron).lower() == "them")

    @_inline
    def sd_banished(self, pron: Token) -> tuple:
        return ("dest", "banished", str(pron).lower() == "them")

    def search_steps(self, parts: list) -> dict:
        got = [p for p in parts if isinstance(p, tuple)]
        dest = next(p for p in got if p[0] == "dest")
        plural = {dest[2]} | {p[1] for p in got if p[0] == "reveal"}
        if len(plural) != 1:
            raise NoParse("'it' and 'them' for the same cards")
        return {"to": dest[1], "plural": dest[2]}

    @_inline
    def search_general(self, s: Any, steps: dict) -> list:
        if s.each:
            raise NoParse("search for each")
        many = s.up_to or not isinstance(s.n, int) or s.n > 1
        if many and not (s.up_to and s.n == 1) and not steps["plural"]:
            raise NoParse("'it' after more than one card")
        if steps["plural"] and not many:
            raise NoParse("'them' after one card")
        return [_search_item(s, steps["to"])]

    @_inline
    def search_pair(self, a: Any, b: Any, steps: dict) -> list:
        if isinstance(b, tuple):
            b = self.np_one({"n": 1}, *b)  # type: ignore[attr-defined]
        sels = [a, b]
        for s in sels:
            if s.each or s.up_to or s.n != 1:
                raise NoParse("search for one card of each description")
        if not steps["plural"]:
            raise NoParse("'it' after two cards")
        if steps["to"] == "ex_area" and set(b.filt) == {"name"}:
            raise NoParse("two named cards into the EX area: search_two_ex")
        return _search_each(sels, steps["to"])

    def search_names(self, parts: list) -> list:
        *names, steps = parts
        sels = []
        for p in names:
            if isinstance(p, Token) and p.type in ("CARDNAME", "NAMEWORDS"):
                p = self.np_name({"n": 1}, p)  # type: ignore[attr-defined]
            if p.each or p.up_to or p.n != 1 or set(p.filt) != {"name"}:
                raise NoParse("search for one card of each name")
            sels.append(p)
        if len({s.filt["name"] for s in sels}) != len(sels):
            raise NoParse("the same name twice")
        if not steps["plural"]:
            raise NoParse("'it' after several cards")
        return _search_each(sels, steps["to"])


def _one_count(s: Any) -> int:
    if s.each or s.up_to or not isinstance(s.n, int) or s.n < 1:
        raise NoParse("a number of cards as a cost")
    return s.n


def _own_zone(s: Any, zone: str) -> dict:
    """The filter of cards of one of your zones (10.4.3: a zone named without a player is the
    controller's); a card of another zone or another player is refused."""
    f = dict(s.filt)
    if f.get("zone", zone) != zone or f.get("player", "you") != "you" or "controller" in f or "in" in f:
        raise NoParse(f"cards of your {zone}")
    f["zone"] = zone
    f.pop("player", None)
    return f


def _search_item(s: Any, to: str) -> dict:
    """One search (5.7) for the cards of a description: the item the earlier search rules write
    (``assembly.k_search``), with "up to N" cards of no description (the searcher may stop, 5.7.1.1)
    and "with different names" (2.1: no two found share a name)."""
    f = _deck_filter(s)
    distinct = f.pop(DISTINCT_NAMES, False)
    total = f.pop(GROUP_TOTAL, None)
    if GROUP_DISTINCT in f:
        raise NoParse("a limit on a group of cards found")
    item: dict = {"filter": f, "n": s.n, "to": to, "as": "$new"}
    if total is not None:
        # "up to 2 Earth Sigil amulets that cost a total of 4 or less" (2.5: the costs added)
        if not (isinstance(s.n, int) and s.n > 1 and s.up_to):
            raise NoParse("a total cost of one card")
        item["cost_total_max"] = total
    if distinct:
        if not (isinstance(s.n, int) and s.n > 1):
            raise NoParse("different names of one card")
        item["distinct"] = "name"
    if s.up_to and not f:
        item["up_to"] = True
    return {"search": item}


def _search_each(sels: list, to: str) -> list:
    """One card of each description searched for (5.7), the searches in the order written; "them"
    after it is every card found (the earlier ``search_two_summon``'s form)."""
    got = []
    names = []
    for i, s in enumerate(sels):
        item = _search_item(s, to)
        item["search"]["as"] = f"found_{'ab'[i]}" if len(sels) == 2 else f"found_{i}"
        got.append(item)
        names.append(item["search"]["as"])
    return [*got, {"bind": {"as": "$new", "value": names}}]


__all__ = ["MovingCosts"]
