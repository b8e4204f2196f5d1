"""Kept multi-class runs: a run's cells, its table saved as Parquet with its config in the metadata, listed and loaded.

The runs themselves are made by :func:`fsviz.evaluation.run_multiclass`; a stopped run saved here continues from its
table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from ..._files import write_atomically
from ...corpora.corpus import Corpus
from ..grid import RUN_COLUMNS, GridConfig, list_runs, run_key, write_time

__all__ = ["all_runs", "cells_done", "list_multiclass", "load_multiclass", "multiclass_cells", "save_multiclass",
           "stored_multiclass"]


def multiclass_cells(config: GridConfig) -> int:
    """A multi-class run's cells: trials × folds × (metrics, and the all-features baseline).

    Parameters
    ----------
    config : GridConfig
        The run's config.

    Returns
    -------
    int
        The number of cells.

    See Also
    --------
    fsviz.evaluation.cells_done : The cells a table holds.

    Examples
    --------
    >>> multiclass_cells(GridConfig(metrics=("chi_max", "ig_multi"), trials=2, folds=4))
    24
    """
    return config.trials * config.folds * (len(config.metrics) + bool(config.all_features))


def cells_done(table: pd.DataFrame) -> int:
    """The cells a multi-class table holds (its distinct trial, fold and metric).

    Parameters
    ----------
    table : pandas.DataFrame
        A multi-class run's table (:func:`fsviz.evaluation.run_multiclass`), whole or in part.

    Returns
    -------
    int
        The number of cells; 0 for an empty table.

    See Also
    --------
    fsviz.evaluation.multiclass_cells : The cells of a whole run.

    Examples
    --------
    >>> table = pd.DataFrame({"trial": 0, "fold": [0, 0, 1], "metric": ["chi_max", "chi_max", "chi_max"],
    ...                       "k": [5, 10, 5]})
    >>> cells_done(table)
    2
    """
    return 0 if table.empty else len(table[["trial", "fold", "metric"]].drop_duplicates())


def save_multiclass(table: pd.DataFrame, path, config: GridConfig, corpus: Corpus) -> Path:
    """Write a run to ``path`` as Parquet (atomically), with its config, corpus, cells done of the run's
    (:func:`multiclass_cells`: fewer for a stopped run, which :func:`run_multiclass` continues from this
    table) and the time in the metadata.

    Parameters
    ----------
    table : pandas.DataFrame
        A table of :func:`fsviz.evaluation.run_multiclass`.
    path : str or pathlib.Path
        The file to write; its folder is made if missing.
    config : GridConfig
        The run's config.
    corpus : fsviz.Corpus
        The corpus it ran on (its name and fingerprint are kept).

    Returns
    -------
    pathlib.Path
        The file written.

    See Also
    --------
    fsviz.evaluation.run_multiclass : Makes the table.
    fsviz.evaluation.load_multiclass : Reads it back.
    fsviz.evaluation.list_multiclass : The runs kept in a folder.

    Examples
    --------
    >>> import fsviz, tempfile
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> config = GridConfig(metrics=("chi_max",), ks=(5, 10), trials=1, folds=2)
    >>> table = fsviz.evaluation.run_multiclass(corpus, config)
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = scratch.name
    >>> path = save_multiclass(table, Path(folder) / "run.parquet", config, corpus)
    >>> path.name, load_multiclass(path)[2]["complete"]
    ('run.parquet', True)
    >>> scratch.cleanup()
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    total, done = multiclass_cells(config), cells_done(table)
    meta = {"config": config.to_dict(), "corpus": corpus.name, "fingerprint": corpus.fingerprint,
            "key": run_key(config, [corpus]), "cells_done": done, "cells_total": total, "complete": done >= total,
            "written": write_time().isoformat(timespec="seconds")}
    arrow = pa.Table.from_pandas(table, preserve_index=False)
    arrow = arrow.replace_schema_metadata({**(arrow.schema.metadata or {}), b"fsviz_multiclass": json.dumps(meta)})
    return write_atomically(path, lambda tmp: pq.write_table(arrow, tmp), "the results file")


def list_multiclass(folder) -> pd.DataFrame:
    """Every multi-class run kept in ``folder``, newest first, in the columns of
    :func:`fsviz.evaluation.grid.list_runs` (kind ``"multi-class"``); only the files' metadata is read.

    Parameters
    ----------
    folder : str or pathlib.Path
        The folder; files that are not such runs are skipped, and a missing folder lists none.

    Returns
    -------
    pandas.DataFrame
        One row per run, in the columns of :data:`fsviz.evaluation.RUN_COLUMNS`.

    See Also
    --------
    fsviz.evaluation.all_runs : With the grid's runs.
    fsviz.evaluation.save_multiclass : Writes the files.

    Examples
    --------
    >>> import fsviz, tempfile
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> config = GridConfig(metrics=("chi_max", "ig_multi"), ks=(5,), trials=1, folds=2)
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = scratch.name
    >>> path = save_multiclass(fsviz.evaluation.run_multiclass(corpus, config), Path(folder) / "a.parquet", config, corpus)
    >>> list_multiclass(folder)[["kind", "metrics", "cells_done", "status"]]
              kind            metrics  cells_done    status
    0  multi-class  chi_max, ig_multi           6  finished
    >>> scratch.cleanup()
    """
    rows = []
    for path in sorted(Path(folder).glob("*.parquet")) if Path(folder).is_dir() else ():
        try:
            meta = json.loads((pq.read_schema(path).metadata or {}).get(b"fsviz_multiclass", b"{}"))
            config = GridConfig.from_dict(meta["config"])
        except (OSError, ValueError, KeyError, TypeError, pa.ArrowException):
            continue
        total = int(meta.get("cells_total", multiclass_cells(config)))
        done = int(meta.get("cells_done", total))
        rows.append({"key": str(meta.get("key", path.stem)), "kind": "multi-class", "datasets": str(meta.get("corpus")),
                     "metrics": ", ".join(config.metrics), "k": ", ".join(map(str, config.ks)),
                     "trials": config.trials, "folds": config.folds, "seed": config.seed,
                     "classifier": config.classifier,
                     "cells_done": done, "cells_total": total, "status": "finished" if done >= total else "stopped",
                     "written": str(meta.get("written", "")), "path": str(path)})
    return pd.DataFrame(rows, columns=RUN_COLUMNS).sort_values("written", ascending=False, ignore_index=True)


