"""The grid's results table: its columns, the goals computed from confusion counts, :class:`GridRun`,
and reading a results file back (:func:`load_results`)."""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import sklearn

from ..._files import write_atomically
from ...corpora.formats import CorpusError
from ...stats.significance import FdrRule, parse_k_rule
from .config import ALL, GridConfig, run_key

__all__ = [
    "CELL_COLUMNS",
    "COLUMNS",
    "INNER_COLUMNS",
    "TEST_COLUMNS",
    "GridRun",
    "empty_results",
    "load_results",
    "normalise",
    "provenance",
    "skipped_frame",
    "sorted_results",
    "with_goals",
]

#: Columns of the results table, in order.
COLUMNS = [
    "dataset", "class", "trial", "fold", "metric", "k", "n_features", "pos", "neg",
    "tp", "fp", "fn", "tn", "accuracy", "precision", "recall", "f1", "solver", "converged", "k_rule", "scored_on",
    "inner_tp", "inner_fp", "inner_fn", "inner_tn", "test_truth", "test_predicted", "draws",
]
#: The confusion counts of a row's (metric, k) by the inner cross-validation inside its fold's training split,
#: pooled over the inner folds (:attr:`GridConfig.inner_folds`); all 0 when there was none.
INNER_COLUMNS = ["inner_tp", "inner_fp", "inner_fn", "inner_tn"]
#: With a test file, each test document's label and the row's prediction, bits packed by :func:`numpy.packbits`
#: (the task's test documents in corpus order; ``tp + fp + fn + tn`` of them); empty otherwise.
TEST_COLUMNS = ["test_truth", "test_predicted"]
#: Columns a table written before they existed lacks, and the value they take then: how a LinearSVC
#: was solved (:class:`fsviz.learn._liblinear.LinearFit`; empty for the other classifiers), whether it converged, and the
#: k rule that chose the row's k (:attr:`GridConfig.k_rules`; empty for a fixed k), and what the row was scored
#: on: ``"folds"`` (cross-validation) or ``"test file"`` (:func:`fsviz.evaluation.grid.training_file_splits`),
#: the inner cross-validation's counts (0: there was none), a test file's documents (empty without one), and how
#: many draws of a random spec the row's counts sum (:attr:`GridConfig.rand_draws`; 1 for every other row).
LATER_COLUMNS = {"solver": "", "converged": True, "k_rule": "", "scored_on": "folds", **dict.fromkeys(INNER_COLUMNS, 0),
                 **dict.fromkeys(TEST_COLUMNS, b""), "draws": 1}
#: The columns naming one cell (task, trial, fold).
CELL_COLUMNS = ["dataset", "class", "trial", "fold"]
#: Columns of whole numbers >= 0 (indices and counts), and of goals, numbers in [0, 1].
COUNT_COLUMNS = ["trial", "fold", "k", "n_features", "pos", "neg", "tp", "fp", "fn", "tn", *INNER_COLUMNS, "draws"]
GOAL_COLUMNS = ["accuracy", "precision", "recall", "f1"]
#: The corpus options a results file records (:attr:`fsviz.Corpus.options`).
PREPROCESSING = ("min_df", "max_df", "stopwords", "stem", "language", "ngrams", "analyzer", "char_ngrams",
                 "token_pattern", "lowercase")


