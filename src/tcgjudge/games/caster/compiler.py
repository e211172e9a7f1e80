"""The Caster Chronicles' text compiler: printed card text -> the effect language.

Caster card text is templated (``[Enter] ⇒ Destroy target enemy servant with a cost of 3 or
less.``, ``[Rest], discard a caster: Draw a card.``), so a card can be written with only its
printed ``text``; :func:`compile_text` turns the text into the card's ``keywords``,
``abilities`` and (for a conjure) ``effect``, the same data a card file's fields hold.  Text no
template reads raises :class:`Uncompilable` naming the card and the sentence (DESIGN principle
7: reported, never dropped or guessed).  ``docs/caster-cards.md`` lists the templates.

How the text becomes abilities:

- reminder text in parentheses is not part of an ability (CR 205.3) and is dropped; a keyword's
  value in parentheses right after it (``[Break](2)``, ``[United Front](Justice)``) is kept;
- each paragraph is one ability (CR 205.2): a line of keywords (``[Break]``, ``[Quickcast]``,
  ``[Double Corrupt]``, ...) gives keywords (CR 1101); ``[Vanity] – X``, ``[DCT] N – X`` and
  ``[BINGO] – X`` are conditional text (CR 1113.2, 1111.2, 1117.2); ``(trigger) ⇒ (effect)`` is
  an automatic ability (CR 901.1b, 906.1; ``[Enter]`` CR 1106.2, ``[Last Words]`` CR 1107.2);
  ``(cost): (effect)`` an activated ability (CR 901.1a); anything else a continuous ability
  (CR 901.1c), or, on a conjure, what the conjure does as it resolves (CR 903.3b);
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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...cards.textcompiler import (
    CompiledCard,
    CompileReport,
    Grammar,
    NoParse,
    Uncompilable,
    and_cond,
    cockatrice_cards,
    fresh_name,
    memo,
    normalize,
    read_number,
    report_main,
    strip_end_clause,
)
from ...cards.textcompiler import sentences as split_sentences
from .vocabulary import ELEMENTS, ON_FIELD

G = Grammar("caster")
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


def _param_ok(kw: str, val: str) -> bool:
    """Is ``(val)`` right after ``[kw]`` the keyword's value rather than reminder text?"""
    v = val.strip()
    if kw.lower() in ("break", "ride"):
        return bool(re.fullmatch(r"\d+", v))
    return bool(re.fullmatch(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}", v))


#: words of the rules whose explanation a reminder may be without an icon on its line
_RULE_TERMS = re.compile(r"\b(?:deity counters?|" + "|".join(re.escape(k) for k in KEYWORDS) + r")\b",
                         re.IGNORECASE)


def _drop_reminders(line: str) -> str:
    """Drop the reminder text of a line (CR 205.3): parenthesized sentences describing an ability
    named by a bracketed keyword or icon or a trigger's ``⇒`` in the same line (``[Break] (When this
    card ...)``, ``[Enter] ⇒ ... (When this card enters the field ⇒ Perform the effect.)``,
    ``Whenever this card switches ⇒ ... (When this card is changed ...)``), or a term of the rules
    (``(Enters the field with 3 deity counters; ...)``).  Other
    parenthesized words are part of their sentence and stay, to be read or refused."""
    icon = re.search(r"\[[^\]]+\]|⇒", line) is not None
    kept: list[str] = []
    prev = None
    while prev != line:  # nested parentheses go from the inside out
        prev = line

        def one(m: re.Match) -> str:
            inner = m.group(1).strip()
            if re.search(r"\]\s*$", m.string[:m.start()]):
                return ""  # right after a bracketed keyword: that keyword's reminder
            sentence = re.match(r"[A-Z]", inner) and re.search(r"[.!]$", inner)
            if sentence and (icon or _RULE_TERMS.search(inner)):
                return ""
            kept.append(m.group(0))
            return f"\x00{len(kept) - 1}\x00"
        line = re.sub(r"\s*\(([^()]*)\)", one, line)
    while "\x00" in line:
        line = re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], line)
    return line


