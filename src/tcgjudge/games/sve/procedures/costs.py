"""Paying costs (10.4, 10.6.2.5): play points, evolution points in lieu of play points (12.2.3,
14.2.2.4, 14.4.9.2), the evolve cost's revealed card (12.2.2), serving (14.2.1), Drive Points
(14.4.9), Earth Rite (13.3.3), Lesson (14.3.2) and the shared cost items of the card layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.context import Ctx, has_kw, players, select, value
from ....cards.play import can_pay_generic, pay_generic, pick_for_cost
from ....kernel.game import dcopy
from .. import links
from .counter_costs import COUNTER_COSTS, can_pay_counters, pay_counters
from .moving_costs import MOVING_COSTS, can_pay_moving, pay_moving, push_cost_moves

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game

PP_ITEMS = ("pp", "evolve_pp")


def _ctx(g: Game, d: dict) -> Ctx:
    return Ctx(g, d["p"], d["src"], d.setdefault("env", {}))


def ep_allowed(g: Game, d: dict) -> bool:
    """12.2.3, 14.2.2.4, 14.4.9.2: evolve abilities and their equivalents may use one evolution
    point in lieu of one play point; so may Granting Rush in Sealed (B-1 8.5.1.1)."""
    if d.get("ep_ok"):
        return True
    for fr in reversed(g.frames):
        if fr.kind == "play":
            a = fr.data.get("ab")
            return bool(fr.data.get("ep_ok")) or (a is not None and a.spec.get("equivalent") == "evolve")
    return False


def pp_need(g: Game, d: dict, name: str, arg: Any) -> int:
    ctx = _ctx(g, d)
    if name == "evolve_pp":
        src = d.get("src")
        if src is not None and src in g.objects:
            c = g.chars(src)
            ov = c.get("evolve_cost")
            # 10.6.2.5.1 (as a card's cost): a cost set first, then lowered ("costs 1 less this turn")
            base = ov if ov is not None else value(ctx, arg)
            return max(0, base - c.get("evolve_cost_less", 0))
    return max(0, value(ctx, arg))


def corresponding_cards(g: Game, p: int, oid: int, name: str | None = None,
                        only: Any = None) -> list[tuple[int, str]]:
    """5.15.1.1, 12.2.2, 4.6.4: facedown evolve deck cards with the evolving card's name (an
    evolved card may name the card it evolves from), with the face to reveal; ``only``: the
    evolved cards' names the ability specifies instead (5.15.1.1.1, "evolve this follower into")."""
    if only:
        names = set(only)
        out = []
        for e in g.zone(p, "evolve_deck"):
            eo = g.objects[e]
            if eo.face_up:
                continue  # 4.6.3
            for side, fc in (("front", eo.card.chars), ("back", eo.card.chars.get("back"))):
                if fc is not None and fc.get("special") == "evolved" and fc["name"] in names:
                    out.append((e, side))
                    break
        return out
    if name is None:
        name = g.chars(oid)["name"]
    base = g.objects[oid].card.chars.get("name")
    names = {name, base}
    out = []
    for e in g.zone(p, "evolve_deck"):
        eo = g.objects[e]
        if eo.face_up:
            continue  # 4.6.3: a faceup card is not part of the evolve deck
        c = eo.card.chars
        for side, fc in (("front", c), ("back", c.get("back"))):
            if fc is None or fc.get("special") != "evolved":
                continue
            if fc["name"] in names or fc.get("evolved_from") in names:
                out.append((e, side))
                break
    return out


def turn_evolve_deck_card(g: Game, oid: int, up: bool) -> None:
    """4.6.3: a card of the evolve deck area turned faceup (no longer part of the evolve deck) or
    facedown (part of it again)."""
    g.w(oid).face_up = up
    g.note(f"{g.rules.obj_name(g, oid, None)} is turned {'faceup' if up else 'facedown'} (4.6.3)")


def carrots(g: Game, p: int) -> list[int]:
    return [x for x in g.zone(p, "evolve_deck") if not g.objects[x].face_up
            and g.objects[x].card.chars["name"] == "Carrot"]


