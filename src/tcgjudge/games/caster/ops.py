"""Caster instructions of the effect language, and Caster conditions and filters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.context import Ctx, has_kw, matches, player1, players, resolve, select, value
from ...cards.interpreter import Run, first_of_both, move_op
from ...kernel.decisions import clip
from ...kernel.effects import CEffect
from ...kernel.events import Event
from . import aether as ae
from .battle import attacking_now, battling, corrupt_count
from .procedures import entry_options, level_up, level_up_targets, main_timing, switch
from .vocabulary import ELEMENTS, ON_FIELD

if TYPE_CHECKING:
    from ...cards.card_rules import CardRules


def install(rules: CardRules) -> None:
    rules.ops.update({
        "produce": op_produce, "corrupt": op_corrupt, "to_orbs": move_op("to_orbs", ("pos", "face")),
        "to_casters": move_op("to_casters", ("pos", "face")), "soul_bond": op_soul_bond, "level_up": op_level_up,
        "to_bingo": op_to_bingo, "enter_ability": op_enter_ability, "unity": op_unity,
        "become_servant": op_become_servant, "put_caster": op_put_caster,
        "rest": _orient_op("rested"), "recover": _orient_op("recovered"), "reverse": _orient_op("reversed"),
        "switch": op_switch, "become": op_become, "face_down": op_face_down, "move_counters": op_move_counters,
        "removed_as_resolves": op_removed_as_resolves,
    })
    rules.cond_hooks.update({"dct": cond_dct, "vanity": cond_vanity, "bingo": cond_bingo, "orbs": cond_orbs,
                             "main_timing": lambda ctx, a: main_timing(ctx.g, ctx.p) == bool(a)})
    rules.filter_hooks.update({
        "additional_type": lambda ctx, oid, o, c, v: any(
            t in c.get("additional", ()) for t in ((v,) if isinstance(v, str) else v)),
        "stock": lambda ctx, oid, o, c, v: (o.over is not None) == bool(v),
        # CR 901.1d: "a card with [Name]" refers to an ability with that ability name
        "ability": lambda ctx, oid, o, c, v: any(
            a.name in ((v,) if isinstance(v, str) else v) for a in c.get("abilities", ()) if a.name),
        # CR 909.6: "printed" information is the card's without continuous effects
        "printed": lambda ctx, oid, o, c, v: matches(
            Ctx(ctx.g, ctx.p, ctx.src, ctx.env, chars=ctx.g.base_chars), oid, v, obj=o),
        "materials_of": lambda ctx, oid, o, c, v: any(
            c.get("name") in ctx.g.chars(x).get("materials", ()) for x in resolve(ctx, v)),
        "stock_of": lambda ctx, oid, o, c, v: o.over is not None and o.over in resolve(ctx, v),
        # CR 1019.1, 903.2b: an ability in the chase zone whose card fits (as it last was, CR 911.1)
        "ability_of": _ability_of,
        # CR 1118.4: the casters rested for a card's [Ride] cost this turn, and (1118.4a) the card
        # a caster rides
        "rode": lambda ctx, oid, o, c, v: any(oid in ctx.g.record.get(f"ride:{x}", ()) for x in resolve(ctx, v)),
        "ridden_by": lambda ctx, oid, o, c, v: any(x in ctx.g.record.get(f"ride:{oid}", ()) for x in resolve(ctx, v)),
        # CR 803.5, 803.5a: the attacking servant and the servant it attacks are "battling"
        # (each other) until the battle ends (805.4); `True` for any servant, else a selector
        "battling": _battling,
        # CR 803.4, 803.4a: the attacking servant now, attacking that player (a player word)
        "attacking": lambda ctx, oid, o, c, v: attacking_now(ctx.g, oid, players(ctx, v)),
        # it is in a graveyard, put there from the field this turn (the card left the field as
        # another object, CR 302.3: the turn's record keeps that one, and what it became)
        "from_field_this_turn": lambda ctx, oid, o, c, v: any(
            ctx.g.lki.get(x, (None, None, None))[2] == oid
            for p in range(len(ctx.g.players)) for x in ctx.g.rules.record_cards(ctx.g, p, "to_graveyard_from_field")
        ) == bool(v),
        # CR 803.3b: it attacked that card (as it was then, CR 911) or that player this turn
        "attacked_this_turn": _attacked_this_turn,
        # CR 803.4: the attacking servant of a battle this turn (the turn's record of attacks)
        "attacker": lambda ctx, oid, o, c, v: any(
            oid in ctx.g.rules.record_cards(ctx.g, p, "attacks") for p in range(len(ctx.g.players))) == bool(v),
        # CR 803.4: the attacking servant and the servant it attacks are "servants in battle"
        "battled": lambda ctx, oid, o, c, v: ((o.data or {}).get(
            "battled_servant" if v == "servant" else "battled") == ctx.g.turn) == bool(v),
    })


def _attacked_this_turn(ctx: Ctx, oid: int, o: Any, c: dict, v: Any) -> bool:
    g = ctx.g
    if v in ("you", "enemy"):
        whats = [f"p{p}" for p in players(ctx, v)]
    else:
        ids = set(resolve(ctx, v))
        if v == "self" and ctx.src is not None:  # also when it has left the field ([Last Words])
            ids.add(ctx.src)
        # the card attacked may have moved since (a new object, CR 302.3): its earlier ids
        ids |= {old for old, info in g.lki.items() if info[2] in ids}
        whats = [str(x) for x in ids]
    return any(oid in g.rules.record_cards(g, p, f"attacked:{w}") for w in whats for p in range(len(g.players)))


def _battling(ctx: Ctx, oid: int, o: Any, c: dict, v: Any) -> bool:
    other = battling(ctx.g, oid)
    if other is None:
        return not v
    return bool(v) if v is True or v is False else matches(ctx, other, v)


# ---------------------------------------------------------------------- aether
def op_produce(rt: Run, a: dict) -> bool:
    """CR 907: produced aether is kept until paid or erased (907.4)."""
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    n = value(rt.ctx, a.get("n", 1))
    el = a.get("element", "void")
    src = rt.d.get("src")
    traits: frozenset = frozenset()
    if src is not None and (src in g.objects or src in g.lki):
        sc = g.chars(src)
        traits = frozenset(sc.get("races", ())) if "caster" in sc.get("types", ()) else frozenset()
        if el == "self":
            el = tuple(sorted(sc.get("elements", ()))) or "void"
    if el == "any":  # CR 907.7: choose one of the seven elements
        ans = rt.answer()
        if ans is None:
            return rt.ask(p, "element", "produce aether of which element?", [(f"choose {e}", e) for e in ELEMENTS])
        el = ans
    if n <= 0:
        return True
    items = ae.produce_items(el, n, traits if el not in ("void", None) else frozenset())
    g.set_player(p, "aether", tuple(g.players[p]["aether"]) + tuple(items))
    g.note(f"p{p + 1} produces {', '.join(ae.item_label(i) for i in items)}")
    return True


# ----------------------------------------------------------------- orientation
def _orient_op(orient: str):
    """CR 1010.1: rest, recover or reverse cards in the field.  Only cards in the servant
    zone can be reversed (CR 307.3, 308.3); a card already in that position does not
    change (CR 104.3)."""
    def handler(rt: Run, a: dict) -> bool:
        g = rt.g
        for oid in resolve(rt.ctx, a["what"]):
            o = g.objects[oid]
            if o.zone not in ON_FIELD or (orient == "reversed" and o.zone != "field"):
                continue
            if g.set_orient(oid, orient, cause="effect"):
                g.note(f"{g.rules.obj_name(g, oid, None)} becomes {orient}")
        return True
    return handler


def op_switch(rt: Run, a: dict) -> bool:
    """CR 1011.1: recovered <-> reversed; a rested card does not change."""
    g = rt.g
    for oid in resolve(rt.ctx, a["what"]):
        if g.objects[oid].zone == "field":  # only the servant zone has the reversed position (CR 308.3)
            switch(g, oid)
    return True


def op_removed_as_resolves(rt: Run, a: dict) -> bool:
    """CR 703.3, 1003.1: the conjure resolving goes to its owner's removed zone instead of the
    graveyard once its text is performed (``procedures.proc_resolve``); from anything else than a
    conjure in the chase zone it does nothing."""
    g = rt.g
    src = rt.d.get("src")
    o = g.objects.get(src) if src is not None else None
    if o is not None and o.zone == "chase" and o.get("ability") is None:
        g.set_data(src, "resolve_to", "removed")
    return True


def op_become(rt: Run, a: dict) -> bool:
    """CR 1014.1: a card that "becomes" a type, race or trait loses its own for it (to "gain"
    one, use ``grant``); CR 1014.2: "becomes [A/B]" is ``set_stats``."""
    g = rt.g
    args: dict[str, Any] = {}
    for k in ("types", "races"):
        if k in a:
            args[k] = tuple((a[k],) if isinstance(a[k], str) else a[k])
    if "elements" in a:  # "becomes Ignus": that element instead of its own (CR 1014.1, 209.2; void: none, 209.3)
        args["elements"] = ae.parse_element(a["elements"])
    ids = frozenset(resolve(rt.ctx, a["what"]))
    if ids and args:
        g.add_effect(CEffect(g.tick(), g.tick(), "types", "become", args, ("objs", ids), rt.p, rt.d.get("src"),
                             a.get("until") or "permanent"))
    return True


def op_move_counters(rt: Run, a: dict) -> bool:
    """CR 1018.7: remove the counters from one card, then put as many of that name on another
    (only counters that were there can move)."""
    g = rt.g
    both = first_of_both(rt, a, "from", "to")
    if both is None:
        return True
    frm, to = both
    name = a["name"]
    n = min(value(rt.ctx, a.get("n", 1)), g.objects[frm].counter(name))
    if n > 0:
        g.add_counters(frm, name, -n, cause=rt.d.get("src"))
        g.add_counters(to, name, n, cause=rt.d.get("src"))
    return True


# ------------------------------------------------------------------------ orbs
def _ability_of(ctx: Ctx, oid: int, o: Any, c: dict, v: Any) -> bool:
    src = o.get("source") if o.get("ability") is not None else None
    if src is None:
        return False
    g = ctx.g
    if src in g.objects:
        return matches(Ctx(g, ctx.p, ctx.src, ctx.env), src, v)
    old = g.lki.get(src)
    return old is not None and matches(Ctx(g, ctx.p, ctx.src, ctx.env, chars=lambda _x: old[1]), src, v, obj=old[0])


def op_corrupt(rt: Run, a: dict) -> bool:
    g = rt.g
    loc = rt.loc
    if "pushed" in loc:
        return True
    src = rt.d.get("src")
    got: list[int] = []
    if "what" in a:
        # CR 1009.1, 903.2e: the orbs targeted, into their owner's hand; none left, nothing is done
        got = [x for x in resolve(rt.ctx, a["what"]) if x in g.objects and g.objects[x].zone == "orbs"]
        owners = {g.objects[x].zp for x in got}
        if len(owners) != 1:
            return True
        victim, chooser, n = owners.pop(), rt.p, len(got)
    else:
        victim = player1(rt.ctx, a.get("player", "enemy"))
        chooser = player1(rt.ctx, a.get("chooser", "you"))
        n = value(rt.ctx, a.get("n", 1))
    ns: Any = n
    if src in g.objects and victim != g.objects[src].controller and g.objects[src].zone in ON_FIELD:
        # CR 1102.2-1102.3: "when this card corrupts an enemy orb, it corrupts two (three) orbs
        # instead" -- also when an ability of this card corrupts; 1102.4: its controller picks one
        ks = corrupt_count(g, src)
        if ks != [1]:
            ns = [n * k for k in ks]
    loc["pushed"] = True
    g.push("corrupt", p=chooser, victim=victim, n=ns, by=src, got=got)
    return False


def op_face_down(rt: Run, a: dict) -> bool:
    """CR 303.2, 504.1b: a caster turned face down stays in its caster zone, the same card
    (302.3: it does not move) with its orientation, a level 1 caster with no element and no name
    (306.6: its front side is not referred to); one already face down does not change."""
    g = rt.g
    turned = 0
    for oid in resolve(rt.ctx, a["what"]):
        o = g.objects.get(oid)
        if o is None or o.zone != "casters" or not o.face_up or o.over is not None:
            continue
        name = g.rules.obj_name(g, oid, None)
        g.w(oid).face_up = False
        g.note(f"{name} is turned face down")
        turned += 1
    rt.env["_did"] = turned > 0  # "If you do," (CR 1013.2a: it was done)
    return True


def op_to_bingo(rt: Run, a: dict) -> bool:
    """CR 314.3: cards go one at a time into their owner's BINGO zone; a fourth card makes the
    zone's owner banish a card already there first (314.3a), which they choose."""
    g = rt.g
    loc = rt.loc
    if "todo" not in loc:
        loc["todo"] = resolve(rt.ctx, a["what"])
        loc["out"] = []
    ans = rt.answer()
    while loc["todo"]:
        oid = loc["todo"][0]
        o = g.objects.get(oid)
        if o is None:
            loc["todo"].pop(0)
            continue
        p = o.owner
        zone = g.zone(p, "bingo")
        if len(zone) >= 3:
            if ans is None:
                return rt.ask(p, "bingo", "BINGO zone is full: banish a card in it (CR 314.3a)",
                              [(f"banish {g.rules.obj_ref(g, x)}", x) for x in zone])
            gone = g.move(ans, "graveyard", g.objects[ans].owner, cause="banish")
            g.note(f"p{p + 1} banishes {g.objects[gone].card.key} from the BINGO zone (CR 314.3a)")
            ans = None
        loc["todo"].pop(0)
        new = g.move(oid, "bingo", p, face_up=True, cause="bingo")
        g.note(f"{g.objects[new].card.key} is put into p{p + 1}'s BINGO zone")
        loc["out"].append(new)
    rt.bind(a.get("as"), loc["out"])
    return True


