"""Running games between agents, with optional invariant checks."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..kernel import replay as replay_mod
from ..kernel.decisions import IllegalAction, brief
from ..kernel.game import Game
from ..kernel.infoset import InfoSet
from ..kernel.view import view


class InvariantError(AssertionError):
    pass


@dataclass
class GameRecord:
    seed: int
    decks: tuple[str, str]
    result: Any
    turns: int
    decisions: int
    replay: dict = field(default_factory=dict)


def play_game(pkg: Any, decks: list, seed: int, agents: list[str], *, auto: bool = True, check: bool = False,
              max_decisions: int = 100_000, on_decision: Callable | None = None) -> tuple[Game, GameRecord]:
    g = pkg.new_game(decks, seed, auto=auto)
    ags = [make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)]
    total = g.card_count() if check else 0
    n = 0
    while g.result is None:
        d = g.pending
        if d is None:
            raise InvariantError(f"seed {seed}: the engine stopped with no decision and no result")
        v = view(g, d.player) if (check or getattr(ags[d.player], "needs_view", False)) else {}
        if check:
            check_view(g, v, d.player)
            check_frames(g)
            if g.card_count() != total:
                raise InvariantError(f"seed {seed}: card count changed from {total} to {g.card_count()}")
        if getattr(ags[d.player], "needs_infoset", False):
            if len(d.options) == 1:  # a search agent answers a lone option without searching
                i = 0
            else:
                v["infoset"] = InfoSet.of(g, d.player)  # search agents sample states only from this
                i = ags[d.player].choose(v, d)
        else:
            i = ags[d.player].choose(v, d)
        g.decide(i)
        n += 1
        if on_decision:
            on_decision(g)
        if n >= max_decisions:
            stop_game(g, max_decisions)
            break
    if check:
        for p in range(len(g.players)):
            check_view(g, view(g, p), p)
    rec = GameRecord(seed, tuple(d.name for d in decks), g.result, g.turn, n, replay_mod.record(g))
    return g, rec


def check_frames(g: Game) -> None:
    """Everything pending is plain data held by one frame only (DESIGN principle 2): no dict or
    list may be reachable from two frames, or a clone would split what should be one thing."""
    owner: dict[int, int] = {}

    def walk(x: Any, i: int) -> None:
        if isinstance(x, (dict, list)):
            k = id(x)
            if owner.get(k, i) != i:
                raise InvariantError(f"frames {owner[k]} ({g.frames[owner[k]].kind}) and {i} "
                                     f"({g.frames[i].kind}) share a mutable value")
            owner[k] = i
            for v in (x.values() if isinstance(x, dict) else x):
                walk(v, i)

    for i, f in enumerate(g.frames):
        walk(f.data, i)


def view_mappings(v: dict) -> Iterator[dict]:
    """Every mapping inside a view's ``players`` and ``shared`` parts (where objects are shown)."""
    todo: list[Any] = [v["players"], v["shared"]]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            yield x
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)


def check_view(g: Game, v: dict, viewer: int) -> None:
    """No view may contain the identity of a card the viewer may not see."""
    for x in view_mappings(v):
        if "id" in x and "card" in x:
            oid = x["id"]
            o = g.objects.get(oid)
            if o is None or not g.rules.can_see(g, o, viewer):
                raise InvariantError(f"p{viewer + 1}'s view shows hidden object {oid} ({x['card']})")


def stop_game(g: Game, after: int) -> None:
    """Stop a game that runs too long: a draw, recorded so that its replay stops the same way."""
    g.result = "draw"
    g.pending = None
    g.info = {**g.info, "stopped_after": after}
    g.note(f"game stopped after {after} decisions and counted as a draw")


def replay_start(pkg: Any, data: dict) -> Game:
    """The game a (checked) replay's data sets up, before any decision."""
    decks = [pkg.deck_from_json(d) for d in data["decks"]]
    setup: dict[str, Any] = {}
    fmt = data.get("game_format")
    if fmt is not None:  # SVE's format (a replay's own key is 'format')
        import inspect

        if not isinstance(fmt, str) or "format" not in inspect.signature(pkg.new_game).parameters:
            raise replay_mod.ReplayError(f"game_format: {data['game']} games have no format {brief(fmt)}")
        setup["format"] = fmt
    return pkg.new_game(decks, data["seed"], first=data.get("first"), auto=data.get("auto", False), **setup)


