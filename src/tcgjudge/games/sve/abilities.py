"""Shadowverse: Evolve: which abilities of a kind are valid where their cards are (a state query
the procedures of :mod:`.procedures` read)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...kernel.game import Game
    from ...kernel.objects import Ability, Obj


def abilities_in(g: Game, zones: tuple[str, ...], kind: str) -> Iterator[tuple[int, Obj, Ability]]:
    """The abilities of one kind ("auto" or "static") valid where their cards are, in ``zones``,
    the turn player's cards first: (card, its object, ability).  An evolved follower
    has the abilities its linked evolved card gives it too (5.15).  Which abilities these are
    depends on characteristics, zones and evolve links only (``links_evolve`` is among what
    SVE's characteristics read), so the list is kept with the characteristics."""
    flag = "has_auto" if kind == "auto" else "has_static"
    active = g.active

    def scan() -> tuple[tuple[int, int], ...]:
        out = []
        # 10.2.1.2: an ability an effect gave the card ('it has "This follower doesn't take
        # damage"') is valid as a printed one is, also on a card printed without one of its kind
        granted = g.rules.abilities_granted(g)  # type: ignore[attr-defined]
        for zone in zones:
            for p in (active, 1 - active):
                for oid in g.zone(p, zone):
                    o = g.objects[oid]
                    if not granted and not o.card.chars.get(flag) and not o.get("links_evolve"):
                        continue
                    for i, ab in enumerate(g.chars(oid)["abilities"]):
                        if ab.kind == kind and zone in ab.zones:
                            out.append((oid, i))
        return tuple(out)

    for oid, i in g.memo_chars(("sve_abilities_in", zones, kind, active), scan):
        yield oid, g.objects[oid], g.chars(oid)["abilities"][i]
