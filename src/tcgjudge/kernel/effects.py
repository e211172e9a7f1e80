"""Continuous effects: the effect type and what the layer pass shows of its progress.

A :class:`CEffect` is one continuous effect: what it does (``op`` and
``args``, meaning supplied by the card layer), what it applies to
(``affects``), when it ends (``duration``) and its timestamp.  Effects made by
resolving abilities live in ``game.effects``; effects of static abilities are
collected afresh from the objects whose abilities are valid.  A
:class:`LayerView` is what the rules hooks read while the layer pass
(:mod:`.layers`) runs: the characteristics as far as it has got.
"""

from __future__ import annotations

from typing import Any, Protocol


class CEffect:
    """One continuous effect.  Immutable once made (shared between clones).

    - ``layer``: name of the layer it applies in (from the game's layer list).
    - ``op`` / ``args``: what it does, interpreted by ``rules.apply_effect``.
    - ``affects``: ``("objs", frozenset_of_ids)`` for specific objects (they
      stop being affected when they change zones, because they become new
      objects), ``("sel", selector)`` for "all objects that ..." (CR
      909.3b-3), ``("players", frozenset)`` for player effects.
    - ``duration``: ``"end_of_turn"``, ``"end_of_battle"``, ``"static"`` (from
      a static ability), ``"permanent"``, or any word the game ends by name.
    - ``cond``: a condition that must hold for the effect to apply.
    """

    __slots__ = ("eid", "ts", "layer", "op", "args", "affects", "controller", "source", "duration",
                 "cond", "ability")

    def __init__(
        self,
        eid: int,
        ts: int,
        layer: str,
        op: str,
        args: Any,
        affects: tuple,
        controller: int,
        source: int | None,
        duration: str,
        cond: Any = None,
        ability: Any = None,
    ) -> None:
        self.eid = eid
        self.ts = ts
        self.layer = layer
        self.op = op
        self.args = args
        self.affects = affects
        self.controller = controller
        self.source = source
        self.duration = duration
        self.cond = cond
        self.ability = ability

    def __repr__(self) -> str:
        return f"CEffect#{self.eid}({self.layer}:{self.op} {self.args} {self.duration})"


class CharSource(Protocol):
    """What a :class:`LayerView` reads of the game: printed characteristics."""

    def base_chars(self, oid: int) -> dict: ...


class LayerView:
    """Characteristics as far as the layer pass has got; what conditions read."""

    __slots__ = ("game", "chars")

    def __init__(self, game: CharSource, chars: dict[int, dict]) -> None:
        self.game = game
        self.chars = chars

    def get(self, oid: int) -> dict:
        c = self.chars.get(oid)
        if c is None:
            c = self.game.base_chars(oid)
        return c


#: key, in the dict :func:`.layers.compute_layers` returns, of what the characteristics were computed from
#: beyond objects, zones and effects (``rules.chars_reads``: a set of aspects, or None for anything)
READS = ("reads",)
#: key of the turn, turn player, phase and step the characteristics were computed at: game code
#: sets these directly, so characteristics are kept across a change only while they are the same
CLOCK = ("clock",)


#: continuous-effect operations that can change which abilities an object has
ABILITY_OPS = frozenset(("grant", "lose", "copy", "become"))
