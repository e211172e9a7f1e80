"""Shadowverse: Evolve card entries: the game's fields, characteristics and the shipped pool.

A card entry (see ``docs/sve-engine.md``)::

    - name: Rose Gardener
      type: follower              # leader | follower | amulet | spell
      class: forestcraft          # 2.2 (default neutral)
      traits: Verdant             # 2.4 ("A / B" or a list)
      cost: 3
      atk: 3
      def: 3
      keywords: [{evolve: 1}]     # 12.2: "(E) (1): Evolve this follower."
    - name: Rose Gardener
      evolved_from: Rose Gardener # an evolved card (special type, 2.3.3.1; key "Rose Gardener (Evolved)")
      type: follower
      ...

Other fields: ``special`` (evolved / advanced), ``universe`` (2.12.2.1), ``trigger`` (Vanguard
Trigger icon, 14.4.1), ``alt_names`` (2.13), ``back`` (the back face of a double-faced card,
2.14: a mapping with the same fields), ``leader_def`` (a leader's defense when not 20, 2.8.3.1).
"""

from __future__ import annotations

from collections.abc import Callable
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
from ...kernel.objects import Ability, CardDef
from .vocabulary import CLASSES, SPECIALS, TRIGGER_ICONS, TYPES, UNIVERSE_ALIASES, vocabulary

POOL_DIR = Path(__file__).parent / "pool"


def _one_of(words: tuple[str, ...], what: str, plural: str, rule: str) -> Callable[[Any], str]:
    """A field whose value is one of ``words`` (any case)."""
    def read(v: Any) -> str:
        s = str(v).strip().lower()
        if s not in words:
            raise ValueError(f"unknown {what} {v!r}; {plural}: {', '.join(words)} ({rule})")
        return s
    return read


_type = _one_of(TYPES, "type", "types", "2.3.2")
_class = _one_of(CLASSES, "class", "classes", "2.2")
_special = _one_of(SPECIALS, "special type", "special types", "2.3.3.1")
_trigger = _one_of(TRIGGER_ICONS, "Trigger icon", "icons", "14.4.1.1")


def _universe(v: Any) -> str:
    s = str(v).strip()
    if not s:
        raise ValueError("a universe needs a name")
    return UNIVERSE_ALIASES.get(s.lower(), s)


def _names(v: Any) -> tuple:
    items = v if isinstance(v, list) else [v]
    return tuple(str(x) for x in items if str(x).strip())


def _defense(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"expected a whole number, got {v!r}")
    return v


def _alt_cost(v: Any) -> Any:
    if not isinstance(v, (list, dict, str)):
        raise ValueError(f"expected a list of cost items (10.6.2.5.1.2), got {v!r}")
    return v  # normalised into cost items by SveBuilder.card


def _play_if(v: Any) -> Any:
    if not isinstance(v, dict) or len(v) != 1:
        raise ValueError(f"expected a condition (8.2.1: when the card may be played), got {v!r}")
    return v


def _play_process(v: Any) -> Any:
    # "less: N": the cost is N less; "set: N": the cost becomes N ("This card costs 0 to play", 10.10.2.4)
    ok = isinstance(v, dict) and (
        (set(v) == {"cost", "less"} and isinstance(v["less"], int) and v["less"] > 0)
        or (set(v) == {"cost", "set"} and isinstance(v["set"], int) and v["set"] >= 0))
    if not ok:
        raise ValueError(f"expected {{cost: [cost items], less: N}} or {{cost: [...], set: N}} (10.4.7.3), got {v!r}")
    return v  # the cost items are normalised by SveBuilder.card


FIELDS = {
    "class": _class, "traits": slash_list, "trait": slash_list, "universe": _universe, "special": _special,
    "evolved_from": str, "trigger": _trigger, "alt_names": _names, "alt_name": _names,
    "back": lambda v: v, "leader_def": _defense, "copies": copies_field, "alt_cost": _alt_cost,
    "play_process": _play_process, "play_if": _play_if,
}


