"""Aether: produced aether, what can pay a cost, and the payment procedure.

Produced aether is kept per player as a tuple of items until it is paid or
erased at the end of the turn (CR 907.4, 507.5b).  An item is
``(elements, traits)``: the elements it carries (empty for free aether with
no element; a caster with two elements produces aether carrying both, CR
907.6) and the races/traits of the caster that produced it (for
[United Front], CR 1108).

A cost is ``n`` aether of which, for each element of the card, at least one
must carry that element (CR 203.2, 1002.4); ``any`` element requirements
(CR 1002.2) need element aether of any kind.  A payment is feasible when a
matching assigns a distinct aether item to each requirement and the total
reaches ``n`` (CR 1002.5: never part of it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...kernel.objects import Ability
from .vocabulary import ELEMENTS

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game

#: CR 907.6: every caster has "[Rest]: Produce aether of this card's element, as many as its level"
CASTER_AETHER = Ability(
    "activated",
    {"cost": (("rest", "self"),), "do": (("produce", {"n": {"prop": ("self", "level")}, "element": "self"}),),
     "aether": True},
    text="[Rest]: Produce aether of this card's element, as many as its level. (CR 907.6)",
    zones=("casters",), index=90, keyword="caster_aether")

Item = tuple  # (frozenset elements, frozenset traits)

VOID: Item = (frozenset(), frozenset())


def item_label(it: Item) -> str:
    return "+".join(sorted(it[0])) if it[0] else "void"


def covers(it: Item | str, req: str, united: frozenset) -> bool:
    """Can this aether meet one requirement?  ``it`` may be ``"any"`` (not yet chosen, CR 907.7)."""
    if it == "any":
        return True
    els = it[0]
    if req == "any":
        return bool(els)  # CR 1002.2: free aether cannot pay "any element"
    if req in els:
        return True
    # CR 1108.2: element aether from a caster with the [United Front] trait pays the element
    return bool(els) and bool(united & it[1])


def _match(reqs: Sequence[str], items: Sequence[Any], united: frozenset) -> list[int] | None:
    """Assign a distinct item to each requirement (augmenting paths); indices or None."""
    owner: dict[int, int] = {}

    def aug(r: int, seen: set[int]) -> bool:
        for j, it in enumerate(items):
            if j in seen or not covers(it, reqs[r], united):
                continue
            seen.add(j)
            if j not in owner or aug(owner[j], seen):
                owner[j] = r
                return True
        return False

    for r in range(len(reqs)):
        if not aug(r, set()):
            return None
    out = [0] * len(reqs)
    for j, r in owner.items():
        out[r] = j
    return out


def feasible(n: int, reqs: Sequence[str], items: Sequence[Any], united: frozenset = frozenset()) -> bool:
    return len(items) >= n and len(reqs) <= n and _match(reqs, items, united) is not None


def payments(n: int, reqs: Sequence[str], pool: Sequence[Item], united: frozenset) -> list[tuple[Item, ...]]:
    """Every distinct way (as a multiset of aether kinds) to pay from the pool."""
    kinds: dict[Item, int] = {}
    for it in pool:
        kinds[it] = kinds.get(it, 0) + 1
    keys = sorted(kinds, key=lambda k: (item_label(k), sorted(k[1])))
    out: list[tuple[Item, ...]] = []

    def rec(i: int, left: int, chosen: list[Item]) -> None:
        if len(out) > 64:
            return
        if left == 0:
            if _match(reqs, chosen, united) is not None:
                out.append(tuple(chosen))
            return
        if i >= len(keys):
            return
        k = keys[i]
        for take in range(min(kinds[k], left), -1, -1):
            rec(i + 1, left - take, chosen + [k] * take)

    rec(0, n, [])
    return out


def remove_items(pool: Iterable[Item], used: Iterable[Item]) -> tuple[Item, ...]:
    rest = list(pool)
    for u in used:
        rest.remove(u)
    return tuple(rest)


def requirements(elements: frozenset, n: int) -> tuple[str, ...]:
    """One requirement per element of the card (CR 203.2; 903.2g-5 keeps n at least this many)."""
    return tuple(sorted(elements)) if n > 0 else ()


def produce_items(elements: Any, n: int, traits: frozenset) -> list[Any]:
    """The items an ability yields: 'any' stands for an element the producer picks later."""
    if elements == "any":
        return ["any"] * n
    if elements in (None, "void", ()):
        return [VOID] * n
    els = frozenset((elements,) if isinstance(elements, str) else elements)
    return [(els, traits)] * n


def proc_pay_aether(g: Game, f: Frame) -> None:
    """Pay an aether cost: produce aether with aether abilities (CR 1002.6) until the pool
    can pay, then choose which aether pays.  Returns True (paid) or False (cannot)."""
    d = f.data
    rules = g.rules
    p = d["p"]
    n, reqs = d["n"], tuple(d["reqs"])
    united = frozenset(d.get("united", ()))
    if n <= 0:
        g.pop(True)
        return
    ans = g.answer(f)
    if ans is not None:
        if ans[0] == "pay":
            pool = g.players[p]["aether"]
            g.set_player(p, "aether", remove_items(pool, ans[1]))
            g.note(f"p{p + 1} pays {', '.join(item_label(i) for i in ans[1])}")
            g.pop(True)
            return
        if ans[0] == "source":  # activate an aether ability now
            rules.activate_aether(g, f, p, ans[1], ans[2])
            return
    pool = g.players[p]["aether"]
    pays = payments(n, reqs, pool, united) if len(pool) >= n else []
    if pays:
        labels = ["pay " + ", ".join(item_label(i) for i in pay) for pay in pays]
        if len(set(labels)) != len(labels):
            # payments that differ only in the producers' traits ([United Front], CR 1108.2) must
            # still read differently: every option's label is unique
            labels = ["pay " + ", ".join(_trait_label(i) for i in pay) for pay in pays]
        opts = [(lab, ("pay", pay)) for lab, pay in zip(labels, pays)]
        g.ask(p, "pay", f"pay {n} aether", opts)
        return
    srcs = rules.aether_sources(g, p, exclude=tuple(d.get("exclude", ())))
    if not srcs:
        g.pop(False)
        return
    opts = []
    for oid, ab, _items in srcs:
        opts.append((rules.activate_label(g, oid, ab), ("source", oid, ab.index if ab is not None else -1)))
    g.ask(p, "pay", f"produce aether to pay {n} (pool: {', '.join(item_label(i) for i in pool) or 'empty'})",
          opts)


def _trait_label(it: Item) -> str:
    if isinstance(it, tuple) and it[1]:
        return f"{item_label(it)} ({'/'.join(sorted(it[1]))})"
    return item_label(it)


def pool_labels(pool: Iterable[Item]) -> list[str]:
    return [item_label(i) for i in pool]


def parse_element(e: Any) -> frozenset:
    """A card's element field: a name, a list of names, or 'void' / absent (CR 209.3)."""
    if e is None or e == "void" or e == []:
        return frozenset()
    if not isinstance(e, (str, list, tuple)):
        raise ValueError(f"expected an element name, a list of them, or void; got {e!r}")
    names = [e] if isinstance(e, str) else list(e)
    out = []
    for x in names:
        x = str(x).lower()
        if x not in ELEMENTS:
            raise ValueError(f"unknown element {x!r}; elements: {', '.join(ELEMENTS)} or void")
        out.append(x)
    return frozenset(out)
