"""Helpers of the web tests: check what the server sent against the engine's own views.

A message carries ``seq``, the number of decisions made so far; replaying the
stored game to that many decisions gives the state it was built from, and
``kernel.view.view`` of that state for the message's seat (or, for a
spectator, what *both* players may see) is what the message may show.
"""

from __future__ import annotations

import json
from typing import Any

from tcgjudge.games import registry
from tcgjudge.interfaces.web.store import Store
from tcgjudge.kernel.view import log_for, view


def identities(x: Any, out: dict[int, str] | None = None) -> dict[int, str]:
    """Object id -> card key, for every object whose identity the data shows."""
    if out is None:
        out = {}
    if isinstance(x, dict):
        if isinstance(x.get("id"), int) and "card" in x:
            out[x["id"]] = x["card"]
        for v in x.values():
            identities(v, out)
    elif isinstance(x, list):
        for v in x:
            identities(v, out)
    return out


def check_messages(db: str, game_id: str, messages: list[tuple[str | None, str]]) -> int:
    """Every (seat, raw JSON text) message of a game shows no more than its seat may know.

    Returns the number of state messages checked."""
    store = Store(db)
    sg = store.get(game_id)
    store.close()
    assert sg is not None, game_id
    pkg = registry.get(sg.game)
    if sg.cards:
        pkg = pkg.with_cards(sg.cards)
    states: list[dict[str, Any]] = []
    for seat, raw in messages:
        m = json.loads(raw)
        if m.get("type") == "state" and "view" in m:
            states.append({"seat": seat, "m": m})
    states.sort(key=lambda s: s["m"]["seq"])
    g = pkg.new_game([pkg.deck_from_json(d) for d in sg.decks], sg.seed, first=sg.first, auto=sg.auto)
    n = 0
    for s in states:
        seq = s["m"]["seq"]
        while n < seq:
            g.decide(sg.decisions[n])
            n += 1
        m, seat = s["m"], s["seat"]
        v = m["view"]
        if seat is None:
            # a spectator: only what every player may know
            refs = [view(g, p) for p in range(len(g.players))]
            allowed = set.intersection(*(set(identities(r["players"] + [r["shared"]]).items()) for r in refs))
            shown = set(identities(v["players"] + [v["shared"]]).items())
            assert shown <= allowed, f"spectator at decision {seq} sees {sorted(shown - allowed)[:5]}"
            assert "decision" not in v
            assert set(m["cards"]) <= {k for _, k in allowed}
            for r in refs:  # hidden zones are counts for the spectator too
                for pv, rv in zip(v["players"], r["players"]):
                    for zname, z in pv["zones"].items():
                        if isinstance(rv["zones"][zname], dict):
                            assert isinstance(z, dict) and z["count"] == rv["zones"][zname]["count"]
            log = log_for(g, -1)
        else:
            p = int(seat[1]) - 1
            ref = view(g, p)
            assert v["players"] == ref["players"], f"{seat} at decision {seq}: players differ from its view"
            assert v["shared"] == ref["shared"]
            assert set(m["cards"]) <= set(identities(ref["players"] + [ref["shared"]]).values())
            if "decision" in ref:
                assert [o["label"] for o in v["decision"]["options"]] == [o["label"] for o in ref["decision"]["options"]]
            else:
                assert "decision" not in v
            log = log_for(g, p)
        lines = m["log"]["lines"]
        assert lines == log[m["log"]["from"]:m["log"]["from"] + len(lines)], f"{seat} log at decision {seq}"
    return len(states)
