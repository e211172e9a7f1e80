"""Cockatrice files, read without any game's words: card databases (XML, format versions 3 and
4) as printings, and deck files (``.cod``) as lines of a deck.

A card of a database printed in several sets (several ``<set>`` elements, or the same name
given again under another set) is one :class:`Printing` per set; the games' importers map a
printing's fields to their card fields (``games/GAME/cockatrice.py``) and the card pool
(:mod:`.pool`) decides which printings are one card.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from .language import CardError


@dataclass
class Printing:
    """One card of a card database as printed in one set.

    ``fields`` holds the card's text fields by name, whether Cockatrice keeps them in the card
    (format 3: ``type``, ``manacost``, ``pt``, ``color``, ``token``) or under ``<prop>`` (format 4);
    ``text`` is the printed rules text, ``""`` when there is none."""

    name: str
    set: str
    text: str
    fields: dict[str, str] = field(default_factory=dict)
    number: str = ""
    where: str = ""  # "FILE: card N" for error messages

    def get(self, key: str) -> str:
        return self.fields.get(key, "")


def clean_name(name: str) -> str:
    """A card name as decks write it: spaces collapsed, typographic apostrophes plain."""
    return re.sub(r"\s+", " ", name.replace("\u2019", "'").replace("\u2018", "'")).strip()


def _parse_xml(path: Path, what: str) -> ET.Element:
    try:
        return ET.parse(path).getroot()
    except OSError as e:
        raise CardError(f"{path}: cannot read: {e.strerror}") from None
    except ET.ParseError as e:
        raise CardError(f"{path}: not a valid {what} (XML): {e}") from None


def read_card_database(path: str | Path) -> list[Printing]:
    """Every printing of a Cockatrice card database, in the order of the file."""
    p = Path(path)
    root = _parse_xml(p, "Cockatrice card database")
    if root.tag != "cockatrice_carddatabase":
        raise CardError(f"{p}: not a Cockatrice card database (the root element is <{root.tag}>, "
                        f"not <cockatrice_carddatabase>)")
    cards = root.find("cards")
    if cards is None:
        raise CardError(f"{p}: the card database has no <cards> element")
    out: list[Printing] = []
    for i, c in enumerate(cards.findall("card")):
        where = f"{p}: card {i + 1}"
        name = clean_name(c.findtext("name") or "")
        if not name:
            raise CardError(f"{where}: a card without a <name>")
        fields: dict[str, str] = {}
        for child in c:
            if child.tag in ("name", "set", "prop", "text", "related", "reverse-related"):
                continue
            fields[child.tag] = (child.text or "").strip()
        prop = c.find("prop")
        if prop is not None:
            for child in prop:
                fields[child.tag] = (child.text or "").strip()
        text = (c.findtext("text") or "").strip()
        sets = c.findall("set")
        if not sets:
            raise CardError(f"{where}: card {name!r}: no <set> element (every printing has a set code)")
        for s in sets:
            code = (s.text or "").strip()
            if not code:
                raise CardError(f"{where}: card {name!r}: an empty <set> element")
            out.append(Printing(name, code, text, dict(fields), s.get("num") or s.get("number") or "", where))
    return out


@dataclass
class DeckLine:
    """One card line of a deck file: how many, which card (and set, if the line says), in which
    section (``None``: the file does not say; the game decides from the card)."""

    count: int
    name: str
    set: str | None
    section: str | None
    where: str  # "FILE:LINE"


def read_cod(path: str | Path) -> tuple[str, list[DeckLine]]:
    """A Cockatrice deck file (``.cod``): its name and its cards (see :func:`parse_cod`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise CardError(f"{p}: cannot read: {e.strerror}") from None
    return parse_cod(text, str(p), p.stem)


def parse_cod(text: str, where: str, default_name: str = "deck") -> tuple[str, list[DeckLine]]:
    """The text of a Cockatrice deck (``.cod``): its name and its cards.  The zone of a card is its
    section (``main``, ``side``); a card may give its printing with the ``setShortName``
    attribute.  ``where`` names the text in errors (a file, or "pasted deck")."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise CardError(f"{where}: not a Cockatrice deck: a document type declaration is not accepted")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise CardError(f"{where}: not a valid Cockatrice deck (XML): {e}") from None
    if root.tag != "cockatrice_deck":
        raise CardError(f"{where}: not a Cockatrice deck (the root element is <{root.tag}>, not <cockatrice_deck>)")
    name = (root.findtext("deckname") or "").strip() or default_name
    rows = text.splitlines()
    lines: list[DeckLine] = []
    for zone in root.findall("zone"):
        zname = (zone.get("name") or "").strip().lower()
        for c in zone.findall("card"):
            cname = clean_name(c.get("name") or "")
            at = f"{where}:{_line_of(rows, c.get('name') or '')}"
            raw = c.get("number", "1")
            if not raw.isdigit() or int(raw) < 1:
                raise CardError(f"{at}: card {cname!r}: number={raw!r} is not a count of 1 or more")
            code = (c.get("setShortName") or "").strip() or None
            lines.append(DeckLine(int(raw), cname, code, zname or None, at))
    return name, lines


def _line_of(text: list[str], name: str) -> int:
    needle = f'name="{name}"'
    for i, ln in enumerate(text):
        if needle in ln:
            return i + 1
    return 0


__all__ = ["DeckLine", "Printing", "clean_name", "parse_cod", "read_card_database", "read_cod"]
