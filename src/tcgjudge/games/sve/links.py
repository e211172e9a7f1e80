"""Links between a card on the field and the cards stacked with it: evolved cards in the evolve
zone (5.15.1.4), Carrot cards in the race zone (14.2.1.1) and Drive Point cards in the drive zone
(14.4.9.2).

A link is recorded on both cards (``links_<kind>`` on the field card, ``linked_to`` on the other)
in the order the links were made, so "the most recently linked" card (11.6.2, 11.6.3) is the last.
A link holds only while the field card is on the field and the other card is in its zone: the
field card becomes a new card when it leaves (4.1.4), which ends the link "immediately after
movement" (5.15.3, 14.2.1.3, 14.4.9.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...kernel.game import Game

ZONE_OF = {"evolve": "evolve_zone", "race": "race_zone", "drive": "drive_zone"}
KIND_OF = {v: k for k, v in ZONE_OF.items()}


def link(g: Game, field_oid: int, other: int, kind: str) -> None:
    fo = g.objects[field_oid]
    key = f"links_{kind}"
    g.set_data(field_oid, key, tuple(fo.get(key, ())) + (other,))
    oo = g.objects[other]
    g.set_data(other, "linked_to", tuple(oo.get("linked_to", ())) + (field_oid,))


def unlink(g: Game, field_oid: int, other: int, kind: str) -> None:
    key = f"links_{kind}"
    fo = g.objects.get(field_oid)
    if fo is not None:
        rest = tuple(x for x in fo.get(key, ()) if x != other)
        g.set_data(field_oid, key, rest or None)
    oo = g.objects.get(other)
    if oo is not None:
        rest2 = tuple(x for x in oo.get("linked_to", ()) if x != field_oid)
        g.set_data(other, "linked_to", rest2 or None)


def valid(g: Game, field_oid: int, other: int, kind: str) -> bool:
    fo = g.objects.get(field_oid)
    oo = g.objects.get(other)
    if fo is None or oo is None or fo.zone != "field" or oo.zone != ZONE_OF[kind]:
        return False
    return other in fo.get(f"links_{kind}", ()) and field_oid in oo.get("linked_to", ())


def linked(g: Game, field_oid: int, kind: str) -> list[int]:
    """The cards validly linked to a field card, oldest first."""
    fo = g.objects.get(field_oid)
    if fo is None or fo.data is None:
        return []
    return [x for x in fo.data.get(f"links_{kind}", ()) if valid(g, field_oid, x, kind)]


def evolved_card(g: Game, oid: int) -> int | None:
    """The evolve-zone card whose information a field card has (5.15.1.2): the most recent link."""
    fo = g.objects.get(oid)
    if fo is None or fo.data is None or "links_evolve" not in fo.data:
        return None
    ls = linked(g, oid, "evolve")
    return ls[-1] if ls else None


def is_linked(g: Game, other: int) -> bool:
    """Is a card in the evolve, race or drive zone linked to a card on the field?"""
    oo = g.objects.get(other)
    if oo is None:
        return False
    kind = KIND_OF.get(oo.zone)
    if kind is None:
        return False
    return any(valid(g, f, other, kind) for f in oo.get("linked_to", ()))


def field_cards_of(g: Game, other: int) -> list[int]:
    oo = g.objects.get(other)
    if oo is None:
        return []
    kind = KIND_OF.get(oo.zone)
    if kind is None:
        return []
    return [f for f in oo.get("linked_to", ()) if valid(g, f, other, kind)]
