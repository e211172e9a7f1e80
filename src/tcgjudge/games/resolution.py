"""What the games share in resolving: the first step of the ``resolve`` procedure (the card or
ability on top of the zone where played things wait: Caster's chase zone, SVE's resolution
zone, NOVA's waiting area), the ``run`` frame of an effect, abilities that resolve at once,
and whether what a card or ability requires to target exists.

A game package imports this module; the games never import each other."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards.context import Ctx
from ..cards.play import begin_play, program_of, required_targets_exist
from ..kernel.frames import dcopy

if TYPE_CHECKING:
    from ..kernel.game import Frame, Game
    from ..kernel.objects import Obj

#: how a game starts the effect of what resolves: (game, the object resolving, the effect's
#: source, its spec, the environment it was played with, its ability or None for a card)
StartEffect = Callable[["Game", "Obj", "int | None", dict, dict, Any], None]


def resolve_first_step(g: Game, f: Frame, zone: str, instant: str, start: StartEffect) -> None:
    """Step 0 of ``resolve`` (CR 903.3, SVE 10.6.2.8, NOVA 804.3): the object ``f.data["oid"]``
    is resolved only while it is still in ``zone``.  An ability, or a card with the type
    ``instant`` (a conjure, a spell), goes on to step 1 once ``start`` has started its effect;
    any other card goes on to step 2, where the game puts it onto the field."""
    oid = f.data["oid"]
    o = g.objects.get(oid)
    if o is None or o.zone != zone:
        g.pop()
        return
    ab = o.get("ability")
    env = dict(o.get("env") or {})
    if ab is not None:
        src, spec = o.get("source"), ab.spec
    else:
        c = g.chars(oid)
        if instant not in c["types"]:
            f.step = 2
            return
        eff = c.get("effect")
        src, spec = oid, (eff.spec if eff is not None else {})
    f.step = 1
    start(g, o, src, spec, env, ab)


def run_effect(g: Game, p: int, src: int | None, spec: dict, env: dict, modes: Any = ()) -> None:
    """Push the ``run`` frame of an effect's program (its chosen ``modes``), in ``env`` as it is."""
    g.push("run", p=p, src=src, env=env, stack=[[program_of(spec, modes), 0, "seq", None]])


def activate_at_once(g: Game, f: Frame, p: int, oid: int, index: int) -> None:
    """Play the ability ``index`` of ``oid`` so that it resolves at once, without waiting
    (Caster's aether abilities, CR 907.3; NOVA's energy abilities, 801.6.3.2)."""
    ab = next(a for a in g.chars(oid)["abilities"] if a.index == index)
    begin_play(g, f, f.step, f.step, p, "ability", oid, ab, immediate=True, rewind=False)


def resolve_at_once(g: Game, d: dict, spec: dict) -> None:
    """The effect of an ability played with ``immediate`` starts now (the card layer's
    ``resolve_immediate`` hook)."""
    run_effect(g, d["p"], d["src"], spec, dcopy(d["env"]))


def targets_available(g: Game, p: int, src: int, spec: dict, obj: int | None) -> bool:
    """May what has ``spec`` be played for its targets: the targets it requires exist, and with
    "choose", one mode can be chosen (its condition holds, its targets exist; CR 903.2c)."""
    if not spec.get("targets") and not spec.get("choose"):
        return True
    ctx = Ctx(g, p, src)
    if not required_targets_exist(g, ctx, spec.get("targets", ()), obj):
        return False
    ch = spec.get("choose")
    return ch is None or any(("if" not in m or g.rules.mode_condition(ctx, m["if"]))
                             and required_targets_exist(g, ctx, m.get("targets", ()), obj) for m in ch["modes"])


__all__ = ["StartEffect", "activate_at_once", "resolve_at_once", "resolve_first_step", "run_effect",
           "targets_available"]
