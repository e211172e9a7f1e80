"""The meanings of the grammar rules of the section "SVE faceup and facedown cards of the evolve
deck".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  A card of the evolve deck area
may be faceup; a faceup card is not part of the evolve deck unless the text names it (4.6.3), which
``ZoneSpec.faceup_apart`` makes every selector respect.  The instruction ``turn_face`` (``ops.py``)
turns cards of the evolve deck, the cost item ``turn_face`` (``procedures/costs.py``) pays with them:

- "Select a faceup Europa in your evolve deck", "an unevolved Mejiro McQueen on your field": a card
  name after adjectives;
- "Turn it facedown", "You may turn 2 faceup evolved Natura followers in your evolve deck facedown",
  "turn any number of faceup evolved followers in your evolve deck facedown";
- the cost "Turn 3 facedown evolved followers in your evolve deck faceup".
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NoParse
from .assembly import Sel, _pick, apply_adjective, evolve_deck_kind

_inline = v_args(inline=True)


def _face(t: Token) -> str:
    return "up" if "up" in str(t).lower() else "down"


def _evolve_deck_cards(s: Any, face: str) -> dict:
    """The selector of cards of your evolve deck to turn to FACE: they must have the other face (a
    card already so is not turned, 1.3.2.1), and the text names that face (4.6.3)."""
    if not isinstance(s, Sel) or s.filt.get("zone") != "evolve_deck" or s.filt.get("player") != "you":
        raise NoParse("turn: cards of your evolve deck")
    if s.filt.get("face") != ("down" if face == "up" else "up"):
        raise NoParse("turn: the face the cards have")
    return dict(s.filt)


class EvolveDeckFaces:
    @_inline
    def np_name_adj(self, q: dict, *parts: Any) -> Sel:
        at = next(i for i, p in enumerate(parts) if isinstance(p, Token))  # the card name
        s = self.np_name(q, *parts[at:])  # type: ignore[attr-defined]
        for p in parts[:at]:
            if p[0] == "adj":
                apply_adjective(s.filt, p[1])
            else:
                s.filt[p[1]] = p[2]  # "a 2-cost ..." (2.5)
        evolve_deck_kind(s.filt)
        return s

    @_inline
    def turn_face_ref(self, w: Any, face: Token) -> list:
        fc = _face(face)
        if not isinstance(w, Sel):
            if w not in ("$it", "$sel"):
                raise NoParse("turn: which cards")  # "it", "them", "the selected card"
            return [{"turn_face": {"what": w, "face": fc}}]
        _evolve_deck_cards(w, fc)
        if w.each:
            return [{"turn_face": {"what": w.filt, "face": fc}}]
        # "turn 2 faceup ... facedown": the player picks that many as the instruction is performed
        # ("up to 2", "any number of": as many as they like; "You may turn 2": 2 or none)
        n = {} if w.up_to else {"n": w.n}
        return [_pick(w, False), {"turn_face": {"what": "$it", "face": fc, **n}}]

    @_inline
    def cost_turn_face(self, s: Any, face: Token) -> list:
        if not isinstance(s, Sel) or s.each or s.up_to or not isinstance(s.n, int):
            raise NoParse("a cost turns a number of cards")
        fc = _face(face)
        return [{"turn_face": {"n": s.n, "filter": _evolve_deck_cards(s, fc), "face": fc}}]


__all__ = ["EvolveDeckFaces"]
