"""The interpreter: runs effect-language programs as resumable procedures.

A program runs in a ``run`` frame whose data is plain: the controller, the
source object, the bound names (``env``) and an explicit stack of
``[block, pc, kind, state]`` entries.  An instruction handler returns True
when it is done; it returns False when it asked a question or pushed a
sub-procedure, and is called again (with the answer, or the sub-procedure's
result) when the game resumes.  Its scratch state lives in ``frame.data['loc']``
so that everything pending is data (DESIGN principle 2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..kernel.effects import CEffect
from ..kernel.events import Event
from ..kernel.frames import dcopy
from .context import (
    Ctx,
    cond,
    matches,
    one_per_card,
    other_names,
    player1,
    players,
    resolve,
    resolve_lki,
    value,
)

if TYPE_CHECKING:
    from ..kernel.frames import Frame
    from ..kernel.game import Game

Handler = Callable[["Run", dict], bool]


class Run:
    """A handle on the running program's frame, given to instruction handlers."""

    __slots__ = ("g", "f", "d", "ctx")

    def __init__(self, g: Game, f: Frame) -> None:
        self.g = g
        self.f = f
        self.d = f.data
        self.ctx = Ctx(g, self.d["p"], self.d.get("src"), self.d["env"])

    @property
    def p(self) -> int:
        return self.d["p"]

    @property
    def env(self) -> dict:
        return self.d["env"]

    @property
    def loc(self) -> dict:
        loc = self.d.get("loc")
        if loc is None:
            loc = self.d["loc"] = {}
        return loc

    def answer(self) -> Any:
        return self.d.pop("ans", None)

    def ret(self) -> Any:
        return self.d.pop("ret", None)

    def ask(self, player: int, kind: str, prompt: str, options: list[tuple[str, Any]]) -> bool:
        self.g.ask(player, kind, prompt, options)
        return False

    def bind(self, name: str | None, ids: list[int]) -> None:
        self.env["it"] = list(ids)
        if name:
            self.env[name] = list(ids)

    def name(self, oid: int) -> str:
        return self.g.rules.obj_ref(self.g, oid)

    def push_block(self, block: tuple, kind: str = "seq", state: Any = None) -> None:
        self.d["stack"].append([block, 0, kind, state])


def start_program(g: Game, p: int, src: int | None, block: tuple, env: dict | None = None,
                  kind: str = "run", **extra: Any) -> None:
    """Push a ``run`` frame for a program."""
    g.push(kind, p=p, src=src, env=dcopy(env) if env else {}, stack=[[block, 0, "seq", None]], **extra)


def proc_run(g: Game, f: Frame) -> None:
    """Step a program until it finishes, asks, or pushes a sub-procedure."""
    d = f.data
    stack = d["stack"]
    rules = g.rules
    ops = rules.ops
    interrupting = rules.interrupting_processes
    if interrupting and d.pop("_interrupted", False):
        d.pop("ret", None)  # the rules process's procedure returned; no instruction is waiting for it
    while stack:
        top = stack[-1]
        block, pc = top[0], top[1]
        if pc >= len(block):
            kind = top[2]
            if kind == "repeat":
                top[3] -= 1
                if top[3] > 0:
                    top[1] = 0
                    continue
            elif kind == "each":
                items, var = top[3]
                if items:
                    nxt = items.pop(0)
                    d["env"][var] = [nxt]
                    d["env"]["it"] = [nxt]
                    top[1] = 0
                    continue
            elif kind == "each_player":
                items = top[3]
                if items:
                    d["env"]["player"] = f"p{items.pop(0)}"
                    top[1] = 0
                    continue
            stack.pop()
            continue
        name, args = block[pc]
        r = ops[name](Run(g, f), args)
        if r is True:
            top[1] += 1
        elif r is not CONT:
            return  # asked a question or pushed a procedure; resume later
        d.pop("loc", None)
        d.pop("ret", None)
        if interrupting and r is True and rules.interrupt_processes(g):
            d["_interrupted"] = True  # NOVA 501.1: a rules process interrupts the effect
            return
    if d.get("after"):
        # programs a game put off until this one is done (``defer_run``), in order
        g.push("run", **d["after"].pop(0))
        return
    g.pop(d.get("result"))


