"""The meaning of the grammar rules of the earlier sets' wordings (grammar.lark, the section
"Caster earlier sets' long tail"): element icons, durations of a turn written in other ways,
"for each" counts of any cards, and the newer order of "face down, as a Caster as Rest".

A mixin of :class:`grammar_compiler.CasterSemantics`: its methods are named after the rules they
give a meaning to, and build the same effect language as the rules they stand beside.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from lark import Token, Transformer, v_args

from ...cards.textcompiler import NoParse
from . import assembly as tc
from .assembly import NP


def _value(n: Token) -> int:
    return int(str(n).replace(" ", ""))


def _count_of(w: NP) -> dict:
    """ "for each X": the number of cards X names when the effect is applied (CR 1014.3)."""
    if w.kind != "all":
        raise NoParse("for each")
    # the cards in a hand or the orbs are EACH_COUNT's words (m_stat_each), read there
    if w.filt.get("zone") in ("hand", "orbs"):
        raise NoParse("for each: read by m_stat_each")
    return {"count": w.filt}


@v_args(inline=True)
class EarlierSetWordings(Transformer):
    """Meanings of the rules of the section "Caster earlier sets' long tail"."""

    def element_icon(self, el: Token) -> tuple:
        # CR 209.2, 209.3: the icon names the element ("(Void)": no element, as the word "Void")
        return ("mod", str(el).lower())

    def k_gains_this_turn(self, w: NP, _v: Token, m: dict, _d: Token) -> list:
        # CR 901.2b: "this turn", "for the rest of this turn": until the end of this turn
        return tc.k_gains(w, m)

    def k_gains_turn_first(self, _d: Token, w: NP, _v: Token, m: dict) -> list:
        return tc.k_gains(w, m)

    def k_gains_each_after(self, w: NP, _v: Token, n: Token, a: Token, *rest: Any) -> list:
        stats = [str(a).lower()]
        if isinstance(rest[0], Token) and rest[0].type == "STAT":
            stats.append(str(rest[0]).lower())
        if len(set(stats)) != len(stats):
            raise NoParse("a stat twice")
        each = rest[-1]
        v = _value(n)
        count = _count_of(each)
        return tc.k_gains(w, {s: {"mul": [v, count]} for s in stats})

    def m_stat_each_np(self, n: Token, stat: Token, w: NP) -> tuple:
        return ("stat", str(stat).lower(), {"mul": [_value(n), _count_of(w)]})

    def k_to_casters_as_rest(self, w: NP, _r: Token) -> list:
        return tc.k_to_casters_rested(w)  # CR 504.1b, 303.1


#: bracketed words of card text that name no trait: ability labels (CR 901.1d, 1106, 1107), the
#: rest icon (CR 1005) and the conditions of conditional text (CR 1111, 1113, 1117)
_LABELS = ("rest", "enter", "last words", "vanity", "bingo", "dct")


def bracketed_trait(keywords: Iterable[str]) -> str:
    """A regular expression of a trait written in brackets that the card data does not define
    ("[Youkai]"): the newer wording brackets a race or trait (CR 206.1a, 206.3), so a capitalized
    name in brackets that is no keyword (CR 1101) nor label is one.  Read only where the grammar
    reads a race."""
    words = sorted({" ".join(w.lower().split()) for w in keywords} | set(_LABELS), key=lambda w: (-len(w), w))
    exclude = "|".join(re.escape(w).replace("/", r"\/") for w in words)
    return r"\[(?!(?i:" + exclude + r")\])[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*){0,2}\]"
