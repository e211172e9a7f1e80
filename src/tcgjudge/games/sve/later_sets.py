"""The meanings of the grammar rules of the section "SVE later sets B (BP18, BP19)".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- where a card can't be played from: "This card can't be played from the EX area" (8.2.1, 1.3.3;
  the card field ``play_if``);
- a band of costs as an adjective: "a 3-cost or less card", "a 6-cost or greater follower" (2.5);
- amounts given by a count: "Deal damage to X equal to V", "deal it and its leader 3 damage" (5.13),
  "This card costs X less to play. X equals V", "1 less for every 5 spells", "+1/+1 for every 5
  cards" (10.2.1.3.3, 5.26; whole groups: the count divided, rounded down);
- "Whenever a Condemned follower on your field evolves" (5.15, 12.6);
- "Banish a card from your hand" (5.6: the player picks cards of their hand);
- a scope of two zones of one player: "on your field or in your cemetery" (4.1);
- how this card came onto the field: "this card was summoned from the cemetery", "put onto the
  field from anywhere other than the hand" (5.4.1; the selector keys ``entered_by`` /
  ``entered_from``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NUMBER_WORDS, NoParse
from .assembly import _enters, _give, st_self_less
from .event_words import field_follower_evolves

_inline = v_args(inline=True)

#: zones a two-zone scope may name (4.1), as the selector's zone words
_ZONES = {"field": "field", "cemetery": "cemetery", "graveyard": "cemetery", "ex area": "ex_area",
          "hand": "hand", "banished zone": "banished", "evolve deck": "evolve_deck", "deck": "deck"}


class LaterSets:
    """Semantics of the later sets' wordings (BP18, BP19; a mixin of ``SveSemantics``)."""

    # -- playing the card (8.2.1) ------------------------------------------------------------------
    @_inline
    def play_not_from(self, zone: Token) -> dict:
        # 8.2.1 with 1.3.3: a prohibition of playing the card from that zone; it may still be
        # played from anywhere else a rule or an effect allows
        z = "hand" if str(zone).lower() == "hand" else "ex_area"
        return {"not": {"is": ["self", {"zone": z}]}}

    # -- how this card came onto the field (5.4.1, 4.1.4) ---------------------------------------------
    @_inline
    def self_summoned_from(self, *parts: Any) -> dict:
        return _summoned_from("self", parts)

    @_inline
    def it_summoned_from(self, *parts: Any) -> dict:
        return _summoned_from("$it", parts)

    @_inline
    def on_summoned(self, _w: Token, s: Any) -> dict:
        whose = s.filt.get("controller")
        if whose not in ("you", "enemy") or s.up_to:
            raise NoParse("summoned onto whose field")  # 5.4.1: summoned onto a field of one player
        return _enters(s.filt, whose)

    @_inline
    def self_entered_not_from(self, *parts: Any) -> dict:
        z = _ZONES.get(" ".join(str(parts[-1]).lower().split()))
        if z in (None, "field"):
            raise NoParse("from where")
        return {"not": {"is": ["self", {"entered_from": z}]}}  # 4.1.4: the zone it came from

    # -- noun phrases ------------------------------------------------------------------------------
    @_inline
    def cost_band_adj(self, t: Token) -> tuple:
        n, tail = int(str(t).split("-")[0]), str(t).lower().split()[-1]
        # 2.5: "N-cost or less" is a cost of at most N, "N-cost or greater" of at least N
        return ("qual", "cost_max" if tail in ("less", "lower", "fewer") else "cost_min", n)

    @_inline
    def q_n_word(self, w: Token) -> dict:
        return {"n": NUMBER_WORDS[str(w).lower()]}

    @_inline
    def two_zones_place(self, _p1: Token, o1: Token, z1: Token, *rest: Token) -> tuple:
        _p2, o2, z2 = rest[-3:]
        owners = {" ".join(str(o).lower().split()) for o in (o1, o2)}
        zones = [_ZONES.get(" ".join(str(z).lower().split())) for z in (z1, z2)]
        if owners != {"your"} or None in zones or zones[0] == zones[1]:
            raise NoParse("two zones")  # read: two zones of your own
        if sorted(zones) == ["ex_area", "field"]:
            raise NoParse("field and EX area")  # the earlier on_field_and_ex reads it
        return ("place", zones, "you")  # 4.1: a card in either zone (the zone's player: you)

    # -- amounts -----------------------------------------------------------------------------------
    @_inline
    def deal_to_equal(self, w: Any, v: Any) -> list:
        return self.deal(v, w)  # type: ignore[attr-defined]  # 5.13: the amount is the value

    @_inline
    def deal_refs_value(self, a: Any, b: Any, v: Any) -> list:
        return self.deal_ref_equal(a, b, v)  # type: ignore[attr-defined]  # each receiver takes V

    @_inline
    def st_self_less_x(self, v: Any) -> list:
        if isinstance(v, int) or (isinstance(v, str) and v.upper() == "X"):
            raise NoParse("X equals a number")  # a fixed number is printed as the number
        return st_self_less(v)  # 10.2.1.3.3: the value when the cost is checked

    @_inline
    def st_self_less_per_group(self, n: Token, per: Token, parts: tuple) -> list:
        k = _whole(per)
        c = self.count(self._bare_sel(parts))  # type: ignore[attr-defined]
        groups = c if k == 1 else {"div": [c, k]}
        return st_self_less(groups if int(str(n)) == 1 else {"mul": [int(str(n)), groups]})  # 10.2.1.3.3

    @_inline
    def give_stats_per_group(self, w: Any, st: tuple, per: Token, parts: tuple) -> list:
        k = _whole(per)
        if not all(isinstance(x, int) for x in st):
            raise NoParse("stats")
        c = self.count(self._bare_sel(parts))  # type: ignore[attr-defined]
        groups = c if k == 1 else {"div": [c, k]}
        stats = tuple(0 if x == 0 else (groups if x == 1 else {"mul": [x, groups]}) for x in st)
        if hasattr(w, "filt"):
            if not w.each:
                raise NoParse("an indefinite noun phrase needs 'Select' (10.6.2.3)")
            w = w.filt
        return _give(w, stats, [], [], None, None)  # 5.26

    def _bare_sel(self, parts: Any) -> Any:
        """The selector of a bare noun phrase counted ("every 5 spells in your cemetery")."""
        if isinstance(parts, tuple) and parts and isinstance(parts[0], tuple) and parts[0] and parts[0][0] == "union":
            return parts[0][1]  # np_and: a union, counted once each
        return self.np_one({"each": True}, *parts)  # type: ignore[attr-defined]

    # -- events ------------------------------------------------------------------------------------
    @_inline
    def on_np_evolves(self, _w: Token, s: Any) -> dict:
        f = dict(s.filt)
        if f.get("controller") != "you":
            return field_follower_evolves(s)  # either player's follower, or the opponent's
        if s.each or s.up_to or s.n != 1 or "zone" in f:
            raise NoParse("whose follower evolves")  # read: a follower on your field
        if f.get("type") != "follower" or set(f) <= {"type", "controller", "other"}:
            raise NoParse("a described follower")  # the plain forms are on_ally_evolves
        del f["controller"]
        return {"event": "evolve", "player": "you", "subject": f}  # 5.15: the follower that evolved

    # -- moves -------------------------------------------------------------------------------------
    @_inline
    def banish_from_hand(self, s: Any) -> list:
        if s.each or s.filt.get("zone") != "hand" or s.filt.get("player") != "you":
            raise NoParse("banish: cards from your hand")
        return [{"@target": s}, {"banish": "$it"}]  # 5.6: the cards the player picks


def _whole(t: Token) -> int:
    k = int(str(t))
    if k < 1:
        raise NoParse("for every 0")
    return k


def _summoned_from(who: str, parts: tuple) -> dict:
    z = _ZONES.get(" ".join(str(parts[-1]).lower().split()))
    if z in (None, "field"):
        raise NoParse("summoned from where")
    # 5.4.1: to summon is to put onto the field by an effect; the zone it came from is kept
    cond = {"is": [who, {"entered_by": "ability", "entered_from": z}]}
    was = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "WAS"), "was")
    return {"not": cond} if was != "was" else cond


__all__ = ["LaterSets"]
