"""Shadowverse: Evolve card text in its icon form: the notations of printed text, reminder text.

The notations of printed text are read in all their written forms (SVE 2.7-2.8): Fanfare as
``(F)``, ``[fanfare]``, ``{FANFARE}`` or ``Fanfare:``; Last Words as ``(L)``, ``(LW)``,
``{LAST WORDS}`` or ``Last Words:``; the evolve icon as ``(E)``, ``{EVOLVE}`` or ``Evolve``;
activated abilities as ``(A)``, ``{ACT}``, ``Act`` or ``Activate:``; the engage icon as ``(tap)``
or ``{ENGAGE}``; play point icons as ``(1)``, ``{COST 1}`` or ``1PP``; Quick as ``[Quick]`` or
``{QUICK}``; stats as ``+1/+1`` or ``{ATK}+1/{DEF}+1``.  :func:`notation` rewrites them to
bracketed markers ([FANFARE] [LASTWORDS] [ONEVOLVE] [STRIKE] [FSTRIKE] [LSTRIKE] [ONRACE]
[ONDRIVE] [EVOLVE] [ACT] [ENGAGE] [QUICK] [SERVE] [RIDE], play points [PP=N]) and drops reminder
text (2.6.2): whole sentences in parentheses explaining a term of the rules; other
parenthesized words stay, to be read or refused.  :func:`render` writes markers back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ...cards.textcompiler import sentences


def split_sentences(text: str, names: Iterable[str] = ()) -> list[str]:
    """A paragraph's sentences.  ``names`` are the card names of the database being read that hold a
    period ("XXI. Zelgenea, The World"): a period inside a name is part of the name (2.1), never
    the end of a sentence (the names are vocabulary from the data, not from the grammar)."""
    kept = text
    for n in names:
        if "." in n:
            kept = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w'-])", lambda m: m.group(0).replace(".", "\0"),
                          kept, flags=re.IGNORECASE)
    return [s.replace("\0", ".") for s in sentences(kept, after_quote=True)]


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
# 10.2.1.2: persistent effects that last past this turn, each counted from the player who controls
# the effect: "until the end of your opponent's next turn", "until the end of your next turn",
# "until the start of your next turn" (the turn procedure ends them, 7.2 and 7.4.8)
END_OPP_NEXT = "end_of_opponents_next_turn"
END_YOUR_NEXT = "end_of_your_next_turn"
START_YOUR_NEXT = "start_of_your_next_turn"
# "during its controller's next turn" (of the card the effect changes): an attack restriction, which
# matters only then (8.4.1: the turn player's followers attack), lasts to the end of that turn
END_ITS_CONTROLLERS_NEXT = "end_of_its_controllers_next_turn"
LONG_DURATIONS = (END_OPP_NEXT, END_YOUR_NEXT, START_YOUR_NEXT, END_ITS_CONTROLLERS_NEXT)


# ------------------------------------------------------------------------------ notation
# Icons are rewritten to bracketed markers before reading: [FANFARE] [LASTWORDS] [ONEVOLVE]
# [STRIKE] [FSTRIKE] [LSTRIKE] [ONRACE] [ONDRIVE] [EVOLVE] [ACT] [ENGAGE] [QUICK] [SERVE] [RIDE]
# and play points [PP=N].
_ICON_SUBS: list[tuple[str, Any, int]] = [
    (r"<\s*/?\s*[a-z]+\s*>", "", re.I),  # markup (<i>names</i>, <pre>)
    # icons written "{[name]}": "{[fanfare]}", "{[cost02]}", "{[attack]}+1/{[defense]}+1"; some
    # databases write the same icon names in brackets alone: "[cost01]", "[attack]+1/[defense]+1", "[q]"
    (r"\{?\[cost\s*0*(\d+|X)\]\}?", r"{COST \1}", re.I),
    (r"\{?\[attack\]\}?", "{ATK}", re.I),
    (r"\{?\[defense\]\}?", "{DEF}", re.I),
    (r"\{\[lastwords\]\}", "{LAST WORDS}", re.I),
    (r"\{?\[q\]\}?\s*", "{QUICK} ", re.I),  # the Quick icon's short form
    (r"\{?\[(forestcraft|swordcraft|runecraft|dragoncraft|abysscraft|havencraft|portalcraft|neutral)\]\}?",
     lambda m: "{" + m.group(1).upper() + "}", re.I),
    (r"\{\[(last words|on evolve|follower strike|leader strike|strike|on race|on drive)\]\}",
     lambda m: "{" + m.group(1).upper() + "}", re.I),
    (r"\{\[(fanfare|evolve|act|engage|quick|serve|feed|ride|ward|storm|rush|assail|intimidate|drain|bane|aura|"
     r"stack|forestcraft|swordcraft|runecraft|dragoncraft|abysscraft|havencraft|portalcraft|neutral)\]\}",
     lambda m: "{" + m.group(1).upper() + "}", re.I),
    (r"\{ATK\}\s*([+-]\s*(?:\d+|X))\s*/\s*\{DEF\}\s*([+-]\s*(?:\d+|X))", r"\1/\2", 0),
    (r"\{ATK\}\s*([+-]\s*(?:\d+|X))", r"\1/+0", 0),
    (r"\{DEF\}\s*([+-]\s*(?:\d+|X))", r"\1 defense", 0),
    # 2.8: the stat icons standing for the words, where no value follows ("your leader's {DEF} is
    # at least 5", "the selected follower's {ATK}"): read wherever the words are read
    (r"\{ATK\}(?!\s*[+\-\d])", "attack", 0),
    (r"\{DEF\}(?!\s*[+\-\d])", "defense", 0),
    (r"\{(FORESTCRAFT|SWORDCRAFT|RUNECRAFT|DRAGONCRAFT|ABYSSCRAFT|HAVENCRAFT|PORTALCRAFT|NEUTRAL)\}",
     lambda m: m.group(1).capitalize(), re.I),
    (r"\{(WARD|STORM|RUSH|ASSAIL|INTIMIDATE|DRAIN|BANE|AURA|STACK)\}", lambda m: m.group(1).capitalize(), re.I),
    (r"\{COST\s*(\d+|X)\}", r"[PP=\1]", re.I),
    (r"\b(\d+|X)\s*PP\b", r"[PP=\1]", 0),
    (r"\{FANFARE\}(?:\s*:)?|\[fanfare\]|\(F\)", "[FANFARE]", re.I),
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

# ------------------------------------------------------------------- fan-translation wording
# The wording of community card databases (the Shadowverse: Evolve Cockatrice database) put in
# the forms above: the same icons and words of the rules, written otherwise.
_FAN_SUBS: list[tuple[str, Any, int]] = [
    # 12.6: "[Evolve]: text" (no cost before the colon) is On Evolve; "[Evolve] (2): Evolve this
    # follower" stays the evolve ability (12.2)
    (r"\[EVOLVE\]\s*:(?!\s*evolve this)", "[ONEVOLVE]", re.I),
    (r"^Evolve\s*:(?!\s*evolve this)", "[ONEVOLVE]", re.I),
    # 12.4-12.7: a trigger icon in brackets followed by a colon ("[Fanfare]: text")
    (r"(\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE|FSTRIKE|LSTRIKE)\])\s*:", r"\1", 0),
    # 12.7: Strike icons in brackets
    (r"\[follower strike\]\s*:?", "[FSTRIKE]", re.I),
    (r"\[leader strike\]\s*:?", "[LSTRIKE]", re.I),
    (r"\[strike\]\s*:?", "[STRIKE]", re.I),
    # 13.2.1, 13.3.1, 13.5.1: class conditions written "[Combo_3]", "[Necrocharge_10]", "[Spellchain_5]"
    (r"\[(combo|spellchain|sc|necrocharge|nc)[_ ](\d+)\]\s*:?\s*", r"\1 (\2): ", re.I),
    # 4.1 (the cemetery), 2.8 (defense): the same zone and stat under other names
    (r"\bgraveyards\b", "cemeteries", re.I),
    (r"\bgraveyard\b", "cemetery", re.I),
    (r"\bhealth\b", "defense", re.I),
    # keywords in brackets anywhere on a line: "[Rush] [Ward]", "give it [Storm]" (12.8-12.15, 13.3.2)
    (r"\[(Ward|Storm|Rush|Assail|Intimidate|Drain|Bane|Aura|Stack)\]", r"\1", re.I),
    # class words in brackets: "If [Overflow] is active for you", "[Earth Rite]:" (13.3.3, 13.4.1, 13.5.2)
    (r"\[(Overflow|Sanguine|Earth Rite)\]", r"\1", re.I),
]


_FAN_RES = [(re.compile(p, f), r) for p, r, f in _FAN_SUBS]

# ------------------------------------------------------------------------ spelling normalisation
# Misprints of the official English text whose intended words are evident from the template they
# break, rewritten to those words (a spelling fix, never a guess at a meaning): "Activately only
# if" is the rider "Activate only if" (10.1.1.1.1, a non-word before "only if"), and "If there at
# least N" lacks the verb of the condition "If there are at least N" (the only verb the template
# "there ... at least N" takes).  Nothing else is normalised; any other misprint stays unread.
_SPELLING_SUBS: list[tuple[str, str, int]] = [
    (r"\bActivately only if\b", "Activate only if", 0),
    (r"\b([Ii]f) there at least\b", r"\1 there are at least", 0),
]


_SPELLING_RES = [(re.compile(p, f), r) for p, r, f in _SPELLING_SUBS]

# ------------------------------------------------------------------ the newer official template
# Later sets (BP21 on) print "this" alone where the earlier template printed "this card" / "this
# follower": "Evolve (1): Evolve this.", "Act {ENGAGE} this, bury this:", "give this +2/+0", "this
# has Bane", "When this leaves the field".  Only "this" that is no determiner is the card's
# self-reference (2.6: card text speaks of the card it is printed on): "this turn", "this ability",
# "this way", "this one", "this card's" keep their meaning, and "this" never stands for another card
# (a card selected or named earlier is "it" / "that card").  Written "this card", the grammar reads
# it where the earlier template's "this card" / "this follower" stood, with the same meaning.
# "Do this 2 times" is the action just described (never the card): that "this" is kept.
_SELF_THIS = re.compile(
    r"(?<!\b[Dd]o )\b([Tt])his\b(?!['\u2019]s\b)(?!\s+(?:card|cards|follower|followers|amulet|amulets|spell|token|leader|turn|"
    r"ability|abilities|effect|one|way|game|time|phase|trait)\b)(?!-)")


_LINE_START_SUBS = [
    (re.compile(r"^(?:Evolve)\s*(?=\(|\d|\[PP)", re.IGNORECASE), "[EVOLVE] "),
    (re.compile(r"^(?:Evolve)\s+(?=[A-Z][^:]*:\s*Evolve this)",), "[EVOLVE] "),
    (re.compile(r"^(?:Act|Activate)\s*(?=\(|\[|:)",), "[ACT] "),
    (re.compile(r"^(\[QUICK\]\s*)(?:Act|Activate)\s*(?=\(|\[|:)",), r"\1[ACT] "),  # 12.3.3
    (re.compile(r"^(\[QUICK\]\s*)(?:Act|Activate)(?=,)",), r"\1[ACT]"),  # "Quick Activate, bury this card:"
    (re.compile(r"^Activate\s+(?=[A-Z][^:.]*:)",), "[ACT] "),  # "Activate Bury a ...: effect"
    (re.compile(r"^(?:Act|Activate)(?=,)",), "[ACT]"),  # "Activate, banish 2 cards ...: effect" (10.1.1.1.1)
    # 13.3.3.2: "Activate - Earth Rite: ...", "Fanfare - Earth Rite: ...": the dash is typography
    (re.compile(r"^(?:Act|Activate)\s*-\s*(?=Earth Rite\b)",), "[ACT] "),
    (re.compile(r"^(\[(?:FANFARE|LASTWORDS|ONEVOLVE)\])\s*-\s*(?=Earth Rite\b)",), r"\1 "),
    (re.compile(r"^(\[QUICK\]\s*)Activate\s+(?=[A-Z][^:.]*:)",), r"\1[ACT] "),  # "{[q]}Activate Bury 2 ...:"
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
#: and class conditions (Combo, Spellchain, Necrocharge, Overflow, Earth Rite, ...), tokens (9.1),
#: "destroyed by abilities" (11.3.2.1), stealing (5.21: "Stolen followers are moved to your field.")
_RULE_TERMS = re.compile(
    r"\b(?:" + "|".join(sorted((k for k in KEYWORDS), key=len, reverse=True)) +
    r"|combo|spellchain|sc|necrocharge|overflow|sanguine|earth rite|evolved?|evolution|racing|serve|feed|ride|"
    r"tokens?|(?:destroyed|banished) by abilities|stolen|steals?)\b", re.IGNORECASE)


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
    for rx, rep in _SPELLING_RES:
        t = rx.sub(rep, t)
    t = _SELF_THIS.sub(r"\1his card", t)
    for rx, rep in _ICON_RES:
        t = rx.sub(rep, t)
    # reminder text: a parenthesized phrase with words (not "(1)" option numbers or icons) that is
    # a keyword's reminder text; any other parenthesized words stay, to be read or refused
    t = _REMINDER.sub(_drop_reminder, t)
    # "[FANFARE]/[LASTWORDS]": two trigger icons printed together (12.1.2)
    t = re.sub(r"(\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE)\])\s*/\s*(?=\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE)\])", r"\1 ", t)
    lines = []
    for line in t.split("\n"):
        line = " ".join(line.split())
        line = re.sub(r"\s+([.,:])", r"\1", line)
        for rx, rep in _LINE_START_SUBS:
            line = rx.sub(rep, line)
        for rx, rep in _FAN_RES:
            line = rx.sub(rep, line)
        line = re.sub(r"\((\d+|X)\)", r"[PP=\1]", line) if _has_cost_colon(line) else line
        line = _option_cost_icons(line)
        # "Fanfare: (2) Search ...": a play point icon right after a trigger icon is a cost (10.4.7)
        line = re.sub(r"^((?:\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE|FSTRIKE|LSTRIKE)\]\s*)+)\((\d+|X)\)(?=\s)",
                      r"\1[PP=\2]", line)
        lines.append(line.strip())
    return "\n".join(lines).strip()


#: "(2) (3): Deal ...": in a line with a "choose", a play point icon printed right after an option
#: number and before a colon is that option's cost (5.17.1.1, 10.4.7.2; any other parenthesized
#: number of such a line is an option number)
_OPTION_PP = re.compile(r"\((\d+)\)\s*\((\d+)\)\s*:")


def _option_cost_icons(line: str) -> str:
    if not re.search(r"(?i)\bchoose\b", line):
        return line
    return _OPTION_PP.sub(r"(\1) [PP=\2]:", line)


def _has_cost_colon(line: str) -> bool:
    """Play point icons "(1)" only appear in costs (before a colon); "(1)" elsewhere is a
    "choose" option number (5.17.1.1)."""
    return bool(re.search(r"\(\s*(?:\d+|X)\s*\)[^.]*:", line)) and not re.search(
        r"choose|following", line, re.IGNORECASE)


def render(text: str) -> str:
    """Markers back to readable text, for ability texts and error messages."""
    out = re.sub(r"\[SERVE\](?=\[SERVE\])", "[SERVE] ", text)  # "{SERVE}{SERVE}": two icons (14.2.2.3)
    for m, r in MARKER_TEXT.items():
        out = out.replace(m, r)
    return re.sub(r"\[PP=(\w+)\]", r"(\1)", out)
