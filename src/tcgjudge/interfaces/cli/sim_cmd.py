"""``tcgjudge sim``: run games between agents, stored in SQLite; ``sim report``; ``sim matrix``.

``tcgjudge sim GAME ...`` runs games (the ``run`` subcommand is implied);
``tcgjudge sim report DB`` summarises a results file; ``tcgjudge sim matrix
GAME --decks A,B,C`` plays every pairing of decks in both seats and writes the
win-rate matrix and its heatmap.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from ...games import registry
from ..sim import InvariantError, SimJob, wilson
from ..simdb import GameRow, Run, SimDB
from ..simrun import BACKENDS, run_games, spec_pairs
from .cards_cmd import cards_option, with_cards

DEFAULT_DB = "tcgjudge-sim.sqlite"


class SimGroup(click.Group):
    """A group whose first argument may be a game: ``sim caster`` means ``sim run caster``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group(cls=SimGroup)
def sim() -> None:
    """Simulate games between agents: `sim GAME` runs games (stored in SQLite, resumable),
    `sim report DB` summarises a results file, `sim matrix GAME --decks A,B,C` plays every
    pairing of decks."""


def _pkg(game: str):
    try:
        return registry.get(game)
    except registry.UnknownGame as e:
        raise click.BadParameter(str(e), param_hint="GAME") from None


def _agents(agents: str) -> list[str]:
    from ...agents import parse_spec

    ags = [a.strip() for a in agents.split(",")]
    if len(ags) != 2:
        raise click.BadParameter("give two agents, e.g. random,random", param_hint="--agents")
    for a in ags:
        try:
            parse_spec(a)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--agents") from None
    return ags


def _check_decks(pkg, names: list[str]) -> dict[str, str]:
    """Load every deck (an error names the bad one); returns each deck's display name."""
    shown = {}
    for nm in names:
        try:
            shown[nm] = pkg.load_deck(nm).name
        except ValueError as e:
            raise click.ClickException(str(e)) from None
    return shown


def _backend_options(f):
    f = click.option("--address", default=None,
                     help="Ray cluster address (e.g. 10.0.0.5:6379 or auto); default: a local Ray instance")(f)
    f = click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
                     help="where games run: local processes or a Ray cluster")(f)
    f = click.option("--processes", type=click.IntRange(min=1), default=1, show_default=True,
                     help="local backend: run games in parallel processes")(f)
    f = click.option("--no-db", is_flag=True, help="do not store the games")(f)
    f = click.option("--db", "db_path", type=click.Path(dir_okay=False), default=DEFAULT_DB, show_default=True,
                     help="SQLite file that stores every game; a run already in it is resumed")(f)
    return f


def _play(job: SimJob, n: int, db: SimDB | None, run: Run | None, processes: int, backend: str,
          address: str | None, quiet: bool, label: str) -> tuple[list[GameRow], list[int], float, bool]:
    """Play the games of ``job`` numbered below ``n`` that ``db`` does not hold yet; return every
    game below ``n`` (stored and new), the numbers of those played now, the time they took, and
    whether Ctrl-C stopped the run (the games finished before it are returned and stored)."""
    from tqdm import tqdm

    rows: dict[int, GameRow] = {}
    if db is not None and run is not None:
        rows = {r.k: r for r in db.games(run, below=n)}
    todo = [k for k in range(n) if k not in rows]
    pairs = spec_pairs(job)
    t0 = time.perf_counter()
    bar = None if quiet or not todo else tqdm(total=len(todo), desc=label, unit="game")
    played = 0
    new: list[int] = []
    interrupted = False
    try:
        for k, rec in run_games(job, todo, processes=processes, backend=backend, address=address):
            decks = pairs[k % len(pairs)]
            winner = "draw" if rec.result == "draw" else f"p{rec.result + 1}"
            rows[k] = GameRow(k, rec.seed, decks[0], decks[1], job.agents[0], job.agents[1], winner,
                              rec.turns, rec.decisions)
            new.append(k)
            if db is not None and run is not None:
                db.add(run, k, rec, decks, (job.agents[0], job.agents[1]))
                played += 1
                if played % 20 == 0:
                    db.commit()
            else:
                played += 1
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:  # Ctrl-C: what finished is kept and reported
        interrupted = True
    except InvariantError as e:
        raise click.ClickException(f"invariant broken: {e}") from None
    except RuntimeError as e:
        raise click.ClickException(str(e)) from None
    finally:
        if db is not None:
            db.commit()
        if bar is not None:
            bar.close()
    return [rows[k] for k in sorted(rows)], new, time.perf_counter() - t0, interrupted


