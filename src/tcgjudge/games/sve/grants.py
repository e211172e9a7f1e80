"""The meanings of the grammar rules of the section "SVE grants: keywords and quoted abilities given or
had".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- a list of what is given (``grant_list``): stats, "+N defense", keywords (12) and abilities in
  quotation marks (10.3), read as the instructions ``modify`` and ``grant``;
- passive abilities giving quoted abilities under every heading ("While this card is on your
  field, ...", "During your turn, ...") and to two kinds of card ("each A and B on your field has
  Aura");
- effects in which cards "have" keywords or abilities for a duration ("For the rest of this turn, each
  X currently on your field has Rush and Assail"; 10.2.1.2, 10.9.2) and "give" with stats, keywords
  and quoted abilities together.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from . import assembly as tc
from .assembly import Sel, definite_ref
from .notation import EOT, KEYWORDS
from .turn_counts import _nth

_inline = v_args(inline=True)


def _granted_parts(sem: Any, items: list) -> tuple[tuple | None, list, list]:
    """The stats, keywords and abilities of a ``grant_list``: one stat change, each keyword once; a
    quoted ability brings its trigger icon's marker (12.4-12.7; read as give_quoted_only reads it)."""
    st: tuple | None = None
    kws: list = []
    abilities: list = []
    for kind, v in items:
        if kind in ("stats", "defense"):
            if st is not None:
                raise NoParse("two stat changes in one list")
            st = v
        elif kind == "keyword":
            if v in kws:
                raise NoParse("the same keyword twice")
            kws.append(v)
        else:
            got = sem.give_quoted_only("self", Token("QUOTED", f'"{v}"'))[0]["grant"]
            abilities.extend(got["abilities"])
            kws.extend(m for m in got.get("keywords", []) if m not in kws)
    return st, kws, abilities