def defer_run(g: Game, below: Frame, **run: Any) -> bool:
    """Put off the program ``run`` (the data of a ``run`` frame) until the innermost program
    under the frame ``below`` has finished; False when no program is under it."""
    i = next((i for i in range(len(g.frames) - 1, -1, -1) if g.frames[i] is below), len(g.frames))
    for fr in reversed(g.frames[:i]):
        if fr.kind == "run":
            fr.data.setdefault("after", []).append(run)
            return True
    return False


# Core instructions ------------------------------------------------------------
def op_nothing(rt: Run, a: dict) -> bool:
    return True


def op_note(rt: Run, a: dict) -> bool:
    rt.g.note(a.get("text", ""))
    return True


def op_bind(rt: Run, a: dict) -> bool:
    v = a["value"]
    if isinstance(v, (int, float)) or (isinstance(v, dict) and len(v) == 1 and next(iter(v)) in rt.g.rules.vocab.values):
        rt.env[a["as"]] = value(rt.ctx, v)
    else:
        rt.env[a["as"]] = resolve_lki(rt.ctx, v)
    return True


def op_if(rt: Run, a: dict) -> bool:
    ok = cond(rt.ctx, a["cond"])
    block = a.get("then") if ok else a.get("else")
    rt.d["stack"][-1][1] += 1  # step past the if before entering the branch
    if block:
        rt.push_block(block)
    return CONT


class _Cont:
    """Returned by control instructions that advanced their own pc and set up the stack."""

    def __bool__(self) -> bool:
        return False


CONT: Any = _Cont()


def op_may(rt: Run, a: dict) -> bool:
    ans = rt.answer()
    p = player1(rt.ctx, a.get("player", "you"))
    if ans is None and not rt.g.rules.may_choose(rt.ctx, p, a["do"]):
        ans = "no"  # the optional part cannot be chosen (a game's prohibition): not asked
    if ans is None:
        prompt = a.get("prompt") or "do the optional part?"
        return rt.ask(p, "may", prompt, [("yes", "yes"), ("no", "no")])
    rt.d["stack"][-1][1] += 1
    if ans == "yes":
        rt.env["_did"] = True
        rt.push_block(a["do"])
    else:
        rt.env["_did"] = False
    return CONT


def op_repeat(rt: Run, a: dict) -> bool:
    n = value(rt.ctx, a["n"])
    rt.d["stack"][-1][1] += 1
    if n > 0:
        rt.push_block(a["do"], "repeat", n)
    return CONT


def op_for_each(rt: Run, a: dict) -> bool:
    items = resolve(rt.ctx, a["in"])
    rt.d["stack"][-1][1] += 1
    if items:
        var = a.get("as", "each")
        first = items.pop(0)
        rt.env[var] = [first]
        rt.env["it"] = [first]
        rt.push_block(a["do"], "each", [items, var])
    return CONT


def op_each_player(rt: Run, a: dict) -> bool:
    g = rt.g
    order = [g.active, 1 - g.active]
    rt.d["stack"][-1][1] += 1
    rt.env["player"] = f"p{order[0]}"
    rt.push_block(a["do"], "each_player", order[1:])
    return CONT


def op_draw(rt: Run, a: dict) -> bool:
    """Each player draws in turn; a draw the game does in a procedure (replaceable draws)
    resumes here with the next player."""
    loc = rt.loc
    if "who" not in loc:
        loc["who"] = list(players(rt.ctx, a.get("player", "you")))
        loc["n"] = value(rt.ctx, a.get("n", 1))
    else:
        rt.ret()
    while loc["who"]:
        p = loc["who"].pop(0)
        # draws made by what a replacement effect does instead are not replaced by it again
        # (Caster CR 910.3, SVE 10.10.2.3)
        if rt.g.rules.begin_draw(rt.g, p, loc["n"], rt.env.get("_replaced")):
            return False
    return True


