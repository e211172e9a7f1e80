"""The meanings of The Caster Chronicles' card text, and their assembly into the effect language.

The grammar (``grammar.lark``, read by ``grammar_compiler``) gives each phrase of printed text a
meaning built here: noun phrases are :class:`NP` selectors, verb phrases are instructions over
them (the ``k_*`` actions, ``st_*`` continuous effects, ``t_*`` triggers, ``q_*`` costs,
conditions), and :class:`Asm` turns a sentence's items into an ability body (targets, cards
chosen on resolution, the names "it" and "that card" stand for).  :func:`notation` puts a card's
text in paragraphs with reminder text dropped (CR 205.2, 205.3).

- "target ..." is chosen as the card or ability is played (CR 903.2e); "a/an/another ..." is
  chosen as it resolves; "all ..." and a plural ("Allied servants") mean every such card, a
  condition re-checked continuously for a continuous effect (CR 909.3b-3);
- a card type or race named without a zone is in the field (CR 201.4, 206.3); "allied" and
  "enemy" name what a player controls, or that player's zone (CR 105.4);
- "it", "that card" name the most recently targeted, chosen or moved cards; "that enemy
  servant" after "whenever this card attacks an enemy servant" is the attacked servant.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...cards.textcompiler import (
    CompiledCard,
    CompileReport,
    NoParse,
    fresh_name,
)
from .vocabulary import ON_FIELD

EOT = "end_of_turn"
_NUM_RX = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"

#: keyword skills written as a bracketed icon (CR 1101-1118) -> the keyword's word
KEYWORDS = {
    "double corrupt": "double_corrupt", "triple corrupt": "triple_corrupt", "break": "break",
    "slow start": "slow_start", "quickcast": "quickcast", "soul seal": "soul_seal", "hubris": "hubris",
    "lethargy": "lethargy", "unity": "unity", "φ": "phi", "phi": "phi",
}
#: keywords written with a value in parentheses: ``[Break](2)`` (1103.3), ``[United Front](Justice)``
#: (1108.2), ``[Step Up](Beast)`` (1114.2), ``[Ride](3)`` (1118.2)
PARAM_KEYWORDS = {"break": "break", "ride": "ride", "united front": "united_front", "step up": "step_up"}
#: keywords an effect can give a card ("gains [Hubris]")
GIVEABLE = {"double_corrupt", "triple_corrupt", "break", "slow_start", "quickcast", "hubris", "lethargy",
            "unity", "phi"}

# ------------------------------------------------------------------------------ notation
_PARAM = re.compile(r"\[(break|ride|united front|step up)\]\(([^()]*)\)", re.IGNORECASE)
#: the same keywords written without brackets as a line of their own ("United Front (Idol)",
#: "Break (2)"): the value in parentheses is the keyword's, as in the bracketed form
_BARE_PARAM = re.compile(r"(?m)^[ \t]*(break|ride|united front|step up)[ \t]*\(([^()]*)\)", re.IGNORECASE)


def _param_ok(kw: str, val: str) -> bool:
    """Is ``(val)`` right after ``[kw]`` the keyword's value rather than reminder text?"""
    v = val.strip()
    if kw.lower() in ("break", "ride"):
        return bool(re.fullmatch(r"\d+", v))
    return bool(re.fullmatch(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}", v))


#: words of the rules whose explanation a reminder may be without an icon on its line
#: (Soul Bond, CR 1020: "soul bond it. (Choose one of each of the ... materials ...)")
_RULE_TERMS = re.compile(r"\b(?:deity counters?|soul bond|" + "|".join(re.escape(k) for k in KEYWORDS) + r")\b",
                         re.IGNORECASE)


#: a line that opens with a keyword's name written without brackets (the newer wording)
_BARE_KEYWORD = re.compile(r"(?:" + "|".join(re.escape(k) for k in sorted(KEYWORDS, key=len, reverse=True))
                           + r")(?=\s*(?:\(|$))", re.IGNORECASE)


#: a keyword's name as printed without brackets ("gains +4000 ATK and Double Corrupt")
_KEYWORD_NAME = re.compile(r"\b(?:" + "|".join(re.escape(k.title()) for k in KEYWORDS if k.isascii()) + r")\b")

_REMINDER_ADDS_COST = re.compile(r"(?i)\bincrease (?:its|this card's) cost\b|\bcosts? \d+ more\b")


def _drop_reminders(line: str) -> str:
    """Drop the reminder text of a line (CR 205.3): parenthesized sentences describing an ability
    named by a bracketed keyword or icon or a trigger's ``⇒`` in the same line (``[Break] (When this
    card ...)``, ``[Enter] ⇒ ... (When this card enters the field ⇒ Perform the effect.)``,
    ``Whenever this card switches ⇒ ... (When this card is changed ...)``), or a term of the rules
    (``(Enters the field with 3 deity counters; ...)``).  Other
    parenthesized words are part of their sentence and stay, to be read or refused."""
    # the newer wording has no icons: a keyword's name opening the line ("Break (When I am put
    # ...)") or a label before ":" ("Enter : ... (When I enter the field : Perform the effect.)")
    # marks the line's reminder the same way
    bare = re.sub(r"\([^()]*\)", "", line)
    icon = re.search(r"\[[^\]]+\]|⇒|:", bare) is not None or _KEYWORD_NAME.search(bare) is not None
    kept: list[str] = []
    prev = None
    while prev != line:  # nested parentheses go from the inside out
        prev = line

        def one(m: re.Match) -> str:
            inner = m.group(1).strip()
            if _REMINDER_ADDS_COST.search(inner):
                # a "reminder" that makes the card cost more says more than the rule it recalls
                # (the United Front reminder of the playtest sets adds 1 to the cost; CR 1108.2 has
                # no increase): it is kept, to be read or refused, so the card never plays cheaper
                # than printed
                kept.append(m.group(0))
                return f"\x00{len(kept) - 1}\x00"
            if re.search(r"\]\s*$", m.string[:m.start()]) or _BARE_KEYWORD.fullmatch(m.string[:m.start()].strip()):
                return ""  # right after a bracketed keyword: that keyword's reminder
            # a sentence: capitalized, with its full stop or closing the line ("(This is not optional)")
            closing = not m.string[m.end():].strip(" .")
            sentence = re.match(r"[A-Z]", inner) and (re.search(r"[.!]$", inner) or closing)
            if sentence and (icon or _RULE_TERMS.search(inner)):
                return ""
            kept.append(m.group(0))
            return f"\x00{len(kept) - 1}\x00"
        line = re.sub(r"\s*\(([^()]*)\)", one, line)
    while "\x00" in line:
        line = re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], line)
    return line


