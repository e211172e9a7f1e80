"""Consistency checking of the engine's caches.

With ``CHECK`` set (environment variable ``TCGJUDGE_CHECK_CACHES=1``, or
``debug.CHECK = True`` in a test), every cached or short-cut answer that a
cache gives is compared with the answer computed afresh, and a difference
raises :class:`CacheError`.  It makes the engine several times slower; it is
for tests and for hunting bugs, never for play.
"""

from __future__ import annotations

import os

CHECK = os.environ.get("TCGJUDGE_CHECK_CACHES", "") not in ("", "0")


class CacheError(AssertionError):
    """A cached answer differs from the one computed afresh."""


def normal(x: object) -> object:
    """A value to compare cached and fresh results by: abilities by what they are, not by identity
    (an ability given by an effect is made afresh each time)."""
    if isinstance(x, dict):
        return {k: normal(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return tuple(normal(v) for v in x)
    if isinstance(x, frozenset):
        return frozenset(normal(v) for v in x)
    if type(x).__name__ == "CEffect":
        return ("effect", x.eid, x.ts, x.layer, x.op, normal(x.args), x.controller,  # type: ignore[attr-defined]
                x.source, x.duration)  # type: ignore[attr-defined]
    if type(x).__name__ == "Ability":
        return ("ability", x.kind, x.text, x.index, x.zones)  # type: ignore[attr-defined]
    return x
