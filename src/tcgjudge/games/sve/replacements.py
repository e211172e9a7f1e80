"""The meanings of the grammar rules of the section "SVE replacements and choices among cards".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- self-replacement (10.2.1.3.1, 10.10.2.5): "[action] instead" replaces the step of the same kind
  done before it in the same effect.  The replacement may be several actions ("deal 6 damage to
  the selected follower and 3 damage to its leader instead", "give +2/+2, Rush, and Assail
  instead"): the first of them whose kind was done before names the step replaced, and all of them
  are done in its place (``_Asm.instead``).  Actions written after "instead and" are done under the
  same condition ("deal 4 damage instead and draw a card").  "If A, instead B" replaces the one step
  the effect did before it, whatever its kind.  Partial actions name only what changes: "give
  Storm" (to the card the replaced step gave to), "summon up to 2" (the same tokens, as many as the
  player chooses), "Put 2" (the same tokens where the step put them), "summon the second token"
  (of the two tokens made before, the second goes onto the field).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import _NTH_TOKEN, _STEP_BEFORE, _UP_TO_TOKENS, Sel, _give, _pick
from .assembly import definite_ref as _ref_of
from .notation import EOT, KEYWORDS

_inline = v_args(inline=True)

#: the marks of partial replacements ``_Asm.instead_more`` reads: the same tokens, as many as the
#: player chooses; "If A, instead B" (the one step before); "the second token" (of two made)
UP_TO_TOKENS, STEP_BEFORE, NTH_TOKEN = _UP_TO_TOKENS, _STEP_BEFORE, _NTH_TOKEN
#: a passive that is a replacement ability of the card (``grammar_compiler._static``)
REPLACEMENT = "@replacement"


def _flat(items: Any) -> list:
    """The instructions of a replacement, in order (a partial is one instruction)."""
    out: list = []
    for it in items if isinstance(items, list) else [items]:
        if isinstance(it, list):
            out.extend(it)
        else:
            out.append(it)
    for it in out:
        if not isinstance(it, dict) or any(k.startswith("@") and k not in (UP_TO_TOKENS, NTH_TOKEN) for k in it):
            raise NoParse("instead")
    return out




def _replacement(items: Any) -> Any:
    """One instruction stays one (the earlier single-step replacement); several are a list."""
    got = _flat(items)
    return got[0] if len(got) == 1 else got


class Replacements:
    """Semantics of self-replacement, damage replacement and choices among cards (a mixin of
    ``SveSemantics``)."""

    # -- self-replacement (10.2.1.3.1, 10.10.2.5) ------------------------------------------------
    @v_args(inline=False)
    def repl_items(self, items: list) -> list:
        return list(items)

    @_inline
    def repl_one(self, item: Any) -> Any:
        return item

    @_inline
    def if_instead_many(self, c: dict, items: list) -> list:
        return [{"@instead": _replacement(items), "cond": c}]

    @_inline
    def if_instead_plus(self, c: dict, items: list, *rest: Any) -> list:
        # "If A, X instead and Y": Y is done under the same condition, after X
        more = rest[-1]
        return [{"@instead": _replacement(items), "cond": c}] + self.if_then(c, more)  # type: ignore[attr-defined]

    @_inline
    def instead_plus(self, items: list, *rest: Any) -> list:
        # under a class condition heading: "Earth Rite (2): Deal 4 damage instead and draw a card."
        # (the heading's condition governs both, _run_sentences)
        more = rest[-1]
        if any(isinstance(it, dict) and "@instead" in it for it in more):
            raise NoParse("two replacements in one sentence")
        return [{"@instead": _replacement(items), "cond": None}] + list(more)

    @_inline
    def instead_many(self, items: list) -> list:
        return [{"@instead": _replacement(items), "cond": None}]

    @_inline
    def if_instead_first(self, c: dict, e: list) -> list:
        return [{"@instead": {STEP_BEFORE: _flat(e)}, "cond": c}]

    @_inline
    def partial_give_kw(self, *parts: Any) -> list:
        st = parts[0] if isinstance(parts[0], tuple) else None
        return _give("$it", st, parts[-1], [], None, None)

    @v_args(inline=False)
    def repl_keywords(self, kws: list) -> list:
        return [KEYWORDS[str(k).lower()] for k in kws]

    @_inline
    def partial_summon_up_to(self, n: Token) -> dict:
        return {UP_TO_TOKENS: int(str(n))}

    @_inline
    def partial_put_n(self, n: Token) -> dict:
        return {"token": {"n": int(str(n))}}  # the tokens of the step replaced, where it put them

    @_inline
    def partial_second_token(self) -> dict:
        return {"token": {"zone": "field"}, NTH_TOKEN: 2}

    @_inline
    def deal_sel_and_leader(self, n: Token, _sel: Token, m: Token, _leader: Token) -> list:
        # 5.13: "deal 6 damage to the selected follower and 3 damage to its leader"
        return [{"deal": {"what": "$sel", "n": int(str(n))}},
                {"deal": {"what": {"zone": "leader", "controller": "$sel"}, "n": int(str(m))}}]

    @_inline
    def ref_has_quoted(self, w: Any, q: Token, until: str | None = None) -> list:
        return self.give_quoted_only(w, q, until)  # type: ignore[attr-defined]

    # -- damage replacement and prevention (5.13.2, 10.2.1.3.2) -----------------------------------
    @_inline
    def st_damage_cap(self, who: Any, *rest: Any) -> list:
        # "if X would take more than N damage, it takes N instead": an amount over N becomes N (only
        # the same N twice is read)
        kind = next((r[1] for r in rest if isinstance(r, tuple)), None)
        over, becomes = (int(str(t)) for t in rest if isinstance(t, Token))
        if over != becomes:
            raise NoParse("a damage cap with two amounts")
        mod: dict[str, Any] = {"to": who, "max": becomes}
        if kind:
            mod["kind"] = kind
        return [{"damage_mod": mod}]

    @_inline
    def st_leader_takes_minus(self, *rest: Any) -> list:
        kind = next((r[1] for r in rest if isinstance(r, tuple)), None)
        mod: dict[str, Any] = {"to": {"zone": "leader", "controller": "you"}, "n": -int(str(rest[-1]))}
        if kind:
            mod["kind"] = kind
        return [{"damage_mod": mod}]

    @_inline
    def st_not_by_abilities_or_damage(self, n: Token, how: Token) -> list:
        got = self.st_not_by_abilities(n, how)  # type: ignore[attr-defined]
        return got + [{"damage_mod": {"to": "self", "kind": "ability", "prevent": True}}]  # 5.13.3.3

    @_inline
    def st_no_deal_damage(self, w: Any, _d: Token) -> list:
        return [{"damage_mod": {"by": _ref_of(w), "prevent": True}}]

    @_inline
    def no_damage_rest_of_turn(self, *parts: Any) -> list:
        w = next(p for p in parts if not isinstance(p, Token) or p.type != "DONT")
        return [{"damage_mod": {"to": _ref_of(w), "prevent": True, "until": EOT}}]

    @staticmethod
    def _no_damage(parts: tuple, until: str) -> list:
        # the receiver, and the kind of damage when one is named (5.13.3.2 combat, 5.13.3.3 ability)
        w = next(p for p in parts if not isinstance(p, Token))
        kind = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "DMG_KIND"), None)
        mod: dict = {"to": _ref_of(w), "prevent": True}
        if kind:
            mod["kind"] = kind
        mod["until"] = until
        return [{"damage_mod": mod}]

    @_inline
    def no_kind_damage_rest_of_turn(self, *parts: Any) -> list:
        return self._no_damage(parts, EOT)

    @_inline
    def no_damage_long(self, until: str, *parts: Any) -> list:
        return self._no_damage(parts, until)

    @_inline
    def no_kind_damage(self, *parts: Any) -> list:
        return self._no_damage(parts[:-1], parts[-1])

    # -- a replacement ability: a move to the cemetery banishes instead (10.2.1.3.1, 10.10.1) ---------
    @_inline
    def st_banish_instead_of_cemetery(self, s: Any) -> list:
        if not isinstance(s, Sel) or s.up_to or s.filt.get("zone") not in (None, "field") \
                or s.filt.get("controller") not in ("you", "enemy", None):
            raise NoParse("which card would be put into the cemetery")
        subject = {k: v for k, v in s.filt.items() if k != "zone"}
        return [{REPLACEMENT: {"replace": {"event": "move", "from": "field", "to": "cemetery", "subject": subject},
                               "instead": [{"banish": "subject"}]}}]

    # -- choices among the cards looked at (5.10.1) ------------------------------------------------
    @_inline
    def bury_among(self, n: Any) -> list:
        if not isinstance(n, int) or n < 1:
            raise NoParse("bury how many from among them")
        s = Sel({"in": "$look", "zone": "deck"})
        s.n = n
        return [_pick(s, False), {"bury": {"what": "$it"}}]

    @_inline
    def among_may_summon(self, s: Any) -> list:
        if not isinstance(s, Sel) or s.each:
            raise NoParse("summon which from among them")
        s.filt.setdefault("in", "$look")
        s.filt.setdefault("zone", "deck")
        return self.may([{"@pick": s}, {"summon": {"what": "$it", "as": "$new"}}])  # type: ignore[attr-defined]

    # -- what happened this turn (5.11, 4.3) ---------------------------------------------------------
    @_inline
    def discarded_this_turn(self, *parts: Any) -> dict:
        n = next((int(str(p)) for p in parts if isinstance(p, Token) and p.type == "NUMBER"), 1)
        return {"record": {"key": "discarded", "min": n}}

    @_inline
    def left_to_cemetery_this_turn(self, *parts: Any) -> dict:
        n = next((int(str(p)) for p in parts if isinstance(p, Token) and p.type == "NUMBER"), 1)
        kind = next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "LEFT_KIND")
        owner = next(str(p).lower() for p in parts if isinstance(p, Token) and p.type == "LEFT_OWNER")
        if (n == 1) != (kind in ("follower", "card")):
            raise NoParse("a count and its noun")
        key = "follower_field_to_cemetery" if kind.startswith("follower") else "field_to_cemetery"
        spec: dict[str, Any] = {"key": key, "min": n}
        if owner != "your":
            spec["player"] = "enemy"
        return {"record": spec}
