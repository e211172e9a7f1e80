"""Shadowverse: Evolve's text compiler on a grammar of its templating language.

``grammar.lark`` (beside this module) is the grammar of printed SVE text, rule by rule with the
comprehensive rules' notation; :class:`SveSemantics` gives each rule its meaning in the effect
language (a Lark ``Transformer``: the meaning of a phrase is built from the meanings of its parts).
Words that are vocabulary rather than grammar — traits, classes, token names, card names — are
terminals built when the grammar is loaded, from the rules (Appendix A) and the card data
(:func:`vocabulary`); no grammar rule names a card.

The meanings of sentences are *items*, the same intermediate form the template compiler
(``compiler.py``) produces, and the same assembly (``compiler._Asm``) turns them into targets and
instructions: the two compilers differ in how they read the text, not in what the items mean.
Text the grammar does not read raises :class:`Uncompilable` naming the paragraph (never
dropped, never guessed).

    python -m tcgjudge.games.sve.grammar_compiler CARDS.xml [--failures]

reports how much of a Cockatrice database it reads (a development command: play uses
``compiler.compile_entry`` until this compiler reads at least as much, with the same results).
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
from ...cards.textcompiler import NUMBER_WORDS, NoParse, Uncompilable, cockatrice_cards
from . import assembly as tc
from .ability_zones import (
    AbilityZones,
    condition_zone,
    merge_zones,
    names_own_zone,
    split_works_in,
    static_zones,
)
from .amounts_back import AmountsBack
from .assembly import (
    BEHAVIOUR_FIELDS,
    CARD_NAME,
    EOT,
    Compiled,
    Sel,
    _Asm,
    _fill,
    _ins,
    _mentions,
    _sub_subject,
    prune,
)
from .assembly import definite_ref as _ref
from .card_costs import CardCosts
from .conditions import Conditions
from .cost_changes import CostChanges
from .counts import Counts
from .deck_positions import DeckPositions
from .delayed_on_card import DelayedOnCard
from .digs import Digs
from .durations import Durations
from .event_words import EventWords
from .evolve_deck_faces import EvolveDeckFaces
from .grants import Grants
from .later_events import LaterEvents
from .later_sets import LaterSets
from .leader_objects import LeaderObjects
from .long_tail import (
    IF_YOU_DO,
    IT_HAS,
    SELF_STAT_AGAIN,
    LongTail,
    resolve_if_you_do,
    resolve_it_has,
    resolve_stat_again,
)
from .mode_costs import ModeCosts, mode_cost, under_paid
from .moves_back import MovesBack
from .moving_costs import MovingCosts
from .notation import KEYWORDS, TOKEN_NAMES, TRIGGER_MARKERS, notation, render, split_sentences
from .nouns_amounts import NounsAmounts
from .numbers import Numbers, check_x_choice, same_kinds
from .older_tail import OlderTail
from .play_costs import PlayCosts, check_paid_names
from .random_cards import RandomCards
from .replacements import REPLACEMENT, Replacements
from .split_damage import SAME_HAVE, SplitDamage
from .statics import Statics
from .step_results import StepResults, step_refs
from .trait_digs import TraitDigs
from .trigger_events import TriggerEvents
from .turn_counts import TALLY, TurnCounts, event_tally_refs, nth_refs
from .turn_history import TurnHistory, paid_refs
from .vanguard import Vanguard
from .vocabulary import CLASSES, TRIGGERS
from .wording_variations import (
    WordingVariations,
    dotted_names,
    during_turns,
    tidy_punctuation,
    times_per_turn,
)
from .zone_moves import ZoneMoves

GRAMMAR_FILE = Path(__file__).with_name("grammar.lark")

# ------------------------------------------------------------------------------ vocabulary
_VOCAB: dict[str, dict[str, str]] = {"TRAIT": {}, "TOKEN": {}, "CARDNAME": {}}


def vocabulary(traits: Iterable[str] = (), tokens: Iterable[str] = (), names: Iterable[str] = ()) -> None:
    """Add words to the vocabulary the grammar reads: traits (2.4), token names (9.1.2.3) and card
    names (2.1) of a card database.  Appendix A's token names and the shipped pool's traits are
    always known."""
    changed = False
    for key, words in (("TRAIT", traits), ("TOKEN", tokens), ("CARDNAME", names)):
        for w in words:
            w = " ".join(str(w).split())
            if w and w.lower() not in _VOCAB[key]:
                _VOCAB[key][w.lower()] = w
                changed = True
    if changed:
        _PARSER.vocabulary_changed()


def learn_entry(entry: dict) -> None:
    """The vocabulary a card entry defines: its traits, its name (a token's name too)."""
    if not isinstance(entry, dict):
        return
    traits = []
    for key in ("traits", "trait"):  # the card format takes either (cards.FIELDS)
        t = entry.get(key) or []
        traits += [x.strip() for x in (t.split("/") if isinstance(t, str) else t) if isinstance(x, str)]
    name = entry.get("name")
    # (card names are learnt per database, not per card: a new parser per card would be slow; a
    # token's name is learnt here, as a token's name and as a card name: "each Forest Sprite token"
    # is the cards of that name (kind ``k_name``) that are tokens (9.1.2.3))
    token = [name] if entry.get("token") and isinstance(name, str) else []
    vocabulary(traits=traits, tokens=token, names=token)


def learn_entries(entries: Iterable[dict]) -> None:
    """The vocabulary of a whole card list, as an import learns it before compiling any card: each
    entry's traits and token name (:func:`learn_entry`) and every card name (2.1: a card may name
    a card printed later in the list, "If there's a XIV. Luzen, Temperance on your field")."""
    entries = [e for e in entries if isinstance(e, dict)]
    for e in entries:
        learn_entry(e)
    vocabulary(names=[e["name"] for e in entries if isinstance(e.get("name"), str)])


def _pool_vocabulary() -> None:
    from ...cards.loader import read_yaml

    pool = Path(__file__).with_name("pool")
    traits, tokens, names = [], [], []
    for f in sorted(pool.glob("*.yaml")):
        data = read_yaml(f)
        for c in data.get("cards", data) if isinstance(data, dict) else data:
            if not isinstance(c, dict):
                continue
            t = c.get("traits") or []
            traits.extend(t.split("/") if isinstance(t, str) else t)
            if isinstance(c.get("name"), str):
                names.append(c["name"])
                if c.get("token"):
                    tokens.append(c["name"])
    vocabulary(traits=[t.strip() for t in traits if isinstance(t, str)], tokens=list(TOKEN_NAMES) + tokens,
               names=names)


def _grammar() -> str:
    """The grammar, its classes (2.3, fixed by the rules) written in as a terminal."""
    return GRAMMAR_FILE.read_text(encoding="utf-8") + "\nCLASS: /" + alternation(CLASSES).replace("/", r"\/") + "/\n"


def _word_terminals() -> dict[str, str]:
    """The terminals of the words learnt from the card data (:func:`vocabulary`)."""
    return {k: alternation(v) for k, v in _VOCAB.items()}


#: the parser (built once; the word terminals change with the vocabulary) and the trees it built
_PARSER = CardTextParser("sve", _grammar, _word_terminals, ["paragraph", "spell_text", "additional_cost"])


# ------------------------------------------------------------------------------ semantics
def _num(tok: Any) -> Any:
    s = str(tok).strip()
    if s.upper() == "X":
        return "X"
    if s.lower() in NUMBER_WORDS:
        return NUMBER_WORDS[s.lower()]  # "a", "one", "two" ... "ten"
    return int(s)


def _signed(tok: Any) -> Any:
    return tc.p_signed(str(tok))


def _stats(tok: Any) -> tuple:
    a, b = str(tok).split("/")
    return (_num(a.lstrip("+")) if a.lstrip("+-").upper() == "X" else int(a),
            _num(b.lstrip("+")) if b.lstrip("+-").upper() == "X" else int(b))


class _NP:
    """A noun phrase while it is built: the parts of a selector, a count, whether it is plural."""

    def __init__(self) -> None:
        self.filt: dict[str, Any] = {}
        self.q: dict[str, Any] = {}
        self.plural = False
        self.head = False
        self.zone: Any = None
        self.owner: Any = None
        self.among = False


@v_args(inline=True)
class SveSemantics(EvolveDeckFaces, RandomCards, MovesBack, AmountsBack, Digs, CardCosts, ModeCosts, TraitDigs, AbilityZones, LaterEvents, LongTail, OlderTail, TurnHistory,
                  LaterSets, NounsAmounts,
                  PlayCosts, StepResults, TriggerEvents, WordingVariations, Replacements, CostChanges,
                  Numbers, Durations, MovingCosts, EventWords, DeckPositions, SplitDamage, TurnCounts,
                  DelayedOnCard, Counts, ZoneMoves, Statics, Vanguard, Grants, Conditions,
                  LeaderObjects, Transformer):
    """The meaning of each grammar rule (methods are named after the rules of grammar.lark)."""

    _names = _VOCAB["CARDNAME"]  # the card names of the vocabulary, as the data spells them

    # -- noun phrases -------------------------------------------------------------------
    def q_up_to(self, n: Token) -> dict:
        return {"n": _num(n), "up_to": True}

    def q_each(self) -> dict:
        return {"each": True}

    def q_any(self) -> dict:
        return {"any": True}

    def q_any_one(self) -> dict:
        return {"n": 1}  # "any card": one card, of whatever kind

    def q_another(self) -> dict:
        return {"n": 1, "other": True}

    def q_n_of_your(self, n: Token) -> dict:
        return {"n": _num(n), "controller": "you"}

    def q_n(self, n: Any) -> dict:
        return {"n": n}

    def count_word(self, *t: Token) -> Any:
        return _num(t[0]) if t else 1

    def adjective(self, t: Token) -> tuple:
        if t.type == "COST_ADJ":
            return ("qual", "cost", _num(str(t).split("-")[0]))  # "a 2-cost card", "an X-cost card" (2.5)
        return ("adj", str(t).lower())

    def k_trait(self, t: Token) -> tuple:
        return ("trait", _VOCAB["TRAIT"].get(str(t).lower(), str(t)))

    def k_name(self, t: Token) -> tuple:
        # "Aluzard, Timeworn Vampire cards": a card name before the head noun (2.1.2)
        w = _VOCAB["CARDNAME"].get(str(t).lower(), str(t))
        if t.type == "NAMEWORDS" and "," not in w:
            raise NoParse(w)  # capitalized words without a comma are a trait
        return ("name", w)

    def k_class(self, t: Token) -> tuple:
        return ("class", str(t).lower())

    def head(self, *heads: Token) -> tuple:
        return ("head", [str(h).lower() for h in heads])

    def head_leader_or_follower(self, adj: Token) -> tuple:
        return ("head", ["leader", "follower"], str(adj).lower())


    def on_field(self) -> tuple:
        return ("place", "field", None)

    def on_field_and_ex(self) -> tuple:
        return ("place", "field_and_ex", "you")

    def zone_place(self, _prep: Token, owner: Token, zone: Token) -> tuple:
        return ("place", tc._ZONE_WORDS[" ".join(str(zone).lower().split())],
                tc._OWNER_WORDS[" ".join(str(owner).lower().split())])

    def among_them(self) -> tuple:
        return ("place", "among", None)

    def q_def_max(self, n: Token) -> tuple:
        return ("qual", "def_max", _num(n))

    def q_cost_max(self, n: Token) -> tuple:
        return ("qual", "cost_max", _num(n))

    def q_cost(self, n: Token) -> tuple:
        return ("qual", "cost", _num(n))

    def q_different_name(self) -> tuple:
        return ("qual", "not_name", CARD_NAME)

    def quant(self, q: dict) -> dict:
        return q

    def np_one(self, *parts: Any) -> Sel:
        return _build_sel(parts)

    def np_name(self, *parts: Any) -> Sel:
        # a card name (2.1.2): "a Tokai Teio", "a Puppet on your field"
        q = parts[0] if parts and isinstance(parts[0], dict) else {}
        rest = parts[1:] if q else parts
        name_tok, extra = rest[0], rest[1:]
        name = _VOCAB["CARDNAME"].get(str(name_tok).lower(), str(name_tok))
        if not q:
            raise NoParse(name)
        if name_tok.type == "NAMEWORDS" and (name.lower() in _VOCAB["TRAIT"] or name.lower() in _VOCAB["TOKEN"]
                                            or name.lower() in CLASSES or name.lower() in KEYWORDS):
            raise NoParse(name)  # a word of the vocabulary is read as what the data says it is
        filt: dict[str, Any] = {"name": name}
        for p in extra:
            if p[0] == "place":
                if p[1] == "field":
                    if p[2] is not None:
                        filt["controller"] = p[2]
                elif p[1] == "among":
                    filt["zone"], filt["in"] = "deck", "$look"
                else:
                    filt["zone"] = p[1]
                    if p[2] is not None:
                        filt["player"] = p[2]
            elif p[0] == "qual":
                filt[p[1]] = p[2]
        _extreme(filt)
        s = Sel(filt)
        if q.get("each"):
            s.each, s.n = True, None
        else:
            s.n = q.get("n", 1)
            s.up_to = bool(q.get("up_to"))
        return s

    def np_name_or(self, q: dict, a: Token, b: Token, *extra: Any) -> Sel:
        first, second = self.np_name(q, a, *extra), self.np_name(q, b, *extra)
        names = [first.filt["name"], second.filt["name"]]
        if names[0] == names[1]:
            raise NoParse("or")
        first.filt["name"] = names
        return first

    def np_or(self, a: Sel, b: Sel) -> Sel:
        # "a X follower or a Y follower [place]": the place written last holds for both
        fa, fb = dict(a.filt), dict(b.filt)
        for k in ("controller", "zone", "player", "in"):
            if k in fb and k not in fa:
                fa[k] = fb[k]
        if (a.n, a.up_to, a.each) != (b.n, b.up_to, b.each):
            raise NoParse("or")
        differ = [k for k in set(fa) | set(fb) if fa.get(k) != fb.get(k)]
        if len(differ) != 1 or differ[0] not in ("trait", "class", "name", "type") or any(
                differ[0] not in f for f in (fa, fb)):
            return self.np_or_either(a, fa, fb)  # descriptions that differ in more ways (nouns_amounts)
        k = differ[0]
        va = fa[k] if isinstance(fa[k], list) else [fa[k]]
        vb = fb[k] if isinstance(fb[k], list) else [fb[k]]
        fa[k] = va + [v for v in vb if v not in va]
        out = Sel(fa)
        out.n, out.up_to, out.each, out.plural = a.n, a.up_to, a.each, a.plural
        return out

    # -- references ------------------------------------------------------------------------

    def ref_self(self) -> str:
        return "self"

    def ref_your_leader(self) -> dict:
        return {"zone": "leader", "controller": "you"}

    def ref_sel_leader(self) -> dict:
        return {"zone": "leader", "controller": "$sel"}

    def np_bare(self, *parts: Any) -> tuple:
        return parts

    def np_and(self, a: tuple, b: tuple) -> tuple:
        # "every spell and Onmyoji card in your cemetery": a card of either kind, counted once
        sa, sb = _build_sel(({"each": True},) + a), _build_sel(({"each": True},) + b)
        fa, fb = dict(sa.filt), dict(sb.filt)
        _place_written_last(fa, fb)
        common = {k: v for k, v in fa.items() if fb.get(k) == v}
        da = {k: v for k, v in fa.items() if k not in common}
        db = {k: v for k, v in fb.items() if k not in common}
        if not da or not db or any(k in ("controller", "zone", "player", "in", "other") for k in (*da, *db)):
            raise NoParse("and")  # two kinds of card in one place
        common["where"] = {"or": [{"is": ["it", da]}, {"is": ["it", db]}]}
        u = Sel(common)
        u.each, u.n, u.plural = True, None, True
        return (("union", u),)

    def ref_each_and(self, a: tuple, b: tuple) -> list:
        # "each enemy leader and enemy follower on the field": "each" governs both
        return [_build_sel(({"each": True},) + a).filt, _build_sel(({"each": True},) + b).filt]

    # -- values ----------------------------------------------------------------------------
    def number(self, n: Token) -> Any:
        return _num(n)

    def count(self, s: Sel) -> dict:
        if not s.each:
            raise NoParse("the number of")
        if _DISTINCT in s.filt:
            # 2.1: "the number of Forestcraft spells with different names in your cemetery": the
            # different names among the cards described, each counted once
            return {"kinds": {"of": {k: v for k, v in s.filt.items() if k != _DISTINCT}, "prop": "name"}}
        return {"count": s.filt}

    def count_minus(self, s: Sel, n: Token) -> dict:
        return {"sub": [self.count(s), _num(n)]}  # "the number of cards in your deck minus 5"

    def double_count(self, s: Sel) -> dict:
        return {"mul": [2, self.count(s)]}

    def value_sel_stat_minus(self, stat: Token, n: Token) -> dict:
        return {"sub": [self.value_sel_stat(stat), _num(n)]}

    def lost_def_count(self) -> dict:
        return {"record": "lost_def"}  # 13.5.2: each time the leader's defense went down this turn

    def at_most_bare(self, n: Token, parts: tuple, place: tuple | None = None) -> dict:
        s = _build_sel(({"each": True},) + tuple(parts) + ((place,) if place else ()))
        if "zone" not in s.filt and "controller" not in s.filt:
            # "If there are 5 or less cards" says neither where nor whose: it counted every card
            # of the game; refused rather than guessed (2.6)
            raise NoParse("or less: which cards")
        return {"count": {"of": s.filt, "max": _num(n)}}

    def at_most_bare_pre(self, n: Token, parts: tuple) -> dict:
        return self.at_most_bare(n, parts)

    def q_including_self(self) -> tuple:
        return ("noop",)

    def stats(self, t: Token) -> tuple:
        return _stats(t)

    def keywords(self, *kws: Token) -> list:
        return [KEYWORDS[str(k).lower()] for k in kws]

    def duration(self) -> str:
        return EOT  # 7.4.8

    def pp(self, t: Token) -> Any:
        return _num(re.fullmatch(r"\[PP=(\w+)\]", str(t)).group(1))

    # -- conditions ------------------------------------------------------------------------
    def overflow(self) -> dict:
        return tc.c_overflow()

    def sanguine(self) -> dict:
        return tc.c_sanguine()  # 13.5.2.2

    def exists(self, s: Sel) -> dict:
        return tc.c_exists(s)

    def none(self, s: Sel) -> dict:
        return tc.c_none(s)

    def at_least(self, n: Token, s: Sel) -> dict:
        return tc.c_or_more(_num(n), s)

    def it_is(self, s: Sel) -> dict:
        return tc.c_is(s)

    def np_racing(self, s: Sel) -> dict:
        return tc.c_sel_racing(s)

    def it_racing(self) -> dict:
        return tc.c_racing("$sel")

    # -- clauses (their items) -----------------------------------------------------------------
    def select(self, s: Sel) -> list:
        if s.each:
            raise NoParse("select each")
        return [{"@target": s}]

    def deal(self, n: Any, w: Any) -> list:
        return tc.k_deal(n, _ref(w))

    def select_two(self, a: Sel, b: Sel) -> list:
        if a.each or b.each or a.n != 1 or b.n != 1 or a.up_to:
            raise NoParse("select two")
        if b.up_to:
            # "Select an enemy follower on the field and up to 1 Shadow Paladin follower in your
            # cemetery" (10.6.2.3.2: the second may be none; never the first card again)
            return [{"@targets": [a, b], "distinct": True}]
        return [{"@targets": [a, b]}]

    def select_two_up_to(self, n: Token, a: tuple, m: Token, b: tuple) -> list:
        if _num(n) != 1 or _num(m) != 1:
            raise NoParse("select up to N and up to M")
        sa, sb = (_build_sel(({"n": 1, "up_to": True},) + parts) for parts in (a, b))
        _place_written_last(sa.filt, sb.filt)
        return [{"@targets": [sa, sb], "distinct": True}]

    def ref_nth(self, t: Token) -> str:
        return "$first" if "first" in str(t).lower() else "$second"

    def value_nth_stat(self, who: Token, stat: Token) -> dict:
        return {"prop": ["$first" if "first" in str(who).lower() else "$second",
                         "atk" if str(stat).lower() == "attack" else "def"]}

    def deal_two_refs(self, n: Token, a: Any, m: Token, b: Any) -> list:
        return tc.k_deal(_num(n), _ref(a)) + tc.k_deal(_num(m), _ref(b))  # 5.13

    def deal_ref_equal(self, *parts: Any) -> list:
        *refs, v = parts
        w = _ref(refs[0]) if len(refs) == 1 else tc._ref_list(_ref(refs[0]), _ref(refs[1]))
        return tc.k_deal(v, w)

    def give_stats_and_leader(self, w: Any, st: tuple, n: Token) -> list:
        return tc._give(_ref(w), st, [], [], None, None) + tc.k_leader(_signed(n))

    def leader_def_equal(self, *parts: Any) -> list:
        return tc.k_leader(parts[-1])  # 2.8: the leader's defense goes up by the value

    def k_not_class(self, t: Token) -> tuple:
        return ("not_class", str(t).lower())

    def k_not_trait(self, t: Token) -> tuple:
        return ("not_trait", _VOCAB["TRAIT"].get(str(t).lower(), str(t)))

    def cost_max_pp(self, n: Token) -> list:
        return [{"do": tc.k_max_pp(-_num(n))}]  # 10.4.7.4: done as the cost of the ability

    def cost_discard_self(self) -> list:
        return [{"discard": "self", "@from": "hand"}]  # 10.3.4: an ability that works from the hand

    def deal_it(self, n: Any) -> list:
        return tc.k_deal_it(n)

    def deal_sel(self, _pronoun: Token, n: Any) -> list:
        return self.deal(n, "$sel")

    def deal_divided(self, n: Token) -> list:
        return tc.k_deal_divided(_num(n))

    def destroy(self, w: Any) -> list:
        return tc.k_destroy(_ref(w))

    def banish(self, w: Any) -> list:
        return tc.k_banish(_ref(w))

    def return_hand(self, w: Any) -> list:
        return tc.k_return(_ref(w))

    def engage(self, w: Any) -> list:
        return tc.k_engage(_ref(w))

    def refresh(self, w: Any) -> list:
        return tc.k_refresh(_ref(w))

    def give_defense(self, w: Any, n: Token, until: str | None = None) -> list:
        return tc._give(_ref(w), (0, _signed(n)), [], [], None, until)

    def give_stats_to(self, st: tuple, w: Any, until: str | None = None) -> list:
        return tc._give(_ref(w), st, [], [], None, until)

    def give_stats(self, w: Any, st: tuple, until: str | None = None) -> list:
        return tc._give(_ref(w), st, [], [], None, until)

    def give_stats_per(self, w: Any, st: tuple, parts: tuple) -> list:
        n = self.count(_build_sel(({"each": True},) + tuple(parts)))
        if not all(isinstance(x, int) for x in st):
            raise NoParse("stats")
        per = tuple(0 if x == 0 else (n if x == 1 else {"mul": [x, n]}) for x in st)
        return tc._give(_ref(w), per, [], [], None, None)

    def give_keywords(self, w: Any, kws: list, until: str | None = None) -> list:
        return tc._give(_ref(w), None, kws, [], None, until)

    def give_stats_keywords(self, w: Any, st: tuple, kws: list, until: str | None = None) -> list:
        return tc._give(_ref(w), st, kws, [], None, until)

    def leader_def(self, n: Token) -> list:
        return tc.k_leader(_signed(n))

    def draw(self, n: Any) -> list:
        return tc.k_draw(n)

    def each_draw(self, n: Any) -> list:
        return tc.k_pdraw("each", n)

    def discard(self, n: Any) -> list:
        return tc.k_discard(n)

    def discard_random(self, n: Any) -> list:
        return tc.k_pdiscard("you", n, random=True)  # 5.18.1

    def tokens(self, n: Any, name: Token) -> dict:
        return {"names": [_VOCAB["TOKEN"].get(str(name).lower(), str(name))], "n": n, "up_to": False}

    def token_pair_n(self, n: Any, a: Token, m: Any, b: Token) -> dict:
        if n != m:
            raise NoParse("tokens")
        return {"names": [_VOCAB["TOKEN"].get(str(x).lower(), str(x)) for x in (a, b)], "n": n, "all": True}

    def token_pair(self, n: Any, *names: Token) -> dict:
        if n != 1:
            raise NoParse("tokens")
        return {"names": [_VOCAB["TOKEN"].get(str(x).lower(), str(x)) for x in names], "n": 1, "all": True}

    def summon_tokens(self, t: dict) -> list:
        return tc.k_summon_tokens(t)

    def ex_tokens(self, t: dict) -> list:
        return tc.k_ex_tokens(t)

    def field_or_ex(self, n: Token, name: Token) -> list:
        return tc.k_field_or_ex({"names": [_VOCAB["TOKEN"].get(str(name).lower(), str(name))], "n": _num(n),
                                 "up_to": True})

    def token_choice(self, n: Any, *names: Token) -> dict:
        if n != 1:
            raise NoParse("a choice of tokens")
        return {"names": [_VOCAB["TOKEN"].get(str(x).lower(), str(x)) for x in names], "n": 1, "choice": True}

    def mill(self, n: Any = 1) -> list:
        return tc.k_to_cemetery({"zone": "deck", "player": "you", "top": n})

    def to_cemetery(self, w: Any) -> list:
        return tc.k_to_cemetery(_ref(w))

    def summon_ref(self, w: Any) -> list:
        return tc.k_summon_ref(_ref(w))  # 5.4.1

    def to_hand(self, w: Any) -> list:
        return tc.k_to_hand(_ref(w))

    def look(self, n: Any = 1) -> list:
        return tc.k_look(n)

    def reveal(self, w: Any) -> list:
        w = _ref(w)
        if isinstance(w, dict) and "top" in w:
            return [{"reveal": {"what": w, "as": "$new"}}]  # "it": the card revealed (5.8)
        return [{"reveal": w}]


    def max_pp(self, n: Token) -> list:
        return tc.k_max_pp(_num(n))

    def evolve_cost(self, n: Token) -> list:
        return tc.k_evolve_cost(_num(n))

    def evolve_cost_turn(self, n: Token) -> list:
        return tc.k_evolve_cost(_num(n), EOT)

    def evolve_cost_its(self, n: Token) -> list:
        return tc.k_evolve_cost(_num(n), EOT, "$it")

    def no_refresh(self, w: Any, *_: Token) -> list:
        return [{"no_refresh": {"what": _ref(w)}}]  # 7.2.3

    def no_damage(self, w: Any, *rest: Any) -> list:
        until = rest[-1]
        return [{"damage_mod": {"to": _ref(w), "prevent": True, "until": until}}]


    def search_two_ex(self, s: Sel, name: Token) -> list:
        if s.each or s.up_to or s.n != 1 or set(s.filt) != {"name"}:
            raise NoParse("search for two named cards")
        b = self.np_name({"n": 1}, name)
        return tc.k_search_ex(s) + tc.k_search_ex(b)  # 5.7: each name found is put there


    def draw_up(self, n: Token) -> list:
        return tc.k_draw_up(_num(n))  # 5.9.3

    def recover_pp(self, n: Token) -> list:
        return tc.k_recover(_num(n))  # 5.14

    def evolve(self, w: Any) -> list:
        return tc.k_evolve(_ref(w))  # 5.15

    def transform(self, w: Any, t: dict) -> list:
        if len(t["names"]) != 1:
            raise NoParse("transform into one kind of token")
        return tc.k_transform(_ref(w), t["names"][0])  # 5.16

    def transform_into(self, w: Any, name: Token) -> list:
        return tc.k_transform(_ref(w), _VOCAB["TOKEN"].get(str(name).lower(), str(name)))  # 5.16

    def box(self, w: Any) -> list:
        return tc.k_box(_ref(w))  # 5.30

    def maneuver(self, w: Any) -> list:
        return tc.k_maneuver(_ref(w))  # 5.31

    def bury_ref(self, w: Any) -> list:
        if isinstance(w, Sel):
            return tc.k_bury(w) if not w.each else tc.k_bury_ref(w.filt)  # 5.33.1
        return tc.k_bury_ref(w)

    def extra_turn(self) -> list:
        return tc.k_extra_turn()  # 5.27

    def shuffle_in(self, w: Any) -> list:
        return tc.k_shuffle_in(_ref(w))

    def to_ex(self, w: Any) -> list:
        return tc.k_to_ex(_ref(w))

    def to_owner_ex(self, w: Any) -> list:
        return tc.k_put_owner_ex(_ref(w))

    def discard_hand(self) -> list:
        return [{"discard": {"all": True}}]  # 5.11.1: every card in the hand

    def discard_np(self, s: Sel) -> list:
        return tc.k_discard_sel(s)

    def gain_ep(self, n: Any) -> list:
        return tc.k_gain_ep(n)

    def give_keywords_stats(self, w: Any, kws: list, st: tuple, until: str | None = None) -> list:
        return tc._give(_ref(w), st, kws, [], None, until)

    def ref_enemy_leader(self) -> dict:
        return {"zone": "leader", "controller": "enemy"}

    def ref_its_leader(self) -> dict:
        return {"zone": "leader", "controller": "$it"}

    def rest_bottom(self) -> list:
        return tc.k_rest_bottom()

    def rest_cemetery(self) -> list:
        return tc.k_rest_cem()

    # -- counters, Stack, drive checks, Lesson, racing (15.1, 13.3.2.4, 14.2-14.4) ----------------
    def place_counters(self, n: Any, word: Token, w: Any) -> list:
        return tc.k_counter((n, str(word).lower()), _ref(w))  # 15.1.3

    def remove_counters(self, n: Any, word: Token, w: Any) -> list:
        return tc.k_uncounter((n, str(word).lower()), _ref(w))

    def add_stack(self, n: Token) -> list:
        return tc.k_add_stack(_num(n))  # 13.3.2.4

    def drive_check(self, n: Token | None = None) -> list:
        return tc.k_drive_check(_num(n) if n is not None else 1)  # 14.4.5

    def lesson(self, n: Any) -> list:
        return tc.k_lesson(_num(n) if isinstance(n, Token) else n)  # 14.3.2

    def race(self, w: Any) -> list:
        return tc.k_race(_ref(w))  # 14.2.3

    def serve(self, w: Any) -> list:
        return tc.k_serve(_ref(w))  # 14.2.1

    def serve_n(self, _n: Token, n: Any) -> list:
        return tc.k_serve_n(n)

    def give_drive(self, w: Any) -> list:
        return tc.k_give_drive(_ref(w))  # 14.4.7.3

    # -- a player's actions ---------------------------------------------------------------------
    def player(self, t: Token) -> str:
        return _PLAYERS[" ".join(str(t).lower().split())]

    def each_top_or_bottom(self, p: str) -> list:
        return tc.k_each_top_or_bottom(p)

    def p_top_or_bottom(self, p: str, w: Any) -> list:
        return tc.k_p_top_or_bottom(p, _ref(w))

    def top_or_bottom(self, w: Any) -> list:
        return tc.k_top_or_bottom(_ref(w))

    def p_bury(self, p: str, s: Sel) -> list:
        return tc.k_pbury(p, s)  # 5.33

    def select_opponent(self) -> list:
        return tc.k_select_opponent()

    def p_reveal_hand(self, p: str) -> list:
        return tc.k_reveal(None, p)

    def p_discard_it(self, p: str) -> list:
        return tc.k_pdiscard_it(p)

    def p_discard(self, p: str, n: Any) -> list:
        return tc.k_pdiscard(p, n)

    def p_discard_random(self, p: str, n: Any) -> list:
        return tc.k_pdiscard(p, n, random=True)  # 5.18.1

    def p_draw(self, p: str, n: Any) -> list:
        return tc.k_pdraw(p, n)

    def p_mill(self, p: str, n: Any = 1) -> list:
        return tc.k_pmill(p, n)

    def p_ex_tokens(self, p: str, t: dict) -> list:
        return tc._token_items(t, "ex_area", player=p)

    def p_summons(self, p: str, t: dict) -> list:
        return tc.k_p_summons(p, t)

    def summon_their(self, t: dict) -> list:
        return tc.k_summon_their(t)

    def p_look(self, p: str) -> list:
        return tc.k_plook(p)

    def p_may_summon(self, p: str) -> list:
        return tc.k_may_summon(p)

    def play_free(self, w: Any) -> list:
        return tc.k_play_free(_ref(w))

    def cost_less_turn(self, w: Any, n: Token, until: str) -> list:
        return tc.k_cost_less(_ref(w), _num(n), until)

    def cost_less(self, w: Any, n: Token) -> list:
        return tc.k_cost_less(_ref(w), _num(n))

    def summon_engaged(self, w: Any) -> list:
        return tc.k_summon_engaged(_ref(w))

    def give_quoted(self, w: Any, *rest: Any) -> list:
        kws = rest[0] if rest and isinstance(rest[0], list) else []
        quoted = [r for r in rest if isinstance(r, Token)]
        until = rest[-1] if rest and isinstance(rest[-1], str) and not isinstance(rest[-1], Token) else None
        ab, marks = _granted(str(quoted[0])[1:-1])
        return tc._give(_ref(w), None, kws + [m for m in marks if m not in kws], [ab], None, until)

    def give_quoted_only(self, w: Any, q: Token, until: str | None = None) -> list:
        ab, marks = _granted(str(q)[1:-1])
        return tc._give(_ref(w), None, marks, [ab], None, until)

    def give_trait(self, w: Any, *parts: Any) -> list:
        st = parts[0]
        rest = parts[1:]
        if isinstance(st, Token):  # "+N defense"
            st = (0, _signed(st))
        trait = str(rest[0])
        until = rest[1] if len(rest) > 1 else None
        return tc._give(_ref(w), st, [], [], trait, until)

    def give_kw_if(self, w: Any, kws: list, c: dict, st: Any) -> list:
        if _ref(w) != "$it":
            raise NoParse("give it")
        if isinstance(st, Token):
            st = (0, _signed(st))
        return [{"grant": {"what": "$it", "keywords": kws}},
                {"@if": c, "then": [_ins("modify", what="$it", atk=st[0], **{"def": st[1]})]}]

    def altered(self) -> list:
        return tc.s_altered()

    # -- conditions -------------------------------------------------------------------------------
    def ref_racing(self, w: Any) -> dict:
        return tc.c_racing(_ref(w))

    def leader_low(self, n: Token) -> dict:
        return tc.c_leader_low(_num(n))

    def leader_high(self, n: Token) -> dict:
        return tc.c_leader_high(_num(n))

    def leader_is(self, n: Token) -> dict:
        return tc.c_leader_is(_num(n))

    def has_counters(self, n: Any, word: Token) -> dict:
        return tc.c_counters((n, str(word).lower()))

    def your_turn(self) -> dict:
        return tc.c_your_turn()

    def their_turn(self) -> dict:
        return tc.c_their_turn()

    def max_pp_is(self, who_has: Token, n: Token) -> dict:
        n = _num(n)
        who = ["you", "enemy"] if str(who_has).lower().startswith("each") else ["you"]
        conds = [{"player_value": {"key": "max_pp", "player": p, "min": n, "max": n}} for p in who]
        return conds[0] if len(conds) == 1 else {"and": conds}

    def hand_at_least(self, n: Token) -> dict:
        return tc.c_hand(_num(n))

    def at_least_bare(self, n: Token, parts: tuple) -> dict:
        s = _build_sel(({"each": True},) + tuple(parts))
        if s.filt.pop(_DISTINCT, False):
            # "at least 5 Forestcraft spells with different names": the number of names among
            # the cards counted (2.1: a name is a characteristic; cards of one name count once)
            return {"count": {"of": s.filt, "min": _num(n), "distinct": "name"}}
        return tc.c_at_least((_num(n), s))

    def at_least_same(self, n: Token) -> dict:
        return {"count": {"of": _SAME_COUNT, "min": _num(n)}}  # filled in by _same_counts

    def on_your_field(self, s: Sel) -> dict:
        return tc.c_on_your_field(s)

    def on_the_field(self, s: Sel) -> dict:
        return tc.c_on_field(s)

    # -- values -----------------------------------------------------------------------------------
    def played_but_this(self) -> dict:
        return {"sub": [self.played(), 1]}

    def played(self) -> dict:
        # the cards you've played this turn: the count Combo reads (13.2.1.2), this card included
        return {"record": {"key": "played"}}

    def returned_count(self) -> dict:
        return {"len": "returned"}

    def half_count(self, s: Sel) -> dict:
        return {"half": self.count(s)}

    def choice_up_to(self, n: Any) -> dict:
        return {"up_to": n}

    def choice_count(self, n: Any) -> Any:
        return n

    # -- references -------------------------------------------------------------------------------
    def ref_and(self, a: Any, b: Any) -> list:
        return tc._ref_list(_ref(a), _ref(b))

    def ref_leaders(self, t: Token) -> dict:
        return dict(tc._LEADERS[" ".join(str(t).lower().split())])

    def ref_sel(self, *_: Token) -> str:
        return "$sel"

    def ref_it(self, *_: Token) -> str:
        return "$it"

    def ref_top(self, n: Token | None = None) -> dict:
        return {"zone": "deck", "player": "you", "top": _num(n) if n is not None else 1}

    def ref_hand(self, t: Token) -> dict:
        sel = {"zone": "hand", "player": "each" if "each player's" in str(t).lower() else "you"}
        if "follower" in str(t).lower():
            sel["type"] = "follower"  # "each follower in your hand": not the hand's other cards
        return sel

    # -- qualifiers -------------------------------------------------------------------------------
    def q_not_named(self, n: Token) -> tuple:
        return ("qual", "not_name", _VOCAB["CARDNAME"].get(str(n).lower(), str(n)))

    def q_named(self, n: Token) -> tuple:
        return ("qual", "name", _VOCAB["CARDNAME"].get(str(n).lower(), str(n)))

    def q_name_has(self, words: Token, *_: Any) -> tuple:
        # 2.1.2: 'with "Vania" in its name' is any card whose name contains the quoted words
        return ("qual", "name_has", str(words)[1:-1])

    def q_earth_rite(self) -> tuple:
        return ("qual", "earth_rite", True)

    def q_name_has_any(self, *words: Token) -> tuple:
        return ("qual", "name_has", [str(w)[1:-1] for w in words if getattr(w, "type", "") == "QUOTED_WORDS"])

    def q_different_names(self) -> tuple:
        # taken out by the counts (at_least_bare); any other noun phrase keeps it and is refused
        return ("qual", _DISTINCT, True)

    def q_you_control(self) -> tuple:
        return ("qual", "controller", "you")  # "a Puppet you control": on your field (4.4)

    def q_extreme(self, word: Token, what: Token) -> tuple:
        key = tc.STAT_KEYS[str(what).lower()]
        return ("qual", _EXTREME, (key, str(word).lower() == "lowest"))

    def adj_extreme(self, t: Token) -> tuple:
        word, what = str(t).split("-")
        return self.q_extreme(Token("EXTREME", word), Token("STAT_OR_COST", what))

    def q_def_min(self, n: Token) -> tuple:
        return ("qual", "def_min", _num(n))

    def q_atk_max(self, n: Token) -> tuple:
        return ("qual", "atk_max", _num(n))

    def q_atk_min(self, n: Token) -> tuple:
        return ("qual", "atk_min", _num(n))

    def q_with_evolve(self) -> tuple:
        return ("qual", "keyword", "evolve")


def _granted_ability(text: str) -> dict:
    """A quoted ability given to a card ('Give it "At the start of your end phase, destroy this
    card."'): one ability, read as a follower's text."""
    ab, marks = _granted(text)
    if marks:
        raise NoParse(text)
    return ab


def _granted(text: str) -> tuple[dict, list]:
    """A quoted ability given to a card, and the trigger icons it is printed with ('Give it "Last
    Words: Draw a card."'): 12.4-12.7, a card with a Last Words / Strike ability has that icon, so
    the icon's marker keyword is given with it (a marker does nothing of its own); any other
    keyword in the quotation is refused here."""
    text = text.strip()
    if text and text[-1] not in ".!?":
        text += "."  # the closing period a quotation inside a sentence leaves out
    source = _SOURCE[0]
    try:
        got = compile_text(text, card_type="follower")
    except Uncompilable:
        raise NoParse(text) from None
    finally:
        _SOURCE[0] = source
    abs_ = got.get("abilities", [])
    marks = list(got.get("keywords") or [])
    if len(abs_) != 1 or any(m not in TRIGGER_MARKERS.values() for m in marks):
        raise NoParse(text)
    return abs_[0], marks


#: the players a sentence can name as its subject (a player's action, 5.x)
_PLAYERS = {"you": "you", "each player": "each", "each opponent": "enemy", "your opponent": "enemy",
            "the opponent": "enemy", "an opponent": "enemy", "they": "$player", "that player": "$player",
            "its controller": "$sel", "their controller": "$sel", "its owner": "$sel", "each enemy": "enemy"}




#: the qualifier "with the highest (lowest) VALUE" while a noun phrase is built (``q_extreme``)
_EXTREME = "@extreme"


def _extreme(filt: dict) -> None:
    """"with the highest attack" (``q_extreme``) in a built selector: the card's value is the
    greatest (least) among the cards the rest of the selector describes (2.5, 2.7)."""
    extreme = filt.pop(_EXTREME, None)
    if extreme is None:
        return
    if "where" in filt:
        raise NoParse("'with the highest ...' and another condition")
    key, least = extreme
    most = {"of": dict(filt), "prop": key, **({"least": True} if least else {})}
    filt["where"] = {"compare": [{"prop": ["it", key]}, "==", {"most": most}]}


def _place_written_last(fa: dict, fb: dict) -> None:
    """"A and B in your cemetery": the place written last holds for both (copied into ``fa``); a
    place written first does not hold for what follows it (refused)."""
    for k in ("controller", "zone", "player", "in"):
        if k in fb and k not in fa:
            fa[k] = fb[k]
        elif k in fa and k not in fb:
            raise NoParse("and")


def _build_sel(parts: tuple) -> Sel:
    """A selector from the parts of a noun phrase, as SVE's rules read them: 4.4.3 ("on the
    field" when no zone is said), 2.2-2.4 (classes, traits), 2.3 (card types)."""
    unions = [p for p in parts if isinstance(p, tuple) and p and p[0] == "union"]
    if unions:
        if len(parts) != 2 or not isinstance(parts[0], dict) or not parts[0].get("each"):
            raise NoParse("and")
        return unions[0][1]
    q: dict = {}
    filt: dict[str, Any] = {}
    types: Any = None
    plural = False
    head_found = False
    zone = owner = None
    among = False
    kinds = []
    trait_and = False
    for p in parts:
        if isinstance(p, dict):
            q = p
        elif p[0] == "adj":
            tc.apply_adjective(filt, p[1])
        elif p[0] in ("not_class", "not_trait"):
            if "where" in filt:
                raise NoParse("non-")
            # "a non-Dragoncraft card" (2.2), "each non-Officer follower" (2.4)
            filt["where"] = {"not": {"is": ["it", {p[0][4:]: p[1]}]}}
        elif p[0] in ("trait", "class", "name"):
            kinds.append(p)
        elif p[0] == "trait_and":
            kinds.append(("trait", p[1]))  # "each Academic and Beast follower": either trait
            trait_and = True
        elif p[0] == "head":
            head_found = True
            hs = p[1]
            plural = all(h.endswith("s") for h in hs)
            base = [h[:-1] if h.endswith("s") else h for h in hs]
            if len(p) == 3:  # "leader or enemy follower"
                types = ["leader", "follower"]
                if p[2] == "enemy":
                    filt["controller"] = "enemy"
            elif base == ["token"]:
                filt["token"] = True
            elif base == ["card"]:
                pass
            elif base == ["leader"]:
                types = "leader"  # a leader is named by its zone (4.1)
            else:
                types = base[0] if len(base) == 1 else base
        elif p[0] == "head_and":
            raise NoParse("leader and follower")
        elif p[0] == "place":
            if p[1] == "among":
                among = True
            elif p[1] == "field_and_ex":
                zone, owner = ["field", "ex_area"], "you"
            else:
                zone, owner = p[1], p[2]
        elif p[0] == "qual":
            filt[p[1]] = p[2]
    if q.get("other"):
        filt["other"] = True
    if "controller" in q:
        filt["controller"] = q["controller"]
    for kind, v in kinds:
        if kind == "class":
            filt["class"] = v
        elif kind == "trait" and filt.get("token") and v.lower() in _VOCAB["TOKEN"]:
            # "a Fairy token": a word that is both a trait and a token's name names the token
            # (5.4.2, 9.1.2.3: "[token name] token"), whatever traits the database defines
            filt["name"] = _VOCAB["TOKEN"][v.lower()]
        elif kind == "trait":
            filt["trait"] = v
        elif kind == "name":
            filt["name"] = v
    if types is not None and types != "leader":
        filt["type"] = types
    if among:
        filt["zone"] = "deck"
        filt["in"] = "$look"
    if zone is not None:
        if zone == ["field", "ex_area"]:
            filt["zone"], filt["controller"] = zone, owner
        elif zone == "field":
            if owner is not None:
                filt["controller"] = owner
            ts = types if isinstance(types, list) else [types]
            if "leader" in ts:
                filt["zone"] = ["field", "leader"] if "follower" in ts else "leader"
        else:
            filt["zone"] = zone
            if owner is not None:
                filt["player"] = owner
    elif types is not None:
        ts = types if isinstance(types, list) else [types]
        if "leader" in ts and "follower" in ts:
            filt["zone"] = ["field", "leader"]
        elif "leader" in ts:
            filt["zone"] = "leader"
    if not head_found:
        raise NoParse("a noun phrase without a head")
    tc.evolve_deck_kind(filt)
    if trait_and and not (q.get("each") or (plural and not q)):
        raise NoParse("an A and B card")  # one card of both traits, or one of either: not read
    _extreme(filt)
    s = Sel(filt)
    if q.get("each"):
        s.each, s.n = True, None
    elif q.get("any"):
        s.n, s.up_to = {"count": dict(filt)}, True
    elif "n" in q:
        s.n = q["n"]
        s.up_to = bool(q.get("up_to"))
    elif plural:
        s.each, s.n = True, None
    else:
        raise NoParse("a bare singular noun is not a selection")
    s.plural = plural
    return s



#: the text being read (option texts are quoted from it)
_SOURCE = [""]


def parse(text: str, start: str = "paragraph") -> Any:
    """The parse tree of a paragraph (or of a spell's effect text) in icon form."""
    _SOURCE[0] = text
    got = _PARSER.parse(text, start)
    if got is NO_PARSE:
        raise NoParse(text)
    return got


# ------------------------------------------------------------ sentences, effects, abilities
@v_args(inline=True)
class _Sentences(SveSemantics):
    """Sentence-level meanings: lists of items; a sentence is (its class condition, its items)."""

    def joiner(self, *_: Any) -> None:
        return None

    def effects(self, *parts: Any) -> list:
        out: list = []
        for p in parts:
            if p is not None:
                out.extend(p)
        return out

    def if_then(self, c: dict, e: list) -> list:
        if any("@instead" in it for it in e):
            raise NoParse("'instead' under 'if' is a conditional replacement")
        if any("@summon_one" in it for it in e):
            # "summon one": a token named as the condition names it ("no Celestial Shikigami")
            sel = c.get("none") if isinstance(c, dict) and len(c) == 1 else None
            name = sel.get("name") if isinstance(sel, dict) else None
            if not isinstance(name, str) or name.lower() not in _VOCAB["TOKEN"]:
                raise NoParse("'summon one': one of what")
            made = tc.k_summon_tokens({"names": [_VOCAB["TOKEN"][name.lower()]], "n": 1, "up_to": False})
            e = [x for it in e for x in (made if "@summon_one" in it else [it])]
        return [{"@if": c, "then": e}]

    def none_named(self, name: Token, place: tuple) -> dict:
        # "there's no Celestial Shikigami on your field": no card of that name (2.1.2)
        s = self.np_name({"n": 1}, name, place)
        return tc.c_none(s)

    def summon_one(self) -> list:
        return [{"@summon_one": True}]

    def partial_bury(self, n: Token) -> dict:
        return {"bury": {"n": _num(n)}}  # "They bury 2 instead": the same player buries more

    def ref_costs(self, w: Any, n: Token, less_more: Token) -> dict:
        key = "cost_max" if str(less_more).lower() == "less" else "cost_min"
        return {"is": [_ref(w), {key: _num(n)}]}  # "If it costs 6 or more, ..."

    def ref_costs_parity(self, w: Any, parity: Token) -> dict:
        return {"is": [_ref(w), {"cost_odd": str(parity).lower() == "odd"}]}  # 2.5

    def select_if(self, s: Sel, c: dict, e: list) -> list:
        return self.select(s) + [{"@if": c, "then": e}]  # "Select X, if it's Y, ..." (a comma splice)

    def then(self, e: list) -> list:
        return [{"@then": True}] + e  # "Then, ...": continues the sentence before (see _run_sentences)

    def may(self, e: list) -> list:
        if e and "@pick" in e[0]:
            s = e[0]["@pick"]
            rest = e[1:]
            if rest and ("summon" in rest[0] or "put_ex" in rest[0]):
                # "You may summon X from your hand [and give it ...]": what follows is done to
                # the card put there, if one was (10.6.2.3.2)
                return [tc._pick(s, True)] + rest
            if len(rest) == 1 and "move" in rest[0] and rest[0]["move"].get("to") == "hand":
                return [tc._pick(s, True), {"reveal": "$it"}] + rest
            raise NoParse("you may reveal")
        if e and "@put_cem" in e[0] and len(e) == 1:
            return tc.k_may_put_cem(e[0]["@put_cem"])
        return [{"@may": e}]

    def and_may(self, e: list, optional: list) -> list:
        return e + self.may(optional)

    def reveal_among(self, s: Sel) -> list:
        s.filt.setdefault("in", "$look")  # "from among them": the cards looked at (5.10.1)
        s.filt.setdefault("zone", "deck")
        return [{"@pick": s}]

    def among_reveal_add(self, s: Sel) -> list:
        return self.may(self.reveal_among(s) + tc.k_to_hand("$it"))

    def among_reveal_add_must(self, s: Any) -> list:
        if isinstance(s, Token):
            s = Sel({}, _num(s))
        if s.each or s.up_to:
            raise NoParse("reveal each / up to N (not 'you may')")
        pick = self.reveal_among(s)[0]["@pick"]
        return [tc._pick(pick, False), {"reveal": "$it"}] + tc.k_to_hand("$it")

    def among_reveal_two(self, a: Sel, b: Sel) -> list:
        # "up to 1 follower and up to 1 amulet": two selections among the cards looked at, the
        # second from those the first left (5.10.1)
        if a.each or b.each:
            raise NoParse("each")
        return self.among_reveal_add(a) + self.among_reveal_add(b)

    def put_among_field(self, s: Sel) -> list:
        if s.filt.get("in") != "$look" and s.filt.get("zone") not in ("hand", "ex_area"):
            raise NoParse("put a card onto the field: which")
        return [{"@pick": s}, {"summon": {"what": "$it", "as": "$new"}}]  # 5.10.1, 5.4.1

    def put_among_ex(self, s: Sel) -> list:
        # 5.10.1: a card from among the cards looked at; 4.8: a card of your own hand or cemetery
        # ("You may put a Runecraft spell from your hand into your EX area")
        own = s.filt.get("zone") in ("hand", "cemetery") and s.filt.get("player") == "you" and not s.each
        if s.filt.get("in") != "$look" and not own:
            raise NoParse("put a card into the EX area: which")
        return [{"@pick": s}] + tc.k_to_ex("$it")  # 5.10.1, 4.8

    def put_np_cemetery(self, s: Sel) -> list:
        return [{"@put_cem": s}]

    def partial_deal(self, n: Token) -> dict:
        return {"deal": {"n": _num(n)}}

    def partial_both(self) -> dict:
        return tc.q_both()

    def partial_leader(self, n: Token) -> dict:
        return tc.q_leader(_signed(n))

    def partial_draw(self, n: Any) -> dict:
        return tc.q_draw(n)

    def partial_recover(self, n: Token) -> dict:
        return tc.q_recover(_num(n))

    def partial_summon(self, n: Token) -> dict:
        return {"token": {"n": _num(n), "zone": "field"}}  # "summon 3 instead": as many of the tokens

    def partial_give(self, st: tuple) -> dict:
        return _ins("modify", what="$it", atk=st[0], **{"def": st[1]})

    def instead(self, p: Any) -> list:
        return [{"@instead": _one_instruction(p), "cond": None}]

    def if_instead(self, c: dict, e: list) -> list:
        return [{"@instead": _one_instruction(e), "cond": c}]

    def x_is(self, v: Any) -> list:
        return [{"@x": v}]

    def overflow_ex(self) -> list:
        return [{"@overflow_ex": True}]

    def earth_rite(self, n: Any = 1) -> dict:
        return {"@earth_rite": n}  # 13.3.3.2: an optional additional cost; the effect if it was paid

    def engage_any(self) -> list:
        return tc.k_engage_any()

    def region(self, word: Token, n: Any) -> dict:
        return {tc._REGION_COND[str(word).lower()]: _num(n) if isinstance(n, Token) else n}  # 13.1-13.6: class conditions

    def sentence(self, *parts: Any) -> tuple:
        if len(parts) == 2:
            return (parts[0], parts[1])
        return (None, parts[0])

    @v_args(meta=True, inline=False)
    def option(self, meta: Any, children: list) -> tuple:
        n, *sents = children
        text = _SOURCE[0][meta.start_pos:meta.end_pos] if not meta.empty else ""
        text = re.sub(r"^\(\s*\d+\s*\)\s*", "", text).strip().rstrip(".")
        return (_num(n), list(sents), render(text))

    def choice(self, *parts: Any) -> tuple:
        head = [p for p in parts if isinstance(p, tuple) and len(p) == 2]
        opts = [p for p in parts if isinstance(p, tuple) and len(p) in (3, 4)]  # 4: with a cost (mode_costs)
        instead = [p for p in parts if isinstance(p, dict) and "@instead_n" in p]
        conds = [p for p in parts if isinstance(p, dict) and "@choice_if" in p]
        ns = [p for p in parts if not isinstance(p, tuple) and p not in instead and p not in conds]
        if conds:
            if head:
                raise NoParse("a sentence before a conditional choice")
            head = [(None, [{"@choice_if": conds[0]["@choice_if"]}])]
        n = ns[0] if ns else 1
        if instead:
            cond, m = instead[0]["@instead_n"]
            if isinstance(n, dict) and set(n) == {"up_to"} and isinstance(n["up_to"], int):
                # "Choose up to 2. If A, choose up to 3 instead." (10.10.2.5): up to M when A holds
                n = {"@if_n": cond, "then": m, "else": n["up_to"], "up_to": True}
            elif isinstance(n, dict):
                raise NoParse("choose up to N, then up to M instead")
            else:
                n = {"@if_n": cond, "then": m, "else": n}
        return ("choice", head, n, opts)

    def choice_if(self, c: dict) -> dict:
        return {"@choice_if": c}

    def choice_instead(self, c: dict, n: Any) -> dict:
        if "@earth_rite" in c:
            raise NoParse("Earth Rite over a choice")
        return {"@instead_n": (c, n)}  # 10.10.2.5: the number of options chosen changes

    def effect(self, *parts: Any) -> Any:
        if len(parts) == 1 and isinstance(parts[0], tuple) and parts[0] and parts[0][0] == "choice":
            return parts[0]
        return ("sentences", list(parts))

    # costs (10.4)
    def cost_engage(self) -> list:
        return ["engage"]

    def cost_pp(self, n: Any) -> list:
        return [{"pp": n}]

    def cost_bury_self(self) -> list:
        return [{"bury": "self"}]

    def cost_discard(self, s: Sel) -> list:
        f = {k: v for k, v in s.filt.items() if k not in ("zone", "player")}
        if not f:
            return [{"discard": s.n}]
        return [{"discard": {"n": s.n, "filter": f}}]

    def cost_leader_def(self, n: Token) -> list:
        v = _signed(n)
        if v >= 0:
            raise NoParse("a cost lowers the leader's defense")
        return [{"do": [{"leader_def": v}]}]  # 10.4.5

    # ---- fan-translation wording (grammar.lark, its last section): the printed forms' meanings
    def fan_leader_add(self, n: Token) -> list:
        return self.leader_def(Token("SIGNED", f"+{n}"))  # "add N to your leader's defense" = "give your leader +N defense"

    def fan_leader_sub(self, n: Token) -> list:
        v = _num(n)
        if not isinstance(v, int):
            raise NoParse("a number of defense")
        return tc.k_leader(-v)  # "subtract N from your leader's defense" = "give your leader -N defense"

    def fan_cost_leader_sub(self, n: Token) -> list:
        return self.cost_leader_def(Token("SIGNED", f"-{n}"))  # 10.4.5

    def fan_cost_less(self, n: Token, w: Any) -> list:
        return self.cost_less(w, n)  # "subtract N from its cost" = "it costs N less to play"

    def cost_earth_rite(self, n: Any = 1) -> list:
        return [{"earth_rite": n}]  # 13.3.3.2

    def cost_return(self, s: Sel) -> list:
        return [{"return": {"n": s.n, "filter": s.filt}}]

    def act_icon_cost(self, *items: list) -> list:
        return [x for it in items for x in it]

    def act_marker(self, *items: Any) -> list:
        quick = ["quick"] if any(isinstance(t, Token) and "quick" in str(t).lower() for t in items) else []
        return quick + [x for it in items if not isinstance(it, Token) for x in it]

    def cost_engage_cards(self, *items: list) -> list:
        return [x for it in items for x in it]  # 10.4.6: "[engage] 2 followers on your field"

    def engage_cards(self, *sels: Sel) -> list:
        out = []
        for s in sels:
            if s.each:
                raise NoParse("engage each")
            out.append({"engage": {"n": s.n, "filter": s.filt}})  # 10.4.6
        return out

    def cost_engage_np(self, got: list) -> list:
        return got

    def cost_bury_self_and(self, s: Sel) -> list:
        return [{"bury": "self"}, {"bury": {"n": s.n, "filter": s.filt}}]

    def cost_bury(self, s: Sel) -> list:
        return [{"bury": {"n": s.n, "filter": s.filt}}]  # 5.33

    def cost_banish(self, s: Sel) -> list:
        if s.each:
            raise NoParse("banish each")
        return [{"banish": {"n": s.n, "filter": s.filt}}]

    def cost_banish_self_cemetery(self) -> list:
        return [{"banish": "self", "@from": "cemetery"}]  # 10.3.4: valid in the cemetery only

    def cost_reveal(self, s: Sel) -> list:
        if s.each or s.filt.get("zone") != "hand":
            raise NoParse("reveal: a card from your hand")  # 10.4: a cost is a process the player does
        f = {k: v for k, v in s.filt.items() if k not in ("zone", "player")}
        return [{"reveal": {"n": s.n, "filter": f}}]

    def cost_lesson(self, n: Any) -> list:
        return [{"lesson": n}]  # 14.3.2

    def cost_remove_counters(self, n: Any, word: Token) -> list:
        return [{"remove_counters": {"name": str(word).lower(), "n": n}}]

    def cost_damage_leader(self, n: Token) -> list:
        return [{"do": [{"deal": {"what": {"zone": "leader", "controller": "you"}, "n": _num(n)}}]}]

    def cost_serve(self, *n: Any) -> list:
        return [{"serve": n[0] if n else 1}]  # 14.2.2.3

    def delayed(self, _w: Token, e: list) -> list:
        return tc.s_delayed_end(e)

    def once_rider(self, _t: Token) -> list:
        return tc.s_once()  # 10.7.2.2

    def twice_rider(self, _t: Token) -> list:
        return [{"@per_turn": 2}]  # 10.7.2.2

    def act_if(self, c: dict) -> list:
        return tc.s_act_if(c)

    def additional_cost(self, costs: list) -> list:
        return costs

    def act_costs(self, *items: list) -> list:
        return [x for it in items for x in it]

    def trigger_costs(self, *items: list) -> list:
        return [x for it in items for x in it]

    def body_pp(self, n: Any, effect: Any) -> tuple:
        return ([{"pp": n}], effect)  # 10.4.7.1: the trigger's optional play point cost

    def body(self, *parts: Any) -> tuple:
        if len(parts) == 2:
            return (parts[0], parts[1])
        return ([], parts[0])

    # triggers (10.1.1.2.1)
    def on_enter_field(self, _w: Token, s: Sel) -> dict:
        if s.filt == {"other": True, "type": "follower"} and not s.each and s.n == 1:
            return tc.t_other_enters()
        return tc._enters(s.filt)

    def on_you_summon(self, w: Token, s: Sel) -> dict:
        # 5.4.1: to summon a card is to put it onto your field; 5.4.3 (ii): a card played and
        # resolved is put onto the field too.  So "whenever you summon a X" is "whenever a X is put
        # onto your field", however it came (a token summoned by an effect or played from the EX
        # area, a follower played from the hand), as ``on_enter_field`` reads.
        if s.up_to:
            raise NoParse("'whenever you summon up to ...'")
        return self.on_enter_field(w, s)

    def on_leave_field(self, _w: Token, s: Sel) -> dict:
        return tc.t_leaves(s)

    def on_phase_start(self, whose: Token, phase: Token) -> dict:
        w, ph = " ".join(str(whose).lower().split()), str(phase).lower()
        if w in ("your", "your next"):
            return tc.t_main() if ph == "main" else tc.t_end()  # 7.3.1, 7.4.1
        if w == "each player's":
            return tc.t_each_main() if ph == "main" else tc.t_each_end()
        return tc.t_enemy_main() if ph == "main" else tc.t_enemy_end()

    def on_turn_start(self) -> dict:
        return tc.t_turn()

    def on_attack(self, _w: Token, s: Sel) -> dict:
        return tc.t_attacks(s)

    def on_destroyed(self, _w: Token, s: Sel) -> dict:
        return tc.t_destroyed(s)

    def on_self_event(self, _w: Token, noun: Token, ev: Token) -> dict:
        e = " ".join(str(ev).lower().split())
        return {"attacks": tc.t_strike, "is destroyed": tc.t_self_destroyed, "evolves": tc.t_evolves,
                "is banished": tc.t_self_banished, "deals damage": tc.t_deals, "takes damage": tc.t_takes,
                "begins racing": tc.t_races}[e]()

    def on_self_leaves(self, _w: Token, noun: Token) -> dict:
        return tc.t_self_leaves()

    def on_play(self, _w: Token) -> dict:
        raise NoParse("which card")

    def on_leader_damaged(self, _w: Token) -> dict:
        return tc.t_leader_damaged()

    def on_play_spell(self, _w: Token) -> dict:
        return tc.t_spell()

    def on_enemy_plays(self, _w: Token, _who: Token, s: Sel) -> dict:
        if s.each or s.up_to or s.n != 1 or s.filt.get("controller") or s.filt.get("zone"):
            raise NoParse("an opponent plays: one card of a kind")
        return tc.t_play(s, "enemy")

    def on_play_card(self, _w: Token) -> dict:
        return tc.t_card()

    def on_drive_trigger(self, _w: Token) -> dict:
        return tc.t_drive_trigger()  # 14.4.5.1.4

    def on_given_drive(self, _w: Token, _n: Token) -> dict:
        return tc.t_drive()  # 14.4.8

    def on_enemy_enter(self, _w: Token, s: Sel) -> dict:
        return tc.t_enemy_enters(s)

    def on_ally_evolves(self, _w: Token) -> dict:
        return tc.t_ally_evolves()

    def on_other_ally_evolves(self, _w: Token) -> dict:
        return {"named": "other_ally_evolves"}  # 5.15.1.2: this card, evolving, is not "another"

    def on_play_np(self, _w: Token, s: Sel) -> dict:
        return tc.t_play(s)  # 10.5: "whenever you play ..."

    def on_self_ability_damage(self, _w: Token, _n: Token) -> dict:
        return tc.t_takes_ability_damage()  # 5.13.3.3

    def on_zone_to_cemetery(self, _w: Token, s: Sel, owner: Token, zone: Token) -> dict:
        return tc.t_to_cemetery(s, tc._OWNER_WORDS[" ".join(str(owner).lower().split())],
                                tc._ZONE_WORDS[" ".join(str(zone).lower().split())])

    def st_no_attack_leader(self) -> list:
        return tc.st_no_attack_leader()

    def st_any_cost(self, parts: tuple, plays: Token, n: Token, less_more: Token) -> list:
        s = _build_sel(({"each": True},) + tuple(parts))
        who = "you" if str(plays).lower().startswith("you") else "enemy"
        return tc.st_any_cost(s, who, _num(n), str(less_more).lower() == "less")

    def st_any_cost_from_ex(self, parts: tuple, plays: Token, n: Token, less_more: Token) -> list:
        got = self.st_any_cost(parts, plays, n, less_more)
        got[0]["cost_mod"]["affects"]["played_from"] = "ex_area"  # "any card you play from the EX area"
        return got

    def st_any_named_cost(self, name: Token, plays: Token, n: Token, less_more: Token) -> list:
        s = self.np_name({"each": True}, name) if name.type != "TOKEN" else \
            Sel({"name": _VOCAB["TOKEN"].get(str(name).lower(), str(name))})
        who = "you" if str(plays).lower().startswith("you") else "enemy"
        return tc.st_any_cost(s, who, _num(n), str(less_more).lower() == "less")

    def st_no_combat_damage(self, w: Any, _d: Token) -> list:
        return tc.st_no_combat_damage(_ref(w))  # 5.13.3.2

    def st_no_ability_damage(self, w: Any, _d: Token) -> list:
        return tc.st_no_ability_damage(_ref(w))  # 5.13.3.3

    def st_no_damage(self, w: Any, _d: Token) -> list:
        return tc.st_no_damage(_ref(w))

    def st_no_attack(self) -> list:
        return tc.st_no_attack()  # 8.4.3.2.1

    def st_np_no_attack(self, s: Sel) -> list:
        if not (s.each or s.plural):
            raise NoParse("an indefinite noun phrase needs 'Select' (10.6.2.3)")
        tc._static_reach(s)
        return [dict(tc.st_no_attack()[0], affects=s.filt)]

    def st_alt_name(self, n: Token) -> list:
        return [{"@alt_name": _VOCAB["CARDNAME"].get(str(n).lower(), _VOCAB["TOKEN"].get(str(n).lower(), str(n)))}]

    def st_alt_name_on_field(self, _w: Token, _n: Token, name: Token) -> list:
        n = _VOCAB["CARDNAME"].get(str(name).lower(), _VOCAB["TOKEN"].get(str(name).lower(), str(name)))
        return [{"grant": {"names": [n]}}]  # valid on the field only (10.3.5)

    def st_copies_any(self, _w: Token) -> list:
        return tc.st_copies_any()  # 6.1.2

    def st_copies_n(self, _w: Token, n: Token) -> list:
        return tc.st_copies_n(_num(n))

    # passive abilities (10.1.1.3): each meaning is a list of parts of the effect language
    def st_while_self(self, _n: Token, x: list) -> list:
        return tc.st_while_self(x)  # 10.3.5

    def st_while(self, c: dict, x: list) -> list:
        return tc.st_while(c, x)

    def st_your_turn(self, x: list) -> list:
        return tc.st_your_turn(x)

    def st_their_turn(self, x: list) -> list:
        return tc.st_their_turn(x)

    def st_have(self, s: Sel, k: list) -> list:
        return tc.st_have(s, k)

    def st_damage_by_defense(self, s: Sel) -> list:
        return tc.st_damage_by_defense(s)

    def st_self_damage_by_defense(self, _n: Token) -> list:
        return tc.st_damage_by_defense(None)

    def st_self_have(self, _n: Token, k: list) -> list:
        return tc.st_ref_have("self", k)

    def st_stats(self, s: Sel, st: tuple) -> list:
        return tc.st_stats(s, st)

    def st_cost_less(self, s: Sel, n: Token) -> list:
        return tc.st_cost_less(s, _num(n))  # 10.2.1.3.3

    def st_cost_more(self, s: Sel, n: Token) -> list:
        return tc.st_cost_more(s, _num(n))

    def st_self_less(self, *parts: Token) -> list:
        return tc.st_self_less(_num(parts[-1]))

    def st_self_less_from_ex(self, n: Token) -> list:
        got = tc.st_self_less(_num(n))
        got[0]["@zones"] = ["ex_area", "resolution"]  # 10.3.4: valid where it is played from
        got[0]["if"] = {"is": ["self", {"played_from": "ex_area"}]}
        return got

    def st_self_less_per_name(self, n: Token, name: Token, place: tuple) -> list:
        if place[1] != "field":
            raise NoParse("where")
        filt: dict[str, Any] = {"name": _VOCAB["CARDNAME"].get(str(name).lower(),
                                                          _VOCAB["TOKEN"].get(str(name).lower(), str(name)))}
        if place[2] is not None:
            filt["controller"] = place[2]
        c = {"count": filt}
        return tc.st_self_less(c if _num(n) == 1 else {"mul": [_num(n), c]})  # 10.2.1.3.3

    def st_self_less_per(self, n: Token, parts: tuple) -> list:
        c = self.count(_build_sel(({"each": True},) + tuple(parts)))
        return tc.st_self_less(c if _num(n) == 1 else {"mul": [_num(n), c]})  # 10.2.1.3.3

    def st_self_more_per(self, n: Token, parts: tuple) -> list:
        c = self.count(_build_sel(({"each": True},) + tuple(parts)))
        return tc.st_self_more(c if _num(n) == 1 else {"mul": [_num(n), c]})  # 10.2.1.3.3

    def st_more(self, _n: Token, n: Token) -> list:
        return tc.st_more(_num(n))  # 5.13.2

    def dmg_self(self, *_: Any) -> str:
        return "self"

    def dmg_np(self, s: Sel) -> Any:
        if s.up_to or not isinstance(s.filt, dict):
            raise NoParse("damage subject")
        return s.filt  # "a Yokai follower on your field": any card the noun phrase describes

    def dk_combat(self) -> tuple:
        return ("kind", "combat")  # 5.13.3.2

    def st_takes_minus(self, who: Any, *rest: Any) -> list:
        kind = next((r[1] for r in rest if isinstance(r, tuple)), None)
        mod: dict[str, Any] = {"to": who, "n": -_num(rest[-1])}  # 5.13.2: subtracted from the damage
        if kind:
            mod["kind"] = kind
        return [{"damage_mod": mod}]

    def st_deals_plus(self, who: Any, *rest: Any) -> list:
        kind = next((r[1] for r in rest if isinstance(r, tuple)), None)
        mod: dict[str, Any] = {"by": who, "n": _num(rest[-1])}  # 5.13.2: added to the damage
        if kind:
            mod["kind"] = kind
        return [{"damage_mod": mod}]

    def st_reduce(self, *parts: Token) -> list:
        return tc.st_reduce(_num(parts[-1]))

    def st_not_by_abilities(self, _n: Token, how: Token) -> list:
        words = str(how).lower()
        flags = (["no_ability_destroy"] if "destroyed" in words else []) + \
            (["no_ability_banish"] if "banished" in words else [])
        return [{"grant": {"flags": flags}}]  # 11.3.2.1

    def ignores_ward(self) -> list:
        return tc.st_ignore_ward()

    def enters_engaged(self, *_: Token) -> list:
        return [{"@keyword": "enters_engaged"}]

    def static_sentence_if(self, x: list, c: dict) -> tuple:
        return (c, x, False)  # "This card costs 1 less to play if ..."

    def static_sentence(self, *parts: Any) -> tuple:
        instead = bool(parts) and isinstance(parts[-1], Token) and str(parts[-1]).lower() == "instead"
        if instead:
            parts = parts[:-1]
        cond = parts[0] if len(parts) == 2 else None
        return (cond, parts[-1], instead)

    # more phrases
    def q_cost_min(self, n: Token) -> tuple:
        return ("qual", "cost_min", _num(n))

    def q_keyword(self, k: Token) -> tuple:
        return ("qual", "keyword", KEYWORDS[str(k).lower()])

    def deal_two(self, n: Token, m: Token, w: Any) -> list:
        return tc.k_deal_two(_num(n), _num(m), _ref(w))

    def deal_two_if(self, n: Token, c: dict, m: Token, w: Any) -> list:
        return tc.k_deal_two_if(_num(n), c, _num(m), _ref(w))

    def no_deal(self, w: Any) -> list:
        return tc.k_no_deal(_ref(w))

    def and_if(self, a: list, c: dict, b: list) -> list:
        return tc.e_and_if(a, c, b)

    def on_self_returned(self, _w: Token) -> dict:
        return tc.t_self_returned()

    def on_player_discards(self, _w: Token, who: Token) -> dict:
        p = _PLAYERS.get(" ".join(str(who).lower().split()))
        if p not in ("you", "enemy"):
            raise NoParse("who discards")
        return {"event": "move", "from": "hand", "to": "cemetery", "cause": "discard", "player": p, "subject": {}}

    def on_discarded(self, _w: Token) -> dict:
        return tc.t_discarded()

    def value_self_stat(self, _n: Token, stat: Token) -> dict:
        return {"prop": ["self", "atk" if str(stat).lower() == "attack" else "def"]}

    def value_sel_stat(self, stat: Token) -> dict:
        return {"prop": ["$sel", "atk" if str(stat).lower() == "attack" else "def"]}


def _one_instruction(e: Any) -> dict:
    if isinstance(e, dict):
        return e
    if len(e) != 1 or not isinstance(e[0], dict) or any(k.startswith("@") for k in e[0]):
        raise NoParse("instead")
    return e[0]


_SENT = _Sentences()


def _transform(tree: Any) -> Any:
    """The meaning of a parse tree.  Card text is ambiguous; where the grammar allows several
    readings (an ``_ambig`` node), the first whose parts all have a meaning is taken — a reading
    that makes no sense ("put a spell into your cemetery" as a definite reference) is refused by
    the semantics, not by a rule written for one card."""
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
        return _SENT._call_userfunc(tree, kids)
    except VisitError as e:
        if isinstance(e.orig_exc, NoParse):
            raise e.orig_exc from None
        raise NoParse(f"no meaning for {tree.data}") from e  # refused, never guessed


# ------------------------------------------------------------------------------ assembly
#: "If there are at least 20, ...": the cards the sentence before counted
_SAME_COUNT = "@same_count"


_DISTINCT = tc.DISTINCT_NAMES


def _refuse_distinct(x: Any) -> None:
    """'with different names' is read only where a count takes it out of its noun phrase."""
    if isinstance(x, list):
        for v in x:
            _refuse_distinct(v)
    elif isinstance(x, dict):
        if _DISTINCT in x:
            raise NoParse("with different names")
        if IT_HAS in x or SELF_STAT_AGAIN in x:
            raise NoParse("'it has at least N' with no card found before")
        if tc.GROUP_TOTAL in x or tc.GROUP_DISTINCT in x:
            raise NoParse("a group's total cost or classes outside a pick among cards looked at")
        for v in x.values():
            _refuse_distinct(v)


def _same_counts(x: Any, last: list) -> Any:
    """The sentence's items with "at least N" (no noun) counting what the latest count before it
    counted; ``last`` holds that count's selector and is updated by the counts seen."""
    if isinstance(x, list):
        return [_same_counts(v, last) for v in x]
    if not isinstance(x, dict):
        return x
    out = {}
    for k, v in x.items():
        if k == "compare" and isinstance(v, list) and len(v) == 3 and isinstance(v[0], dict) and "kinds" in v[0]:
            last.append(("kinds", v[0]))  # numbers: "at least 3 cards with different base costs"
        if k == "player_value" and isinstance(v, dict) and v.get("key") == "pp" and ("min" in v or "max" in v):
            last.append(("pp", v))  # 3.2: "if you have at least 2 play points"
        if k == "count" and isinstance(v, dict) and v.get("of") == SAME_HAVE:
            # "If you have at least 4, ...": the play points counted before, at least N (split_damage);
            # after a count of cards, those cards counted again (as "If there are at least N")
            if last and isinstance(last[-1], tuple) and last[-1][0] == "pp":
                out["player_value"] = {"key": "pp", "player": last[-1][1]["player"], "min": v["min"]}
                continue
            v = {**v, "of": _SAME_COUNT}
        if k == "count" and isinstance(v, dict) and "of" in v:
            if v["of"] == _SAME_COUNT:
                if not last or last[-1] is None:
                    raise NoParse("'at least N' with nothing counted before")
                if isinstance(last[-1], tuple) and last[-1][0] == "pp":
                    raise NoParse("'at least N' after play points")
                if isinstance(last[-1], tuple):
                    # "If there are at least 6, ...": the different costs counted again (numbers)
                    out.update(same_kinds(last[-1][1], v))
                    continue
                v = {**v, "of": last[-1]}
            elif "distinct" in v:
                last.append(None)  # "at least N" after a count of names: not read
            else:
                last.append(v["of"])
            out[k] = v
        else:
            out[k] = _same_counts(v, last)
    return out


def _run_sentences(sents: list, asm: _Asm) -> list:
    """Sentences in order; a class condition heading governs the sentences after it up to the
    next heading (13.x); "instead" in a region replaces an instruction before it (10.10.2.5);
    "If A, B. Then, C." puts C under the condition of B."""
    out: list = []
    region_cond: Any = None
    region_out: list | None = None
    target = out
    last_if: dict | None = None
    counted: list = []
    found: list = []
    said: list | None = None  # the sentence before ("You may X." before "If you do, Y.")
    if_it: tuple | None = None  # what "it" named before the last "If A, X." sentence
    for region, items, continues in sents:
        items = resolve_it_has(_same_counts(items, counted), found)
        items, said = resolve_if_you_do(items, said), items
        if region is not None:
            if region_out:
                out.append({"if": {"cond": region_cond, "then": region_out}})
            if "@earth_rite" in region:
                asm.cost.append({"earth_rite": region["@earth_rite"]})  # 13.3.3.2
                region = {"paid": "earth_rite"}
            region_cond, region_out = region, []
            target = region_out
        if len(items) == 1 and "@otherwise" in items[0]:
            if if_it is not None:
                # "it" in "Otherwise, ..." is what it was in "If A, X." before X bound anything
                asm.it = if_it[0]
            _otherwise(items[0]["@otherwise"], target, asm)
            last_if = None
            continue
        if continues and last_if is not None:
            for it in items:
                asm.item(it, last_if["if"]["then"], None)
            continue
        it_at_start = asm.it
        if_it = None
        before = len(target)
        for it in items:
            if "@instead" in it and region_out is not None and target is region_out:
                asm.item(it, out, region_cond)
            else:
                asm.item(it, target, None)
        if len(items) == 1 and "@if" in items[0] and len(target) == before + 1:
            last_if = target[-1]
            if_it = (it_at_start,)
        elif not continues:
            last_if = None
    if region_out:
        out.append({"if": {"cond": region_cond, "then": region_out}})
    if asm.x_value is not None:
        # 5.2.1.2: X, once the text defines it, is that value in the sentences after too ("If X is
        # at least 3, ...")
        out[:] = [tc._replace_x(ins, asm.x_value) for ins in out]
        asm.targets[:] = [tc._replace_x(t, asm.x_value) for t in asm.targets]
    return out


def _marked(sents: list) -> list:
    """(region, items, whether the sentence starts with "Then") with the "Then" marks removed."""
    out = []
    for r, items in sents:
        starts = bool(items) and items[0].get("@then") is True
        out.append((r, _unmark(items), starts))
    return out


def _unmark(items: list) -> list:
    out = []
    for it in items:
        if it.get("@then") is True:
            continue
        if "@if" in it:
            it = {**it, "then": _unmark(it["then"])}
        elif "@may" in it:
            it = {**it, "@may": _unmark(it["@may"])}
        out.append(it)
    return out


def _body(costs: list, effect: Any, subject: str | None = None, lift_if: bool = False,
          player: str | None = None, subject_zone: str | None = None) -> tuple[dict, Any]:
    asm = _Asm(subject)
    asm.player = player
    if subject is not None and subject_zone is not None:
        asm.zones[subject] = subject_zone  # where the trigger's card went ("When this card is discarded")
    spec: dict[str, Any] = {}
    cond = None
    if effect[0] == "choice":
        _, head, n, opts = effect
        if head and head[0][1] and "@choice_if" in head[0][1][0]:
            if not lift_if:
                raise NoParse("a choice under a condition outside a triggered ability")
            # "[trigger]: If C, choose one ...": C is checked when the trigger condition is met and
            # as the ability is played, before anything is chosen (10.6.2.2.2, 10.7.3.2)
            cond = head[0][1][0]["@choice_if"]
            head = []
        up_to = isinstance(n, dict)
        if up_to and "@if_n" in n:
            # "Choose one ... If C, choose up to M instead": M (at least 1, 5.17) when C holds
            # as the options are chosen (10.6.2.2.2), else exactly N (a choice of up to N
            # options takes one at least, so "up to" changes nothing when N is 1)
            if n["else"] != 1 and not n.get("up_to"):
                raise NoParse("choose N, then up to M instead")
            n = {"if": {"cond": asm.sub(n["@if_n"]), "then": n["then"], "else": n["else"]}}
        elif up_to:
            n = n["up_to"]
        do = _run_sentences(_marked(head), asm) if head else []
        modes = []
        for k, opt in enumerate(opts, start=1):
            num, sents, mtext = opt[:3]
            if num != k:
                raise NoParse("options are numbered (1), (2), ...")
            sub = _Asm(asm.it, asm.names)
            sub.look = asm.look
            sub.zones = asm.zones
            mdo = _run_sentences(_marked(sents), sub)
            if sub.choice is not None:
                raise NoParse("a choice in an option")
            if sub.cost:
                asm.cost.extend(sub.cost)  # 10.4.7.2: an option's cost is paid when it is played
            if len(opt) == 4:
                # 10.4.7.2, 10.4.7.5: "(K) [cost]: [effect]": the option's optional cost (mode_costs)
                pay, mdo = mode_cost(k, k - 1, opt[3], mdo)
                asm.cost.append(pay)
            mode: dict[str, Any] = {"text": mtext, "do": mdo}
            if sub.targets:
                mode["targets"] = sub.targets
            modes.append(mode)
        if len(modes) < 2:
            raise NoParse("a choice of one option")
        spec["choose"] = {"n": n, "modes": modes}
        if up_to:
            spec["choose"]["up_to"] = True
    else:
        sents = effect[1]
        if lift_if and len(sents) == 1 and sents[0][0] is None and len(sents[0][1]) == 1 \
                and "@if" in sents[0][1][0] and IF_YOU_DO not in sents[0][1][0] and not costs:
            # "[trigger], if [condition], [effect]": checked when the trigger condition is met; not
            # with a cost ("Fanfare: Discard a card: If ..."): the condition is then part of the
            # effect, checked after the cost is paid (10.4.7, 10.4.7.4), which may change it
            cond = resolve_it_has(_same_counts(sents[0][1][0]["@if"], []), [])
            sents = [(None, sents[0][1][0]["then"])]
            if asm.it is None and isinstance(cond, dict) and set(cond) == {"is"} and cond["is"][0] == "self":
                # "At the start of your end phase, if this follower has at least 3 attack, refresh it":
                # "it" is the card the condition named
                asm.it = "self"
        do = _run_sentences(_marked(sents), asm)
    if asm.targets:
        spec["targets"] = asm.targets
    if "choose" not in spec and asm.choice is not None:
        spec["choose"] = {"n": 1, "modes": [{"text": lab, "do": []} for lab in asm.choice]}
    all_cost = list(costs) + asm.cost
    if all_cost:
        spec["cost"] = all_cost
    if any(isinstance(c, dict) and "earth_rite" in c for c in costs):
        do = [{"if": {"cond": {"paid": "earth_rite"}, "then": do}}]  # 13.3.3.2
        under_paid(spec, "earth_rite")  # and the chosen options (mode_costs)
    # "if you buried a spell" (an earlier step, step_results), "if you discarded a spell" (a cost)
    spec["do"] = paid_refs(step_refs(do, all_cost), all_cost)
    cond, spec["do"] = nth_refs(cond, spec["do"])  # "If it's the 2nd": the tally named before (turn_counts)
    for k, v in asm.flags.items():
        spec[k] = v
    check_x_choice(spec, all_cost)  # numbers
    return spec, cond


_SELF_TRIGGERS = tc._SELF_TRIGGERS


def _moved_to(on: Any) -> str | None:
    """The one zone a trigger's card is in when its ability resolves, where the trigger says it
    (Last Words: the cemetery; "When this card is returned to hand": the hand)."""
    if isinstance(on, str):
        ev = TRIGGERS.get(on)
    elif isinstance(on, dict):
        ev = TRIGGERS.get(on["named"]) if isinstance(on.get("named"), str) else on
    else:
        ev = None
    if not isinstance(ev, dict) or ev.get("event") != "move":
        return None
    to = ev.get("to")
    return to if isinstance(to, str) else None
def _cost_zones(costs: list) -> tuple[list, list | None]:
    """The costs without their zone marks, and the zone a cost says the ability works in
    ("banish this card from your cemetery": the cemetery, 10.3.4)."""
    zones = None
    out = []
    for c in costs:
        if isinstance(c, dict) and "@from" in c:
            if zones is not None and zones != [c["@from"]]:
                raise NoParse("two zones")
            zones = [c["@from"]]
            c = {k: v for k, v in c.items() if k != "@from"}
        out.append(c)
    return out, zones


def _auto(on: Any, body: tuple, display: str, subject: str | None = None) -> dict:
    on = dict(on) if isinstance(on, dict) else on
    zones = that_player = None
    if isinstance(on, dict):
        zones = on.pop("@zones", None)
        that_player = on.pop("@that_player", None)  # "that player" (7.3.1: each player's phase)
    tally = on.pop(TALLY, None) if isinstance(on, dict) else None  # the event's tally (turn_counts)
    costs, cost_zones = _cost_zones(body[0])
    effect, effect_zones = split_works_in(body[1])  # 10.3.4 (ability_zones)
    body = (costs, effect)
    if cost_zones is not None:
        if zones is not None and zones != cost_zones:
            raise NoParse("the ability's zone")
        zones = cost_zones
    zones = merge_zones(zones, effect_zones)
    if subject is None and (on in _SELF_TRIGGERS or (isinstance(on, dict) and (
            on.get("subject") == "self" or on.get("named") in _SELF_TRIGGERS))):
        subject = "self"
    if subject is None and names_own_zone(body[1]):
        subject = "self"  # "if this card is in your EX area, bury it" (ability_zones)
    costs, effect = body
    spec, cond = _body(costs, effect, subject, lift_if=True, player=that_player, subject_zone=_moved_to(on))
    spec, cond = event_tally_refs(spec, tally), event_tally_refs(cond, tally)  # "the Nth time this turn"
    if cond is not None:
        if "$" in str(_fill(cond, CARD_NAME, "")):
            cond = _sub_subject(cond, subject)
        # 12.4.3, 12.5.3, 10.1.1.2.1: "[trigger]: If C, E" means "When EVENT, if C, E": the "if"
        # is part of the effect, not of the trigger condition; the ability becomes pending when
        # the event happens and C is checked only as it is played (10.6.2.8.2, 10.7.3.2)
        spec["if"] = cond
        zones = merge_zones(zones, condition_zone(cond))  # 10.3.4 (ability_zones)
    out = {"auto": {"on": on, **prune(spec)}, "text": display}
    if zones:
        out["zones"] = zones
    return out


def _when(on: Any, effect: Any, display: str) -> dict:
    subject = "subject" if isinstance(on, dict) and isinstance(on.get("subject"), dict) or (
        isinstance(on, dict) and on.get("named") in ("other_follower_enters", "ally_evolves", "other_ally_evolves", "ally_destroyed")) \
        else None
    return _auto(on, ([], effect), display, subject)


def _static(sentences: list, display: str, out: Compiled) -> None:
    """Passive abilities (10.1.1.3), one per effect; a sentence's heading or "If ..." is its
    condition; "... instead" excludes the cost change before it (the two never both apply)."""
    prev_cost: list | None = None
    for cond, parts, instead in resolve_stat_again(sentences):
        if isinstance(cond, dict) and "@earth_rite" in cond:
            raise NoParse("Earth Rite on a passive ability")
        made = []
        for p in parts:
            if REPLACEMENT in p:
                # 10.2.1.3.1, 10.10.1: a replacement ability of the card (replacements.py)
                if cond is not None or instead:
                    raise NoParse("a replacement ability under a condition")
                made.append({"replacement": p[REPLACEMENT], "text": display})
                continue
            if "@keyword" in p or "@alt_name" in p or "@copies" in p:
                if cond is not None:
                    raise NoParse("a conditional keyword")
                if "@keyword" in p:
                    out.add_kw(p["@keyword"])
                elif "@alt_name" in p:
                    out.extra.setdefault("alt_names", []).append(p["@alt_name"])  # 2.13
                else:
                    out.extra["copies"] = p["@copies"]  # 6.1.2: read at deck construction only
                continue
            p = dict(p)
            zones = p.pop("@zones", None)
            if cond is not None:
                p["if"] = tc.and_cond(p.get("if"), cond)
            zones = static_zones(p, zones)  # 10.3.4 (ability_zones)
            ab: dict[str, Any] = {"static": p, "text": display}
            if zones:
                ab["zones"] = zones
            made.append(ab)
        if instead:
            if prev_cost is None or cond is None:
                raise NoParse("instead")
            for earlier in prev_cost:
                st = earlier["static"]
                st["if"] = tc.and_cond(st.get("if"), {"not": cond})
        cost_parts = [a for a in made if "cost_mod" in a.get("static", {})]
        if cost_parts:
            prev_cost = cost_parts
        out.abilities.extend(made)


#: the processes a spell's "[process]: [effect]" starts with (10.4.7.5): engaging, burying,
#: banishing, discarding, returning or putting cards ("Bury a Golem follower: Deal 3 damage to
#: ...", "Return a card on your field to its owner's hand: ...")
_SPELL_PROCESS = re.compile(r"(?i)\s*(?:\[ENGAGE\]|bury\b|banish\b|discard\b|return\b|put\b)")


def _spell_process(got: Any, chunk: str, out: Compiled, kind: str) -> None:
    """10.4.7.5, 10.1.1.4: a spell's "[process]: [effect]" ("[ENGAGE] a Swordcraft follower on
    your field: ...") is no activated ability (a spell's text is its spell ability): its controller
    may perform the process and, if they do, the effect applies.  The option is taken as the spell
    is played (nothing happens between a spell's playing and its resolution, 10.6.2.8); the
    spell's targets are selected as it is played either way (10.6.2.3)."""
    head = chunk.split(":", 1)[0]
    if kind != "activated" or out.effect is not None or not _SPELL_PROCESS.match(chunk) \
            or re.search(r"(?i)\[ACT\]|\bact\b|\[QUICK\]|\bquick\b|\[PP=", head):
        raise NoParse("a spell's process")  # read: "[ENGAGE] / Bury / Banish / Discard / Return / Put CARDS: effect" only
    costs, effect = got.children[:2]
    spec, _ = _body([], effect)
    spec["cost"] = [{"may_pay": {"as": "process", "cost": costs}}] + spec.get("cost", [])
    spec["do"] = [{"if": {"cond": {"paid": "process"}, "then": spec.get("do", [])}}]
    under_paid(spec, "process")  # and the chosen options (mode_costs)
    out.effect = prune(spec)


def _ride_written(got: Any, display: str, out: Compiled, card_type: str) -> None:
    """14.4.9.2: "Ride [cost]: [text]" means "[cost] Put a Drive Point card from your evolve deck into
    your drive zone: [text]", with an evolution point in lieu of a play point, once a game for the
    card (14.4.9.5: an evolve ability's equivalent).  The plain "Ride (N): Give this follower Drive."
    is the keyword as the rules define it (14.4.9.1); any other cost or text is kept as written."""
    if card_type != "follower":
        raise NoParse("Ride gives Drive to the follower with Ride (14.4.9.1)")
    costs, effect = got.children[:2]
    costs, act_zones = _cost_zones(costs)
    if act_zones:
        raise NoParse("Ride works on the field")
    spec, _ = _body(costs, effect)
    spec["cost"] = costs + [c for c in spec.get("cost", []) if c not in costs]
    pps = [c for c in spec["cost"] if isinstance(c, dict) and set(c) == {"pp"}]
    rest = [c for c in spec["cost"] if c not in pps]
    if len(pps) > 1:
        raise NoParse("Ride's play point cost")
    if not rest and set(spec) == {"cost", "do"} and spec["do"] == [{"give_drive": "self"}]:
        out.add_kw({"ride": pps[0]["pp"] if pps else 0})  # 14.4.9 (cards.py writes it out)
        return
    spec["cost"] = pps + rest + [{"drive_point": {}}]
    spec.update(equivalent="evolve", max_per_game=1)
    out.abilities.append({"activated": prune(spec), "keyword": "ride", "text": display})


def _ability(tree: Any, chunk: str, out: Compiled, card_type: str, quick: bool = False) -> None:
    kind = tree.data
    display = render(chunk)
    if kind == "evolve_ability":
        kids = [c for c in tree.children if getattr(c, "data", None) == "pp" or isinstance(c, Token)]
        out.add_kw({"evolve": _num(_transform(kids[0])) if kids else 0})  # 12.2
        return
    if kind in ("play_not_during", "play_only_from", "play_unless", "play_only_if", "play_not_from",
                "play_not_from_while"):
        if "play_if" in out.extra:
            raise NoParse("two restrictions on playing the card")
        out.extra["play_if"] = _transform(tree)  # 8.2.1, 1.3.3 (older_tail.py)
        return
    if kind == "play_process_less":
        costs = _transform(next(c for c in tree.children if isinstance(c, Tree)))
        n = tree.children[-1]
        if "play_process" in out.extra or not str(n).isdigit() or int(str(n)) < 1:
            raise NoParse("one process that lowers the cost by N")
        out.extra["play_process"] = {"cost": costs, "less": int(str(n))}  # 10.4.7.3
        return
    if kind == "play_process_set":  # cost_changes.py: "... : This card costs 0 to play."
        costs = _transform(next(c for c in tree.children if isinstance(c, Tree)))
        n = next(c for c in reversed(tree.children) if isinstance(c, Token) and c.type == "NUMBER")
        if "play_process" in out.extra or not str(n).isdigit():
            raise NoParse("one process that sets the cost")
        out.extra["play_process"] = {"cost": costs, "set": int(str(n))}  # 10.4.7.3, 10.10.2.4
        return
    if kind in ("evolve_into", "evolve_if"):
        kids = [c for c in tree.children if getattr(c, "data", None) == "pp" or isinstance(c, Token)]
        # a name the data defines and the same words as a name it does not are one reading
        names_tree = next(iter(tree.find_data("evolve_names")), None)
        card: dict[str, Any] = {}
        if names_tree is not None:
            # 12.2.2 with 5.15.1.1.1: the card revealed is one of the named evolved cards
            card["names"] = [_VOCAB["CARDNAME"].get(str(t).lower(), str(t)) for t in names_tree.children
                             if isinstance(t, Token) and t.type in ("CARDNAME", "NAMEWORDS")]
            if not card["names"]:
                raise NoParse("evolve into")
        elif re.search(r"(?i)\binto\b", chunk):
            raise NoParse("evolve into")
        if kind == "evolve_if":
            # 10.3.3, 10.6.2.1.2: "Activate only if ...": a condition of playing the ability (cards.py puts it
            # on the evolve ability)
            cond = _transform(tree.children[-1])
            if not isinstance(cond, dict) or _mentions(cond, CARD_NAME):
                raise NoParse("evolve condition")
            card["if"] = cond
        out.add_kw({"evolve": [{"evolve_pp": _num(_transform(kids[0])) if kids else 0}, {"evolve_card": card}]})
        return
    if kind == "evolve_costs":
        items = _transform(tree.children[0])
        pp = [c for c in items if isinstance(c, dict) and "pp" in c]
        rest = [c for c in items if not (isinstance(c, dict) and "pp" in c)]
        out.add_kw({"evolve": [{"evolve_pp": c["pp"]} for c in pp] + rest})  # 12.2: an evolve cost
        return
    if kind == "ride_ability":
        kids = [c for c in tree.children if getattr(c, "data", None) == "pp" or isinstance(c, Token)]
        out.add_kw({"ride": _num(_transform(kids[0])) if kids else 0})  # 14.4.9
        return
    if kind == "serve_ability":
        # 14.2.2.3: "[X icons] [cost]: [effect]" is "Serve this follower X times, [cost]: [effect]"
        icons = sum(1 for c in tree.children if isinstance(c, Token) and c.type == "SERVE_ICON")
        n = _transform(next(c for c in tree.children if isinstance(c, Tree)))
        spec = {"do": [{"race": "self"}], "cost": [{"serve": icons}, {"evolve_pp": n}], "equivalent": "evolve"}
        out.abilities.append({"activated": spec, "text": display})  # 14.2.2
        return
    got = _transform(tree)
    if kind == "ride_written":
        _ride_written(got, display, out, card_type)
        return
    if kind in ("activated", "activated_rider") and card_type == "spell":
        _spell_process(got, chunk, out, kind)
        return
    if kind in ("activated", "activated_rider"):
        if not re.match(r"(?i)\s*(?:\[QUICK\]\s*|quick\s+)?(?:\[ACT\]|act\b|\[ENGAGE\])", chunk):
            raise NoParse("an activated ability has the act or engage icon (10.1.1.1.1)")
        costs, effect = got.children[:2]
        costs, act_zones = _cost_zones(costs)
        effect, effect_zones = split_works_in(effect)  # 10.3.4 (ability_zones)
        act_zones = merge_zones(act_zones, effect_zones)
        spec, _ = _body(costs, effect)
        spec["cost"] = costs + [c for c in spec.get("cost", []) if c not in costs]
        if quick or "quick" in costs:
            spec["quick"] = True  # 12.3.3: Quick in front of an activated ability is that ability's
        spec["cost"] = [c for c in spec["cost"] if c != "quick"]
        if kind == "activated_rider":
            spec["once_per_turn"] = True  # 10.7.2.2
        act_zones = merge_zones(act_zones, condition_zone(spec.get("if")))  # 10.3.4 (ability_zones)
        ab = {"activated": prune(spec), "text": display}
        if act_zones:
            ab["zones"] = act_zones
        out.abilities.append(ab)
        return
    if kind == "triggered":
        marks = [str(c) for c in got.children if isinstance(c, Token)]
        body = got.children[-1]
        text = chunk
        for mk in marks:
            text = text.replace(mk, "", 1)
        text = text.strip().lstrip(",").strip()
        for mk in marks:
            name = TRIGGER_MARKERS[mk]
            out.add_kw(name)
            out.abilities.append(_auto(name, body, render(mk + " " + text)))
        return
    if kind == "when_ability":
        if card_type == "spell":
            raise NoParse("a spell's 'when' sentence is a delayed effect (10.1.1.4)")
        on, effect = got.children
        out.abilities.append(_when(on, effect, display))
        return
    if kind == "when_cost":
        if card_type == "spell":
            raise NoParse("a spell's 'when' sentence is a delayed effect (10.1.1.4)")
        on, costs, effect = got.children
        # 10.4.7.4: "When(ever) EVENT, PROCESS: EFFECT": the process is an optional cost
        out.abilities.append(_auto(on, (costs, effect), display))
        return
    if kind == "when_if_cost":
        if card_type == "spell":
            raise NoParse("a spell's 'when' sentence is a delayed effect (10.1.1.4)")
        on, cond, costs, effect = got.children
        ab = _auto(on, (costs, effect), display)
        # "[trigger], if [condition], [cost]: ...": the condition of playing it (10.1.1.2.2), as above
        ab["auto"]["if"] = tc.and_cond(ab["auto"].get("if"), cond)
        out.abilities.append(ab)
        return
    if kind == "static_ability":
        _static(got.children, display, out)
        return
    if kind == "during_when_ability":
        if card_type == "spell":
            raise NoParse("a spell's 'when' sentence is a delayed effect (10.1.1.4)")
        turn_of, on, effect = got.children
        ab = _when(on, effect, display)
        out.abilities.append(during_turns(ab, "yours" if str(turn_of).lower() == "your" else "theirs"))
        return
    if kind == "when_during_ability":
        if card_type == "spell":
            raise NoParse("a spell's 'when' sentence is a delayed effect (10.1.1.4)")
        on, turn_of, effect = got.children
        ab = _when(on, effect, display)  # "Whenever EVENT during your turn, ...": as "During your turn, whenever"
        out.abilities.append(during_turns(ab, "yours" if str(turn_of).lower() == "your" else "theirs"))
        return
    if kind == "during_when_cost":
        if card_type == "spell":
            raise NoParse("a spell's 'when' sentence is a delayed effect (10.1.1.4)")
        turn_of, on, costs, effect = got.children
        ab = _auto(on, (costs, effect), display)  # 10.4.7.4: the process is an optional cost
        out.abilities.append(during_turns(ab, "yours" if str(turn_of).lower() == "your" else "theirs"))
        return
    if kind in ("once_when_ability", "twice_when_ability", "times_when_ability"):
        *n, once, on, effect = got.children
        times = n[0] if n else 1 if kind == "once_when_ability" else 2
        ab = _when(on, effect, display)
        out.abilities.append(times_per_turn(ab, times, once))  # 10.7.2.2 (wording_variations)
        return
    raise NoParse(chunk)


def compile_paragraph(line: str, out: Compiled, card_type: str, effect_lines: list[str]) -> None:
    """A line of text: one ability (10.1.1), or several printed on one line — ability icons that
    start a sentence (12.1.2), or a sentence that starts an ability of its own — each read alone."""
    try:
        _one_paragraph(line, out, card_type, effect_lines)
        return
    except NoParse as e:
        err = e
    for parts in _run_on_splits(line):
        trial = copy.deepcopy(out)
        trial_lines = list(effect_lines)
        try:
            for part in parts:
                _one_paragraph(part, trial, card_type, trial_lines)
        except NoParse:
            continue
        out.keywords, out.abilities, out.extra, out.effect = trial.keywords, trial.abilities, trial.extra, trial.effect
        effect_lines[:] = trial_lines
        return
    raise err


_MARKER = re.compile(r"\[(?:FANFARE|LASTWORDS|ONEVOLVE|STRIKE|FSTRIKE|LSTRIKE|ONRACE|ONDRIVE|ACT|EVOLVE|SERVE|RIDE)\]"
                     r"|\bAct\b(?=\s*(?:\[|[A-Z][^.:]*:))")
#: a sentence that starts an ability of its own (10.1.1.2.1, 10.1.1.3)
_ABILITY_START = re.compile(
    r"(?:at the start of|whenever|when |while |once (?:on each|per turn)|this (?:follower|card|amulet)(?:'s)? "
    r"(?:name|is put|ignores|can't|cannot|costs|doesn't)|(?:ward|storm|rush|assail|intimidate|drain|bane|aura|stack)\.)",
    re.IGNORECASE)


def _run_on_splits(line: str) -> list[list[str]]:
    """Ways to cut a line into paragraphs: before an ability icon that starts a sentence, then
    before a sentence that starts an ability."""
    cuts = []
    for m in _MARKER.finditer(line):
        before = line[:m.start()].rstrip()
        if m.start() > 0 and before.endswith((".", '"')):
            cuts.append(m.start())
    out = []
    if cuts:
        bounds = [0] + cuts + [len(line)]
        out.append([line[a:b].strip() for a, b in zip(bounds, bounds[1:]) if line[a:b].strip()])
    sents = _sentences(line)
    starts = [i for i in range(1, len(sents)) if _ABILITY_START.match(sents[i])]
    if starts:
        bounds = [0] + starts + [len(sents)]
        out.append([" ".join(sents[a:b]) for a, b in zip(bounds, bounds[1:])])
    if cuts and starts:
        pieces = []
        for part in out[0]:
            ss = _sentences(part)
            st = [i for i in range(1, len(ss)) if _ABILITY_START.match(ss[i])]
            bounds = [0] + st + [len(ss)]
            pieces.extend(" ".join(ss[a:b]) for a, b in zip(bounds, bounds[1:]))
        out.append(pieces)
    return out


_LEAD_KEYWORDS = re.compile(r"^((?:(?:\[QUICK\]|quick|ward|storm|rush|assail|intimidate|drain|bane|aura)\.?\s+)+)"
                            r"(?!\[ACT\]|\[ENGAGE\]|\[PP=|act\b)(?=\S)", re.IGNORECASE)


def _one_paragraph(line: str, out: Compiled, card_type: str, effect_lines: list[str]) -> None:
    try:
        tree = parse(line, "paragraph")
    except NoParse:
        if card_type == "spell":
            m = _LEAD_KEYWORDS.match(line)
            if m:  # a spell's keywords (Quick, 12.3) written before its effect on one line
                for w in re.findall(r"\[QUICK\]|[a-z]+", m.group(1), re.IGNORECASE):
                    out.add_kw("quick" if w.upper() in ("[QUICK]", "QUICK") else KEYWORDS[w.lower()])
                line = line[m.end():]
            effect_lines.append(line)
            return
        raise
    alts = tree.children if tree.data == "_ambig" else [tree]
    err: Exception | None = None
    for alt in alts:
        trial = copy.deepcopy(out)
        try:
            _paragraph(alt, line, trial, card_type)
        except NoParse as e:
            err = e
            continue
        out.keywords, out.abilities, out.extra, out.effect = trial.keywords, trial.abilities, trial.extra, trial.effect
        return
    if card_type == "spell":
        effect_lines.append(line)  # not an ability of the spell: part of its effect (10.1.1.4)
        return
    raise err if err is not None else NoParse(line)


def _paragraph(tree: Any, line: str, out: Compiled, card_type: str) -> None:
    kids = list(tree.children)
    for i, ch in enumerate(kids):
        if ch.data == "_ambig":
            # several readings of one ability: the first that has a meaning
            err: Exception | None = None
            for alt in ch.children:
                if not ch.meta.empty:
                    alt.meta.start_pos, alt.meta.end_pos = ch.meta.start_pos, ch.meta.end_pos
                    alt.meta.empty = False
                trial = copy.deepcopy(out)
                lead = kids[i - 1:i] if i > 0 and kids[i - 1].data == "quick_keyword" else []
                try:
                    _paragraph(Tree("paragraph", lead + [alt] + kids[i + 1:]), line, trial, card_type)
                except NoParse as e:
                    err = e
                    continue
                out.keywords, out.abilities, out.extra, out.effect = trial.keywords, trial.abilities, trial.extra, trial.effect
                return
            raise err if err is not None else NoParse(line)
        if ch.data == "keyword_sentence":
            for kw in ch.children:
                out.add_kw(KEYWORDS[" ".join(str(kw).lower().split())])
        elif ch.data == "stack_restated":
            if "stack" not in out.keywords:
                raise NoParse("Stack's abilities without the keyword (13.3.2.2)")
        elif ch.data == "quick_keyword":
            if i + 1 < len(kids) and kids[i + 1].data == "activated":
                continue  # 12.3.3: the Quick of the activated ability that follows
            out.add_kw("quick")
        else:
            # an ability runs to the end of its paragraph (keyword sentences come before it)
            # (from the end of the sentence before it: Lark may place a rule whose words are all
            # anonymous at its first named part, "This card costs 1 less ..." at "1")
            prev = kids[i - 1].meta.end_pos if i > 0 and not kids[i - 1].meta.empty else 0
            chunk = line[min(prev, _start(ch)):].lstrip() if not ch.meta.empty else line
            quick = i > 0 and kids[i - 1].data == "quick_keyword"
            if quick:
                chunk = line[kids[i - 1].meta.start_pos:ch.meta.end_pos]
            _ability(ch, chunk, out, card_type, quick)


def _start(tree: Tree) -> int:
    """Where an ability's text begins: its first word.  (Lark gives a rule whose first part is
    ambiguous the position of its first unambiguous part, e.g. the effect after the trigger.)"""
    starts = [t.start_pos for t in tree.scan_values(lambda v: isinstance(v, Token)) if t.start_pos is not None]
    return min([tree.meta.start_pos, *starts])


_POOL_LEARNT = [False]

#: a spell's additional cost (10.4.7.1), printed on its own line above the rule in the newer template
_ADDITIONAL_COST = re.compile(r"(?i)as an additional cost to play this card\b|you may play this card for \d+ more play points?\b")


def _sentences(text: str) -> list[str]:
    """A paragraph's sentences; a period inside a card name of the vocabulary ends none (2.1)."""
    return split_sentences(text, dotted_names(_VOCAB))


def compile_text(text: str, *, card_type: str = "follower", name: str = "") -> dict:
    """Compile a card's printed text with the grammar: the card fields it stands for
    (``keywords``, ``abilities``, ``effect`` for a spell).  Raises :class:`Uncompilable` naming
    the paragraph the grammar does not read.  A text that does not read as written is read once
    more with its punctuation noise removed (repeated or missing final periods:
    ``wording_variations.tidy_punctuation``); the error is the one of the text as written."""
    try:
        return _compile_text(text, card_type=card_type, name=name)
    except Uncompilable:
        tidy = tidy_punctuation(text or "")
        if tidy == (text or ""):
            raise
        try:
            return _compile_text(tidy, card_type=card_type, name=name)
        except Uncompilable:
            pass
        raise


def _compile_text(text: str, *, card_type: str = "follower", name: str = "") -> dict:
    if not _POOL_LEARNT[0]:
        _POOL_LEARNT[0] = True
        _pool_vocabulary()
    src = notation(text or "")
    out = Compiled()
    lines: list[str] = []
    for ln in src.split("\n"):
        if not ln.strip():
            continue
        if lines and re.match(r"^\(\d\)", ln.strip()):
            lines[-1] += " " + ln.strip()  # a "choose" option on its own line (5.17.1.1)
        else:
            lines.append(ln.strip())
    effect_lines: list[str] = []
    if card_type == "spell" and any(re.fullmatch(r"-{3,}", ln) for ln in lines):
        # a spell's abilities above a rule, its spell text below (10.1.1.4)
        k = next(i for i, ln in enumerate(lines) if re.fullmatch(r"-{3,}", ln))
        # 10.6.2.5.1.4: the additional cost printed above the rule is part of playing the spell:
        # it is read with the spell text below (10.4.7.1)
        head = [ln for ln in lines[:k] if _ADDITIONAL_COST.match(ln)]
        lines = [ln for ln in lines[:k] if ln not in head] + lines[k:]
        k -= len(head)
        effect_lines.extend(head)
        for ln in lines[:k]:
            _wrap(name, ln, lambda ln=ln: compile_paragraph(ln, out, "follower", []))
        lines = lines[k + 1:]
    for ln in lines:
        if card_type != "spell" and re.fullmatch(r"-{3,}", ln):
            continue  # a rule printed between a card's abilities (those above work from the hand, 10.3.4)
        _wrap(name, ln, lambda ln=ln: compile_paragraph(ln, out, card_type, effect_lines))
    if card_type == "spell" and effect_lines:
        body = " ".join(effect_lines)

        def go() -> None:
            got = _transform(parse(body, "spell_text"))
            extra_cost = got.children[0] if len(got.children) == 2 else []
            spec, _ = _body([], got.children[-1])
            if extra_cost:
                spec["cost"] = extra_cost + spec.get("cost", [])  # 10.4.7.1
            if out.effect is not None:
                raise NoParse("a spell's process with another effect")  # one spell ability (10.1.1.4)
            out.effect = prune(spec)
        _wrap(name, body, go)
    fields = out.as_fields()
    try:
        check_paid_names(fields)  # play_costs
    except NoParse:
        sent = next((x for x in _sentences(src.replace("\n", " "))
                     if re.search(r"(?i)paid this card's additional cost|played this card for", x)), src)
        raise Uncompilable(render(sent.strip()), name) from None
    try:
        _refuse_distinct(fields)
    except NoParse:
        sent = next((x for x in _sentences(src.replace("\n", " ")) if "different names" in x.lower()), src)
        raise Uncompilable(render(sent), name) from None
    if _mentions(fields, CARD_NAME):
        if not name:
            raise Uncompilable(render(src), name)
        fields = _fill(fields, CARD_NAME, name)
    return fields


#: words of later sets for concepts the comprehensive rules 1.16.0 do not define: text that uses them
#: is refused saying so (Super-Evolve, Super Evolution Points; 12 lists the ability icons there are)
_UNDEFINED = re.compile(r"(?i)\bsuper[- ]evol(?:ve|ved|ves|ution)\b")


def _wrap(name: str, text: str, fn: Any) -> None:
    try:
        fn()
    except (NoParse, RecursionError):
        for sent in _sentences(text):
            m = _UNDEFINED.search(sent)
            if m:
                raise Uncompilable(f"{render(sent.strip())} ({m.group(0)}: not in the comprehensive rules 1.16.0)",
                                   name) from None
        raise Uncompilable(render(_unread_sentence(text)), name) from None


def _unread_sentence(line: str) -> str:
    """The first sentence of a paragraph that the grammar does not read on its own (as an ability
    or as an effect), or the whole paragraph when each of its sentences reads alone (then it is
    how they go together that is not read)."""
    sents = _sentences(line)
    if len(sents) < 2:
        return line
    options = re.search(r"\(1\)", line) is not None
    for sent in sents:
        sent = re.sub(r"^\(\d+\)\s*", "", sent.strip())  # an option of a choice (5.17.1.1)
        if options and re.search(r"(?i)\bchooses? (?:one|up to \w+|\w+) of the following\b", sent):
            continue  # the heading of the choice: read with its options
        if options and re.search(r"(?i)(?:^|\]\s*)choose (?:\d+|one|up to \w+)\.?$", sent.strip()):
            continue  # the newer template's heading "Choose 1." / "Choose up to 2."
        if all(_PARSER.parse(sent, start) is NO_PARSE for start in ("paragraph", "spell_text", "additional_cost")):
            return sent.strip()
    return line


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
    got = compile_text(text, card_type=str(entry.get("type", "follower")).lower(), name=str(entry.get("name", "")))
    out = dict(entry)
    for k, v in got.items():
        if k == "alt_names":
            out["alt_names"] = list(entry.get("alt_names", [])) + v
        else:
            out[k] = v
    return out


def database_vocabulary(path: str | Path) -> None:
    """Learn the traits, token names and card names a Cockatrice database defines."""
    traits, tokens, names = [], [], []
    for get in cockatrice_cards(Path(path)):
        bits = [b.strip() for b in get("prop/type").split("|")]
        name = re.sub(r"\s*\((?:Evolved?|U)\)\s*", " ", get("name")).strip()
        names.append(name)
        if "Token" in bits:
            tokens.append(name)
        for b in bits:
            if " - " in b:
                traits.extend(t.strip() for t in b.split(" - ", 1)[1].split("/"))
        tr = get("prop/type")
        if " - " in tr:
            traits.extend(t.strip() for t in re.split(r"[/|]", tr.split(" - ", 1)[1]))
    vocabulary(traits=[t for t in traits if t and t.lower() not in ("token", "evolve")], tokens=tokens,
               names=names)


__all__ = ["GRAMMAR_FILE", "SveSemantics", "Uncompilable", "compile_entry", "compile_text", "database_vocabulary",
           "learn_entries", "learn_entry", "parse", "vocabulary"]


# ------------------------------------------------------------ the newer official template (BP21)
@v_args(inline=True)
class _NewerTemplate(Transformer):
    """The meanings of the rules of grammar.lark's section "the newer official template": each the
    meaning of the earlier template's form it restates (added to :class:`SveSemantics`)."""

    def cost_engage_self(self, _n: Token) -> list:
        return ["engage"]  # 10.4.6: "{ENGAGE} this": engage this card

    def cost_banish_self(self, _n: Token) -> list:
        return [{"banish": "self"}]  # 5.6 as a cost (10.4.7)

    def k_trait_or(self, a: Token, b: Token) -> tuple:
        got = [_VOCAB["TRAIT"].get(str(t).lower(), str(t)) for t in (a, b)]
        return ("trait", got if got[0] != got[1] else got[0])  # 2.4: a card with either trait

    def k_trait_and(self, a: Token, b: Token) -> tuple:
        return ("trait_and", [_VOCAB["TRAIT"].get(str(t).lower(), str(t)) for t in (a, b)])




    def deal_them_each(self, n: Any) -> list:
        return tc.k_deal_it(n)


    def np_kind_token(self, *parts: Any) -> Sel:
        return _build_sel(parts + (("adj", "token"),))

    def total_count(self, s: Sel) -> dict:
        return self.count(s)

    def token_choice_each(self, n: Any, a: Token, b: Token) -> dict:
        return self.token_choice(n, a, b)

    def ref_item(self, w: Any) -> Any:
        return w

    def deal_list(self, n: Any, *items: Any) -> list:
        out: list = []
        for w in items:
            out = tc._ref_list(out, _ref(w))
        return tc.k_deal(n, out)


    def at_least_word(self, n: Token, parts: tuple) -> dict:
        return self.at_least_bare(str(NUMBER_WORDS[str(n).lower()]), parts)

    def repeat_quoted(self, n: Token, q: Token) -> list:
        # "Do the following N times. "EFFECT"": the quoted effect is an effect of the card's own
        # ability (no ability of its own), read as a spell's effect and performed N times
        times = NUMBER_WORDS.get(str(n).lower()) or _num(n)
        source = _SOURCE[0]
        try:
            got = compile_text(str(q)[1:-1], card_type="spell")
        except Uncompilable:
            raise NoParse(str(q)) from None
        finally:
            _SOURCE[0] = source
        eff = got.get("effect")
        if set(got) != {"effect"} or not isinstance(eff, dict) or set(eff) != {"do"} or _mentions(eff, "$it"):
            raise NoParse(str(q))  # a selection or a pronoun inside the repeated effect: not read
        return [{"repeat": {"n": times, "do": eff["do"]}}]


    def remaining_pp(self) -> dict:
        return {"player_value": {"key": "pp", "player": "you"}}  # 3.2.2: the play points left

    def if_instead_and(self, c: dict, p: Any, n: Token, w: Any) -> list:
        return [{"@instead": _one_instruction(p), "cond": c}, {"@if": c, "then": tc.k_deal(_num(n), _ref(w))}]

    def otherwise(self, e: list) -> list:
        return [{"@otherwise": e}]

    def draw_revealed(self) -> list:
        return [{"@draw_revealed": True}]  # read only by an "Otherwise" after a reveal (_otherwise)


def _otherwise(items: list, target: list, asm: _Asm) -> None:
    """"Otherwise, Y." after "If A, X.": the instruction before is that "if"; Y is its "else"."""
    last = target[-1] if target else None
    if not (isinstance(last, dict) and set(last) == {"if"} and "else" not in last["if"]):
        raise NoParse("'Otherwise' with no 'If' before it")
    if any("@draw_revealed" in it for it in items):
        # the card revealed from the top of the deck, unmoved when the condition does not hold
        rev = target[-2] if len(target) >= 2 else None
        what = rev.get("reveal", {}).get("what") if isinstance(rev, dict) and isinstance(rev.get("reveal"), dict) else None
        if what != {"zone": "deck", "player": "you", "top": 1} or len(items) != 1:
            raise NoParse("'the revealed card' is not the top card of the deck")
        last["if"]["else"] = [{"draw": 1}]
        return
    sub: list = []
    asm.run(items, sub)
    if not sub:
        raise NoParse("Otherwise")
    last["if"]["else"] = sub


for _k, _v in vars(_NewerTemplate).items():
    if not _k.startswith("_"):
        setattr(SveSemantics, _k, _v)