def take_pick(loc: dict, ans: Any) -> None:
    """An answer to a choice of ``loc["n"]`` cards among ``loc["cands"]``, one at a time: a card
    (it moves to ``loc["got"]``), or "done" (the cards picked so far are all)."""
    if ans is None:
        return
    if ans == "done":
        loc["n"] = len(loc["got"])
    else:
        loc["got"].append(ans)
        loc["cands"].remove(ans)


def op_select(rt: Run, a: dict) -> bool:
    """A player picks objects during resolution, one at a time (not targets)."""
    g = rt.g
    loc = rt.loc
    if "cands" not in loc:
        cands = resolve(rt.ctx, a["from"])
        n = value(rt.ctx, a.get("n", 1))
        loc["cands"] = cands
        loc["n"] = min(n, len(cands))
        loc["min"] = 0 if a.get("up_to") else value(rt.ctx, a.get("min", loc["n"]))
        loc["got"] = []
    take_pick(loc, rt.answer())
    if a.get("distinct") == "name":
        loc["cands"] = other_names(g, loc["got"], loc["cands"])
    if len(loc["got"]) >= loc["n"] or not loc["cands"]:
        rt.bind(a["as"], loc["got"])
        return True
    chooser = player1(rt.ctx, a.get("chooser", "you"))
    opts = [(f"choose {g.rules.obj_ref(g, c)}", c) for c in loc["cands"]]
    if len(loc["got"]) >= loc["min"]:
        opts.append(("done", "done"))
    return rt.ask(chooser, "select", a.get("prompt", f"choose ({len(loc['got']) + 1} of {loc['n']})"), opts)


def op_choose_player(rt: Run, a: dict) -> bool:
    ans = rt.answer()
    if ans is None:
        chooser = player1(rt.ctx, a.get("chooser", "you"))
        return rt.ask(chooser, "choose_player", "choose a player", [("choose p1", 0), ("choose p2", 1)])
    rt.env[a["as"]] = f"p{ans}"
    return True


def _modify_args(rt: Run, a: dict) -> dict:
    out = {}
    for k in ("atk", "def", "cost", "level", "cost_set"):
        if k in a:
            out[k] = value(rt.ctx, a[k])
    return out


def _affects(rt: Run, ref: Any) -> tuple:
    """What a continuous effect from a resolving ability applies to.

    A selector is kept as a condition evaluated continuously (CR 909.3b-3);
    named or bound objects are fixed (they stop being affected when they
    change zones, as they become new objects).  A game whose effects apply only
    to the cards there when they were made (SVE 10.9.2) sets
    ``rules.effects_lock_affected``: a selector is then resolved once, now.
    """
    if isinstance(ref, dict) and not getattr(rt.g.rules, "effects_lock_affected", False):
        return ("sel", ref)
    return ("objs", frozenset(resolve(rt.ctx, ref)))


def add_effect(rt: Run, layer_op: str, args: Any, ref: Any, until: str | None, while_: Any = None,
               ts: int | None = None) -> None:
    """Make a continuous effect.  ``while_`` is an "as long as" condition: the effect applies
    while it holds, and is not made at all if it no longer holds as the ability resolves
    (Caster CR 909.7)."""
    g = rt.g
    rules = g.rules
    if while_ is not None and not cond(rt.ctx, while_):
        return
    env_kept = isinstance(ref, dict) or while_ is not None
    eff = CEffect(g.tick(), ts if ts is not None else g.tick(), rules.layer_of(layer_op), layer_op, args,
                  _affects(rt, ref), rt.p, rt.d.get("src"), until or ("while" if while_ is not None else "permanent"),
                  cond=while_, ability=("env", dict(rt.env)) if env_kept else None)
    g.add_effect(eff)