def drive_points(g: Game, p: int) -> list[int]:
    return [x for x in g.zone(p, "evolve_deck") if not g.objects[x].face_up
            and g.objects[x].card.chars["name"] == "Drive Point"]


def stack_amulets(g: Game, p: int, n: int) -> list[int]:
    return [x for x in g.zone(p, "field") if has_kw(g.chars(x).get("keywords", ()), "stack")
            and g.objects[x].counter("stack") >= n]


def magical_items(g: Game, p: int) -> list[int]:
    return [x for x in g.zone(p, "ex_area") if g.chars(x)["name"] == "Magical Item"
            or "Magical Item" in g.chars(x).get("alt_names", ())]


def pay_item(g: Game, f: Frame, name: str, arg: Any) -> bool | None:
    d = f.data
    rules = g.rules
    p = d["p"]
    d.setdefault("loc", {})
    env = d.setdefault("env", {})
    if name == "gate":  # 10.4.7.4: an automatic ability's cost is the controller's option
        rest = d["items"][d["i"] + 1:]
        if not can_pay(g, p, d["src"], list(rest), env, ep_allowed(g, d)):
            return False
        ans = g.answer(f)
        if ans is None:
            g.ask(p, "may", "pay the cost of this automatic ability?", [("pay", "yes"), ("pass", "no")])
            return None
        return ans == "yes"
    if name == "card_pp":  # 10.10.2.1: the card's controller orders the effects that set its cost
        loc = d["loc"]
        if "n" not in loc:
            ans = g.answer(f)
            if ans is None:
                g.ask(p, "replacement", "several effects set this card's cost: which applies last? (10.10.2.1)",
                      [(f"choose {n}", n) for n in arg if g.players[p].get("pp", 0) >= n])
                return None
            loc["n"] = ans
        name, arg = "pp", loc["n"]
    if name in PP_ITEMS:
        n = pp_need(g, d, name, arg)
        if n <= 0:
            return True  # 10.6.2.5.3
        pl = g.players[p]
        pp, ep = pl.get("pp", 0), pl.get("ep", 0)
        can_ep = (name == "evolve_pp" or ep_allowed(g, d)) and ep >= 1 and pp >= n - 1
        can_pp = pp >= n
        if not can_pp and not can_ep:
            return False
        use_ep = False
        if can_ep and can_pp:
            ans = g.answer(f)
            if ans is None:
                g.ask(p, "pay", f"pay {n} play point(s), or 1 evolution point and {n - 1} play point(s)?",
                      [(f"pay {n} play points", "pp"), ("use an evolution point", "ep")])
                return None
            use_ep = ans == "ep"
        elif can_ep:
            use_ep = True
        if use_ep:
            rules.set_player_value(g, p, "ep", ep - 1)
            rules.set_player_value(g, p, "pp", pp - (n - 1))
            g.note(f"p{p + 1} pays 1 evolution point and {n - 1} play point(s)")
        else:
            rules.set_player_value(g, p, "pp", pp - n)
            g.note(f"p{p + 1} pays {n} play point(s)")
        return True
    if name == "ep":
        n = value(_ctx(g, d), arg)
        ep = g.players[p].get("ep", 0)
        if n <= 0:
            return True
        if ep < n:
            return False
        rules.set_player_value(g, p, "ep", ep - n)
        return True
    if name == "evolve_card":  # 12.2.2: reveal a corresponding card from the evolve deck
        src = d["src"]
        if src not in g.objects:
            return False
        cands = corresponding_cards(g, p, src, only=(arg or {}).get("names") if isinstance(arg, dict) else None)
        if not cands:
            return False
        ans = g.answer(f)
        if ans is None:
            if len({(g.objects[x].card.key, s) for x, s in cands}) > 1:
                seen = set()
                opts = []
                for x, s in cands:
                    k = (g.objects[x].card.key, s)
                    if k in seen:
                        continue
                    seen.add(k)
                    lab = g.objects[x].card.key + (" (back)" if s == "back" else "")
                    opts.append((f"choose {lab}", [x, s]))
                g.ask(p, "evolve_card", "reveal which evolved card?", opts)
                return None
            ans = list(cands[0])
        oid, side = ans
        rules.reveal(g, oid)
        env["_paid_evolve_card"] = [oid]  # reaches the ability's effect (12.2.2, 5.15.1.1)
        env["_paid_evolve_side"] = side
        return True
    if name == "serve":  # 14.2.1.1-14.2.1.2.1
        src = d["src"]
        n = max(1, value(_ctx(g, d), arg)) if arg is not None else 1
        if src not in g.objects or links.linked(g, src, "race"):
            return False
        cs = carrots(g, p)
        if len(cs) < n:
            return False
        from .moves import move_now

        for x in cs[-n:]:
            new = move_now(g, x, "race_zone", p, cause="serve", face_up=True)
            if new is not None:
                links.link(g, src, new, "race")
        g.note(f"p{p + 1} serves {rules.obj_name(g, src, None)} {n} time(s)")
        return True
    if name == "drive_point":  # 14.4.9.2
        src = d["src"]
        dps = drive_points(g, p)
        if src not in g.objects or not dps:
            return False
        from .moves import move_now

        new = move_now(g, dps[-1], "drive_zone", p, cause="ride", face_up=True)
        if new is not None:
            links.link(g, src, new, "drive")
        return True
    if name == "earth_rite":  # 13.3.3.2: an optional additional cost
        loc = d["loc"]
        if loc.get("moving"):  # the amulet's last counter went: it was put into the cemetery
            d.pop("ret", None)
            return True
        n = max(1, value(_ctx(g, d), arg)) if arg is not None else 1
        cands = stack_amulets(g, p, n)
        ans = g.answer(f)
        if ans is None:
            if not cands:
                return True
            opts = [("pass", "no")] + [(f"earth rite {rules.obj_ref(g, x)}", x) for x in cands]
            g.ask(p, "earth_rite", f"Earth Rite ({n}): remove {n} Stack counter(s) from an amulet?", opts)
            return None
        if ans == "no":
            return True
        g.add_counters(ans, "stack", -n, cause="earth_rite")
        env["_paid_earth_rite"] = [ans]
        if g.objects[ans].counter("stack") == 0:
            loc["moving"] = True
            if push_cost_moves(g, p, [ans], "cemetery", "earth_rite"):
                return None
        return True
    if name == "lesson":  # 14.3.2.1: banish X Magical Items from your EX area
        loc = d["loc"]
        if not loc.get("moving"):
            n = value(_ctx(g, d), arg)
            items = magical_items(g, p)
            if len(items) < n:
                return False
            loc["moving"] = True
            if push_cost_moves(g, p, items[:n], "banished", "lesson"):
                return None
        d.pop("ret", None)
        env["_paid_lesson"] = True
        return True
    if name == "remove_stack":
        n = value(_ctx(g, d), arg)
        src = d["src"]
        if src not in g.objects or g.objects[src].counter("stack") < n:
            return False
        g.add_counters(src, "stack", -n, cause="cost")
        return True
    if name == "engage" and isinstance(arg, dict) and ("n" in arg or "filter" in arg):
        return _engage_others(g, f, arg)
    if name == "turn_face":
        return _turn_face_cost(g, f, arg)
    if name == "return":
        return _return_cost(g, f, arg)
    if name == "may_pay":
        return _may_pay(g, f, arg)
    if name == "either":
        return _either(g, f, arg)
    if name in MOVING_COSTS:  # costs that move other cards (10.4)
        return pay_moving(g, f, name, arg)
    if name in COUNTER_COSTS:  # counters removed from another card (10.4, 15.1.4)
        return pay_counters(g, f, name, arg)
    if name == "process_less":  # 10.4.7.3: the card's cost, or the process and a lower cost
        return _either(g, f, arg, ("play without the process", "execute the process (it costs less)"),
                       "_paid_process")
    return pay_generic(g, f, name, arg)


