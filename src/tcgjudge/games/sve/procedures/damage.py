"""Dealing damage (5.13) and the replacement effects that modify it (5.13.2, 10.10).

A ``damage`` frame deals a list of instances at once: ``[source, target, amount, kinds]`` where
kinds names what the damage is in card text (5.13.3): ``attack`` (an attacking follower's damage
to its target, 8.4.9), ``combat`` (damage the attacker and a follower it attacks deal each
other), ``ability`` (everything else).

Replacement effects come from ``damage_mod`` static abilities of cards whose abilities are valid
and from ``damage_mod`` instructions; each adds to or subtracts from the amount, caps it (``max``:
an amount over N becomes N), or prevents the damage.  Damage that becomes 0 or less does not happen (1.3.2.2), so once an instance reaches 0
no later replacement applies to it.  When the order of several replacements changes the result,
the affected player (the controller of the card that would take the damage) chooses (10.10.2).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from ....cards.context import Ctx, cond, matches, resolve
from ....kernel.events import Event
from ..abilities import abilities_in

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game


def _ref_ok(g: Game, ctx: Ctx, oid: int | None, ref: Any) -> bool:
    if ref is None:
        return True
    if oid is None:
        return False
    if isinstance(ref, (frozenset, set)):
        return oid in ref
    if isinstance(ref, dict):
        if oid not in g.objects:
            return False
        return matches(ctx, oid, ref)
    if isinstance(ref, str):
        if ref == "self":
            return oid == ctx.src
        return oid in resolve(ctx, ref)
    if isinstance(ref, (list, tuple)):
        return any(_ref_ok(g, ctx, oid, r) for r in ref)
    return False


def _kind_ok(kind: str | None, kinds: list[str]) -> bool:
    return kind in (None, "any") or kind in kinds


def used_once(g: Game, source: int | None, target: int, kinds: list[str]) -> list[int]:
    """The ``once`` replacement effects that apply to one instance ("the next time this follower
    would take damage this turn, it doesn't", 10.10): they are used up by it."""
    out = []
    for e in g.effects:
        if e.op == "damage_mod" and e.args.get("once"):
            ctx = Ctx(g, e.controller, e.source, dict(e.args.get("env") or {}))
            if _applies(g, ctx, e.args, source, target, kinds):
                out.append(e.eid)
    return out


def modifiers(g: Game, source: int | None, target: int, kinds: list[str]) -> list[tuple]:
    """The replacement effects that apply to one instance: ``("add", n)`` or ``("prevent",)``."""
    out: list[tuple] = []
    for oid, o, ab in abilities_in(g, ("field", "leader", "ex_area"), "static"):
        for part in ab.spec["effects"]:
            if part["op"] != "damage_mod":
                continue
            ctx = Ctx(g, o.controller, oid)
            if ab.spec.get("if") is not None and not cond(ctx, ab.spec["if"]):
                continue
            a = part["args"]
            if _applies(g, ctx, a, source, target, kinds):
                out.append(_mod(ctx, a))
    for e in g.effects:
        if e.op != "damage_mod":
            continue
        a = e.args
        ctx = Ctx(g, e.controller, e.source, dict(a.get("env") or {}))
        if _applies(g, ctx, a, source, target, kinds):
            out.append(_mod(ctx, a))
    return out


def _applies(g: Game, ctx: Ctx, a: dict, source: int | None, target: int, kinds: list[str]) -> bool:
    if not _kind_ok(a.get("kind"), kinds):
        return False
    if a.get("by_player") is not None and not _by_player_ok(g, ctx, source, a["by_player"]):
        return False
    return _ref_ok(g, ctx, source, a.get("by")) and _ref_ok(g, ctx, target, a.get("to"))


def _by_player_ok(g: Game, ctx: Ctx, source: int | None, who: str) -> bool:
    """Damage from the abilities of one player's cards ("enemy abilities", 5.13.3.3): the
    controller of the source as it is, or as it last was once it has left its zone (10.11)."""
    if source is None:
        return False
    o = g.objects.get(source)
    if o is None and source in g.lki:
        o = g.lki[source][0]
    if o is None:
        return False
    return (o.controller == ctx.p) == (who == "you")


def _mod(ctx: Ctx, a: dict) -> tuple:
    if a.get("prevent"):
        return ("prevent",)
    if "max" in a:  # 5.13.2: "if it would take more than N damage, it takes N instead"
        m = a["max"]
        return ("cap", m if isinstance(m, int) else ctx_value(ctx, m))
    n = a.get("n", 0)
    return ("add", n if isinstance(n, int) else ctx_value(ctx, n))


def ctx_value(ctx: Ctx, v: Any) -> int:
    from ....cards.context import value

    return value(ctx, v)


def outcome(n: int, order: tuple) -> int:
    for m in order:
        if n <= 0:
            break  # 1.3.2.2: it no longer happens; nothing more replaces it
        n = 0 if m[0] == "prevent" else min(n, m[1]) if m[0] == "cap" else n + m[1]
    return max(0, n)


def proc_damage(g: Game, f: Frame) -> None:
    d = f.data
    items = d["items"]
    if "final" not in d:
        d["final"] = [None] * len(items)
    for i, it in enumerate(items):
        if d["final"][i] is not None:
            continue
        src, tgt, n, kinds = it
        if tgt not in g.objects or n <= 0:
            d["final"][i] = 0
            continue
        mods = modifiers(g, src, tgt, kinds)
        once = used_once(g, src, tgt, kinds)
        if once:  # 10.10: a replacement for the next time only is used up as it applies
            d.setdefault("used", []).extend(x for x in once if x not in d.get("used", []))
        results = sorted({outcome(n, order) for order in permutations(mods)}) if len(mods) <= 5 else [
            outcome(n, tuple(mods))]
        if len(results) == 1:
            d["final"][i] = results[0]
            continue
        ans = g.answer(f)
        if ans is None:
            chooser = g.objects[tgt].controller  # 10.10.2: the affected player orders them
            g.ask(chooser, "replacement", f"order the replacement effects on {n} damage to "
                  f"{g.rules.obj_name(g, tgt, None)}: how much damage is dealt? (10.10.2)",
                  [(f"choose {r}", r) for r in results])
            return
        d["final"][i] = ans
    if d.get("used"):
        g.effects = [e for e in g.effects if e.eid not in d["used"]]
        g.touch()
    dealt = apply_damage(g, items, d["final"], d.get("p", g.active))
    g.pop(dealt)


def apply_damage(g: Game, items: list, amounts: list, controller: int) -> list:
    """5.13.1: reduce defense; all instances at once (one batch of events)."""
    rules = g.rules
    out = []
    g.begin_batch()
    for (src, tgt, _n, kinds), n in zip(items, amounts):
        if n is None or n <= 0 or tgt not in g.objects:
            continue  # 1.3.2.2: 0 damage is not dealt
        o = g.objects[tgt]
        c = g.chars(tgt)
        if o.zone == "leader":
            p = o.zp
            rules.set_player_value(g, p, "leader_def", g.players[p].get("leader_def", 20) - n)
            ttype = "leader"
        elif o.zone == "field" and "follower" in c["types"]:
            g.set_data(tgt, "damage", o.get("damage", 0) + n)
            g.set_data(tgt, "damaged_turn", g.turn)  # kept on it: "took damage this turn" (selector damaged_turn)
            ttype = "follower"
        else:
            continue  # 5.13.1.2: only followers and leaders take damage
        so = g.objects.get(src) if src is not None else None
        if so is None and src is not None and src in g.lki:
            so = g.lki[src][0]
        who = so.controller if so is not None else controller
        g.note(f"{rules.obj_name(g, src, None) if src is not None else 'an effect'} deals {n} damage to "
               f"{rules.obj_name(g, tgt, None)}")
        g.emit(Event("damage", oid=src, player=who,
                     data={"target": tgt, "target_type": ttype, "n": n, "kinds": tuple(kinds),
                           "kind": kinds[0], "target_player": o.controller,
                           "combat": "combat" in kinds}))  # 5.13.3.2
        out.append([tgt, n])
    g.end_batch()
    return out
