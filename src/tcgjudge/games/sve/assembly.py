"""Shadowverse: Evolve card text: the meanings of phrases, assembled into the effect language.

The grammar reader (``grammar_compiler``) gives each phrase of a card's text a meaning: a noun
phrase is a :class:`Sel` (a selector, a count), a verb phrase a list of *items* — instructions of
the effect language (``docs/effect-language.md``) with the placeholders ``$it`` / ``$sel`` /
``$look`` / ``$new``, and assembly markers (``@target``, ``@if``, ``@may``, ``@instead``, ...).
:class:`_Asm` turns the items of an ability's sentences into its targets and instructions:

- "Select ..." is a target chosen when the card or ability is played (10.6.2.3); a selection
  among cards in a hand or deck (non-public zones) is made during resolution instead;
- "it", "them" name the most recently selected or moved cards (4.1.4.1: a moved card is named
  where it is now); "that follower", "the selected ..." the most recent selection;
- "... instead" replaces the previous instruction of the same kind when its condition holds
  (a self-replacement effect, 10.10.2.5);
- Earth Rite is an optional additional cost (13.3.3.2) whose effect happens only if it was paid.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...cards.textcompiler import CompiledCard, NoParse, and_cond, fresh_name, read_number
from .notation import EOT, GIVEABLE, KEYWORDS, TOKEN_NAMES  # noqa: F401  (the words items use)


# ------------------------------------------------------------------------------ numbers
def p_num(t: str) -> Any:
    return read_number(t, x=True)


def p_signed(t: str) -> Any:
    s = t.replace(" ", "")
    m = re.fullmatch(r"([+-])(\d+|X)", s)
    if not m:
        raise NoParse(t)
    v: Any = int(m.group(2)) if m.group(2).isdigit() else "X"
    if m.group(1) == "-":
        v = -v if isinstance(v, int) else {"neg": "X"}
    return v


# ----------------------------------------------------------------------------- selectors
@dataclass
class Sel:
    """A noun phrase: which cards (a selector), how many, and whether it means all of them."""

    filt: dict
    n: Any = 1
    up_to: bool = False
    each: bool = False
    plural: bool = False


_ZONE_WORDS = {"field": "field", "cemetery": "cemetery", "cemeteries": "cemetery", "graveyard": "cemetery",
               "ex area": "ex_area", "ex areas": "ex_area",
               "hand": "hand", "deck": "deck", "evolve deck": "evolve_deck", "banished zone": "banished"}


_OWNER_WORDS = {"your": "you", "the": None, "their": "$their", "its owner's": None, "the owner's": None, "each": None,
                "the enemy's": "enemy", "your opponent's": "enemy", "an opponent's": "enemy",
                "an enemy's": "enemy", "the opponent's": "enemy", "each opponent's": "enemy",
                "that follower's": "$sel", "its controller's": "$sel", "its": "$sel", "opponents'": "enemy",
                "an": None}


#: the selector key of a value a card has, as the text names it (2.5 cost, 2.7 attack, 2.8 defense)
STAT_KEYS = {"cost": "cost", "attack": "atk", "defense": "def"}


#: the item of "X equals a number of your choice" (the ability's ``x``: what the player may choose)
X_CHOICE = "@x_choice"
#: "Deal 5 damage to one and 2 damage to the others" (split_damage): {"one": items, "others": items}
ONE_AND_OTHERS = "@one_and_others"
#: 5.2.1.2.2 with 3.2: X chosen as the ability is played, 0 up to the play points the player has
X_CHOICE_SPEC = {"min": 0, "max": {"player_value": {"key": "pp", "player": "you"}}}


#: stands for the compiled card's name in a selector until compile_text knows it
CARD_NAME = "$card_name"


_LEADERS = {
    "your leader": {"zone": "leader", "controller": "you"},
    "each leader": {"zone": "leader"}, "both leaders": {"zone": "leader"},
    "each enemy leader": {"zone": "leader", "controller": "enemy"},
    "the enemy leader": {"zone": "leader", "controller": "enemy"},
    "its leader": {"zone": "leader", "controller": "$it"},
    "their leader": {"zone": "leader", "controller": "$it"},
    "that follower's leader": {"zone": "leader", "controller": "$sel"},
    "the selected follower's leader": {"zone": "leader", "controller": "$sel"},
    "its controller's leader": {"zone": "leader", "controller": "$it"},
    "that player's leader": {"zone": "leader", "controller": "$it"},
}


def apply_adjective(filt: dict, w: str) -> None:
    """An adjective of a noun phrase (ADJECTIVE of the grammar) as a key of its selector."""
    if w in ("engaged", "reserved"):
        filt["state"] = w  # 4.2.1
    elif w == "enemy":
        filt["controller"] = "enemy"
    elif w in ("allied", "your"):
        filt["controller"] = "you"
    elif w == "other":
        filt["other"] = True
    elif w == "evolved":
        filt["evolved"] = True
    elif w == "unevolved":
        filt["evolved"] = False
    elif w == "token":
        filt["token"] = True
    elif w in ("faceup", "face-up", "facedown", "face-down"):
        filt["face"] = "up" if "up" in w else "down"  # 4.2.3


def evolve_deck_kind(filt: dict) -> None:
    """An evolved card in the evolve deck is one of the evolved type (2.3.3.1, 4.6), not a
    follower that has evolved on the field."""
    if filt.get("zone") == "evolve_deck" and "evolved" in filt:
        if filt.pop("evolved") is not True:
            raise NoParse("an unevolved card in the evolve deck")
        filt["special"] = "evolved"


def definite_ref(w: Any) -> Any:
    """A noun phrase used as a definite reference ("each enemy follower"): its selector; an
    indefinite one ("a follower") needs "Select" (10.6.2.3)."""
    if isinstance(w, Sel):
        if not w.each:
            raise NoParse("an indefinite noun phrase needs 'Select' (10.6.2.3)")
        return w.filt
    return w


def _ref_list(a: Any, b: Any) -> list:
    out = a if isinstance(a, list) else [a]
    return out + (b if isinstance(b, list) else [b])


def c_overflow() -> dict:
    return {"overflow": True}  # 13.4.1.2


def c_sanguine() -> dict:
    return {"sanguine": True}  # 13.5.2.2


def c_exists(s: Sel) -> dict:
    if s.each:
        raise NoParse("there are ... (plural)")
    n = s.n if isinstance(s.n, int) else 1
    if n == 0:
        return {"none": s.filt}  # "if there are 0 cards in your hand"
    if n == 1:
        return {"exists": s.filt}
    return {"count": {"of": s.filt, "min": n}}


def c_at_least(x: tuple) -> dict:
    return {"count": {"of": x[1].filt, "min": x[0]}}


def c_or_more(n: Any, s: Sel) -> dict:
    if not s.each:
        raise NoParse("count of a singular")
    return {"count": {"of": s.filt, "min": n}}


def c_none(s: Sel) -> dict:
    return {"none": s.filt}


def c_on_your_field(s: Sel) -> dict:
    # "If 2 followers are on your field": the count is kept (it read as "a follower"), as in
    # "if there are 2 followers" (at least that many); "each"/"up to" refuse
    return c_on_field(Sel({**s.filt, "controller": "you"}, s.n, s.up_to, s.each, s.plural))


def c_on_field(s: Sel) -> dict:
    if s.up_to:
        raise NoParse("up to ... is on the field")
    return c_exists(s)


def c_sel_racing(s: Sel) -> dict:
    return {"exists": {**s.filt, "raced": True}}


def c_racing(r: Any) -> dict:
    return {"is": [r, {"raced": True}]}  # 14.2.3.1


def c_is(s: Sel) -> dict:
    return {"is": ["$it", s.filt]}


def c_leader_low(n: Any) -> dict:
    return {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, "<=", n]}


def c_leader_is(n: Any) -> dict:
    return {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, "==", n]}


def c_leader_high(n: Any) -> dict:
    return {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, ">=", n]}


def c_counters(c: tuple) -> dict:
    return {"compare": [{"counters_of": {"what": "self", "name": c[1]}}, ">=", c[0]]}


def c_your_turn() -> dict:
    return {"turn": "yours"}


def c_their_turn() -> dict:
    return {"turn": "theirs"}


def c_hand(n: Any) -> dict:
    return {"count": {"of": {"zone": "hand", "player": "you"}, "min": n}}


def e_and_if(a: list, c: dict, b: list) -> list:
    return a + [{"@if": c, "then": b}]


def _ins(op: str, **args: Any) -> dict:
    return {op: {k: v for k, v in args.items() if v is not None}}


# damage ----------------------------------------------------------------------------
def k_deal(n: Any, w: Any) -> list:
    return [_ins("deal", what=w, n=n)]  # 5.13


def k_deal_it(n: Any) -> list:
    return [_ins("deal", what="$it", n=n)]


def k_deal_divided(n: Any) -> list:
    return [{"@divide": n}, _ins("deal", what="$it", n=n, divided="$it")]  # 10.6.2.4


def k_deal_two(n: Any, m: Any, w: Any) -> list:
    return [_ins("deal", what="$it", n=n), _ins("deal", what=w, n=m)]


def k_deal_two_if(n: Any, c: dict, m: Any, w: Any) -> list:
    return [_ins("deal", what="$it", n=n), {"if": {"cond": c, "then": [_ins("deal", what=w, n=m)]}}]


# leader defense ----------------------------------------------------------------------
def k_leader(n: Any) -> list:
    return [{"leader_def": n}]


def k_leader_stats(s: tuple) -> list:
    if s[0] != 0:
        raise NoParse("a leader has no attack")
    return [{"leader_def": s[1]}]


def k_pleader(p: str, n: Any) -> list:
    return [{"leader_def": {"n": n, "player": p}}]


# cards: draw, discard ------------------------------------------------------------------
def k_draw(n: Any) -> list:
    return [{"draw": n}]  # 5.9


def k_draw_up(n: Any) -> list:
    return [{"draw": {"n": n, "up_to": True}}]  # 5.9.3


def k_pdraw(p: str, n: Any) -> list:
    if p == "you":
        return [{"draw": n}]
    return [{"draw": {"n": n, "player": p}}]


def k_discard(n: Any) -> list:
    # 5.11: the discarded cards are "it" / "them" afterwards, in the cemetery ("Discard a card.
    # Evolve it" names a card no longer in the hand, not this card: refused, 5.15.1)
    return [{"discard": {"n": n, "as": "$new"}}]


def k_discard_sel(s: Sel) -> list:
    f = {k: v for k, v in s.filt.items() if k not in ("zone", "player")}
    if s.up_to:
        # 5.11, 10.6.2.3.2: "discard up to 2 cards", "discard any number of cards": the player may
        # stop at fewer (none included)
        n = s.n
        if isinstance(n, dict) and "count" in n:
            n = {"count": {**f, "zone": "hand", "player": "you"}}  # "any number": up to the whole hand
        return [{"discard": {"n": n, "filter": f, "up_to": True, "as": "$new"}}]
    return [{"discard": {"n": s.n, "filter": f, "as": "$new"}}]


def k_pmill(p: str, n: Any) -> list:
    # 5.x: the player puts the top N cards of their own deck into their cemetery
    return k_to_cemetery({"zone": "deck", "player": p, "top": n})


def k_pdiscard(p: str, n: Any, random: bool = False) -> list:
    got = {"n": n, "player": p, "random": True} if random else {"n": n, "player": p}
    return [{"discard": {**got, "as": "$new"}}]


def k_pdiscard_it(p: str) -> list:
    return [{"discard": {"n": 1, "player": p, "filter": {"in": "$it"}}}]


def _give(who: Any, st: tuple | None, kws: list, abilities: list, trait: str | None, until: str | None) -> list:
    if isinstance(who, dict) and who.get("zone") == "hand":
        # stats and abilities given to cards in a hand are not kept by the engine (its layers
        # apply to the field): refused rather than played as if nothing were said
        raise NoParse("changes to cards in a hand")
    out: list = []
    if st is not None:
        if who == {"zone": "leader", "controller": "you"}:
            if st[0] != 0:
                raise NoParse("a leader has no attack")
            return [{"leader_def": st[1]}]
        out.append(_ins("modify", what=who, atk=st[0], **{"def": st[1]}, until=until))
    if kws or abilities or trait:
        g: dict[str, Any] = {"what": who}
        if kws:
            g["keywords"] = kws
        if abilities:
            g["abilities"] = list(abilities)  # compiled by the reader
        if trait:
            g["races"] = [trait]
        if until:
            g["until"] = until
        out.append({"grant": g})
    return out


def k_gets(w: Any, s: tuple) -> list:
    return [_ins("modify", what=w, atk=s[0], **{"def": s[1]})]


# zones ---------------------------------------------------------------------------------------
def k_destroy(w: Any) -> list:
    return [{"destroy": w}]  # 5.5


def k_banish(w: Any) -> list:
    return [{"banish": w}]  # 5.6


def k_return(w: Any) -> list:
    return [{"return": w}]


def k_put_owner_ex(w: Any) -> list:
    return [{"move": {"what": w, "to": "ex_area", "as": "$new"}}]  # 4.1.6: its owner's zone


def k_top_or_bottom(w: Any) -> list:
    # no player named: the effect's controller performs it and chooses (3.1.2.4.1)
    return [{"to_deck": {"what": w, "pos": "top_or_bottom", "player": "you"}}]


def k_each_top_or_bottom(p: str) -> list:
    return [{"to_deck": {"what": {"type": "follower", "controller": p}, "pos": "top_or_bottom"}}]


def k_p_top_or_bottom(p: str, w: Any) -> list:
    return [{"to_deck": {"what": _their(w, p), "pos": "top_or_bottom"}}]


def _their(v: Any, p: str) -> Any:
    """"their" in a sentence whose subject is a player means that player."""
    if v == "$their":
        return p
    if isinstance(v, list):
        return [_their(x, p) for x in v]
    if isinstance(v, dict):
        return {k: _their(x, p) for k, x in v.items()}
    return v


def k_shuffle_in(w: Any) -> list:
    return [{"to_deck": {"what": w, "shuffle": True}}]


def k_summon_ref(w: Any) -> list:
    return [{"summon": {"what": w, "as": "$new"}}]  # 5.4.1


def k_summon_engaged(w: Any) -> list:
    return [{"summon": {"what": w, "engaged": True, "as": "$new"}}]


def k_may_summon(p: str) -> list:
    return [{"may": {"do": [{"summon": {"what": "$it", "player": p, "as": "$new"}}], "player": p}}]


def k_to_hand(w: Any) -> list:
    return [{"move": {"what": w, "to": "hand", "as": "$new"}}]


def k_to_cemetery(w: Any) -> list:
    return [{"move": {"what": w, "to": "cemetery", "as": "$new"}}]


def k_to_ex(w: Any) -> list:
    return [{"put_ex": {"what": w, "as": "$new"}}]


def k_bury_ref(w: Any) -> list:
    return [{"bury": {"what": w}}]  # 5.33


def k_bury(s: Sel) -> list:
    return [{"bury": {"n": s.n, "filter": s.filt}}]  # 5.33.1: from your field


def k_pbury(p: str, s: Sel) -> list:
    f = {k: v for k, v in s.filt.items() if k != "controller"}
    return [{"bury": {"n": s.n, "filter": f, "player": p}}]


def k_engage(w: Any) -> list:
    return [{"engage": w}]  # 5.3


def k_refresh(w: Any) -> list:
    return [{"refresh": w}]


def k_engage_any() -> list:
    return [{"select": {"as": "$new", "from": "$it", "n": {"len": "$it"}, "up_to": True}}, {"engage": "$it"}]


def k_transform(w: Any, x: str) -> list:
    return [{"transform": {"what": w, "into": x}}]  # 5.16


def k_maneuver(w: Any) -> list:
    return [{"maneuver": w}]  # 5.31


def k_evolve(w: Any) -> list:
    return [{"evolve": w}]  # 5.15


def k_box(w: Any) -> list:
    return [{"box": w}]  # 5.30


def k_race(w: Any) -> list:
    return [{"race": w}]  # 14.2.3


def k_serve(w: Any) -> list:
    return [{"serve": w}]  # 14.2.1


def k_serve_n(n: Any) -> list:
    return [{"serve": {"what": "self", "n": n}}]


def k_give_drive(w: Any) -> list:
    return [{"give_drive": w}]  # 14.4.7.3


def k_drive_check(n: Any = 1) -> list:
    return [{"drive_check": n}]  # 14.4.5


def k_lesson(n: Any) -> list:
    return [{"lesson": n}]  # 14.3.2


# tokens ------------------------------------------------------------------------------------
def _token_items(tk: dict, zone: str, player: str | None = None) -> list:
    names, n = tk["names"], tk["n"]
    if tk.get("choice"):
        z = zone if zone != "field" else None
        return [{"@choice": [[_ins("token", card=x, zone=z, player=player, **{"as": "$new"})] for x in names],
                 "labels": names}]
    made = [_ins("token", card=x, n=n if n != 1 else None, zone=zone if zone != "field" else None,
                 player=player, **{"as": "$new"}) for x in names]
    # "Summon a Steelclad Knight and Knight token. Give them Ward.": "them" is every token made
    # (4.1.4.1), not the last one only
    return made + [{"@made_together": len(made)}] if len(made) > 1 else made


def k_summon_tokens(t: dict) -> list:
    return _token_items(t, "field")  # 5.4.2.1


def k_ex_tokens(t: dict) -> list:
    return _token_items(t, "ex_area")  # 5.4.2


def k_field_or_ex(t: dict) -> list:
    # "Put up to N X tokens onto your field or into your EX area": the player says how many go
    # onto the field (no more than it takes, 4.4.4), then how many of the rest into the EX area
    # (4.8.3); "up to" allows fewer, and none (1.3.5.1)
    if len(t["names"]) != 1:
        raise NoParse("tokens onto the field or into the EX area")
    x, n = t["names"][0], t["n"]
    return [{"choose_number": {"max": n, "room": "field", "as": "onto_field",
                               "prompt": f"how many {x} tokens onto your field"}},
            _ins("token", card=x, n="onto_field"),
            {"choose_number": {"max": {"sub": [n, "onto_field"]}, "room": "ex_area", "as": "into_ex",
                               "prompt": f"how many {x} tokens into your EX area"}},
            _ins("token", card=x, n="into_ex", zone="ex_area")]


def k_p_summons(p: str, t: dict) -> list:
    return _token_items(t, "field", player=p)


def k_summon_their(t: dict) -> list:
    return _token_items(t, "field", player="$sel")


def k_overflow() -> list:
    return [{"@overflow_ex": True}]


# play points and turns -------------------------------------------------------------------
def k_recover(n: Any) -> list:
    return [{"recover_pp": n}]  # 5.14


def k_max_pp(n: Any) -> list:
    return [{"add_player": {"key": "max_pp", "n": n}}]  # 3.2.4.1 limits apply


def k_gain_ep(n: Any = 1) -> list:
    return [{"add_player": {"key": "ep", "n": n}}]


def k_extra_turn() -> list:
    return [{"extra_turn": "you"}]  # 5.27


def k_evolve_cost(n: Any, until: str | None = None, what: str = "self") -> list:
    return [_ins("set_evolve_cost", what=what, n=n, until=until)]


def k_recover_ep(n: Any) -> list:
    return [{"add_player": {"key": "ep", "n": n}}]


# counters ----------------------------------------------------------------------------------
def k_counter(c: tuple, r: Any) -> list:
    return [{"counter": {"what": r, "name": c[1], "n": c[0]}}]  # 15.1.3


def k_uncounter(c: tuple, r: Any) -> list:
    n = c[0]
    return [{"counter": {"what": r, "name": c[1], "n": {"neg": n} if not isinstance(n, int) else -n}}]


def k_add_stack(n: Any) -> list:
    return [{"add_stack": n}]  # 13.3.2.4


# search and look ------------------------------------------------------------------------------
def _deck_filter(s: Sel) -> dict:
    return {k: v for k, v in s.filt.items() if k not in ("zone", "player", "controller")}


def k_search(s: Sel) -> list:
    return [{"search": {"filter": _deck_filter(s), "n": s.n, "to": "hand", "as": "$new"}}]  # 5.7


def k_search_field(s: Sel) -> list:
    return [{"search": {"filter": _deck_filter(s), "n": s.n, "to": "field", "as": "$new"}}]


def k_search_ex(s: Sel) -> list:
    return [{"search": {"filter": _deck_filter(s), "n": s.n, "to": "ex_area", "as": "$new"}}]


def k_look(n: Any = 1) -> list:
    return [{"look": {"n": n, "as": "$look"}}]  # 5.10.1


def k_plook(p: str) -> list:
    return [{"look": {"n": 1, "player": p, "as": "$look"}}]


#: limits on a group of cards picked together ("that cost a total of 4 or less", "with different
#: classes"): read only where cards are picked from among the cards looked at (``_pick``)
GROUP_TOTAL, GROUP_DISTINCT = "@cost_total_max", "@distinct_class"
#: the qualifier "with different names" in a noun phrase (``grammar_compiler.q_different_names``)
DISTINCT_NAMES = "distinct_names"


def _pick(s: Sel, may: bool) -> dict:
    f = dict(s.filt)
    f.setdefault("zone", "deck")
    f.setdefault("player", "you")
    total, distinct = f.pop(GROUP_TOTAL, None), f.pop(GROUP_DISTINCT, None)
    n: Any = s.n
    if isinstance(s.n, dict) and "count" in s.n and s.up_to:
        n = {"count": dict(f)}  # "any number of followers from your hand": up to all of them
    elif not isinstance(s.n, int):
        # "up to X followers": a count the text defines elsewhere is not read here (never one card)
        raise NoParse("a number of cards to choose that is not a number")
    if total is None and distinct is None:
        return {"select": {"as": "$new", "from": f, "n": n, "up_to": may or s.up_to}}
    if isinstance(n, int) and n < 2:
        raise NoParse("a total or different classes of one card")
    got = {"as": "$new", "from": f, "n": n, "up_to": may or s.up_to}
    if total is not None:
        got["cost_total_max"] = total
    if distinct:
        got["distinct"] = "class"
    return {"select_group": got}


def k_may_reveal_add(s: Sel) -> list:
    return [_pick(s, True), {"reveal": "$it"}, {"move": {"what": "$it", "to": "hand", "as": "$new"}}]


def k_may_put_field(s: Sel) -> list:
    return [_pick(s, True), {"summon": {"what": "$it", "as": "$new"}}]


def k_may_put_cem(s: Sel) -> list:
    if "in" not in s.filt:
        s.filt["in"] = "$look"
        s.filt["zone"] = "deck"
    return [_pick(s, True), {"move": {"what": "$it", "to": "cemetery"}}]


def k_rest_bottom() -> list:
    return [{"to_deck": {"what": {"zone": "deck", "player": "you", "in": "$look"}, "pos": "bottom"}}]


def k_rest_cem() -> list:
    return [{"move": {"what": {"zone": "deck", "player": "you", "in": "$look"}, "to": "cemetery"}}]


def k_may_it_cem() -> list:
    return [{"may": {"do": [{"move": {"what": "$it", "to": "cemetery"}}]}}]


def k_may_reveal_it() -> list:
    return [{"may": {"do": [{"reveal": "$it"}, {"move": {"what": "$it", "to": "hand", "as": "$new"}}]}}]


def k_reveal(w: Any = None, p: str | None = None) -> list:
    if p is not None:
        return [{"reveal": {"zone": "hand", "player": p}}]
    return [{"reveal": w}]


def k_select_opponent() -> list:
    return [{"@player": "enemy"}]


# damage prevention ----------------------------------------------------------------------------
def k_no_deal(w: Any) -> list:
    return [{"damage_mod": {"by": w, "prevent": True, "until": EOT}}]  # 10.10 replacement


def k_no_take(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True, "until": EOT}}]


def k_cost_less(w: Any, n: Any, until: str | None = None) -> list:
    # read: the card's cost is reduced while it stays where it was put (4.1.4, 4.8.3.3,
    # 10.6.2.1.3), for the rest of the turn when the text says "this turn"; a card in a hand
    # keeps it until it leaves the hand, and it applies to playing it from there (10.2.1.3.3;
    # see _Asm.check_changed for the zones where the engine keeps which change)
    return [_ins("modify", what=w, cost=-n if isinstance(n, int) else {"neg": n}, until=until)]


def k_play_free(w: Any) -> list:
    return [{"play_free": w}]


# partial instructions (for "... instead") ------------------------------------------------------
def q_deal(n: Any) -> dict:
    return {"deal": {"n": n}}


def q_give_stats(s: tuple) -> dict:
    return {"modify": {"atk": s[0], "def": s[1]}}


def q_both() -> dict:
    return {"@both": True}


def q_leader(n: Any) -> dict:
    return {"leader_def": n}


def q_draw(n: Any) -> dict:
    return {"draw": n}


def q_recover(n: Any) -> dict:
    return {"recover_pp": n}


def s_if_instead(c: dict, p: dict) -> list:
    return [{"@instead": p, "cond": c}]


def s_instead(p: dict) -> list:
    return [{"@instead": p, "cond": None}]


def s_if_instead_full(c: dict, e: list) -> list:
    if len(e) != 1 or not isinstance(e[0], dict) or any(k.startswith("@") for k in e[0]):
        raise NoParse("instead")
    return [{"@instead": e[0], "cond": c}]


def s_instead_full(e: list) -> list:
    if len(e) != 1 or not isinstance(e[0], dict) or any(k.startswith("@") for k in e[0]):
        raise NoParse("instead")
    return [{"@instead": e[0], "cond": None}]


def _acted_on(ins: Any) -> Any:
    """The cards an instruction acts on (a target's name), for an "instead" of another kind."""
    if not isinstance(ins, dict) or len(ins) != 1:
        return None
    op, args = next(iter(ins.items()))
    if op not in ("deal", "destroy", "banish", "return", "move", "engage", "modify", "grant"):
        return None
    w = args.get("what") if isinstance(args, dict) else args
    return w if isinstance(w, str) else None


def s_x(v: Any) -> list:
    return [{"@x": v}]


def s_once() -> list:
    return [{"@once_per_turn": True}]


def s_act_if(c: dict) -> list:
    return [{"@act_if": c}]


def s_delayed_end(e: list, **_: Any) -> list:
    return [{"@delayed": "start_of_end", "do": e}]


def s_altered() -> list:
    # "X equals the number of cards they returned" follows (see p_value)
    return [{"each_player": {"do": [
        {"move": {"what": {"zone": "hand", "player": "player"}, "to": "deck", "as": "returned"}},
        {"shuffle": "player"},
        {"draw": {"n": "X", "player": "player"}}]}}]


def s_effects(e: list) -> list:
    return e


def _enters(filt: dict, whose: str = "you") -> dict:
    f = {k: v for k, v in filt.items() if k not in ("controller", "zone")}
    return {"event": "move", "to": "field", "not_from": "field", "player": whose, "subject": f}


def t_other_enters() -> dict:
    return {"named": "other_follower_enters"}


def t_enters(s: Sel) -> dict:
    return _enters(s.filt)


def t_enemy_enters(s: Sel) -> dict:
    return _enters(s.filt, "enemy")


def t_play(s: Sel, player: str = "you") -> dict:
    f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone")}
    if player == "you" and f == {"type": "spell"}:
        return t_spell()
    if player == "you" and not f:
        return t_card()
    # 10.5; the card played is the trigger's subject ("it", "their leader": its controller's)
    return {"event": "play", "player": player, "data": {"kind": "card"}, "subject": f}


def t_takes_ability_damage() -> dict:
    return {"named": "takes_damage", "data": {"kind": "ability"}}  # 5.13.3.3


def t_to_cemetery(s: Sel, whose: Any, zone: str) -> dict:
    # matched as the card was before it moved (the field: its controller; a deck: its owner)
    if zone not in ("field", "deck", "hand", "ex_area") or s.filt.get("zone") not in (None, "field"):
        raise NoParse("from which zone")
    f = {k: v for k, v in s.filt.items() if k not in ("zone", "controller", "player")}
    if s.filt.get("controller") not in (None, whose) and whose is not None:
        raise NoParse("whose card")
    if whose is not None:
        if whose not in ("you", "enemy"):
            raise NoParse("whose zone")
        f["controller" if zone == "field" else "player"] = whose
    elif s.filt.get("controller"):
        f["controller" if zone == "field" else "player"] = s.filt["controller"]
    if zone != "field":
        f["zone"] = zone
    return {"event": "move", "from": zone, "to": "cemetery", "subject": f}


def t_strike() -> dict:
    return {"named": "strike"}  # 12.7


def t_attacks(s: Sel) -> dict:
    f = {k: v for k, v in s.filt.items() if k != "controller"}
    who = s.filt.get("controller", "you")
    return {"event": "attack", "player": who, "subject": f}


def t_destroyed(s: Sel) -> dict:
    return {"event": "move", "from": "field", "to": "cemetery", "cause": "destroy", "subject": s.filt}


def t_self_destroyed() -> dict:
    return {"named": "destroyed"}


def t_leaves(s: Sel) -> dict:
    f = dict(s.filt)
    f.setdefault("controller", "you")
    return {"event": "move", "from": "field", "subject": f}


def t_self_leaves() -> dict:
    return {"named": "leaves_field"}


def t_self_returned() -> dict:
    return {"event": "move", "subject": "self", "from": "field", "to": "hand"}


def t_self_banished() -> dict:
    return {"named": "banished"}


def t_discarded() -> dict:
    # SVE 10.7.4.1.1: a card moved from the hand (non-public) to the cemetery is seen where it is
    # public: the ability watches from the cemetery only (valid in the hand too, it triggered twice)
    return {"event": "move", "subject": "self", "from": "hand", "to": "cemetery", "cause": "discard",
            "@zones": ["cemetery"]}


def t_spell() -> dict:
    return {"named": "spell_played"}


def t_card() -> dict:
    return {"named": "card_played"}


def t_deals() -> dict:
    return {"named": "deals_damage"}


def t_takes() -> dict:
    return {"named": "takes_damage"}


def t_leader_damaged() -> dict:
    return {"named": "leader_damaged"}


def t_evolves() -> dict:
    return {"named": "on_evolve"}  # 12.6.2


def t_ally_evolves() -> dict:
    return {"named": "ally_evolves"}


def t_races() -> dict:
    return {"named": "on_race"}  # 14.2.4


def t_drive() -> dict:
    return {"named": "on_drive"}  # 14.4.8


def t_drive_trigger() -> dict:
    return {"named": "drive_check_trigger"}  # 14.4.5.1.4


def t_main() -> dict:
    return {"named": "start_of_main"}  # 7.3.1


def t_end() -> dict:
    return {"named": "start_of_end"}  # 7.4.1


def t_each_main() -> dict:
    return {"named": "start_of_each_main", "@that_player": "active"}


def t_each_end() -> dict:
    return {"named": "start_of_each_end", "@that_player": "active"}


def t_enemy_main() -> dict:
    return {"named": "start_of_enemy_main"}


def t_enemy_end() -> dict:
    return {"named": "start_of_enemy_end"}


def t_turn() -> dict:
    return {"named": "start_of_turn"}


def st_while_self(x: list) -> list:
    return x  # 10.3.5: a field card's passive abilities are valid on the field


def st_while(c: dict, x: list) -> list:
    return [dict(p, **{"if": and_cond(p.get("if"), c)}) for p in x]


def st_your_turn(x: list) -> list:
    return [dict(p, **{"if": and_cond(p.get("if"), {"turn": "yours"})}) for p in x]


def st_their_turn(x: list) -> list:
    return [dict(p, **{"if": and_cond(p.get("if"), {"turn": "theirs"})}) for p in x]


def st_have(s: Sel, k: list) -> list:
    _static_reach(s)
    return [{"grant": {"keywords": k}, "affects": s.filt}]


def st_damage_by_defense(s: Sel | None) -> list:
    """8.4.9, 8.4.9.1: the followers deal damage equal to their defense when they attack or are
    attacked (the flag the attack procedure reads); ``None``: the card itself."""
    if s is None:
        return [{"grant": {"flags": ["damage_by_defense"]}}]
    _static_reach(s)
    return [{"grant": {"flags": ["damage_by_defense"]}, "affects": s.filt}]


def st_ref_have(w: Any, k: list) -> list:
    if w != "self":
        raise NoParse("has")
    return [{"grant": {"keywords": k}}]


#: zones whose cards the engine's layers reach (SVERules.layered_zones); a passive ability's
#: stats or abilities given to cards elsewhere would change nothing
_LAYERED = ("field", "leader", "ex_area", "resolution")


def _static_reach(s: Sel) -> None:
    z = s.filt.get("zone")
    if isinstance(z, str) and z not in _LAYERED:
        raise NoParse(f"a passive change to cards in the {z}")  # refused rather than ignored


def st_stats(s: Sel, st: tuple) -> list:
    _static_reach(s)
    return [{"modify": {"atk": st[0], "def": st[1]}, "affects": s.filt}]


def _cost_players(s: Sel, default: str) -> dict:
    """Whose cards a cost change affects: "your followers" yours, "enemy followers" the
    opponent's, "followers" ``default``."""
    who = {"you": "you", "enemy": "enemy"}.get(str(s.filt.get("controller", s.filt.get("player"))), default)
    return {} if who == "you" else {"who": who}


def _cost_filter(s: Sel) -> dict:
    """Which cards a passive cost change affects.  "Each follower in your hand costs 1 less"
    keeps its zone: only a card played from the hand (SVERules.card_costs, 10.2.1.3.3), and
    so for the EX area; a cost change to cards in a zone no card is played from is refused."""
    z = s.filt.get("zone")
    if isinstance(z, str) and z not in ("field", "hand", "ex_area"):
        raise NoParse(f"a cost change to cards in the {z}")
    # whose cards: the players the change applies to (_cost_players); a card being played is in
    # the resolution zone, which is no player's (4.11)
    return {k: v for k, v in s.filt.items()
            if k not in ("controller", "player") and (k != "zone" or v in ("hand", "ex_area"))}


def st_cost_less(s: Sel, n: Any) -> list:
    f = _cost_filter(s)
    return [{"cost_mod": {"n": -n if isinstance(n, int) else {"neg": n}, "affects": f},
             **_cost_players(s, "you")}]  # 10.2.1.3.3


def st_cost_more(s: Sel, n: Any) -> list:
    f = _cost_filter(s)
    return [{"cost_mod": {"n": n, "affects": f}, **_cost_players(s, "each")}]


def st_self_less(n: Any) -> list:
    return st_self_more(-n if isinstance(n, int) else {"neg": n})


def st_self_more(n: Any) -> list:
    return [{"cost_mod": {"n": n, "affects": {"self": True}}, "@zones": ["hand", "ex_area", "resolution"]}]


def st_no_ability_damage(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True, "kind": "ability"}}]  # 5.13.3.3