def _interrupted(done: int, n: int) -> None:
    """After Ctrl-C: say how many games finished; exit 130 at once when none did."""
    if not done:
        click.echo(f"interrupted before any of the {n} games finished", err=True)
        sys.exit(130)
    click.echo(f"interrupted: {done} of {n} games finished; their results follow", err=True)


def summary(game: str, agents: list[str], seed: int, rows: list[GameRow],
            shown: dict[str, str] | None = None) -> list[str]:
    """Win rates per seat and per deck (named as ``shown`` names them), turns and decisions of ``rows``."""
    n = len(rows)
    wins = [sum(r.winner == "p1" for r in rows), sum(r.winner == "p2" for r in rows)]
    draws = n - wins[0] - wins[1]
    out = [f"{n} games of {game}, agents {agents[0]} (p1) vs {agents[1]} (p2), seeds {seed}..{seed + n - 1}"]
    for i in (0, 1):
        lo, hi = wilson(wins[i], n)
        out.append(f"  p{i + 1} seat ({agents[i]}): {wins[i]} wins, {wins[i] / max(n, 1):.1%} "
                   f"(95% CI {lo:.1%}-{hi:.1%})")
    out.append(f"  draws: {draws}")
    per_deck: dict[str, list[int]] = {}
    for r in rows:
        for seat, dn in (("p1", r.deck1), ("p2", r.deck2)):
            e = per_deck.setdefault((shown or {}).get(dn, dn), [0, 0])
            e[1] += 1
            e[0] += r.winner == seat
    if len(per_deck) > 1:
        for dn, (w, played) in sorted(per_deck.items()):
            lo, hi = wilson(w, played)
            out.append(f"  deck {dn}: {w}/{played} seats won, {w / played:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    turns = sum(r.turns for r in rows)
    decisions = sum(r.decisions for r in rows)
    out.append(f"  mean turns: {turns / max(n, 1):.1f}; decisions: {decisions} ({decisions / max(n, 1):.0f} per game)")
    return out


@sim.command("run")
@click.argument("game")
@click.option("--games", "n", type=int, default=100, show_default=True)
@click.option("--agents", default="random,random", show_default=True,
              help="two agents, comma separated (random, greedy, mcts, mcts:N iterations, mcts:Xs seconds)")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--decks", help="comma-separated decks to cycle through (default: every shipped deck, all pairings)")
@click.option("--deck", help="one deck (a shipped deck or a deck file); with --opponent-deck, the two play each "
              "other, taking turns in each seat")
@click.option("--opponent-deck", help="the other deck (default: the same deck)")
@cards_option
@click.option("--replay-dir", type=click.Path(file_okay=False), help="also write every game's replay here")
@click.option("--check", is_flag=True, help="check invariants: cards conserved, views hide hidden cards, "
              "replays reproduce the game")
@_backend_options
@click.option("--quiet", is_flag=True, help="no progress bar")
def run_cmd(game, n, agents, seed, decks, deck, opponent_deck, card_files, replay_dir, check, db_path, no_db,
            processes, backend, address, quiet) -> None:
    """Run N games of GAME between agents and report win rates."""
    pkg = with_cards(_pkg(game), card_files)
    ags = _agents(agents)
    if n < 1:
        raise click.BadParameter("give at least one game", param_hint="--games")
    if (deck or opponent_deck) and decks:
        raise click.BadParameter("give --decks, or --deck and --opponent-deck, not both", param_hint="--decks")
    if opponent_deck and not deck:
        raise click.BadParameter("--opponent-deck needs --deck", param_hint="--opponent-deck")
    pairs = None
    if deck:  # two decks play each other, taking turns in each seat
        names = [deck, opponent_deck or deck]
        pairs = [(names[0], names[1]), (names[1], names[0])]
    else:
        names = [d.strip() for d in decks.split(",")] if decks else pkg.shipped_decks()
    shown = _check_decks(pkg, names)
    job = SimJob(game, names, ags, seed, check, replay_dir, cards=tuple(card_files), pairs=pairs)
    db = None if no_db else _open(db_path)
    run = None if db is None else db.run_for("sim", game, ags, names, seed, check, pairs, tuple(card_files))
    try:
        rows, new, dt, interrupted = _play(job, n, db, run, processes, backend, address, quiet, f"{game} {agents}")
    finally:
        if db is not None:
            db.close()
    if interrupted:
        _interrupted(len(rows), n)
    for line in summary(game, ags, seed, rows, shown):
        click.echo(line)
    played = len(new)
    by_k = {r.k: r for r in rows}
    decisions = sum(by_k[k].decisions for k in new)
    if played:
        where = f"{processes} process{'es' if processes > 1 else ''}" if backend == "local" else "ray"
        click.echo(f"  speed: {played / dt:.1f} games/s, {decisions / dt:.0f} decisions/s ({dt:.1f} s, {where})")
    if db is not None and run is not None:
        click.echo(f"  stored in {db_path} (run {run.id}): {played} game(s) played now, "
                   f"{n - played} already there")
    if check:
        click.echo("  invariants: all held (cards conserved, views hide hidden cards, replays reproduce, frames share no data)")
    if interrupted:
        sys.exit(130)  # stopped by Ctrl-C: the usual exit status of an interrupted command


def _open(path: str) -> SimDB:
    try:
        return SimDB(path)
    except ValueError as e:
        raise click.ClickException(str(e)) from None


@sim.command("report")
@click.argument("db", type=click.Path(exists=True, dir_okay=False))
def report_cmd(db) -> None:
    """Summarise every run stored in the results file DB."""
    path = db
    db = _open(path)
    try:
        runs = db.runs()
        if not runs:
            click.echo(f"{path}: no runs")
        for run in runs:
            rows = db.games(run)
            click.echo(f"run {run.id} ({run.kind}, {run.created} UTC): {run.game}, agents {', '.join(run.agents)}, "
                       f"decks {', '.join(run.decks)}")
            if not rows:
                click.echo("  no games yet")
                continue
            if run.kind == "matrix":
                from ..simmatrix import matrix, table

                click.echo(f"  {len(rows)} games")
                for line in table(run.decks, matrix(run.decks, rows)):
                    click.echo("  " + line)
            else:
                for line in summary(run.game, run.agents, run.seed, rows):
                    click.echo("  " + line)
    finally:
        db.close()


@sim.command("matrix")
@click.argument("game")
@click.option("--decks", required=True, help="comma-separated decks (at least two)")
@click.option("--games", "n", type=int, default=20, show_default=True,
              help="games per pairing and seat (each pair of decks plays 2 x N games)")
@click.option("--agents", default="random,random", show_default=True,
              help="the agents of p1 and p2 (the same agent for both is fairest)")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--png", type=click.Path(dir_okay=False), default=None,
              help="heatmap file (default: matrix-GAME.png)")
