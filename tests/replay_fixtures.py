"""Stored games that the engine must reproduce exactly (DESIGN principle 3).

Each game id has one fixture file ``tests/data/replays/GAME.json``: a list of
games played between two seeded random agents over the game's shipped decks.
A stored game holds the seed, both decks (as card lists, so a change to a
shipped deck file does not change the fixture), whether single-option
questions were answered automatically, every decision (option index), and
three digests: of the option labels offered at each decision (with the
deciding player and the decision kind), of the final state's fingerprint, and
the result and turn count.  Replaying the decisions on the current engine must
give the same labels at every decision and the same end.

Make (or remake, after a deliberate change of behaviour) the fixtures:

    python tests/replay_fixtures.py [GAME ...] [--games N]

With no game named, every available game gets a fixture file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "replays"
SEED0 = 7_000


def _decision_line(g: Any) -> bytes:
    d = g.pending
    return (f"{d.player}\x1e{d.kind}\x1e" + "\x1f".join(o[0] for o in d.options) + "\n").encode()


def fingerprint_digest(g: Any) -> str:
    return hashlib.sha256(repr(g.fingerprint()).encode()).hexdigest()[:24]


def _result(g: Any) -> Any:
    return None if g.result is None else ("draw" if g.result == "draw" else g.result)


def record_game(pkg: Any, decks: list, seed: int, auto: bool, max_decisions: int = 20_000) -> dict:
    """Play one seeded random-vs-random game and describe it."""
    from tcgjudge.agents import make_agent

    g = pkg.new_game(decks, seed, auto=auto)
    agents = [make_agent("random", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
    labels = hashlib.sha256()
    while g.result is None and len(g.history) < max_decisions:
        d = g.pending
        labels.update(_decision_line(g))
        g.decide(agents[d.player].choose({}, d))
    return {"seed": seed, "auto": auto, "decks": [d.to_json() for d in decks],
            "decisions": list(g.history), "labels": labels.hexdigest()[:24],
            "result": _result(g), "turns": g.turn, "state": fingerprint_digest(g)}


def replay_stored(pkg: Any, game: dict) -> list[str]:
    """Replay one stored game; the list of differences (empty when it is reproduced exactly)."""
    decks = [pkg.deck_from_json(d) for d in game["decks"]]
    g = pkg.new_game(decks, game["seed"], auto=game["auto"])
    labels = hashlib.sha256()
    for i, idx in enumerate(game["decisions"]):
        if g.pending is None:
            return [f"decision {i}: the game stopped before it (result {g.result!r})"]
        if idx >= len(g.pending.options):
            return [f"decision {i}: option {idx} is not offered: {g.pending.labels}"]
        labels.update(_decision_line(g))
        g.decide(idx)
    out = []
    if labels.hexdigest()[:24] != game["labels"]:
        out.append("the options offered differ")
    for key, now in (("result", _result(g)), ("turns", g.turn), ("state", fingerprint_digest(g))):
        if now != game[key]:
            out.append(f"{key}: stored {game[key]!r}, now {now!r}")
    return out


def make(game_id: str, n: int) -> Path:
    from tcgjudge.games import registry

    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    decks = {name: pkg.load_deck(name) for name in names}
    pairs = [(a, b) for a in names for b in names]
    games = []
    for k in range(n):
        a, b = pairs[k % len(pairs)]
        games.append(record_game(pkg, [decks[a], decks[b]], SEED0 + k, auto=k % 4 != 3))
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"{game_id}.json"
    body = ",\n".join(json.dumps(x, separators=(",", ":")) for x in games)
    path.write_text(f'{{"game":"{game_id}","games":[\n{body}\n]}}\n', encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    from tcgjudge.games import registry

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="*", help="game ids (default: every available game)")
    ap.add_argument("--games", type=int, default=32, help="games per game id (default 32)")
    args = ap.parse_args(argv)
    for gid in args.game or registry.available():
        path = make(gid, args.games)
        print(f"{gid}: {args.games} games -> {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    main()
