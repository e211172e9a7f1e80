"""Shadowverse: Evolve's text compiler: printed English card text -> the effect language.

SVE's English text is templated ("Fanfare: Select an enemy follower on the field and deal it 3
damage."), so a card can be written with only its printed ``text``; :func:`compile_text` turns
the text into the card's ``keywords``, ``abilities`` and (for a spell) ``effect``, the same data
a card file's fields hold.  Text no template reads raises :class:`Uncompilable` naming the
sentence (DESIGN principle 7: reported, never dropped or guessed).  ``docs/sve-cards.md`` lists
the templates.

The notations of printed text are read in all their written forms: Fanfare as ``(F)``,
``[fanfare]``, ``{FANFARE}`` or ``Fanfare:``; Last Words as ``(L)``, ``(LW)``, ``{LAST WORDS}``
or ``Last Words:``; the evolve icon as ``(E)``, ``{EVOLVE}`` or ``Evolve``; activated abilities
as ``(A)``, ``{ACT}``, ``Act`` or ``Activate:``; the engage icon as ``(tap)`` or ``{ENGAGE}``; play
point icons as ``(1)``, ``{COST 1}`` or ``1PP``; Quick as ``[Quick]`` or ``{QUICK}``; stats as
``+1/+1`` or ``{ATK}+1/{DEF}+1``.  Reminder text in parentheses is ignored (SVE 2.6.2): whole
sentences explaining a term of the rules; other parenthesized words are read or refused.

How the text becomes abilities:

- a paragraph (line) is an ability; ability icons inside a line start new abilities, and two
  trigger icons before one text are two abilities (12.1.2);
- "Select ..." is a target chosen when the card or ability is played (10.6.2.3); a selection
  among cards in a hand or deck (non-public zones) is made during resolution instead;
- "it", "them" name the most recently selected or moved cards (4.1.4.1: a moved card is named
  where it is now); "that follower", "the selected ..." the most recent selection;
- a class condition written as a heading (``Combo (3):``, ``Spellchain (5):``, ``SC (10):``,
  ``Necrocharge (10):``, ``Earth Rite:``) governs the sentences after it up to the next heading
  or the end of the paragraph; "If ..., ..." governs its own sentence;
- "... instead" replaces the previous instruction of the same kind when its condition holds
  (a self-replacement effect, 10.10.2.5);
- "[process]: [effect]" after a trigger is an optional cost (10.4.7.4); Earth Rite is an optional
  additional cost (13.3.3.2) whose effect happens only if it was paid.

Words of the effect language this compiler writes that the engine (``vocabulary.py``) does not
define yet are listed in :data:`ENGINE_WORDS_NEEDED`; a card using one fails the vocabulary check
and counts as not compiled in :func:`compile_report`.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
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
    sentences,
    strip_end_clause,
)
from .vocabulary import CLASSES


def split_sentences(text: str) -> list[str]:
    return sentences(text, after_quote=True)

#: words (instruction arguments, flags, cost items) written here that the engine does not yet have;
#: empty now: `to_deck` `pos: top_or_bottom`, the flags `ignore_ward` / `cannot_attack`, the keyword
#: `enters_engaged` and the cost item `return`, once listed here, are all read by the engine
ENGINE_WORDS_NEEDED: dict[str, str] = {}

G = Grammar("sve")

# ---------------------------------------------------------------------------- vocabulary of text
KEYWORDS = {
    "ward": "ward", "storm": "storm", "rush": "rush", "assail": "assail", "intimidate": "intimidate",
    "drain": "drain", "bane": "bane", "aura": "aura", "stack": "stack", "quick": "quick",
    "single drive": "single_drive", "twin drive": "twin_drive", "starting amulet": "starting_amulet",
    "drive": "drive",
}
#: keywords a follower can be given by an effect (not Stack, Quick, Starting Amulet)
GIVEABLE = {"ward", "storm", "rush", "assail", "intimidate", "drain", "bane", "aura", "single_drive",
            "twin_drive"}
#: SVE Appendix A: token names (9.1.2.3: a token's information is given by its name)
TOKEN_NAMES = (
    "Fairy Wisp", "Fairy", "Otohime's Bodyguard", "Knight", "Viking", "Steelclad Knight", "Strikeform Golem",
    "Guardform Golem", "Dragon", "Ghost", "Forest Bat", "Holy Falcon", "Holy Tiger", "Crystalia Eve",
    "Shield Guardian", "Magical Pawn", "Megalorca", "Hellflame Dragon", "Gargantuan Ghost", "Serpent",
    "Goblin King", "Puppet", "Ancient Artifact", "Mystic Artifact", "Celestial Shikigami", "Paper Shikigami",
    "One-Tailed Fox", "Assembly Droid", "Lloyd", "Victoria", "Otohime's Vanguard", "Exterminus Weapon",
    "Devoted Dragon", "Armored Tentacle", "Assault Tentacle", "Medusiana", "Anne's Summoning",
    "Keenedge Artifact", "Magic Sediment", "Leonidas's Resolve", "Draconic Weapon", "Ephemeral Moon",
    "Destruction in White", "Destruction in Black", "Naterran Great Tree", "Aftershock",
    "Val, Trusty Getaway Car", "Magitrain", "Dutiful Steed", "Bullet Bike", "Arcane Personnel Carrier",
    "Thorn Burst", "Mimi", "Coco", "Magical Item", "Repair Mode", "Instant Poison", "Eternal Potion",
    "Mysterian Missile", "Carbuncle's Sparkle", "Twilight Blade", "Resentful Blaze", "Blood Arts",
    "Darkest Desire",
)
_TOKEN_LOWER = {n.lower(): n for n in TOKEN_NAMES}
EOT = "end_of_turn"  # "until the end of the turn" (7.4.8)

# ------------------------------------------------------------------------------ notation
# Icons are rewritten to bracketed markers before reading: [FANFARE] [LASTWORDS] [ONEVOLVE]
# [STRIKE] [FSTRIKE] [LSTRIKE] [ONRACE] [ONDRIVE] [EVOLVE] [ACT] [ENGAGE] [QUICK] [SERVE] [RIDE]
# and play points [PP=N].
_ICON_SUBS: list[tuple[str, Any, int]] = [
    (r"<\s*/?\s*[a-z]+\s*>", "", re.I),  # markup (<i>names</i>, <pre>)
    (r"\{ATK\}\s*([+-]\s*(?:\d+|X))\s*/\s*\{DEF\}\s*([+-]\s*(?:\d+|X))", r"\1/\2", 0),
    (r"\{ATK\}\s*([+-]\s*(?:\d+|X))", r"\1/+0", 0),
    (r"\{DEF\}\s*([+-]\s*(?:\d+|X))", r"\1 defense", 0),
    (r"\{(FORESTCRAFT|SWORDCRAFT|RUNECRAFT|DRAGONCRAFT|ABYSSCRAFT|HAVENCRAFT|PORTALCRAFT|NEUTRAL)\}",
     lambda m: m.group(1).capitalize(), re.I),
    (r"\{(WARD|STORM|RUSH|ASSAIL|INTIMIDATE|DRAIN|BANE|AURA|STACK)\}", lambda m: m.group(1).capitalize(), re.I),
    (r"\{COST\s*(\d+|X)\}", r"[PP=\1]", re.I),
    (r"\b(\d+|X)\s*PP\b", r"[PP=\1]", 0),
    (r"\{FANFARE\}|\[fanfare\]|\(F\)", "[FANFARE]", re.I),
    (r"\bFanfare\s*(?::|-|\u2014)", "[FANFARE]", 0),
    (r"\{LAST WORDS\}|\[last ?words\]|\(LW?\)", "[LASTWORDS]", re.I),
    (r"\bLast Words\s*(?::|-|\u2014)", "[LASTWORDS]", 0),
    (r"\{ON EVOLVE\}|\[on evolve\]", "[ONEVOLVE]", re.I),
    (r"\bOn Evolve\s*(?::|,|-|\u2014)", "[ONEVOLVE]", 0),
    (r"\{FOLLOWER STRIKE\}", "[FSTRIKE]", re.I),
    (r"\bFollower Strike\s*(?::|,|-|\u2014)", "[FSTRIKE]", 0),
    (r"\{LEADER STRIKE\}", "[LSTRIKE]", re.I),
    (r"\bLeader Strike\s*(?::|,|-|\u2014)", "[LSTRIKE]", 0),
    (r"\{STRIKE\}", "[STRIKE]", re.I),
    (r"\bStrike\s*(?::|,|-|\u2014)", "[STRIKE]", 0),
    (r"\{ON RACE\}", "[ONRACE]", re.I),
    (r"\bOn Race\s*(?::|,|-|\u2014)", "[ONRACE]", 0),
    (r"\{ON DRIVE\}", "[ONDRIVE]", re.I),
    (r"\bOn Drive\s*(?::|,|-|\u2014)", "[ONDRIVE]", 0),
    (r"\{EVOLVE\}|\[evolve\]|\(E\)", "[EVOLVE]", re.I),
    (r"\{ACT\}|\[act\]|\(A\)", "[ACT]", re.I),
    (r"\bActivate\s*:", "[ACT]", 0),
    (r"\[Act this card\]|\{ENGAGE\}|\{TAP\}|\[engage\]|\(tap\)", "[ENGAGE]", re.I),
    (r"\{QUICK\}|\[quick\]|\(Q\)", "[QUICK]", re.I),
    (r"\{SERVE\}|\{FEED\}", "[SERVE]", re.I),
    (r"\{RIDE\}", "[RIDE]", re.I),
]
_ICON_RES = [(re.compile(p, f), r) for p, r, f in _ICON_SUBS]
_LINE_START_SUBS = [
    (re.compile(r"^(?:Evolve)\s*(?=\(|\d|\[PP)", re.IGNORECASE), "[EVOLVE] "),
    (re.compile(r"^(?:Evolve)\s+(?=[A-Z][^:]*:\s*Evolve this)",), "[EVOLVE] "),
    (re.compile(r"^(?:Act)\s*(?=\(|\[|:)",), "[ACT] "),
    (re.compile(r"^(?:Feed|Serve)\s*(?=\(|\d|\[PP)", re.IGNORECASE), "[SERVE] "),
    (re.compile(r"^(?:Ride)\s*(?=\(|\d|\[PP)", re.IGNORECASE), "[RIDE] "),
    (re.compile(r"^When this follower begins? Racing,\s*", re.IGNORECASE), "[ONRACE] "),
    (re.compile(r"^\[(Ward|Storm|Rush|Assail|Intimidate|Drain|Bane|Aura|Stack)\]", re.IGNORECASE), r"\1."),
]
#: markers that start an ability
TRIGGER_MARKERS = {"[FANFARE]": "fanfare", "[LASTWORDS]": "last_words", "[ONEVOLVE]": "on_evolve",
                   "[STRIKE]": "strike", "[FSTRIKE]": "follower_strike", "[LSTRIKE]": "leader_strike",
                   "[ONRACE]": "on_race", "[ONDRIVE]": "on_drive"}
MARKER_TEXT = {"[FANFARE]": "Fanfare:", "[LASTWORDS]": "Last Words:", "[ONEVOLVE]": "On Evolve:",
               "[STRIKE]": "Strike:", "[FSTRIKE]": "Follower Strike:", "[LSTRIKE]": "Leader Strike:",
               "[ONRACE]": "On Race:", "[ONDRIVE]": "On Drive:", "[EVOLVE]": "Evolve", "[ACT]": "Act",
               "[ENGAGE]": "{ENGAGE}", "[QUICK]": "Quick", "[SERVE]": "Serve", "[RIDE]": "Ride"}
_START_MARKERS = tuple(TRIGGER_MARKERS) + ("[EVOLVE]", "[ACT]", "[SERVE]", "[RIDE]")
_REMINDER = re.compile(r"\s*\((?=[A-Za-z][^()]*\s)(?:[^()]|\([^()]*\))*\)")


#: the words of the rules whose explanations appear as reminder text: keywords (8.x), ability words
#: and class conditions (Combo, Spellchain, Necrocharge, Overflow, Earth Rite, ...), tokens (9.1)
_RULE_TERMS = re.compile(
    r"\b(?:" + "|".join(sorted((k for k in KEYWORDS), key=len, reverse=True)) +
    r"|combo|spellchain|sc|necrocharge|overflow|sanguine|earth rite|evolved?|evolution|racing|serve|feed|ride|"
    r"tokens?)\b", re.IGNORECASE)


def _drop_reminder(m: re.Match) -> str:
    """Reminder text is whole sentences in parentheses (SVE 2.6.2) explaining a term the rules
    define; a parenthesized qualifier ("(with a different name than this card)") is part of its
    sentence and is kept."""
    inner = m.group(0).strip()[1:-1].strip()
    if not (re.match(r"[A-Z]", inner) and re.search(r"[.!]$", inner)):
        return m.group(0)
    before = m.string[:m.start()].rstrip()
    after_term = re.search(r"(?:^|[\s.\]])(" + _RULE_TERMS.pattern[2:-2] + r")\s*(?:\[PP=\w+\]|\(\w+\))?[.:]?$",
                           before, re.IGNORECASE)
    if _RULE_TERMS.search(inner) or after_term:
        return ""
    return m.group(0)


def notation(text: str) -> str:
    """Rewrite a card text's icons to markers and drop reminder text (2.6.2)."""
    t = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    t = t.replace("\r", "")
    for rx, rep in _ICON_RES:
        t = rx.sub(rep, t)
    # reminder text: a parenthesized phrase with words (not "(1)" option numbers or icons) that is
    # a keyword's reminder text; any other parenthesized words stay, to be read or refused
    t = _REMINDER.sub(_drop_reminder, t)
    lines = []
    for line in t.split("\n"):
        line = " ".join(line.split())
        line = re.sub(r"\s+([.,:])", r"\1", line)
        for rx, rep in _LINE_START_SUBS:
            line = rx.sub(rep, line)
        line = re.sub(r"\((\d+|X)\)", r"[PP=\1]", line) if _has_cost_colon(line) else line
        lines.append(line.strip())
    return "\n".join(lines).strip()


def _has_cost_colon(line: str) -> bool:
    """Play point icons "(1)" only appear in costs (before a colon); "(1)" elsewhere is a
    "choose" option number (5.17.1.1)."""
    return bool(re.search(r"\(\s*(?:\d+|X)\s*\)[^.]*:", line)) and not re.search(
        r"choose|following", line, re.IGNORECASE)


def render(text: str) -> str:
    """Markers back to readable text, for ability texts and error messages."""
    out = text
    for m, r in MARKER_TEXT.items():
        out = out.replace(m, r)
    return re.sub(r"\[PP=(\w+)\]", r"(\1)", out)


# ------------------------------------------------------------------------------- phrases
phrase = G.memo_phrase
table = G.table_phrase
tpl = G.template


# ------------------------------------------------------------------------------ numbers
@phrase("num")
def p_num(t: str) -> Any:
    return read_number(t, x=True)


@phrase("signed")
def p_signed(t: str) -> Any:
    s = t.replace(" ", "")
    m = re.fullmatch(r"([+-])(\d+|X)", s)
    if not m:
        raise NoParse(t)
    v: Any = int(m.group(2)) if m.group(2).isdigit() else "X"
    if m.group(1) == "-":
        v = -v if isinstance(v, int) else {"neg": "X"}
    return v


@phrase("stats")
def p_stats(t: str) -> tuple:
    m = re.fullmatch(r"([+-]\s*(?:\d+|X))\s*/\s*([+-]\s*(?:\d+|X))", t.strip())
    if not m:
        raise NoParse(t)
    return (p_signed(m.group(1)), p_signed(m.group(2)))


# ----------------------------------------------------------------------------- selectors
@dataclass
class Sel:
    """A noun phrase: which cards (a selector), how many, and whether it means all of them."""

    filt: dict
    n: Any = 1
    up_to: bool = False
    each: bool = False
    plural: bool = False


