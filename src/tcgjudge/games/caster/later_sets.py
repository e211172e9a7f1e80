"""The meanings of the grammar's section on the later sets (United Front and the playtest template).

Each method is named after the rule (or alias) of ``grammar.lark``'s section "later sets: United
Front and the playtest template"; :class:`grammar_compiler.CasterSemantics` inherits them.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from ...cards.textcompiler import NoParse
from .assembly import NP, PARAM_KEYWORDS, _param_ok, k_banish

#: keywords whose value is a trait or race (CR 1108.2, 1114.2), written "[United Front](Idol)"
#: in the older wording and "United Front [Idol]" in the newer one
TRAIT_KEYWORDS = {"united front", "step up"}


def _race_word(tok: Any) -> str:
    w = str(tok).strip()
    return w[1:-1].strip() if w.startswith("[") and w.endswith("]") else w


@v_args(inline=True)
class LaterSetsText(Transformer):
    """Mixin of :class:`CasterSemantics`: the later sets' constructs."""

    @staticmethod
    def race_of(tok: Any) -> str:
        """The race a RACE token names (overridden by the compiler with the data's spelling)."""
        return _race_word(tok)

    def kw_trait(self, k: Token, race: Token) -> Any:
        # CR 1108.2, 1114.2: the trait (or race) the keyword names, as the data spells it (CR 206)
        name = " ".join(str(k).lower().split())
        val = self.race_of(race)
        if name not in TRAIT_KEYWORDS or not _param_ok(name, val):
            raise NoParse(f"{name} {_race_word(race)}")
        return {PARAM_KEYWORDS[name]: val}

    def text_of(self, part: Any, meta: Any, lead: str) -> str:
        """The printed words of a part of the paragraph (given by the compiler)."""
        raise NotImplementedError

    def k_p_wins_game(self, p: str) -> list:
        if p not in ("enemy", "you"):
            raise NoParse("who wins")
        return [{"win": p}]  # CR 103.2

    def c_both_no_orbs(self) -> dict:
        # CR 309: each player's orb zone is empty
        return {"and": [{"player_value": {"key": "orbs", "player": p, "max": 0}} for p in ("you", "enemy")]}

    def s_during_turn_if(self, whose: Token, c: dict, e: list) -> list:
        # the condition and whose turn it is, both checked as the effect resolves
        turn = {"turn": "yours" if str(whose).lower() == "your" else "theirs"}
        return [{"@if": {"and": [turn, c]}, "then": e}]

    def k_put_back(self) -> list:
        # "them": the cards of the look before (the assembly names them); back on top (CR 302.4)
        return [{"to_deck": {"what": NP("ref", ref="it"), "pos": "top"}}]

    def named_head(self, q: Token) -> tuple:
        # CR 202.4: a card of that name ("target "Hansel""); a name quoted at the end of a
        # sentence may hold its full stop
        return ("filt", {"name": str(q).strip('"').rstrip(".")})

    @v_args(meta=True, inline=False)
    def banish_alt(self, meta: Any, children: list) -> tuple:
        return (children[0], "banish " + self.text_of(None, meta, ""))

    def s_banish_either(self, a: tuple, b: tuple) -> list:
        # one of the two, chosen as the ability resolves: the two modes of "X, or Y" (s_or).  Only
        # when the second is a noun phrase of its own, with its determiner ("or a face down
        # caster"): "all allied Flowers or Insects" is one noun phrase of either race (CR 206.3)
        if b[1].split()[1].lower() not in _DETERMINERS:
            raise NoParse(b[1])
        return [{"@modes": [(a[1], k_banish(a[0])), (b[1], k_banish(b[0]))], "shared": None}]


#: the words a noun phrase of its own opens with (its determiner, or the card itself)
_DETERMINERS = frozenset({"a", "an", "the", "this", "that", "these", "those", "target", "all", "each", "every",
                          "any", "another", "one", "two", "three", "four", "five", "up", "me", "it", "them",
                          "your", "my", "its"})


__all__ = ["LaterSetsText", "TRAIT_KEYWORDS"]
