"""The meanings of the grammar rules of the section "the long tail of the newer template".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- counters on a card in any zone as a qualifier: "a card in your EX area with at least 4 passion
  counters" (15.1; the selector key ``counters``), and "If it has at least 10, ...": the card the
  condition before found, with the new number (:func:`resolve_it_has`);
- the quick icon before the activate icon, a rider between a choice's heading and its options
  (10.1.1.1.1, 10.7.2.2);
- counts as values: "Draw a card for every X" (5.9), "Recover play points equal to V" (5.14), "Deal
  each A and B damage equal to V" (5.13);
- "Search your deck for A and B, summon them, then shuffle" (5.7, 5.4.1);
- triggers: a card put into your EX area (4.8, 9.1.2.2), "when you discard X" (5.11).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NUMBER_WORDS, NoParse
from .assembly import k_search_field

_inline = v_args(inline=True)

#: "If it has at least N": filled in from the condition before (resolve_it_has)
IT_HAS = "@it_has_at_least"
#: "While at least N": the value the sentence before compared (resolve_stat_again)
SELF_STAT_AGAIN = "@self_stat_again"
#: "If you do": checked against the sentence before (resolve_if_you_do)
IF_YOU_DO = "@if_you_do"


class LongTail:
    """Semantics of the long tail of the newer template (a mixin of ``SveSemantics``)."""

    # -- counters (15.1) ----------------------------------------------------------------------------
    @_inline
    def q_counters_min(self, n: Token, word: Token, *_parts: Any) -> tuple:
        # 15.1.2.2: counters of one name are alike; the card has at least N of them
        return ("qual", "counters", {"name": str(word).lower(), "min": _int(n)})

    @_inline
    def it_has_at_least(self, n: Token, *parts: Any) -> dict:
        word = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "WORD"), None)
        return {IT_HAS: {"min": _int(n), "name": word}}

    @_inline
    def q_up_to_word(self, n: Token) -> dict:
        return {"n": _int(n), "up_to": True}  # "up to two": a number written as a word

    # -- riders --------------------------------------------------------------------------------------
    @_inline
    def choice_rider(self, *parts: Any) -> tuple:
        riders = [p for p in parts if isinstance(p, Token)]
        rest = [p for p in parts if not isinstance(p, Token)]
        kind, head, n, opts = self.choice(*rest)  # type: ignore[attr-defined]
        rider = riders[0]
        items = self.twice_rider(rider) if rider.type == "TWICE_RIDER" else self.once_rider(rider)  # type: ignore[attr-defined]
        return (kind, [*head, (None, items)], n, opts)  # 10.7.2.2: a rider of the whole ability

    # -- counts as values ----------------------------------------------------------------------------
    @_inline
    def draw_per(self, *parts: Any) -> list:
        # 5.9.2: drawing a card for every X is drawing as many cards as there are X
        bare = parts[-1]
        return [{"draw": {"n": _count(self, bare)}}]

    @_inline
    def recover_equal(self, v: Any) -> list:
        return [{"recover_pp": {"n": v}}]  # 5.14.1: up to the maximum play points

    @_inline
    def deal_np_value(self, *parts: Any) -> list:
        *refs, v = parts
        if len(refs) == 2:  # "each enemy leader and enemy follower": "each" governs both
            w = self.ref_each_and(*refs)  # type: ignore[attr-defined]
        elif refs[0].each:
            w = refs[0].filt
        else:
            raise NoParse("an indefinite noun phrase needs 'Select' (10.6.2.3)")
        return [{"deal": {"what": w, "n": v}}]  # 5.13

    # -- passive abilities valid while the card's own value is at least N (10.3.3) ------------------------
    @_inline
    def st_while_self_stat(self, _n: Token, stat: Token, n: Token, what: Any) -> list:
        key = "atk_min" if str(stat).lower() == "attack" else "def_min"
        return [dict(p, **{"if": {"is": ["self", {key: _int(n)}]}}) for p in _it_passive(what)]

    @_inline
    def st_while_it_has(self, cond: Any, what: Any) -> list:
        if not (isinstance(cond, dict) and set(cond) == {"is"} and cond["is"][0] == "self"):
            raise NoParse("'it' names something other than the card the condition names")
        return [dict(p, **{"if": cond}) for p in _it_passive(what)]

    @_inline
    def st_while_stat_again(self, n: Token, what: Any) -> list:
        return [dict(p, **{"if": {SELF_STAT_AGAIN: _int(n)}}) for p in _it_passive(what)]

    # -- "If you do" -----------------------------------------------------------------------------------
    @_inline
    def if_you_do(self, e: list) -> list:
        got = self.if_then({"did": True}, e)  # type: ignore[attr-defined]
        got[0][IF_YOU_DO] = True
        return got

    @_inline
    def if_you_dont(self, e: list) -> list:
        got = self.if_then({"did": False}, e)  # type: ignore[attr-defined]
        got[0][IF_YOU_DO] = False
        return got

    # -- searches (5.7) ------------------------------------------------------------------------------
    @_inline
    def search_two_summon(self, a: Any, b: Any) -> list:
        if isinstance(b, Token):
            b = self.np_name({"n": 1}, b)  # type: ignore[attr-defined]
        for s in (a, b):
            if s.each or s.up_to or s.n != 1:
                raise NoParse("search for one card of each description")
        # one card of each description is searched for and put onto the field (5.7, 5.4.1); "them"
        # in the sentences after it is both cards
        got = []
        for s, name in ((a, "found_a"), (b, "found_b")):
            item = k_search_field(s)[0]
            item["search"]["as"] = name
            got.append(item)
        return [*got, {"bind": {"as": "$new", "value": ["found_a", "found_b"]}}]


    # -- triggers ------------------------------------------------------------------------------------
    @_inline
    def on_put_into_ex(self, _w: Token, s: Any) -> dict:
        f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone", "player")}
        # 4.8: moved into the EX area from another zone, or a token created there (9.1.2.2)
        return {"event": "move", "to": "ex_area", "not_from": "ex_area", "player": "you", "subject": f}

    @_inline
    def on_you_discard_np(self, _w: Token, s: Any) -> dict:
        if s.each or s.up_to or s.n != 1:
            raise NoParse("discard one card")
        f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone", "player")}
        # 5.11.1: each card discarded is put from the hand into the cemetery
        return {"event": "move", "from": "hand", "to": "cemetery", "cause": "discard", "player": "you",
                "subject": f}


def _it_passive(what: Any) -> list:
    """"it has KEYWORDS" / "it ignores Ward": "it" is the card itself (as "This follower ...")."""
    if isinstance(what, list):
        return [{"grant": {"keywords": what}}]
    return [{"grant": {"flags": ["ignore_ward"]}}]


def _int(n: Token) -> int:
    v = str(n).lower()
    if v.isdigit():
        return int(v)
    if v in NUMBER_WORDS:
        return int(NUMBER_WORDS[v])
    raise NoParse(f"a number, not {v}")


def _count(sem: Any, bare: Any) -> dict:
    return sem.count(sem.np_one({"each": True}, *bare))  # the noun phrase's selector (grammar_compiler)


def resolve_it_has(x: Any, last: list) -> Any:
    """The sentence's items with "it has at least N" made the condition before it ("there's a card
    in your EX area with at least 4 passion counters") with the new number of counters; ``last``
    holds the latest such condition and is updated by the conditions seen."""
    if isinstance(x, list):
        return [resolve_it_has(v, last) for v in x]
    if not isinstance(x, dict):
        return x
    if IT_HAS in x:
        spec = x[IT_HAS]
        if not last:
            raise NoParse("'it has at least N' with no card found before")
        if "@counters_of" in last[-1]:
            # 15.1.2: the counters on the card itself the condition before compared ("Then, if this
            # card has 1 curse counter, ... If it has 2, ..."), compared again with the new number
            of = last[-1]["@counters_of"]
            if spec["name"] not in (None, of["counters_of"]["name"]):
                raise NoParse("'it has N' counts other counters")
            op, n = spec.get("op", ">="), spec["n"] if "n" in spec else spec["min"]
            return {"compare": [dict(of), op, n]}
        sel = dict(last[-1])
        counters = dict(sel["counters"])
        if spec["name"] not in (None, counters["name"]):
            raise NoParse("'it has at least N' counts other counters")
        if spec.get("op", ">=") != ">=":
            raise NoParse("'it has N' of a card found: only 'at least'")
        counters["min"] = spec["n"] if "n" in spec else spec["min"]
        sel["counters"] = counters
        return {"exists": sel}
    out = {}
    for k, v in x.items():
        if k == "exists" and isinstance(v, dict) and isinstance(v.get("counters"), dict):
            last.append(v)
        if (k == "compare" and isinstance(v, list) and len(v) == 3 and isinstance(v[0], dict)
                and isinstance(v[0].get("counters_of"), dict) and v[0]["counters_of"].get("what") == "self"):
            last.append({"@counters_of": v[0]})  # the card's own counters (counts.self_counters_cmp)
        out[k] = resolve_it_has(v, last)
    return out


def resolve_if_you_do(items: list, before: list | None) -> list:
    """A sentence "If you do, Y." read after the sentence before it: that sentence must be one
    optional action ("You may X."), whose doing (or not) the engine records; anywhere else "do"
    names nothing and the sentence is refused."""
    out = []
    for it in items:
        if isinstance(it, dict) and IF_YOU_DO in it:
            one = before[0] if before is not None and len(before) == 1 and isinstance(before[0], dict) else {}
            if not it[IF_YOU_DO] and one.get(IF_YOU_DO) is True:
                # "If you do, Y. If you don't, Z.": Z is Y's otherwise (the choice made once)
                it = {"@otherwise": it["then"]}
            elif set(one) != {"@may"} and not _may_pick_and_move(before):
                raise NoParse("'If you do' after something other than 'You may ...'")
            else:
                it = {k: v for k, v in it.items() if k != IF_YOU_DO}
        out.append(it)
    return out


def _may_pick_and_move(before: list | None) -> bool:
    """"You may summon X from your hand." (``may`` with a pick): a choice of up to one card, then
    the move; done when a card was chosen and moved (the move records it, 1.3.2)."""
    if before is None or len(before) != 2 or not all(isinstance(x, dict) and len(x) == 1 for x in before):
        return False
    pick, move = before
    sel = pick.get("select")
    return isinstance(sel, dict) and sel.get("up_to") is True and sel.get("n") == 1 \
        and next(iter(move)) in ("summon", "put_ex")


def resolve_stat_again(sentences: list) -> list:
    """Passive sentences with "While at least N" made the comparison of the sentence before them
    ("While this follower's attack is at least 4, ...") with the new number."""
    last: dict | None = None
    out = []
    for cond, parts, instead in sentences:
        new_parts = []
        for p in parts:
            c = p.get("if") if isinstance(p, dict) else None
            if isinstance(c, dict) and SELF_STAT_AGAIN in c:
                if last is None:
                    raise NoParse("'While at least N' with no value compared before")
                key = next(iter(last))
                p = dict(p, **{"if": {"is": ["self", {key: c[SELF_STAT_AGAIN]}]}})
            elif isinstance(c, dict) and set(c) == {"is"} and c["is"][0] == "self" and \
                    isinstance(c["is"][1], dict) and set(c["is"][1]) <= {"atk_min", "def_min"} and len(c["is"][1]) == 1:
                last = c["is"][1]
            new_parts.append(p)
        out.append((cond, new_parts, instead))
    return out


__all__ = ["SELF_STAT_AGAIN", "IF_YOU_DO", "IT_HAS", "LongTail", "resolve_if_you_do", "resolve_it_has"]