def st_no_combat_damage(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True, "kind": "combat"}}]  # 5.13.3.2


def st_no_damage(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True}}]


def st_sel_no_damage(s: Sel) -> list:
    return [{"damage_mod": {"to": s.filt, "prevent": True}}]


def st_reduce(n: Any) -> list:
    return [{"damage_mod": {"to": "self", "n": -n}}]  # 5.13.2


def st_more(n: Any) -> list:
    return [{"damage_mod": {"by": "self", "n": n}}]  # 5.13.2


def st_ignore_ward() -> list:
    return [{"grant": {"flags": ["ignore_ward"]}}]


def st_no_attack() -> list:
    return [{"grant": {"flags": ["cannot_attack"]}}]  # 8.4.3.2.1


def st_no_attack_leader() -> list:
    return [{"grant": {"flags": ["cannot_attack_leader"]}}]  # 8.4.3.2


def st_any_cost(s: Sel, who: str, n: Any, less: bool) -> list:
    f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone")}
    d = (-n if isinstance(n, int) else {"neg": n}) if less else n
    return [{"cost_mod": {"n": d, "affects": f}, "who": who}]  # 10.2.1.3.3


def st_enters_engaged() -> list:
    return [{"@keyword": "enters_engaged"}]  # 4.2.2.3 "unless indicated otherwise"


