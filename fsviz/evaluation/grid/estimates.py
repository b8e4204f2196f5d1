"""How long a grid run should take: one cell timed here, the start-up, the workers, the time left."""

from __future__ import annotations

import time

from joblib import cpu_count

from ...corpora.corpus import Corpus
from .cell import cell_data, run_cell
from .config import GridConfig
from .plan import as_corpora, plan_cells, task_labels, task_splits

__all__ = ["START_UP_SECONDS", "estimate_seconds", "n_workers", "time_cell", "time_left"]

#: Seconds a local run spends before its first cell: starting the worker processes (each imports fsviz and
#: scikit-learn) and sending them the data. Measured with ``benchmarks/bench_estimate.py`` on a 2-core machine:
#: fitting actual = a + b × cells × cell time / workers over three run sizes gave a = 7.8 s, b = 1.06.
START_UP_SECONDS = 8.0


def n_workers(n_jobs: int = -1) -> int:
    """How many processes ``n_jobs`` means on this machine.

    Parameters
    ----------
    n_jobs : int, default -1
        Worker processes; negative means one per core.

    Returns
    -------
    int
        The number of processes, at least 1.

    See Also
    --------
    fsviz.evaluation.estimate_seconds : Shares the cells among these workers.
    fsviz.evaluation.run_grid : Runs with ``n_jobs`` processes.

    Examples
    --------
    >>> n_workers(2), n_workers(0), n_workers(-1) >= 1
    (2, 1, True)
    """
    return cpu_count() if n_jobs < 0 else max(1, n_jobs)


def estimate_seconds(cell_seconds: float, cells: int, workers: int) -> float:
    """The time a local run of ``cells`` cells should take: the start-up (:data:`START_UP_SECONDS`) and each
    cell's time (:func:`time_cell`) shared by the ``workers``; 0 with nothing to run.

    Parameters
    ----------
    cell_seconds : float
        One cell's time (:func:`time_cell`).
    cells : int
        The cells to run.
    workers : int
        The processes sharing them.

    Returns
    -------
    float
        The estimated seconds.

    See Also
    --------
    fsviz.evaluation.time_cell : One cell's time, measured.
    fsviz.evaluation.time_left : The estimate blended with a running grid's live rate.

    Examples
    --------
    >>> estimate_seconds(0.4, 100, 2)
    28.0
    """
    return 0.0 if cells <= 0 else START_UP_SECONDS + cell_seconds * cells / max(1, workers)


def time_left(elapsed: float, done: int, total: int, estimate: float) -> float:
    """Seconds a run should still take, ``done`` of ``total`` cells after ``elapsed`` seconds, blending the
    estimate made before it started (``estimate``, :func:`estimate_seconds`) with the live rate in proportion
    to the share done: early on, cells finish in bursts and the live rate swings; late, it knows best.

    Parameters
    ----------
    elapsed : float
        Seconds since the run started.
    done : int
        Cells finished.
    total : int
        Cells in all.
    estimate : float
        The estimate made before the run started (:func:`estimate_seconds`).

    Returns
    -------
    float
        The seconds left.

    See Also
    --------
    fsviz.evaluation.estimate_seconds : The estimate made before the run.
    fsviz.evaluation.run_grid : Reports its progress as cells finish.

    Examples
    --------
    >>> time_left(10.0, 50, 100, 30.0)  # live: 10 s more; the estimate: 20 s more; half done
    15.0
    """
    if done >= total:
        return 0.0
    share = done / total if total else 0.0
    live = elapsed / done * (total - done) if done else estimate - elapsed
    return max(0.0, share * live + (1 - share) * (estimate - elapsed))


def time_cell(corpus: Corpus, config: GridConfig) -> float:
    """Seconds one cell of ``config`` takes on ``corpus`` here (runs one fold of the largest class).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus.
    config : GridConfig
        The config whose cell is timed.

    Returns
    -------
    float
        The seconds; 0 when the config has no cell on ``corpus``.

    See Also
    --------
    fsviz.evaluation.estimate_seconds : A whole run's time from this.
    fsviz.evaluation.n_workers : The processes sharing the cells.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> time_cell(corpus, config) > 0
    True
    """
    corpora = as_corpora(corpus, config)
    cells, _ = plan_cells(corpora, config)
    if not cells:
        return 0.0
    corpus = corpora[0]
    cell = max(cells, key=lambda c: task_labels(corpus, c.class_name, config)[0].sum())
    data = cell_data(corpus, config)
    start = time.perf_counter()
    y, rows = task_labels(corpus, cell.class_name, config)
    run_cell(data, y, cell, corpus.name, config, task_splits(y, rows, config, cell.trial, corpus.test_rows)[cell.fold])
    return time.perf_counter() - start
