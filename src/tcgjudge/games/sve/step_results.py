"""The meanings of the grammar rules of the section "SVE steps and granted abilities".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- what an earlier step of the same effect did (5.2.1.1: an effect's instructions are performed in
  order; 10.11.1: a card that has moved is read as it last was): "If you revealed a card",
  "If you buried a non-Runecraft card", "If you summoned a follower with Ward", "If you put a
  follower into your EX area this way", "If a follower was buried this way" — a condition on the
  cards that step actually revealed, buried, summoned, put into the EX area or discarded
  (:func:`step_refs`; the condition ``step_fits``).  Where the ability also has a cost of that
  kind (10.4.7, turn_history's ``paid_fits``) the words could name either, and the sentence is
  refused; where no earlier step and no cost did it, the words name nothing and are refused;
- several receivers in one damage clause (5.13): "deal 1 damage to each enemy leader and 2 damage
  to each enemy follower on the field", "... and 1 damage to your own", "Deal 6 damage to each
  other follower on the field and each enemy leader".
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import k_deal
from .turn_history import PAID_FITS, PAID_PROP

_inline = v_args(inline=True)

#: the verbs of "if you VERBED ..." / "if NP was VERBED this way" as the kinds of step they name
_VERB_KIND = {"revealed": "reveal", "buried": "bury", "summoned": "summon", "discarded": "discard",
              "put": "put_ex"}

#: "the number of amulets destroyed this way": a count of the cards an earlier step moved (step_refs)
STEP_COUNT = "@step_count"
#: the kind of "that many cards": whatever the step just before moved or showed
LATEST = "@latest"

#: the name an earlier step's cards are bound to when a later sentence reads them
_BOUND = "_step_{}"


class StepResults:
    """Semantics of what an earlier step did (a mixin of ``SveSemantics``)."""

    @_inline
    def step_was_verbed(self, sel: Any, *parts: Token) -> dict:
        verb = parts[-1]
        # "If a follower was buried this way": one of the cards that step moved fits the noun
        # phrase, whoever performed the step ("Each opponent buries the top card of their deck")
        if sel.each or sel.up_to or sel.n != 1:
            raise NoParse("one card of the step")
        return {PAID_FITS: {"cost": _VERB_KIND[str(verb).lower()], "filter": _kind_filter(sel), "step": True}}

    @_inline
    def step_put_ex(self, sel: Any) -> dict:
        # "If you put a follower into your EX area this way" (4.8): a card the step put into the
        # player's EX area fits the noun phrase
        if sel.each or sel.up_to or sel.n != 1:
            raise NoParse("one card of the step")
        return {PAID_FITS: {"cost": "put_ex", "filter": _kind_filter(sel), "step": True}}

    @_inline
    def step_you_verbed(self, verb: Token, sel: Any) -> dict:
        # "If you summoned a follower with Ward", "If you revealed a card this way"
        if sel.each or sel.up_to or sel.n != 1:
            raise NoParse("one card of the step")
        return {PAID_FITS: {"cost": _VERB_KIND[str(verb).lower()], "filter": _kind_filter(sel), "step": True}}

    # -- several receivers in one damage clause (5.13) ----------------------------------------------
    @_inline
    def deal_amounts_each(self, n: Token, a: Any, m: Token, b: Any) -> list:
        if isinstance(a, Token):
            a = self.ref_leaders(a)  # type: ignore[attr-defined]
        if isinstance(b, Token) and b.type == "LEADERS":
            b = self.ref_leaders(b)  # type: ignore[attr-defined]
        if isinstance(b, Token):
            # "Deal 2 damage to each enemy leader and 1 damage to your own": "your own" names the
            # noun before it, so only after a leader
            if not (isinstance(a, dict) and a.get("zone") == "leader"):
                raise NoParse("'your own' after something other than a leader")
            b = {"zone": "leader", "controller": "you"}
        # 5.13: each amount to its receivers, in the order written (as "deal 3 damage to the first
        # and 1 damage to the second")
        return self.deal_two_refs(n, a, m, b)  # type: ignore[attr-defined]

    @_inline
    def deal_each_each(self, v: Any, a: tuple, b: tuple) -> list:
        # "Deal 6 damage to each other follower on the field and each enemy leader": one amount to
        # every card of either description (as "each enemy leader and enemy follower")
        return k_deal(v, self.ref_each_and(a, b))  # type: ignore[attr-defined]


def _kind_filter(sel: Any) -> dict:
    # the noun phrase describes the card, not where it was: the zone and player words go
    return {k: v for k, v in sel.filt.items() if k not in ("zone", "player")}


def step_refs(do: list, costs: list) -> list:
    """The references to what an earlier step of the effect did, made real: the step's cards are
    bound (``as``) and the condition reads them (``step_fits``).  A reference whose kind is also a
    cost of the ability is refused (either could be meant); one with no earlier step is left for
    ``paid_refs`` (a cost), which refuses it when there is none."""
    cost_kinds = {k for c in costs if isinstance(c, dict) for k in c}
    return _walk(do, {}, cost_kinds)


def _walk(items: list, last: dict, cost_kinds: set, optional: bool = False) -> list:
    """``optional``: the steps are those of a "you may" the player may decline (1.3.2); what such a
    step did is bound only when it is done, so a later "If you revealed a X" is false otherwise."""
    out: list = []
    for it in items:
        if not isinstance(it, dict):
            out.append(it)
            continue
        may = it.get("may") if len(it) == 1 else None
        if isinstance(may, dict) and isinstance(may.get("do"), list):
            # the steps of "You may reveal it and add it to your hand" are steps a later sentence
            # reads (bound to the list placed in the instruction, which _bind may write to)
            out.append({"may": {**may, "do": _walk(may["do"], last, cost_kinds, True)}})
            continue
        if "if" in it and isinstance(it["if"], dict):
            spec = dict(it["if"])
            spec["cond"] = _resolve(spec.get("cond"), last, cost_kinds)
            for branch in ("then", "else"):
                if isinstance(spec.get(branch), list):
                    spec[branch] = _walk(spec[branch], dict(last), cost_kinds)
            it = {**it, "if": spec}
        elif any(_has_marker(v) for v in it.values()):
            it = _resolve(it, last, cost_kinds)
        out.append(it)
        kind = _step_kind(it)
        if kind is not None:
            last[kind] = (out, len(out) - 1, optional)
            last[LATEST] = kind  # "that many": the step just before
    return out


def _step_kind(it: dict) -> str | None:
    if len(it) != 1:
        return None
    (k, v), = it.items()
    if k == "move" and isinstance(v, dict) and v.get("to") == "cemetery":
        return "bury"  # 5.33: to bury is to put into the cemetery
    if k in ("reveal", "bury", "summon", "put_ex", "discard", "destroy", "banish"):
        return k
    return None


def _has_marker(x: Any) -> bool:
    if isinstance(x, list):
        return any(_has_marker(v) for v in x)
    if isinstance(x, dict):
        return PAID_FITS in x or PAID_PROP in x or STEP_COUNT in x or any(_has_marker(v) for v in x.values())
    return False


def _bind(last: dict, kind: str) -> str:
    """The name the step's cards are bound to (added to the step the first time it is read)."""
    lst, i, optional = last[kind]
    (k, v), = lst[i].items()
    name = _BOUND.format(kind)
    if k == "reveal" and isinstance(v, str) and not optional:
        return v  # the revealed cards are the cards named (they stay where they are, 5.12)
    if k == "discard" and not isinstance(v, dict):
        v = {"n": v}
    elif k in ("reveal", "summon", "put_ex", "destroy", "banish") and (not isinstance(v, dict) or "what" not in v):
        # the short form names the cards (a reference or a selector): written out to bind them
        v = {"what": v}
    if isinstance(v, dict) and v.get("as"):
        return str(v["as"])
    lst[i] = {k: {**v, "as": name}}
    return name