_TYPE_HEADS = [
    (r"(?:enemy )?leaders? or (?:enemy )?followers?", ["leader", "follower"]),
    (r"followers? or amulets?", ["follower", "amulet"]),
    (r"amulets? or followers?", ["follower", "amulet"]),
    (r"followers?", "follower"), (r"amulets?", "amulet"), (r"spells?", "spell"), (r"leaders?", "leader"),
    (r"cards?", None), (r"tokens?", "token"),
]
_ZONE_WORDS = {"field": "field", "cemetery": "cemetery", "graveyard": "cemetery", "ex area": "ex_area",
               "hand": "hand", "deck": "deck", "evolve deck": "evolve_deck", "banished zone": "banished"}
_OWNER_WORDS = {"your": "you", "the": None, "their": "$their", "its owner's": None, "each": None,
                "the enemy's": "enemy", "your opponent's": "enemy", "an opponent's": "enemy",
                "an enemy's": "enemy", "the opponent's": "enemy", "each opponent's": "enemy",
                "that follower's": "$sel", "its controller's": "$sel", "its": "$sel"}
_ZONE_RX = re.compile(
    r"\s+(?:on|in|from|into)\s+(your|the|their|its owner's|each|the enemy's|your opponent's|an opponent's|"
    r"an enemy's|the opponent's|each opponent's|that follower's|its controller's|its)\s+"
    r"(field|cemetery|graveyard|ex area|hand|deck|evolve deck|banished zone)$", re.IGNORECASE)
_BOTH_ZONES = re.compile(r"\s+on your field and in your ex area$", re.IGNORECASE)
_AMONG = re.compile(r"\s+from among them$", re.IGNORECASE)
_COST_RX = [
    (re.compile(r"\s+that costs? (\d+|x)(?: play points?)? or (less|more)$", re.I),
     lambda m: {"cost_max" if m.group(2).lower() == "less" else "cost_min": p_num(m.group(1))}),
    (re.compile(r"\s+that costs? at least (\d+|x)(?: play points?)?$", re.I),
     lambda m: {"cost_min": p_num(m.group(1))}),
    (re.compile(r"\s+that costs? (\d+|x)(?: play points?)?$", re.I),
     lambda m: {"cost": p_num(m.group(1))}),
    (re.compile(r"\s+with (\d+|x) (defense|attack) or (less|more)$", re.I),
     lambda m: {("def" if m.group(2).lower() == "defense" else "atk")
                + ("_max" if m.group(3).lower() == "less" else "_min"): p_num(m.group(1))}),
    (re.compile(r"\s+with (\d+|x) or (less|more) (defense|attack)$", re.I),
     lambda m: {("def" if m.group(3).lower() == "defense" else "atk")
                + ("_max" if m.group(2).lower() == "less" else "_min"): p_num(m.group(1))}),
    (re.compile(r"\s+with at least (\d+|x) (defense|attack)$", re.I),
     lambda m: {("def" if m.group(2).lower() == "defense" else "atk") + "_min": p_num(m.group(1))}),
    (re.compile(r"\s+with (\[EVOLVE\]|ward|storm|rush|assail|intimidate|drain|bane|aura|stack|quick|"
                r"\[FANFARE\]|\[LASTWORDS\])$", re.I),
     lambda m: {"keyword": _kw_of_with(m.group(1))}),
    (re.compile(r"\s+named (.+)$", re.I), lambda m: {"name": _names_list(m.group(1))}),
]


def _kw_of_with(w: str) -> str:
    w = w.lower()
    return {"[evolve]": "evolve", "[fanfare]": "fanfare", "[lastwords]": "last_words"}.get(w, w)


#: a comma followed by a clause's word ends a card name: "a Guard, reveal it, and ..." names
#: Guard, not "Guard, reveal it," (2.1.2: names such as "Aiela, Devoted Knight" keep their comma)
_CLAUSE_AFTER_COMMA = re.compile(r",\s*(?:reveal|and|then|put|add|draw|give|deal|summon|it)\b|,\s*$", re.I)


def _card_name(t: str) -> str:
    """A card name written in text (2.1.2); a clause glued to it by a comma is refused."""
    if _CLAUSE_AFTER_COMMA.search(t):
        raise NoParse(t)
    return t


def _names_list(t: str) -> Any:
    t = t.strip()
    if not re.match(r"[A-Z0-9(]", t):
        raise NoParse(t)
    return _card_name(t)


def _quant(low: str) -> tuple[str, dict]:
    """Strip a quantifier; return (rest, info)."""
    pats = [
        (r"up to (\d+|x|a|an|one|two|three|four|five)\s+", lambda m: {"n": p_num(m.group(1)), "up_to": True}),
        (r"any number of\s+", lambda m: {"any": True}),
        (r"each other\s+", lambda m: {"each": True, "other": True}),
        (r"(?:each|all|every|all of the|all of your)\s+", lambda m: {"each": True}),
        (r"another\s+", lambda m: {"n": 1, "other": True}),
        (r"(one|\d+|two|three) of your\s+", lambda m: {"n": p_num(m.group(1)), "controller": "you"}),
        (r"(?:an|a|one)\s+", lambda m: {"n": 1}),
        (r"(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+", lambda m: {"n": p_num(m.group(1))}),
    ]
    for p, f in pats:
        m = re.match(p, low)
        if m:
            return low[m.end():], f(m)
    return low, {}


#: stands for the compiled card's name in a selector until compile_text knows it
CARD_NAME = "$card_name"
_DIFFERENT_NAME = re.compile(r"\s*\(?\bwith a different name (?:than|from) this (?:card|follower|amulet)\)?",
                             re.IGNORECASE)


@phrase("sel")
def p_sel(t: str) -> Sel:
    """A noun phrase naming cards: quantifier, state, owner, traits/classes/names, a card type,
    "with ..." / "that costs ..." clauses and a zone ("on the field" when none: 4.4.3)."""
    s = t.strip()
    if not s or s.lower() in ("it", "them", "this card", "this follower", "that follower"):
        raise NoParse(t)
    alt = _disjunction(s)
    if alt is not None:
        return alt
    filt: dict[str, Any] = {}
    m = _DIFFERENT_NAME.search(s)
    if m:
        # "with a different name than this card": the card's own name, filled in by compile_text
        filt["not_name"] = CARD_NAME
        s = s[:m.start()] + s[m.end():]
    rest_low, q = _quant(s.lower())
    s = s[len(s) - len(rest_low):] if rest_low else ""
    if not s:
        raise NoParse(t)
    if q.get("other"):
        filt["other"] = True
    if "controller" in q:
        filt["controller"] = q["controller"]
    # zone
    zone = None
    owner = None
    m = _BOTH_ZONES.search(s)
    if m:
        zone, owner = ["field", "ex_area"], "you"
        s = s[:m.start()]
    else:
        m = _AMONG.search(s)
        if m:
            zone = "deck"
            filt["in"] = "$look"
            s = s[:m.start()]
        else:
            m = _ZONE_RX.search(s)
            if m:
                zone = _ZONE_WORDS[m.group(2).lower()]
                owner = _OWNER_WORDS[m.group(1).lower()]
                s = s[:m.start()]
    # clauses
    while (rest := strip_end_clause(s, _COST_RX, filt)) is not None:
        s = rest
    words = s.strip()
    if not words:
        raise NoParse(t)
    low = words.lower()
    # states and owners in front
    while True:
        mm = re.match(r"(engaged|reserved|enemy|allied|your|other|evolved|unevolved|non-token|faceup|face-up|"
                      r"facedown|face-down)\s+", low)
        if not mm:
            break
        w = mm.group(1)
        if w in ("engaged", "reserved"):
            filt["state"] = w
        elif w == "enemy":
            filt["controller"] = "enemy"
        elif w in ("allied", "your"):
            filt["controller"] = "you"
        elif w == "other":
            filt["other"] = True
        elif w == "evolved":
            filt["evolved"] = True
        elif w == "unevolved":
            filt["evolved"] = False
        elif w == "non-token":
            filt["token"] = False
        elif w in ("faceup", "face-up"):
            filt["face"] = "up"
        elif w in ("facedown", "face-down"):
            filt["face"] = "down"
        words = words[mm.end():]
        low = low[mm.end():]
    types: Any = None
    plural = False
    head_found = False
    for rx, ty in _TYPE_HEADS:
        mm = re.search(r"(?:^|\s)(" + rx + r")$", low)
        if mm:
            head_found = True
            head = mm.group(1)
            plural = head.endswith("s") and not head.endswith("ss")
            if "enemy" in head:
                filt["controller"] = "enemy"
            types = ty
            words = words[:mm.start(1)].strip()
            break
    quals = words.strip()
    if types == "token":
        filt["token"] = True
        types = None
    elif quals.lower().endswith(" token") or quals.lower().endswith(" tokens"):
        filt["token"] = True
        quals = quals.rsplit(" ", 1)[0]
    if types is not None:
        filt["type"] = types
    if quals:
        _qualifiers(quals, filt, head_found)
    elif not head_found:
        raise NoParse(t)
    # zones
    if zone is None:
        ts = types if isinstance(types, list) else [types]
        if "leader" in ts and "follower" in ts:
            filt["zone"] = ["field", "leader"]
        elif "leader" in ts:
            filt["zone"] = "leader"
    else:
        filt["zone"] = zone
        if owner is not None:
            if zone == "field" or zone == ["field", "ex_area"]:
                filt["controller"] = owner
            else:
                filt["player"] = owner
        if zone == "field":
            ts = types if isinstance(types, list) else [types]
            if "leader" in ts:
                filt["zone"] = ["field", "leader"] if "follower" in ts else "leader"
            else:
                del filt["zone"]
    sel = Sel(filt)
    if q.get("each"):
        sel.each = True
        sel.n = None
    elif q.get("any"):
        sel.n = {"count": {k: v for k, v in filt.items()}}
        sel.up_to = True
    elif "n" in q:
        sel.n = q["n"]
        sel.up_to = bool(q.get("up_to"))
    else:
        if not plural:
            raise NoParse(t)  # a bare singular noun is not a selection
        sel.each = True
        sel.n = None
    sel.plural = plural
    return sel


#: the keys in which two noun phrases joined by "or" may differ (a disjunction of kinds)
_DISJOINABLE = ("trait", "class", "name", "type")


def _disjunction(s: str) -> Sel | None:
    """"a X follower or a Y follower [on your field]": one selection among cards of either kind.
    The place (zone, controller) written after the last phrase holds for both; the two phrases
    must differ in one of trait, class, name or type only (anything else is refused)."""
    m = re.search(r"\s+or\s+(?=(?:an?|one)\s)", s, re.IGNORECASE)
    if not m:
        return None
    left, right = s[:m.start()], s[m.end():]
    b = p_sel(right)
    z = _BOTH_ZONES.search(right) or _ZONE_RX.search(right)
    a = p_sel(left + (right[z.start():] if z else ""))
    if (a.n, a.up_to, a.each) != (b.n, b.up_to, b.each):
        raise NoParse(s)
    fa, fb = dict(a.filt), dict(b.filt)
    differ = [k for k in set(fa) | set(fb) if fa.get(k) != fb.get(k)]
    if len(differ) != 1 or differ[0] not in _DISJOINABLE or differ[0] not in fa or differ[0] not in fb:
        raise NoParse(s)
    k = differ[0]
    va = fa[k] if isinstance(fa[k], list) else [fa[k]]
    vb = fb[k] if isinstance(fb[k], list) else [fb[k]]
    fa[k] = va + [v for v in vb if v not in va]
    out = Sel(fa)
    out.n, out.up_to, out.each, out.plural = a.n, a.up_to, a.each, a.plural
    return out


_NOT_TRAITS = {"random", "same", "different", "selected", "remaining", "top", "bottom", "other", "and", "or",
               "of", "in", "on", "from", "with", "to", "at", "least", "more", "less", "any", "number", "new"}


def _qualifiers(quals: str, filt: dict, head_found: bool) -> None:
    q = quals.strip()
    low = q.lower()
    if low in CLASSES:
        filt["class"] = low
        return
    if filt.get("token") and low in _TOKEN_LOWER:
        filt["name"] = _TOKEN_LOWER[low]
        return
    if not head_found:
        # a card name ("a Tokai Teio"); 2.1.2
        if not re.match(r"[A-Z]", q):
            raise NoParse(q)
        filt["name"] = _card_name(q)
        return
    if low in ("that", "this", "the", "its", "their", "those"):
        raise NoParse(q)
    if "," in q and re.match(r"[A-Z]", q):
        filt["name"] = _card_name(q)  # "Aluzard, Timeworn Vampire cards": a card name (traits have no commas)
        return
    if not re.match(r"[A-Z0-9]", q):
        # a trait written in lower case ("umamusume followers") is the trait (2.4)
        if not re.fullmatch(r"[a-z]+(?: [a-z]+)?", q) or any(w in _NOT_TRAITS for w in low.split()):
            raise NoParse(q)
        q = q.title()
    if any(w in ("or", "and", "a", "an", "the") for w in q.split()):
        raise NoParse(q)  # a disjunction or a clause, never one trait
    # "Pixie", "Draconic Duelist", "Mejiro Family", "Machina"
    filt["trait"] = q


# ---------------------------------------------------------------------------------- references
_PRONOUNS = {
    "it": "$it", "them": "$it", "that card": "$sel", "that follower": "$sel", "that amulet": "$sel",
    "those followers": "$sel", "those cards": "$sel", "the selected follower": "$sel",
    "the selected card": "$sel", "the selected enemy": "$sel", "the selected followers": "$sel",
    "the selected amulet": "$sel", "that token": "$it", "those tokens": "$it", "the follower": "$sel",
    "this follower": "self", "this card": "self", "this amulet": "self",
}
_LEADERS = {
    "your leader": {"zone": "leader", "controller": "you"},
    "each leader": {"zone": "leader"}, "both leaders": {"zone": "leader"},
    "each enemy leader": {"zone": "leader", "controller": "enemy"},
    "the enemy leader": {"zone": "leader", "controller": "enemy"},
    "its leader": {"zone": "leader", "controller": "$it"},
    "their leader": {"zone": "leader", "controller": "$it"},
    "that follower's leader": {"zone": "leader", "controller": "$sel"},
    "the selected follower's leader": {"zone": "leader", "controller": "$sel"},
    "its controller's leader": {"zone": "leader", "controller": "$it"},
    "that player's leader": {"zone": "leader", "controller": "$it"},
}


@phrase("ref")
def p_ref(t: str) -> Any:
    """A definite reference: a pronoun, this card, a leader, "each ..." cards, or a list."""
    low = t.strip().lower()
    if low in _PRONOUNS:
        return _PRONOUNS[low]
    if low in _LEADERS:
        return _LEADERS[low]
    m = re.fullmatch(r"the top (?:(\d+|two|three|four|five) cards|card) of your deck", low)
    if m:
        return {"zone": "deck", "player": "you", "top": p_num(m.group(1)) if m.group(1) else 1}
    m = re.fullmatch(r"each (?:card|follower) in (your|each player's) hand", low)
    if m:
        return {"zone": "hand", "player": "you" if m.group(1) == "your" else "each"}
    for sep in (", and ", " and "):
        if sep in low:
            k = low.find(sep)
            while k >= 0:
                a, b = t.strip()[:k], t.strip()[k + len(sep):]
                try:
                    ra = p_ref(a)
                    rb = p_ref(b) if not b.lower().startswith("enemy ") else p_ref("each " + b)
                    return _ref_list(ra, rb)
                except NoParse:
                    pass
                k = low.find(sep, k + 1)
    try:
        s = p_sel(t)
    except NoParse:
        raise NoParse(t) from None
    if not s.each:
        raise NoParse(t)  # "an enemy follower" needs "Select" (10.6.2.3)
    return s.filt


def _ref_list(a: Any, b: Any) -> list:
    out = a if isinstance(a, list) else [a]
    return out + (b if isinstance(b, list) else [b])


@phrase("player")
def p_player(t: str) -> str:
    low = t.strip().lower()
    m = {"you": "you", "each player": "each", "each opponent": "enemy", "your opponent": "enemy",
         "the opponent": "enemy", "an opponent": "enemy", "they": "$player", "that player": "$player",
         "its controller": "$sel", "their controller": "$sel", "its owner": "$sel", "the enemy": "enemy",
         "each enemy": "enemy"}
    if low in m:
        return m[low]
    raise NoParse(t)


