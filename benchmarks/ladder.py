"""Strength ladder: every agent against every other, per game, stored in SQLite (resumable).

    python benchmarks/ladder.py run --db ladder.sqlite --game caster --game sve \
        --agents random,greedy,mcts:16,mcts:64 --games 200 [--until 11:15]
    python benchmarks/ladder.py report --db ladder.sqlite      # markdown tables for docs/agents.md
    python benchmarks/ladder.py report --db A --db B --write docs/agents.md   # in place, see below

Several processes may share the work: one per game, each with its own file
(``--db ladder-caster.sqlite``), reported together (``report --db A --db B``).

Games are played round by round: round r plays game r of every pairing, so a
run stopped at any time leaves the pairings with equal counts (give or take
one).  In a pairing, games 2m and 2m+1 use the same decks and seed with the
agents' seats swapped; decks cycle through every ordered pair of the game's
shipped decks.  A game already in the file is never played again.

Every game row keeps the commit of the code that played it.  ``report --write
FILE`` puts the tables between the lines ``<!-- ladder:begin -->`` and
``<!-- ladder:end -->`` of FILE (the rest of the file is left as it is).
"""

from __future__ import annotations

import argparse
import io
import itertools
import re
import sqlite3
import subprocess
import sys
import time
from contextlib import redirect_stdout
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


BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"
TITLES = {"caster": "The Caster Chronicles", "sve": "Shadowverse: Evolve", "nova": "NOVA"}


def open_db(path: str) -> sqlite3.Connection:
    con = sqlite3.connect(path)
    con.executescript(SCHEMA)
    if "code" not in [r[1] for r in con.execute("PRAGMA table_info(ladder)")]:
        con.execute("ALTER TABLE ladder ADD COLUMN code TEXT NOT NULL DEFAULT ''")
    return con


def code_version() -> str:
    """The commit of the code playing (with ``+changes`` when the agents or engine differ from it)."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=root, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def play_one(pkg, game: str, a: str, b: str, r: int, deck_pairs: list, con: sqlite3.Connection,
             code: str = "") -> None:
    m = r // 2
    d1, d2 = deck_pairs[m % len(deck_pairs)]
    seed = 7919 * m + 17
    p1, p2 = (a, b) if r % 2 == 0 else (b, a)
    t0 = time.process_time()
    _, rec = play_game(pkg, [pkg.load_deck(d1), pkg.load_deck(d2)], seed, [p1, p2])
    cpu = time.process_time() - t0
    winner = "draw" if rec.result == "draw" else (p1 if rec.result == 0 else p2)
    con.execute("INSERT OR REPLACE INTO ladder VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (game, a, b, r, seed, p1, p2, d1, d2, winner, rec.turns, rec.decisions, cpu, code))
    con.commit()


def seconds_until(hhmm: str, now: time.struct_time) -> int:
    """Seconds from ``now`` to the next time the UTC clock shows ``hhmm`` (past midnight if need be)."""
    hh, mm = (int(x) for x in hhmm.split(":"))
    return ((hh * 60 + mm - now.tm_hour * 60 - now.tm_min) % (24 * 60)) * 60 - now.tm_sec


def run(args: argparse.Namespace) -> None:
    con = open_db(args.db)
    agents = [x.strip() for x in args.agents.split(",")]
    pairings = list(itertools.combinations(agents, 2))
    code = code_version()
    stop = time.time() + seconds_until(args.until, time.gmtime()) if args.until else None
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
                play_one(pkg, game, a, b, r, deck_pairs, con, code)
        print(f"round {r} done", flush=True)


def report(args: argparse.Namespace) -> None:
    buf = io.StringIO()
    with redirect_stdout(buf):
        for path in args.db:
            report_file(open_db(path))
    text = buf.getvalue()
    if not args.write:
        print(text, end="")
        return
    lines = Path(args.write).read_text().splitlines(keepends=True)
    at = {m: [i for i, line in enumerate(lines) if line.strip() == m] for m in (BEGIN, END)}
    if len(at[BEGIN]) != 1 or len(at[END]) != 1 or at[BEGIN][0] > at[END][0]:
        sys.exit(f"{args.write}: needs one line {BEGIN} and, after it, one line {END}")
    b, e = at[BEGIN][0], at[END][0]
    Path(args.write).write_text("".join(lines[:b + 1]) + text.strip("\n") + "\n\n" + "".join(lines[e:]))
    print(f"{args.write}: tables of {len(args.db)} ladder file(s) written")


def _rank(agent: str) -> tuple:
    name, _, budget = agent.partition(":")
    n = re.match(r"[0-9.]+", budget)
    return (name != "random", name != "greedy", name, float(n.group()) if n else 0.0, agent)


def report_file(con: sqlite3.Connection) -> None:
    games = [g for (g,) in con.execute("SELECT DISTINCT game FROM ladder ORDER BY game")]
    for game in games:
        rows = con.execute("SELECT a, b, winner, turns, cpu, decisions, code FROM ladder WHERE game=?",
                           (game,)).fetchall()
        order = sorted({x for a, b, *_ in rows for x in (a, b)}, key=_rank)
        stats: dict[tuple[str, str], list[float]] = {}
        for a, b, w, *_ in rows:
            for me, them in ((a, b), (b, a)):
                s = stats.setdefault((me, them), [0.0, 0])
                s[1] += 1
                s[0] += 1.0 if w == me else (0.5 if w == "draw" else 0.0)
        cpu = sum(r[4] for r in rows)
        counts = sorted({int(s[1]) for s in stats.values()})
        per = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        codes = ", ".join(sorted({r[6] or "unrecorded" for r in rows}))
        print(f"\n#### {TITLES.get(game, game)} (`{game}`): {len(rows)} games, {per} per pairing "
              f"({cpu / 60:.0f} CPU-minutes)\n")
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
        print(f"\nDraws count half. Draws: {draws}. Mean turns: {sum(r[3] for r in rows) / len(rows):.1f}; "
              f"mean decisions: {sum(r[5] for r in rows) / len(rows):.0f}. Code: {codes}.")
        cost: dict[tuple[str, str], list[float]] = {}
        for a, b, _w, _t, c, *_ in rows:
            cost.setdefault(tuple(sorted((a, b), key=_rank)), []).append(c)
        print("CPU seconds per game: " + ", ".join(
            f"{a} vs {b} {sum(v) / len(v):.1f}" for (a, b), v in sorted(
                cost.items(), key=lambda kv: (order.index(kv[0][0]), order.index(kv[0][1])))) + ".")
        # each rung against the one below it: clearly stronger when its interval lies above one half
        verdicts = []
        for low, high in itertools.pairwise(order):
            s = stats.get((high, low))
            if s is None:
                continue
            lo, hi = wilson(s[0], int(s[1]))
            how = ("clearly beats" if lo > 0.5 else "clearly loses to" if hi < 0.5
                   else "does not clearly beat")
            verdicts.append(f"`{high}` {how} `{low}` ({s[0] / s[1]:.0%}, {lo:.0%}-{hi:.0%}, n={int(s[1])})")
        if verdicts:
            print("Rungs (95% interval above one half = clearly): " + "; ".join(verdicts) + ".")


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
    p.add_argument("--write", metavar="FILE",
                   help=f"put the tables into FILE between the lines {BEGIN} and {END}")
    args = ap.parse_args(argv)
    for path in [args.db] if isinstance(args.db, str) else args.db:
        if not Path(path).parent.exists() or (args.cmd == "report" and not Path(path).exists()):
            sys.exit(f"{path}: no such file")
    (run if args.cmd == "run" else report)(args)


if __name__ == "__main__":
    main()
