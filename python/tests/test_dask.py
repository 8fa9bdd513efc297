"""queens.dask on a real LocalCluster with two worker processes: the split count equals
the plain count, and stays exact when a worker is killed mid-run."""

import os
import signal
import threading
import time

import pytest

import queens

dask_distributed = pytest.importorskip("distributed")
import queens.dask  # noqa: E402  (needs distributed)


@pytest.fixture(scope="module")
def client():
    cluster = dask_distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = dask_distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.parametrize("parts", [1, 3, 7])
def test_split_count_equals_the_plain_count(client, parts):
    assert queens.dask.count(11, client=client, parts=parts) == queens.count(11) == 2680
    assert queens.dask.count(10, client=client, parts=parts, unique=True) == 92


@pytest.mark.parametrize(
    "board, pieces, fixed, total",
    [
        (12, "12A", None, 156),  # OEIS A051223
        ("8x11", "8A", None, None),
        ("5x5", "N,B,R,Q,A", None, 96),  # the student paper's mixed pieces
        (6, "3N,2B,Q", "Qc3", None),
        (25, "4Q", None, 2729909796),  # OEIS A061994
    ],
)
def test_amazons_mixed_and_fixed_pieces_split_too(client, board, pieces, fixed, total):
    plain = queens.count(board, pieces, fixed=fixed)
    if total is not None:
        assert plain == total
    for parts in (1, 4):
        assert queens.dask.count(board, pieces, client=client, parts=parts, fixed=fixed) == plain
    unique = queens.count(board, pieces, fixed=fixed, unique=True)
    assert queens.dask.count(board, pieces, client=client, parts=3, fixed=fixed, unique=True) == unique


def test_a_problem_no_engine_splits_is_refused_before_submitting(client):
    with pytest.raises(queens.InputError, match="exact engine"):
        queens.dask.count(100, "3K", client=client, parts=4)
    with pytest.raises(queens.InputError, match="parts"):
        queens.dask.count(8, client=client, parts=0)


def test_a_killed_worker_loses_nothing(client):
    # 17 queens in 64 parts take about 3 s of CPU; one worker is killed once parts are
    # running, and the scheduler computes its parts again on the other worker (or on
    # the one its nanny restarts). The merge refuses a part given twice, so an exact
    # total also shows that no part was counted twice.
    pids = list(client.run(os.getpid).values())
    assert len(pids) == 2
    victim = pids[0]
    killed = threading.Event()

    def kill_when_started():
        deadline = time.time() + 30
        while time.time() < deadline:
            if any(client.processing().values()):
                time.sleep(0.5)
                os.kill(victim, signal.SIGKILL)
                killed.set()
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_when_started)
    killer.start()
    total = queens.dask.count(17, client=client, parts=64, retries=2)
    killer.join()
    assert killed.is_set(), "the worker was not killed while the count ran"
    assert total == 95815104


def test_a_recheck_on_other_workers_agrees(client):
    assert queens.dask.count(11, client=client, parts=5, recheck=3, seed=2) == 2680
    assert queens.dask.count(10, client=client, parts=4, recheck=9, unique=True) == 92
    with pytest.raises(queens.InputError, match="recheck"):
        queens.dask.count(8, client=client, parts=2, recheck=-1)


def test_the_recheck_draw_repeats_and_names_a_differing_part():
    assert queens.dask._drawn(64, 5, 7) == queens.dask._drawn(64, 5, 7)
    assert len(queens.dask._drawn(64, 5, 7)) == 5
    assert queens.dask._drawn(3, 9, 1) == [1, 2, 3]
    a = '{"total": 10, "unique": 0}'
    b = '{"total": 11, "unique": 0}'
    assert queens.dask._differing([4, 9], [a, a], [a, b]) == ["part 9 (total 10, then 11)"]
    assert queens.dask._differing([4], [a], [a]) == []
