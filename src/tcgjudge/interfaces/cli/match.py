"""``tcgjudge match``: a best-of-three match between agents, with side-deck swaps (NOVA 007.1)."""

from __future__ import annotations

import click


@click.command("match")
@click.argument("game")
@click.argument("deck_a")
@click.argument("deck_b")
@click.option("--agents", default="random,random", show_default=True, help="two agents, comma separated")
@click.option("--seed", type=int, default=0, show_default=True)
def match_cmd(game, deck_a, deck_b, agents, seed) -> None:
    """Play a best-of-three match of GAME between DECK_A and DECK_B (games with side decks)."""
    from ...agents import act, make_agent
    from ...games import registry

    try:
        pkg = registry.get(game)
    except registry.UnknownGame as e:
        raise click.ClickException(str(e)) from None
    if not hasattr(pkg, "play_match"):
        raise click.ClickException(f"{game}: match play with side decks is not available for this game")
    ags = [a.strip() for a in agents.split(",")]
    if len(ags) != 2:
        raise click.BadParameter("give two agents, e.g. random,random", param_hint="--agents")
    try:
        decks = [pkg.load_deck(deck_a), pkg.load_deck(deck_b)]
        agent_objs = [make_agent(ags[0], seed * 2 + 1), make_agent(ags[1], seed * 2 + 2)]
    except (ValueError, pkg.deck_error) as e:
        raise click.ClickException(str(e)) from None
    m = pkg.play_match(decks, seed, agent_objs, act)
    for i, r in enumerate(m.results):
        who = "draw" if r == "draw" else f"p{r + 1} ({decks[r].name})"
        click.echo(f"game {i + 1}: {who}")
        if i < len(m.swaps) and m.swaps[i]:
            click.echo("  then side swaps: " + "; ".join(f"{p} {s}" for p, s in m.swaps[i]))
    w = m.winner
    click.echo("match: draw" if w == "draw" else f"match: p{w + 1} ({decks[w].name}) wins {m.wins[w]}-{m.wins[1 - w]}")