def _resolve(x: Any, last: dict, cost_kinds: set) -> Any:
    if isinstance(x, list):
        return [_resolve(v, last, cost_kinds) for v in x]
    if not isinstance(x, dict):
        return x
    if PAID_FITS in x:
        spec = x[PAID_FITS]
        kind = spec["cost"]
        if kind in last:
            if kind in cost_kinds:
                raise NoParse(f"'{kind}' may name the cost or the step before")
            return {"step_fits": {"of": _bind(last, kind), "filter": spec["filter"]}}
        if spec.get("step"):
            if kind in cost_kinds and kind != "put_ex":
                return {PAID_FITS: {"cost": kind, "filter": spec["filter"]}}
            raise NoParse(f"'{kind}' names no step before it")
        return x
    if STEP_COUNT in x:
        kind = x[STEP_COUNT]["kind"]
        if kind == LATEST:
            if LATEST not in last:
                raise NoParse("'that many' names no step before it")
            kind = last[LATEST]
        if kind not in last:
            raise NoParse(f"'{kind} this way' names no step before it")
        if kind in cost_kinds:
            raise NoParse(f"'{kind}' may name the cost or the step before")
        return {"fits": {"of": _bind(last, kind), "filter": x[STEP_COUNT]["filter"]}}
    if PAID_PROP in x:
        kind, key = x[PAID_PROP]
        if kind in last and kind not in cost_kinds:
            # "Reveal the top card of your deck. ... X equals the revealed card's cost.": the value of
            # the one card the step before revealed (or discarded, buried), read where it is now or
            # as it last was (10.11.1); with a cost of that kind the words keep naming the cost
            # (paid_refs)
            if not _one_card(last, kind):
                raise NoParse(f"'the {kind} card' of a step of several cards")
            return {"prop": [_bind(last, kind), key]}
        return x
    return {k: _resolve(v, last, cost_kinds) for k, v in x.items()}


def _one_card(last: dict, kind: str) -> bool:
    """Whether the step moved or showed at most one card ("the revealed card" names it)."""
    lst, i, _optional = last[kind]
    (_k, v), = lst[i].items()
    if isinstance(v, str):
        return True  # a card bound before ("Reveal it")
    if not isinstance(v, dict):
        return v == 1  # "discard: 1"
    what = v.get("what")
    if isinstance(what, str):
        return True
    if isinstance(what, dict):
        return what.get("top") == 1 and set(what) <= {"zone", "player", "top"}
    return v.get("n", 1) == 1 and not v.get("up_to") and not v.get("any")


__all__ = ["LATEST", "STEP_COUNT", "StepResults", "step_refs"]
