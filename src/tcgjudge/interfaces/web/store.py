"""Where the web server keeps its games: one SQLite file.

A game is stored as what defines it (DESIGN principle 3): the game id, the
decks, the seed, the first player (or none: chosen by the seed) and the list
of decisions, each the index of the option chosen.  A restarted server
re-creates every game from that and carries on where it was.  Seats hold a
SHA-256 hash of their token, never the token itself.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    first    INTEGER,
    auto     INTEGER NOT NULL,
    decks    TEXT NOT NULL,   -- JSON list, one deck per seat (null: the seat has not chosen yet)
    seats    TEXT NOT NULL,   -- JSON list of {"kind": "person", "token": sha256} | {"kind": "agent", "agent": name, "seed": n}
    created  REAL NOT NULL,
    result   TEXT,
    cards    TEXT             -- JSON list of the server's card files the game's cards come from
);
CREATE TABLE IF NOT EXISTS decisions (
    game_id  TEXT NOT NULL REFERENCES games(id),
    n        INTEGER NOT NULL,
    idx      INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class StoredGame:
    id: str
    game: str
    seed: int
    first: int | None
    auto: bool
    decks: list[dict[str, Any] | None]
    seats: list[dict[str, Any]]
    created: float
    result: str | None = None
    decisions: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


class Store:
    """The games of one server, in one SQLite file (``:memory:`` for a throwaway one)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        if "cards" not in {r[1] for r in self.db.execute("PRAGMA table_info(games)")}:
            self.db.execute("ALTER TABLE games ADD COLUMN cards TEXT")  # a file of an earlier version

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def create(self, sg: StoredGame) -> None:
        with self._lock:
            self.db.execute(
                "INSERT INTO games (id, game, seed, first, auto, decks, seats, created, result, cards) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (sg.id, sg.game, sg.seed, sg.first, int(sg.auto), json.dumps(sg.decks), json.dumps(sg.seats),
                 sg.created or time.time(), sg.result, json.dumps(sg.cards)))

    def set_decks(self, game_id: str, decks: list[dict[str, Any] | None]) -> None:
        with self._lock:
            self.db.execute("UPDATE games SET decks = ? WHERE id = ?", (json.dumps(decks), game_id))

    def add_decisions(self, game_id: str, start: int, indexes: list[int]) -> None:
        """Record decisions number ``start``, ``start + 1``, ... of a game, in one transaction."""
        if not indexes:
            return
        with self._lock:
            self.db.execute("BEGIN")
            try:
                self.db.executemany("INSERT INTO decisions (game_id, n, idx) VALUES (?, ?, ?)",
                                    [(game_id, start + i, x) for i, x in enumerate(indexes)])
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def set_result(self, game_id: str, result: str) -> None:
        with self._lock:
            self.db.execute("UPDATE games SET result = ? WHERE id = ?", (result, game_id))

    def ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY created")]

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self.db.execute("SELECT id, game, seed, first, auto, decks, seats, created, result, cards FROM games "
                                  "WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            ds = [r[0] for r in self.db.execute("SELECT idx FROM decisions WHERE game_id = ? ORDER BY n",
                                                (game_id,))]
        return StoredGame(row[0], row[1], row[2], row[3], bool(row[4]), json.loads(row[5]), json.loads(row[6]),
                          row[7], row[8], ds, json.loads(row[9]) if row[9] else [])
