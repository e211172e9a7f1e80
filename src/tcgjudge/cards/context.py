"""Evaluating the effect language: players, selectors, values and conditions.

A :class:`Ctx` is the point of view an ability is evaluated from: the game,
the ability's controller (``you``), its source object (``self``) and the
names bound so far (targets, ``X``, chosen objects).  ``chars`` reads
characteristics; during the layer pass it reads the pass's intermediate
values instead of the finished ones (CR 909.3b-3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kernel.game import Game


class Ctx:
    __slots__ = ("g", "p", "src", "env", "chars")

    def __init__(self, g: Game, p: int, src: int | None, env: dict | None = None,
                 chars: Callable[[int], dict] | None = None) -> None:
        self.g = g
        self.p = p
        self.src = src
        self.env = env if env is not None else {}
        if chars is None:
            lb = self.env.get("_lookback")
            chars = _lookback_chars(g, lb) if lb else g.chars
        self.chars = chars

    def child(self, **bind: Any) -> Ctx:
        env = dict(self.env)
        env.update(bind)
        return Ctx(self.g, self.p, self.src, env, self.chars)


def _lookback_chars(g: Game, lb: dict) -> Callable[[int], dict]:
    """Characteristics where a triggered ability looks back at a moved card: ``lb`` maps the
    card's new id (as text) to its id before the move (Caster CR 906.5, SVE 10.7.6)."""
    def chars(oid: int) -> dict:
        old = lb.get(str(oid))
        if old is not None and old in g.lki:
            return g.lki[old][1]
        return g.chars(oid)
    return chars


# Players -------------------------------------------------------------------
def players(ctx: Ctx, word: Any) -> list[int]:
    """The players a player word names, active player first where several."""
    g = ctx.g
    if word is None or word == "you":
        return [ctx.p]
    if word == "enemy":
        return [1 - ctx.p]
    if word == "each":
        return [g.active, 1 - g.active]
    if word == "active":
        return [g.active]
    if word == "nonactive":
        return [1 - g.active]
    if word in ("owner", "controller"):
        o = _src_obj(ctx)
        if o is None:
            return [ctx.p]
        return [o.owner if word == "owner" else o.controller]
    if isinstance(word, str):
        if word in ("p1", "p2"):
            return [int(word[1]) - 1]
        b = ctx.env.get(word)
        if isinstance(b, str) and b[:1] == "p" and b[1:].isdigit():
            return [int(b[1:])]
        if isinstance(b, list) and b:
            # "the controller of that object": a bound object names its controller
            out = []
            for oid in b:
                o = g.objects.get(oid)
                c = o.controller if o is not None else g.lki[oid][0].controller if oid in g.lki else None
                if c is not None and c not in out:
                    out.append(c)
            return out
        if word.startswith("owner_of:") or word.startswith("controller_of:"):
            kind, ref = word.split(":", 1)
            out = []
            # a card that has since moved is named by its last known information (its owner
            # and its controller as it last was, Caster CR 911.1)
            for oid in resolve_lki(ctx, ref):
                o = g.objects.get(oid) or (g.lki[oid][0] if oid in g.lki else None)
                if o is not None:
                    pl = o.owner if kind == "owner_of" else o.controller
                    if pl not in out:
                        out.append(pl)
            return out
    raise ValueError(f"unknown player word {word!r}")


def player1(ctx: Ctx, word: Any) -> int:
    ps = players(ctx, word)
    return ps[0] if ps else ctx.p


def _src_obj(ctx: Ctx):
    if ctx.src is None:
        return None
    g = ctx.g
    o = g.objects.get(ctx.src)
    if o is None and ctx.src in g.lki:
        o = g.lki[ctx.src][0]
    return o