#: misprints of printed card text, each read as the word the rules or the card data define (a
#: whole word, matched as printed): nothing else is respelled, and no meaning is guessed
MISPRINTS = {
    "Cosumetics": "Cosmetics",  # the trait "Cosmetics" (CR 206) of the card data
    "owner's hard": "owner's hand",  # a card goes to its owner's hand (CR 105.2, 305)
    # the first person of the casters-compendium database with the "This card" it replaced left
    # in ("This I gain Double Corrupt as long as ..."): the card itself (CR 205.1)
    "This I gain": "I gain",
}
_MISPRINT_RX = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in MISPRINTS) + r")\b")


#: a bullet opening a line: the paragraph mark of the card databases that list each ability as a
#: bulleted item ("• Enter : ...", "•Target ..."); a paragraph is an ability (CR 205.2)
_BULLET = re.compile(r"(?m)^[ \t]*\u2022[ \t]*")


def notation(text: str) -> list[str]:
    """A card's text as its paragraphs (CR 205.2), with reminder text dropped (CR 205.3) and the
    known misprints (``MISPRINTS``) respelled.  A bullet opening a line only marks the paragraph
    (``_BULLET``)."""
    t = _BULLET.sub("", (text or "").replace("\r", "")).replace("\u2019", "'")
    t = _MISPRINT_RX.sub(lambda m: MISPRINTS[m.group(0)], t)
    t = t.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    # the arrow between a trigger and its effect (CR 906.1), as some databases type it
    t = t.replace("\uff08", "(").replace("\uff09", ")").replace("\r", "").replace("=>", "⇒").replace("\u2192", "⇒")
    t = t.replace("\u2014", "–").replace(" - ", " – ")
    # protect keyword values: [Break](2) -> [Break]{2}
    t = _PARAM.sub(lambda m: f"[{m.group(1)}]{{{m.group(2).strip()}}}" if _param_ok(m.group(1), m.group(2))
                   else m.group(0), t)
    t = _BARE_PARAM.sub(lambda m: f"[{m.group(1)}]{{{m.group(2).strip()}}}" if _param_ok(m.group(1), m.group(2))
                        else m.group(0), t)
    t = "\n".join(_drop_reminders(line) for line in t.split("\n"))
    t = re.sub(r"\{([^{}]*)\}", r"(\1)", t)
    out = []
    for line in t.split("\n"):
        line = " ".join(line.split())
        line = re.sub(r"\s+([.,:])", r"\1", line)
        if line:
            out.append(line)
    return out


# ------------------------------------------------------------------------------- phrases


# ------------------------------------------------------------------------------ numbers




# ---------------------------------------------------------------------------- noun phrases
@dataclass
class NP:
    """A noun phrase naming cards.

    ``kind``: ``target`` (chosen as played, CR 903.2e), ``choose`` (chosen as it resolves),
    ``all`` (a selector: every matching card), ``ref`` (``self``, ``it``, ``that``, ``subject``,
    ``attacked``)."""

    kind: str
    filt: dict = field(default_factory=dict)
    n: Any = 1
    up_to: bool = False
    ref: str | None = None
    chooser: str | None = None


_HEADS = {"servant": "servant", "servants": "servant", "caster": "caster", "casters": "caster",
          "barrier": "barrier", "barriers": "barrier", "conjure": "conjure", "conjures": "conjure",
          "deity": "deity", "deities": "deity", "card": None, "cards": None, "orb": "@orb", "orbs": "@orb",
          "spell": "@spell", "spells": "@spell"}
_PLURAL_HEADS = {"servants", "casters", "barriers", "conjures", "deities", "cards", "orbs", "spells"}
_ZONES = {"graveyard": "graveyard", "hand": "hand", "deck": "deck", "extra deck": "extra_deck",
          "orb zone": "orbs", "caster zone": "casters", "bingo zone": "bingo"}
_OWNERS = {"an allied": "you", "your": "you", "an enemy": "enemy", "the enemy's": "enemy", "their": None,
           "its owner's": None, "their owner's": None, "the": None}
_ZONE_RX = re.compile(r"\s+(?:in|from)\s+(an allied|your|an enemy|the enemy's|their|its owner's|their owner's|the)"
                      r"\s+(graveyard|hand|deck|extra deck|orb zone|caster zone|bingo zone)$", re.IGNORECASE)
_REF_WORDS = {
    "this card": "self", "this servant": "self", "this caster": "self", "this barrier": "self",
    "this deity": "self", "it": "it", "them": "it", "that card": "it", "that servant": "that",
    "that enemy servant": "that", "those cards": "it", "the servant revealed this way": "it",
}
_RACE_RX = re.compile(r"[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}")
















def _each_count(t: str) -> Any:
    """ "for each X": a count of X (CR 306.4a: cards counted without a zone are entities in the field)."""
    low = t.strip().lower()
    if low in ("card in your hand", "card in an allied hand"):
        return {"player_value": {"key": "hand", "player": "you"}}
    if low in ("allied orb", "orb you have"):
        return {"player_value": {"key": "orbs", "player": "you"}}
    raise NoParse(t)


# ------------------------------------------------------------------------------ conditions


def _rec(key: str, player: str = "you", n: int = 1) -> dict:
    spec: dict[str, Any] = {"key": key}
    if player != "you":
        spec["player"] = player
    if n != 1:
        spec["min"] = n
    return {"record": spec}


