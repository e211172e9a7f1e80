"""The meaning of the grammar rules of the earlier sets' wordings (grammar.lark, the section
"Caster earlier sets' long tail"): element icons, durations of a turn written in other ways,
"for each" counts of any cards, and the newer order of "face down, as a Caster as Rest".

A mixin of :class:`grammar_compiler.CasterSemantics`: its methods are named after the rules they
give a meaning to, and build the same effect language as the rules they stand beside.
"""

from __future__ import annotations

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

    def k_to_casters_as_rest(self, w: NP, as_what: Token, _r: Token) -> list:
        # "as a Caster" of two or more cards could be one caster with the others as its stock
        # (CR 306.2): read only of one card, or of several "as casters"
        several = w.filt["top"] != 1 if "top" in w.filt else (w.kind == "all" or w.n != 1)
        if several and "casters" not in str(as_what).lower():
            raise NoParse("several cards as a Caster")
        return tc.k_to_casters_rested(w)  # CR 504.1b, 303.1


    def bare_races(self, *parts: Any) -> NP:
        races = [p for p in parts if isinstance(p, tuple) and p[0] == "races"]
        if any(r.endswith("s") for r in races[0][1]):
            raise NoParse("a plural race: np_races")  # read by the rules above (st_gains)
        return self.np_sel(("all", 1, False, {"each": True}), *parts)  # type: ignore[attr-defined]

    def st_bare_gains(self, w: NP, _v: Token, m: dict) -> list:
        return tc.st_gains(w, m)

    def st_bare_gains_if(self, w: NP, _v: Token, m: dict, c: dict) -> list:
        return tc.st_gains_if(w, m, c)

    def c_more_than(self, cmp: Token, a: NP, b: NP) -> dict:
        if a.kind != "all" or b.kind != "all":
            raise NoParse("there are more")
        op = ">" if str(cmp).lower() == "more" else "<"
        return {"compare": [{"count": a.filt}, op, {"count": b.filt}]}
