"""The meanings of the grammar's section "caster: the remaining families" (grammar.lark): a player
referred back to ("that player"), abilities a condition or an effect gives, cost reductions.

A mixin of :class:`grammar_compiler.CasterSemantics`: each method is named after the rule (or
alias) it gives a meaning to, and builds the effect language as the rules beside it do.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Transformer, v_args

from ...cards.textcompiler import NoParse, read_number
from .assembly import NP

#: the words naming a player (CR 105.4): an enemy player, or a player of either side
_ENEMY_PLAYER = re.compile(r"(?i)\b(?:target enemy player|an enemy player|the enemy player|that enemy player|"
                           r"enemy players?|your opponent|opponent)\b")
_ANY_PLAYER = re.compile(r"(?i)\b(?:target player|each player|a player|any player|that player|players)\b")


@v_args(inline=True)
class CasterFamilies(Transformer):
    """Mixin of :class:`CasterSemantics`: the remaining families' constructs."""

    #: the paragraph being read (set by the compiler before each parse)
    source: list[str] = [""]

    # CR 105.4: "that player" is the player named before it in the ability: an enemy player when
    # every player named before is one (never "you", the card's controller); otherwise refused
    @v_args(meta=True, inline=False)
    def p_that_player(self, meta: Any, _children: list) -> str:
        before = self.source[0][:meta.start_pos] if not meta.empty else ""
        if _ENEMY_PLAYER.search(before) and not _ANY_PLAYER.search(_ENEMY_PLAYER.sub("", before)):
            return "enemy"
        raise NoParse("that player: which player")

    # CR 1111.2, 1113.2, 1117.2: the ability the condition gives (with its printed words), the
    # card's own while the condition holds
    @v_args(meta=True, inline=False)
    def cb_ability(self, meta: Any, children: list) -> tuple:
        if meta.empty:
            raise NoParse("no text")
        return ("ability", (children[0], self.source[0][meta.start_pos:meta.end_pos].strip()))

    # CR 909.1c: the ability in quotation marks, given to the cards named
    def m_quoted(self, abilities: list) -> tuple:
        return ("abilities", abilities)

    # CR 903.2g-4, 901.2b: a decrease of the cost of the next card of a kind its player plays this
    # turn; the engine applies it as that card's cost is fixed (903.2g-6) and that play uses it up
    def k_pay_less_next(self, n: Any, filt: Any, _turn: Any) -> list:
        sel = dict(getattr(filt, "filt", filt) or {})
        sel.pop("zone", None)  # a card played is in no zone of the field (CR 903.2b)
        if not sel:
            raise NoParse("next what")
        return [{"player_effect": {"flags": {"cost_mod": {"n": -read_number(str(n)), "affects": sel, "next": True}},
                                   "until": "end_of_turn"}}]

    # CR 903.2g-4: a continuous decrease of the cost of the cards of a kind its controller plays
    def st_pay_less(self, n: Any, filt: Any) -> list:
        sel = dict(getattr(filt, "filt", filt) or {})
        sel.pop("zone", None)  # a card played is in no zone of the field (CR 903.2b)
        if not sel:
            raise NoParse("less to play what")
        return [{"cost_mod": {"n": -read_number(str(n)), "affects": sel}}]

    # CR 903.2h, 1009.1: corrupting the player's own orbs as a cost
    def c_corrupt_own(self, n: Any) -> dict:
        return {"corrupt": read_number(str(n))}

    # CR 1019.1, 903.2b: an ability in the chase zone, of a card of the kind named
    def n_ability_of(self, q: tuple, *parts: Any) -> NP:
        kind, n, up_to, extra = q
        if kind != "target" or extra:
            raise NoParse("which ability")
        of: dict[str, Any] = {}
        for p in parts:
            w = str(p).lower()
            if p.type == "SIDE":
                of["controller"] = "you" if w == "allied" else "enemy"
            else:
                of["type"] = w
        return NP("target", {"zone": "chase", "type": "ability", "ability_of": of}, n, up_to)


__all__ = ["CasterFamilies"]