def with_goals(table: pd.DataFrame) -> pd.DataFrame:
    """Add (in place) accuracy, precision, recall and F1 computed from tp, fp, fn, tn.

    Precision is 0 when nothing is predicted positive; F1 is 0 when
    precision and recall are both 0.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows with ``tp, fp, fn, tn``.

    Returns
    -------
    pandas.DataFrame
        ``table``, with ``accuracy, precision, recall, f1``.

    See Also
    --------
    fsviz.evaluation.per_trial : The goals with each trial's folds pooled.

    Examples
    --------
    >>> table = pd.DataFrame({"tp": [8, 0], "fp": [2, 0], "fn": [2, 10], "tn": [28, 30]})
    >>> with_goals(table)[["accuracy", "precision", "recall", "f1"]]
       accuracy  precision  recall   f1
    0      0.90        0.8     0.8  0.8
    1      0.75        0.0     0.0  0.0
    """
    tp, fp, fn, tn = (table[c].to_numpy(np.float64) for c in ("tp", "fp", "fn", "tn"))
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(tp + fp > 0, tp / (tp + fp), 0.0)
        recall = np.where(tp + fn > 0, tp / (tp + fn), 0.0)
        f1 = np.where(precision + recall > 0, 2 * precision * recall / (precision + recall), 0.0)
    table["accuracy"] = (tp + tn) / (tp + fp + fn + tn)
    table["precision"], table["recall"], table["f1"] = precision, recall, f1
    return table


def normalise(results: pd.DataFrame) -> pd.DataFrame:
    """One dtype per column, however the rows were made (fresh, from parts or from a file)."""
    results = results.assign(**{c: v for c, v in LATER_COLUMNS.items() if c not in results.columns})[COLUMNS].copy()
    results["converged"] = results["converged"].astype(bool)
    for column in ("dataset", "class", "metric", "solver", "k_rule", "scored_on"):
        results[column] = results[column].astype(str)
    for column in COUNT_COLUMNS:
        results[column] = results[column].astype(np.int64)
    for column in TEST_COLUMNS:  # rows made without a test file (or before the columns) hold no documents
        results[column] = [value if isinstance(value, bytes) else b"" for value in results[column]]
    return results


def sorted_results(results: pd.DataFrame) -> pd.DataFrame:
    """The table in its canonical row order and dtypes."""
    return normalise(results).sort_values(CELL_COLUMNS + ["metric", "k_rule", "k"], kind="stable", ignore_index=True)


def empty_results() -> pd.DataFrame:
    """A results table with no rows."""
    table = with_goals(pd.DataFrame({c: pd.Series(dtype="int64") for c in COLUMNS[:13]}).astype(
        {"dataset": object, "class": object, "metric": object}))
    return table.assign(solver=pd.Series(dtype=object), converged=pd.Series(dtype=bool), k_rule=pd.Series(dtype=object))


def skipped_frame(rows) -> pd.DataFrame:
    """The skipped tasks as a table: dataset, class, pos, neg, reason."""
    return pd.DataFrame(rows, columns=["dataset", "class", "pos", "neg", "reason"])


