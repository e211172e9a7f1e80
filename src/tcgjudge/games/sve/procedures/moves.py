"""Moving cards: zone limits, replacement effects on moves, tokens and advanced cards.

Every card an effect moves goes through :func:`proc_moves`, which applies, in order,

1. the field and EX area limits (4.4.4.2, 4.8.3.2): the effect's controller picks which cards
   move when there is not room for all;
2. replacement effects (10.10): Stack (13.3.2.2), Ward's "put it onto the field engaged
   instead" (12.8.2), and the cards' own ``replacement`` abilities;
3. the moves themselves, simultaneously (one batch of events);
4. what replacement effects do instead.

:func:`move_now` is the single move of one card with the rules that follow every move: a token
outside the zones it may exist in is eliminated (9.1.4.3), an advanced card goes to the evolve
deck faceup (9.2.2), a Stack card enters with a Stack counter (13.3.2.2), effects carry over from
the EX area and the resolution zone to the field (4.8.3.3, 10.6.2.8.1.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.context import has_kw, player1
from ....cards.ordering import choose_order
from ....kernel.decisions import clip
from ....kernel.effects import CEffect
from ....kernel.events import Event
from ..vocabulary import ADVANCED_ZONES, FACE_ZONES, TOKEN_ZONES_PERMANENT, TOKEN_ZONES_SPELL, ZONES

if TYPE_CHECKING:
    from ....cards.interpreter import Run
    from ....kernel.game import Frame, Game
    from ....kernel.objects import CardDef, Obj


def is_cost_change(e: CEffect) -> bool:
    """A continuous effect that changes only a card's cost ("It costs 1 less to play", "It costs 0
    to play this turn")."""
    return (e.op == "modify" and e.args.keys() == {"cost"}) or (e.op == "set_stats" and e.args.keys() == {"cost_set"})


def carry_effects(g: Game, old: int, new: int, *, costs_only: bool = False) -> None:
    """Effects applied to a card keep applying to it after this move (4.8.3.3, 10.6.2.1.3,
    10.6.2.8.1.1); with ``costs_only``, only the effects that change its cost (a card played
    from the hand, see ``SVERules.to_waiting``)."""
    out = []
    changed = False
    for e in g.effects:
        if e.affects[0] == "objs" and old in e.affects[1] and (not costs_only or is_cost_change(e)):
            e = CEffect(e.eid, e.ts, e.layer, e.op, e.args, ("objs", e.affects[1] | {new}), e.controller,
                        e.source, e.duration, e.cond, e.ability)
            changed = True
        out.append(e)
    if changed:
        g.effects = out
        g.touch()


def token_may_be(card: CardDef, zone: str) -> bool:
    """9.1.4.1-9.1.4.2: where a token may exist."""
    if "spell" in card.chars["types"]:
        return zone in TOKEN_ZONES_SPELL
    return zone in TOKEN_ZONES_PERMANENT


def move_now(g: Game, oid: int, dest: str, zp: int | None = None, *, cause: str = "", pos: Any = "top",
             face_up: bool | None = None, orient: str | None = None, side: str | None = None,
             controller: int | None = None, note: bool = True) -> int | None:
    """Move one card now, with the rules that follow every move (see the module docstring).
    Returns the card's id in its new zone, or None if it no longer exists (an eliminated token)."""
    o = g.objects[oid]
    frm = o.zone
    if zp is None:
        zp = o.owner  # 4.1.6
    if dest == "field":
        if orient is None:
            orient = "reserved"  # 4.2.2.3
        if controller is None:
            controller = zp
    if dest == "evolve_deck" and face_up is None:
        face_up = False
    new = g.move(oid, dest, zp, pos=pos, face_up=face_up, orient=orient, cause=cause, controller=controller)
    if new not in g.objects:  # 9.1.4.3: a token where it may not exist is eliminated at once
        g.note(f"the {o.card.key} token ceases to exist (9.1.4.3)")
        return None
    n = g.objects[new]
    chars = n.card.chars
    if side == "back" and dest in FACE_ZONES and "back" in chars:
        g.set_data(new, "face", "back")
    if dest == "field" and frm in ("ex_area", "resolution"):
        carry_effects(g, oid, new)
    if dest == "field" and frm != "field":
        record_entry(g, new, o, frm, cause)
    if note:
        who = f"p{n.zp + 1} " if n.zp >= 0 else ""
        seen = g.rules.can_see_all(g, n) or ZONES[frm].public
        g.note(f"{n.card.key if seen else 'a card'} -> {who}{dest} ({cause or 'move'})")
    if n.card.token and not token_may_be(n.card, dest):
        g.erase(new)  # 9.1.4.3: eliminated at once, no Confirmation Timing
        g.note(f"the {n.card.key} token ceases to exist (9.1.4.3)")
        return None
    if chars.get("special") == "advanced" and dest not in ADVANCED_ZONES:
        # 9.2.2: straight on to the evolve deck, faceup, before the rest of the process
        new = g.move(new, "evolve_deck", n.owner, face_up=True, cause="advanced")
        return new
    if dest == "field" and frm != "field" and has_kw(g.chars(new).get("keywords", ()), "stack"):
        w = g.w(new)  # 13.3.2.2: put onto the field with one Stack counter
        w.counters = dict(w.counters or {})
        w.counters["stack"] = w.counters.get("stack", 0) + 1
    return new


