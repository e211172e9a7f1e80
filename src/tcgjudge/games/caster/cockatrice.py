"""The Caster Chronicles cards of a Cockatrice card database, as card entries.

The fields (as in ``../shared/data/caster/cockatrice``): the type line ``Servant - Cryptid``
gives the card type (CR 201.2) and the races (CR 206.2); ``color`` the element (CR 209, none:
void); ``manacost`` the cost (CR 205); ``pt`` the ATK and DEF *in hundreds* (``20/10`` is
2000/1000, CR 207-208); a caster's level is part of its database name (``Carella Lv1``: the
caster Carella of level 1, CR 202.3, 210); ``token`` marks a token (CR 1302).
"""

from __future__ import annotations

import re
from typing import Any

from ...cards.cockatrice import Printing
from ...cards.language import CardError
from ...cards.pool import Importer
from .cards import TYPES
from .soulbond import (
    ADDITIONAL_TYPE,
    SOUL_BOND_COLOUR,
    additional_type,
    first_line,
    looks_like_materials,
    materials_of,
)
from .vocabulary import ELEMENTS

_LEVEL = re.compile(r"^(.*?)\s+Lv\s*(\d+)$", re.IGNORECASE)


def entry_of(pr: Printing) -> dict | None:
    typ, _, races = pr.get("type").partition(" - ")
    typ = typ.strip().lower()
    token = pr.get("token") == "1"
    m = _LEVEL.match(pr.name)
    entry: dict[str, Any] = {"name": pr.name}
    bond = additional_type(typ)
    if bond is not None:
        if bond != "servant":
            raise CardError(f"{pr.where}: card {pr.name!r}: type line {pr.get('type')!r}: Soul Bond is an "
                            f"additional type of servants only (CR 201.3a)")
        typ = "servant"
        entry["additional_type"] = ADDITIONAL_TYPE
    if typ == "caster" or (not typ and m and not token):
        if not m:
            raise CardError(f"{pr.where}: card {pr.name!r}: a caster's database name ends with its level "
                            f"('Name Lv1', CR 210)")
        entry["name"], entry["type"], entry["level"] = m.group(1), "caster", int(m.group(2))
    elif typ in TYPES:
        entry["type"] = typ
    elif not typ and token:
        entry["type"] = "none"  # CR 403.6a: the coin token has no type
    else:
        raise CardError(f"{pr.where}: card {pr.name!r}: type line {pr.get('type')!r}: no card type "
                        f"({', '.join(TYPES)})")
    if token:
        entry["token"] = True
    if races.strip():
        entry["race"] = [r.strip() for r in races.split("/") if r.strip()]
    color = pr.get("color").strip().lower()
    if color == SOUL_BOND_COLOUR:
        if bond is None:
            raise CardError(f"{pr.where}: card {pr.name!r}: color {pr.get('color')!r} is the colour of a Soul Bond "
                            f"servant, but the type line {pr.get('type')!r} is not one (CR 201.3a)")
        color = ""  # no element icon: no element (CR 209.2-209.3; see .soulbond)
    if color and color not in ELEMENTS:
        raise CardError(f"{pr.where}: card {pr.name!r}: color {pr.get('color')!r} is no element "
                        f"({', '.join(ELEMENTS)})")
    entry["element"] = color or "void"
    cost = pr.get("manacost") or (pr.get("cmc") if entry["type"] != "caster" else "")
    if cost:
        if not cost.isdigit():
            raise CardError(f"{pr.where}: card {pr.name!r}: manacost {cost!r} is not a cost")
        entry["cost"] = int(cost)
    pt = pr.get("pt")
    if pt:
        mm = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", pt)
        if not mm:
            raise CardError(f"{pr.where}: card {pr.name!r}: pt {pt!r} is not ATK/DEF")
        entry["atk"], entry["def"] = int(mm.group(1)) * 100, int(mm.group(2)) * 100
    entry["text"] = pr.text
    if bond is not None:
        line = first_line(pr.text)
        names = materials_of(line)
        if names is None:
            what = (f"materials line {line!r}: two or more names in double quotation marks divided by '♥'"
                    if looks_like_materials(line) else
                    f"{line!r} is not its materials: a Soul Bond servant's text opens with them, "
                    f"'\"A\" ♥ \"B\"'")
            raise CardError(f"{pr.where}: card {pr.name!r}: text: {what} (CR 212.2, 1020.1)")
        entry["materials"] = list(names)  # as printed (CR 212.2); the line is read again by compile_entry
    return entry


def placeholder(entry: dict) -> dict:
    t = str(entry.get("type", "servant")).lower()
    out = {"name": str(entry.get("name", "")), "types": (t,) if t in TYPES else (), "cost": 0,
           "elements": frozenset(), "races": tuple(entry.get("race", ())), "keywords": (), "abilities": (),
           "flags": frozenset()}
    if "level" in entry:
        out["level"] = entry["level"]
    return out


def importer() -> Importer:
    from .cards import builder
    from .compiler import Uncompilable, compile_entry
    from .grammar_compiler import learn_entry

    def learn(entries: list[dict]) -> None:
        for e in entries:
            learn_entry(e)  # the races of the type lines are vocabulary of the data (CR 206.2)

    return Importer("caster", builder(), entry_of, compile_entry, Uncompilable, placeholder, learn)


__all__ = ["entry_of", "importer", "placeholder"]
