"""Costs that remove counters from a card other than the one paying (10.4, 15.1): the cost item of
the grammar section "SVE card costs" (``card_costs.py`` beside the grammar).

- ``counters_from: {name, n, filter}``: "Remove 2 divine water counters from a Soothing Dragonspring
  on your field": the player picks one card of the filter on their own field (10.4.3: a zone named
  without a player is the controller's) that has at least N counters of that name (15.1.2.2:
  counters of one name are alike) and removes N of them (15.1.4). With no such card the cost
  cannot be paid (10.4.2.2: all of a cost or nothing); counters of two cards are never added up.

The card paid with is bound as ``_paid_counters_from``, as the other cost items bind theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.context import Ctx, select, value
from ....cards.play import pick_for_cost

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game

#: the cost items of this module
COUNTER_COSTS = ("counters_from",)


def counter_candidates(g: Game, p: int, arg: dict, ctx: Ctx) -> list[int]:
    """The cards of the player's field that fit the filter and hold at least N counters of the name."""
    flt = dict(arg.get("filter") or {})
    flt.setdefault("zone", "field")
    flt.pop("player", None)
    flt["controller"] = "you"
    n = value(ctx, arg.get("n", 1))
    return [x for x in select(ctx, flt) if g.objects[x].controller == p and g.objects[x].counter(arg["name"]) >= n]


def can_pay_counters(g: Game, p: int, name: str, arg: Any, ctx: Ctx) -> bool:
    """Could this cost item be paid in full now (10.4.2.2)?"""
    if name == "counters_from":
        return bool(counter_candidates(g, p, arg, ctx))
    raise ValueError(f"not a counter cost: {name}")


def pay_counters(g: Game, f: Frame, name: str, arg: Any) -> bool | None:
    """Pay one cost item of this module.  None: waiting for the player's pick; True: paid; False:
    it cannot be paid."""
    if name != "counters_from":
        raise ValueError(f"not a counter cost: {name}")
    d = f.data
    p = d["p"]
    loc = d.setdefault("loc", {})
    ctx = Ctx(g, p, d["src"], d.setdefault("env", {}))
    if "cands" not in loc:
        loc["cands"] = counter_candidates(g, p, arg, ctx)
        loc["n"] = 1
        loc["got"] = []
    picked = pick_for_cost(g, f, p, "remove counters from", f"remove {arg['name']} counters from a card")
    if not picked:
        return picked
    n = value(ctx, arg.get("n", 1))
    for x in loc["got"]:
        g.add_counters(x, arg["name"], -n, cause="cost")  # 15.1.4
    d.pop("ret", None)
    d["env"]["_paid_counters_from"] = list(loc["got"])
    return True


__all__ = ["COUNTER_COSTS", "can_pay_counters", "counter_candidates", "pay_counters"]