STATS = ("atk", "def", "cost", "level")


def stat_events(g: Game, changes: dict[int, dict[str, int]]) -> None:
    """A value given +N is "increased", given -N "decreased"; a value set to another is increased
    or decreased by comparing the two (Caster CR 104.6, SVE 5.26, NOVA 004.8.1).  One
    ``stat_change`` event per changed value, ``data: {key, change: increased|decreased, n}``; the
    changes of one effect are simultaneous (one group of events)."""
    began = g.begin_batch()
    for oid, ch in changes.items():
        if oid not in g.objects:
            continue
        for key, n in ch.items():
            if n:
                g.emit(Event("stat_change", oid=oid, player=g.objects[oid].controller,
                             data={"key": key, "change": "increased" if n > 0 else "decreased", "n": n}))
    if began:
        g.end_batch()


def op_modify(rt: Run, a: dict) -> bool:
    ids = [x for x in resolve(rt.ctx, a["what"]) if x in rt.g.objects]
    args = _modify_args(rt, a)
    add_effect(rt, "modify", args, a["what"], a.get("until"), a.get("while"))
    stat_events(rt.g, {x: args for x in ids})
    return True


def op_set_stats(rt: Run, a: dict) -> bool:
    g = rt.g
    ids = [x for x in resolve(rt.ctx, a["what"]) if x in g.objects]
    before = {x: {k: g.chars(x).get(k) for k in STATS if k in a} for x in ids}
    add_effect(rt, "set_stats", _modify_args(rt, a), a["what"], a.get("until"), a.get("while"))
    changes = {}
    for x in ids:
        c = g.chars(x)
        changes[x] = {k: (c.get(k) or 0) - (v or 0) for k, v in before[x].items() if v is not None}
    stat_events(g, changes)
    return True


def op_grant(rt: Run, a: dict) -> bool:
    args = {k: a[k] for k in ("keywords", "abilities", "flags", "races", "types", "elements") if k in a}
    quality = {k: args.pop(k) for k in ("races", "types", "elements") if k in args}
    layers = rt.g.rules.op_layers
    if (quality and "grant_types" in layers) or ("names" in a and "grant_names" in layers):
        # an effect that spans several layers applies in each separately, with one timestamp
        # (Caster CR 909.2): types, races and elements first (909.1b), abilities (909.1c), then
        # other information such as names (909.1d)
        ts = rt.g.tick()
        if quality:
            add_effect(rt, "grant_types", quality, a["what"], a.get("until"), a.get("while"), ts=ts)
        if args:
            add_effect(rt, "grant", args, a["what"], a.get("until"), a.get("while"), ts=ts)
        if "names" in a:
            add_effect(rt, "grant_names", {"names": a["names"]}, a["what"], a.get("until"), a.get("while"), ts=ts)
        return True
    args.update(quality)
    add_effect(rt, "grant", args, a["what"], a.get("until"), a.get("while"))
    return True


def op_lose(rt: Run, a: dict) -> bool:
    args = {k: a[k] for k in ("keywords", "abilities", "flags") if k in a}
    add_effect(rt, "lose", args, a["what"], a.get("until"), a.get("while"))
    return True


def op_copy_of(rt: Run, a: dict) -> bool:
    src = resolve_lki(rt.ctx, a["of"])
    if not src:
        return True
    g = rt.g
    o = g.objects.get(src[0]) or g.lki[src[0]][0]
    # the copied card's printed information, without continuous effects (CR 1023.1)
    add_effect(rt, "copy", {"card": o.card.key, "def": o.card}, a["what"], a.get("until"))
    return True


def op_player_effect(rt: Run, a: dict) -> bool:
    g = rt.g
    ps = frozenset(players(rt.ctx, a.get("player", "you")))
    flags = a["flags"]
    eff = CEffect(g.tick(), g.tick(), g.rules.layer_of("player"), "player", flags, ("players", ps), rt.p,
                  rt.d.get("src"), a.get("until") or "permanent")
    g.add_effect(eff)
    return True


