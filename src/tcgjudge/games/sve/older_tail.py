"""The meanings of the grammar rules for the older template's long tail (official sets BP05-BP08).

The rules are in the section "the older template's long tail" of ``grammar.lark``; the methods are
mixed into :class:`grammar_compiler.SveSemantics` (named after their rules):

- "Reveal your hand." (5.12: the player shows their hand; nothing moves);
- "..., where X equals VALUE" (X defined in the sentence that uses it, 5.2.1.2) and conditions on X
  ("If X is at least 3", "X is 5 or more", "at most", "or less", "exactly");
- the cost "{ENGAGE} and a NAME on your field" (10.4.6: this card and the card named are engaged);
- a search whose card is put onto the field engaged (5.7, 5.4.1);
- "whenever this follower deals / takes combat damage" (5.13.3.2);
- "Each player puts the top card of their deck into their EX area" (4.1.6: its owner's EX area);
- "A. Do this N times." (the effect of the sentence performed N times in a row);
- "for the rest of this turn" (a duration: the end of the turn, 7.4.8), before or after the effect;
- "For the rest of this turn, if X would take more than N damage, it takes N instead." (5.13.2);
- "Also, PASSIVE." (a further passive sentence);
- "this card's Activate abilities [except Evolve] can't be activated" (a flag on the card);
- "This card can't be played during your turn" / "can only be played from hand" (the card field
  ``play_if``: a condition of playing the card, 8.2.1, 1.3.3);
- "If there are 5 or less cards, ..." after a count of cards (the same cards, compared).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NUMBER_WORDS, NoParse
from . import assembly as tc
from .notation import EOT

_inline = v_args(inline=True)

#: the mark grammar_compiler._same_counts fills in with the selector of the count before
_SAME_COUNT = "@same_count"

#: the instructions that make a persistent effect, which "for the rest of this turn" gives a duration
_LASTING = ("modify", "grant", "damage_mod", "player_effect", "set_evolve_cost")

_X_COMPARE = re.compile(r"(?i)(at least|at most|exactly)?\s*(\d+)\s*(?:or\s+(more|greater|less|fewer))?")



def _compare_words(t: Token) -> tuple[str, int, str]:
    """"at least 3" / "3 or more" / "exactly 3": the word before the number, the number and the
    word after it (lower case; empty when absent)."""
    m = _X_COMPARE.fullmatch(" ".join(str(t).split()))
    if m is None:
        raise NoParse(str(t))
    return (m.group(1) or "").lower(), int(m.group(2)), (m.group(3) or "").lower()

class OlderTail:
    """Semantics of the older template's long tail (a mixin of ``SveSemantics``)."""

    @_inline
    def reveal_your_hand(self) -> list:
        return tc.k_reveal(None, "you")  # 5.12: the cards are shown to every player; nothing moves

    @_inline
    def where_x(self, e: list, v: Any) -> list:
        # 5.2.1.2: X is defined by the text: "..., where X equals V" is "... . X equals V."
        return list(e) + [{"@x": v}]

    @_inline
    def x_compare(self, t: Token) -> dict:
        word, n, tail = _compare_words(t)
        if word and tail:
            raise NoParse(str(t))
        op = {"at least": ">=", "at most": "<=", "exactly": "=="}.get(word) or (
            ">=" if tail in ("more", "greater") else "<=" if tail in ("less", "fewer") else "==")
        return {"compare": ["X", op, n]}

    @_inline
    def cost_engage_self_and(self, *items: list) -> list:
        # 10.4.6: the icon alone engages this card; "and a NAME on your field" engages that card too
        *before, cards = items
        return [x for it in before for x in it] + ["engage"] + list(cards)

    @_inline
    def search_field_engaged(self, s: Any) -> list:
        got = tc.k_search_field(s)
        got[0]["search"]["engaged"] = True  # 5.4.1: it enters engaged (it does not "become" engaged)
        return got

    @_inline
    def on_self_combat_damage(self, _w: Token, _noun: Token, verb: Token) -> dict:
        # 5.13.3.2: combat damage is what an attacking follower and the follower it attacks deal
        # each other (8.4.9, 8.4.9.1): the damage event of such an instance is marked ``combat``
        named = "deals_damage" if str(verb).lower() == "deals" else "takes_damage"
        return {"named": named, "data": {"combat": True}}

    @_inline
    def p_top_to_ex(self, p: str, n: Any = 1) -> list:
        # 4.1.6: each card goes to its owner's EX area (each player's own top card into their own)
        return tc.k_put_owner_ex({"zone": "deck", "player": p, "top": n})

    @_inline
    def repeat_this(self, e: list, n: Token) -> list:
        word = str(n).lower()
        times: Any = NUMBER_WORDS[word] if word in NUMBER_WORDS else ("X" if word == "x" else int(word))
        for it in e:
            # only whole instructions repeat: a selection, a condition or a pronoun stays unread
            if not isinstance(it, dict) or any(str(k).startswith("@") for k in it) or "$it" in repr(it):
                raise NoParse("Do this N times")
        return [{"repeat": {"n": times, "do": list(e)}}]

    @_inline
    def repeat_until_ex_full(self, e: list, _self: Any = None) -> list:
        # 4.8.3: one card of your deck's top into your EX area per repeat, as often as it has room
        put = e[0].get("put_ex") if len(e) == 1 and isinstance(e[0], dict) else None
        if not isinstance(put, dict) or put.get("what") != {"zone": "deck", "player": "you", "top": 1}:
            raise NoParse("Repeat until your EX area is full")
        room = {"sub": [{"player_value": "ex_area_limit"}, {"player_value": "ex_area"}]}
        return [{"repeat": {"n": room, "do": list(e)}}]

    @_inline
    def rest_of_turn(self, e: list) -> list:
        # 10.2.1.2, 7.4.8: every effect the sentence makes lasts until the end of this turn; a
        # sentence that makes no such effect (or already says how long) is not read
        out = []
        for it in e:
            if not (isinstance(it, dict) and len(it) == 1):
                raise NoParse("For the rest of this turn")
            (op, arg), = it.items()
            if op not in _LASTING or not isinstance(arg, dict) or "until" in arg:
                raise NoParse("For the rest of this turn")
            out.append({op: {**arg, "until": EOT}})
        return out

    @_inline
    def damage_cap_turn(self, who: Any, *rest: Any) -> list:
        # 5.13.2, 10.2.1.3.2: "if X would take more than N damage, it takes N instead": the amount
        # becomes N when it is more (only the same N twice is read)
        kind = next((r[1] for r in rest if isinstance(r, tuple)), None)
        over, becomes = (int(str(t)) for t in rest if isinstance(t, Token))
        if over != becomes:
            raise NoParse("a damage cap with two amounts")
        mod: dict[str, Any] = {"to": who, "max": becomes, "until": EOT}
        if kind:
            mod["kind"] = kind
        return [{"damage_mod": mod}]

    @_inline
    def cap_your_leader(self) -> dict:
        return {"zone": "leader", "controller": "you"}  # the leader of the ability's controller

    @_inline
    def st_also(self, x: list) -> list:
        return x

    @_inline
    def no_activate_self(self, *parts: Any) -> list:
        # 12.3 (activated abilities), 12.2 (the evolve ability is one of them): "except Evolve"
        # leaves the card's evolve abilities usable
        but_evolve = any(isinstance(t, Token) and t.type == "EXCEPT_EVOLVE" for t in parts)
        until = next((x for x in parts if isinstance(x, str) and not isinstance(x, Token)), None)
        flag = "cannot_activate_but_evolve" if but_evolve else "cannot_activate"
        got: dict[str, Any] = {"what": "self", "flags": [flag]}
        if until:
            got["until"] = until
        return [{"grant": got}]

    @_inline
    def play_not_during(self, whose: Token) -> dict:
        # 8.2.1 with 1.3.3: a prohibition of playing the card while it is that player's turn
        w = " ".join(str(whose).lower().split())
        return {"not": {"turn": "yours" if w == "your" else "theirs"}}

    @_inline
    def play_only_from(self, zone: Token) -> dict:
        # 8.2.1: a card is played from the hand or the EX area; "only from hand" forbids the other
        z = "hand" if str(zone).lower() == "hand" else "ex_area"
        return {"is": ["self", {"zone": z}]}

    @_inline
    def same_count_cmp(self, t: Token) -> dict:
        # the count is filled in with what the latest count before it counted (``_same_counts``)
        word, n, tail = _compare_words(t)
        key = "min" if tail in ("more", "greater") else "max"
        if word == "at least":
            key = "min"
        return {"count": {"of": _SAME_COUNT, key: n}}
