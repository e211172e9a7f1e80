"""Loading card files: YAML entries become :class:`CardDef` objects.

The format (documented in ``docs/card-format.md``)::

    cards:
      - name: Fire Lizard
        type: servant
        cost: 2
        ...game fields...
        keywords: [quickcast, {united_front: Justice}]
        text: "[Enter] ⇒ Draw a card."
        abilities:
          - auto: {on: enter, do: [draw: 1]}
        effect:                # what a spell does when it resolves
          targets: [{as: t, type: servant, controller: enemy}]
          do: [destroy: t]

Every problem names the file, the card and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..kernel.decisions import brief
from ..kernel.objects import Ability, CardDef
from .language import BLOCK, COND, CardError, Checker, Vocabulary, bound_names, freeze
from .yamlio import SafeLoader, YamlError, load_text
from .yamlio import read_yaml as yamlio_read

COMMON_FIELDS = {"name", "type", "cost", "atk", "def", "keywords", "text", "abilities", "effect", "token",
                 "script", "id", "key", "flavor", "set", "number"}


def set_ability_flags(c: dict) -> None:
    """Derived, cached facts about a characteristics dict's abilities (kept in step by effects
    that grant or remove abilities)."""
    abs_ = c.get("abilities", ())
    c["has_static"] = any(a.kind == "static" for a in abs_)
    c["has_auto"] = any(a.kind == "auto" for a in abs_)
    c["acts"] = tuple(a for a in abs_ if a.kind == "activated")
    c["acts_any"] = any(a.spec.get("who") == "any" for a in c["acts"])
    c["auto_zones"] = frozenset(z for a in abs_ if a.kind == "auto" for z in a.zones)
    c["act_zones"] = frozenset(z for a in c["acts"] for z in a.zones)


def instructions_named(abilities: Any, name: str) -> list[dict]:
    """The arguments of every ``name`` instruction in built abilities (nested blocks included):
    for a game's own checks of values the vocabulary's shapes cannot check."""
    out: list[dict] = []

    def walk(x: Any) -> None:
        if isinstance(x, tuple) and len(x) == 2 and x[0] == name and isinstance(x[1], dict):
            out.append(x[1])
        if isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)
        elif isinstance(x, Ability):
            walk(x.spec)

    walk(tuple(abilities))
    return out


# --------------------------------------------------------- field readers the games share
def slash_list(v: Any) -> tuple:
    """Words such as races or traits: 'A / B' (or a list of such texts) is two words (CR 206.2,
    SVE 2.4)."""
    if v is None:
        return ()
    items = v if isinstance(v, list) else [v]
    out: list[str] = []
    for x in items:
        out.extend(s.strip() for s in str(x).split("/") if s.strip())
    return tuple(out)


def copies_field(v: Any) -> Any:
    """A deck-building ability (CR 402.4, SVE 6.1.2): how many copies a deck may hold, or 'any'."""
    if v == "any":
        return "any"
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise ValueError(f"expected a number of copies of 1 or more, or 'any', got {brief(v)}")
    return v


def word_or_pair(item: Any) -> tuple[Any, Any] | None:
    """A list item written ``word`` or ``{word: value}`` as (word, value or None); None for any other form."""
    if isinstance(item, str):
        return item, None
    if isinstance(item, dict) and len(item) == 1:
        return next(iter(item.items()))
    return None


def kw_items(raw: Any) -> tuple:
    """Granted keywords as (name, value) pairs, from ``word``, ``{word: value}`` or a pair."""
    items = (raw,) if isinstance(raw, (str, dict)) else tuple(raw)
    return tuple(word_or_pair(k) or tuple(k) for k in items)


class CardBuilder:
    """Turns card entries into CardDefs for one game.

    ``fields``: the game's own card fields and their checkers;
    ``build``: the game's function making the characteristics dict.
    """

    def __init__(self, game: str, vocab: Vocabulary, fields: dict[str, Callable[[Any], Any]],
                 build: Callable[[dict, dict], dict], ability_zones: tuple[str, ...],
                 keyword_abilities: Callable[[str, Any, dict], list[dict]] | None = None,
                 key_of: Callable[[dict], str] | None = None) -> None:
        self.game = game
        self.vocab = vocab
        self.fields = fields
        self.build = build
        self.ability_zones = ability_zones
        self.keyword_abilities = keyword_abilities
        self.key_of = key_of or (lambda e: e["name"])
        self._bound: set[str] | None = None  # the names the card being built binds

    # ------------------------------------------------------------ entries
    def learn(self, entries: Any) -> None:
        """The vocabulary a list of card entries defines, learnt before any of them is built (a
        card's text may name a trait or a card a later entry defines); games that read printed
        text override it."""

    def card(self, entry: Any, where: str) -> CardDef:
        self._bound = bound_names(entry)
        try:
            return self._card(entry, where)
        finally:
            self._bound = None

    def _card(self, entry: Any, where: str) -> CardDef:
        if not isinstance(entry, dict):
            raise CardError(f"{where}: a card entry must be a mapping, got {type(entry).__name__}")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise CardError(f"{where}: card without a 'name' (text)")
        w = f"{where}: card {brief(name)}"
        for k in entry:
            if k not in COMMON_FIELDS and k not in self.fields:
                raise CardError(f"{w}: unknown field {brief(k)}; fields: "
                                f"{', '.join(sorted(COMMON_FIELDS | set(self.fields)))}")
        if "script" in entry:  # SPEC: `script` holds the abilities in the effect language
            script = entry["script"]
            if not isinstance(script, dict):
                raise CardError(f"{w}: script: expected a mapping with abilities/effect/keywords")
            entry = {**{k: v for k, v in entry.items() if k != "script"}, **script}
        chars: dict[str, Any] = {"name": name}
        for k, check in self.fields.items():
            if k in entry:
                try:
                    chars[k] = check(entry[k])
                except (ValueError, TypeError) as e:
                    raise CardError(f"{w}: {k}: {e}") from None
        for k in ("atk", "def"):
            if k in entry and entry[k] is not None:
                if not isinstance(entry[k], int) or isinstance(entry[k], bool):
                    raise CardError(f"{w}: {k}: expected an integer, got {brief(entry[k])}")
                chars[k] = entry[k]
        cost = entry.get("cost", 0)
        if cost == "X":
            chars["cost"] = 0
            chars["x_cost"] = True
        elif isinstance(cost, int) and not isinstance(cost, bool) and cost >= 0:
            chars["cost"] = cost
        elif isinstance(cost, dict) and "cost" in self.fields:
            pass
        else:
            raise CardError(f"{w}: cost: expected a whole number of 0 or more, or X, got {brief(cost)}")
        kws = self.keywords(entry.get("keywords", []), f"{w}: keywords")
        chars["keywords"] = kws
        abilities: list[Ability] = []
        raw = entry.get("abilities", [])
        if not isinstance(raw, list):
            raise CardError(f"{w}: abilities: expected a list")
        extra: list[dict] = []
        if self.keyword_abilities:
            for kw, param in kws:
                extra.extend(self.keyword_abilities(kw, param, entry))
        if extra and self._bound is not None:
            more = bound_names(extra)
            self._bound = None if more is None else self._bound | more
        for i, ab in enumerate(list(raw) + extra):
            abilities.append(self.ability(ab, f"{w}: abilities[{i}]", len(abilities)))
        chars["abilities"] = tuple(abilities)
        set_ability_flags(chars)
        chars["grants_abilities"] = any(
            a.kind == "static" and any(e["op"] == "grant" and isinstance(e["args"], dict) and self._gives_abilities(e["args"])
                                       for e in a.spec["effects"]) for a in abilities)
        if "effect" in entry:
            chars["effect"] = self.ability({"spell": entry["effect"]}, f"{w}: effect", -1)
        try:
            chars = self.build(entry, chars)
        except (ValueError, TypeError, KeyError) as e:
            raise CardError(f"{w}: {e}") from None
        text = entry.get("text", "")
        if not isinstance(text, str):
            raise CardError(f"{w}: text: expected text")
        return CardDef(self.key_of({**entry, **chars}), chars, text=text, token=bool(entry.get("token")),
                       game=self.game, extra={k: entry[k] for k in ("flavor", "set", "number") if k in entry})

    def _gives_abilities(self, args: dict) -> bool:
        """A grant that gives abilities: its own, or a keyword's that stands for abilities."""
        if "abilities" in args:
            return True
        if "keywords" not in args or not self.keyword_abilities:
            return False
        return any(self.keyword_abilities(name, param, {}) for name, param in kw_items(args["keywords"]))

    def keywords(self, raw: Any, where: str) -> tuple:
        if not isinstance(raw, list):
            raise CardError(f"{where}: expected a list")
        out = []
        for i, k in enumerate(raw):
            pair = word_or_pair(k)
            if pair is None:
                raise CardError(f"{where}[{i}]: a keyword is a word or a one-key mapping, got {brief(k)}")
            name, param = pair
            if name not in self.vocab.keywords:
                raise CardError(f"{where}[{i}]: unknown keyword {brief(name)}; known: "
                                f"{', '.join(sorted(self.vocab.keywords))}")
            shape = self.vocab.keywords[name]
            if shape == "" and param is not None:
                raise CardError(f"{where}[{i}]: keyword {brief(name)} takes no value")
            if shape not in ("", "any?") and param is None and not shape.endswith("?"):
                raise CardError(f"{where}[{i}]: keyword {brief(name)} needs a value ({shape})")
            out.append((name, freeze(param)))
        return tuple(out)

    # ------------------------------------------------------------ abilities
    def ability(self, raw: Any, where: str, index: int) -> Ability:
        if not isinstance(raw, dict):
            raise CardError(f"{where}: an ability is a mapping with one of activated/auto/static/replacement")
        text = raw.get("text", "")
        kinds = [k for k in ("activated", "auto", "static", "replacement", "spell") if k in raw]
        if len(kinds) != 1:
            raise CardError(f"{where}: an ability needs exactly one of activated, auto, static, replacement "
                            f"(got {sorted(raw)})")
        kind = kinds[0]
        body = raw[kind]
        for k in raw:
            if k not in (kind, "text", "name", "zones", "keyword"):
                raise CardError(f"{where}: unknown ability key {brief(k)}")
        if kind == "static":
            return self._static(body, raw, where, index)
        # a spell's `effect:` is reported as `effect`, not by the internal word `spell`
        here = where if kind == "spell" else f"{where}.{kind}"
        if not isinstance(body, dict):
            raise CardError(f"{here}: expected a mapping")
        chk = Checker(self.vocab, where, self._bound)
        spec: dict[str, Any] = {}
        for k, v in body.items():
            if k not in self.vocab.ability_keys:
                raise CardError(f"{here}: unknown key {brief(k)}; keys: {', '.join(sorted(self.vocab.ability_keys))}")
            p = k if kind == "spell" else f"{kind}.{k}"
            if k in ("do", "instead"):
                spec[k] = self.block(v, chk, p)
            elif k == "on":
                spec[k] = self.trigger(v, chk, p)
            elif k == "if":
                chk.cond(v, p)
                spec[k] = freeze(v)
            elif k in ("targets", "target"):
                spec["targets"] = self.targets(v, chk, p)
            elif k == "choose":
                spec[k] = self.choose(v, chk, p)
            elif k in ("cost", "alt_cost"):  # alt_cost: an alternate cost (SVE 10.6.2.5.1.2)
                spec[k] = self.cost(v, chk, p)
            elif k == "replace":
                chk.trigger(v, p)
                spec[k] = self.trigger(v, chk, p)
            else:
                spec[k] = freeze(v)
        if kind == "auto" and "on" not in spec:
            raise CardError(f"{where}.auto: an automatic ability needs 'on' (its trigger)")
        if kind == "replacement" and "replace" not in spec:
            raise CardError(f"{where}.replacement: needs 'replace' (the event it replaces)")
        spec.setdefault("do", ())
        zones = raw.get("zones", body.get("zones"))
        zt = tuple(zones) if isinstance(zones, list) else ((zones,) if zones else self.ability_zones)
        kind_out = "auto" if kind == "auto" else kind
        return Ability(kind_out, spec, text=text or body.get("text", ""), name=raw.get("name"),
                       zones=zt, index=index, keyword=raw.get("keyword"))

    def _static(self, body: Any, raw: dict, where: str, index: int) -> Ability:
        chk = Checker(self.vocab, where, self._bound)
        parts = body if isinstance(body, list) else [body]
        effects = []
        cond = None
        for i, part in enumerate(parts):
            if not isinstance(part, dict):
                raise CardError(f"{where}.static[{i}]: expected a mapping")
            ops = [k for k in part if k in ("modify", "set_stats", "grant", "lose", "player", "cost_mod")
                   or (k in self.vocab.statics and k not in ("affects", "if", "zones", "layer", "who"))]
            if len(ops) != 1:
                raise CardError(f"{where}.static: name exactly one effect (modify, set_stats, grant, lose, "
                                f"player, cost_mod, ...); got {sorted(part)}")
            op = ops[0]
            for k in part:
                if k not in self.vocab.statics and k != "who":
                    raise CardError(f"{where}.static: unknown key {brief(k)}; keys: {', '.join(sorted(self.vocab.statics))}")
            args = part[op]
            if op in ("modify", "set_stats") and isinstance(args, dict):
                for k, v in args.items():
                    chk.value(v, f"static.{op}.{k}")
            if op == "grant" and isinstance(args, dict) and "abilities" in args:
                args = dict(args)
                args["abilities"] = tuple(self.ability(a, f"{where}.static.grant.abilities[{j}]", 100 + j)
                                          for j, a in enumerate(args["abilities"]))
            if op == "player":
                args = dict(args) if isinstance(args, dict) else {"flags": args}
                who = args.pop("who", part.get("who", "you"))
                flags = args.pop("flags", None)
                payload = dict(args)
                if flags:
                    for fl in (flags if isinstance(flags, list) else [flags]):
                        payload[fl] = True
                eff = {"op": "player", "args": freeze(payload), "who": who}
            elif op == "cost_mod":
                eff = {"op": "player", "args": {"cost_mod": freeze(args)}, "who": part.get("who", "you")}
            else:
                eff = {"op": op, "args": freeze(args)}
                if "affects" in part:
                    chk.shape(part["affects"], "ref", "static.affects")
                    eff["affects"] = freeze(part["affects"])
            if "layer" in part:
                eff["layer"] = part["layer"]
            effects.append(eff)
            if "if" in part:
                chk.cond(part["if"], "static.if")
                cond = freeze(part["if"])
        conds = [p.get("if") for p in parts]
        if any(c != conds[0] for c in conds):
            # one condition holds for the whole static ability (its effects apply together)
            raise CardError(f"{where}.static: its effects have different conditions ('if'); write each "
                            f"condition as its own static ability")
        zones = raw.get("zones") or (parts[0].get("zones") if isinstance(parts[0], dict) else None)
        zt = tuple(zones) if isinstance(zones, list) else ((zones,) if zones else self.ability_zones)
        return Ability("static", {"effects": tuple(effects), "if": cond}, text=raw.get("text", ""),
                       name=raw.get("name"), zones=zt, index=index, keyword=raw.get("keyword"))

    def block(self, b: Any, chk: Checker, path: str) -> tuple:
        chk.block(b, path)
        return self._norm_block(b)

    def _norm_block(self, b: Any) -> tuple:
        if isinstance(b, dict):
            b = [b]
        out = []
        for ins in b:
            if isinstance(ins, str):
                name, arg = ins, {}
            else:
                name, arg = next(iter(ins.items()))
            spec = self.vocab.ops[name]
            if not isinstance(arg, dict):
                arg = {spec.short: arg} if arg is not None else {}
            arg = dict(arg)
            for k, v in list(arg.items()):
                shape = spec.args.get(k)
                if shape == BLOCK:
                    arg[k] = self._norm_block(v)
                elif k == "abilities" and name == "grant":
                    arg[k] = tuple(self.ability(a, f"grant.abilities[{j}]", 100 + j) for j, a in enumerate(v))
                elif k == "on" and name == "delayed":
                    arg[k] = self._norm_trigger(v)
                else:
                    arg[k] = freeze(v)
            out.append((name, arg))
        return tuple(out)

    def trigger(self, t: Any, chk: Checker, path: str) -> dict:
        chk.trigger(t, path)
        return self._norm_trigger(t)

    def _norm_trigger(self, t: Any) -> dict:
        if isinstance(t, str):
            pat = dict(self.vocab.triggers[t])
        else:
            pat = {}
            if "named" in t:
                pat.update(self.vocab.triggers[t["named"]])
            pat.update({k: v for k, v in t.items() if k != "named"})
        for k in ("event", "from", "to", "not_from", "cause", "phase"):
            if k in pat and isinstance(pat[k], str):
                pat[k] = (pat[k],)
        return freeze(pat)

    def targets(self, v: Any, chk: Checker, path: str) -> tuple:
        items = v if isinstance(v, list) else [v]
        out = []
        for i, t in enumerate(items):
            if not isinstance(t, dict):
                raise CardError(f"{chk.where}: {path}[{i}]: a target is a mapping (as, filter, n, up_to)")
            t = dict(t)
            name = t.pop("as", "t" if len(items) == 1 else f"t{i + 1}")
            n = t.pop("n", 1)
            up_to = t.pop("up_to", False)
            chooser = t.pop("chooser", None)
            divide = t.pop("divide", None)
            total = t.pop("cost_total_max", None)
            distinct = t.pop("distinct", None)
            filt = t.pop("filter", None)
            if filt is None:
                filt = t
            elif t:
                raise CardError(f"{chk.where}: {path}[{i}]: unknown target keys {sorted(t)}")
            chk.selector(filt, f"{path}[{i}].filter")
            chk.value(n, f"{path}[{i}].n")
            entry = {"as": name, "filter": filt, "n": n, "up_to": bool(up_to), "chooser": chooser, "divide": divide}
            if total is not None:
                chk.value(total, f"{path}[{i}].cost_total_max")
                entry["cost_total_max"] = total
            if distinct is not None:
                if distinct != "name":
                    raise CardError(f"{chk.where}: {path}[{i}].distinct: 'name' (no two targets share a name), "
                                    f"not {distinct!r}")
                entry["distinct"] = distinct
            out.append(freeze(entry))
        return tuple(out)

    def choose(self, v: Any, chk: Checker, path: str) -> dict:
        if not isinstance(v, dict) or "modes" not in v:
            raise CardError(f"{chk.where}: {path}: choose needs 'modes' (a list) and 'n'")
        modes = []
        for i, m in enumerate(v["modes"]):
            if not isinstance(m, dict):
                raise CardError(f"{chk.where}: {path}.modes[{i}]: a mode is a mapping (text, targets, do)")
            mode = {"text": m.get("text", f"mode {i + 1}"),
                    "do": self.block(m.get("do", []), chk, f"{path}.modes[{i}].do")}
            if "targets" in m or "target" in m:
                mode["targets"] = self.targets(m.get("targets", m.get("target")), chk, f"{path}.modes[{i}].targets")
            if "if" in m:
                chk.cond(m["if"], f"{path}.modes[{i}].if")
                mode["if"] = freeze(m["if"])
            modes.append(mode)
        n = v.get("n", 1)
        chk.value(n, f"{path}.n")
        return freeze({"n": n, "up_to": bool(v.get("up_to", False)), "modes": modes})

    def cost(self, v: Any, chk: Checker, path: str) -> tuple:
        items = v if isinstance(v, list) else [v]
        out = []
        for i, c in enumerate(items):
            pair = ("aether", c) if isinstance(c, int) and not isinstance(c, bool) else word_or_pair(c)
            if pair is None:
                raise CardError(f"{chk.where}: {path}[{i}]: a cost item is a word or a one-key mapping, got {brief(c)}")
            name, arg = pair
            if name not in self.vocab.costs:
                raise CardError(f"{chk.where}: {path}[{i}]: unknown cost {brief(name)}; known: "
                                f"{', '.join(sorted(self.vocab.costs))}")
            if name == "do":
                arg = self.block(arg, chk, f"{path}[{i}].do")
            elif isinstance(arg, dict) and isinstance(arg.get("cost"), (list, dict)) and name == "may_pay":
                # an optional additional cost holds cost items of its own (SVE 10.4.7.3)
                arg = {**arg, "cost": self.cost(arg["cost"], chk, f"{path}[{i}].{name}.cost")}
            out.append((name, freeze(arg)))
        return tuple(out)


_Loader = SafeLoader  # the project's one YAML loader (see yamlio)


def load_yaml_text(text: str, where: str = "<text>") -> Any:
    try:
        return load_text(text, where)
    except YamlError as e:
        raise CardError(str(e)) from None


def read_yaml(path: Path) -> Any:
    """A YAML file's data, read safely (cards.yamlio); problems are CardErrors naming the file."""
    try:
        return yamlio_read(path)
    except YamlError as e:
        raise CardError(str(e)) from None


def load_card_file(builder: CardBuilder, path: Path) -> list[CardDef]:
    data = read_yaml(path)
    if isinstance(data, dict) and "cards" in data:
        entries = data["cards"]
    elif isinstance(data, list):
        entries = data
    else:
        raise CardError(f"{path}: expected a list of cards or a mapping with 'cards'")
    if not isinstance(entries, list):
        raise CardError(f"{path}: 'cards' must be a list")
    out = []
    seen: set[str] = set()
    builder.learn(entries)
    for i, e in enumerate(entries):
        c = builder.card(e, f"{path}: cards[{i}]")
        if c.key in seen:
            raise CardError(f"{path}: cards[{i}]: card {c.key!r} is defined twice")
        seen.add(c.key)
        out.append(c)
    return out


__all__ = ["CardBuilder", "CardError", "load_card_file", "read_yaml", "COND"]