# ------------------------------------------------------------------ soul bond
def soul_bond_candidates(g, p: int, ctx: Ctx, flt: dict | None) -> list[int]:
    out = []
    for oid in g.zone(p, "extra_deck"):
        if flt and not matches(ctx, oid, {k: v for k, v in flt.items() if k != "zone"}):
            continue
        if material_choices(g, p, oid) is not None:
            out.append(oid)
    return out


def material_sources(g, p: int) -> list[int]:
    """CR 1020.1: materials come from the allied hand, or entities or stocks in the caster zone."""
    out = list(g.zone(p, "hand"))
    for oid in g.zone(p, "casters"):
        out.append(oid)
        out.extend(g.objects[oid].under or ())
    return out


def _front_name(g, oid: int) -> str:
    return g.objects[oid].card.chars["name"]


def material_choices(g, p: int, card: int) -> list[list[int]] | None:
    """For each material name, the cards that could be it; None if some name has none left."""
    mats = g.objects[card].card.chars.get("materials", ())
    srcs = material_sources(g, p)
    out = []
    used: set[int] = set()
    for m in mats:
        cands = [x for x in srcs if _front_name(g, x) == m and x not in used]
        if not cands:
            return None
        used.add(cands[0])
        out.append([x for x in srcs if _front_name(g, x) == m])
    return out


