"""Speed of the engine, per game, in CPU time: random playouts and clone time.

    python benchmarks/bench.py [GAME ...] [--games N] [--repeat R] [--baseline REV]

For each game: decisions per CPU-second of this process in random-vs-random
playouts over every shipped deck pairing (single-option questions answered
automatically, as ``tcgjudge sim`` does), and the time to clone a mid-game
state (median of many clones).  CPU time (``time.process_time``) is used
throughout, so other work on the machine slows the figures less than wall
time would; cache contention still does, hence ``--repeat``: each figure is
the median of R runs, each run in a fresh process.

``--baseline REV`` measures the same games on a ``git worktree`` of revision
REV (e.g. ``HEAD~1``) in the same run, alternating runs of the two versions,
and prints both medians side by side.  The benchmark code itself is this
file for both, so only the engine differs.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

from versions import ROOT, baseline_tree, run_child, short_rev


def playouts(pkg, games: int) -> tuple[int, int, float]:
    from tcgjudge.interfaces.sim import play_game

    names = pkg.shipped_decks()
    decks = [pkg.load_deck(n) for n in names]
    pairs = [(a, b) for a in decks for b in decks]
    # the first game loads lazily built tables; it is not counted
    play_game(pkg, list(pairs[0]), 9_999, ["random", "random"])
    t0 = time.process_time()
    dec = 0
    for n in range(games):
        a, b = pairs[n % len(pairs)]
        _, rec = play_game(pkg, [a, b], 10_000 + n, ["random", "random"])
        dec += rec.decisions
    return games, dec, time.process_time() - t0


def mid_game(pkg, seed: int = 1):
    from tcgjudge.agents import make_agent

    names = pkg.shipped_decks()
    decks = [pkg.load_deck(names[0]), pkg.load_deck(names[-1])]
    g = pkg.new_game(decks, seed, auto=True)
    ags = [make_agent("random", 1), make_agent("random", 2)]
    while g.result is None and g.turn < 8:
        d = g.pending
        g.decide(ags[d.player].choose({}, d))
    return g


def clone_time(g, reps: int = 2000) -> float:
    times = []
    for _ in range(reps):
        t = time.process_time()
        g.clone()
        times.append(time.process_time() - t)
    # process_time has a coarse tick on some systems: use the total when the median reads 0
    med = statistics.median(times)
    return med if med > 0 else sum(times) / reps


def measure(gid: str, games: int) -> dict:
    """One run, in this process, of the engine that is importable here."""
    import tcgjudge
    from tcgjudge.games import registry

    pkg = registry.get(gid)
    n, dec, dt = playouts(pkg, games)
    g = mid_game(pkg)
    return {"game": gid, "games": n, "decisions": dec, "cpu": dt, "dps": dec / dt,
            "clone_us": clone_time(g) * 1e6, "turn": g.turn, "objects": len(g.objects),
            "src": str(Path(tcgjudge.__file__).resolve().parents[1])}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ids", nargs="*", help="game ids (default: every available game)")
    ap.add_argument("--games", type=int, default=40, help="games per run (default 40)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per version; figures are medians (default 3)")
    ap.add_argument("--baseline", metavar="REV", help="also measure git revision REV, side by side")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.ids[0], args.games)))
        return
    sys.path.insert(0, str(ROOT / "src"))
    from tcgjudge.games import registry

    ids = args.ids or registry.available()
    rev = short_rev(args.baseline) if args.baseline else ""
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}; "
          f"{args.games} games per run, median of {args.repeat} runs, CPU time of the benchmark process")
    with baseline_tree(args.baseline) as base:
        for gid in ids:
            runs: dict[str, list[dict]] = {"now": [], "base": []}
            child = [gid, "--games", str(args.games)]
            for _ in range(args.repeat):
                for who, tree in (("now", ROOT), ("base", base)):
                    if tree is not None:
                        runs[who].append(run_child(__file__, tree / "src", child, "benchmark run"))
            for who, label in (("base", f"{gid} @ {rev}"), ("now", f"{gid} @ this tree")):
                rs = runs[who]
                if not rs:
                    continue
                dps = statistics.median(r["dps"] for r in rs)
                cl = statistics.median(r["clone_us"] for r in rs)
                r0 = rs[0]
                print(f"{label}: {dps:,.0f} decisions per CPU-second ({1e6 / dps:.0f} us each; runs: "
                      f"{', '.join(format(r['dps'], ',.0f') for r in rs)}; {r0['decisions'] / r0['games']:.0f} "
                      f"decisions per game); clone of a turn-{r0['turn']} state ({r0['objects']} objects): "
                      f"{cl:.1f} us")
            if runs["base"]:
                a = statistics.median(r["dps"] for r in runs["base"])
                b = statistics.median(r["dps"] for r in runs["now"])
                print(f"{gid}: x{b / a:.2f} decisions per CPU-second")


if __name__ == "__main__":
    main()