class Grants:
    """Semantics of keywords and quoted abilities given or had (a mixin of ``SveSemantics``)."""

    # -- the list of what is given -------------------------------------------------------------------
    @_inline
    def gi_stats(self, t: Token) -> tuple:
        return ("stats", self.stats(t))  # type: ignore[attr-defined]

    @_inline
    def gi_defense(self, t: Token) -> tuple:
        return ("defense", (0, tc.p_signed(str(t))))

    @_inline
    def gi_keyword(self, t: Token) -> tuple:
        return ("keyword", KEYWORDS[" ".join(str(t).lower().split())])

    @_inline
    def gi_quoted(self, t: Token) -> tuple:
        return ("quoted", str(t)[1:-1])

    @_inline
    def gi_rest_of_turn(self, item: tuple) -> tuple:
        return self.gi_long(EOT, item)

    @_inline
    def gi_long(self, until: str, item: tuple) -> tuple:
        if item[0] == "timed":
            raise NoParse("two durations for one item")
        return ("timed", (until, item))

    def grant_list(self, items: list) -> list:
        return list(items)

    # -- passive abilities (10.3) --------------------------------------------------------------------
    @_inline
    def grant_union_kinds(self, parts: tuple) -> Sel:
        # np_and: (("union", Sel),): a card of either kind, in the place written last
        return parts[0][1]

    @_inline
    def grant_union_names(self, a: Token, b: Token, place: tuple) -> Sel:
        # 2.1.2: a card of either name, in the place written last
        sels = [self.np_name({"each": True}, t, place) for t in (a, b)]  # type: ignore[attr-defined]
        names = [s.filt.get("name") for s in sels]
        if not all(isinstance(n, str) for n in names) or names[0] == names[1]:
            raise NoParse("two names")
        filt = {k: v for k, v in sels[0].filt.items() if k != "name"}
        if filt != {k: v for k, v in sels[1].filt.items() if k != "name"}:
            raise NoParse("two names")
        filt["where"] = {"or": [{"is": ["it", {"name": n}]} for n in names]}
        return Sel(filt, n=None, each=True, plural=True)

    @_inline
    def st_union_have(self, s: Sel, k: list) -> list:
        return tc.st_have(s, k)

    @_inline
    def st_union_have_quoted(self, s: Sel, *rest: Any) -> list:
        return self.st_have_quoted(s, *rest)  # type: ignore[attr-defined]

    # -- a cost change for the Nth card of a kind played in a turn (10.2.1.3.3, 13.2.1.3) -----------------
    @_inline
    def st_nth_each_turn_cost(self, nth: Token, parts: tuple, plays: Token, n: Token, less_more: Token) -> list:
        got = self.st_any_cost(parts, plays, n, less_more)  # type: ignore[attr-defined]
        got[0]["cost_mod"]["nth"] = _nth(nth)
        return got

    # -- the next card of either of two descriptions (10.2.1.3.3) -------------------------------------
    @_inline
    def next_play_less_either(self, a: tuple, b: tuple, n: Token) -> list:
        got = [self.next_play_less(p, n) for p in (a, b)]  # type: ignore[attr-defined]
        fa, fb = (g[0]["player_effect"]["flags"]["cost_mod"]["affects"] for g in got)
        if fa == fb or not fa or not fb:
            raise NoParse("the next card of two descriptions")
        out = got[0]
        out[0]["player_effect"]["flags"]["cost_mod"]["affects"] = {"where": {"or": [{"is": ["it", fa]}, {"is": ["it", fb]}]}}
        return out

    # -- damage from the opponent's abilities (5.13.3.3) -----------------------------------------------
    @_inline
    def st_no_damage_from_enemy(self, w: Any, _d: Token, _who: Token) -> list:
        got = tc.st_no_ability_damage(definite_ref(w))
        got[0]["damage_mod"]["by_player"] = "enemy"
        return got

    @_inline
    def st_np_takes_less(self, s: Any, n: Token, enemy: Token | None = None) -> list:
        if not (s.each or s.plural):
            raise NoParse("an indefinite noun phrase needs 'Select' (10.6.2.3)")
        mod: dict[str, Any] = {"to": s.filt, "n": -int(str(n))}
        if enemy is not None:
            mod.update(kind="ability", by_player="enemy")  # 5.13.3.3
        return [{"damage_mod": mod}]

    # -- abilities that don't trigger (10.7.1) ---------------------------------------------------------
    @_inline
    def barred_fanfare(self) -> str:
        return "no_fanfare_trigger"  # 12.4.3

    @_inline
    def barred_on_evolve(self) -> str:
        return "no_on_evolve_trigger"  # 12.6.2

    @_inline
    def st_icons_dont_trigger(self, _who: Token, *parts: Any) -> list:
        icons = [x for x in parts if not isinstance(x, Token)]
        if len(set(icons)) != len(icons):
            raise NoParse("the same icon twice")
        return [{"player": {"flags": list(icons)}, "who": "enemy"}]

    # -- refreshing (7.2.3) ----------------------------------------------------------------------------
    @_inline
    def no_refresh_each(self, s: Sel, _dont: Token) -> list:
        if not s.each:
            raise NoParse("an indefinite noun phrase needs 'Select' (10.6.2.3)")
        return [{"no_refresh": {"what": definite_ref(s)}}]

    # -- effects (10.2.1.2) -----------------------------------------------------------------------------
    def _give_list(self, w: Any, items: list, until: str | None) -> list:
        if [k for k, _ in items] == ["quoted"] and not isinstance(w, Sel):
            raise NoParse("one quoted ability: ref_has_quoted")  # the earlier rule's reading
        timed = [v for k, v in items if k == "timed"]
        if timed and until is not None:
            raise NoParse("a list with a duration and items with their own")
        st, kws, abilities = _granted_parts(self, [i for i in items if i[0] != "timed"])
        who = definite_ref(w)
        if isinstance(who, list):
            raise NoParse("two receivers")
        out = tc._give(who, None, kws, abilities, None, until)
        if st is not None:
            out = tc._give(who, st, [], [], None, until) + out
        for own, item in timed:  # each item with its own duration, given as the others are
            t_st, t_kws, t_abilities = _granted_parts(self, [item])
            out += tc._give(who, t_st, t_kws, t_abilities, None, own)
        return out

    @_inline
    def rest_of_turn_has(self, w: Any, items: list) -> list:
        return self._give_list(w, items, EOT)  # 7.4.8: until the end of this turn

    @_inline
    def long_duration_has(self, until: str, w: Any, items: list) -> list:
        return self._give_list(w, items, until)

    @_inline
    def ref_has_grants(self, w: Any, items: list, until: str) -> list:
        if any(k in ("stats", "defense") for k, _ in items):
            raise NoParse("has +N/+N")  # "has" gives abilities; stats are "gets"
        return self._give_list(w, items, until)

    @_inline
    def give_two_receivers(self, w1: Any, items1: list, w2: Any, items2: list) -> list:
        if w2 == {"zone": "leader", "controller": "you"} and [k for k, _ in items1] == ["stats"]:
            raise NoParse("an older rule reads it (give_stats_and_leader)")
        return self._give_list(w1, items1, None) + self._give_list(w2, items2, None)

    @_inline
    def give_grant_list(self, w: Any, items: list, until: str | None = None) -> list:
        # the lists the older rules read stay theirs: none with no quoted ability (give_keywords,
        # give_stats_keywords, give_defense_keywords), keywords and one quoted ability last
        # (give_quoted), stats ("+N/+N") and one quoted ability (give_stats_quoted)
        kinds = [k for k, _ in items]
        if "timed" in kinds:
            return self._give_list(w, items, until)  # no older rule reads an item's own duration
        if "quoted" not in kinds or kinds == ["stats", "quoted"] or \
                (kinds[-1] == "quoted" and set(kinds[:-1]) <= {"keyword"}):
            raise NoParse("a list an older rule reads")
        return self._give_list(w, items, until)