def op_soul_bond(rt: Run, a: dict) -> bool:
    g = rt.g
    p = player1(rt.ctx, a.get("player", "you"))
    loc = rt.loc
    ans = rt.answer()
    if "card" not in loc:
        if ans is not None:
            if ans == "no":
                return True
            loc["card"] = ans
            loc["mats"] = []
            ans = None
        else:
            cands = soul_bond_candidates(g, p, rt.ctx, a.get("filter"))
            if not cands:
                return True
            opts = [(f"choose {g.rules.obj_ref(g, c)}", c) for c in cands]  # copies are told apart by id
            if a.get("optional", True):
                opts.insert(0, ("pass", "no"))
            return rt.ask(p, "soul_bond", "Soul Bond which card?", opts)
    card = loc["card"]
    mats = g.objects[card].card.chars.get("materials", ())
    if loc.get("orient_ask"):
        return _soul_bond_finish(rt, p, card, ans)
    if ans is not None:
        loc["mats"].append(ans)
    while len(loc["mats"]) < len(mats):  # CR 1020.1: one of each material
        m = mats[len(loc["mats"])]
        cands = [x for x in material_sources(g, p) if _front_name(g, x) == m and x not in loc["mats"]]
        if not cands:
            return True
        if len(cands) > 1:
            return rt.ask(p, "material", f"choose the material {m}",
                          [(f"choose {g.rules.obj_ref(g, x)}", x) for x in cands])
        loc["mats"].append(cands[0])  # the only candidate: nothing to choose
    return _soul_bond_finish(rt, p, card, None)