def record_entry(g: Game, new: int, o: Obj, frm: str | None, cause: str) -> None:
    """How a card came onto the field, for "if this card was put onto the field by an ability" and
    "... from hand" (kept on the card while it stays there, 4.1.4): ``entered_by`` is ``play`` for
    a card played and put onto the field as it resolves (10.6.2.8.1), ``ability`` for a card put
    there by an effect (5.4.1, 5.4.2: summoned, put, created; 5.12 swapped); ``entered_from`` is the
    zone it came from, the zone it was played from for a played card (5.4.3)."""
    played = cause == "play" and frm == "resolution"
    g.set_data(new, "entered_by", "play" if played else "ability")
    g.set_data(new, "entered_from", (o.get("from") if frm == "resolution" else frm) or "")


def create_token(g: Game, card: CardDef, p: int, zone: str, engaged: bool = False) -> int | None:
    """9.1.2: create a token in a zone (it is "put into" that zone, 9.1.2.2); a full field or EX
    area takes no more (4.4.4.2, 4.8.3.2)."""
    rules = g.rules
    if not token_may_be(card, zone):
        return None
    if zone in ("field", "ex_area") and len(g.zone(p, zone)) >= rules.zone_limit(g, p, zone):
        g.note(f"p{p + 1}'s {zone} is full: no {card.key} token is created")
        return None
    orient = ("engaged" if engaged else "reserved") if zone == "field" else ""
    oid = g.create(card, p, zone, p, orient=orient)
    if zone == "field" and has_kw(card.chars.get("keywords", ()), "stack"):
        g.w(oid).counters = {"stack": 1}
    if zone == "field":
        g.set_data(oid, "entered_by", "ability")  # 5.4.2: created there by an effect
    g.note(f"p{p + 1} creates a {card.key} token in their {zone}")
    g.emit(Event("move", oid=None, new=oid, frm=None, to=zone, player=p, cause="token"))
    return oid


# ------------------------------------------------------------------- planning
#: the flag that keeps a card from an ability's move of that cause (11.3.2.1: "can't be destroyed
#: or banished by abilities"; rules handling at 0 defense is not an ability, 10.12.1.2)
_PROTECTED_BY = {"destroy": "no_ability_destroy", "banish": "no_ability_banish"}


def plan_from_op(rt: Run, ids: list[int], dest: str, cause: str, extra: dict) -> list[int] | None:
    """The core move instructions (destroy, banish, return, to_deck, move, put_field, search) in
    SVE's meaning; pushes the ``moves`` procedure."""
    g = rt.g
    performer = player1(rt.ctx, extra["player"]) if "player" in extra else rt.p
    plan = []
    replaced = rt.env.get("_replaced")  # inside what a replacement effect does instead (10.10.2.3)
    for oid in ids:
        o = g.objects.get(oid)
        if o is None:
            continue
        if cause in _PROTECTED_BY and _PROTECTED_BY[cause] in g.chars(oid).get("flags", ()):
            continue  # "This card can't be destroyed or banished by abilities" (11.3.2.1)
        e = plan_entry(o, dest, cause, extra, performer)
        if e is not None:
            if replaced:
                # 10.10.2.3: a replacement effect applies once: not to the replaced event, nor to
                # the moves its own "instead" makes (of that card or any other)
                e["applied"] = [list(x) for x in replaced.get("applied", ())]
            plan.append(e)
    if not plan:
        return []
    g.push("moves", p=rt.p, plan=plan, stage=0, i=0)
    return None