def op_counter(rt: Run, a: dict) -> bool:
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    if "what" in a:
        for oid in resolve(rt.ctx, a["what"]):
            g.add_counters(oid, a["name"], n, cause=rt.d.get("src"))
    else:
        for p in players(rt.ctx, a.get("player", "you")):
            cs = dict(g.players[p].get("counters", {}))
            cs[a["name"]] = max(0, cs.get(a["name"], 0) + n)
            g.set_player(p, "counters", cs)
    return True


def op_shuffle(rt: Run, a: dict) -> bool:
    g = rt.g
    for p in players(rt.ctx, a.get("player", "you")):
        g.rules.shuffle(g, p, a.get("zone", "deck"))
    return True


def op_reveal(rt: Run, a: dict) -> bool:
    g = rt.g
    ids = resolve(rt.ctx, a["what"])
    for oid in ids:
        g.rules.reveal(g, oid)
    rt.bind(a.get("as"), ids)
    return True


def op_look(rt: Run, a: dict) -> bool:
    """Look at the top ``n`` cards of a zone, or at the cards ``what`` names (a chosen card of a
    hidden zone: only this player learns it, and it stays where it is)."""
    g = rt.g
    if "what" in a:
        ids = [x for x in resolve(rt.ctx, a["what"]) if x in g.objects]
    else:
        p = player1(rt.ctx, a.get("player", "you"))
        n = value(rt.ctx, a.get("n", 1))
        zone = g.zone(p, a.get("zone", "deck"))
        ids = list(reversed(zone[-n:])) if n > 0 else []
    for oid in ids:
        g.rules.let_see(g, oid, rt.p)
    rt.bind(a.get("as"), ids)
    return True


def op_reveal_until(rt: Run, a: dict) -> bool:
    """Reveal the cards of a zone (default the deck) one by one from the top until one fits
    ``filter`` (Caster CR 1004.1); they stay where they are.  Binds the card found (none if no
    card fits)."""
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    found: list[int] = []
    for oid in reversed(list(g.zone(p, a.get("zone", "deck")))):
        g.rules.reveal(g, oid)
        if matches(rt.ctx, oid, a["filter"]):
            found = [oid]
            break
    rt.bind(a.get("as"), found)
    return True


def op_set_player(rt: Run, a: dict) -> bool:
    for p in players(rt.ctx, a.get("player", "you")):
        rt.g.rules.set_player_value(rt.g, p, a["key"], value(rt.ctx, a["value"]))
    return True


def op_add_player(rt: Run, a: dict) -> bool:
    for p in players(rt.ctx, a.get("player", "you")):
        g = rt.g
        g.rules.set_player_value(g, p, a["key"], g.rules.player_value(g, p, a["key"]) + value(rt.ctx, a["n"]))
    return True


def op_win(rt: Run, a: dict) -> bool:
    p = player1(rt.ctx, a.get("player", "you"))
    rt.g.end(p, f"p{p + 1} wins by an effect")
    return True


def op_lose_game(rt: Run, a: dict) -> bool:
    p = player1(rt.ctx, a.get("player", "you"))
    rt.g.end(1 - p, f"p{p + 1} loses by an effect")
    return True


def _turn_op(key: str, what: str) -> Handler:
    """The player takes an extra turn or skips their next turn: the game's turn procedure reads
    the list ``key`` of the game's globals (CR 1021, SVE 5.25, 5.27)."""
    def handler(rt: Run, a: dict) -> bool:
        p = player1(rt.ctx, a.get("player", "you"))
        rt.g.gvars.setdefault(key, []).append(p)
        rt.g.note(f"p{p + 1} will {what}")
        return True
    return handler


