"""Caster card entries: the game's fields, characteristics and the shipped pool."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...cards.language import CardError
from ...cards.loader import (
    CardBuilder,
    copies_field,
    instructions_named,
    load_card_file,
    set_ability_flags,
    slash_list,
)
from ...kernel.decisions import brief
from ...kernel.objects import CardDef
from .aether import CASTER_AETHER, parse_element
from .vocabulary import ON_FIELD, vocabulary

TYPES = ("caster", "servant", "conjure", "barrier", "deity")  # CR 201.2, 201.2a
POOL_DIR = Path(__file__).parent / "pool"


def _type(v: Any) -> str:
    t = str(v).lower()
    if t not in TYPES and t != "none":
        raise ValueError(f"type: unknown type {brief(v)}; types: {', '.join(TYPES)}")
    return t


def _level(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise ValueError(f"expected a level of 1 or more, got {brief(v)}")
    return v


def _names(v: Any) -> tuple:
    """CR 212.2: materials are names divided by '♥'."""
    if isinstance(v, list):
        return tuple(str(x) for x in v)
    return tuple(s.strip() for s in str(v).split("♥") if s.strip())


def _count(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ValueError(f"expected a whole number, got {brief(v)}")
    return v


FIELDS = {
    "element": parse_element, "level": _level, "race": slash_list, "trait": slash_list,
    "additional_type": lambda v: tuple(str(x).lower() for x in (v if isinstance(v, list) else [v])),
    "materials": _names, "version": str, "deity_counters": _count, "copies": copies_field,
}


def _build(entry: dict, chars: dict) -> dict:
    if "type" not in entry:
        if not entry.get("token"):
            raise ValueError("type: every card needs a type (caster, servant, conjure, barrier, deity)")
        t = "servant"  # CR 1302.1b
    else:
        t = _type(entry["type"])
    name = chars["name"]
    if chars.get("version"):
        name = f"{name} ({chars['version']})"  # CR 202.3: the card name is "Card name (Version)"
    out = {
        "name": name, "types": (t,) if t != "none" else (), "cost": chars.get("cost", 0),
        "elements": chars.pop("element", frozenset()),
        "races": tuple(chars.pop("race", ())) + tuple(chars.pop("trait", ())),
        "keywords": chars["keywords"], "abilities": chars["abilities"], "flags": frozenset(),
        "has_static": chars["has_static"], "has_auto": chars["has_auto"],
        # a static ability giving abilities (CR 909.1c): automatic abilities given so trigger
        "grants_abilities": chars.get("grants_abilities", False),
    }
    if "effect" in chars:
        out["effect"] = chars["effect"]
    if chars.get("x_cost"):
        out["x_cost"] = True
    for k in ("level", "version", "materials", "deity_counters", "copies"):
        if k in chars:
            out[k] = chars[k]
    if "additional_type" in chars:
        out["additional"] = chars["additional_type"]
    if t == "caster":
        if "level" not in out:
            raise ValueError("level: a caster needs a level")
        out["abilities"] = tuple(out["abilities"]) + (CASTER_AETHER,)  # CR 907.6
    elif "level" in out:
        raise ValueError("level: only casters have a level")
    _check_keywords(out["keywords"])
    ride = any(k == "ride" for k, _ in out["keywords"])
    if t == "servant" or ride:
        # CR 1118.2: a [Ride] card becomes a servant, so it prints the ATK and DEF it has then
        if "atk" not in entry or "def" not in entry:
            raise ValueError("a servant (or a card with [Ride]) needs atk and def")
        out["atk"], out["def"] = entry["atk"], entry["def"]
        # printed values that are not multiples of 100 are rounded up by the rules (CR 909.1g)
        out["odd_stats"] = any(isinstance(v, int) and v % 100 for v in (out["atk"], out["def"]))
    elif t == "deity" and ("atk" in entry or "def" in entry):
        out["atk"], out["def"] = entry.get("atk", 0), entry.get("def", 0)
    if t == "deity" and not out.get("deity_counters"):
        raise ValueError("deity_counters: a deity enters the field with deity counters (CR 1204.1)")
    _tag_keyword_abilities(out["abilities"])
    for i, ab in enumerate(out["abilities"]):
        if ab.kind == "auto" and "if" in ab.spec:
            # there is no separate "if" clause for automatic abilities (CR 906.2): the condition is
            # part of the trigger; refuse it rather than ignore it
            raise ValueError(f"abilities[{i}].auto: if: the condition of an automatic ability goes in its "
                             f"trigger: on: {{named: TRIGGER, cond: ...}}")
    if "effect" in out and "if" in out["effect"].spec:
        raise ValueError("effect: if: a spell has no condition of its own; use the instruction "
                         "if: {cond: ..., then: [...]} in its do")
    _check_elements(list(out["abilities"]) + ([out["effect"]] if "effect" in out else []))
    _mark_base_abilities(out["abilities"])
    if "soul bond" in out.get("additional", ()) and not out.get("materials"):
        raise ValueError("materials: a Soul Bond servant needs materials (CR 212, 1020)")
    set_ability_flags(out)
    return out


def _check_elements(abilities: list) -> None:
    """An element an instruction names (``become: {elements: ...}``) is one of the seven or void
    (CR 209.2-209.3): a misspelt one is refused when the card is loaded, not when it is played."""
    for args in instructions_named(abilities, "become"):
        if "elements" in args:
            els = args["elements"]
            try:
                parse_element(list(els) if isinstance(els, tuple) else els)
            except ValueError as e:
                raise ValueError(f"become: elements: {e}") from None


#: what a base ability may change about its own card (CR 904.2)
_BASE_GRANTS = frozenset(("races", "elements", "types"))


def _mark_base_abilities(abilities: tuple) -> None:
    """CR 904.2: a continuous ability that, with no condition, changes its own card's element,
    race/trait, ATK or DEF is a base ability: it applies in every zone, and it is part of the
    card's base information (909.1a), applied before any other continuous effect - so an effect
    that removes abilities (909.1c, later) does not undo it (CardRules.apply_effect keeps it)."""
    from .vocabulary import ZONES

    for ab in abilities:
        if ab.kind != "static" or ab.spec.get("if") is not None or ab.zones != ("field", "casters"):
            continue  # a condition, or a zone it is limited to, makes it no base ability
        effs = ab.spec.get("effects", ())
        ok = bool(effs)
        for e in effs:
            if e.get("affects", "self") != "self":
                ok = False
            elif e["op"] in ("modify", "set_stats"):
                ok = ok and isinstance(e["args"], dict) and set(e["args"]) <= {"atk", "def"}
            elif e["op"] == "grant":
                ok = ok and isinstance(e["args"], dict) and bool(e["args"]) and set(e["args"]) <= _BASE_GRANTS
            else:
                ok = False
        if not ok:
            continue
        ab.zones = tuple(ZONES)
        ab.spec["base"] = True
        for e in effs:
            e["layer"] = "base"


def _check_keywords(kws: tuple) -> None:
    for k, param in kws:
        if k in ("ride", "dct") and (not isinstance(param, int) or isinstance(param, bool) or param < 1):
            raise ValueError(f"keywords: {k} needs a whole number of 1 or more, got {brief(param)}")
        if k in ("united_front", "step_up") and not isinstance(param, str):
            raise ValueError(f"keywords: {k} needs a race or trait, got {brief(param)}")
        if k == "break" and param is not None and not (
                (isinstance(param, int) and not isinstance(param, bool) and param >= 0) or isinstance(param, dict)):
            raise ValueError(f"keywords: break takes no value or a cost (a number of aether, or "
                             f"{{n: N, elements: [...]}}), got {brief(param)}")


def _is_pattern(on: Any, name: str) -> bool:
    """Is a parsed trigger the named keyword trigger (possibly with an added condition)?"""
    from .vocabulary import TRIGGERS

    if not isinstance(on, dict):
        return False
    want = TRIGGERS[name]
    for k, v in want.items():
        got = on.get(k)
        if isinstance(v, str):
            v = (v,) if k in ("event", "from", "to", "not_from", "cause") else v
        if got != v:
            return False
    return True


def _tag_keyword_abilities(abilities: tuple) -> None:
    """Mark the [Enter] and [Last Words] automatic abilities (CR 1106, 1107) so that
    [Soul Seal] (1109.2) can find a card's [Enter] abilities."""
    for ab in abilities:
        if ab.kind != "auto" or ab.keyword is not None:
            continue
        for name in ("enter", "last_words"):
            if _is_pattern(ab.spec.get("on"), name):
                ab.keyword = name