def _either(g: Game, f: Frame, arg: dict, labels: tuple[str, str] = ("pay the cost", "pay the alternate cost"),
            flag: str = "_paid_alt_cost") -> bool | None:
    """10.6.2.5.1.2: the card's cost, or its alternate cost if the player chooses to pay that (or,
    with other labels, any choice between two costs: the process of 10.4.7.3)."""
    d = f.data
    loc = d.setdefault("loc", {})
    if "sub" not in loc:
        ep = ep_allowed(g, d)
        ok = {k: can_pay(g, d["p"], d["src"], list(arg[k]), d["env"], ep) for k in ("normal", "alt")}
        if not any(ok.values()):
            return False
        ans = g.answer(f)
        if ans is None:
            if all(ok.values()):
                prompt = "pay the card's cost or its alternate cost? (10.6.2.5.1.2)" if flag == "_paid_alt_cost" \
                    else f"{labels[0]} or {labels[1]}? (10.4.7.3)"
                g.ask(d["p"], "alternate_cost", prompt,
                      [(labels[0], "normal"), (labels[1], "alt")])
                return None
            ans = "normal" if ok["normal"] else "alt"
        loc["sub"] = ans
        if ans == "alt":
            d["env"][flag] = True
        g.push("pay", p=d["p"], src=d["src"], items=list(arg[ans]), i=0, env=dcopy(d["env"]))
        return None
    return bool(d.pop("ret", False))


