"""The meanings of the grammar's section "caster: the casters-compendium notation and its
wordings" (grammar.lark): the wordings of the casters-compendium card database that the printed
cards write otherwise.

A mixin of :class:`grammar_compiler.CasterSemantics`: each method is named after the rule (or
alias) it gives a meaning to, and builds the effect language as the rules beside it do.
"""

from __future__ import annotations

from lark import Token, Transformer, v_args


@v_args(inline=True)
class CompendiumFamilies(Transformer):
    """Mixin of :class:`CasterSemantics`: the casters-compendium wordings."""

    # CR 703.3, 1003.1: the conjure resolving goes to the removed zone, not the graveyard
    def k_removed_as_resolves(self, *_w: Token) -> list:
        return [{"removed_as_resolves": {}}]