def keyword_abilities(kw: str, param: Any, entry: dict) -> list[dict]:
    """The abilities some keyword skills stand for (CR 1101.1a), in the effect language."""
    if kw == "soul_seal":
        # CR 1109.2 (second half): "Banish one of this card's stock: play one of this card's
        # [Enter] abilities once. Play this ability only during main timing."  (The first half,
        # the replacement, is in CasterRules.plan_move and proc_moves.)
        return [{"activated": {"cost": [{"banish": {"filter": {"stock_of": "self"}}}], "timing": "main",
                               "do": [{"enter_ability": "self"}]},
                 "keyword": "soul_seal",
                 "text": "[Soul Seal] Banish one of this card's stock: play one of this card's [Enter] "
                         "abilities once. Play this ability only during main timing."}]
    if kw == "unity":
        # CR 1115.2: "Whenever this card attacks => you may rest ... +X ATK until end of turn"
        return [{"auto": {"on": "attacks", "do": ["unity"]}, "keyword": "unity",
                 "text": "[Unity] Whenever this card attacks ⇒ You may rest any number of recovered allied "
                         "servants that share a race with this card; it gains their total ATK until end of turn."}]
    if kw == "ride":
        # CR 1118.2-1118.3: "Rest any number of recovered allied magical girls (casters) so that
        # their levels total exactly N: this card becomes a servant until end of turn", once per turn
        if not isinstance(param, int) or isinstance(param, bool) or param < 1:
            return []  # reported by _build with the card's name
        return [{"activated": {"cost": [{"ride": param}], "once_per_turn": True,
                               "do": [{"become_servant": {"what": "self", "until": "end_of_turn"}}]},
                 "keyword": "ride",
                 "text": f"[Ride]({param}) Rest recovered allied casters whose levels total exactly {param}: "
                         "this card becomes a servant until end of turn."}]
    return []


