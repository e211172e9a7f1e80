"""Helpers for the SVE engine tests: scenarios written in Python (shared/conformance/SPEC.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tcgjudge.games import registry
from tcgjudge.games.sve.grammar_compiler import compile_text
from tcgjudge.interfaces.scenario import Runner

PKG = registry.get("sve")


def scenario(setup: dict, do: list | tuple = (), cards: list | tuple = (), expect: dict | None = None) -> Runner:
    """Set up a position, make the decisions, check ``expect``; returns the runner (``.g`` is the
    game, ``.current(id)`` an object's current id)."""
    data = {"game": "sve", "name": "test", "rules": ["0"], "cards": list(cards), "setup": setup, "do": list(do),
            "expect": dict(expect or {})}
    r = Runner(data, Path("<test>"))
    r.run(finish=False)  # the tests go on answering the pending decision themselves
    return r


def options(r: Runner) -> set[str]:
    """Every acceptable label of the pending decision (with scenario ids and with card names)."""
    d = r.g.pending
    if d is None:
        return set()
    out: set[str] = set()
    for labs in r.labels(d):
        out |= labs
    return out


def step(r: Runner, player: str, label: str) -> None:
    r.answer(int(player[1]) - 1, label, "test")


def attr(r: Runner, sid: str, key: str) -> Any:
    return PKG.obj_attr(r.g, r.current(sid), key)


def follower(name: str, cost: int = 1, atk: int = 1, df: int = 1, **kw: Any) -> dict:
    out = {"name": name, "type": "follower", "class": kw.pop("cls", "neutral"), "cost": cost, "atk": atk,
           "def": df, "text": kw.pop("text", "")}
    out.update(kw)
    return out


def setup(p1: dict, p2: dict | None = None, deck: int = 5, **kw: Any) -> dict:
    """A main-phase position on turn 5 with p1 active, 5 PP, and ``deck`` cards in each deck;
    ``p1``/``p2`` and ``kw`` add to or override it."""
    s = {"turn": 5, "active": "p1", "at": "main", **kw}
    s["p1"] = {"deck": deck, "pp": 5, "max_pp": 5, **p1}
    s["p2"] = {"deck": deck, **(p2 or {})}
    return s


def spell(name: str, cost: int = 0, **kw: Any) -> dict:
    return {"name": name, "type": "spell", "class": kw.pop("cls", "neutral"), "cost": cost,
            "text": kw.pop("text", ""), **kw}


def compile_card(text: str, card_type: str = "follower") -> dict:
    """A card's printed text compiled by the SVE grammar (named "Test Card")."""
    return compile_text(text, card_type=card_type, name="Test Card")


def first_auto(text: str) -> dict:
    """The automatic ability the text's first ability compiles to."""
    return compile_card(text)["abilities"][0]["auto"]
