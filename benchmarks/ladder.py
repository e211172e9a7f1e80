"""Strength ladder: every agent against every other, per game, stored in SQLite (resumable).

    python benchmarks/ladder.py run --db ladder.sqlite --game caster --game sve \
        --agents random,greedy,mcts:16,mcts:64 --games 200 [--until 11:15]
    python benchmarks/ladder.py report --db ladder.sqlite      # markdown tables for docs/agents.md

Several processes may share the work: one per game, each with its own file
(``--db ladder-caster.sqlite``), reported together (``report --db A --db B``).

Games are played round by round: round r plays game r of every pairing, so a
run stopped at any time leaves the pairings with equal counts (give or take
one).  In a pairing, games 2m and 2m+1 use the same decks and seed with the
agents' seats swapped; decks cycle through every ordered pair of the game's
shipped decks.  A game already in the file is never played again.
"""

from __future__ import annotations

import argparse
import itertools
import sqlite3
import sys
import time
from pathlib import Path

from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game, wilson

SCHEMA = """
CREATE TABLE IF NOT EXISTS ladder (
    game TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL, r INTEGER NOT NULL,
    seed INTEGER NOT NULL, p1 TEXT NOT NULL, p2 TEXT NOT NULL, deck1 TEXT NOT NULL, deck2 TEXT NOT NULL,
    winner TEXT NOT NULL,  -- the winning agent's name, or 'draw'
    turns INTEGER NOT NULL, decisions INTEGER NOT NULL, cpu REAL NOT NULL,
    PRIMARY KEY (game, a, b, r)
);
"""


def open_db(path: str) -> sqlite3.Connection:
    con = sqlite3.connect(path)
    con.executescript(SCHEMA)
    return con


def play_one(pkg, game: str, a: str, b: str, r: int, deck_pairs: list, con: sqlite3.Connection) -> None:
    m = r // 2
    d1, d2 = deck_pairs[m % len(deck_pairs)]
    seed = 7919 * m + 17
    p1, p2 = (a, b) if r % 2 == 0 else (b, a)
    t0 = time.process_time()
    _, rec = play_game(pkg, [pkg.load_deck(d1), pkg.load_deck(d2)], seed, [p1, p2])
    cpu = time.process_time() - t0
    winner = "draw" if rec.result == "draw" else (p1 if rec.result == 0 else p2)
    con.execute("INSERT OR REPLACE INTO ladder VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (game, a, b, r, seed, p1, p2, d1, d2, winner, rec.turns, rec.decisions, cpu))
    con.commit()


def run(args: argparse.Namespace) -> None:
    con = open_db(args.db)
    agents = [x.strip() for x in args.agents.split(",")]
    pairings = list(itertools.combinations(agents, 2))
    stop = None
    if args.until:
        hh, mm = (int(x) for x in args.until.split(":"))
        now = time.gmtime()
        stop = time.time() + ((hh * 60 + mm) - (now.tm_hour * 60 + now.tm_min)) * 60 - now.tm_sec
    for r in range(args.start, args.games):
        for game in args.game:
            pkg = registry.get(game)
            names = pkg.shipped_decks()
            deck_pairs = [(x, y) for x in names for y in names if x != y]
            for a, b in pairings:
                if stop is not None and time.time() > stop:
                    print(f"stopped at the time limit, round {r}", flush=True)
                    return
                if con.execute("SELECT 1 FROM ladder WHERE game=? AND a=? AND b=? AND r=?",
                               (game, a, b, r)).fetchone():
                    continue
                play_one(pkg, game, a, b, r, deck_pairs, con)
        print(f"round {r} done", flush=True)


def report(args: argparse.Namespace) -> None:
    for path in args.db:
        report_file(open_db(path))


def report_file(con: sqlite3.Connection) -> None:
    games = [g for (g,) in con.execute("SELECT DISTINCT game FROM ladder ORDER BY game")]
    for game in games:
        rows = con.execute("SELECT a, b, winner, turns, cpu FROM ladder WHERE game=?", (game,)).fetchall()
        order: list[str] = []
        for a, b, *_ in rows:
            for x in (a, b):
                if x not in order:
                    order.append(x)
        order.sort(key=lambda x: (x != "random", x != "greedy", len(x), x))
        stats: dict[tuple[str, str], list[float]] = {}
        for a, b, w, _t, _c in rows:
            for me, them in ((a, b), (b, a)):
                s = stats.setdefault((me, them), [0.0, 0])
                s[1] += 1
                s[0] += 1.0 if w == me else (0.5 if w == "draw" else 0.0)
        cpu = sum(c for *_, c in rows)
        print(f"\n### {game}: {len(rows)} games ({cpu / 60:.0f} CPU-minutes)\n")
        print("| row agent vs column agent | " + " | ".join(order) + " |")
        print("|---|" + "---|" * len(order))
        for me in order:
            cells = []
            for them in order:
                s = stats.get((me, them))
                if me == them or s is None:
                    cells.append("")
                    continue
                lo, hi = wilson(s[0], int(s[1]))
                cells.append(f"{s[0] / s[1]:.0%} ({lo:.0%}-{hi:.0%}), n={int(s[1])}")
            print(f"| **{me}** | " + " | ".join(cells) + " |")
        draws = sum(1 for r in rows if r[2] == "draw")
        print(f"\nDraws count half. Draws: {draws}. Mean turns: {sum(r[3] for r in rows) / len(rows):.1f}.")
        cost: dict[tuple[str, str], list[float]] = {}
        for a, b, _w, _t, c in rows:
            cost.setdefault((a, b), []).append(c)
        print("CPU seconds per game: " + ", ".join(
            f"{a} vs {b} {sum(v) / len(v):.1f}" for (a, b), v in sorted(
                cost.items(), key=lambda kv: (order.index(kv[0][0]), order.index(kv[0][1])))) + ".")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--db", default="ladder.sqlite")
    r.add_argument("--game", action="append", required=True)
    r.add_argument("--agents", default="random,greedy,mcts:16,mcts:64")
    r.add_argument("--games", type=int, default=200, help="games per pairing")
    r.add_argument("--until", help="stop starting games after this UTC time (HH:MM)")
    r.add_argument("--start", type=int, default=0,
                   help="first round to play (another process may play the rounds before it)")
    p = sub.add_parser("report")
    p.add_argument("--db", action="append", required=True)
    args = ap.parse_args(argv)
    for path in [args.db] if isinstance(args.db, str) else args.db:
        if not Path(path).parent.exists() or (args.cmd == "report" and not Path(path).exists()):
            sys.exit(f"{path}: no such file")
    (run if args.cmd == "run" else report)(args)


if __name__ == "__main__":
    main()
