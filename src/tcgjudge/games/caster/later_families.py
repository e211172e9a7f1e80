"""The meanings of the grammar's section "remaining families" (grammar.lark): extra turns, a card
chosen from a revealed hand, amounts "equal to the number of ...", records of what happened this
turn.

A mixin of :class:`grammar_compiler.CasterSemantics`: each method is named after the rule (or
alias) it gives a meaning to, and builds the effect language as the rules beside it do.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from ...cards.textcompiler import NoParse
from .assembly import NP, PAID_BANISH


def _pick_filter(parts: tuple, race_of: Any) -> dict:
    """ "a conjure card", "a non-caster card", "a [Tengu] card", "a servant": the kind picked."""
    filt: dict[str, Any] = {}
    for p in parts:
        if not isinstance(p, Token):
            continue
        w = str(p).lower()
        if p.type == "HAND_PICK_KIND" or p.type == "TYPE_WORD":
            if w.startswith("non-"):
                filt["not_type"] = w[4:]
            else:
                filt["type"] = w
        elif p.type == "RACE":
            filt["race"] = race_of(p)
    return filt


@v_args(inline=True)
class LaterFamilies(Transformer):
    """Mixin of :class:`CasterSemantics`: the remaining families' constructs."""

    @staticmethod
    def race_of(tok: Any) -> str:
        """The race a RACE token names (overridden by the compiler with the data's spelling)."""
        w = str(tok).strip()
        return w[1:-1].strip() if w.startswith("[") and w.endswith("]") else w

    # CR 1021.1, 1021.2: an extra turn after the current one (several: one after another)
    def k_extra_turn(self, _t: Token) -> list:
        return [{"extra_turn": "you"}]

    # CR 1004.1: a card of the hand revealed just before, chosen as the effect resolves
    def hand_pick(self, *parts: Any) -> dict:
        return _pick_filter(parts, self.race_of)

    def k_choose_from_hand(self, filt: dict, *_from: Token) -> list:
        return [{"@name": NP("choose", {"@revealed_hand": filt})}]

    def s_choose_from_hand_and(self, filt: dict, *rest: Any) -> list:
        return self.k_choose_from_hand(filt) + list(rest[-1])

    def k_owner_discards_it(self, *_w: Token) -> list:
        # CR 1013.1: the card chosen, discarded from its owner's hand (CR 105.2: a hand holds only
        # the cards its player owns)
        it = NP("ref", ref="it")
        return [{"discard": {"player": ("@player_of", "owner_of", it), "filter": {"in": it}}}]

    def k_choose_and(self, w: NP, e: list) -> list:
        if w.kind != "choose":
            raise NoParse("choose what")  # a target is chosen as the card is played (s_choose_targets)
        return [{"@name": w}] + list(e)

    # amounts counted as the effect is applied (CR 1014.3, 201.4)
    def a_count(self, w: NP) -> dict:
        if w.kind != "all":
            raise NoParse("the number of")
        return {"count": w.filt}

    def a_prop(self, stat: Token, w: NP) -> dict:
        if w.kind == "all" or (w.kind == "choose") or w.n != 1 or w.up_to:
            raise NoParse("the cost of which card")  # one card, named or a target (CR 903.2e)
        return {"prop": [w, str(stat).lower()]}

    def a_paid_banish(self, stat: Token, *_: Any) -> dict:
        return {"prop": [PAID_BANISH, str(stat).lower()]}  # CR 911.1: its last known information

    def s_cost_vs_amount(self, cmp: Token, v: dict) -> tuple:
        less = str(cmp).lower() in ("less", "fewer", "lower")
        return ("filt", {"cost_max": v} if less else {"cost_min": v})  # CR 203.1

    def k_draw_amount(self, v: dict) -> list:
        return [{"draw": {"n": v}}]  # CR 1006.1

    def k_p_draw_amount(self, p: str, v: dict) -> list:
        if p == "each":
            raise NoParse("each player draws an amount")
        return [{"draw": {"n": v, "player": p}}]

    def k_p_discard_amount(self, p: str, v: dict) -> list:
        if p == "each":
            raise NoParse("each player discards an amount")
        return [{"discard": {"n": v, "player": p}}]  # CR 1013.1

    # the turn's record of servants that left the field (CR 307.4; kept by card, rules.record_event)
    @staticmethod
    def _left_key(ev: Token) -> str:
        w = " ".join(str(ev).lower().split())
        return "servants_left_field" if "left the field" in w else "servants_returned"

    def c_left_field(self, who: tuple, ev: Token) -> dict:
        kind, side, n = who[:3]
        if kind != "servant":
            raise NoParse("what left the field")
        w = " ".join(str(ev).lower().split())
        if (w.startswith("were ") or w.startswith("have ")) != (n > 1):
            raise NoParse("one or several")
        spec: dict[str, Any] = {"key": self._left_key(ev), "of": who[3] if len(who) > 3 else {}}
        if n != 1:
            spec["min"] = n
        if side == "enemy":
            spec["player"] = "enemy"
        if side is None:
            # a servant of either player: each player's record keeps its own servants
            if n != 1:
                raise NoParse("servants of both players counted together")
            return {"or": [{"record": spec}, {"record": {**spec, "player": "enemy"}}]}
        return {"record": spec}

    def a_left_field(self, *parts: Token) -> dict:
        side = next((str(p).lower() for p in parts if p.type == "SIDE"), None)
        ev = next(p for p in parts if p.type == "LEFT_FIELD")
        spec: dict[str, Any] = {"key": self._left_key(ev), "of": {}}
        if side == "allied":
            return {"record": spec}
        if side == "enemy":
            return {"record": {**spec, "player": "enemy"}}
        return {"add": [{"record": spec}, {"record": {**spec, "player": "enemy"}}]}


__all__ = ["LaterFamilies"]
