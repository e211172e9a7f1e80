"""The meanings of the grammar rules of the section "SVE abilities outside the field".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  Abilities of followers and
amulets are valid on the field only unless indicated otherwise (10.3.5); an effect clearly handled
in a certain zone is valid only in that zone (10.3.4).  This section reads where the text says so:

- a condition on the card's own zone in an automatic ability: "At the start of your end phase, if
  this card is in your EX area, ..." (the ability works in that zone, 10.3.4; the condition is
  checked again as the ability is played, 10.7.3.2);
- an effect that moves the card itself out of a zone: "Act (6): Summon this card from your
  cemetery.", "Act (0): Summon this card from your EX area engaged.", "When a NAME is put onto your
  field, (1): Put this card from your cemetery into your EX area." (the ability works in that zone);
- a cost that moves the card itself out of the hand: "Act (2), put this card from your hand into
  your EX area: ..." (10.4: the ability works from the hand);
- the limit of an automatic ability: "3 times on each of your turns, when ...", "4 times per turn,
  when ...", "Four times on each of your turns, whenever ..." (10.7.2.2).

Zone marks (``@works_in``) are the zone an effect names for the card itself; :func:`split_works_in`
takes them out of an effect before it is assembled (a mark left anywhere else is refused by the
assembly, never dropped).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import Sel, c_counters, k_counter, k_summon_engaged, k_summon_ref, k_uncounter
from .assembly import definite_ref as _ref

_inline = v_args(inline=True)

#: the mark a clause leaves for the zone it names for the card itself (10.3.4)
WORKS_IN = "@works_in"

#: the zones of the card's own player these wordings name (4.1)
_OWN_ZONES = {"cemetery": "cemetery", "graveyard": "cemetery", "ex area": "ex_area", "hand": "hand"}


def _zone(t: Any) -> str:
    z = _OWN_ZONES.get(" ".join(str(t).lower().split()))
    if z is None:
        raise NoParse("a zone of your own")
    return z


def split_works_in(effect: Any) -> tuple[Any, list | None]:
    """The effect without its zone marks, and the one zone they name (None: no mark).  Two
    different zones for the card itself are refused (the ability works in one zone, 10.3.4)."""
    found: set[str] = set()

    def walk(x: Any) -> Any:
        if isinstance(x, list):
            out = []
            for y in x:
                if isinstance(y, dict) and WORKS_IN in y:
                    found.add(y[WORKS_IN])
                    continue
                out.append(walk(y))
            return out
        if isinstance(x, tuple):
            return tuple(walk(y) for y in x)
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        return x

    got = walk(effect)
    if len(found) > 1:
        raise NoParse("an ability that works in two zones")
    return got, (sorted(found) if found else None)


def condition_zone(cond: Any) -> list | None:
    """The zone an automatic ability's condition requires the card itself to be in ("if this card
    is in your EX area", alone or with "and"): 10.3.4, the ability works there only."""
    if not isinstance(cond, dict):
        return None
    parts = cond["and"] if isinstance(cond.get("and"), list) else [cond]
    zones = {p["is"][1]["zone"] for p in parts if isinstance(p, dict) and isinstance(p.get("is"), list)
             and len(p["is"]) == 2 and p["is"][0] == "self" and isinstance(p["is"][1], dict)
             and set(p["is"][1]) == {"zone"} and p["is"][1]["zone"] in _OWN_ZONES.values()}
    if len(zones) > 1:
        raise NoParse("an ability that works in two zones")
    return sorted(zones) if zones else None


def names_own_zone(effect: Any) -> bool:
    """Whether an automatic ability's effect starts "if this card is in your EX area, ...": then,
    with no other card in its trigger, "it" is the card itself ("..., bury it")."""
    if not (isinstance(effect, tuple) and len(effect) == 2 and effect[0] == "sentences" and effect[1]):
        return False
    first = effect[1][0]
    if not (isinstance(first, tuple) and len(first) == 2 and isinstance(first[1], list) and first[1]):
        return False
    head = first[1][0]
    return isinstance(head, dict) and condition_zone(head.get("@if")) is not None


def merge_zones(a: list | None, b: list | None) -> list | None:
    if a is not None and b is not None and a != b:
        raise NoParse("the ability's zone")
    return a if a is not None else b


def _int(t: Any) -> int:
    s = str(t)
    if not s.isdigit():
        raise NoParse("a number")
    return int(s)




#: the zones where the engine applies a passive ability's effects to other cards (the layered
#: zones of a player; outside them a card's abilities change only the card itself)
_PASSIVE_ZONES = ("field", "ex_area")