@dataclass
class GridRun:
    """A grid's results: the tidy table, what was skipped and why, and the config.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per dataset × class × trial × fold × metric × k (columns
        :data:`COLUMNS`), sorted.
    skipped : pandas.DataFrame
        Tasks not run: dataset, class, pos, neg, reason.
    config : GridConfig
        What was run.
    complete : bool, default True
        False when the run was stopped before every cell finished.
    cells_total : int, default 0
        Cells the config asks for (skipped tasks excluded).
    key : str, default ""
        The run's key (:func:`run_key`).
    elapsed : float, default 0.0
        Seconds the run took.
    fits : int, default 0
        Classifier fits made.
    provenance : dict, optional
        Where the results came from (:func:`provenance`).

    See Also
    --------
    fsviz.evaluation.run_grid : Runs a grid and returns one.
    fsviz.evaluation.load_results : Reads one from its results file.
    fsviz.evaluation.macro_average : The first analysis of its ``results``.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> run = run_grid(corpus, config)
    >>> run.complete, run.cells_done, run.cells_total
    (True, 2, 2)
    >>> run.results[["class", "fold", "metric", "k", "tp", "fp", "fn", "tn"]]
      class  fold metric   k  tp  fp  fn  tn
    0    c0     0    all  70  14   0   1  15
    1    c0     0     ig  10  15   1   0  14
    2    c0     1    all  70  15   0   0  15
    3    c0     1     ig  10  15   1   0  14
    """

    results: pd.DataFrame
    skipped: pd.DataFrame
    config: GridConfig
    complete: bool = True
    cells_total: int = 0
    key: str = ""
    elapsed: float = 0.0
    fits: int = 0
    #: Where the results came from: the datasets as read (documents, words, classes, preprocessing), when the
    #: file was written, and the versions of fsviz and scikit-learn (:func:`provenance`); {} in older files.
    provenance: dict = dataclasses.field(default_factory=dict)

    def read(self, corpus) -> bool:
        """Whether ``corpus`` is one of the datasets this run read, as it read them (same fingerprint): for one
        dataset, the run's key says so; for several, the fingerprints the file records (files written before
        they were recorded answer False). The folds of that dataset's tasks can then be made again."""
        if self.key and self.key == run_key(self.config, [corpus]):
            return True
        recorded = {(d.get("name"), d.get("fingerprint")) for d in self.provenance.get("datasets", ())}
        return (str(corpus.name), corpus.fingerprint) in recorded

    @property
    def cells_done(self) -> int:
        return int(self.results.groupby(CELL_COLUMNS).ngroups) if len(self.results) else 0

    def no_positive_predictions(self) -> float:
        """Share of rows where the classifier predicted no positive (precision set to 0)."""
        if not len(self.results):
            return 0.0
        return float(((self.results["tp"] + self.results["fp"]) == 0).mean())

    def solver_counts(self) -> tuple[int, int, int]:
        """Rows whose SVM fit stopped at ``max_iter`` and was kept by the duality-gap check, rows whose fit
        stopped there and was solved again with the other solver, and rows whose kept fit did not converge
        (:mod:`fsviz.learn._liblinear`)."""
        if not len(self.results):
            return 0, 0, 0
        solver = self.results["solver"]
        return (int(solver.str.endswith("gap-checked").sum()), int(solver.str.contains("+", regex=False).sum()),
                int((~self.results["converged"]).sum()))

    def save(self, path) -> Path:
        """Write the results as Parquet, replacing a regular file only (:func:`fsviz._files.write_atomically`); the
        config and skipped tasks go in its metadata."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return write_atomically(path, self.save_to, "the results file")

    def save_to(self, target) -> None:
        """Write the Parquet file to a path or a binary file object."""
        table = pa.Table.from_pandas(self.results, preserve_index=False)
        meta = dict(table.schema.metadata or {})
        meta[b"fsviz"] = json.dumps({
            "config": self.config.to_dict(), "skipped": self.skipped.to_dict("records"),
            "complete": self.complete, "cells_total": self.cells_total, "cells_done": self.cells_done,
            "key": self.key,
            # when the results were first written: a copy saved again keeps it
            "provenance": {"written": write_time().isoformat(timespec="seconds"), **self.provenance},
        }, default=str).encode()
        pq.write_table(table.replace_schema_metadata(meta), target)

    def to_csv(self) -> str:
        """The table as CSV, for people and spreadsheets: a test file's packed bits left out."""
        return self.results.drop(columns=TEST_COLUMNS, errors="ignore").to_csv(index=False)


def write_time(environ=None) -> datetime.datetime:
    """When a results file is written: now (UTC), or ``SOURCE_DATE_EPOCH`` (seconds since 1970, the
    reproducible-builds convention) when set, so the same seed writes the same file byte for byte."""
    environ = os.environ if environ is None else environ
    value = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value:
        return datetime.datetime.now(datetime.UTC)
    if not value.isdigit():
        raise ValueError(f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01, got {value!r}; "
                         "unset it to stamp results with the time they are written")
    return datetime.datetime.fromtimestamp(int(value), datetime.UTC)


def provenance(corpora) -> dict:
    """What a results file records of its data and software: each dataset as read (documents, words, classes,
    fingerprint, preprocessing options) and the versions of fsviz, scikit-learn and numpy."""
    datasets = [{"name": str(c.name), "documents": int(c.n_docs), "words": int(c.n_words),
                 "classes": int(c.n_classes), "fingerprint": c.fingerprint,
                 "preprocessing": {k: v for k, v in c.options.items() if k in PREPROCESSING}}
                for c in corpora]
    try:
        version = metadata.version("fsviz")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version = "unknown"
    return {"datasets": datasets, "fsviz": version, "scikit-learn": sklearn.__version__,
            "numpy": np.__version__}


