"""A main deck whose top card is kept revealed, and shuffles (920.2, 920.2.1).

An effect may keep the top card of a player's main deck revealed (the player flag
``top_revealed``: 「自分のメインデッキの一番上のカードを公開した状態にする」).  Each time the
top card changes, the new one is revealed to both players; :func:`reveal_tops` does it at the
moments the rules processes are checked (between two instructions of a resolving effect, and
before a player gets priority).

920.2: while the deck is being shuffled, the effect does not apply.  920.2.1: when the effect
that shuffled moves some of the shuffled cards elsewhere right after the shuffle, that move is
part of the shuffle: the top card is revealed only once it is done.  The shuffle marks the deck
(``_shuffling``); the check right after the shuffle instruction leaves it marked, and the check
after the next instruction (the move, if there is one) ends the shuffle and reveals the top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...kernel.game import Game


def mark_shuffle(g: Game, p: int) -> None:
    """920.2, 920.2.1: player ``p``'s deck was just shuffled by an effect being resolved."""
    marks = dict(g.gvars.get("_shuffling") or {})
    marks[str(p)] = "shuffled"
    g.gvars["_shuffling"] = marks


def reveal_tops(g: Game, between: bool) -> None:
    """Reveal the top card of each main deck kept revealed (920.2); ``between``: the check is
    between two instructions of an effect (a shuffle's own move may still follow, 920.2.1)."""
    marks = g.gvars.get("_shuffling")
    if marks:
        left = {p: "moving" for p, state in marks.items() if between and state == "shuffled"}
        if left:
            g.gvars["_shuffling"] = left
        else:
            del g.gvars["_shuffling"]
        marks = left
    for p in (0, 1):
        if marks and str(p) in marks:
            continue  # 920.2.1: the shuffle goes on
        if not g.pmods(p).get("top_revealed"):
            continue
        deck = g.zone(p, "deck")
        if deck and g.objects[deck[-1]].get("known") != "all":
            g.rules.reveal(g, deck[-1])


__all__ = ["mark_shuffle", "reveal_tops"]
