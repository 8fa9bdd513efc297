"""Counts split into parts that run on a Dask cluster.

:func:`count` submits one task per part to any Dask scheduler, a ``LocalCluster`` on one
machine or ``dask_jobqueue.SLURMCluster`` on a real cluster, and adds the parts up with
the verified :func:`queens.merge`. Each task runs :func:`queens.count_part` in the
worker's own process (no subprocess to orphan when a worker dies) and returns its
result as a value, so a part that is computed again after a worker died is still added
once. Needs ``pip install ./python[dask]`` (dask and distributed), and ``queens``
installed on every worker.

``recheck=R`` adds a second pass: R parts drawn at random (``seed``) are counted again,
each on another worker than the one that counted it first where the cluster has one,
and a part whose two results differ raises :class:`queens.InternalError` naming it
(a worker that counts wrong: bad memory, another build). The command line's
``queens recheck`` does the same from a manifest.

On a Slurm cluster (with ``dask-jobqueue`` installed)::

    from dask_jobqueue import SLURMCluster
    from distributed import Client
    import queens.dask

    cluster = SLURMCluster(cores=8, processes=1, memory="4GB", walltime="02:00:00")
    cluster.scale(jobs=16)                    # 16 Slurm jobs, one worker each
    client = Client(cluster)
    print(queens.dask.count(20, client=client, parts=512))
"""

from __future__ import annotations

import json
import random
import importlib
import uuid
from typing import Any, List, Optional, Sequence

from . import (
    BoardLike,
    DefineLike,
    InternalError,
    PiecesLike,
    PlacementLike,
    _problem,
    _queens,
    _threads,
    _whole,
    merge,
)

__all__ = ["count"]


def _count_part(
    board: Any,
    pieces: Any,
    fixed: Any,
    define: Any,
    part: int,
    parts: int,
    engine: str,
    threads: int,
) -> str:
    # Runs on a worker: the extension releases the GIL, so the worker's other threads
    # (its heartbeat among them) go on while the part is counted.
    return _queens.NativeProblem(_problem(board, pieces, fixed, define)).count_part(part, parts, engine, threads)


def count(
    board: BoardLike = 8,
    pieces: Optional[PiecesLike] = None,
    *,
    client: Any,
    parts: int,
    fixed: Optional[PlacementLike] = None,
    define: Optional[DefineLike] = None,
    retries: int = 2,
    engine: str = "auto",
    threads: int = 1,
    unique: bool = False,
    progress: bool = False,
    recheck: int = 0,
    seed: int = 1,
) -> int:
    """The exact count, split into ``parts`` tasks on ``client``'s cluster.

    A part whose task fails is retried ``retries`` times; a part whose worker dies is
    computed again by the scheduler. ``threads`` is the threads each part uses (1 fits
    a worker with one thread per core). ``progress=True`` shows Dask's progress bar.
    ``unique=True`` gives the count up to symmetry. ``recheck=R`` counts R parts drawn
    with ``seed`` again on other workers and raises :class:`queens.InternalError` if
    one differs.
    """
    # The problem as given: picklable Python values, read by the native module on each
    # worker as here.
    args = (board, pieces, fixed, define)
    parts = _whole(parts, "parts", "64", 2**32)
    threads = _threads(threads)
    retries = _whole(retries, "retries", "2", 2**31)
    recheck = _whole(recheck, "recheck", "3", 2**32)
    seed = _whole(seed, "seed", "1")
    # Check the problem and the engine here, before anything is submitted.
    _queens.NativeProblem(_problem(*args)).count_check(engine, parts)
    run = uuid.uuid4().hex
    futures = [
        client.submit(
            _count_part,
            *args,
            i,
            parts,
            engine,
            threads,
            retries=retries,
            pure=False,
            key=f"queens-part-{i}-of-{parts}-{run}",
        )
        for i in range(1, parts + 1)
    ]
    try:
        if progress:
            # Looked up by name, not imported: `distributed` is an optional extra, and
            # a static import broke `mypy.stubtest queens` without it (its ignore
            # comment covered `attr-defined`, not `import-not-found`).
            show = importlib.import_module("distributed").progress
            show(futures)
        results = client.gather(futures)
    except BaseException:
        # A failed part or Ctrl-C: the cluster stops counting the other parts.
        client.cancel(futures)
        raise
    names = [f"part {i}/{parts}" for i in range(1, parts + 1)]
    n = merge(results, unique=unique, names=names)
    if recheck:
        chosen = _drawn(parts, recheck, seed)
        # Who holds each result: in all likelihood the worker that counted it.
        holders = client.who_has([futures[i - 1] for i in chosen])
        workers = list(client.scheduler_info()["workers"])
        again = []
        for i in chosen:
            first = set(holders.get(futures[i - 1].key, ()))
            others = [w for w in workers if w not in first]
            again.append(
                client.submit(
                    _count_part,
                    *args,
                    i,
                    parts,
                    engine,
                    threads,
                    retries=retries,
                    pure=False,
                    key=f"queens-recheck-{i}-of-{parts}-{run}",
                    # On a one-worker cluster no other worker exists: any will do
                    # (distributed refuses allow_other_workers without workers).
                    workers=others or None,
                )
            )
        try:
            second = client.gather(again)
        except BaseException:
            client.cancel(again)
            raise
        bad = _differing(chosen, [results[i - 1] for i in chosen], second)
        if bad:
            raise InternalError(
                f"the re-check of {len(chosen)} parts on other workers differs in {', '.join(bad)}: "
                "a worker counted wrong (bad memory, another build?)"
            )
    return n


def _drawn(parts: int, k: int, seed: int) -> List[int]:
    """The parts (from 1) that a re-check of ``k`` of ``parts`` with ``seed`` counts
    again, in increasing order: the same on every machine."""
    return sorted(random.Random(seed).sample(range(1, parts + 1), min(k, parts)))


def _differing(chosen: Sequence[int], first: Sequence[str], second: Sequence[str]) -> List[str]:
    """The parts whose two shard results (JSON texts) give different subtotals, named
    ``part I (total A, then B)``."""
    bad = []
    for i, a, b in zip(chosen, first, second):
        x, y = json.loads(a), json.loads(b)
        if (x["total"], x["unique"]) != (y["total"], y["unique"]):
            bad.append(f"part {i} (total {x['total']}, then {y['total']})")
    return bad
