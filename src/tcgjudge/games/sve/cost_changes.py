"""The meanings of the grammar rules of the section "SVE costs and cost changes".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules):

- costs of abilities (10.4): the engage icon before the cards it engages in any list of costs
  ("Fanfare: {ENGAGE} a Naterran Great Tree on your field: ...", 10.4.6, 10.4.7.4), "put another
  follower from your field into its owner's cemetery" (to bury it, 5.33.1), "Skip your next turn"
  (5.25.2), a card "from your field or EX area" (4.1: either zone);
- changes to the cost of playing a card (10.2.1.3.3): "This card costs X less. X equals ...", "The
  next card you play from the EX area this turn costs 10 less to play" (the first card played from
  that zone, 10.3.4), "The next NAME you play this turn costs 5 less", "This card's Evolve costs 1
  less this turn" (12.2: the instruction ``evolve_cost_less``);
- "When playing this card, [process]: This card costs 0 to play." (10.4.7.3 with 10.10.2.4: the card
  field ``play_process: {cost, set: N}``, read where the grammar's abilities are assembled);
- "You may play any number of Evolve per turn." (8.3.2 with 1.3: the player flag ``evolve_any``).
"""

from __future__ import annotations

from lark import Token, v_args

from ...cards.textcompiler import NoParse

_inline = v_args(inline=True)


class CostChanges:
    """Semantics of costs and cost changes (a mixin of ``SveSemantics``)."""

    # -- costs (10.4) ------------------------------------------------------------------------------
    @_inline
    def cost_icon_engage_cards(self, *items: list) -> list:
        return [x for it in items for x in it]  # 10.4.6: the cards the icon engages (engage_cards)

    @_inline
    def cost_skip_turn(self) -> list:
        # 5.25.2: when the player's next turn would begin, it is skipped once instead
        return [{"do": [{"skip_turn": "you"}]}]

    @_inline
    def field_or_ex_short(self, _prep: Token) -> tuple:
        # 4.1: a card in either zone of yours (the zones themselves, so that a card name reads them too)
        return ("place", ["field", "ex_area"], "you")

    # -- the next card played (10.2.1.3.3) -----------------------------------------------------------
    @_inline
    def next_play_less_from_ex(self, parts: tuple, n: Token) -> list:
        got = self.next_play_less(parts, n)  # type: ignore[attr-defined]
        # 10.3.4: only a card played from the EX area (SVERules.card_costs and _use_next_play_cost)
        got[0]["player_effect"]["flags"]["cost_mod"]["affects"]["zone"] = "ex_area"
        return got

    @_inline
    def next_named_play_less(self, name: Token, n: Token) -> list:
        s = self.np_name({"n": 1}, name)  # type: ignore[attr-defined]
        if s.each or s.up_to or set(s.filt) != {"name"}:
            raise NoParse("the next card of a name")
        less = int(str(n))
        return [{"player_effect": {"flags": {"cost_mod": {"n": -less, "affects": dict(s.filt), "next": True}},
                                   "until": "end_of_turn"}}]

    # -- the evolve limit (8.3.2) --------------------------------------------------------------------
    @_inline
    def st_evolve_any(self, _w: Token) -> list:
        # 8.3.2, 1.3: the player of this card may play any number of evolve abilities a turn
        return [{"player": {"flags": ["evolve_any"]}}]

    @_inline
    def evolve_cost_less_turn(self, _w: Token, n: Token, until: str) -> list:
        k = int(str(n)) if str(n).isdigit() else 0
        if k < 1:
            raise NoParse("an evolve cost N less")
        return [{"evolve_cost_less": {"what": "self", "n": k, "until": until}}]  # 12.2, 10.2.1.3.3


__all__ = ["CostChanges"]
