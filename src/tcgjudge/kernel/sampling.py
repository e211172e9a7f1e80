"""Sampling the hidden part of a game consistently with one player's view (determinization).

A search agent or an OpenSpiel resampler that needs a whole game state samples one: every card
``viewer`` cannot see changes places with other cards of the same owner and the same deck
section that ``viewer`` cannot see either — a hand card may swap with a deck card or an orb,
never with an extra-deck card — and the future randomness is reseeded.  What ``viewer`` sees
(``view.view``) is unchanged: counts, public cards and the cards it knows stay where they are.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from .rng import Rng

if TYPE_CHECKING:
    from .game import Game


def _sections(g: Game, player: int) -> dict[str, str]:
    """Card key -> the section of ``player``'s deck list that holds it (``main``, ``extra``, ...)."""
    decks = g.info.get("decks") or []
    out: dict[str, str] = {}
    if player < len(decks) and isinstance(decks[player], dict):
        for name, part in decks[player].items():
            if isinstance(part, (dict, list)):
                for key in part:
                    out.setdefault(key, name)
    return out


def determinize(g: Game, viewer: int, rng: Rng) -> Game:
    """A copy of ``g`` whose cards hidden from ``viewer`` are re-dealt at random (see module doc)."""
    h = g.clone()
    rules = h.rules
    for q in range(len(h.players)):
        section = _sections(h, q)
        places: dict[str, list[tuple[tuple[int, str], int]]] = defaultdict(list)
        for name, spec in rules.zone_specs.items():
            if spec.shared or spec.public or (spec.owner_sees and q == viewer):
                continue
            zk = (q, name)
            for i, oid in enumerate(h.zones[zk]):
                o = h.objects[oid]
                sec = section.get(o.card.key)
                if sec is not None and not rules.can_see(h, o, viewer):
                    places[sec].append((zk, i))
        for spots in places.values():
            ids = [h.zones[zk][i] for zk, i in spots]
            faces = [h.objects[oid].face_up for oid in ids]  # a place keeps its face (orbs, hands)
            rng.shuffle(ids)
            for ((zk, i), face), oid in zip(zip(spots, faces), ids):
                h.zones[zk][i] = oid
                o = h.objects[oid]
                if (o.zp, o.zone, o.face_up) != (*zk, face):
                    w = h.w(oid)
                    w.zp, w.zone = zk
                    w.face_up = face
    h.rng = Rng(rng.next64())
    h._cc = h._mc = None
    return h