def st_alt_name(x: str) -> list:
    return [{"@alt_name": x}]  # 2.13


def st_copies_any() -> list:
    return [{"@copies": "any"}]  # 6.1.2: a deck-building ability (the `copies` field)


def st_copies_n(n: Any) -> list:
    if not isinstance(n, int) or n < 1:
        raise NoParse(str(n))
    return [{"@copies": n}]  # 6.1.2


# ------------------------------------------------------------------------------------- assembly
class _Asm:
    """Turns the items of an ability's sentences into targets and instructions."""

    def __init__(self, subject: str | None = None, names: Counter | None = None) -> None:
        self.targets: list[dict] = []
        self.names = names if names is not None else Counter()
        self.it: Any = subject
        self.sel: Any = subject
        self.look: Any = None
        self.cost: list = []
        self.flags: dict[str, Any] = {}
        self.choice: list | None = None
        self.instead_made: set[int] = set()
        self.last_token: tuple | None = None
        self.player: str | None = None
        self.made: str | None = None
        self.allocated: set[str] = set()
        self.zones: dict[str, str] = {}  # the zone a bound card is in, where the text says it
        #: "Select A and B": the two selections, named "the first ..." and "the second ..."
        self.pair: list[str] | None = None
        #: the value "X equals ..." gave X (5.2.1.2), for the sentences after it
        self.x_value: Any = None

    def alloc(self, v: Any) -> Any:
        """Give fresh names to the bindings an instruction makes ("as": "$new" ...)."""
        if isinstance(v, list):
            return [self.alloc(x) for x in v]
        if not isinstance(v, dict):
            return v
        out = {}
        for k, x in v.items():
            if k == "as" and x in ("$new", "$look", "$made"):
                name = self.fresh({"$look": "looked", "$made": "made"}.get(x, "c"))
                self.allocated.add(name)
                if x == "$look":
                    self.look = name
                elif x == "$made":
                    self.made = name
                out[k] = name
            else:
                out[k] = self.alloc(x)
        return out

    def fresh(self, base: str) -> str:
        return fresh_name(self.names, base)

    # -- placeholders
    def sub(self, v: Any) -> Any:
        if isinstance(v, str):
            if v == "$it":
                if self.it is None:
                    raise NoParse("'it' names nothing")
                return self.it
            if v == "$sel":
                if self.sel is None:
                    if self.it is None:
                        raise NoParse("'that follower' names nothing")
                    return self.it
                return self.sel
            if v == "$two":
                # "one" and "the other" (10.6.2.3): the cards of a selection of exactly two
                two = [t for t in self.targets if t.get("as") == self.sel and t.get("n") == 2]
                if not two:
                    raise NoParse("'one' and 'the other' without a selection of two cards")
                return self.sel
            if v in ("$first", "$second"):
                if self.pair is None:
                    raise NoParse("'the first' / 'the second' without two selections")
                return self.pair[0 if v == "$first" else 1]
            if v == "$look":
                if self.look is None:
                    raise NoParse("'from among them' without looking at cards")
                return self.look
            if v == "$made":
                if self.made is None:
                    raise NoParse("'remaining tokens' without made tokens")
                return self.made
            if v == "$player":
                if self.player is None:
                    raise NoParse("'they' names no player")
                return self.player
            if v == "$their":
                if self.sel is None:
                    raise NoParse("'their' names nothing")
                return self.sel
            return v
        if isinstance(v, list):
            return [self.sub(x) for x in v]
        if isinstance(v, dict):
            return {k: (v2 if k == "as" else self.sub(v2)) for k, v2 in v.items()}
        return v

    def run(self, items: list, out: list, cond: Any = None) -> None:
        for it in items:
            self.item(it, out, cond)

    def item(self, it: dict, out: list, cond: Any) -> None:
        if "@target" in it:
            self.target(it["@target"], out)
        elif "@targets" in it:
            names: list = []
            for s in it["@targets"]:
                if names and it.get("distinct"):
                    # a card selected first is not selected again (two selections, two cards)
                    s = Sel({**s.filt, "not_in": names[0]}, s.n, s.up_to, s.each, s.plural)
                self.target(s, out)
                names.append(self.it)
            self.pair = names
            self.it = self.sel = names  # "them": both
        elif "@random" in it:
            # 5.18.1: cards chosen at random among those of the kind (random_cards.py)
            filt = self.sub(it["@random"].filt)
            name = self.fresh("c")
            out.append({"select_random": {"as": name, "from": filt, "n": it["@random"].n}})
            self.zones[name] = filt["zone"] if isinstance(filt.get("zone"), str) else "field"
            self.it = self.sel = name
        elif "@made_together" in it:
            self.it = self.sel = [next(iter(ins.values()))["as"] for ins in out[-it["@made_together"]:]]
        elif "@if" in it:
            sub: list = []
            c = self.sub(it["@if"])
            before = len(self.targets)
            self.run(it["then"], sub)
            if sub:
                out.append({"if": {"cond": c, "then": sub}})
            elif len(self.targets) > before:
                # "If A, select X. Deal 4 damage to it.": the selection alone under the condition
                # would be made whatever A is (the condition lost): not read
                raise NoParse("a condition on a selection alone")
        elif "@instead" in it:
            c = and_cond(cond, self.sub(it["cond"]) if it["cond"] is not None else None)
            if c is None:
                raise NoParse("'instead' without a condition")
            self.instead(it["@instead"], c, out)
        elif "@x" in it:
            v = self.sub(it["@x"])
            self.x_value = v
            for i, ins in enumerate(out):
                out[i] = _replace_x(ins, v)
            for i, t in enumerate(self.targets):
                self.targets[i] = _replace_x(t, v)
        elif "@may" in it:
            items = it["@may"]
            if items and "@target" in items[0]:
                # "You may select ...": selecting none is allowed (10.6.2.3.2)
                first = dict(items[0])
                first["@target"] = copy.deepcopy(first["@target"])
                first["@target"].up_to = True
                self.run([first] + list(items[1:]), out)
                return
            sub = []
            self.run(items, sub)
            out.append({"may": {"do": sub}})
        elif X_CHOICE in it:
            # 5.2.1.2.2, 10.6.2.2.3: "X equals a number of your choice": X specified as the ability
            # is played (numbers.check_x_choice: only with an X play point cost)
            self.flags["x"] = copy.deepcopy(X_CHOICE_SPEC)
        elif "@once_per_turn" in it:
            self.flags["once_per_turn"] = True
        elif "@per_turn" in it:
            self.flags["per_turn"] = it["@per_turn"]  # 10.7.2.2
        elif "@act_if" in it:
            self.flags["if"] = self.sub(it["@act_if"])
        elif "@choice" in it:
            if self.choice is not None:
                raise NoParse("two choices in one ability")
            self.choice = list(it["labels"])
            branches = []
            for opt in it["@choice"]:
                sub = []
                self.run(opt, sub)
                branches.append(sub)
            node: list = branches[-1]
            for i in range(len(branches) - 2, -1, -1):
                node = [{"if": {"cond": {"chose": i}, "then": branches[i], "else": node}}]
            out.extend(node)
            self.last_token = ("choice", len(out) - len(node), it)
        elif "@overflow_ex" in it:
            self.overflow(out)
        elif "@delayed" in it:
            sub = []
            saved = (self.it, self.sel)
            self.run(it["do"], sub)
            self.it, self.sel = saved
            out.append({"delayed": {"on": it["@delayed"], "do": sub}})
        elif "@delayed_on" in it:
            # 10.7.5: a delayed ability watching the card named before ("When it's put from the
            # field into the cemetery this turn, ..."); its effect names that card no more ("it" is
            # refused: the card has moved, 4.1.4)
            on = self.sub(it["@delayed_on"])
            sub = []
            saved = (self.it, self.sel)
            self.it = self.sel = None
            self.run(it["do"], sub)
            self.it, self.sel = saved
            out.append({"delayed": {"on": on, "do": sub, "until": it["until"]}})
        elif "@divide" in it:
            if not self.targets:
                raise NoParse("divided damage without selected targets")
            self.targets[-1]["divide"] = it["@divide"]
        elif ONE_AND_OTHERS in it:
            # 10.6.2, 5.13: the player picks one of the cards selected before ("one"); "the others"
            # are the rest of them (the selection, less the one picked)
            group = self.sub("$it")
            if not isinstance(group, str):
                raise NoParse("'one' and 'the others' of no selection")
            one = self.fresh("one")
            self.allocated.add(one)
            out.append({"select": {"as": one, "from": group, "n": 1}})
            self.it = one
            self.run(it[ONE_AND_OTHERS]["one"], out)
            self.it = {"in": group, "not_in": one}
            self.run(it[ONE_AND_OTHERS]["others"], out)
            self.it = self.sel = group
        elif "@player" in it:
            self.player = it["@player"]
            self.it = self.sel = it["@player"]
        elif "@both" in it:
            raise NoParse("'both' outside 'instead'")
        else:
            if any(k.startswith("@") for k in it):
                raise NoParse(f"{next(iter(it))} outside the sentence that reads it")  # never an instruction
            ins = self.sub(it)
            op = next(iter(ins))
            arg = ins[op]
            new_name = None
            ins = self.alloc(ins)
            arg = ins[op]
            if isinstance(arg, dict) and isinstance(arg.get("as"), str) and arg["as"] in self.allocated:
                new_name = arg["as"]
            split = self.leader_or_follower_defense(op, arg, ins)
            if split is not None:
                out.append(split)
                return
            if op in _CHANGES:
                self.check_changed(op, arg)
            self.check_acted_on(op, arg)
            out.append(ins)
            if op in ("modify", "grant") and isinstance(arg, dict) and isinstance(arg.get("what"), dict):
                self.it = arg["what"]  # "Give each X ... give them ..." (the same cards)
            if op == "token":
                self.last_token = ("token", len(out) - 1, ins)
            if new_name is not None:
                self.it = new_name
                z = self.zone_after(op, arg)
                if z is not None:
                    self.zones[new_name] = z
            elif "self" in self.zones and op in _MOVES_SELF_TO \
                    and (arg if not isinstance(arg, dict) else arg.get("what")) == "self":
                # 4.1.4.1: "this card" follows the move ("Banish this card. Then, summon it")
                self.zones["self"] = _MOVES_SELF_TO[op] or arg.get("to") or "hand"

    def leader_or_follower_defense(self, op: str, arg: Any, ins: dict) -> dict | None:
        """2.8, 2.8.3: "Select your leader or a follower on your field and give it +2 defense": a
        leader's defense is its player's (``leader_def``), a follower's a stat: the instruction
        for the one selected.  Only a defense increase, for good (a leader's defense has no
        duration; a decrease would be a loss of defense, which no such card words so)."""
        if op != "modify" or not isinstance(arg, dict) or set(arg) != {"what", "atk", "def"} or arg["atk"] != 0 \
                or not (isinstance(arg["def"], int) and arg["def"] > 0):
            return None
        w = arg["what"]
        t = next((t for t in self.targets if isinstance(w, str) and t.get("as") == w), None)
        if t is None or "leader" not in _listed(t.get("type")) or t.get("controller") not in ("you", "enemy"):
            return None
        return {"if": {"cond": {"is": [w, {"zone": "leader"}]},
                       "then": [{"leader_def": {"n": arg["def"], "player": t["controller"]}}], "else": [ins]}}

    def zone_after(self, op: str, arg: dict) -> str | None:
        """Where the cards an instruction binds are (None: not known here)."""
        if op in ("move", "search"):
            return arg.get("to")
        if op == "put_ex":
            return "ex_area"
        if op == "look":
            return "deck"  # 5.10.1: looked at, still in the deck
        if op in ("discard", "bury"):
            return "cemetery"  # 5.11, 5.33
        if op == "banish":
            return "banished"
        if op in ("summon", "token"):
            return arg.get("zone", "field")
        if op in ("select", "select_group"):
            f = arg.get("from")
            return self.zones.get(f) if isinstance(f, str) else f.get("zone", "field") if isinstance(f, dict) else None
        return None

    def check_changed(self, op: str, arg: dict) -> None:
        """4.1.4, 10.9.2: the engine keeps a change to a card's stats or abilities only in the
        zones its layers reach (the field, leader, EX and resolution zones), and a change to its
        cost also in the hand (10.2.1.3.3, ``SVERules.to_waiting``).  A change to a card
        elsewhere ("Select a follower in your hand and give it +1/+1", "Select a follower in
        your cemetery. It costs 1 less to play") would change nothing: refused, never ignored.
        "It costs N less" naming the ability's own card (played already: "Draw a card. It
        costs 1 less to play this turn") is refused too."""
        if op == "damage_mod":  # "It cannot take damage this turn" (a continuous effect, 10.9)
            refs = [arg.get("to"), arg.get("by")] if isinstance(arg, dict) else []
        elif op == "give_drive":  # 14.4.7.3: an ability given to the card
            refs = [arg]
        else:
            refs = [arg.get("what")] if isinstance(arg, dict) else []
        cost_only = isinstance(arg, dict) and (op, set(arg) - {"what", "until"}) in (
            ("modify", {"cost"}), ("set_stats", {"cost_set"}))
        if op in ("modify", "set_stats") and not cost_only and any(
                isinstance(w, str) and any(t.get("as") == w and "leader" in _listed(t.get("type"))
                                           for t in self.targets) for w in refs):
            # 2.8.3: a leader has defense, kept as its player's ``leader_def``, not a stat a
            # continuous effect changes: "Select your leader or a follower ... give it +2
            # defense" would give the leader nothing
            raise NoParse("a stat change of a selected leader")
        for w in refs:
            if w == "self" and cost_only and self.zones.get("self") != "hand":
                raise NoParse("'it costs less' names the card already played")
            z = self.zones.get(w) if isinstance(w, str) else w.get("zone") if isinstance(w, dict) else None
            if not isinstance(z, str) or z in _LAYERED or (z == "hand" and cost_only):
                continue
            raise NoParse(f"a change to a card in the {z.replace('_', ' ')}")

    def check_acted_on(self, op: str, arg: Any) -> None:
        """An action the rules allow only on cards in some zones (``_ACTS_IN``: evolve, engage,
        damage, destroy ... on the field) or not on cards already where it puts them
        (``_NOT_FROM``, 1.3.2.1), named on a card the text puts elsewhere ("Select a follower in
        your hand. Evolve it", "Select a follower in your cemetery and engage it"), would do
        nothing: refused, never compiled."""
        allowed = _ACTS_IN.get(op)
        barred = _NOT_FROM.get(op, ())
        if op == "move" and isinstance(arg, dict) and arg.get("to") in ("hand", "cemetery", "ex_area", "field"):
            barred = (arg["to"],)  # "Select a card in your hand and put it into your hand"
        if allowed is None and not barred:
            return
        w = arg.get("what") if isinstance(arg, dict) and "what" in arg else arg
        z = self.zones.get(w) if isinstance(w, str) else w.get("zone") if isinstance(w, dict) else None
        if op == "turn_face" and z != "evolve_deck":
            raise NoParse("turn: a card not known to be in the evolve deck (4.6.3)")
        if not isinstance(z, str):
            return  # not known here (a selector's default zone is the field, 4.4.3)
        if (allowed is not None and z not in allowed[0]) or z in barred:
            raise NoParse(f"{op} of a card in the {z.replace('_', ' ')}")

    def target(self, s: Sel, out: list) -> None:
        filt = self.sub(s.filt)
        zone = filt.get("zone")
        hidden = zone in ("hand", "deck", "evolve_deck")
        distinct = {}
        if filt.pop(DISTINCT_NAMES, None):
            # 2.1: "Select up to 3 X with different names": no two selected share a name (read only
            # with "up to": how many names there are is not known before the selection)
            if not (s.up_to and isinstance(s.n, int) and s.n > 1):
                raise NoParse("with different names, not 'up to' several")
            distinct = {"distinct": "name"}
        if hidden:
            # 10.6.2.3: a card in a non-public zone is not a target; it is chosen on resolution
            name = self.fresh("c")
            sel = {"as": name, "from": filt, "n": s.n, **distinct}
            if s.up_to:
                sel["up_to"] = True
            out.append({"select": sel})
            self.zones[name] = zone
        else:
            name = self.fresh("t")
            self.zones[name] = zone if isinstance(zone, str) else "field"
            t: dict[str, Any] = {"as": name}
            total = filt.pop(GROUP_TOTAL, None)
            if total is not None:
                # 2.5: "Select up to 2 Vampire cards that cost a total of 6 or less in your cemetery"
                if not (s.up_to and isinstance(s.n, int) and s.n > 1):
                    raise NoParse("a total cost of one card")
                t["cost_total_max"] = total
            t.update(filt)
            t.update(distinct)
            if s.n != 1:
                t["n"] = s.n
            if s.up_to:
                t["up_to"] = True
            self.targets.append(t)
        self.it = self.sel = name

    def instead(self, partial: Any, c: Any, out: list) -> None:
        if isinstance(partial, list) or _REPL_MARKS & set(partial):
            self.instead_more(partial, c, out)
            return
        if "@both" in partial:
            if self.last_token is None or self.last_token[0] != "choice":
                raise NoParse("'both' without a choice of tokens")
            _, idx, it = self.last_token
            both: list = []
            for opt in it["@choice"]:
                for ins in opt:
                    x = copy.deepcopy(ins)
                    x["token"]["as"] = self.fresh("c")
                    both.append(x)
            old = out[idx:]
            del out[idx:]
            out.append({"if": {"cond": c, "then": both, "else": old}})
            self.instead_made.add(id(out[-1]))
            return
        partial = self.sub(partial)
        op = next(iter(partial))
        for i in range(len(out) - 1, -1, -1):
            cur = out[i]
            latest = cur
            if id(cur) in self.instead_made:
                latest = cur["if"]["then"][0]
            if next(iter(latest)) != op:
                continue
            old_args = latest[op]
            new_args = partial[op]
            if isinstance(old_args, dict) and isinstance(new_args, dict):
                merged = {op: {**old_args, **new_args}}
            else:
                merged = {op: new_args}
            if op in _CHANGES:
                self.check_changed(op, merged[op])
            self.check_acted_on(op, merged[op])
            node = {"if": {"cond": c, "then": [merged], "else": [cur]}}
            out[i] = node
            self.instead_made.add(id(node))
            return
        # 10.10.2.5: another action on the same card replaces the one just done to it ("deal it
        # 3 damage. If ..., destroy it instead.")
        if out and id(out[-1]) not in self.instead_made and _acted_on(out[-1]) is not None \
                and _acted_on(out[-1]) == _acted_on(partial):
            if op in _CHANGES:
                self.check_changed(op, partial[op])
            self.check_acted_on(op, partial[op])
            node = {"if": {"cond": c, "then": [partial], "else": [out[-1]]}}
            out[-1] = node
            self.instead_made.add(id(node))
            return
        if out and id(out[-1]) not in self.instead_made and set(out[-1]) == {"if"} \
                and "else" not in out[-1]["if"]:
            # "..., if A, deal it 1 damage. If B, deal 4 damage instead.": the step replaced is done
            # only under A; it is replaced there (10.10.2.5)
            self.instead(partial, c, out[-1]["if"]["then"])
            return
        raise NoParse(f"'instead' has no earlier {op!r} to replace")

    def instead_more(self, partial: Any, c: Any, out: list) -> None:
        """10.10.2.5: several actions replacing one step ("deal 6 damage to the selected follower
        and 3 damage to its leader instead"): the first of them whose kind was done before names the
        step replaced (the latest of that kind), the others are done with it; none of the others may
        be of a kind the effect did before (it would replace that step too: refused).  "If A,
        instead B" (``STEP_BEFORE``) replaces the one step the effect did before it.  "summon up to
        N" (``UP_TO_TOKENS``): the same tokens, as many as the player chooses, 0 to N (1.3.5.1).
        "summon the second token" (``NTH_TOKEN``): the step replaced is the second of two tokens."""
        items = partial if isinstance(partial, list) else [partial]
        if len(items) == 1 and _STEP_BEFORE in items[0]:
            if len(out) != 1 or id(out[0]) in self.instead_made:
                raise NoParse("'instead' of one step, after several")
            new: list = []
            self.run(items[0][_STEP_BEFORE], new)
            out[0] = {"if": {"cond": c, "then": new, "else": [out[0]]}}
            self.instead_made.add(id(out[0]))
            return
        subs = [p if _UP_TO_TOKENS in p else self.sub(p) for p in items]
        for k, p in enumerate(subs):
            op = "token" if _UP_TO_TOKENS in p else next(x for x in p if not x.startswith("@"))
            for i in range(len(out) - 1, -1, -1):
                cur = out[i]
                latest = cur["if"]["then"][0] if id(cur) in self.instead_made else cur
                if next(iter(latest)) != op:
                    continue
                if _NTH_TOKEN in p:
                    made = [j for j, x in enumerate(out) if next(iter(x)) == "token"]
                    if len(made) != p[_NTH_TOKEN] or made[-1] != i:
                        raise NoParse("'the second token' without two tokens made")
                if _UP_TO_TOKENS in p:
                    old = {x: v for x, v in latest["token"].items() if x not in ("zone", "n", "as")}
                    name = self.fresh("n")
                    mine = [{"choose_number": {"max": p[_UP_TO_TOKENS], "room": "field", "as": name,
                                               "prompt": f"how many {old.get('card')} tokens to summon"}},
                            {"token": {**old, "n": name}}]
                else:
                    old_args, new_args = latest[op], p[op]
                    mine = [{op: {**old_args, **new_args}} if isinstance(old_args, dict) and isinstance(new_args, dict)
                            else {op: new_args}]
                for o in subs[:k] + subs[k + 1:]:
                    o_op = next(iter(o))
                    if any(next(iter(x)) == o_op for j, x in enumerate(out) if j != i):
                        raise NoParse(f"'instead' would replace two steps ({o_op!r})")
                repl = [self.alloc(x) for x in subs[:k]] + mine + [self.alloc(x) for x in subs[k + 1:]]
                for x in repl:
                    x_op = next(iter(x))
                    if x_op in _CHANGES:
                        self.check_changed(x_op, x[x_op])
                    self.check_acted_on(x_op, x[x_op])
                node = {"if": {"cond": c, "then": repl, "else": [cur]}}
                out[i] = node
                self.instead_made.add(id(node))
                return
        raise NoParse("'instead' has no earlier step of its kinds to replace")

    def overflow(self, out: list) -> None:
        """"If your field becomes full from this effect, put any remaining tokens into your EX
        area": the tokens that could not be summoned (4.4.4.2) go to the EX area."""
        if self.last_token is None or self.last_token[0] != "token":
            raise NoParse("'remaining tokens' without summoned tokens")
        _, idx, ins = self.last_token
        a = dict(ins["token"])
        if a.get("zone", "field") != "field":
            raise NoParse("'remaining tokens' after tokens put elsewhere")
        n = a.get("n", 1)
        made = self.fresh("made")
        a["as"] = made
        out[idx] = {"token": a}
        extra = {k: v for k, v in a.items() if k not in ("as", "zone", "n")}
        out.insert(idx + 1, {"token": {**extra, "n": {"sub": [n, {"len": made}]}, "zone": "ex_area"}})
        self.it = made


