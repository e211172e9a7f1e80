"""The meanings of the grammar rules of the section "SVE abilities of cards leaving a zone".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  The section reads the automatic
abilities that trigger as the card itself leaves the hand (10.7.4 zone-shift triggers):

- "When this card is banished from your hand, ..." (5.6.1: moved from the hand to the banished
  zone, by an effect or a cost);
- "When this card is discarded or banished from your hand, ..." (5.11: discarded, put from the
  hand into the cemetery; or banished from it; either event triggers it).

The hand is not public and the cemetery and the banished zone are (4.7, 4.9, 4.10): a zone-shift
trigger from a non-public zone to a public one looks at the card where it is public (10.7.4.1.1),
so the ability watches from the zone the card went to (as "When this card is discarded", which
watches from the cemetery only).

It also reads "Put this card into its owner's EX area unevolved" (5.15.3: a card that leaves the
field loses its link to the evolve zone right after it moves; "unevolved" restates that).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import c_counters

_inline = v_args(inline=True)

#: 5.6.1: to banish a card is to move it to its owner's banished zone
_BANISHED = {"event": "move", "subject": "self", "from": "hand", "to": "banished", "cause": "banish",
             "@zones": ["banished"]}


class ZoneMoves:
    """Semantics of triggers of the card itself leaving the hand (a mixin of ``SveSemantics``)."""

    @_inline
    def on_self_banished_from_hand(self, _w: Token, _n: Token) -> dict:
        return dict(_BANISHED)  # 5.6.1, 10.7.4.1.1

    @_inline
    def on_self_discarded_or_banished(self, _w: Token, _n: Token) -> dict:
        # 5.11 (discard: from the hand into the cemetery) or 5.6.1 (banish: into the banished zone);
        # the two causes go with their zones, so "to" and "cause" together name the two events
        return {"event": "move", "subject": "self", "from": "hand", "to": ["cemetery", "banished"],
                "cause": ["discard", "banish"], "@zones": ["banished", "cemetery"]}


    @_inline
    def on_self_discarded_by(self, _w: Token, _n: Token, kind: Any) -> dict:
        # 5.11, 10.1.1: discarded by the cost or effect of an ability of a card of that kind that
        # its controller controls (the card whose ability did it, where it was then; ops: ``by``)
        f = dict(self.np_one({"n": 1}, *kind).filt)  # type: ignore[attr-defined]
        if any(k in f for k in ("zone", "player", "controller", "other", "in", "not_in")):
            raise NoParse("the card whose ability discards")
        by = dict(f, controller="you")
        return {"event": "move", "subject": "self", "from": "hand", "to": "cemetery", "cause": "discard",
                "by": by, "@zones": ["cemetery"]}

    # -- playing the card itself while it has counters (8.2.1, 1.3.3, 15.1) -----------------------
    @_inline
    def counters_on_self_any(self, name: Any, _c: Token) -> dict:
        return c_counters((1, str(name).lower()))  # 15.1.2.1: the counter's name

    @_inline
    def counters_on_self_min(self, n: Token, name: Any, _c: Token) -> dict:
        k = int("".join(ch for ch in str(n) if ch.isdigit()))
        if k < 1:
            raise NoParse("at least 0 counters")
        return c_counters((k, str(name).lower()))

    @_inline
    def play_not_from_while(self, zone: Token, c: dict) -> dict:
        # 8.2.1 with 1.3.3: not from that zone while the condition holds (from anywhere else a rule
        # or an effect allows, as the earlier play_not_from)
        z = "hand" if str(zone).lower() == "hand" else "ex_area"
        return {"not": {"and": [{"is": ["self", {"zone": z}]}, c]}}

    @_inline
    def to_owner_ex_unevolved(self, w: Any) -> list:
        return self.to_owner_ex(w)  # type: ignore[attr-defined]  # 5.15.3: unevolved once it moved

    @_inline
    def to_ex_unevolved(self, w: Any) -> list:
        return self.to_ex(w)  # type: ignore[attr-defined]  # 5.15.3


__all__ = ["ZoneMoves"]
