"""The meanings of the grammar rules of the section "SVE choices: options with their own costs".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- an option of a "choose" ability written "[cost]: [effect]" ("Choose one. (1) Give your leader +5
  defense. (2) (2): Deal 5 damage to each enemy follower on the field.", "(1) Discard an Angel
  follower: Select an enemy follower on the field and destroy it."): 10.4.7.2, the effect applied
  for the cost is everything up to the end of the option (5.17.1.1); 10.4.7.5, its controller may
  execute the process and, if they do, the effect applies.  The option is chosen as the card or
  ability is played (5.17.3, 10.6.2.2.2) and its cost is offered with the other costs (10.6.2.5):
  a ``may_pay`` cost item named ``mode_K`` (K the option's printed number) that is offered only
  when option K was chosen, and the option's effect under ``if: {paid: mode_K}``.  An option with
  a cost can be chosen whether or not its cost can be paid (its process is optional, 10.4.7.5;
  the choice of whether to pay it is made when the costs are paid).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse


def mode_paid_name(k: int) -> str:
    """The name the ``paid`` condition gives the cost of option K (its printed number)."""
    return f"mode_{k}"


def _has_x(x: Any) -> bool:
    if isinstance(x, dict):
        return any(_has_x(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(_has_x(v) for v in x)
    return x == "X"


def _plain(costs: list) -> list:
    """Cost items of an option: ones whose payment says nothing about where the ability works
    (a cost from another zone would make the whole ability work there, 10.3.4) and with no X."""
    out = []
    for c in costs:
        if isinstance(c, dict) and any(str(k).startswith("@") for k in c):
            raise NoParse("an option's cost from another zone")
        if _has_x(c):
            raise NoParse("X in an option's cost")
        out.append(c)
    return out


def mode_cost(k: int, index: int, costs: list, do: list) -> tuple[dict, list]:
    """Option K's cost as a cost item of the ability and its effect under the payment: the cost is
    optional (10.4.7.5) and offered only when option K (``index`` among the modes) was chosen."""
    name = mode_paid_name(k)
    item = {"may_pay": {"as": name, "cost": _plain(costs), "mode": index}}
    return item, [{"if": {"cond": {"paid": name}, "then": do}}]


def under_paid(spec: dict, name: str) -> None:
    """The options of the ability's choice applied only if its optional cost NAME was paid, as the
    rest of its effect ("Fanfare: Earth Rite: Choose one. (1) ...", 13.3.3.2; a spell's "[process]:
    Choose one ...", 10.4.7.5): the options are the effect the cost is paid for."""
    ch = spec.get("choose")
    if ch is None:
        return
    for m in ch["modes"]:
        if m["do"]:
            m["do"] = [{"if": {"cond": {"paid": name}, "then": m["do"]}}]


class ModeCosts:
    """Semantics of options with their own costs (a mixin of ``SveSemantics``)."""

    @v_args(meta=True, inline=False)
    def option_cost(self, meta: Any, children: list) -> tuple:
        n, costs, *sents = children
        if any(isinstance(c, dict) and "earth_rite" in c for c in costs):
            # "(2) Earth Rite: ..." is the option's Earth Rite heading (13.3.3.2, an optional cost of
            # its own the earlier region reading pays), not a cost paid for the option
            raise NoParse("Earth Rite as an option's cost")
        num, sentences, text = self.option(meta, [n, *sents])  # type: ignore[attr-defined]
        return (num, sentences, text, costs)

    # -- a class condition over a choice (13.2-13.5, 5.17) --------------------------------------------
    @v_args(inline=True)
    def choice_region(self, region: dict, *parts: Any) -> tuple:
        if not isinstance(region, dict) or any(str(k).startswith("@") for k in region):
            raise NoParse("Earth Rite over a choice")
        kind, head, n, opts = self.choice(*parts)  # type: ignore[attr-defined]
        out = []
        for opt in opts:
            sents = list(opt[1])
            if sents[0][0] is not None:
                raise NoParse("a class condition in an option under one")
            sents[0] = (region, sents[0][1])  # it governs the sentences after it (13.x headings)
            out.append((opt[0], sents, *opt[2:]))
        return (kind, head, n, out)

    # -- one of several actions (5.17) ---------------------------------------------------------------
    @v_args(inline=True)
    def verb_or(self, *parts: Any) -> list:
        verbs = [str(t).lower() for t in parts if isinstance(t, Token) and t.type == "VERB_ONE"]
        w = parts[-1]
        if len(set(verbs)) != len(verbs):
            raise NoParse("the same action twice")
        # each branch is the verb's own reading of "VERB ref" (engage, refresh, destroy, banish)
        return [{"@choice": [getattr(self, v)(w) for v in verbs], "labels": verbs}]


__all__ = ["ModeCosts", "mode_cost", "mode_paid_name", "under_paid"]
