"""Attacking with a follower (8.4) and the keywords that shape attacks (12.8-12.14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.context import has_kw
from ....kernel.events import Event
from .. import links

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game


def _kw(c: dict, name: str) -> bool:
    return has_kw(c.get("keywords", ()), name)


def combat_value(g: Game, oid: int) -> int:
    """8.4.9, 8.4.9.1: the damage a follower deals when it attacks or is attacked: its attack, or
    its defense while an effect says it deals damage equal to its defense."""
    c = g.chars(oid)
    return c.get("def" if "damage_by_defense" in c.get("flags", ()) else "atk") or 0


def has_rush(g: Game, oid: int, c: dict) -> bool:
    """12.10; 14.2.3.1: a raced card has Rush while it is linked to a card in the race zone."""
    if _kw(c, "rush"):
        return True
    o = g.objects[oid]
    return bool(o.get("raced")) and bool(links.linked(g, oid, "race"))


def since_start(g: Game, oid: int) -> bool:
    """8.4.2.1: it has remained on its controller's field since the start of the turn."""
    return g.objects[oid].since < g.turn


def attack_targets(g: Game, oid: int) -> list[Any]:
    """8.4.2-8.4.3 with Storm, Rush, Assail, Intimidate and Ward: the legal targets of this
    follower's attack (object ids, and ("leader", player) for a leader); empty if it cannot
    attack."""
    o = g.objects[oid]
    c = g.chars(oid)
    if o.zone != "field" or "follower" not in c["types"] or o.orient != "reserved" or o.controller != g.active:
        return []
    flags = c.get("flags", ())
    if "cannot_attack" in flags:
        return []  # 8.4.3.2.1
    old = since_start(g, oid)
    evolved_now = o.get("evolved_turn") == g.turn
    storm = _kw(c, "storm")
    rush = has_rush(g, oid, c)
    if not (old or evolved_now or storm or rush):
        return []  # 8.4.2.1, 12.9.2, 12.10.2
    # 8.4.3.1: the leader only if it has been on the field since the turn began; Storm lets it
    # attack as if it had (12.9.2: its point is attacking the turn it arrives, reading 12.9.1)
    leader_ok = (old or storm) and "cannot_attack_leader" not in flags
    e = 1 - o.controller
    assail = _kw(c, "assail")
    out: list[Any] = []
    for t in g.zone(e, "field"):
        tc = g.chars(t)
        if "follower" not in tc["types"]:
            continue
        to = g.objects[t]
        if to.orient != "engaged" and not assail:
            continue  # 8.4.3.1, 12.11.2
        if _kw(tc, "intimidate") or "cannot_be_attacked" in tc.get("flags", ()):
            continue  # 12.12.2
        out.append(t)
    wards = [t for t in out if g.objects[t].orient == "engaged" and _kw(g.chars(t), "ward")]
    if wards and "ignore_ward" not in flags:
        return wards  # 12.8.2 (iii): an engaged follower with Ward must be chosen if possible
    if leader_ok and not g.pmods(e).get("cannot_be_attacked"):
        out.append(("leader", e))
    return out


def attack_options(g: Game, p: int) -> list[tuple[str, Any]]:
    if g.pmods(p).get("cannot_attack"):
        return []
    rules = g.rules
    opts = []
    for oid in g.zone(p, "field"):
        for t in attack_targets(g, oid):
            tl = f"p{t[1] + 1}" if isinstance(t, tuple) else rules.obj_ref(g, t)
            opts.append((f"attack {rules.obj_ref(g, oid)} -> {tl}", ("attack", oid, t)))
    return opts


def in_combat(g: Game, oid: int) -> bool:
    """8.4.5.1: the attacker and a follower it attacks are in combat while both are on the field."""
    a = g.gvars.get("attack")
    if not a or a.get("target") is None:
        return False
    if oid not in (a["attacker"], a["target"]):
        return False
    return all(x in g.objects and g.objects[x].zone == "field" for x in (a["attacker"], a["target"]))


def proc_attack(g: Game, f: Frame) -> None:
    d = f.data
    rules = g.rules
    att = d["attacker"]
    tgt = d["target"]
    if f.step == 0:  # 8.4.4-8.4.6
        if tgt not in attack_targets(g, att):
            g.pop()  # 8.4.3.2: no legal target: the attack does not happen
            return
        g.set_orient(att, "engaged", cause="attack")  # 8.4.4
        leader = isinstance(tgt, (tuple, list))
        tid = g.zone(tgt[1], "leader")[0] if leader and g.zone(tgt[1], "leader") else (None if leader else tgt)
        g.gvars["attack"] = {"attacker": att, "controller": g.active, "target": None if leader else tgt,
                             "leader": tgt[1] if leader else None}
        g.set_data(att, "attacked_turn", g.turn)
        tname = f"p{tgt[1] + 1}" if leader else rules.obj_name(g, tgt, None)
        g.note(f"{rules.obj_name(g, att, None)} attacks {tname}")
        g.rules.record_card(g, g.active, "attacks", att)  # 8.4.5: the attacks of the turn, by attacker
        # 8.4.5: it has "attacked" (Strike, 12.7)
        g.emit(Event("attack", oid=att, player=g.active,
                     data={"target": tid, "target_type": "leader" if leader else "follower"}))
        f.step = 1
        g.push("confirm")
        return
    if f.step == 1:  # 8.4.7-8.4.8
        f.step = 2
        g.push("quick", p=1 - g.active)
        return
    if f.step == 2:  # 8.4.9
        a = g.gvars.get("attack") or {}
        ao = g.objects.get(att)
        f.step = 3
        if ao is None or ao.zone != "field":
            g.note("the attacking follower has left the field: no damage (8.4.9)")
            return
        atk = combat_value(g, att)
        items = []
        if a.get("leader") is not None:
            lid = g.zone(a["leader"], "leader")
            if lid:
                items.append([att, lid[0], atk, ["attack"]])
        else:
            t = a.get("target")
            to = g.objects.get(t) if t is not None else None
            if to is not None and to.zone == "field":
                items.append([att, t, atk, ["attack", "combat"]])
                items.append([t, att, combat_value(g, t), ["combat"]])  # 8.4.9.1
                d["fought"] = True
        if items:
            g.push("damage", items=items, p=g.active)
        return
    if f.step == 3:  # 8.4.9.2: they fought if still in combat; Bane (12.14, 11.3.2)
        d.pop("ret", None)
        a = g.gvars.get("attack") or {}
        t = a.get("target")
        if d.get("fought") and in_combat(g, att):
            bane = list(g.gvars.get("bane") or [])
            if _kw(g.chars(att), "bane"):
                bane.append(t)
            if _kw(g.chars(t), "bane"):
                bane.append(att)
            if bane:
                g.gvars["bane"] = bane
            g.emit(Event("fight", oid=att, player=g.active, data={"target": t}))
        f.step = 4
        g.push("confirm")  # 8.4.10
        return
    if f.step == 4:  # 8.4.11
        g.gvars.pop("attack", None)
        g.pop()
        return
    raise RuntimeError(f"attack: bad step {f.step!r}")