def plan_entry(o: Obj, dest: str, cause: str, extra: dict, performer: int) -> dict | None:
    zp: int | None = o.owner
    face: bool | None = None
    chooser: int | None = None
    orient = extra.get("orientation")
    pos = extra.get("pos", "top")
    side = extra.get("side")
    if cause == "destroy":
        if o.zone != "field":
            return None  # 5.5.1: destroying is for cards on the field
        dest = "cemetery"
    elif cause in ("banish", "remove"):
        dest = "banished"  # 5.6.1
        face = extra.get("face", "up") == "up"
    elif cause == "return":
        dest = "hand"
    elif cause == "to_deck":
        dest = "deck"
        chooser = performer if "player" in extra else None
    elif cause == "bury":
        dest = "cemetery"  # 5.33.1
    elif cause in ("put_field", "summon"):
        dest, zp = "field", performer  # 5.4.1: summon = put onto your field
        if extra.get("engaged"):
            orient = "engaged"
    elif cause == "put_ex":
        dest, zp = "ex_area", performer
    elif cause in ("move", "search"):
        dest = extra.get("to") or dest or "hand"
        if "player" in extra and dest in ("field", "ex_area", "hand", "deck", "cemetery", "banished"):
            zp = performer
        if extra.get("face"):
            face = extra["face"] == "up"
    if dest == "":
        return None
    if o.zone == dest and (zp is None or o.zp == zp) and dest != "deck":
        return None  # 1.3.2.1: already there
    return {"oid": o.id, "dest": dest, "zp": zp, "face": face, "orient": orient, "pos": pos, "side": side,
            "cause": cause, "shuffle": bool(extra.get("shuffle")), "ask": None, "chooser": chooser}


def _place_words(pos: str) -> str:
    """A place in a deck in words: "top", "bottom", "3" (4.1.3.1: the 3rd card from the top)."""
    return f"{pos} from the top" if pos.isdigit() else f"on the {pos}"


# -------------------------------------------------------------------- the procedure
def proc_moves(g: Game, f: Frame) -> None:
    d = f.data
    plan = d["plan"]
    if d["stage"] == 0:  # limits of the field and the EX area
        if not _limits(g, f):
            return
        d["stage"], d["i"] = 1, 0
    if d["stage"] == 1:  # replacement effects and Ward, card by card
        while d["i"] < len(plan):
            e = plan[d["i"]]
            if e.get("skip") or e["oid"] not in g.objects:
                d["i"] += 1
                continue
            if not _replacements(g, f, e):
                return
            d["i"] += 1
        d["stage"] = 15
    if d["stage"] == 15:  # 4.1.5: the zone's player orders cards put into an ordered zone together
        if not choose_order(g, f, plan, _ordered_zone):
            return
        d["stage"] = 2
    if d["stage"] == 2:
        out: list[int] = []
        decks: set[int] = set()
        g.begin_batch()
        for e in plan:
            if e.get("skip") or e.get("replaced") or e["oid"] not in g.objects:
                continue
            orient = e["orient"]
            if orient == "ward_engaged":
                orient = "reserved"
            new = move_now(g, e["oid"], e["dest"], e["zp"], cause=e["cause"], pos=e["pos"], face_up=e["face"],
                           orient=orient, side=e["side"])
            d.setdefault("moved", []).append([e["oid"], new])  # what each card became (``report``)
            if new is None:
                continue
            if e["orient"] == "ward_engaged":
                # 12.8.2 (i): put onto the field reserved, and then engaged
                g.set_orient(new, "engaged", cause="ward")
            elif e["dest"] == "field" and e["orient"] in (None, "reserved") and not e.get("ward_asked"):
                # 10.10.3: Ward the card has once on the field (given by an effect there) offers
                # the same choice, after it is put there reserved (12.8.2 (i))
                c = g.chars(new)
                if "follower" in c["types"] and has_kw(c.get("keywords", ()), "ward"):
                    d.setdefault("late_ward", []).append([new, e["zp"]])
            if e["dest"] == "deck" and e.get("shuffle"):
                decks.add(g.objects[new].zp)
            out.append(new)
        g.end_batch()
        for p in sorted(decks):
            g.rules.shuffle(g, p)
        for e in plan:
            if e.get("stack") and e["oid"] in g.objects:
                g.add_counters(e["oid"], "stack", -1, cause="replacement")  # 13.3.2.2
                g.note(f"{g.objects[e['oid']].card.key} stays on the field: a Stack counter is removed instead")
        d["out"] = out
        d["stage"], d["i"] = "ward", 0
    if d["stage"] == "ward":
        late = d.get("late_ward") or []
        while late:
            oid, zp = late[0]
            if oid not in g.objects or g.objects[oid].zone != "field":
                late.pop(0)
                continue
            ans = g.answer(f)
            if ans is None:
                g.ask(zp, "enter", f"{g.rules.obj_name(g, oid, None)} enters the field (Ward)",
                      [("enter reserved", "reserved"), ("enter engaged", "engaged")])
                return
            late.pop(0)
            if ans == "engaged":
                g.set_orient(oid, "engaged", cause="ward")
        d["stage"], d["i"] = 3, 0
    if d["stage"] == 3:  # what the replacement effects do instead
        while d["i"] < len(plan):
            e = plan[d["i"]]
            d["i"] += 1
            inst = e.get("instead")
            if inst:
                src, index, ctrl, env = inst
                ab = _ability(g, src, index)
                if ab is None:
                    continue
                from ....cards.interpreter import start_program

                env = dict(env)
                env["subject"] = [e["oid"]] if e["oid"] in g.objects else []
                # 10.10.2.3: the event, now replaced, is not replaced again by the same effect
                env["_replaced"] = {"oid": e["oid"], "applied": [list(x) for x in e.get("applied", ())]
                                    + [[src, index]]}
                start_program(g, ctrl, src, tuple(ab.spec.get("instead", ())), env)
                return
        # ``report``: [old id, new id or None] for each card that moved (not skipped nor replaced)
        g.pop(d.get("moved", []) if d.get("report") else d["out"])


