"""NOVA's instructions, selector keys and conditions of the effect language (900s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.context import Ctx, player1, players, resolve, value
from ...cards.interpreter import Run, add_effect, move_op
from . import energy as en
from .vocabulary import COLORS, PHASES

if TYPE_CHECKING:
    from ...cards.card_rules import CardRules
    from ...kernel.game import Game


def install(rules: CardRules) -> None:
    rules.ops.update({
        "produce": op_produce, "freeze": _state_op("frozen"), "standby": _state_op("standby"),
        "damage": op_damage, "gain_life": op_gain_life, "lose_life": op_lose_life,
        "to_graveyard": move_op("to_graveyard", ()), "to_energy": move_op("to_energy", ("state",)),
        "retire": move_op("retire", ()), "battle": op_battle, "double": op_double, "shield": op_shield,
        "negate_destroy": op_negate_destroy, "skip_phase": op_skip_phase, "add_phase": op_add_phase,
        "limit_level": op_limit_level, "move_counters": op_move_counters, "become": op_become,
        "become_equip": op_become_equip,
        "remove_damage": op_remove_damage, "choose_now": op_choose_now,
    })
    rules.filter_hooks.update({
        "affiliation": lambda ctx, oid, o, c, v: any(
            x in c.get("affiliations", ()) for x in ((v,) if isinstance(v, str) else v)),
        "state": lambda ctx, oid, o, c, v: o.orient in ((v,) if isinstance(v, str) else v),
        "color": lambda ctx, oid, o, c, v: any(
            (x == "colorless" and not c.get("colors")) or x in c.get("colors", ())
            for x in ((v,) if isinstance(v, str) else v)),
        "damaged": lambda ctx, oid, o, c, v: bool(o.get("damage")) == bool(v),
        "destroyed": lambda ctx, oid, o, c, v: bool(o.get("destroyed")) == bool(v),
        "equipped": lambda ctx, oid, o, c, v: (o.get("equipped_to") is not None) == bool(v),
        "equipped_by": lambda ctx, oid, o, c, v: any(
            ctx.g.objects[x].get("equipped_to") == oid for x in resolve(ctx, v) if x in ctx.g.objects),
        "attacking": lambda ctx, oid, o, c, v: ((ctx.g.gvars.get("battle") or {}).get("att") == oid) == bool(v),
        "blocking": lambda ctx, oid, o, c, v: ((ctx.g.gvars.get("battle") or {}).get("blocker") == oid) == bool(v),
        "restricted": lambda ctx, oid, o, c, v: ctx.g.rules.restricted(ctx.g, oid) == bool(v),
        "battling": lambda ctx, oid, o, c, v: battling(ctx.g, oid) == bool(v),
    })
    rules.cond_hooks.update({"life": cond_life, "limit_level": cond_limit, "energy_count": cond_energy_count,
                             "paid_optional": cond_paid_optional})


def cond_paid_optional(ctx: Ctx, a: Any) -> bool:
    """902.8.2: whether the optional additional cost was paid as the card was played."""
    return bool(ctx.env.get("_paid_optional")) == bool(a)


def op_choose_now(rt: Run, a: dict) -> bool:
    """804.4: the cards a resolving card or ability "chooses" are chosen now, one at a time, as
    many as the number given while any can be chosen (804.4.1, 804.4.1.1), any number up to it
    for "まで" (804.4.1.2), none when none can be (804.4.1.3: the instructions about them then do
    nothing).  Its own card or ability in the waiting area is never among them.  A value divided
    among them (804.2.2.2, 916.3.2) is then divided, ``_alloc_NAME``, at least 1 each."""
    from ...cards.play import divide, legal_targets

    g = rt.g
    loc = rt.loc
    specs = a["specs"]
    if loc.get("stage") == "divide":
        return divide(g, rt.f, list(specs), rt.ctx)
    i = loc.get("i", 0)
    ans = rt.answer()
    while i < len(specs):
        t = specs[i]
        name = t["as"]
        got = rt.env.setdefault(name, [])
        need = value(rt.ctx, t.get("n", 1))
        dv = t.get("divide")
        if dv is not None:
            need = min(need, value(rt.ctx, dv.get("n") if isinstance(dv, dict) else dv))
        if ans is not None:
            if ans == "done":
                loc["done"] = i
            else:
                got.append(ans)
            ans = None
        if loc.get("done") == i:
            need = len(got)
        cands = [x for x in legal_targets(g, rt.ctx, t, a.get("self")) if x not in got]
        if len(got) >= need or not cands:
            i += 1
            loc["i"] = i
            continue
        opts = [(f"choose {g.rules.obj_ref(g, c)}", c) for c in cands]
        if t.get("up_to"):
            opts.append(("done", "done"))
        chooser = player1(rt.ctx, t["chooser"]) if t.get("chooser") else rt.p
        return rt.ask(chooser, "target", f"choose {len(got) + 1} of {need} ({name})", opts)
    if any(t.get("divide") is not None for t in specs):
        loc["stage"] = "divide"
        return divide(g, rt.f, list(specs), rt.ctx)
    return True


def _range(n: int, spec: Any, ctx: Ctx) -> bool:
    if isinstance(spec, dict):
        if "min" in spec and n < value(ctx, spec["min"]):
            return False
        if "max" in spec and n > value(ctx, spec["max"]):
            return False
        return True
    return n == value(ctx, spec)


def cond_life(ctx: Ctx, a: Any) -> bool:
    """``life: {max: 1500}`` (your life), or ``{player: enemy, min: ...}``."""
    p = player1(ctx, a.get("player", "you")) if isinstance(a, dict) else ctx.p
    return _range(ctx.g.rules.life(ctx.g, p), a, ctx)


def cond_limit(ctx: Ctx, a: Any) -> bool:
    p = player1(ctx, a.get("player", "you")) if isinstance(a, dict) else ctx.p
    return _range(ctx.g.rules.limit_level(ctx.g, p), a, ctx)


def cond_energy_count(ctx: Ctx, a: Any) -> bool:
    """Cards in your energy zone (of a color, with ``color``)."""
    g = ctx.g
    p = player1(ctx, a.get("player", "you")) if isinstance(a, dict) else ctx.p
    col = a.get("color") if isinstance(a, dict) else None
    n = sum(1 for x in g.zone(p, "energy") if col is None or col in g.objects[x].card.chars.get("colors", ()))
    return _range(n, a, ctx)


def op_produce(rt: Run, a: dict) -> bool:
    """005.6.3, 801.6: add energy to the player's stock; 'self' is the source's color, and a
    source with no color adds nothing (801.6.5.2)."""
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    n = value(rt.ctx, a.get("n", 1))
    col = a.get("color", "self")
    if col == "self":
        src = rt.d.get("src")
        c = g.chars(src) if src in g.objects else (g.lki[src][1] if src in g.lki else {})
        cs = sorted(c.get("colors", ()))
        if not cs:
            g.note("no energy: the color cannot be defined (801.6.5.2)")
            return True
        col = cs[0]
    if col not in COLORS:
        raise ValueError(f"produce: unknown color {col!r}")
    en.add_energy(g, p, [col] * n)
    g.note(f"p{p + 1} adds {n} {col} energy")
    return True


def _state_op(state: str):
    def handler(rt: Run, a: dict) -> bool:
        g = rt.g
        for oid in resolve(rt.ctx, a["what"]):
            o = g.objects.get(oid)
            if o is not None and o.zone in ("field", "energy"):
                g.set_orient(oid, state, cause="effect")  # 904.1, 904.2
        return True
    return handler


def op_damage(rt: Run, a: dict) -> bool:
    """916: damage to servants accumulates; damage to a player comes off their life; one amount,
    dealt at once (916.3)."""
    g = rt.g
    rules = g.rules
    src = rt.d.get("src")
    if "divided" in a:  # 804.2.2.2, 916.3.2: as divided, dealt all at once
        name = a["divided"]
        g.begin_batch()
        for oid, k in zip(rt.env.get(name) or [], rt.env.get(f"_alloc_{name}") or []):
            rules.deal_damage(g, oid, k, src, False, rt.p)
        g.end_batch()
        return True
    n = value(rt.ctx, a["n"])
    g.begin_batch()
    if "what" in a:
        for oid in resolve(rt.ctx, a["what"]):
            rules.deal_damage(g, oid, n, src, False, rt.p)
    if "player" in a:
        for p in players(rt.ctx, a["player"]):
            rules.damage_player(g, p, n, src, False, rt.p)
    g.end_batch()
    return True


def op_gain_life(rt: Run, a: dict) -> bool:
    g = rt.g
    for p in players(rt.ctx, a.get("player", "you")):  # 918.7
        g.rules.set_life(g, p, g.rules.life(g, p) + value(rt.ctx, a["n"]), rt.p)
        g.note(f"p{p + 1} gains {value(rt.ctx, a['n'])} life")
    return True


def op_lose_life(rt: Run, a: dict) -> bool:
    g = rt.g
    for p in players(rt.ctx, a.get("player", "you")):  # 918.8
        g.rules.set_life(g, p, g.rules.life(g, p) - value(rt.ctx, a["n"]), rt.p)
        g.note(f"p{p + 1} loses {value(rt.ctx, a['n'])} life")
    return True


def battling(g: Game, oid: int) -> bool:
    """"バトル中のサーバント": the attacking servant, its attack target and the blocker of the
    attack phase's battle (405.4-405.5), and the servants an effect makes battle until that
    effect has resolved (405.5.4.2)."""
    b = g.gvars.get("battle")
    if b is not None and oid in (b["att"], b["target"], b["blocker"]):
        return True
    return oid in g.gvars.get("effect_battle", ())


def op_battle(rt: Run, a: dict) -> bool:
    """922: the two servants deal damage equal to their ATK to each other (battle damage); no
    block can be declared (922.2); nothing happens if either is gone (922.3)."""
    g = rt.g
    rules = g.rules
    xs = resolve(rt.ctx, a["a"])
    ys = resolve(rt.ctx, a["b"])
    if not xs or not ys:
        return True
    x, y = xs[0], ys[0]
    for s in (x, y):
        o = g.objects.get(s)
        if o is None or o.zone != "field" or "servant" not in g.chars(s)["types"]:
            return True
    g.gvars["effect_battle"] = [x, y]  # 405.5.4.2: in battle until the effect has resolved
    g.touch()  # what reads "battling" may change
    ax, ay = max(0, g.chars(x).get("atk") or 0), max(0, g.chars(y).get("atk") or 0)
    g.begin_batch()
    rules.deal_damage(g, y, ax, x, True, rt.p)
    rules.deal_damage(g, x, ay, y, True, rt.p)
    g.end_batch()
    return True


def op_double(rt: Run, a: dict) -> bool:
    """923: doubling adds the value it has as the effect resolves (923.1.1)."""
    g = rt.g
    stat = a.get("stat", "atk")
    key = "def" if stat in ("hp", "def") else "atk"
    for oid in resolve(rt.ctx, a["what"]):
        n = max(0, g.chars(oid).get(key) or 0)
        rt.env["_doubled"] = [oid]
        add_effect(rt, "modify", {key: n}, "_doubled", a.get("until"))
        g.note(f"{g.objects[oid].card.key}'s {'HP' if key == 'def' else 'ATK'} is doubled")
    return True


def op_shield(rt: Run, a: dict) -> bool:
    n = a.get("n", "all")
    args = {"n": n if n == "all" else value(rt.ctx, n)}
    if "from" in a:
        args["from"] = a["from"]  # 917.1.3: only damage from that player's sources (806.2)
    add_effect(rt, "shield", args, a["what"], a.get("until"))
    return True


def op_negate_destroy(rt: Run, a: dict) -> bool:
    """907.3: a destroyed card stays, its damage and minus modifications gone."""
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects.get(oid)
        if o is not None and o.get("destroyed"):
            g.set_data(oid, "destroyed", None)
            g.set_data(oid, "damage", None)
            g.effects = [e for e in g.effects if not (
                e.op == "modify" and e.affects[0] == "objs" and oid in e.affects[1]
                and any(isinstance(v, int) and v < 0 for v in e.args.values()))]
            g.touch()
            g.note(f"{o.card.key}'s destruction is negated (907.3)")
    return True


def op_skip_phase(rt: Run, a: dict) -> bool:
    """925, 401.3: the player's next phase of that name does not happen."""
    g = rt.g
    ph = a["phase"]
    if ph not in PHASES:
        raise ValueError(f"skip_phase: unknown phase {ph!r}; phases: {', '.join(PHASES)}")
    for p in players(rt.ctx, a.get("player", "you")):
        g.gvars.setdefault("skip", {}).setdefault(str(p), []).append(ph)
        g.note(f"p{p + 1} will skip their next {ph} phase")
    return True


