"""A fixed-size numeric encoding of one player's view, for learning agents.

The encoding reads only ``kernel.view.view(game, player)`` — exactly what that
player may know (DESIGN principle 5) — so it cannot carry hidden information:
permuting the cards a player cannot see never changes that player's
observation.  ``docs/rl.md`` documents every feature; ``Encoder.layout()``
names each slice of the vector.

Layout (``float32``, all values raw, clipped to ``±CLIP``):

- global: turn, "my turn", "my decision", options offered, the phase, step
  and decision kind as hashed one-hot groups;
- the acting player's block, then the opponent's: the player values (life,
  play points, aether produced, ...), then per zone its card count and
  ``slots`` card slots;
- the shared zones (chase zone, resolution zone, waiting area): count and slots.

A card slot is ``CARD_FEATURES`` wide: present, card index (``0`` when the
card's identity is hidden, ``1 + i`` for the ``i``-th card of the encoder's
card table, ``len(table) + 1`` for a card not in it), face down, the numeric
characteristics ``STATS``, counters, stacked cards, owned by the other
player, and the orientation as a hashed one-hot group.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from typing import Any

import numpy as np

#: numeric characteristics a slot carries (absent ones are 0)
STATS = ("cost", "atk", "def", "level", "damage")
#: width of each hashed one-hot group (orientation, phase, step, decision kind)
HASH = 16
CLIP = 1_000_000.0
CARD_FEATURES = 3 + len(STATS) + 3 + HASH


def bucket(word: str) -> int:
    """The hashed one-hot position of a word: stable across runs and machines (CRC-32)."""
    return zlib.crc32(word.encode("utf-8")) % HASH


def _num(x: Any) -> float:
    if isinstance(x, bool):
        return float(x)
    if isinstance(x, (int, float)):
        return float(max(-CLIP, min(CLIP, x)))
    if isinstance(x, (list, tuple, set, frozenset)):
        return float(len(x))
    if isinstance(x, dict):
        return float(sum(_num(v) for v in x.values()))
    return 0.0


class Encoder:
    """The encoding of one game's views, fixed for a card table and zone list.

    ``cards`` is the card table (card keys: the pool's and the decks'); ``values``
    the player values encoded per player, read off the game at its start.
    """

    def __init__(self, rules: Any, cards: Iterable[str], values: Iterable[str], *, slots: int = 16,
                 max_options: int = 128) -> None:
        specs = rules.zone_specs
        self.game_id: str = rules.game_id
        self.player_zones = sorted(n for n, s in specs.items() if not s.shared)
        self.shared_zones = sorted(n for n, s in specs.items() if s.shared)
        self.cards = sorted(set(cards))
        self.card_index = {k: i + 1 for i, k in enumerate(self.cards)}
        self.unknown_card = len(self.cards) + 1
        self.values = sorted(set(values))
        self.slots = slots
        self.max_options = max_options
        self._layout: list[tuple[str, int]] = []
        self._build_layout()
        self.size = sum(w for _, w in self._layout)

    @classmethod
    def for_game(cls, g: Any, pool_keys: Iterable[str], **kw: Any) -> Encoder:
        """An encoder whose card table holds ``pool_keys`` and every card of game ``g`` (its decks)."""
        keys = set(pool_keys) | {o.card.key for o in g.objects.values()}
        values: set[str] = set()
        for p in range(len(g.players)):
            values |= set(g.rules.player_view(g, p, p))
        return cls(g.rules, keys, values, **kw)

    # ------------------------------------------------------------------ layout
    def _build_layout(self) -> None:
        lay = self._layout
        lay += [("turn", 1), ("my_turn", 1), ("my_decision", 1), ("options", 1), ("result", 1),
                ("phase", HASH), ("step", HASH), ("decision_kind", HASH)]
        zone_w = 1 + self.slots * CARD_FEATURES
        for who in ("me", "opponent"):
            for v in self.values:
                lay.append((f"{who}.{v}", 1))
            for z in self.player_zones:
                lay.append((f"{who}.{z}", zone_w))
        for z in self.shared_zones:
            lay.append((f"shared.{z}", zone_w))

    def layout(self) -> dict[str, slice]:
        """Every named part of the vector: global features, player values, zones (count + slots)."""
        out, at = {}, 0
        for name, w in self._layout:
            out[name] = slice(at, at + w)
            at += w
        return out

    # ------------------------------------------------------------------ encode
    def encode(self, v: dict[str, Any]) -> np.ndarray:
        """The observation vector of view ``v`` (``kernel.view.view(game, player)``)."""
        out = np.zeros(self.size, dtype=np.float32)
        me = v["you"]
        out[0] = _num(v["turn"])
        out[1] = 1.0 if v["active"] == me else 0.0
        d = v.get("decision")
        out[2] = 1.0 if d is not None else 0.0
        out[3] = float(len(d["options"])) if d is not None else 0.0
        res = v.get("result")
        out[4] = 0.0 if res is None else (1.0 if res == me else (-1.0 if res != "draw" else 0.5))
        at = 5
        for word in (v.get("phase") or "", v.get("step") or "", d["kind"] if d else ""):
            if word:
                out[at + bucket(word)] = 1.0
            at += HASH
        players = v["players"]
        order = sorted(players, key=lambda pl: pl["player"] != me)  # the viewer first
        for pl in order:
            for key in self.values:
                out[at] = _num(pl.get(key))
                at += 1
            zones = pl["zones"]
            for z in self.player_zones:
                at = self._zone(out, at, zones.get(z), me)
        shared = v.get("shared", {})
        for z in self.shared_zones:
            at = self._zone(out, at, shared.get(z), me)
        return out

    def _zone(self, out: np.ndarray, at: int, zone: Any, me: str) -> int:
        if zone is None:
            return at + 1 + self.slots * CARD_FEATURES
        if isinstance(zone, dict):  # a hidden zone: its count, and the cards of it this player knows
            out[at] = float(zone.get("count", 0))
            cards = zone.get("known", [])
        else:
            out[at] = float(len(zone))
            cards = zone
        at += 1
        cards = cards[-self.slots:]  # the top of an ordered zone, the latest arrivals elsewhere
        for i in range(self.slots):
            if i < len(cards):
                self._card(out, at, cards[i], me)
            at += CARD_FEATURES
        return at

    def _card(self, out: np.ndarray, at: int, c: dict[str, Any], me: str) -> None:
        out[at] = 1.0
        key = c.get("card")
        out[at + 1] = 0.0 if key is None else float(self.card_index.get(key, self.unknown_card))
        out[at + 2] = 1.0 if c.get("face_down") else 0.0
        j = at + 3
        for s in STATS:
            out[j] = _num(c.get(s))
            j += 1
        out[j] = _num(c.get("counters"))
        out[j + 1] = float(len(c.get("stacked", ())))
        out[j + 2] = 1.0 if "owner" in c else 0.0
        orient = c.get("orientation") or c.get("state")
        if isinstance(orient, str):
            out[j + 3 + bucket(orient)] = 1.0

    def mask(self, v: dict[str, Any]) -> np.ndarray:
        """1 for each option of the viewer's pending decision (none when it is not theirs)."""
        m = np.zeros(self.max_options, dtype=np.int8)
        d = v.get("decision")
        if d is not None:
            m[:len(d["options"])] = 1  # Match.check keeps the count within max_options
        return m