def _build(entry: dict, chars: dict) -> dict:
    if "type" not in entry:
        raise ValueError("type: every card needs a type (leader, follower, amulet, spell; 2.3.2)")
    t = _type(entry["type"])
    special = chars.pop("special", None)
    if "evolved_from" in chars:
        if special not in (None, "evolved"):
            raise ValueError("evolved_from: only evolved cards evolve from another card")
        special = "evolved"
    out: dict[str, Any] = {
        "name": chars["name"], "types": (t,), "special": special, "cost": chars.get("cost", 0),
        "class": chars.pop("class", "neutral"),
        "races": tuple(chars.pop("traits", ())) + tuple(chars.pop("trait", ())),
        "keywords": chars["keywords"], "abilities": chars["abilities"], "flags": frozenset(),
        "has_static": chars["has_static"], "has_auto": chars["has_auto"],
        "grants_abilities": chars.get("grants_abilities", False),
    }
    for k in ("universe", "evolved_from", "copies", "alt_cost", "play_process", "play_if"):
        if k in chars:
            out[k] = chars[k]
    if "alt_cost" in out and t == "leader":
        raise ValueError("alt_cost: a leader is not played, so it has no alternate cost (10.6.2.5.1.2)")
    if "play_process" in out and (t == "leader" or "alt_cost" in out):
        raise ValueError("play_process: a card that is played, without an alternate cost (10.4.7.3)")
    if "trigger" in chars:
        out["trigger_icon"] = chars["trigger"]
    alt = tuple(chars.get("alt_names", ())) + tuple(chars.get("alt_name", ()))
    if alt:
        out["alt_names"] = alt
    if "effect" in chars:
        if t != "spell":
            raise ValueError("effect: only spells have an effect; other cards use abilities")
        out["effect"] = chars["effect"]
    if chars.get("x_cost"):
        out["x_cost"] = True
    if t == "follower":
        if "atk" not in entry or "def" not in entry:
            raise ValueError("a follower needs atk and def (2.7, 2.8)")
        out["atk"], out["def"] = entry["atk"], entry["def"]
    elif t == "amulet":
        if ("atk" in entry) != ("def" in entry):
            raise ValueError("an amulet has both atk and def (for maneuver, 5.31) or neither")
        if "atk" in entry:
            out["atk"], out["def"] = entry["atk"], entry["def"]
    elif "atk" in entry or "def" in entry:
        raise ValueError(f"a {t} has no atk or def")
    if t == "leader":
        out["leader_def"] = chars.get("leader_def", 20)  # 2.8.3.1
        out["abilities"] = tuple(_in_zone(a, "leader") for a in out["abilities"])
        if special:
            raise ValueError("a leader has no special type")
    elif "leader_def" in chars:
        raise ValueError("leader_def: only leaders have it")
    if special == "evolved" and t != "follower":
        raise ValueError("an evolved card is a follower (2.3.3.1)")
    if special == "evolved" and "evolved_from" not in out:
        out["evolved_from"] = out["name"]  # 5.15.1.1.1: it corresponds to the card with its name
    if "back" in chars:
        out["has_back"] = True
    for args in instructions_named(list(out["abilities"]) + ([out["effect"]] if "effect" in out else []), "become"):
        if "class" in args and str(args["class"]).lower() not in CLASSES:
            raise ValueError(f"become: class: unknown class {args['class']!r}; classes: {', '.join(CLASSES)} (2.2)")
    set_ability_flags(out)  # the derived facts the card layer keeps about abilities
    return out


def _in_zone(ab: Ability, zone: str) -> Ability:
    """A leader's abilities are valid in the leader area unless the card says otherwise."""
    if ab.zones != ("field",):
        return ab
    return Ability(ab.kind, ab.spec, ab.text, ab.name, (zone,), ab.index, ab.keyword)


def _key(e: dict) -> str:
    name = e["name"]
    if e.get("special") == "evolved":
        return f"{name} (Evolved)"
    return name


