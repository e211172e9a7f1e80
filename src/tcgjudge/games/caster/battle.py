"""The battle phase (CR 800-806), corruption of orbs (1009) and [Break] (1103)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.context import has_kw
from ...cards.play import begin_play
from ...kernel.events import Event
from ...kernel.priority import start_priority
from ..common import phase_event
from .procedures import card_playable, level_up, level_up_targets, rules_process_pending, status_triggers
from .vocabulary import ON_FIELD

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game


def can_attack(g: Game, oid: int) -> bool:
    """CR 803.3a: a recovered servant you control that is not prohibited from attacking."""
    o = g.objects[oid]
    c = g.chars(oid)
    if "servant" not in c["types"] or o.orient != "recovered" or o.zone != "field":
        return False
    if "cannot_attack" in c.get("flags", ()):
        return False
    # CR 1104.2 / rules guide: [Slow Start] cannot attack unless controlled since the turn began
    if has_kw(c.get("keywords", ()), "slow_start") and o.since >= g.turn:
        return False
    return True


def attack_targets(g: Game, oid: int) -> list[Any]:
    """CR 803.3b with [Hubris] (1110) and [Φ] (1116); 'cannot be attacked' effects."""
    o = g.objects[oid]
    p = o.controller
    e = 1 - p
    c = g.chars(oid)
    kws = c.get("keywords", ())
    phi = has_kw(kws, "phi")
    out: list[Any] = []
    reversed_guard = False
    for t in g.zone(e, "field"):
        tc = g.chars(t)
        if "servant" not in tc["types"]:
            continue
        to = g.objects[t]
        fl = tc.get("flags", ())
        if "cannot_be_attacked" in fl:
            continue
        if "cannot_be_attacked_rested" in fl and to.orient == "rested":
            continue
        t_phi = has_kw(tc.get("keywords", ()), "phi")
        if phi and not t_phi:
            continue  # CR 1116.2a
        if t_phi and not phi:
            continue  # CR 1116.2b
        if to.orient == "reversed":
            reversed_guard = True  # CR 803.3b: a reversed servant eligible for attack shields the player
        out.append(t)
    if (not reversed_guard or has_kw(kws, "hubris")) and not g.pmods(e).get("cannot_be_attacked"):
        if "cannot_attack_players" not in c.get("flags", ()):
            out.append(("player", e))
    return out


def attack_options(g: Game, p: int) -> list[tuple[str, Any]]:
    rules = g.rules
    opts = []
    for oid in g.zone(p, "field"):
        if not can_attack(g, oid):
            continue
        for t in attack_targets(g, oid):
            tl = f"p{t[1] + 1}" if isinstance(t, tuple) else rules.obj_ref(g, t)
            opts.append((f"attack {rules.obj_ref(g, oid)} -> {tl}", ("attack", oid, t)))
    return opts


def _attacking(g: Game) -> dict | None:
    return g.gvars.get("attack")


def _end_battling(g: Game) -> None:
    """CR 805.4: the battle is concluded: its servants are no longer battling."""
    if _attacking(g) is not None:
        g.gvars["attack"] = None
        g.changed("battle")


def attacking_now(g: Game, oid: int, attacked_players: list[int]) -> bool:
    """CR 803.4: ``oid`` is the attacking servant of the battle under way, still attacking
    (803.4a), and what it attacks is one of those players (803.3b)."""
    a = _attacking(g)
    if a is None or a["attacker"] != oid or not still_attacking(g, a):
        return False
    return a.get("target") is None and a.get("player") in attacked_players


def battling(g: Game, oid: int) -> int | None:
    """CR 803.5a: the servant ``oid`` battles (the attacking servant and the servant it attacks,
    while both are in the field and its controller has not changed, 803.4a), or None."""
    a = _attacking(g)
    if a is None or a.get("target") is None:
        return None
    att, tgt = a["attacker"], a["target"]
    if oid not in (att, tgt):
        return None
    # read without characteristics (they may depend on this): in the field, the same controller
    t, o = g.objects.get(tgt), g.objects.get(att)
    if t is None or t.zone != "field" or o is None or o.zone != "field" or o.controller != a["controller"]:
        return None
    return tgt if oid == att else att


def still_attacking(g: Game, a: dict) -> bool:
    """CR 803.4a: no longer attacking if it left the field, changed control or stopped being a servant."""
    oid = a["attacker"]
    o = g.objects.get(oid)
    if o is None or o.zone != "field" or o.controller != a["controller"]:
        return False
    c = g.chars(oid)
    return "servant" in c["types"] and c.get("atk") is not None


def proc_battle(g: Game, f: Frame) -> None:
    rules = g.rules
    step = f.step
    tp = g.active
    if step == "begin":  # CR 802
        g.step = "beginning"
        phase_event(g, "battle")
        f.step = "decl"
        start_priority(g)
        return
    if step == "decl":  # CR 803.1-803.2
        g.step = "attack_declaration"
        phase_event(g, "attack_declaration")
        f.step = "choose"
        start_priority(g)
        return
    if step == "choose":  # CR 803.3: attacking is forced while any servant can attack
        g.step = "attack_declaration"
        ans = g.answer(f)
        if ans is None:
            opts = attack_options(g, tp)
            if not opts:
                f.step = "end_phase"
                return
            g.ask(tp, "attack", "choose a servant to attack with and what it attacks", opts)
            return
        _, oid, target = ans
        if not can_attack(g, oid):
            return  # CR 803.4: could not attack: choose again
        g.set_orient(oid, "rested", cause="attack")  # CR 803.4
        tgt = None if isinstance(target, tuple) else target
        g.gvars["attack"] = {"attacker": oid, "controller": tp, "target": tgt,
                             "player": target[1] if isinstance(target, tuple) else None}
        g.set_data(oid, "battled", g.turn)
        if tgt is not None:
            g.set_data(tgt, "battled", g.turn)
            g.set_data(oid, "battled_servant", g.turn)  # a battle with a servant (read by `battled: servant`)
            g.set_data(tgt, "battled_servant", g.turn)
        g.changed("battle")  # CR 803.5: they battle
        tname = f"p{target[1] + 1}" if isinstance(target, tuple) else rules.obj_name(g, tgt, None)
        g.note(f"{rules.obj_name(g, oid, None)} attacks {tname}")
        g.emit(Event("attack", oid=oid, player=tp, data={"target": tgt}))
        f.step = "judgment"
        start_priority(g)  # CR 803.6
        return
    if step == "judgment":  # CR 804
        g.step = "judgment"
        a = _attacking(g)
        f.step = "resolution"
        if a is None or not still_attacking(g, a):
            return  # CR 804.1
        att = a["attacker"]
        if g.objects[att].orient == "reversed":
            return  # CR 804.2
        if a["target"] is not None:
            t = a["target"]
            to = g.objects.get(t)
            if to is None or to.zone != "field" or "servant" not in g.chars(t)["types"]:
                return  # CR 804.1: no attacked servant any more
            if has_kw(g.chars(t).get("keywords", ()), "phi") != has_kw(g.chars(att).get("keywords", ()), "phi"):
                return  # CR 1116.2c: they do not battle
            atk = g.chars(att).get("atk") or 0
            # CR 804.3: a non-reversed servant is judged by its ATK; 804.4: a reversed one by its DEF
            other = g.chars(t).get("def" if to.orient == "reversed" else "atk") or 0
            if atk > other:
                if "indestructible" not in g.chars(t).get("flags", ()):
                    g.note(f"{rules.obj_name(g, t, None)} is destroyed in battle ({atk} > {other})")
                    # through the replacement effects of moving cards ([Soul Seal], CR 1109.2, 910)
                    plan = rules.plan_move(g, to, "graveyard", "destroy", {}, a["controller"])
                    f.step = "judgment_prio"
                    if plan is not None and plan["ask"]:
                        f.data["destroyed"] = t
                        f.step = "judgment_destroyed"
                        g.push("moves", p=a["controller"], plan=[plan], i=0, cause="battle")
                        return
                    if plan is not None:
                        rules.do_moves(g, [plan], "battle")
                    if t not in g.objects:  # it left the field (a token is erased, CR 1302.3a)
                        g.emit(Event("battle_destroy", oid=att, player=a["controller"], data={"target": t}))
            else:
                g.note(f"nothing happens ({atk} vs {other})")
            f.step = "judgment_prio"
            return
        victim = a["player"]
        if not g.zone(victim, "orbs"):  # CR 804.5
            g.end(a["controller"], f"p{victim + 1} was attacked with no orbs left (CR 804.5)")
        n = corrupt_count(g, att)
        f.step = "judgment_prio"
        g.push("corrupt", p=a["controller"], victim=victim, n=n, by=att, got=[])
        return
    if step == "judgment_destroyed":  # after a replacement choice (CR 910)
        f.data.pop("ret", None)
        t = f.data.pop("destroyed", None)
        a = _attacking(g)
        if t not in g.objects and a is not None:
            g.emit(Event("battle_destroy", oid=a["attacker"], player=a["controller"], data={"target": t}))
        f.step = "judgment_prio"
        return
    if step == "judgment_prio":
        f.step = "resolution"
        start_priority(g)  # CR 804.6
        return
    if step == "resolution":  # CR 805.1-805.2
        g.step = "resolution"
        phase_event(g, "end_of_battle")
        f.step = "res_cleanup"
        start_priority(g)
        return
    if step == "res_cleanup":  # CR 805.3
        g.end_effects("end_of_battle")  # 805.3a
        g.delayed = [d for d in g.delayed if d.get("until") != "end_of_battle"]  # CR 906.6a
        status_triggers(g)  # CR 906.7
        if g.triggers or rules_process_pending(g):  # 805.3b
            start_priority(g)
            return
        _end_battling(g)  # CR 805.4
        f.step = "decl" if attack_options(g, tp) else "end_phase"  # CR 805.5
        return
    if step == "end_phase":  # CR 806
        g.step = "end_of_battle_phase"
        phase_event(g, "end_of_battle_phase")
        f.step = "done"
        start_priority(g)
        return
    if step == "done":
        _end_battling(g)
        g.pop()
        return
    raise RuntimeError(f"battle: bad step {step!r}")


def corrupt_count(g: Game, att: int) -> list[int]:
    """CR 1102: [Double Corrupt] corrupts 2, [Triple Corrupt] 3.  With several instances the
    controller chooses one to apply (1102.4): the distinct numbers they can choose from."""
    kws = g.chars(att).get("keywords", ())
    out = []
    if has_kw(kws, "double_corrupt"):
        out.append(2)
    if has_kw(kws, "triple_corrupt"):
        out.append(3)
    return out or [1]


def proc_corrupt(g: Game, f: Frame) -> None:
    """Choose orbs one at a time, then corrupt them together (CR 1009.1a): they go to their
    owner's hand at once and 'when an orb is corrupted' triggers once (1009.2)."""
    d = f.data
    victim = d["victim"]
    orbs = g.zone(victim, "orbs")
    ans = g.answer(f)
    if isinstance(d["n"], list):
        if ans is None and len(d["n"]) > 1:
            g.ask(d["p"], "corrupt_count", "choose which corrupt ability applies (CR 1102.4)",
                  [(f"choose {n}", n) for n in d["n"]])
            return
        d["n"] = ans if ans is not None else d["n"][0]
        ans = None
    if ans is not None:
        d["got"].append(ans)
    n = min(d["n"], len(orbs))
    if len(d["got"]) < n:
        opts = [(f"corrupt orb {i + 1}", oid) for i, oid in enumerate(orbs) if oid not in d["got"]]
        g.ask(d["p"], "corrupt", f"choose an orb of p{victim + 1} to corrupt", opts)
        return
    got = d["got"]
    if not got:
        g.pop()
        return
    g.begin_batch()
    new = [g.move(oid, "hand", victim, cause="corrupt") for oid in got]
    g.emit(Event("corrupt", oid=d.get("by"), player=d["p"], data={"n": len(new), "victim": victim}))
    g.end_batch()
    g.note(f"p{d['p'] + 1} corrupts {len(new)} orb(s) of p{victim + 1}")
    g.pop()
    breakers = [x for x in new if has_kw(g.chars(x).get("keywords", ()), "break")]
    if breakers:
        g.push("break", p=victim, cards=breakers)