def op_delayed(rt: Run, a: dict) -> bool:
    """Create a delayed automatic ability (CR 906.6, SVE 10.7.5): it remembers the bindings."""
    g = rt.g
    g.delayed.append({
        "id": g.tick(), "p": rt.p, "src": rt.d.get("src"), "on": a["on"], "do": a["do"],
        "once": a.get("once", True), "env": dict(rt.env), "until": a.get("until"), "turn": g.turn,
        "text": rt.d.get("text", "delayed ability"),
    })
    return True


#: the arguments of the core move instructions that the game's ``move_objects`` reads
MOVE_ARGS = ("pos", "face", "orientation", "player", "to", "shuffle")


def move_op(cause: str, args: tuple[str, ...] = MOVE_ARGS) -> Handler:
    """An instruction that moves the cards ``what`` where the game's ``move_objects`` says (from
    the cause, ``to`` and the other arguments ``args``) and binds the moved cards to ``as``."""
    def handler(rt: Run, a: dict) -> bool:
        loc = rt.loc
        if "started" in loc:
            done = rt.ret() or []
            rt.env["_did"] = loc["n"] > 0 and len(done) >= loc["n"]
            rt.bind(a.get("as"), done)
            return True
        loc["started"] = True
        ids = resolve(rt.ctx, a["what"])
        loc["n"] = len(ids)
        extra = {k: a[k] for k in args if k in a}
        done = rt.g.rules.move_objects(rt, ids, extra.get("to", ""), cause, extra)
        if done is None:
            return False
        # "if you do": every card was moved (none given, or one replaced or gone: not done)
        rt.env["_did"] = bool(ids) and len(done) >= len(ids)
        rt.bind(a.get("as"), done)
        return True
    return handler


def op_cancel(rt: Run, a: dict) -> bool:
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        g.rules.cancel(g, oid)
    return True


def op_token(rt: Run, a: dict) -> bool:
    g = rt.g
    n = value(rt.ctx, a.get("n", 1))
    made: list[int] = []
    for p in players(rt.ctx, a.get("player", "you")):
        for _ in range(n):
            oid = g.rules.make_token(g, rt, a["card"], p, a.get("zone"), a.get("orientation"))
            if oid is not None:
                made.append(oid)
    rt.bind(a.get("as"), made)
    return True


def op_gain_control(rt: Run, a: dict) -> bool:
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    out = []
    for oid in resolve(rt.ctx, a["what"]):
        out.append(g.rules.change_control(g, oid, p))
    rt.bind(None, out)
    return True


def first_of_both(rt: Run, a: dict, ka: str, kb: str) -> tuple[int, int] | None:
    """The first object each of the references ``a[ka]`` and ``a[kb]`` names; None when either
    names none (an operation on two objects does nothing unless both are still there)."""
    x = resolve(rt.ctx, a[ka])
    y = resolve(rt.ctx, a[kb])
    return (x[0], y[0]) if x and y else None


def op_exchange_control(rt: Run, a: dict) -> bool:
    g = rt.g
    both = first_of_both(rt, a, "a", "b")
    if both is None:  # both must still be there (CR 1017.1a)
        return True
    x, y = both
    px, py = g.objects[x].controller, g.objects[y].controller
    g.begin_batch()
    g.rules.change_control(g, x, py)
    g.rules.change_control(g, y, px)
    g.end_batch()
    return True


def _has_condition(sel: dict) -> bool:
    """Does a search filter ask for specific information (not only where to look)?"""
    return any(k not in ("zone", "player") for k in sel)