def _keyword_abilities(kw: str, param: Any, entry: dict) -> list[dict]:
    """Keyword abilities that are activated abilities, written out (12.2, 13.3.2, 14.4.9)."""
    if kw == "evolve":
        cost = _cost(param, "evolve_pp")
        if not any(isinstance(c, dict) and "evolve_card" in c for c in cost):
            cost.append({"evolve_card": {}})  # 12.2.2 (a named card is given by "evolve into", 5.15.1.1.1)
        extra: dict = {}
        for i, c in enumerate(cost):
            if isinstance(c, dict) and isinstance(c.get("evolve_card"), dict) and "if" in c["evolve_card"]:
                # "Evolve (N): Evolve this follower. Activate only if ...": a condition of playing it
                extra["if"] = c["evolve_card"]["if"]
                cost[i] = {"evolve_card": {k: v for k, v in c["evolve_card"].items() if k != "if"}}
        return [{"activated": {"cost": cost,
                               "do": [{"evolve": {"what": "self", "card": "_paid_evolve_card"}}],
                               "equivalent": "evolve", "label": "evolve", **extra},
                 "keyword": "evolve", "text": f"Evolve {_cost_text(param)}: Evolve this follower."}]
    if kw == "ride":
        return [{"activated": {"cost": _cost(param, "pp") + [{"drive_point": {}}],
                               "do": [{"give_drive": "self"}], "equivalent": "evolve", "max_per_game": 1},
                 "keyword": "ride", "text": f"Ride {_cost_text(param)}"}]
    if kw == "stack":
        # 13.3.2.2 (third ability, with the engage cost its reminder text shows)
        return [{"activated": {"cost": ["engage"],
                               "target": {"as": "t", "type": "amulet", "controller": "you", "other": True,
                                          "keyword": "stack"},
                               "do": [{"transfer_stack": "t"}]},
                 "keyword": "stack",
                 "text": "Stack: Select another amulet with Stack on your field and transfer all this card's "
                         "Stack counters to it."}]
    return []


def _cost(param: Any, word: str) -> list:
    if param is None:
        return [{word: 0}]
    if isinstance(param, int):
        return [{word: param}]
    if isinstance(param, (list, tuple)):
        out = []
        for c in param:
            if isinstance(c, int):
                out.append({word: c})
            else:
                out.append(dict(c) if isinstance(c, dict) else c)
        return out
    if isinstance(param, dict):
        return [dict(param)]
    raise CardError(f"keyword cost {param!r}: expected a number of play points or a list of cost items")


def _cost_text(param: Any) -> str:
    return f"({param})" if isinstance(param, int) else ("(0)" if param is None else "")


def _compiled(entry: dict, where: str) -> dict:
    """A card given by its printed text only is read by the text compiler (DESIGN principle 7);
    text it cannot read is an error naming the sentence."""
    from . import grammar_compiler
    from .compiler import Uncompilable, compile_entry

    grammar_compiler.learn_entry(entry)  # the card's traits and name are vocabulary of the data
    try:
        return compile_entry(entry)
    except Uncompilable as e:
        raise CardError(f"{where}: card {entry.get('name')!r}: text: {e}") from None


