"""The meanings of the grammar rules of the section "SVE moves: verb + object + destination, the
cards referred back".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  One phrase serves the moving
verbs: a verb ("add", "put", "banish", "bury"), an object referred back and a destination.

- the object: "one of them" or, after it, "one" (one more card among the cards looked at that are
  still in the deck, 5.10.1; a card put back on the deck is a new object, 4.1.4, so it is not
  picked again); "the other", "the others", "the rest", "rest", "the remaining cards", "any
  remaining cards" (every card looked at that is still in the deck);
- the destination: the hand, the cemetery, the EX area, the top or the bottom of the deck (several
  cards in the order their owner chooses, 4.1.5), banished (5.6) or buried (5.33).

A form an earlier rule already reads ("Put the rest on the bottom of your deck", "Bury the rest",
"Put one of them into your EX area" ...) is refused here, so its reading stays the earlier one.
Other verbs on a card referred back: the engage icon as a verb ("{ENGAGE} it", 5.3.1), "Steal it"
(5.21.1) and "Return them to their owners' hands" (5.1.1: each to its owner's hand).
"""

from __future__ import annotations

from typing import Any

from lark import v_args

from ...cards.textcompiler import NoParse
from .assembly import _pick, definite_ref, k_look, k_shuffle_in, k_to_cemetery, k_to_ex, k_to_hand

_inline = v_args(inline=True)

#: the cards looked at that are still in the deck (5.10.1): "the rest", "the other"
_REST = {"zone": "deck", "player": "you", "in": "$look"}


#: "the other" of two cards selected: the card selected ("$two") that was not picked ("$it"), in any
#: zone a selection takes its cards from
_OTHER = {"zone": ["field", "ex_area", "cemetery", "hand", "evolve_deck", "leader"], "in": "$two", "not_in": "$it"}


def _mentions(x: Any, what: Any) -> bool:
    if x == what:
        return True
    if isinstance(x, dict):
        return any(_mentions(v, what) for v in x.values())
    if isinstance(x, list):
        return any(_mentions(v, what) for v in x)
    return False


def _one_and_other(a: list, b: list) -> list:
    """'VERB one and VERB the other': the player picks one of the cards selected (10.6.2.3)."""
    if not (_mentions(a, "$it") and not _mentions(a, _OTHER) and _mentions(b, _OTHER)):
        raise NoParse("'one' then 'the other'")
    return [{"select": {"as": "$new", "from": "$two", "n": 1}}] + a + b


def _dest(where: str, what: Any) -> list:
    """The instruction that moves WHAT to a destination of the phrase."""
    if where == "hand":
        return k_to_hand(what)  # 4.7
    if where == "cemetery":
        return k_to_cemetery(what)  # 4.9
    if where == "ex_area":
        return k_to_ex(what)  # 4.8
    if where in ("top", "bottom"):
        return [{"to_deck": {"what": what, "pos": where}}]  # 4.1.5: several cards, their owner's order
    if where == "banished":
        return [{"banish": what}]  # 5.6
    raise NoParse(f"a destination {where}")


class MovesBack:
    """Semantics of the moving verbs on cards referred back (a mixin of ``SveSemantics``)."""

    # -- the object --------------------------------------------------------------------------------
    def back_one_of_them(self, _: Any = None) -> tuple:
        return ("one", "of them")

    def back_one_more(self, _: Any = None) -> tuple:
        return ("one", "one")

    def back_the_other(self, _: Any = None) -> tuple:
        return ("rest", "other")

    def back_rest_written(self, _: Any = None) -> tuple:
        return ("rest", "the rest")  # "the rest", "the remaining cards": the words earlier rules read

    def back_rest_other(self, _: Any = None) -> tuple:
        return ("rest", "remaining")  # "rest", "any remaining cards", "the remaining card"

    # -- the destination ---------------------------------------------------------------------------
    def bd_hand(self, _: Any = None) -> str:
        return "hand"

    def bd_cemetery(self, _: Any = None) -> str:
        return "cemetery"

    def bd_ex(self, _: Any = None) -> str:
        return "ex_area"

    def bd_top(self, *_: Any) -> str:
        return "top"

    def bd_bottom(self, *_: Any) -> str:
        return "bottom"

    # -- the phrase --------------------------------------------------------------------------------
    @_inline
    def move_back_one(self, obj: tuple, where: str) -> list:
        if obj[1] == "of them" and where in ("cemetery", "ex_area", "top"):
            raise NoParse("read by put_np_cemetery, put_among_ex, put_among_top")
        s = self.np_one_of_them()  # type: ignore[attr-defined]  # one card among the cards looked at
        # 5.10.1: the player picks one of the cards looked at still in the deck (without "You may":
        # one must be picked when there is one)
        return [_pick(s, False)] + _dest(where, "$it")

    @_inline
    def move_back_rest(self, obj: tuple, where: str) -> list:
        if obj[1] == "the rest" and where in ("bottom", "cemetery"):
            raise NoParse("read by rest_bottom, rest_cemetery")
        return _dest(where, dict(_REST))

    @_inline
    def bury_back_rest(self, obj: tuple) -> list:
        if obj[1] == "the rest":
            raise NoParse("read by rest_cemetery")
        return k_to_cemetery(dict(_REST))  # 5.33.1: into their owner's cemetery

    @_inline
    def banish_back_rest(self, obj: tuple) -> list:
        return _dest("banished", dict(_REST))

    # -- other verbs on a card referred back ---------------------------------------------------------
    @_inline
    def steal_ref(self, w: Any) -> list:
        return [{"gain_control": definite_ref(w)}]  # 5.21.1: moved to your field, you control it

    # -- "one" and "the other" of two cards selected (10.6.2.3) ------------------------------------
    def pair_one(self, _: Any = None) -> str:
        return "$it"  # the card picked among those selected

    def pair_other(self, _: Any = None) -> dict:
        return dict(_OTHER)  # the card selected that was not picked

    @_inline
    def one_and_other(self, a: list, b: list) -> list:
        return _one_and_other(a, b)

    @_inline
    def one_and_other_into(self, a: list, w: Any, t: dict) -> list:
        if not (isinstance(a, list) and len(a) == 1 and "transform" in a[0]):
            raise NoParse("'and the other into' after another verb than transform")
        return _one_and_other(a, self.transform(w, t))  # type: ignore[attr-defined]

    # -- shuffles (5.8) ------------------------------------------------------------------------------
    @_inline
    def shuffle_your_deck(self, rest: list) -> list:
        return [{"shuffle": "you"}] + rest  # 5.8.1, then what follows

    @_inline
    def shuffle_then_look(self, n: Any) -> list:
        return [{"shuffle": "you"}] + k_look(n)

    def shuffle_cemetery_in(self, _: Any = None) -> list:
        return k_shuffle_in({"zone": "cemetery", "player": "you"})

    @_inline
    def cemetery_in_then_look(self, shuffled: list, n: Any) -> list:
        return shuffled + k_look(n)

    @_inline
    def return_deck_shuffle(self, w: Any) -> list:
        return k_shuffle_in(definite_ref(w))  # 4.1.6: to their owner's deck, then shuffled (5.8.1)
