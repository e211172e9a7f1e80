"""Simulation results in SQLite: every game of every run, so a run can be resumed and reported.

One file holds any number of runs.  A run is identified by what decides its
games (game, agents, decks or pairings, first seed, checks): asking for the
same run again plays only the games it does not hold yet.  Each game row keeps
the seed, the decks, the agents, the winner, the turns, the decisions and the
replay (JSON, ``tcgjudge replay`` reads it once written to a file).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    key TEXT UNIQUE NOT NULL,
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    agents TEXT NOT NULL,
    decks TEXT NOT NULL,
    pairs TEXT,
    seed INTEGER NOT NULL,
    checks INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run INTEGER NOT NULL REFERENCES runs(id),
    k INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    deck1 TEXT NOT NULL,
    deck2 TEXT NOT NULL,
    agent1 TEXT NOT NULL,
    agent2 TEXT NOT NULL,
    winner TEXT NOT NULL,
    turns INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    replay TEXT NOT NULL,
    PRIMARY KEY (run, k)
);
"""


@dataclass
class Run:
    id: int
    kind: str
    game: str
    agents: list[str]
    decks: list[str]
    pairs: list[tuple[str, str]] | None
    seed: int
    checks: bool
    created: str


@dataclass
class GameRow:
    k: int
    seed: int
    deck1: str
    deck2: str
    agent1: str
    agent2: str
    winner: str  # "p1", "p2" or "draw"
    turns: int
    decisions: int


class SimDB:
    """A results file (created on first use)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.con = sqlite3.connect(str(self.path))
            self.con.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            raise ValueError(f"{self.path}: not a tcgjudge results database: {e}") from None

    def close(self) -> None:
        self.con.close()

    def run_for(self, kind: str, game: str, agents: list[str], decks: list[str], seed: int, checks: bool,
                pairs: list[tuple[str, str]] | None = None, cards: tuple[str, ...] = ()) -> Run:
        """The run with these settings, created when the file has none yet."""
        key = json.dumps([kind, game, agents, decks, pairs, seed, checks] + ([list(cards)] if cards else []))
        row = self.con.execute("SELECT id FROM runs WHERE key = ?", (key,)).fetchone()
        if row is None:
            cur = self.con.execute(
                "INSERT INTO runs (key, kind, game, agents, decks, pairs, seed, checks, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, kind, game, json.dumps(agents), json.dumps(decks),
                 None if pairs is None else json.dumps(pairs), seed, int(checks),
                 time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())))
            self.con.commit()
            rid = cur.lastrowid
        else:
            rid = row[0]
        return self.run(rid)

    def run(self, rid: int) -> Run:
        r = self.con.execute("SELECT id, kind, game, agents, decks, pairs, seed, checks, created FROM runs "
                             "WHERE id = ?", (rid,)).fetchone()
        if r is None:
            raise ValueError(f"{self.path}: no run {rid}")
        return Run(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]),
                   None if r[5] is None else [tuple(p) for p in json.loads(r[5])], r[6], bool(r[7]), r[8])

    def runs(self) -> list[Run]:
        return [self.run(r[0]) for r in self.con.execute("SELECT id FROM runs ORDER BY id")]

    def done(self, run: Run) -> set[int]:
        return {r[0] for r in self.con.execute("SELECT k FROM games WHERE run = ?", (run.id,))}

    def add(self, run: Run, k: int, rec: Any, deck_names: tuple[str, str], agents: tuple[str, str]) -> None:
        """Store game ``k`` of ``run`` (a :class:`~tcgjudge.interfaces.sim.GameRecord`)."""
        winner = "draw" if rec.result == "draw" else f"p{rec.result + 1}"
        self.con.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (run.id, k, rec.seed, deck_names[0], deck_names[1], agents[0], agents[1], winner,
                          rec.turns, rec.decisions, json.dumps(rec.replay)))

    def commit(self) -> None:
        self.con.commit()

    def games(self, run: Run, below: int | None = None) -> list[GameRow]:
        q = "SELECT k, seed, deck1, deck2, agent1, agent2, winner, turns, decisions FROM games WHERE run = ?"
        args: tuple = (run.id,)
        if below is not None:
            q += " AND k < ?"
            args += (below,)
        return [GameRow(*r) for r in self.con.execute(q + " ORDER BY k", args)]

    def replay(self, run: Run, k: int) -> dict[str, Any]:
        r = self.con.execute("SELECT replay FROM games WHERE run = ? AND k = ?", (run.id, k)).fetchone()
        if r is None:
            raise ValueError(f"{self.path}: run {run.id} has no game {k}")
        return json.loads(r[0])


def store_all(db: SimDB, run: Run, items: Iterable[tuple[int, Any, tuple[str, str], tuple[str, str]]],
              every: int = 20) -> int:
    """Store games as they come, committing every ``every`` games (an interrupted run keeps them)."""
    n = 0
    for k, rec, decks, agents in items:
        db.add(run, k, rec, decks, agents)
        n += 1
        if n % every == 0:
            db.commit()
    db.commit()
    return n
