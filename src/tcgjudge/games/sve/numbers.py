"""The meanings of the grammar rules of the section "SVE amounts, numbers and stats".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- a leader's defense compared in a condition, whoever's leader it is and however the comparison is
  worded (2.8: "If your leader's {DEF} is at least 5", "if the enemy leader's defense is 10 or less");
- what a cost did, the card named by its type ("the discarded follower's cost", 10.11.1);
- a card in either of two zones of one player ("in your hand and EX area", 4.1);
- a count plus a number ("the number of cards named Magical Pawn on your field plus 2", 5.2.1.2);
  a card of either of two names ("cards named Eggsplosion or Humpty Dumpty", 2.1);
- a card the sentence before named, its cost or a stat compared ("If it costs 2 play points or
  less", "if that follower has 3 attack or more", "if its attack is 4 or more", 2.5, 2.7-2.8); a cost
  below a value ("that costs less than your maximum play points", 2.5, 3.2.4);
- "X equals a number of your choice" (5.2.1.2.2, 10.6.2.2.3): X specified as the ability is played,
  read only where a play point cost of the ability pays X (:func:`check_x_choice`);
- "deal damage equal to its cost to your leader" (5.13);
- "the selected follower's cost plus 2", "the highest attack among followers on your field" (values,
  5.2.1.2; the effect-language value ``most``); "For each X, select up to 1 Y and ..." (one selection
  of up to that many cards, 10.6.2.3); "each follower with 1 attack" (the selector keys ``atk_is`` /
  ``def_is``); "Deal 2 damage to each enemy leader ... for every 5 cards ..." (5.13).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from . import assembly as tc
from .assembly import X_CHOICE, Sel
from .older_tail import _compare_words

_inline = v_args(inline=True)

#: the word before or after a number -> the comparison it makes
_AT = {"at least": ">=", "at most": "<=", "exactly": "=="}
_TAIL = {"more": ">=", "greater": ">=", "less": "<=", "fewer": "<="}


def compare_of(t: Token) -> tuple[str, int]:
    """"at least 3" / "3 or more" / "at most 3" / "3 or less" / "exactly 3" / "3": (operator, N)."""
    word, n, tail = _compare_words(t)
    if word and tail:
        raise NoParse(str(t))
    return (_AT[word] if word else _TAIL[tail] if tail else "=="), n


def _int(n: Token) -> int:
    if not str(n).isdigit():
        raise NoParse("X compared")
    return int(str(n))


def _bound_of(toks: tuple) -> str:
    """The comparison of "at least N" / "at most N" / "N or more" / "N or less" tokens."""
    for t in toks:
        w = " ".join(str(t).lower().split())
        if t.type == "AT_BOUND":
            return _AT[w]
        if t.type == "LESS_MORE":
            return _TAIL[w]
    raise NoParse("a comparison")


class Numbers:
    """Semantics of amounts, numbers and comparisons of stats (a mixin of ``SveSemantics``)."""

    # -- a leader's defense (2.8) --------------------------------------------------------------------
    @_inline
    def leader_def_cmp(self, who: Token, cmp: Token) -> dict:
        owner = "you" if str(who).lower().startswith("your leader") else "enemy"
        op, n = compare_of(cmp)
        return {"compare": [{"prop": [{"zone": "leader", "controller": owner}, "def"]}, op, n]}

    @_inline
    def your_leader_def_cmp(self, cmp: Token) -> dict:
        if not str(cmp).lower().startswith(("at ", "exactly")):
            raise NoParse("your leader's defense")  # "is N or less / N or more / N": leader_low, leader_high, leader_is
        return self.leader_def_cmp(Token("LEADER", "your leader's"), cmp)

    # -- a card's cost or stats compared (2.5, 2.7-2.8) ---------------------------------------------
    def _named_card(self, w: Any) -> str:
        ref = tc.definite_ref(w)
        if not isinstance(ref, str) or ref == "self":
            # the card itself: self_stat_cmp; a leader's defense: leader_low / leader_high / leader_def_cmp
            raise NoParse("a card the sentence before named")
        return ref

    @_inline
    def ref_cost_cmp(self, w: Any, *toks: Token) -> dict:
        op = _bound_of(toks)
        n = next(t for t in toks if t.type == "NUMBER")
        return {"is": [self._named_card(w), {"cost_max" if op == "<=" else "cost_min": _int(n)}]}

    @_inline
    def ref_cost_is(self, w: Any, n: Token) -> dict:
        return {"is": [self._named_card(w), {"cost": _int(n)}]}  # 2.5

    @_inline
    def ref_stat_cmp(self, w: Any, *toks: Token) -> dict:
        op = _bound_of(toks)
        n = next(t for t in toks if t.type == "NUMBER")
        stat = next(t for t in toks if t.type == "STAT_WORD")
        key = ("atk_" if str(stat).lower() == "attack" else "def_") + ("max" if op == "<=" else "min")
        return {"is": [self._named_card(w), {key: _int(n)}]}

    @_inline
    def ref_stat_is(self, who: Token, stat: Token, cmp: Token) -> dict:
        op, n = compare_of(cmp)
        ref = "$it" if str(who).lower() == "its" else self._named_card(self.ref_sel())  # type: ignore[attr-defined]
        prop = "atk" if str(stat).lower() == "attack" else "def"
        if op == "==":
            return {"is": [ref, {f"{prop}_min": n, f"{prop}_max": n}]}
        return {"is": [ref, {f"{prop}_{'max' if op == '<=' else 'min'}": n}]}

    @_inline
    def q_stat_exact(self, n: Token, stat: Token) -> tuple:
        k = "atk" if str(stat).lower() == "attack" else "def"
        return ("qual", f"{k}_is", _int(n))  # 2.7-2.8: exactly N (the SVE selector keys atk_is, def_is)

    @_inline
    def deal_to_per(self, n: Token, w: Any, every: Token, parts: Any) -> list:
        return self.deal_per(w, n, every, parts)  # type: ignore[attr-defined]  # nouns_amounts

    @_inline
    def q_cost_below(self, v: Any) -> tuple:
        if isinstance(v, (int, str)):
            raise NoParse("costs less than N")  # a number: "that costs N-1 or less" is printed instead
        return ("qual", "cost_max", {"sub": [v, 1]})  # 2.5: below the value is at most one less

    # -- counts as amounts (5.2.1.2) ---------------------------------------------------------------
    @_inline
    def count_plus(self, s: Any, n: Token) -> dict:
        if str(n).upper() == "X":
            raise NoParse("plus X")
        return {"add": [self.count(s), int(str(n))]}  # type: ignore[attr-defined]

    @_inline
    def value_sel_plus(self, what: Token, n: Token) -> dict:
        key = tc.STAT_KEYS[str(what).lower()]
        return {"add": [{"prop": ["$sel", key]}, _int(n)]}  # 2.5, 2.7-2.8: the selected card's value

    @_inline
    def value_extreme(self, word: Token, what: Token, parts: tuple) -> dict:
        s = self.np_one({"each": True}, *parts)  # type: ignore[attr-defined]
        key = tc.STAT_KEYS[str(what).lower()]
        out: dict[str, Any] = {"of": s.filt, "prop": key}
        if str(word).lower() == "lowest":
            out["least"] = True
        return {"most": out}

    @_inline
    def q_named_either(self, a: Token, b: Token) -> tuple:
        names = [self.q_named(a)[2], self.q_named(b)[2]]  # type: ignore[attr-defined]
        if names[0] == names[1]:
            raise NoParse("named A or A")
        return ("qual", "name", names)  # 2.1: either name

    @_inline
    def deal_equal_to(self, v: Any, w: Any) -> list:
        return self.deal(v, w)  # type: ignore[attr-defined]  # 5.13: the amount is the value

    # -- a number the player chooses (5.2.1.2.2, 10.6.2.2.3) ---------------------------------------------
    def x_your_choice(self, *_: Any) -> list:
        return [{X_CHOICE: True}]

    # -- "For each X, select up to 1 Y and ..." (10.6.2.3) ---------------------------------------------
    @_inline
    def for_each_select(self, parts: Any, e: list) -> list:
        first = e[0] if e else None
        sel = first.get("@target") if isinstance(first, dict) else None
        if not isinstance(sel, Sel) or sel.n != 1 or not sel.up_to or sel.each:
            raise NoParse("for each: a selection of up to 1")  # other steps per card are not read
        many = Sel(dict(sel.filt), {"count": self._bare_sel(parts).filt}, True)  # type: ignore[attr-defined]
        return [{"@target": many}] + list(e[1:])

    # -- places (4.1) --------------------------------------------------------------------------------
    @_inline
    def zone_pair_place(self, _prep: Token, owner: Token, a: Token, b: Token) -> tuple:
        za = tc._ZONE_WORDS[" ".join(str(a).lower().split())]
        zb = tc._ZONE_WORDS[" ".join(str(b).lower().split())]
        who = tc._OWNER_WORDS[" ".join(str(owner).lower().split())]
        if za == zb or "field" in (za, zb) or who not in ("you", "enemy"):
            # the field is named by its controller (4.4.3): "your field or EX area" is field_or_ex_short
            raise NoParse("two zones")
        return ("place", [za, zb], who)


__all__ = ["Numbers", "check_x_choice", "compare_of", "same_kinds"]


def check_x_choice(spec: dict, costs: list) -> None:
    """"X equals a number of your choice" is read only where X is what a play point cost pays
    (5.2.1.2.2: the player specifies it as the ability is played; 10.6.2.2.3)."""
    if "x" in spec and {"pp": "X"} not in costs:
        raise NoParse("X of your choice without an X play point cost")


def same_kinds(kinds: dict, count: dict) -> dict:
    """"If there are at least 3 cards with different base costs in your cemetery, A. If there are at
    least 6, B.": the later threshold counts the different costs again (2.5; the count's bounds
    ``min`` / ``max`` as comparisons of that value)."""
    conds = [{"compare": [kinds, op, count[key]]} for key, op in (("min", ">="), ("max", "<=")) if key in count]
    if not conds or set(count) - {"of", "min", "max"}:
        raise NoParse("at least N of the different costs")
    return conds[0] if len(conds) == 1 else {"and": conds}