def op_search(rt: Run, a: dict) -> bool:
    """Search a hidden zone (CR 1012.2, SVE 5.7): the searcher may fail to find."""
    g = rt.g
    loc = rt.loc
    p = player1(rt.ctx, a.get("player", "you"))
    zone = a.get("zone", "deck")
    if "cands" not in loc:
        ids = list(reversed(g.zone(p, zone)))
        sel = dict(a["filter"])
        sel.setdefault("zone", zone)
        loc["cands"] = [x for x in ids if matches(rt.ctx, x, sel)]
        loc["n"] = value(rt.ctx, a.get("n", 1))
        loc["got"] = []
    if "instead_asked" in loc:
        # SVE 5.7: "If it costs 2 or less, you may put it onto your field instead": the answer
        if "moved" not in loc:
            loc["to"] = a["instead"]["to"] if rt.answer() == "yes" else a.get("to", "hand")
        return _search_move(rt, a, p, zone)
    take_pick(loc, rt.answer())
    if a.get("distinct") == "name":  # SVE 2.1: "with different names": no two found share a name
        loc["cands"] = other_names(g, loc["got"], loc["cands"])
    if "cost_total_max" in a:  # SVE 2.5: "that cost a total of 4 or less": the costs found added
        room = value(rt.ctx, a["cost_total_max"]) - sum(int(g.chars(x).get("cost") or 0) for x in loc["got"])
        loc["cands"] = [x for x in loc["cands"] if int(g.chars(x).get("cost") or 0) <= room]
    if len(loc["got"]) < loc["n"] and loc["cands"]:
        # identical cards in a hidden zone: one option each
        opts = [(f"choose {g.objects[c].card.key}", c) for c in one_per_card(g, loc["cands"])]
        if _has_condition(a["filter"]) or a.get("up_to"):
            # a hidden zone search for cards with specific information may fail to find (CR
            # 1012.2, SVE 4.1.2.2); a search for a number of cards must find them (SVE 5.7.1.1),
            # unless it is for "up to" that number (the searcher may stop)
            opts.append(("done", "done"))
        return rt.ask(rt.p, "search", f"search your {zone}", opts)
    inst = a.get("instead")
    if inst and "moved" not in loc and loc["got"]:
        # SVE 5.7, 5.20: the card found is revealed, then, when it meets the condition written after
        # the search, its player may send it to the other zone instead of where the search puts it
        if all(matches(rt.ctx, x, inst["filter"]) for x in loc["got"]):
            if a.get("reveal", True) and _has_condition(a["filter"]):  # SVE 5.7.1.2
                for oid in loc["got"]:
                    g.rules.reveal(g, oid)
            loc["revealed"] = True
            loc["instead_asked"] = True
            prompt = f"put {', '.join(rt.name(x) for x in loc['got'])} into your {inst['to']} instead?"
            return rt.ask(rt.p, "may", prompt, [("yes", "yes"), ("no", "no")])
    return _search_move(rt, a, p, zone)


def _search_move(rt: Run, a: dict, p: int, zone: str) -> bool:
    """The cards a search found moved where it puts them (SVE 5.7), then the deck shuffled (5.7.2)."""
    g = rt.g
    loc = rt.loc
    if "moved" not in loc:
        loc["moved"] = True
        got = loc["got"]
        if a.get("reveal", True) and _has_condition(a["filter"]) and not loc.get("revealed"):  # SVE 5.7.1.2
            for oid in got:
                g.rules.reveal(g, oid)
        to = loc.get("to") or a.get("to", "hand")
        # a card put onto the field engaged (SVE 5.4.1: it enters engaged)
        extra = {"orientation": "engaged"} if a.get("engaged") else {}
        res = g.rules.move_objects(rt, got, to, "search", extra)
        g.emit(Event("search", player=p, data={"n": len(got)}))
        if res is None:
            return False
        loc["new"] = res
    else:
        loc["new"] = rt.ret() or []
    if a.get("shuffle", True):
        g.rules.shuffle(g, p, zone)
    rt.bind(a.get("as"), loc["new"])
    return True


