"""Energy (NOVA 005.6, 103, 310, 801.6, 902.4): the energy stock, energy abilities and paying
energy costs.

A player's energy stock is ``players[p]["energy"]``, a sorted tuple of color words.  It is
emptied at the end of every phase and step (005.6.4, 602.9, 801.6.3).  Energy abilities resolve
at once, without the waiting area (311.6.4, 801.6.3.2), and may be played while a cost asks for
energy (801.6.3.1, 902.2): the ``pay_energy`` procedure offers them until the stock covers the
cost, then removes the energy (902.4)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...kernel.events import Event
from ...kernel.objects import Ability
from .vocabulary import COLORS

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game

#: NOVA 310.4: every card in the energy zone has "[freeze]: add one energy of this card's color
#: to your energy stock" (904.3: the freeze icon means "freeze this standby card")
ENERGY_ZONE_ABILITY = Ability(
    "activated", {"cost": (("freeze", "self"),), "do": (("produce", {"color": "self", "n": 1}),), "energy_ab": True},
    text="[フリーズ]：自分のエナジーストックにこのカードと同じ色のエナジーを1つ加える。(310.4)",
    zones=("energy",), index=90, keyword="energy_zone")


def stock(g: Game, p: int) -> tuple:
    return g.players[p].get("energy", ())


def add_energy(g: Game, p: int, colors: list[str]) -> None:
    """005.6.4: produced energy is put into the energy stock."""
    if not colors:
        return
    g.set_player(p, "energy", tuple(sorted(stock(g, p) + tuple(colors))))
    for c in colors:
        g.emit(Event("energy", player=p, data={"color": c}))


def clear_stocks(g: Game) -> None:
    """005.6.4, 602.9, 801.6.3: unused energy vanishes as each phase and step ends."""
    for p in range(len(g.players)):
        if g.players[p].get("energy"):
            g.set_player(p, "energy", ())


def covers(have: Counter, colors: dict[str, int], generic: int) -> bool:
    left = Counter(have)
    for c, n in colors.items():
        if left[c] < n:
            return False
        left[c] -= n
    return sum(left.values()) >= generic


def need_of(arg: Any) -> tuple[dict[str, int], int]:
    """An energy cost item's colored parts and generic part."""
    if isinstance(arg, int):
        return {}, arg
    d = dict(arg)
    gen = d.pop("generic", 0)
    return {k: v for k, v in d.items() if v}, gen


def proc_pay_energy(g: Game, f: Frame) -> None:
    """Pay ``colors`` (color -> n) and ``generic`` energy from player ``p``'s stock, letting the
    player play energy abilities while the stock is short (801.6.3.1)."""
    rules = g.rules
    d = f.data
    p = d["p"]
    colors: dict[str, int] = d["colors"]
    generic: int = d["generic"]
    have = Counter(stock(g, p))
    ans = g.answer(f)
    if ans is not None and ans[0] == "act":
        rules.activate_energy(g, f, p, ans[1], ans[2])
        return
    if ans is not None and ans[0] == "pay":
        d.setdefault("picked", []).append(ans[1])
    if covers(have, colors, generic):
        left = Counter(have)
        for c, n in colors.items():
            left[c] -= n
        picked = d.get("picked", [])
        rest = generic - len(picked)
        for c in picked:
            left[c] -= 1
        avail = [c for c in COLORS if left[c] > 0]
        if rest > 0 and len(avail) > 1 and sum(left.values()) > rest:
            g.ask(p, "pay_energy", f"pay generic energy ({rest} left to pay)",
                  [(f"pay {c}", ("pay", c)) for c in avail])
            return
        used = Counter(colors)
        for c in picked:
            used[c] += 1
        for c in avail:
            take = min(rest, left[c])
            used[c] += take
            rest -= take
        new = Counter(have)
        new.subtract(used)
        g.set_player(p, "energy", tuple(sorted(new.elements())))
        g.note(f"p{p + 1} pays energy: {', '.join(sorted(used.elements())) or 'none'}")
        g.pop(True)
        return
    # short: offer the energy abilities that would help (801.6.3.1)
    deficit_colors = {c: n - have[c] for c, n in colors.items() if have[c] < n}
    opts = []
    seen: set[tuple] = set()
    for oid, ab, produced in rules.energy_sources(g, p, exclude=tuple(d.get("exclude", ()))):
        if not any(c in deficit_colors for c in produced) and not (
                generic and sum(have.values()) + 0 >= 0 and _helps_generic(have, colors, generic, produced)):
            continue
        o = g.objects[oid]
        key = (o.card.key, o.zone, o.orient, ab.index, tuple(produced))
        if o.zone == "energy" and key in seen:
            continue  # identical energy cards: one option (which one cannot matter)
        seen.add(key)
        opts.append((rules.activate_label(g, oid, ab), ("act", oid, ab.index)))
    if not opts:
        g.pop(False)
        return
    g.ask(p, "pay_energy", f"pay {describe(colors, generic)}: play energy abilities (stock: "
          f"{', '.join(sorted(have.elements())) or 'empty'})", opts)


def _helps_generic(have: Counter, colors: dict[str, int], generic: int, produced: list) -> bool:
    spare = sum(max(0, have[c] - colors.get(c, 0)) for c in have)
    return spare < generic and bool(produced)


def describe(colors: dict[str, int], generic: int) -> str:
    parts = [f"{c} {n}" for c, n in sorted(colors.items())]
    if generic:
        parts.append(f"generic {generic}")
    return ", ".join(parts) or "nothing"
