"""What one player knows, as a state that search can sample (DESIGN principle 9).

A search agent needs full game states to look ahead, but it may know only what
its player knows.  :func:`InfoSet.of` takes a game and a viewer and keeps
nothing the viewer may not know:

- every object the viewer cannot see (``rules.can_see``) loses its card: the
  cards are pooled per owner and per *hidden pool* (``rules.hidden_pools``
  maps hidden zones whose cards may be any of each other, e.g. a deck and a
  hand; a zone not listed is a pool of its own), and each pool is kept as a
  sorted multiset, so no pool remembers which object held which card;
- the random generator and the game's seed are dropped (they decide future
  shuffles and draws, and with the answers given would replay the whole game),
  and so are the answers given (only their number is kept);
- last known information about objects the viewer never saw is dropped, unless
  the object they became is visible;
- the log becomes the viewer's log; facts cached per object id are dropped.

:meth:`InfoSet.sample` then deals each pool's cards to that pool's hidden
objects in an order drawn from a seed, and gives the sampled game a new random
generator: a *determinization*, consistent with everything the viewer sees.
Two games that differ only in where hidden cards lie (within their pools) give
equal information sets, hence equal samples for equal seeds.

Assumption, stated because it matters: the multiset of each pool is kept, so
each player's remaining cards are treated as known as a whole (an open deck
list), while which of them lies where is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .objects import CardDef
from .rng import Rng
from .view import log_for

if TYPE_CHECKING:
    from .game import Game

#: stands for a card whose identity the viewer may not know, until a sample deals one
HIDDEN = CardDef("?", {"name": "?", "types": (), "cost": 0, "abilities": ()}, game="?")


def _card_order(c: CardDef) -> tuple:
    return (c.key, c.game, c.text, c.token)


class InfoSet:
    """One player's information set: a game with the hidden cards taken out (see the module)."""

    __slots__ = ("viewer", "base", "slots", "pools")

    def __init__(self, viewer: int, base: Game, slots: list[list[int]], pools: list[list[CardDef]]) -> None:
        self.viewer = viewer
        self.base = base  # holds HIDDEN in every hidden object
        self.slots = slots  # per pool: the hidden object ids, in a public order
        self.pools = pools  # per pool: the cards, sorted

    @classmethod
    def of(cls, g: Game, viewer: int) -> InfoSet:
        snap = g.clone()
        rules = snap.rules
        pool_of = getattr(rules, "hidden_pools", {})
        groups: dict[tuple, list[tuple]] = {}
        for o in list(snap.objects.values()):
            if rules.can_see(snap, o, viewer):
                continue
            key = (o.owner, pool_of.get(o.zone, o.zone))
            # zones and positions are public: they order the slots without revealing anything
            zone = snap.zones.get((o.zp, o.zone), ())
            pos = zone.index(o.id) if o.id in zone else -1
            groups.setdefault(key, []).append((o.zp, o.zone, pos, o.over or 0, o.id, o.card))
        slots: list[list[int]] = []
        pools: list[list[CardDef]] = []
        for key in sorted(groups, key=repr):
            entries = sorted(groups[key], key=lambda e: e[:5])
            slots.append([e[4] for e in entries])
            pools.append(sorted((e[5] for e in entries), key=_card_order))
            for e in entries:
                snap.w(e[4]).card = HIDDEN
        for oid, (old, _chars, new) in list(snap.lki.items()):
            if not rules.can_see(snap, old, viewer):
                succ = snap.objects.get(new) if new is not None else None
                if succ is None or succ.card is HIDDEN:
                    del snap.lki[oid]
        snap.log = list(log_for(g, viewer))
        snap.rng = Rng(0)
        snap.seed = 0
        snap.info = {k: v for k, v in g.info.items() if k in ("game", "first", "format")}
        snap.history = [0] * len(g.history)
        snap.derived = {}
        snap._cc = snap._mc = None
        return cls(viewer, snap, slots, pools)

    def sample(self, seed: int) -> Game:
        """A full game consistent with the viewer's knowledge; equal seeds give equal games."""
        rng = Rng(seed)
        g = self.base.clone()
        for ids, cards in zip(self.slots, self.pools):
            deal = list(cards)
            rng.shuffle(deal)
            for oid, c in zip(ids, deal):
                g.w(oid).card = c
        g.rng = Rng(rng.next64())
        # derived facts are dropped, but not the set of cards that have had an object in the game
        # (Game.create keeps it): indexes such as the event kinds some card watches are computed
        # from it, and a sample that started a new one would skip the triggers of every card not
        # created since.  It is rebuilt from the objects (hidden ones dealt) and the last known
        # information, so that games the viewer cannot tell apart give equal samples.
        cards = {o.card for o in g.objects.values()}
        cards.update(e[0].card for e in g.lki.values())
        g.derived = {"cards": cards}
        g._cc = g._mc = None
        return g

    def hidden_count(self) -> int:
        return sum(len(s) for s in self.slots)
