"""The meanings of the grammar rules of the section "later sets A: conditions on this turn,
choices, earlier steps".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "Activate only if A, and only once per turn.": the condition and the per-turn limit of one
  activated ability (10.3.3, 10.7.2.2);
- what happened this turn, read from the per-turn tallies the rules keep (``g.record``): a follower
  of a player evolved (8.3, 5.15; the tally ``evolved``), the cards and spells a player played
  (13.2.1.2-13.2.1.3; ``played``, ``spells_played``);
- what is kept on the card itself: the turn it evolved (8.4.2.1; the selector key
  ``evolved_turn``), its counters (15.1), where it came onto the field from (5.4.3) and where it was
  played from (8.2.1, 10.6.2.8.1);
- "This card can't be played unless A" / "if A", "can only be played if A" (8.2.1, 1.3.3: the card
  field ``play_if``).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import STAT_KEYS, _ins, c_counters, s_act_if, s_once

_inline = v_args(inline=True)

#: "If you discarded a spell": a condition on the cards a cost of the ability paid (paid_refs)
PAID_FITS = "@paid_fits"
#: "the discarded card's cost": a value of the card a cost of the ability paid (paid_refs)
PAID_PROP = "@paid_prop"
_PAID = {"discarded": "discard", "banished": "banish", "buried": "bury", "revealed": "reveal"}

#: the zone names of the text as the engine names its zones (4.1)
_ZONES = {"cemetery": "cemetery", "ex area": "ex_area", "evolve deck": "evolve_deck", "deck": "deck",
          "hand": "hand"}


class TurnHistory:
    """Semantics of conditions on this turn's history and on the card itself (a mixin of
    ``SveSemantics``)."""

    # -- riders of an activated ability (10.3.3, 10.7.2.2) -------------------------------------------
    @_inline
    def act_if_per_turn(self, c: dict, times: Token) -> list:
        limit = s_once() if str(times).lower() == "once" else [{"@per_turn": 2}]
        return s_act_if(c) + limit

    # -- what happened this turn -----------------------------------------------------------------------
    @_inline
    def evolved_this_turn(self, who: Token, *_parts: Any) -> dict:
        w = " ".join(str(who).lower().split())
        enemy = "enemy" in w or "opponent" in w
        # 8.3, 5.15: the rules tally each follower that evolves, for its controller (rules.record_event)
        return {"record": {"key": "evolved", "player": "enemy" if enemy else "you"}}

    @_inline
    def self_evolved_this_turn(self, *_parts: Any) -> dict:
        return {"is": ["self", {"evolved_turn": "this"}]}  # 8.4.2.1: the turn it evolved

    @_inline
    def q_originally_costs(self, n: Token, *tail: Token) -> tuple:
        # 5.23.1: the printed cost, whatever changes it now
        key = {"": "printed_cost", "less": "printed_cost_max", "fewer": "printed_cost_max",
               "more": "printed_cost_min"}[str(tail[0]).lower() if tail else ""]
        return ("qual", key, int(str(n)))

    @_inline
    def q_entered_this_turn(self) -> tuple:
        return ("qual", "entered_this_turn", True)  # 4.1.4: the turn it came into its zone

    @_inline
    def q_took_damage_this_turn(self) -> tuple:
        return ("qual", "damaged_turn", "this")  # 5.13.1: the turn it took damage, kept on it

    @_inline
    def played_this_turn(self, amount: Token, kind: Token) -> dict:
        a = " ".join(str(amount).lower().split())
        m = re.search(r"\d+", a)
        n = int(m.group()) if m else 1
        if n < 1:
            raise NoParse("at least 0 cards")
        if m is None and str(kind).lower().endswith("s"):
            raise NoParse(f"{a} {kind}")  # "a cards": not a count the text gives
        key = "spells_played" if str(kind).lower().startswith("spell") else "played"
        return {"record": {"key": key, "min": n}}  # 13.2.1.2-13.2.1.3: every card played this turn

    @_inline
    def at_least_kind_token(self, n: Token, *parts: Any) -> dict:
        # "Officer token followers": token cards of the kind (the adjective "token", np_kind_token)
        return self.at_least_bare(n, (*parts, ("adj", "token")))  # type: ignore[attr-defined]

    @_inline
    def token_choice_list(self, n: Any, *names: Token) -> dict:
        if n != 1:
            raise NoParse("a choice of tokens")  # "2 A, B, or C tokens": how many of each is unsaid
        return self.token_choice(n, *names)  # type: ignore[attr-defined]

    # -- what a cost of the same ability did (10.4.7, 10.11.1) ------------------------------------------
    @_inline
    def paid_fits(self, verb: Token, sel: Any) -> dict:
        if sel.each or sel.up_to or sel.n != 1:
            raise NoParse("one card of the cost")
        f = {k: v for k, v in sel.filt.items() if k not in ("zone", "player")}
        return {PAID_FITS: {"cost": _PAID[str(verb).lower()], "filter": f}}

    @_inline
    def paid_card_value(self, card: Token, prop: Token) -> dict:
        kind = _PAID[str(card).lower().split()[0]]
        return {PAID_PROP: [kind, STAT_KEYS[str(prop).lower()]]}

    # -- values set (5.26.2) ------------------------------------------------------------------------
    @_inline
    def change_stats(self, *parts: Any) -> list:
        until = next((p for p in parts if isinstance(p, str) and not isinstance(p, Token)), None)
        toks = [p for p in parts if isinstance(p, Token)]
        owners = {_owner(t) for t in toks if t.type == "STAT_OWNER"}
        if len(owners) != 1:
            raise NoParse("the values of two cards")
        got: dict[str, Any] = {}
        pairs = [(toks[i], toks[i + 1]) for i in range(len(toks) - 1)
                 if toks[i].type == "STAT_PAIR" and toks[i + 1].type == "NUMBER"]
        for stat, n in pairs:
            for key in _STAT_KEYS[" ".join(str(stat).lower().split())]:
                if key in got:
                    raise NoParse("one value set twice")
                got[key] = int(str(n)) if str(n).isdigit() else str(n)
        who = owners.pop()
        return [_ins("set_stats", what=who, atk=got.get("atk"), **{"def": got.get("def")}, until=until)]

    change_stats_two = change_stats

    # -- tokens onto the field or into the EX area (4.4.4, 4.8.3) ---------------------------------------
    @_inline
    def tokens_field_or_ex(self, t: dict) -> list:
        if t.get("all") and t["n"] == 1 and set(t) == {"names", "n", "all"}:
            # "a Dutiful Steed, Bullet Bike, and Arcane Personnel Carrier token": one of each name,
            # each onto the field or into the EX area
            parts = [(x, 1, f"onto_field_{i}") for i, x in enumerate(t["names"])]
        elif set(t) == {"names", "n", "up_to"} and len(t["names"]) == 1 and not t["up_to"] and isinstance(t["n"], int):
            parts = [(t["names"][0], t["n"], "onto_field")]
        else:
            raise NoParse("tokens onto the field or into the EX area")
        out: list = []
        for x, n, bound in parts:
            # how many go onto the field (no more than it takes), the rest into the EX area
            out += [{"choose_number": {"max": n, "room": "field", "as": bound,
                                       "prompt": f"how many {x} tokens onto your field"}},
                    _ins("token", card=x, n=bound),
                    _ins("token", card=x, n={"sub": [n, bound]}, zone="ex_area")]
        return out

    @_inline
    def tokens_field_and_ex(self, t: dict) -> list:
        if set(t) != {"names", "n", "up_to"} or t["up_to"]:
            raise NoParse("tokens onto the field and into the EX area")
        # 5.4.2: the tokens named, made in each of the two zones
        return [_ins("token", card=x, n=t["n"] if t["n"] != 1 else None, zone=z)
                for z in (None, "ex_area") for x in t["names"]]

    # -- the card itself -------------------------------------------------------------------------------
    @_inline
    def self_counter_amount(self, *parts: Any) -> dict:
        amount, word = [p for p in parts if isinstance(p, Token) and p.type in ("COUNTER_AMOUNT", "WORD")]
        a = " ".join(str(amount).lower().split())
        name = str(word).lower()
        if a == "no":
            return {"not": c_counters((1, name))}  # 15.1: none of them
        m = re.match(r"\d+", a)
        return c_counters((int(m.group()) if m else 1, name))

    @_inline
    def self_entered_from_zone(self, *parts: Any) -> dict:
        was = next(p for p in parts if isinstance(p, Token) and p.type == "WAS")
        zone = next(p for p in parts if isinstance(p, Token) and p.type == "ENTRY_ZONE")
        cond = {"is": ["self", {"entered_from": _ZONES[" ".join(str(zone).lower().split())]}]}  # 5.4.3
        return _negate(was, cond)

    @_inline
    def self_played_from(self, *parts: Any) -> dict:
        was = next(p for p in parts if isinstance(p, Token) and p.type == "WAS")
        z = _ZONES[" ".join(str(parts[-1]).lower().split())]
        # 10.6.2.8.1: a card played and put onto the field as it resolves keeps the zone it was
        # played from (5.4.3); a card being played (a spell resolving) is still "played from" there
        cond = {"or": [{"is": ["self", {"entered_by": "play", "entered_from": z}]},
                       {"is": ["self", {"played_from": z}]}]}
        return _negate(was, cond)

    # -- conditions of playing the card (8.2.1, 1.3.3) -------------------------------------------------
    @_inline
    def play_unless(self, word: Token, c: dict) -> dict:
        return c if str(word).lower() == "unless" else {"not": c}

    @_inline
    def play_only_if(self, c: dict) -> dict:
        return c


def paid_refs(x: Any, costs: list) -> Any:
    """The references to what a cost did, made real where the ability has a cost of that kind
    (``env._paid_KIND``: the cards paid, 10.4.7); a reference with no such cost is refused (it
    would name what an effect did, which these forms do not read)."""
    if isinstance(x, list):
        return [paid_refs(v, costs) for v in x]
    if not isinstance(x, dict):
        return x
    for marker in (PAID_FITS, PAID_PROP):
        if marker in x:
            spec = x[marker]
            kind = spec["cost"] if marker == PAID_FITS else spec[0]
            if not any(isinstance(c, dict) and kind in c for c in costs):
                raise NoParse(f"'{kind}' names no cost of this ability")
            if marker == PAID_FITS:
                return {"paid_fits": spec}
            return {"prop": [f"_paid_{kind}", spec[1]]}  # 10.11.1: as it last was
    return {k: paid_refs(v, costs) for k, v in x.items()}


_STAT_KEYS = {"attack and defense": ("atk", "def"), "attack": ("atk",), "defense": ("def",)}


def _owner(t: Token) -> str:
    w = " ".join(str(t).lower().split())
    if w.startswith("this"):
        return "self"
    return "$it" if w == "its" else "$sel"  # "its" as "give it"; "that follower's" as "that follower"


def _negate(was: Token, cond: dict) -> dict:
    w = str(was).lower()
    return {"not": cond} if "not" in w or "n't" in w else cond


__all__ = ["PAID_FITS", "PAID_PROP", "TurnHistory", "paid_refs"]
