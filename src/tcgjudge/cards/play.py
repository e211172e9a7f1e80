"""Playing cards and abilities: choices, targets, costs, rewinding.

The ``play`` procedure follows the shared shape of Caster CR 903.2, SVE
10.6.2 and NOVA 804.2: put the card (or a pseudo-card for an ability) into
the waiting area, choose modes, X and targets, determine and pay the cost.
If any of it turns out to be impossible, the game is rewound to the point
before the play began (CR 903.2e, 1105.3; SVE 10.6.2.3.3, 10.6.2.5.4; NOVA
804.2.4): the procedure keeps a snapshot taken before the first change.

Costs are paid in the order written (CR 903.2h-1, SVE 10.4.2.1) by the
``pay`` procedure; the game's own resource (aether, play points, energy) is
paid by a procedure the game package supplies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..kernel.frames import dcopy
from ..kernel.objects import Ability, CardDef
from .context import Ctx, candidates, matches, other_names, player1, resolve, select, value
from .play_spec import spec_of, target_specs

if TYPE_CHECKING:
    from ..kernel.frames import Frame
    from ..kernel.game import Game
    from .card_rules import CardRules


def pseudo_card(ab: Ability, src_card: CardDef | None) -> CardDef:
    """The pseudo-card that stands for an ability in a waiting area (CR 903.2b)."""
    if ab.pseudo is None:
        name = src_card.key if src_card is not None else "ability"
        ab.pseudo = CardDef(f"{name}: ability", {"name": f"{name} (ability)", "types": ("ability",),
                                                 "cost": 0, "abilities": (), "keywords": ()},
                            text=ab.text, token=True)
    return ab.pseudo


def begin_play(g: Game, caller: Frame, reask: Any, resume: Any, p: int, kind: str, src: int,
               ability: Ability | None = None, *, free: bool = False, bind: dict | None = None,
               immediate: bool = False, rewind: bool = True, **extra: Any) -> None:
    """Start playing a card (``kind='card'``) or an ability (``'ability'`` / ``'trigger'``).

    The snapshot for rewinding is taken with the caller set to ``reask`` (the
    step that asks the player again), so an illegal play returns the game to
    that question; after a legal play the caller continues at ``resume``.
    """
    snap = None
    if rewind:
        caller.step = reask
        snap = g.clone()
    caller.step = resume
    g.push("play", p=p, kind=kind, src=src, ab=ability, free=free, env=dict(bind or {}), snap=snap,
           immediate=immediate, **extra)


def start_free_play(g: Game, f: Frame, prompt: str, yes: str, no: str) -> None:
    """An effect plays the card ``f.data["oid"]`` for player ``f.data["p"]`` without paying its
    cost (CR 903.2g-2, SVE 10.6.2): if the card is still there and, when the play is
    ``optional``, the player answers ``yes`` to ``prompt``.  The frame goes on at step 1 after
    the play, or at step 2 when an illegal play is rewound (the card stays where it was)."""
    d = f.data
    if d["oid"] not in g.objects:
        g.pop()
        return
    if d.get("optional"):
        ans = g.answer(f)
        if ans is None:
            g.ask(d["p"], "may", prompt, [(yes, "yes"), (no, "no")])
            return
        if ans == "no":
            g.pop()
            return
    begin_play(g, f, 2, 1, d["p"], "card", d["oid"], free=True)


def required_targets_exist(g: Game, ctx: Ctx, targets: Any, self_obj: int | None) -> bool:
    """Has every target that is not "up to" enough legal candidates (CR 903.2e, SVE 10.6.2.3.3)?"""
    for t in targets:
        if t.get("up_to"):
            continue
        need = value(ctx, t.get("n", 1))
        if need > 0 and not _at_least(g, ctx, t, self_obj, need):
            return False
    return True


def _at_least(g: Game, ctx: Ctx, t: dict, self_obj: int | None, need: int) -> bool:
    """Are there ``need`` legal targets?  (:func:`legal_targets`, stopping once there are.)"""
    rules: CardRules = g.rules  # type: ignore[assignment]
    sel = t["filter"]
    n = 0
    for x in candidates(ctx, sel):
        if x != self_obj and matches(ctx, x, sel) and rules.can_target(g, x, ctx):
            n += 1
            if n >= need:
                return True
    return False


def legal_targets(g: Game, ctx: Ctx, t: dict, self_obj: int | None) -> list[int]:
    rules: CardRules = g.rules  # type: ignore[assignment]
    cands = select(ctx, t["filter"])
    # CR 903.2e-1: a card or ability in the waiting area cannot target itself
    return [x for x in cands if x != self_obj and rules.can_target(g, x, ctx)]


def proc_play(g: Game, f: Frame) -> None:
    d = f.data
    rules: CardRules = g.rules  # type: ignore[assignment]
    p = d["p"]
    step = f.step
    if step == 0:
        if d["kind"] == "card":
            if not rules.play_pre(g, f):
                return
            d["card"] = g.objects[d["src"]].card.key
            d["obj"] = rules.to_waiting(g, d["src"], p)
        elif d.get("immediate"):
            d["obj"] = None
        else:
            src = d["src"]
            o = g.objects.get(src)
            card = o.card if o is not None else (g.lki[src][0].card if src in g.lki else None)
            d["obj"] = g.create(pseudo_card(d["ab"], card), p, rules.waiting_zone, controller=p)
            g.set_data(d["obj"], "ability", d["ab"])
            g.set_data(d["obj"], "source", src)
            g.set_data(d["obj"], "kind", d["kind"])
        f.step = 1
        return
    spec = spec_of(g, d)
    env = d["env"]
    ctx = Ctx(g, p, d["src"] if d["kind"] != "card" else d["obj"], env)
    if step == 1:  # choose N (CR 903.2c, SVE 5.17, 10.6.2.2.2)
        ch = spec.get("choose")
        if ch is None:
            f.step = 2
            return
        got = list(env.get("_modes", ()))
        ans = g.answer(f)
        n = min(value(ctx, ch["n"]), len(ch["modes"]))
        if ans is not None:
            if ans == "done":
                n = len(got)
            else:
                got.append(ans)
            env["_modes"] = tuple(sorted(got))
        if len(got) >= n or n <= 0:
            env["_modes"] = tuple(sorted(got))
            f.step = 2
            return
        opts = []
        for i, m in enumerate(ch["modes"]):
            if i in got:
                continue
            if "if" in m and not rules.mode_condition(ctx, m["if"]):
                continue
            # only options that can be performed may be chosen (SVE 5.17.3.1.2)
            if any(len(legal_targets(g, ctx, t, d.get("obj"))) < _need(ctx, t) for t in m.get("targets", ())):
                continue
            opts.append((f"choose {m['text']}", i))
        if not opts:
            if got:
                f.step = 2
                return
            _fail(g, f, "no option of 'choose' can be performed")
            return
        if got and ch.get("up_to"):
            opts.append(("done", "done"))
        g.ask(p, "choose_mode", f"choose {n} (chosen {len(got)})", opts)
        return
    if step == 2:  # X (CR 903.2d, SVE 10.6.2.2.3)
        if "X" in env or not rules.needs_x(g, d, spec):
            f.step = 3
            return
        ans = g.answer(f)
        if ans is not None:
            env["X"] = ans
            f.step = 3
            return
        lo, hi = rules.x_range(g, d, spec)
        if hi < lo:
            _fail(g, f, "no value of X can be paid")
            return
        if d.get("free") and lo == hi:
            env["X"] = lo  # played without paying its cost: X is fixed, not chosen (CR 903.2d-2)
            f.step = 3
            return
        g.ask(p, "number", "choose a value for X", [(f"choose {i}", i) for i in range(lo, hi + 1)])
        return
    if step == 3:  # targets (CR 903.2e, SVE 10.6.2.3)
        specs = target_specs(spec, env.get("_modes", ()))
        ti = d.get("ti", 0)
        ans = g.answer(f)
        while ti < len(specs):
            t = specs[ti]
            name = t["as"]
            got = env.setdefault(name, [])
            need = _need(ctx, t)
            dv = t.get("divide")
            if dv is not None and t.get("up_to"):
                # SVE 10.6.2.4.2: each target gets at least 1 of the divided value, so "up to N"
                # targets are at most that value (a larger selection would be sent back to be made again)
                need = min(need, value(ctx, dv.get("n") if isinstance(dv, dict) else dv))
            if ans is not None:
                if ans == "done":
                    need = len(got)
                else:
                    got.append(ans)
                ans = None
            cands = [x for x in legal_targets(g, ctx, t, d.get("obj")) if x not in got]
            if t.get("cost_total_max") is not None:  # SVE 2.5: "that cost a total of 6 or less"
                room = value(ctx, t["cost_total_max"]) - sum(int(g.chars(x).get("cost") or 0) for x in got)
                cands = [x for x in cands if int(g.chars(x).get("cost") or 0) <= room]
            if t.get("distinct") == "name":  # SVE 2.1: "with different names"
                cands = other_names(g, got, cands)
            if len(got) >= need or (not cands and len(got) >= (0 if t.get("up_to") else need)):
                ti += 1
                d["ti"] = ti
                continue
            if not cands:
                _fail(g, f, f"not enough legal targets for {name!r}")
                return
            opts = [(f"choose {rules.obj_ref(g, c)}", c) for c in cands]
            if t.get("up_to"):
                opts.append(("done", "done"))
            d["ti"] = ti
            chooser = player1(ctx, t["chooser"]) if t.get("chooser") else p
            g.ask(chooser, "target", f"choose target {len(got) + 1} of {need} ({name})", opts)
            return
        f.step = 7
        return
    if step == 7:  # divide and allocate a value among the targets (SVE 10.6.2.4)
        if divide(g, f, target_specs(spec, env.get("_modes", ())), ctx):
            f.step = 4
        return
    if step == 4:  # determine and pay the cost (CR 903.2g-h, SVE 10.6.2.5)
        items = rules.cost_items(g, d, spec)
        d["cost"] = items
        f.step = 5
        if not items:
            d["ret"] = True
            return
        g.push("pay", p=p, src=d["src"] if d["kind"] != "card" else d["obj"], items=list(items), i=0,
               play=True, env=dcopy(env))
        return
    if step == 5:
        ok = d.pop("ret", True)
        if not ok:
            _fail(g, f, "the cost could not be paid")
            return
        if not rules.play_post(g, f):
            return
        rules.on_played(g, d)
        if d.get("immediate"):
            f.step = 6
            rules.resolve_immediate(g, d, spec)
            return
        g.pop(d.get("obj"))
        return
    if step == 6:
        g.pop(None)
        return
    raise RuntimeError(f"play: bad step {step!r}")


def _need(ctx: Ctx, t: dict) -> int:
    return 0 if t.get("up_to") and False else value(ctx, t.get("n", 1))


def divide(g: Game, f: Frame, specs: list[dict], ctx: Ctx) -> bool:
    """SVE 10.6.2.4: a target specification with ``divide: N`` shares N among its selected
    targets, at least 1 each (10.6.2.4.2), asked one target at a time (``choose K``); the amounts
    are bound as ``_alloc_NAME`` in the order of the targets.  With no target there is nothing to
    divide (10.6.2.4.1).  False: a question was asked, or the play was found illegal."""
    env = f.data["env"]
    for t in specs:
        dv = t.get("divide")
        if dv is None:
            continue
        name = t["as"]
        key = f"_alloc_{name}"
        targets = env.get(name) or []
        alloc = env.setdefault(key, [])
        total = value(ctx, dv.get("n") if isinstance(dv, dict) else dv)
        if not targets or total <= 0 or len(alloc) >= len(targets):
            continue
        if total < len(targets):
            _fail(g, f, f"{total} cannot be divided among {len(targets)} targets, at least 1 each")
            return False
        ans = g.answer(f)
        if ans is not None:
            alloc.append(ans)
        left = total - sum(alloc)
        rest = len(targets) - len(alloc)
        if rest == 1:
            alloc.append(left)
            continue
        if rest > 1 and left == rest:
            alloc.extend([1] * rest)  # 1 each is the only allocation: not a choice
            continue
        if rest > 1:
            t_id = targets[len(alloc)]
            g.ask(f.data["p"], "divide", f"how much of {total} to {g.rules.obj_ref(g, t_id)}?",
                  [(f"choose {k}", k) for k in range(1, left - rest + 2)])
            return False
    return True


def fail_play(g: Game, f: Frame, why: str) -> None:
    """End an illegal play: rewind to before it began, or (an automatic ability, which has no
    snapshot) remove it."""
    _fail(g, f, why)


def _fail(g: Game, f: Frame, why: str) -> None:
    d = f.data
    snap = d.get("snap")
    what = d.get("card") or (d["ab"].text[:40] if d.get("ab") is not None else "play")
    if snap is not None:
        hist = g.history
        g.restore(snap)
        g.history = hist  # every answer given stays recorded, so a replay makes the same attempt
        line = f"p{d['p'] + 1}'s play of {what} was illegal ({why}) and was rewound"
        if d.get("card"):
            # the card is back where it was (a hand is hidden): only its player reads its name
            g.note((d["p"], line, f"p{d['p'] + 1}'s play of a card was illegal ({why}) and was rewound"))
        else:
            g.note(line)
        return
    # an automatic ability that cannot be played is removed (CR 906.4, SVE 10.7.3.2)
    obj = d.get("obj")
    if obj is not None and obj in g.objects:
        g.erase(obj)
    g.note(f"p{d['p'] + 1}'s {what} could not be played ({why})")
    g.pop(None)


def recheck_targets(g: Game, p: int, src: int | None, spec: dict, env: dict) -> bool:
    """At resolution, keep only targets that are still legal (CR 903.3a, NOVA 804.3.4).

    Returns True if every target is still legal (or there were none).
    """
    ctx = Ctx(g, p, src, env)
    all_ok = True
    for t in target_specs(spec, env.get("_modes", ())):
        name = t["as"]
        ids = env.get(name) or []
        keep = [x for x in ids if x in g.objects and matches(ctx, x, t["filter"])
                and g.rules.can_target(g, x, ctx)]
        if len(keep) != len(ids):
            all_ok = False
        env[name] = keep
    return all_ok


def program_of(spec: dict, modes: tuple) -> tuple:
    """The instructions to run: the ability's own, then each chosen mode in printed order
    (SVE 10.6.2.8.2.2)."""
    block = tuple(spec.get("do", ()))
    if modes:
        ms = spec["choose"]["modes"]
        for i in sorted(modes):
            block += tuple(ms[i]["do"])
    return block


# Costs ----------------------------------------------------------------------
def proc_pay(g: Game, f: Frame) -> None:
    """Pay cost items in order (CR 903.2h-1, SVE 10.4.2.1).  Returns True when all are paid."""
    d = f.data
    rules: CardRules = g.rules  # type: ignore[assignment]
    items = d["items"]
    while d["i"] < len(items):
        name, arg = items[d["i"]]
        r = rules.pay_item(g, f, name, arg)
        if r is None:
            return  # asked, or pushed a procedure
        if r is False:
            g.pop(False)
            return
        d["i"] += 1
        d.pop("loc", None)
        d.pop("ret", None)
    _share_paid(g, d)
    g.pop(True)


def _share_paid(g: Game, d: dict) -> None:
    """Frames never share mutable data (so any state can be cloned): what the cost paid reaches
    the procedure that asked for it when the payment ends."""
    if len(g.frames) >= 2:
        parent_env = g.frames[-2].data.get("env")
        if isinstance(parent_env, dict):
            for k, v in d.get("env", {}).items():
                if k.startswith("_paid_"):
                    parent_env[k] = dcopy(v)


def pay_generic(g: Game, f: Frame, name: str, arg: Any) -> bool | None:
    """The cost items every game shares.  None: waiting; True: paid; False: cannot."""
    d = f.data
    rules: CardRules = g.rules  # type: ignore[assignment]
    p = d["p"]
    ctx = Ctx(g, p, d["src"], d.get("env", {}))
    loc = d.setdefault("loc", {})
    if name in ("rest", "engage"):
        ids = resolve(ctx, arg or "self")
        if not ids or not all(rules.can_rest_for_cost(g, x) for x in ids):
            return False
        for x in ids:
            g.set_orient(x, rules.rested_word, cause="cost")
        return True
    if name in ("discard", "banish", "bury", "rest_others", "reveal", "return"):
        spec = arg if isinstance(arg, dict) else ({"n": arg} if isinstance(arg, int) else {"filter": arg})
        if "cands" not in loc:
            if spec.get("filter") == "self" or arg == "self":
                loc["got"] = resolve(ctx, "self")
                if not loc["got"]:
                    return False
                loc["n"] = len(loc["got"])
                loc["cands"] = []
            else:
                loc["cands"] = rules.cost_candidates(g, p, d["src"], name, spec, ctx)
                loc["n"] = value(ctx, spec.get("n", 1))
                loc["got"] = []
        picked = pick_for_cost(g, f, p, {"rest_others": "rest"}.get(name, name))
        if not picked:
            return picked
        got = loc["got"]
        if name == "discard":
            rules.discard(g, p, got, by=d["src"])
        elif name == "rest_others":
            for x in got:
                g.set_orient(x, rules.rested_word, cause="cost")
        elif name == "reveal":
            for x in got:
                rules.reveal(g, x)
        elif not loc.get("moving"):
            loc["moving"] = True
            if rules.cost_move(g, p, got, name):
                return None  # a procedure makes the moves (replacement effects may ask); back here after
        d.pop("ret", None)
        d.setdefault("env", {})[f"_paid_{name}"] = list(got)
        return True
    if name == "counters":  # pay counters the player has (CR 1018.3)
        spec = arg
        cs = dict(g.players[p].get("counters", {}))
        n = value(ctx, spec.get("n", 1))
        if cs.get(spec["name"], 0) < n:
            return False  # cannot pay partly (CR 1018.3a)
        cs[spec["name"]] -= n
        g.set_player(p, "counters", cs)
        return True
    if name == "remove_counters":
        spec = arg
        ids = resolve(ctx, spec.get("what", "self"))
        n = value(ctx, spec.get("n", 1))
        if not ids or any(g.objects[x].counter(spec["name"]) < n for x in ids):
            return False
        for x in ids:
            g.add_counters(x, spec["name"], -n, cause="cost")
        return True
    if name == "pay_life":
        n = value(ctx, arg)
        rules.pay_life(g, p, n)
        return True
    if name == "do":
        if loc.get("ran"):
            return True
        loc["ran"] = True
        g.push("run", p=p, src=d["src"], env=dcopy(d.get("env", {})), stack=[[arg, 0, "seq", None]])
        return None
    raise ValueError(f"cost item {name!r} is not understood by {g.rules.game_id}")


def pick_for_cost(g: Game, f: Frame, p: int, word: str, what: str | None = None) -> bool | None:
    """The player picks, one at a time, ``loc["n"]`` of the cards ``loc["cands"]`` (into
    ``loc["got"]``) to pay a cost with: True when all are picked, False when too few are left,
    None while the player is asked ("cost: WHAT (i of n)", options "WORD card")."""
    loc = f.data["loc"]
    ans = g.answer(f)
    if ans is not None:
        loc["got"].append(ans)
        loc["cands"].remove(ans)
    if len(loc["got"]) < loc["n"]:
        if not loc["cands"]:
            return False
        g.ask(p, "cost", f"cost: {what or word} ({len(loc['got']) + 1} of {loc['n']})",
              [(f"{word} {g.rules.obj_ref(g, c)}", c) for c in loc["cands"]])
        return None
    return True


def can_pay_generic(g: Game, p: int, src: int | None, name: str, arg: Any, ctx: Ctx) -> bool:
    rules: CardRules = g.rules  # type: ignore[assignment]
    if name in ("rest", "engage"):
        ids = resolve(ctx, arg or "self")
        return bool(ids) and all(rules.can_rest_for_cost(g, x) for x in ids)
    if name in ("discard", "banish", "bury", "rest_others", "reveal", "return"):
        spec = arg if isinstance(arg, dict) else ({"n": arg} if isinstance(arg, int) else {"filter": arg})
        if spec.get("filter") == "self" or arg == "self":
            return bool(resolve(ctx, "self")) and rules.can_cost_move_self(g, src, name)
        return len(rules.cost_candidates(g, p, src, name, spec, ctx)) >= value(ctx, spec.get("n", 1))
    if name == "counters":
        return g.players[p].get("counters", {}).get(arg["name"], 0) >= value(ctx, arg.get("n", 1))
    if name == "remove_counters":
        ids = resolve(ctx, arg.get("what", "self"))
        return bool(ids) and all(g.objects[x].counter(arg["name"]) >= value(ctx, arg.get("n", 1)) for x in ids)
    if name in ("pay_life", "do"):
        return True
    raise ValueError(f"cost item {name!r} is not understood by {g.rules.game_id}")
