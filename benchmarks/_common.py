"""Helpers shared by the benchmarks: timing, peak memory, the shared data."""

import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
SHARED_DATA = Path(os.environ.get("FSVIZ_SHARED_DATA", REPO.parent / "shared" / "data"))


def shared(*parts) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        sys.exit(f"skipped: {path} not present (the shared data sits beside the repository)")
    return path


def let_the_app_read(path) -> None:
    """Add ``path``'s folder to ``FSVIZ_DATA_DIRS`` in this process: the app reads a typed path only inside those
    folders (:mod:`fsviz.corpora.paths`; unset means the folder it started from, the repository, not the shared data).
    AppTest runs the app in this process, so it sees the change."""
    from fsviz.corpora.paths import DATA_DIRS_VAR

    roots = [r for r in os.environ.get(DATA_DIRS_VAR, "").split(os.pathsep) if r.strip()]
    os.environ[DATA_DIRS_VAR] = os.pathsep.join([*roots, str(Path(path).resolve().parent)])


def timed(fn, repeat=3):
    """(median seconds, last result) over ``repeat`` runs."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def peak_mib(fn):
    """Peak Python+numpy heap allocation of one call, in MiB (tracemalloc)."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def warm_dual_solver() -> None:
    """Compile (or load from numba's cache) fsviz.learn._dual_cd's solver and fsviz.learn._row_cuts's loops in this process, so
    that no timed fit pays for them: about a second the first time, a tenth of one from the cache."""
    import numpy as np

    from fsviz.learn import _dual_cd as dual_cd
    from fsviz.learn._row_cuts import cut_rows, prefix_ends

    data, indices, indptr = np.ones(1), np.zeros(1, dtype=np.int32), np.array([0, 1, 1], dtype=np.int32)
    dual_cd.fit(data, indices, indptr, 1, np.array([True, False]), 1.0, 1.0, 1e-4, 1e-3, 10, 0)
    cut_rows(data, indices, indptr[:-1], prefix_ends(indices, indptr, 1, prefix_ends(indices, indptr, 0)))
