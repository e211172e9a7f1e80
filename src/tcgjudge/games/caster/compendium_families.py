"""The meanings of the grammar's section "caster: the casters-compendium notation and its
wordings" (grammar.lark): the wordings of the casters-compendium card database that the printed
cards write otherwise.

A mixin of :class:`grammar_compiler.CasterSemantics`: each method is named after the rule (or
alias) it gives a meaning to, and builds the effect language as the rules beside it do.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from . import assembly as tc
from .assembly import NP


@v_args(inline=True)
class CompendiumFamilies(Transformer):
    """Mixin of :class:`CasterSemantics`: the casters-compendium wordings."""

    # CR 703.3, 1003.1: the conjure resolving goes to the removed zone, not the graveyard
    def k_removed_as_resolves(self, *_w: Token) -> list:
        return [{"removed_as_resolves": {}}]

    # CR 1106.2: "When this card enters the field" is [Enter]
    def t_self_enters(self, *_w: Token) -> Any:
        return "enter"

    # CR 1107.2: "When this card is put into a graveyard from the field" is [Last Words]
    def t_self_to_graveyard(self, *_w: Token) -> Any:
        return "last_words"

    # CR 507.3: the end of the turn being played (every turn)
    def t_end_of_the_turn(self, *_w: Token) -> Any:
        return "end_of_turn"

    # CR 501.1, 502: the beginning of a turn of the enemy player, or of every turn
    def t_start_of_enemy_turn(self, *_w: Token) -> Any:
        return {"named": "beginning_of_turn", "whose": "enemy"}

    def t_start_of_each_turn(self, *_w: Token) -> Any:
        return {"named": "beginning_of_turn", "whose": "each"}

    # CR 308.3, 1010.1: the card itself in a position
    def c_self_orient(self, _self: Token, orient: Token) -> dict:
        # "self" as written (a static ability's condition is not assembled, so no NP)
        return {"is": ["self", {"orientation": str(orient).lower()}]}

    # CR 803.2, 105.4: what the opponent cannot attack cannot be attacked
    def st_opponent_no_attack(self, _who: Token, w: NP) -> list:
        return tc.st_no_attacked(w)

    def st_opponent_no_attack_if(self, _who: Token, w: NP, c: dict) -> list:
        return [dict(e, **{"if": c}) for e in tc.st_no_attacked(w)]

    def st_no_attacked_if(self, w: NP, c: dict) -> list:
        return [dict(e, **{"if": c}) for e in tc.st_no_attacked(w)]

    # CR 902.2: valid in the graveyard only; the card from there to its owner's hand (CR 105.2)
    def k_self_graveyard_to_hand(self, *_w: Token) -> list:
        return [{"@if": {"is": ["self", {"zone": "graveyard"}]}, "then": tc.k_to_hand(NP("ref", ref="self")),
                 "@zones": ["graveyard"]}]

    # CR 1103.2: the record of cards played by [Break] this turn, of one side or of either
    def c_card_break_played(self, *w: Token) -> dict:
        side = next((str(t).lower() for t in w if isinstance(t, Token) and t.type == "SIDE"), None)
        if side is None:
            return {"or": [tc._rec("break_played"), tc._rec("break_played", "enemy")]}
        return tc._rec("break_played") if side == "allied" else tc._rec("break_played", "enemy")
