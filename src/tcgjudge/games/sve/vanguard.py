"""The meanings of the grammar rules of the section "SVE vanguard" (the Vanguard universe, 14.4).

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  Ride written out with its costs
and text is read by ``grammar_compiler._ride_written`` (an ability, 14.4.9.2).

- "Whenever a follower on your field performs a drive check, ...": the engine's
  ``perform_drive_check`` event (14.4.5.1), whose subject is the card whose ability performs the
  drive check (a follower's Single Drive or Twin Drive, 14.4.6.1); "it" is that follower.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse

_inline = v_args(inline=True)


class Vanguard:
    """Semantics of the Vanguard universe's wordings (a mixin of ``SveSemantics``)."""

    @_inline
    def on_performs_drive_check(self, _w: Token, s: Any) -> dict:
        f = dict(s.filt)
        who = f.pop("controller", None)
        if who not in ("you", "enemy") or s.each or s.up_to or s.n != 1 or f.get("zone", "field") != "field":
            raise NoParse("whose card performs a drive check")  # read: a card on a player's field
        f.pop("zone", None)
        return {"event": "perform_drive_check", "player": who, "subject": f}  # 14.4.5.1