@phrase("kws")
def p_kws(t: str) -> list:
    low = t.strip().lower()
    parts = [p.strip() for p in re.split(r",\s*and\s+|,\s*|\s+and\s+", low) if p.strip()]
    out = []
    for p in parts:
        p = p.strip("[] ")
        if p not in KEYWORDS or KEYWORDS[p] not in GIVEABLE:
            raise NoParse(t)
        out.append(KEYWORDS[p])
    return out


@phrase("tokens")
def p_tokens(t: str) -> dict:
    """"a Fairy token", "3 Forest Bat tokens", "a Steelclad Knight and Knight token",
    "a Guardform Golem or Strikeform Golem token" (a choice), "up to 9 Fairy tokens"."""
    s = t.strip()
    m = re.fullmatch(r"(up to )?(an|a|one|two|three|four|five|six|seven|eight|nine|ten|\d+|X) (.+?) tokens?",
                     s, re.IGNORECASE)
    if not m:
        raise NoParse(t)
    n = p_num(m.group(2))
    names = m.group(3)
    low = names.lower()
    if low in _TOKEN_LOWER:
        return {"names": [_TOKEN_LOWER[low]], "n": n, "up_to": bool(m.group(1))}
    for sep, kind in ((" or ", "choice"), (", and ", "all"), (" and ", "all")):
        if sep in low:
            bits = re.split(r",\s*and\s+|,\s*or\s+|,\s*|\s+and\s+|\s+or\s+", names)
            got = []
            for b in bits:
                bl = b.strip().lower()
                if bl not in _TOKEN_LOWER:
                    raise NoParse(t)
                got.append(_TOKEN_LOWER[bl])
            if n != 1:
                raise NoParse(t)
            return {"names": got, "n": 1, kind: True}
    raise NoParse(t)


# -------------------------------------------------------------------------------- values
@phrase("value")
def p_value(t: str) -> Any:
    low = t.strip().lower()
    if low in ("this follower's attack", "this card's attack"):
        return {"prop": ["self", "atk"]}
    if low in ("this follower's defense", "this card's defense"):
        return {"prop": ["self", "def"]}
    m = re.fullmatch(r"(?:the selected follower's|that follower's|its|the selected card's) (attack|defense)", low)
    if m:
        return {"prop": ["$sel", "atk" if m.group(1) == "attack" else "def"]}
    if low in ("the number of cards you've played this turn, excluding this card",
               "the number of other cards you've played this turn"):
        return {"sub": [{"combo": "you"}, 1]}
    if low in ("the number of cards they returned to their deck", "the number of cards they returned"):
        return {"len": "returned"}
    if low == "the number of cards you've played this turn":
        return {"combo": "you"}
    m = re.fullmatch(r"(?:the )?(double|twice|half) (?:the number of .+)", low)
    if m:
        inner = p_value(t.strip()[len(t.strip()) - len(low) + low.find("the number"):])
        return {"mul": [2, inner]} if m.group(1) in ("double", "twice") else {"half": inner}
    m = re.fullmatch(r"the number of (.+)", t.strip(), re.IGNORECASE)
    if m:
        s = p_sel(m.group(1))
        if not s.each:
            raise NoParse(t)
        return {"count": s.filt}
    m = re.fullmatch(r"(.+?)'s? (attack|defense)", t.strip(), re.IGNORECASE)
    if m:
        r = p_ref(m.group(1))
        return {"prop": [r, "atk" if m.group(2).lower() == "attack" else "def"]}
    raise NoParse(t)


# ---------------------------------------------------------------------------------- conditions
table("cond")


@tpl("cond", "overflow is active for you", "overflow is active")
def c_overflow() -> dict:
    return {"overflow": True}  # 13.4.1.2


@tpl("cond", "sanguine is active for you", "sanguine is active")
def c_sanguine() -> dict:
    return {"sanguine": True}  # 13.5.2.2


@tpl("cond", "there is {s:sel}", "there are {s:sel}", "you have {s:sel}")
def c_exists(s: Sel) -> dict:
    if s.each:
        raise NoParse("there are ... (plural)")
    n = s.n if isinstance(s.n, int) else 1
    if n == 1:
        return {"exists": s.filt}
    return {"count": {"of": s.filt, "min": n}}


@phrase("nsel")
def p_nsel(t: str) -> tuple:
    """"3 cards on their field" -> (3, the cards)."""
    m = re.fullmatch(r"(\d+|x|one|two|three|four|five|six|seven|eight|nine|ten)\s+(.+)", t.strip(), re.IGNORECASE)
    if not m:
        raise NoParse(t)
    n = p_num(m.group(1))
    s = p_sel("each " + m.group(2)) if not m.group(2).lower().startswith(("each ", "all ")) else p_sel(m.group(2))
    return (n, s)


@phrase("ncounters")
def p_ncounters(t: str) -> tuple:
    """"3 spell counters" -> (3, "spell") (15.1.2)."""
    m = re.fullmatch(r"(\d+|x|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+([A-Za-z][A-Za-z-]*)\s+counters?",
                     t.strip(), re.IGNORECASE)
    if not m:
        raise NoParse(t)
    return (p_num(m.group(1)), m.group(2).lower())


@tpl("cond", "there are at least {x:nsel}", "you have at least {x:nsel}")
def c_at_least(x: tuple) -> dict:
    return {"count": {"of": x[1].filt, "min": x[0]}}


@tpl("cond", "there are {n:num} or more {s:sel}", "you have {n:num} or more {s:sel}")
def c_or_more(n: Any, s: Sel) -> dict:
    if not s.each:
        raise NoParse("count of a singular")
    return {"count": {"of": s.filt, "min": n}}


@tpl("cond", "there are no {s:sel}", "there is no {s:sel}", "you have no {s:sel}")
def c_none(s: Sel) -> dict:
    return {"none": s.filt}


@tpl("cond", "{s:sel} is on your field", "{s:sel} are on your field")
def c_on_your_field(s: Sel) -> dict:
    return {"exists": {**s.filt, "controller": "you"}}


@tpl("cond", "{s:sel} is on the field")
def c_on_field(s: Sel) -> dict:
    return {"exists": s.filt}


@tpl("cond", "{s:sel} is racing", "{s:sel} has begun racing", "{s:sel} has began racing")
def c_sel_racing(s: Sel) -> dict:
    return {"exists": {**s.filt, "raced": True}}


@tpl("cond", "{r:ref} is racing", "{r:ref} has begun racing", "{r:ref} has began racing",
     "{r:ref} is raced")
def c_racing(r: Any) -> dict:
    return {"is": [r, {"raced": True}]}  # 14.2.3.1


@tpl("cond", "it's {s:sel}", "it is {s:sel}", "that card is {s:sel}", "that follower is {s:sel}",
     "the card is {s:sel}")
def c_is(s: Sel) -> dict:
    return {"is": ["$it", s.filt]}


@tpl("cond", "your leader's defense is {n:num} or less", "your leader has {n:num} defense or less")
def c_leader_low(n: Any) -> dict:
    return {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, "<=", n]}


@tpl("cond", "your leader's defense is {n:num} or more", "your leader has at least {n:num} defense")
def c_leader_high(n: Any) -> dict:
    return {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, ">=", n]}


@tpl("cond", "this card has at least {c:ncounters}", "there are at least {c:ncounters} on this card")
def c_counters(c: tuple) -> dict:
    return {"compare": [{"counters_of": {"what": "self", "name": c[1]}}, ">=", c[0]]}


@tpl("cond", "it's your turn", "it is your turn", "this is your turn")
def c_your_turn() -> dict:
    return {"turn": "yours"}


@tpl("cond", "it's your opponent's turn", "it is your opponent's turn")
def c_their_turn() -> dict:
    return {"turn": "theirs"}


@tpl("cond", "you have at least {n:num} cards in your hand")
def c_hand(n: Any) -> dict:
    return {"count": {"of": {"zone": "hand", "player": "you"}, "min": n}}


@tpl("cond", "there is a {a:name} and {b:name} in your cemetery", "there is an {a:name} and {b:name} in your cemetery")
def c_two_names(a: str, b: str) -> dict:
    # "a Harnessed Flame and Harnessed Glass" names two cards; a name of one word on each side of
    # "and" is read as one name ("Flame and Glass", 2.1.2)
    if len(a.split()) < 2 or len(b.split()) < 2:
        raise NoParse("one name")
    return {"and": [{"exists": {"name": a, "zone": "cemetery", "player": "you"}},
                    {"exists": {"name": b, "zone": "cemetery", "player": "you"}}]}


G.tables["cond"].sort(key=lambda tp: 0 if "{a:name} and {b:name}" in tp.pattern else 1)


@phrase("word")
def p_word(t: str) -> str:
    if not re.fullmatch(r"[A-Za-z][A-Za-z-]*", t.strip()):
        raise NoParse(t)
    return t.strip()


# --------------------------------------------------------------------------------- clauses
# A clause is one action; its builder returns a list of items: instructions (dicts) with the
# placeholders "$it" / "$sel" / "$look" / "$new", and assembly markers ("@target", "@if", ...).
table("clause")
table("effects")
table("partial")


@tpl("effects", "{a:clause}, and then {b:effects}", "{a:clause}, then {b:effects}",
     "{a:clause} and then {b:effects}", "{a:clause}, and {b:effects}", "{a:clause}, {b:effects}",
     "{a:clause} and {b:effects}", "{a:clause}. then, {b:effects}")
def e_and(a: list, b: list) -> list:
    return a + b


@tpl("effects", "{a:clause} and, if {c:cond}, {b:effects}", "{a:clause}, and if {c:cond}, {b:effects}")
def e_and_if(a: list, c: dict, b: list) -> list:
    return a + [{"@if": c, "then": b}]


@tpl("effects", "{a:clause}")
def e_one(a: list) -> list:
    return a


def _ins(op: str, **args: Any) -> dict:
    return {op: {k: v for k, v in args.items() if v is not None}}


# damage ----------------------------------------------------------------------------
@tpl("clause", "deal {n:num} damage to {w:ref}")
def k_deal(n: Any, w: Any) -> list:
    return [_ins("deal", what=w, n=n)]  # 5.13


@tpl("clause", "deal it {n:num} damage", "deal them {n:num} damage", "deal that follower {n:num} damage",
     "deal them each {n:num} damage", "deal it {n:num} damage each")
def k_deal_it(n: Any) -> list:
    return [_ins("deal", what="$it", n=n)]


@tpl("clause", "deal {n:num} damage divided between them", "deal {n:num} damage divided among them")
def k_deal_divided(n: Any) -> list:
    return [{"@divide": n}, _ins("deal", what="$it", n=n, divided="$it")]  # 10.6.2.4


@tpl("clause", "deal {n:num} damage to it and {m:num} damage to {w:ref}",
     "deal it {n:num} damage and {m:num} damage to {w:ref}")
def k_deal_two(n: Any, m: Any, w: Any) -> list:
    return [_ins("deal", what="$it", n=n), _ins("deal", what=w, n=m)]


@tpl("clause", "deal {n:num} damage to it and, if {c:cond}, {m:num} damage to {w:ref}")
def k_deal_two_if(n: Any, c: dict, m: Any, w: Any) -> list:
    return [_ins("deal", what="$it", n=n), {"if": {"cond": c, "then": [_ins("deal", what=w, n=m)]}}]


# leader defense ----------------------------------------------------------------------
@tpl("clause", "give your leader {n:signed} defense", "increase your leader's defense by {n:num}")
def k_leader(n: Any) -> list:
    return [{"leader_def": n}]


@tpl("clause", "give your leader {s:stats}")
def k_leader_stats(s: tuple) -> list:
    if s[0] != 0:
        raise NoParse("a leader has no attack")
    return [{"leader_def": s[1]}]


@tpl("clause", "give {p:player}'s leader {n:signed} defense")
def k_pleader(p: str, n: Any) -> list:
    return [{"leader_def": {"n": n, "player": p}}]


# cards: draw, discard ------------------------------------------------------------------
@tpl("clause", "draw {n:num} cards", "draw {n:num} card", "draw {n:num} more cards", "draw {n:num} more card")
def k_draw(n: Any) -> list:
    return [{"draw": n}]  # 5.9


@tpl("clause", "draw up to {n:num} cards")
def k_draw_up(n: Any) -> list:
    return [{"draw": {"n": n, "up_to": True}}]  # 5.9.3


@tpl("clause", "{p:player} draws {n:num} cards", "{p:player} draws {n:num} card",
     "{p:player} draw {n:num} more card", "{p:player} draw {n:num} more cards",
     "{p:player} draws {n:num} more card", "{p:player} draws {n:num} more cards")
def k_pdraw(p: str, n: Any) -> list:
    if p == "you":
        return [{"draw": n}]
    return [{"draw": {"n": n, "player": p}}]


@tpl("clause", "discard {n:num} cards", "discard {n:num} card")
def k_discard(n: Any) -> list:
    return [{"discard": n}]  # 5.11


@tpl("clause", "discard {s:sel}")
def k_discard_sel(s: Sel) -> list:
    f = {k: v for k, v in s.filt.items() if k not in ("zone", "player")}
    return [{"discard": {"n": s.n, "filter": f}}]


@tpl("clause", "{p:player} discards {n:num} cards", "{p:player} discards {n:num} card")
def k_pdiscard(p: str, n: Any) -> list:
    return [{"discard": {"n": n, "player": p}}]


@tpl("clause", "{p:player} discards that card", "{p:player} discards it")
def k_pdiscard_it(p: str) -> list:
    return [{"discard": {"n": 1, "player": p, "filter": {"in": "$it"}}}]


# stats and keywords --------------------------------------------------------------------
@phrase("give")
def p_give(t: str) -> list:
    """"WHO +X/+Y", "WHO KEYWORDS", "WHO +X/+Y and KEYWORDS", "WHO KEYWORDS and +X/+Y",
    "WHO +X/+Y and the T trait", "WHO KEYWORDS and "ABILITY"", "+X/+Y to WHO"; "until the end of
    the turn" / "this turn" for a duration, "more" for an extra amount."""
    s = t.strip()
    until = None
    m = re.search(r"\s+(?:until the end of (?:the|this) turn|this turn|until end of turn)$", s, re.IGNORECASE)
    if m:
        until = EOT
        s = s[:m.start()]
    s = re.sub(r"\s+more$", "", s)
    # "{DEF}+1" is written "+1 defense"; on a follower it is "+0/+1"
    s = re.sub(r"(?<=\s)([+-]\s*(?:\d+|X)) defense(?=$|\s)", r"+0/\1", s)
    s = re.sub(r"(?<=\s)([+-]\s*(?:\d+|X)) attack(?=$|\s)", r"\1/+0", s)
    m = re.fullmatch(r"([+-]\s*(?:\d+|X)\s*/\s*[+-]\s*(?:\d+|X)) to (.+)", s)
    if m:
        return _give(p_ref(m.group(2)), p_stats(m.group(1)), [], [], None, until)
    m = re.search(r"\s([+-]\s*(?:\d+|X)\s*/\s*[+-]\s*(?:\d+|X))(?=$|\s)", s)
    if m:
        who = p_ref(s[:m.start()])
        st = p_stats(m.group(1))
        tail = s[m.end():].strip()
        kws: list = []
        abilities: list = []
        trait = None
        if tail:
            mm = re.fullmatch(r"and (?:the )?(.+?) trait", tail, re.IGNORECASE)
            if mm:
                trait = mm.group(1)
            else:
                mm = re.fullmatch(r"and (.+)", tail, re.IGNORECASE)
                if not mm:
                    raise NoParse(t)
                kws, abilities = _kw_and_abilities(mm.group(1))
        return _give(who, st, kws, abilities, trait, until)
    # WHO KEYWORDS [and +X/+Y]
    words = s.split(" ")
    for i in range(len(words) - 1, 0, -1):
        left, right = " ".join(words[:i]), " ".join(words[i:])
        try:
            who = p_ref(left)
        except NoParse:
            continue
        st = None
        mm = re.fullmatch(r"(.+?) and ([+-]\s*(?:\d+|X)\s*/\s*[+-]\s*(?:\d+|X))", right)
        if mm:
            right, st = mm.group(1), p_stats(mm.group(2))
        try:
            kws, abilities = _kw_and_abilities(right)
        except NoParse:
            continue
        return _give(who, st, kws, abilities, None, until)
    raise NoParse(t)


