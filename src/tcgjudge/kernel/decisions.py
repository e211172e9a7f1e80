"""The decision protocol: the engine stops at a Decision and waits.

A decision belongs to one player, has a kind and a prompt, and lists its
options.  Each option is ``(label, payload)``: the label is the stable,
human-readable text (``pass``, ``play Fire Lizard``, ``attack s -> w``), the
payload is plain data the procedure that asked understands.  Compound choices
are asked as a sequence of single decisions (DESIGN principle 4), so an RL
action mask and a CLI menu are the same list.
"""

from __future__ import annotations

import reprlib
from typing import Any

#: how much of a bad input an error message quotes
QUOTE = 40


class _Brief(reprlib.Repr):
    """A bounded repr of plain data: every level, list, mapping and text is cut short."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict, self.maxset = 3, 5, 5, 4, 5
        self.maxstring = self.maxother = n

    def repr_int(self, x: int, level: int) -> str:
        return repr(x) if -(10 ** 40) < x < 10 ** 40 else f"<a {x.bit_length()}-bit number>"

    def repr_instance(self, x: Any, level: int) -> str:
        return f"<{type(x).__name__}>"  # never an arbitrary object's own repr


def brief(x: Any, n: int = QUOTE) -> str:
    """A short, safe rendering of input for an error message: at most ``n`` characters of a
    text, a number's value (or its size when it is huge), plain lists and mappings cut short at
    every level; of any other object only its type (its own ``repr`` is never called: it could
    be huge, slow or raise)."""
    t = type(x)
    if t is str:
        return repr(x) if len(x) <= n else repr(x[:n]) + f"... ({len(x)} characters)"
    if t is int:
        return repr(x) if -(10 ** n) < x < 10 ** n else f"a {x.bit_length()}-bit number"
    if t is bool or x is None or t is float:
        return repr(x)
    if t in (list, tuple, dict, set, frozenset, bytes):
        return _Brief(n).repr(x)
    return f"a value of type {t.__name__}"


def clip(text: str, n: int) -> str:
    """About ``n`` characters of ``text``, cut at the end of a word (the word under the cut is
    kept whole when it is short, so texts that differ there stay apart), never ending in
    whitespace or a dangling comma: an option label must be typeable and matchable, and a
    scenario names an ability by the start of its text."""
    if len(text) <= n:
        return text.rstrip()
    end = n
    if not text[n].isspace():
        sp = text.find(" ", n, n + 12)
        end = len(text) if sp < 0 and len(text) <= n + 12 else sp
        if end < 0:
            end = text.rfind(" ", 0, n)
            if end <= n // 2:
                end = n
    return text[:end].rstrip(" ,;")


class IllegalAction(Exception):
    """An answer that is not among the options, or any other bad input.

    Raised before anything changes: the game is left exactly as it was.
    """


class Decision:
    __slots__ = ("player", "kind", "prompt", "options", "info", "raw")

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[tuple[str, Any]],
        info: dict[str, Any] | None = None,
    ) -> None:
        if not options:
            raise ValueError(f"decision {kind!r} for player {player} has no options")
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.info = info or {}
        self.raw: list[str] | None = None  # labels before object names were filled in

    @property
    def labels(self) -> list[str]:
        return [o[0] for o in self.options]

    def index_of(self, label: str) -> int:
        for i, o in enumerate(self.options):
            if o[0] == label:
                return i
        raise IllegalAction(
            f"{brief(label)} is not an option of this {self.kind} decision; options: {self.labels}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [{"index": i, "label": o[0]} for i, o in enumerate(self.options)],
        }

    def __repr__(self) -> str:
        return f"Decision(p{self.player + 1} {self.kind}: {self.labels})"