_MAKE_ONE = "make one with `python -m fsviz grid DATA --out results.parquet`"


def load_results(source) -> GridRun:
    """Read a results file written by :meth:`GridRun.save` or the CLI (a path or a binary file).

    Parameters
    ----------
    source : str, pathlib.Path or binary file
        The Parquet results file, as a path or an open binary file.

    Returns
    -------
    GridRun
        The stored results.

    Raises
    ------
    fsviz.CorpusError
        Saying what is wrong with a file that is not such a table: a folder, missing, not Parquet (or empty),
        columns missing, counts that are text, missing, negative or fractional, goals outside [0, 1], or
        damaged fsviz metadata.

    See Also
    --------
    fsviz.evaluation.open_run : Opens a stopped run's checkpoints too.
    fsviz.evaluation.list_runs : The runs a folder holds.

    Examples
    --------
    >>> import tempfile
    >>> import fsviz
    >>> from fsviz.evaluation import run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> path = run_grid(corpus, config).save(Path(scratch.name) / "results.parquet")
    >>> run = load_results(path)
    >>> run.config == config, len(run.results)
    (True, 4)
    >>> scratch.cleanup()
    """
    path = Path(getattr(source, "name", None) or "upload") if hasattr(source, "read") else Path(source)
    if not hasattr(source, "read") and path.is_dir():
        raise CorpusError(f"{path} is a folder, not a results file; {_MAKE_ONE}")
    if _size(source) == 0:
        raise CorpusError(f"{path.name!r} is empty (0 bytes), not a results file; {_MAKE_ONE}")
    try:
        _check_shape(pq.ParquetFile(source).metadata, path.name)
        if hasattr(source, "seek"):
            source.seek(0)
        table = pq.read_table(source)
    except CorpusError:
        raise
    except FileNotFoundError:
        raise CorpusError(f"no such results file: {path}") from None
    except Exception as exc:  # pyarrow raises several types for non-Parquet input
        raise CorpusError(f"{path.name!r} is not a Parquet results file ({exc}); {_MAKE_ONE}") from None
    results = table.to_pandas()
    missing = [c for c in COLUMNS if c not in results.columns and c not in LATER_COLUMNS]
    if missing:
        raise CorpusError(f"{path.name!r} is not an fsviz results table: it lacks the columns {missing}; {_MAKE_ONE}")
    _check_values(results, path.name)
    if len(results) and (results["metric"].astype(str) == ALL).all():
        raise CorpusError(f"{path.name!r} holds only the rows of every word ({ALL!r}), no metric's: there is "
                          "nothing to compare; run the grid with at least one metric (--metrics)")
    try:
        meta = json.loads((table.schema.metadata or {}).get(b"fsviz", b"{}"))
        config = GridConfig.from_dict(meta["config"]) if "config" in meta else GridConfig(
            metrics=tuple(m for m in results["metric"].unique() if m != ALL),
            ks=tuple(int(k) for k in results.loc[(results["metric"] != ALL) & (results.get("k_rule", "") == ""),
                                                 "k"].unique()),
        )
        state = dict(skipped=skipped_frame(meta.get("skipped", [])), complete=bool(meta.get("complete", True)),
                     cells_total=int(meta.get("cells_total", 0) or 0), key=str(meta.get("key", "")),
                     provenance=dict(meta.get("provenance", {}) or {}))
    except (ValueError, TypeError, KeyError, AttributeError) as exc:  # json's errors are ValueErrors
        raise CorpusError(f"{path.name!r}: its fsviz metadata (the run's config) is damaged or not valid: "
                          f"{exc}; write the file again with `python -m fsviz grid`") from None
    return GridRun(normalise(results), state.pop("skipped"), config, **state)


