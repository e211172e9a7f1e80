"""The ``tcgjudge`` command."""

from __future__ import annotations

import json
import sys
import time

import click

from ...games import registry


def _pkg(game: str):
    try:
        return registry.get(game)
    except registry.UnknownGame as e:
        raise click.BadParameter(str(e), param_hint="GAME") from None


def _deck(pkg, name: str | None, default_index: int):
    names = pkg.shipped_decks()
    if name is None:
        name = names[default_index % len(names)]
    try:
        return pkg.load_deck(name)
    except ValueError as e:
        raise click.ClickException(str(e)) from None


@click.group()
@click.version_option(package_name="tcgjudge")
def main() -> None:
    """tcgjudge: rules engine, simulator and play platform for The Caster Chronicles,
    Shadowverse: Evolve and NOVA."""


@main.command()
@click.argument("game")
@click.option("--deck", help="your deck: a shipped deck name or a deck file")
@click.option("--opponent-deck", help="the opponent's deck")
@click.option("--vs", "opponent", default="mcts", show_default=True,
              help="the opponent agent: mcts (answers within about a second), greedy or random")
@click.option("--seed", type=int, default=None, help="random seed (default: from the clock)")
@click.option("--as", "seat", type=click.Choice(["p1", "p2"]), default="p1", show_default=True)
@click.option("--replay", "replay_path", type=click.Path(dir_okay=False), help="save the game's replay here")
def play(game, deck, opponent_deck, opponent, seed, seat, replay_path) -> None:
    """Play GAME in the terminal against an agent."""
    from .play import play_terminal

    pkg = _pkg(game)
    if seed is None:
        seed = int(time.time()) % 1_000_000
    me = _deck(pkg, deck, 0)
    them = _deck(pkg, opponent_deck, 1)
    decks = [me, them] if seat == "p1" else [them, me]
    play_terminal(pkg, decks, seed, opponent, int(seat[1]) - 1, replay_path)


from .sim_cmd import sim  # noqa: E402  (sim, sim report, sim matrix: their own module)

main.add_command(sim)


@main.command("replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "seat", type=click.Choice(["p1", "p2", "all"]), default="all", show_default=True,
              help="whose view to show")
@click.option("--step/--no-step", default=True, help="wait for Enter between decisions")
def replay_cmd(file, seat, step) -> None:
    """Step through a saved game."""
    from ...kernel import replay as replay_mod
    from ...kernel.view import log_for

    try:
        data = replay_mod.load(file)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    pkg = _pkg(data["game"])
    try:
        decks = [pkg.deck_from_json(d) for d in data["decks"]]
        g = pkg.new_game(decks, data["seed"], first=data.get("first"), auto=data.get("auto", False))
    except ValueError as e:
        raise click.ClickException(f"{file}: cannot set the game up again: {e}") from None
    viewer = None if seat == "all" else int(seat[1]) - 1
    shown = 0

    def show_log() -> None:
        nonlocal shown
        lines = g.log[shown:] if viewer is None else log_for(g, viewer)[shown:]
        for ln in lines:
            click.echo("  " + (ln[1] if isinstance(ln, tuple) else ln))
        shown = len(g.log)

    show_log()
    for i, idx in enumerate(data["decisions"]):
        d = g.pending
        if d is None:
            raise click.ClickException(f"{file}: replay decision {i}: no decision is pending (the game is over)")
        if idx >= len(d.options):
            raise click.ClickException(f"{file}: replay decision {i}: option {idx} does not exist; p{d.player + 1}'s "
                                       f"{d.kind} decision has {len(d.options)} option(s)")
        click.echo("")
        click.echo(pkg.describe(g, d.player if viewer is None else viewer))
        if viewer is None or viewer == d.player:
            click.echo(f"[{i + 1}/{len(data['decisions'])}] p{d.player + 1} {d.kind}: {d.options[idx][0]}")
        else:  # another player's answer may name their hidden cards: the log tells what became public
            click.echo(f"[{i + 1}/{len(data['decisions'])}] p{d.player + 1} {d.kind}")
        if step and sys.stdin.isatty():
            input("  (Enter for the next decision) ")
        g.decide(idx)
        show_log()
    click.echo(f"result: {data.get('result')}")


@main.group()
def deck() -> None:
    """Deck tools."""


@deck.command("check")
@click.argument("game")
@click.argument("file")
def deck_check(game, file) -> None:
    """Validate a deck file (deck construction rules)."""
    pkg = _pkg(game)
    try:
        d = pkg.load_deck(file)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    errs = pkg.check_deck(d)
    if errs:
        for e in errs:
            click.echo(f"  {e}")
        raise click.ClickException(f"{file}: the deck {d.name!r} is not legal ({len(errs)} problem(s))")
    click.echo(f"{file}: the deck {d.name!r} is legal ({len(d.main)} cards"
               + (f", extra {len(d.extra)}" if hasattr(d, "extra") else "") + ")")


@deck.command("list")
@click.argument("game")
def deck_list(game) -> None:
    """List the shipped decks of GAME."""
    pkg = _pkg(game)
    for name in pkg.shipped_decks():
        d = pkg.load_deck(name)
        click.echo(f"{name}: {d.name}")


@main.group()
def scenario() -> None:
    """Conformance scenarios."""


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True)
@click.option("--quiet", is_flag=True, help="print only failures and the summary")
def scenario_run(paths, quiet) -> None:
    """Run scenario files or folders of them."""
    from ..scenario import ScenarioError, run_paths

    try:
        results = run_paths(paths)
    except ScenarioError as e:
        raise click.ClickException(str(e)) from None
    passed = sum(r.passed for r in results)
    for r in results:
        if not (quiet and r.passed):
            click.echo(r.line())
    click.echo(f"{passed} passed, {len(results) - passed} failed")
    if passed != len(results):
        sys.exit(1)


@main.group()
def rules() -> None:
    """Rules tools."""


@rules.command("coverage")
@click.argument("game")
@click.option("--all", "show_all", is_flag=True, help="list covered rules too")
@click.option("--json", "as_json", is_flag=True)
def rules_coverage(game, show_all, as_json) -> None:
    """Which numbered rules of GAME are exercised by a passing scenario or test."""
    from ..coverage import coverage

    rep = coverage(game)
    if as_json:
        click.echo(json.dumps(rep.to_json(), indent=1))
        return
    for line in rep.lines(show_all):
        click.echo(line)


@main.group()
def cards() -> None:
    """Card pool tools."""


@cards.command("list")
@click.argument("game")
def cards_list(game) -> None:
    """List the shipped card pool of GAME."""
    pkg = _pkg(game)
    for key, c in sorted(pkg.pool().items()):
        click.echo(f"{key}: {c.text}")


if __name__ == "__main__":
    main()
