"""Running a grid: the datasets, the plan of cells, checkpoints, and the cells run in parallel
(joblib processes here, or a Dask cluster)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from joblib import Parallel, delayed, parallel_config

from ..._files import check_target
from ..._validation import MAXIMA, check_n_jobs, check_whole
from ..._workers import local_workers
from ._lock import out_lock
from .cell import cell_data, run_cell
from .config import GridConfig, run_key
from .plan import as_corpora, plan_cells, task_labels, task_splits
from .results import CELL_COLUMNS, GridRun, empty_results, load_results, provenance, skipped_frame, sorted_results
from .runs import Checkpoint, write_manifest

__all__ = ["run_grid", "stored_results"]

#: Seconds to wait for a Dask scheduler to answer before saying it did not.
CONNECT_TIMEOUT = 5.0

# --- the plan ------------------------------------------------------------------------------------


def _prepare(corpora, config, out, checkpoint_dir):
    """The plan, the run's key and checkpoint, and the rows already stored for it."""
    cells, skipped = plan_cells(corpora, config)
    key = run_key(config, corpora)
    if out is not None and checkpoint_dir is None:
        checkpoint_dir = Path(str(out) + ".parts")
    checkpoint = Checkpoint(checkpoint_dir, key) if checkpoint_dir is not None else None
    done = empty_results()
    if out is not None and Path(out).exists():
        try:
            previous = load_results(out)
            if previous.key == key:
                done = previous.results
        except ValueError:
            pass
    if checkpoint is not None:
        done = pd.concat([done, checkpoint.load()], ignore_index=True).drop_duplicates(
            subset=CELL_COLUMNS + ["metric", "k"])
    return cells, skipped, key, checkpoint, done


def _finished(done):
    return set(map(tuple, done[CELL_COLUMNS].drop_duplicates().itertuples(index=False)))


def stored_results(data=None, config: GridConfig | None = None, *, out=None, checkpoint_dir=None) -> GridRun:
    """What runs with this config and data have already stored (computes nothing). Takes the same arguments as
    :func:`run_grid`; ``complete`` says whether every cell is there, ``cells_done`` how many are.

    Parameters
    ----------
    data : Corpus, path, or a list of them, optional
        The datasets, as for :func:`run_grid`.
    config : GridConfig, optional
        The config, as for :func:`run_grid`.
    out : path, optional
        The results file, as for :func:`run_grid`.
    checkpoint_dir : path, optional
        The checkpoint folder, as for :func:`run_grid`.

    Returns
    -------
    GridRun
        The stored results.

    See Also
    --------
    fsviz.evaluation.run_grid : Runs the cells that are missing.
    fsviz.evaluation.open_run : Opens a stored run by its path.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> out = Path(scratch.name) / "results.parquet"
    >>> stored_results(corpus, config, out=out).cells_done
    0
    >>> _ = run_grid(corpus, config, out=out)
    >>> stored = stored_results(corpus, config, out=out)
    >>> stored.complete, stored.cells_done
    (True, 2)
    >>> scratch.cleanup()
    """
    config = config or GridConfig()
    corpora = as_corpora(data, config)
    cells, skipped, key, _, done = _prepare(corpora, config, out, checkpoint_dir)
    return GridRun(sorted_results(done), skipped_frame(skipped), config,
                   complete=len(_finished(done)) >= len(cells), cells_total=len(cells), key=key,
                   provenance=provenance(corpora))


# --- the run -------------------------------------------------------------------------------------


@dataclass
class _RunState:
    """A run in progress: the finished cells' rows, those not yet checkpointed, fits made.

    :func:`run_grid` owns it, so the cells finished before an interruption
    (a crash, a Ctrl-C) still reach the checkpoint.
    """

    frames: list  # every finished cell's rows, those stored before the run first
    n_done: int
    n_total: int
    checkpoint: Checkpoint | None
    progress: Callable | None
    should_stop: Callable | None
    flush_seconds: float
    last_flush: float = float("-inf")  # the first finished cell is written at once
    interval: float = 0.0  # seconds until the next write: 1, 2, 4, … up to flush_seconds
    pending: list = field(default_factory=list)  # rows not yet in the checkpoint
    fits: int = 0
    stopped: bool = False

    def add(self, table: pd.DataFrame, n_fits: int) -> bool:
        """Record one finished cell, checkpointing in batches; True when the run is to stop.

        The first finished cell is written at once, then a batch after 1 s,
        2 s, 4 s, … and every ``flush_seconds`` from then on: a run killed in
        its first seconds keeps its first cells, and a long run writes one
        small Parquet part per ``flush_seconds``.
        """
        self.frames.append(table)
        self.pending.append(table)
        self.fits += n_fits
        self.n_done += 1
        if self.progress:
            self.progress(self.n_done, self.n_total)
        now = time.perf_counter()
        if self.checkpoint is not None and now - self.last_flush >= self.interval:
            self.checkpoint.write(self.pending)
            self.pending.clear()
            self.last_flush = now
            self.interval = min(max(2 * self.interval, 1.0), self.flush_seconds)
        if self.should_stop is not None and self.should_stop():
            self.stopped = self.n_done < self.n_total
            return True
        return False


