"""How much of a Cockatrice card database the Caster text compiler reads.

    python -m tcgjudge.games.caster.report CARDS.xml [--failures]
"""

from __future__ import annotations

from pathlib import Path

from ...cards.textcompiler import report_main
from .cards import builder as make_builder
from .compiler import Report, compile_entry, entry_of, notation, xml_cards
from .grammar_compiler import database_vocabulary


def compile_report(cards_xml_path: str | Path, validate: bool = True) -> Report:
    """Compile every card of a Cockatrice card database and report how many compile.

    A card counts as compiled when its whole text compiles and (with ``validate``) the card
    loader accepts the result (every word of the effect language known, every value well
    formed)."""
    path = Path(cards_xml_path)
    rep = Report()
    builder = make_builder() if validate else None
    database_vocabulary(path)  # the races of the type lines (CR 206.2)
    for c in xml_cards(path):
        entry = entry_of(c)
        rep.add(c["name"], entry, compile_entry, bool(notation(entry["text"])), builder, str(path))
    return rep


def main(argv: list[str] | None = None) -> int:
    return report_main(argv, "tcgjudge.games.caster.report", compile_report)


if __name__ == "__main__":
    raise SystemExit(main())