def _kw_and_abilities(t: str) -> tuple[list, list]:
    s = t.strip()
    abilities = []
    m = re.search(r'"([^"]+)"$', s)
    if m:
        abilities.append(m.group(1))
        s = s[:m.start()].strip()
        s = re.sub(r"(?:,\s*and|\s+and|,)$", "", s).strip()
    kws = p_kws(s) if s else []
    if not kws and not abilities:
        raise NoParse(t)
    return kws, abilities


def _give(who: Any, st: tuple | None, kws: list, abilities: list, trait: str | None, until: str | None) -> list:
    out: list = []
    if st is not None:
        if who == {"zone": "leader", "controller": "you"}:
            if st[0] != 0:
                raise NoParse("a leader has no attack")
            return [{"leader_def": st[1]}]
        out.append(_ins("modify", what=who, atk=st[0], **{"def": st[1]}, until=until))
    if kws or abilities or trait:
        g: dict[str, Any] = {"what": who}
        if kws:
            g["keywords"] = kws
        if abilities:
            g["abilities"] = [_granted_ability(a) for a in abilities]
        if trait:
            g["races"] = [trait]
        if until:
            g["until"] = until
        out.append({"grant": g})
    return out


def _granted_ability(text: str) -> dict:
    """A quoted ability given to a card ('Give it "At the start of your end phase, destroy this
    card."')."""
    got = compile_text(text, card_type="follower")
    abs_ = got.get("abilities", [])
    if len(abs_) != 1 or got.get("keywords"):
        raise NoParse(text)
    return abs_[0]


@tpl("clause", "give {g:give}")
def k_give(g: list) -> list:
    return g


@tpl("clause", "{w:ref} gets {s:stats}", "{w:ref} get {s:stats}")
def k_gets(w: Any, s: tuple) -> list:
    return [_ins("modify", what=w, atk=s[0], **{"def": s[1]})]


# zones ---------------------------------------------------------------------------------------
@tpl("clause", "destroy {w:ref}")
def k_destroy(w: Any) -> list:
    return [{"destroy": w}]  # 5.5


@tpl("clause", "banish {w:ref}")
def k_banish(w: Any) -> list:
    return [{"banish": w}]  # 5.6


@tpl("clause", "return {w:ref} to its owner's hand", "return {w:ref} to their owners' hands",
     "return {w:ref} to their owner's hand", "return {w:ref} to the hand", "return {w:ref} to your hand",
     "return {w:ref} to its owners' hands")
def k_return(w: Any) -> list:
    return [{"return": w}]


@tpl("clause", "put {w:ref} into its owner's ex area", "put {w:ref} into their owner's ex area",
     "put {w:ref} into their owners' ex areas")
def k_put_owner_ex(w: Any) -> list:
    return [{"move": {"what": w, "to": "ex_area", "as": "$new"}}]  # 4.1.6: its owner's zone


@tpl("clause", "put {w:ref} on top of its owner's deck", "put {w:ref} on the top of its owner's deck",
     "put {w:ref} on top of your deck")
def k_top(w: Any) -> list:
    return [{"to_deck": {"what": w, "pos": "top"}}]


@tpl("clause", "put {w:ref} on the bottom of its owner's deck", "put {w:ref} on the bottom of your deck",
     "put {w:ref} at the bottom of its owner's deck")
def k_bottom(w: Any) -> list:
    return [{"to_deck": {"what": w, "pos": "bottom"}}]


@tpl("clause", "put {w:ref} on the top or bottom of its owner's deck",
     "put {w:ref} on the top or bottom of their owner's deck",
     "put {w:ref} on the top or bottom of their owners' decks")
def k_top_or_bottom(w: Any) -> list:
    return [{"to_deck": {"what": w, "pos": "top_or_bottom"}}]


@tpl("clause", "{p:player} puts each follower from their field on the top or bottom of its owner's deck")
def k_each_top_or_bottom(p: str) -> list:
    return [{"to_deck": {"what": {"type": "follower", "controller": p}, "pos": "top_or_bottom"}}]


@tpl("clause", "{p:player} puts {w:ref} on the top or bottom of its owner's deck",
     "{p:player} puts {w:ref} on the top or bottom of their owner's deck")
def k_p_top_or_bottom(p: str, w: Any) -> list:
    return [{"to_deck": {"what": _their(w, p), "pos": "top_or_bottom"}}]


def _their(v: Any, p: str) -> Any:
    """"their" in a sentence whose subject is a player means that player."""
    if v == "$their":
        return p
    if isinstance(v, list):
        return [_their(x, p) for x in v]
    if isinstance(v, dict):
        return {k: _their(x, p) for k, x in v.items()}
    return v


@tpl("clause", "put {s:sel} on the bottom of your deck", "put {s:sel} at the bottom of your deck")
def k_sel_bottom(s: Sel) -> list:
    return [{"@target": s}, {"to_deck": {"what": "$it", "pos": "bottom"}}]


@tpl("clause", "put {s:sel} on top of your deck", "put {s:sel} on the top of your deck")
def k_sel_top(s: Sel) -> list:
    return [{"@target": s}, {"to_deck": {"what": "$it", "pos": "top"}}]


@tpl("clause", "shuffle {w:ref} into its owner's deck", "shuffle {w:ref} into your deck")
def k_shuffle_in(w: Any) -> list:
    return [{"to_deck": {"what": w, "shuffle": True}}]


@tpl("clause", "put {w:ref} onto your field", "put {w:ref} onto the field", "summon {w:ref}",
     "put {w:ref} into your field", "put {w:ref} onto its owner's field")
def k_summon_ref(w: Any) -> list:
    return [{"summon": {"what": w, "as": "$new"}}]  # 5.4.1


@tpl("clause", "put {w:ref} onto your field engaged", "summon {w:ref} engaged")
def k_summon_engaged(w: Any) -> list:
    return [{"summon": {"what": w, "engaged": True, "as": "$new"}}]


@tpl("clause", "{p:player} may put it onto their field", "{p:player} may put it onto your field")
def k_may_summon(p: str) -> list:
    return [{"may": {"do": [{"summon": {"what": "$it", "player": p, "as": "$new"}}], "player": p}}]


@tpl("clause", "add {w:ref} to your hand", "put {w:ref} into your hand", "add {w:ref} to their hand",
     "put {w:ref} into its owner's hand", "add {w:ref} to its owner's hand")
def k_to_hand(w: Any) -> list:
    return [{"move": {"what": w, "to": "hand", "as": "$new"}}]


@tpl("clause", "put {w:ref} into your cemetery", "put {w:ref} into its owner's cemetery",
     "put {w:ref} into their owners' cemeteries", "put {w:ref} into the cemetery")
def k_to_cemetery(w: Any) -> list:
    return [{"move": {"what": w, "to": "cemetery", "as": "$new"}}]


@tpl("clause", "put {w:ref} into your ex area")
def k_to_ex(w: Any) -> list:
    return [{"put_ex": {"what": w, "as": "$new"}}]


@tpl("clause", "bury {w:ref}")
def k_bury_ref(w: Any) -> list:
    return [{"bury": {"what": w}}]  # 5.33


@tpl("clause", "bury {s:sel}")
def k_bury(s: Sel) -> list:
    return [{"bury": {"n": s.n, "filter": s.filt}}]  # 5.33.1: from your field


@tpl("clause", "{p:player} buries {s:sel}", "{p:player} bury {s:sel}")
def k_pbury(p: str, s: Sel) -> list:
    f = {k: v for k, v in s.filt.items() if k != "controller"}
    return [{"bury": {"n": s.n, "filter": f, "player": p}}]


@tpl("clause", "engage {w:ref}")
def k_engage(w: Any) -> list:
    return [{"engage": w}]  # 5.3


@tpl("clause", "refresh {w:ref}")
def k_refresh(w: Any) -> list:
    return [{"refresh": w}]


@tpl("clause", "you may engage any number of them")
def k_engage_any() -> list:
    return [{"select": {"as": "$new", "from": "$it", "n": {"len": "$it"}, "up_to": True}}, {"engage": "$it"}]


@tpl("clause", "transform {w:ref} into {x:tokname} tokens", "transform {w:ref} into a {x:tokname} token",
     "transform {w:ref} into an {x:tokname} token")
def k_transform(w: Any, x: str) -> list:
    return [{"transform": {"what": w, "into": x}}]  # 5.16


@phrase("tokname")
def p_tokname(t: str) -> str:
    low = t.strip().lower()
    if low not in _TOKEN_LOWER:
        raise NoParse(t)
    return _TOKEN_LOWER[low]


@tpl("clause", "maneuver {w:ref}")
def k_maneuver(w: Any) -> list:
    return [{"maneuver": w}]  # 5.31


@tpl("clause", "evolve {w:ref}")
def k_evolve(w: Any) -> list:
    return [{"evolve": w}]  # 5.15


@tpl("clause", "box {w:ref}")
def k_box(w: Any) -> list:
    return [{"box": w}]  # 5.30


@tpl("clause", "{w:ref} begins racing", "race {w:ref}", "{w:ref} races")
def k_race(w: Any) -> list:
    return [{"race": w}]  # 14.2.3


@tpl("clause", "serve {w:ref}")
def k_serve(w: Any) -> list:
    return [{"serve": w}]  # 14.2.1


@tpl("clause", "serve this follower {n:num} times", "serve this card {n:num} times")
def k_serve_n(n: Any) -> list:
    return [{"serve": {"what": "self", "n": n}}]


@tpl("clause", "give {w:ref} drive")
def k_give_drive(w: Any) -> list:
    return [{"give_drive": w}]  # 14.4.7.3


@tpl("clause", "perform a drive check", "perform {n:num} drive checks")
def k_drive_check(n: Any = 1) -> list:
    return [{"drive_check": n}]  # 14.4.5


@tpl("clause", "lesson {n:num}", "lesson [PP={n:num}]")
def k_lesson(n: Any) -> list:
    return [{"lesson": n}]  # 14.3.2


# tokens ------------------------------------------------------------------------------------
def _token_items(tk: dict, zone: str, player: str | None = None, then_ex: bool = False) -> list:
    names, n = tk["names"], tk["n"]
    if tk.get("choice"):
        z = zone if zone != "field" else None
        return [{"@choice": [[_ins("token", card=x, zone=z, player=player, **{"as": "$new"})] for x in names],
                 "labels": names}]
    out = []
    for x in names:
        if then_ex and zone == "field":
            out.append(_ins("token", card=x, n=n, player=player, **{"as": "$made"}))
            out.append(_ins("token", card=x, n={"sub": [n, {"len": "$made"}]}, zone="ex_area", player=player))
        else:
            out.append(_ins("token", card=x, n=n if n != 1 else None, zone=zone if zone != "field" else None,
                            player=player, **{"as": "$new"}))
    return out


@tpl("clause", "summon {t:tokens}", "put {t:tokens} onto your field", "put {t:tokens} onto the field")
def k_summon_tokens(t: dict) -> list:
    return _token_items(t, "field")  # 5.4.2.1


@tpl("clause", "put {t:tokens} into your ex area", "put {t:tokens} in your ex area")
def k_ex_tokens(t: dict) -> list:
    return _token_items(t, "ex_area")  # 5.4.2


@tpl("clause", "put {t:tokens} onto your field or into your ex area")
def k_field_or_ex(t: dict) -> list:
    # read: as many as fit onto the field (4.4.4.2), the rest into the EX area (4.8.3.2)
    return _token_items(t, "field", then_ex=True)


@tpl("clause", "{p:player} summons {t:tokens}")
def k_p_summons(p: str, t: dict) -> list:
    return _token_items(t, "field", player=p)


@tpl("clause", "summon {t:tokens} on that follower's field", "summon {t:tokens} on its controller's field")
def k_summon_their(t: dict) -> list:
    return _token_items(t, "field", player="$sel")


@tpl("clause", "if your field becomes full from this effect, put any remaining tokens into your ex area",
     "put any remaining tokens into your ex area")
def k_overflow() -> list:
    return [{"@overflow_ex": True}]


# play points and turns -------------------------------------------------------------------
@tpl("clause", "recover {n:num} play points", "recover {n:num} play point")
def k_recover(n: Any) -> list:
    return [{"recover_pp": n}]  # 5.14


@tpl("clause", "increase your maximum play points by {n:num}", "gain {n:num} maximum play points",
     "gain {n:num} maximum play point")
def k_max_pp(n: Any) -> list:
    return [{"add_player": {"key": "max_pp", "n": n}}]  # 3.2.4.1 limits apply


@tpl("clause", "gain {n:num} evolution points", "gain {n:num} evolution point", "gain an evolution point")
def k_gain_ep(n: Any = 1) -> list:
    return [{"add_player": {"key": "ep", "n": n}}]


@tpl("clause", "take another turn after this one", "take an extra turn after this one")
def k_extra_turn() -> list:
    return [{"extra_turn": "you"}]  # 5.27


@tpl("clause", "change this card's [EVOLVE] cost to {n:num}", "change this follower's [EVOLVE] cost to {n:num}")
def k_evolve_cost(n: Any) -> list:
    return [{"set_evolve_cost": {"what": "self", "n": n}}]


@tpl("clause", "recover {n:num} evolution point", "recover {n:num} evolution points")
def k_recover_ep(n: Any) -> list:
    return [{"add_player": {"key": "ep", "n": n}}]


# counters ----------------------------------------------------------------------------------
@tpl("clause", "place {c:ncounters} on {r:ref}", "put {c:ncounters} on {r:ref}")
def k_counter(c: tuple, r: Any) -> list:
    return [{"counter": {"what": r, "name": c[1], "n": c[0]}}]  # 15.1.3


@tpl("clause", "remove {c:ncounters} from {r:ref}")
def k_uncounter(c: tuple, r: Any) -> list:
    n = c[0]
    return [{"counter": {"what": r, "name": c[1], "n": {"neg": n} if not isinstance(n, int) else -n}}]


@tpl("clause", "add {n:num} to a stack on your field", "add {n:num} to a [Stack] on your field")
def k_add_stack(n: Any) -> list:
    return [{"add_stack": n}]  # 13.3.2.4


# search and look ------------------------------------------------------------------------------
def _deck_filter(s: Sel) -> dict:
    return {k: v for k, v in s.filt.items() if k not in ("zone", "player", "controller")}


@tpl("clause", "search your deck for {s:sel}, reveal it, and add it to your hand",
     "search your deck for {s:sel}, reveal it, and put it into your hand",
     "search your deck for {s:sel}, reveal them, and add them to your hand",
     "search your deck for {s:sel} and add it to your hand", "search your deck for {s:sel} and put it into your hand")
def k_search(s: Sel) -> list:
    return [{"search": {"filter": _deck_filter(s), "n": s.n, "to": "hand", "as": "$new"}}]  # 5.7


@tpl("clause", "search your deck for {s:sel} and put it onto your field",
     "search your deck for {s:sel}, reveal it, and put it onto your field")
def k_search_field(s: Sel) -> list:
    return [{"search": {"filter": _deck_filter(s), "n": s.n, "to": "field", "as": "$new"}}]


@tpl("clause", "search your deck for {s:sel} and put it into your ex area")
def k_search_ex(s: Sel) -> list:
    return [{"search": {"filter": _deck_filter(s), "n": s.n, "to": "ex_area", "as": "$new"}}]


@tpl("clause", "look at the top {n:num} cards of your deck", "look at the top card of your deck")
def k_look(n: Any = 1) -> list:
    return [{"look": {"n": n, "as": "$look"}}]  # 5.10.1


@tpl("clause", "{p:player} looks at the top card of their deck")
def k_plook(p: str) -> list:
    return [{"look": {"n": 1, "player": p, "as": "$look"}}]


