"""Shared set-up of the `queens` test suite.

Run it from the repository root:

    cd /work/main && /tmp/venv/bin/python -m pytest python/tests -q

against the *installed* package (`pip install python/`). The package sources sit in
`python/queens/` without the compiled `_queens` module, so when Python's path holds
`python/` (e.g. `cd python && python -m pytest tests`, where `-m` puts the working
directory first) `import queens` would find that source tree and fail. This file takes
that directory off `sys.path` before any test module imports `queens`, so the suite
also runs from `python/`.

Fixtures and helpers here:
- `testdata` : the repository's `testdata/` directory (found from this file);
- `no_workers` (autouse): waits until no worker thread of an earlier test still runs,
  so timings and `_active_jobs()` counts start clean;
- `run_child(code, timeout)`: runs a Python snippet in a fresh interpreter outside the
  source tree (hard time limits and crash isolation);
- `workers_gone(limit)`: waits for `_active_jobs()` to reach 0.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
PACKAGE_DIR = TESTS_DIR.parent  # python/: holds the queens/ *sources*
REPO_ROOT = PACKAGE_DIR.parent
TESTDATA = REPO_ROOT / "testdata"


def _shadows(entry: str) -> bool:
    try:
        return Path(entry or os.getcwd()).resolve() == PACKAGE_DIR
    except OSError:
        return False


sys.path[:] = [p for p in sys.path if not _shadows(p)]
_early = sys.modules.get("queens")
if _early is not None and Path(getattr(_early, "__file__", "") or "").resolve().parent.parent == PACKAGE_DIR:
    for _name in [m for m in sys.modules if m == "queens" or m.startswith("queens.")]:
        del sys.modules[_name]

try:
    import queens  # noqa: E402
    import queens._queens  # noqa: E402,F401
except ImportError as e:  # pragma: no cover - set-up problem, not a test failure
    raise pytest.UsageError(
        f"cannot import the installed queens package ({e}); install it first: "
        f"cd {PACKAGE_DIR} && {sys.executable} -m pip install ."
    ) from e

if Path(queens.__file__).resolve().parent.parent == PACKAGE_DIR:  # pragma: no cover
    raise pytest.UsageError("queens was imported from the source tree, not the installed package")


@pytest.fixture(scope="session")
def testdata() -> Path:
    assert TESTDATA.is_dir(), f"no testdata directory at {TESTDATA}"
    return TESTDATA


def wait_for_no_workers(limit: float) -> float:
    """Waits (up to `limit` seconds) until `_active_jobs()` is 0; returns the time spent."""
    start = time.monotonic()
    while queens._queens._active_jobs() and time.monotonic() - start < limit:
        time.sleep(0.005)
    return time.monotonic() - start


@pytest.fixture(autouse=True)
def no_workers():
    """Every test starts without leftover worker threads (waits up to 5 s for them)."""
    wait_for_no_workers(5.0)
    yield


def child_env() -> dict:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.fixture
def run_child(tmp_path):
    """`run_child(code, timeout)` runs `code` in a fresh interpreter whose working
    directory is a temporary one (not the source tree); raises
    subprocess.TimeoutExpired (after killing the child) past `timeout` seconds."""

    def run(code: str, timeout: float) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-c", code],
            cwd=str(tmp_path),
            env=child_env(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    return run


@pytest.fixture
def workers_gone():
    """`workers_gone(limit)`: waits until no worker thread runs; returns the seconds spent."""
    return wait_for_no_workers


CLI = REPO_ROOT / "target" / "release" / "queens"


@pytest.fixture
def cli():
    """Runs the `queens` command line built in this repository (target/release/queens)
    and returns `(exit status, stdout, stderr)`; skips when it is not built."""
    if not CLI.exists():
        pytest.skip(f"the command line is not built ({CLI}); cargo build --release")

    def run(*args: str, stdin: str = None):
        r = subprocess.run(
            [str(CLI), *[str(a) for a in args]],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        return r.returncode, r.stdout, r.stderr

    return run