def _listed(v: Any) -> list:
    return v if isinstance(v, list) else [v]


#: marks of the replacements of several actions (see _Asm.instead_more; replacements.py names them)
_UP_TO_TOKENS = "@up_to_tokens"
_STEP_BEFORE = "@step_before"
_NTH_TOKEN = "@nth_token"
_REPL_MARKS = {_UP_TO_TOKENS, _STEP_BEFORE, _NTH_TOKEN}


#: instructions that change a card's characteristics (see _Asm.check_changed)
_CHANGES = ("modify", "grant", "set_stats", "lose", "set_evolve_cost", "counter", "damage_mod", "give_drive")


#: the zones whose cards an action can act on (see _Asm.check_acted_on), with the rule; an
#: instruction not listed (banish 5.6.1, to_deck, move and put 5.4.1, summon from the zone the
#: text names 5.4.3, put into the EX area, reveal 5.20.1, play, swap 5.12.1; bury 5.33.1, a card
#: the player controls, which is any card in their own zones, 3.1.2) acts on a card in any zone
#: the text names
_FIELD = ("field",)
_ACTS_IN: dict[str, tuple[tuple[str, ...], str]] = {
    "evolve": (_FIELD, "5.15.1: a card on the field"),
    "engage": (_FIELD, "5.3.1, 4.2.1, 4.4.2: placement states are the field's"),
    "refresh": (_FIELD, "5.3.1, 4.2.1, 4.4.2"),
    "no_refresh": (_FIELD, "7.2.3: the start phase refreshes the field"),
    "deal": (("field", "leader"), "5.13.1: damage to a follower or a leader"),
    "destroy": (_FIELD, "5.5.1: a card on the field"),
    "maneuver": (_FIELD, "5.31.1"),
    "transform": (("field", "ex_area"), "5.16.1, 9.1.4.1: the token is made in that zone"),
    "give_control": (_FIELD, "5.21.2: a card on the field"),
    "gain_control": (_FIELD, "5.21.1: a card on an opponent's field"),
    "box": (_LAYERED, "5.30.2: it loses its abilities (a change, 4.1.4)"),
    "serve": (_FIELD, "14.2.1.1, 14.2.1.3: linked while on the field"),
    "race": (_FIELD, "14.2.3.1: linked to the race zone while on the field"),
    "add_stack": (_FIELD, "13.3.2.4: a card with Stack on your field"),
    "change_type": (_LAYERED, "5.24: a change (4.1.4)"),
    "become": (_LAYERED, "a change (4.1.4)"),
    "turn_face": (("evolve_deck",), "4.6.3: the faceup cards of the evolve deck area"),
}
#: where a move puts a card (None: where its "to" says)
_MOVES_SELF_TO: dict[str, str | None] = {
    "destroy": "cemetery", "bury": "cemetery", "banish": "banished", "return": "hand", "to_deck": "deck",
    "put_ex": "ex_area", "summon": "field", "put_field": "field", "move": None}