def _pick(s: Sel, may: bool) -> dict:
    f = dict(s.filt)
    f.setdefault("zone", "deck")
    f.setdefault("player", "you")
    return {"select": {"as": "$new", "from": f, "n": s.n if isinstance(s.n, int) else 1, "up_to": may or s.up_to}}


@tpl("clause", "you may reveal {s:sel} and add it to your hand", "you may reveal {s:sel} and put it into your hand",
     "you may reveal {s:sel} and add them to your hand")
def k_may_reveal_add(s: Sel) -> list:
    return [_pick(s, True), {"reveal": "$it"}, {"move": {"what": "$it", "to": "hand", "as": "$new"}}]


@tpl("clause", "you may put {s:sel} onto your field", "you may reveal {s:sel} and put it onto your field")
def k_may_put_field(s: Sel) -> list:
    return [_pick(s, True), {"summon": {"what": "$it", "as": "$new"}}]


@tpl("clause", "you may put {s:sel} into your cemetery", "you may also put {s:sel} into your cemetery")
def k_may_put_cem(s: Sel) -> list:
    if "in" not in s.filt:
        s.filt["in"] = "$look"
        s.filt["zone"] = "deck"
    return [_pick(s, True), {"move": {"what": "$it", "to": "cemetery"}}]


@tpl("clause", "put the remaining cards on the bottom of your deck in any order",
     "put the rest on the bottom of your deck in any order", "put the remaining cards on the bottom of your deck",
     "put the rest on the bottom of your deck")
def k_rest_bottom() -> list:
    return [{"to_deck": {"what": {"zone": "deck", "player": "you", "in": "$look"}, "pos": "bottom"}}]


@tpl("clause", "put the remaining cards into your cemetery", "put the rest into your cemetery")
def k_rest_cem() -> list:
    return [{"move": {"what": {"zone": "deck", "player": "you", "in": "$look"}, "to": "cemetery"}}]


@tpl("clause", "you may put it into your cemetery", "you may put them into your cemetery")
def k_may_it_cem() -> list:
    return [{"may": {"do": [{"move": {"what": "$it", "to": "cemetery"}}]}}]


@tpl("clause", "you may reveal it and add it to your hand", "you may reveal it and put it into your hand")
def k_may_reveal_it() -> list:
    return [{"may": {"do": [{"reveal": "$it"}, {"move": {"what": "$it", "to": "hand", "as": "$new"}}]}}]


@tpl("clause", "reveal {w:ref}", "{p:player} reveal their hand", "{p:player} reveals their hand")
def k_reveal(w: Any = None, p: str | None = None) -> list:
    if p is not None:
        return [{"reveal": {"zone": "hand", "player": p}}]
    return [{"reveal": w}]


@tpl("clause", "select an opponent")
def k_select_opponent() -> list:
    return [{"@player": "enemy"}]


# damage prevention ----------------------------------------------------------------------------
@tpl("clause", "{w:ref} cannot deal damage this turn", "{w:ref} can't deal damage this turn",
     "{w:ref} deals no damage this turn")
def k_no_deal(w: Any) -> list:
    return [{"damage_mod": {"by": w, "prevent": True, "until": EOT}}]  # 10.10 replacement


@tpl("clause", "{w:ref} cannot take damage this turn", "{w:ref} can't take damage this turn",
     "{w:ref} doesn't take damage this turn", "{w:ref} don't take damage this turn")
def k_no_take(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True, "until": EOT}}]


@tpl("clause", "{w:ref} costs {n:num} less to play", "{w:ref} costs {n:num} less")
def k_cost_less(w: Any, n: Any) -> list:
    # read: the card's cost is reduced while it stays where it was put (4.8.3.3, 10.6.2.1.3)
    return [{"modify": {"what": w, "cost": -n if isinstance(n, int) else {"neg": n}}}]


@tpl("clause", "play {w:ref} for 0 play points", "play {w:ref} without paying its cost",
     "play {w:ref} for free")
def k_play_free(w: Any) -> list:
    return [{"play_free": w}]


@tpl("clause", "select {s:sel} and {e:effects}")
def k_select_and(s: Sel, e: list) -> list:
    return [{"@target": s}] + e


@tpl("clause", "select {s:sel}", "choose {s:sel}")
def k_select(s: Sel) -> list:
    if s.each:
        raise NoParse("select needs a number")
    return [{"@target": s}]


@tpl("clause", "select {s:sel}, if it's {d:sel}, {e:effects}", "select {s:sel}. if it's {d:sel}, {e:effects}")
def k_select_if(s: Sel, d: Sel, e: list) -> list:
    return [{"@target": s}, {"@if": {"is": ["$it", d.filt]}, "then": e}]


@phrase("statsx")
def p_statsx(t: str) -> tuple:
    """+X/+Y, or "+N defense" / "+N attack" (how {DEF}+N and {ATK}+N read)."""
    m = re.fullmatch(r"([+-]\s*(?:\d+|X)) (defense|attack)", t.strip(), re.IGNORECASE)
    if m:
        v = p_signed(m.group(1))
        return (0, v) if m.group(2).lower() == "defense" else (v, 0)
    return p_stats(t)


@tpl("clause", "select {s:sel}. give it {k:kws} and, if it's {d:sel}, {st:statsx}",
     "give it {k:kws} and, if it's {d:sel}, {st:statsx}")
def k_give_kw_if(k: list, d: Sel, st: tuple, s: Sel | None = None) -> list:
    out: list = [{"@target": s}] if s is not None else []
    return out + [{"grant": {"what": "$it", "keywords": k}},
                  {"@if": {"is": ["$it", d.filt]}, "then": [_ins("modify", what="$it", atk=st[0], **{"def": st[1]})]}]


@tpl("effects", "you may {e:effects}")
def k_may(e: list) -> list:
    return [{"@may": e}]


@tpl("effects", "if {c:cond}, {e:effects}")
def k_if(c: dict, e: list) -> list:
    return [{"@if": c, "then": e}]


# "If ..., A and B" and "You may A and B" govern the whole rest of the sentence
G.tables["effects"].sort(key=lambda tp: 0 if tp.pattern.startswith(("if ", "you may ")) else 1)


@tpl("clause", "then, {e:effects}", "then {e:effects}")
def k_then(e: list) -> list:
    return e


# partial instructions (for "... instead") ------------------------------------------------------
@tpl("partial", "deal {n:num} damage", "deal {n:num} damage to it", "deal it {n:num} damage")
def q_deal(n: Any) -> dict:
    return {"deal": {"n": n}}


@tpl("partial", "give it {s:stats}", "give this follower {s:stats}", "give them {s:stats}")
def q_give_stats(s: tuple) -> dict:
    return {"modify": {"atk": s[0], "def": s[1]}}


@tpl("partial", "put both into your ex area", "put both tokens into your ex area", "summon both")
def q_both() -> dict:
    return {"@both": True}


@tpl("partial", "give your leader {n:signed} defense")
def q_leader(n: Any) -> dict:
    return {"leader_def": n}


@tpl("partial", "draw {n:num} cards", "draw {n:num} card")
def q_draw(n: Any) -> dict:
    return {"draw": n}


@tpl("partial", "recover {n:num} play points", "recover {n:num} play point")
def q_recover(n: Any) -> dict:
    return {"recover_pp": n}


# ------------------------------------------------------------------------------------ sentences
table("sentence")


@tpl("sentence", "if {c:cond}, {p:partial} instead", "if {c:cond}, {p:partial}, instead")
def s_if_instead(c: dict, p: dict) -> list:
    return [{"@instead": p, "cond": c}]


@tpl("sentence", "{p:partial} instead")
def s_instead(p: dict) -> list:
    return [{"@instead": p, "cond": None}]


@tpl("sentence", "if {c:cond}, {e:clause} instead")
def s_if_instead_full(c: dict, e: list) -> list:
    if len(e) != 1 or not isinstance(e[0], dict) or any(k.startswith("@") for k in e[0]):
        raise NoParse("instead")
    return [{"@instead": e[0], "cond": c}]


@tpl("sentence", "{e:clause} instead")
def s_instead_full(e: list) -> list:
    if len(e) != 1 or not isinstance(e[0], dict) or any(k.startswith("@") for k in e[0]):
        raise NoParse("instead")
    return [{"@instead": e[0], "cond": None}]


@tpl("sentence", "x equals {v:value}", "x is equal to {v:value}", "x equals the {v:value}")
def s_x(v: Any) -> list:
    return [{"@x": v}]


@tpl("sentence", "this ability can be activated once per turn", "activate only once per turn",
     "you can only activate this ability once per turn", "this ability can only be activated once per turn")
def s_once() -> list:
    return [{"@once_per_turn": True}]


@tpl("sentence", "activate only if {c:cond}", "this ability can only be activated if {c:cond}")
def s_act_if(c: dict) -> list:
    return [{"@act_if": c}]


@tpl("sentence", "at the start of your next end phase, {e:effects}",
     "at the end of this turn, {e:effects}", "at the start of your next main phase, {e:effects}")
def s_delayed_end(e: list, **_: Any) -> list:
    return [{"@delayed": "start_of_end", "do": e}]


@tpl("sentence", "each player returns their hand to their deck, shuffles it, and draws x cards",
     "each player shuffles their hand into their deck and draws x cards")
def s_altered() -> list:
    # "X equals the number of cards they returned" follows (see p_value)
    return [{"each_player": {"do": [
        {"move": {"what": {"zone": "hand", "player": "player"}, "to": "deck", "as": "returned"}},
        {"shuffle": "player"},
        {"draw": {"n": "X", "player": "player"}}]}}]


@tpl("sentence", "{e:effects}")
def s_effects(e: list) -> list:
    return e


# ------------------------------------------------------------------------------------- triggers
table("trigger")


def _enters(filt: dict, whose: str = "you") -> dict:
    f = {k: v for k, v in filt.items() if k not in ("controller", "zone")}
    return {"event": "move", "to": "field", "not_from": "field", "player": whose, "subject": f}


@tpl("trigger", "whenever another follower is put onto your field", "when another follower is put onto your field",
     "whenever another follower enters your field")
def t_other_enters() -> dict:
    return {"named": "other_follower_enters"}


@tpl("trigger", "whenever {s:sel} is put onto your field", "when {s:sel} is put onto your field",
     "whenever {s:sel} are put onto your field")
def t_enters(s: Sel) -> dict:
    return _enters(s.filt)


@tpl("trigger", "whenever {s:sel} is put onto the enemy's field", "whenever {s:sel} is put onto your opponent's field")
def t_enemy_enters(s: Sel) -> dict:
    return _enters(s.filt, "enemy")


@tpl("trigger", "whenever this follower attacks", "when this follower attacks")
def t_strike() -> dict:
    return {"named": "strike"}  # 12.7


@tpl("trigger", "whenever {s:sel} attacks", "when {s:sel} attacks")
def t_attacks(s: Sel) -> dict:
    f = {k: v for k, v in s.filt.items() if k != "controller"}
    who = s.filt.get("controller", "you")
    return {"event": "attack", "player": who, "subject": f}


@tpl("trigger", "whenever {s:sel} is destroyed", "when {s:sel} is destroyed")
def t_destroyed(s: Sel) -> dict:
    return {"event": "move", "from": "field", "to": "cemetery", "cause": "destroy", "subject": s.filt}


@tpl("trigger", "when this card is destroyed", "when this follower is destroyed", "whenever this follower is destroyed")
def t_self_destroyed() -> dict:
    return {"named": "destroyed"}


@tpl("trigger", "whenever {s:sel} leaves your field", "when {s:sel} leaves your field",
     "whenever {s:sel} leaves the field")
def t_leaves(s: Sel) -> dict:
    f = dict(s.filt)
    f.setdefault("controller", "you")
    return {"event": "move", "from": "field", "subject": f}


@tpl("trigger", "when this card leaves the field", "when this card leaves your field",
     "when this follower leaves the field", "whenever this card leaves the field")
def t_self_leaves() -> dict:
    return {"named": "leaves_field"}


@tpl("trigger", "when this card is returned to hand from your field", "when this card is returned to your hand from your field",
     "when this card is returned to your hand", "when this follower is returned to your hand")
def t_self_returned() -> dict:
    return {"event": "move", "subject": "self", "from": "field", "to": "hand"}


@tpl("trigger", "when this card is banished", "when this card is banished from the field")
def t_self_banished() -> dict:
    return {"named": "banished"}


@tpl("trigger", "when this card is discarded", "whenever this card is discarded")
def t_discarded() -> dict:
    return {"event": "move", "subject": "self", "from": "hand", "to": "cemetery", "cause": "discard",
            "@zones": ["hand", "cemetery"]}


@tpl("trigger", "whenever you play a spell", "when you play a spell")
def t_spell() -> dict:
    return {"named": "spell_played"}


@tpl("trigger", "whenever you play a card", "when you play a card")
def t_card() -> dict:
    return {"named": "card_played"}


@tpl("trigger", "whenever this follower deals damage", "when this follower deals damage")
def t_deals() -> dict:
    return {"named": "deals_damage"}


@tpl("trigger", "whenever this follower takes damage", "when this follower takes damage")
def t_takes() -> dict:
    return {"named": "takes_damage"}


@tpl("trigger", "whenever your leader takes damage", "when your leader takes damage")
def t_leader_damaged() -> dict:
    return {"named": "leader_damaged"}


@tpl("trigger", "when this follower evolves", "whenever this follower evolves", "when this card evolves")
def t_evolves() -> dict:
    return {"named": "on_evolve"}  # 12.6.2


@tpl("trigger", "whenever another follower on your field evolves", "whenever a follower on your field evolves",
     "whenever you evolve a follower")
def t_ally_evolves() -> dict:
    return {"named": "ally_evolves"}


@tpl("trigger", "when this follower begins racing", "whenever this follower races", "when this follower races")
def t_races() -> dict:
    return {"named": "on_race"}  # 14.2.4


@tpl("trigger", "when this follower is given drive", "when this card is given drive")
def t_drive() -> dict:
    return {"named": "on_drive"}  # 14.4.8


@tpl("trigger", "when you drive check a trigger", "whenever you drive check a trigger")
def t_drive_trigger() -> dict:
    return {"named": "drive_check_trigger"}  # 14.4.5.1.4


@tpl("trigger", "at the start of your main phase", "at the start of your next main phase")
def t_main() -> dict:
    return {"named": "start_of_main"}  # 7.3.1


@tpl("trigger", "at the start of your end phase", "at the start of your next end phase")
def t_end() -> dict:
    return {"named": "start_of_end"}  # 7.4.1


@tpl("trigger", "at the start of each player's main phase")
def t_each_main() -> dict:
    return {"named": "start_of_each_main", "@that_player": "active"}


@tpl("trigger", "at the start of each player's end phase")
def t_each_end() -> dict:
    return {"named": "start_of_each_end", "@that_player": "active"}


@tpl("trigger", "at the start of your opponent's main phase", "at the start of each opponent's main phase")
def t_enemy_main() -> dict:
    return {"named": "start_of_enemy_main"}


@tpl("trigger", "at the start of your opponent's end phase", "at the start of each opponent's end phase")
def t_enemy_end() -> dict:
    return {"named": "start_of_enemy_end"}


@tpl("trigger", "at the start of your turn")
def t_turn() -> dict:
    return {"named": "start_of_turn"}


# -------------------------------------------------------------------------------------- costs
@phrase("costs")
def p_costs(t: str) -> list:
    """A cost: items separated by commas / "and" / icon juxtaposition, paid in order (10.4.2.1)."""
    s = t.strip()
    s = re.sub(r"\[ACT\]", "", s).strip(" ,")
    if not s:
        raise NoParse(t)
    items: list = []
    # icons first: "[ENGAGE] [PP=1]" written without commas
    rest = s
    while True:
        m = re.match(r"\s*,?\s*(\[ENGAGE\]|\[PP=(\d+|X)\])\s*", rest)
        if not m:
            break
        if m.group(1) == "[ENGAGE]":
            items.append("engage")
        else:
            items.append({"pp": p_num(m.group(2))})
        rest = rest[m.end():]
    rest = rest.strip(" ,")
    if rest:
        # "[ENGAGE] 2 followers on your field" (an engage cost naming cards, 10.4.6)
        if items and items[-1] == "engage" and not re.match(r"(?:and|,)", rest):
            for cut in [len(rest)] + [mm.start() for mm in re.finditer(r",\s*", rest)]:
                try:
                    got = _engage_cards(rest[:cut])
                except NoParse:
                    continue
                items[-1:] = got
                rest = rest[cut:]
                break
        for part in _split_list(rest):
            items.extend(_cost_item(part))
    if not items:
        raise NoParse(t)
    return items