def c_no_other() -> dict:
    return {"none": {"type": "servant", "controller": "you", "other": True}}


def c_control_n(n: int, s: NP) -> dict:
    if s.kind != "all":
        raise NoParse("control")
    filt = dict(s.filt)
    filt.setdefault("controller", "you")
    return {"count": {"of": filt, "min": n}}


def _controlled(s: NP, what: str) -> dict:
    """The cards of one description that you control (CR 105.4), for "you control a X"."""
    if s.kind != "choose" or s.n != 1 or s.up_to or "zone" in s.filt:
        raise NoParse(what)
    filt = dict(s.filt)
    filt.setdefault("controller", "you")
    return filt


def c_control(s: NP) -> dict:
    # "you control another Heishi": one such card in your field or more (CR 105.4)
    return {"exists": _controlled(s, "control")}


def c_control_none(s: NP) -> dict:
    # "you don't control a card named X": no such card in your field (CR 105.4)
    return {"none": _controlled(s, "don't control")}


def c_more_servants() -> dict:
    return {"compare": [{"count": {"type": "servant", "controller": "enemy"}}, ">",
                        {"count": {"type": "servant", "controller": "you"}}]}


def c_is(s: NP) -> dict:
    if s.kind != "choose" or s.n != 1 or s.up_to or "zone" in s.filt:
        raise NoParse("is")
    return {"is": [NP("ref", ref="it"), s.filt]}


def c_few_orbs(n: int) -> dict:
    return {"orbs": {"max": n}}


def c_many_orbs(n: int) -> dict:
    return {"orbs": {"min": n}}




#: the card a banish cost paid, bound by the play procedure (its last known information gives its
#: cost, CR 911.1)
PAID_BANISH = "_paid_banish"


def c_cost_vs_banished(x: list) -> dict:
    return {"compare": [{"prop": [NP("ref", ref="it"), "cost"]}, "<=", {"prop": [PAID_BANISH, "cost"]}]}


def check_paid_banish(x: Any, cost: list) -> None:
    """"the card banished for this ability's cost" is read only where a banish cost is paid."""
    if PAID_BANISH in repr(x) and not any(isinstance(c, dict) and "banish" in c for c in cost):
        raise NoParse("the card banished for a cost, without a banish cost")
    if isinstance(x, dict) and PAID_BANISH in repr([x.get("target"), x.get("targets")]):
        # CR 903.2e before 903.2h: a target is chosen before the cost is paid
        raise NoParse("a target described by the card its cost will banish")


def c_battled() -> dict:
    return {"is": [NP("ref", ref="it"), {"battled": True}]}  # CR 803.4


def c_battled_servant() -> dict:
    return {"is": [NP("ref", ref="it"), {"battled": "servant"}]}


# what happened this turn: per-turn tallies the Caster rules keep (CasterRules.record_event)
def c_two_entered() -> dict:
    return _rec("servants_entered", n=2)


def c_destroyed_in_battle() -> dict:
    return _rec("destroyed_in_battle")


def c_break_played() -> dict:
    return _rec("break_played")


def c_no_spells() -> dict:
    return {"record": {"key": "spells_played", "min": 0, "max": 0}}


def c_servant_corrupted() -> dict:
    return _rec("servant_corrupted")


def c_you_discarded() -> dict:
    return _rec("discarded")


def c_enemy_discarded() -> dict:
    return _rec("discarded", "enemy")


def c_two_attacked() -> dict:
    return _rec("attacks", n=2)


def c_enemy_attacked() -> dict:
    return _rec("attacks", "enemy", 2)


def c_switched() -> dict:
    return _rec("switched")


def c_ally_destroyed_battle() -> dict:
    return _rec("servants_destroyed_in_battle")


def c_ally_destroyed_effect() -> dict:
    return _rec("servants_destroyed_by_effect")


def c_enemy_returned() -> dict:
    return _rec("servants_returned", "enemy")


def c_their_servant_died() -> dict:
    # "another": other than the one to be banished, which is still in the field (CR 1008.1)
    return _rec("servants_to_graveyard", "enemy")


# ------------------------------------------------------------------------------- effects


def _until(d: dict, until: str | None) -> dict:
    if until:
        d["until"] = until
    return d


def _again(w: Any) -> Any:
    """The same cards named a second time in one sentence: a target or a chosen card is
    chosen once ("it" the second time); a selector or a reference stays what it is."""
    if isinstance(w, NP) and w.kind in ("target", "choose"):
        return NP("ref", ref="it")
    return copy.deepcopy(w)


def _gain(w: Any, m: dict, until: str | None) -> list:
    out: list = []
    stats = {k: copy.deepcopy(m[k]) for k in ("atk", "def") if k in m}
    if stats:
        out.append({"modify": _until({"what": w, **stats}, until)})
    if m.get("keywords"):
        out.append({"grant": _until({"what": _again(w) if out else w, "keywords": list(m["keywords"])}, until)})
    if m.get("abilities"):  # CR 909.1c: abilities in quotation marks
        out.append({"grant": _until({"what": _again(w) if out else w, "abilities": list(m["abilities"])}, until)})
    return out






# -- destroying, banishing, returning (CR 1007, 1008)
def k_destroy(w: list) -> list:
    return [{"destroy": w[0] if len(w) == 1 else w}]


def k_banish(w: NP) -> list:
    if w.kind == "target":
        raise NoParse("banish target")  # only cards one controls can be banished (CR 1008.2)
    return [{"banish": w}]


def k_p_banish(p: str, w: NP) -> list:
    """CR 1008.2: a player banishes cards they control, so that player chooses one of theirs."""
    if w.kind != "choose":
        raise NoParse("banishes")
    w.chooser = p if p != "each" else "player"
    who = p if p != "each" else "player"
    if "in" not in w.filt:
        w.filt.setdefault("controller", who)
    ins = [{"banish": {"what": w, "player": who}}]
    if p == "each":
        return [{"each_player": {"do": ins}}]
    return ins


