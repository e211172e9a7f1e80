"""An Earley parser of one game's card text whose vocabulary changes without rebuilding it.

A game's grammar reads words that are vocabulary rather than grammar — traits, races, token and
card names — through *word terminals*: one regular expression per terminal, an alternation of
the words learnt from the card data.  Building the Earley parser of a whole grammar costs most of
a second, and the vocabulary changes with every card database and scenario a process reads.

Lark's dynamic lexer reads a terminal at a position of the text by matching its regular
expression there, and nothing else about a terminal's expression enters the parser it builds.
So :class:`CardTextParser` builds the parser once and, when the vocabulary changes, gives the
parser's matcher the new expressions (checked once, when the parser is built: if this Lark does
not keep them where expected, or compiles them otherwise, the parser is built again instead).

The same fact makes the trees of :class:`~.parse_cache.ParseCache` independent of vocabulary the
text cannot see: the tree of a text depends on the vocabulary only through where in the text
each word terminal matches, so that (the start and end of every match) is part of a kept tree's
key, in place of the whole vocabulary.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from typing import Any

from lark import Lark
from lark.exceptions import LarkError

from .parse_cache import NO_PARSE, ParseCache


def alternation(words: Iterable[str]) -> str:
    """The regular expression of a word terminal: any of ``words`` (case apart) as whole words,
    the longest first, in a fixed order; an empty list matches nothing."""
    ws = sorted({w.lower() for w in words}, key=lambda w: (-len(w), w))
    if not ws:
        return "(?!x)x"
    return "(?i:" + "|".join(re.escape(w) for w in ws) + r")(?![\w'-])"


class CardTextParser:
    """The parser of one game's card text.

    ``grammar()`` gives the grammar without its word terminals; ``words()`` gives each word
    terminal's regular expression (name to expression) for the vocabulary now learnt.  Call
    :meth:`vocabulary_changed` whenever the vocabulary changes; the expressions are asked for
    again at the next parse."""

    def __init__(self, game: str, grammar: Callable[[], str], words: Callable[[], dict[str, str]],
                 starts: list[str]) -> None:
        self.cache = ParseCache(game)
        self._grammar = grammar
        self._words = words
        self._starts = starts
        self._base: str | None = None
        self._lark: Lark | None = None
        self._swappable = False
        self._current: dict[str, re.Pattern[str]] | None = None
        self._installed: dict[str, str] = {}

    def vocabulary_changed(self) -> None:
        self._current = None

    def lark(self) -> Lark:
        """The Earley parser, reading the vocabulary now learnt."""
        words = self._expressions()
        wanted = {k: p.pattern for k, p in words.items()}
        if self._lark is not None and self._installed != wanted:
            regexps = self._matcher_regexps()
            if self._swappable and regexps is not None:
                regexps.update(words)
                self._installed = wanted
            else:
                self._lark = None
        if self._lark is None:
            base = self._base_grammar()
            terms = "\n".join(f"{k}: /{v}/" for k, v in sorted(wanted.items()))
            self._lark = Lark(base + "\n" + terms + "\n", start=self._starts, parser="earley", lexer="dynamic",
                              ambiguity="explicit", propagate_positions=True)
            regexps = self._matcher_regexps()
            self._swappable = regexps is not None and all(
                isinstance(regexps.get(k), re.Pattern) and (regexps[k].pattern, regexps[k].flags) == (p.pattern, p.flags)
                for k, p in words.items())
            self._installed = wanted
        return self._lark

    def parse(self, text: str, start: str) -> Any:
        """The tree of ``text`` from ``start`` (a copy the caller may annotate), or :data:`NO_PARSE`;
        the parser is built only when a tree is not kept."""
        self._base_grammar()
        words = self.matches(text)
        got = self.cache.get(start, text, words)
        if got is None:
            parser = self.lark()  # a grammar that does not build is an error, never "no parse"
            try:
                got = parser.parse(text, start=start)
            except LarkError:
                got = NO_PARSE
            self.cache.put(start, text, got, words)
            if got is not NO_PARSE:
                got = copy.deepcopy(got)
        return got

    def matches(self, text: str) -> str:
        """Where in ``text`` each word terminal matches: all the parser can know of the vocabulary
        (its matcher matches a terminal's expression at a position, ``pattern.match(text, i)``, the
        match ``search`` finds there)."""
        out = []
        for name, pat in sorted(self._expressions().items()):
            spans = []
            i = 0
            while i <= len(text) and (m := pat.search(text, i)) is not None:
                spans.append(f"{m.start()}-{m.end()}")
                i = m.start() + 1
            out.append(f"{name}:{','.join(spans)}")
        return " ".join(out)

    def _base_grammar(self) -> str:
        if self._base is None:
            self._base = self._grammar()
            self.cache.use(self._base)
        return self._base

    def _expressions(self) -> dict[str, re.Pattern[str]]:
        if self._current is None:
            # written as Lark reads a literal's "/": the expression Lark compiles is the same string
            self._current = {k: re.compile(v.replace("/", r"\/")) for k, v in self._words().items()}
        return self._current

    def _matcher_regexps(self) -> dict[str, Any] | None:
        """Where this Lark's dynamic Earley parser keeps the compiled expression of each terminal."""
        matcher = getattr(getattr(getattr(self._lark, "parser", None), "parser", None), "term_matcher", None)
        regexps = getattr(getattr(matcher, "__self__", None), "regexps", None)
        return regexps if isinstance(regexps, dict) else None


__all__ = ["CardTextParser", "alternation"]
