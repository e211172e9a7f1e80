"""Deterministic random numbers kept as one integer of state (cheap to clone).

All randomness in a game goes through the game's own :class:`Rng` (DESIGN
principle 3), so (decks, seed, decisions) fully determine a game.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: a small, well-distributed 64-bit generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        while True:
            v = self.next64()
            if v <= limit:
                return v % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
