"""Shadowverse: Evolve's procedures (kernel procedures ``proc(game, frame)``, see
``kernel/game.py``):

- ``setup``: game preparation (6.2), in :mod:`.setup`;
- ``turn``: start, main and end phases (7), in :mod:`.turn`;
- ``confirm`` and ``rules_handling``: Confirmation Timing (10.5) and rules handling (11), in
  :mod:`.confirm`;
- ``resolve``, ``quick`` and the main phase's actions (8.2, 8.3, 10.6, 12.3), in :mod:`.actions`;
- ``attack``: attacking with a follower (8.4), in :mod:`.attack`;
- ``damage``: dealing damage with its replacement effects (5.13, 10.10), in :mod:`.damage`;
- ``moves``: moving cards with zone limits and replacement effects, in :mod:`.moves`;
- ``play`` and ``pay``: the card layer's playing and paying (10.6.2), with SVE's costs from
  :mod:`.costs`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ....cards.play import proc_pay, proc_play

if TYPE_CHECKING:
    from ....kernel.game import Game
    from ....kernel.objects import Ability, Obj
    from ..rules import SveRules


def abilities_in(g: Game, zones: tuple[str, ...], kind: str) -> Iterator[tuple[int, Obj, Ability]]:
    """The abilities of one kind ("auto" or "static") valid where their cards are, in ``zones``,
    the turn player's cards first: (card, its object, ability).  An evolved follower
    has the abilities its linked evolved card gives it too (5.15).  Which abilities these are
    depends on characteristics, zones and evolve links only (``links_evolve`` is among what
    SVE's characteristics read), so the list is kept with the characteristics."""
    flag = "has_auto" if kind == "auto" else "has_static"
    active = g.active

    def scan() -> tuple[tuple[int, int], ...]:
        out = []
        for zone in zones:
            for p in (active, 1 - active):
                for oid in g.zone(p, zone):
                    o = g.objects[oid]
                    if not o.card.chars.get(flag) and not o.get("links_evolve"):
                        continue
                    for i, ab in enumerate(g.chars(oid)["abilities"]):
                        if ab.kind == kind and zone in ab.zones:
                            out.append((oid, i))
        return tuple(out)

    for oid, i in g.memo_chars(("sve_abilities_in", zones, kind, active), scan):
        yield oid, g.objects[oid], g.chars(oid)["abilities"][i]


def install(rules: SveRules) -> None:
    from .. import ops
    from . import actions, attack, confirm, damage, moves, setup, turn

    for name, proc in {
        "play": proc_play, "pay": proc_pay, "setup": setup.proc_setup, "turn": turn.proc_turn,
        "confirm": confirm.proc_confirm, "rules_handling": confirm.proc_rules_handling,
        "resolve": actions.proc_resolve, "quick": actions.proc_quick, "free_play": actions.proc_free_play,
        "attack": attack.proc_attack, "damage": damage.proc_damage, "moves": moves.proc_moves,
    }.items():
        rules.register(name, proc)
    ops.install(rules)
    rules.waiting_empty = lambda g: not g.zones[(-1, "resolution")]  # type: ignore[attr-defined]