def all_runs(grid_folder, multiclass_folder) -> pd.DataFrame:
    """The grid, lesion, cutoff (:func:`fsviz.evaluation.grid.list_runs`) and multi-class runs kept in two folders (they
    may be the same), newest first: what ``fsviz runs`` and the app's Stored runs list.

    Parameters
    ----------
    grid_folder : str or pathlib.Path
        The folder of the grid's runs.
    multiclass_folder : str or pathlib.Path
        The folder of the multi-class runs.

    Returns
    -------
    pandas.DataFrame
        Both folders' runs, one row each, in the same columns as :func:`list_multiclass`.

    See Also
    --------
    fsviz.evaluation.list_runs : The grid's runs alone.
    fsviz.evaluation.list_multiclass : The multi-class runs alone.

    Examples
    --------
    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> all_runs(scratch.name, scratch.name).empty
    True
    >>> scratch.cleanup()
    """
    frames = [frame for frame in (list_runs(grid_folder), list_multiclass(multiclass_folder)) if len(frame)]
    if not frames:
        return pd.DataFrame(columns=RUN_COLUMNS)
    return pd.concat(frames, ignore_index=True).sort_values("written", ascending=False, ignore_index=True)


def load_multiclass(path) -> tuple[GridConfig, pd.DataFrame, dict]:
    """A run written by :func:`save_multiclass`: its config, its table and the metadata (corpus, key).

    Parameters
    ----------
    path : str or pathlib.Path
        The file.

    Returns
    -------
    tuple of (GridConfig, pandas.DataFrame, dict)
        The config, the table and the metadata.

    Raises
    ------
    ValueError
        When ``path`` is not such a file (not Parquet, or without its metadata).

    See Also
    --------
    fsviz.evaluation.save_multiclass : Writes it.

    Examples
    --------
    >>> import fsviz, tempfile
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> config = GridConfig(metrics=("chi_max",), ks=(5,), trials=1, folds=3)
    >>> table = fsviz.evaluation.run_multiclass(corpus, config)
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> path = save_multiclass(table, Path(scratch.name) / "run.parquet", config, corpus)
    >>> loaded, kept, meta = load_multiclass(path)
    >>> loaded == config, len(kept), meta["cells_done"]
    (True, 6, 6)
    >>> scratch.cleanup()
    """
    name = Path(path).name
    try:
        arrow = pq.read_table(path)
        meta = json.loads((arrow.schema.metadata or {}).get(b"fsviz_multiclass", b"{}"))
    except (OSError, ValueError, pa.ArrowException) as exc:  # pyarrow's errors for a damaged or foreign file
        raise ValueError(f"{name!r} is not a multi-class run written by fsviz ({exc})") from None
    if not isinstance(meta, dict) or "config" not in meta:
        raise ValueError(f"{name!r} is not a multi-class run written by fsviz")
    return GridConfig.from_dict(meta["config"]), arrow.to_pandas(), meta


def stored_multiclass(directory, corpus: Corpus) -> dict:
    """The finished runs on ``corpus`` kept in ``directory``, oldest first: run key → (config, table).

    Files that cannot be read are skipped (a half-written file never has
    the final name: :func:`save_multiclass` renames it into place).

    Parameters
    ----------
    directory : str or pathlib.Path
        The folder of kept runs.
    corpus : fsviz.Corpus
        The corpus whose runs are wanted (matched by its fingerprint).

    Returns
    -------
    dict
        Run key → (GridConfig, pandas.DataFrame).

    See Also
    --------
    fsviz.evaluation.load_multiclass : Reads one run.

    Examples
    --------
    >>> import fsviz, tempfile
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> config = GridConfig(metrics=("ig_multi",), ks=(5, 10), trials=1, folds=2, all_features=False)
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = scratch.name
    >>> _ = save_multiclass(fsviz.evaluation.run_multiclass(corpus, config), Path(folder) / "b.parquet", config, corpus)
    >>> [table.shape for config, table in stored_multiclass(folder, corpus).values()]
    [(4, 11)]
    >>> scratch.cleanup()
    """
    runs = []
    for path in Path(directory).glob("*.parquet"):
        try:
            config, table, meta = load_multiclass(path)
        except Exception:  # noqa: BLE001 (a foreign or damaged file is not ours to show)
            continue
        if meta.get("fingerprint") == corpus.fingerprint:
            runs.append((path.stat().st_mtime, meta["key"], config, table))
    return {key: (config, table) for _, key, config, table in sorted(runs, key=lambda r: r[0])}