def _soul_bond_finish(rt: Run, p: int, card: int, ans: Any) -> bool:
    """CR 1020.1: put it into an allied servant zone with the materials as its stock.  The
    effect's controller chooses recovered or reversed (CR 307.6); [Lethargy] enters rested (1112.2)."""
    g = rt.g
    loc = rt.loc
    c = g.objects[card].card.chars
    if has_kw(c.get("keywords", ()), "lethargy"):
        orient = "rested"
    elif "servant" not in c["types"]:
        orient = "recovered"
    elif ans is None and len(entry_options(g, p)) > 1:
        loc["orient_ask"] = True
        return rt.ask(rt.p, "enter", f"{g.objects[card].card.key} enters the field", entry_options(g, p))
    else:
        orient = ans if ans is not None else entry_options(g, p)[0][1]
    mats = [x for x in loc["mats"] if x in g.objects]
    for x in mats:
        if not g.objects[x].face_up or g.objects[x].zone == "hand":
            g.rules.reveal(g, x)  # 1020.1a: materials from hidden zones become public
    # stocks first: a material may be a stock under another material
    mats.sort(key=lambda x: g.objects[x].over is None)
    new = g.move(card, "field", p, orient=orient, cause="soul_bond", event=False)
    for x in mats:
        for u in list(g.objects[x].under or ()):
            # CR 315.1d: a caster entity leaving the caster zone puts its stocks into the graveyard
            g.move(u, "graveyard", g.objects[u].owner, cause="rule")
        nx = g.stack_under(x, new)
        g.w(nx).face_up = True
    n = c.get("deity_counters")
    if n:
        g.add_counters(new, "deity", n, cause="enter")  # CR 1018.8
    g.note(f"p{p + 1} Soul Bonds {g.objects[new].card.key} ({orient})")
    # it enters the field with its stock in place ([Enter] triggers, CR 1106)
    g.emit(Event("move", oid=card, new=new, frm="extra_deck", to="field", player=p, cause="soul_bond"))
    rt.bind(None, [new])
    return True


