"""Parse trees of card text kept between runs.

Reading a paragraph with a game's Earley grammar costs a fifth of a second; every process that
loads a pool or a card database reads the same paragraphs again.  :class:`ParseCache` keeps each
tree in memory and in an SQLite file, keyed by a digest of the grammar the parser was built from
(less its word terminals), Lark's version, the start symbol, the text and where in the text the
word terminals (the vocabulary learnt from the card data: traits, names, races) match
(:mod:`.card_text_parser`).  Any change of grammar is a new key, and so is any change of
vocabulary that the text can see, so a kept tree is always the tree the current parser would
build.

The file is ``$TCGJUDGE_CACHE_DIR/parses.sqlite3`` (default ``~/.cache/tcgjudge``);
``TCGJUDGE_CACHE_DIR=off`` keeps trees in memory only.  A file that cannot be opened, read or
written is ignored: the cache only ever saves time.
"""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
import sqlite3
from pathlib import Path
from typing import Any

import lark

#: a text the grammar does not read (kept too: a refusal is as costly to find as a tree)
NO_PARSE = "\0no parse"


def cache_file() -> Path | None:
    where = os.environ.get("TCGJUDGE_CACHE_DIR", "")
    if where.lower() == "off":
        return None
    base = Path(where) if where else Path.home() / ".cache" / "tcgjudge"
    return base / "parses.sqlite3"


class ParseCache:
    """Trees of one game's grammar: ``get``/``put`` by (start symbol, text) for the grammar text
    given to :meth:`use` (call it whenever the parser is rebuilt)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.grammar = ""
        self.memory: dict[tuple[str, str, str], Any] = {}
        self._db: sqlite3.Connection | None = None
        self._opened = False

    def use(self, grammar_text: str) -> None:
        """The parser is now built from ``grammar_text``: trees of another grammar no longer apply."""
        digest = hashlib.sha256(f"{lark.__version__}\n{grammar_text}".encode()).hexdigest()
        if digest != self.grammar:
            self.grammar = digest
            self.memory.clear()

    def _conn(self) -> sqlite3.Connection | None:
        if not self._opened:
            self._opened = True
            path = cache_file()
            if path is not None:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    db = sqlite3.connect(path, timeout=5, isolation_level=None)
                    db.execute("PRAGMA journal_mode=WAL")
                    db.execute("PRAGMA synchronous=OFF")
                    db.execute("CREATE TABLE IF NOT EXISTS trees (game TEXT, grammar TEXT, start TEXT, text TEXT, "
                               "words TEXT, tree BLOB, PRIMARY KEY (game, grammar, start, text, words))")
                    self._db = db
                except (OSError, sqlite3.Error):
                    self._db = None
        return self._db

    def get(self, start: str, text: str, words: str = "") -> Any:
        """The kept tree (a copy: readers annotate trees), :data:`NO_PARSE`, or None when unknown.
        ``words`` names what of the vocabulary the text sees (where each word terminal matches)."""
        key = (start, text, words)
        got = self.memory.get(key)
        if got is None:
            db = self._conn()
            if db is None:
                return None
            try:
                row = db.execute("SELECT tree FROM trees WHERE game=? AND grammar=? AND start=? AND text=? "
                                 "AND words=?", (self.game, self.grammar, start, text, words)).fetchone()
                got = pickle.loads(row[0]) if row else None
            except Exception:  # a damaged or foreign file: read the text again
                got = None
            if got is None:
                return None
            self._remember(key, got)
        return NO_PARSE if isinstance(got, str) else copy.deepcopy(got)

    def put(self, start: str, text: str, tree: Any, words: str = "") -> None:
        self._remember((start, text, words), tree)
        db = self._conn()
        if db is not None:
            try:
                db.execute("INSERT OR REPLACE INTO trees VALUES (?, ?, ?, ?, ?, ?)",
                           (self.game, self.grammar, start, text, words, pickle.dumps(tree)))
            except sqlite3.Error:
                pass

    def _remember(self, key: tuple[str, str, str], tree: Any) -> None:
        if len(self.memory) > 20000:
            self.memory.clear()
        self.memory[key] = tree


__all__ = ["NO_PARSE", "ParseCache", "cache_file"]
