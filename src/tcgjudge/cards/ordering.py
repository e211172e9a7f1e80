"""The order of cards that go into an ordered zone together.

Caster CR 302.4 and SVE 4.1.5: when several cards are put into the same
zone whose order is managed (a deck, the orbs) at once, the player they
belong to decides their order; they go one at a time, each on the given side
(``pos``) of the ones before it.  Identical cards need no choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..kernel.frames import Frame
    from ..kernel.game import Game


def choose_order(g: Game, f: Frame, plan: list[dict], orderable: Callable[[dict], bool]) -> bool:
    """Reorder ``plan`` (move steps with ``oid``, ``dest``, ``zp``, ``pos``) group by group:
    the steps ``orderable`` accepts that go to the same place are put in the order their zone's
    player chooses, one card at a time (labels ``choose ID``).  False while a choice is pending
    (the answer comes back through ``f``)."""
    d = f.data
    done = d.setdefault("ordered", [])
    groups: dict[str, list[int]] = {}
    for i, e in enumerate(plan):
        if e.get("skip") or e.get("replaced") or e["oid"] not in g.objects or not orderable(e):
            continue
        groups.setdefault(str((e["dest"], e["zp"], str(e["pos"]))), []).append(i)
    for key, idx in groups.items():
        if len(idx) < 2 or key in done:
            continue
        zp, dest, pos = plan[idx[0]]["zp"], plan[idx[0]]["dest"], plan[idx[0]]["pos"]
        chosen = d.setdefault("order_" + key, [])
        ans = g.answer(f)
        if ans is not None:
            chosen.append(ans)
        left = [i for i in idx if i not in chosen]
        if len({g.objects[plan[i]["oid"]].card.key for i in left}) > 1:
            seen: set[str] = set()
            opts = []
            for i in left:
                k = g.objects[plan[i]["oid"]].card.key
                if k not in seen:
                    seen.add(k)
                    opts.append((f"choose {g.rules.obj_ref(g, plan[i]['oid'], zp)}", i))
            g.ask(zp, "order", f"put which card into your {dest} ({pos}) next?", opts)
            return False
        chosen.extend(left)
        # this group's steps in the chosen order, in the places of the plan they held
        entries = [plan[i] for i in chosen]
        for slot, e in zip(sorted(idx), entries):
            plan[slot] = e
        done.append(key)
        d.pop("order_" + key, None)
    return True