def _level_up_answered(rt: Run) -> bool:
    """Has "level up a caster?" been answered?  The level up chosen is then done (CR 1022)."""
    ans = rt.answer()
    if ans is None:
        return False
    if ans != "no":
        level_up(rt.g, rt.p, ans[0], ans[1])
    return True


def _ask_level_up(rt: Run, cards: list[int], optional: bool) -> bool:
    """Ask which allied caster one of ``cards`` levels up; True (nothing to ask) when none can."""
    g, p = rt.g, rt.p
    opts: list[tuple[str, Any]] = [("pass", "no")] if optional else []
    for c in cards:
        for t in level_up_targets(g, p, c):
            opts.append((f"level up {g.rules.obj_ref(g, t)} with {g.objects[c].card.key}", (c, t)))
    if not [o for o in opts if o[1] != "no"]:
        return True
    return rt.ask(p, "level_up", "level up a caster?", opts)


def op_level_up(rt: Run, a: dict) -> bool:
    if _level_up_answered(rt):
        return True
    g, p = rt.g, rt.p
    cards = resolve(rt.ctx, a["what"]) if "what" in a else [
        x for x in g.zone(p, "hand") if "caster" in g.chars(x)["types"] and (g.chars(x).get("level") or 0) >= 2]
    return _ask_level_up(rt, cards, a.get("optional", True))