def norm_items(raw: Any) -> list:
    """Cost items written inside a cost item (``may_pay``) as ``(name, arg)`` pairs."""
    out = []
    for c in (raw if isinstance(raw, (list, tuple)) else [raw]):
        if isinstance(c, str):
            out.append((c, None))
        elif isinstance(c, dict) and len(c) == 1:
            out.append(next(iter(c.items())))
        elif isinstance(c, (list, tuple)) and len(c) == 2 and isinstance(c[0], str):
            out.append((c[0], c[1]))
        else:
            raise ValueError(f"a cost item is a word or a one-key mapping, got {c!r}")
    return out


def _may_pay(g: Game, f: Frame, arg: dict) -> bool | None:
    """10.4.7.3, 10.6.2.2.1: an optional additional cost ("when playing this card, you may [cost]:
    [effect]"): ``{may_pay: {as: NAME, cost: [...]}}`` binds ``_paid_NAME`` when paid (test with
    ``if: {paid: NAME}``); not paying is not a failure.  With ``mode: I`` it is the cost of an
    option of a "choose" ability (10.4.7.2, 10.4.7.5), offered only when that option (the I-th
    mode, from 0) was chosen (5.17.4: the others are treated as if they didn't exist)."""
    d = f.data
    loc = d.setdefault("loc", {})
    name = arg.get("as", "optional")
    items = norm_items(arg.get("cost", ()))
    if "mode" in arg and arg["mode"] not in d["env"].get("_modes", ()):
        return True
    if "sub" not in loc:
        if not can_pay(g, d["p"], d["src"], items, d["env"], ep_allowed(g, d)):
            return True
        ans = g.answer(f)
        if ans is None:
            g.ask(d["p"], "may", f"pay the optional cost ({name})?", [("pay", "yes"), ("pass", "no")])
            return None
        if ans == "no":
            return True
        loc["sub"] = True
        g.push("pay", p=d["p"], src=d["src"], items=items, i=0, env=dcopy(d["env"]))
        return None
    if d.pop("ret", False):
        d["env"][f"_paid_{name}"] = True
    return True


def _return_candidates(g: Game, src: int | None, arg: Any, ctx: Ctx) -> list[int]:
    if arg == "self":
        return [src] if src is not None and src in g.objects and g.objects[src].zone == "field" else []
    spec = arg if isinstance(arg, dict) else {}
    flt = dict(spec.get("filter") or {})
    flt.setdefault("zone", "field")
    flt.setdefault("controller", "you")
    return [x for x in select(ctx, flt) if x != src]


