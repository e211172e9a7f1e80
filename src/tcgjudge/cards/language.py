"""The effect language: its vocabulary and the checks that keep card files honest.

Cards are data (DESIGN principle 7).  An ability is a mapping in YAML; its
instructions are one-key mappings (``draw: 2``, ``destroy: t``); selectors,
values and conditions are small mappings too.  This module declares every
word of the language with the shape of its arguments, and validates a parsed
card against it, so a card file with an unknown word or a misshapen argument
is rejected with the file, the card and the path of the field (DESIGN
principle 8).

A :class:`Vocabulary` holds the words one game understands: the core words
here plus the words its game package adds (``produce`` aether for Caster,
``deal`` damage for SVE, ...).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..kernel.decisions import brief


class CardError(ValueError):
    """A card file, card entry or ability that does not fit the format."""


# Argument shapes -----------------------------------------------------------
VALUE = "value"  # a number, "X", or a value expression
PLAYER = "player"  # you | enemy | each | active | owner-of-REF ...
REF = "ref"  # an object reference (name bound earlier) or a selector
SELECTOR = "selector"
COND = "cond"
BLOCK = "block"  # a list of instructions
STR = "str"
INT = "int"
BOOL = "bool"
ANY = "any"
ZONE = "zone"
TRIGGER = "trigger"
STRS = "strs"  # a string or a list of strings


@dataclass
class OpSpec:
    """One instruction: its argument keys and their shapes.

    ``short`` is the key a scalar argument stands for (``draw: 2`` means
    ``draw: {n: 2}``); ``required`` lists the keys that must be present.
    """

    name: str
    args: dict[str, str]
    short: str | None = None
    required: tuple[str, ...] = ()
    doc: str = ""


@dataclass
class Vocabulary:
    """The words one game understands."""

    ops: dict[str, OpSpec] = field(default_factory=dict)
    filters: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    conds: dict[str, str] = field(default_factory=dict)
    triggers: dict[str, dict] = field(default_factory=dict)  # named trigger -> pattern
    trigger_keys: dict[str, str] = field(default_factory=dict)
    costs: dict[str, str] = field(default_factory=dict)
    keywords: dict[str, str] = field(default_factory=dict)  # keyword -> param shape ("" for none)
    statics: dict[str, str] = field(default_factory=dict)
    zones: set[str] = field(default_factory=set)
    players: set[str] = field(default_factory=set)
    ability_keys: dict[str, str] = field(default_factory=dict)
    #: the durations an effect may have (``until:``)
    durations: set[str] = field(default_factory=set)
    #: names the engine binds by itself (the trigger's subject, ...), usable as references and
    #: values without the card binding them
    names: set[str] = field(default_factory=set)

    def extend(self, other: Vocabulary) -> Vocabulary:
        v = Vocabulary(dict(self.ops), dict(self.filters), dict(self.values), dict(self.conds),
                       dict(self.triggers), dict(self.trigger_keys), dict(self.costs),
                       dict(self.keywords), dict(self.statics), set(self.zones), set(self.players),
                       dict(self.ability_keys))
        v.ops.update(other.ops)
        v.filters.update(other.filters)
        v.values.update(other.values)
        v.conds.update(other.conds)
        v.triggers.update(other.triggers)
        v.trigger_keys.update(other.trigger_keys)
        v.costs.update(other.costs)
        v.keywords.update(other.keywords)
        v.statics.update(other.statics)
        v.zones |= other.zones
        v.players |= other.players
        v.ability_keys.update(other.ability_keys)
        v.durations = self.durations | other.durations
        v.names = self.names | other.names
        return v

    def op(self, _op: str, short: str | None = None, required: tuple[str, ...] = (), doc: str = "",
           **args: str) -> None:
        self.ops[_op] = OpSpec(_op, args, short, required, doc)


def core_vocabulary() -> Vocabulary:
    """The words every game shares."""
    v = Vocabulary()
    v.players = {"you", "enemy", "each", "active", "nonactive", "owner", "controller", "chooser"}
    v.durations = {"end_of_turn", "permanent"}
    # bound by the engine: the source, a trigger's subject / attacked object / player / amount, the
    # player of each_player, for_each's default name, X and Y
    v.names = {"self", "it", "subject", "attacked", "event_player", "n", "player", "each", "X", "Y", "∞", "inf"}
    # --- selectors: which objects -------------------------------------------------
    v.filters = {
        "zone": STRS, "player": PLAYER, "controller": PLAYER, "owner": PLAYER,
        "type": STRS, "not_type": STRS, "race": STRS, "trait": STRS, "element": STRS,
        "name": STRS, "name_has": STRS, "not_name": STRS,
        "cost": INT, "cost_max": VALUE, "cost_min": VALUE,
        "atk_max": VALUE, "atk_min": VALUE, "def_max": VALUE, "def_min": VALUE,
        "level": INT, "level_max": VALUE, "level_min": VALUE,
        "orientation": STRS, "not_orientation": STRS, "face": STR,
        "other": BOOL, "self": BOOL, "keyword": STRS, "no_keyword": STRS,
        "token": BOOL, "counters": ANY, "in": REF, "not_in": REF, "where": COND,
        "entered_this_turn": BOOL, "spell": BOOL, "top": VALUE, "bottom": VALUE,
        "class": STRS, "damaged": BOOL, "evolved": BOOL, "color": STRS, "under": REF,
    }
    # --- values -------------------------------------------------------------------
    v.values = {
        "count": SELECTOR, "sum": ANY, "prop": ANY, "original": ANY, "add": ANY, "sub": ANY, "mul": ANY,
        "div": ANY, "half": VALUE, "min": ANY, "max": ANY, "var": STR, "neg": VALUE,
        "record": ANY, "player_value": ANY, "counters_of": ANY, "len": STR, "if": ANY, "kinds": ANY,
        "most": ANY, "fits": ANY,
    }
    # --- conditions ---------------------------------------------------------------
    v.conds = {
        "and": ANY, "or": ANY, "not": COND, "exists": SELECTOR, "none": SELECTOR,
        "compare": ANY, "count": ANY, "turn": STR, "phase": STRS, "is": ANY, "record": ANY,
        "bound": STR, "chose": ANY, "paid": STR, "player_value": ANY, "true": BOOL,
        "did": BOOL,
    }
    # --- instructions -------------------------------------------------------------
    v.op("draw", short="n", n=VALUE, player=PLAYER, up_to=BOOL,
         doc="The player draws N cards, one at a time.")
    v.op("discard", short="n", n=VALUE, player=PLAYER, filter=SELECTOR, random=BOOL, all=BOOL,
         chooser=PLAYER, up_to=BOOL, **{"as": STR},
         doc="The player discards N cards (of their choice unless random).")
    v.op("destroy", short="what", required=("what",), what=REF, **{"as": STR},
         doc="Destroy objects (`as`: the objects destroyed).")
    v.op("banish", short="what", required=("what",), what=REF, player=PLAYER, **{"as": STR},
         doc="Banish objects (game's meaning); `player` performs it (default you); `as`: the objects banished.")
    v.op("remove", short="what", required=("what",), what=REF, face=STR,
         doc="Remove from the game / to the removed zone.")
    v.op("return", short="what", required=("what",), what=REF, doc="Return to the owner's hand.")
    v.op("to_deck", short="what", required=("what",), what=REF, pos=STR, shuffle=BOOL, player=PLAYER,
         **{"as": STR}, doc="Put into the owner's deck (top, bottom or shuffled in); `player` performs it.")
    v.op("move", required=("what", "to"), what=REF, to=ZONE, player=PLAYER, pos=STR, face=STR,
         orientation=STR, **{"as": STR}, doc="Move objects to a zone.")
    v.op("put_field", short="what", required=("what",), what=REF, orientation=STR, player=PLAYER,
         face=STR, **{"as": STR}, doc="Put objects onto the field under the effect controller.")
    v.op("rest", short="what", required=("what",), what=REF)
    v.op("recover", short="what", required=("what",), what=REF)
    v.op("reverse", short="what", required=("what",), what=REF)
    v.op("switch", short="what", required=("what",), what=REF)
    v.op("engage", short="what", required=("what",), what=REF)
    v.op("refresh", short="what", required=("what",), what=REF)
    v.op("modify", required=("what",), what=REF, atk=VALUE, cost=VALUE, level=VALUE,
         until=STR, **{"def": VALUE, "while": COND},
         doc="Add to ATK/DEF (or other numbers) for a duration (or as long as 'while' holds).")
    v.op("set_stats", required=("what",), what=REF, atk=VALUE, until=STR, cost_set=VALUE,
         **{"def": VALUE, "while": COND},
         doc="ATK/DEF become the given values (CR 1014.2); `cost_set`: the cost of playing the card "
             "becomes N before its increases and decreases apply (SVE 10.10.2.4).")
    v.op("grant", required=("what",), what=REF, keywords=ANY, abilities=ANY, flags=STRS, races=STRS,
         types=STRS, elements=STRS, names=STRS, until=STR, **{"while": COND},
         doc="Give keywords, abilities, flags, races, types or names (the card is also named ...).")
    v.op("lose", required=("what",), what=REF, keywords=ANY, abilities=BOOL, flags=STRS, until=STR,
         **{"while": COND},
         doc="Take keywords or all abilities away.")
    v.op("player_effect", required=("flags",), player=PLAYER, flags=ANY, until=STR,
         doc="Put a restriction or modifier on a player for a duration.")
    v.op("gain_control", short="what", required=("what",), what=REF, player=PLAYER)
    v.op("exchange_control", required=("a", "b"), a=REF, b=REF)
    v.op("counter", required=("name",), what=REF, player=PLAYER, name=STR, n=VALUE,
         doc="Put (n>0) or remove (n<0) counters on objects, or give a player counters.")
    v.op("token", required=("card",), card=ANY, n=VALUE, player=PLAYER, zone=ZONE, orientation=STR,
         **{"as": STR}, doc="Create tokens.")
    v.op("search", required=("filter",), filter=SELECTOR, n=VALUE, player=PLAYER, zone=ZONE, to=ZONE,
         reveal=BOOL, up_to=BOOL, shuffle=BOOL, engaged=BOOL, distinct=STR, cost_total_max=VALUE, instead=ANY, **{"as": STR},
         doc="Search a hidden zone for cards, then shuffle it; `engaged` puts them onto the field engaged; "
             "`up_to`: the searcher may stop before N; `distinct: name`: no two cards found share a name; "
             "`cost_total_max`: the costs of the cards found add up to at most this; "
             "`instead: {filter, to}`: when the cards found match the filter, their player may put them "
             "into that zone instead of `to`.")
    v.op("look", n=VALUE, player=PLAYER, zone=ZONE, what=REF, **{"as": STR},
         doc="Look at the top N cards of a deck (n), or at the cards `what` names, where they are.")
    v.op("reveal", short="what", required=("what",), what=REF, **{"as": STR})
    v.op("reveal_until", required=("filter",), filter=SELECTOR, player=PLAYER, zone=ZONE, **{"as": STR},
         doc="Reveal cards from the top of a zone until one fits the filter; binds that card.")
    v.op("shuffle", short="player", player=PLAYER, zone=ZONE)
    v.op("select", required=("as", "from"), **{"as": STR, "from": REF}, n=VALUE, up_to=BOOL, distinct=STR,
         chooser=PLAYER, prompt=STR, min=VALUE,
         doc="A player picks objects during resolution (not targets).")
    v.op("choose_player", required=("as",), **{"as": STR}, chooser=PLAYER)
    v.op("bind", required=("as", "value"), **{"as": STR}, value=ANY,
         doc="Remember a value or objects under a name.")
    v.op("if", required=("cond",), cond=COND, then=BLOCK, **{"else": BLOCK})
    v.op("may", short="do", required=("do",), do=BLOCK, player=PLAYER, prompt=STR,
         doc="The player may do the block (an optional instruction).")
    v.op("repeat", required=("n", "do"), n=VALUE, do=BLOCK)
    v.op("for_each", required=("in", "do"), **{"in": REF, "as": STR}, do=BLOCK)
    v.op("each_player", required=("do",), do=BLOCK, order=STR,
         doc="Do the block once for each player (active player first), binding 'player'.")
    v.op("delayed", required=("on", "do"), on=TRIGGER, do=BLOCK, once=BOOL, until=STR,
         doc="Create a delayed automatic ability (CR 906.6, SVE 10.7.5).")
    v.op("cancel", short="what", required=("what",), what=REF, doc="Cancel a spell or ability.")
    v.op("extra_turn", short="player", player=PLAYER)
    v.op("skip_turn", short="player", player=PLAYER)
    v.op("win", short="player", player=PLAYER)
    v.op("lose_game", short="player", player=PLAYER)
    v.op("copy_of", required=("what", "of"), what=REF, of=REF, until=STR,
         doc="The object becomes a copy of another (CR 1023.1).")
    v.op("copy_spell", short="what", required=("what",), what=REF,
         doc="Copy a spell or ability in the waiting area (CR 1023.2).")
    v.op("play_free", short="what", required=("what",), what=REF, optional=BOOL,
         doc="Play the card without paying its cost.")
    v.op("note", short="text", text=STR, doc="Write a line to the game log.")
    v.op("set_player", required=("key", "value"), key=STR, value=VALUE, player=PLAYER)
    v.op("add_player", required=("key", "n"), key=STR, n=VALUE, player=PLAYER)
    v.op("nothing", short="why", why=STR)
    # --- costs --------------------------------------------------------------------
    v.costs = {"rest": REF, "discard": ANY, "banish": ANY, "return": ANY, "counters": ANY, "remove_counters": ANY,
               "rest_others": ANY, "reveal": ANY, "engage": REF, "bury": ANY, "pay_life": VALUE,
               "do": BLOCK}
    # --- trigger patterns ---------------------------------------------------------
    v.trigger_keys = {"event": STRS, "subject": REF, "from": STRS, "to": STRS, "not_from": STRS,
                      "player": PLAYER, "cause": STRS, "phase": STRS, "whose": PLAYER, "cond": COND,
                      "data": ANY, "target": REF, "status": COND, "victim": PLAYER,
                      "batch": BOOL}
    # --- static abilities ---------------------------------------------------------
    v.statics = {"modify": ANY, "set_stats": ANY, "grant": ANY, "lose": ANY, "player": ANY,
                 "cost_mod": ANY, "grant_counters": ANY, "affects": REF, "if": COND, "zones": STRS,
                 "layer": STR}
    v.ability_keys = {
        "text": STR, "name": STR, "zones": STRS, "cost": ANY, "targets": ANY, "target": ANY,
        "choose": ANY, "x": ANY, "do": BLOCK, "on": TRIGGER, "if": COND, "once_per_turn": BOOL,
        "per_turn": INT, "timing": STR, "who": STR, "optional": BOOL, "keyword": STR,
        "aether": BOOL, "quick": BOOL, "label": STR, "max_per_game": INT, "equivalent": STR,
        "replace": ANY, "instead": BLOCK, "static": ANY,
    }
    return v


# Validation ----------------------------------------------------------------
#: the comparisons of the ``compare`` condition
COMPARE_OPS = (">=", "<=", ">", "<", "==", "!=")


#: instruction arguments that count things: a negative number is an error
COUNTS = {("draw", "n"), ("discard", "n"), ("look", "n"), ("search", "n"), ("token", "n"), ("select", "n"),
          ("select", "min"), ("repeat", "n")}
#: the largest number a card may write (far beyond any printed value; bounds loops such as repeat)
MAX_NUMBER = 1_000_000
_NUMERAL = re.compile(r"-?[0-9]{1,7}")


def bound_names(entry: Any) -> set[str] | None:
    """The names a card entry binds anywhere (``as:`` of targets, selections, bindings, loops;
    ``t``/``t1``... for targets without ``as``), or None when it is too big to walk."""
    out: set[str] = set()
    stack = [entry]
    seen = 0
    while stack:
        x = stack.pop()
        seen += 1
        if seen > 100_000:
            return None
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "as" and isinstance(v, str):
                    out.add(v)
                elif k in ("targets", "target"):
                    n = len(v) if isinstance(v, list) else 1
                    out.update(["t"] + [f"t{i + 1}" for i in range(n)])
                stack.append(v)
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


class Checker:
    """Walks a parsed ability and reports the first thing out of shape.

    With ``bound`` (the names the card binds), a name used as a reference or a value must be
    one of them or a name the engine binds (``Vocabulary.names``): a misspelt name is an error
    when the card is loaded, not an effect that silently does nothing.
    """

    def __init__(self, vocab: Vocabulary, where: str, bound: set[str] | None = None) -> None:
        self.v = vocab
        self.where = where
        self.bound = bound

    def known_name(self, name: str) -> bool:
        return (self.bound is None or name in self.bound or name in self.v.names or name.startswith("_"))

    def fail(self, path: str, msg: str) -> None:
        raise CardError(f"{self.where}: {path}: {msg}")

    def block(self, b: Any, path: str) -> None:
        if isinstance(b, dict):
            b = [b]
        if isinstance(b, tuple):  # an already-normalised block
            b = list(b)
        if not isinstance(b, list):
            self.fail(path, f"expected a list of instructions, got {type(b).__name__}")
        for i, ins in enumerate(b):
            self.instr(ins, f"{path}[{i}]")

    def instr(self, ins: Any, path: str) -> None:
        if isinstance(ins, str):
            name, arg = ins, None
        elif isinstance(ins, dict) and len(ins) == 1:
            name, arg = next(iter(ins.items()))
        else:
            self.fail(path, "an instruction is one word or a mapping with exactly one key "
                            f"(got {ins!r:.80})")
            return
        spec = self.v.ops.get(name)
        if spec is None:
            self.fail(path, f"unknown instruction {name!r}; known: {', '.join(sorted(self.v.ops))}")
            return
        p = f"{path}.{name}"
        if isinstance(arg, dict):
            for k, val in arg.items():
                shape = spec.args.get(k)
                if shape is None:
                    hint = ""
                    if spec.short and spec.args[spec.short] in (REF, SELECTOR) and k in self.v.filters:
                        # a mapping is always the instruction's arguments; a selector goes under its key
                        hint = f" (to give a selector, write {name}: {{{spec.short}: {{{k}: ...}}}})"
                    self.fail(p, f"unknown argument {k!r}; {name} takes {', '.join(sorted(spec.args)) or 'none'}"
                                 + hint)
                self.shape(val, shape, f"{p}.{k}")
                if k == "until" and self.v.durations and val not in self.v.durations:
                    self.fail(f"{p}.until", f"unknown duration {str(val)[:40]!r}; durations: "
                                            f"{', '.join(sorted(self.v.durations))}")
                if (name, k) in COUNTS:
                    self.count(val, f"{p}.{k}")
            for k in spec.required:
                if k not in arg and not (spec.short == k and False):
                    self.fail(p, f"missing required argument {k!r}")
        elif arg is None:
            missing = [k for k in spec.required]
            if missing:
                self.fail(p, f"missing required argument {missing[0]!r}")
        else:
            if spec.short is None:
                self.fail(p, f"{name} needs a mapping of arguments ({', '.join(sorted(spec.args))})")
            self.shape(arg, spec.args[spec.short], f"{p}")
            if (name, spec.short) in COUNTS:
                self.count(arg, p)

    def count(self, val: Any, path: str) -> None:
        if type(val) is int and val < 0:
            self.fail(path, f"expected a count of 0 or more, got {val}")

    def shape(self, val: Any, shape: str, path: str) -> None:
        if shape == BLOCK:
            self.block(val, path)
        elif shape == COND:
            self.cond(val, path)
        elif shape == SELECTOR:
            self.selector(val, path)
        elif shape == REF:
            if isinstance(val, dict):
                self.selector(val, path)
            elif isinstance(val, list):
                for i, x in enumerate(val):
                    self.shape(x, REF, f"{path}[{i}]")
            elif not isinstance(val, str):
                self.fail(path, f"expected a name or a selector, got {val!r:.60}")
            elif not self.known_name(val):
                self.fail(path, f"unbound name {val[:40]!r}: no target, selection or binding of this card "
                                f"is named so (nor is it 'self' or a name the engine binds)")
        elif shape == VALUE:
            self.value(val, path)
        elif shape == INT:
            if not isinstance(val, int) or isinstance(val, bool):
                self.fail(path, f"expected an integer, got {val!r:.60}")
        elif shape == BOOL:
            if not isinstance(val, bool):
                self.fail(path, f"expected true or false, got {val!r:.60}")
        elif shape == STR:
            if not isinstance(val, str):
                self.fail(path, f"expected text, got {val!r:.60}")
        elif shape == STRS:
            if isinstance(val, list):
                if not all(isinstance(x, str) for x in val):
                    self.fail(path, "expected a list of words")
            elif not isinstance(val, str):
                self.fail(path, f"expected a word or a list of words, got {val!r:.60}")
        elif shape == PLAYER:
            if not isinstance(val, str):
                self.fail(path, f"expected a player word ({', '.join(sorted(self.v.players))}) or a bound name")
        elif shape == ZONE:
            if not isinstance(val, str) or (self.v.zones and val not in self.v.zones):
                self.fail(path, f"unknown zone {val!r}; zones: {', '.join(sorted(self.v.zones))}")
        elif shape == TRIGGER:
            self.trigger(val, path)

    def value(self, val: Any, path: str) -> None:
        if isinstance(val, bool):
            self.fail(path, "expected a number, got true/false")
        if isinstance(val, (int, float)):
            if not -MAX_NUMBER <= val <= MAX_NUMBER:
                self.fail(path, f"expected a number from {-MAX_NUMBER} to {MAX_NUMBER}, got {brief(val)}")
            return
        if isinstance(val, str):
            if not (self.known_name(val) or _NUMERAL.fullmatch(val)):
                self.fail(path, f"unknown value {val[:40]!r}: expected a number, X, a value expression or a "
                                f"name this card binds")
            return
        if isinstance(val, dict) and len(val) == 1:
            k = next(iter(val))
            if k not in self.v.values:
                self.fail(path, f"unknown value {k!r}; known: {', '.join(sorted(self.v.values))}")
            return
        self.fail(path, f"expected a number or a value expression, got {val!r:.60}")

    def selector(self, sel: Any, path: str) -> None:
        if isinstance(sel, str):
            return
        if not isinstance(sel, dict):
            self.fail(path, f"expected a selector mapping, got {sel!r:.60}")
        for k, val in sel.items():
            shape = self.v.filters.get(k)
            if shape is None:
                self.fail(path, f"unknown selector key {k!r}; known: {', '.join(sorted(self.v.filters))}")
            if k == "zone":
                zs = val if isinstance(val, list) else [val]
                for z in zs:
                    if self.v.zones and z not in self.v.zones:
                        self.fail(f"{path}.zone", f"unknown zone {z!r}; zones: {', '.join(sorted(self.v.zones))}")
            elif shape == COND:
                self.cond(val, f"{path}.{k}")

    def cond(self, c: Any, path: str) -> None:
        if isinstance(c, bool):
            return
        if not isinstance(c, dict) or not c:
            self.fail(path, f"expected a condition mapping, got {c!r:.60}")
        for k, val in c.items():
            if k not in self.v.conds:
                self.fail(path, f"unknown condition {k!r}; known: {', '.join(sorted(self.v.conds))}")
            if k in ("and", "or"):
                if not isinstance(val, list):
                    self.fail(f"{path}.{k}", "expected a list of conditions")
                for i, x in enumerate(val):
                    self.cond(x, f"{path}.{k}[{i}]")
            elif k == "not":
                self.cond(val, f"{path}.not")
            elif k in ("exists", "none"):
                self.selector(val, f"{path}.{k}")
            elif k == "compare":
                if not (isinstance(val, list) and len(val) == 3 and val[1] in COMPARE_OPS):
                    self.fail(f"{path}.compare", f"expected [VALUE, OP, VALUE] with OP one of "
                                                 f"{' '.join(COMPARE_OPS)}, got {val!r:.60}")
                self.value(val[0], f"{path}.compare[0]")
                self.value(val[2], f"{path}.compare[2]")

    def trigger(self, t: Any, path: str) -> None:
        if isinstance(t, str):
            if t not in self.v.triggers:
                self.fail(path, f"unknown trigger {t!r}; known: {', '.join(sorted(self.v.triggers))}")
            return
        if not isinstance(t, dict):
            self.fail(path, f"expected a trigger name or pattern, got {t!r:.60}")
        for k, val in t.items():
            if k == "named":
                if val not in self.v.triggers:
                    self.fail(path, f"unknown trigger {val!r}")
                continue
            shape = self.v.trigger_keys.get(k)
            if shape is None:
                self.fail(path, f"unknown trigger key {k!r}; known: {', '.join(sorted(self.v.trigger_keys))}")
            if shape == COND:
                self.cond(val, f"{path}.{k}")


Normalizer = Callable[[Any], Any]


def freeze(v: Any) -> Any:
    """Lists become tuples so parsed abilities can be shared between games safely."""
    if isinstance(v, list):
        return tuple(freeze(x) for x in v)
    if isinstance(v, dict):
        return {k: freeze(x) for k, x in v.items()}
    return v