def op_put_caster(rt: Run, a: dict) -> bool:
    """Put a caster into the field: a level 1 caster goes into the caster zone, a level 2 or
    greater one levels up an allied caster (CR 1103.2a-1, 1103.2a-2, 1022); never beside a
    face-up caster with the same name (504.1a)."""
    _level_up_answered(rt)  # a level up chosen for an earlier caster is done; go on with the rest
    g, p = rt.g, rt.p
    loc = rt.loc
    for oid in resolve(rt.ctx, a["what"]):
        c = g.chars(oid)
        if "caster" not in c["types"] or oid in loc.get("done", ()):
            continue
        loc.setdefault("done", []).append(oid)
        if c.get("level") == 1:
            names = {g.chars(x)["name"] for x in g.zone(p, "casters") if g.objects[x].face_up}
            if c["name"] in names and not has_kw(c.get("keywords", ()), "same_name_casters"):
                continue  # not beside a face-up caster with that name (504.1a)
            g.move(oid, "casters", p, face_up=True, orient="recovered", cause="put_field")
            continue
        if not _ask_level_up(rt, [oid], a.get("optional", True)):
            return False  # asked
    return True


# ----------------------------------------------------------------- keywords
def op_enter_ability(rt: Run, a: dict) -> bool:
    """CR 1109.2: play one of this card's [Enter] abilities once (as a triggered ability)."""
    g = rt.g
    ids = resolve(rt.ctx, a.get("what", "self"))
    if not ids:
        return True
    oid = ids[0]
    enters = [ab for ab in g.chars(oid)["abilities"] if ab.kind == "auto" and ab.keyword == "enter"]
    ans = rt.answer()
    if not enters:
        return True
    if ans is None and len(enters) > 1:
        return rt.ask(rt.p, "choose_ability", "play which [Enter] ability?",
                      [(f"choose {clip(ab.text, 40)}", ab.index) for ab in enters])
    ab = enters[0] if ans is None else next(x for x in enters if x.index == ans)
    # played as the automatic ability it is, in the priority sequence that follows (CR 603)
    g.add_trigger(g.objects[oid].controller, oid, ab, {"subject": [oid]}, g.objects[oid].card)
    g.note(f"{g.objects[oid].card.key}: [Soul Seal] plays an [Enter] ability again")
    return True


def op_unity(rt: Run, a: dict) -> bool:
    """CR 1115.2: rest any number of recovered allied servants that share a race with this
    card; it gains +X ATK until end of turn, X their total ATK."""
    g = rt.g
    src = rt.d.get("src")
    if src not in g.objects:
        return True
    loc = rt.loc
    loc.setdefault("got", [])
    races = set(g.chars(src).get("races", ()))
    ans = rt.answer()
    if ans is not None and ans != "done":
        loc["got"].append(ans)
    if ans != "done":
        cands = [x for x in g.zone(rt.p, "field") if x != src and x not in loc["got"]
                 and g.objects[x].orient == "recovered" and "servant" in g.chars(x)["types"]
                 and races & set(g.chars(x).get("races", ()))]
        if cands:
            opts = [("done", "done")] + [(f"rest {g.rules.obj_ref(g, x)}", x) for x in cands]
            return rt.ask(rt.p, "unity", "[Unity]: rest servants that share a race", opts)
    total = 0
    for x in loc["got"]:
        total += g.chars(x).get("atk") or 0
        g.set_orient(x, "rested", cause="unity")
    if loc["got"]:
        eff = CEffect(g.tick(), g.tick(), "num", "modify", {"atk": total}, ("objs", frozenset((src,))), rt.p, src,
                      "end_of_turn")
        g.add_effect(eff)
    return True


