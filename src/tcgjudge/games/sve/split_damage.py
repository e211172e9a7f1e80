"""The meanings of the grammar rules of the section "SVE damage: play-point conditions, amounts to
several receivers, damage minus N".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- play-point conditions (3.2): "if you have at least 2 play points" (also "at most N", "N or
  more", "N or less"): the condition ``player_value`` with the key ``pp``, read when it is checked;
  "If you have at least 4, ..." after such a condition counts the play points again.
"""

from __future__ import annotations

import re

from lark import Token, v_args

from ...cards.textcompiler import NoParse

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


def _bad(n: Token) -> int:
    raise NoParse(f"'you have at least {n}'")