# Object references ------------------------------------------------------------
def resolve(ctx: Ctx, ref: Any) -> list[int]:
    """The objects a reference names: ``self``, a bound name, a selector, or a list of them."""
    if ref is None:
        return []
    if isinstance(ref, str):
        if ref == "self":
            src = ctx.src
            if src is not None and src not in ctx.g.objects:
                moved = ctx.env.get("_moved_self")
                if moved is not None:  # NOVA 801.4.8: the card where the move it triggered on took it
                    src = moved
                elif getattr(ctx.g.rules, "self_follows_moves", False):
                    src = ctx.g.successor(src)  # SVE 4.1.4.1: "this card" after it moved
            return [src] if src is not None and src in ctx.g.objects else []
        b = ctx.env.get(ref)
        if b is None:
            return []
        if isinstance(b, list):
            if ref == "subject":
                b = [_played_onto_field(ctx, x) for x in b]
            return [x for x in b if x in ctx.g.objects]
        if isinstance(b, int):
            return [b] if b in ctx.g.objects else []
        return []
    if isinstance(ref, (list, tuple)):
        out: list[int] = []
        for r in ref:
            for x in resolve(ctx, r):
                if x not in out:
                    out.append(x)
        return out
    if isinstance(ref, dict):
        return select(ctx, ref)
    return []


def _played_onto_field(ctx: Ctx, oid: int) -> int:
    """SVE 4.1.4.1 with 10.6.2.8.1.1: the card a trigger names that has since come onto the field from
    elsewhere (a follower played, "Whenever you play a follower, give it +1/+1": resolved onto the
    field before the ability resolves) is the card there; a card that left the field is not followed."""
    g = ctx.g
    if oid in g.objects or not getattr(g.rules, "self_follows_moves", False):
        return oid
    e = g.lki.get(oid)
    now = g.successor(oid)
    if e is None or e[0].zone == "field" or now is None or g.objects[now].zone != "field":
        return oid
    return now


def _is_self(ctx: Ctx, oid: int) -> bool:
    """Whether ``oid`` is the card whose ability this is: "another" excludes it also where it went
    when the ability follows it there (SVE 4.1.4.1: a Last Words' "another follower in your
    cemetery" is not the card itself, now in the cemetery)."""
    src = ctx.src
    if oid == src:
        return True
    if src is None or src in ctx.g.objects or not getattr(ctx.g.rules, "self_follows_moves", False):
        return False
    return oid == ctx.g.successor(src)


def resolve_lki(ctx: Ctx, ref: Any) -> list[int]:
    """Like :func:`resolve`, but also names objects that have since left (their LKI)."""
    if isinstance(ref, str) and ref != "self":
        b = ctx.env.get(ref)
        if isinstance(b, list):
            return [x for x in b if x in ctx.g.objects or x in ctx.g.lki]
    if ref == "self" and ctx.src is not None:
        return [ctx.src] if ctx.src in ctx.g.objects or ctx.src in ctx.g.lki else []
    return resolve(ctx, ref)


# Selectors ------------------------------------------------------------------
def as_words(v: Any) -> tuple:
    if v is None:
        return ()
    if isinstance(v, (list, tuple)):
        return tuple(v)
    return (v,)


def _zones(ctx: Ctx, sel: dict) -> tuple:
    z = sel.get("zone")
    if z is None:
        if sel.get("spell"):  # a spell is in the waiting area (CR 312.3)
            return (ctx.g.rules.waiting_zone,)
        return ctx.g.rules.field_zones
    return as_words(z)


def select(ctx: Ctx, sel: dict, among: Iterable[int] | None = None) -> list[int]:
    """Every object that matches a selector (in zone order)."""
    return [oid for oid in candidates(ctx, sel, among) if matches(ctx, oid, sel)]


