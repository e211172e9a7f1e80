"""A loop no one can stop ends a Caster game in a draw (whole games of every game: test_games.py)."""

from __future__ import annotations

import pytest


@pytest.mark.rules("caster", "1301.1c")
def test_a_loop_nobody_can_stop_is_a_draw() -> None:
    """Two automatic abilities that trigger each other forever, with no choice anywhere."""
    from tcgjudge.interfaces.scenario import Runner

    data = {
        "game": "caster", "name": "endless loop", "rules": ["1301.1c"],
        "cards": [{"name": "Echo Bell", "type": "barrier", "cost": 1, "element": "void",
                   "abilities": [{"auto": {"on": {"event": "counter", "subject": "self"},
                                           "do": [{"counter": {"what": "self", "name": "echo", "n": 1}}]}}]},
                  {"name": "Starter", "type": "conjure", "cost": 0, "element": "void",
                   "effect": {"do": [{"counter": {"what": {"name": "Echo Bell"}, "name": "echo", "n": 1}}]}}],
        "setup": {"turn": 3, "at": "main", "p1": {"field": ["Echo Bell"], "hand": ["Starter"], "deck": 5},
                  "p2": {"deck": 5}},
    }
    from pathlib import Path

    r = Runner(data, Path("loop"))
    g = r.setup()
    g.decide("play Starter")
    while g.result is None and g.pending is not None and "pass" in g.pending.labels:
        g.decide("pass")
    assert g.result == "draw"
    assert any("loop" in str(line) for line in g.log[-3:])
