"""The Caster Chronicles' text compiler: a grammar of its templating language.

``grammar.lark`` (beside this module) is the grammar of printed Caster text; :class:`CasterSemantics`
gives each rule its meaning (a Lark ``Transformer``), built from ``assembly.py`` (noun phrases,
actions, conditions, triggers, costs) and assembled by ``assembly.Asm`` into the effect language.
Races and traits are vocabulary, built into the grammar when it is loaded from the card data
(:func:`vocabulary`), never written in it.  It is the only reader of Caster card text
(``compiler.compile_entry``); text it does not read is refused with its sentence, never dropped
or guessed (docs/card-grammar.md).  Development commands:

    python benchmarks/compiler_holdout.py caster --compiler grammar [--failures]
    python -m tcgjudge.games.caster.report CARDS.xml [--failures]
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

from ...cards.card_text_parser import CardTextParser, alternation
from ...cards.parse_cache import NO_PARSE
from ...cards.textcompiler import NoParse, Uncompilable, and_cond, read_number
from ...cards.textcompiler import sentences as split_sentences
from . import assembly as tc
from .assembly import (
    KEYWORDS,
    NP,
    PARAM_KEYWORDS,
    Asm,
    Compiled,
    Report,
    notation,
)
from .caster_families import CasterFamilies
from .compendium_families import CompendiumFamilies
from .grammar_wordings import EarlierSetWordings
from .later_families import LaterFamilies
from .later_sets import LaterSetsText
from .vocabulary import ELEMENTS, ON_FIELD, ORIENTS, ZONES
from .vocabulary import KEYWORDS as KEYWORDS_OF_RULES

GRAMMAR_FILE = Path(__file__).with_name("grammar.lark")
_RACES: dict[str, str] = {}


def vocabulary(races: Iterable[str] = ()) -> None:
    """Add races and traits (CR 206) of the card data to the words the grammar reads."""
    changed = False
    for r in races:
        r = " ".join(str(r).split())
        if r and r.lower() not in _RACES:
            _RACES[r.lower()] = r
            changed = True
    if changed:
        _PARSER.vocabulary_changed()


#: bracketed words of card text that are not races: keyword skills and their markers (CR 1101-1118),
#: trigger labels, costs, elements and aether icons (CR 209.2)
_NOT_RACES = frozenset({*(k.replace("_", " ") for k in KEYWORDS_OF_RULES), *KEYWORDS, *PARAM_KEYWORDS,
                        *ELEMENTS, *ORIENTS, "universal", "void", "rest", "recover", "enter", "last words"})


def bracketed_races(text: str) -> list[str]:
    """The races a card's text names in brackets inside a sentence, as the newer wording writes
    them ("a [Cryptid] servant", CR 206.3): a race named by no card of the data is still a race of
    the text.  A bracketed word that opens a line (a keyword, a trigger's label, an ability's name,
    CR 901.1d) or is followed by "ability" (901.1e) is no race, and neither are the rules' keywords,
    costs, elements and aether icons."""
    words = (" ".join(m.group(1).split())
             for m in re.finditer(r"(?:(?<=[\w\]] )|(?<=[\w\]], ))\[([A-Za-z][A-Za-z' -]*)\](?!\s*abilit)", text or ""))
    return [w for w in words if w.lower() not in _NOT_RACES]


def learn_entry(entry: dict) -> None:
    """The races and traits a card entry defines (``race: Beast/Wolf``, ``trait``), and those its
    text names in brackets."""
    if not isinstance(entry, dict):
        return
    words: list = []
    if isinstance(entry.get("text"), str):
        words.extend(bracketed_races(entry["text"]))
    for key in ("race", "trait", "races"):
        v = entry.get(key)
        if isinstance(v, str):
            words.extend(re.split(r"[/|]", v))
        elif isinstance(v, list):
            words.extend(x for x in v if isinstance(x, str))
    vocabulary(races=[w.strip() for w in words if w.strip()])


def database_vocabulary(path: str | Path) -> None:
    """Learn the races and traits a Cockatrice database defines (its type lines, CR 206.2)."""
    from ...cards.textcompiler import cockatrice_cards

    races: list[str] = []
    for get in cockatrice_cards(Path(path)):
        typ = get("type")
        if " - " in typ:
            races.extend(r.strip() for r in re.split(r"[/|]", typ.split(" - ", 1)[1]))
        races.extend(bracketed_races(get("text")))
    vocabulary(races=[r for r in races if r])


def _pool_vocabulary() -> None:
    from ...cards.loader import read_yaml

    for f in sorted(Path(__file__).with_name("pool").glob("*.yaml")):
        data = read_yaml(f)
        for c in data.get("cards", data) if isinstance(data, dict) else data:
            learn_entry(c)


_POOL_LEARNT = [False]


def _bracketed(alt: str) -> str:
    """A race alternation that also reads the race in brackets ("[Supplies]", CR 206.3)."""
    return f"{alt}|\\[{alt}\\]" if alt != "(?!x)x" else alt


def _race(tok: Any) -> str:
    """The race a RACE token names, its brackets dropped."""
    w = str(tok).strip()
    if w.startswith("[") and w.endswith("]"):
        w = w[1:-1]
    return _RACES.get(w.lower(), w)


def _who_ref(who: Token) -> NP:
    """ "it": the card named before; "this card", "I": the card itself."""
    return NP("ref", ref="it" if str(who).lower() == "it" else "self")


def _plurals() -> dict[str, str]:
    """The plural of each race that does not already end in "s" ("Beasts"), to its race."""
    return {r + "s": r for r in _RACES if not r.endswith("s")}


def _grammar() -> str:
    """The grammar, its keywords (CR 1101-1118, fixed by the rules) written in as a terminal."""
    kws = alternation(set(KEYWORDS) | set(PARAM_KEYWORDS)).replace("/", r"\/")
    return GRAMMAR_FILE.read_text(encoding="utf-8") + f"\nKEYWORD: /{kws}/\n"


def _word_terminals() -> dict[str, str]:
    """The terminals of the races learnt from the card data (:func:`vocabulary`)."""
    return {"RACE": _bracketed(alternation(_RACES)), "RACE_PLURAL": alternation(_plurals())}


#: the parser (built once; the race terminals change with the vocabulary) and the trees it built
_PARSER = CardTextParser("caster", _grammar, _word_terminals, ["paragraph", "sentence"])


def _n(tok: Any) -> int:
    return read_number(str(tok))


@v_args(inline=True)
class CasterSemantics(EarlierSetWordings, LaterSetsText, LaterFamilies, CasterFamilies, CompendiumFamilies,
                      Transformer):
    """The meaning of each grammar rule (methods are named after the rules of grammar.lark)."""

    race_of = staticmethod(_race)  # the race of a RACE token as the data spells it (later_sets.py)

    def text_of(self, part: Any, meta: Any, lead: str) -> str:
        return _text_of(part, meta, lead)

    # keywords (CR 1101)
    def keyword(self, k: Token, v: Token | None = None) -> Any:
        name = " ".join(str(k).lower().split())
        if v is None:
            if name not in KEYWORDS:
                raise NoParse(name)
            return KEYWORDS[name]
        # "[Break](2)", "[United Front](Justice)": a keyword's value (CR 1103.3, 1108.2)
        val = str(v).strip()
        if name not in PARAM_KEYWORDS or not tc._param_ok(name, val):
            raise NoParse(val)
        return {PARAM_KEYWORDS[name]: int(val) if val.isdigit() else val}

    # triggers (CR 906)
    def t_enter(self) -> Any:
        return "enter"  # CR 1106.2

    def t_last_words(self) -> Any:
        return "last_words"  # CR 1107.2

    def t_attacks(self, _w: Token, _n: Token) -> Any:
        return "attacks"

    def t_switches(self, _w: Token, _n: Token) -> Any:
        return "switches"  # CR 1011.2

    def t_destroyed(self, _w: Token, _n: Token) -> Any:
        return "destroyed"

    def t_leaves(self, _w: Token, _n: Token) -> Any:
        return "leaves_field"

    def t_corrupts(self, _w: Token, _n: Token) -> Any:
        return "corrupts"

    def t_attacked(self, _w: Token, _n: Token) -> Any:
        return "attacked"  # CR 803.3b

    def t_targeted(self, _w: Token, _n: Token, by: Token | None = None) -> Any:
        # CR 903.2e: "... of an enemy card or ability": one played by an enemy player
        words = str(by).lower().split() if by is not None else []
        if words and words[0] in ("enemy", "allied"):
            return {"named": "targeted", "player": "enemy" if words[0] == "enemy" else "you"}
        return "targeted"

    def t_orb_corrupted(self, _w: Token, side: Token | None = None) -> Any:
        if side is None:
            return "orb_corrupted"
        return "your_orb_corrupted" if str(side).lower() == "allied" else {"named": "orb_corrupted", "victim": "enemy"}

    def t_your_orbs_corrupted(self, _w: Token) -> Any:
        return "your_orb_corrupted"  # CR 1009.2

    def t_servant_switches(self, _w: Token, side: Token | None = None) -> Any:
        if side is None:
            return "servant_switches"  # CR 1011.2
        ctl = "you" if str(side).lower() == "allied" else "enemy"
        return {"named": "servant_switches", "subject": {"type": "servant", "controller": ctl}}

    def t_searched(self, _w: Token) -> Any:
        return "searched"  # CR 1012.3: whenever a search effect of yours occurs

    def t_revealed(self, _w: Token) -> Any:
        return "revealed"  # CR 1004.3

    def t_spell_played(self, _w: Token) -> Any:
        return "spell_played"

    def t_to_graveyard(self, _w: Token) -> Any:
        return "to_graveyard_from_field"

    def t_end_of_turn(self) -> Any:
        return "end_of_turn"

    def t_end_of_your_turn(self) -> Any:
        return "end_of_your_turn"

    def t_end_of_enemy_turn(self) -> Any:
        return {"named": "end_of_turn", "whose": "enemy"}

    def t_start_of_turn(self) -> Any:
        return tc.t_start_of_turn()

    def t_enters(self, _w: Token, w: NP) -> Any:
        return tc.t_enters(w)

    def t_attacks_servant(self, _w: Token, _n: Token) -> Any:
        return tc.t_attacks_servant()

    def t_ally_corrupts(self, _w: Token) -> Any:
        return tc.t_ally_corrupts()

    def t_destroys(self, _w: Token, _n: Token) -> Any:
        return tc.t_destroys()

    # costs (CR 903.2h)
    def c_rest(self) -> Any:
        return tc.q_rest()

    def c_aether(self, n: Token) -> Any:
        return int(str(n))

    def c_discard_n(self, n: Token) -> Any:
        return tc.q_discard(_n(n))

    def c_discard(self, w: NP) -> Any:
        return tc.q_discard_sel(w)

    def c_banish_self(self, _n: Token) -> Any:
        return tc.q_banish_self()

    def c_banish(self, w: NP) -> Any:
        return tc.q_banish(w)

    def c_return(self, w: NP) -> Any:
        # a card the player controls, chosen as the cost is paid (CR 903.2h)
        if w.kind != "choose" or w.up_to or w.filt.get("controller") != "you" or "zone" in w.filt:
            raise NoParse("return as a cost")
        out: dict[str, Any] = {"filter": {k: v for k, v in w.filt.items() if k != "controller"}}
        if w.n != 1:
            out["n"] = w.n
        return {"return": out}

    def costs(self, *items: Any) -> list:
        return list(items)

    # noun phrases (CR 201-206)
    def q_target(self) -> tuple:
        return ("target", 1, False, {})

    def q_up_to_target(self, n: Token) -> tuple:
        return ("target", _n(n), True, {})

    def q_n_target(self, n: Token) -> tuple:
        return ("target", _n(n), False, {})

    def q_up_to(self, n: Token) -> tuple:
        return ("choose", _n(n), True, {})

    def q_all(self) -> tuple:
        return ("all", 1, False, {"each": True})

    def q_another(self) -> tuple:
        return ("choose", 1, False, {"other": True})

    def q_n(self, n: Token) -> tuple:
        return ("choose", _n(n), False, {})

    def modifier(self, m: Token) -> tuple:
        return ("mod", str(m).lower())

    def lv(self, n: Token) -> tuple:
        return ("lv", int(str(n)))

    def race_plural(self, *rs: Token) -> tuple:
        pl = _plurals()
        return ("races", [_RACES.get(pl[str(r).lower()], str(r)) for r in rs], True)

    def race_list(self, *rs: Token) -> tuple:
        return ("races", [_race(r) for r in rs])

    def s_cost(self, n: Token, cmp: Token | None = None) -> tuple:
        v = _n(n)
        if cmp is None:
            return ("filt", {"cost": v})
        return ("filt", {"cost_max": v} if str(cmp).lower() == "less" else {"cost_min": v})

    def s_zone(self, owner: Token, zone: Token) -> tuple:
        z = tc._ZONES[" ".join(str(zone).lower().split())]
        o = tc._OWNERS[" ".join(str(owner).lower().split())]
        return ("zone", z, o)

    def np_sel(self, *parts: Any) -> NP:
        return _build_np(parts)

    def np_races(self, *parts: Any) -> NP:
        return _build_np(parts)

    def n_top_cards(self, *parts: Token) -> NP:
        n = _n(parts[0]) if len(parts) == 2 else 1
        who = {"your": "you", "an allied": "you", "an enemy": "enemy", "the enemy's": "enemy", "their": "enemy"}
        return tc._top(n, who[" ".join(str(parts[-1]).lower().split())])

    def non_race(self, r: Token) -> tuple:
        return ("non_race", _race(r))

    def n_of_them(self, n: Token) -> NP:
        return NP("choose", {"in": "$it"}, n=_n(n))

    def s_printed(self, a: Token, cmp: Token, b: Token) -> tuple:
        # CR 909.6: "printed" information is the card's without any continuous effect
        return ("filt", {"where": {"compare": [{"prop": ["it", str(a).lower()]},
                                               ">" if str(cmp).lower() in ("greater", "higher") else "<",
                                               {"original": ["it", str(b).lower()]}]}})

    def s_attacked(self, *parts: Token) -> tuple:
        # "that attacked this card this turn" / "that attacked you this turn"
        return ("filt", {"attacked_this_turn": "self" if parts else "you"})

    def s_enemy_controls(self) -> tuple:
        return ("filt", {"controller": "enemy"})

    def s_you_control(self) -> tuple:
        return ("filt", {"controller": "you"})

    def n_self(self, _n: Token) -> NP:
        return NP("ref", ref="self")

    def me_np(self, _n: Token) -> NP:
        return NP("ref", ref="self")  # "me": the card itself

    def me_objs(self, w: NP) -> list:
        return [w]

    def n_it(self) -> NP:
        return NP("ref", ref="it")

    def n_revealed(self, *_: Token) -> NP:
        return NP("ref", ref="revealed")

    def n_that(self) -> NP:
        return NP("ref", ref="that")

    def n_other_named(self, q: Token) -> NP:
        return NP("choose", {"name": str(q).strip('"'), "other": True})  # CR 202.4

    def n_named_my_stock(self, q: Token) -> NP:
        # the stocks of this card only (CR 306.2), not an entity of that name (1008.3)
        return NP("choose", {"name": str(q).strip('"'), "stock_of": "self"})

    def n_named(self, q: Token) -> NP:
        return NP("choose", {"name": str(q).strip('"')})

    def objs(self, *nps: NP) -> list:
        return list(nps)

    # players
    def p_target_enemy(self) -> str:
        return "enemy"

    def p_that_enemy(self) -> str:
        return "enemy"

    def p_each(self) -> str:
        return "each"

    # what a card gains (CR 1014.3)
    def m_stat(self, n: Token, stat: Token) -> tuple:
        return ("stat", str(stat).lower(), int(str(n).replace(" ", "")))

    def m_stat_each(self, n: Token, stat: Token, each: Token) -> tuple:
        return ("stat", str(stat).lower(), {"mul": [int(str(n).replace(" ", "")), tc._each_count(str(each))]})

    def np_each(self, *parts: Any) -> NP:
        return _build_np((("all", 1, False, {"each": True}),) + parts)

    def m_stats_each_np(self, n: Token, a: Token, b: Token, w: NP) -> tuple:
        if w.kind != "all" or str(a).lower() == str(b).lower():
            raise NoParse("for each")
        v = int(str(n).replace(" ", ""))
        return ("stats_each", {str(a).lower(): {"mul": [v, {"count": w.filt}]},
                               str(b).lower(): {"mul": [v, {"count": w.filt}]}})

    # continuous abilities (CR 904, 909)
    def st_gains(self, w: NP, m: dict) -> list:
        return tc._static_gain(w, m)

    def st_lose_all(self, w: NP, quoted: list | None = None) -> list:
        # CR 909.1c: every ability is removed (base abilities are base information, 909.1a), then
        # the quoted ability is given: one effect, applied as written
        out: list = [{"lose": {"abilities": True}, "affects": w}]
        if quoted is not None:
            out.append({"grant": {"abilities": quoted}, "affects": w})
        return out

    @v_args(meta=True, inline=False)
    def quoted_ability(self, meta: Any, children: list) -> list:
        # an ability in quotation marks, given to cards (CR 909.1c): read as a paragraph
        got = children[0]
        sub = Compiled()
        _assemble(got.data, got, _SOURCE[0][meta.start_pos:meta.end_pos].strip(), sub, "servant", [])
        # "Enter" / "Last Words" name the trigger of the ability itself (CR 1106, 1107), no keyword
        # of the cards given it
        if set(map(str, sub.keywords)) - {"enter", "last_words"} or len(sub.abilities) != 1:
            raise NoParse("a quoted ability")
        return list(sub.abilities)

    def st_gains_if(self, w: NP, m: dict, c: dict) -> list:
        return [dict(e, **{"if": c}) for e in tc._static_gain(w, m)]

    def foe(self, *parts: Any) -> dict:
        filt: dict[str, Any] = {"type": "servant"}
        els = [str(p).lower() for p in parts if isinstance(p, Token) and p.type == "ELEMENT"]
        if els:
            filt["element"] = els[0] if len(els) == 1 else els
        for p in parts:
            if isinstance(p, Token) and p.type == "SIDE":
                filt["controller"] = "you" if str(p).lower() == "allied" else "enemy"
            elif isinstance(p, tuple) and p[0] == "races":
                filt["race"] = p[1][0] if len(p[1]) == 1 else list(p[1])
        return filt

    def st_gains_battling(self, w: NP, m: dict, foe: dict | None = None) -> list:
        # CR 803.5: while it is battling (a servant of that kind); a card that battles is one
        # of the affected cards, each judged on its own
        want: Any = foe if foe is not None else True
        if w.kind == "ref":
            if w.ref != "self":
                raise NoParse("while battling")
            return [dict(e, **{"if": {"is": ["self", {"battling": want}]}})
                    for e in tc._static_gain(w, m)]
        if w.kind != "all":
            raise NoParse("while battling")
        return tc._static_gain(NP(w.kind, {**w.filt, "battling": want}, w.n, w.up_to, w.ref, w.chooser), m)

    def st_gains_if_first(self, c: dict, w: NP, m: dict) -> list:
        return self.st_gains_if(w, m, c)

    def st_no_attacked_rested(self, w: NP) -> list:
        return tc.st_no_attacked_rested(w)

    def st_no_attacked(self, w: NP) -> list:
        return tc.st_no_attacked(w)

    def st_hubris_text(self, w: NP) -> list:
        return tc.st_hubris_text(w)  # CR 1110.2

    def st_no_attack_players(self, w: NP) -> list:
        return tc.st_no_attack_players(w)

    def st_no_attack(self, w: NP) -> list:
        return tc.st_no_attack(w)

    def st_indestructible(self, w: NP) -> list:
        return tc.st_indestructible(w)

    def st_no_switch(self, w: NP) -> list:
        return tc.st_no_switch(w)  # CR 705

    def st_untargetable_enemy(self, w: NP) -> list:
        # "enemy" is the opponent of this text's controller (CR 105.4): the flag names the opponent
        # of the affected card's controller, the same player only for this card or allied cards
        if not ((w.kind == "ref" and w.ref == "self") or (w.kind == "all" and w.filt.get("controller") == "you")):
            raise NoParse("cannot be targeted by enemy")
        return [{"grant": {"flags": ["untargetable_by:enemy"]}, "affects": w}]  # CR 105.4, 903.2e

    def st_untargetable(self, w: NP) -> list:
        return tc.st_untargetable(w)

    def st_enter_orient(self, w: NP, orient: Token) -> list:
        # the servants of a side (a player's, CR 702.3), nothing narrower: the player's servants
        # enter that way, however they enter the field
        side = w.filt.get("controller")
        if w.kind != "all" or side not in ("you", "enemy") or set(w.filt) != {"controller", "type"} \
                or w.filt["type"] != "servant":
            raise NoParse("enter the field")
        return [{"player": {"flags": [f"servants_enter_{str(orient).lower()}"], "who": side}}]

    def st_no_caster_abilities(self) -> list:
        return tc.st_no_caster_abilities()  # CR 907.1

    def st_same_name(self) -> list:
        return tc.st_same_name()  # CR 504.1a-1

    def m_same(self, stat: Token) -> tuple:
        return ("same", str(stat).lower())

    def m_keyword(self, k: Token) -> tuple:
        return ("kw", KEYWORDS[str(k).lower()])

    def mods(self, *ms: tuple) -> dict:
        out: dict[str, Any] = {}
        kws: list = []
        last = None
        for m in ms:
            if m[0] == "stat":
                if m[1] in out:
                    raise NoParse("a stat twice")
                out[m[1]] = last = m[2]
            elif m[0] == "same":
                if last is None or m[1] in out:
                    raise NoParse("ATK and DEF")
                out[m[1]] = last
            elif m[0] == "stats_each":
                if out:
                    raise NoParse("for each")
                out.update(m[1])
            elif m[0] == "abilities":
                out.setdefault("abilities", []).extend(m[1])  # CR 909.1c
            else:
                kws.append(m[1])
        if kws:
            out["keywords"] = kws
        return out

    # conditions
    def c_it_is(self, w: NP) -> dict:
        return {"is": [NP("ref", ref="it"), w.filt]}

    def c_orbs_min(self, n: Token) -> dict:
        return {"orbs": {"min": _n(n)}}

    def c_orbs_max(self, n: Token) -> dict:
        return {"orbs": {"max": _n(n)}}

    def c_battled(self, who: Token) -> dict:
        return {"is": [_who_ref(who), {"battled": True}]}  # CR 803.4

    def c_battled_servant(self, who: Token) -> dict:
        return {"is": [_who_ref(who), {"battled": "servant"}]}

    def c_attacked(self, who: Token) -> dict:
        return {"is": [_who_ref(who), {"attacker": True}]}  # CR 803.4: the attacking servant

    def c_their_servant_died(self) -> dict:
        return tc._rec("servants_to_graveyard", "enemy")

    def c_cost_vs_banished(self, races: tuple) -> dict:
        return tc.c_cost_vs_banished([])

    def c_no_spells(self) -> dict:
        return {"record": {"key": "spells_played", "min": 0, "max": 0}}

    def c_control_n(self, n: Token, s: NP) -> dict:
        return tc.c_control_n(_n(n), s)

    def c_control(self, s: NP) -> dict:
        return tc.c_control(s)

    def c_control_none(self, s: NP) -> dict:
        return tc.c_control_none(s)

    def c_they_more(self) -> dict:
        return {"compare": [{"count": {"type": "servant", "controller": "enemy"}}, ">",
                            {"count": {"type": "servant", "controller": "you"}}]}

    def c_no_other(self) -> dict:
        return {"none": {"type": "servant", "controller": "you", "other": True}}

    # who did what this turn: a player's per-turn record
    def who_kind(self, *parts: Any) -> dict:
        # a servant of a kind: an element (CR 209), races (any of them, CR 206)
        filt: dict[str, Any] = {}
        els = [str(p).lower() for p in parts if isinstance(p, Token) and p.type == "ELEMENT"]
        if len(els) > 1:
            raise NoParse("two elements")
        if els:
            filt["element"] = els[0]
        for p in parts:
            if isinstance(p, tuple) and p[0] == "races":
                filt["race"] = p[1][0] if len(p[1]) == 1 else list(p[1])
        return filt

    def w_one_servant(self, *parts: Any) -> tuple:
        side = str(parts[0]).lower() if len(parts) == 2 else None
        return ("servant", side, 1, parts[-1])

    def w_n_servants(self, n: Token, side: Token, kind: dict) -> tuple:
        return ("servant", str(side).lower(), _n(n), kind)

    def w_servants(self, side: Token) -> tuple:
        return ("servants", str(side).lower(), 1)

    def w_enemy(self) -> tuple:
        return ("player", "enemy", 1)

    def w_you(self) -> tuple:
        return ("player", "allied", 1)

    def c_record(self, who: tuple, event: Token, *rest: Token) -> dict:
        twice = bool(rest) and str(rest[0]).lower().startswith("twice")
        ev = " ".join(str(event).lower().split())
        kind, side, n = who[:3]
        of = who[3] if len(who) > 3 else {}
        if ev.startswith("were "):  # "two or more allied servants were destroyed"
            if n < 2:
                raise NoParse(ev)
            ev = "was " + ev[5:]
        if side is None and not (kind == "servant" and n == 1 and ev.startswith("was ")):
            raise NoParse("whose servant")
        player = "enemy" if side == "enemy" else None
        keys = {
            ("servant", "corrupted an enemy orb"): "servant_corrupted",
            ("servant", "was returned to its owner's hand from the field"): "servants_returned",
            # a card goes to its owner's hand (CR 105.2); a servant in the field is in a servant zone (307.4)
            ("servant", "was returned to a player's hand from a servant zone"): "servants_returned",
            ("servant", "entered the field"): "servants_entered",
            ("servant", "destroyed an enemy servant in battle"): "destroyed_in_battle",
            ("player", "played a spell by its [break] ability"): "break_played",
            ("player", "discarded a card"): "discarded",
            ("servant", "attacked"): "attacks",
            ("servants", "attacked"): "attacks",
            ("servant", "switched"): "switched",
            ("servant", "was destroyed in battle"): "servants_destroyed_in_battle",
            ("servant", "was destroyed by battle"): "servants_destroyed_in_battle",
            ("servant", "was destroyed by non-battle"): "servants_destroyed_by_effect",
            # CR 804.3, 1007: destroyed in battle or by a spell or ability
            ("servant", "was destroyed"): "servants_destroyed",
            # CR 1007 destroyed (in battle or by a spell or ability) or CR 1008 banished
            ("servant", "was destroyed or banished"): "servants_destroyed_or_banished",
            ("servant", "was put into a graveyard from the field"): "servants_to_graveyard",
            # CR 307.4: a servant in the field is in a servant zone
            ("servant", "was put into a graveyard from a servant zone"): "servants_to_graveyard",
        }
        key = keys.get((kind, ev))
        if key is None or (kind == "servants" and ev == "attacked" and not twice):
            raise NoParse(ev)
        if twice:
            n = 2
        args: list = [key] + ([player] if player else [])
        out = tc._rec(*args, n=n) if n != 1 else tc._rec(*args)
        if of or key in ("servants_destroyed", "servants_destroyed_or_banished"):  # only the servants of that kind (the rules keep which)
            out["record"]["of"] = of
        if side is None:
            # "a servant was ...": a servant of either player (each player's record keeps its own)
            other = copy.deepcopy(out)
            other["record"]["player"] = "enemy"
            return {"or": [out, other]}
        return out

    def c_self_from_field(self, _n: Token) -> dict:
        return {"is": ["self", {"from_field_this_turn": True}], "@zones": ["graveyard"]}

    def c_destroyed_by(self, side: Token, who: tuple) -> dict:
        # the cards destroyed by the spells and abilities a player controlled (CR 1007)
        if who[0] != "servant" or who[1] is None:
            raise NoParse("destroyed what")
        of = {"type": "servant", "controller": "you" if who[1] == "allied" else "enemy", **who[3]}
        spec: dict[str, Any] = {"key": "effect_destroyed", "of": of}
        if str(side).lower() == "enemy":
            spec["player"] = "enemy"
        if who[2] != 1:
            spec["min"] = who[2]
        return {"record": spec}

    def c_drew_by(self, n: Token, *parts: Token) -> dict:
        # the cards you drew, each by the card whose effect drew it (CR 1006; 901.2d)
        of: dict[str, Any] = {"type": str(parts[-1]).lower()}
        for p in parts[:-1]:
            if p.type == "SIDE":
                of["controller"] = "you" if str(p).lower() == "allied" else "enemy"
            else:
                of["element"] = str(p).lower()
        spec: dict[str, Any] = {"key": "drew_by", "of": of}
        if _n(n) != 1:
            spec["min"] = _n(n)
        return {"record": spec}

    # clauses (CR 1001-1018)
    def k_destroy(self, w: list) -> list:
        return tc.k_destroy(w)

    def k_banish(self, w: NP) -> list:
        return tc.k_banish(w)

    def k_p_banish(self, p: str, w: NP) -> list:
        return tc.k_p_banish(p, w)

    def k_return(self, w: list) -> list:
        return tc.k_return(w)

    def k_rest(self, w: NP) -> list:
        return tc.k_rest(w)

    def k_recover(self, w: NP) -> list:
        return tc.k_recover(w)

    def k_reverse(self, w: NP) -> list:
        return tc.k_reverse(w)

    def k_switch(self, w: NP) -> list:
        return tc.k_switch(w)

    def k_draw(self, n: Token) -> list:
        return tc.k_draw(_n(n))

    def k_p_draw(self, p: str, n: Token) -> list:
        return tc.k_p_draw(p, _n(n))

    def k_discard(self, n: Token) -> list:
        return tc.k_discard(_n(n))

    def k_p_discard(self, p: str, n: Token) -> list:
        return tc.k_p_discard(p, _n(n))

    def k_to_hand(self, w: NP) -> list:
        return tc.k_to_hand(w)

    def k_to_field(self, w: NP) -> list:
        return tc.k_put_field(w)

    def k_to_graveyard(self, w: NP) -> list:
        return tc.k_to_graveyard(w)

    def k_to_bottom(self, w: NP) -> list:
        return tc.k_bottom(w)

    def k_search(self, w: NP) -> list:
        return tc.k_search(w)  # CR 1012.2

    def k_search_field(self, w: NP, *parts: Token) -> list:
        it = [str(p).lower() for p in parts if p.type == "IT_THEM"]
        rested = next((p for p in parts if p.type == "REST_ORIENT"), None)
        if any(x != ("them" if w.n != 1 else "it") for x in it):
            raise NoParse("it / them")  # "them" names the cards of "up to N" (N > 1) only
        put: dict[str, Any] = {"what": NP("ref", ref="it")}
        if rested is not None:
            put["orientation"] = "rested"  # CR 307.6: the effect says how it enters
        return tc.k_search_only(w) + [{"put_field": put}]  # CR 1012.2

    def k_search_only(self, w: NP) -> list:
        return tc.k_search_only(w)

    def k_reveal_found(self) -> list:
        return tc.k_reveal_found()

    def k_shuffle(self) -> list:
        return tc.k_shuffle()

    def k_shuffle_put_top(self) -> list:
        return tc.k_shuffle_put_top()

    def k_reveal_until(self, w: NP) -> list:
        # one card of a kind ("a servant"); the card found is "the servant revealed this way"
        if w.kind != "choose" or w.n != 1 or w.up_to or "zone" in w.filt or not w.filt:
            raise NoParse("reveal until")
        return [{"reveal_until": {"filter": dict(w.filt)}}]

    def shuffle_revealed(self) -> list:
        return [{"@shuffle_revealed": True}]

    def k_look_at(self, w: NP) -> list:
        # only a card of a hidden zone can be looked at (CR 309.2, 305.2, 304.2); it is not moved,
        # so "then return it" puts it back where it was
        if w.kind not in ("target", "choose") or w.filt.get("zone") not in ("orbs", "hand", "deck"):
            raise NoParse("look at")
        return [{"look": {"what": w}}]

    def k_look(self) -> list:
        return tc.k_look()

    def k_loses(self, w: NP, k: Token) -> list:
        return tc.k_loses(w, [KEYWORDS[str(k).lower()]])

    def k_indestructible(self, w: NP) -> list:
        return tc.k_indestructible(w)

    def k_no_attack(self, w: NP) -> list:
        return tc.k_no_attack(w)

    def k_no_attacked(self) -> list:
        return tc.k_no_attacked()

    def k_look_n(self, n: Token) -> list:
        return tc.k_look_n(_n(n))

    def k_pick_look(self) -> list:
        return tc.k_pick_look()

    def replacement_rest(self, e: list) -> list:
        return e

    def k_to_top(self, w: NP) -> list:
        return tc.k_top(w)

    def k_produce(self, n: Token) -> list:
        return tc.k_produce(_n(n))  # aether of no element (CR 907.5, 209.3)

    def k_produce_any(self, n: Token) -> list:
        return tc.k_produce_any(_n(n))  # CR 907.7

    def k_produce_level(self, *parts: Token) -> list:
        plus = next((_n(p) for p in parts if p.type == "NUMBER_WORD"), 0)
        n: Any = {"prop": ["self", "level"]}
        if plus:
            n = {"add": [n, plus]}
        return [{"produce": {"n": n, "element": "self"}}]

    def k_produce_self(self, n: Token) -> list:
        return tc.k_produce_self(_n(n))

    def r_from_zone(self, z: Token) -> list:
        zone = {"caster zone": "casters", "hand": "hand", "graveyard": "graveyard"}[" ".join(str(z).lower().split())]
        return [{"@flags": {"zones": [zone]}}]  # CR 902.2

    def k_look_enemy(self) -> list:
        return tc.k_look_enemy()

    def k_reveal(self, w: NP) -> list:
        return tc.k_reveal(w)  # CR 1004.1

    def k_rest_or_reverse(self, w: NP) -> list:
        return tc.k_rest_or_reverse(w)

    def k_to_orbs(self, w: NP, *_: Token) -> list:
        return tc.k_to_orbs(w)  # CR 309

    def k_to_casters(self, w: NP) -> list:
        return tc.k_to_casters(w)

    def k_to_casters_rested(self, w: NP) -> list:
        return tc.k_to_casters_rested(w)

    def k_to_owner_casters(self, w: NP) -> list:
        return tc.k_to_owner_casters(w)

    def k_gains(self, w: NP, m: dict) -> list:
        return tc.k_gains(w, m)

    def until_eot(self) -> bool:
        return True

    def k_become(self, w: NP, what: dict, *until: bool) -> list:
        # CR 1014.1: the card loses its own element / race / type for this one
        args: dict[str, Any] = {"what": w, **what}
        if until:
            args["until"] = tc.EOT
        return [{"become": args}]

    def b_elements(self, *els: Token) -> dict:
        return {"elements": [str(e).lower() for e in els]}

    def b_race(self, r: Token) -> dict:
        return {"races": [_race(r)]}

    def b_type(self, t: Token) -> dict:
        return {"types": [str(t).lower()]}

    def draw_when(self, ph: Token) -> dict:
        return {"phase": str(ph).lower()}

    def k_gain_control(self, w: NP) -> list:
        return tc.k_gain_control(w)

    def k_exchange(self, a: NP, b: NP) -> list:
        return tc.k_exchange(a, b)

    def k_p_reveal_hand(self, p: str) -> list:
        if p != "enemy":
            raise NoParse("reveal")
        return [{"reveal": NP("all", {"zone": "hand", "player": p})}]

    def k_reveal_hand(self) -> list:
        return tc.k_reveal_hand()

    def k_p_discard_hand(self, p: str) -> list:
        return tc.k_discard_hand(p)  # CR 1013.2

    def k_discard_hand(self) -> list:
        return tc.k_discard_hand()

    def k_corrupt(self, n: Token) -> list:
        return tc.k_corrupt(_n(n))  # CR 1009

    def k_corrupt_own(self, n: Token) -> list:
        return tc.k_corrupt_own(_n(n))

    def k_soul_bond(self) -> list:
        return tc.k_soul_bond()

    # -- Soul Bond (CR 1020) and its conjure's payment (CR 203.2, 903.2g-1)
    def k_soul_bond_chosen(self) -> list:
        # CR 201.3a, 313.3: a Soul Bond servant of your extra deck, Soul Bonded (1020.1); the
        # sentence commands it (no "may"): one is chosen when one can be
        return [{"soul_bond": {"filter": {"type": "servant", "additional_type": "soul bond"}, "optional": False}}]

    def own_element_cost(self, el: Token) -> str:
        return str(el).lower()

    def pay_any_element(self, el: str, *_rest: Any) -> Tree:
        return Tree("pay_any_element", [el])

    def k_cancel(self, w: NP) -> list:
        return tc.k_cancel(w)

    def k_gains_forever(self, w: NP, m: dict) -> list:
        return tc.k_gains_forever(w, m)

    def k_to_bingo(self, w: NP) -> list:
        return tc.k_to_bingo(w)

    def k_remove(self, w: NP) -> list:
        return tc.k_remove(w)

    def p_you(self) -> str:
        return "you"

    def c_deity(self, n: Token, _s: Token) -> Any:
        return tc.q_deity(_n(n))

    def t_start_of_phase(self, ph: Token) -> Any:
        return f"beginning_of_{str(ph).lower()}_phase"

    def r_main_timing(self) -> list:
        return tc.r_main()

    def r_your_phase(self, ph: Token) -> list:
        return tc.r_your_phase(str(ph).lower())

    def r_only_if(self, c: dict) -> list:
        return tc.r_only_if(c)

    def n_riders(self) -> NP:
        return NP("all", {"rode": "self"})

    def s_that_is(self, o: Token) -> tuple:
        return ("filt", {"orientation": str(o).lower()})

    def s_attacking_you(self) -> tuple:
        return ("filt", {"attacking": "you"})

    def s_among_them(self) -> tuple:
        return ("among",)

    def k_reveal_to_hand(self, w: NP) -> list:
        if w.kind == "ref":
            raise NoParse("reveal it and put it into your hand")  # the card found: k_reveal_found
        return tc.k_reveal(w) + tc.k_to_hand(NP("ref", ref="it"))

    def k_rest_bottom(self) -> list:
        return tc.k_rest_bottom()

    def s_named(self, q: Token) -> tuple:
        return ("filt", {"name": _quoted_name(q)})  # CR 202.4

    def s_not_named(self, q: Token) -> tuple:
        return ("filt", {"not_name": _quoted_name(q)})

    def s_from_field(self) -> tuple:
        return ("filt", {})

    # a deck-building ability (CR 402.4) and conditional text (CR 1111.2, 1113.2, 1117.2)
    def deck_copies(self, copies: Token, name: Token | None = None) -> tuple:
        c = " ".join(str(copies).lower().split())
        if name is not None and str(name).strip().strip('"').lower() != _NAME[0].lower():
            raise NoParse("cards named another card")
        return ("copies", "any" if c == "any number of" else _n(c.split()[-1]))

    def conditional_text(self, kw: Token, *rest: Any) -> tuple:
        num = rest[0] if len(rest) == 3 else None
        body = rest[-1]
        k = str(kw).lower()
        if k == "dct":
            if num is None:
                raise NoParse("[DCT] needs its number")
            return ({"dct": int(str(num))}, {"dct": int(str(num))}, body)
        if num is not None:
            raise NoParse(f"[{k}] has no number")
        return ({k: True}, k, body)

    def cb_keywords(self, kws: Tree) -> tuple:
        return ("keywords", list(kws.children))

    def cb_static(self, *sents: list) -> tuple:
        return ("static", list(sents))

    def cb_instead(self, e: list) -> tuple:
        return ("instead", e)

    def cb_effect(self, *sents: list) -> tuple:
        return ("effect", list(sents))

    # sentences
    def joiner(self, *_: Any) -> None:
        return None

    def effects(self, *parts: Any) -> list:
        out: list = []
        for p in parts:
            if p is not None:
                out.extend(p)
        return out

    def s_then(self, e: list) -> list:
        return [{"@then": True}] + e

    def s_otherwise(self, e: list) -> list:
        return [{"@otherwise": True}] + e

    def s_if(self, c: dict, e: list) -> list:
        if "@zones" in c:  # a condition that holds only for this card in a zone (CR 902.2)
            c = dict(c)
            return [{"@if": c, "then": e, "@zones": c.pop("@zones")}]
        return [{"@if": c, "then": e}]

    def s_if_you_do(self, e: list) -> list:
        return [{"@if": {"did": True}, "then": e}]  # CR 1013.2a

    def s_if_after(self, e: list, c: dict) -> list:
        return [{"@if": c, "then": e, "late": True}]

    # riders of activated abilities (CR 903.1): when it may be played
    def r_your_turn(self) -> list:
        return [{"@flags": {"timing": "your_turn"}}]

    def r_enemy_turn(self) -> list:
        return [{"@flags": {"timing": "enemy_turn"}}]

    def r_main_phase(self) -> list:
        return [{"@flags": {"timing": "your_main"}}]

    def r_once(self) -> list:
        return [{"@flags": {"once_per_turn": True}}]

    def r_any_player(self) -> list:
        return [{"@flags": {"who": "any"}}]

    def r_your_phase_if(self, ph: Token, c: dict) -> list:
        return [{"@flags": {"timing": "your_turn", "if": {"and": [{"phase": str(ph).lower()}, c]}}}]

    def may_text(self, e: list) -> tuple:
        return (e,)

    @v_args(meta=True, inline=False)
    def alt_text(self, meta: Any, children: list) -> tuple:
        return (children[0], _text_of(None, meta, ""))

    @v_args(meta=True, inline=False)
    def s_may(self, meta: Any, children: list) -> list:
        (e,) = children[0]
        return [{"@may": e, "prompt": _text_of(children[0], meta, "you may") + "?"}]

    @v_args(meta=True, inline=False)
    def s_or(self, meta: Any, children: list) -> list:
        a, b = children
        return [{"@modes": [(a[1], a[0]), (b[1], b[0])], "shared": None}]

    def s_choose_targets(self, w: NP) -> list:
        if w.kind != "target":
            raise NoParse("choose")
        return [{"@name": w}]

    def r_enemy_phase(self, ph: Token) -> list:
        return [{"@flags": {"timing": "enemy_turn", "if": {"phase": str(ph).lower()}}}]

    def sentence(self, items: list) -> list:
        return items

    # ------------------------------------------------------- the long tail (grammar.lark's last section)
    def k_corrupt_target(self, w: NP) -> list:
        # CR 1009.1, 903.2e: the orbs chosen as the card or ability is played; "an enemy orb",
        # chosen as it resolves, stays the `corrupt` of k_corrupt
        if w.kind != "target" or w.filt.get("zone") != "orbs" or set(w.filt) - {"zone", "player"}:
            raise NoParse("corrupt target orb")
        return [{"corrupt": {"what": w}}]

    def k_turn_face_down(self, w: NP) -> list:
        # CR 303.2, 504.1b: only a caster zone holds face-down casters; the card stays where it is
        if w.kind not in ("target", "choose", "all") or w.filt.get("type") != "caster" or "zone" in w.filt:
            raise NoParse("turn face down")
        return [{"face_down": {"what": w}}]

    def s_total_cost(self, n: Token, cmp: Token | None = None) -> tuple:
        return self.s_cost(n, cmp)  # CR 203.1: the whole cost of the card

    def s_in_chase(self) -> tuple:
        return ("zone", "chase", None)  # CR 312.3

    def np_orients(self, *parts: Any) -> NP:
        orients = [str(p).lower() for p in parts if isinstance(p, Token) and p.type == "ORIENT"]
        if len(set(orients)) != 2:
            raise NoParse("two orientations")
        rest = tuple(p for p in parts if not (isinstance(p, Token) and p.type == "ORIENT"))
        return _build_np(rest + (("filt", {"orientation": orients}),))

    def k_no_attacked_np(self, w: NP) -> list:
        # CR 803.2: not chosen as the object of an attack until end of turn
        if w.kind == "ref" and w.ref == "self":
            raise NoParse("this card: st_no_attacked")
        return [{"grant": {"what": w, "flags": ["cannot_be_attacked"], "until": tc.EOT}}]

    def k_to_owners_bottom(self, w: NP) -> list:
        return tc.k_bottom(w)  # each card to its owner's deck (CR 302.5), in the order they choose (302.4)

    @staticmethod
    def _player_of(tok: Token) -> tuple:
        # "that owner", "that caster's controller": the owner (CR 105.2) or the controller (CR
        # 105.3) of the card named before
        role = "controller" if str(tok).lower().endswith("controller") else "owner"
        return ("@player_of", f"{role}_of", NP("ref", ref="it"))

    def k_player_of_draws(self, who: Token, n: Token) -> list:
        return [{"draw": {"n": _n(n), "player": self._player_of(who)}}]  # CR 1006.1

    def k_player_of_to_casters(self, who: Token, *parts: Token) -> list:
        p = self._player_of(who)
        n = next((_n(x) for x in parts if x.type == "NUMBER_WORD"), 1)
        move: dict[str, Any] = {"what": NP("all", {"zone": "deck", "player": p, "top": n}), "to": "casters",
                                "face": "down", "player": p}
        if any(x.type == "REST_ORIENT" for x in parts):
            move["orientation"] = "rested"
        return [{"move": move}]

    def c_played_type(self, who: Token, typ: Token) -> dict:
        # the cards the player played this turn (each a spell as it was played, CR 312.3), of that
        # type; casters are called, not played (CR 504.1)
        t = str(typ).lower()
        if t == "caster":
            raise NoParse("a caster is called")
        spec: dict[str, Any] = {"key": "cards_played", "of": {"type": t}}
        if str(who).lower() != "you":
            spec["player"] = "enemy"
        return {"record": spec}

    def w_one_controlled(self, kind: dict, by: Token) -> tuple:
        side = "allied" if str(by).lower().startswith("you ") else "enemy"
        return ("servant", side, 1, kind)

    def k_draw_that_many(self) -> list:
        return [{"@that_many": "draw"}]

    def s_if_self_orient(self, orient: Token, e: list) -> list:
        return self.s_if({"is": ["self", {"orientation": str(orient).lower()}]}, e)  # CR 303.1

    @v_args(meta=True, inline=False)
    def if_may(self, meta: Any, children: list) -> list:
        return self.s_may(meta, children)

    def s_if_may(self, c: dict, e: list) -> list:
        return self.s_if(c, e)

    def k_p_loses_game(self, p: str) -> list:
        if p not in ("enemy", "you"):
            raise NoParse("who loses")
        return [{"lose_game": p}]  # CR 103.1

    def c_they_no_orbs(self) -> dict:
        return {"player_value": {"key": "orbs", "player": "enemy", "max": 0}}  # CR 309

    def s_if_you_do_if(self, e: list, c: dict) -> list:
        return self.s_if_you_do(self.s_if_after(e, c))

    def c_no_cards_but_casters(self) -> dict:
        return self.c_no_spells()  # CR 312.3: the cards played are the spells (casters are called, 504.1)


def _quoted_name(q: Token) -> str:
    # a name quoted at the end of a sentence may hold its full stop ("Luna Esperansa.")
    return str(q).strip('"').rstrip(".")


def _build_np(parts: tuple) -> NP:
    """A selector from the parts of a noun phrase (CR 201.4, 206.3: a type or race named without a
    zone is in the field; CR 105.4: "allied"/"enemy" name a controller, or a zone's player)."""
    kind, n, up_to = None, 1, False
    among = revealed = False
    filt: dict[str, Any] = {}
    head = None
    races: list | None = None
    plural_races = False
    each = False
    for p in parts:
        if isinstance(p, tuple) and len(p) == 4:
            kind, n, up_to, extra = p
            each = bool(extra.get("each"))
            if extra.get("other"):
                filt["other"] = True
        elif isinstance(p, Token):
            head = str(p).lower()
        elif p[0] == "mod":
            w = p[1]
            if w in ("allied", "enemy"):
                filt["controller"] = "you" if w == "allied" else "enemy"
            elif w in ("rested", "recovered", "reversed"):
                filt["orientation"] = w
            elif w.startswith("non-"):
                filt["not_orientation"] = w[4:]
            elif w == "other":
                filt["other"] = True
            elif w == "revealed":
                revealed = True  # "all revealed Genjis from among them": of the cards revealed
            elif w.replace(" ", "-") in ("face-down", "face-up"):
                filt["face"] = w[5:]  # CR 303.2: "face down" / "face-up", with or without the hyphen
            else:
                filt["element"] = w
        elif p[0] == "non_race":
            filt["where"] = {"not": {"is": ["it", {"race": p[1]}]}}
        elif p[0] == "lv":
            filt["level"] = p[1]
        elif p[0] == "races":
            races = p[1]
            plural_races = len(p) > 2
        elif p[0] == "among":
            among = True
        elif p[0] == "filt":
            filt.update(p[1])
        elif p[0] == "zone":
            if "zone" in filt:
                raise NoParse("two zones")
            filt["zone"] = p[1]
            if p[2]:
                filt["player"] = p[2]
    if among:
        if "zone" in filt:
            raise NoParse("two zones")
        filt["zone"], filt["in"] = "deck", "$among_revealed" if revealed else "$among"
    elif revealed:
        raise NoParse("revealed, not from among them")
    plural = False
    if head is not None and " " in head:
        # "a conjure spell": a card of that type in the chase zone (CR 312.3)
        typ_word, spell = head.split()
        plural = spell == "spells"
        filt["type"], filt["zone"] = typ_word, "chase"
        head = None
    if head is not None:
        plural = head in tc._PLURAL_HEADS
        typ = tc._HEADS[head]
        if typ == "@orb":
            filt.setdefault("zone", "orbs")
            if "controller" in filt:
                filt["player"] = filt.pop("controller")
        elif typ == "@spell":
            filt["zone"] = "chase"  # CR 312.3
        elif typ is not None:
            filt["type"] = typ
    if races:
        filt["race"] = races[0] if len(races) == 1 else races
    if "zone" in filt and filt["zone"] not in ON_FIELD and "controller" in filt and "player" not in filt:
        filt["player"] = filt.pop("controller")
    if kind is None:
        if not plural and not (head is None and races and (plural_races or races[-1].endswith("s"))):
            raise NoParse("a singular noun needs a quantifier")
        kind = "all"
    elif kind == "all" and not plural and head is not None and not each:
        raise NoParse("all + singular")
    if kind == "choose" and plural and n == 1 and not up_to:
        raise NoParse("a plural chosen")
    return NP(kind, filt, n=n, up_to=up_to)


_SEM = CasterSemantics()


def _transform(tree: Any) -> Any:
    """The meaning of a parse tree; of several readings (``_ambig``), the first that has one."""
    if isinstance(tree, Token):
        return tree
    if tree.data == "_ambig":
        last: Exception | None = None
        for alt in tree.children:
            try:
                return _transform(alt)
            except NoParse as e:
                last = e
        raise last if last is not None else NoParse("no reading")
    kids = [_transform(c) for c in tree.children]
    try:
        return _SEM._call_userfunc(tree, kids)
    except VisitError as e:
        if isinstance(e.orig_exc, NoParse):
            raise e.orig_exc from None
        raise


def _mentions_revealed(x: Any) -> bool:
    """Does a sentence name the cards revealed by a "reveal cards ... until" ("the servant revealed
    this way", "all other cards revealed this way")?"""
    if isinstance(x, NP):
        return x.kind == "ref" and x.ref == "revealed"
    if isinstance(x, dict):
        return "@shuffle_revealed" in x or any(_mentions_revealed(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(_mentions_revealed(v) for v in x)
    return False


def _revealed_in(block: list) -> bool:
    return any("reveal_until" in x for x in block if isinstance(x, dict))


def _run(sents: list, asm: Asm, do: list) -> None:
    """Sentences in order; "Then, ..." after an "If ..." sentence continues its condition,
    "Otherwise, ..." is done when that condition is false, and so
    does a sentence naming the cards revealed this way when the reveal is under that condition
    ("If you do, reveal cards ... until .... Put the servant revealed this way ...": with the
    condition false nothing was revealed, CR 1004.1, 1013.2a)."""
    last_if: dict | None = None
    for items in sents:
        if items and isinstance(items[0], dict) and items[0].get("@otherwise") is True:
            # the "else" of the "If ..." sentence right before (one "Otherwise" to an "If")
            if last_if is None or "else" in last_if["if"]:
                raise NoParse("otherwise without an if")
            last_if["if"]["else"] = []
            asm.run(items[1:], last_if["if"]["else"])
            last_if = None
            continue
        starts = bool(items) and isinstance(items[0], dict) and items[0].get("@then") is True
        items = [it for it in items if not (isinstance(it, dict) and it.get("@then") is True)]
        if starts and last_if is not None:
            asm.run(items, last_if["if"]["then"])
            continue
        if last_if is not None and _revealed_in(last_if["if"]["then"]) and _mentions_revealed(items):
            asm.run(items, last_if["if"]["then"])
            continue
        before = len(do)
        asm.run(items, do)
        if len(items) == 1 and "@if" in items[0] and len(do) == before + 1 and "if" in do[-1]:
            last_if = do[-1]
        elif not starts:
            last_if = None


def _body(sents: list, kind: str, that: str | None = None) -> dict:
    asm = Asm(that=that)
    do: list = []
    plain: list = []
    for s in sents:
        if isinstance(s, tuple):  # conditional text of a conjure (CR 1111.2a, 1117.2a)
            _run(plain, asm, do)
            plain = []
            _, cond, what, body = s
            sub: list = []
            if what == "instead":
                # "... instead" replaces the instruction before it
                if not do:
                    raise NoParse("instead of nothing")
                asm.run(body, sub)
                do.append({"if": {"cond": cond, "then": sub, "else": [do.pop()]}})
            else:
                _run(body, asm, sub)
                do.append({"if": {"cond": cond, "then": sub}})
        else:
            plain.append(s)
    _run(plain, asm, do)
    tc._no_open_search(do)
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
            raise NoParse("a rider of an activated ability on an automatic ability")
        if once:
            flags["per_turn"] = 1  # CR 906.2
    elif kind == "spell" and (flags or zones):
        raise NoParse("a rider of an ability on a card's own effect")
    spec.update(flags)
    if zones:
        spec["@zones"] = zones
    return spec


#: the paragraph being read (prompts and option texts are quoted from it), and the card's name
_SOURCE = CasterFamilies.source
_NAME = [""]


def _text_of(part: Any, meta: Any, lead: str) -> str:
    """The printed words of a part of the paragraph (after its leading word ``lead``)."""
    if meta.empty:
        raise NoParse("no text")
    t = _SOURCE[0][meta.start_pos:meta.end_pos].strip().rstrip(".")
    if lead and t.lower().startswith(lead):
        t = t[len(lead):].strip()
    return t


def _parse(line: str) -> Any:
    _SOURCE[0] = line
    got = _PARSER.parse(line, "paragraph")
    if got is NO_PARSE:
        raise NoParse(line)
    return got


def compile_paragraph(line: str, out: Compiled, card_type: str, effect_sents: list) -> None:
    tree = _parse(line)
    alts = tree.children if tree.data == "_ambig" else [tree]
    err: Exception | None = None
    for alt in alts:
        try:
            _paragraph(alt, line, out, card_type, effect_sents)
            return
        except NoParse as e:
            err = e
    raise err if err is not None else NoParse(line)


def _paragraph(tree: Tree, line: str, out: Compiled, card_type: str, effect_sents: list) -> None:
    _assemble(tree.data, _transform(tree), line, out, card_type, effect_sents)


def _assemble(kind: str, got: Any, line: str, out: Compiled, card_type: str, effect_sents: list) -> None:
    """The ability (or keywords, or part of a conjure's effect) a paragraph's meaning makes."""
    if kind == "keyword_line":
        for k in got.children:
            out.add_kw(k)
        return
    if kind == "auto":
        on, *sents = got.children
        that = None
        if isinstance(on, dict):
            on = dict(on)
            that = on.pop("@that", None)
        spec = _body(sents, "auto", that)
        tc.check_paid_banish(spec, spec.get("cost") or [])
        if on in ("enter", "last_words"):
            out.add_kw(on)  # CR 1106, 1107
        zones = spec.pop("@zones", None)
        if on in ("last_words", "destroyed"):
            spec = tc._subst_self(spec)
        ab: dict[str, Any] = {"auto": {"on": on, **spec}, "text": line}
        if zones:
            ab["zones"] = zones
        out.abilities.append(ab)
        return
    if kind == "activated":
        cost, *sents = got.children
        spec = _body(sents, "activated")
        zones = spec.pop("@zones", None)
        tc.check_paid_banish(spec, cost)
        spec = {"cost": cost, **spec}
        do = spec["do"]
        if do and all("produce" in i for i in do) and "target" not in spec and "choose" not in spec:
            spec["aether"] = True  # CR 907.1: no target and produces aether
        ab = {"activated": spec, "text": line}
        if zones:
            ab["zones"] = zones
        out.abilities.append(ab)
        return
    if kind == "call_replacement":
        if card_type != "caster":
            raise NoParse("only a caster is called")
        out.abilities.append({"replacement": {
            "replace": {"event": "move", "to": "casters", "cause": ["call", "level_up"], "player": "you"},
            "instead": [{"move": {"what": "self", "to": "casters", "face": "up", "orientation": "recovered"}}],
            "optional": True}, "zones": ["graveyard"], "text": line})
        return
    if kind == "draw_replacement_after":
        # "If you would draw a card [during your draw phase], draw two cards instead."
        parts = list(got.children)
        when = parts.pop(0) if isinstance(parts[0], dict) and "phase" in parts[0] else None
        _draw_replacement(line, out, False, when, [parts[0]])
        return
    if kind == "draw_replacement":
        parts = list(got.children)
        when = parts.pop(0) if isinstance(parts[0], dict) else None
        may = parts.pop(0)
        _draw_replacement(line, out, str(may).lower().startswith("you may"), when, parts)
        return
    if kind == "deck_copies":
        out.extra["copies"] = got[1]  # CR 402.4
        return
    if kind == "conditional_text":
        _conditional(got, line, out, card_type, effect_sents)
        return
    if kind == "additional_cost":
        if card_type != "conjure":
            raise NoParse("an additional cost of a conjure")
        out.effect_cost.extend(got.children)  # CR 903.2h
        return
    if kind == "continuous":
        if card_type == "conjure":
            raise NoParse("a conjure's text is its effect")
        _continuous(got.children, line, out)
        return
    if kind == "pay_any_element":
        el = got.children[0]
        if el == "void":
            raise NoParse("the aether cost of no element is no element's")  # CR 209.3
        # CR 903.2g-1: the quality of this card's cost changes wherever it is played from
        out.abilities.append({"static": {"cost_mod": {"affects": {"self": True}, "any_element": el}},
                              "zones": sorted(ZONES), "text": line})
        return
    if kind == "conjure_text":
        if card_type != "conjure":
            raise NoParse("a continuous ability is not read yet")
        effect_sents.extend(got.children)
        return
    raise NoParse(line)


def _draw_replacement(line: str, out: Compiled, optional: bool, when: dict | None, bodies: list) -> None:
    """A replacement ability of each of your draws (CR 910, 1006.2), limited to a phase of your
    turn when it says "during your draw phase"; the draws it makes are not replaced again (910.3)."""
    asm = Asm()
    do: list = []
    for items in bodies:
        asm.run(items, do)
    if asm.flags or asm.targets or asm.choose is not None:
        raise NoParse(line)
    pat: dict[str, Any] = {"event": "move", "from": "deck", "to": "hand", "cause": "draw", "player": "you"}
    if when is not None:
        pat.update({"whose": "you", "cond": when})
    rep: dict[str, Any] = {"replace": pat, "instead": do}
    if optional:
        rep["optional"] = True
    out.abilities.append({"replacement": rep, "text": line})


def _conditional(got: tuple, line: str, out: Compiled, card_type: str, effect_sents: list) -> None:
    """ "[Vanity] – X" (CR 1113.2), "[DCT] N – X" (CR 1111.2), "[BINGO] – X" (CR 1117.2): X applies
    while the condition holds; a conjure's is part of its effect, checked as it resolves."""
    cond, kw, (what, body) = got
    out.add_kw(kw)
    name = kw if isinstance(kw, str) else next(iter(kw))
    display = re.sub(r"\s*[–-]\s*", " – ", line, count=1)
    if what == "keywords":
        # "[BINGO] – [Break]": the keyword while the condition holds; [Break] works from the hand
        # (CR 1111.2c, 1117.2c)
        ab: dict[str, Any] = {"static": {"grant": {"keywords": body}, "if": cond}, "keyword": name, "text": display}
        if any((next(iter(k)) if isinstance(k, dict) else k) == "break" for k in body):
            ab["zones"] = ["hand"]
        out.abilities.append(ab)
        return
    if what == "ability":
        # CR 1111.2b, 1113.2, 1117.2: an automatic or activated ability the card has while the
        # condition holds (a conjure is not in the field to have it)
        if card_type == "conjure":
            raise NoParse(line)
        tree, text = body
        sub = Compiled()
        _assemble(tree.data, tree, text, sub, card_type, [])
        if len(sub.abilities) != 1:
            raise NoParse(line)
        out.abilities.append({"static": {"grant": {"abilities": list(sub.abilities)}, "if": cond}, "keyword": name,
                              "text": display})
        return
    if card_type == "conjure":
        if what == "static":
            raise NoParse(line)
        effect_sents.append(("@cond", cond, what, body))  # CR 1111.2a, 1117.2a
        return
    if what != "static":
        raise NoParse(line)
    before = len(out.abilities)
    _continuous(body, display, out)
    for ab in out.abilities[before:]:
        st = ab["static"]
        for e in st if isinstance(st, list) else [st]:
            e["if"] = and_cond(e.get("if"), cond)
        ab["keyword"] = name


def _continuous(sentences: list, display: str, out: Compiled) -> None:
    """Continuous abilities (CR 904, 909): the effects of each sentence; effects with different
    conditions are separate abilities."""
    made = []
    for parts in sentences:
        effects = []
        for p in parts:
            if "@keyword" in p:
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
                    raise NoParse(display)
            effects.append(e)
        groups: dict[str, list] = {}
        for e in effects:
            groups.setdefault(repr(e.get("if")), []).append(e)
        for grp in groups.values():
            made.append({"static": grp[0] if len(grp) == 1 else grp, "text": display})
    out.abilities.extend(made)


def compile_text(text: str, *, card_type: str = "servant", name: str = "") -> dict:
    """Compile a card's printed text with the grammar.  Raises :class:`Uncompilable` naming the
    paragraph the grammar does not read."""
    if not _POOL_LEARNT[0]:
        _POOL_LEARNT[0] = True
        _pool_vocabulary()
    vocabulary(races=bracketed_races(text))
    out = Compiled()
    effect_sents: list = []
    _NAME[0] = name
    for line in notation(text):
        try:
            compile_paragraph(line, out, card_type, effect_sents)
        except NoParse:
            raise Uncompilable(_unread_sentence(line), name) from None
    if card_type == "conjure" and (effect_sents or out.effect_cost):
        try:
            spec = _body(effect_sents, "spell")
        except NoParse:
            raise Uncompilable(" ".join(notation(text)), name) from None
        try:
            tc.check_paid_banish(spec, out.effect_cost)
        except NoParse:
            raise Uncompilable(" ".join(notation(text)), name) from None
        if out.effect_cost:
            spec["cost"] = list(out.effect_cost)
        out.effect = spec
    elif out.effect_cost:
        raise Uncompilable("As an additional cost to play this card", name)
    return out.as_fields()


def _unread_sentence(line: str) -> str:
    """The first sentence of a paragraph the grammar does not read (after its cost or trigger),
    or the paragraph when each sentence reads alone."""
    body = line
    for sep in ("⇒", ":"):
        k = _outside_quotes(line, sep)
        if k is not None:
            body = line[k + 1:]
            break
    for sent in split_sentences(body):
        if _PARSER.parse(sent, "sentence") is NO_PARSE:
            return sent.strip()
    return line


def _outside_quotes(t: str, sep: str) -> int | None:
    quoted = False
    for i, ch in enumerate(t):
        if ch == '"':
            quoted = not quoted
        elif ch == sep and not quoted:
            return i
    return None


def compile_entry(entry: dict) -> dict:
    """As :func:`compiler.compile_entry`, with the grammar."""
    if not tc.needs_compiling(entry):
        return entry
    got = compile_text(entry["text"], card_type=str(entry.get("type", "servant")).lower(),
                       name=str(entry.get("name", "")))
    out = dict(entry)
    kws = list(entry.get("keywords", []))
    for k, v in got.items():
        if k == "keywords":
            for x in v:
                if x not in kws:
                    kws.append(x)
            out["keywords"] = kws
        else:
            out[k] = v
    return out


__all__ = ["GRAMMAR_FILE", "CasterSemantics", "Report", "Uncompilable", "compile_entry", "compile_text",
           "database_vocabulary", "learn_entry", "vocabulary"]

