"""Zone descriptions: which zones a game has and who may see what in them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ZoneSpec:
    """How one zone behaves.

    - ``shared``: one zone for the game (Caster chase zone, SVE resolution
      zone) rather than one per player.
    - ``public``: every player may see the cards (CR 302.2, SVE 4.1.2).
    - ``owner_sees``: in a hidden zone, the player the zone belongs to may see
      its cards (hand CR 305.2, extra deck CR 313.2).
    - ``facedown_owner_sees``: in a public zone, a face-down card may be seen by
      the player the zone belongs to (face-down casters CR 308.2a).
    - ``ordered``: card order is managed (deck, orbs, graveyard, chase).
    - ``field``: part of the field; moving between field zones keeps the
      object's identity (CR 302.3).
    - ``limit``: the most cards the zone may hold (None: no limit).
    - ``layered``: continuous effects are computed for every object here in
      one pass (public zones where characteristics matter).
    - ``faceup_apart``: a faceup card here is not part of the zone unless a
      selector names its face (the SVE evolve deck, 4.6.3).
    """

    name: str
    shared: bool = False
    public: bool = True
    owner_sees: bool = False
    facedown_owner_sees: bool = False
    ordered: bool = False
    field: bool = False
    limit: int | None = None
    layered: bool = False
    faceup_apart: bool = False
