"""NOVA card entries: the game's fields (100s), the characteristics they make, and the shipped
pool.

A NOVA card entry::

    - name: Ember Hound            # English display name (the pool's key)
      name_ja: 炎の猟犬             # printed name (101)
      type: servant                # servant | spell | magic_item | character (113)
      color: red                   # red blue green white black colorless (102), or 赤 青 緑 白 黒 無色
      cost: {red: 1, generic: 1}   # colored and generic parts (103); a number is generic only
      atk: 300                     # 107 (servants)
      hp: 200                      # 108 体力 (servants; `def` is accepted too)
      affiliation: オルズ           # 105; race: 106
      text: "【疾風】"               # printed text, Japanese, as the rules quote it
      text_en: "[Gale]"            # English reading (display only)
      keywords: [gale]             # 1000s (Japanese names accepted: 瞬唱 疾風 貫通 装備)
      abilities: [...]             # the behaviour, in the effect language
    # characters (109-112):
      level: 2
      required_energy: {red: 2}    # cards of these colors in the energy zone (110)
      appear_if: {life: {max: 1500}}            # 登場条件, a condition (111)
      appear_cost: [{energy: {red: 1}}]         # 登場コスト, cost items (112)
    # a characteristic-defining ability (801.5.3; its text is in `text`):
      defines: {color: [red, green], race: ドラゴン}  # overrides the printed values in every zone
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...cards.language import CardError, Checker
from ...cards.loader import CardBuilder, load_card_file, set_ability_flags, slash_list
from ...kernel.objects import Ability, CardDef
from .vocabulary import CARD_COLORS, COLOR_JA, COLORS, KEYWORD_JA, TYPES, vocabulary

POOL_DIR = Path(__file__).parent / "pool"
TYPE_JA = {"サーバント": "servant", "スペル": "spell", "マジックアイテム": "magic_item", "キャラクター": "character"}


def color_word(v: Any) -> str:
    c = COLOR_JA.get(str(v), str(v).lower())
    if c not in CARD_COLORS:
        raise ValueError(f"unknown color {v!r}; colors: {', '.join(CARD_COLORS)} (or {', '.join(COLOR_JA)})")
    return c


def _colors(v: Any) -> tuple:
    items = v if isinstance(v, list) else [v]
    return tuple(color_word(x) for x in items)


def energy_amounts(v: Any, what: str, generic: bool = True) -> dict[str, int]:
    """``{red: 1, generic: 2}`` (or a whole number: generic only): colored and generic parts (103.2)."""
    if isinstance(v, int) and not isinstance(v, bool):
        if v < 0 or not generic:
            raise ValueError(f"{what}: expected a mapping of colors to numbers")
        return {"generic": v} if v else {}
    if not isinstance(v, dict):
        raise ValueError(f"{what}: expected a mapping of colors (and 'generic') to numbers, got {v!r}")
    out: dict[str, int] = {}
    for k, n in v.items():
        try:
            key = "generic" if k in ("generic", "any", "不特定") and generic else color_word(k)
        except ValueError as e:
            raise ValueError(f"{what}: {e}") from None
        if key == "colorless":
            raise ValueError(f"{what}: energy has five colors (005.6.2); 'colorless' is not one")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"{what}: {k}: expected a whole number of 0 or more")
        if n:
            out[key] = out.get(key, 0) + n
    return out


def _level(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise ValueError(f"expected a character level of 1 or more, got {v!r}")
    return v


def _ident(v: Any) -> Any:
    return v


def _counters(v: Any) -> dict:
    """919.5: the counters a card enters the field with: counter name -> number."""
    if not isinstance(v, dict) or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in v.values()):
        raise ValueError("expected a mapping counter name -> number of 1 or more")
    return {str(k): n for k, n in v.items()}


def _defines(v: Any) -> dict:
    """801.5.3: what a characteristic-defining ability says the card is: ``{color, race,
    affiliation}``."""
    if not isinstance(v, dict) or not v or set(v) - {"color", "race", "affiliation"}:
        raise ValueError("expected a mapping with color, race and/or affiliation (801.5.3)")
    out: dict[str, tuple] = {}
    if "color" in v:
        out["colors"] = _colors(v["color"])
    for k in ("race", "affiliation"):
        if k in v:
            out[k + "s" if k == "race" else "affiliations"] = tuple(slash_list(v[k]))
    return out


FIELDS = {
    "color": _colors, "cost": _ident, "level": _level, "required_energy": lambda v: energy_amounts(v, "required_energy",
                                                                                                  generic=False),
    "affiliation": slash_list, "race": slash_list, "hp": _ident, "name_ja": str, "text_en": str,
    "appear_if": _ident, "appear_cost": _ident, "enter_counters": _counters, "alt_cost": _ident,
    "defines": _defines,
}


def _build(entry: dict, chars: dict) -> dict:
    t = str(entry.get("type", "")).lower()
    t = TYPE_JA.get(t, t)
    if t not in TYPES:
        raise ValueError(f"type: expected one of {', '.join(TYPES)} (113.2), got {entry.get('type')!r}")
    colors = chars.get("color") or ("colorless",)
    if "colorless" in colors and len(colors) > 1:
        raise ValueError("color: a colorless card has no other color (102.3)")
    out: dict[str, Any] = {
        "name": chars["name"], "types": (t,), "colors": frozenset(c for c in colors if c != "colorless"),
        "keywords": chars["keywords"], "abilities": chars["abilities"], "flags": frozenset(),
        "affiliations": tuple(chars.get("affiliation", ())), "races": tuple(chars.get("race", ())),
    }
    defined = chars.get("defines", {})
    if defined:
        # 801.5.3: a characteristic-defining ability overwrites the printed color, race or
        # affiliation, and applies in every zone: it is part of the card's own information
        if "colors" in defined:
            colors = defined["colors"]
            if "colorless" in colors and len(colors) > 1:
                raise ValueError("defines: color: a colorless card has no other color (102.3)")
            out["colors"] = frozenset(c for c in colors if c != "colorless")
        out.update({k: v for k, v in defined.items() if k != "colors"})
    for k in ("name_ja", "text_en", "enter_counters"):
        if k in chars:
            out[k] = chars[k]
    raw_cost = entry.get("cost")
    if t == "character":
        if raw_cost not in (None, 0, {}):
            raise ValueError("cost: a character has no energy cost; it has required_energy and an appear_cost (110, 112)")
        if "level" not in chars:
            raise ValueError("level: a character needs a character level (109)")
        out["level"] = chars["level"]
        out["required_energy"] = chars.get("required_energy", {})
        out["cost"] = 0
        out["has_cost"] = False  # 103.5.1: no total cost
        if "appear_if" in chars:
            out["appear_if"] = chars["appear_if"]
        if "appear_cost" in chars:
            out["appear_cost"] = chars["appear_cost"]
    else:
        for k in ("level", "required_energy", "appear_if", "appear_cost"):
            if k in chars:
                raise ValueError(f"{k}: only characters have it (109-112)")
        if "alt_cost" in chars:
            out["alt_cost"] = chars["alt_cost"]  # 902.9: paid instead of the energy cost
        parts = energy_amounts(raw_cost if raw_cost is not None else 0, "cost")
        out["cost_colors"] = {k: n for k, n in parts.items() if k != "generic"}
        out["cost_generic"] = parts.get("generic", 0)
        out["cost"] = sum(parts.values())  # 103.5: total cost
        out["has_cost"] = True
    if t == "servant":
        hp = entry.get("hp", entry.get("def"))
        if not isinstance(entry.get("atk"), int) or not isinstance(hp, int):
            raise ValueError("a servant needs atk and hp (107, 108)")
        out["atk"], out["def"] = entry["atk"], hp
    elif "atk" in entry or "hp" in entry:
        raise ValueError("atk/hp: only servants have them (107.1, 108.1)")
    if "effect" in chars:
        if t != "spell":
            raise ValueError("effect: only a spell has an effect that resolves; give other cards abilities")
        out["effect"] = chars["effect"]
    equip = [p for k, p in out["keywords"] if k == "equip"]
    if equip:
        if t != "magic_item":
            raise ValueError("keywords: equip: only a magic item has 【装備】 (205.2)")
        kind = TYPE_JA.get(equip[0], equip[0]) if equip[0] else "servant"
        if kind not in ("servant", "character"):
            raise ValueError(f"keywords: equip: a magic item is equipped to a servant or character, not {kind!r}")
        out["equip"] = kind
        # 205.2, 1005.2: the card it will be equipped to is chosen as it is played, on either field
        out["effect"] = Ability("spell", {"targets": ({"as": "equip_target", "filter": {"type": kind, "zone": "field",
                                                                                      "destroyed": False},
                                                         "n": 1, "up_to": False, "chooser": None, "divide": None},),
                                          "do": ()}, text="装備", zones=("waiting",), index=-1)
    for ab in out["abilities"]:
        if ab.kind == "activated" and not ab.spec.get("targets") and any(
                name == "produce" for name, _ in ab.spec.get("do", ())):
            ab.spec["energy_ab"] = True  # 801.6.4.1: an energy ability
        elif ab.kind == "auto" and not ab.spec.get("targets") and ab.spec.get("on", {}).get("event") == ("energy",) \
                and any(name == "produce" for name, _ in ab.spec.get("do", ())):
            # 801.6.4.2: an automatic ability with no target that triggers on energy being added (by
            # an energy ability) and adds energy is an energy ability
            ab.spec["energy_ab"] = True
    # 804.4: what a card or ability "chooses" (選び, 選ぶ, 選んで) is chosen as its effect resolves,
    # at the instruction; targets declared as it is played (804.2.2.1) are those the text names
    # with 対象 (and the card a magic item with Equip is equipped to, 205.2).  See
    # docs/nova-rulings.md.
    if "effect" in out and not equip:
        _choose_at_resolution(out["effect"].spec, str(entry.get("text") or ""))
    for ab in out["abilities"]:
        if ab.kind in ("activated", "auto"):
            _choose_at_resolution(ab.spec, ab.text or "")
    set_ability_flags(out)
    return out


def _choose_at_resolution(spec: dict, text: str) -> None:
    """Move the ``targets`` of a card or ability whose text chooses with 選 to ``choose_now``,
    chosen by NOVA's resolution (804.4) instead of as it is played (804.2.2.1)."""
    if spec.get("targets") and "選" in text and "対象" not in text:
        spec["choose_now"] = spec.pop("targets")


