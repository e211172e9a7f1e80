"""Printed cards, abilities and game objects.

A :class:`CardDef` is the immutable printed card (shared by every game that
uses it).  A :class:`Obj` is one game object: a card (or token, or an
ability's pseudo-card) in one zone.  When a card changes zones it becomes a
new object with a new id (Caster CR 302.3, SVE 4.1.4); moving from field to
field keeps the object (CR 302.3, SVE 10.7.4.3).

Objects are copy-on-write between cloned games: a game may only change an
object it owns (``obj.gen == game.gen``); :meth:`Game.w` hands out a writable
copy.  Nothing outside the kernel writes object attributes directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Ability:
    """One ability as written on a card, in the effect language.

    ``kind`` is ``activated``, ``auto`` (automatic/triggered), ``static``
    (continuous) or ``replacement``.  ``spec`` holds the parsed ability (costs,
    targets, program, trigger pattern, ...) whose meaning belongs to the card
    layer's interpreter; the kernel reads only ``kind``, ``zones`` and
    ``text``.
    """

    __slots__ = ("kind", "text", "name", "zones", "spec", "index", "keyword", "pseudo")

    def __init__(
        self,
        kind: str,
        spec: Mapping[str, Any],
        text: str = "",
        name: str | None = None,
        zones: tuple[str, ...] = ("field",),
        index: int = 0,
        keyword: str | None = None,
    ) -> None:
        self.kind = kind
        self.spec = spec
        self.text = text
        self.name = name
        self.zones = zones
        self.index = index
        self.keyword = keyword
        self.pseudo: CardDef | None = None  # the pseudo-card that stands for it in a waiting area

    def get(self, key: str, default: Any = None) -> Any:
        return self.spec.get(key, default)

    def __repr__(self) -> str:
        return f"Ability({self.kind}, {self.text[:40]!r})"


class CardDef:
    """A printed card: characteristics plus abilities.  Immutable by convention.

    ``key`` is unique inside a card pool and is what decks, labels and
    scenarios use (for Caster casters it includes the level, e.g.
    ``Carella Lv1``); ``chars`` is the printed characteristics as a plain dict
    with at least ``name``, ``types``, ``cost`` and ``abilities``.
    """

    __slots__ = ("key", "chars", "text", "token", "game", "extra", "__weakref__")

    def __init__(
        self,
        key: str,
        chars: dict[str, Any],
        text: str = "",
        token: bool = False,
        game: str = "",
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.key = key
        self.chars = chars
        self.text = text
        self.token = token
        self.game = game
        self.extra = extra or {}

    @property
    def name(self) -> str:
        return self.chars["name"]

    def __repr__(self) -> str:
        return f"CardDef({self.key!r})"


class Obj:
    """A game object in one zone.  See the module docstring for ownership."""

    __slots__ = (
        "id",
        "card",
        "owner",
        "controller",
        "zone",
        "zp",
        "face_up",
        "orient",
        "since",
        "counters",
        "under",
        "over",
        "data",
        "gen",
    )

    def __init__(
        self,
        oid: int,
        card: CardDef,
        owner: int,
        zone: str,
        zp: int,
        gen: int,
        face_up: bool = True,
        orient: str = "",
        since: int = 0,
    ) -> None:
        self.id = oid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.zp = zp  # the player whose zone holds it; -1 for shared zones
        self.face_up = face_up
        self.orient = orient
        self.since = since  # turn serial when it came under this controller in this zone
        self.counters: dict[str, int] | None = None
        self.under: list[int] | None = None  # objects stacked beneath (stocks, evolve bases)
        self.over: int | None = None  # the object this one is stacked beneath
        self.data: dict[str, Any] | None = None  # game-specific state (damage, attack flags...)
        self.gen = gen

    def copy(self, gen: int) -> Obj:
        o = Obj.__new__(Obj)
        o.id = self.id
        o.card = self.card
        o.owner = self.owner
        o.controller = self.controller
        o.zone = self.zone
        o.zp = self.zp
        o.face_up = self.face_up
        o.orient = self.orient
        o.since = self.since
        o.counters = dict(self.counters) if self.counters else None
        o.under = list(self.under) if self.under else None
        o.over = self.over
        o.data = dict(self.data) if self.data else None
        o.gen = gen
        return o

    def get(self, key: str, default: Any = None) -> Any:
        d = self.data
        return default if d is None else d.get(key, default)

    def counter(self, name: str) -> int:
        c = self.counters
        return 0 if c is None else c.get(name, 0)

    def __repr__(self) -> str:
        return f"Obj#{self.id}({self.card.key} @{self.zp}.{self.zone})"