#: actions that do nothing to a card already where they put it (1.3.2.1)
_NOT_FROM: dict[str, tuple[str, ...]] = {"return": ("hand",), "put_field": _FIELD, "summon": _FIELD,
                                         "put_ex": ("ex_area",), "bury": ("cemetery",)}


#: instructions whose "as" binding may be left out
_OPTIONAL_AS = ("token", "summon", "move", "put_ex", "search", "look", "discard", "bury", "reveal")


def prune(spec: Any) -> Any:
    """Drop "as" bindings nothing refers to (they only make the data harder to read)."""
    used: Counter = Counter()

    def scan(v: Any, key: str | None = None) -> None:
        if isinstance(v, str):
            if key != "as":
                used[v] += 1
        elif isinstance(v, list):
            for x in v:
                scan(x)
        elif isinstance(v, dict):
            for k, x in v.items():
                scan(x, k)

    scan(spec)

    def strip(v: Any) -> Any:
        if isinstance(v, list):
            return [strip(x) for x in v]
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                if k in _OPTIONAL_AS and isinstance(x, dict) and isinstance(x.get("as"), str) and \
                        not used[x["as"]]:
                    x = {kk: vv for kk, vv in x.items() if kk != "as"}
                    if set(x) == {"what"} and k in ("summon", "put_ex", "reveal"):
                        x = x["what"]
                    elif set(x) == {"n"} and k == "discard":
                        x = x["n"]
                out[k] = strip(x)
            return out
        return v

    return _canon_blocks(strip(spec))


