"""Per-player views: exactly what one player may know (DESIGN principle 5).

Cards in hidden zones appear as counts; a face-down card the viewer may not
see appears without its identity; an object's identity is shown only when
``rules.can_see`` allows it (Caster CR 302.2, 308.2a; SVE 4.1.2; NOVA
301.7).  The log is filtered the same way: a private line is shown only to
the player it belongs to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def obj_view(g: Game, oid: int, viewer: int) -> dict[str, Any]:
    rules = g.rules
    o = g.objects[oid]
    out: dict[str, Any] = {"id": oid}
    if o.orient:
        out["orientation"] = o.orient
    if not o.face_up:
        out["face_down"] = True
    if rules.can_see(g, o, viewer):
        out["card"] = o.card.key
        out.update(rules.public_chars(g, oid))
        if o.counters:
            out["counters"] = dict(o.counters)
        if o.data:
            out.update(rules.public_data(g, o))
    elif o.counters:
        out["counters"] = dict(o.counters)
    if o.under:
        out["stacked"] = [obj_view(g, u, viewer) for u in o.under]
    if o.controller != o.owner:
        out["owner"] = f"p{o.owner + 1}"
    return out


def view(g: Game, viewer: int) -> dict[str, Any]:
    """Everything ``viewer`` may know about the game, as plain data."""
    rules = g.rules
    players = []
    for p in range(len(g.players)):
        zones: dict[str, Any] = {}
        for name, spec in rules.zone_specs.items():
            if spec.shared:
                continue
            ids = g.zones[(p, name)]
            if not spec.public and not (spec.owner_sees and viewer == p):
                visible = [oid for oid in ids if rules.can_see(g, g.objects[oid], viewer)]
                zones[name] = {"count": len(ids)}
                if visible:  # e.g. revealed cards
                    zones[name]["known"] = [obj_view(g, oid, viewer) for oid in visible]
            else:
                zones[name] = [obj_view(g, oid, viewer) for oid in ids]
        players.append({"player": f"p{p + 1}", **rules.player_view(g, p, viewer), "zones": zones})
    shared = {name: [obj_view(g, oid, viewer) for oid in g.zones[(-1, name)]]
              for name, spec in rules.zone_specs.items() if spec.shared}
    out: dict[str, Any] = {
        "game": rules.game_id, "you": f"p{viewer + 1}", "turn": g.turn, "active": f"p{g.active + 1}",
        "phase": g.phase, "step": g.step, "players": players, "shared": shared,
        "log": log_for(g, viewer),
    }
    if g.result is not None:
        out["result"] = "draw" if g.result == "draw" else f"p{g.result + 1}"
    d = g.pending
    if d is not None:
        if d.player == viewer:
            out["decision"] = d.to_json()
        else:
            out["waiting_for"] = {"player": f"p{d.player + 1}", "kind": d.kind}
    return out


def log_for(g: Game, viewer: int, last: int | None = None) -> list[str]:
    lines = g.log if last is None else g.log[-last:]
    out = []
    for line in lines:
        if isinstance(line, tuple):
            who, private, public = line
            out.append(private if who == viewer else public)
        else:
            out.append(line)
    return out
