"""Shadowverse: Evolve cards of a Cockatrice card database, as card entries.

The fields (as in ``../shared/data/sve/cockatrice``): ``manacost`` is the cost (2.6), ``pt`` the
attack and defense (2.7, 2.8), and the type line ``Follower|Evolve|Forestcraft - Pixie/Princess``
gives the card type (2.3.2), the special type (``Evolve``: an evolved card, 2.3.3.1; ``Token``:
a token, 9.1), the class (2.2) and the traits (2.4).  An evolved card is named
``Name (Evolved)`` in the database and in decks; its card name is ``Name`` (5.15.1.1.1).
A record with no card type (the Evolution Point marker) is no card of the game.  A Vanguard card's
Trigger icon (14.4.1.1) is given by the reminder of what it does when a drive check reveals it
("(If this card is revealed by a drive check, draw a card.)", 14.4.5.1.3).
"""

from __future__ import annotations

import re
from typing import Any

from ...cards.cockatrice import Printing
from ...cards.language import CardError
from ...cards.pool import Importer
from .vocabulary import CLASSES, TYPES

_EVOLVED = re.compile(r"\s*\((?:Evolved?)\)\s*$", re.IGNORECASE)

#: 14.4.1.1, 14.4.5.1.3: the reminder printed for a Trigger icon, and the icon each of the four
#: abilities of 14.4.5.1.3.1-14.4.5.1.3.4 stands for
_TRIGGER_REMINDER = re.compile(r"\(\s*if this card is revealed by a drive check,\s*([^)]*)\)", re.IGNORECASE)
_TRIGGER_ICONS = (
    ("critical", re.compile(r"give a follower on your field (?:attack \+2|\+2 attack)\.?")),
    ("draw", re.compile(r"draw a card\.?")),
    ("stand", re.compile(r"refresh a follower on your field\. for the rest of (?:this|the) turn, it can(?:'|no)t "
                         r"attack (?:an )?enemy leaders?\.?")),
    ("heal", re.compile(r"give your leader (?:defense \+3|\+3 defense)\.?")),
)


def trigger_icon(text: str) -> str | None:
    """The Trigger icon whose reminder the card text prints (14.4.1.1), if any."""
    m = _TRIGGER_REMINDER.search(text or "")
    if m is None:
        return None
    what = re.sub(r"\s*\{\[(attack|defense)\]\}\s*", r" \1 ", m.group(1))  # the stat icons as words
    what = re.sub(r"\s+", " ", what).strip().lower()
    for icon, pat in _TRIGGER_ICONS:
        if pat.fullmatch(what):
            return icon
    return None


def entry_of(pr: Printing) -> dict | None:
    bits = [b.strip() for b in pr.get("type").split("|")]
    main = bits[0].lower() if bits else ""
    if main not in TYPES:
        return None  # 2.3.2: no card type: a marker of the database, not a card
    flags = {b.lower() for b in bits[1:] if b.lower() in ("evolve", "evolved", "token", "advanced")}
    rest = "|".join(b for b in bits[1:] if b.lower() not in flags)
    cls, _, traits = rest.partition("-")  # "Class - Trait/Trait" (the traits may be left out)
    cls = cls.strip().lower() or "neutral"
    if cls not in CLASSES:
        raise CardError(f"{pr.where}: card {pr.name!r}: type line {pr.get('type')!r}: {cls!r} is no class "
                        f"(2.2: {', '.join(CLASSES)})")
    name = _EVOLVED.sub("", pr.name).strip()
    entry: dict[str, Any] = {"name": name, "type": main, "class": cls}
    names = [t.strip() for t in re.split(r"[/|]", traits) if t.strip()]
    if names:
        entry["traits"] = names
    if flags & {"evolve", "evolved"}:
        entry["special"] = "evolved"
    elif "advanced" in flags:
        entry["special"] = "advanced"
    if "token" in flags:
        entry["token"] = True
    cost = pr.get("manacost") or pr.get("cmc")
    if cost:
        if cost.isdigit():
            entry["cost"] = int(cost)
        elif cost.upper() == "X":
            entry["cost"] = "X"
        else:
            raise CardError(f"{pr.where}: card {pr.name!r}: manacost {cost!r} is not a cost")
    pt = pr.get("pt")
    if pt:
        m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", pt)
        if not m:
            raise CardError(f"{pr.where}: card {pr.name!r}: pt {pt!r} is not ATTACK/DEFENSE")
        if main in ("follower", "amulet"):
            entry["atk"], entry["def"] = int(m.group(1)), int(m.group(2))
    entry["text"] = pr.text
    icon = trigger_icon(pr.text)
    if icon is not None:
        entry["trigger"] = icon  # 14.4.1.1
    return entry


def placeholder(entry: dict) -> dict:
    t = str(entry.get("type", "follower")).lower()
    return {"name": str(entry.get("name", "")), "types": (t,) if t in TYPES else (), "cost": 0,
            "special": entry.get("special"), "class": entry.get("class", "neutral"),
            "races": tuple(entry.get("traits", ())), "keywords": (), "abilities": (), "flags": frozenset()}


def importer() -> Importer:
    from .cards import builder
    from .compiler import Uncompilable, compile_entry

    b = builder()
    # SVE 2.4, 9.1.2.3: the traits and token names every card of the database defines are known
    # before any card is compiled (a card may name a trait only a later card has)
    return Importer("sve", b, entry_of, compile_entry, Uncompilable, placeholder, b.learn)


__all__ = ["entry_of", "importer", "placeholder", "trigger_icon"]
