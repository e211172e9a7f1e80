"""Shadowverse: Evolve's procedures (kernel procedures ``proc(game, frame)``, see
``kernel/game.py``):

- ``setup``: game preparation (6.2), in :mod:`.setup`;
- ``turn``: start, main and end phases (7), in :mod:`.turn`;
- ``confirm`` and ``rules_handling``: Confirmation Timing (10.5) and rules handling (11), in
  :mod:`.confirm`;
- ``resolve``, ``quick`` and the main phase's actions (8.2, 8.3, 10.6, 12.3), in :mod:`.actions`;
- ``attack``: attacking with a follower (8.4), in :mod:`.attack`;
- ``damage``: dealing damage with its replacement effects (5.13, 10.10), in :mod:`.damage`;
- ``moves``: moving cards with zone limits and replacement effects, in :mod:`.moves`;
- ``play`` and ``pay``: the card layer's playing and paying (10.6.2), with SVE's costs from
  :mod:`.costs`.

:mod:`..rules` registers them; they import nothing of the rules.
"""

from __future__ import annotations
