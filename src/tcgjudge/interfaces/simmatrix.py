"""Deck-against-deck win rates from stored games, as a table and a heatmap."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .sim import wilson
from .simdb import GameRow


@dataclass
class Cell:
    wins: float  # a draw counts half
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def matrix(decks: list[str], rows: list[GameRow]) -> dict[tuple[str, str], Cell]:
    """Cell (a, b): how deck ``a`` fared against deck ``b`` over the games between them, in
    both seats."""
    cells = {(a, b): Cell(0.0, 0) for a in decks for b in decks if a != b}
    for r in rows:
        if r.deck1 == r.deck2:
            continue
        for me, them, seat in ((r.deck1, r.deck2, "p1"), (r.deck2, r.deck1, "p2")):
            c = cells.get((me, them))
            if c is None:
                continue
            c.games += 1
            c.wins += 1.0 if r.winner == seat else (0.5 if r.winner == "draw" else 0.0)
    return cells


def table(decks: list[str], cells: dict[tuple[str, str], Cell]) -> list[str]:
    """Rows: the deck; columns: its opponent; each cell the row deck's win rate and 95% interval."""
    w = max(len(d) for d in decks)
    cw = max(17, w)
    lines = [" " * w + " | " + " | ".join(d[:cw].ljust(cw) for d in decks)]
    for a in decks:
        out = []
        for b in decks:
            if a == b:
                out.append("-".ljust(cw))
                continue
            c = cells[(a, b)]
            if not c.games:
                out.append("no games".ljust(cw))
                continue
            lo, hi = c.interval()
            out.append(f"{c.rate:.0%} ({lo:.0%}-{hi:.0%})".ljust(cw))
        lines.append(a.ljust(w) + " | " + " | ".join(out))
    return lines


def heatmap(decks: list[str], cells: dict[tuple[str, str], Cell], path: str | Path, title: str) -> None:
    """Write the matrix as a PNG heatmap (matplotlib, no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(decks)
    data = [[float("nan") if a == b else cells[(a, b)].rate for b in decks] for a in decks]
    fig, ax = plt.subplots(figsize=(1.6 + 1.25 * n, 1.2 + 1.0 * n), dpi=110)
    im = ax.imshow(data, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(n), labels=decks, rotation=35, ha="right")
    ax.set_yticks(range(n), labels=decks)
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck")
    for i, a in enumerate(decks):
        for j, b in enumerate(decks):
            if a == b:
                continue
            c = cells[(a, b)]
            if c.games:
                lo, hi = c.interval()
                ax.text(j, i, f"{c.rate:.0%}\n{lo:.0%}-{hi:.0%}", ha="center", va="center", fontsize=7)
    ax.set_title(title, fontsize=9)
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="win rate of the row deck")
    fig.tight_layout()
    fig.savefig(str(path))
    plt.close(fig)