def _break_cost(g: Game, oid: int) -> list | None:
    """[Break] plays free; [Break](Cost) pays that cost instead (CR 1103.2-1103.3)."""
    for k, param in g.chars(oid).get("keywords", ()):
        if k == "break":
            if param is None:
                return None
            if isinstance(param, int):
                # CR 203.2: the aether that pays for a card includes one of each of its elements
                els = tuple(sorted(g.chars(oid).get("elements", ())))
                return [("aether", {"n": param, "elements": els})]
            return [("aether", param)] if isinstance(param, dict) else list(param)
    return None


def proc_break(g: Game, f: Frame) -> None:
    """CR 1103: the owner may play corrupted [Break] cards at once, in any order (1103.4)."""
    rules = g.rules
    d = f.data
    p = d["p"]
    ans = g.answer(f)
    if ans is not None:
        if ans == "done":
            g.pop()
            return
        kind, oid = ans[0], ans[1]
        d["cards"] = [x for x in d["cards"] if x != oid]
        if kind == "play":
            cost = _break_cost(g, oid)
            begin_play(g, f, 0, 0, p, "card", oid, free=cost is None, break_cost=cost, break_play=True)
            return
        if kind == "caster":
            cost = _break_cost(g, oid)
            if cost:
                g.push("pay", p=p, src=oid, items=cost, i=0, env={})
                f.data["pending_caster"] = ans
                return
            _break_caster(g, p, ans)
            return
    if "pending_caster" in d:
        ans2 = d.pop("pending_caster")
        if d.pop("ret", False):
            _break_caster(g, p, ans2)
    opts: list[tuple[str, Any]] = [("pass", "done")]
    for oid in d["cards"]:
        o = g.objects.get(oid)
        if o is None or o.zone != "hand":
            continue
        c = g.chars(oid)
        if not has_kw(c.get("keywords", ()), "break"):
            continue
        key = o.card.key
        if "caster" in c["types"]:
            # CR 1103.2a: only if you control no caster with the same name
            names = {g.chars(x)["name"] for x in g.zone(p, "casters") if g.objects[x].face_up}
            if c["name"] in names:
                continue
            cost = _break_cost(g, oid)
            if cost and not rules.can_pay_items(g, p, oid, cost):
                continue  # CR 1103.3a: [Break](Cost) only if that cost can be paid
            if c.get("level") == 1:
                opts.append((f"call {key}", ("caster", oid, None)))
            else:
                for t in level_up_targets(g, p, oid):
                    opts.append((f"level up {rules.obj_ref(g, t)} with {key}", ("caster", oid, t)))
            continue
        cost = _break_cost(g, oid)
        if card_playable(g, p, oid, free=True, cost_items=cost or []):
            opts.append((f"play {key}", ("play", oid)))
    # two corrupted copies of one card are one option (the other is offered again after it)
    labels: set[str] = set()
    opts = [o for o in opts if not (o[0] in labels or labels.add(o[0]))]
    if len(opts) == 1:
        g.pop()
        return
    g.ask(p, "break", "[Break]: play a card put into your hand from an orb zone now?", opts)


def _break_caster(g: Game, p: int, ans: tuple) -> None:
    _, oid, target = ans
    if target is None:
        g.move(oid, "casters", p, face_up=True, orient="recovered", cause="break")
        g.note(f"p{p + 1} puts {g.objects[g.zone(p, 'casters')[-1]].card.key} into the field ([Break])")
    else:
        level_up(g, p, oid, target)


__all__ = ["proc_battle", "proc_corrupt", "proc_break", "ON_FIELD"]
