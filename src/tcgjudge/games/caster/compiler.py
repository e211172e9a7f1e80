"""The Caster Chronicles' text compiler: printed card text -> the effect language.

A card can be written with only its printed ``text``; :func:`compile_entry` reads the text with
the grammar of Caster's templating language (``grammar.lark``, ``grammar_compiler``; see
docs/card-grammar.md) and adds the card's ``keywords``, ``abilities`` and (for a conjure)
``effect``, the same data a card file's fields hold.  Text the grammar does not read raises
:class:`Uncompilable` naming the card and the paragraph (DESIGN principle 7: reported, never
dropped or guessed).  ``docs/caster-cards.md`` describes what is read.
"""

from __future__ import annotations

import re
from typing import Any

from ...cards.textcompiler import Uncompilable, cockatrice_cards
from . import grammar_compiler, soulbond
from .assembly import Report, is_keyword_text, keyword_line, needs_compiling, notation
from .vocabulary import ELEMENTS


def compile_text(text: str, *, card_type: str = "servant", name: str = "") -> dict:
    """Compile a card's printed text: returns the card fields it stands for (``keywords``,
    ``abilities``, ``effect`` for a conjure, ``copies``).  Raises :class:`Uncompilable` naming
    the paragraph the grammar does not read."""
    return grammar_compiler.compile_text(text, card_type=card_type, name=name)


read_text = compile_text


def compile_entry(entry: dict) -> dict:
    """A card entry with only printed ``text`` -> the entry with its compiled fields added
    (keywords the entry lists are kept, and the text's keywords added to them).  An entry that
    :func:`needs_compiling` says not to compile is returned unchanged.  Raises
    :class:`Uncompilable` when the text cannot be read.

    A Soul Bond servant's text may open with its materials (``"A" ♥ "B"``, CR 212.2): that line
    gives the card's ``materials`` (the same as the field, when the entry has it too) and the
    rest of the text is read as abilities."""
    mats, full = None, entry
    if soulbond.is_soul_bond(entry) and isinstance(entry.get("text"), str):
        mats, rest = soulbond.split_materials(entry["text"])
        if mats is not None:
            have = entry.get("materials")
            if have is not None and tuple(_material_names(have)) != mats:
                raise Uncompilable(soulbond.first_line(entry["text"]) + " (not the card's materials "
                                   f"{' ♥ '.join(_material_names(have))})", str(entry.get("name", "")))
            entry = {**entry, "text": rest}
    out = _compile_entry(entry)
    if mats is not None:
        out = {**out, "text": full["text"]}
        out.setdefault("materials", list(mats))
    return out


def _material_names(v: Any) -> list[str]:
    if isinstance(v, (list, tuple)):
        return [str(x).strip() for x in v]
    return [x.strip() for x in str(v).split("♥") if x.strip()]


def _compile_entry(entry: dict) -> dict:
    if not needs_compiling(entry):
        return entry
    typ = str(entry.get("type", "servant")).lower()
    got = compile_text(entry["text"], card_type=typ, name=str(entry.get("name", "")))
    out = dict(entry)
    if "keywords" in got:
        have = list(entry.get("keywords") or [])
        names = {next(iter(k)) if isinstance(k, dict) else k for k in have}
        for k in got["keywords"]:
            if (next(iter(k)) if isinstance(k, dict) else k) not in names:
                have.append(k)
        out["keywords"] = have
    for k in ("abilities", "effect"):
        if k in got:
            out[k] = got[k]
    if "copies" in got and "copies" not in entry:
        out["copies"] = got["copies"]
    return out


def xml_cards(path: Any) -> list[dict]:
    return [{"name": get("name"), "type": get("type"), "color": get("color"),
             "cost": get("manacost") or get("cmc"), "pt": get("pt"), "text": get("text"),
             "token": get("token") == "1"} for get in cockatrice_cards(path)]


def entry_of(card: dict) -> dict:
    """A Cockatrice card record as a card entry: "Name LvN" is a caster of level N, the type
    line "Servant - Race/Race" gives the races (CR 206.2), ATK/DEF are printed in hundreds."""
    name = card["name"]
    typ, _, races = (card["type"] or "").partition(" - ")
    typ = typ.strip().lower()
    entry: dict[str, Any] = {"name": name, "text": card["text"]}
    m = re.match(r"^(.*?)\s+Lv\s*(\d+)$", name)
    if typ == "caster" or (not typ and m):
        entry["type"] = "caster"
        if m:
            entry["name"], entry["level"] = m.group(1), int(m.group(2))
        else:
            entry["level"] = 1
    elif typ in ("servant", "conjure", "barrier", "deity"):
        entry["type"] = typ
    elif soulbond.additional_type(typ) == "servant":
        # CR 201.3a: the additional type Soul Bond; the materials open the text (CR 212.2)
        entry["type"], entry["additional_type"] = "servant", soulbond.ADDITIONAL_TYPE
        mats = soulbond.materials_of(soulbond.first_line(card["text"] or ""))
        if mats is not None:
            entry["materials"] = list(mats)
    else:
        entry["type"] = "none"
        entry["token"] = True
    if card.get("token"):
        entry["token"] = True
    if races.strip():
        entry["race"] = races.strip()
    color = (card.get("color") or "").strip().lower()
    entry["element"] = color if color in ELEMENTS else "void"  # "Soulbond": no element icon (CR 209.3)
    cost = card.get("cost") or ""
    if cost.isdigit() and entry["type"] != "caster":
        entry["cost"] = int(cost)
    pt = card.get("pt") or ""
    mm = re.fullmatch(r"(\d+)/(\d+)", pt)
    if mm:
        entry["atk"], entry["def"] = int(mm.group(1)) * 100, int(mm.group(2)) * 100
    return entry


__all__ = ["Report", "Uncompilable", "compile_entry", "compile_text", "entry_of", "is_keyword_text",
           "keyword_line", "needs_compiling", "notation", "read_text", "xml_cards"]