#: Rows a results file may hold: Forman's whole protocol (229 tasks × 5 trials × 4 folds × 12 metrics × 14 k) is
#: about 770,000; a file of 300 million identical rows compresses to 23 MB and would expand to about 48 GB.
MAX_RESULT_ROWS = 20_000_000
#: Bytes its columns may take once read, as its own metadata declares them.
MAX_RESULT_BYTES = 4 << 30


def _check_shape(metadata, name: str) -> None:
    """Refuse, from the Parquet footer alone, a table too large to read (rows, declared uncompressed bytes)."""
    if metadata.num_rows > MAX_RESULT_ROWS:
        raise CorpusError(f"{name!r} holds {metadata.num_rows:,} rows, more than a results table can have "
                          f"({MAX_RESULT_ROWS:,}; Forman's whole protocol is about 770,000); it is not a grid's "
                          f"results, or split the run by dataset")
    declared = sum(metadata.row_group(i).total_byte_size for i in range(metadata.num_row_groups))
    if declared > MAX_RESULT_BYTES:
        raise CorpusError(f"{name!r} declares {declared / (1 << 30):,.1f} GiB of columns, more than a results table "
                          f"can take ({MAX_RESULT_BYTES >> 30} GiB)")


def _size(source) -> int | None:
    """Bytes in a file or a seekable file object (None when unknown)."""
    try:
        if not hasattr(source, "read"):
            return os.stat(source).st_size if os.path.isfile(source) else None
        position = source.tell()
        size = source.seek(0, os.SEEK_END) - position
        source.seek(position)
        return size
    except (OSError, ValueError, AttributeError, TypeError):
        return None


def _k_rule(text):
    try:
        return parse_k_rule(text)
    except ValueError:
        return None


def _check_values(results: pd.DataFrame, name: str) -> None:
    """CorpusError naming the column and the first row whose value is not what the table holds."""
    def refuse(column, row, value, allowed):
        value = value.item() if isinstance(value, np.generic) else value
        raise CorpusError(f"{name!r}: column {column!r} holds {value!r} in row {row}; {allowed}. "
                          "Is this a results table written by fsviz?")

    for column in [c for c in COUNT_COLUMNS + GOAL_COLUMNS if c in results.columns]:  # later ones may be absent
        values = pd.to_numeric(results[column], errors="coerce")
        numbers = values.to_numpy(np.float64, na_value=np.nan)
        goal = column in GOAL_COLUMNS
        bad = ~np.isfinite(numbers) | (numbers < 0) | (numbers > 1 + 1e-9 if goal else numbers != np.round(numbers))
        if results[column].dtype == bool:
            bad[:] = True
        if bad.any():
            row = int(np.argmax(bad))
            allowed = "goals are numbers between 0 and 1" if goal else "counts are whole numbers >= 0"
            refuse(column, row, results[column].iloc[row], allowed)
    if "k_rule" in results.columns:
        values, rows = np.unique(results["k_rule"].astype(str), return_index=True)
        bad = [(row, rule) for rule, row in zip(values, rows) if rule and not isinstance(_k_rule(rule), FdrRule)]
        if bad:
            row, rule = min(bad)
            refuse("k_rule", int(row), rule, "a k rule is empty (a fixed k) or such as 'fdr0.05'")
    # A fold's test documents of the class (tp + fn) are some of the class's documents (pos), and so for the rest:
    # a row claiming more is not a count of this task, and every rate computed from it would be impossible.
    draws = results["draws"].to_numpy(np.int64) if "draws" in results.columns else 1  # a random spec's draws
    for part, whole, side in ((("tp", "fn"), "pos", "in the class"), (("fp", "tn"), "neg", "outside it")):
        counted = results[part[0]].to_numpy(np.int64) + results[part[1]].to_numpy(np.int64)
        bad = counted > results[whole].to_numpy(np.int64) * draws
        if bad.any():
            row = int(np.argmax(bad))
            raise CorpusError(f"{name!r}: row {row} counts {int(counted[row]):,} test documents {side} "
                              f"({part[0]} + {part[1]}), more than the {int(results[whole].iloc[row]):,} the task has "
                              f"({whole}). Is this a results table written by fsviz?")
