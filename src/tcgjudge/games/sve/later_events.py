"""The meanings of the grammar rules for the events and records of the later SVE sets.

The rules are in the section "events and records of the later sets" of ``grammar.lark``; the
methods are mixed into :class:`grammar_compiler.SveSemantics` (named after their rules):

- how a card came onto the field: "If this card was put onto the field by an ability" (put there by
  an effect, 5.4.1-5.4.2, not played and put there as it resolves, 10.6.2.8.1) and "If this card
  wasn't put onto the field from hand" (5.4.3), the selector keys ``entered_by`` / ``entered_from``
  kept by ``procedures.moves.record_entry``;
- a value "gained": "Whenever this card gains {DEF}" / "{ATK}" is a ``stat_change`` event that
  increased it (5.26.1-5.26.2); "Whenever your leader gains {DEF}" a ``leader_def`` event (its
  defense increased by an effect, or by Drain, 12.13.2);
- "When your leader takes ability damage" (5.13.3.3);
- "Twice per turn, when ..." (10.7.2.2).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import GROUP_DISTINCT, GROUP_TOTAL

_inline = v_args(inline=True)


class LaterEvents:
    """Semantics of the later sets' events and records (a mixin of ``SveSemantics``)."""

    # -- conditions: how this card came onto the field -------------------------------------------
    @_inline
    def self_entered_by_ability(self, *parts: Any) -> dict:
        cond = {"is": ["self", {"entered_by": "ability"}]}
        return _negated(parts, cond)

    @_inline
    def self_entered_from_hand(self, *parts: Any) -> dict:
        cond = {"is": ["self", {"entered_from": "hand"}]}  # 5.4.3
        return _negated(parts, cond)

    # -- triggers ----------------------------------------------------------------------------------
    @_inline
    def on_self_gains(self, *parts: Any) -> dict:
        stat = str(parts[-1]).lower()
        key = "atk" if stat == "attack" else "def"
        # 5.26.1-5.26.2: the value is "increased"
        return {"event": "stat_change", "subject": "self", "data": {"key": key, "change": "increased"}}

    @_inline
    def on_leader_gains(self, *_parts: Any) -> dict:
        return {"event": "leader_def", "player": "you"}  # the leader's defense increased (2.8.3)

    @_inline
    def on_leader_ability_damage(self, *_parts: Any) -> dict:
        return {"named": "leader_damaged", "data": {"kind": "ability"}}  # 5.13.3.3

    # -- dice (5.19.1) -----------------------------------------------------------------------------
    @_inline
    def roll_a_die(self, *_parts: Any) -> list:
        return [{"roll_die": "die"}]

    @_inline
    def on_roll_die(self, *_parts: Any) -> dict:
        return {"event": "die_roll", "player": "you"}  # binds the result as "die"

    @_inline
    def die_is(self, n: Token) -> dict:
        return {"die": _number(n)}

    @_inline
    def die_in(self, *ns: Token) -> dict:
        got = [_number(n) for n in ns]
        if len(set(got)) != len(got) or not all(1 <= n <= 6 for n in got):
            raise NoParse("the numbers of a six-sided die, each once")  # 5.19.1
        return {"die": got}

    @_inline
    def rolled_this_turn(self, *_parts: Any) -> dict:
        return {"record": "rolled"}

    @_inline
    def rolled_n_this_turn(self, n: Token, *_parts: Any) -> dict:
        if _number(n) != 6:
            raise NoParse("only the sixes of a turn are recorded")
        return {"record": "rolled_6"}

    @_inline
    def value_die(self, *_parts: Any) -> str:
        return "die"

    # -- the leader's defense increased this turn ----------------------------------------------------
    @_inline
    def leader_gained_this_turn(self, *_parts: Any) -> dict:
        return {"record": "leader_gained_def"}

    @_inline
    def leader_gained_count(self, *_parts: Any) -> dict:
        return {"record": "leader_gained_def"}

    # -- a group picked from among the cards looked at (5.10.1) --------------------------------------
    @_inline
    def q_total_cost_max(self, n: Token, *_parts: Any) -> tuple:
        return ("qual", GROUP_TOTAL, int(str(n)))

    @_inline
    def q_different_classes(self, *_parts: Any) -> tuple:
        return ("qual", GROUP_DISTINCT, True)

    @_inline
    def among_put_ex_two(self, a: Any, b: Any) -> list:
        if a.each or b.each:
            raise NoParse("each")
        out: list = []
        for s in (a, b):
            s.filt.setdefault("in", "$look")  # "from among them": the cards looked at (5.10.1)
            s.filt.setdefault("zone", "deck")
            out += self.may([{"@pick": s}, {"put_ex": {"what": "$it", "as": "$new"}}])  # 4.8
        return out

    @_inline
    def on_draw_outside_start(self, *_parts: Any) -> dict:
        # each card drawn is a move from the deck to the hand (5.9.1-5.9.2)
        return {"event": "move", "from": "deck", "to": "hand", "cause": "draw", "player": "you",
                "cond": {"not": {"and": [{"phase": "start"}, {"turn": "yours"}]}}}

    @_inline
    def on_self_engaged(self, *_parts: Any) -> dict:
        return {"event": "orient", "subject": "self", "data": {"new": "engaged"}}  # 5.3.1

    @_inline
    def next_play_less(self, parts: tuple, n: Token) -> list:
        s = self.np_one({"n": 1}, *parts)  # the noun phrase's selector (grammar_compiler)
        if s.each or s.up_to or s.filt.get("zone") not in (None, "hand") or "controller" in s.filt:
            raise NoParse("the next card you play")
        f = {k: v for k, v in s.filt.items() if k != "zone"}
        less = int(str(n))
        # 10.2.1.3.3: the first card that fits, played this turn, costs N less (then the change ends)
        return [{"player_effect": {"flags": {"cost_mod": {"n": -less, "affects": f, "next": True}},
                                   "until": "end_of_turn"}}]


def _number(n: Token) -> int:
    v = str(n)
    if not v.isdigit() or not 1 <= int(v) <= 6:
        raise NoParse(f"a die shows 1 to 6, not {v}")  # 5.19.1
    return int(v)


def _negated(parts: tuple, cond: dict) -> dict:
    was = next((p for p in parts if isinstance(p, Token) and p.type == "WAS"), None)
    if was is None:
        raise NoParse("was")
    return {"not": cond} if "not" in str(was).lower() or "n't" in str(was).lower() else cond


__all__ = ["LaterEvents"]
