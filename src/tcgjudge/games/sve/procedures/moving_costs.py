"""Costs that move cards other than the card paying (10.4): the cost items of the grammar section
"SVE costs that move other cards" (``moving_costs.py`` beside the grammar).

- ``move_cards: {n, filter, to, pos, shuffle, reveal}``: the player picks N cards of the filter
  (a zone of their own: the hand unless the filter names another) one at a time and moves them to
  TO (``ex_area``, ``deck``, ``hand``, ``cemetery``); ``pos: bottom`` puts them on the bottom of the
  deck (4.1.5: the deck's player orders cards put there together), ``shuffle`` shuffles the deck
  after (5.8), ``reveal`` shows them first ("reveal an Academic card from your hand and put it on
  the bottom of your deck", 5.12 of the older numbering: a revealed card is shown to every player).
  The moves go through the ``moves`` procedure (replacement effects, 10.10); a card the EX area has
  no room for cannot be put there (4.8.3.2), so the cost cannot be paid without that room
  (10.4.2.2: all of a cost or nothing).
- ``discard_random: N``: discard N cards chosen at random from the hand (5.11, 5.18).
- ``deck_top: {n, to}``: the top N cards of the deck go to the banished zone (5.6) or the cemetery
  (5.33.2 "bury the top card": put into the cemetery); with fewer than N cards in the deck the
  cost cannot be paid (10.4.2.2).
- ``engage_total: {min, filter}``: engage any number of reserved cards of yours (10.4.6) whose
  costs (2.5) add up to at least MIN; the player picks one at a time and may stop once the total
  is reached.

Each binds the cards it paid with as ``_paid_KIND`` (``_paid_move_cards``, ...), as the shared cost
items do, for a condition or a value of the effect (10.4.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.context import Ctx, select, value
from ....cards.play import pick_for_cost

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game

#: the cost items of this module
MOVING_COSTS = ("move_cards", "discard_random", "deck_top", "engage_total")


def _ctx(g: Game, d: dict) -> Ctx:
    return Ctx(g, d["p"], d["src"], d.setdefault("env", {}))


def move_candidates(g: Game, p: int, src: int | None, spec: dict, ctx: Ctx) -> list[int]:
    """The cards a ``move_cards`` cost may move: the player's own, in the zone the filter names
    (the hand unless it names one; 10.4.3: a zone named without a player is the controller's);
    never the card paying (its own moves are other costs)."""
    flt = dict(spec.get("filter") or {})
    zone = flt.setdefault("zone", "hand")
    if zone == "field":
        flt.setdefault("controller", "you")
        flt.pop("player", None)
    else:
        flt["player"] = "you"
    ids = [x for x in select(ctx, flt) if x != src]
    if zone == "field":
        ids = [x for x in ids if g.objects[x].controller == p]
    return ids


def _room(g: Game, p: int, spec: dict) -> int | None:
    """How many cards the destination still takes (4.8.3: the EX area's limit; 4.4.4: the field's)."""
    to = spec.get("to")
    if to in ("ex_area", "field"):
        return max(0, g.rules.zone_limit(g, p, to) - len(g.zone(p, to)))
    return None


def _total_cost(g: Game, ids: list[int]) -> int:
    return sum(int(g.chars(x).get("cost") or 0) for x in ids)  # 2.5


def _engage_candidates(g: Game, src: int | None, spec: dict, ctx: Ctx) -> list[int]:
    flt = dict(spec.get("filter") or {})
    flt.setdefault("controller", "you")
    flt.setdefault("orientation", "reserved")  # 10.4.6: a reserved card on the field
    flt.setdefault("zone", "field")
    return [x for x in select(ctx, flt) if x != src or spec.get("self_ok")]


def can_pay_moving(g: Game, p: int, src: int | None, name: str, arg: Any, ctx: Ctx) -> bool:
    """Could this cost item be paid in full now (10.4.2.2)?"""
    if name == "move_cards":
        n = value(ctx, arg.get("n", 1))
        room = _room(g, p, arg)
        return len(move_candidates(g, p, src, arg, ctx)) >= n and (room is None or room >= n)
    if name == "discard_random":
        return len(g.zone(p, "hand")) >= value(ctx, arg)
    if name == "deck_top":
        return len(g.zone(p, "deck")) >= value(ctx, arg.get("n", 1))
    if name == "engage_total":
        return _total_cost(g, _engage_candidates(g, src, arg, ctx)) >= value(ctx, arg["min"])
    raise ValueError(f"not a moving cost: {name}")


def push_cost_moves(g: Game, p: int, ids: list[int], dest: str, cause: str, extra: dict | None = None) -> bool:
    """Move cards as (part of) a cost through the ``moves`` procedure, so that the replacement
    effects of every move apply (Stack 13.3.2.2, ``replacement`` abilities, 10.10); whatever
    replaces the move, the cost counts as paid (10.6.2.5.2).  True: the procedure was pushed
    (the cost item resumes when it ends); False: there was nothing to move."""
    from .moves import plan_entry

    plan = []
    for oid in ids:
        o = g.objects.get(oid)
        if o is None:
            continue
        e = plan_entry(o, dest, cause, extra or {}, p)
        if e is not None:
            plan.append(e)
    if not plan:
        return False
    g.push("moves", p=p, plan=plan, stage=1, i=0)
    return True


def _finish(d: dict, name: str, got: list[int]) -> bool:
    d.pop("ret", None)
    d.setdefault("env", {})[f"_paid_{name}"] = list(got)
    return True


def pay_moving(g: Game, f: Frame, name: str, arg: Any) -> bool | None:
    """Pay one cost item of this module.  None: waiting (a question, or the moves procedure);
    True: paid; False: it cannot be paid."""
    d = f.data
    p = d["p"]
    loc = d.setdefault("loc", {})
    ctx = _ctx(g, d)
    if name == "move_cards":
        if "cands" not in loc:
            loc["cands"] = move_candidates(g, p, d["src"], arg, ctx)
            loc["n"] = value(ctx, arg.get("n", 1))
            loc["got"] = []
            room = _room(g, p, arg)
            if room is not None and room < loc["n"]:
                return False
        if not loc.get("moving"):
            picked = pick_for_cost(g, f, p, "move", f"put a card into your {arg.get('to')}")
            if not picked:
                return picked
            loc["moving"] = True
            got = [x for x in loc["got"] if x in g.objects]
            if arg.get("reveal"):
                for x in got:
                    g.rules.reveal(g, x)
            to = arg.get("to", "hand")
            extra: dict = {"to": to, "pos": arg.get("pos", "top"), "shuffle": bool(arg.get("shuffle"))}
            cause = {"ex_area": "put_ex", "deck": "to_deck"}.get(to, "move")
            if push_cost_moves(g, p, got, to, cause, extra):
                return None
        return _finish(d, name, loc["got"])
    if name == "discard_random":
        n = value(ctx, arg)
        hand = list(g.zone(p, "hand"))
        if len(hand) < n:
            return False
        got = []
        for _ in range(n):
            pick = hand.pop(g.rng.below(len(hand)))  # 5.18: at random
            got.append(pick)
        g.rules.discard(g, p, got, by=d["src"])
        return _finish(d, name, got)
    if name == "deck_top":
        if not loc.get("moving"):
            n = value(ctx, arg.get("n", 1))
            deck = g.zone(p, "deck")
            if len(deck) < n:
                return False
            got = list(reversed(deck[-n:])) if n > 0 else []  # the top card first
            loc["got"] = got
            loc["moving"] = True
            to = arg.get("to", "banished")
            if push_cost_moves(g, p, got, to, "banish" if to == "banished" else "bury", {}):
                return None
        return _finish(d, name, loc["got"])
    if name == "engage_total":
        need = value(ctx, arg["min"])
        if "cands" not in loc:
            loc["cands"] = _engage_candidates(g, d["src"], arg, ctx)
            loc["got"] = []
            if _total_cost(g, loc["cands"]) < need:
                return False
        ans = g.answer(f)
        if ans == "done":
            loc["done"] = True
        elif ans is not None:
            loc["got"].append(ans)
            loc["cands"].remove(ans)
        total = _total_cost(g, loc["got"])
        if not loc.get("done"):
            if total < need and _total_cost(g, loc["got"] + loc["cands"]) < need:
                return False
            opts = [(f"engage {g.rules.obj_ref(g, c)}", c) for c in loc["cands"]]
            if total >= need:
                if not opts:
                    loc["done"] = True
                else:
                    opts.append(("done", "done"))
            if not loc.get("done"):
                g.ask(p, "cost", f"cost: engage cards whose costs total {need} or more (so far {total})", opts)
                return None
        for x in loc["got"]:
            g.set_orient(x, "engaged", cause="cost")
        return _finish(d, name, loc["got"])
    raise ValueError(f"not a moving cost: {name}")


__all__ = ["MOVING_COSTS", "can_pay_moving", "move_candidates", "pay_moving", "push_cost_moves"]