def _split_list(t: str) -> list[str]:
    """Split "A, B, and C" / "A and B" where each part reads as a cost item."""
    t = t.strip(" ,")
    if not t:
        return []
    try:
        _cost_item(t)
        return [t]
    except NoParse:
        pass
    for m in re.finditer(r",\s*and\s+|,\s*|\s+and\s+", t):
        a, b = t[:m.start()], t[m.end():]
        try:
            _cost_item(a)
            return [a] + _split_list(b)
        except NoParse:
            continue
    raise NoParse(t)


@memo
def _cost_item(t: str) -> list:
    s = t.strip()
    low = s.lower()
    m = re.fullmatch(r"\[pp=(\d+|x)\]", low)
    if m:
        return [{"pp": p_num(m.group(1))}]
    if low in ("[engage]", "engage this card", "engage this follower", "engage this amulet"):
        return ["engage"]
    if low in ("put this card into your cemetery", "put this card into its owner's cemetery", "bury this card",
               "put this follower into your cemetery", "put this amulet into your cemetery"):
        return [{"bury": "self"}]  # 5.33
    m = re.fullmatch(r"put this card and (.+?) from your field into your cemetery", s, re.IGNORECASE)
    if m:
        sel = p_sel(m.group(1))
        return [{"bury": "self"}, {"bury": {"n": sel.n, "filter": sel.filt}}]
    m = re.fullmatch(r"(?:put|bury) (.+?) (?:from your field )?into your cemetery", s, re.IGNORECASE)
    if m:
        sel = p_sel(m.group(1))
        return [{"bury": {"n": sel.n, "filter": sel.filt}}]
    m = re.fullmatch(r"bury (.+)", s, re.IGNORECASE)
    if m:
        sel = p_sel(m.group(1))
        return [{"bury": {"n": sel.n, "filter": sel.filt}}]
    m = re.fullmatch(r"discard (a|an|one|two|three|\d+) cards?", low)
    if m:
        return [{"discard": p_num(m.group(1))}]
    m = re.fullmatch(r"discard (.+)", s, re.IGNORECASE)
    if m:
        sel = p_sel(m.group(1))
        f = {k: v for k, v in sel.filt.items() if k not in ("zone", "player")}
        return [{"discard": {"n": sel.n, "filter": f}}]
    m = re.fullmatch(r"banish (.+)", s, re.IGNORECASE)
    if m:
        sel = p_sel(m.group(1))
        if sel.each:
            raise NoParse(t)
        return [{"banish": {"n": sel.n, "filter": sel.filt}}]
    m = re.fullmatch(r"give your leader -(\d+) defense", low)
    if m:
        return [{"do": [{"leader_def": -int(m.group(1))}]}]  # 10.4.5
    m = re.fullmatch(r"deal (\d+) damage to your leader", low)
    if m:
        return [{"do": [{"deal": {"what": {"zone": "leader", "controller": "you"}, "n": int(m.group(1))}}]}]
    m = re.fullmatch(r"remove (\d+|a|an|one|two|three) (\w+) counters? from this card", low)
    if m:
        return [{"remove_counters": {"name": m.group(2), "n": p_num(m.group(1))}}]
    m = re.fullmatch(r"earth rite(?: \[pp=(\d+)\]| \((\d+)\))?", low)
    if m:
        return [{"earth_rite": int(m.group(1) or m.group(2) or 1)}]  # 13.3.3.2
    m = re.fullmatch(r"lesson (?:\[pp=(\d+|x)\]|\((\d+|x)\))", low)
    if m:
        return [{"lesson": p_num(m.group(1) or m.group(2))}]  # 14.3.2
    m = re.fullmatch(r"serve this follower(?: (\w+) times| once)?", low)
    if m:
        return [{"serve": p_num(m.group(1)) if m.group(1) else 1}]  # 14.2.2.3
    m = re.fullmatch(r"return (.+?) to its owner's hand", s, re.IGNORECASE)
    if m:
        sel = p_sel(m.group(1))
        return [{"return": {"n": sel.n, "filter": sel.filt}}]
    m = re.fullmatch(r"engage (.+)", s, re.IGNORECASE)
    if m:
        return _engage_cards(m.group(1))
    raise NoParse(t)


def _engage_cards(t: str) -> list:
    """"[engage] 2 followers on your field", "engage a A and a B" (10.4.6)."""
    parts = re.split(r"\s+and\s+(?=an?\s)", t.strip())
    out = []
    for part in parts:
        sel = p_sel(part)
        if sel.each:
            raise NoParse(t)
        out.append({"engage": {"n": sel.n, "filter": sel.filt}})
    return out


# ------------------------------------------------------------------------------------ statics
table("static")


@tpl("static", "while this card is on your field, {x:static}", "while this follower is on your field, {x:static}",
     "while this amulet is on your field, {x:static}")
def st_while_self(x: list) -> list:
    return x  # 10.3.5: a field card's passive abilities are valid on the field


@tpl("static", "while {c:cond}, {x:static}")
def st_while(c: dict, x: list) -> list:
    return [dict(p, **{"if": and_cond(p.get("if"), c)}) for p in x]


@tpl("static", "during your turn, {x:static}")
def st_your_turn(x: list) -> list:
    return [dict(p, **{"if": and_cond(p.get("if"), {"turn": "yours"})}) for p in x]


@tpl("static", "during each opponent's turn, {x:static}", "during your opponent's turn, {x:static}")
def st_their_turn(x: list) -> list:
    return [dict(p, **{"if": and_cond(p.get("if"), {"turn": "theirs"})}) for p in x]


@tpl("static", "{s:sel} have {k:kws}", "{s:sel} has {k:kws}")
def st_have(s: Sel, k: list) -> list:
    return [{"grant": {"keywords": k}, "affects": s.filt}]


@tpl("static", "{w:ref} has {k:kws}", "{w:ref} have {k:kws}")
def st_ref_have(w: Any, k: list) -> list:
    if w != "self":
        raise NoParse("has")
    return [{"grant": {"keywords": k}}]


@tpl("static", "{s:sel} get {st:stats}", "{s:sel} have {st:stats}")
def st_stats(s: Sel, st: tuple) -> list:
    return [{"modify": {"atk": st[0], "def": st[1]}, "affects": s.filt}]


@tpl("static", "{s:sel} cost {n:num} less to play", "{s:sel} costs {n:num} less to play")
def st_cost_less(s: Sel, n: Any) -> list:
    f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone")}
    return [{"cost_mod": {"n": -n if isinstance(n, int) else {"neg": n}, "affects": f}}]  # 10.2.1.3.3


@tpl("static", "{s:sel} cost {n:num} more to play", "{s:sel} costs {n:num} more to play")
def st_cost_more(s: Sel, n: Any) -> list:
    f = {k: v for k, v in s.filt.items() if k not in ("controller", "zone")}
    return [{"cost_mod": {"n": n, "affects": f}, "who": "each"}]


@tpl("static", "this card costs {n:num} less to play", "this follower costs {n:num} less to play",
     "it costs {n:num} less to play", "it costs {n:num} less", "you may play this card for {n:num} less",
     "this card costs {n:num} less")
def st_self_less(n: Any) -> list:
    return [{"cost_mod": {"n": -n if isinstance(n, int) else {"neg": n}, "affects": {"self": True}},
             "@zones": ["hand", "ex_area", "resolution"]}]


@tpl("static", "{w:ref} doesn't take ability damage", "{w:ref} does not take ability damage",
     "{w:ref} don't take ability damage")
def st_no_ability_damage(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True, "kind": "ability"}}]  # 5.13.3.3


@tpl("static", "{w:ref} doesn't take damage", "{w:ref} don't take damage", "{w:ref} does not take damage")
def st_no_damage(w: Any) -> list:
    return [{"damage_mod": {"to": w, "prevent": True}}]


@tpl("static", "{s:sel} don't take damage")
def st_sel_no_damage(s: Sel) -> list:
    return [{"damage_mod": {"to": s.filt, "prevent": True}}]


@tpl("static", "reduce damage dealt to this follower by {n:num}", "reduce damage dealt to this card by {n:num}",
     "this follower takes {n:num} less damage")
def st_reduce(n: Any) -> list:
    return [{"damage_mod": {"to": "self", "n": -n}}]  # 5.13.2


@tpl("static", "this follower deals {n:num} more damage", "this card deals {n:num} more damage")
def st_more(n: Any) -> list:
    return [{"damage_mod": {"by": "self", "n": n}}]  # 5.13.2


@tpl("static", "this follower ignores ward")
def st_ignore_ward() -> list:
    return [{"grant": {"flags": ["ignore_ward"]}}]


@tpl("static", "this follower can't attack enemies", "this follower cannot attack enemies",
     "this follower can't attack")
def st_no_attack() -> list:
    return [{"grant": {"flags": ["cannot_attack"]}}]  # 8.4.3.2.1


@tpl("static", "this card is put onto the field engaged", "this follower is put onto the field engaged",
     "this amulet is put onto the field engaged")
def st_enters_engaged() -> list:
    return [{"@keyword": "enters_engaged"}]  # 4.2.2.3 "unless indicated otherwise"


@tpl("static", "this follower's name is also {x:name}", "this card's name is also {x:name}")
def st_alt_name(x: str) -> list:
    return [{"@alt_name": x}]  # 2.13


@tpl("static", "your deck may contain any number of copies of this card",
     "your deck can contain any number of copies of this card",
     "you may include any number of copies of this card in your deck",
     "you can include any number of copies of this card in your deck")
def st_copies_any() -> list:
    return [{"@copies": "any"}]  # 6.1.2: a deck-building ability (the `copies` field)


@tpl("static", "your deck may contain up to {n:num} copies of this card",
     "your deck can contain up to {n:num} copies of this card",
     "you may include up to {n:num} copies of this card in your deck",
     "you can include up to {n:num} copies of this card in your deck")
def st_copies_n(n: Any) -> list:
    if not isinstance(n, int) or n < 1:
        raise NoParse(str(n))
    return [{"@copies": n}]  # 6.1.2


@phrase("name")
def p_name(t: str) -> str:
    s = t.strip()
    if not re.match(r"[A-Z]", s):
        raise NoParse(t)
    return s


# ------------------------------------------------------------------------------------- assembly
class _Asm:
    """Turns the items of an ability's sentences into targets and instructions."""

    def __init__(self, subject: str | None = None, names: Counter | None = None) -> None:
        self.targets: list[dict] = []
        self.names = names if names is not None else Counter()
        self.it: Any = subject
        self.sel: Any = subject
        self.look: Any = None
        self.cost: list = []
        self.flags: dict[str, Any] = {}
        self.choice: list | None = None
        self.instead_made: set[int] = set()
        self.last_token: tuple | None = None
        self.player: str | None = None
        self.made: str | None = None
        self.allocated: set[str] = set()

    def alloc(self, v: Any) -> Any:
        """Give fresh names to the bindings an instruction makes ("as": "$new" ...)."""
        if isinstance(v, list):
            return [self.alloc(x) for x in v]
        if not isinstance(v, dict):
            return v
        out = {}
        for k, x in v.items():
            if k == "as" and x in ("$new", "$look", "$made"):
                name = self.fresh({"$look": "looked", "$made": "made"}.get(x, "c"))
                self.allocated.add(name)
                if x == "$look":
                    self.look = name
                elif x == "$made":
                    self.made = name
                out[k] = name
            else:
                out[k] = self.alloc(x)
        return out

    def fresh(self, base: str) -> str:
        return fresh_name(self.names, base)

    # -- placeholders
    def sub(self, v: Any) -> Any:
        if isinstance(v, str):
            if v == "$it":
                if self.it is None:
                    raise NoParse("'it' names nothing")
                return self.it
            if v == "$sel":
                if self.sel is None:
                    if self.it is None:
                        raise NoParse("'that follower' names nothing")
                    return self.it
                return self.sel
            if v == "$look":
                if self.look is None:
                    raise NoParse("'from among them' without looking at cards")
                return self.look
            if v == "$made":
                if self.made is None:
                    raise NoParse("'remaining tokens' without made tokens")
                return self.made
            if v == "$player":
                if self.player is None:
                    raise NoParse("'they' names no player")
                return self.player
            if v == "$their":
                if self.sel is None:
                    raise NoParse("'their' names nothing")
                return self.sel
            return v
        if isinstance(v, list):
            return [self.sub(x) for x in v]
        if isinstance(v, dict):
            return {k: (v2 if k == "as" else self.sub(v2)) for k, v2 in v.items()}
        return v

    def run(self, items: list, out: list, cond: Any = None) -> None:
        for it in items:
            self.item(it, out, cond)

    def item(self, it: dict, out: list, cond: Any) -> None:
        if "@target" in it:
            self.target(it["@target"], out)
        elif "@if" in it:
            sub: list = []
            c = self.sub(it["@if"])
            self.run(it["then"], sub)
            if sub:
                out.append({"if": {"cond": c, "then": sub}})
        elif "@instead" in it:
            c = and_cond(cond, self.sub(it["cond"]) if it["cond"] is not None else None)
            if c is None:
                raise NoParse("'instead' without a condition")
            self.instead(it["@instead"], c, out)
        elif "@x" in it:
            v = self.sub(it["@x"])
            for i, ins in enumerate(out):
                out[i] = _replace_x(ins, v)
            for i, t in enumerate(self.targets):
                self.targets[i] = _replace_x(t, v)
        elif "@may" in it:
            items = it["@may"]
            if items and "@target" in items[0]:
                # "You may select ...": selecting none is allowed (10.6.2.3.2)
                first = dict(items[0])
                first["@target"] = copy.deepcopy(first["@target"])
                first["@target"].up_to = True
                self.run([first] + list(items[1:]), out)
                return
            sub = []
            self.run(items, sub)
            out.append({"may": {"do": sub}})
        elif "@once_per_turn" in it:
            self.flags["once_per_turn"] = True
        elif "@act_if" in it:
            self.flags["if"] = self.sub(it["@act_if"])
        elif "@choice" in it:
            if self.choice is not None:
                raise NoParse("two choices in one ability")
            self.choice = list(it["labels"])
            branches = []
            for opt in it["@choice"]:
                sub = []
                self.run(opt, sub)
                branches.append(sub)
            node: list = branches[-1]
            for i in range(len(branches) - 2, -1, -1):
                node = [{"if": {"cond": {"chose": i}, "then": branches[i], "else": node}}]
            out.extend(node)
            self.last_token = ("choice", len(out) - len(node), it)
        elif "@overflow_ex" in it:
            self.overflow(out)
        elif "@delayed" in it:
            sub = []
            saved = (self.it, self.sel)
            self.run(it["do"], sub)
            self.it, self.sel = saved
            out.append({"delayed": {"on": it["@delayed"], "do": sub}})
        elif "@divide" in it:
            if not self.targets:
                raise NoParse("divided damage without selected targets")
            self.targets[-1]["divide"] = it["@divide"]
        elif "@player" in it:
            self.player = it["@player"]
            self.it = self.sel = it["@player"]
        elif "@both" in it:
            raise NoParse("'both' outside 'instead'")
        else:
            ins = self.sub(it)
            op = next(iter(ins))
            arg = ins[op]
            new_name = None
            ins = self.alloc(ins)
            arg = ins[op]
            if isinstance(arg, dict) and isinstance(arg.get("as"), str) and arg["as"] in self.allocated:
                new_name = arg["as"]
            out.append(ins)
            if op in ("modify", "grant") and isinstance(arg, dict) and isinstance(arg.get("what"), dict):
                self.it = arg["what"]  # "Give each X ... give them ..." (the same cards)
            if op == "token":
                self.last_token = ("token", len(out) - 1, ins)
            if new_name is not None:
                self.it = new_name

    def target(self, s: Sel, out: list) -> None:
        filt = self.sub(s.filt)
        zone = filt.get("zone")
        hidden = zone in ("hand", "deck", "evolve_deck")
        if hidden:
            # 10.6.2.3: a card in a non-public zone is not a target; it is chosen on resolution
            name = self.fresh("c")
            sel = {"as": name, "from": filt, "n": s.n}
            if s.up_to:
                sel["up_to"] = True
            out.append({"select": sel})
        else:
            name = self.fresh("t")
            t: dict[str, Any] = {"as": name}
            t.update(filt)
            if s.n != 1:
                t["n"] = s.n
            if s.up_to:
                t["up_to"] = True
            self.targets.append(t)
        self.it = self.sel = name

    def instead(self, partial: dict, c: Any, out: list) -> None:
        if "@both" in partial:
            if self.last_token is None or self.last_token[0] != "choice":
                raise NoParse("'both' without a choice of tokens")
            _, idx, it = self.last_token
            both: list = []
            for opt in it["@choice"]:
                for ins in opt:
                    x = copy.deepcopy(ins)
                    x["token"]["as"] = self.fresh("c")
                    both.append(x)
            old = out[idx:]
            del out[idx:]
            out.append({"if": {"cond": c, "then": both, "else": old}})
            self.instead_made.add(id(out[-1]))
            return
        partial = self.sub(partial)
        op = next(iter(partial))
        for i in range(len(out) - 1, -1, -1):
            cur = out[i]
            latest = cur
            if id(cur) in self.instead_made:
                latest = cur["if"]["then"][0]
            if next(iter(latest)) != op:
                continue
            old_args = latest[op]
            new_args = partial[op]
            if isinstance(old_args, dict) and isinstance(new_args, dict):
                merged = {op: {**old_args, **new_args}}
            else:
                merged = {op: new_args}
            node = {"if": {"cond": c, "then": [merged], "else": [cur]}}
            out[i] = node
            self.instead_made.add(id(node))
            return
        raise NoParse(f"'instead' has no earlier {op!r} to replace")

    def overflow(self, out: list) -> None:
        """"If your field becomes full from this effect, put any remaining tokens into your EX
        area": the tokens that could not be summoned (4.4.4.2) go to the EX area."""
        if self.last_token is None or self.last_token[0] != "token":
            raise NoParse("'remaining tokens' without summoned tokens")
        _, idx, ins = self.last_token
        a = dict(ins["token"])
        if a.get("zone", "field") != "field":
            raise NoParse("'remaining tokens' after tokens put elsewhere")
        n = a.get("n", 1)
        made = self.fresh("made")
        a["as"] = made
        out[idx] = {"token": a}
        extra = {k: v for k, v in a.items() if k not in ("as", "zone", "n")}
        out.insert(idx + 1, {"token": {**extra, "n": {"sub": [n, {"len": made}]}, "zone": "ex_area"}})
        self.it = made