def op_discard(rt: Run, a: dict) -> bool:
    g = rt.g
    loc = rt.loc
    if "todo" not in loc:
        loc["todo"] = players(rt.ctx, a.get("player", "you"))
        loc["got"] = []
        loc["all"] = []
        loc["full"] = True
    ans = rt.answer()
    while loc["todo"]:
        p = loc["todo"][0]
        hand = g.zone(p, "hand")
        sel = dict(a.get("filter") or {})
        sel["zone"] = "hand"
        cands = [x for x in hand if matches(rt.ctx.child(), x, sel) and x not in loc["got"]]
        if a.get("all"):
            n = len(cands)
        else:
            n = value(rt.ctx, a.get("n", 1))
        need = min(n, len(cands) + len(loc["got"]))
        if ans is not None:
            if ans == "done":
                need = len(loc["got"])
            else:
                loc["got"].append(ans)
                cands.remove(ans)
            ans = None
        if len(loc["got"]) < need:
            if a.get("random"):
                pick = cands[g.rng.below(len(cands))]
                loc["got"].append(pick)
                continue
            if len(cands) == need - len(loc["got"]) and not a.get("up_to"):
                loc["got"].extend(cands)
                continue
            chooser = p if a.get("chooser") is None else player1(rt.ctx, a["chooser"])
            opts = [(f"discard {g.rules.obj_ref(g, c, chooser)}", c) for c in cands]
            if a.get("up_to"):
                opts.append(("done", "done"))
            return rt.ask(chooser, "discard", f"p{p + 1} discards ({len(loc['got']) + 1} of {need})",
                          _dedupe(g, opts))
        got = loc["got"]
        loc["got"] = []
        loc["todo"].pop(0)
        new = g.rules.discard(g, p, got, by=rt.ctx.src)
        loc["all"].extend(new)
        if not a.get("all") and len(new) < value(rt.ctx, a.get("n", 1)):
            loc["full"] = False
    # "if you do": the player discarded as many as asked; discarding a whole hand is done even
    # when the hand was empty (Caster CR 1013.2a)
    rt.env["_did"] = loc["full"]
    rt.bind(a.get("as"), loc["all"])
    return True


def _dedupe(g: Game, opts: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Identical cards in a hidden zone are one option (their choice cannot matter)."""
    seen: set[str] = set()
    out = []
    for lab, pay in opts:
        if isinstance(pay, int) and pay in g.objects:
            o = g.objects[pay]
            if o.data is None and o.counters is None and lab in seen:
                continue
        seen.add(lab)
        out.append((lab, pay))
    return out


def op_play_free(rt: Run, a: dict) -> bool:
    g = rt.g
    loc = rt.loc
    if "pushed" in loc:
        return True
    ids = resolve(rt.ctx, a["what"])
    if not ids:
        return True
    loc["pushed"] = True
    g.rules.play_free(g, rt, ids[0], optional=a.get("optional", False))
    return False


def op_copy_spell(rt: Run, a: dict) -> bool:
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        g.rules.copy_spell(g, oid, rt.p)
    return True


CORE_OPS: dict[str, Handler] = {
    "nothing": op_nothing, "note": op_note, "bind": op_bind, "if": op_if, "may": op_may,
    "repeat": op_repeat, "for_each": op_for_each, "each_player": op_each_player, "draw": op_draw,
    "select": op_select, "choose_player": op_choose_player, "modify": op_modify,
    "set_stats": op_set_stats, "grant": op_grant, "lose": op_lose, "copy_of": op_copy_of,
    "player_effect": op_player_effect, "counter": op_counter, "shuffle": op_shuffle,
    "reveal": op_reveal, "reveal_until": op_reveal_until, "look": op_look, "set_player": op_set_player, "add_player": op_add_player,
    "win": op_win, "lose_game": op_lose_game, "extra_turn": _turn_op("extra_turns", "take an extra turn"),
    "skip_turn": _turn_op("skip_turns", "skip their next turn"),
    "delayed": op_delayed, "cancel": op_cancel, "token": op_token, "gain_control": op_gain_control,
    "exchange_control": op_exchange_control, "search": op_search, "discard": op_discard,
    "play_free": op_play_free, "copy_spell": op_copy_spell,
    "destroy": move_op("destroy"), "banish": move_op("banish"), "remove": move_op("remove"),
    "return": move_op("return"), "to_deck": move_op("to_deck"), "move": move_op("move"),
    "put_field": move_op("put_field"),
}