def replay_answer(g: Game, answer: int | str, i: int) -> None:
    """Give the replay's answer number ``i``: an option index or a concession."""
    try:
        if isinstance(answer, str):  # "concede pN" (checked by replay.check)
            g.concede(int(answer.rsplit("p", 1)[1]) - 1)
            return
        if g.pending is None:
            raise replay_mod.ReplayError(f"replay decision {i}: the game has no pending decision"
                                         + (" (the game is over)" if g.result is not None else ""))
        g.decide(answer)
    except IllegalAction as e:
        raise replay_mod.ReplayError(f"replay decision {i}: {e}") from None


def replay_game(pkg: Any, data: dict, *, verify: bool = True) -> Game:
    """Play a replay's decisions again.  With ``verify`` (the default) the game must reach the
    result, decision count and turn count the replay records, or ReplayError says where it
    diverged; without it, the game is returned wherever the decisions lead (to explore a
    changed replay)."""
    replay_mod.check(data)
    g = replay_start(pkg, data)
    for i, idx in enumerate(data["decisions"]):
        replay_answer(g, idx, i)
    if data.get("stopped_after") and g.result is None:
        stop_game(g, data["stopped_after"])
    if verify:
        replay_mod.verify(g, data)
    return g


@dataclass
class SimJob:
    """A batch of games: which game, which decks (cycled through all pairings), which seeds."""

    game: str
    decks: list[str]
    agents: list[str]
    seed: int = 0
    check: bool = False
    replay_dir: str | None = None
    cards: tuple[str, ...] = ()  # card files whose cards the decks use
    #: the deck pairings (p1 deck, p2 deck) to cycle through; default: every pairing of ``decks``
    pairs: list[tuple[str, str]] | None = None


_JOB: dict[str, Any] = {}


def _setup(job: SimJob) -> None:
    from ..games import registry

    pkg = registry.get(job.game)
    if job.cards:
        pkg = pkg.with_cards(job.cards)
    loaded = [pkg.load_deck(n) for n in job.decks]
    if job.pairs:
        by_name = dict(zip(job.decks, loaded))
        pairs = [(by_name[a], by_name[b]) for a, b in job.pairs]
    else:
        pairs = [(a, b) for a in loaded for b in loaded] if len(loaded) > 1 else [(loaded[0], loaded[0])]
    _JOB.update(job=job, pkg=pkg, pairs=pairs)


def run_one(k: int) -> GameRecord:
    """Play game number ``k`` of the batch set up by :func:`_setup`."""
    job: SimJob = _JOB["job"]
    pkg = _JOB["pkg"]
    pairs = _JOB["pairs"]
    s = job.seed + k
    a, b = pairs[k % len(pairs)]
    try:
        g, rec = play_game(pkg, [a, b], s, job.agents, check=job.check)
        if job.check:
            again = replay_game(pkg, rec.replay)
            if again.fingerprint() != g.fingerprint():
                raise InvariantError(f"seed {s}: replaying the game did not reproduce it")
    except InvariantError:
        raise
    except Exception as e:
        raise RuntimeError(f"game {k} (seed {s}, {a.name} vs {b.name}) failed: {type(e).__name__}: {e}") from e
    if job.replay_dir:
        replay_mod.save(g, Path(job.replay_dir) / f"{job.game}-{s}.json")
    return rec


def _run_chunk(args: tuple[SimJob, list[int]]) -> list[GameRecord] | tuple[str, str]:
    job, ks = args
    if _JOB.get("job") is not job and _JOB.get("job") != job:
        _setup(job)
    try:
        return [run_one(k) for k in ks]
    except (InvariantError, RuntimeError) as e:
        return (type(e).__name__, str(e))


def ignore_sigint() -> None:
    """Workers leave Ctrl-C to the main process, which stops the pool and reports what finished."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    c = (p + z * z / (2 * n)) / den
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, c - h), min(1.0, c + h))
