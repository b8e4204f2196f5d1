"""The runs a folder holds, found again: finished results files and stopped runs' checkpoints (:class:`Checkpoint`).

A finished run is ``<key>.parquet`` (its config, progress and provenance in
the Parquet metadata); a stopped one is the checkpoint folder
``<out>.parts/<key>/`` with its parts and a manifest, ``run.json``, that
:func:`fsviz.evaluation.grid.run_grid` writes when it starts (the config, cells,
provenance). :func:`list_runs` reads only those small pieces (a file's
footer, the parts' cell columns), never the results themselves;
:func:`open_run` reads one run, finished or not.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

from ...corpora.formats import CorpusError
from ._lock import out_lock
from .config import GridConfig, run_key
from .results import CELL_COLUMNS, GridRun, empty_results, load_results, skipped_frame, sorted_results

__all__ = ["MANIFEST", "RUN_COLUMNS", "Checkpoint", "carry_over", "delete_run", "list_runs", "open_run",
           "write_manifest"]

#: The manifest of a run's checkpoint folder.
MANIFEST = "run.json"
#: The columns of a list of stored runs (:func:`list_runs`, :func:`fsviz.evaluation.multiclass.list_multiclass`).
RUN_COLUMNS = ["key", "kind", "datasets", "metrics", "k", "trials", "folds", "seed", "classifier", "cells_done",
               "cells_total", "status", "written", "path"]


class Checkpoint:
    """A run's finished cells as Parquet parts in ``directory/<key>/`` (written atomically), beside its
    manifest (:func:`write_manifest`)."""

    def __init__(self, directory, key):
        self.path = Path(directory) / key
        self._n = len(list(self.path.glob("part-*.parquet"))) if self.path.is_dir() else 0

    def load(self) -> pd.DataFrame:
        parts = sorted(self.path.glob("part-*.parquet"))
        if not parts:
            return empty_results()
        frames = []
        for part in parts:
            try:
                frames.append(pd.read_parquet(part))
            except Exception:  # a part cut short by a crash: its cells run again
                part.unlink(missing_ok=True)
        return pd.concat(frames, ignore_index=True) if frames else empty_results()

    def write(self, frames) -> None:
        if not frames:
            return
        self._n += 1
        self.path.mkdir(parents=True, exist_ok=True)
        part = self.path / f"part-{self._n:06d}-{os.getpid()}.parquet"
        tmp = part.with_suffix(".tmp")
        pd.concat(frames, ignore_index=True).to_parquet(tmp, index=False)
        os.replace(tmp, part)

    def clear(self) -> None:
        """Remove the parts, their folder, and the checkpoint folder if nothing else is in it."""
        for part in [*self.path.glob("part-*"), self.path / MANIFEST]:
            part.unlink(missing_ok=True)
        for folder in (self.path, self.path.parent):
            try:
                folder.rmdir()
            except OSError:
                break


def write_manifest(folder: Path, config: GridConfig, key: str, cells_total: int, provenance: dict) -> None:
    """Write (atomically) what a run's checkpoint parts are of."""
    folder.mkdir(parents=True, exist_ok=True)
    started = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    data = {"config": config.to_dict(), "key": key, "cells_total": cells_total,
            "provenance": {"written": started, **provenance}}
    tmp = folder / f"{MANIFEST}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(data, default=str))
    os.replace(tmp, folder / MANIFEST)


def _kind(config: GridConfig) -> str:
    """What page made a run: a lesion study weights one metric (``bns@0.3``), a cutoff run sets min_df."""
    if config.min_df is not None and len(config.metrics) == 1 and len(config.ks) == 1:
        return "rare-word cutoff"
    if any("@" in m for m in config.metrics):
        return "lesion study"
    return "grid"


def _row(config: GridConfig, key, done, total, complete, provenance, path) -> dict:
    datasets = ", ".join(d["name"] for d in provenance.get("datasets", [])) or ", ".join(map(str, config.datasets))
    return {"key": key, "kind": _kind(config), "datasets": datasets, "metrics": ", ".join(config.metrics),
            "k": ", ".join(map(str, config.k_values)), "trials": config.trials, "folds": config.folds,
            "seed": config.seed, "classifier": config.classifier, "cells_done": done, "cells_total": total,
            "status": "finished" if complete else ("stopped" if done else "started"),
            "written": provenance.get("written", ""), "path": str(path)}