def static_zones(part: dict, zones: list | None) -> list | None:
    """The zones a passive effect is valid in: those its sentence named, or the card's own zone its
    condition names ("While this card is in your EX area, ...", 10.3.4).  A zone where the engine
    applies no passive effect to other cards (the hand, the cemetery) is refused."""
    cz = condition_zone(part.get("if"))
    if cz is None:
        return zones
    if cz[0] not in _PASSIVE_ZONES:
        raise NoParse("a passive ability valid in the " + cz[0])
    return merge_zones(zones, cz)


def _valid_in(zones: list, x: list) -> list:
    """The passive effects of a sentence, valid in those zones only (10.3.4)."""
    if any(z not in _PASSIVE_ZONES for z in zones):
        raise NoParse("a passive ability valid outside the field and the EX area")
    out = []
    for p in x:
        if not isinstance(p, dict) or "@keyword" in p or "@alt_name" in p or "@copies" in p or "@zones" in p:
            raise NoParse("a passive effect valid in a zone")
        out.append(dict(p, **{"@zones": zones}))
    return out


class AbilityZones:
    """Semantics of abilities that work outside the field (a mixin of ``SveSemantics``)."""

    # -- the card's own zone as a condition (10.3.4) -----------------------------------------------
    @_inline
    def self_in_zone(self, _n: Token, zone: Token) -> dict:
        return {"is": ["self", {"zone": _zone(zone), }]}

    @_inline
    def self_state(self, _n: Token, state: Token) -> dict:
        return {"is": ["self", {"state": str(state).lower()}]}

    @_inline
    def cost_banish_self_and(self, _n: Token, s: Any) -> list:
        f = dict(s.filt) if isinstance(s, Sel) else None
        if f is None or s.each or s.up_to or f.get("zone") not in ("cemetery", "ex_area") \
                or f.get("player", "you") != "you" or f.get("controller", "you") != "you":
            raise NoParse("this card and cards of your cemetery or EX area")
        return [{"banish": "self", "@from": f["zone"]}, {"banish": {"n": s.n, "filter": f}}]

    # -- passive abilities valid in the zones the sentence names (10.3.4, 10.3.5) -------------------
    @_inline
    def st_while_self_also_in(self, _n: Token, zone: Token, x: list) -> list:
        return _valid_in(["field", _zone(zone)], x)

    # -- effects that move the card itself out of a zone (10.3.4, 5.4.1, 4.8) ------------------------
    @_inline
    def summon_self_from(self, _n: Token, zone: Token, *engaged: Token) -> list:
        z = _zone(zone)
        # 5.4.1: put onto the field by an effect; "it" after this is the summoned card (4.1.4)
        return [{WORKS_IN: z}, *(k_summon_engaged("self") if engaged else k_summon_ref("self"))]

    @_inline
    def put_self_ex_from(self, _n: Token, zone: Token) -> list:
        z = _zone(zone)
        if z == "ex_area":
            raise NoParse("from the EX area into the EX area")
        return [{WORKS_IN: z}, {"put_ex": "self"}]

    # -- counters named by the card text (15.1.2.1) ------------------------------------------------
    @_inline
    def counter_name(self, *words: Token) -> str:
        return " ".join(str(w).lower() for w in words)  # 15.1.2.1: "fighting spirit"

    @_inline
    def place_named_counters(self, n: Any, name: str, _c: Token, w: Any) -> list:
        return k_counter((n, name), _ref(w))  # 15.1.3

    @_inline
    def remove_named_counters(self, n: Any, name: str, _c: Token, w: Any) -> list:
        return k_uncounter((n, name), _ref(w))

    @_inline
    def place_counters_self_in(self, n: Any, name: Any, _c: Token, _n: Token, zone: Token) -> list:
        # 10.3.4: the counters go on the card itself in that zone: the ability works there
        return [{WORKS_IN: _zone(zone)}, *k_counter((n, str(name).lower()), "self")]

    @_inline
    def cost_remove_named_counters(self, n: Any, name: str, _c: Token, _n: Token) -> list:
        return [{"remove_counters": {"name": name, "n": n}}]  # 10.4, 15.1

    @_inline
    def self_has_named_counters(self, _n: Token, k: Token, name: str, _c: Token) -> dict:
        return c_counters((_int(k), name))

    @_inline
    def q_named_counters_min(self, k: Token, name: str, _c: Token) -> tuple:
        return ("qual", "counters", {"name": name, "min": _int(k)})  # 15.1.2.2

    # -- a cost that moves the card itself out of the hand (10.4, 10.3.4) ----------------------------
    @_inline
    def cost_put_self_hand_ex(self, _n: Token) -> list:
        return [{"do": [{"put_ex": "self"}], "@from": "hand"}]


__all__ = ["WORKS_IN", "AbilityZones", "condition_zone", "merge_zones", "names_own_zone", "split_works_in",
           "static_zones"]