class SveBuilder(CardBuilder):
    """The card builder, plus the back face of double-faced cards (2.14)."""

    def learn(self, entries: Any) -> None:
        from .compiler import learn_entries

        # 2.1, 2.4, 9.1.2.3: the card names, traits and token names the entries define
        learn_entries(entries if isinstance(entries, list) else [])

    def card(self, entry: Any, where: str) -> CardDef:
        if isinstance(entry, dict):
            entry = _compiled(entry, where)
        c = super().card(entry, where)
        if "alt_cost" in c.chars:
            # 10.6.2.5.1.2: a card's alternate cost (any card type that is played), as cost items
            from ...cards.language import Checker

            w = f"{where}: card {c.key!r}"
            c.chars["alt_cost"] = self.cost(c.chars["alt_cost"], Checker(self.vocab, w), "alt_cost")
        if "play_process" in c.chars:
            # 10.4.7.3: "when playing this card, [process]: this card costs N less to play"
            from ...cards.language import Checker

            w = f"{where}: card {c.key!r}"
            proc = c.chars["play_process"]
            c.chars["play_process"] = {"cost": self.cost(proc["cost"], Checker(self.vocab, w), "play_process.cost"),
                                       **{k: v for k, v in proc.items() if k in ("less", "set")}}
        self._check_nested_costs(c, f"{where}: card {c.key!r}")
        back = entry.get("back") if isinstance(entry, dict) else None
        if back is not None:
            w = f"{where}: card {entry.get('name')!r}: back"
            if not isinstance(back, dict):
                raise CardError(f"{w}: expected a mapping with the back face's fields")
            if "back" in back:
                raise CardError(f"{w}: a back face has no back face")
            merged = {k: v for k, v in entry.items() if k in ("class", "universe") and k not in back}
            merged.update(back)
            merged.setdefault("type", entry.get("type"))
            bc = super().card(merged, w)
            c.chars["back"] = bc.chars
        return c


    def _check_nested_costs(self, c: CardDef, where: str) -> None:
        """The cost items inside ``may_pay`` are checked like any cost item."""
        abilities = list(c.chars.get("abilities", ()))
        if c.chars.get("effect") is not None:
            abilities.append(c.chars["effect"])
        if c.chars.get("alt_cost") is not None:
            self._check_items(c.chars["alt_cost"], f"{where}: alt_cost")
        for ab in abilities:
            if ab.spec.get("alt_cost") is not None:
                self._check_items(ab.spec["alt_cost"], f"{where}: alt_cost")
            for name, arg in ab.spec.get("cost", ()):
                if name != "may_pay":
                    continue
                if not isinstance(arg, dict) or "cost" not in arg:
                    raise CardError(f"{where}: may_pay: expected {{as: NAME, cost: [cost items]}}")
                self._check_items(arg["cost"], f"{where}: may_pay.cost")

    def _check_items(self, raw: Any, where: str) -> None:
        items = raw if isinstance(raw, (list, tuple)) else [raw]
        for i, it in enumerate(items):
            if isinstance(it, tuple) and len(it) == 2 and isinstance(it[0], str):
                n = it[0]  # already read by the loader
            elif isinstance(it, str):
                n = it
            else:
                n = next(iter(it)) if isinstance(it, dict) and len(it) == 1 else None
            if n not in self.vocab.costs or n == "may_pay":
                raise CardError(f"{where}[{i}]: unknown cost {it!r}; known: "
                                f"{', '.join(sorted(k for k in self.vocab.costs if k != 'may_pay'))}")


def builder() -> SveBuilder:
    return SveBuilder("sve", vocabulary(), FIELDS, _build, ("field",),
                      keyword_abilities=_keyword_abilities, key_of=_key)


@lru_cache(maxsize=1)
def shipped_pool() -> tuple[dict[str, CardDef], dict[str, CardDef]]:
    """(cards, tokens) of every pool file; tokens (``token: true``) are kept apart (9.1)."""
    b = builder()
    cards: dict[str, CardDef] = {}
    tokens: dict[str, CardDef] = {}
    for path in sorted(POOL_DIR.glob("*.yaml")):
        for c in load_card_file(b, path):
            into = tokens if c.token else cards
            if c.key in into:
                raise CardError(f"{path}: card {c.key!r} is also defined in another pool file")
            into[c.key] = c
    return cards, tokens


#: a leader for a player who has none (Sealed, B-1 6.1.1.2) and for scenarios that give none
PLAIN_LEADER = {"name": "Leader", "type": "leader", "class": "neutral", "script": {},
                "text": "A leader with no class, for games without a leader card."}
#: a card with no abilities used to fill decks in scenarios
FILLER = {"name": "Filler", "type": "spell", "class": "neutral", "cost": 99, "script": {},
          "text": "A card with no abilities, used to fill decks in scenarios."}
