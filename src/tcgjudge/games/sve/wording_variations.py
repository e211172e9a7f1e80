"""SVE wording variations: the pieces the grammar knows, in the slots where a card may put them.

The semantics of the grammar section "SVE wording variations" (a mixin of
``grammar_compiler.SveSemantics``, methods named after the rules), and the punctuation noise a
database's text may carry:

* :func:`tidy_punctuation`: repeated periods ("Draw a card..") are one period, and a paragraph
  whose last sentence has no period gets one (2.6: a paragraph is an ability, its sentences end
  with periods).  Doubled spaces are already one space (``notation``).  The text is tidied only
  when it does not read as written, so a card read before reads the same; misspelt words are not
  noise: they stay refused (text is never guessed).
* :func:`dotted_names`: the card names of the database being read that hold a period ("XXI.
  Zelgenea, The World"), so that the sentence splitter does not end a sentence inside a name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NUMBER_WORDS, NoParse
from . import assembly as tc
from .assembly import Sel
from .assembly import definite_ref as _ref
from .notation import KEYWORDS

_inline = v_args(inline=True)

_REPEATED_PERIODS = re.compile(r"\.(?:[ \t]*\.)+")
_NO_FINAL_PERIOD = re.compile(r"([\w'])[ \t]*$")


def tidy_punctuation(text: str) -> str:
    """A card text with its punctuation noise removed: repeated periods made one, a final period
    added to a paragraph that ends with a word.  Nothing else changes (no word is touched)."""
    lines = []
    for line in text.split("\n"):
        line = _REPEATED_PERIODS.sub(".", line)
        if re.search(r"[A-Za-z]", line) and not re.fullmatch(r"\s*-{3,}\s*", line):
            line = _NO_FINAL_PERIOD.sub(r"\1.", line)
        lines.append(line)
    return "\n".join(lines)


def dotted_names(vocab: Mapping[str, Mapping[str, str]]) -> list[str]:
    """The card and token names of the vocabulary that hold a period (2.1: a name is one word of
    the text, whatever it holds)."""
    return [n for key in ("CARDNAME", "TOKEN") for n in vocab.get(key, {}).values() if "." in n]


def times_per_turn(ab: dict, n: Any, once: Any) -> dict:
    """10.7.2.2: a triggered ability that works at most N times a turn ("Twice per turn, when ...",
    "3 times on each of your turns, when ..."); "on each of your turns" also limits it to its
    controller's turns (as "Once on each of your turns")."""
    k = n if isinstance(n, int) else NUMBER_WORDS.get(str(n).lower(), int(n) if str(n).isdigit() else None)
    if not isinstance(k, int) or k < 1:
        raise NoParse("a number of times")
    ab["auto"]["per_turn"] = k
    if str(once).lower().startswith("on each of your"):
        during_turns(ab, "yours")
    return ab


def during_turns(ab: dict, whose: str) -> dict:
    """10.1.1.2.1: an automatic ability that triggers only during its controller's turns
    (``whose`` "yours") or the opponent's ("theirs"): a condition on its event."""
    on = ab["auto"]["on"]
    on = {"named": on} if isinstance(on, str) else dict(on)
    on["cond"] = tc.and_cond(on.get("cond"), {"turn": whose})
    ab["auto"]["on"] = on
    return ab


