"""Rolling a die (SVE 5.19): the result is one of 1 to 6, at random (the game's own random
generator, so the same seed gives the same roll)."""

from __future__ import annotations

import re

import pytest

from sve_util import scenario

GAMBLE = {"name": "Gamble", "type": "spell", "class": "neutral", "cost": 0,
          "text": "Roll a die. If the result is 4 or more, draw a card.",
          "script": {"effect": {"do": [{"roll_die": "die"}, {"if": {"cond": {"die": {"min": 4, "max": 6}},
                                                                     "then": [{"draw": 1}]}}]}}}


def roll(seed: int) -> tuple[int, int]:
    r = scenario({"seed": seed, "turn": 3, "active": "p1", "at": "main", "p1": {"hand": ["Gamble"], "deck": 5},
                  "p2": {"deck": 5}}, do=[{"p1": "play Gamble"}], cards=[GAMBLE])
    line = next(ln if isinstance(ln, str) else ln[1] for ln in r.g.log if "rolls a die" in str(ln))
    return int(re.search(r"rolls a die: (\d+)", line).group(1)), len(r.g.zone(0, "hand"))


@pytest.mark.rules("sve", "5.19", "5.19.1")
def test_a_die_gives_each_result_from_one_to_six() -> None:
    results = {}
    for seed in range(40):
        n, hand = roll(seed)
        assert 1 <= n <= 6
        assert hand == (1 if n >= 4 else 0)  # the result decides what happens next
        results[n] = results.get(n, 0) + 1
    assert set(results) == {1, 2, 3, 4, 5, 6}, results  # not a constant die
    assert roll(7) == roll(7)  # the game's random generator: a replay rolls the same
