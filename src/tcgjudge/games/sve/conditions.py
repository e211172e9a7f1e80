"""The meanings of the grammar rules of the section "SVE conditions and their combinations" (the end
of ``grammar.lark``).

Conditions that combine others, in every position a condition stands:

- several cards present in one place, each of them (4.1, 2.1-2.4): "there's a Cute card, Cool card,
  and Passion card in your cemetery", "there's a Commander follower and Officer follower on your
  field", two card names in a cemetery; the place written last holds for each card; "... or ..."
  (any of them: "there's a Cheval Grand or Verxina on your field");
- two conditions joined by ", and" (each must hold): "While Overflow is active for you, and there's
  another Kagero follower on your field, ...".

The methods are mixed into :class:`grammar_compiler.SveSemantics`.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .turn_counts import _nth

_inline = v_args(inline=True)


def _flat_and(*conds: dict) -> dict:
    out: list[dict] = []
    for c in conds:
        out.extend(c["and"] if set(c) == {"and"} else [c])
    return {"and": out}


def _left_whose(s: Any, owner: Token) -> tuple:
    """Cards that left a field this turn: whose field (the owner word, or "you control" / "enemy"
    in the noun phrase; None for both), the kind of card, and the field the owner word named."""
    if s.up_to or s.each or not isinstance(s.n, int) or s.n < 1:
        raise NoParse("left a field: a number of cards")
    filt = dict(s.filt)
    if "other" in filt or "bound_as" in filt or set(filt) & {"self", "ref", "zone", "player", "in"}:
        raise NoParse("left a field: a card named before or a zone")
    who = filt.pop("controller", None)
    said = {"the": None, "your": "you"}.get(str(owner).lower(), "enemy")
    if said is not None and who not in (None, said):
        raise NoParse("left a field: two fields")
    return said or who, filt, said


def _left_tally(key: str, who: str | None, filt: dict, n: int) -> dict:
    """The per-turn tally ``key`` of the field's controller (of both fields when ``who`` is None)
    holds at least ``n`` cards of the kind (read by their last information on the field, 4.3-4.4)."""
    conds = []
    for p in [who] if who else ["you", "enemy"]:
        spec: dict[str, Any] = {"key": key, "player": p, "min": n}
        if filt:
            spec["of"] = filt  # the kind of card, read by its last information on the field
        conds.append({"record": spec})
    if len(conds) == 1:
        return conds[0]
    if n != 1:
        raise NoParse("left a field: a count over both fields")  # two tallies, one count
    return {"or": conds}


class Conditions:
    """Semantics of the combined conditions (a mixin of ``SveSemantics``)."""

    # -- several cards present in one place (4.1) -------------------------------------------------------
    @_inline
    def cond_obj(self, *parts: Any) -> tuple:
        return ("kind", parts)

    @_inline
    def cond_obj_name(self, *parts: Any) -> tuple:
        return ("name", parts)

    @_inline
    def exists_each(self, *parts: Any) -> dict:
        return {"and": self._present(parts, "and")}

    @_inline
    def exists_any(self, *parts: Any) -> dict:
        return {"or": self._present(parts, "or")}  # any one of the cards

    def _present(self, parts: tuple, joined: str) -> list:
        """One condition per card of the list, each present in the place written last."""
        *objs, place = parts
        conds = []
        for how, p in objs:
            q = p[0] if p and isinstance(p[0], dict) else {}
            if set(q) - {"n"} or q.get("n", 1) != 1:
                raise NoParse("present: a count")  # "a"/"an" or nothing: one card of each
            rest = p[1:] if q else p
            if how == "name":
                if joined == "and" and getattr(rest[0], "type", None) == "NAMEWORDS" and len(str(rest[0]).split()) < 2:
                    raise NoParse("one name")  # "a Flame and Glass" is one name (2.1.2), as before
                s = self.np_name({"n": 1}, rest[0], place)  # type: ignore[attr-defined]
            else:
                s = self.np_one({"n": 1}, *rest, place)  # type: ignore[attr-defined]
            if s.each or s.up_to or s.plural or s.n != 1:
                raise NoParse("present: several cards of a kind")
            conds.append(self.exists(s))  # type: ignore[attr-defined]
        if len({repr(c) for c in conds}) != len(conds):
            raise NoParse("present: one kind twice")
        return conds

    # -- conditions joined by ", and" ---------------------------------------------------------------
    @_inline
    def cond_and(self, a: dict, b: dict) -> dict:
        return _flat_and(a, b)

    # -- what happened this turn: cards put from a field into the cemetery (4.3) ------------------------
    @_inline
    def put_to_cemetery_this_turn(self, s: Any, owner: Token, *_rest: Any) -> dict:
        who, filt, said = _left_whose(s, owner)
        if said is not None and set(filt) <= {"type"} and filt.get("type", "follower") == "follower" \
                and (s.n == 1) == (not s.plural) and str(owner).lower() != "an opponent's":
            # "a follower was put from your field into the cemetery this turn": the earlier
            # left_to_cemetery_this_turn reads it
            raise NoParse("read by left_to_cemetery_this_turn")
        return _left_tally("field_to_cemetery", who, filt, s.n)

    @_inline
    def left_field_this_turn(self, s: Any, owner: Token) -> dict:
        who, filt, _said = _left_whose(s, owner)
        return _left_tally("left_field", who, filt, s.n)

    # -- what happened this turn: cards of a kind played (10.6.1, 13.2.1.3) -------------------------------
    def _played_spec(self, s: Any) -> dict:
        if s.up_to or s.each or not isinstance(s.n, int) or s.n < 1:
            raise NoParse("played: a number of cards")
        filt = dict(s.filt)
        if "bound_as" in filt or set(filt) & {"self", "ref", "zone", "player", "in", "controller"}:
            raise NoParse("played: a card named before or a place")
        if (s.n == 1) == bool(s.plural):
            raise NoParse("played: a count and its noun")
        if not filt or filt == {"type": "spell"}:
            raise NoParse("read by played_this_turn")  # "a card", "a spell": the earlier rule
        # 13.2.1.3: every card played this turn, kept with the tally; "another": not this card (nor
        # the card it was when it was played)
        other = bool(filt.pop("other", False))
        spec: dict[str, Any] = {"key": "played", "min": s.n, "of": filt}
        if other:
            spec["other"] = True
        return {"record": spec}

    @_inline
    def played_np_this_turn(self, s: Any) -> dict:
        return self._played_spec(s)

    @_inline
    def played_each_this_turn(self, *objs: Any) -> dict:
        conds, types = [], []
        for how, p in objs:
            q = p[0] if p and isinstance(p[0], dict) else {}
            if set(q) - {"n"} or q.get("n", 1) != 1:
                raise NoParse("played: a count")
            rest = p[1:] if q else p
            s = (self.np_name({"n": 1}, rest[0]) if how == "name"  # type: ignore[attr-defined]
                 else self.np_one({"n": 1}, *rest))  # type: ignore[attr-defined]
            c = self._played_spec(s) if how != "name" else {"record": {"key": "played", "min": 1, "of": dict(s.filt)}}
            types.append(c["record"]["of"].get("type"))
            conds.append(c)
        if None in types or len(set(map(str, types))) != len(types):
            # "a Cute card and a Cool card": one card of both traits would count twice
            raise NoParse("played: kinds that one card could fill")
        return {"and": conds}

    # -- the turn, counted for one player (7.1) ---------------------------------------------------------
    @_inline
    def nth_own_turn(self, _it: Token, whose: Token, nth: Token, *bound: Token) -> dict:
        n = _nth(nth)
        who = "you" if str(whose).lower() == "your" else "enemy"
        spec: dict[str, Any] = {"key": "turns", "player": who}
        b = str(bound[0]).lower() if bound else ""
        if b in ("later", "after"):
            spec["min"] = n
        elif b in ("earlier", "before"):
            spec["max"] = n
        else:
            spec["min"] = spec["max"] = n
        # the turn is that player's, and it is the Nth that player has begun (rules.player_value "turns")
        return {"and": [{"turn": "yours" if who == "you" else "theirs"}, {"player_value": spec}]}

    # -- a zone as the subject of "has" (4.1) -------------------------------------------------------------
    def _zone_cards(self, owner: Token, zone: Token, parts: tuple) -> tuple:
        if any(isinstance(p, tuple) and p and p[0] == "place" for p in parts):
            raise NoParse("a zone named twice")
        return tuple(parts) + (self.zone_place(None, owner, zone),)  # type: ignore[attr-defined]

    @_inline
    def zone_has_at_least(self, owner: Token, zone: Token, n: Token, parts: tuple) -> dict:
        return self.at_least_bare(n, self._zone_cards(owner, zone, parts))  # type: ignore[attr-defined]

    @_inline
    def zone_has_at_most(self, owner: Token, zone: Token, n: Token, parts: tuple) -> dict:
        return self.at_most_bare(n, self._zone_cards(owner, zone, parts))  # type: ignore[attr-defined]

    @_inline
    def none_any(self, *words_parts: Any) -> dict:
        # none of them: at most 0 (the np_bare is the last child, after "don't")
        return self.at_most_bare(Token("NUMBER", "0"), words_parts[-1])  # type: ignore[attr-defined]

    @_inline
    def same_count_exact(self, n: Token) -> dict:
        at_least = self.at_least_same(n)  # type: ignore[attr-defined]
        at_least["count"]["max"] = at_least["count"]["min"]  # filled in as at_least_same (_same_counts)
        return at_least

    @_inline
    def zone_has_none(self, owner: Token, zone: Token, parts: tuple) -> dict:
        # none there: at most 0 of them
        return self.at_most_bare(Token("NUMBER", "0"), self._zone_cards(owner, zone, parts))  # type: ignore[attr-defined]