def _ordered_zone(e: dict) -> bool:
    """4.1.5: the order of cards put into an ordered zone together is chosen (4.1.5.1: without
    showing it); a shared ordered zone has no player to choose."""
    z = ZONES[e["dest"]]
    return z.ordered and not z.shared


def _ability(g: Game, src: int, index: int):
    if src in g.objects:
        c = g.chars(src)
    elif src in g.lki:
        c = g.lki[src][1]
    else:
        return None
    return next((a for a in c["abilities"] if a.index == index), None)


def _limits(g: Game, f: Frame) -> bool:
    """4.4.4.2, 4.8.3.2: not more cards than there is room for; the effect's controller chooses."""
    d = f.data
    plan = d["plan"]
    rules = g.rules
    for zone in ("field", "ex_area"):
        for p in (0, 1):
            idx = [i for i, e in enumerate(plan) if e["dest"] == zone and e["zp"] == p and not e.get("skip")
                   and not (g.objects[e["oid"]].zone == zone and g.objects[e["oid"]].zp == p)]
            if not idx:
                continue
            room = max(0, rules.zone_limit(g, p, zone) - len(g.zone(p, zone)))
            if len(idx) <= room:
                continue
            key = f"keep_{zone}_{p}"
            kept = d.setdefault(key, [])
            ans = g.answer(f)
            if ans is not None:
                kept.append(ans)
            left = [i for i in idx if i not in kept]
            if len(kept) < room:
                cards = {g.objects[plan[i]["oid"]].card.key for i in left}
                if len(cards) == 1:  # identical cards: which ones cannot matter
                    kept.extend(left[:room - len(kept)])
                else:
                    opts = [(f"choose {rules.obj_ref(g, plan[i]['oid'])}", i) for i in left]
                    g.ask(d["p"], "select", f"p{p + 1}'s {zone} has room for {room}: choose the cards to move "
                          f"({len(kept) + 1} of {room})", opts)
                    return False
            for i in idx:
                if i not in kept:
                    plan[i]["skip"] = True
                    g.note(f"p{p + 1}'s {zone} is full: {rules.obj_name(g, plan[i]['oid'], None)} is not moved")
    return True