def run_grid(data=None, config: GridConfig | None = None, *, out=None, checkpoint_dir=None, n_jobs=1,
             workers=None, scheduler=None, progress=None, should_stop=None, flush_seconds=5.0,
             lock_timeout=None, on_wait=None) -> GridRun:
    """Run the evaluation grid on ``data`` and return its :class:`GridRun`.

    Parameters
    ----------
    data : Corpus, path, or a list of them
        The datasets (paths are loaded with ``config.min_df``); None uses
        ``config.datasets``.
    config : GridConfig
        What to run (defaults: Forman's protocol).
    out : path, optional
        Write the finished results here as Parquet (a regular file only). Checkpoints then go to
        ``<out>.parts/`` unless ``checkpoint_dir`` says otherwise. The run holds the lock file ``<out>.lock``
        (:mod:`fsviz.evaluation.grid._lock`): a second run on the same ``out``, in this process or another,
        waits for the first, then continues from its results (so the work is done once).
    checkpoint_dir : path, optional
        Finished cells are written here as they complete, under a sub-folder named by the run's key (config +
        data fingerprint); a run with the same key continues from them. A different config never mixes with them.
    n_jobs : int
        Parallel worker processes on this machine (-1: one per core).
    workers : int, optional
        Start a local Dask cluster of this many worker processes.
    scheduler : str, optional
        Address of a running Dask scheduler (``tcp://host:8786``); ValueError when none answers within
        :data:`CONNECT_TIMEOUT` seconds.
    progress : callable(done, total), optional
        Called after each finished cell (and once at the start).
    should_stop : callable() -> bool, optional
        Polled after each finished cell; True stops the run early (finished
        cells are kept and checkpointed; ``complete`` is False).
    flush_seconds : float
        Checkpoint cadence: the first cell at once, then after 1, 2, 4 … seconds, then every ``flush_seconds``.
    lock_timeout : float, optional
        Seconds to wait for another run holding ``out``'s lock before
        :class:`TimeoutError`; None waits until it finishes.
    on_wait : callable(str), optional
        Told (once) when this run has to wait for another.

    Returns
    -------
    GridRun
        The run's results (``complete`` is False when ``should_stop`` ended it early).

    Raises
    ------
    ValueError
        When no Dask scheduler answers at ``scheduler``.
    TimeoutError
        When ``out``'s lock is still held after ``lock_timeout`` seconds.

    See Also
    --------
    fsviz.evaluation.GridConfig : What to run.
    fsviz.evaluation.macro_average : The results macro-averaged, per metric and k.
    fsviz.evaluation.recommend : Which metric and k, read from the results.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification", JMLR 3
       (2003), Appendix B: the protocol this runs by default.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> run = run_grid(corpus, config)
    >>> run.results[["class", "trial", "fold", "metric", "k", "tp", "fp", "fn", "tn"]]
      class  trial  fold metric   k  tp  fp  fn  tn
    0    c0      0     0    all  70  14   0   1  15
    1    c0      0     0     ig  10  15   1   0  14
    2    c0      0     1    all  70  15   0   0  15
    3    c0      0     1     ig  10  15   1   0  14
    """
    config = config or GridConfig()
    check_n_jobs(n_jobs)
    if workers is not None:
        check_whole(workers, "workers", minimum=1, maximum=MAXIMA["workers"], what="of Dask worker processes")
    if out is not None:  # a folder, device, FIFO, socket or link: refused before any work
        check_target(out, "`out`")
    corpora = as_corpora(data, config)
    with out_lock(out, timeout=lock_timeout, on_wait=on_wait) if out is not None else contextlib.nullcontext():
        return _run(corpora, config, out, checkpoint_dir, n_jobs, workers, scheduler, progress, should_stop,
                    flush_seconds)


