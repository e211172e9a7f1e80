"""Speed of the engine, per game: random playouts and clone time.

    python benchmarks/bench.py [--games N] [--seconds S] [GAME ...]

Reports, for each game: games per second and decisions per second in
random-vs-random playouts over every shipped deck pairing (single-option
questions answered automatically, as `tcgjudge sim` does), and the time to
clone a mid-game state (median of many clones).  Run it on one core of an
otherwise idle machine; the numbers are for comparing versions, so note the
machine with them.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game


def playouts(pkg, games: int, seconds: float) -> tuple[int, int, float]:
    names = pkg.shipped_decks()
    decks = [pkg.load_deck(n) for n in names]
    pairs = [(a, b) for a in decks for b in decks]
    t0 = time.perf_counter()
    n = dec = 0
    while n < games and time.perf_counter() - t0 < seconds:
        a, b = pairs[n % len(pairs)]
        _, rec = play_game(pkg, [a, b], 10_000 + n, ["random", "random"])
        n += 1
        dec += rec.decisions
    return n, dec, time.perf_counter() - t0


def mid_game(pkg, seed: int = 1):
    names = pkg.shipped_decks()
    decks = [pkg.load_deck(names[0]), pkg.load_deck(names[-1])]
    from tcgjudge.agents import make_agent

    g = pkg.new_game(decks, seed, auto=True)
    ags = [make_agent("random", 1), make_agent("random", 2)]
    target = 8
    while g.result is None and g.turn < target:
        d = g.pending
        g.decide(ags[d.player].choose({}, d))
    return g


def clone_time(g, reps: int = 2000) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        g.clone()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", help="game ids (default: every available game)")
    ap.add_argument("--games", dest="n", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    args = ap.parse_args()
    ids = args.games or registry.available()
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    for gid in ids:
        pkg = registry.get(gid)
        n, dec, dt = playouts(pkg, args.n, args.seconds)
        g = mid_game(pkg)
        ct = clone_time(g)
        print(f"{gid}: {n} random games in {dt:.1f} s: {n / dt:.1f} games/s, {dec / dt:.0f} decisions/s "
              f"({dec / n:.0f} decisions per game); clone of a turn-{g.turn} state: {ct * 1e6:.0f} us "
              f"({len(g.objects)} objects)")


if __name__ == "__main__":
    main()