#: instructions whose "as" binding may be left out
_OPTIONAL_AS = ("token", "summon", "move", "put_ex", "search", "look", "discard", "bury", "reveal")


def prune(spec: Any) -> Any:
    """Drop "as" bindings nothing refers to (they only make the data harder to read)."""
    used: Counter = Counter()

    def scan(v: Any, key: str | None = None) -> None:
        if isinstance(v, str):
            if key != "as":
                used[v] += 1
        elif isinstance(v, list):
            for x in v:
                scan(x)
        elif isinstance(v, dict):
            for k, x in v.items():
                scan(x, k)

    scan(spec)

    def strip(v: Any) -> Any:
        if isinstance(v, list):
            return [strip(x) for x in v]
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                if k in _OPTIONAL_AS and isinstance(x, dict) and isinstance(x.get("as"), str) and \
                        not used[x["as"]]:
                    x = {kk: vv for kk, vv in x.items() if kk != "as"}
                    if set(x) == {"what"} and k in ("summon", "put_ex", "reveal"):
                        x = x["what"]
                out[k] = strip(x)
            return out
        return v

    return _canon_blocks(strip(spec))


_VOCAB: Any = None


def _ops() -> dict:
    global _VOCAB
    if _VOCAB is None:
        from .vocabulary import vocabulary

        _VOCAB = vocabulary()
    return _VOCAB.ops


def _canon_blocks(spec: Any, in_block: bool = False) -> Any:
    """Write a one-value instruction whose value is a mapping (a selector, a value expression)
    under its key: ``destroy: {what: {type: follower}}``, ``recover_pp: {n: {count: ...}}``."""
    if isinstance(spec, list):
        return [_canon_blocks(x, in_block) for x in spec]
    if not isinstance(spec, dict):
        return spec
    out = {}
    for k, v in spec.items():
        if in_block and len(spec) == 1 and k in _ops():
            op = _ops()[k]
            if isinstance(v, dict) and op.short and not set(v) <= set(op.args):
                v = {op.short: v}
            out[k] = _canon_blocks(v, False)
        elif k in ("do", "then", "else", "instead"):
            out[k] = _canon_blocks(v, True)
        else:
            out[k] = _canon_blocks(v, False)
    return out


def _replace_x(v: Any, x: Any) -> Any:
    if v == "X":
        return copy.deepcopy(x)
    if isinstance(v, list):
        return [_replace_x(i, x) for i in v]
    if isinstance(v, dict):
        return {k: _replace_x(i, x) for k, i in v.items()}
    return v


# ------------------------------------------------------------------------------- the body
_REGION = re.compile(
    r"^(combo|spellchain|sc|necrocharge|nc)\s*(?:\[pp=(\d+)\]|\((\d+)\))\s*:\s*|^(earth rite)(?:\s*(?:\[pp=(\d+)\]|\((\d+)\)))?\s*:\s*",
    re.IGNORECASE)
_REGION_COND = {"combo": "combo", "spellchain": "spellchain", "sc": "spellchain", "necrocharge": "necrocharge",
                "nc": "necrocharge"}
_CHOOSE = re.compile(r"choose (one|1|two|2|three|3|up to (?:one|two|three|\d))(?: of the following(?: effects)?)?\s*[.:]?\s*"
                     r"(?=\(1\)|\[PP=1\])", re.IGNORECASE)


def compile_body(text: str, asm: _Asm) -> tuple[list, dict | None]:
    """An effect text (the part of an ability after its trigger and cost): instructions, and a
    "choose" (5.17) when it lists options."""
    m = _CHOOSE.search(text)
    choose = None
    if m:
        head = text[:m.start()].strip()
        nword = m.group(1).lower()
        up_to = nword.startswith("up to")
        n = p_num(nword.replace("up to ", ""))
        opts = re.split(r"\s*(?:\(|\[PP=)(\d)(?:\)|\])\s*", text[m.end():])
        modes = []
        expect = 1
        for i in range(1, len(opts), 2):
            if int(opts[i]) != expect:
                raise NoParse(text)
            expect += 1
            mtext = opts[i + 1].strip()
            sub = _Asm(asm.it, asm.names)
            sub.look = asm.look
            do = compile_sentences(mtext, sub)
            if sub.choice is not None:
                raise NoParse(mtext)
            mode: dict[str, Any] = {"text": render(mtext).rstrip("."), "do": do}
            if sub.targets:
                mode["targets"] = sub.targets
            if sub.cost:
                # 10.4.7.2: an option's cost (Earth Rite) applies to that option; paid on play
                asm.cost.extend(sub.cost)
            modes.append(mode)
        if len(modes) < 2:
            raise NoParse(text)
        choose = {"n": n, "modes": modes}
        if up_to:
            choose["up_to"] = True
        do = compile_sentences(head, asm) if head else []
        return do, choose
    return compile_sentences(text, asm), None


def compile_sentences(text: str, asm: _Asm) -> list:
    out: list = []
    region_cond: Any = None
    region_out: list | None = None
    target = out
    last_if: dict | None = None
    for sent in split_sentences(text):
        s = sent.strip()
        while True:
            m = _REGION.match(s)
            if not m:
                break
            if region_out is not None and region_out:
                out.append({"if": {"cond": region_cond, "then": region_out}})
            if m.group(1):
                word = _REGION_COND[m.group(1).lower()]
                region_cond = {word: int(m.group(2) or m.group(3))}
            else:
                n = int(m.group(5) or m.group(6) or 1)
                asm.cost.append({"earth_rite": n})  # 13.3.3.2
                region_cond = {"paid": "earth_rite"}
            region_out = []
            target = region_out
            s = s[m.end():].strip()
        if not s:
            continue
        try:
            items = G.parse("sentence", s)
        except NoParse:
            raise NoParse(s) from None
        # "If A, B. Then, C.": C continues B, so it happens only when B did (the condition held)
        continues = re.match(r"then\b", s, re.IGNORECASE) is not None
        if continues and last_if is not None:
            for it in items:
                asm.item(it, last_if["if"]["then"], None)
            continue
        before = len(target)
        # an "instead" sentence in a region replaces an instruction before the region
        for it in items:
            if "@instead" in it and region_out is not None and target is region_out:
                asm.item(it, out, region_cond)
            else:
                asm.item(it, target, None)
        conditional = len(items) == 1 and "@if" in items[0] and len(target) == before + 1
        if conditional:
            last_if = target[-1]
        elif not continues:
            last_if = None
    if region_out:
        out.append({"if": {"cond": region_cond, "then": region_out}})
    return out


# --------------------------------------------------------------------------------- abilities
class Compiled(CompiledCard):
    def add_kw(self, k: Any) -> None:
        if k not in self.keywords:
            self.keywords.append(k)


def _ability_body(text: str, subject: str | None = None, player: str | None = None) -> tuple[dict, _Asm]:
    """The body of an ability: optional cost ("[process]: [effect]"), then the effect."""
    asm = _Asm(subject)
    asm.player = player
    body = text.strip()
    cost: list = []
    m = re.match(r"^(.+?):\s+(.+)$", body)
    if m and not _REGION.match(body) and not _CHOOSE.match(body):
        try:
            cost = p_costs(m.group(1))
            body = m.group(2)
        except NoParse:
            cost = []
    do, choose = compile_body(body, asm)
    spec: dict[str, Any] = {}
    if asm.targets:
        spec["targets"] = asm.targets
    if choose is not None:
        spec["choose"] = choose
    elif asm.choice is not None:
        spec["choose"] = {"n": 1, "modes": [{"text": lab, "do": []} for lab in asm.choice]}
    all_cost = cost + asm.cost
    if all_cost:
        spec["cost"] = all_cost
    if any(isinstance(c, dict) and "earth_rite" in c for c in cost):
        do = [{"if": {"cond": {"paid": "earth_rite"}, "then": do}}]  # 13.3.3.2
    spec["do"] = do
    for k, v in asm.flags.items():
        spec[k] = v
    return spec, asm


_SELF_TRIGGERS = ("fanfare", "last_words", "on_evolve", "strike", "follower_strike", "leader_strike", "on_race",
                  "on_drive", "leaves_field", "destroyed", "banished", "deals_damage", "takes_damage")


def _auto(on: Any, text: str, display: str, subject: str | None = None) -> dict:
    on = dict(on) if isinstance(on, dict) else on
    zones = None
    that_player = None
    if isinstance(on, dict):
        zones = on.pop("@zones", None)
        that_player = on.pop("@that_player", None)
    # "[trigger], if [condition], [effect]": checked when the trigger condition is met
    # (only when the "if" sentence is the whole text: "If ..., ..." governs its own sentence)
    m = re.match(r"^if (.+?), (.+)$", text, re.IGNORECASE)
    cond = None
    if m and len(split_sentences(text)) == 1:
        for k in [mm.start() for mm in re.finditer(", ", text)]:
            head = text[3:k]
            try:
                cond = G.phrases["cond"](head)
                text = text[k + 2:]
                break
            except NoParse:
                continue
    if subject is None and (on in _SELF_TRIGGERS or (isinstance(on, dict) and on.get("subject") == "self")):
        subject = "self"  # "When this follower races, give it +1/+1"
    spec, asm = _ability_body(text, subject, that_player)
    if cond is not None:
        if "$" in str(_fill(cond, CARD_NAME, "")):
            cond = _sub_subject(cond, subject)
        if isinstance(on, str):
            on = {"named": on}
        on["cond"] = cond
    out = {"auto": {"on": on, **prune(spec)}, "text": display}
    if zones:
        out["zones"] = zones
    return out


def _sub_subject(v: Any, subject: str | None) -> Any:
    if subject is None:
        raise NoParse("'it' in a trigger condition names nothing")
    if v == "$it" or v == "$sel":
        return subject
    if isinstance(v, list):
        return [_sub_subject(x, subject) for x in v]
    if isinstance(v, dict):
        return {k: _sub_subject(x, subject) for k, x in v.items()}
    return v


def _split_markers(line: str) -> list[str]:
    """A line holds one ability, or several when ability markers follow each other."""
    rx = re.compile(r"\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE|FSTRIKE|LSTRIKE|ONRACE|ONDRIVE|ACT|EVOLVE|SERVE|RIDE)\]")
    cuts = [0]
    for m in rx.finditer(line):
        before = line[:m.start()].rstrip()
        # a marker starts an ability at the start of a sentence or after another icon
        if m.start() > 0 and (before.endswith(".") or before.endswith("]") or before.endswith('"')):
            cuts.append(m.start())
    cuts.append(len(line))
    bits = [line[a:b].strip() for a, b in zip(cuts, cuts[1:]) if line[a:b].strip()]
    out: list[str] = []
    for b in bits:
        # "(F) (L) text" (12.1.2) and "[ACT] [QUICK]" stay together
        if out and re.fullmatch(r"\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE|FSTRIKE|LSTRIKE|ONRACE|ONDRIVE)\]", out[-1]):
            out[-1] = out[-1] + " " + b
        elif out and out[-1].endswith("[ENGAGE]") and b.startswith("[ACT]"):
            out[-1] = out[-1] + " " + b
        elif out and re.fullmatch(r"(?:\[ENGAGE\]|\[PP=\w+\]|[\s,])+", out[-1]):
            out[-1] = out[-1] + " " + b
        elif out and out[-1].endswith("[QUICK]") and b.startswith("[ACT]"):  # 12.3.3: a Quick activated ability
            out[-1] = out[-1] + " " + b
        else:
            out.append(b)
    return out


def _keyword_sentence(s: str) -> list | None:
    """"Ward." / "Rush. Assail." / "Storm" -> keyword names, or None."""
    low = s.strip().strip(".").strip().lower().strip("[]")
    if low in KEYWORDS:
        return [KEYWORDS[low]]
    if low == "[quick]":
        return ["quick"]
    return None


def _peel_keywords(chunk: str, out: Compiled) -> str:
    """Leading keyword sentences of a chunk ("Ward. At the start of ...")."""
    rest = chunk.strip()
    while True:
        m = re.match(r"^(\[QUICK\])\.?\s*|^([A-Za-z ]+?)\s*(?:\.|$)\s*", rest)
        if not m:
            return rest
        if m.group(1) and re.match(r"\[(?:ACT|ENGAGE|PP=\w+)\]", rest[m.end():]):
            return rest  # 12.3.3: Quick in front of an activated ability belongs to that ability
        kws = _keyword_sentence(m.group(1) or m.group(2))
        if kws is None:
            return rest
        for k in kws:
            out.add_kw(k)
        rest = rest[m.end():]
        if not rest:
            return ""


#: a sentence that starts an ability of its own (a paragraph written on one line with the one before)
_ABILITY_START = re.compile(
    r"(?:at the start of|whenever|when |while |once (?:on each|per turn)|this (?:follower|card|amulet)(?:'s)? "
    r"(?:name|is put|ignores|can't|cannot|costs)|(?:ward|storm|rush|assail|intimidate|drain|bane|aura|stack)\.)",
    re.IGNORECASE)


def compile_paragraph(line: str, out: Compiled, card_type: str, effect_lines: list[str]) -> None:
    for chunk in _split_markers(line):
        chunk = _peel_keywords(chunk, out)
        if not chunk:
            continue
        try:
            _compile_chunk(chunk, out, card_type, effect_lines)
        except NoParse:
            if card_type == "spell" or not _compile_run_on(chunk, out, card_type, effect_lines):
                raise