_LV = re.compile(r"\s+Lv\s*(\d+)$", re.IGNORECASE)


def _key(e: dict) -> str:
    name = e["name"]
    ver = e.get("version")
    # CR 202.3: "Card name (Version)" (the built name already carries the version)
    base = f"{name} ({ver})" if ver and not name.endswith(f"({ver})") else name
    if "caster" in e.get("types", ()) and not _LV.search(name):
        return f"{base} Lv{e.get('level')}"
    return base


class CasterBuilder(CardBuilder):
    """The card builder, plus the text compiler: an entry whose printed ``text`` is its only
    description of what the card does (no ``abilities``, ``effect`` or ``script``, and more than
    the keyword lines its ``keywords`` give) is compiled from its text (SPEC "Inline cards")."""

    def learn(self, entries: Any) -> None:
        from . import grammar_compiler

        for e in entries if isinstance(entries, list) else []:
            grammar_compiler.learn_entry(e)  # CR 206.2: the races and traits the entries define

    def card(self, entry: Any, where: str) -> CardDef:
        if isinstance(entry, dict):
            from . import grammar_compiler
            from .compiler import Uncompilable, compile_entry

            grammar_compiler.learn_entry(entry)  # the card's races are vocabulary of the data
            try:
                entry = compile_entry(entry)
            except Uncompilable as e:
                raise CardError(f"{where}: card {entry.get('name')!r}: text: cannot compile {e.text!r} "
                                f"(the card-text grammar does not read it; give the card `abilities`/`effect` or a `script`)") from None
        return super().card(entry, where)


def builder() -> CardBuilder:
    return CasterBuilder("caster", vocabulary(), FIELDS, _build, ON_FIELD, keyword_abilities=keyword_abilities,
                         key_of=_key)


@lru_cache(maxsize=1)
def shipped_pool() -> dict[str, CardDef]:
    b = builder()
    out: dict[str, CardDef] = {}
    for path in sorted(POOL_DIR.glob("*.yaml")):
        for c in load_card_file(b, path):
            if c.key in out:
                raise ValueError(f"{path}: card {c.key!r} is also defined in another pool file")
            out[c.key] = c
    return out


COIN_ENTRY = {
    # CR 403.6a: the coin token has no type and "Banish this card: Produce 1. Play this ability only
    # from your caster zone."
    "name": "Coin", "type": "none", "token": True,
    "text": "Banish this card: Produce 1. Play this ability only from your caster zone.",
    "abilities": [{"activated": {"cost": [{"banish": "self"}], "do": [{"produce": {"n": 1, "element": "void"}}],
                                 "aether": True}, "zones": ["casters"], "text": "Banish this card: Produce 1."}],
}