def _run(corpora, config, out, checkpoint_dir, n_jobs, workers, scheduler, progress, should_stop,
         flush_seconds) -> GridRun:
    """:func:`run_grid` past its checks, holding ``out``'s lock."""
    cells, skipped, key, checkpoint, done = _prepare(corpora, config, out, checkpoint_dir)
    finished = _finished(done)
    todo = [c for c in cells if (corpora[c.dataset].name, c.class_name, c.trial, c.fold) not in finished]

    started = time.perf_counter()
    if checkpoint is not None and todo:  # what the parts are of, for the list of runs (fsviz.evaluation.grid.runs)
        write_manifest(checkpoint.path, config, key, len(cells), provenance(corpora))
    state = _RunState([done], len(cells) - len(todo), len(cells), checkpoint, progress, should_stop,
                      flush_seconds)
    if progress:
        progress(state.n_done, state.n_total)
    try:
        if todo:
            matrices = {i: cell_data(corpora[i], config) for i in sorted({cell.dataset for cell in todo})}
            with _backend(n_jobs, workers, scheduler, list(matrices.values())) as jobs:
                _execute(corpora, matrices, todo, config, state, jobs)
    finally:  # interrupted or not, every finished cell reaches the checkpoint
        if checkpoint is not None:
            checkpoint.write(state.pending)
    run = GridRun(sorted_results(pd.concat(state.frames, ignore_index=True)), skipped_frame(skipped), config,
                  complete=not state.stopped, cells_total=len(cells), key=key,
                  elapsed=time.perf_counter() - started, fits=state.fits, provenance=provenance(corpora))
    if out is not None and run.complete:
        run.save(out)
        if checkpoint is not None:
            checkpoint.clear()
    return run


@contextlib.contextmanager
def _backend(n_jobs, workers, scheduler, shared):
    """joblib's backend for the run; yields the ``n_jobs`` to give ``Parallel``.

    Processes on this machine, or, given ``workers`` or ``scheduler``, a Dask cluster (a local one is started
    and closed with the run), to which the ``shared`` objects (every cell's dataset matrices) are sent once:
    joblib's Dask backend would otherwise send them with every cell (Dask sizes an unknown object as small).
    """
    if scheduler is None and workers is None:
        with local_workers():
            yield n_jobs
        return
    from distributed import Client, LocalCluster  # optional dependency, needed only for Dask runs

    try:  # nothing listening, or a peer that never answers as Dask: the address is blamed after CONNECT_TIMEOUT s
        pool = ThreadPoolExecutor(1)  # (distributed waits 30 s, and forever on a peer that accepts and stays mute)
        client = pool.submit(Client, scheduler, timeout=CONNECT_TIMEOUT).result(2 * CONNECT_TIMEOUT) if scheduler \
            else Client(LocalCluster(n_workers=int(workers), threads_per_worker=1, processes=True, dashboard_address=None))
        pool.shutdown(wait=False)
    except (OSError, TimeoutError, MemoryError) as exc:  # a bad reply can be a MemoryError: not the corpus's fault
        raise ValueError(f"no Dask scheduler answered at {scheduler} within {CONNECT_TIMEOUT:g} s "
                         f"({type(exc).__name__}: {exc}); start it, or check the address (tcp://host:8786)") from None
    try:
        with parallel_config(backend="dask", scatter=shared):
            yield -1
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None and scheduler is None:
            cluster.close()


def _cell_inputs(corpora, todo, config):
    """Each cell with its labels and (train, test) split; a trial's folds are drawn once for its cells."""
    labels, trial, splits = {}, None, None
    for cell in todo:
        task = (cell.dataset, cell.class_name)
        if task not in labels:
            labels[task] = task_labels(corpora[cell.dataset], cell.class_name, config)
        if trial != (task, cell.trial):  # the plan lists a trial's folds one after another
            test_rows = corpora[cell.dataset].test_rows
            trial, splits = (task, cell.trial), task_splits(*labels[task], config, cell.trial, test_rows)
        yield cell, labels[task][0], splits[cell.fold]


def _scored_on(corpus) -> str:
    """The results' ``scored_on`` of a dataset: ``"test file"`` when it came with one, else ``"folds"``."""
    return "folds" if corpus.test_rows is None else "test file"


def _execute(corpora, matrices, todo, config, state: _RunState, n_jobs) -> None:
    """Run the ``todo`` cells in parallel (``matrices``: dataset index → its :class:`CellData`), handing each
    finished one to ``state``."""
    jobs = (delayed(run_cell)(matrices[cell.dataset], y, cell, corpora[cell.dataset].name, config, split,
                              _scored_on(corpora[cell.dataset]))
            for cell, y, split in _cell_inputs(corpora, todo, config))
    results = Parallel(n_jobs=n_jobs, return_as="generator_unordered")(jobs)
    try:
        for table, n_fits in results:
            if state.add(table, n_fits):
                break
    finally:
        if hasattr(results, "close"):
            results.close()
