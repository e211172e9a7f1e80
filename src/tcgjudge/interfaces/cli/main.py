"""The ``tcgjudge`` command."""

from __future__ import annotations

import json
import sys
import time

import click

from ...games import registry
from .cards_cmd import cards_option, with_cards


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
@cards_option
def play(game, deck, opponent_deck, opponent, seed, seat, replay_path, card_files) -> None:
    """Play GAME in the terminal against an agent."""
    from .play import play_terminal

    pkg = with_cards(_pkg(game), card_files)
    if replay_path:  # checked now: a bad path must not lose the game at its end
        from ...kernel.replay import check_writable

        try:
            check_writable(replay_path)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--replay") from None
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
@cards_option
def replay_cmd(file, seat, step, card_files) -> None:
    """Step through a saved game."""
    from ...kernel import replay as replay_mod
    from ...kernel.view import log_for
    from ..sim import replay_answer, replay_start, stop_game

    try:
        data = replay_mod.load(file)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    pkg = with_cards(_pkg(data["game"]), card_files or tuple(data.get("cards") or ()))
    try:
        g = replay_start(pkg, data)
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
    total = len(data["decisions"])
    for i, idx in enumerate(data["decisions"]):
        d = g.pending
        if isinstance(idx, str):  # a concession: an action of the protocol, not an answer
            click.echo(f"[{i + 1}/{total}] {idx}")
        elif d is None:
            raise click.ClickException(f"{file}: replay decision {i}: no decision is pending (the game is over)")
        elif idx >= len(d.options):
            raise click.ClickException(f"{file}: replay decision {i}: option {idx} does not exist; p{d.player + 1}'s "
                                       f"{d.kind} decision has {len(d.options)} option(s)")
        else:
            click.echo("")
            click.echo(pkg.describe(g, d.player if viewer is None else viewer))
            if viewer is None or viewer == d.player:
                click.echo(f"[{i + 1}/{total}] p{d.player + 1} {d.kind}: {d.options[idx][0]}")
            else:  # another player's answer may name their hidden cards: the log tells what became public
                click.echo(f"[{i + 1}/{total}] p{d.player + 1} {d.kind}")
            if step and sys.stdin.isatty():
                input("  (Enter for the next decision) ")
        try:
            replay_answer(g, idx, i)
        except ValueError as e:
            raise click.ClickException(f"{file}: {e}") from None
        show_log()
    if data.get("stopped_after") and g.result is None:
        stop_game(g, data["stopped_after"])
        show_log()
    try:
        replay_mod.verify(g, data, file)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"verified: the replay reaches the recorded result after all {total} decisions")
    click.echo(f"result: {replay_mod.result_text(g.result)}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=int, default=8000, show_default=True, help="port (0: any free port)")
@click.option("--db", default="tcgjudge-games.sqlite3", show_default=True, help="SQLite file of the games")
@click.option("--rate", type=float, default=20.0, show_default=True, help="messages per second per connection")
@click.option("--seed", type=int, default=None, help="seed of the first new game, then +1 each (default: random)")
@cards_option
@click.option("--deck-dir", "deck_dirs", multiple=True, type=click.Path(exists=True, file_okay=False),
              help="a folder of deck files (.cod, decklists, YAML) the lobby offers (repeatable)")
def serve(host, port, db, rate, seed, card_files, deck_dirs) -> None:
    """Play in the browser: a web server for people and agents (docs/web.md)."""
    from ...cards.language import CardError
    from ..web.server import serve as run_server

    try:
        run_server(host, port, db, rate, seed, card_files, deck_dirs)
    except CardError as e:
        raise click.ClickException(str(e)) from None


@main.group()
def deck() -> None:
    """Deck tools."""


@deck.command("check")
@click.argument("game")
@click.argument("file")
@cards_option
def deck_check(game, file, card_files) -> None:
    """Validate a deck file (deck construction rules; every card playable).  A deck file is the
    game's YAML deck, a Cockatrice deck (.cod) or a plain decklist (.txt)."""
    pkg = with_cards(_pkg(game), card_files)
    try:
        d = pkg.load_deck(file)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    for note in getattr(d, "notes", ()):
        click.echo(f"  note: {note}")
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
@click.option("--cards", "card_files", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="a card database (.xml) or pool file whose cards scenarios may name (repeatable)")
def scenario_run(paths, quiet, card_files) -> None:
    """Run scenario files or folders of them."""
    from ..scenario import ScenarioError, run_paths

    try:
        results = run_paths(paths, cards=card_files)
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
@click.option("--no-tests", "no_tests", is_flag=True, help="count the scenarios only (the tests are not run)")
def rules_coverage(game, show_all, as_json, no_tests) -> None:
    """Which numbered rules of GAME are exercised by a scenario or test that passes in this run."""
    from ..coverage import coverage

    rep = coverage(game, run_tests=not no_tests)
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
@cards_option
def cards_list(game, card_files) -> None:
    """List the card pool of GAME: the shipped cards, and the cards of --cards files."""
    pkg = _pkg(game)
    if card_files:
        from .cards_cmd import list_cards

        list_cards(with_cards(pkg, card_files))
        return
    for key, c in sorted(pkg.pool().items()):
        click.echo(f"{key}: {c.text}")


@cards.command("import")
@click.argument("game")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), help="the pool file to write (default: "
              "standard output)")
def cards_import(game, files, out) -> None:
    """Import Cockatrice card databases (FILE.xml) into a pool file of compiled cards."""
    from .cards_cmd import import_cards

    import_cards(_pkg(game), files, out)


@cards.command("report")
@click.argument("game")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--failures", is_flag=True, help="group the sentences not read by pattern, with counts")
def cards_report(game, files, failures) -> None:
    """How much of card databases or pool files the text compiler reads: one line per card, then
    the cards and the lines (paragraphs of printed text) read."""
    from .cards_cmd import report

    report(_pkg(game), files, failures)


from .match import match_cmd  # noqa: E402  (NOVA 007.1 match play)

main.add_command(match_cmd)


if __name__ == "__main__":
    main()
