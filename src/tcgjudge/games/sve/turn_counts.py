"""The meanings of the grammar rules of the section "SVE history: the Nth time this turn".

The rules are at the end of ``grammar.lark``; the methods are mixed into
:class:`grammar_compiler.SveSemantics` (named after their rules).  Each reads a per-turn tally the
rules keep (``g.record``, ``rules.record_event``), as a ``record`` condition with a lower and an
upper bound:

- "if it's the 3rd you've played this turn", "the 3rd card you've played": the cards the player
  played this turn (13.2.1.3; the tally ``played``, ``spells_played`` for "spell") number exactly N;
- "if it's the 1st time a follower on your field has evolved this turn": the followers of that
  player that evolved this turn (5.15; ``evolved``) number exactly N;
- "if it's the 3rd time an Aqua Force follower on your field has attacked this turn", "if Aqua
  Force followers on your field have attacked at least 3 times this turn": the attacks of that
  player's followers this turn (8.4.5; ``attacks``), of that kind where the text names one (the
  attacking cards are kept with the tally, ``rules.record_cards``);
- "Whenever your leader's defense decreases" / "When your leader loses defense" (2.8.3, 13.5.2:
  the event ``leader_def_lost``) and "if it's at least the 4th time this turn" after it: the
  trigger's own tally (``lost_def``; :func:`event_tally_refs`);
- "If it's the 2nd, ...": the tally of the "it's the Nth ..." written before it in the same ability
  (:func:`nth_refs`); with none before it the words name nothing and are refused.

"At least the Nth" is N or more.  The tallies count the event the ability triggered on ("Whenever
you play a card, if it's the 3rd ...": the card just played is counted, 13.2.1.3), read as the
condition is checked.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, v_args

from ...cards.textcompiler import NUMBER_WORDS, NoParse

_inline = v_args(inline=True)

#: "If it's the 2nd": the tally of the "it's the Nth ..." before it (see nth_refs)
NTH_AGAIN = "@nth_again"
#: "if it's at least the 4th time this turn": the tally of the trigger's event (event_tally_refs)
NTH_EVENT = "@nth_event"
#: the mark of a trigger whose event the rules tally for the turn (its key and player)
TALLY = "@tally"

_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


def _nth(t: Token) -> int:
    w = str(t).lower()
    m = re.match(r"\d+", w)
    n = int(m.group()) if m else _WORDS[w]
    if n < 1:
        raise NoParse(f"the {w}")
    return n


def _bounds(at: Token | None, n: int) -> dict:
    at_least = at is not None and "least" in str(at).lower()
    return {"min": n} if at_least else {"min": n, "max": n}


def _parts(parts: tuple) -> tuple[Token | None, int]:
    at = next((p for p in parts if isinstance(p, Token) and p.type == "NTH_AT"), None)
    nth = next(p for p in parts if isinstance(p, Token) and p.type == "NTH")
    return at, _nth(nth)


class TurnCounts:
    """Semantics of "the Nth time this turn" (a mixin of ``SveSemantics``)."""

    @_inline
    def nth_played(self, *parts: Any) -> dict:
        at, n = _parts(parts)
        kind = next((p for p in parts if isinstance(p, Token) and p.type == "NTH_PLAYED_KIND"), None)
        key = "spells_played" if kind is not None and str(kind).lower() == "spell" else "played"
        return {"record": {"key": key, **_bounds(at, n)}}  # 13.2.1.3

    @_inline
    def nth_time(self, *parts: Any) -> dict:
        at, n = _parts(parts)
        sel = next(p for p in parts if not isinstance(p, Token))
        verb = next(p for p in parts if isinstance(p, Token) and p.type == "NTH_VERB")
        return {"record": {**_tally(sel, str(verb).lower()), **_bounds(at, n)}}

    @_inline
    def nth_again(self, *parts: Any) -> dict:
        at, n = _parts(parts)
        return {NTH_AGAIN: _bounds(at, n)}

    @_inline
    def nth_time_event(self, *parts: Any) -> dict:
        at, n = _parts(parts)
        return {NTH_EVENT: _bounds(at, n)}  # the trigger's own tally (event_tally_refs)

    @_inline
    def on_leader_def_lost(self, *_parts: Any) -> dict:
        # 2.8.3, 13.5.2: the leader's defense went down; the tally of the turn is ``lost_def``
        return {"event": "leader_def_lost", "player": "you", TALLY: {"key": "lost_def", "player": "you"}}

    @_inline
    def times_this_turn(self, sel: Any, verb: Token, n: Token, *_rest: Any) -> dict:
        w = str(n).lower()
        k = int(w) if w.isdigit() else NUMBER_WORDS.get(w)
        if not isinstance(k, int) or k < 1:
            raise NoParse(f"at least {w} times")
        return {"record": {**_tally(sel, str(verb).lower(), plural=True), "min": k}}


def _tally(sel: Any, verb: str, plural: bool = False) -> dict:
    """The tally of "NP has evolved / attacked" ("NPs have ...": ``plural``): whose followers, and
    of what kind."""
    if sel.up_to or (not plural and (sel.each or sel.n != 1)):
        raise NoParse("a number of followers")
    filt = dict(sel.filt)
    zone = filt.pop("zone", "field")
    who = filt.pop("controller", None)
    if zone != "field" or who not in ("you", "enemy"):
        raise NoParse("followers of a field")  # 5.15, 8.4: only followers on a field evolve and attack
    if filt.get("type") != "follower":
        raise NoParse("cards other than followers")
    spec: dict[str, Any] = {"key": "evolved" if verb == "evolved" else "attacks", "player": who}
    kind = {k: v for k, v in filt.items() if k != "type"}
    if kind:
        if verb == "evolved":
            raise NoParse("the evolutions of a kind of follower")  # the tally keeps no cards
        spec["of"] = filt  # 8.4.5: the attacking cards of the tally (rules.record_cards)
    return spec


def nth_refs(cond: Any, do: list) -> tuple[Any, list]:
    """"If it's the 2nd": the record of the latest "it's the Nth ..." before it, in the order the
    ability is written (its trigger condition first, then its effect), with the new bounds."""
    last: list[dict] = []

    def walk(x: Any) -> Any:
        if isinstance(x, list):
            return [walk(v) for v in x]
        if not isinstance(x, dict):
            return x
        if NTH_AGAIN in x:
            if not last:
                raise NoParse("'it's the Nth' names nothing before it")
            base = {k: v for k, v in last[-1].items() if k not in ("min", "max")}
            return {"record": {**base, **x[NTH_AGAIN]}}
        if "record" in x and isinstance(x["record"], dict) and "max" in x["record"] \
                and x["record"].get("min") == x["record"]["max"]:
            last.append(x["record"])
            return x
        return {k: walk(v) for k, v in x.items()}

    return walk(cond), walk(do)


def event_tally_refs(x: Any, tally: dict | None) -> Any:
    """"it's the Nth time this turn": the trigger's own tally (``tally``, from the trigger's mark)
    with the bounds; a trigger the rules do not tally leaves the words naming nothing (refused)."""
    if isinstance(x, list):
        return [event_tally_refs(v, tally) for v in x]
    if not isinstance(x, dict):
        return x
    if NTH_EVENT in x:
        if tally is None:
            raise NoParse("'the Nth time' of an event the rules do not count")
        return {"record": {**tally, **x[NTH_EVENT]}}
    return {k: event_tally_refs(v, tally) for k, v in x.items()}


__all__ = ["NTH_AGAIN", "NTH_EVENT", "TALLY", "TurnCounts", "event_tally_refs", "nth_refs"]
