"""The attack phase (NOVA 405): start, declare attack, declare block, battle, end; after each
battle the game returns to the declare-attack step (405.6.4).

The battle in progress is ``gvars["battle"]``: ``att`` (the attacking servant), ``target`` (a
servant id or ``"p1"``/``"p2"``), ``blocker`` and ``blocked``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.context import has_kw
from ...kernel.events import Event
from ...kernel.priority import PASS, start_priority
from ..common import phase_event
from . import energy as en
from .steps import close_step, open_step

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game


def can_attack(g: Game, oid: int) -> bool:
    """405.4.3: a standby servant of the turn player without the action restriction (203.4)."""
    rules = g.rules
    o = g.objects[oid]
    c = g.chars(oid)
    return ("servant" in c["types"] and o.orient == "standby" and not o.get("destroyed")
            and "cannot_attack" not in c.get("flags", ()) and not rules.restricted(g, oid))


def attack_options(g: Game, p: int) -> list[tuple[str, Any]]:
    rules = g.rules
    opts: list[tuple[str, Any]] = []
    foes = [x for x in g.zone(1 - p, "field") if "servant" in g.chars(x)["types"]
            and g.objects[x].orient == "frozen" and not g.objects[x].get("destroyed")]
    for oid in g.zone(p, "field"):
        if not can_attack(g, oid):
            continue
        opts.append((f"attack {rules.obj_ref(g, oid)} -> p{2 - p}", (oid, f"p{2 - p}")))
        for t in foes:  # 405.4.3: or a frozen servant of the non-turn player
            opts.append((f"attack {rules.obj_ref(g, oid)} -> {rules.obj_ref(g, t)}", (oid, t)))
    return opts


def block_options(g: Game, p: int) -> list[tuple[str, Any]]:
    """405.5.3: a standby servant of the non-turn player (the action restriction does not stop
    a block, 203.4.1)."""
    rules = g.rules
    return [(f"block {rules.obj_ref(g, x)}", x) for x in g.zone(p, "field")
            if "servant" in g.chars(x)["types"] and g.objects[x].orient == "standby"
            and not g.objects[x].get("destroyed") and "cannot_block" not in g.chars(x).get("flags", ())]


def in_battle(g: Game, oid: int | None, controller: int) -> bool:
    """405.2: a servant leaves the battle when it leaves the field, changes controller or stops
    being a servant.  ``controller`` is the player who controlled it when the battle began (the
    turn player for the attacker, the other player for the blocker and a target servant)."""
    if oid is None or oid not in g.objects:
        return False
    o = g.objects[oid]
    return o.zone == "field" and o.controller == controller and "servant" in g.chars(oid)["types"]


#: frame steps that begin a step of the attack phase: (its name, its "at the start of" event,
#: the next frame step) -- 405.3.1-405.3.2, 405.5.1-405.5.2, 405.6.1-405.6.2
_OPENING = {
    "start": ("start", "attack", "to_declare"),
    "block": ("declare-block", "declare-block", "block_choice"),
    "battle": ("battle", "battle", "damage"),
}
#: frame steps that end a step, and the frame step that follows
_CLOSING = {"to_declare": "declare", "to_block": "block", "to_battle": "battle"}


def proc_attack(g: Game, f: Frame) -> None:
    rules = g.rules
    step = f.step
    tp = g.active
    if step in _OPENING:  # 405.3, 405.5, 405.6: the step begins, then priority
        name, event, then = _OPENING[step]
        open_step(g, f, "attack", name, event, then)
        return
    if step in _CLOSING:  # 405.4, 405.5, 405.6 end: the stocks empty (005.6.4)
        close_step(g, f, _CLOSING[step])
        return
    if step == "declare":  # 405.4
        g.phase, g.step = "attack", "declare-attack"
        g.gvars.pop("battle", None)
        if g.gvars.get("declared_turn") != g.turn:  # 405.4.1: only the turn's first declare-attack
            g.gvars["declared_turn"] = g.turn  # step, also when an attack phase is added (401.2)
            phase_event(g, "declare-attack")
        f.step = "declare_choice"
        start_priority(g)  # 405.4.2
        return
    if step == "declare_choice":
        ans = g.answer(f)
        if ans is None:
            opts = attack_options(g, tp)
            if opts:
                g.ask(tp, "attack", "405.4.3: declare an attack, or pass", [("pass", PASS)] + opts)
                return
            ans = PASS
        if ans == PASS:  # 405.4.3.2: straight to the attack-end step
            en.clear_stocks(g)
            f.step = "end"
            return
        att, target = ans
        g.set_orient(att, "frozen", cause="attack")  # 405.4.4
        g.gvars["battle"] = {"att": att, "target": target, "blocker": None, "blocked": False}
        tname = target if isinstance(target, str) else rules.obj_name(g, target, None)
        g.note(f"{rules.obj_name(g, att, None)} attacks {tname}")
        tgt = None if isinstance(target, str) else target
        g.emit(Event("attack", oid=att, player=tp, data={"target": tgt}))  # 405.4.5, 405.4.6
        f.step = "to_block"
        start_priority(g)  # 405.4.7
        return
    if step == "block_choice":
        b = g.gvars.get("battle")
        ans = g.answer(f)
        if b is not None and ans is None and in_battle(g, b["att"], tp):
            opts = block_options(g, 1 - tp)
            if opts:
                g.ask(1 - tp, "block", "405.5.3: declare a block?", [("no block", PASS)] + opts)
                return
        if b is not None and ans is not None and ans != PASS:
            g.set_orient(ans, "frozen", cause="block")  # 405.5.4
            b["blocker"] = ans
            b["blocked"] = True
            g.note(f"{rules.obj_name(g, ans, None)} blocks")
            g.emit(Event("block", oid=ans, player=1 - tp, data={"attacker": b["att"]}))  # 405.5.5
        f.step = "to_battle"
        start_priority(g)  # 405.5.6
        return
    if step == "damage":
        battle_damage(g)  # 405.6.3, 602.5
        f.step = "after_damage"
        start_priority(g)  # 405.6.4
        return
    if step == "after_damage":
        g.gvars.pop("battle", None)
        en.clear_stocks(g)
        f.step = "declare"  # 405.6.4: back to the declare-attack step
        return
    if step == "end":  # 405.7
        g.phase, g.step = "attack", "end"
        g.gvars.pop("battle", None)
        phase_event(g, "attack-end")  # 405.7.1
        f.step = "finish"
        start_priority(g)  # 405.7.2
        return
    if step == "finish":
        g.end_effects("attack_phase")  # 405.7.3
        g.pop()  # 405.7.4 (the turn procedure empties the stocks)
        return
    raise RuntimeError(f"attack: bad step {step!r}")


def battle_damage(g: Game) -> None:
    """405.6.3: battle damage, dealt simultaneously (602.5); 1004: 【貫通】."""
    rules = g.rules
    b = g.gvars.get("battle")
    if b is None:
        return
    att = b["att"]
    tp = g.active
    if not in_battle(g, att, tp):
        return
    atk = max(0, g.chars(att).get("atk") or 0)  # 004.8: a negative value counts as 0
    pierce = has_kw(g.chars(att).get("keywords", ()), "pierce")
    target = b["target"]
    hits: list[tuple[Any, int, int | None]] = []  # (servant id or player index, amount, source)
    blocker = b.get("blocker")
    if b["blocked"]:
        if in_battle(g, blocker, 1 - tp):  # 405.6.3.1.1
            bo = g.objects[blocker]
            hp_left = max(0, (g.chars(blocker).get("def") or 0) - bo.get("damage", 0))
            hits.append((blocker, atk, att))
            hits.append((att, max(0, g.chars(blocker).get("atk") or 0), blocker))
            if pierce and atk > hp_left:  # 1004.3
                hits.append((_target_key(target), atk - hp_left, att))
        elif pierce:  # 1004.5: the blocker left the battle: all to the original target
            hits.append((_target_key(target), atk, att))
    elif isinstance(target, str):  # 405.6.3.1.3
        hits.append((_target_key(target), atk, att))
    elif in_battle(g, target, 1 - tp):  # 405.6.3.1.2
        hits.append((target, atk, att))
        hits.append((att, max(0, g.chars(target).get("atk") or 0), target))
    g.begin_batch()
    for who, n, src in hits:
        if isinstance(who, tuple):
            if who[0] == "p" or in_battle(g, who[1], 1 - tp):
                if who[0] == "p":
                    rules.damage_player(g, who[1], n, src, True, tp)
                else:
                    rules.deal_damage(g, who[1], n, src, True, tp)
        else:
            rules.deal_damage(g, who, n, src, True, tp)
    g.end_batch()


def _target_key(target: Any) -> tuple:
    if isinstance(target, str):
        return ("p", int(target[1]) - 1)
    return ("s", target)
