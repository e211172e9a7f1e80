"""NOVA's procedures: game start (007), the turn (400s), priority actions (700s), playing and
resolving (800s) and the rules processes (500s).

Each function is a kernel procedure ``proc(game, frame)`` (see ``kernel/game.py``); the attack
phase is in ``attack.py``, the energy payment in ``energy.py`` and NOVA's instructions of the
effect language in ``ops.py``."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...cards.context import Ctx, cond, has_kw
from ...cards.interpreter import defer_run
from ...cards.play import begin_play, program_of, recheck_targets
from ...kernel.events import Event
from ...kernel.priority import PASS, start_priority
from ..common import begin_turn, phase_event
from ..opening import deal, from_deck, set_first_player
from ..resolution import resolve_first_step, targets_available
from . import energy as en
from .reveal import reveal_tops
from .steps import open_step

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game

#: the phases of a turn, in order (401, 402-407)
TURN = ("standby", "draw", "main1", "attack", "main2", "end")


# --------------------------------------------------------------------- game start
def proc_setup(g: Game, f: Frame) -> None:
    """007: shuffle (007.2), life 2000 (007.4), who goes first (007.5), seven cards (007.6), one
    redraw each, first player first (007.6.1), and who takes the first turn (007.6.1.2, 007.7)."""
    rules = g.rules
    d = f.data
    if f.step == 0:
        for p in (0, 1):
            rules.shuffle(g, p)  # 007.2
            g.players[p]["life"] = 2000  # 007.4
        first = d.get("first")
        if first is None:
            chooser = g.rng.below(2)  # 007.5.1: a player chosen at random chooses
            d["chooser"] = chooser
            f.step = 1
            g.ask(chooser, "first", "007.5.1: go first or second?", [("go first", chooser), ("go second", 1 - chooser)])
            return
        d["first_p"] = first
        f.step = 2
        return
    if f.step == 1:
        d["first_p"] = g.answer(f)
        f.step = 2
        return
    if f.step == 2:
        first = d["first_p"]
        set_first_player(g, first)
        deal(g, first, "hand", 7)  # 007.6
        d["who"] = [first, 1 - first]
        d["redrew"] = []
        f.step = 3
        return
    if f.step == 3:  # 007.6.1, 007.6.1.2: first player first
        ans = g.answer(f)
        if ans is not None:
            p = d["who"].pop(0)
            if ans == "redraw":
                redraw(g, p)
                d["redrew"].append(p)
        if d["who"]:
            p = d["who"][0]
            g.ask(p, "redraw", "007.6.1: redraw your hand once?", [("keep hand", "keep"), ("redraw", "redraw")])
            return
        first = d["first_p"]
        starter = first
        if first in d["redrew"] and (1 - first) not in d["redrew"]:
            starter = 1 - first  # 007.6.1.2
            g.note(f"p{first + 1} redrew and p{2 - first} did not: p{starter + 1} takes the first turn (007.6.1.2)")
        g.gvars["first"] = starter
        g.pop()
        g.turn = 0
        start_turn(g, starter)  # 007.7
        return


def redraw(g: Game, p: int) -> None:
    """007.6.1.1: the hand is shuffled into the main deck and seven new cards are drawn."""
    rules = g.rules
    for oid in list(g.zone(p, "hand")):
        g.move(oid, "deck", p, face_up=False, cause="redraw", event=False)
    rules.shuffle(g, p)
    from_deck(g, p, "hand", 7, cause="redraw")
    g.note(f"p{p + 1} redraws")


def start_turn(g: Game, p: int, at: str = "standby", queue: list | None = None) -> None:
    begin_turn(g, p, at)
    g.gvars[f"began_{p}"] = g.turn  # 203.4: the turn player's turn began now
    f = g.frames[-1]
    q = list(queue) if queue is not None else list(TURN[TURN.index(at) + 1:])
    f.data["queue"] = q


# ---------------------------------------------------------------------- turn
def next_phase(g: Game, f: Frame) -> None:
    """The phase or step ends: energy left in the stocks vanishes (005.6.4, 602.9); the next
    phase begins, skipping skipped ones (401.3, 925)."""
    en.clear_stocks(g)
    q = f.data["queue"]
    while q:
        ph = q.pop(0)
        skips = g.gvars.get("skip", {}).get(str(g.active), [])
        if ph in skips:
            skips.remove(ph)
            g.note(f"p{g.active + 1} skips the {ph} phase (401.3)")
            continue
        f.step = ph
        return
    f.step = "next"


def proc_turn(g: Game, f: Frame) -> None:
    rules = g.rules
    step = f.step
    tp = g.active
    if step == "standby":  # 402
        g.phase, g.step = "standby", ""
        phase_event(g, "standby")  # 402.1
        if g.turn == 1:
            phase_event(g, "start_of_game")
        phase_event(g, "start_of_turn")
        f.step = "standby2"
        start_priority(g)  # 402.2
        return
    if step == "standby2":
        for z in ("field", "energy"):  # 402.3, 602.1
            for oid in list(g.zone(tp, z)):
                if g.objects[oid].orient == "frozen" and "no_standby" not in g.chars(oid).get("flags", ()):
                    g.set_orient(oid, "standby", cause="rule")
        f.step = "standby3"
        start_priority(g)  # 402.4
        return
    if step == "standby3":
        if g.turn == 1 and "draw" in f.data["queue"]:
            f.data["queue"].remove("draw")  # 402.4.1: the first turn of the game has no draw phase
        next_phase(g, f)
        return
    if step == "draw":  # 403
        open_step(g, f, "draw", "", "draw", "draw2")  # 403.1, 403.2
        return
    if step == "draw2":
        rules.draw(g, tp, 1)  # 403.3, 602.2
        f.step = "draw3"
        start_priority(g)  # 403.4
        return
    if step == "draw3":
        next_phase(g, f)
        return
    if step in ("main1", "main2"):  # 404, 406
        open_step(g, f, step, "", step, step + "_done")  # 404.1-404.2, 406.1-406.2
        return
    if step in ("main1_done", "main2_done", "attack_done"):
        next_phase(g, f)
        return
    if step == "attack":  # 405
        g.phase, g.step = "attack", "start"
        f.step = "attack_done"
        g.push("attack")
        g.frames[-1].step = "start"
        return
    if step == "end":  # 407
        g.phase, g.step = "end", ""
        phase_event(g, "end")  # 407.1
        phase_event(g, "end_of_turn")  # 407.2
        f.step = "cleanup"
        start_priority(g)  # 407.3
        return
    if step == "cleanup":
        f.step = "cleanup2"
        g.push("hand_limit", p=tp)  # 407.4, 602.8
        return
    if step == "cleanup2":
        for oid in list(g.zone(0, "field")) + list(g.zone(1, "field")):  # 407.5, 602.6
            if g.objects[oid].get("damage"):
                g.set_data(oid, "damage", None)
        g.end_effects("end_of_turn")  # 407.6, 602.7
        g.delayed = [x for x in g.delayed if x.get("until") != "end_of_turn"]
        if g.triggers or pending_process(g):  # 407.7: then again from 407.4
            f.step = "cleanup"
            start_priority(g)
            return
        next_phase(g, f)
        return
    if step == "next":
        g.pop()
        g.forget_unused_lki()
        nxt = 1 - tp
        start_turn(g, nxt)
        return
    raise RuntimeError(f"turn: bad step {step!r}")


def proc_hand_limit(g: Game, f: Frame) -> None:
    """407.4, 308.5: the turn player with eight or more cards discards down to seven."""
    rules = g.rules
    p = f.data["p"]
    ans = g.answer(f)
    if ans is not None:
        rules.discard(g, p, [ans])
    hand = g.zone(p, "hand")
    if len(hand) <= 7:
        g.pop()
        return
    from ...cards.context import one_per_card

    g.ask(p, "discard", f"407.4: discard down to 7 ({len(hand) - 7} more)",
          [(f"discard {rules.obj_ref(g, x)}", x) for x in one_per_card(g, hand)])


def proc_replace(g: Game, f: Frame) -> None:
    """802.1.3: a destruction that replacement effects apply to.  With several, the controller
    of the card chooses which to apply (802.1.3.3, 802.1.3.3.1); an optional one ("may") may be
    declined (802.1.3.1.3); the one applied replaces the event, which then never happens
    (802.1.3.2, 802.1.3.2.1)."""
    rules = g.rules
    d = f.data
    oid = d["oid"]
    o = g.objects.get(oid)
    if f.step == 1:
        g.pop(None)
        return
    if o is None or o.zone != "field":
        g.pop(None)
        return
    cands = rules.destroy_replacements(g, oid, d["how"], d["applied"])
    if not cands:
        rules.destroy(g, oid, d["how"], replace=False)
        g.pop(None)
        return
    ans = g.answer(f)
    if ans is None:
        optional = all(ab.spec.get("optional") for _, ab in cands)
        if len(cands) == 1 and not optional:
            ans = (cands[0][0], cands[0][1].index)
        else:
            opts: list[tuple[str, Any]] = [(f"replace {rules.obj_ref(g, src)}: {ab.text[:32]}", (src, ab.index))
                                           for src, ab in cands]
            if optional:
                opts.insert(0, ("pass", "no"))
            g.ask(o.controller, "replacement", f"{rules.obj_ref(g, oid)} would be destroyed: apply a "
                  "replacement effect?", opts)
            return
    if ans == "no":
        rules.destroy(g, oid, d["how"], replace=False)
        g.pop(None)
        return
    src, index = ans
    ab = next(a for s, a in cands if s == src and a.index == index)
    d["applied"].append([src, index])
    g.note(f"{o.card.key}: its destruction is replaced ({ab.text[:40]})")
    f.step = 1
    instead = ab.spec.get("instead", ())
    run = {"p": g.objects[src].controller, "src": src, "env": {"subject": [oid]}, "stack": [[instead, 0, "seq", None]]}
    # 905.7: a replacement that draws cards draws them after the part of the effect being resolved
    # that it does not replace (one at a time, 905.2)
    if any(op == "draw" for op, _ in instead) and defer_run(g, f, **run):
        return
    g.push("run", **run)


def proc_deck_order(g: Game, f: Frame) -> None:
    """301.10, 303.6: cards put into a main deck together are put in the order their owner
    chooses, one card at a time (the turn player's cards first); the other player is not told
    the order.  Returns the cards as they are in the deck."""
    rules = g.rules
    d = f.data
    order = d["order"]
    ans = g.answer(f)
    if ans is not None:
        order.append(ans)
    rest = [x for x in d["ids"] if x in g.objects and x not in order]
    for p in (g.active, 1 - g.active):
        mine = [x for x in rest if g.objects[x].owner == p and rules.redirect(g, g.objects[x], "deck") == "deck"]
        if len(mine) > 1:
            g.ask(p, "order", "301.10: which card is put into your main deck next?",
                  [(f"choose {rules.obj_ref(g, x)}", x) for x in mine])
            return
    g.pop(rules.place(g, order + rest, "deck", d["cause"], dict(d["extra"], _ordered=True), None))


def proc_free_play(g: Game, f: Frame) -> None:
    from ...cards.play import start_free_play

    if f.step == 0:
        start_free_play(g, f, f"play {g.rules.obj_ref(g, f.data['oid'])} without paying its cost?", "yes", "no")
        return
    g.pop()


# ------------------------------------------------------------------ priority
def main_timing(g: Game, p: int) -> bool:
    """703.2: the turn player holds priority in a main phase and the waiting area is empty."""
    return g.active == p and g.phase in ("main1", "main2") and not g.zones[(-1, "waiting")]


def priority_options(g: Game, p: int) -> list[tuple[str, Any]]:
    rules = g.rules
    opts: list[tuple[str, Any]] = [("pass", PASS)]
    main = main_timing(g, p)
    seen_energy: set = set()
    for oid, ab, produced in rules.energy_sources(g, p):  # 801.6.3.1
        o = g.objects[oid]
        key = (o.card.key, ab.index, tuple(produced))
        if o.zone == "energy":
            if key in seen_energy:
                continue
            seen_energy.add(key)
        opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    if waiting_locked(g):
        return opts  # 912.2 (energy abilities do not use the waiting area)
    acts, plays = g.memo_chars(("nova_priority_candidates", p), lambda: _priority_candidates(g, p))
    for oid, ab in acts:  # 703.1, 801.3, 803.1.3
        if timing_ok(g, p, ab.spec, main) and rules.ability_usable(g, p, oid, ab) \
                and targets_available(g, p, oid, ab.spec, None):
            opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    seen: set[str] = set()
    for oid, key, swift, alt, optional in plays:
        if key in seen:
            continue
        if not (main or swift):
            continue
        if card_playable(g, p, oid):
            seen.add(key)
            opts.append((f"play {key}", ("play", oid)))
        if alt and card_playable(g, p, oid, alt=True):
            seen.add(key)  # 902.9, 902.9.2.1: the alternative cost is declared as it is played
            opts.append((f"play {key} with alternative cost", ("play", oid, "alt")))
        if optional and card_playable(g, p, oid, optional=True):
            seen.add(key)  # 902.8.2: whether to pay an optional additional cost is chosen as it is played
            opts.append((f"play {key} with additional cost", ("play", oid, "optional")))
    if main and not g.record.get(f"{p}:energy_set"):  # 404.2.1, 906.1
        setk: set[str] = set()
        for oid in g.zone(p, "hand"):
            key = g.objects[oid].card.key
            if key not in setk:
                setk.add(key)
                opts.append((f"set energy {key}", ("set", oid)))
    return opts


def _priority_candidates(g: Game, p: int) -> tuple[list[tuple[int, Any]], list[tuple[int, str, bool, bool, bool]]]:
    """What ``p`` might play, as far as characteristics and zones tell, in the order the options
    list them: the activated abilities (``(object, ability)``: on the field, 703.1, 801.3; in the
    hand or graveyard when their text names that zone, 803.1.3; energy abilities apart, 801.6.3.1)
    and the cards (``(object, name, swiftcast, alternative cost, optional cost)``: non-character
    cards in the hand, characters in the character deck).  Timing, costs and targets are checked
    at each priority window; this part is kept with the characteristics (``Game.memo_chars``)."""
    acts: list[tuple[int, Any]] = []
    for oid in g.zone(p, "field"):
        for ab in g.chars(oid)["acts"]:
            if not ab.spec.get("energy_ab") and "field" in ab.zones:
                acts.append((oid, ab))
    for zone in ("hand", "graveyard"):
        for oid in g.zone(p, zone):
            for ab in g.chars(oid).get("acts", ()):
                if zone in ab.zones and not ab.spec.get("energy_ab"):
                    acts.append((oid, ab))
    plays: list[tuple[int, str, bool, bool, bool]] = []
    for zone in ("hand", "character_deck"):
        for oid in g.zone(p, zone):
            c = g.chars(oid)
            if ("character" in c["types"]) != (zone == "character_deck"):
                continue
            eff = c.get("effect")
            plays.append((oid, g.objects[oid].card.key, has_kw(c.get("keywords", ()), "swiftcast"),  # 1002.2
                          c.get("alt_cost") is not None,
                          bool(eff is not None and eff.spec.get("optional_cost"))))
    return acts, plays


def timing_ok(g: Game, p: int, spec: dict, main: bool) -> bool:
    t = spec.get("timing")
    if t is None or t == "any":
        return True
    if t == "main":
        return main
    if t == "your_turn":
        return g.active == p
    if t == "enemy_turn":
        return g.active != p
    return True


def levels_used(g: Game, p: int) -> int:
    """109.3: the characters this player used: theirs on either field and in their retired zone."""
    n = 0
    for q in (0, 1):
        for oid in g.zone(q, "field"):
            o = g.objects[oid]
            if o.owner == p and "character" in o.card.chars["types"]:
                n += g.chars(oid).get("level") or 0
    for oid in g.zone(p, "retired"):
        n += g.objects[oid].card.chars.get("level") or 0
    return n


def character_playable(g: Game, p: int, oid: int) -> bool:
    """109.2 level within the limit level, 109.4 total level, 110 required energy, 111
    appearance condition, 202.2 once per turn, 202.3 no character of the same name on your field."""
    rules = g.rules
    c = g.chars(oid)
    if g.record.get(f"{p}:character_played"):
        return False  # 202.2
    lv = c.get("level") or 0
    if lv > rules.limit_level(g, p):
        return False  # 109.2
    if levels_used(g, p) + lv > 10:
        return False  # 109.4.1
    names = {g.chars(x)["name"] for x in g.zone(p, "field")}
    if c["name"] in names:
        return False  # 202.3, 804.2.1.2
    req = c.get("required_energy") or {}
    if req:  # 110
        have: Counter = Counter()
        for x in g.zone(p, "energy"):
            for col in g.objects[x].card.chars.get("colors", ()):
                have[col] += 1
        if any(have[col] < n for col, n in req.items()):
            return False
    cnd = c.get("appear_if")
    if cnd is not None and not cond(Ctx(g, p, oid), cnd):
        return False  # 111
    return True


def waiting_locked(g: Game) -> bool:
    """912.2: while a card or ability that "cannot be put into the waiting area" is waiting, no
    card or ability other than an automatic ability may be played."""
    return any("no_waiting" in g.chars(x).get("flags", ()) for x in g.zones[(-1, "waiting")])


def card_playable(g: Game, p: int, oid: int, free: bool = False, alt: bool = False, optional: bool = False) -> bool:
    rules = g.rules
    c = g.chars(oid)
    if g.pmods(p).get("cannot_play"):
        return False
    if "character" in c["types"] and not character_playable(g, p, oid):
        return False
    eff = c.get("effect")
    spec = eff.spec if eff is not None else {}
    if not targets_available(g, p, oid, spec, oid):
        return False
    items: list = []
    if "character" in c["types"]:
        items.extend(c.get("appear_cost", ()))
    elif alt or not free:
        # 902.9, 902.9.4: cost changes apply to an alternative cost, and so do additional costs (below)
        for name, arg in rules.alt_cost_items(g, p, oid) if alt else [("energy", rules.card_energy(g, p, oid))]:
            if name == "energy" and sum(arg.values()) > rules.max_energy(g, p):
                return False
            if name != "energy" or arg:
                items.append((name, arg))
    items.extend(spec.get("cost", ()))
    if optional:
        items.extend(spec.get("optional_cost", ()))  # 902.8.2
    return rules.can_pay_items(g, p, oid, items)


def do_action(g: Game, f: Frame, p: int, ans: tuple) -> None:
    rules = g.rules
    kind = ans[0]
    if kind == "play":
        begin_play(g, f, 1, 0, p, "card", ans[1], alt=len(ans) > 2 and ans[2] == "alt",
                   optional=len(ans) > 2 and ans[2] == "optional")
    elif kind == "act":
        oid, index = ans[1], ans[2]
        ab = next(a for a in g.chars(oid)["abilities"] if a.index == index)
        o = g.objects[oid]
        if not rules.zone_specs[o.zone].public:  # 801.3.5.2: activated from a hidden zone: revealed
            g.set_data(oid, "known", "all")
            g.note(f"p{p + 1} reveals {o.card.key} to activate its ability (801.3.5.2)")
        begin_play(g, f, 1, 0, p, "ability", oid, ab, immediate=bool(ab.spec.get("energy_ab")))
    elif kind == "set":
        set_energy(g, p, ans[1])
    else:
        raise RuntimeError(f"unknown priority action {ans!r}")
    del rules


def set_energy(g: Game, p: int, oid: int) -> int:
    """906.1: a card from hand into the energy zone, standby (302.4); not a play, so nothing goes
    to the waiting area and no one can respond (906.1.1, 311.6.3)."""
    key = g.objects[oid].card.key
    new = g.move(oid, "energy", p, orient="standby", cause="set_energy")
    g.record[f"{p}:energy_set"] = 1
    g.note(f"p{p + 1} sets {key} as energy")
    g.emit(Event("energy_set", oid=new, player=p))
    return new


def play_trigger(g: Game, f: Frame, t) -> None:
    """801.4.3.2: the chosen automatic ability is played into the waiting area; a triggered
    energy ability resolves at once (801.6.4.1)."""
    ab = t.ability
    begin_play(g, f, 0, 0, t.controller, "trigger", t.source, ab, bind=dict(t.bind), rewind=False,
               immediate=bool(ab.spec.get("energy_ab")))


def trigger_label(g: Game, t) -> str:
    rules = g.rules
    name = rules.obj_name(g, t.source, None) if t.source in g.objects or t.source in g.lki else "delayed"
    return f"{name}: {t.ability.text[:40]}"


def unstoppable_loop(g: Game) -> None:
    """924.1.3: a loop no player can stop loses the game for the player who started it (here:
    the player whose turn it is; see docs/nova-rulings.md)."""
    g.end(1 - g.active, "a loop no player can stop (924.1.3)")


# ------------------------------------------------------------------ resolution
def _start_effect(g: Game, o, src: int | None, spec: dict, env: dict, ab) -> None:
    p = o.controller
    if spec.get("targets") and not recheck_targets(g, p, src, spec, env) and not any(
            env.get(t["as"]) for t in spec["targets"]):
        g.note(f"{o.card.key} fails to resolve: its targets are gone (804.3.4)")
        return
    g.push("run", p=p, src=src, env=env,
           stack=[[_choosing(spec, o.id) + program_of(spec, env.get("_modes", ())), 0, "seq", None]])


def proc_resolve(g: Game, f: Frame) -> None:
    """311.5, 804.3: resolve the card or ability put into the waiting area last."""
    rules = g.rules
    d = f.data
    oid = d["oid"]
    if f.step == 0:  # 804.3.3: an ability; 804.3.2: a spell
        resolve_first_step(g, f, "waiting", "spell", _start_effect)
        return
    if f.step == 1:
        o = g.objects.get(oid)
        if o is not None and o.zone == "waiting":
            if o.get("ability") is not None:
                g.erase(oid)
                if o.get("kind") == "ability":  # 801.3.9: an activated ability resolved: it was "used"
                    g.emit(Event("ability_used", oid=o.get("source"), player=o.controller))
            else:
                g.move(oid, rules.redirect(g, o, "graveyard"), o.owner, cause="resolved")
        _after(g)
        g.pop()
        return
    if f.step == 2:  # 804.3.1: servants, magic items and characters are put onto the field
        o = g.objects.get(oid)
        if o is None:
            g.pop()
            return
        c = g.chars(oid)
        p = o.controller
        env = o.get("env") or {}
        target = None
        if c.get("equip"):  # 205.2, 1005.2
            spec = c["effect"].spec
            recheck_targets(g, p, oid, spec, env)
            ts = env.get("equip_target") or []
            if not ts:
                g.note(f"{o.card.key}: the card to equip is gone; it is put into the graveyard (804.3.4, 506.1)")
                g.move(oid, "graveyard", o.owner, cause="resolved")
                _after(g)
                g.pop()
                return
            target = ts[0]
            p = g.objects[target].controller  # 205.2.1: onto that card's controller's field
        new = g.move(oid, "field", p, orient="standby", cause="resolve", controller=p)
        for name, n in (c.get("enter_counters") or {}).items():
            g.add_counters(new, name, n, cause="enter")  # 919.5, 919.7
        if target is not None:
            g.set_data(new, "equipped_to", target)
            g.note(f"{o.card.key} enters the field under p{p + 1}, equipped to {rules.obj_name(g, target, None)}")
        else:
            g.note(f"{o.card.key} enters the field under p{p + 1}")
        _after(g)
        g.pop()
        return


def _choosing(spec: dict, oid: int) -> tuple:
    """804.4: a card or ability that chooses (選) chooses first as it resolves."""
    ch = spec.get("choose_now")
    return (("choose_now", {"specs": ch, "self": oid}),) if ch else ()


def _after(g: Game) -> None:
    if g.gvars.pop("effect_battle", None) is not None:  # 405.5.4.2: the effect has resolved:
        g.touch()  # its servants are no longer in battle
    if not g.zones[(-1, "waiting")]:
        g.gvars.pop("activated", None)  # 801.3.5.1.1: the waiting area is empty again


# ------------------------------------------------------------- rules processes
def pending_process(g: Game) -> bool:
    rules = g.rules
    for p in (0, 1):
        if rules.life(g, p) <= 0 or g.players[p].get("draw_failed"):
            return True
    return any(g.objects[x].get("destroyed") for x in g.all_in("field"))


def interrupt_processes(g: Game) -> bool:
    """501.1: the rules processes are done the moment their event occurs, interrupting the card
    or effect being resolved (called between two instructions of a resolving effect).  Repeated
    while they do anything (501.1.1: those arising together are done together).  What 907.1
    leaves for the next priority process (destroyed cards going to the graveyard) waits for it.
    True when a procedure was pushed (a replacement effect's choice)."""
    reveal_tops(g, between=True)  # 920.2, 920.2.1
    for _ in range(16):
        depth = len(g.frames)
        acted = rules_process(g, at_priority=False)
        if len(g.frames) > depth:
            return True
        if not acted:
            return False
    return False


def rules_process(g: Game, at_priority: bool = True) -> bool:
    """501-507: done at once (501.1): each time a player would get priority, and between the
    instructions of a resolving effect (``at_priority`` False, see :func:`interrupt_processes`);
    True when anything was done (then they are checked again)."""
    rules = g.rules
    if at_priority:
        reveal_tops(g, between=False)  # 920.2: not a rules process, checked at the same moments
    # 502 and 003: losing
    lose_life = [p for p in (0, 1) if rules.life(g, p) <= 0]
    lose_draw = [p for p in (0, 1) if g.players[p].get("draw_failed")]
    losers = sorted(set(lose_life + lose_draw))
    if losers:
        if len(losers) == 2:
            if len(lose_life) == 2:
                # 003.2.4: both lives reached 0 together: the player who caused it loses
                cause = g.gvars.get("life_cause", g.active)
                g.end(1 - cause, f"both players' life reached 0; p{cause + 1} caused it (003.2.4)")
            g.end("draw", "both players meet a loss condition at once (003.1.1)")
        p = losers[0]
        why = "life 0 or less (502.1)" if p in lose_life else "could not draw (502.2)"
        # 003.1.1.1: an effect that says the other player cannot win is treated as absent
        g.end(1 - p, f"p{p + 1} loses: {why}")
    acted = False
    g.begin_batch()
    # 503: servants whose damage reaches their HP, or whose HP is 0 or less, are destroyed
    for oid in g.all_in("field") if _servant_to_destroy(g) else ():
        o = g.objects[oid]
        c = g.chars(oid)
        if "servant" not in c["types"] or o.get("destroyed"):
            continue
        hp = c.get("def") or 0
        if hp <= 0 or o.get("damage", 0) >= hp:
            if rules.destroy(g, oid, o.get("last_damage", "damage")):
                acted = True
    g.end_batch()
    if not at_priority:
        return acted or _limit_and_equip(g, rules)
    # 907.1: destroyed cards whose "when destroyed" abilities have all resolved go to the graveyard
    waiting_for = set()
    for t in g.triggers:
        waiting_for.update(t.bind.get("_destroyed", ()))
    for x in g.zones[(-1, "waiting")]:
        waiting_for.update((g.objects[x].get("env") or {}).get("_destroyed", ()))
    gone = [oid for oid in g.all_in("field") if g.objects[oid].get("destroyed") and oid not in waiting_for]
    if gone:
        g.begin_batch()
        for oid in gone:
            o = g.objects[oid]
            how = o.get("destroyed")
            g.move(oid, rules.redirect(g, o, "graveyard"), o.owner, cause="battle" if how == "battle" else "destroy")
        g.end_batch()
        acted = True
    acted = _limit_and_equip(g, rules) or acted
    ended = [e for e in g.effects if e.duration == "while" and not cond(
        Ctx(g, e.controller, e.source, e.ability[1] if isinstance(e.ability, tuple) else {}), e.cond)]
    if ended:
        g.effects = [e for e in g.effects if e not in ended]
        g.touch()
    return acted


def _servants(g: Game) -> list[tuple[int, int]]:
    """The servants on the fields with their HP (``def``), in the order of ``g.all_in``."""
    out = []
    for oid in g.all_in("field"):
        c = g.chars(oid)
        if "servant" in c["types"]:
            out.append((oid, c.get("def") or 0))
    return out


def _servant_to_destroy(g: Game) -> bool:
    """503: whether a servant not yet destroyed has damage reaching its HP or HP 0 or less.  The
    servants and their HP follow from characteristics and zones alone, so they are kept with the
    characteristics (``Game.memo_chars``); damage and the destroyed mark are read each time."""
    objs = g.objects
    for oid, hp in g.memo_chars(("nova_servants",), lambda: _servants(g)):
        o = objs[oid]
        if not o.get("destroyed") and (hp <= 0 or o.get("damage", 0) >= hp):
            return True
    return False


def _same_names(g: Game) -> bool:
    """505: whether a player has two characters, or two Unique cards, of one name on the field
    (from characteristics and zones alone: kept with the characteristics)."""
    for p in (0, 1):
        names: set[str] = set()
        for oid in g.zone(p, "field"):
            c = g.chars(oid)
            if "character" in c["types"] or has_kw(c.get("keywords", ()), "unique"):
                if c["name"] in names:
                    return True
                names.add(c["name"])
    return False


def _limit_and_equip(g: Game, rules: Any) -> bool:
    """505 and 506; True when anything was done."""
    acted = False
    # 505: one card of a name where only one may be
    for p in ((0, 1) if g.memo_chars(("nova_same_names",), lambda: _same_names(g)) else ()):
        by_name: dict[str, list[int]] = {}
        for oid in g.zone(p, "field"):
            c = g.chars(oid)
            if "character" in c["types"] or has_kw(c.get("keywords", ()), "unique"):
                by_name.setdefault(c["name"], []).append(oid)
        for _name, ids in by_name.items():
            if len(ids) > 1:
                keep = min(ids, key=lambda x: (g.objects[x].since, x))  # the one there longest
                g.begin_batch()
                for oid in ids:
                    if oid != keep:
                        o = g.objects[oid]
                        g.note(f"{o.card.key}: only one may be on the field (505.1)")
                        g.move(oid, rules.redirect(g, o, "graveyard"), o.owner, cause="rule")
                g.end_batch()
                acted = True
    # 506: a magic item whose equipped card left the field goes to the graveyard
    for oid in g.all_in("field"):
        o = g.objects[oid]
        t = o.get("equipped_to")
        if t is None:
            continue
        to = g.objects.get(t)
        c = g.chars(oid)
        if c.get("equip") is None and "magic_item" not in o.card.chars["types"]:
            # 506.2: a card printed as another type that stops being an Equip magic item stays
            # on the field, equipped to nothing, when it can be there (a spell cannot)
            if "spell" in o.card.chars["types"]:
                g.move(oid, "graveyard", o.owner, cause="rule")
            else:
                g.set_data(oid, "equipped_to", None)
                g.note(f"{o.card.key} is no longer an Equip magic item and stays on the field (506.2)")
            acted = True
            continue
        if to is None or to.zone != "field" or c.get("equip") not in g.chars(t)["types"]:
            g.note(f"{o.card.key} is no longer equipped and is put into the graveyard (506.1)")
            g.move(oid, "graveyard", o.owner, cause="rule")
            acted = True
        elif to.controller != o.controller:  # 205.4: it follows its card's controller
            g.move(oid, "field", to.controller, controller=to.controller, cause="control")
    return acted
