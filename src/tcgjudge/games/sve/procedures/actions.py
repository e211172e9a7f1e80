"""Playing cards and abilities (8.2, 8.3, 10.6), resolving them (10.6.2.8), the Quick windows of
the non-active player (8.4.7, 7.4.5, 12.3) and Granting Rush (Sealed, B-1 8.5)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from ....cards.context import Ctx, cond, has_kw, value
from ....cards.interpreter import start_program
from ....cards.play import begin_play, program_of, recheck_targets, required_targets_exist, start_free_play
from ....kernel import debug
from ....kernel.events import Event
from ...resolution import resolve_first_step
from .costs import can_pay, turn_evolve_deck_card

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game
    from ....kernel.objects import Ability

PASS = ("pass",)
PLAYABLE = ("follower", "amulet", "spell")


def _cheap_part(g: Game) -> tuple:
    """The parts of :func:`state_key`'s text that cost little to compute: object ids, players,
    effects, tallies, random state, pending count."""
    return (tuple(g.objects), repr(g.players), repr(tuple([e.eid for e in g.effects])), repr(g.record),
            repr(g.rng.state), len(g.triggers))


#: digest -> the cheap part of the state it digests (the same in every process, as the digest is
#: a function of the text): lets :func:`same_state` tell a changed state without the full text
_CHEAP: dict[str, tuple] = {}
_CHEAP_MAX = 4096


def _digest(g: Game, cheap: tuple) -> str:
    objs = tuple([(o.id, o.zone, o.zp, o.controller, o.face_up, o.orient,
                   repr(o.counters) if o.counters else None, repr(o.data) if o.data else None)
                  for o in g.objects.values()])
    # the text of repr((objs, players, effect ids, record, rng state, pending count))
    text = f"({objs!r}, {cheap[1]}, {cheap[2]}, {cheap[3]}, {cheap[4]}, {cheap[5]!r})"
    key = hashlib.blake2b(text.encode(), digest_size=12).hexdigest()
    if len(_CHEAP) >= _CHEAP_MAX:
        _CHEAP.clear()
    _CHEAP[key] = cheap
    return key


def state_key(g: Game) -> str:
    """A digest of everything that can change (for 15.2.1.2), without the log and the answers
    (the same in every process: it may be kept in the game's state)."""
    return _digest(g, _cheap_part(g))


def same_state(g: Game, key: str) -> bool:
    """Is ``state_key(g) == key``?  When the cheap parts of the state ``key`` digests are known
    and differ from the current ones, the states differ and the full digest is not computed."""
    cheap = _cheap_part(g)
    known = _CHEAP.get(key)
    if known is not None and known != cheap:
        if debug.CHECK and _digest(g, cheap) == key:
            raise debug.CacheError("15.2.1.2: a state told apart by its cheap parts has the same digest")
        return False
    return _digest(g, cheap) == key


# ----------------------------------------------------------------------- targets
def targets_available(g: Game, p: int, src: int, spec: dict, obj: int | None) -> bool:
    """10.6.2.3.3: a card or ability whose required targets do not exist cannot be played;
    5.17.3.1.2: nor one with "choose" whose options all cannot be performed."""
    if not spec.get("targets") and not spec.get("choose"):
        return True
    ctx = Ctx(g, p, src)
    if not required_targets_exist(g, ctx, spec.get("targets", ()), obj):
        return False
    ch = spec.get("choose")
    if ch is not None and not any(("if" not in m or cond(ctx, m["if"]))
                                  and required_targets_exist(g, ctx, m.get("targets", ()), obj)
                                  for m in ch["modes"]):
        return value(ctx, ch["n"]) <= 0
    return True


# ----------------------------------------------------------------------- cards
def play_allowed(g: Game, p: int, oid: int) -> bool:
    """The card's own restriction on being played (its field ``play_if``: "This card can't be
    played during your turn", "can only be played from hand"; 8.2.1, 1.3.3)."""
    pi = g.objects[oid].card.chars.get("play_if")
    return pi is None or cond(Ctx(g, p, oid), pi)


def card_playable(g: Game, p: int, oid: int, *, quick: bool = False, free: bool = False) -> bool:
    """8.1.2, 8.2.1: may ``p`` play this card from their hand or EX area now?"""
    rules = g.rules
    o = g.objects[oid]
    if o.zone not in ("hand", "ex_area") or o.zp != p:
        return False
    c = g.chars(oid)
    ts = c["types"]
    if not any(t in ts for t in PLAYABLE) or c.get("special"):
        return False
    if quick and not has_kw(c.get("keywords", ()), "quick"):
        return False
    pm = g.pmods(p)
    if pm.get("cannot_play") or ("spell" in ts and pm.get("cannot_play_spells")):
        return False
    if "cannot_play" in c.get("flags", ()) or not play_allowed(g, p, oid):
        return False
    if ("follower" in ts or "amulet" in ts) and len(g.zone(p, "field")) >= rules.zone_limit(g, p, "field"):
        return False  # 10.6.2.6
    eff = c.get("effect")
    spec = eff.spec if eff is not None else {}
    items: list = []
    if not free:
        n = 0 if c.get("x_cost") else rules.card_cost(g, p, oid)
        alt = spec.get("alt_cost") or c.get("alt_cost")  # 10.6.2.5.1.2
        proc = c.get("play_process")  # 10.4.7.3: the process and a lower cost
        if proc:
            low = max(0, n - proc["less"]) if "less" in proc else rules.card_costs(g, p, oid, None, proc["set"])[0]
            items.append(("process_less", {"normal": [("pp", n)], "alt": [("pp", low)] + list(proc["cost"])}))
        elif alt:
            from .costs import norm_items

            items.append(("either", {"normal": [("pp", n)], "alt": norm_items(alt)}))
        else:
            items.append(("pp", n))
    items.extend(spec.get("cost", ()))
    # the cost first: it is cheaper to check, and most cards fail on it (both tests only read)
    return can_pay(g, p, oid, items, {}, False) and targets_available(g, p, oid, spec, oid)


def ability_usable(g: Game, p: int, oid: int, ab: Ability, *, quick: bool = False) -> bool:
    """8.3, 12.3.3: may ``p`` play this activated ability now (timing aside)?"""
    spec = ab.spec
    o = g.objects[oid]
    if o.zone not in ab.zones:
        return False
    who = spec.get("who", "controller")
    if who == "controller" and o.controller != p:
        return False
    if quick and not spec.get("quick"):
        return False
    if spec.get("once_per_turn") and g.record.get(f"{p}:used:{oid}:{ab.index}"):
        return False
    if spec.get("per_turn") is not None and g.record.get(f"{p}:used:{oid}:{ab.index}", 0) >= spec["per_turn"]:
        return False  # 10.7.2.2: "Activate only twice per turn"
    mx = spec.get("max_per_game")
    if mx is not None and g.gvars.get("used_per_game", {}).get(f"{oid}:{ab.index}", 0) >= mx:
        return False
    if spec.get("equivalent") == "evolve":
        # 8.3.2: one evolve ability or equivalent per turn, unless a card says "You may play any
        # number of Evolve per turn" (1.3: the card's text wins); B-1 8.5.1: not after Granting Rush
        if (g.record.get(f"{p}:evolve_action") and not g.pmods(p).get("evolve_any")) or \
                g.record.get(f"{p}:granted_rush"):
            return False
    if "if" in spec and not cond(Ctx(g, p, oid), spec["if"]):
        return False
    if g.pmods(p).get("cannot_activate"):
        return False
    flags = g.chars(oid).get("flags", ())
    if "cannot_activate" in flags or ("cannot_activate_but_evolve" in flags and spec.get("label") != "evolve"):
        return False  # "this card's Activate abilities [except Evolve] can't be activated" (12.2, 12.3)
    if not targets_available(g, p, oid, spec, None):
        return False
    return can_pay(g, p, oid, list(spec.get("cost", ())), {}, spec.get("equivalent") == "evolve")


def _play_options(g: Game, p: int, quick: bool) -> list[tuple[str, Any]]:
    rules = g.rules
    opts: list[tuple[str, Any]] = []
    hand_keys: set[str] = set()
    for zone in ("hand", "ex_area"):
        seen: set[str] = set()
        for oid in g.zone(p, zone):
            o = g.objects[oid]
            key = o.card.key
            plain = o.data is None or not o.data.get("known")
            if key in seen and plain:
                continue  # identical cards: one option
            if not card_playable(g, p, oid, quick=quick):
                continue
            seen.add(key)
            if zone == "hand":
                hand_keys.add(key)
                opts.append((f"play {rules.obj_ref(g, oid)}", ("play", oid)))
            else:
                lab = f"play {rules.obj_ref(g, oid)}" + (" from EX area" if key in hand_keys else "")
                opts.append((lab, ("play", oid)))
    return opts


def _ability_options(g: Game, p: int, quick: bool) -> list[tuple[str, Any]]:
    rules = g.rules
    objs = g.objects
    layered = rules.layered_zones
    opts: list[tuple[str, Any]] = []
    for zone in ("field", "leader", "ex_area", "hand", "cemetery"):
        outside = zone not in layered
        for oid in g.zone(p, zone):
            if outside:
                # outside the layered zones, an object without data whose card has no static ability
                # has its card's printed abilities (or none, facedown): without an activated one
                # there, its characteristics need not be computed
                o = objs[oid]
                pc = o.card.chars
                if o.data is None and not pc.get("has_static") and not any(
                        a.kind == "activated" for a in pc.get("abilities", ())):
                    continue
            c = g.chars(oid)
            for ab in c["abilities"]:
                if ab.kind != "activated" or zone not in ab.zones:
                    continue
                if not ability_usable(g, p, oid, ab, quick=quick):
                    continue
                opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    return opts


def main_options(g: Game, p: int) -> list[tuple[str, Any]]:
    """7.3.3: play a card, play an activated ability, attack, or end the main phase."""
    from .attack import attack_options

    opts = _play_options(g, p, False) + _ability_options(g, p, False) + attack_options(g, p)
    if g.gvars.get("format") == "sealed":
        opts += rush_options(g, p)
    futile = g.gvars.get("futile")
    if futile:
        banned = futile.get(state_key(g), ())
        if banned:
            opts = [o for o in opts if repr(o[1]) not in banned]  # 15.2.1.2
    opts.append(("end main phase", ("end",)))
    return opts


def quick_options(g: Game, p: int) -> list[tuple[str, Any]]:
    """8.4.7, 7.4.5, 12.3.4: Quick cards and Quick activated abilities, or do nothing."""
    return [("pass", PASS)] + _play_options(g, p, True) + _ability_options(g, p, True)


def do_main_action(g: Game, f: Frame, p: int, ans: tuple, reask: Any, resume: Any) -> None:
    kind = ans[0]
    if kind == "play":
        begin_play(g, f, reask, resume, p, "card", ans[1])
    elif kind == "act":
        oid, index = ans[1], ans[2]
        ab = next(a for a in g.chars(oid)["abilities"] if a.index == index)
        begin_play(g, f, reask, resume, p, "ability", oid, ab)
    elif kind == "attack":
        f.step = "after"
        g.push("attack", attacker=ans[1], target=ans[2])
    elif kind == "rush":
        f.step = "after"
        grant_rush(g, p, ans[1])
    else:
        raise RuntimeError(f"unknown main phase action {ans!r}")


# ----------------------------------------------------------------- Quick window
def proc_quick(g: Game, f: Frame) -> None:
    """8.4.7-8.4.8, 7.4.5-7.4.6: the non-active player may play Quick cards or abilities, each
    followed by a Confirmation Timing, until they do nothing."""
    d = f.data
    p = d["p"]
    if f.step == 0:
        ans = g.answer(f)
        if ans is None:
            g.ask(p, "quick", "you may play a card or ability with Quick, or pass", quick_options(g, p))
            return
        if ans == PASS:
            g.pop()
            return
        do_main_action(g, f, p, ans, reask=0, resume=1)
        return
    if f.step == 1:
        resolve_played(g, f, 2)
        return
    if f.step == 2:
        f.step = 0
        g.push("confirm")
        return
    raise RuntimeError(f"quick: bad step {f.step!r}")


def resolve_played(g: Game, f: Frame, step: Any) -> bool:
    """After a play (10.6.2) the frame goes on at ``step``, once what was played has resolved
    (10.6.3): True when it resolves now, False when the play was rewound or it is gone."""
    obj = f.data.pop("ret", None)
    f.step = step
    if obj is not None and obj in g.objects:
        g.push("resolve", oid=obj)
        return True
    return False


# ------------------------------------------------------------------- resolving
def fix_counts(g: Game, p: int, env: dict) -> None:
    """13.3.1.4, 13.5.1.3.2: Spellchain and Necrocharge are fixed when resolution begins."""
    cem = g.zone(p, "cemetery")
    env.setdefault("_nc", len(cem))
    env.setdefault("_sc", sum(1 for x in cem if "spell" in g.chars(x)["types"]))


def _start_effect(g: Game, o, src: int | None, spec: dict, env: dict, ab: Ability | None) -> None:
    p = o.controller
    recheck_targets(g, p, src, spec, env)
    fix_counts(g, p, env)
    if ab is not None:
        start_program(g, p, src, program_of(spec, env.get("_modes", ())), env, text=ab.text)
    else:
        start_program(g, p, src, program_of(spec, env.get("_modes", ())), env)


def proc_resolve(g: Game, f: Frame) -> None:
    """10.6.2.8: resolve the card or ability just played."""
    d = f.data
    oid = d["oid"]
    rules = g.rules
    if f.step == 0:  # 10.6.2.8.2: an activated or automatic ability, or a spell
        resolve_first_step(g, f, "resolution", "spell", _start_effect)
        return
    if f.step == 1:  # 10.6.2.8.2.3: what is left in the resolution zone goes
        unreveal(g)
        o = g.objects.get(oid)
        if o is not None and o.zone == "resolution":
            if o.get("ability") is not None:
                g.erase(oid)
            else:
                from .moves import move_now

                move_now(g, oid, "cemetery", o.owner, cause="resolved")
        g.pop()
        return
    if f.step == 2:  # 10.6.2.8.1: a follower or amulet onto the field if there is room
        o = g.objects.get(oid)
        if o is None or o.zone != "resolution":
            g.pop()
            return
        p = o.controller
        if len(g.zone(p, "field")) < rules.zone_limit(g, p, "field"):
            f.step = 3
            plan = [{"oid": oid, "dest": "field", "zp": p, "face": None, "orient": None, "pos": "top",
                     "side": None, "cause": "play", "ask": None}]
            g.push("moves", p=p, plan=plan, stage=1, i=0)
            return
        f.step = 1
        return
    if f.step == 3:
        d.pop("ret", None)
        f.step = 1
        return
    raise RuntimeError(f"resolve: bad step {f.step!r}")


def unreveal(g: Game) -> None:
    """5.20.1.1: a card revealed in a non-public zone is unrevealed once the effect that revealed
    it has resolved."""
    rev = g.gvars.pop("revealed", None)
    for oid in rev or ():
        o = g.objects.get(oid)
        if o is not None and o.get("known") == "all" and not g.rules.zone_specs[o.zone].public:
            g.set_data(oid, "known", None)


# ------------------------------------------------------------------ free plays
def proc_free_play(g: Game, f: Frame) -> None:
    """An effect plays a card without paying its play point cost, then it resolves at once."""
    d = f.data
    if f.step == 0:
        if d["oid"] in g.objects and not play_allowed(g, d["p"], d["oid"]):
            g.note(f"{g.rules.obj_name(g, d['oid'], d['p'])} cannot be played now (its own restriction, 1.3.3)")
            g.pop()
            return
        prompt = f"play {g.rules.obj_name(g, d['oid'], d['p'])} without paying its cost?"
        start_free_play(g, f, prompt, "play", "pass")
        return
    if f.step == 1:
        resolve_played(g, f, 2)
        return
    g.pop()


# --------------------------------------------------------- Sealed: Granting Rush
def rush_options(g: Game, p: int) -> list[tuple[str, Any]]:
    """B-1 8.5.1: once a turn, if no evolve or equivalent ability was used: 1 play point (or an
    evolution point) and a facedown evolve deck card turned faceup give a follower Rush."""
    if g.record.get(f"{p}:granted_rush") or g.record.get(f"{p}:evolve_action"):
        return []
    pl = g.players[p]
    if pl.get("pp", 0) < 1 and pl.get("ep", 0) < 1:
        return []
    if not any(not g.objects[x].face_up for x in g.zone(p, "evolve_deck")):
        return []
    return [(f"grant rush {g.rules.obj_ref(g, x)}", ("rush", x)) for x in g.zone(p, "field")
            if "follower" in g.chars(x)["types"]]


def grant_rush(g: Game, p: int, oid: int) -> None:
    rules = g.rules
    pl = g.players[p]
    if pl.get("pp", 0) >= 1:
        rules.set_player_value(g, p, "pp", pl["pp"] - 1)
    else:
        rules.set_player_value(g, p, "ep", pl["ep"] - 1)  # B-1 8.5.1.1
    card = next(x for x in g.zone(p, "evolve_deck") if not g.objects[x].face_up)
    turn_evolve_deck_card(g, card, True)
    g.record[f"{p}:granted_rush"] = 1
    from ....kernel.effects import CEffect

    g.add_effect(CEffect(g.tick(), g.tick(), "abilities", "grant", {"keywords": (("rush", None),)},
                         ("objs", frozenset((oid,))), p, None, "permanent"))
    g.note(f"p{p + 1} grants Rush to {rules.obj_name(g, oid, None)} (B-1 8.5)")
    g.emit(Event("grant_rush", oid=oid, player=p))