class NovaBuilder(CardBuilder):
    """Reads the Japanese keyword names (瞬唱 疾風 貫通 装備) and checks a character's appearance
    condition and cost (111, 112) as the effect language's condition and cost items."""

    def card(self, entry: Any, where: str) -> CardDef:
        if isinstance(entry, dict):
            entry = dict(entry)
            w = f"{where}: card {entry.get('name')!r}"
            if "keywords" in entry and isinstance(entry["keywords"], list):
                entry["keywords"] = [KEYWORD_JA.get(k, k) if isinstance(k, str) else
                                     ({KEYWORD_JA.get(next(iter(k)), next(iter(k))): next(iter(k.values()))}
                                      if isinstance(k, dict) and len(k) == 1 else k) for k in entry["keywords"]]
            if "hp" in entry and "def" in entry:
                raise CardError(f"{w}: give hp or def, not both")
            chk = Checker(self.vocab, w)
            if "appear_if" in entry:
                try:
                    chk.cond(entry["appear_if"], "appear_if")
                except CardError:
                    raise
                from ...cards.language import freeze

                entry["appear_if"] = freeze(entry["appear_if"])
            if "appear_cost" in entry:
                entry["appear_cost"] = self.cost(entry["appear_cost"], chk, "appear_cost")
            if "alt_cost" in entry:
                entry["alt_cost"] = self.cost(entry["alt_cost"], chk, "alt_cost")
            eff = entry.get("effect")
            if isinstance(eff, dict) and "optional_cost" in eff:
                entry["effect"] = dict(eff, optional_cost=self.cost(eff["optional_cost"], chk, "effect.optional_cost"))
            text = entry.get("text") or ""
            if isinstance(text, str) and not any(k in entry for k in ("abilities", "effect", "script", "defines")):
                rest = re.sub(r"【[^】]*】(：\S+)?", "", text).strip()
                if rest:
                    # NOVA has no text compiler: printed text with no behaviour would play as a
                    # card without abilities, so it is refused (SPEC "Inline cards")
                    raise CardError(f"{w}: text: {rest[:40]!r} is not read by NOVA's engine; give the card "
                                    f"`abilities`/`effect` (or a `script`) in the effect language")
        return super().card(entry, where)


def builder() -> CardBuilder:
    return NovaBuilder("nova", vocabulary(), FIELDS, _build, ("field",))


@lru_cache(maxsize=1)
def shipped_pool() -> dict[str, CardDef]:
    b = builder()
    out: dict[str, CardDef] = {}
    for path in sorted(POOL_DIR.glob("*.yaml")):
        for c in load_card_file(b, path):
            if c.key in out:
                raise CardError(f"{path}: card {c.key!r} is also defined in another pool file")
            out[c.key] = c
    return out


FILLER = {"name": "Filler", "type": "spell", "color": "colorless", "cost": 99, "text": "",
          "text_en": "A card with no abilities, used to fill decks in scenarios."}

__all__ = ["COLORS", "FILLER", "NovaBuilder", "builder", "color_word", "energy_amounts", "shipped_pool"]
