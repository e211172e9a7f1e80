"""``tcgjudge cards import`` and ``tcgjudge cards report``, and the ``--cards`` option the
commands that take decks share."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import click

from ...cards.language import CardError
from ...cards.pool import CardPool, PoolCard, read_pool, unread_sentence

#: the ``--cards`` option: extra card files for a command
cards_option = click.option(
    "--cards", "card_files", multiple=True, type=click.Path(exists=True, dir_okay=False),
    help="a Cockatrice card database (.xml) or a pool file from 'cards import' (repeatable)")


def with_cards(pkg: Any, files: tuple[str, ...]) -> Any:
    """The game package with the cards of ``files``; a bad file is an error naming it."""
    if not files:
        return pkg
    try:
        return pkg.with_cards(files)
    except (CardError, ValueError) as e:
        raise click.ClickException(str(e)) from None


def read(pkg: Any, files: tuple[str, ...]) -> CardPool:
    try:
        return read_pool(pkg.importer(), files)
    except (CardError, ValueError) as e:
        raise click.ClickException(str(e)) from None


def import_cards(pkg: Any, files: tuple[str, ...], out: str | None) -> None:
    pool = read(pkg, files)
    text = pool.to_yaml()
    bad = sum(1 for pc in pool.cards if pc.unplayable)
    if out:
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"{out}: {len(pool.cards)} cards ({len(pool.cards) - bad} playable, {bad} not playable) "
                   f"from {', '.join(files)}", err=True)
    else:
        click.echo(text, nl=False)
        click.echo(f"{len(pool.cards)} cards ({len(pool.cards) - bad} playable, {bad} not playable)", err=True)


def _pct(n: int, m: int) -> str:
    return f"{n} of {m} ({100 * n / m:.1f}%)" if m else f"{n} of {m}"


def card_line(pc: PoolCard) -> str:
    sets = "/".join(pc.sets)
    head = pc.card.key + (f" [{sets}]" if sets and not pc.card.key.endswith(f"[{sets}]") else "")
    if pc.unplayable is None:
        return f"{head}: compiled"
    s = unread_sentence(pc.unplayable)
    return f"{head}: not read: {s!r}" if s is not None else f"{head}: not playable: {pc.unplayable}"


def pattern(sentence: str, words: int = 5) -> str:
    """The opening of a sentence with numbers as N: sentences with the same pattern need the same
    new grammar."""
    w = re.sub(r"\d+", "N", sentence).split()
    return " ".join(w[:words]) + (" ..." if len(w) > words else "")


def report_lines(pool: CardPool, failures: bool) -> list[str]:
    out = [card_line(pc) for pc in pool.cards]
    for name, why in pool.excluded:
        out.append(f"{name}: not a card ({why})")
    n = len(pool.cards)
    ok = sum(1 for pc in pool.cards if pc.unplayable is None)
    read_lines = sum(pc.lines[0] for pc in pool.cards)
    all_lines = sum(pc.lines[1] for pc in pool.cards)
    sets: dict[str, list[PoolCard]] = {}
    for pc in pool.cards:
        for s in pc.sets:
            sets.setdefault(s, []).append(pc)
    if len(sets) > 1:
        for s, pcs in sorted(sets.items()):
            k = sum(1 for pc in pcs if pc.unplayable is None)
            ln = sum(pc.lines[0] for pc in pcs), sum(pc.lines[1] for pc in pcs)
            out.append(f"set {s}: cards {_pct(k, len(pcs))}, lines {_pct(*ln)}")
    out.append(f"cards: {_pct(ok, n)}")
    out.append(f"lines: {_pct(read_lines, all_lines)}")
    if failures:
        c: Counter = Counter()
        example: dict[str, str] = {}
        for pc in pool.cards:
            if pc.unplayable is None:
                continue
            s = unread_sentence(pc.unplayable)
            p = pattern(s) if s is not None else pc.unplayable.split(":", 1)[0]
            c[p] += 1
            example.setdefault(p, f"{pc.card.key}: {s if s is not None else pc.unplayable}")
        out.append("unread sentences by pattern:")
        for p, k in c.most_common():
            out.append(f"  {k:4d}  {p}")
            out.append(f"        e.g. {example[p]}")
    return out


def report(pkg: Any, files: tuple[str, ...], failures: bool) -> None:
    pool = read(pkg, files)
    for ln in report_lines(pool, failures):
        click.echo(ln)


def list_cards(pkg: Any) -> None:
    """The cards decks may name: the imported ones (with their sets; the ones that cannot be
    played say why), then the shipped ones."""
    for pc in pkg.card_pool().cards:
        c = pc.card
        sets = f" [{'/'.join(pc.sets)}]" if pc.sets else ""
        tail = f" (not playable: {pc.unplayable})" if pc.unplayable else ""
        text = re.sub(r"\s+", " ", c.text)
        click.echo(f"{c.key}{sets}{' (token)' if c.token else ''}: {text}{tail}")


__all__ = ["card_line", "cards_option", "import_cards", "list_cards", "pattern", "report", "report_lines",
           "with_cards"]