@cards_option
@_backend_options
@click.option("--quiet", is_flag=True, help="no progress bar")
def matrix_cmd(game, decks, n, agents, seed, png, card_files, db_path, no_db, processes, backend, address,
               quiet) -> None:
    """Play every pairing of DECKS in both seats; print the win-rate matrix and write a heatmap."""
    from ..simmatrix import heatmap, matrix, table

    pkg = with_cards(_pkg(game), card_files)
    ags = _agents(agents)
    names = [d.strip() for d in decks.split(",") if d.strip()]
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise click.BadParameter("give at least two different decks, e.g. A,B,C", param_hint="--decks")
    if n < 1:
        raise click.BadParameter("give at least one game per pairing", param_hint="--games")
    _check_decks(pkg, names)
    pairs = [(a, b) for a in names for b in names if a != b]
    job = SimJob(game, names, ags, seed, False, None, cards=tuple(card_files), pairs=pairs)
    db = None if no_db else _open(db_path)
    run = None if db is None else db.run_for("matrix", game, ags, names, seed, False, pairs, tuple(card_files))
    total = n * len(pairs)
    try:
        rows, new, dt, interrupted = _play(job, total, db, run, processes, backend, address, quiet,
                                           f"{game} matrix")
        played = len(new)
    finally:
        if db is not None:
            db.close()
    if interrupted:
        _interrupted(len(rows), total)
    cells = matrix(names, rows)
    click.echo(f"{game}: {len(names)} decks, {len(pairs) // 2} pairings, {2 * n} games each "
               f"({n} per seat), {total} games; agents {ags[0]} (p1) vs {ags[1]} (p2), seeds {seed}..{seed + total - 1}")
    click.echo("win rate of the row deck against the column deck (95% interval); a draw counts half")
    for line in table(names, cells):
        click.echo(line)
    out = Path(png or f"matrix-{game}.png")
    heatmap(names, cells, out, f"{pkg.title}: win rate of row deck vs column deck\n"
            f"{total} games ({2 * n} per pairing), agents {ags[0]} vs {ags[1]}")
    click.echo(f"heatmap written to {out}")
    if db is not None and run is not None:
        click.echo(f"stored in {db_path} (run {run.id}): {played} game(s) played now, {total - played} already there")
    if interrupted:
        sys.exit(130)
