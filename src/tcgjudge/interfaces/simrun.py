"""Where simulated games run: this process, local processes, or a Ray cluster.

Every backend plays game ``k`` of a job with the same seed (``job.seed + k``),
the same decks and the same agents, so the results of a job are the same
whichever backend plays it; only the order in which they arrive may differ.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .sim import GameRecord, InvariantError, SimJob, _run_chunk, _setup, ignore_sigint, run_one

BACKENDS = ("local", "ray")


def spec_pairs(job: SimJob) -> list[tuple[str, str]]:
    """The (p1 deck, p2 deck) names game ``k`` uses: entry ``k % len``."""
    if job.pairs:
        return list(job.pairs)
    d = job.decks
    return [(a, b) for a in d for b in d] if len(d) > 1 else [(d[0], d[0])]


def _chunks(job: SimJob, ks: list[int], workers: int) -> list[tuple[SimJob, list[int]]]:
    # small chunks: results arrive (and are stored, surviving a Ctrl-C) every few games
    size = max(1, min(8, len(ks) // (workers * 4) or 1))
    return [(job, ks[i:i + size]) for i in range(0, len(ks), size)]


def _raise(out: tuple[str, str]) -> None:
    kind, msg = out
    raise (InvariantError if kind == "InvariantError" else RuntimeError)(msg)


def run_games(job: SimJob, ks: list[int], *, processes: int = 1, backend: str = "local",
              address: str | None = None, ray_cpus: int | None = None) -> Iterator[tuple[int, GameRecord]]:
    """Play games ``ks`` of ``job``; yields ``(k, record)`` as games finish."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if job.replay_dir:
        Path(job.replay_dir).mkdir(parents=True, exist_ok=True)
    if not ks:
        return
    if backend == "ray":
        yield from _run_ray(job, ks, address, ray_cpus)
        return
    if processes <= 1:
        _setup(job)
        for k in ks:
            yield k, run_one(k)
        return
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(processes, initializer=ignore_sigint) as pool:
        for out in pool.imap_unordered(_run_chunk, _chunks(job, ks, processes)):
            if isinstance(out, tuple):
                _raise(out)
            for rec in out:
                yield rec.seed - job.seed, rec


def _run_ray(job: SimJob, ks: list[int], address: str | None, cpus: int | None) -> Iterator[tuple[int, GameRecord]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'tcgjudge[ray]'") from None
    started = False
    if not ray.is_initialized():
        kw: dict = {"address": address} if address else {"num_cpus": cpus}
        ray.init(ignore_reinit_error=True, log_to_driver=False, include_dashboard=False, **kw)
        started = True
    try:
        remote = ray.remote(_run_chunk)
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        pending = [remote.remote(c) for c in _chunks(job, ks, workers)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            out = ray.get(done[0])
            if isinstance(out, tuple):
                for p in pending:
                    ray.cancel(p)
                _raise(out)
            for rec in out:
                yield rec.seed - job.seed, rec
    finally:
        if started:
            ray.shutdown()