def list_runs(folder) -> pd.DataFrame:
    """Every run stored in ``folder`` (finished results files and stopped runs' checkpoints), newest first.

    Columns: ``key, kind, datasets, metrics, k, trials, folds, seed, classifier, cells_done, cells_total,
    status, written, path``; ``path`` is what :func:`open_run` takes. A damaged file is left out.

    Parameters
    ----------
    folder : str or pathlib.Path
        The folder of results files.

    Returns
    -------
    pandas.DataFrame
        One row per run, with the columns above.

    See Also
    --------
    fsviz.evaluation.open_run : Opens a listed run by its ``path``.
    fsviz.evaluation.delete_run : Deletes a listed run.

    Examples
    --------
    >>> import tempfile
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = Path(scratch.name)
    >>> _ = run_grid(corpus, config, out=folder / "run.parquet")
    >>> list_runs(folder)[["kind", "metrics", "k", "trials", "folds", "cells_done", "cells_total", "status"]]
       kind metrics   k  trials  folds  cells_done  cells_total    status
    0  grid      ig  10       1      2           2            2  finished
    >>> scratch.cleanup()
    """
    folder = Path(folder)
    rows = []
    for path in sorted(folder.glob("*.parquet")) if folder.is_dir() else ():
        try:
            meta = json.loads((pq.read_schema(path).metadata or {}).get(b"fsviz", b"{}"))
            config = GridConfig.from_dict(meta["config"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        total = int(meta.get("cells_total", 0) or 0)
        done = int(meta.get("cells_done", total if meta.get("complete", True) else 0))
        rows.append(_row(config, str(meta.get("key", path.stem)), done, total, bool(meta.get("complete", True)),
                         meta.get("provenance", {}) or {}, path))
    for manifest in sorted(folder.glob(f"*.parts/*/{MANIFEST}")) if folder.is_dir() else ():
        try:
            meta = json.loads(manifest.read_text())
            config = GridConfig.from_dict(meta["config"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        parts = sorted(manifest.parent.glob("part-*.parquet"))
        done = _cells_in(parts)
        rows.append(_row(config, str(meta.get("key", manifest.parent.name)), done, int(meta.get("cells_total", 0)),
                         False, meta.get("provenance", {}) or {}, manifest.parent))
    table = pd.DataFrame(rows, columns=RUN_COLUMNS)
    return table.sort_values("written", ascending=False, ignore_index=True)


def _cells_in(parts) -> int:
    cells = set()
    for part in parts:
        try:
            cells.update(map(tuple, pd.read_parquet(part, columns=CELL_COLUMNS).itertuples(index=False)))
        except Exception:  # a part cut short by a crash is not counted (the run redoes its cells)
            continue
    return len(cells)


def open_run(path) -> GridRun:
    """The run stored at ``path``: a finished results file, or a stopped run's checkpoint folder (incomplete).

    Parameters
    ----------
    path : str or pathlib.Path
        A results file, or a checkpoint folder (a ``path`` of :func:`list_runs`).

    Returns
    -------
    GridRun
        The stored run.

    Raises
    ------
    fsviz.CorpusError
        When ``path`` is not a stored run.

    See Also
    --------
    fsviz.evaluation.list_runs : The runs a folder holds, with their paths.
    fsviz.evaluation.load_results : Reads a finished results file.

    Examples
    --------
    >>> import tempfile
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = Path(scratch.name)
    >>> _ = run_grid(corpus, config, out=folder / "run.parquet")
    >>> run = open_run(list_runs(folder).loc[0, "path"])
    >>> run.complete, run.cells_done, len(run.results)
    (True, 2, 4)
    >>> scratch.cleanup()
    """
    path = Path(path)
    if path.is_dir():
        try:
            meta = json.loads((path / MANIFEST).read_text())
            config = GridConfig.from_dict(meta["config"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CorpusError(f"{path.name!r} is not a stored run's checkpoint ({exc})") from None
        results = Checkpoint(path.parent, path.name).load()
        results = sorted_results(results.drop_duplicates(subset=CELL_COLUMNS + ["metric", "k"]))
        return GridRun(results, skipped_frame([]), config, complete=False,
                       cells_total=int(meta.get("cells_total", 0)), key=str(meta.get("key", path.name)),
                       provenance=meta.get("provenance", {}) or {})
    return load_results(path)


def delete_run(path, folder) -> None:
    """Delete the run stored at ``path`` (a results file with its checkpoints, or a stopped run's checkpoint
    folder) when it lies in ``folder``; anything else is refused, so a list of one folder's runs never deletes
    a file elsewhere. A run that is going (its results file's lock is held, by this process or another:
    :func:`~fsviz.evaluation.grid._lock.out_lock`) is refused too: deleting it would leave its job writing on into a
    folder with no manifest. The lock is held while deleting, so the run cannot start again meanwhile.

    Parameters
    ----------
    path : str or pathlib.Path
        The run (a ``path`` of :func:`list_runs`).
    folder : str or pathlib.Path
        The folder it must lie in.

    Raises
    ------
    fsviz.CorpusError
        When ``path`` is not a run stored in ``folder``, or it is running.

    See Also
    --------
    fsviz.evaluation.list_runs : The runs it may delete.
    fsviz.evaluation.trim_cache : Deletes the least recently used runs beyond a size limit.

    Examples
    --------
    >>> import tempfile
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = Path(scratch.name)
    >>> _ = run_grid(corpus, config, out=folder / "run.parquet")
    >>> delete_run(folder / "run.parquet", folder)
    >>> len(list_runs(folder))
    0
    >>> scratch.cleanup()
    """
    path, folder = Path(path).resolve(), Path(folder).resolve()
    inside = path.parent == folder or (path.parent.parent == folder and path.parent.name.endswith(".parts"))
    if not inside or not (path.suffix == ".parquet" or (path / MANIFEST).is_file()):
        raise CorpusError(f"{path.name!r} is not a run stored in {str(folder)!r}; nothing was deleted")
    out = path.parent.with_name(path.parent.name.removesuffix(".parts")) if path.is_dir() else path
    try:
        with out_lock(out, timeout=0):
            parts = path if path.is_dir() else Path(f"{path}.parts") / _key_of(path)
            Checkpoint(parts.parent, parts.name).clear()
            if not path.is_dir():
                path.unlink(missing_ok=True)
    except TimeoutError:
        raise CorpusError(f"{path.name!r} is running; stop it (or wait until it ends), then delete it. Nothing was "
                          "deleted") from None


def _key_of(path: Path) -> str:
    try:
        return str(json.loads((pq.read_schema(path).metadata or {}).get(b"fsviz", b"{}")).get("key", path.stem))
    except (OSError, ValueError):
        return path.stem



def carry_over(earlier, out, config: GridConfig, corpora) -> int:
    """Put the cells a stored run ``earlier`` (its results file) finished into the checkpoint of a run of
    ``config`` on ``corpora`` to be written to ``out``, when ``config`` only adds trials to it: then its trial t
    draws the same folds and seeds (they depend on the seed and t alone) and gives the same rows, so the new run
    does not redo them. Returns the rows carried; 0 (nothing done) for a run of other settings or data, an
    earlier run that is not finished, an ``out`` that exists, or a checkpoint that already holds parts.

    Parameters
    ----------
    earlier : str or pathlib.Path
        The stored run's results file.
    out : str or pathlib.Path
        The new run's results file.
    config : GridConfig
        The new run's config.
    corpora : list of fsviz.Corpus
        The new run's data.

    Returns
    -------
    int
        The rows carried.

    See Also
    --------
    fsviz.evaluation.run_grid : Runs the new config, reading the cells carried from its checkpoint.
    fsviz.evaluation.refined_configs : More metrics or k, without redoing a cell.

    Examples
    --------
    >>> import tempfile
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = Path(scratch.name)
    >>> _ = run_grid(corpus, config, out=folder / "run.parquet")
    >>> more = GridConfig(metrics=("ig",), ks=(10,), trials=2, folds=2, classes=("c0",))
    >>> carry_over(folder / "run.parquet", folder / "more.parquet", more, [corpus])  # trial 0's rows, not redone
    4
    >>> scratch.cleanup()
    """
    if Path(out).exists():  # the run is finished (or its file is someone else's): nothing to carry
        return 0
    try:
        before = load_results(earlier)
    except (OSError, ValueError):
        return 0
    if not before.complete or before.config.trials >= config.trials \
            or dataclasses.replace(before.config, trials=config.trials) != config \
            or before.key != run_key(before.config, corpora):
        return 0
    checkpoint = Checkpoint(Path(str(out) + ".parts"), run_key(config, corpora))
    if checkpoint.path.is_dir() and any(checkpoint.path.glob("part-*.parquet")):
        return 0
    checkpoint.write([before.results])
    return len(before.results)