def candidates(ctx: Ctx, sel: dict, among: Iterable[int] | None = None) -> Iterable[int]:
    """The objects a selector looks at, in zone order: those of its zones (or ``among``); which
    of them match is for :func:`matches` to say."""
    g = ctx.g
    if among is None and "under" in sel:  # objects stacked beneath (stocks, evolve bases)
        among = [u for x in resolve(ctx, sel["under"]) for u in (g.objects[x].under or ())]
    if among is None:
        ids: list[int] = []
        who = sel.get("player")
        ps = players(ctx, who) if who is not None else list(range(len(g.players)))
        for zname in _zones(ctx, sel):
            spec = g.rules.zone_specs.get(zname)
            if spec is None:
                continue
            if spec.shared:
                ids.extend(g.zones[(-1, zname)])
            else:
                for p in ps:
                    zl = g.zones[(p, zname)]
                    if "top" in sel:
                        # top card first: cards leaving a deck go one at a time from the top
                        # (CR 304.3); the number may be a value ("the top half", SVE 5.29.2)
                        k = value(ctx, sel["top"])
                        ids.extend(reversed(zl[-k:]) if k > 0 else [])
                    elif "bottom" in sel:
                        k = value(ctx, sel["bottom"])
                        ids.extend(zl[:k] if k > 0 else [])
                    else:
                        ids.extend(zl)
        among = ids
    return among


def other_names(g: Game, got: Iterable[int], cands: Iterable[int]) -> list[int]:
    """SVE 2.1, "with different names": the candidates whose name none of the cards got has."""
    taken = {g.chars(x)["name"] for x in got}
    return [x for x in cands if g.chars(x)["name"] not in taken]


def one_per_card(g: Game, ids: Iterable[int]) -> list[int]:
    """The first of each group of identical cards (the same card key): which of identical cards
    is chosen cannot matter, so they are one option."""
    seen: set[str] = set()
    out = []
    for oid in ids:
        k = g.objects[oid].card.key
        if k not in seen:
            seen.add(k)
            out.append(oid)
    return out


def _num(ctx: Ctx, v: Any) -> int:
    return value(ctx, v)


#: selector keys that bound a number: key -> (characteristic, an upper bound?, its value when the
#: card has none; None: a card without it never fits)
_BOUNDS: dict[str, tuple[str, bool, int | None]] = {
    "cost_max": ("cost", True, 0), "cost_min": ("cost", False, 0),
    "atk_max": ("atk", True, None), "atk_min": ("atk", False, None),
    "def_max": ("def", True, None), "def_min": ("def", False, None),
    "level_max": ("level", True, None), "level_min": ("level", False, None),
}