def k_return(w: list) -> list:
    return [{"return": w[0] if len(w) == 1 else w}]


# -- orientation (CR 1010, 1011)
def k_rest(w: NP) -> list:
    return [{"rest": w}]


def k_recover(w: NP) -> list:
    return [{"recover": w}]


def k_reverse(w: NP) -> list:
    return [{"reverse": w}]


def k_switch(w: NP) -> list:
    return [{"switch": w}]


def k_rest_or_reverse(w: NP) -> list:
    # CR 903.2c: the mode is chosen as the ability is played; the target is shared
    return [{"@modes": [("rest", [{"rest": "$shared"}]), ("reverse", [{"reverse": "$shared"}])], "shared": w}]


# -- drawing and discarding (CR 1006, 1013)
def k_draw(n: int) -> list:
    return [{"draw": n}]


def k_p_draw(p: str, n: int) -> list:
    return [{"draw": {"n": n, "player": p}}] if p != "you" else [{"draw": n}]


def k_discard(n: int) -> list:
    return [{"discard": n}]


def k_p_discard(p: str, n: int) -> list:
    return [{"discard": {"n": n, "player": p}}] if p != "you" else [{"discard": n}]


def k_discard_hand(p: str = "you") -> list:
    return [{"discard": {"player": p, "all": True}}]  # CR 1013.2


# -- moving cards
def _top(n: int, player: str = "you") -> NP:
    return NP("all", {"zone": "deck", "player": player, "top": n})








def k_to_hand(w: NP) -> list:
    return [{"move": {"what": w, "to": "hand"}}]


def k_put_field(w: NP) -> list:
    return [{"put_field": w}]  # CR 306.5


def k_bottom(w: NP) -> list:
    return [{"to_deck": {"what": w, "pos": "bottom"}}]


def k_top(w: NP) -> list:
    return [{"to_deck": {"what": w, "pos": "top"}}]


def k_to_orbs(w: NP) -> list:
    return [{"to_orbs": w}]  # CR 309: an orb zone is its owner's


def k_to_casters(w: NP) -> list:
    return [{"to_casters": {"what": w, "face": "down"}}]  # CR 504.1b: a level 1 caster with no element


def k_to_casters_rested(w: NP) -> list:
    return [{"move": {"what": w, "to": "casters", "face": "down", "orientation": "rested", "player": "you"}}]


def k_to_owner_casters(w: NP) -> list:
    # the owner's caster zone (to_casters would put it into the effect controller's)
    return [{"move": {"what": w, "to": "casters", "face": "down"}}]


def k_to_graveyard(w: NP) -> list:
    return [{"move": {"what": w, "to": "graveyard"}}]


def k_to_bingo(w: NP) -> list:
    return [{"to_bingo": {"what": w}}]  # CR 314.3


def k_remove(w: NP) -> list:
    return [{"remove": w}]  # CR 1003.1


def k_search(w: NP) -> list:
    if w.kind != "choose" or w.up_to or "zone" in w.filt:
        raise NoParse("search")
    ins: dict[str, Any] = {"filter": w.filt}
    if w.n != 1:
        ins["n"] = w.n
    ins["to"] = "hand"
    return [{"search": ins}]  # CR 1012.2; the deck is then shuffled (CR 1015)


def k_search_only(w: NP) -> list:
    # "up to N": a search may always find fewer (CR 1012.2); "two X" (exactly N) is not read
    if w.kind != "choose" or (w.n != 1 and not w.up_to) or "zone" in w.filt:
        raise NoParse("search")
    out: dict[str, Any] = {"filter": w.filt, "@open": True}
    if w.n != 1:
        out["n"] = w.n
    return [{"search": out}]


def k_reveal_found() -> list:
    return [{"@found": "hand"}]


def k_shuffle() -> list:
    return [{"@shuffle": True}]


def k_shuffle_put_top() -> list:
    return [{"@found": "top"}]


def k_look() -> list:
    return [{"look": {"n": 1}}]


def k_look_n(n: int) -> list:
    return [{"look": {"n": n}}]


def k_pick_look() -> list:
    # "in any order" is what CR 302.4 says of every move of several cards into a deck
    return [{"@pick_look": True}]


def k_rest_bottom() -> list:
    return [{"@rest_bottom": True}]


def k_look_enemy() -> list:
    return [{"look": {"n": 1, "player": "enemy"}}]


def k_reveal(w: NP) -> list:
    return [{"reveal": w}]  # CR 1004.1


def k_reveal_hand(p: str = "you") -> list:
    return [{"reveal": NP("all", {"zone": "hand", "player": p})}]


# -- orbs (CR 1009), aether (CR 907), Soul Bond (CR 1020)
def k_corrupt(n: int) -> list:
    return [{"corrupt": {"n": n, "player": "enemy"}}]


def k_corrupt_own(n: int) -> list:
    return [{"corrupt": {"n": n, "player": "you", "chooser": "you"}}]


def k_produce(n: int) -> list:
    return [{"produce": {"n": n}}]  # aether of no element (CR 907.5)


def k_produce_any(n: int) -> list:
    return [{"produce": {"n": n, "element": "any"}}]  # CR 907.7


def k_produce_self(n: int) -> list:
    return [{"produce": {"n": n, "element": "self"}}]


def k_soul_bond() -> list:
    return [{"soul_bond": {}}]  # CR 1020.1


# -- control (CR 1016, 1017), cancel (CR 1019)
def k_gain_control(w: NP) -> list:
    return [{"gain_control": w}]


def k_exchange(a: NP, b: NP) -> list:
    return [{"exchange_control": {"a": a, "b": b}}]


def k_cancel(w: NP) -> list:
    if w.kind == "target":
        w.filt.setdefault("zone", "chase")
    return [{"cancel": w}]


# -- gains and losses (CR 1014.3)
def k_gains(w: NP, m: dict) -> list:
    return _gain(w, m, EOT)


