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

The rest of the module is what the games' compilers share around their grammars: number
words, the sentences of a paragraph, the card fields a compiled text gives, and the report of
how much of a card database (Cockatrice XML) the compiler reads.
"""

from __future__ import annotations

import copy
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from .language import CardError


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


_MISS = object()


def memo(fn: Callable[[str], Any]) -> Callable[[str], Any]:
    """A phrase parser that remembers what it read each text as (the text with its white space
    folded), whether a value or :class:`NoParse`; every caller gets a copy of a remembered value."""
    cache: dict[str, Any] = {}

    def wrapped(t: str) -> Any:
        k = " ".join(t.split())
        r = cache.get(k, _MISS)
        if r is _MISS:
            try:
                r = fn(k)
            except NoParse:
                r = NoParse
            cache[k] = r
        if r is NoParse:
            raise NoParse(t)
        return copy.deepcopy(r)

    wrapped.__name__ = getattr(fn, "__name__", "phrase")
    return wrapped


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

    def memo_phrase(self, name: str) -> Callable[[Callable[[str], Any]], Callable[[str], Any]]:
        """Register a phrase parser that remembers its answers (:func:`memo`); the decorated name
        is the remembering parser too."""
        def deco(fn: Callable[[str], Any]) -> Callable[[str], Any]:
            m = memo(fn)
            self.phrases[name] = m
            return m
        return deco

    def table_phrase(self, name: str) -> None:
        """A phrase type read by the templates of the table ``name``."""
        self.phrases[name] = memo(lambda t: self.parse(name, t))

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


#: number words of printed text
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "once": 1, "twice": 2}


def read_number(t: str, x: bool = False) -> Any:
    """A number in digits or in words ("3", "three", "a", "twice"); with ``x``, also X ("X")."""
    s = t.strip().lower()
    if s.isdigit():
        return int(s)
    if x and s == "x":
        return "X"
    if s in NUMBER_WORDS:
        return NUMBER_WORDS[s]
    raise NoParse(t)


def strip_end_clause(s: str, clauses: list[tuple[re.Pattern, Callable[[re.Match], dict]]],
                     filt: dict) -> str | None:
    """If one of ``clauses`` (a pattern anchored at the end, and what it adds to a selector) ends
    ``s``: add that to ``filt`` and return ``s`` without the clause; else None."""
    for rx, fn in clauses:
        m = rx.search(s)
        if m:
            filt.update(fn(m))
            return s[:m.start()]
    return None


def and_cond(a: Any, b: Any) -> Any:
    """Both conditions (either may be None: no condition)."""
    if a is None:
        return b
    if b is None:
        return a
    return {"and": [a, b]}


def fresh_name(names: Counter, base: str) -> str:
    """A name not given yet in ``names``: ``base``, then ``base2``, ``base3``, ..."""
    names[base] += 1
    k = names[base]
    return base if k == 1 else f"{base}{k}"


def normalize(text: str) -> str:
    t = " ".join(text.replace("\u2019", "'").replace("\u2018", "'").split())
    while t.endswith(".") or t.endswith(" "):
        t = t[:-1]
    return t


def sentences(text: str, after_quote: bool = False) -> list[str]:
    """Split a paragraph into sentences at periods outside parentheses, brackets and quotes; with
    ``after_quote``, also after a quotation that ends with a period (``gains "Draw a card." Then
    ...``: SVE's texts end quoted sentences that way)."""
    out: list[str] = []
    cur: list[str] = []
    depth, quote = 0, False

    def cut() -> None:
        s = "".join(cur).strip()
        if s.strip(". "):
            out.append(s)
        cur.clear()

    for i, ch in enumerate(text):
        cur.append(ch)
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == '"':
            quote = not quote
            if after_quote and not quote and depth == 0 and i > 0 and text[i - 1] == ".":
                cut()
        elif ch == "." and depth == 0 and not quote and not (after_quote and text[i + 1:i + 2] == '"'):
            cut()
    cut()
    return out


# ------------------------------------------------------------------------ compiled cards
@dataclass
class CompiledCard:
    """The card fields a compiled text gives."""

    keywords: list = field(default_factory=list)
    abilities: list = field(default_factory=list)
    effect: dict | None = None
    extra: dict = field(default_factory=dict)

    def as_fields(self) -> dict:
        out: dict[str, Any] = {}
        if self.keywords:
            out["keywords"] = self.keywords
        if self.abilities:
            out["abilities"] = self.abilities
        if self.effect is not None:
            out["effect"] = self.effect
        out.update(self.extra)
        return out


# ---------------------------------------------------------------------------- the report
def cockatrice_cards(path: Path) -> Iterator[Callable[[str], str]]:
    """The cards of a Cockatrice card database (XML), each as a reader of its fields by path
    (``"name"``, ``"prop/type"``; a field the card does not have reads as "")."""
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    for c in root.iter("card"):
        def get(p: str, c: Any = c) -> str:
            e = c.find(p)
            return (e.text or "").strip() if e is not None and e.text else ""
        yield get


@dataclass
class CompileReport:
    """How much of a card list a game's compiler reads (each game's ``compile_report``)."""

    total: int = 0
    compiled: int = 0
    with_text: int = 0
    compiled_with_text: int = 0
    excluded: list = field(default_factory=list)  # names of records that are no game cards
    failures: list = field(default_factory=list)  # (card name, sentence)
    invalid: list = field(default_factory=list)  # (card name, card loader error)

    #: the words of an uncompiled sentence that make its opening (see :meth:`patterns`)
    opening_words: ClassVar[int] = 4
    #: whether the openings count the compiled cards the card loader rejected too
    openings_of_invalid: ClassVar[bool] = False
    #: how the report names those cards, and how much of the loader's error it keeps
    invalid_heading: ClassVar[str] = "compiled but rejected by the card loader"
    invalid_width: ClassVar[int] = 200

    @property
    def fraction(self) -> float:
        return self.compiled / self.total if self.total else 0.0

    @property
    def text_fraction(self) -> float:
        return self.compiled_with_text / self.with_text if self.with_text else 0.0

    def add(self, name: str, entry: dict, compile_entry: Callable[[dict], dict], has_text: bool,
            builder: Any, where: str) -> None:
        """Compile one card entry and count it; with a card ``builder``, a card counts as compiled
        only when the builder accepts the result too."""
        self.total += 1
        self.with_text += has_text
        try:
            full = compile_entry(entry)
        except Uncompilable as e:
            self.failures.append((name, e.text))
            return
        if builder is not None:
            try:
                builder.card(full, where)
            except CardError as e:
                self.invalid.append((name, str(e).split(": ", 2)[-1][:self.invalid_width]))
                return
        self.compiled += 1
        self.compiled_with_text += has_text

    def patterns(self, n: int = 15) -> list[tuple[str, int]]:
        """The most common openings of the sentences that did not compile."""
        c: Counter = Counter()
        for _, s in self.failures + (self.invalid if self.openings_of_invalid else []):
            words = re.sub(r"\d+", "N", s).split()
            c[" ".join(words[:self.opening_words])] += 1
        return c.most_common(n)

    def summary(self) -> str:
        lines = [f"compiled: {self.compiled} of {self.total} cards ({100 * self.fraction:.1f}%)",
                 f"cards with text: {self.compiled_with_text} of {self.with_text} ({100 * self.text_fraction:.1f}%)"]
        if self.excluded:
            lines.append(f"not cards (excluded): {', '.join(self.excluded)}")
        if self.invalid:
            lines.append(f"{self.invalid_heading}: {len(self.invalid)}")
            for nm, err in self.invalid:
                lines.append(f"  {nm}: {err}")
        lines.append("most common uncompiled openings:")
        for p, k in self.patterns():
            lines.append(f"  {k:3d}  {p} ...")
        return "\n".join(lines)


def report_main(argv: list[str] | None, module: str, compile_report: Callable[[str], CompileReport]) -> int:
    """``python -m MODULE CARDS.xml [--failures]``: print the report of a card database."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0].startswith("-"):
        print(f"usage: python -m {module} CARDS.xml [--failures]")
        return 2
    rep = compile_report(args[0])
    print(rep.summary())
    if "--failures" in args:
        print("failures:")
        for nm, s in rep.failures:
            print(f"  {nm}: {s}")
    return 0


__all__ = ["NUMBER_WORDS", "CompileReport", "CompiledCard", "Grammar", "NoParse", "Template", "Uncompilable",
           "and_cond", "cockatrice_cards", "fresh_name", "memo", "normalize", "read_number", "report_main",
           "sentences", "strip_end_clause"]
