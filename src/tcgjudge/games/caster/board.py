"""A readable text board of a Caster game for one player (the CLI shows it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common import listing
from . import aether as ae

if TYPE_CHECKING:
    from ...kernel.game import Game

ORIENT_MARK = {"recovered": "", "rested": " [rested]", "reversed": " [REVERSED]"}


def _obj(g: Game, oid: int, viewer: int) -> str:
    rules = g.rules
    o = g.objects[oid]
    if not rules.can_see(g, o, viewer):
        return "face-down" + ORIENT_MARK.get(o.orient, "")
    c = g.chars(oid)
    parts = [o.card.key]
    if not o.face_up and rules.zone_specs[o.zone].public:
        parts.append("(face down)")
    if c.get("atk") is not None:
        parts.append(f"{c['atk']}/{c['def']}")
    kws = [k for k, _ in c.get("keywords", ()) if k not in ("enter", "last_words")]
    if kws:
        parts.append("[" + ", ".join(kws) + "]")
    if o.counters:
        parts.append(" ".join(f"{k}x{v}" for k, v in o.counters.items()))
    if o.under:
        parts.append(f"(+{len(o.under)} stock)")
    return " ".join(parts) + ORIENT_MARK.get(o.orient, "")


def board_text(g: Game, viewer: int) -> str:
    if g.turn == 0:
        lines = ["game set-up (CR 403)"]
    else:
        lines = [f"turn {g.turn}, p{g.active + 1}'s turn, {g.phase} phase" + (f", {g.step}" if g.step else "")]
    for p in (1 - viewer, viewer):
        who = "you" if p == viewer else "opponent"
        pl = g.players[p]
        lines.append(f"-- p{p + 1} ({who}): hand {len(g.zone(p, 'hand'))}, deck {len(g.zone(p, 'deck'))}, "
                     f"orbs {len(g.zone(p, 'orbs'))}, graveyard {len(g.zone(p, 'graveyard'))}, "
                     f"extra {len(g.zone(p, 'extra_deck'))}"
                     + (f", aether {', '.join(ae.pool_labels(pl['aether']))}" if pl["aether"] else ""))
        lines.append("   casters: " + listing([_obj(g, x, viewer) for x in g.zone(p, "casters")]))
        lines.append("   servants: " + listing([_obj(g, x, viewer) for x in g.zone(p, "field")]))
        if g.zone(p, "bingo"):
            lines.append("   bingo: " + "; ".join(_obj(g, x, viewer) for x in g.zone(p, "bingo")))
        if p == viewer:
            lines.append("   hand: " + listing([_obj(g, x, viewer) for x in g.zone(p, "hand")]))
    chase = g.zones[(-1, "chase")]
    if chase:
        lines.append("chase (top last): " + "; ".join(_obj(g, x, viewer) for x in chase))
    return "\n".join(lines)
