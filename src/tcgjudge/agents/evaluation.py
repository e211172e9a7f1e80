"""How good a position is for a player, per game: a number in [0, 1].

Search agents evaluate *sampled* states (kernel/infoset.py), never the real
one.  Each game's evaluation is a material count turned into a win
estimate by a logistic curve; a finished game is 1, 0 or 0.5.  A game package
may bring its own (``pkg.evaluate(game, player) -> float``); otherwise the
table below is used, and a game with neither gets only the finished-game
values.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..kernel.game import Game

Evaluation = Callable[[Game, int], float]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _finished(g: Game, p: int) -> float | None:
    r = g.result
    if r is None:
        return None
    return 0.5 if r == "draw" else (1.0 if r == p else 0.0)


def _caster_material(g: Game, p: int) -> float:
    # a player loses when attacked with no orbs left (CR 804.5): orbs are life; servants on the
    # field are the threat and the defence; cards in hand are options; casters make aether
    # (CR 308), and aether in the pool is about to be spent
    s = 2.0 * len(g.zones[(p, "orbs")]) + 0.35 * len(g.zones[(p, "hand")])
    s += 0.1 * len(g.players[p].get("aether", ()))
    for oid in g.zones[(p, "field")]:
        c = g.chars(oid)
        s += 0.6 + (c.get("atk") or 0) / 2000.0 + (c.get("def") or 0) / 4000.0
    for oid in g.zones[(p, "casters")]:
        s += 0.5 + 0.15 * (g.chars(oid).get("level") or 0)
    return s


def caster(g: Game, p: int) -> float:
    done = _finished(g, p)
    if done is not None:
        return done
    return _logistic((_caster_material(g, p) - _caster_material(g, 1 - p)) / 4.0)


def _sve_material(g: Game, p: int) -> float:
    pl = g.players[p]
    # a player whose leader's defense is 0 or less loses (SVE 1.2.1.1)
    s = 0.8 * max(0, pl.get("leader_def", 20)) + 0.4 * len(g.zones[(p, "hand")]) + 0.5 * pl.get("ep", 0)
    s += 0.15 * pl.get("max_pp", 0)
    for oid in g.zones[(p, "field")]:
        c = g.chars(oid)
        if "follower" in c.get("types", ()):
            s += 0.8 + 0.6 * (c.get("atk") or 0) + 0.5 * (c.get("def") or 0)
        else:
            s += 1.0
    return s


def sve(g: Game, p: int) -> float:
    done = _finished(g, p)
    if done is not None:
        return done
    return _logistic((_sve_material(g, p) - _sve_material(g, 1 - p)) / 6.0)


def _nova_material(g: Game, p: int) -> float:
    pl = g.players[p]
    # a player whose life is 0 or less loses (NOVA 502.1; 2000 at the start, 007.4): life counts
    # per 100; cards in hand are options; the energy zone pays for cards (310, 801) like play
    # points; servants fight and guard (405), characters (202) weigh by level, magic items stay
    s = 0.6 * max(0, pl.get("life", 2000)) / 100.0 + 0.4 * len(g.zones[(p, "hand")])
    s += 0.35 * len(g.zones[(p, "energy")]) + 0.05 * len(pl.get("energy", ()))
    for oid in g.zones[(p, "field")]:
        c = g.chars(oid)
        types = c.get("types", ())
        if "servant" in types:
            hp = (c.get("def") or 0) - (g.objects[oid].data or {}).get("damage", 0)
            s += 0.8 + 0.6 * (c.get("atk") or 0) / 100.0 + 0.5 * max(0, hp) / 100.0
        elif "character" in types:
            s += 1.0 + 0.5 * (c.get("level") or 0)
        else:
            s += 0.8
    return s


def nova(g: Game, p: int) -> float:
    done = _finished(g, p)
    if done is not None:
        return done
    return _logistic((_nova_material(g, p) - _nova_material(g, 1 - p)) / 6.0)


def result_only(g: Game, p: int) -> float:
    done = _finished(g, p)
    return 0.5 if done is None else done


TABLE: dict[str, Evaluation] = {"caster": caster, "sve": sve, "nova": nova}


#: labels of the options that do nothing more (let the game go on): what a lookahead assumes both
#: players answer while it lets a position settle
PASSIVE = frozenset(("pass", "done", "keep hand", "end main phase", "end turn", "no", "decline", "skip"))


def passive(decision: Any) -> int:
    """The option that lets the game go on without doing anything more (else the first)."""
    for i, o in enumerate(decision.options):
        if o[0] in PASSIVE:
            return i
    return 0


def settle(g: Game, limit: int) -> None:
    """Let ``g`` go on with passive answers for at most ``limit`` decisions or until the turn
    ends, so that what was just played resolves before the position is evaluated."""
    turn = g.turn
    for _ in range(limit):
        d = g.pending
        if d is None or g.result is not None or g.turn != turn:
            return
        g.decide(passive(d))


def evaluation_for(game_id: str) -> Evaluation:
    """The evaluation of ``game_id``: the game package's own, else this table's, else result only."""
    fn = TABLE.get(game_id)
    if fn is not None:
        return fn
    from ..games import registry

    try:
        pkg: Any = registry.get(game_id)
    except registry.UnknownGame:
        return result_only
    return getattr(pkg, "evaluate", None) or result_only
