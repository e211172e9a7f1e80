"""The layer system: characteristics computed from printed values and continuous effects.

Characteristics are computed for every object of the game's *layered* zones
in one pass: printed values, then each layer in the game's order (Caster CR
909.1, SVE 10.9, NOVA 802.1.2.1).  Inside a layer, an effect that depends on
another is applied after it (CR 909.3a); otherwise earlier timestamps go first
(CR 909.3b).  Conditions that select the affected objects are part of the
effect and are evaluated on the characteristics the pass has reached (CR
909.3b-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects import ABILITY_OPS, CLOCK, READS, CEffect, LayerView

if TYPE_CHECKING:
    from .rules import GameState


def _affected(game: GameState, eff: CEffect, view: LayerView) -> list:
    kind = eff.affects[0]
    if kind == "objs":
        return [o for o in eff.affects[1] if o in view.chars]
    return list(game.rules.effect_affects(game, eff, view))


def _order(game: GameState, effects: list[CEffect], view: LayerView) -> list[CEffect]:
    """Order the effects of one layer: dependency first, then timestamp (CR 909.3)."""
    effects = sorted(effects, key=lambda e: e.ts)
    rules = game.rules
    # effects on players change no object's characteristics: they keep timestamp order
    objects = [e for e in effects if e.affects[0] not in ("players", "players_sel")]
    varying = [e for e in objects if rules.effect_varies(e)]
    if len(objects) < 2 or not varying:
        return effects
    depends: dict[int, set[int]] = {e.eid: set() for e in effects}
    # what each effect applies to in this view, found once: it is also part of its signature
    hits = {a.eid: _affected(game, a, view) for a in objects}
    base_sigs = {e.eid: rules.effect_signature(game, e, view, None if e.affects[0] == "objs" else hits[e.eid])
                 for e in varying}
    for a in objects:
        hit = hits[a.eid]
        if not hit:
            continue  # applying A changes nothing, so nothing can depend on it
        trial = dict(view.chars)
        tview = LayerView(game, trial)
        for oid in hit:
            trial[oid] = rules.apply_effect(game, a, tview.get(oid), oid, tview)
        for b in varying:
            if b is not a and rules.effect_signature(game, b, tview) != base_sigs[b.eid]:
                depends[b.eid].add(a.eid)  # applying A changes what or how B applies: B depends on A
    out: list[CEffect] = []
    remaining = list(effects)
    while remaining:
        rem_ids = {e.eid for e in remaining}
        free = [e for e in remaining if not (depends[e.eid] & rem_ids)
                or e.eid in _in_cycle(e.eid, depends, rem_ids)]
        pick = free[0] if free else remaining[0]
        out.append(pick)
        remaining.remove(pick)
    return out


def _in_cycle(eid: int, depends: dict[int, set[int]], alive: set[int]) -> set[int]:
    """Ids on a dependency cycle through ``eid`` (a loop falls back to timestamps)."""
    seen: set[int] = set()
    stack = [d for d in depends[eid] if d in alive]
    while stack:
        x = stack.pop()
        if x == eid:
            return {eid}
        if x in seen:
            continue
        seen.add(x)
        stack.extend(d for d in depends.get(x, ()) if d in alive)
    return set()


def compute_layers(game: GameState) -> dict:
    """Characteristics of every object in a layered zone, plus player modifiers.

    Returns ``{oid: chars}`` and, under key ``("p", i)``, each player's
    modifiers (flags and values that player effects set), and under key
    :data:`READS` the aspects of the state the result depends on beyond the
    objects, zones and effects (see ``Game.changed``).

    Static abilities are collected from the printed characteristics; if the
    pass grants or removes static abilities, the pass runs again with the
    static abilities the objects have after it (at most twice more).
    """
    rules = game.rules
    objs = game.objects
    if not game.effects and not rules.extra_effects_possible(game):
        # Nothing can modify anything: characteristics are the printed ones, computed on demand.
        if not any(objs[oid].card.chars.get("has_static") for zkey, ids in game.zones.items()
                   if zkey[1] in rules.layered_zones for oid in ids):
            out: dict[Any, Any] = {("p", i): {} for i in range(len(game.players))}
            out[READS] = rules.chars_reads(game, ())
            out[CLOCK] = (game.turn, game.active, game.phase, game.step)
            return out
    base: dict[Any, Any] = {}
    for zkey, ids in game.zones.items():
        if zkey[1] in rules.layered_zones:
            for oid in ids:
                base[oid] = game.base_chars(oid)
                o = objs[oid]
                if o.under:
                    for u in o.under:
                        base[u] = game.base_chars(u)
    src = base
    result: dict[Any, Any] = base
    pmods: list[dict] = []
    prev_key = None
    used: list[CEffect] = list(game.effects)
    for _ in range(3):
        statics = list(rules.static_effects(game, LayerView(game, src)))
        used.extend(statics)
        key = tuple(sorted((e.eid, e.source or 0) for e in statics))
        if key == prev_key:
            break
        prev_key = key
        result, pmods, abilities_changed = _pass(game, dict(base), statics)
        if not abilities_changed:
            break  # no effect gave or took abilities: the static abilities stay those collected
        src = result
    for i, m in enumerate(pmods):
        result[("p", i)] = m
    result[READS] = rules.chars_reads(game, used)
    result[CLOCK] = (game.turn, game.active, game.phase, game.step)
    return result


def _pass(game: GameState, chars: dict, statics: list[CEffect]) -> tuple[dict, list[dict], bool]:
    rules = game.rules
    abilities_changed = False
    touched: set = set()  # the objects some effect changed
    view = LayerView(game, chars)
    pmods: list[dict] = [{} for _ in game.players]
    effects = [e for e in game.effects if e.cond is None or rules.effect_condition(game, e, view)]
    effects.extend(statics)
    if effects:
        by_layer: dict[str, list[CEffect]] = {}
        for e in effects:
            by_layer.setdefault(e.layer, []).append(e)
        for layer in rules.layers:
            les = by_layer.get(layer)
            if not les:
                continue
            for e in _order(game, les, view):
                kind = e.affects[0]
                if kind == "players" or kind == "players_sel":
                    ps = e.affects[1] if kind == "players" else rules.effect_affects(game, e, view)
                    for p in ps:
                        rules.apply_player_effect(game, e, pmods[p], p, view)
                    continue
                for oid in _affected(game, e, view):
                    chars[oid] = rules.apply_effect(game, e, view.get(oid), oid, view)
                    touched.add(oid)
                    if e.op in ABILITY_OPS or e.layer in ("base", "abilities"):
                        abilities_changed = True
    rules.after_layers(game, chars, touched)
    return chars, pmods, abilities_changed