def op_add_phase(rt: Run, a: dict) -> bool:
    """401.2: a phase added right after the current one; several added after the same phase are
    done last-added first (401.2.1)."""
    g = rt.g
    ph = a["phase"]
    if ph not in PHASES:
        raise ValueError(f"add_phase: unknown phase {ph!r}; phases: {', '.join(PHASES)}")
    for f in reversed(g.frames):
        if f.kind == "turn":
            f.data["queue"].insert(0, ph)
            g.note(f"a {ph} phase is added after this phase")
            break
    return True


def op_limit_level(rt: Run, a: dict) -> bool:
    """005.5.3: the limit level is raised (until the end of the turn, with ``until``)."""
    from ...kernel.effects import CEffect

    g = rt.g
    n = value(rt.ctx, a["n"])
    ps = frozenset(players(rt.ctx, a.get("player", "you")))
    g.add_effect(CEffect(g.tick(), g.tick(), g.rules.layer_of("player"), "player", {"limit_level": n},
                         ("players", ps), rt.p, rt.d.get("src"), a.get("until") or "permanent"))
    return True


def op_move_counters(rt: Run, a: dict) -> bool:
    """919.4: remove N counters of a name from one card and put as many on another."""
    g = rt.g
    srcs = resolve(rt.ctx, a["from"])
    dsts = resolve(rt.ctx, a["to"])
    if not srcs or not dsts:
        return True
    n = min(value(rt.ctx, a.get("n", 1)), g.objects[srcs[0]].counter(a["name"]))
    if n > 0:
        g.add_counters(srcs[0], a["name"], -n, cause="effect")
        g.add_counters(dsts[0], a["name"], n, cause="effect")
    return True


def op_become(rt: Run, a: dict) -> bool:
    """918.1: "becomes": the old information is lost, the new one had."""
    args = {k: tuple((a[k],) if isinstance(a[k], str) else a[k]) for k in ("races", "affiliations") if k in a}
    add_effect(rt, "become", args, a["what"], a.get("until"))
    return True


def op_become_equip(rt: Run, a: dict) -> bool:
    """The cards become magic items with 【装備】 equipped to the card ``to`` (205.2, 1005) for the
    effect's duration; when they stop being ones, 506.2 decides where they go."""
    g = rt.g
    to = resolve(rt.ctx, a["to"])
    if not to or g.objects[to[0]].zone != "field":
        return True
    what = [x for x in resolve(rt.ctx, a["what"]) if x != to[0] and g.objects[x].zone == "field"]
    if not what:
        return True
    add_effect(rt, "become", {"types": ("magic_item",), "equip": "servant"}, a["what"], a.get("until"))
    for x in what:
        g.set_data(x, "equipped_to", to[0])
    return True


def op_remove_damage(rt: Run, a: dict) -> bool:
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        if oid in g.objects and g.objects[oid].get("damage"):
            g.set_data(oid, "damage", None)
    return True
