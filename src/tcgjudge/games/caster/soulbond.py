"""Soul Bond servants as card data words them: the type line, the colour and the materials line.

A Cockatrice database (the community one of The Caster Chronicles) writes a Soul Bond servant
(CR 201.3a) with the type line ``Soul Bond Servant - Spirit Form``, the colour ``Soulbond`` and,
as the first line of its text, its materials (CR 212): ``"Twinkle Charm" ♥ "Zoi Russel"``.

- The type line: ``Soul Bond`` is the additional type (CR 201.3: written above the card type),
  the rest is the card type; CR 201.3a gives that additional type to servants only.
- The colour ``Soulbond`` is no element icon (CR 209.2): the data does not say the card's
  element.  CR 209.3 reads a card without an element icon as having no element, so the card is
  read as Void; an effect that asks for a Soul Bond servant's element sees none.  (A Soul Bond
  servant is never played, CR 1020.1, so its element never pays or asks for aether, CR 209.4.)
- The materials line: names in double quotation marks divided by ``♥`` (CR 212.2), at least two
  (a name alone is divided from nothing: no materials line).  The names are kept as printed; a
  name that is no card of the pool is not an error (nothing in CR 212 or 1020 asks the names to
  exist), but no card can then be that material, so the servant can never be Soul Bonded
  (CR 1020.1: one of each of the materials must be selected).
"""

from __future__ import annotations

import re

#: the additional type Soul Bond written before the card type ("Soul Bond Servant", "Soulbond Servant")
_ADDITIONAL = re.compile(r"^soul\s*-?\s*bond\s+(.+)$", re.IGNORECASE)
#: the colour of a Soul Bond servant in the database (no element icon, CR 209.2-209.3)
SOUL_BOND_COLOUR = "soulbond"
ADDITIONAL_TYPE = "soul bond"
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"'})
_NAME = r'"([^"♥]+)"'
_LINE = re.compile(rf'^\s*{_NAME}(?:\s*♥\s*{_NAME})+\s*$')


def additional_type(type_word: str) -> str | None:
    """``"Soul Bond Servant"`` -> ``"servant"`` (the card type after the additional type Soul
    Bond, CR 201.3); None when the type line has no Soul Bond."""
    m = _ADDITIONAL.match(type_word.strip())
    return m.group(1).strip().lower() if m else None


def looks_like_materials(line: str) -> bool:
    """A line of only quoted names and ``♥`` (well formed or not)."""
    t = line.translate(_QUOTES).strip()
    return bool(t) and t.startswith('"') and re.fullmatch(r'(?:"[^"]*"|♥|\s)+', t) is not None


def materials_of(line: str) -> tuple[str, ...] | None:
    """The names of a materials line (CR 212.2), as printed; None when it is not one."""
    t = line.translate(_QUOTES)
    if not _LINE.match(t):
        return None
    return tuple(n.strip() for n in re.findall(_NAME, t))


def first_line(text: str) -> str:
    for ln in (text or "").splitlines():
        if ln.strip():
            return ln.strip()
    return ""


def split_materials(text: str) -> tuple[tuple[str, ...] | None, str]:
    """(the materials of the text's first line, the rest of the text) - or (None, the text)
    when its first line is no materials line."""
    lines = (text or "").splitlines()
    for i, ln in enumerate(lines):
        if ln.strip():
            names = materials_of(ln)
            if names is None:
                return None, text
            return names, "\n".join(lines[i + 1:])
    return None, text


def is_soul_bond(entry: dict) -> bool:
    t = entry.get("additional_type", ())
    ts = (t,) if isinstance(t, str) else tuple(t or ())
    return any(str(x).strip().lower() == ADDITIONAL_TYPE for x in ts)


__all__ = ["ADDITIONAL_TYPE", "SOUL_BOND_COLOUR", "additional_type", "first_line", "is_soul_bond",
           "looks_like_materials", "materials_of", "split_materials"]
