"""A human plays in the terminal against an agent."""

from __future__ import annotations

from typing import Any

import click

from ...agents import act, make_agent
from ...kernel import replay as replay_mod
from ...kernel.view import log_for

HELP = ("Type an option's number or its label (or the start of one). Other commands: 'board' shows the board "
        "again, 'log' shows the whole log, 'help' this text, 'concede' concedes the game, 'quit' leaves at once.")
#: answers are read as numbers only when they are plain ASCII digits, and not too many of them
MAX_DIGITS = 6

CONCEDE = object()  # what ask_human returns when the player concedes


def ask_human(pkg: Any, g, me: int) -> Any:
    """The option index the human picks, or CONCEDE."""
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
        if raw == "concede":
            return CONCEDE
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
        if raw.isascii() and raw.isdigit() and len(raw) <= MAX_DIGITS and int(raw) < len(d.options):
            return int(raw)  # ('²'.isdigit() is true, but it is no number int() reads)
        labels = d.labels
        if raw in labels:
            return labels.index(raw)
        matches = [i for i, lab in enumerate(labels) if lab.startswith(raw)] if raw else []
        if len(matches) == 1:
            return matches[0]
        shown = raw if len(raw) <= 40 else raw[:40] + "..."
        click.echo(f"'{shown}' is not an option: type a number from 0 to {len(labels) - 1} or a label "
                   "('help' for commands).")


def play_terminal(pkg: Any, decks: list, seed: int, opponent: str, me: int, replay_path: str | None) -> None:
    try:
        g = pkg.new_game(decks, seed, auto=True)
    except ValueError as e:  # an illegal deck (DeckError)
        raise click.ClickException(str(e)) from None
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
            ans = ask_human(pkg, g, me)
            if ans is CONCEDE:
                g.concede(me)  # recorded in the replay like any answer
            else:
                g.decide(ans)
        else:
            g.decide(act(agent, g))
    for ln in log_for(g, me)[shown:]:
        click.echo("  " + ln)
    click.echo(pkg.describe(g, me))
    res = "a draw" if g.result == "draw" else ("you win" if g.result == me else "you lose")
    click.echo(f"game over: {res}.")
    if replay_path:
        try:
            replay_mod.save(g, replay_path)
        except OSError as e:  # checked before the game; the disk may still fail
            raise click.ClickException(f"{replay_path}: cannot save the replay: {e.strerror or e}") from None
        click.echo(f"replay saved to {replay_path}")
