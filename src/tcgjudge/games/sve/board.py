"""A readable text board of a Shadowverse: Evolve game for one player (the CLI shows it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common import listing
from . import links

if TYPE_CHECKING:
    from ...kernel.game import Game

MARKERS = ("fanfare", "last_words", "on_evolve", "strike", "follower_strike", "leader_strike", "on_race",
           "on_drive", "combo", "spellchain", "necrocharge", "overflow", "sanguine", "earth_rite", "lesson")


def _obj(g: Game, oid: int, viewer: int) -> str:
    rules = g.rules
    o = g.objects[oid]
    if not rules.can_see(g, o, viewer):
        return "facedown card" + (" [engaged]" if o.orient == "engaged" else "")
    c = g.chars(oid)
    parts = [o.card.key]
    ev = links.evolved_card(g, oid) if o.zone == "field" else None
    if ev is not None:
        parts[0] = f"{g.objects[ev].card.key}"
    if c.get("atk") is not None and "follower" in c["types"]:
        parts.append(f"{c['atk']}/{c['def']}")
    elif "amulet" in c["types"]:
        parts.append("(amulet)")
    elif "spell" in c["types"] and o.zone != "field":
        parts.append(f"(spell, cost {c.get('cost', 0)})")
    if o.zone in ("hand", "ex_area") and "spell" not in c["types"]:
        parts.append(f"cost {c.get('cost', 0)}")
    kws = sorted({k for k, _ in c.get("keywords", ()) if k not in MARKERS})
    if kws:
        parts.append("[" + ", ".join(kws) + "]")
    if o.counters:
        parts.append(" ".join(f"{k}x{v}" for k, v in o.counters.items()))
    if o.get("boxed"):
        parts.append("(boxed)")
    if o.orient == "engaged":
        parts.append("[engaged]")
    return " ".join(parts)


def board_text(g: Game, viewer: int) -> str:
    lines = [f"turn {g.turn}, p{g.active + 1}'s turn, {g.phase or 'preparation'}"]
    for p in (1 - viewer, viewer):
        who = "you" if p == viewer else "opponent"
        pl = g.players[p]
        faceup = sum(1 for x in g.zone(p, "evolve_deck") if g.objects[x].face_up)
        lines.append(f"-- p{p + 1} ({who}): leader {pl.get('leader_def', 20)} def, PP {pl.get('pp', 0)}/"
                     f"{pl.get('max_pp', 0)}, EP {pl.get('ep', 0)}, hand {len(g.zone(p, 'hand'))}, "
                     f"deck {len(g.zone(p, 'deck'))}, evolve deck {len(g.zone(p, 'evolve_deck')) - faceup}"
                     f"(+{faceup} faceup), cemetery {len(g.zone(p, 'cemetery'))}")
        lines.append("   field: " + listing([_obj(g, x, viewer) for x in g.zone(p, "field")]))
        ex = [_obj(g, x, viewer) for x in g.zone(p, "ex_area")]
        if ex:
            lines.append("   EX area: " + "; ".join(ex))
        if p == viewer:
            lines.append("   hand: " + listing([_obj(g, x, viewer) for x in g.zone(p, "hand")]))
    res = g.zones[(-1, "resolution")]
    if res:
        lines.append("resolution zone: " + "; ".join(_obj(g, x, viewer) for x in res))
    return "\n".join(lines)
