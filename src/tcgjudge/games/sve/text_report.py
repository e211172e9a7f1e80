"""How much of a Cockatrice card database Shadowverse: Evolve's text compiler reads.

    python -m tcgjudge.games.sve.text_report CARDS.xml [--failures]

Every card is read with the grammar (``grammar_compiler``), the database's vocabulary (traits,
token names, card names) learnt first, as an import of that database does; a card counts as
compiled when its whole text compiles and the result passes the SVE vocabulary check of the
card loader.  Cards that are not game cards (the Evolution Point marker) are excluded and listed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...cards.textcompiler import CompileReport, cockatrice_cards, report_main
from .cards import builder as make_builder
from .grammar_compiler import _pool_vocabulary, compile_entry, database_vocabulary
from .notation import notation


class Report(CompileReport):
    """How much of a card list the compiler reads (see :func:`compile_report`)."""

    invalid_heading = "compiled but rejected by the vocabulary"
    invalid_width = 160


def xml_cards(path: Path) -> list[dict]:
    return [{"name": get("name"), "types": [b.strip() for b in get("prop/type").split("|")], "text": get("text")}
            for get in cockatrice_cards(path)]


def entry_of(card: dict) -> dict | None:
    """A Cockatrice card as a tcgjudge card entry (None: not a game card, e.g. an Evolution Point)."""
    bits = card["types"]
    main = bits[0].lower() if bits else ""
    if main not in ("follower", "spell", "amulet", "leader"):
        return None
    name = re.sub(r"\s*\((?:Evolved?|U)\)\s*", " ", card["name"]).strip()
    entry: dict[str, Any] = {"name": name, "type": main, "text": card["text"], "cost": 0}
    if main == "follower":
        entry["atk"], entry["def"] = 0, 0
    if "Evolve" in bits:
        entry["special"] = "evolved"
    if "Token" in bits:
        entry["token"] = True
    return entry


def compile_report(cards_xml_path: str | Path, validate: bool = True) -> Report:
    """Compile every card of a Cockatrice card database and report how many compile."""
    path = Path(cards_xml_path)
    _pool_vocabulary()
    database_vocabulary(path)
    rep = Report()
    builder = make_builder() if validate else None
    for c in xml_cards(path):
        entry = entry_of(c)
        if entry is None:
            rep.excluded.append(c["name"])
            continue
        rep.add(entry["name"], entry, compile_entry, bool(notation(entry["text"]).strip()), builder, str(path))
    return rep


def main(argv: list[str] | None = None) -> int:
    return report_main(argv, "tcgjudge.games.sve.text_report", compile_report)


__all__ = ["Report", "compile_report", "entry_of", "main", "xml_cards"]

if __name__ == "__main__":
    raise SystemExit(main())