class WordingVariations:
    """Meanings of the grammar section "SVE wording variations" (mixed into SveSemantics)."""

    # 5.26, 12.x: "Give this follower +1/+0, Rush, and Ward": the stats and each keyword of the list
    @_inline
    def give_stats_kw_list(self, w: Any, st: tuple, *rest: Any) -> list:
        kws = [KEYWORDS[" ".join(str(x).lower().split())] for x in rest if isinstance(x, Token)]
        until = next((x for x in rest if isinstance(x, str) and not isinstance(x, Token)), None)
        return tc._give(_ref(w), st, kws, [], None, until)

    # 10.6.2.3, 5.26: "Select a follower on your field and give +1/+1" (the selected card is given)
    @_inline
    def select_give_elided(self, s: Sel, st: tuple, until: Any = None) -> list:
        if s.each:
            raise NoParse("select each")
        return [{"@target": s}] + tc._give("$it", st, [], [], None, until)

    # 5.9.2: "Draw 2 cards for every X": N cards for each card counted
    @_inline
    def draw_n_per(self, n: Token, *parts: Any) -> list:
        per = self.draw_per(*parts)[0]["draw"]["n"]  # type: ignore[attr-defined]  # long_tail's count
        k = int(str(n)) if str(n).isdigit() else None
        if k is None:
            raise NoParse("draw X cards for every")
        return [{"draw": {"n": per if k == 1 else {"mul": [k, per]}}}]

    # 5.6: a player banishes the top N cards of their own deck
    @_inline
    def p_banish_top(self, p: str, n: Any = 1) -> list:
        return tc.k_banish({"zone": "deck", "player": p, "top": n})

    # 2.5: the selected card's cost (its current cost, as value_sel_stat's current attack)
    def value_sel_cost(self, *_: Any) -> dict:
        return {"prop": ["$sel", "cost"]}

    # 5.29.2, 5.29.1: the top half of your deck, rounded up
    def ref_top_half(self, *_: Any) -> dict:
        return {"zone": "deck", "player": "you", "top": {"half": {"count": {"zone": "deck", "player": "you"}}}}

    # 10.2.1.3.3: one less per pair of two kinds of card: the fewer of the two counts
    @_inline
    def st_self_less_per_pair(self, n: Token, a: tuple, b: tuple) -> list:
        heads = []
        for parts in (a, b):
            hs = [p[1] for p in parts if isinstance(p, tuple) and p and p[0] == "head"]
            heads.append(hs[0] if len(hs) == 1 and len(hs[0]) == 1 else None)
        types = [h[0].rstrip("s") if h else None for h in heads]
        if None in types or types[0] == types[1] or not set(types) <= {"follower", "spell", "amulet"}:
            raise NoParse("a pair of descriptions a card may fit both of")
        places = [p for p in b if isinstance(p, tuple) and p and p[0] == "place"]
        if not any(isinstance(p, tuple) and p and p[0] == "place" for p in a):
            a = tuple(a) + tuple(places)  # the place written last holds for both
        counts = [self.count(self.np_one({"each": True}, *parts)) for parts in (a, b)]  # type: ignore[attr-defined]
        pairs = {"min": counts}
        k = int(str(n))
        return tc.st_self_less(pairs if k == 1 else {"mul": [k, pairs]})

    # 2.2: the card's own attack or defense compared with a number ("at least 3 attack", "at most 2
    # defense", "2 defense or less")
    @_inline
    def self_stat_cmp(self, *toks: Token) -> dict:
        kinds = {t.type: str(t).lower() for t in toks}
        bound = "max" if kinds.get("AT_BOUND", "") == "at most" or kinds.get("LESS_MORE") == "less" else "min"
        n = next(t for t in toks if t.type == "NUMBER")
        stat = next(t for t in toks if t.type == "STAT_WORD")
        return {"is": ["self", {_stat_key(stat, bound): int(str(n))}]}

    # 4.1: "If 2 followers are on your opponent's field" (the count kept, as on_your_field)
    @_inline
    def on_enemy_field(self, s: Sel) -> dict:
        if s.filt.get("controller") == "you":
            raise NoParse("your card on the enemy's field")
        return tc.c_on_field(Sel({**s.filt, "controller": "enemy"}, s.n, s.up_to, s.each, s.plural))


def _stat_key(stat: Token, bound: str) -> str:
    if not str(stat).isalpha() or str(stat).lower() not in ("attack", "defense"):
        raise NoParse("stat")
    return ("atk_" if str(stat).lower() == "attack" else "def_") + bound




__all__ = ["WordingVariations", "dotted_names", "tidy_punctuation", "times_per_turn"]