_VOCAB: Any = None


def _ops() -> dict:
    global _VOCAB
    if _VOCAB is None:
        from .vocabulary import vocabulary

        _VOCAB = vocabulary()
    return _VOCAB.ops


def _canon_blocks(spec: Any, in_block: bool = False) -> Any:
    """Write a one-value instruction whose value is a mapping (a selector, a value expression)
    under its key: ``destroy: {what: {type: follower}}``, ``recover_pp: {n: {count: ...}}``."""
    if isinstance(spec, list):
        return [_canon_blocks(x, in_block) for x in spec]
    if not isinstance(spec, dict):
        return spec
    out = {}
    for k, v in spec.items():
        if in_block and len(spec) == 1 and k in _ops():
            op = _ops()[k]
            if isinstance(v, dict) and op.short and not set(v) <= set(op.args):
                v = {op.short: v}
            out[k] = _canon_blocks(v, False)
        elif k in ("do", "then", "else", "instead"):
            out[k] = _canon_blocks(v, True)
        else:
            out[k] = _canon_blocks(v, False)
    return out


def _replace_x(v: Any, x: Any) -> Any:
    if v == "X":
        return copy.deepcopy(x)
    if isinstance(v, list):
        return [_replace_x(i, x) for i in v]
    if isinstance(v, dict):
        return {k: _replace_x(i, x) for k, i in v.items()}
    return v