def _compile_run_on(chunk: str, out: Compiled, card_type: str, effect_lines: list[str]) -> bool:
    """Text that does not compile as one ability may be two paragraphs printed on one line (as in
    the rules' token table): split it before a sentence that starts an ability, when every part
    compiles."""
    sents = split_sentences(chunk)
    cuts = [i for i in range(1, len(sents)) if _ABILITY_START.match(sents[i])]
    if not cuts:
        return False
    trial = copy.deepcopy(out)
    bounds = [0] + cuts + [len(sents)]
    try:
        for a, b in zip(bounds, bounds[1:]):
            part = _peel_keywords(" ".join(sents[a:b]), trial)
            if part:
                _compile_chunk(part, trial, card_type, effect_lines)
    except NoParse:
        return False
    out.keywords, out.abilities, out.extra = trial.keywords, trial.abilities, trial.extra
    return True


_TRIGGER_LEAD = re.compile(r"^((?:\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE|FSTRIKE|LSTRIKE|ONRACE|ONDRIVE)\]\s*)+)(.*)$")


#: the abilities Stack stands for (13.3.2.2), as some cards print them after the keyword
_STACK_RESTATED = {
    "amulets with stack are put onto the field with 1 stack counter and have the following abilities",
    "when this card would leave the field, remove 1 stack counter from it instead",
    "when this card's stack count reaches 0, destroy it",
    "when this card's stack count reaches 0, put it into its owner's cemetery",
    "[act] [engage]: select another amulet with stack on your field and transfer all this card's stack counters "
    "to that card",
    "[engage]: select another amulet with stack on your field and transfer all this card's stack counters "
    "to that card",
}


def _compile_chunk(chunk: str, out: Compiled, card_type: str, effect_lines: list[str]) -> None:
    display = render(chunk)
    if "stack" in out.keywords and all(normalize(x).lower() in _STACK_RESTATED for x in split_sentences(chunk)):
        return  # the text restates the Stack keyword's abilities (13.3.2.2); the keyword has them
    # [EVOLVE] cost: Evolve this follower. (12.2)
    m = re.match(r"^\[EVOLVE\]\s*(.*?)\s*:\s*Evolve this (?:follower|card)\.?$", chunk, re.IGNORECASE)
    if m:
        cost = m.group(1).strip()
        mm = re.fullmatch(r"(?:\[PP=(\d+)\]|(\d+))", cost)
        if mm:
            out.add_kw({"evolve": int(mm.group(1) or mm.group(2))})
            return
        if not cost:
            out.add_kw({"evolve": 0})
            return
        items = p_costs(cost)
        pp = [c for c in items if isinstance(c, dict) and "pp" in c]
        rest = [c for c in items if not (isinstance(c, dict) and "pp" in c)]
        param: list = [{"evolve_pp": c["pp"]} for c in pp] + rest
        out.add_kw({"evolve": param})
        return
    # Serve / Feed (14.2.2): "Feed (1): This follower begins Racing."
    m = re.match(r"^\[SERVE\]\s*((?:\[SERVE\]\s*)*)(.*?):\s*(.+)$", chunk)
    if m:
        times = 1 + m.group(1).count("[SERVE]")
        cost = p_costs(m.group(2)) if m.group(2).strip() else []
        cost = [{"evolve_pp": c["pp"]} if isinstance(c, dict) and "pp" in c else c for c in cost]
        spec, _ = _ability_body(m.group(3))
        spec["cost"] = [{"serve": times}] + cost + spec.get("cost", [])
        spec["equivalent"] = "evolve"  # 14.2.2.5
        out.abilities.append({"activated": prune(spec), "text": display})
        return
    # Ride (14.4.9)
    m = re.match(r"^\[RIDE\]\s*(?:\[PP=(\d+)\]|(\d+))?\s*:?\s*(.*)$", chunk)
    if m:
        if m.group(3).strip():
            raise NoParse(chunk)
        out.add_kw({"ride": int(m.group(1) or m.group(2) or 0)})
        return
    # activated abilities (10.1.1.1.1): icons in any order before the colon
    m = re.match(r"^((?:\[ACT\]|\[ENGAGE\]|\[PP=\w+\]|\[QUICK\])(?:.*?)):\s+(.+)$", chunk)
    if m and ("[ACT]" in m.group(1) or m.group(1).startswith("[ENGAGE]")):
        head = m.group(1)
        quick = "[QUICK]" in head
        head = head.replace("[QUICK]", "").replace("[ACT]", "").strip(" ,")
        asm_text = m.group(2)
        cost = p_costs(head) if head else []
        spec, _ = _ability_body(asm_text)
        spec["cost"] = cost + spec.get("cost", [])
        if any(isinstance(c, dict) and "earth_rite" in c for c in cost):
            spec["do"] = [{"if": {"cond": {"paid": "earth_rite"}, "then": spec["do"]}}]  # 13.3.3.2
        if quick:
            spec["quick"] = True  # 12.3.3
        out.abilities.append({"activated": prune(spec), "text": display})
        return
    # trigger markers (12.4-12.7, 14.2.4, 14.4.8); several markers are several abilities (12.1.2)
    m = _TRIGGER_LEAD.match(chunk)
    if m:
        marks = re.findall(r"\[\w+\]", m.group(1))
        body = m.group(2).strip().lstrip(",").strip()
        for mk in marks:
            name = TRIGGER_MARKERS[mk]
            out.add_kw(name)
            out.abilities.append(_auto(name, body, render(mk + " " + body)))
        return
    # "Once on each of your turns, when X, Y" (10.7.2.2)
    m = re.match(r"^once (on each of your turns|per turn|each turn), (when(?:ever)? .+)$", chunk, re.IGNORECASE)
    if m:
        ab = _compile_trigger_sentence(m.group(2), display)
        ab["auto"]["per_turn"] = 1
        if m.group(1).lower().startswith("on each of your"):
            on = ab["auto"]["on"]
            on = {"named": on} if isinstance(on, str) else dict(on)
            on["cond"] = and_cond(on.get("cond"), {"turn": "yours"})
            ab["auto"]["on"] = on
        out.abilities.append(ab)
        return
    # "When(ever) ..., ..." / "At the start of ..., ..." (10.1.1.2.1)
    if re.match(r"^(when|whenever|at the start of)\b", chunk, re.IGNORECASE) and card_type != "spell":
        out.abilities.append(_compile_trigger_sentence(chunk, display))
        return
    # passive abilities
    st = _compile_static(chunk, display)
    if st is not None:
        for a in st:
            if "@alt_name" in a:
                out.extra.setdefault("alt_names", []).append(a["@alt_name"])
            elif "@copies" in a:
                out.extra["copies"] = a["@copies"]  # 6.1.2: read at deck construction only
            elif "@keyword" in a:
                out.add_kw(a["@keyword"])
            else:
                out.abilities.append(a)
        return
    if card_type == "spell":
        effect_lines.append(chunk)
        return
    raise NoParse(chunk)


def _compile_trigger_sentence(text: str, display: str) -> dict:
    for m in re.finditer(r",\s+", text):
        head, rest = text[:m.start()], text[m.end():]
        try:
            on = G.phrases["trigger"](head)
        except NoParse:
            continue
        subject = "subject" if isinstance(on, dict) and isinstance(on.get("subject"), dict) or (
            isinstance(on, dict) and on.get("named") in ("other_follower_enters", "ally_evolves", "ally_destroyed")) \
            else None
        try:
            return _auto(on, rest, display, subject)
        except NoParse:
            continue
    raise NoParse(text)


def _compile_static(chunk: str, display: str) -> list | None:
    """Passive abilities (10.1.1.3): a whole paragraph of them, or None when it is not one."""
    sents = split_sentences(chunk)
    out = []
    prev_cost: list | None = None
    for s in sents:
        s0 = s.strip().rstrip(".")
        cond = None
        m = _REGION.match(s0 + " ") if False else _REGION.match(s0)
        if m:
            if m.group(1):
                cond = {_REGION_COND[m.group(1).lower()]: int(m.group(2) or m.group(3))}
                s0 = s0[m.end():]
            else:
                return None
        else:
            mm = re.match(r"^if (.+?), (.+)$", s0, re.IGNORECASE)
            if mm:
                try:
                    cond = G.phrases["cond"](mm.group(1))
                    s0 = mm.group(2)
                except NoParse:
                    pass
        instead = False
        if re.search(r"\s+instead$", s0, re.IGNORECASE):
            instead = True
            s0 = re.sub(r"\s+instead$", "", s0, flags=re.IGNORECASE)
        try:
            parts = G.parse("static", s0)
        except NoParse:
            return None
        made = []
        for p in parts:
            if "@alt_name" in p or "@keyword" in p or "@copies" in p:
                made.append(p)
                continue
            zones = p.pop("@zones", None)
            if cond is not None:
                p["if"] = and_cond(p.get("if"), cond)
            ab: dict[str, Any] = {"static": p, "text": display}
            if zones:
                ab["zones"] = zones
            made.append(ab)
        if instead:
            # "SC (10): It costs 6 less instead": this one and the one before exclude each other
            if prev_cost is None or cond is None:
                return None
            for earlier in prev_cost:
                st = earlier["static"]
                st["if"] = and_cond(st.get("if"), {"not": cond})
        cost_parts = [a for a in made if "static" in a and "cost_mod" in a["static"]]
        if cost_parts:
            prev_cost = cost_parts
        out.extend(made)
    return out or None


# ---------------------------------------------------------------------------------- the card
def compile_text(text: str, *, card_type: str = "follower", name: str = "") -> dict:
    """Compile a card's printed text: returns the card fields it stands for (``keywords``,
    ``abilities``, ``effect`` for a spell, ``alt_names``).  Raises :class:`Uncompilable` naming
    the sentence no template reads."""
    src = notation(text or "")
    out = Compiled()
    effect_lines: list[str] = []
    lines: list[str] = []
    for ln in src.split("\n"):
        if not ln.strip():
            continue
        if lines and re.match(r"^\(\d\)", ln.strip()):
            lines[-1] += " " + ln.strip()  # a "choose" option on its own line (5.17.1.1)
        else:
            lines.append(ln.strip())
    if card_type == "spell" and any(re.fullmatch(r"-{3,}", ln.strip()) for ln in lines):
        # a spell's abilities above a rule, its spell text below (10.1.1.4)
        k = next(i for i, ln in enumerate(lines) if re.fullmatch(r"-{3,}", ln.strip()))
        above, below = lines[:k], lines[k + 1:]
        for ln in above:
            _wrap(name, ln, lambda ln=ln: compile_paragraph(ln, out, "follower", []))
        lines = below
    for ln in lines:
        _wrap(name, ln, lambda ln=ln: compile_paragraph(ln, out, card_type, effect_lines))
    if card_type == "spell":
        body = " ".join(effect_lines).strip()
        if body:
            eff: dict[str, Any] = {}

            def go() -> None:
                nonlocal eff
                rest = body
                extra_cost: list = []
                # "As an additional cost to play this card, COST." (a period may be missing)
                for rx in (r"^as an additional cost to play this card, (.+?)\.\s+(.*)$",
                           r"^as an additional cost to play this card, (.+?)\s+((?:Deal|Draw|Give|Select|Summon|"
                           r"Put|Destroy|Banish|Return)\b.*)$"):
                    m = re.match(rx, body, re.IGNORECASE)
                    if m:
                        try:
                            extra_cost = p_costs(m.group(1))
                        except NoParse:
                            continue
                        rest = m.group(2)
                        break
                spec, _ = _ability_body(rest)
                if extra_cost:
                    spec["cost"] = extra_cost + spec.get("cost", [])
                eff = prune(spec)
            _wrap(name, body, go)
            out.effect = eff
    fields = out.as_fields()
    if _mentions(fields, CARD_NAME):
        if not name:
            raise Uncompilable(render(src), name)
        fields = _fill(fields, CARD_NAME, name)
    return fields


def _mentions(v: Any, word: str) -> bool:
    if isinstance(v, dict):
        return any(_mentions(x, word) for x in v.values())
    if isinstance(v, list):
        return any(_mentions(x, word) for x in v)
    return v == word


def _fill(v: Any, word: str, by: Any) -> Any:
    if isinstance(v, dict):
        return {k: _fill(x, word, by) for k, x in v.items()}
    if isinstance(v, list):
        return [_fill(x, word, by) for x in v]
    return by if v == word else v


def _wrap(name: str, text: str, fn: Callable[[], None]) -> None:
    try:
        fn()
    except NoParse as e:
        bad = str(e.args[0]) if e.args else text
        raise Uncompilable(render(bad), name) from None
    except RecursionError:
        raise Uncompilable(render(text), name) from None


#: card fields that hold behaviour; a card with any of them (or ``script``) is not compiled
BEHAVIOUR_FIELDS = ("abilities", "effect", "keywords", "script")


def compile_entry(entry: dict) -> dict:
    """A card entry with only printed ``text`` -> the entry with its compiled fields added.

    An entry with a ``script`` or with ``abilities``/``effect``/``keywords`` already says what
    the card does and is returned unchanged; otherwise its text is compiled (an empty text is a
    card with no abilities).  Raises :class:`Uncompilable` when the text cannot be read."""
    if any(k in entry for k in BEHAVIOUR_FIELDS):
        return entry
    text = entry.get("text") or ""
    if not isinstance(text, str) or not text.strip():
        return entry
    got = read_text(text, card_type=str(entry.get("type", "follower")).lower(), name=str(entry.get("name", "")))
    out = dict(entry)
    for k, v in got.items():
        if k == "alt_names":
            out["alt_names"] = list(entry.get("alt_names", [])) + v
        else:
            out[k] = v
    return out


def read_text(text: str, *, card_type: str = "follower", name: str = "") -> dict:
    """A card's text read by the grammar of SVE's templating language (``grammar_compiler``),
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

    invalid_heading = "compiled but rejected by the vocabulary"
    invalid_width = 160


def _xml_cards(path: Path) -> list[dict]:
    return [{"name": get("name"), "types": [b.strip() for b in get("prop/type").split("|")], "text": get("text")}
            for get in cockatrice_cards(path)]


def _entry_of(card: dict) -> dict | None:
    """A Cockatrice card as a tcgjudge card entry (None: not a game card, e.g. an Evolution Point)."""
    bits = card["types"]
    main = bits[0].lower() if bits else ""
    if main not in ("follower", "spell", "amulet", "leader"):
        return None
    name = re.sub(r"\s*\((?:Evolved?|U)\)\s*", " ", card["name"]).strip()
    entry: dict[str, Any] = {"name": name, "type": main, "text": card["text"], "cost": 0}
    if main == "follower":
        entry["atk"], entry["def"] = 0, 0
    if "Evolve" in bits:
        entry["special"] = "evolved"
    if "Token" in bits:
        entry["token"] = True
    return entry


def compile_report(cards_xml_path: str | Path, validate: bool = True) -> Report:
    """Compile every card of a Cockatrice card database and report how many compile.

    A card counts as compiled when its whole text compiles and (with ``validate``) the result
    passes the SVE vocabulary check of the card loader.  Cards that are not game cards
    (the Evolution Point marker) are excluded and listed."""
    path = Path(cards_xml_path)
    rep = Report()
    from .cards import builder as make_builder

    builder = make_builder() if validate else None
    for c in _xml_cards(path):
        entry = _entry_of(c)
        if entry is None:
            rep.excluded.append(c["name"])
            continue
        rep.add(entry["name"], entry, compile_entry, bool(notation(entry["text"]).strip()), builder, str(path))
    return rep


def main(argv: list[str] | None = None) -> int:
    return report_main(argv, "tcgjudge.games.sve.compiler", compile_report)


__all__ = ["ENGINE_WORDS_NEEDED", "G", "Report", "Uncompilable", "compile_entry", "compile_report",
           "compile_text", "normalize", "notation", "read_text", "render"]

if __name__ == "__main__":
    raise SystemExit(main())
