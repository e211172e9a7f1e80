"""SVE instructions of the effect language, and SVE conditions, values and filters.

Each instruction is documented for card writers in ``docs/sve-engine.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.context import (
    Ctx,
    as_words,
    has_kw,
    matches,
    player1,
    players,
    resolve,
    resolve_lki,
    select,
    value,
)
from ...cards.interpreter import Run, add_effect, first_of_both, move_op, take_pick
from ...kernel.effects import CEffect
from ...kernel.events import Event
from . import links
from .procedures.attack import in_combat
from .procedures.costs import carrots, corresponding_cards, magical_items, turn_evolve_deck_card
from .procedures.moves import create_token, move_now, plan_entry, token_may_be
from .procedures.setup import deck_universe
from .vocabulary import VANGUARD

if TYPE_CHECKING:
    from ...cards.card_rules import CardRules
    from ...kernel.game import Game

#: what summon and put_ex pass on to the moves they plan
_PLAN_ARGS = ("player", "side", "engaged")


def _bound_ids(b: Any) -> tuple:
    """The ids a binding holds, whether or not the objects still exist."""
    if isinstance(b, int):
        return (b,)
    return tuple(x for x in b if isinstance(x, int)) if isinstance(b, (list, tuple)) else ()


def install(rules: CardRules) -> None:
    rules.ops.update({
        "deal": op_deal, "leader_def": op_leader_def, "damage_mod": op_damage_mod, "recover_pp": op_recover_pp,
        "summon": move_op("summon", _PLAN_ARGS), "put_ex": move_op("put_ex", _PLAN_ARGS), "bury": op_bury,
        "transform": op_transform,
        "swap": op_swap, "maneuver": op_maneuver, "change_type": op_change_type, "box": op_box,
        "no_refresh": op_no_refresh,
        "become": op_become,
        "declare": op_declare, "choose_number": op_choose_number, "roll_die": op_roll_die, "select_random": op_select_random,
        "give_control": op_give_control, "flip": op_flip, "turn_face": op_turn_face, "look_up_to": op_look_up_to, "evolve": op_evolve,
        "add_stack": op_add_stack, "transfer_stack": op_transfer_stack, "serve": op_serve, "race": op_race,
        "lesson": op_lesson, "drive_check": op_drive_check, "give_drive": op_give_drive,
        "engage": _orient_op("engaged"), "refresh": _orient_op("reserved"), "set_evolve_cost": op_set_evolve_cost,
        "evolve_cost_less": op_evolve_cost_less,
        "token": op_token, "draw": op_draw, "select_group": op_select_group,
    })
    rules.cond_hooks.update({
        "combo": cond_combo, "spellchain": cond_spellchain, "necrocharge": cond_necrocharge,
        "overflow": cond_overflow, "sanguine": cond_sanguine, "first_player": cond_first_player,
        "basis": lambda ctx, a: ctx.g.players[ctx.p].get("basis") == a,
        "die": lambda ctx, a: _in_range(ctx, ctx.env.get("die", 0), a),
        "paid_fits": cond_paid_fits, "step_fits": cond_step_fits,
    })
    rules.filter_hooks.update({
        "class": lambda ctx, oid, o, c, v: c.get("class") in as_words(v),
        # 2.4: a card that has every one of the traits ("with both the Omen and Demon traits")
        "traits_all": lambda ctx, oid, o, c, v: all(t in c.get("races", ()) for t in as_words(v)),
        # 2.5: an odd (true) or even (false) cost
        "cost_odd": lambda ctx, oid, o, c, v: (c.get("cost") or 0) % 2 == (1 if v else 0),
        # 2.7-2.8: a follower whose attack / defense is exactly the value ("each follower with 1 attack")
        "atk_is": lambda ctx, oid, o, c, v: c.get("atk") is not None and c.get("atk") == value(ctx, v),
        "def_is": lambda ctx, oid, o, c, v: c.get("def") is not None and c.get("def") == value(ctx, v),
        "universe": lambda ctx, oid, o, c, v: c.get("universe") in as_words(v),
        "special": lambda ctx, oid, o, c, v: (c.get("special") or "none") in as_words(v),
        "state": lambda ctx, oid, o, c, v: o.orient in as_words(v),
        "boxed": lambda ctx, oid, o, c, v: bool(o.get("boxed")) == bool(v),
        # a card in a zone, or being played from it (the resolution zone keeps where it came from)
        "played_from": lambda ctx, oid, o, c, v: o.zone == v or (o.zone == "resolution" and o.get("from") == v),
        "damaged": lambda ctx, oid, o, c, v: (o.get("damage", 0) > 0) == bool(v),
        "evolved": lambda ctx, oid, o, c, v: (links.evolved_card(ctx.g, oid) is not None) == bool(v),
        "linked": lambda ctx, oid, o, c, v: links.is_linked(ctx.g, oid) == bool(v),
        "raced": lambda ctx, oid, o, c, v: (o.get("raced", 0) > 0) == bool(v),
        "trigger_icon": lambda ctx, oid, o, c, v: c.get("trigger_icon") in as_words(v),
        "can_evolve": lambda ctx, oid, o, c, v: bool(corresponding_cards(ctx.g, o.controller, oid, c["name"]))
        == bool(v) if o.zone == "field" else not v,
        "combat": _filter_combat,
        "named_as": lambda ctx, oid, o, c, v: ctx.env.get(v) is not None and (
            c.get("name") == ctx.env.get(v) or ctx.env.get(v) in c.get("alt_names", ())),
        # the object bound to the name, even one that has since moved (read by its last known
        # information, 10.7.5: a delayed ability watching a card leaving the field)
        "bound_as": lambda ctx, oid, o, c, v: oid in _bound_ids(ctx.env.get(v)),
        # how a card on the field came there (procedures.moves.record_entry; 5.4.3, 10.6.2.8.1)
        "entered_by": lambda ctx, oid, o, c, v: o.zone == "field" and o.get("entered_by") == v,
        "entered_from": lambda ctx, oid, o, c, v: o.zone == "field" and o.get("entered_from") in as_words(v),
        # 8.4.2.1: the turn a follower evolved is kept on it ("this" turn: the current one)
        "evolved_turn": lambda ctx, oid, o, c, v: o.zone == "field" and v == "this" and o.get("evolved_turn") == ctx.g.turn,
        # 5.23.1: the cost printed on the card ("a card that originally costs 2 or less")
        "printed_cost": lambda ctx, oid, o, c, v: o.card.chars.get("cost") == v,
        "printed_cost_max": lambda ctx, oid, o, c, v: isinstance(o.card.chars.get("cost"), int) and o.card.chars["cost"] <= v,
        "printed_cost_min": lambda ctx, oid, o, c, v: isinstance(o.card.chars.get("cost"), int) and o.card.chars["cost"] >= v,
        # 5.13.1: a follower on the field that took damage this turn (procedures.damage keeps the turn)
        "damaged_turn": lambda ctx, oid, o, c, v: o.zone == "field" and v == "this" and o.get("damaged_turn") == ctx.g.turn,
        # 5.26.1-5.26.2: one of these values was increased this turn (rules.record_event keeps the turn)
        "gained_turn": lambda ctx, oid, o, c, v: o.zone == "field" and any(
            o.get(f"{k}_gained_turn") == ctx.g.turn for k in as_words(v)),
        "earth_rite": lambda ctx, oid, o, c, v: _has_earth_rite(c) == bool(v),
    })


def _has_earth_rite(c: dict) -> bool:
    """13.3.3.1-13.3.3.2: the card has an Earth Rite ability: an ability (or a spell's effect) whose
    cost includes the Earth Rite removal of Stack counters."""
    specs = [ab.spec for ab in c.get("abilities", ())]
    if c.get("effect") is not None:
        specs.append(c["effect"].spec)
    return any(item[0] == "earth_rite" for sp in specs for item in (sp.get("cost") or ()))  # (name, args) pairs


def _in_range(ctx: Ctx, n: int, a: Any) -> bool:
    if isinstance(a, int):
        return n == a
    if isinstance(a, dict):
        return value(ctx, a.get("min", n)) <= n <= value(ctx, a.get("max", n))
    return n in tuple(a)


def _filter_combat(ctx: Ctx, oid: int, o, c: dict, v: Any) -> bool:
    return in_combat(ctx.g, oid) == bool(v)


# ------------------------------------------------------------------- conditions
def cond_paid_fits(ctx: Ctx, a: dict) -> bool:
    """10.4.7: "If you discarded a spell" after the cost "Discard a card:": one of the cards paid
    for that cost fits, as it last was where it was paid from (10.11: its last known information)."""
    return _one_fits(ctx, ctx.env.get(f"_paid_{a['cost']}") or (), a["filter"])


def cond_step_fits(ctx: Ctx, a: dict) -> bool:
    """5.2.1.1, 10.11.1: "If you buried a non-Runecraft card" after a step that buried cards: one
    of the cards that step bound to ``of`` fits, read where it is now, or as it last was."""
    b = ctx.env.get(a["of"])
    return _one_fits(ctx, b if isinstance(b, list) else () if b is None else (b,), a["filter"])


def _one_fits(ctx: Ctx, ids: Any, filt: dict) -> bool:
    g = ctx.g
    for x in ids:
        if x in g.objects:
            if matches(ctx, x, filt):
                return True
        elif x in g.lki:
            o, c = g.lki[x][0], g.lki[x][1]
            if matches(Ctx(g, ctx.p, ctx.src, ctx.env, chars=lambda _x, c=c: c), x, filt, obj=o):
                return True
    return False


def cond_combo(ctx: Ctx, a: Any) -> bool:
    """13.2.1.2: at least X cards played this turn, this one included."""
    return ctx.g.record.get(f"{ctx.p}:played", 0) >= value(ctx, a)


def cond_spellchain(ctx: Ctx, a: Any) -> bool:
    """13.3.1.2, 13.3.1.4: at least X spells in your cemetery (fixed when resolution began)."""
    n = ctx.env.get("_sc")
    if n is None:
        g = ctx.g
        n = sum(1 for x in g.zone(ctx.p, "cemetery") if "spell" in ctx.chars(x)["types"])
    return n >= value(ctx, a)


def cond_necrocharge(ctx: Ctx, a: Any) -> bool:
    """13.5.1.2, 13.5.1.3.2: at least X cards in your cemetery (fixed when resolution began)."""
    n = ctx.env.get("_nc")
    if n is None:
        n = len(ctx.g.zone(ctx.p, "cemetery"))
    return n >= value(ctx, a)


def cond_overflow(ctx: Ctx, a: Any) -> bool:
    """13.4.1.2: your maximum play points are at least 7."""
    return (ctx.g.players[ctx.p].get("max_pp", 0) >= 7) == bool(a)


def cond_sanguine(ctx: Ctx, a: Any) -> bool:
    """13.5.2.2: it is your turn and your leader has lost defense this turn."""
    g = ctx.g
    ok = g.active == ctx.p and g.record.get(f"{ctx.p}:lost_def", 0) > 0
    return ok == bool(a)


def cond_first_player(ctx: Ctx, a: Any) -> bool:
    return (ctx.g.gvars.get("first") == ctx.p) == bool(a)


# ---------------------------------------------------------------- damage, defense
def op_deal(rt: Run, a: dict) -> bool:
    """5.13: ability damage; with ``divided: NAME`` the amounts allocated at play (10.6.2.4)."""
    g = rt.g
    loc = rt.loc
    if "pushed" in loc:
        rt.bind(None, [x[0] for x in (rt.ret() or [])])
        return True
    targets = resolve(rt.ctx, a["what"])
    if a.get("source") is not None:
        srcs = resolve_lki(rt.ctx, a["source"])
        src = srcs[0] if srcs else None
    else:
        src = rt.d.get("src")  # 10.12.2.2
    items = []
    if a.get("divided"):
        name = a["divided"]
        order = rt.env.get(name) or []
        alloc = rt.env.get(f"_alloc_{name}") or []
        for oid, n in zip(order, alloc):
            if oid in targets:
                items.append([src, oid, n, ["ability"]])
    else:
        n = value(rt.ctx, a.get("n", 1))
        items = [[src, oid, n, ["ability"]] for oid in targets]
    if not items:
        return True
    loc["pushed"] = True
    g.push("damage", items=items, p=rt.p)
    return False


def op_leader_def(rt: Run, a: dict) -> bool:
    g = rt.g
    if "set" in a:
        # 5.26.2 with 2.8: "Change each enemy leader's defense to 6": the value becomes N; more than
        # before is an increase, less a decrease (not damage, 5.13.1)
        to = value(rt.ctx, a["set"])
        for p in players(rt.ctx, a.get("player", "you")):
            old = g.players[p].get("leader_def", 20)
            if to == old:
                continue
            g.rules.set_player_value(g, p, "leader_def", to)
            g.note(f"p{p + 1}'s leader's defense becomes {to}")
            if to > old:
                leader_gained(g, p, to - old)
        return True
    n = value(rt.ctx, a.get("n", 1))
    if n == 0:
        return True
    for p in players(rt.ctx, a.get("player", "you")):
        g.rules.set_player_value(g, p, "leader_def", g.players[p].get("leader_def", 20) + n)
        g.note(f"p{p + 1}'s leader {'gets' if n > 0 else 'loses'} {abs(n)} defense")
        if n > 0:
            leader_gained(g, p, n)
    return True


def leader_gained(g: Game, p: int, n: int) -> None:
    """The leader's defense increased ("your leader gains {DEF}"): an event, and a tally of the turn
    ("if your leader gained {DEF} this turn")."""
    g.record[f"{p}:leader_gained_def"] = g.record.get(f"{p}:leader_gained_def", 0) + 1
    g.emit(Event("leader_def", player=p, data={"n": n}))


def _freeze_ref(rt: Run, ref: Any) -> Any:
    if ref is None or isinstance(ref, dict):
        return ref
    return frozenset(resolve(rt.ctx, ref))


def op_damage_mod(rt: Run, a: dict) -> bool:
    g = rt.g
    args = {"n": value(rt.ctx, a.get("n", 0)), "prevent": bool(a.get("prevent")), "kind": a.get("kind"),
            "by": _freeze_ref(rt, a.get("by")), "to": _freeze_ref(rt, a.get("to")), "env": dict(rt.env)}
    if "max" in a:
        args["max"] = value(rt.ctx, a["max"])  # 5.13.2: an amount over MAX becomes MAX
    if a.get("by_player"):
        args["by_player"] = a["by_player"]  # whose sources ("from enemy abilities")
    if a.get("once"):
        args["once"] = True  # 10.10: "the next time ... would take damage": used up once it replaces
    g.add_effect(CEffect(g.tick(), g.tick(), "num", "damage_mod", args, ("players", frozenset()), rt.p,
                         rt.d.get("src"), a.get("until") or "permanent"))
    return True


def op_recover_pp(rt: Run, a: dict) -> bool:
    """5.14.1: add to play points, up to the maximum."""
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    for p in players(rt.ctx, a.get("player", "you")):
        g.rules.set_player_value(g, p, "pp", g.players[p].get("pp", 0) + max(0, n))
    return True


# ---------------------------------------------------------------------- moving
def op_bury(rt: Run, a: dict) -> bool:
    """5.33: the player puts cards they control into their owners' cemeteries (not destroying)."""
    g = rt.g
    loc = rt.loc
    if "pushed" in loc:
        rt.bind(a.get("as"), rt.ret() or [])
        return True
    p = player1(rt.ctx, a.get("player", "you"))
    if "cands" not in loc:
        if "what" in a:
            loc["got"] = [x for x in resolve(rt.ctx, a["what"]) if g.objects[x].controller == p]
            loc["cands"] = []
            loc["n"] = len(loc["got"])
        else:
            flt = dict(a.get("filter") or {})
            flt.setdefault("zone", "field")  # 5.33.1.1
            ctx = Ctx(g, p, rt.d.get("src"), rt.env)
            loc["cands"] = [x for x in select(ctx, flt) if g.objects[x].controller == p]
            loc["n"] = min(value(rt.ctx, a.get("n", 1)), len(loc["cands"]))
            loc["got"] = []
    take_pick(loc, rt.answer())
    if len(loc["got"]) < loc["n"]:
        opts = [(f"choose {g.rules.obj_ref(g, x)}", x) for x in loc["cands"]]
        if a.get("up_to"):
            opts.append(("done", "done"))
        return rt.ask(p, "bury", f"bury ({len(loc['got']) + 1} of {loc['n']})", opts)
    plan = [e for x in loc["got"] if (e := plan_entry(g.objects[x], "cemetery", "bury", {}, p))]
    if not plan:
        rt.bind(a.get("as"), [])
        return True
    loc["pushed"] = True
    g.push("moves", p=p, plan=plan, stage=0, i=0)
    return False


def op_transform(rt: Run, a: dict) -> bool:
    """5.16.1: banish the cards, then a token named INTO in that zone for each one banished this
    way.  The banishing is a move like any other: a replacement effect (Stack 13.3.2.2, 10.10)
    that keeps a card where it is means it was not banished, and no token is made for it."""
    g = rt.g
    loc = rt.loc
    token = g.rules.token_def(a["into"], g)
    if "where" not in loc:
        loc["where"] = {}
        plan = []
        for oid in resolve(rt.ctx, a["what"]):
            o = g.objects[oid]
            e = plan_entry(o, "banished", "transform", {}, rt.p)
            if e is not None:
                loc["where"][str(oid)] = [o.zone, o.zp]
                plan.append(e)
        if not plan:
            rt.bind(None, [])
            return True
        g.push("moves", p=rt.p, plan=plan, stage=0, i=0, report=True)
        return False
    made = []
    g.begin_batch()
    for old, new in rt.ret() or []:
        if new is not None and (new not in g.objects or g.objects[new].zone != "banished"):
            continue
        zone, zp = loc["where"][str(old)]  # a banished token is eliminated (9.1.4.3): it was banished too
        t = create_token(g, token, zp, zone)
        if t is not None:
            made.append(t)
    g.end_batch()
    rt.bind(None, made)
    return True


def op_swap(rt: Run, a: dict) -> bool:
    """5.12: each card goes to the other's zone at once; if either cannot, neither moves."""
    g = rt.g
    both = first_of_both(rt, a, "a", "b")
    if both is None:
        return True
    x, y = both
    ox, oy = g.objects[x], g.objects[y]
    zx, px, zy, py = ox.zone, ox.zp, oy.zone, oy.zp
    if (ox.card.token and not token_may_be(ox.card, zy)) or (oy.card.token and not token_may_be(oy.card, zx)):
        return True  # 5.12.2
    g.begin_batch()
    move_now(g, x, zy, py, cause="swap", controller=py if zy == "field" else None)
    move_now(g, y, zx, px, cause="swap", controller=px if zx == "field" else None)
    g.end_batch()
    return True


def op_maneuver(rt: Run, a: dict) -> bool:
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        c = g.chars(oid)
        if "amulet" in c["types"] and c.get("atk") is not None and c.get("def") is not None:
            g.add_effect(CEffect(g.tick(), g.tick(), "nonnum", "maneuver", {}, ("objs", frozenset((oid,))), rt.p,
                                 rt.d.get("src"), "end_of_turn"))
            g.note(f"{g.rules.obj_name(g, oid, None)} is maneuvered: a follower for the rest of the turn (5.31)")
    return True


def op_change_type(rt: Run, a: dict) -> bool:
    add_effect(rt, "change_type", {"to": a["to"]}, a["what"], a.get("until"))
    return True


def op_become(rt: Run, a: dict) -> bool:
    """The cards' class (2.2) and/or traits (2.4) become the given ones, losing their own ("becomes
    Forestcraft", "its traits become Pixie"); ``grant: {races: ...}`` adds a trait instead."""
    args: dict[str, Any] = {}
    if "class" in a:
        args["class"] = str(a["class"]).lower()
    if "traits" in a:
        args["traits"] = tuple((a["traits"],) if isinstance(a["traits"], str) else a["traits"])
    if args:
        add_effect(rt, "become", args, a["what"], a.get("until"))
    return True


def op_box(rt: Run, a: dict) -> bool:
    """5.30: boxed: loses its abilities (those given later stay), does not refresh in the start
    phase."""
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        g.set_data(oid, "boxed", True)
        g.add_effect(CEffect(g.tick(), g.tick(), "abilities", "box", {}, ("objs", frozenset((oid,))), rt.p,
                             rt.d.get("src"), "permanent"))
        g.note(f"{g.rules.obj_name(g, oid, None)} is boxed")
    return True


def op_no_refresh(rt: Run, a: dict) -> bool:
    """"It doesn't refresh during its controller's next start phase": the start phase's refresh
    (7.2.3) passes the card by once; the mark goes with that start phase (procedures.turn)."""
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        if g.objects[oid].zone == "field":
            g.set_data(oid, "no_refresh", True)
            g.note(f"{g.rules.obj_name(g, oid, None)} doesn't refresh during its controller's next start phase")
    return True


def op_declare(rt: Run, a: dict) -> bool:
    """5.32: declare the name of a card or token that exists (not an alternate name)."""
    g = rt.g
    ans = rt.answer()
    if ans is None:
        p = player1(rt.ctx, a.get("player", "you"))
        names = sorted({c.chars["name"] for c in g.rules.cards.values()} | set(g.rules.tokens)
                       | set(g.gvars.get("card_names", ())))  # a scenario's own cards exist too
        return rt.ask(p, "declare", "declare a card name", [(f"choose {n}", n) for n in names])
    rt.env[a["as"]] = ans
    g.note(f"p{rt.p + 1} declares {ans}")
    return True


def op_choose_number(rt: Run, a: dict) -> bool:
    """1.3.5, 1.3.5.1: the player selects a number from 0 to MAX ("up to MAX"); with ``room: ZONE``
    no more than that zone of theirs still takes (4.4.4, 4.8.3); bound under AS."""
    g = rt.g
    ans = rt.answer()
    if ans is None:
        p = player1(rt.ctx, a.get("player", "you"))
        top = max(0, value(rt.ctx, a["max"]))
        if a.get("room"):
            top = min(top, max(0, g.rules.zone_limit(g, p, a["room"]) - len(g.zone(p, a["room"]))))
        if top > 0:
            return rt.ask(p, "number", a.get("prompt") or "choose a number",
                          [(f"choose {i}", i) for i in range(top, -1, -1)])
        ans = 0
    rt.env[a["as"]] = ans
    return True


def op_roll_die(rt: Run, a: dict) -> bool:
    g = rt.g
    n = g.rng.below(6) + 1  # 5.19.1
    rt.env[a.get("as", "die")] = n
    g.note(f"p{rt.p + 1} rolls a die: {n}")
    rec = g.record  # the rolls of this turn ("if you rolled a 6-sided die this turn")
    rec[f"{rt.p}:rolled"] = rec.get(f"{rt.p}:rolled", 0) + 1
    if n == 6:
        rec[f"{rt.p}:rolled_6"] = rec.get(f"{rt.p}:rolled_6", 0) + 1
    g.emit(Event("die_roll", player=rt.p, data={"n": n}))  # "whenever you roll a die" (the result: `die`)
    return True


def op_select_group(rt: Run, a: dict) -> bool:
    """"You may summon up to 2 followers that cost a total of 4 or less from among them" / "... up
    to 2 followers with different classes ...": a player picks up to N cards one at a time, as
    ``select`` does, each keeping the group within the limit: the costs of the cards picked add up
    to at most ``cost_total_max`` (2.5), and with ``distinct: class`` no two share a class (2.2)."""
    g = rt.g
    loc = rt.loc
    if "cands" not in loc:
        cands = list(resolve(rt.ctx, a["from"]))
        loc["cands"] = cands
        loc["n"] = min(value(rt.ctx, a.get("n", 1)), len(cands))
        loc["got"] = []
        loc["max"] = value(rt.ctx, a["cost_total_max"]) if "cost_total_max" in a else None
    take_pick(loc, rt.answer())
    left = loc["cands"]
    if loc["max"] is not None:
        spent = sum(g.chars(x).get("cost") or 0 for x in loc["got"])
        left = [c for c in left if spent + (g.chars(c).get("cost") or 0) <= loc["max"]]
    if a.get("distinct") == "class":
        taken = {g.chars(x).get("class") for x in loc["got"]}
        left = [c for c in left if g.chars(c).get("class") not in taken]
    if len(loc["got"]) >= loc["n"] or not left:
        rt.bind(a["as"], loc["got"])
        return True
    opts = [(f"choose {g.rules.obj_ref(g, c)}", c) for c in left]
    if a.get("up_to") or len(loc["got"]) >= loc["n"]:
        opts.append(("done", "done"))
    return rt.ask(rt.p, "select", f"choose ({len(loc['got']) + 1} of up to {loc['n']})", opts)


def op_select_random(rt: Run, a: dict) -> bool:
    g = rt.g
    pool = list(resolve(rt.ctx, a["from"]))
    n = value(rt.ctx, a.get("n", 1))
    got = []
    for _ in range(min(n, len(pool))):
        got.append(pool.pop(g.rng.below(len(pool))))  # 5.18.1
    rt.bind(a.get("as"), got)
    return True


def op_give_control(rt: Run, a: dict) -> bool:
    g = rt.g
    out = []
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects[oid]
        if o.controller == rt.p:
            out.append(g.rules.change_control(g, oid, 1 - rt.p))
    rt.bind(None, out)
    return True


def op_turn_face(rt: Run, a: dict) -> bool:
    """4.6.3: turn cards of the evolve deck faceup or facedown (a faceup card is not part of the
    evolve deck; turned facedown, it is again).  "If you do": every card the text names was turned
    (``n``: how many it names)."""
    g = rt.g
    up = a["face"] == "up"
    turned = 0
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects[oid]
        if o.zone != "evolve_deck" or o.face_up == up:
            continue
        turn_evolve_deck_card(g, oid, up)
        turned += 1
    rt.env["_did"] = turned > 0 and turned >= value(rt.ctx, a.get("n", 1))
    return True


def op_flip(rt: Run, a: dict) -> bool:
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects[oid]
        if "back" not in o.card.chars or o.zone not in ("field", "evolve_zone", "evolve_deck"):
            continue
        g.set_data(oid, "face", None if o.get("face") == "back" else "back")
        g.note(f"{o.card.key} is turned to its {'back' if g.objects[oid].get('face') else 'front'} face")
    return True


def op_look_up_to(rt: Run, a: dict) -> bool:
    """5.10.2: look at the top cards one at a time, stopping when the player wishes."""
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    loc = rt.loc
    loc.setdefault("seen", [])
    n = value(rt.ctx, a["n"])
    ans = rt.answer()
    if ans == "look":
        deck = g.zone(p, "deck")
        k = len(loc["seen"])
        if k < len(deck):
            oid = deck[-1 - k]
            g.rules.let_see(g, oid, rt.p)
            loc["seen"].append(oid)
    elif ans == "done":
        rt.bind(a.get("as"), loc["seen"])
        return True
    if len(loc["seen"]) >= n or len(loc["seen"]) >= len(g.zone(p, "deck")):
        rt.bind(a.get("as"), loc["seen"])
        return True
    return rt.ask(rt.p, "look", f"look at card {len(loc['seen']) + 1} from the top?",
                  [("look", "look"), ("done", "done")])


# ---------------------------------------------------------------------- evolve
def op_evolve(rt: Run, a: dict) -> bool:
    """5.15.1: put a corresponding evolve deck card into the evolve zone, linked to the card."""
    g = rt.g
    loc = rt.loc
    todo = loc.get("todo")
    if todo is None:
        todo = loc["todo"] = [x for x in resolve(rt.ctx, a["what"]) if g.objects[x].zone == "field"]
    ans = rt.answer()
    while todo:
        oid = todo[0]
        if oid not in g.objects or g.objects[oid].zone != "field":
            todo.pop(0)
            continue
        p = g.objects[oid].controller
        card, side = None, "front"
        given = resolve(rt.ctx, a["card"]) if a.get("card") else []
        if given and g.objects[given[0]].zone == "evolve_deck":
            card, side = given[0], rt.env.get("_paid_evolve_side", "front")  # 5.15.1.1: the revealed card
        elif ans is not None:
            card, side = ans
        else:
            cands = corresponding_cards(g, p, oid)
            if not cands:
                todo.pop(0)
                continue
            kinds = {(g.objects[x].card.key, s) for x, s in cands}
            if len(kinds) > 1:
                seen: set = set()
                opts = []
                for x, s in cands:
                    k = (g.objects[x].card.key, s)
                    if k not in seen:
                        seen.add(k)
                        opts.append((f"choose {k[0]}" + (" (back)" if s == "back" else ""), [x, s]))
                return rt.ask(p, "evolve_card", "evolve into which card?", opts)
            card, side = cands[0]
        ans = None
        todo.pop(0)
        evolve(g, oid, card, side)
    return True


def evolve(g, oid: int, card: int, side: str = "front") -> None:
    p = g.objects[oid].controller
    g.rules.reveal(g, card)
    new = move_now(g, card, "evolve_zone", p, cause="evolve", face_up=True, side=side, note=False)
    if new is None:
        return
    links.link(g, oid, new, "evolve")
    g.set_data(oid, "evolved_turn", g.turn)  # 8.4.2.1
    g.note(f"{g.objects[oid].card.key} evolves into {g.objects[new].card.key}")
    g.emit(Event("evolve", oid=oid, player=p, data={"card": new}))


# ------------------------------------------------------------------ class mechanics
def _stack_cards(g, p: int) -> list[int]:
    return [x for x in g.zone(p, "field") if has_kw(g.chars(x).get("keywords", ()), "stack")]


def op_add_stack(rt: Run, a: dict) -> bool:
    """13.3.2.4: put X Stack counters on a card with Stack on your field."""
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    ans = rt.answer()
    if ans is None:
        cands = resolve(rt.ctx, a["what"]) if "what" in a else _stack_cards(g, rt.p)
        cands = [x for x in cands if has_kw(g.chars(x).get("keywords", ()), "stack")]
        if not cands or n <= 0:
            return True
        if len(cands) > 1:
            return rt.ask(rt.p, "select", "add to which Stack?",
                          [(f"choose {g.rules.obj_ref(g, x)}", x) for x in cands])
        ans = cands[0]
    g.add_counters(ans, "stack", n, cause=rt.d.get("src"))
    g.note(f"{g.rules.obj_name(g, ans, None)} gets {n} Stack counter(s)")
    return True


def op_transfer_stack(rt: Run, a: dict) -> bool:
    g = rt.g
    src = rt.d.get("src")
    tgt = resolve(rt.ctx, a["to"])
    if src not in g.objects or not tgt:
        return True
    n = g.objects[src].counter("stack")
    if n <= 0:
        return True
    g.add_counters(src, "stack", -n, cause="transfer")
    g.add_counters(tgt[0], "stack", n, cause="transfer")
    return True


# -------------------------------------------------------------- universe mechanics
def op_serve(rt: Run, a: dict) -> bool:
    """14.2.1.1-14.2.1.2: link X Carrot cards from the evolve deck, unless already linked."""
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects[oid]
        if o.zone != "field" or links.linked(g, oid, "race"):
            continue
        cs = carrots(g, o.controller)
        for x in cs[-n:] if n > 0 else []:
            new = move_now(g, x, "race_zone", o.controller, cause="serve", face_up=True)
            if new is not None:
                links.link(g, oid, new, "race")
        g.note(f"{g.rules.obj_name(g, oid, None)} is served")
    return True


def op_race(rt: Run, a: dict) -> bool:
    """14.2.3.1: while linked to a race zone card it has Rush and has raced X times."""
    g = rt.g
    n = max(1, value(rt.ctx, a.get("n", 1))) if "n" in a else 1
    for oid in resolve(rt.ctx, a["what"]):
        if not links.linked(g, oid, "race"):
            continue
        g.set_data(oid, "raced", g.objects[oid].get("raced", 0) + n)
        g.note(f"{g.rules.obj_name(g, oid, None)} races {n} time(s)")
        g.emit(Event("race", oid=oid, player=g.objects[oid].controller, data={"n": n}))
    return True


def op_lesson(rt: Run, a: dict) -> bool:
    """14.3.2.1: banish X Magical Items from your EX area (as many as there are)."""
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    for p in players(rt.ctx, a.get("player", "you")):
        items = magical_items(g, p)[:max(0, n)]
        g.begin_batch()
        for x in items:
            move_now(g, x, "banished", g.objects[x].owner, cause="lesson")
        g.end_batch()
    return True


def op_give_drive(rt: Run, a: dict) -> bool:
    """14.4.7.3: once per card: Drive, Single Drive and Rush; On Drive triggers (14.4.8)."""
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects[oid]
        if o.zone != "field" or o.get("drive_given"):
            continue
        g.set_data(oid, "drive_given", True)
        g.add_effect(CEffect(g.tick(), g.tick(), "abilities", "grant",
                             {"keywords": (("drive", None), ("single_drive", None), ("rush", None))},
                             ("objs", frozenset((oid,))), rt.p, rt.d.get("src"), "permanent"))
        g.note(f"{g.rules.obj_name(g, oid, None)} is given Drive")
        g.emit(Event("drive", oid=oid, player=o.controller))
    return True


def op_drive_check(rt: Run, a: dict) -> bool:
    """14.4.5.1: the top card to the Trigger zone; a Trigger icon may be resolved (deck based on
    the universe only); then to the cemetery if resolved, else to the bottom of the deck."""
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    loc = rt.loc
    if "left" not in loc:
        loc["left"] = value(rt.ctx, a.get("n", 1))
    ans = rt.answer()
    while True:
        card = loc.get("card")
        if card is None:
            if loc["left"] <= 0:
                return True
            deck = g.zone(p, "deck")
            if not deck:
                return True
            loc["left"] -= 1
            card = move_now(g, deck[-1], "trigger_zone", p, cause="drive_check")
            g.note(f"p{p + 1} drive checks {g.objects[card].card.key}")
            src = rt.d.get("src")
            if src in g.objects:  # 14.4.5.1, 14.4.6.1: the card whose ability performs the drive check
                g.emit(Event("perform_drive_check", oid=src, player=p))
            loc["card"] = card
            ans = None
        o = g.objects.get(card)
        if o is None:
            loc.pop("card")
            continue
        icon = g.chars(card).get("trigger_icon")
        resolved = False
        if icon is not None and deck_universe(g, p) == VANGUARD:
            if ans is None:
                opts = [("pass", "no")]
                if icon in ("critical", "stand"):
                    flw = [x for x in g.zone(p, "field") if "follower" in g.chars(x)["types"]]
                    opts += [(f"choose {g.rules.obj_ref(g, x)}", x) for x in flw]
                else:
                    opts.append((f"resolve {icon} trigger", "yes"))
                if len(opts) > 1:
                    return rt.ask(p, "trigger", f"{icon} trigger: resolve it? (14.4.5.1.3)", opts)
                ans = "no"
            if ans != "no":
                resolved = True
                _trigger_ability(g, rt, p, icon, ans)
        if resolved:
            move_now(g, card, "cemetery", o.owner, cause="drive_check")  # 14.4.5.1.5
            g.emit(Event("drive_check", player=p, data={"trigger": True, "icon": icon}))  # 14.4.5.1.4
        else:
            move_now(g, card, "deck", o.owner, pos="bottom", cause="drive_check")
        loc.pop("card")
        ans = None


def _trigger_ability(g, rt: Run, p: int, icon: str, ans: Any) -> None:
    if icon == "critical":  # 14.4.5.1.3.1: no duration is given, so it lasts for the rest of the game (10.2.1.2)
        g.add_effect(CEffect(g.tick(), g.tick(), "num", "modify", {"atk": 2}, ("objs", frozenset((ans,))), p,
                             rt.d.get("src"), "permanent"))
        g.note(f"critical trigger: {g.rules.obj_name(g, ans, None)} gets +2 attack")
    elif icon == "draw":  # 14.4.5.1.3.2
        g.rules.draw(g, p, 1)
    elif icon == "stand":  # 14.4.5.1.3.3
        g.set_orient(ans, "reserved", cause="stand_trigger")
        g.add_effect(CEffect(g.tick(), g.tick(), "abilities", "grant", {"flags": ("cannot_attack_leader",)},
                             ("objs", frozenset((ans,))), p, rt.d.get("src"), "end_of_turn"))
        g.note(f"stand trigger: {g.rules.obj_name(g, ans, None)} is refreshed")
    elif icon == "heal":  # 14.4.5.1.3.4
        g.rules.set_player_value(g, p, "leader_def", g.players[p].get("leader_def", 20) + 3)
        g.note(f"heal trigger: p{p + 1}'s leader gets 3 defense")
        leader_gained(g, p, 3)


# ------------------------------------------------------------------ state changes
def _orient_op(orient: str):
    """5.3: engage or refresh (to reserved) cards on the field."""
    def handler(rt: Run, a: dict) -> bool:
        g = rt.g
        for oid in resolve(rt.ctx, a["what"]):
            if g.objects[oid].zone == "field":
                g.set_orient(oid, orient, cause=rt.d.get("src"))
        return True
    return handler


def op_set_evolve_cost(rt: Run, a: dict) -> bool:
    add_effect(rt, "evolve_cost", {"n": value(rt.ctx, a["n"])}, a["what"], a.get("until"))
    return True


def op_evolve_cost_less(rt: Run, a: dict) -> bool:
    """12.2, 10.2.1.3.3: the play point cost of the cards' evolve abilities is N less (after any
    effect that sets it, as a card's cost, 10.6.2.5.1; never below 0, 1.3.2.2.1)."""
    add_effect(rt, "evolve_cost", {"less": value(rt.ctx, a["n"])}, a["what"], a.get("until"))
    return True


# ------------------------------------------------------------------- tokens, draws
def op_token(rt: Run, a: dict) -> bool:
    """5.4.2, 9.1.2: create tokens (field or EX area); a full zone takes no more (4.4.4.2),
    ``overflow: ZONE`` puts the rest there; Ward lets a follower token enter engaged (12.8.2)."""
    g = rt.g
    loc = rt.loc
    card = g.rules.token_def(a["card"], g)
    ps = players(rt.ctx, a.get("player", "you"))
    zone = a.get("zone", "field")
    if "plan" not in loc:
        n = value(rt.ctx, a.get("n", 1))
        loc["plan"] = [[p, zone, a.get("orientation") == "engaged"] for p in ps for _ in range(max(0, n))]
        loc["i"] = 0
    ward = has_kw(card.chars.get("keywords", ()), "ward") and "follower" in card.chars["types"]
    ans = rt.answer()
    while ward and loc["i"] < len(loc["plan"]):
        item = loc["plan"][loc["i"]]
        if item[1] != "field" or item[2]:
            loc["i"] += 1
            continue
        if ans is None:
            return rt.ask(item[0], "enter", f"a {card.key} token enters the field (Ward)",
                          [("enter reserved", False), ("enter engaged", True)])
        item[2] = bool(ans)
        ans = None
        loc["i"] += 1
    made: list[int] = []
    g.begin_batch()
    for p, z, engaged in loc["plan"]:
        if z in ("field", "ex_area") and len(g.zone(p, z)) >= g.rules.zone_limit(g, p, z):
            if a.get("overflow"):
                z = a["overflow"]
            else:
                continue
        t = create_token(g, card, p, z)
        if t is not None:
            made.append(t)
            if engaged and z == "field":
                g.set_orient(t, "engaged", cause="ward" if ward else rt.d.get("src"))  # 12.8.2 (i)
    g.end_batch()
    rt.bind(a.get("as"), made)
    return True


def op_draw(rt: Run, a: dict) -> bool:
    """5.9.2; 5.9.3: "draw up to X" may stop before each card."""
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    if not a.get("up_to"):
        for p in players(rt.ctx, a.get("player", "you")):
            g.rules.draw(g, p, n)
        return True
    p = player1(rt.ctx, a.get("player", "you"))
    loc = rt.loc
    done = loc.setdefault("drawn", 0)
    ans = rt.answer()
    if ans == "draw":
        g.rules.draw(g, p, 1)
        done = loc["drawn"] = done + 1
    elif ans == "done":
        return True
    if done >= n:
        return True
    return rt.ask(p, "draw", f"draw a card? ({done} of up to {n})", [("draw", "draw"), ("done", "done")])


__all__ = ["install", "evolve"]