_REGION_COND = {"combo": "combo", "spellchain": "spellchain", "sc": "spellchain", "necrocharge": "necrocharge",
                "nc": "necrocharge"}


# --------------------------------------------------------------------------------- abilities
class Compiled(CompiledCard):
    def add_kw(self, k: Any) -> None:
        if k not in self.keywords:
            self.keywords.append(k)


_SELF_TRIGGERS = ("fanfare", "last_words", "on_evolve", "strike", "follower_strike", "leader_strike", "on_race",
                  "on_drive", "leaves_field", "destroyed", "banished", "deals_damage", "takes_damage")


def _sub_subject(v: Any, subject: str | None) -> Any:
    if subject is None:
        raise NoParse("'it' in a trigger condition names nothing")
    if v == "$it" or v == "$sel":
        return subject
    if isinstance(v, list):
        return [_sub_subject(x, subject) for x in v]
    if isinstance(v, dict):
        return {k: _sub_subject(x, subject) for k, x in v.items()}
    return v


def _mentions(v: Any, word: str) -> bool:
    if isinstance(v, dict):
        return any(_mentions(x, word) for x in v.values())
    if isinstance(v, list):
        return any(_mentions(x, word) for x in v)
    return v == word


def _fill(v: Any, word: str, by: Any) -> Any:
    if isinstance(v, dict):
        return {k: _fill(x, word, by) for k, x in v.items()}
    if isinstance(v, list):
        return [_fill(x, word, by) for x in v]
    return by if v == word else v


#: card fields that hold behaviour; a card with any of them (or ``script``) is not compiled
BEHAVIOUR_FIELDS = ("abilities", "effect", "keywords", "script")
