"""The meanings of the grammar rules of the section "SVE deck positions".

A card put into a deck goes to a place in it (4.1.3): the top, the bottom, the Nth card from the
top (with too few cards, the bottom: 4.1.3.1), or one of two places the effect's controller
chooses ("2nd from the top or on the bottom", 3.1.2.4.1). The instruction is ``to_deck`` with
``pos`` ``top``, ``bottom``, a number of cards from the top (``"3"``) or two of these joined by
``_or_`` (``"2_or_bottom"``, the earlier ``top_or_bottom``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import definite_ref

_inline = v_args(inline=True)


class DeckPositions:
    """Mixed into :class:`grammar_compiler.SveSemantics`."""

    @_inline
    def ref_to_deck(self, w: Any, pos: str) -> list:
        op: dict[str, Any] = {"what": definite_ref(w), "pos": pos}
        if "_or_" in pos:
            op["player"] = "you"  # the effect's controller chooses (3.1.2.4.1)
        return [{"to_deck": op}]

    @_inline
    def np_to_deck(self, s: Any, pos: str) -> list:
        if s.each or pos == "top":
            raise NoParse("each / the top of the deck for a choice (put_among_top)")
        op: dict[str, Any] = {"what": "$it", "pos": pos}
        if "_or_" in pos:
            op["player"] = "you"
        return [{"@target": s}, {"to_deck": op}]  # the card chosen (5.2), then put there

    @_inline
    def deck_place(self) -> str:  # on the top of its owner's deck
        return "top"

    @_inline
    def deck_bottom(self, _deck: Token) -> str:
        return "bottom"

    @_inline
    def deck_depth(self, _deck: Token, depth: Token) -> str:
        return str(int(str(depth)[:-2]))  # "3rd" -> "3": the 3rd card from the top (4.1.3.1)

    @_inline
    def deck_depth_or_bottom(self, deck: Token, depth: Token) -> str:
        return f"{int(str(depth)[:-2])}_or_bottom"
