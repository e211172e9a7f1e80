"""The spec of what is being played and the targets it asks for.

Read by the ``play`` procedure (:mod:`.play`) while choosing targets, and by
the card rules when the played card or ability "becomes the target" events
are emitted (Caster CR 903.2e, SVE 10.6.2.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..kernel.game import Game


def spec_of(g: Game, d: dict) -> dict:
    """The effect spec of a play in progress (``d``: its play frame's data): the ability's, or
    the card's effect as its characteristics stand now."""
    ab = d.get("ab")
    if ab is not None:
        return ab.spec
    c = g.chars(d["obj"]) if d.get("obj") in g.objects else g.chars(d["src"])
    eff = c.get("effect")
    return eff.spec if eff is not None else {}


def target_specs(spec: dict, modes: tuple) -> list[dict]:
    """The target specs of ``spec``: its own, then those of each chosen mode (by index)."""
    out = list(spec.get("targets", ()))
    if modes:
        ms = spec["choose"]["modes"]
        for i in modes:
            out.extend(ms[i].get("targets", ()))
    return out
