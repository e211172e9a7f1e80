"""The meanings of the grammar rules of the section "SVE history: delayed abilities on a card".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "When it's put from the field into the cemetery this turn, EFFECT" after an effect that named a
  card ("Select an enemy follower on the field and deal it 1 damage."): a delayed automatic ability
  (10.7.5) that watches that card leaving the field for the cemetery (4.9; the ``move`` event as
  Last Words reads it, 12.5.3; the selector key ``bound_as``: the card bound, read as it was on
  the field) and lasts until the end of the turn (``until: end_of_turn``; the
  delayed ability is gone when the turn it was made in has ended). Its effect may not name the card
  again ("it": the card has become a new object, 4.1.4; refused).
"""

from __future__ import annotations

from typing import Any

from lark import v_args

from .notation import EOT

_inline = v_args(inline=True)


class DelayedOnCard:
    """Semantics of delayed abilities watching a card (a mixin of ``SveSemantics``)."""

    @_inline
    def delayed_it_to_cemetery(self, *parts: Any) -> list:
        effect = parts[-1]
        on = {"event": "move", "from": "field", "to": "cemetery", "subject": {"bound_as": "$it"}}  # 4.9, 12.5.3
        return [{"@delayed_on": on, "do": effect, "until": EOT}]


__all__ = ["DelayedOnCard"]
