"""Plain decklists, as players write them::

    # a comment
    Leader:
    1 Arisa
    Main deck:
    3 Rose Gardener
    3x Angelic Barrage (BP01)     # a set code in parentheses picks that printing
    Evolve deck:
    3 Rose Gardener (Evolved)

A line is ``COUNT NAME`` (``3 Name`` or ``3x Name``), optionally ending with the set code of
the printing meant.  A line ending with ``:`` starts a section; which sections there are is the
game's business (``games/GAME/deck.py``).  Lines before any section header have no section: the
game puts each card where its kind belongs.
"""

from __future__ import annotations

import re
from pathlib import Path

from .cockatrice import DeckLine, clean_name
from .language import CardError

_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(.+?)\s*$")
_SET = re.compile(r"^(.*?)\s*\(([A-Z0-9][A-Z0-9-]*)\)$")


def split_set(name: str) -> tuple[str, str | None]:
    """``Name (BP01)`` -> (``Name``, ``BP01``); a name without a set code -> (name, None)."""
    m = _SET.match(name)
    if m and any(ch.isupper() for ch in m.group(2)):
        return m.group(1).strip(), m.group(2)
    return name, None


def read_decklist(path: str | Path) -> tuple[str, list[DeckLine]]:
    """A plain decklist file: its name (the file's, unless a ``Name:`` line gives one) and its lines."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise CardError(f"{p}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise CardError(f"{p}: not a text file (UTF-8)") from None
    return parse_decklist(text, str(p), p.stem)


def parse_decklist(text: str, where: str, default_name: str = "deck") -> tuple[str, list[DeckLine]]:
    """The text of a plain decklist: its name and its lines; ``where`` names the text in errors
    (``WHERE:LINE``)."""
    name = default_name
    section: str | None = None
    out: list[DeckLine] = []
    for i, raw in enumerate(text.splitlines(), 1):
        at = f"{where}:{i}"
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("//") else ""
        if not line:
            continue
        if line.lower().startswith("name:"):
            name = line[5:].strip() or name
            continue
        if line.endswith(":") and not line[0].isdigit():
            section = line[:-1].strip().lower()
            continue
        m = _LINE.match(line)
        if not m:
            raise CardError(f"{at}: expected 'COUNT Card Name' (e.g. '3 Rose Gardener') or a section "
                            f"header ending with ':', got {line[:80]!r}")
        n = int(m.group(1))
        if n < 1:
            raise CardError(f"{at}: the count must be 1 or more, got {n}")
        cname, code = split_set(clean_name(m.group(2)))
        out.append(DeckLine(n, cname, code, section, at))
    return name, out


__all__ = ["parse_decklist", "read_decklist", "split_set"]
