"""Same play, less CPU: ladder games replayed on two versions of the code, compared move by move.

    python benchmarks/agent_identity.py --game nova --game caster --rounds 0-3 --baseline main \
        [--agents random,greedy,mcts:8,mcts:32] [--pairing greedy,mcts:32] [--repeat 2] \
        [--db ladder-nova.sqlite --db ladder-caster.sqlite]

Each game is a game of the strength ladder (``benchmarks/ladder.py``): round ``r`` of a
pairing ``a``-``b`` plays deck pair ``r // 2`` (cycling through the ordered pairs of the
game's shipped decks) with seed ``7919 * (r // 2) + 17``, ``a`` first in even rounds.  Every
game is played on this working tree and, with ``--baseline REV``, on a ``git worktree`` of
REV, each in a fresh process (the engine is imported from that tree's ``src``), the two
versions alternating; ``--repeat`` plays everything again (in the other order first).  A game
is *identical* when both versions give the same winner, turns, decisions, the same sequence
of answers (option indexes) and the same final state (a digest of ``Game.fingerprint()``).
With ``--db``, the winner, turns and decisions are also compared with the ladder's stored
rows of those games.  CPU time (``time.process_time``) of each game is printed per version,
with the ratio per game and per pairing.  The exit status is 1 when any game differs.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import signal
import sqlite3
import statistics
import sys
import time
from pathlib import Path

from versions import ROOT, baseline_tree, run_child, short_rev

AGENTS = "random,greedy,mcts:8,mcts:32"


def ladder_setup(pkg, a: str, b: str, r: int) -> tuple[str, str, int, list[str]]:
    """Decks, seed and seats of round ``r`` of the pairing ``a``-``b`` (as ``ladder.play_one``)."""
    names = pkg.shipped_decks()
    pairs = [(x, y) for x in names for y in names if x != y]
    m = r // 2
    d1, d2 = pairs[m % len(pairs)]
    return d1, d2, 7919 * m + 17, ([a, b] if r % 2 == 0 else [b, a])


def play(game: str, a: str, b: str, r: int) -> dict:
    """One ladder game on the engine importable here: what it recorded and its CPU time."""
    import tcgjudge
    from tcgjudge.games import registry
    from tcgjudge.interfaces.sim import play_game

    pkg = registry.get(game)
    d1, d2, seed, seats = ladder_setup(pkg, a, b, r)
    decks = [pkg.load_deck(d1), pkg.load_deck(d2)]
    t0 = time.process_time()
    g, rec = play_game(pkg, decks, seed, seats)
    cpu = time.process_time() - t0
    winner = "draw" if rec.result == "draw" else seats[rec.result]
    moves = [str(x) for x in rec.replay["decisions"]]
    return {"game": game, "a": a, "b": b, "r": r, "seed": seed, "decks": [d1, d2], "winner": winner,
            "turns": rec.turns, "decisions": rec.decisions, "cpu": cpu,
            "moves": hashlib.sha256(",".join(moves).encode()).hexdigest()[:16], "answers": len(moves),
            "final": hashlib.sha256(repr(g.fingerprint()).encode()).hexdigest()[:16],
            "src": str(Path(tcgjudge.__file__).resolve().parents[1])}


SAME = ("winner", "turns", "decisions", "moves", "answers", "final")


def stored_rows(paths: list[str]) -> dict[tuple, tuple]:
    rows: dict[tuple, tuple] = {}
    for path in paths:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        for game, a, b, r, winner, turns, decisions in con.execute(
                "SELECT game, a, b, r, winner, turns, decisions FROM ladder"):
            rows[(game, a, b, r)] = (winner, turns, decisions)
        con.close()
    return rows


def parse_rounds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="game id (repeatable)")
    ap.add_argument("--rounds", default="0-1", help="ladder rounds, e.g. 0-3 or 1,3 (default 0-1)")
    ap.add_argument("--agents", default=AGENTS, help=f"the ladder's agents (default {AGENTS})")
    ap.add_argument("--pairing", action="append", metavar="A,B",
                    help="only this pairing (repeatable; default every pairing of --agents)")
    ap.add_argument("--baseline", metavar="REV", help="also play git revision REV and compare")
    ap.add_argument("--repeat", type=int, default=1, help="play everything this many times")
    ap.add_argument("--db", action="append", default=[], help="ladder database(s) to compare with")
    ap.add_argument("--json", metavar="FILE", help="write every game's results to FILE")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        game, a, b, r = args.child.split(",")
        print(json.dumps(play(game, a, b, int(r))))
        return
    if not args.game:
        ap.error("name at least one --game")
    agents = [x.strip() for x in args.agents.split(",")]
    pairings = ([tuple(p.split(",")) for p in args.pairing] if args.pairing
                else list(itertools.combinations(agents, 2)))
    specs = [(gm, a, b, r) for gm in args.game for r in parse_rounds(args.rounds) for a, b in pairings]
    stored = stored_rows(args.db)
    rev = short_rev(args.baseline) if args.baseline else ""
    results: dict[str, list[dict]] = {"now": [], "base": []}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that the baseline worktree is removed
    bad = 0
    with baseline_tree(args.baseline) as base:
        for rep in range(args.repeat):
            for k, spec in enumerate(specs):
                order = ["base", "now"] if (rep + k) % 2 == 0 else ["now", "base"]
                got = {}
                for who in order:
                    tree = base if who == "base" else ROOT
                    if tree is not None:
                        got[who] = run_child(__file__, tree / "src", [",".join(map(str, spec))], f"game {spec}")
                        results[who].append(got[who])
                now = got["now"]
                notes = []
                if "base" in got:
                    diff = [f for f in SAME if got["base"][f] != now[f]]
                    notes.append("identical" if not diff else "DIFFERS: " + ", ".join(diff))
                    bad += bool(diff)
                row = stored.get(spec)
                if row is not None:
                    same = row == (now["winner"], now["turns"], now["decisions"])
                    notes.append("as stored" if same else f"NOT AS STORED {row}")
                    bad += not same
                cpu = f"{now['cpu']:.2f} s"
                if "base" in got:
                    cpu = f"{got['base']['cpu']:.2f} s -> {cpu} (x{got['base']['cpu'] / now['cpu']:.2f})"
                print(f"{spec[0]} {spec[1]} vs {spec[2]} r{spec[3]}: {now['winner']} wins, {now['turns']} turns, "
                      f"{now['decisions']} decisions; CPU {cpu}; {'; '.join(notes)}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    if results["base"]:
        print(f"\nCPU seconds per game, {rev} -> this tree (mean over {args.repeat} run(s); "
              "ratio of the summed CPU time):")
        groups: dict[tuple, dict[str, list[float]]] = {}
        for who in ("base", "now"):
            for x in results[who]:
                groups.setdefault((x["game"], x["a"], x["b"]), {"base": [], "now": []})[who].append(x["cpu"])
        for (game, a, b), v in groups.items():
            print(f"- {game} {a} vs {b}: {statistics.mean(v['base']):.2f} -> {statistics.mean(v['now']):.2f} "
                  f"(x{sum(v['base']) / sum(v['now']):.2f}, {len(v['now'])} games)")
        for game in args.game:
            tb = sum(x["cpu"] for x in results["base"] if x["game"] == game)
            tn = sum(x["cpu"] for x in results["now"] if x["game"] == game)
            print(f"- {game}, all: {tb:.1f} -> {tn:.1f} CPU-s (x{tb / tn:.2f})")
    n = len(results["now"])
    print(f"\n{n} game(s) played on this tree; {bad} difference(s)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
