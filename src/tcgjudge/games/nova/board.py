"""A readable text board of a NOVA game for one player (the CLI shows it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common import listing
from . import energy as en

if TYPE_CHECKING:
    from ...kernel.game import Game


def _obj(g: Game, oid: int, viewer: int) -> str:
    rules = g.rules
    o = g.objects[oid]
    if not rules.can_see(g, o, viewer):
        return "hidden card"
    c = g.chars(oid)
    parts = [o.card.key]
    if c.get("level"):
        parts.append(f"Lv{c['level']}")
    if c.get("atk") is not None:
        parts.append(f"{c['atk']}/{c['def']}")
    if o.get("damage"):
        parts.append(f"(damage {o.get('damage')})")
    kws = [k for k, _ in c.get("keywords", ())]
    if kws:
        parts.append("[" + ", ".join(kws) + "]")
    if o.get("equipped_to") is not None:
        parts.append(f"-> {rules.obj_name(g, o.get('equipped_to'), viewer)}")
    if o.counters:
        parts.append(" ".join(f"{k}x{v}" for k, v in o.counters.items()))
    if o.orient == "frozen":
        parts.append("[frozen]")
    if o.get("destroyed"):
        parts.append("[destroyed]")
    return " ".join(parts)


def board_text(g: Game, viewer: int) -> str:
    rules = g.rules
    if g.turn == 0:
        lines = ["game start (NOVA 007)"]
    else:
        lines = [f"turn {g.turn}, p{g.active + 1}'s turn, {g.phase}" + (f" / {g.step}" if g.step else "")]
    for p in (1 - viewer, viewer):
        who = "you" if p == viewer else "opponent"
        stock = en.stock(g, p)
        lines.append(f"-- p{p + 1} ({who}): life {rules.life(g, p)}, limit level {rules.limit_level(g, p)}, "
                     f"hand {len(g.zone(p, 'hand'))}, deck {len(g.zone(p, 'deck'))}, "
                     f"characters {len(g.zone(p, 'character_deck'))}, graveyard {len(g.zone(p, 'graveyard'))}"
                     + (f", energy stock {', '.join(stock)}" if stock else ""))
        lines.append("   field: " + listing([_obj(g, x, viewer) for x in g.zone(p, "field")]))
        lines.append("   energy: " + listing([_obj(g, x, viewer) for x in g.zone(p, "energy")]))
        if g.zone(p, "retired"):
            lines.append("   retired: " + listing([_obj(g, x, viewer) for x in g.zone(p, "retired")]))
        if p == viewer:
            lines.append("   hand: " + listing([_obj(g, x, viewer) for x in g.zone(p, "hand")]))
            lines.append("   character deck: " + listing([_obj(g, x, viewer) for x in g.zone(p, "character_deck")]))
    w = g.zones[(-1, "waiting")]
    if w:
        lines.append("waiting (last resolves first): " + "; ".join(_obj(g, x, viewer) for x in w))
    return "\n".join(lines)