def _return_cost(g: Game, f: Frame, arg: Any) -> bool | None:
    """"Return [a card] on your field to its owner's hand" as a cost."""
    d = f.data
    loc = d.setdefault("loc", {})
    ctx = _ctx(g, d)
    if "cands" not in loc:
        loc["cands"] = _return_candidates(g, d["src"], arg, ctx)
        loc["n"] = 1 if arg == "self" else value(ctx, (arg or {}).get("n", 1) if isinstance(arg, dict) else 1)
        loc["got"] = list(loc["cands"]) if arg == "self" else []
    picked = pick_for_cost(g, f, d["p"], "return", "return a card to its owner's hand")
    if not picked:
        return picked
    if not loc.get("moving"):
        loc["moving"] = True
        if push_cost_moves(g, d["p"], [x for x in loc["got"] if x in g.objects], "hand", "return"):
            return None
    d.pop("ret", None)
    d["env"]["_paid_return"] = list(loc["got"])
    return True


def _engage_others(g: Game, f: Frame, arg: dict) -> bool | None:
    """10.4.6: "[engage] N [cards]": engage that many reserved cards of yours."""
    d = f.data
    loc = d.setdefault("loc", {})
    ctx = _ctx(g, d)
    if "cands" not in loc:
        flt = dict(arg.get("filter") or {})
        flt.setdefault("controller", "you")
        flt.setdefault("orientation", "reserved")
        loc["cands"] = [x for x in select(ctx, flt) if x != d["src"] or arg.get("self_ok")]
        loc["n"] = value(ctx, arg.get("n", 1))
        loc["got"] = []
    picked = pick_for_cost(g, f, d["p"], "engage")
    if not picked:
        return picked
    for x in loc["got"]:
        g.set_orient(x, "engaged", cause="cost")
    d["env"]["_paid_engage"] = list(loc["got"])
    return True


def _turn_face_candidates(g: Game, ctx: Ctx, arg: dict) -> list[int]:
    """4.6.3: the cards of your evolve deck the filter names, not yet turned to that face."""
    flt = dict(arg.get("filter") or {})
    flt.update(zone="evolve_deck", player="you")
    up = arg["face"] == "up"
    return [x for x in select(ctx, flt) if g.objects[x].face_up != up]


def _turn_face_cost(g: Game, f: Frame, arg: dict) -> bool | None:
    """10.4, 4.6.3: "turn 3 facedown evolved followers in your evolve deck faceup": the player
    picks that many and turns them."""
    d = f.data
    loc = d.setdefault("loc", {})
    ctx = _ctx(g, d)
    if "cands" not in loc:
        loc["cands"] = _turn_face_candidates(g, ctx, arg)
        loc["n"] = value(ctx, arg.get("n", 1))
        loc["got"] = []
    picked = pick_for_cost(g, f, d["p"], "turn", f"turn {arg['face']}")
    if not picked:
        return picked
    for x in loc["got"]:
        turn_evolve_deck_card(g, x, arg["face"] == "up")
    d["env"]["_paid_turn_face"] = list(loc["got"])
    return True


#: player values a cost may reduce, with their lower limits (10.4.5.1: and never below zero)
VALUE_FLOORS = {"leader_def": 0, "pp": 0, "max_pp": 0, "ep": 0}


def _value_cost_ok(g: Game, p: int, ctx: Ctx, block: Any) -> bool:
    """10.4.5, 10.4.5.1: a cost that reduces a value ("give your leader -3 defense", "reduce your
    maximum play points by 1") needs at least that much of it, and cannot take it past its limits;
    a cost that increases a value cannot take it above its upper limit."""
    for ins in block if isinstance(block, (list, tuple)) else (block,):
        if not isinstance(ins, (tuple, list, dict)):
            continue
        name, a = (ins[0], ins[1]) if isinstance(ins, (tuple, list)) else next(iter(ins.items()))
        if name == "leader_def":
            key, n = "leader_def", value(ctx, a.get("n", 1) if isinstance(a, dict) else a)
        elif name == "add_player" and isinstance(a, dict):
            key, n = a.get("key"), value(ctx, a.get("n", 0))
        else:
            continue
        if key not in VALUE_FLOORS:
            continue
        who = players(ctx, a.get("player", "you")) if isinstance(a, dict) else [p]
        for q in who:
            have = g.players[q].get(key, 20 if key == "leader_def" else 0)
            if n < 0 and have + n < VALUE_FLOORS[key]:
                return False
            if n > 0 and key == "max_pp" and have + n > 10:
                return False  # 3.2.4.1
            if n > 0 and key == "pp" and have + n > g.players[q].get("max_pp", 0):
                return False  # 3.2.4.2
    return True