def op_become_servant(rt: Run, a: dict) -> bool:
    """CR 1118.2 ([Ride]): the card becomes a servant until end of turn."""
    g = rt.g
    for oid in resolve(rt.ctx, a.get("what", "self")):
        c = g.objects[oid].card.chars  # its printed ATK/DEF; later layers still modify them
        g.note(f"{c['name']} becomes a servant until end of turn")
        eff = CEffect(g.tick(), g.tick(), "types", "become",
                      {"types": ("servant",), "atk": c.get("atk") or 0, "def": c.get("def") or 0},
                      ("objs", frozenset((oid,))), rt.p, rt.d.get("src"), a.get("until", "end_of_turn"))
        g.add_effect(eff)
    return True


# ---------------------------------------------------------------- conditions
def earnest_count(g, p: int, chars=None) -> int:
    """CR 1111.2: the Earnest cards in a player's graveyard (Earnest is a race or trait).
    ``chars`` reads characteristics (inside the layer pass: the pass's own view)."""
    ch = chars or g.chars
    return sum(1 for x in g.zone(p, "graveyard") if "Earnest" in ch(x).get("races", ()))


def bingo_line(g, p: int, chars=None) -> bool:
    """CR 1117.2: three cards in the player's BINGO zone have the same cost."""
    ch = chars or g.chars
    costs = [ch(x).get("cost", 0) for x in g.zone(p, "bingo")]
    return any(costs.count(c) >= 3 for c in set(costs))


def play_locks(g, p: int) -> dict:
    """What a conjure's [DCT] and [BINGO] text is checked against, fixed as it is played
    (CR 1111.2a, 1117.2a)."""
    return {"earnest": earnest_count(g, p), "bingo": bingo_line(g, p)}


def _locked(ctx: Ctx, key: str):
    """CR 1111.2a, 1117.2a: a conjure's DCT/BINGO condition is checked as it is played."""
    g = ctx.g
    if ctx.src is not None and ctx.src in g.objects:
        o = g.objects[ctx.src]
        if o.zone == "chase" and o.data and "locked" in o.data:
            return o.data["locked"].get(key)
    return None


def cond_dct(ctx: Ctx, n: int) -> bool:
    """CR 1111.2: at least N Earnest cards in your graveyard."""
    lk = _locked(ctx, "earnest")
    if lk is not None:
        return lk >= n
    return earnest_count(ctx.g, ctx.p, ctx.chars) >= n


def cond_vanity(ctx: Ctx, v: bool) -> bool:
    """CR 1113.2: this card is your only allied servant."""
    g = ctx.g
    mine = [x for x in g.zone(ctx.p, "field") if "servant" in ctx.chars(x)["types"]]
    return (mine == [ctx.src]) == bool(v)


def cond_bingo(ctx: Ctx, v: bool) -> bool:
    """CR 1117.2: three cards in your BINGO zone have the same cost."""
    lk = _locked(ctx, "bingo")
    if lk is not None:
        return lk == bool(v)
    return bingo_line(ctx.g, ctx.p, ctx.chars) == bool(v)


def cond_orbs(ctx: Ctx, a: Any) -> bool:
    spec = a if isinstance(a, dict) else {"min": a}
    p = player1(ctx, spec.get("player", "you"))
    n = len(ctx.g.zone(p, "orbs"))
    if "min" in spec and n < value(ctx, spec["min"]):
        return False
    if "max" in spec and n > value(ctx, spec["max"]):
        return False
    return True


__all__ = ["install", "has_kw", "players", "select", "Event", "ON_FIELD"]