def k_gains_forever(w: NP, m: dict) -> list:
    return _gain(w, m, None)  # while the card stays where it is (CR 302.3)


def k_loses(w: NP, k: list) -> list:
    return [{"lose": {"what": w, "keywords": k, "until": EOT}}]


def k_indestructible(w: NP) -> list:
    return [{"grant": {"what": w, "flags": ["indestructible"], "until": EOT}}]  # CR 1007.2


def k_no_attack(w: NP) -> list:
    return [{"grant": {"what": w, "flags": ["cannot_attack"], "until": EOT}}]


def k_no_attacked() -> list:
    return [{"player_effect": {"flags": ["cannot_be_attacked"], "until": EOT}}]


# -- sentences
















# riders of abilities (CR 902.2, 905)
def r_your_main() -> list:
    return [{"@flags": {"timing": "your_main"}}]


def r_main() -> list:
    return [{"@flags": {"timing": "main"}}]


def r_your_turn() -> list:
    return [{"@flags": {"timing": "your_turn"}}]


def r_enemy_turn() -> list:
    return [{"@flags": {"timing": "enemy_turn"}}]






def r_enemy_phase(ph: str) -> list:
    return [{"@flags": {"timing": "enemy_turn", "if": {"phase": ph}}}]


def r_your_phase(ph: str) -> list:
    return [{"@flags": {"timing": "your_turn", "if": {"phase": ph}}}]


def r_your_phase_if(ph: str, c: dict) -> list:
    return [{"@flags": {"timing": "your_turn", "if": {"and": [{"phase": ph}, c]}}}]


def r_only_if(c: dict) -> list:
    return [{"@flags": {"if": c}}]


def r_once() -> list:
    return [{"@flags": {"once_per_turn": True}}]


def r_any_player() -> list:
    return [{"@flags": {"who": "any"}}]


def r_from_casters() -> list:
    return [{"@flags": {"zones": ["casters"]}}]  # CR 902.2


def r_from_hand() -> list:
    return [{"@flags": {"zones": ["hand"]}}]


def r_from_graveyard() -> list:
    return [{"@flags": {"zones": ["graveyard"]}}]


# ---------------------------------------------------------------------------------- costs


def q_rest() -> Any:
    return "rest"  # CR 1010.3: rest this recovered card


def q_aether(n: int) -> Any:
    return n


def q_discard(n: int) -> Any:
    return {"discard": n}


def q_discard_sel(w: NP) -> Any:
    if w.kind != "choose" or "zone" in w.filt or w.up_to:
        raise NoParse("discard")
    out: dict[str, Any] = {"filter": w.filt}
    if w.n != 1:
        out["n"] = w.n
    return {"discard": out}


def q_banish_self() -> Any:
    return {"banish": "self"}


def q_banish(w: NP) -> Any:
    # CR 1008.3: an entity you control, or a stock of one, that fits; a card name in quotation
    # marks is a name (CR 202.4), other words a race or trait (CR 206.1a)
    if w.kind != "choose" or w.up_to or w.filt.get("zone", "orbs") != "orbs" \
            or w.filt.get("controller", "you") != "you" or w.filt.get("player", "you") != "you":
        raise NoParse("banish")
    # "banish an orb": one of your own (CR 1008.2a)
    filt = {k: v for k, v in w.filt.items() if k not in ("controller", "player")}
    out: dict[str, Any] = {"filter": filt}
    if w.n != 1:
        out["n"] = w.n
    return {"banish": out}


def q_deity(n: int) -> Any:
    return {"deity_counters": n}  # CR 1204








# ------------------------------------------------------------------------------- triggers


def t_enter() -> Any:
    return "enter"  # CR 1106.2


def t_last_words() -> Any:
    return "last_words"  # CR 1107.2


def t_attacks() -> Any:
    return "attacks"


def t_attacks_servant() -> Any:
    return {"named": "attacks", "target": {"type": "servant"}, "@that": "attacked"}


def t_corrupts() -> Any:
    return "corrupts"


def t_ally_corrupts() -> Any:
    return {"event": "corrupt", "subject": {"type": "servant", "controller": "you"}}


def t_switches() -> Any:
    return "switches"  # CR 1011.2


def t_destroys() -> Any:
    return "destroys_in_battle"


def t_enters(w: NP) -> Any:
    if w.kind != "choose" or "other" in w.filt and w.filt["other"] is not True:
        raise NoParse("enters")
    return {"event": "move", "to": list(ON_FIELD), "not_from": list(ON_FIELD), "subject": w.filt}


def t_destroyed() -> Any:
    return "destroyed"


def t_leaves() -> Any:
    return "leaves_field"


def t_end_of_turn() -> Any:
    return "end_of_turn"


def t_end_of_your_turn() -> Any:
    return "end_of_your_turn"


def t_end_of_enemy_turn() -> Any:
    return {"named": "end_of_turn", "whose": "enemy"}


def t_start_of_turn() -> Any:
    return "beginning_of_turn"


def t_start_of_phase(ph: str) -> Any:
    return f"beginning_of_{ph}_phase"


# ----------------------------------------------------------------------- continuous abilities


def _static_gain(w: NP, m: dict) -> list:
    out = []
    stats = {k: m[k] for k in ("atk", "def") if k in m}
    if stats:
        out.append({"modify": stats, "affects": w})
    if m.get("keywords"):
        out.append({"grant": {"keywords": list(m["keywords"])}, "affects": w})
    if m.get("abilities"):  # CR 909.1c: abilities in quotation marks
        out.append({"grant": {"abilities": list(m["abilities"])}, "affects": w})
    return out


def st_gains(w: NP, m: dict) -> list:
    return _static_gain(w, m)


def st_gains_if(w: NP, m: dict, c: dict) -> list:
    return [dict(e, **{"if": c}) for e in _static_gain(w, m)]


