"""The meanings of the grammar rules of the section "SVE trigger events: who did it, how many, to whom".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- "Whenever this follower gains attack or defense": a ``stat_change`` event increasing either value
  (5.26.1-5.26.2); ``data: {key: [atk, def]}`` matches either, and ``batch: true`` makes the ability
  trigger once for the changes one effect makes at once ("+1/+1");
- who discards and how many (5.11.1): "a player" / "an enemy" discards a card; "you discard 1 or more
  cards" triggers once for the cards one discard moves at once (``batch: true``);
- "this follower deals damage to an enemy leader / a follower ..." (5.13.2: the receiver described);
- "this follower has gained attack or defense this turn": the turn a value of this card was last
  increased is kept on it (selector key ``gained_turn``, recorded by ``rules.record_event``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

_inline = v_args(inline=True)


def _stat(t: Any) -> str:
    return "atk" if str(t).lower() == "attack" else "def"


def _stats(parts: tuple) -> list[str]:
    out = [_stat(p) for p in parts if isinstance(p, Token) and p.type == "GAIN_STAT"]
    return sorted(set(out))


#: a receiver of damage: the target's type and whose it is (5.13.2)
_RECEIVERS = {"an enemy leader": ("leader", "enemy"), "the enemy leader": ("leader", "enemy"),
              "your opponent's leader": ("leader", "enemy"), "a leader": ("leader", None),
              "your leader": ("leader", "you"), "an enemy follower": ("follower", "enemy"),
              "a follower": ("follower", None)}


class TriggerEvents:
    """Semantics of the doer, count and receiver of trigger events (a mixin of ``SveSemantics``)."""

    @_inline
    def on_self_gains_either(self, *parts: Any) -> dict:
        keys = _stats(parts)
        key: Any = keys[0] if len(keys) == 1 else keys
        return {"event": "stat_change", "subject": "self", "data": {"key": key, "change": "increased"},
                "batch": True}

    @_inline
    def on_any_discards(self, _w: Token, who: Token) -> dict:
        p = "each" if str(who).lower() == "a player" else "enemy"
        return {"event": "move", "from": "hand", "to": "cemetery", "cause": "discard", "player": p, "subject": {}}

    @_inline
    def on_discards_many(self, _w: Token, *parts: Any) -> dict:
        who = str(parts[0]).lower() if len(parts) > 1 else "you"
        p = "you" if who == "you" else "each" if who == "a player" else "enemy"
        return {"event": "move", "from": "hand", "to": "cemetery", "cause": "discard", "player": p,
                "subject": {}, "batch": True}

    @_inline
    def on_self_deals_damage_to(self, _w: Token, *parts: Any) -> dict:
        kind, whose = _RECEIVERS[" ".join(str(parts[-1]).lower().split())]
        pat: dict = {"event": "damage", "subject": "self", "data": {"target_type": kind}}
        if whose is not None:
            pat["target"] = {"controller": whose}
        return pat

    @_inline
    def self_gained_this_turn(self, *parts: Any) -> dict:
        return {"is": ["self", {"gained_turn": _stats(parts)}]}
