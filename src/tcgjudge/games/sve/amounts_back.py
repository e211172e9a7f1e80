"""The meanings of the grammar rules of the section "SVE amounts that refer back".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "the number of amulets destroyed this way", "the number of spells put into your cemetery by this
  ability", "the number of 2-cost cards revealed this way": how many of the cards an earlier step
  of the same effect destroyed, banished, buried (put into the cemetery), discarded, revealed,
  summoned or put into the EX area fit the noun phrase (5.2.1.1: the steps are performed in order;
  10.11.1: a card that has moved is read where it is now, or as it last was).  The step's cards are
  bound (``as``) and read by the value ``fits`` (``step_results.step_refs``); with no such step
  before, or with a cost of the same kind (either could be meant), the sentence is refused;
- "X equals the number of mana counters on this card" (15.1: the value ``counters_of``), "the number of
  arrow counters this card had" (10.11.1: as it last was, once the card has left its zone);
- "discard any number of cards and draw that many cards plus 1": as many cards as the step just
  before moved (the same binding and value ``fits``), plus N;
- "the revealed card's cost" after "Reveal the top card of your deck" (the one card a step showed;
  ``step_results``), "an X-cost follower" (the cost X, defined by the text: 5.2.1.2).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .step_results import LATEST, STEP_COUNT

_inline = v_args(inline=True)

#: the words of "NP VERBED this way" as the kinds of step they name (step_results._step_kind)
_DONE_KIND = {"destroyed": "destroy", "banished": "banish", "buried": "bury", "discarded": "discard",
              "revealed": "reveal", "summoned": "summon"}


class AmountsBack:
    """Semantics of amounts that refer back to what the effect did (a mixin of ``SveSemantics``)."""

    @_inline
    def step_count(self, sel: Any, done: Token) -> dict:
        if not sel.each or sel.up_to:
            raise NoParse("the number of: a description of cards")
        w = " ".join(str(done).lower().split())
        m = re.match(r"put into (\w+) (cemetery|ex area)", w)
        if m:
            kind = "bury" if m.group(2) == "cemetery" else "put_ex"
        else:
            kind = _DONE_KIND[w.split()[0]]
        filt = {k: v for k, v in sel.filt.items() if k not in ("zone", "player")}
        return {STEP_COUNT: {"kind": kind, "filter": filt}}

    @_inline
    def draw_that_many(self, _cards: Token, n: Token | None = None) -> list:
        # 5.9: "discard any number of cards and draw that many cards plus 1": as many cards as the
        # step just before moved (step_results: refused with no step before), plus N
        v: Any = {STEP_COUNT: {"kind": LATEST, "filter": {}}}
        if n is not None:
            v = {"add": [v, int(str(n))]}
        return [{"draw": {"n": v}}]

    # -- N times an amount; the value of the card a cost or a step moved ------------------------------
    @_inline
    def times_value(self, n: Token, v: Any) -> dict:
        if not isinstance(v, dict) or "add" in v or "sub" in v:
            raise NoParse("N times: a number or a sum")  # "2 times X plus 1": which first
        return {"mul": ["X" if str(n).upper() == "X" else int(str(n)), v]}  # X: defined by the text

    @_inline
    def value_of_paid(self, prop: Token, card: Token) -> dict:
        return self.paid_card_value(Token("PAID_CARD", str(card).split()[0] + " card's"), prop)  # type: ignore[attr-defined]

    @_inline
    def value_of_put_cemetery(self, prop: Token) -> dict:
        return self.paid_card_value(Token("PAID_CARD", "buried card's"), prop)  # type: ignore[attr-defined]

    # -- counters on the card itself as an amount (15.1) ----------------------------------------------
    @_inline
    def self_counter_count(self, *parts: Any) -> dict:
        return {"counters_of": {"what": "self", "name": _counter_name(parts)}}

    @_inline
    def self_counter_had(self, *parts: Any) -> dict:
        # 10.11.1: the counters it had as it last was (read from the card while it is still there)
        return {"counters_of": {"what": "self", "name": _counter_name(parts), "last": True}}


def _counter_name(parts: tuple) -> str:
    first = parts[0]
    return first if isinstance(first, str) and not isinstance(first, Token) else str(first).lower()


__all__ = ["AmountsBack"]