def st_no_attacked_rested(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_be_attacked_rested"]}, "affects": w}]


def st_no_attacked(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_be_attacked"]}, "affects": w}]


def st_hubris_text(w: NP) -> list:
    # CR 1110.2 defines [Hubris] as exactly this sentence: the card has that ability
    return [{"grant": {"keywords": ["hubris"]}, "affects": w}]


def st_no_attack_players(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_attack_players"]}, "affects": w}]


def st_no_attack(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_attack"]}, "affects": w}]


def st_indestructible(w: NP) -> list:
    return [{"grant": {"flags": ["indestructible"]}, "affects": w}]


def st_no_switch(w: NP) -> list:
    # CR 705: the switch action; a spell or ability still switches them (CR 1011)
    return [{"grant": {"flags": ["cannot_switch"]}, "affects": w}]


def st_untargetable(w: NP) -> list:
    return [{"grant": {"flags": ["untargetable"]}, "affects": w}]


def st_no_caster_abilities() -> list:
    return [{"player": {"flags": ["no_caster_abilities"], "who": "enemy"}}]  # CR 907.1: aether abilities stay


def st_same_name() -> list:
    return [{"@keyword": "same_name_casters"}]  # CR 504.1a-1, 1022.1b


# ---------------------------------------------------------------------------------- assembly
class Asm:
    """Turns the items the grammar's semantics build (instructions with noun phrases) into an ability body:
    targets, ``select`` instructions for cards chosen on resolution, bound names."""

    def __init__(self, names: Counter | None = None, that: str | None = None) -> None:
        self.targets: list[dict] = []
        self.names = names if names is not None else Counter()
        self.it: Any = None
        self.that = that
        self.pending: dict | None = None
        self.flags: dict[str, Any] = {}
        self.choose: dict | None = None
        self.last: list | None = None  # the block the last instruction went into
        self.revealed: dict | None = None  # the last "reveal cards ... until" (CR 1004.1)
        # the cards of the last "look at / reveal the top N cards of your deck": "from among
        # them", "the rest" (CR 1004.1; they stay in the deck until moved)
        self.group: str | None = None

    def fresh(self, base: str) -> str:
        return fresh_name(self.names, base)

    # -- references
    def _it(self) -> Any:
        if self.it is not None:
            return self.it
        if self.pending is not None:
            name = self.fresh("c")
            self.pending["as"] = name
            self.it = name
            self.pending = None
            return name
        raise NoParse("'it' names nothing")

    def ref(self, np: NP, out: list) -> Any:
        if np.kind == "ref":
            r = np.ref
            if r == "self":
                return "self"
            if r == "that":
                return self.that if self.that is not None else self._it()
            if r == "it":
                return self._it()
            if r == "revealed":  # "the servant revealed this way": what the reveal found
                rv = self.revealed
                if rv is None:
                    raise NoParse("nothing revealed this way")
                if "as" not in rv:
                    rv["as"] = self.fresh("c")
                if self.pending is rv:
                    self.pending = None
                self.it = rv["as"]
                return rv["as"]
            return r
        if np.kind == "target":
            name = "t" if not self.targets and self.names["t"] == 0 else self.fresh("t")
            if name == "t":
                self.names["t"] += 1
            t: dict[str, Any] = {"as": name, **self.value(np.filt, out)}
            if np.n != 1:
                t["n"] = np.n
            if np.up_to:
                t["up_to"] = True
            self.targets.append(t)
            self.it = name
            self.pending = None
            return name
        if np.kind == "choose":
            name = self.fresh("c")
            filt = self.value(np.filt, out)
            src: Any = filt
            if set(filt) == {"in"}:
                src = filt["in"]
            sel: dict[str, Any] = {"as": name, "from": src, "n": np.n}
            if np.up_to:
                sel["up_to"] = True
            if np.chooser and np.chooser != "you":
                sel["chooser"] = np.chooser
            out.append({"select": sel})
            self.it = name
            self.pending = None
            return name
        return self.value(np.filt, out)  # all: a selector

    def value(self, v: Any, out: list) -> Any:
        if isinstance(v, NP):
            return self.ref(v, out)
        if isinstance(v, str):
            if v == "$it":
                return self._it()
            if v in ("$among", "$among_revealed"):
                return self._among(v == "$among_revealed")
            return v
        if isinstance(v, list):
            return [self.value(x, out) for x in v]
        if isinstance(v, tuple):
            if v and v[0] == "@player_of":  # "that owner": the owner or controller of a bound card
                return f"{v[1]}:{self.value(v[2], out)}"
            return tuple(self.value(x, out) for x in v)
        if isinstance(v, dict):
            if "@revealed_hand" in v:
                return self._revealed_hand(v["@revealed_hand"])
            return {k: self.value(x, out) for k, x in v.items()}
        return v

    def _revealed_hand(self, filt: dict) -> dict:
        """The cards of the hand revealed by the instruction just before ("Target enemy player
        reveals their hand. Choose a conjure card."), of the kind ``filt`` names (CR 1004.1)."""
        p = self.pending
        what = p.get("what") if isinstance(p, dict) and set(p) <= {"what", "as"} else None
        if not (isinstance(what, dict) and what.get("zone") == "hand" and set(what) == {"zone", "player"}):
            raise NoParse("'choose a card' names no revealed hand")
        assert p is not None
        name = p.setdefault("as", self.fresh("seen"))
        self.pending = None
        return {"zone": "hand", "player": what["player"], **filt, "in": name}

    def _among(self, revealed: bool) -> str:
        """The cards of "look at / reveal the top N cards of your deck", named "them"."""
        p = self.pending
        looked = p is not None and set(p) <= {"n", "as"} and not revealed  # your deck's top N
        shown = p is not None and set(p) <= {"what", "as"} and isinstance(p.get("what"), dict) \
            and "top" in p["what"] and p["what"].get("player") == "you"
        if looked or shown:
            assert p is not None
            p.setdefault("as", self.fresh("seen"))
            self.group = p["as"]
            self.pending = None
            return p["as"]
        if self.group is None:
            raise NoParse("'from among them' names no cards looked at")
        return self.group

    def rest_bottom(self, out: list) -> None:
        # "Put the rest on the bottom of your deck in any order": the cards looked at or revealed
        # still in the deck (CR 302.4: the order is chosen)
        if self.group is None:
            raise NoParse("'the rest' of no cards looked at")
        out.append({"to_deck": {"what": {"zone": "deck", "player": "you", "in": self.group}, "pos": "bottom"}})

    # -- items
    def run(self, items: list, out: list) -> None:
        for it in items:
            self.item(it, out)

    def item(self, it: dict, out: list) -> None:
        if "@if" in it:
            if it.get("@zones"):  # the ability works only there (CR 902.2)
                self.item({"@flags": {"zones": it["@zones"]}}, out)
            sub: list = []
            if it.get("late"):
                self.run(it["then"], sub)
                c = self.value(it["@if"], out)
            else:
                c = self.value(it["@if"], out)
                if isinstance(c, dict) and c.get("is", (None,))[0] == "self" and self.it is None \
                        and self.pending is None:
                    self.it = "self"  # "If this card ..., put it ...": it is this card
                self.run(it["then"], sub)
            out.append({"if": {"cond": c, "then": sub}})
            self.last = out
            return
        if "@may" in it:
            sub = []
            self.run(it["@may"], sub)
            may: dict[str, Any] = {"do": sub}
            if it.get("prompt"):
                may["prompt"] = it["prompt"]
            out.append({"may": may})
            self.last = out
            return
        if "@flags" in it:
            for k, v in it["@flags"].items():
                if k in self.flags and k == "if":
                    self.flags["if"] = {"and": [self.flags["if"], v]}
                elif k in self.flags and self.flags[k] != v:
                    raise NoParse(f"two different {k} riders")
                else:
                    self.flags[k] = v
            return
        if "@name" in it:
            self.ref(it["@name"], out)
            return
        if "@modes" in it:
            self.modes(it, out)
            return
        if "@shuffle_revealed" in it:
            # only after "reveal cards ... until": the cards revealed are still in the deck
            if not any("reveal_until" in x for x in out):
                raise NoParse("no cards revealed this way")
            out.append({"shuffle": "you"})
            return
        if "@shuffle" in it:
            if out and "search" in out[-1]:
                return  # a search shuffles the deck (CR 1015)
            out.append({"shuffle": "you"})
            return
        if "@found" in it:
            self.found(it["@found"], out)
            return
        if "put_field" in it and out and isinstance(out[-1].get("search"), dict) and out[-1]["search"].get("@open"):
            # "Search your deck for X and put it into the field [as Rest]": the card found
            spec = it["put_field"]
            w = spec["what"] if isinstance(spec, dict) else spec
            if not (isinstance(w, NP) and w.kind == "ref" and w.ref == "it"):
                raise NoParse("put what into the field after a search")
            self.found("field", out)
            if isinstance(spec, dict):
                out[-1]["put_field"] = dict(spec, what=out[-1]["put_field"])
            return
        if "@that_many" in it:
            self.that_many(it["@that_many"], out)
            return
        if "@rest_bottom" in it:
            self.rest_bottom(out)
            self.last = out
            return
        if "@pick_look" in it:
            self.pick_look(out)
            return
        (op, args), = it.items()
        if isinstance(args, dict) and isinstance(args.get("do"), list) and op in ("each_player", "for_each", "repeat"):
            sub = []
            self.run(args["do"], sub)
            a = {k: self.value(v, out) for k, v in args.items() if k != "do"}
            a["do"] = sub
            out.append({op: a})
            self.last = out
            return
        if isinstance(args, NP):
            r = self.ref(args, out)
            ins = {op: r if isinstance(r, str) else {"what": r}}
            out.append(ins)
            self._after(op, {"what": r}, ins)
        elif isinstance(args, dict):
            a = {k: self.value(v, out) for k, v in args.items()}
            ins = {op: a}
            out.append(ins)
            self._after(op, a, ins)
        else:
            out.append({op: self.value(args, out)})
        self.last = out

    _BINDERS = ("move", "to_orbs", "to_casters", "to_deck", "reveal", "put_field", "to_bingo", "return", "look",
                "search", "reveal_until")

    def _after(self, op: str, a: dict, ins: dict) -> None:
        """What "it" names after this instruction."""
        if a.get("what") == "self":  # "Destroy this servant if it ..."
            self.it = "self"
            self.pending = None
            return
        if op not in self._BINDERS:
            return
        what = a.get("what")
        if isinstance(what, str) and what != "self" and op not in ("look", "search", "reveal_until"):
            self.it = what
            self.pending = None
        elif op in ("look", "search", "reveal_until") or isinstance(what, dict):
            if not isinstance(ins[op], dict):
                ins[op] = {"what": ins[op]}
            self.it = None
            self.pending = ins[op]
            if op == "reveal_until":
                self.revealed = ins[op]

    def that_many(self, op: str, out: list) -> None:
        """ "Then draw that many cards": as many cards as the instruction before moved (bound to a
        name, counted with `len`: the cards that have since left included)."""
        prev = out[-1] if out else None
        if not isinstance(prev, dict) or len(prev) != 1 or next(iter(prev)) not in ("to_deck", "move", "discard"):
            raise NoParse("that many: no cards moved before")
        (pop, pargs), = prev.items()
        if not isinstance(pargs, dict):
            # the cards discarded (CR 1013.2) are counted as the cards moved
            pargs = prev[pop] = {"n": pargs} if pop == "discard" else {"what": pargs}
        name = pargs.setdefault("as", self.fresh("m"))
        out.append({op: {"n": {"len": name}}})
        self.last = out

    def pick_look(self, out: list) -> None:
        """"Look at the top N cards of your deck. Choose one from among them and put it into your
        hand and put the rest on the bottom of your deck": a pick among the cards looked at."""
        prev = out[-1] if out else None
        if not prev or "look" not in prev or not isinstance(prev["look"], dict):
            raise NoParse("no look before it")
        seen, pick = self.fresh("seen"), self.fresh("pick")
        prev["look"]["as"] = seen
        out.append({"select": {"as": pick, "from": seen, "prompt": "put which card into your hand?"}})
        out.append({"move": {"what": pick, "to": "hand"}})
        out.append({"to_deck": {"what": {"zone": "deck", "player": "you", "in": seen}, "pos": "bottom"}})
        self.it, self.pending = pick, None

    def found(self, how: str, out: list) -> None:
        """The second half of "Search your deck for X. Reveal it and put it into your hand." /
        "Search your deck for a card. Then shuffle the rest of your deck and put that card on top
        of it." (CR 1015.2a: putting it on top is part of the shuffle)."""
        prev = out[-1] if out else None
        if not prev or "search" not in prev or not prev["search"].pop("@open", False):
            raise NoParse("no search before it")
        s = prev["search"]
        if how == "hand":
            s["to"] = "hand"
            return
        name = self.fresh("c")
        if how == "field":
            # found and revealed (CR 1012.2), then put into the field from the deck (CR 307.6)
            s.update({"to": "deck", "reveal": True, "as": name})
            out.append({"put_field": name})
            self.it = name
            return
        s.update({"to": "deck", "reveal": False, "as": name})
        out.append({"to_deck": {"what": name, "pos": "top"}})
        self.it = name

    def modes(self, it: dict, out: list) -> None:
        """CR 903.2c: choose one of the options as the ability is played."""
        if self.choose is not None:
            raise NoParse("two choices")
        shared = None
        if it.get("shared") is not None:
            shared = self.ref(it["shared"], out)
        modes = []
        for text, items in it["@modes"]:
            sub = Asm(self.names, self.that)
            sub.it = self.it
            do: list = []
            items = [_subst(x, "$shared", shared) for x in items] if shared is not None else items
            sub.run(items, do)
            if sub.flags or sub.choose:
                raise NoParse("a rider inside an option")
            mode: dict[str, Any] = {"text": text, "do": do}
            if sub.targets:
                mode["targets"] = sub.targets
            modes.append(mode)
        self.choose = {"n": 1, "modes": modes}


def _subst(v: Any, key: str, rep: Any) -> Any:
    if v == key:
        return rep
    if isinstance(v, list):
        return [_subst(x, key, rep) for x in v]
    if isinstance(v, dict):
        return {k: _subst(x, key, rep) for k, x in v.items()}
    return v






def _no_open_search(do: list) -> None:
    """ "Search your deck for X." must say where the card goes (the next sentence does)."""
    for ins in _walk(do):
        if "search" in ins and isinstance(ins["search"], dict) and ins["search"].get("@open"):
            raise NoParse("search your deck for ... (where the card goes is not said)")


def _walk(block: list):
    for ins in block:
        yield ins
        for v in ins.values():
            if isinstance(v, dict):
                for k in ("then", "else", "do"):
                    if isinstance(v.get(k), list):
                        yield from _walk(v[k])




# ---------------------------------------------------------------------------------- abilities
@dataclass
class Compiled(CompiledCard):
    effect_cost: list = field(default_factory=list)

    def add_kw(self, k: Any) -> None:
        names = [next(iter(x)) if isinstance(x, dict) else x for x in self.keywords]
        name = next(iter(k)) if isinstance(k, dict) else k
        if name not in names:
            self.keywords.append(k)




















def _subst_self(spec: dict) -> dict:
    """After [Last Words] the card is a new object in the graveyard (CR 302.3): "this card" is
    the trigger's ``subject`` (the card where it went, CR 906.5)."""
    def sub(v: Any, key: str | None = None) -> Any:
        if v == "self" and key in ("what", "return", "move", "put_field", "to_deck", "banish", "to_orbs",
                                   "to_casters", "reveal", "to_bingo", "remove"):
            return "subject"
        if isinstance(v, list):
            return [sub(x, key) for x in v]
        if isinstance(v, dict):
            return {k: sub(x, k) for k, x in v.items()}
        return v
    return sub(spec)












# ---------------------------------------------------------------------------------- the card




#: card fields that say what a card does; an entry with any of them is not compiled








# --------------------------------------------------------------------------------- the report


_KW_LINE = re.compile(r"^(?:\[([^\]]+)\](?:\(([^()]*)\))?\s*)+$")


def keyword_line(line: str) -> list | None:
    """ "[Break]", "[Break](2)", "[Triple Corrupt] [Lethargy]" -> keywords; None if not only keywords."""
    if not _KW_LINE.match(line.strip()):
        return None
    out: list = []
    for m in re.finditer(r"\[([^\]]+)\](?:\(([^()]*)\))?", line):
        name = m.group(1).strip().lower()
        val = m.group(2)
        if name in PARAM_KEYWORDS and val is not None:
            word = PARAM_KEYWORDS[name]
            out.append({word: int(val) if val.strip().isdigit() else val.strip()})
        elif name in KEYWORDS and val is None:
            out.append(KEYWORDS[name])
        else:
            return None
    return out


def is_keyword_text(text: str) -> bool:
    """Is the text only keyword lines (after reminder text is dropped)?"""
    return all(keyword_line(p) is not None for p in notation(text))


#: card fields that say what a card does; an entry with any of them is not compiled
BEHAVIOUR_FIELDS = ("abilities", "effect", "script")


def needs_compiling(entry: dict) -> bool:
    """Does this entry's ``text`` stand for its behaviour?  Not when ``abilities``, ``effect`` or
    ``script`` say it, nor when the text is only the keyword lines its ``keywords`` give."""
    if any(k in entry for k in BEHAVIOUR_FIELDS):
        return False
    text = entry.get("text")
    if not isinstance(text, str) or not notation(text):
        return False
    if "keywords" in entry and is_keyword_text(text):
        return False
    return True


class Report(CompileReport):
    """How much of a card list the compiler reads (see :func:`compile_report`)."""

    opening_words = 5
    openings_of_invalid = True