def matches(ctx: Ctx, oid: int, sel: dict | str, obj=None) -> bool:
    """Does object ``oid`` fit the selector?  (Zone and player of the zone are checked by
    :func:`select`; ``matches`` checks the rest, reading current characteristics.)"""
    g = ctx.g
    if isinstance(sel, str):
        return oid in resolve(ctx, sel)
    o = obj if obj is not None else g.objects.get(oid)
    if o is None:
        return False
    if o.face_up and o.zone in g.rules.faceup_apart and "face" not in sel:
        return False  # not part of the zone unless its face is named (SVE 4.6.3)
    c = ctx.chars(oid)
    filt = g.rules.filter_hooks
    for k, v in sel.items():
        if k in ("zone", "top", "bottom", "under"):
            if k == "zone" and o.zone not in as_words(v):
                return False
            continue
        if k == "player":
            if o.zp not in players(ctx, v):
                return False
        elif k == "controller":
            if o.controller not in players(ctx, v):
                return False
        elif k == "owner":
            if o.owner not in players(ctx, v):
                return False
        elif k == "type":
            ts = c["types"]
            if not any(t in ts for t in as_words(v)):
                return False
        elif k == "not_type":
            ts = c["types"]
            if any(t in ts for t in as_words(v)):
                return False
        elif k in ("race", "trait"):
            rs = c.get("races", ())
            if not any(r in rs for r in as_words(v)):
                return False
        elif k == "element":
            es = c.get("elements", frozenset())
            ok = False
            for e in as_words(v):
                if (e == "void" and not es) or e in es:
                    ok = True
                    break
            if not ok:
                return False
        elif k == "name":
            if c.get("name") not in as_words(v) and not any(n in c.get("alt_names", ()) for n in as_words(v)):
                return False
        elif k == "not_name":
            if c.get("name") in as_words(v):
                return False
        elif k == "name_has":  # words the name contains; a list: any of them
            if not any(w in (c.get("name") or "") for w in as_words(v)):
                return False
        elif k == "cost":
            # a value expression ("an X-cost follower", X defined by the text: SVE 5.2.1.2)
            if c.get("cost", 0) != (_num(ctx, v) if isinstance(v, dict) else v):
                return False
        elif k in _BOUNDS:
            stat, most, default = _BOUNDS[k]
            x = c.get(stat, default)
            if x is None or (x > _num(ctx, v) if most else x < _num(ctx, v)):
                return False
        elif k == "level":
            if c.get("level") != v:
                return False
        elif k == "orientation":
            if o.orient not in as_words(v):
                return False
        elif k == "not_orientation":
            if o.orient in as_words(v):
                return False
        elif k == "face":
            if o.face_up != (v == "up"):
                return False
        elif k == "other":
            if _is_self(ctx, oid) == bool(v):
                return False
        elif k == "self":
            if (oid == ctx.src) != bool(v):
                return False
        elif k == "keyword":
            kws = c.get("keywords", ())
            if not any(has_kw(kws, w) for w in as_words(v)):
                return False
        elif k == "no_keyword":
            kws = c.get("keywords", ())
            if any(has_kw(kws, w) for w in as_words(v)):
                return False
        elif k == "token":
            if o.card.token != bool(v):
                return False
        elif k == "counters":
            spec = v if isinstance(v, dict) else {"name": v, "min": 1}
            if o.counter(spec["name"]) + c.get("granted_counters", {}).get(spec["name"], 0) < spec.get("min", 1):
                return False
        elif k == "in":
            if oid not in resolve(ctx, v):
                return False
        elif k == "not_in":
            if oid in resolve(ctx, v):
                return False
        elif k == "where":
            if not cond(ctx.child(it=[oid]), v):
                return False
        elif k == "entered_this_turn":
            if (o.since == g.turn) != bool(v):
                return False
        elif k == "spell":
            # a card in the waiting area, not an ability's pseudo-card (CR 312.3)
            is_spell = o.zone == getattr(g.rules, "waiting_zone", None) and "ability" not in c["types"]
            if is_spell != bool(v):
                return False
        else:
            hook = filt.get(k)
            if hook is None:
                raise ValueError(f"selector key {k!r} is not understood by this game")
            if not hook(ctx, oid, o, c, v):
                return False
    return True


def matches_as_last(ctx: Ctx, oid: int, sel: dict | str) -> bool:
    """Whether an object fits a selector as it is now, or, once it has left its zone, as it last
    was (last known information: SVE 10.11, CR 1004); False when nothing is known of it."""
    g = ctx.g
    if oid in g.objects:
        return matches(ctx, oid, sel)
    if oid not in g.lki:
        return False
    o, c = g.lki[oid][0], g.lki[oid][1]
    last = Ctx(g, ctx.p, ctx.src, ctx.env, chars=lambda x: c if x == oid else ctx.chars(x))
    return matches(last, oid, sel, obj=o)


def counters_on(ctx: Ctx, oid: int, name: str) -> int:
    """Counters of a name on an object: those put on it plus those a continuous effect says it
    has (Caster CR 909.1f)."""
    return ctx.g.objects[oid].counter(name) + ctx.chars(oid).get("granted_counters", {}).get(name, 0)


def has_kw(kws: Iterable, name: str) -> bool:
    for k in kws:
        if k[0] == name:
            return True
    return False


def kw_params(kws: Iterable, name: str) -> list:
    return [k[1] for k in kws if k[0] == name]


