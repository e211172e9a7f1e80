"""Events: what happened, recorded as the game acts, and the triggers they cause."""

from __future__ import annotations

from typing import Any


class Event:
    """One thing that happened.

    ``kind`` is a word the game and the effect language agree on (``move``,
    ``orient``, ``draw``, ``phase``, ``attack``, ``damage``, ...).  For a zone
    change, ``oid`` is the object before the move (its last known information
    is kept in the game's LKI table, CR 911 / SVE 10.11) and ``new`` the
    object after it.
    """

    __slots__ = ("kind", "oid", "new", "frm", "to", "player", "cause", "data")

    def __init__(
        self,
        kind: str,
        oid: int | None = None,
        new: int | None = None,
        frm: str | None = None,
        to: str | None = None,
        player: int | None = None,
        cause: Any = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.oid = oid
        self.new = new
        self.frm = frm
        self.to = to
        self.player = player
        self.cause = cause
        self.data = data or {}

    def __repr__(self) -> str:
        return f"Event({self.kind} {self.oid}->{self.new} {self.frm}->{self.to} p={self.player})"


class PendingTrigger:
    """An automatic ability that triggered and waits to be played.

    Immutable once made.  ``count`` is how many times it triggered (CR
    906.2: the trigger count rises by one per trigger); the game plays one
    instance at a time and replaces the entry with count-1.
    """

    __slots__ = ("tid", "controller", "source", "ability", "bind", "count", "card")

    def __init__(self, tid: int, controller: int, source: int, ability, bind: dict, count: int = 1,
                 card=None) -> None:
        self.tid = tid
        self.controller = controller
        self.source = source
        self.ability = ability
        self.bind = bind
        self.count = count
        self.card = card

    def __repr__(self) -> str:
        return f"Trigger#{self.tid}(p{self.controller + 1} {self.ability.text[:30]!r} x{self.count})"
