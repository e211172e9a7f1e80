"""A human plays in the terminal against an agent."""

from __future__ import annotations

from typing import Any

import click

from ...agents import act, make_agent
from ...kernel import replay as replay_mod
from ...kernel.view import log_for

HELP = ("Type an option's number or its label. Other commands: 'board' shows the board again, "
        "'log' shows the whole log, 'help' this text, 'quit' ends the game.")


def ask_human(pkg: Any, g, me: int) -> int:
    d = g.pending
    while True:
        click.echo("")
        click.echo(f"p{me + 1}, {d.prompt}:")
        for i, (lab, _) in enumerate(d.options):
            click.echo(f"  {i:2d}. {lab}")
        try:
            raw = input("> ").strip()
        except EOFError:
            raise click.Abort() from None
        if raw in ("quit", "exit"):
            raise click.Abort()
        if raw == "help":
            click.echo(HELP)
            continue
        if raw == "board":
            click.echo(pkg.describe(g, me))
            continue
        if raw == "log":
            for ln in log_for(g, me):
                click.echo("  " + ln)
            continue
        if raw.isdigit() and 0 <= int(raw) < len(d.options):
            return int(raw)
        labels = d.labels
        if raw in labels:
            return labels.index(raw)
        matches = [i for i, lab in enumerate(labels) if lab.startswith(raw)] if raw else []
        if len(matches) == 1:
            return matches[0]
        click.echo(f"'{raw}' is not an option: type a number from 0 to {len(labels) - 1} or a label "
                   "('help' for commands).")


def play_terminal(pkg: Any, decks: list, seed: int, opponent: str, me: int, replay_path: str | None) -> None:
    g = pkg.new_game(decks, seed, auto=True)
    try:
        agent = make_agent(opponent, seed, interactive=True)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--vs") from None
    click.echo(f"{pkg.title}: you are p{me + 1} ({decks[me].name}) against {opponent} "
               f"({decks[1 - me].name}); seed {seed}. {HELP}")
    shown = 0
    while g.result is None:
        lines = log_for(g, me)
        for ln in lines[shown:]:
            click.echo("  " + ln)
        shown = len(lines)
        d = g.pending
        if d.player == me:
            click.echo("")
            click.echo(pkg.describe(g, me))
            g.decide(ask_human(pkg, g, me))
        else:
            g.decide(act(agent, g))
    for ln in log_for(g, me)[shown:]:
        click.echo("  " + ln)
    click.echo(pkg.describe(g, me))
    res = "a draw" if g.result == "draw" else ("you win" if g.result == me else "you lose")
    click.echo(f"game over: {res}.")
    if replay_path:
        replay_mod.save(g, replay_path)
        click.echo(f"replay saved to {replay_path}")
