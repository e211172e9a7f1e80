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
