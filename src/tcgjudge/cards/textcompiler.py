"""A text compiler: printed card text in a game's templates -> the effect language.

A game's printed text is templated ("Fanfare: Draw a card.", "Select an enemy
follower on the field and deal it 3 damage."), so it can be compiled by
matching templates.  A :class:`Grammar` holds:

- *phrase types*: named parsers for the pieces templates are made of (a
  number, a selector such as "an enemy follower on the field", a card name);
  a phrase parser returns a value or raises :class:`NoParse`;
- *templates*: patterns such as ``"deal {n:num} damage to {who:targets}"``
  with a builder that turns the parsed pieces into effect-language data.

``{name:type}`` in a pattern matches some text that the phrase type ``type``
must accept in full; templates are tried in order and the first whose
pieces all parse wins.  Matching is case-insensitive and ignores a final
period.  What no template matches is reported (never guessed, DESIGN
principle 7): :meth:`Grammar.compile` raises :class:`Uncompilable` naming the
text that could not be read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class NoParse(Exception):
    """A phrase parser does not accept this text."""


class Uncompilable(ValueError):
    """Printed text no template of the game's grammar reads."""

    def __init__(self, text: str, where: str = "") -> None:
        self.text = text
        super().__init__(f"{where}{': ' if where else ''}cannot compile {text!r}")


_SLOT = re.compile(r"\{(\w+):(\w+)\}")


@dataclass
class Template:
    """A pattern of literal words and ``{name:type}`` slots, and its builder."""

    pattern: str
    build: Callable[..., Any]
    parts: list = field(init=False)

    def __post_init__(self) -> None:
        bits = _SLOT.split(self.pattern)
        parts: list = []
        for i in range(0, len(bits), 3):
            lit = " ".join(bits[i].split())
            if lit:
                parts.append(("lit", lit.lower(), bits[i][:1] == " ", bits[i][-1:] == " "))
            if i + 1 < len(bits):
                parts.append(("slot", bits[i + 1], bits[i + 2]))
        self.parts = parts

    def match(self, grammar: Grammar, text: str) -> dict | None:
        """All ways of reading ``text`` are tried (backtracking over where slots end)."""
        low = text.lower()
        parts = self.parts

        def rec(i: int, pos: int, got: dict) -> dict | None:
            if i == len(parts):
                return got if pos == len(text) else None
            part = parts[i]
            if part[0] == "lit":
                lit = part[1]
                p = pos
                while p < len(text) and text[p] == " ":
                    p += 1
                if not low.startswith(lit, p):
                    return None
                end = p + len(lit)
                if end < len(text) and lit[-1].isalnum() and text[end].isalnum():
                    return None  # a word must end where the literal ends
                return rec(i + 1, end, got)
            _, name, kind = part
            parser = grammar.phrases[kind]
            nxt = parts[i + 1] if i + 1 < len(parts) else None
            if nxt is None:
                ends = range(len(text), pos, -1)
            elif nxt[0] == "lit":
                ends = _candidate_ends(low, pos, nxt[1])
            else:  # two slots side by side: the first may end at any space
                ends = [k for k in range(pos + 1, len(text)) if text[k] == " "]
            for end in ends:
                piece = text[pos:end].strip()
                if not piece:
                    continue
                try:
                    val = parser(piece)
                except NoParse:
                    continue
                got2 = dict(got)
                got2[name] = val
                r = rec(i + 1, end, got2)
                if r is not None:
                    return r
            return None

        return rec(0, 0, {})


def _candidate_ends(low: str, pos: int, lit: str) -> list[int]:
    out = []
    start = pos + 1
    while True:
        k = low.find(lit, start)
        if k < 0:
            break
        out.append(k)
        start = k + 1
    return out


class Grammar:
    """Templates and phrase types of one game's printed text."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.phrases: dict[str, Callable[[str], Any]] = {}
        self.tables: dict[str, list[Template]] = {}

    def phrase(self, name: str) -> Callable[[Callable[[str], Any]], Callable[[str], Any]]:
        def deco(fn: Callable[[str], Any]) -> Callable[[str], Any]:
            self.phrases[name] = fn
            return fn
        return deco

    def template(self, table: str, *patterns: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a builder for one or more patterns in a table (e.g. 'effect', 'ability')."""
        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            for p in patterns:
                self.tables.setdefault(table, []).append(Template(p, fn))
            return fn
        return deco

    def parse(self, table: str, text: str) -> Any:
        """Read ``text`` with the first template of ``table`` that reads all of it."""
        t = normalize(text)
        for tpl in self.tables.get(table, ()):
            got = tpl.match(self, t)
            if got is not None:
                try:
                    return tpl.build(**got)
                except NoParse:
                    continue
        raise NoParse(text)

    def try_parse(self, table: str, text: str) -> Any:
        try:
            return self.parse(table, text)
        except NoParse:
            return None


def normalize(text: str) -> str:
    t = " ".join(text.replace("\u2019", "'").replace("\u2018", "'").split())
    while t.endswith(".") or t.endswith(" "):
        t = t[:-1]
    return t


def sentences(text: str) -> list[str]:
    """Split a paragraph into sentences (periods outside parentheses and quotes)."""
    out, cur, depth, quote = [], [], 0, False
    for ch in text:
        cur.append(ch)
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == '"':
            quote = not quote
        elif ch == "." and depth == 0 and not quote:
            s = "".join(cur).strip()
            if s.strip(". "):
                out.append(s)
            cur = []
    s = "".join(cur).strip()
    if s.strip(". "):
        out.append(s)
    return out


def strip_reminders(text: str) -> str:
    """Remove reminder text in parentheses that follows a sentence (SVE 2.6.2, CR 205.3)."""
    return re.sub(r"\s*\((?:[^()]|\([^()]*\))*\)\s*(?=$|\n)", "", text, flags=re.MULTILINE).strip()


__all__ = ["Grammar", "NoParse", "Template", "Uncompilable", "normalize", "sentences", "strip_reminders"]