def _replacements(g: Game, f: Frame, e: dict) -> bool:
    """Replacement effects for one move (10.10).  False: a question was asked."""
    rules = g.rules
    o = g.objects[e["oid"]]
    c = g.chars(e["oid"])
    kws = c.get("keywords", ())
    if o.zone == "field" and e["dest"] != "field" and not e.get("done_stack"):
        e["done_stack"] = True
        # 13.3.2.2: "when this card would leave the field, if it has any Stack counters, remove one
        # instead, and this card remains on the field"
        if has_kw(kws, "stack") and o.counter("stack") > 0:
            e["replaced"] = True
            e["stack"] = True
            return True
    if not e.get("done_repl"):
        cands = _replacement_abilities(g, e)
        ans = g.answer(f)
        if cands:
            if ans is None:
                opts = [(f"apply {clip(ab.text, 48) or 'replacement'}", i) for i, (_, ab, _, _) in enumerate(cands)]
                if all(ab.spec.get("optional") for _, ab, _, _ in cands):
                    opts.insert(0, ("pass", "no"))
                if len(opts) == 1:
                    ans = 0
                else:
                    # 10.10.2, 10.10.2.2: the controller of the card the event happens to chooses
                    g.ask(o.controller, "replacement", f"{rules.obj_name(g, e['oid'], None)} would move to "
                          f"{e['dest']}: apply a replacement effect?", opts)
                    return False
            e["done_repl"] = True
            if ans != "no":
                src, ab, ctrl, bind = cands[ans]
                e["replaced"] = True
                e["instead"] = (src, ab.index, ctrl, bind)
                g.note(f"{rules.obj_name(g, e['oid'], None)} does not move: {ab.text[:60]} (10.10.1)")
                return True
        e["done_repl"] = True
    if e["dest"] == "deck" and "_or_" in str(e["pos"]):
        # "on the top or bottom of its owner's deck", "2nd from the top or on the bottom": the
        # player who performs it chooses, the effect's controller when the text names nobody
        # (3.1.2.4.1), else the card's controller ("Its controller puts it ...")
        ans = g.answer(f)
        if ans is None:
            chooser = e.get("chooser")
            places = str(e["pos"]).split("_or_")
            g.ask(o.controller if chooser is None else chooser, "deck_position",
                  f"put {rules.obj_name(g, e['oid'], None)} {' or '.join(map(_place_words, places))} "
                  "of its owner's deck?", [(f"choose {p}", p) for p in places])
            return False
        e["pos"] = ans
    if e["dest"] == "field" and e["orient"] in (None, "reserved") and not e.get("done_ward"):
        e["done_ward"] = True
        if has_kw(kws, "enters_engaged") or "enters_engaged" in c.get("flags", ()):
            e["orient"] = "engaged"
            return True
        # 12.8.2 (i): Ward: "you may instead put it onto the field reserved and then engage it"
        if has_kw(kws, "ward") and "follower" in c["types"]:
            e["ward_asked"] = True
            ans = g.answer(f)
            if ans is None:
                e["done_ward"] = False
                g.ask(e["zp"], "enter", f"{rules.obj_name(g, e['oid'], None)} enters the field (Ward)",
                      [("enter reserved", "reserved"), ("enter engaged", "ward_engaged")])
                return False
            e["orient"] = ans
    return True


def _replacement_abilities(g: Game, e: dict) -> list[tuple]:
    """``replacement`` abilities whose ``replace`` pattern matches this move (10.10.1)."""
    o = g.objects[e["oid"]]
    # a move about to happen: patterns read the card as it is now (not its last known information)
    ev = Event("move", oid=e["oid"], new=None, frm=o.zone, to=e["dest"], player=o.controller, cause=e["cause"],
               data={"would": True})
    out = []
    applied = e.get("applied") or ()
    for zone in ("field", "leader"):
        for p in (g.active, 1 - g.active):
            for oid in g.zone(p, zone):
                c = g.chars(oid)
                for ab in c["abilities"]:
                    if ab.kind != "replacement" or zone not in ab.zones:
                        continue
                    if [oid, ab.index] in applied:
                        continue  # 10.10.2.3: each replacement effect at most once to one event
                    src_o = g.objects[oid]
                    bind = g.rules.match_pattern(g, ab.spec["replace"], src_o.controller, oid, ev, {})
                    if bind is not None:
                        out.append((oid, ab, src_o.controller, bind))
    return out


__all__ = ["proc_moves", "move_now", "create_token", "carry_effects", "is_cost_change", "plan_from_op"]