def notation(text: str) -> list[str]:
    """A card's text as its paragraphs (CR 205.2), with reminder text dropped (CR 205.3)."""
    t = (text or "").replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    t = t.replace("\uff08", "(").replace("\uff09", ")").replace("\r", "").replace("=>", "⇒")
    t = t.replace("\u2014", "–").replace(" - ", " – ")
    # protect keyword values: [Break](2) -> [Break]{2}
    t = _PARAM.sub(lambda m: f"[{m.group(1)}]{{{m.group(2).strip()}}}" if _param_ok(m.group(1), m.group(2))
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
phrase = G.memo_phrase
table = G.table_phrase
tpl = G.template


# ------------------------------------------------------------------------------ numbers
@phrase("num")
def p_num(t: str) -> int:
    return read_number(t)


@phrase("aether")
def p_aether(t: str) -> int:
    """An aether number: ``[1]`` or ``1`` (CR 1002.3)."""
    m = re.fullmatch(r"\[?(\d+)\]?", t.strip())
    if not m:
        raise NoParse(t)
    return int(m.group(1))


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


def _cost_clause(m: re.Match) -> dict:
    n = p_num(m.group(1))
    tail = (m.group(2) or "").strip().lower()
    if tail == "or less":
        return {"cost_max": n}
    if tail == "or more":
        return {"cost_min": n}
    return {"cost": n}


_SUFFIXES: list[tuple[re.Pattern, Callable[[re.Match], dict]]] = [
    (re.compile(rf"\s+with a cost of ({_NUM_RX})( or less| or more)?(?: each)?$", re.IGNORECASE), _cost_clause),
    (re.compile(r"\s+that is (rested|recovered|reversed)$", re.IGNORECASE),
     lambda m: {"orientation": m.group(1).lower()}),
    (re.compile(r"\s+(?:an enemy player|the enemy player|that enemy player) controls$", re.IGNORECASE),
     lambda m: {"controller": "enemy"}),
    (re.compile(r"\s+you control$", re.IGNORECASE), lambda m: {"controller": "you"}),
    (re.compile(r"\s+from the field$", re.IGNORECASE), lambda m: {}),
    # CR 909.6: "printed" information is the card's without any continuous effect
    (re.compile(r"\s+with (atk|def) (greater|less) than its printed (atk|def)$", re.IGNORECASE),
     lambda m: {"where": {"compare": [{"prop": ["it", m.group(1).lower()]},
                                      ">" if m.group(2).lower() == "greater" else "<",
                                      {"original": ["it", m.group(3).lower()]}]}}),
]


@phrase("obj")
def p_obj(t: str) -> NP:
    """A noun phrase: a reference, or quantifier + modifiers + races + a card type + clauses."""
    s = t.strip()
    low = s.lower()
    if low in _REF_WORDS:
        return NP("ref", ref=_REF_WORDS[low])
    if low in ("the casters that ride this card", "the casters riding this card"):
        return NP("all", {"rode": "self"})  # CR 1118.4
    m = re.fullmatch(rf"({_NUM_RX}) of (them|those cards|those servants)", low)
    if m:
        return NP("choose", {"in": "$it"}, n=p_num(m.group(1)))
    m = re.fullmatch(r"another \"([^\"]+)\"", s, re.IGNORECASE)
    if m:  # CR 202.4: a name in double quotation marks
        return NP("choose", {"name": m.group(1), "other": True})
    m = re.fullmatch(r"(?:a|an) \"([^\"]+)\"", s, re.IGNORECASE)
    if m:
        return NP("choose", {"name": m.group(1)})
    # quantifier
    kind, n, up_to = None, 1, False
    filt: dict[str, Any] = {}
    qm = re.match(rf"(up to ({_NUM_RX}) target|({_NUM_RX}) target|target|up to ({_NUM_RX})|all|each|another|"
                  rf"({_NUM_RX}))\s+", low)
    if qm:
        q = qm.group(1)
        if q == "target":
            kind = "target"
        elif qm.group(2):
            kind, n, up_to = "target", p_num(qm.group(2)), True
        elif qm.group(3):
            kind, n = "target", p_num(qm.group(3))
        elif qm.group(4):
            kind, n, up_to = "choose", p_num(qm.group(4)), True
        elif q in ("all", "each"):
            kind = "all"
        elif q == "another":
            kind = "choose"
            filt["other"] = True
        else:
            kind, n = "choose", p_num(qm.group(5))
        s = s[qm.end():]
    # clauses at the end
    changed = True
    while changed:
        changed = False
        zm = _ZONE_RX.search(s)
        if zm:
            zone = _ZONES[zm.group(2).lower()]
            if "zone" in filt:
                raise NoParse(t)
            filt["zone"] = zone
            owner = _OWNERS[zm.group(1).lower()]
            if owner:
                filt["player"] = owner
            s = s[:zm.start()]
            changed = True
            continue
        rest = strip_end_clause(s, _SUFFIXES, filt)
        if rest is not None:
            s, changed = rest, True
    words = s.strip()
    if not words:
        raise NoParse(t)
    # modifiers in front
    while True:
        mm = re.match(r"(allied|enemy|rested|recovered|reversed|non-reversed|non-rested|non-recovered|other|"
                      r"lv\s?(\d+)|solis|ignus|silva|terra|luna|aqua|aes|void|face-down|face down)\s+", words,
                      re.IGNORECASE)
        if not mm:
            break
        w = mm.group(1).lower()
        if w in ("allied", "enemy"):
            who = "you" if w == "allied" else "enemy"
            filt["controller"] = who
        elif w in ("rested", "recovered", "reversed"):
            filt["orientation"] = w
        elif w.startswith("non-"):
            filt["not_orientation"] = w[4:]
        elif w == "other":
            filt["other"] = True
        elif w.startswith("lv"):
            filt["level"] = int(mm.group(2))
        elif w in ("face-down", "face down"):
            filt["face"] = "down"
        else:
            filt["element"] = w
        words = words[mm.end():]
    # "non-Heishi": not of that race
    mm = re.match(r"non-([A-Z][\w'-]*)\s+", words)
    if mm:
        filt["where"] = {"not": {"is": ["it", {"race": mm.group(1)}]}}
        words = words[mm.end():]
    # the head: a card type (or "card"), possibly after races / traits
    parts = words.rsplit(" ", 1)
    head = parts[-1].lower()
    plural = False
    if head in _HEADS:
        plural = head in _PLURAL_HEADS
        typ = _HEADS[head]
        races_txt = parts[0] if len(parts) == 2 else ""
        if typ == "@orb":
            filt.setdefault("zone", "orbs")
            if "controller" in filt:  # "an allied orb": an orb in that player's orb zone
                filt["player"] = filt.pop("controller")
        elif typ == "@spell":
            filt["zone"] = "chase"  # CR 312.3: cards in the chase zone are spells
        elif typ is not None:
            filt["type"] = typ
        # a conjure spell: a conjure card in the chase zone
        rm = re.fullmatch(r"(conjure|servant|barrier) ?", races_txt.lower()) if typ == "@spell" else None
        if rm:
            filt["type"] = rm.group(1)
            races_txt = ""
    else:
        races_txt = words
    if races_txt:
        names = [x.strip() for x in re.split(r"\s+or\s+", races_txt)]
        for nm in names:
            if not _RACE_RX.fullmatch(nm) or nm.lower() in _HEADS:
                raise NoParse(t)
        filt["race"] = names[0] if len(names) == 1 else names
    elif head not in _HEADS:
        raise NoParse(t)
    # "allied"/"enemy" on a card in a zone names the zone's player (CR 105.4b)
    if "zone" in filt and filt["zone"] not in ON_FIELD and "controller" in filt and "player" not in filt:
        filt["player"] = filt.pop("controller")
    if kind is None:
        if not plural and not (head not in _HEADS and races_txt.endswith("s")):
            raise NoParse(t)  # a singular noun needs a quantifier
        kind = "all"
    elif kind == "all" and not plural and head in _HEADS and not qm.group(1) == "each":
        raise NoParse(t)
    if kind == "choose" and plural and n == 1 and not up_to:
        raise NoParse(t)
    return NP(kind, filt, n=n, up_to=up_to)


@phrase("objs")
def p_objs(t: str) -> list:
    """Noun phrases joined by "and": "target enemy servant and target allied servant"."""
    bits = re.split(r"\s+and\s+", t.strip())
    if len(bits) < 2:
        return [p_obj(t)]
    return [p_obj(b) for b in bits]


@phrase("player")
def p_player(t: str) -> str:
    """A player: "target enemy player" is the enemy (there are two players, CR 102.1)."""
    low = t.strip().lower()
    words = {"you": "you", "target enemy player": "enemy", "enemy player": "enemy", "an enemy player": "enemy",
             "the enemy player": "enemy", "that enemy player": "enemy", "each enemy player": "enemy",
             "your opponent": "enemy", "each player": "each"}
    if low in words:
        return words[low]
    raise NoParse(t)


@phrase("kws")
def p_kws(t: str) -> list:
    """Keyword icons: "[Hubris]", "[Double Corrupt] and [Hubris]"."""
    out = []
    for b in re.split(r"\s*(?:,\s*and|and|,)\s*", t.strip()):
        m = re.fullmatch(r"\[([^\]]+)\]", b.strip())
        if not m or m.group(1).lower() not in KEYWORDS:
            raise NoParse(t)
        out.append(KEYWORDS[m.group(1).lower()])
    return out


@phrase("mods")
def p_mods(t: str) -> dict:
    """What a card gains: "+500 ATK", "+1500 ATK and +1500 DEF", "+500 ATK and DEF", "[Hubris]",
    "+4000 ATK and [Double Corrupt]", "+100 ATK for each card in your hand" (CR 1014.3)."""
    s = t.strip()
    mult: Any = None
    m = re.search(r"\s+for each (.+)$", s, re.IGNORECASE)
    if m:
        mult = _each_count(m.group(1))
        s = s[:m.start()]
    out: dict[str, Any] = {}
    kws: list = []
    last: int | None = None
    for b in re.split(r"\s+and\s+|,\s*", s):
        b = b.strip()
        mm = re.fullmatch(r"([+-])\s?(\d+)\s+(ATK|DEF)", b, re.IGNORECASE)
        if mm:
            last = int(mm.group(2)) * (-1 if mm.group(1) == "-" else 1)
            key = mm.group(3).lower()
            if key in out:
                raise NoParse(t)
            out[key] = last
            continue
        if b.upper() in ("ATK", "DEF") and last is not None:
            out[b.lower()] = last
            continue
        mk = re.fullmatch(r"\[([^\]]+)\]", b)
        if mk and mk.group(1).lower() in KEYWORDS and KEYWORDS[mk.group(1).lower()] in GIVEABLE:
            kws.append(KEYWORDS[mk.group(1).lower()])
            continue
        raise NoParse(t)
    if mult is not None:
        if kws or not out:
            raise NoParse(t)
        out = {k: {"mul": [v, mult]} for k, v in out.items()}
    if kws:
        out["keywords"] = kws
    if not out:
        raise NoParse(t)
    return out


def _each_count(t: str) -> Any:
    """ "for each X": a count of X (CR 306.4a: cards counted without a zone are entities in the field)."""
    low = t.strip().lower()
    if low in ("card in your hand", "card in an allied hand"):
        return {"player_value": {"key": "hand", "player": "you"}}
    if low in ("allied orb", "orb you have"):
        return {"player_value": {"key": "orbs", "player": "you"}}
    np = p_obj("each " + t.strip())
    if np.kind != "all":
        raise NoParse(t)
    return {"count": np.filt}


# ------------------------------------------------------------------------------ conditions
table("cond")


def _rec(key: str, player: str = "you", n: int = 1) -> dict:
    spec: dict[str, Any] = {"key": key}
    if player != "you":
        spec["player"] = player
    if n != 1:
        spec["min"] = n
    return {"record": spec}


@tpl("cond", "you control no other allied servants", "you control no other servants",
     "there are no other allied servants")
def c_no_other() -> dict:
    return {"none": {"type": "servant", "controller": "you", "other": True}}


@tpl("cond", "you control {n:num} or more {s:obj}")
def c_control_n(n: int, s: NP) -> dict:
    if s.kind != "all":
        raise NoParse("control")
    filt = dict(s.filt)
    filt.setdefault("controller", "you")
    return {"count": {"of": filt, "min": n}}


@tpl("cond", "they control more servants than there are allied servants",
     "they control more servants than you do", "they control more servants than you")
def c_more_servants() -> dict:
    return {"compare": [{"count": {"type": "servant", "controller": "enemy"}}, ">",
                        {"count": {"type": "servant", "controller": "you"}}]}


@tpl("cond", "it's {s:obj}", "it is {s:obj}", "that card is {s:obj}", "that card's {s:obj}")
def c_is(s: NP) -> dict:
    if s.kind != "choose" or s.n != 1 or s.up_to or "zone" in s.filt:
        raise NoParse("is")
    return {"is": [NP("ref", ref="it"), s.filt]}


@tpl("cond", "there are {n:num} or fewer allied orbs", "you have {n:num} or fewer orbs",
     "there are {n:num} or less allied orbs")
def c_few_orbs(n: int) -> dict:
    return {"orbs": {"max": n}}


@tpl("cond", "there are {n:num} or more allied orbs", "you have {n:num} or more orbs")
def c_many_orbs(n: int) -> dict:
    return {"orbs": {"min": n}}


@phrase("races")
def p_races(t: str) -> list:
    """Race or trait names: "Insect or Flower"."""
    names = [x.strip() for x in re.split(r"\s+or\s+|,\s*", t.strip())]
    if not all(_RACE_RX.fullmatch(n) and n.lower() not in _HEADS for n in names):
        raise NoParse(t)
    return names


@tpl("cond", "it has a cost equal to or less than the cost of the {x:races} banished for this ability's cost")
def c_cost_vs_banished(x: list) -> dict:
    # the card banished as the cost is remembered as `_paid_banish` (its last known information
    # gives its cost, CR 911.1)
    return {"compare": [{"prop": [NP("ref", ref="it"), "cost"]}, "<=", {"prop": ["_paid_banish", "cost"]}]}


@tpl("cond", "it battled this turn", "this card battled this turn", "it was in a battle this turn")
def c_battled() -> dict:
    return {"is": [NP("ref", ref="it"), {"battled": True}]}  # CR 803.4


@tpl("cond", "it battled an enemy servant this turn", "it battled a servant this turn",
     "this card battled an enemy servant this turn")
def c_battled_servant() -> dict:
    return {"is": [NP("ref", ref="it"), {"battled": "servant"}]}


# what happened this turn: per-turn tallies the Caster rules keep (CasterRules.record_event)
@tpl("cond", "two or more allied servants entered the field this turn")
def c_two_entered() -> dict:
    return _rec("servants_entered", n=2)


@tpl("cond", "an allied servant destroyed an enemy servant in battle this turn",
     "an allied servant destroyed an enemy servant by battle this turn")
def c_destroyed_in_battle() -> dict:
    return _rec("destroyed_in_battle")


@tpl("cond", "you played a spell by its [break] ability this turn")
def c_break_played() -> dict:
    return _rec("break_played")


@tpl("cond", "no allied spells have been played this turn", "you have played no spells this turn")
def c_no_spells() -> dict:
    return {"record": {"key": "spells_played", "min": 0, "max": 0}}


@tpl("cond", "an allied servant corrupted an enemy orb this turn")
def c_servant_corrupted() -> dict:
    return _rec("servant_corrupted")


@tpl("cond", "you discarded a card this turn")
def c_you_discarded() -> dict:
    return _rec("discarded")


@tpl("cond", "an enemy discarded a card this turn", "an enemy player discarded a card this turn")
def c_enemy_discarded() -> dict:
    return _rec("discarded", "enemy")


@tpl("cond", "two or more allied servants attacked this turn", "allied servants attacked twice or more this turn")
def c_two_attacked() -> dict:
    return _rec("attacks", n=2)


@tpl("cond", "enemy servants attacked twice or more this turn", "two or more enemy servants attacked this turn")
def c_enemy_attacked() -> dict:
    return _rec("attacks", "enemy", 2)


@tpl("cond", "an allied servant switched this turn")
def c_switched() -> dict:
    return _rec("switched")


@tpl("cond", "an allied servant was destroyed in battle this turn", "an allied servant was destroyed by battle this turn")
def c_ally_destroyed_battle() -> dict:
    return _rec("servants_destroyed_in_battle")


@tpl("cond", "an allied servant was destroyed by non-battle this turn")
def c_ally_destroyed_effect() -> dict:
    return _rec("servants_destroyed_by_effect")


@tpl("cond", "an enemy servant was returned to its owner's hand from the field this turn")
def c_enemy_returned() -> dict:
    return _rec("servants_returned", "enemy")


@tpl("cond", "another servant they controlled was put from the field into a graveyard this turn")
def c_their_servant_died() -> dict:
    # "another": other than the one to be banished, which is still in the field (CR 1008.1)
    return _rec("servants_to_graveyard", "enemy")


# ------------------------------------------------------------------------------- effects
table("clause")
table("effects")
table("sentence")


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
    return out


@tpl("effects", "{a:clause}, then {b:effects}", "{a:clause}, and then {b:effects}", "{a:clause} and then {b:effects}",
     "{a:clause}, and {b:effects}")
def e_then(a: list, b: list) -> list:
    return a + b


@tpl("effects", "{a:clause}")
def e_one(a: list) -> list:
    return a


# -- destroying, banishing, returning (CR 1007, 1008)
@tpl("clause", "destroy {w:objs}")
def k_destroy(w: list) -> list:
    return [{"destroy": w[0] if len(w) == 1 else w}]


@tpl("clause", "banish {w:obj}")
def k_banish(w: NP) -> list:
    if w.kind == "target":
        raise NoParse("banish target")  # only cards one controls can be banished (CR 1008.2)
    return [{"banish": w}]


@tpl("clause", "{p:player} banishes {w:obj}", "{p:player} banish {w:obj}")
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


@tpl("clause", "return {w:objs} to its owner's hand", "return {w:objs} to it's owner's hand",
     "return {w:objs} to their owners' hands", "return {w:objs} to their owner's hand",
     "return {w:objs} to their owner's hands", "return {w:objs} to your hand",
     "return {w:objs} from the graveyard to its owner's hand", "return {w:objs} from the field to its owner's hand")
def k_return(w: list) -> list:
    return [{"return": w[0] if len(w) == 1 else w}]


# -- orientation (CR 1010, 1011)
@tpl("clause", "rest {w:obj}")
def k_rest(w: NP) -> list:
    return [{"rest": w}]


@tpl("clause", "recover {w:obj}")
def k_recover(w: NP) -> list:
    return [{"recover": w}]


@tpl("clause", "reverse {w:obj}")
def k_reverse(w: NP) -> list:
    return [{"reverse": w}]


@tpl("clause", "switch {w:obj}")
def k_switch(w: NP) -> list:
    return [{"switch": w}]


@tpl("clause", "rest or reverse {w:obj}")
def k_rest_or_reverse(w: NP) -> list:
    # CR 903.2c: the mode is chosen as the ability is played; the target is shared
    return [{"@modes": [("rest", [{"rest": "$shared"}]), ("reverse", [{"reverse": "$shared"}])], "shared": w}]


# -- drawing and discarding (CR 1006, 1013)
@tpl("clause", "draw {n:num} cards", "draw {n:num} card")
def k_draw(n: int) -> list:
    return [{"draw": n}]


@tpl("clause", "{p:player} draws {n:num} cards", "{p:player} draws {n:num} card", "{p:player} draw {n:num} cards",
     "{p:player} draw {n:num} card")
def k_p_draw(p: str, n: int) -> list:
    return [{"draw": {"n": n, "player": p}}] if p != "you" else [{"draw": n}]


@tpl("clause", "discard {n:num} cards", "discard {n:num} card")
def k_discard(n: int) -> list:
    return [{"discard": n}]


@tpl("clause", "{p:player} discards {n:num} cards", "{p:player} discards {n:num} card",
     "{p:player} discard {n:num} cards", "{p:player} discard {n:num} card")
def k_p_discard(p: str, n: int) -> list:
    return [{"discard": {"n": n, "player": p}}] if p != "you" else [{"discard": n}]


@tpl("clause", "{p:player} discards their hand", "discard your hand")
def k_discard_hand(p: str = "you") -> list:
    return [{"discard": {"player": p, "all": True}}]  # CR 1013.2


# -- moving cards
def _top(n: int, player: str = "you") -> NP:
    return NP("all", {"zone": "deck", "player": player, "top": n})


@phrase("deckcards")
def p_deckcards(t: str) -> NP:
    """ "the top card of your deck", "the top two cards of your deck", "the top card of an enemy deck"."""
    m = re.fullmatch(rf"the top (?:({_NUM_RX}) )?cards? of (your|an enemy|the enemy's|their|an allied) deck",
                     t.strip(), re.IGNORECASE)
    if not m:
        raise NoParse(t)
    n = p_num(m.group(1)) if m.group(1) else 1
    who = {"your": "you", "an allied": "you", "an enemy": "enemy", "the enemy's": "enemy", "their": "enemy"}
    return _top(n, who[m.group(2).lower()])


G.phrases["cards"] = memo(lambda t: _cards(t))


def _cards(t: str) -> NP:
    try:
        return p_deckcards(t)
    except NoParse:
        return p_obj(t)


@tpl("clause", "put {w:cards} into your hand", "add {w:cards} to your hand", "put {w:cards} into its owner's hand")
def k_to_hand(w: NP) -> list:
    return [{"move": {"what": w, "to": "hand"}}]


@tpl("clause", "put {w:cards} into the field", "put {w:cards} into the field under its owner's control",
     "put {w:cards} into the field under your control")
def k_put_field(w: NP) -> list:
    return [{"put_field": w}]  # CR 306.5


@tpl("clause", "put {w:cards} on the bottom of its owner's deck", "put {w:cards} on the bottom of your deck",
     "put {w:cards} on the bottom of that enemy deck", "put {w:cards} on the bottom of their deck",
     "put {w:cards} at the bottom of its owner's deck")
def k_bottom(w: NP) -> list:
    return [{"to_deck": {"what": w, "pos": "bottom"}}]


@tpl("clause", "put {w:cards} on top of its owner's deck", "put {w:cards} on top of your deck",
     "put {w:cards} on the top of your deck", "put {w:cards} on the top of its owner's deck")
def k_top(w: NP) -> list:
    return [{"to_deck": {"what": w, "pos": "top"}}]


@tpl("clause", "put {w:cards} into its owner's orb zone face down, as an orb", "put {w:cards} into its owner's orb zone face down",
     "put {w:cards} into its owner's orb zone face down as an orb",
     "put {w:cards} into it's owner's orb zone face down, as an orb",
     "put {w:cards} into your orb zone face down", "put {w:cards} into your orb zone face down, as an orb",
     "put {w:cards} into an allied orb zone face down, as an orb", "put {w:cards} into an allied orb zone face down",
     "put {w:cards} face down into an allied orb zone as orbs", "put {w:cards} face down into your orb zone as orbs",
     "put {w:cards} into an allied orb zone face down, as orbs", "put {w:cards} into your orb zone face down, as orbs")
def k_to_orbs(w: NP) -> list:
    return [{"to_orbs": w}]  # CR 309: an orb zone is its owner's


@tpl("clause", "put {w:cards} into an allied caster zone face down, as a caster",
     "put {w:cards} into your caster zone face down, as a caster", "put {w:cards} into an allied caster zone face down")
def k_to_casters(w: NP) -> list:
    return [{"to_casters": {"what": w, "face": "down"}}]  # CR 504.1b: a level 1 caster with no element


@tpl("clause", "put {w:cards} into an allied caster zone face down and rested, as a caster",
     "put {w:cards} into your caster zone face down and rested, as a caster")
def k_to_casters_rested(w: NP) -> list:
    return [{"move": {"what": w, "to": "casters", "face": "down", "orientation": "rested", "player": "you"}}]


@tpl("clause", "put {w:cards} into its owner's caster zone face down, as a caster",
     "put {w:cards} into it's owner's caster zone face down, as a caster",
     "put {w:cards} into its owner's caster zone face down")
def k_to_owner_casters(w: NP) -> list:
    # the owner's caster zone (to_casters would put it into the effect controller's)
    return [{"move": {"what": w, "to": "casters", "face": "down"}}]


@tpl("clause", "put {w:cards} into your graveyard", "put {w:cards} into an allied graveyard",
     "put {w:cards} into its owner's graveyard")
def k_to_graveyard(w: NP) -> list:
    return [{"move": {"what": w, "to": "graveyard"}}]


@tpl("clause", "put {w:cards} into your bingo zone", "put {w:cards} into an allied bingo zone")
def k_to_bingo(w: NP) -> list:
    return [{"to_bingo": {"what": w}}]  # CR 314.3


@tpl("clause", "put {w:cards} into your removed zone", "remove {w:cards} from the game")
def k_remove(w: NP) -> list:
    return [{"remove": w}]  # CR 1003.1


@tpl("clause", "search your deck for {w:obj}, reveal it and put it into your hand",
     "search your deck for {w:obj}, reveal it, and put it into your hand",
     "search your deck for {w:obj} and put it into your hand",
     "search your deck for {w:obj}, reveal it and add it to your hand")
def k_search(w: NP) -> list:
    if w.kind != "choose" or w.up_to or "zone" in w.filt:
        raise NoParse("search")
    ins: dict[str, Any] = {"filter": w.filt}
    if w.n != 1:
        ins["n"] = w.n
    ins["to"] = "hand"
    return [{"search": ins}]  # CR 1012.2; the deck is then shuffled (CR 1015)


@tpl("clause", "search your deck for {w:obj}")
def k_search_only(w: NP) -> list:
    if w.kind != "choose" or w.up_to or "zone" in w.filt:
        raise NoParse("search")
    return [{"search": {"filter": w.filt, "@open": True}}]


@tpl("clause", "reveal it and put it into your hand", "reveal it and add it to your hand")
def k_reveal_found() -> list:
    return [{"@found": "hand"}]


@tpl("clause", "shuffle your deck")
def k_shuffle() -> list:
    return [{"@shuffle": True}]


@tpl("clause", "shuffle the rest of your deck and put that card on top of it")
def k_shuffle_put_top() -> list:
    return [{"@found": "top"}]


@tpl("clause", "look at the top card of your deck", "look at the top card of your deck, then return it",
     "look at the top card of your deck and return it")
def k_look() -> list:
    return [{"look": {"n": 1}}]


@tpl("clause", "look at the top {n:num} cards of your deck")
def k_look_n(n: int) -> list:
    return [{"look": {"n": n}}]


@tpl("clause", "choose one from among them and put it into your hand and put the rest on the bottom of your deck "
     "in any order", "choose one from among them and put it into your hand and put the rest on the bottom of your "
     "deck", "put one of them into your hand and the rest on the bottom of your deck in any order")
def k_pick_look() -> list:
    # "in any order" is what CR 302.4 says of every move of several cards into a deck
    return [{"@pick_look": True}]


@tpl("clause", "look at the top card of an enemy deck", "look at the top card of the enemy's deck",
     "look at the top card of your opponent's deck")
def k_look_enemy() -> list:
    return [{"look": {"n": 1, "player": "enemy"}}]


@tpl("clause", "reveal {w:cards}")
def k_reveal(w: NP) -> list:
    return [{"reveal": w}]  # CR 1004.1


@tpl("clause", "{p:player} reveals their hand", "{p:player} reveal their hand", "reveal your hand")
def k_reveal_hand(p: str = "you") -> list:
    return [{"reveal": NP("all", {"zone": "hand", "player": p})}]


# -- orbs (CR 1009), aether (CR 907), Soul Bond (CR 1020)
@tpl("clause", "corrupt {n:num} enemy orbs", "corrupt {n:num} enemy orb", "corrupt {n:num} of the enemy's orbs")
def k_corrupt(n: int) -> list:
    return [{"corrupt": {"n": n, "player": "enemy"}}]


@tpl("clause", "corrupt {n:num} of your orbs", "corrupt {n:num} allied orbs", "corrupt {n:num} allied orb",
     "corrupt {n:num} of your own orbs")
def k_corrupt_own(n: int) -> list:
    return [{"corrupt": {"n": n, "player": "you", "chooser": "you"}}]


@tpl("clause", "produce {n:aether}")
def k_produce(n: int) -> list:
    return [{"produce": {"n": n}}]  # aether of no element (CR 907.5)


@tpl("clause", "produce {n:num} aether of one element of your choice", "produce {n:num} aether of any element",
     "produce {n:num} aether of any one element")
def k_produce_any(n: int) -> list:
    return [{"produce": {"n": n, "element": "any"}}]  # CR 907.7


@tpl("clause", "produce {n:num} aether of this card's element", "produce {n:num} aether of its element")
def k_produce_self(n: int) -> list:
    return [{"produce": {"n": n, "element": "self"}}]


@tpl("clause", "soul bond a card from your extra deck", "soul bond a servant from your extra deck")
def k_soul_bond() -> list:
    return [{"soul_bond": {}}]  # CR 1020.1


# -- control (CR 1016, 1017), cancel (CR 1019)
@tpl("clause", "gain control of {w:obj}")
def k_gain_control(w: NP) -> list:
    return [{"gain_control": w}]


@tpl("clause", "exchange control of {a:obj} and {b:obj}")
def k_exchange(a: NP, b: NP) -> list:
    return [{"exchange_control": {"a": a, "b": b}}]


@tpl("clause", "cancel {w:obj}")
def k_cancel(w: NP) -> list:
    if w.kind == "target":
        w.filt.setdefault("zone", "chase")
    return [{"cancel": w}]


# -- gains and losses (CR 1014.3)
@tpl("clause", "{w:obj} gains {m:mods} until end of turn", "{w:obj} gain {m:mods} until end of turn",
     "{w:obj} gets {m:mods} until end of turn", "{w:obj} get {m:mods} until end of turn")
def k_gains(w: NP, m: dict) -> list:
    return _gain(w, m, EOT)


@tpl("clause", "{w:obj} gains {m:mods}", "{w:obj} gain {m:mods}")
def k_gains_forever(w: NP, m: dict) -> list:
    return _gain(w, m, None)  # while the card stays where it is (CR 302.3)


@tpl("clause", "{w:obj} loses {k:kws} until end of turn", "{w:obj} lose {k:kws} until end of turn")
def k_loses(w: NP, k: list) -> list:
    return [{"lose": {"what": w, "keywords": k, "until": EOT}}]


@tpl("clause", "{w:obj} cannot be destroyed until end of turn", "{w:obj} can't be destroyed until end of turn")
def k_indestructible(w: NP) -> list:
    return [{"grant": {"what": w, "flags": ["indestructible"], "until": EOT}}]  # CR 1007.2


@tpl("clause", "{w:obj} cannot attack until end of turn", "{w:obj} can't attack until end of turn",
     "{w:obj} cannot attack this turn", "{w:obj} can't attack this turn")
def k_no_attack(w: NP) -> list:
    return [{"grant": {"what": w, "flags": ["cannot_attack"], "until": EOT}}]


@tpl("clause", "you can't be attacked this turn", "you cannot be attacked this turn",
     "you can't be attacked until end of turn", "you cannot be attacked until end of turn")
def k_no_attacked() -> list:
    return [{"player_effect": {"flags": ["cannot_be_attacked"], "until": EOT}}]


# -- sentences
@tpl("sentence", "then, {e:effects}", "then {e:effects}")
def s_then(e: list) -> list:
    return e


G.phrases["efftext"] = memo(lambda t: (t.strip(), G.parse("effects", t)))
G.phrases["cltext"] = memo(lambda t: (t.strip(), G.parse("clause", t)))


@tpl("sentence", "you may {e:efftext}")
def s_may(e: tuple) -> list:
    return [{"@may": e[1], "prompt": e[0] + "?"}]


@tpl("sentence", "if {c:cond}, {e:effects}")
def s_if(c: dict, e: list) -> list:
    return [{"@if": c, "then": e}]


@tpl("sentence", "{e:effects} if {c:cond}")
def s_if_after(e: list, c: dict) -> list:
    return [{"@if": c, "then": e, "late": True}]


@tpl("sentence", "choose {w:obj}")
def s_choose_targets(w: NP) -> list:
    if w.kind != "target":
        raise NoParse("choose")
    return [{"@name": w}]


@tpl("sentence", "{a:cltext}, or {b:cltext}", "{a:cltext} or {b:cltext}")
def s_or(a: tuple, b: tuple) -> list:
    return [{"@modes": [a, b], "shared": None}]


@tpl("sentence", "{e:effects}")
def s_plain(e: list) -> list:
    return e


# riders of abilities (CR 902.2, 905)
@tpl("sentence", "play this ability only during your main phase", "play this ability only during your main phase only")
def r_your_main() -> list:
    return [{"@flags": {"timing": "your_main"}}]


@tpl("sentence", "play this ability only during main timing", "play this ability only at main timing")
def r_main() -> list:
    return [{"@flags": {"timing": "main"}}]


@tpl("sentence", "play this ability only during an allied turn", "play this ability only during your turn")
def r_your_turn() -> list:
    return [{"@flags": {"timing": "your_turn"}}]


@tpl("sentence", "play this ability only during an enemy turn", "play this ability only during your opponent's turn")
def r_enemy_turn() -> list:
    return [{"@flags": {"timing": "enemy_turn"}}]


_PHASES = {"recovery phase": "recovery", "draw phase": "draw", "call phase": "call", "main phase": "main",
           "battle phase": "battle", "end phase": "end"}


@phrase("phase")
def p_phase(t: str) -> str:
    low = t.strip().lower()
    if low in _PHASES:
        return _PHASES[low]
    raise NoParse(t)


@tpl("sentence", "play this ability only during an enemy {ph:phase}")
def r_enemy_phase(ph: str) -> list:
    return [{"@flags": {"timing": "enemy_turn", "if": {"phase": ph}}}]


@tpl("sentence", "play this ability only during your {ph:phase}", "play this ability only during an allied {ph:phase}")
def r_your_phase(ph: str) -> list:
    return [{"@flags": {"timing": "your_turn", "if": {"phase": ph}}}]


@tpl("sentence", "play this ability only during your {ph:phase}, and only if {c:cond}",
     "play this ability only during your {ph:phase} and only if {c:cond}")
def r_your_phase_if(ph: str, c: dict) -> list:
    return [{"@flags": {"timing": "your_turn", "if": {"and": [{"phase": ph}, c]}}}]


@tpl("sentence", "play this ability only if {c:cond}")
def r_only_if(c: dict) -> list:
    return [{"@flags": {"if": c}}]


@tpl("sentence", "play this ability only once per turn", "play this ability once per turn",
     "this ability can only be played once per turn")
def r_once() -> list:
    return [{"@flags": {"once_per_turn": True}}]


@tpl("sentence", "enemy players may also play this ability", "your opponent may also play this ability",
     "any player may play this ability")
def r_any_player() -> list:
    return [{"@flags": {"who": "any"}}]


@tpl("sentence", "play this ability only from your caster zone")
def r_from_casters() -> list:
    return [{"@flags": {"zones": ["casters"]}}]  # CR 902.2


@tpl("sentence", "play this ability only from your hand")
def r_from_hand() -> list:
    return [{"@flags": {"zones": ["hand"]}}]


@tpl("sentence", "play this ability only from your graveyard", "play this ability only from an allied graveyard")
def r_from_graveyard() -> list:
    return [{"@flags": {"zones": ["graveyard"]}}]


# ---------------------------------------------------------------------------------- costs
table("cost")


@tpl("cost", "[rest]")
def q_rest() -> Any:
    return "rest"  # CR 1010.3: rest this recovered card


@tpl("cost", "[{n:aether}]", "pay [{n:aether}]")
def q_aether(n: int) -> Any:
    return n


@tpl("cost", "discard {n:num} cards", "discard {n:num} card")
def q_discard(n: int) -> Any:
    return {"discard": n}


@tpl("cost", "discard {w:obj}")
def q_discard_sel(w: NP) -> Any:
    if w.kind != "choose" or "zone" in w.filt or w.up_to:
        raise NoParse("discard")
    out: dict[str, Any] = {"filter": w.filt}
    if w.n != 1:
        out["n"] = w.n
    return {"discard": out}


@tpl("cost", "banish this card", "banish this servant", "banish this caster", "banish this barrier")
def q_banish_self() -> Any:
    return {"banish": "self"}


@tpl("cost", "banish {w:obj}")
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


@tpl("cost", "remove {n:num} deity counters from this card", "remove {n:num} deity counter from this card")
def q_deity(n: int) -> Any:
    return {"deity_counters": n}  # CR 1204


def p_costs(t: str) -> list:
    """ "[Rest], discard a caster" -> cost items, paid in the order written (CR 903.2h-1)."""
    items = []
    for b in _split_outside_quotes(t, ","):
        b = b.strip()
        if b.lower().startswith("and "):
            b = b[4:]
        items.append(G.parse("cost", b))
    if not items:
        raise NoParse(t)
    return items


def _split_outside_quotes(t: str, sep: str) -> list[str]:
    out, cur, quote = [], [], False
    for ch in t:
        if ch == '"':
            quote = not quote
        if ch == sep and not quote:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return out


def _find_outside_quotes(t: str, s: str) -> list[int]:
    out, quote = [], False
    for i, ch in enumerate(t):
        if ch == '"':
            quote = not quote
        elif not quote and t.startswith(s, i):
            out.append(i)
    return out


# ------------------------------------------------------------------------------- triggers
table("trigger")


@tpl("trigger", "[enter]")
def t_enter() -> Any:
    return "enter"  # CR 1106.2


@tpl("trigger", "[last words]")
def t_last_words() -> Any:
    return "last_words"  # CR 1107.2


@tpl("trigger", "whenever this card attacks", "when this card attacks", "whenever this servant attacks")
def t_attacks() -> Any:
    return "attacks"


@tpl("trigger", "whenever this card attacks an enemy servant", "when this card attacks an enemy servant",
     "whenever this card attacks a servant")
def t_attacks_servant() -> Any:
    return {"named": "attacks", "target": {"type": "servant"}, "@that": "attacked"}


@tpl("trigger", "whenever this card corrupts an orb", "whenever this card corrupts an enemy orb",
     "whenever this card corrupts", "whenever this servant corrupts an orb")
def t_corrupts() -> Any:
    return "corrupts"


@tpl("trigger", "whenever an allied servant corrupts an orb", "whenever an allied servant corrupts an enemy orb")
def t_ally_corrupts() -> Any:
    return {"event": "corrupt", "subject": {"type": "servant", "controller": "you"}}


@tpl("trigger", "whenever this card switches", "whenever this servant switches")
def t_switches() -> Any:
    return "switches"  # CR 1011.2


@tpl("trigger", "whenever this card destroys an enemy servant by battle", "whenever this card destroys an enemy servant in battle",
     "whenever this card destroys a servant in battle", "whenever this card destroys a servant by battle")
def t_destroys() -> Any:
    return "destroys_in_battle"


@tpl("trigger", "whenever {w:obj} enters the field", "when {w:obj} enters the field")
def t_enters(w: NP) -> Any:
    if w.kind != "choose" or "other" in w.filt and w.filt["other"] is not True:
        raise NoParse("enters")
    return {"event": "move", "to": list(ON_FIELD), "not_from": list(ON_FIELD), "subject": w.filt}


@tpl("trigger", "when this card is destroyed", "whenever this card is destroyed")
def t_destroyed() -> Any:
    return "destroyed"


@tpl("trigger", "when this card leaves the field", "whenever this card leaves the field")
def t_leaves() -> Any:
    return "leaves_field"


@tpl("trigger", "at end of turn", "at the end of turn", "at the end of each turn", "at end of each turn")
def t_end_of_turn() -> Any:
    return "end_of_turn"


@tpl("trigger", "at end of your turn", "at the end of your turn", "at end of an allied turn")
def t_end_of_your_turn() -> Any:
    return "end_of_your_turn"


@tpl("trigger", "at end of enemy turn", "at the end of an enemy turn", "at end of an enemy turn",
     "at the end of enemy turn", "at the end of your opponent's turn")
def t_end_of_enemy_turn() -> Any:
    return {"named": "end_of_turn", "whose": "enemy"}


@tpl("trigger", "at the start of your turn", "at the beginning of your turn", "at start of your turn")
def t_start_of_turn() -> Any:
    return "beginning_of_turn"


@tpl("trigger", "at the start of your {ph:phase}", "at the beginning of your {ph:phase}")
def t_start_of_phase(ph: str) -> Any:
    return f"beginning_of_{ph}_phase"


# ----------------------------------------------------------------------- continuous abilities
table("static")


def _static_gain(w: NP, m: dict) -> list:
    out = []
    stats = {k: m[k] for k in ("atk", "def") if k in m}
    if stats:
        out.append({"modify": stats, "affects": w})
    if m.get("keywords"):
        out.append({"grant": {"keywords": list(m["keywords"])}, "affects": w})
    return out


@tpl("static", "{w:obj} gains {m:mods}", "{w:obj} gain {m:mods}", "{w:obj} has {m:mods}", "{w:obj} have {m:mods}")
def st_gains(w: NP, m: dict) -> list:
    return _static_gain(w, m)


@tpl("static", "{w:obj} gains {m:mods} as long as {c:cond}", "{w:obj} gains {m:mods} while {c:cond}",
     "as long as {c:cond}, {w:obj} gains {m:mods}")
def st_gains_if(w: NP, m: dict, c: dict) -> list:
    return [dict(e, **{"if": c}) for e in _static_gain(w, m)]


@tpl("static", "{w:obj} cannot be attacked while rested", "{w:obj} can't be attacked while rested")
def st_no_attacked_rested(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_be_attacked_rested"]}, "affects": w}]


@tpl("static", "{w:obj} cannot be attacked", "{w:obj} can't be attacked")
def st_no_attacked(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_be_attacked"]}, "affects": w}]


@tpl("static", "{w:obj} may attack enemy players even if there are reversed enemy servants",
     "{w:obj} can attack enemy players even if there are reversed enemy servants")
def st_hubris_text(w: NP) -> list:
    # CR 1110.2 defines [Hubris] as exactly this sentence: the card has that ability
    return [{"grant": {"keywords": ["hubris"]}, "affects": w}]


@tpl("static", "{w:obj} cannot attack enemy players", "{w:obj} can't attack enemy players")
def st_no_attack_players(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_attack_players"]}, "affects": w}]


@tpl("static", "{w:obj} cannot attack", "{w:obj} can't attack")
def st_no_attack(w: NP) -> list:
    return [{"grant": {"flags": ["cannot_attack"]}, "affects": w}]


@tpl("static", "{w:obj} cannot be destroyed", "{w:obj} can't be destroyed")
def st_indestructible(w: NP) -> list:
    return [{"grant": {"flags": ["indestructible"]}, "affects": w}]


@tpl("static", "{w:obj} cannot be switched except by spell or ability", "{w:obj} can't be switched except by spell or ability",
     "{w:obj} cannot be switched except by spells or abilities")
def st_no_switch(w: NP) -> list:
    # CR 705: the switch action; a spell or ability still switches them (CR 1011)
    return [{"grant": {"flags": ["cannot_switch"]}, "affects": w}]


@tpl("static", "{w:obj} cannot be targeted", "{w:obj} can't be targeted")
def st_untargetable(w: NP) -> list:
    return [{"grant": {"flags": ["untargetable"]}, "affects": w}]


@tpl("static", "enemy players can't play non-aether activated abilities of casters",
     "enemy players cannot play non-aether activated abilities of casters")
def st_no_caster_abilities() -> list:
    return [{"player": {"flags": ["no_caster_abilities"], "who": "enemy"}}]  # CR 907.1: aether abilities stay


@tpl("static", "you may control two or more casters with the same name as this card")
def st_same_name() -> list:
    return [{"@keyword": "same_name_casters"}]  # CR 504.1a-1, 1022.1b


# ---------------------------------------------------------------------------------- assembly
class Asm:
    """Turns the items templates build (instructions with noun phrases) into an ability body:
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
            return v
        if isinstance(v, list):
            return [self.value(x, out) for x in v]
        if isinstance(v, tuple):
            return tuple(self.value(x, out) for x in v)
        if isinstance(v, dict):
            return {k: self.value(x, out) for k, x in v.items()}
        return v

    # -- items
    def run(self, items: list, out: list) -> None:
        for it in items:
            self.item(it, out)

    def item(self, it: dict, out: list) -> None:
        if "@if" in it:
            sub: list = []
            if it.get("late"):
                self.run(it["then"], sub)
                c = self.value(it["@if"], out)
            else:
                c = self.value(it["@if"], out)
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
        if "@shuffle" in it:
            if out and "search" in out[-1]:
                return  # a search shuffles the deck (CR 1015)
            out.append({"shuffle": "you"})
            return
        if "@found" in it:
            self.found(it["@found"], out)
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
                "search")

    def _after(self, op: str, a: dict, ins: dict) -> None:
        """What "it" names after this instruction."""
        if a.get("what") == "self":  # "Destroy this servant if it ..."
            self.it = "self"
            self.pending = None
            return
        if op not in self._BINDERS:
            return
        what = a.get("what")
        if isinstance(what, str) and what != "self" and op not in ("look", "search"):
            self.it = what
            self.pending = None
        elif op in ("look", "search") or isinstance(what, dict):
            if not isinstance(ins[op], dict):
                ins[op] = {"what": ins[op]}
            self.it = None
            self.pending = ins[op]

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


def run_sentences(text: str, asm: Asm, do: list) -> None:
    """The sentences of a text, in order, as instructions appended to ``do``.  "If A, B. Then,
    C.": C continues B, so it happens only when B did (when the condition held)."""
    last_if: dict | None = None
    for sent in split_sentences(text):
        items = G.parse("sentence", sent)
        continues = re.match(r"then\b", sent.strip(), re.IGNORECASE) is not None
        if continues and last_if is not None:
            asm.run(items, last_if["if"]["then"])
            continue
        before = len(do)
        asm.run(items, do)
        if len(items) == 1 and "@if" in items[0] and len(do) == before + 1 and "if" in do[-1]:
            last_if = do[-1]
        elif not continues:
            last_if = None


def compile_body(text: str, asm: Asm) -> list:
    """An effect text: its sentences, in order, as instructions."""
    do: list = []
    run_sentences(text, asm, do)
    _no_open_search(do)
    return do


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


def _body(text: str, kind: str, that: str | None = None) -> dict:
    """The body of an ability or a conjure's effect: targets, choose, do, riders."""
    asm = Asm(that=that)
    do = compile_body(text, asm)
    spec: dict[str, Any] = {}
    if asm.targets:
        spec["target"] = asm.targets[0] if len(asm.targets) == 1 else asm.targets
    if asm.choose is not None:
        spec["choose"] = asm.choose
    spec["do"] = do
    flags = dict(asm.flags)
    zones = flags.pop("zones", None)
    if kind == "auto":
        once = flags.pop("once_per_turn", False)
        if flags:
            raise NoParse(f"{text}: a rider of an activated ability on an automatic ability")
        if once:
            flags["per_turn"] = 1  # "play this ability only once per turn" (CR 906.2)
    elif kind == "spell" and (flags or zones):
        raise NoParse(f"{text}: a rider of an ability on a card's own effect")
    spec.update(flags)
    if zones:
        spec["@zones"] = zones
    return spec


# ---------------------------------------------------------------------------------- abilities
@dataclass
class Compiled(CompiledCard):
    effect_cost: list = field(default_factory=list)

    def add_kw(self, k: Any) -> None:
        names = [next(iter(x)) if isinstance(x, dict) else x for x in self.keywords]
        name = next(iter(k)) if isinstance(k, dict) else k
        if name not in names:
            self.keywords.append(k)


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


_COND_KW = re.compile(r"^\[(vanity|bingo|dct)\]\s*(\d+)?\s*[–-]\s*(.+)$", re.IGNORECASE)


_COPIES = re.compile(r"^(?:a|your) deck (?:may|can) (?:contain|include|have) (any number of|up to (\w+)) "
                     r"(?:copies of this card|cards named (.+?))\.?$", re.IGNORECASE)


def compile_paragraph(line: str, out: Compiled, card_type: str, effect_lines: list, name: str = "") -> None:
    m = _COPIES.match(line)
    if m:
        # a deck-building ability (CR 402.4): the card's `copies`
        if m.group(3) and name and m.group(3).strip().strip('"').lower() != name.lower():
            raise NoParse(line)
        out.extra["copies"] = "any" if m.group(2) is None else p_num(m.group(2))
        return
    kws = keyword_line(line)
    if kws is not None:
        for k in kws:
            out.add_kw(k)
        return
    m = _DRAW_INSTEAD.match(line)
    if m:
        _draw_replacement(m.group(1) is not None, m.group(2), line, out)
        return
    m = _COND_KW.match(line)
    if m:
        _conditional(m.group(1).lower(), m.group(2), m.group(3), line, out, card_type, effect_lines)
        return
    arrows = _find_outside_quotes(line, "⇒")
    if arrows:
        _auto(line, arrows[0], out)
        return
    for k in _find_outside_quotes(line, ":"):
        head, body = line[:k].strip(), line[k + 1:].strip()
        try:
            cost = p_costs(head)
        except NoParse:
            continue
        _activated(cost, body, line, out)
        return
    if card_type == "conjure":
        m = re.match(r"^as an additional cost to play this card, (.+?)\.?$", line, re.IGNORECASE)
        if m:
            out.effect_cost.extend(p_costs(m.group(1)))  # CR 903.2h
            return
        effect_lines.append(line)
        return
    _static(line, line, out, None, None)


_DRAW_INSTEAD = re.compile(r"^if you would draw a card, (you may )?instead (.+)$", re.IGNORECASE)


def _draw_replacement(optional: bool, body: str, line: str, out: Compiled) -> None:
    """"If you would draw a card, [you may] instead ...": a replacement ability of each of your
    draws (CR 910, 1006.2); "If you do," in what follows is applying it, so it is dropped."""
    asm = Asm()
    do: list = []
    for s in split_sentences(body):
        s = re.sub(r"^if you do,\s*", "", s, flags=re.IGNORECASE)
        asm.run(G.parse("sentence", s), do)
    if asm.flags or asm.targets or asm.choose is not None:
        raise NoParse(line)
    rep: dict[str, Any] = {"replace": {"event": "move", "from": "deck", "to": "hand", "cause": "draw",
                                       "player": "you"}, "instead": do}
    if optional:
        rep["optional"] = True
    out.abilities.append({"replacement": rep, "text": line})


def _auto(line: str, k: int, out: Compiled) -> None:
    head, body = line[:k].strip(), line[k + 1:].strip()
    on = G.parse("trigger", head)
    that = None
    if isinstance(on, dict):
        on = dict(on)
        that = on.pop("@that", None)
    if on in ("enter", "last_words"):
        out.add_kw(on)  # CR 1106, 1107: the keyword marks the ability
    spec = _body(body, "auto", that)
    zones = spec.pop("@zones", None)
    if on == "last_words" or on == "destroyed":
        # the card is in the graveyard when the ability resolves: "this card" is the card there
        spec = _subst_self(spec)
    ab: dict[str, Any] = {"auto": {"on": on, **spec}, "text": line}
    if zones:
        ab["zones"] = zones
    out.abilities.append(ab)


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


def _activated(cost: list, body: str, line: str, out: Compiled) -> None:
    spec = _body(body, "activated")
    zones = spec.pop("@zones", None)
    spec = {"cost": cost, **spec}
    do = spec["do"]
    if do and all("produce" in i for i in do) and "target" not in spec and "choose" not in spec:
        spec["aether"] = True  # CR 907.1: no target and produces aether
    ab: dict[str, Any] = {"activated": spec, "text": line}
    if zones:
        ab["zones"] = zones
    out.abilities.append(ab)


def _static(text: str, display: str, out: Compiled, cond: dict | None, keyword: str | None) -> list:
    """Continuous abilities (CR 904, 909): each sentence, each with the paragraph's condition."""
    made = []
    for sent in split_sentences(text):
        parts = G.parse("static", normalize(sent))
        effects = []
        for p in parts:
            if "@keyword" in p:
                if cond is not None:
                    raise NoParse(sent)
                out.add_kw(p["@keyword"])
                continue
            e = dict(p)
            w = e.pop("affects", None)
            if w is not None:
                if w.kind == "ref" and w.ref == "self":
                    pass
                elif w.kind == "all":
                    e["affects"] = w.filt
                else:
                    raise NoParse(sent)
            if cond is not None:
                e["if"] = and_cond(e.get("if"), cond)
            effects.append(e)
        if effects:
            # effects with different conditions are separate abilities (card format)
            groups: dict[str, list] = {}
            for e in effects:
                groups.setdefault(repr(e.get("if")), []).append(e)
            for grp in groups.values():
                ab: dict[str, Any] = {"static": grp[0] if len(grp) == 1 else grp, "text": display}
                if keyword:
                    ab["keyword"] = keyword
                made.append(ab)
    out.abilities.extend(made)
    return made


def _conditional(kw: str, num: str | None, text: str, line: str, out: Compiled, card_type: str,
                 effect_lines: list) -> None:
    """ "[Vanity] – X" (CR 1113.2), "[DCT] N – X" (CR 1111.2), "[BINGO] – X" (CR 1117.2)."""
    if kw == "dct":
        if not num:
            raise NoParse(line)
        cond: dict = {"dct": int(num)}
        out.add_kw({"dct": int(num)})
    elif num:
        raise NoParse(line)
    else:
        cond = {kw: True}
        out.add_kw(kw)
    display = re.sub(r"\s*–\s*", " – ", line, count=1)
    kws = keyword_line(text)
    if kws is not None:
        # "[BINGO] – [Break]": the card has the keyword while the condition holds; [Break] works
        # from the hand (CR 1111.2c, 1117.2c)
        ab: dict[str, Any] = {"static": {"grant": {"keywords": kws}, "if": cond}, "keyword": kw, "text": display}
        if any((next(iter(k)) if isinstance(k, dict) else k) == "break" for k in kws):
            ab["zones"] = ["hand"]
        out.abilities.append(ab)
        return
    if card_type == "conjure":
        # CR 1111.2a, 1117.2a: checked as the conjure is played; its text is part of its effect
        effect_lines.append(("@cond", cond, text))
        return
    _static(text, display, out, cond, kw)


def _conjure_effect(lines: list, out: Compiled) -> dict:
    """A conjure's effect: its paragraphs in order; a conditional paragraph runs only when its
    condition holds, and "... instead" replaces the instruction before it."""
    asm = Asm()
    do: list = []
    for ln in lines:
        if isinstance(ln, tuple):
            _, cond, text = ln
            m = re.match(r"^(.+?)\s+instead\.?$", text.strip(), re.IGNORECASE)
            if m:
                if not do:
                    raise NoParse(text)
                sub: list = []
                asm.run(_sentence_items(m.group(1)), sub)
                prev = do.pop()
                do.append({"if": {"cond": cond, "then": sub, "else": [prev]}})
            else:
                sub = []
                run_sentences(text, asm, sub)
                do.append({"if": {"cond": cond, "then": sub}})
            continue
        run_sentences(ln, asm, do)
    _no_open_search(do)
    if asm.flags:
        raise NoParse(" ".join(x if isinstance(x, str) else x[2] for x in lines))
    spec: dict[str, Any] = {}
    if asm.targets:
        spec["target"] = asm.targets[0] if len(asm.targets) == 1 else asm.targets
    if asm.choose is not None:
        spec["choose"] = asm.choose
    if out.effect_cost:
        spec["cost"] = list(out.effect_cost)
    spec["do"] = do
    return spec


def _sentence_items(text: str) -> list:
    items: list = []
    for s in split_sentences(text):
        items.extend(G.parse("sentence", s))
    return items


# ---------------------------------------------------------------------------------- the card
def compile_text(text: str, *, card_type: str = "servant", name: str = "") -> dict:
    """Compile a card's printed text: returns the card fields it stands for (``keywords``,
    ``abilities``, and ``effect`` for a conjure).  Raises :class:`Uncompilable` naming the
    sentence no template reads."""
    out = Compiled()
    effect_lines: list = []
    for line in notation(text):
        _wrap(name, line, lambda line=line: compile_paragraph(line, out, card_type, effect_lines, name))
    if card_type == "conjure" and (effect_lines or out.effect_cost):
        body = " ".join(x if isinstance(x, str) else x[2] for x in effect_lines)

        def go() -> None:
            out.effect = _conjure_effect(effect_lines, out)
        _wrap(name, body, go)
    elif out.effect_cost:
        raise Uncompilable("As an additional cost to play this card", name)
    return out.as_fields()


def _wrap(name: str, text: str, fn: Callable[[], None]) -> None:
    try:
        fn()
    except NoParse as e:
        bad = str(e.args[0]) if e.args else text
        # name the sentence: the part no template read, or the paragraph
        sent = next((s for s in split_sentences(text) if bad and normalize(bad).lower() in normalize(s).lower()), None)
        raise Uncompilable(sent or text, name) from None
    except RecursionError:
        raise Uncompilable(text, name) from None


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


def compile_entry(entry: dict) -> dict:
    """A card entry with only printed ``text`` -> the entry with its compiled fields added
    (keywords the entry lists are kept, and the text's keywords added to them).  An entry that
    :func:`needs_compiling` says not to compile is returned unchanged.  Raises
    :class:`Uncompilable` when the text cannot be read."""
    if not needs_compiling(entry):
        return entry
    typ = str(entry.get("type", "servant")).lower()
    got = read_text(entry["text"], card_type=typ, name=str(entry.get("name", "")))
    out = dict(entry)
    if "keywords" in got:
        have = list(entry.get("keywords") or [])
        names = {next(iter(k)) if isinstance(k, dict) else k for k in have}
        for k in got["keywords"]:
            if (next(iter(k)) if isinstance(k, dict) else k) not in names:
                have.append(k)
        out["keywords"] = have
    for k in ("abilities", "effect"):
        if k in got:
            out[k] = got[k]
    if "copies" in got and "copies" not in entry:
        out["copies"] = got["copies"]
    return out


def read_text(text: str, *, card_type: str = "servant", name: str = "") -> dict:
    """A card's text read by the grammar of Caster's templating language (``grammar_compiler``),
    which gives the same results as this module's templates on every card both read; text the
    grammar does not read yet is read by the templates (see docs/card-grammar.md)."""
    from . import grammar_compiler

    try:
        return grammar_compiler.compile_text(text, card_type=card_type, name=name)
    except Uncompilable:
        return compile_text(text, card_type=card_type, name=name)


# --------------------------------------------------------------------------------- the report
class Report(CompileReport):
    """How much of a card list the compiler reads (see :func:`compile_report`)."""

    opening_words = 5
    openings_of_invalid = True


def _xml_cards(path: Path) -> list[dict]:
    return [{"name": get("name"), "type": get("type"), "color": get("color"),
             "cost": get("manacost") or get("cmc"), "pt": get("pt"), "text": get("text"),
             "token": get("token") == "1"} for get in cockatrice_cards(path)]


def entry_of(card: dict) -> dict:
    """A Cockatrice card record as a card entry: "Name LvN" is a caster of level N, the type
    line "Servant - Race/Race" gives the races (CR 206.2), ATK/DEF are printed in hundreds."""
    name = card["name"]
    typ, _, races = (card["type"] or "").partition(" - ")
    typ = typ.strip().lower()
    entry: dict[str, Any] = {"name": name, "text": card["text"]}
    m = re.match(r"^(.*?)\s+Lv\s*(\d+)$", name)
    if typ == "caster" or (not typ and m):
        entry["type"] = "caster"
        if m:
            entry["name"], entry["level"] = m.group(1), int(m.group(2))
        else:
            entry["level"] = 1
    elif typ in ("servant", "conjure", "barrier", "deity"):
        entry["type"] = typ
    else:
        entry["type"] = "none"
        entry["token"] = True
    if card.get("token"):
        entry["token"] = True
    if races.strip():
        entry["race"] = races.strip()
    color = (card.get("color") or "").strip().lower()
    entry["element"] = color if color in ELEMENTS else "void"
    cost = card.get("cost") or ""
    if cost.isdigit() and entry["type"] != "caster":
        entry["cost"] = int(cost)
    pt = card.get("pt") or ""
    mm = re.fullmatch(r"(\d+)/(\d+)", pt)
    if mm:
        entry["atk"], entry["def"] = int(mm.group(1)) * 100, int(mm.group(2)) * 100
    return entry


def compile_report(cards_xml_path: str | Path, validate: bool = True) -> Report:
    """Compile every card of a Cockatrice card database and report how many compile.

    A card counts as compiled when its whole text compiles and (with ``validate``) the card
    loader accepts the result (every word of the effect language known, every value well
    formed)."""
    path = Path(cards_xml_path)
    rep = Report()
    from .cards import builder as make_builder

    builder = make_builder() if validate else None
    for c in _xml_cards(path):
        entry = entry_of(c)
        rep.add(c["name"], entry, compile_entry, bool(notation(entry["text"])), builder, str(path))
    return rep


def main(argv: list[str] | None = None) -> int:
    return report_main(argv, "tcgjudge.games.caster.compiler", compile_report)


__all__ = ["G", "NP", "Report", "Uncompilable", "compile_entry", "compile_report", "compile_text", "entry_of",
           "is_keyword_text", "keyword_line", "needs_compiling", "notation", "read_text"]

if __name__ == "__main__":
    raise SystemExit(main())