# Values ---------------------------------------------------------------------
def value(ctx: Ctx, v: Any) -> int:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return int(v)
    if isinstance(v, str):
        b = ctx.env.get(v)
        if isinstance(b, int):
            return b
        if isinstance(b, list):
            return len(b)
        if v in ("X", "Y"):
            return 0  # X is 0 outside the waiting area (CR 203.4)
        if v in ("∞", "inf"):
            # infinity: greater than any number, unchanged by adding or subtracting (Caster CR 104.7)
            return float("inf")  # type: ignore[return-value]
        try:
            return int(v)
        except ValueError:
            raise ValueError(f"unknown value {v!r}") from None
    if isinstance(v, dict):
        (k, a), = v.items()
        if k == "count":
            return len(select(ctx, a) if isinstance(a, dict) else resolve(ctx, a))
        if k == "len":
            return len(resolve_lki(ctx, a))
        if k == "fits":
            # how many of the cards bound to ``of`` fit ``filter``, each read where it is now or, once
            # gone, as it last was ("the number of amulets destroyed this way", SVE 10.11.1)
            return sum(matches_as_last(ctx, x, a["filter"]) for x in resolve_lki(ctx, a["of"]))
        if k == "sum":
            prop = a.get("of", "atk")
            ids = resolve(ctx, a["in"]) if "in" in a else []
            return sum(ctx.chars(x).get(prop) or 0 for x in ids)
        if k == "prop":
            ref, prop = a[0], a[1]
            ids = resolve_lki(ctx, ref)
            if not ids:
                return 0
            oid = ids[0]
            c = ctx.chars(oid) if oid in ctx.g.objects else ctx.g.lki[oid][1]
            return c.get(prop) or 0
        if k == "original":  # the information printed on the card itself (SVE 5.23.1)
            ref, prop = a[0], a[1]
            ids = resolve_lki(ctx, ref)
            if not ids:
                return 0
            o = ctx.g.objects[ids[0]] if ids[0] in ctx.g.objects else ctx.g.lki[ids[0]][0]
            return o.card.chars.get(prop) or 0
        if k == "add":
            return sum(value(ctx, x) for x in a)
        if k == "sub":
            return value(ctx, a[0]) - sum(value(ctx, x) for x in a[1:])
        if k == "mul":
            r = 1
            for x in a:
                r *= value(ctx, x)
            return r
        if k == "div":
            d = value(ctx, a[1])
            return value(ctx, a[0]) // d if d else 0
        if k == "half":  # round up (SVE 5.29.1)
            n = value(ctx, a)
            return -((-n) // 2)
        if k == "min":
            return min(value(ctx, x) for x in a)
        if k == "max":
            return max(value(ctx, x) for x in a)
        if k == "neg":
            return -value(ctx, a)
        if k == "if":  # a value that depends on a condition ("choose up to 2 instead", SVE 10.10.2.5)
            return value(ctx, a["then"]) if cond(ctx, a["cond"]) else value(ctx, a.get("else", 0))
        if k == "var":
            b = ctx.env.get(a, 0)
            return b if isinstance(b, int) else len(b)
        if k == "record":
            return record_count(ctx, a if isinstance(a, dict) else {"key": a})
        if k == "player_value":
            spec = a if isinstance(a, dict) else {"key": a}
            p = player1(ctx, spec.get("player", "you"))
            return ctx.g.rules.player_value(ctx.g, p, spec["key"])
        if k == "kinds":  # how many different values of a characteristic among the objects (SVE 2.5)
            key = "chars" if not a.get("printed") else "card"
            got = {(ctx.chars(x) if key == "chars" else ctx.g.objects[x].card.chars).get(a["prop"])
                   for x in select(ctx, a["of"])}
            return len(got - {None})
        if k == "most":  # the highest (or, with ``least``, lowest) value of a characteristic among the objects
            got = [ctx.chars(x).get(a["prop"]) for x in select(ctx, a["of"])]
            nums = [n for n in got if isinstance(n, int)]
            if not nums:
                return 0
            return min(nums) if a.get("least") else max(nums)
        if k == "counters_of":
            spec = a
            if "player" in spec:
                p = player1(ctx, spec["player"])
                return ctx.g.players[p].get("counters", {}).get(spec["name"], 0)
            ids = resolve_lki(ctx, spec.get("what", "self"))
            n = sum(counters_on(ctx, x, spec["name"]) for x in ids if x in ctx.g.objects)
            if spec.get("last"):
                # the counters an object had as it last was before it left its zone (last-known
                # information; SVE 15.1, 10.11.1: "the number of arrow counters this card had")
                n += sum(ctx.g.lki[x][0].counter(spec["name"]) for x in ids if x not in ctx.g.objects)
            return n
    raise ValueError(f"cannot evaluate value {v!r}")


# Conditions -----------------------------------------------------------------
_OPS = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    "<": lambda a, b: a < b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}


