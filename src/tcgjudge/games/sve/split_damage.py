"""The meanings of the grammar rules of the section "SVE damage: play-point conditions, amounts to
several receivers, damage minus N".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- play-point conditions (3.2): "if you have at least 2 play points" (also "at most N", "N or
  more", "N or less"): the condition ``player_value`` with the key ``pp``, read when it is checked;
  "If you have at least 4, ..." after such a condition counts the play points again;
- two amounts in one damage verb (5.13): "Deal 5 damage to them and 3 damage to each enemy leader",
  "Deal 5 damage to the first follower and 2 damage to its leader", "Deal 5 damage to one and 2
  damage to the others" (the player picks one of the cards selected before: the instruction
  ``select`` from them, then the rest are the cards ``in`` the selection and ``not_in`` the one);
  "Deal each follower on the field 1 damage";
- damage less by N (5.13.2) as an effect: "If your leader would take damage this turn, it takes that
  much minus 1 instead" (``damage_mod`` with ``n: -1`` and ``until``), "The next time ... would take
  damage this turn, it takes that much minus 5 instead" (``once``: used up by the first instance it
  changes, 10.10), and as a passive ability for two receivers: "If this card or your leader would
  take damage, they take that much minus 1 instead";
- Overflow (13.4.1.2) in every position: "This card has Storm while Overflow is active for you" (the
  condition after the passive ability, 10.3.3), "if Overflow isn't active for you" (``not``), "if
  this card is in your EX area and Overflow isn't active for you" (``and``).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import ONE_AND_OTHERS
from .notation import EOT

_inline = v_args(inline=True)

#: the mark grammar_compiler._same_counts fills in with what "you have ..." counted before
SAME_HAVE = "@same_have"


def bound(text: str) -> dict:
    """"at least 2" -> {"min": 2}; "at most 2" / "2 or less" -> {"max": 2}."""
    words = " ".join(text.lower().split())
    n = int(re.search(r"\d+", words).group(0))
    if words.startswith("at least") or words.endswith(("more", "greater")):
        return {"min": n}
    if words.startswith("at most") or words.endswith(("less", "fewer")):
        return {"max": n}
    raise NoParse(f"bound {text!r}")


class SplitDamage:
    """Semantics of play-point conditions and damage to several receivers (a mixin of ``SveSemantics``)."""

    @_inline
    def pp_bound(self, b: Token) -> dict:
        # 3.2: the play points the player has (not the maximum, 3.2.4) when the condition is checked
        return {"player_value": {"key": "pp", "player": "you", **bound(str(b))}}

    @_inline
    def have_at_least_same(self, n: Token) -> dict:
        # "If you have at least 4, ...": what "you have ..." counted before, at least N (filled in by
        # grammar_compiler._same_counts; refused with nothing counted before)
        return {"count": {"of": SAME_HAVE, "min": int(str(n)) if str(n).isdigit() else _bad(n)}}


    @_inline
    def deal_nth_and_leader(self, n: Token, nth: str, m: Token, _leader: Token) -> list:
        # 5.13: "deal 5 damage to the first follower and 2 damage to its leader"
        return [{"deal": {"what": nth, "n": _int(n)}},
                {"deal": {"what": {"zone": "leader", "controller": nth}, "n": _int(m)}}]

    @_inline
    def deal_one_others(self, n: Token, m: Token, *_other: Token) -> list:
        # 10.6.2, 5.13: one of the cards selected before, picked by the player, and the rest
        return [{ONE_AND_OTHERS: {"one": [{"deal": {"what": "$it", "n": _int(n)}}],
                                  "others": [{"deal": {"what": "$it", "n": _int(m)}}]}}]

    @_inline
    def deal_np_n(self, *parts: Any) -> list:
        *refs, n = parts
        return self.deal_np_value(*refs, _int(n))  # type: ignore[attr-defined]


    # -- Overflow (13.4.1.2) -----------------------------------------------------------------------
    @_inline
    def overflow_not(self, _t: Token) -> dict:
        return {"not": {"overflow": True}}

    @_inline
    def and_overflow(self, c: dict, t: Token) -> dict:
        o = self.overflow_not(t) if "not" in str(t).lower() or "n't" in str(t).lower() else {"overflow": True}
        return {"and": [c, o]}

    # -- damage less by N (5.13.2) ------------------------------------------------------------------
    @_inline
    def minus_for_turn(self, who: Any, *rest: Any) -> list:
        return [{"damage_mod": {**_minus(who, rest), "until": EOT}}]  # 10.2.1.2: to the end of the turn

    @_inline
    def minus_next_time(self, who: Any, *rest: Any) -> list:
        mod = {**_minus(who, rest), "once": True}  # 10.10: used up once it has changed an instance
        if any(isinstance(r, str) and not isinstance(r, Token) for r in rest):
            mod["until"] = EOT
        return [{"damage_mod": mod}]

    @_inline
    def st_both_take_minus(self, a: Any, b: Any, *rest: Any) -> list:
        return [{"damage_mod": _minus([a, b], rest)}]


def _minus(who: Any, rest: tuple) -> dict:
    """The receivers and the amount subtracted; ``kind`` with "combat damage" (5.13.3.2)."""
    mod: dict[str, Any] = {"to": who, "n": -int(str(rest[-1]))}  # 5.13.2: subtracted from the damage
    kind = next((r[1] for r in rest if isinstance(r, tuple)), None)
    if kind:
        mod["kind"] = kind
    return mod


def _int(n: Token) -> Any:
    """An amount: a number, or X (5.2.1.2: defined by another sentence of the text)."""
    return "X" if str(n).upper() == "X" else int(str(n))


def _bad(n: Token) -> int:
    raise NoParse(f"'you have at least {n}'")
