"""The meanings of the grammar rules of the section "SVE durations, prevention, restrictions, stat
changes".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- durations past the end of the turn (10.2.1.2): "until the end of your opponent's next turn",
  "until the end of your next turn", "until the start of your next turn" wherever a duration is
  read, and written first ("Until the end of your opponent's next turn, EFFECT"); the turn procedure
  ends them (``procedures.turn.next_turn_durations``: 7.2, 7.4.8).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from . import assembly as tc
from .assembly import Sel, definite_ref
from .notation import END_ITS_CONTROLLERS_NEXT, END_OPP_NEXT, END_YOUR_NEXT, KEYWORDS, START_YOUR_NEXT

_inline = v_args(inline=True)

#: the flags of attack restrictions (read by the attack procedure, 8.4.3.2)
_ATTACK_FLAGS = {"cannot_attack", "cannot_attack_leader"}

#: the instructions that make a persistent effect (10.2.1.2), which a duration written first lasts
_LASTING = ("modify", "grant", "damage_mod", "player_effect", "set_evolve_cost", "evolve_cost_less", "lose")


class Durations:
    """Semantics of durations, prevention, restrictions and stat changes (a mixin of ``SveSemantics``)."""

    # -- durations (10.2.1.2) -----------------------------------------------------------------
    @_inline
    def dur_end_opp_next(self) -> str:
        return END_OPP_NEXT

    @_inline
    def dur_end_your_next(self) -> str:
        return END_YOUR_NEXT

    @_inline
    def dur_start_your_next(self) -> str:
        return START_YOUR_NEXT

    @_inline
    def dur_long(self, d: str) -> str:
        return d

    @_inline
    def long_duration_first(self, until: str, e: list) -> list:
        # every effect the sentence makes lasts that long; a sentence that makes no persistent effect
        # (or says its own duration) is not read
        out: list[Any] = []
        for it in e:
            if not (isinstance(it, dict) and len(it) == 1):
                raise NoParse("a duration written first")
            (op, arg), = it.items()
            if op not in _LASTING or not isinstance(arg, dict) or "until" in arg:
                raise NoParse("a duration written first")
            out.append({op: {**arg, "until": until}})
        return out

    @_inline
    def during_its_controllers_next(self, e: list) -> list:
        # 8.4.1: a follower attacks only during its controller's turn, so a restriction on attacking
        # "during its controller's next turn" is one until the end of that turn; other effects (which
        # would apply before that turn too) are not read
        out: list[Any] = []
        for it in e:
            arg = it.get("grant") if isinstance(it, dict) and len(it) == 1 else None
            if not (isinstance(arg, dict) and set(arg) == {"what", "flags"} and arg["what"] == "$it"
                    and set(arg["flags"]) <= _ATTACK_FLAGS):
                raise NoParse("During its controller's next turn")
            out.append({"grant": {**arg, "until": END_ITS_CONTROLLERS_NEXT}})
        return out

    # -- prevention (5.13.2, 10.10) ---------------------------------------------------------------
    @_inline
    def next_damage_prevented(self, w: Any, *rest: Any) -> list:
        until = next((x for x in rest if isinstance(x, str) and not isinstance(x, Token)), None)
        who = definite_ref(w)
        if isinstance(who, dict) and who.get("zone") == "hand":
            raise NoParse("damage to a card in a hand")
        mod: dict[str, Any] = {"to": who, "prevent": True, "once": True}
        if until:
            mod["until"] = until
        return [{"damage_mod": mod}]

    @_inline
    def no_fanfare_it(self) -> list:
        return [{"grant": {"what": "$it", "flags": ["no_fanfare"]}}]  # 12.4.1, 10.7.3.2

    # -- attack restrictions (8.4.3.2) ----------------------------------------------------------
    @_inline
    def ref_no_attack(self, w: Any, until: str | None = None) -> list:
        return _restrict(w, "cannot_attack", until)  # 8.4.3.2.1

    @_inline
    def ref_no_attack_leader(self, w: Any, until: str | None = None) -> list:
        return _restrict(w, "cannot_attack_leader", until)  # 8.4.3.2

    # -- keyword grants (12) ---------------------------------------------------------------------
    @_inline
    def give_keyword_choice(self, w: Any, *rest: Any) -> list:
        # 5.17: one of the keywords, chosen as the ability is played (an "@choice" of the assembly,
        # as a choice of tokens); each branch gives that keyword
        kws = [t for t in rest if isinstance(t, Token)]
        until = next((x for x in rest if isinstance(x, str) and not isinstance(x, Token)), None)
        names = [KEYWORDS[" ".join(str(k).lower().split())] for k in kws]
        if len(set(names)) != len(names):
            raise NoParse("the same keyword twice")
        who = definite_ref(w)
        return [{"@choice": [tc._give(who, None, [k], [], None, until) for k in names],
                 "labels": [" ".join(str(k).split()) for k in kws]}]

    # -- abilities in quotation marks (10.3) -----------------------------------------------------
    def _quoted_grant(self, rest: tuple) -> dict:
        kws = next((x for x in rest if isinstance(x, list)), [])
        q = next(x for x in rest if isinstance(x, Token) and x.type == "QUOTED")
        got = self.give_quoted_only("self", q)[0]["grant"]  # type: ignore[attr-defined]
        marks = [m for m in got.get("keywords", []) if m not in kws]
        return {"keywords": list(kws) + marks, "abilities": got["abilities"]}

    @_inline
    def st_have_quoted(self, s: Sel, *rest: Any) -> list:
        tc._static_reach(s)  # a passive reaches the cards of the layered zones only
        return [{"grant": self._quoted_grant(rest), "affects": s.filt}]

    @_inline
    def st_self_have_quoted(self, _n: Token, *rest: Any) -> list:
        return [{"grant": self._quoted_grant(rest)}]

    @_inline
    def give_stats_quoted(self, w: Any, st: tuple, q: Token, until: str | None = None) -> list:
        got = self.give_quoted_only(w, q, until)  # type: ignore[attr-defined]
        return tc._give(definite_ref(w), st, [], [], None, until) + got

    # -- attack restrictions of passives (8.4.3.2.1) ---------------------------------------------
    @_inline
    def st_if_it_no_attack(self, c: dict) -> tuple:
        # "it" is the card itself only when the condition is about it ("this follower has ...")
        if "'self'" not in repr(c):
            raise NoParse("it: a condition about another card")
        return (c, tc.st_no_attack(), False)

    # -- abilities taken away (10.2.1.2) ---------------------------------------------------------
    @_inline
    def ref_loses_all(self, w: Any, until: str | None = None) -> list:
        return _lose(w, {"abilities": True}, until)

    @_inline
    def ref_loses_keywords(self, w: Any, kws: list, until: str | None = None) -> list:
        return _lose(w, {"keywords": kws}, until)

    @_inline
    def static_during_turn_last(self, x: list, t: Token) -> tuple:
        mine = "your turn" in " ".join(str(t).lower().split())
        return (None, tc.st_your_turn(x) if mine else tc.st_their_turn(x), False)

    @_inline
    def ref_no_attack_its_next(self, w: Any) -> list:
        if w != "$it":
            raise NoParse("its controller's: of the cards just selected")
        return _restrict(w, "cannot_attack", END_ITS_CONTROLLERS_NEXT)  # 8.4.1

    @_inline
    def ref_loses_all_no_attack(self, w: Any) -> list:
        return _lose(w, {"abilities": True}, None) + _restrict(w, "cannot_attack", None)

    # -- one stat changed (5.26) -----------------------------------------------------------------
    @_inline
    def give_defense_keywords(self, w: Any, n: Token, kws: list, until: str | None = None) -> list:
        return tc._give(definite_ref(w), (0, _signed(n)), kws, [], None, until)

    @_inline
    def give_defense_to(self, n: Token, w: Any, until: str | None = None) -> list:
        # "your leader and each other follower": the leader's defense is its own value (2.8,
        # leader_def, kept for good), the rest are given the defense
        refs = w if isinstance(w, list) else [w]
        leader = {"zone": "leader", "controller": "you"}
        rest = [definite_ref(r) for r in refs if r != leader]
        out: list[Any] = []
        if len(rest) < len(refs):
            if until is not None:
                raise NoParse("leader defense for a duration")
            out += tc.k_leader(_signed(n))
        for r in rest:
            out += tc._give(r, (0, _signed(n)), [], [], None, until)
        return out


def _signed(t: Token) -> Any:
    return tc.p_signed(str(t))


def _lose(w: Any, what: dict, until: str | None) -> list:
    who = definite_ref(w)
    if isinstance(who, dict) and who.get("zone") in ("leader", "hand"):
        raise NoParse("abilities taken from a leader or a card in a hand")
    got: dict[str, Any] = {"what": who, **what}
    if until:
        got["until"] = until
    return [{"lose": got}]


def _restrict(w: Any, flag: str, until: str | None) -> list:
    """A restriction on the cards of ``w`` (the flag the attack procedure reads), for a duration or
    (without one) for as long as they stay where they are (10.2.1.2, 10.9.2)."""
    who = definite_ref(w)
    if isinstance(who, dict) and who.get("zone") in ("leader", "hand"):
        raise NoParse("a restriction on a leader or a card in a hand")
    got: dict[str, Any] = {"what": who, "flags": [flag]}
    if until:
        got["until"] = until
    return [{"grant": got}]


__all__ = ["Durations"]