def record_count(ctx: Ctx, spec: dict) -> int:
    """A per-turn tally of a player; with ``of``, only the cards of the tally that fit that
    selector (``rules.record_cards``), each read as it is now if it is still where it was, else
    by its last known information."""
    g = ctx.g
    p = player1(ctx, spec.get("player", "you"))
    if "of" not in spec:
        return g.record.get(f"{p}:{spec['key']}", 0)
    kept = g.rules.record_cards(g, p, spec["key"])
    if spec.get("other"):
        # "another card": not the card whose ability this is, also as it was before it moved (a card
        # played, then put onto the field, SVE 4.1.4)
        kept = tuple(x for x in kept if x != ctx.src and g.successor(x) != ctx.src)
    return sum(matches_as_last(ctx, x, spec["of"]) for x in kept)


def cond(ctx: Ctx, c: Any) -> bool:
    if c is None or c is True:
        return True
    if c is False:
        return False
    for k, a in c.items():
        if not _cond1(ctx, k, a):
            return False
    return True


def _cond1(ctx: Ctx, k: str, a: Any) -> bool:
    g = ctx.g
    if k == "and":
        return all(cond(ctx, x) for x in a)
    if k == "or":
        return any(cond(ctx, x) for x in a)
    if k == "not":
        return not cond(ctx, a)
    if k == "exists":
        return bool(select(ctx, a))
    if k == "none":
        return not select(ctx, a)
    if k == "true":
        return bool(a)
    if k == "compare":
        lhs, op, rhs = a
        return _OPS[op](value(ctx, lhs), value(ctx, rhs))
    if k == "count":
        if a.get("distinct") == "name":  # how many names among them (SVE 2.1)
            n = len({ctx.chars(x).get("name") for x in select(ctx, a["of"])})
        else:
            n = value(ctx, {"count": a["of"]}) if "of" in a else len(resolve(ctx, a["in"]))
        if "min" in a and n < value(ctx, a["min"]):
            return False
        if "max" in a and n > value(ctx, a["max"]):
            return False
        if "eq" in a and n != value(ctx, a["eq"]):
            return False
        return True
    if k == "turn":
        return (g.active == ctx.p) == (a == "yours")
    if k == "phase":
        names = as_words(a)
        return g.phase in names or g.step in names
    if k == "is":
        ref, sel = a
        ids = resolve(ctx, ref)
        return bool(ids) and all(matches(ctx, x, sel) for x in ids)
    if k == "record":
        spec = a if isinstance(a, dict) else {"key": a}
        n = record_count(ctx, spec)
        return n >= spec.get("min", 1) and ("max" not in spec or n <= spec["max"])
    if k == "bound":
        b = ctx.env.get(a)
        return bool(b) if isinstance(b, list) else b is not None
    if k == "chose":
        return a in ctx.env.get("_modes", ())
    if k == "paid":
        return bool(ctx.env.get(f"_paid_{a}"))
    if k == "did":  # "if you do" / "if you did": the last action was done in full (Caster 1013.2a)
        return bool(ctx.env.get("_did")) == bool(a)
    if k == "player_value":
        spec = a
        p = player1(ctx, spec.get("player", "you"))
        n = g.rules.player_value(g, p, spec["key"])
        if "min" in spec and n < value(ctx, spec["min"]):
            return False
        if "max" in spec and n > value(ctx, spec["max"]):
            return False
        return True
    hook = g.rules.cond_hooks.get(k)
    if hook is None:
        raise ValueError(f"condition {k!r} is not understood by this game")
    return hook(ctx, a)