def can_pay(g: Game, p: int, src: int | None, items: list, env: dict, ep_ok: bool) -> bool:
    """Could the whole cost be paid now (10.4.2.2: never part of it)?"""
    rules = g.rules
    if len(items) == 1 and items[0][0] == "pp" and type(items[0][1]) is int:
        # the most common cost, a card's play points alone: the same answer as the loop below
        need = max(0, items[0][1])
        if need <= 0:
            return True
        pl = g.players[p]
        pp = pl.get("pp", 0)
        if pp >= need:
            return True
        return ep_ok and pl.get("ep", 0) >= 1 and pp >= need - 1 and rules is not None
    ctx = Ctx(g, p, src, env)
    need = 0
    ep_used = False
    for name, arg in items:
        if name == "card_pp":
            name, arg = "pp", min(arg)
        if name in PP_ITEMS:
            n = pp_need(g, {"p": p, "src": src, "env": env}, name, arg)
            need += n
            if name == "evolve_pp":
                ep_ok = True
        elif name == "gate":
            continue
        elif name == "ep":
            ep_used = True
            if g.players[p].get("ep", 0) < value(ctx, arg):
                return False
        elif name == "evolve_card":
            only = arg.get("names") if isinstance(arg, dict) else None
            if src is None or src not in g.objects or not corresponding_cards(g, p, src, only=only):
                return False
        elif name == "serve":
            n = max(1, value(ctx, arg)) if arg is not None else 1
            if src is None or src not in g.objects or links.linked(g, src, "race") or len(carrots(g, p)) < n:
                return False
        elif name == "drive_point":
            if not drive_points(g, p):
                return False
        elif name in ("earth_rite", "may_pay"):
            continue  # optional
        elif name in ("either", "process_less"):
            if not any(can_pay(g, p, src, list(arg[k]), env, ep_ok) for k in ("normal", "alt")):
                return False
        elif name == "lesson":
            if len(magical_items(g, p)) < value(ctx, arg):
                return False
        elif name == "remove_stack":
            if src is None or src not in g.objects or g.objects[src].counter("stack") < value(ctx, arg):
                return False
        elif name == "engage" and isinstance(arg, dict) and ("n" in arg or "filter" in arg):
            flt = dict(arg.get("filter") or {})
            flt.setdefault("controller", "you")
            flt.setdefault("orientation", "reserved")
            if len([x for x in select(ctx, flt) if x != src]) < value(ctx, arg.get("n", 1)):
                return False
        elif name == "turn_face":
            if len(_turn_face_candidates(g, ctx, arg)) < value(ctx, arg.get("n", 1)):
                return False
        elif name == "return":
            n = 1 if arg == "self" else value(ctx, arg.get("n", 1) if isinstance(arg, dict) else 1)
            if len(_return_candidates(g, src, arg, ctx)) < n:
                return False
        elif name == "bury" and (arg == "self" or (isinstance(arg, dict) and arg.get("filter") == "self")):
            # 5.33.1.1, 10.3.4: from the field, or from the EX area where the ability works there
            if src is None or src not in g.objects or g.objects[src].zone not in ("field", "ex_area"):
                return False
        elif name == "do":
            if not _value_cost_ok(g, p, ctx, arg):
                return False
        elif name in MOVING_COSTS:
            if not can_pay_moving(g, p, src, name, arg, ctx):
                return False
        elif name in COUNTER_COSTS:
            if not can_pay_counters(g, p, name, arg, ctx):
                return False
        elif not can_pay_generic(g, p, src, name, arg, ctx):
            return False
    if need <= 0:
        return True
    pl = g.players[p]
    pp, ep = pl.get("pp", 0), pl.get("ep", 0)
    if pp >= need:
        return True
    return ep_ok and not ep_used and ep >= 1 and pp >= need - 1 and rules is not None


__all__ = ["pay_item", "can_pay", "corresponding_cards", "push_cost_moves"]
