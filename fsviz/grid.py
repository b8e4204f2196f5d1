"""The evaluation grid of Forman (2003), Appendix B, on any corpus.

For each dataset, each class as positive against the rest, ``trials`` random
repetitions of stratified ``folds``-fold cross-validation; in every fold, each
metric ranks the words on the *training split only*, the top k words (for each
k in ``ks``) feed a classifier trained on that split, and the test split is
scored. The result is a tidy table, one row per
dataset × class × metric × k × trial × fold, keeping the confusion counts so
any goal can be recomputed later (see :mod:`fsviz.analysis`).

How one cell (task, trial, fold) runs, and why it is fast:

1. word counts on the training split (one sparse product), every metric
   scored once and ranked once: the top k for every k is a prefix of one
   ranking (ties: lower vocabulary index first, as :func:`select_top_k`).
   IGFSS, whose sets are not prefixes, reuses its global metric's scores
   and selects once per k (:func:`fold_selections`);
2. the classifier is fitted once per *distinct* feature set: a k at or above
   the number of eligible words is the all-features fit, and metrics that
   pick the same words share one fit;
3. cells run in parallel with joblib (processes on this machine, or a Dask
   cluster through joblib's Dask backend); finished cells are checkpointed to
   Parquet, so a killed run resumes where it stopped.

Choices where the paper is silent (documented here, switchable where it
matters):

- The rare-word cutoff (``min_df``) is applied to the whole corpus before the
  folds are drawn, as Forman did ("occurred < 3 times in the (training &
  testing) corpus"). It counts documents, never labels, so it leaks no label
  information. Within a fold, only words present in at least one *training*
  document are eligible for selection: a word seen only in test documents is
  never selected (not even by Rand).
- Features are Boolean presence (Forman: "the Boolean occurrence of a
  forced-lowercase word"), as float64 for the classifier.
- The all-features baseline is recorded as metric ``"all"`` with ``k`` equal
  to the vocabulary size and ``n_features`` to the number of eligible words
  of that fold; it is fitted on every column (words absent from the
  training split are all zero there and get no weight), so it equals a plain
  cross-validation of the classifier. A metric whose k reaches every
  eligible word shares that fit.
- LinearSVC gets ``random_state=0`` unless the config says otherwise:
  liblinear's dual solver shuffles, and unseeded results would vary.
- Fold assignment: scikit-learn's ``StratifiedKFold(shuffle=True)`` on the
  task's binary labels, seeded from (seed, trial), so every metric, k and
  classifier sees the same folds; Rand's scores are seeded from
  (seed, class, trial, fold).
- A class with fewer positive (or negative) documents than folds cannot be
  stratified; it is skipped and the reason recorded in :attr:`GridRun.skipped`.
- Precision with no positive predictions is 0 (the table's ``tp + fp == 0``
  rows say how often), F1 is 0 when precision + recall is 0.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import time
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import sklearn
from scipy import sparse

from .classifiers import CLASSIFIER_LABELS, CLASSIFIERS, FREQUENCY_CLASSIFIERS, fast_fit, fast_predict, make_classifier
from .corpus import DEFAULT_MIN_DF, Corpus, load_corpus
from .metrics import FORMAN_METRICS
from .scoring import Training, canonical, selected_sets, selected_words, selects_per_k, spec_inputs

__all__ = [
    "ALL",
    "CLASSIFIERS",
    "CLASSIFIER_LABELS",
    "DEFAULT_KS",
    "GridConfig",
    "GridRun",
    "cell_splits",
    "fold_rankings",
    "fold_selections",
    "load_results",
    "make_classifier",
    "n_workers",
    "parse_ks",
    "run_key",
    "stored_results",
    "time_cell",
    "with_goals",
    "run_grid",
]

#: Forman's numbers of features (Appendix B).
DEFAULT_KS = (10, 20, 50, 100, 200, 500, 1000, 2000)
#: The ``metric`` value of the all-features baseline rows.
ALL = "all"
#: Columns of the results table, in order.
COLUMNS = [
    "dataset", "class", "trial", "fold", "metric", "k", "n_features", "pos", "neg",
    "tp", "fp", "fn", "tn", "accuracy", "precision", "recall", "f1",
]
_CELL = ["dataset", "class", "trial", "fold"]


@dataclass(frozen=True)
class GridConfig:
    """What to run; equal configs give identical results.

    Parameters
    ----------
    metrics : tuple of str
        Metric specs (:func:`fsviz.scoring.parse_spec`); empty means
        Forman's twelve (:data:`fsviz.FORMAN_METRICS`). Any registered
        metric, including those reading every class, term frequencies or a
        model (scored on each fold's training split only); a name with an α
        weight, ``"bns@0.3"`` (Forman's lesion study: positive features'
        scores × α, negative ones' × (1 − α); see
        :func:`fsviz.selection.alpha_weight`); or a combination,
        ``"ar(chi_max,ig)"`` (Olsson & Oard's HR, LR, AR, DMOR, DLOR).
    ks : tuple of int
        Numbers of features to select (Forman: 10 … 2000).
    trials, folds : int
        Random repetitions of stratified ``folds``-fold cross-validation
        (Forman: 5 × 4).
    classes : tuple of str or None
        Positive classes; None means every class of every dataset.
    classifier : str
        A key of :data:`fsviz.classifiers.CLASSIFIERS`: ``"svm"`` (scikit-learn's LinearSVC,
        Forman's choice), ``"nb"`` (MultinomialNB), ``"knn"`` (cosine,
        similarity-weighted, k = 10), ``"knn_okapi"`` (Okapi weights and
        idf on term frequencies, k = 100) or ``"centroid"`` (cosine); see
        :mod:`fsviz.classifiers`. All but ``knn_okapi`` see Boolean presence.
    classifier_params : tuple of (name, value) pairs
        Passed to the classifier (LinearSVC's defaults when empty).
    seed : int
        Seeds the fold assignment and Rand.
    min_df : int or None
        Rare-word cutoff applied to every dataset before the folds are
        drawn. None: paths are loaded with Forman's 3 and a Corpus is used
        as it was built.
    all_features : bool
        Also record the all-features baseline (metric ``"all"``).
    datasets : tuple of str
        Paths (anything :func:`fsviz.load_corpus` reads) used when
        :func:`run_grid` is given no data.
    """

    metrics: tuple = ()
    ks: tuple = DEFAULT_KS
    trials: int = 5
    folds: int = 4
    classes: tuple | None = None
    classifier: str = "svm"
    classifier_params: tuple = ()
    seed: int = 0
    min_df: int | None = None
    all_features: bool = True
    datasets: tuple = ()

    def __post_init__(self):
        set_ = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731 (frozen)
        # canonical() raises with the list of known metrics, or for a bad weight or combination
        set_("metrics", tuple(canonical(m) for m in self.metrics) or FORMAN_METRICS)
        if len(set(self.metrics)) != len(self.metrics):
            raise ValueError(f"`metrics` lists a metric twice: {list(self.metrics)}")
        ks = (self.ks,) if isinstance(self.ks, (int, np.integer)) else tuple(self.ks)
        if not ks:
            raise ValueError("`ks` is empty; give at least one number of features, e.g. ks=(10, 100, 1000)")
        for k in ks:
            if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
                raise ValueError(f"every k must be a positive whole number of features, got {k!r}")
        set_("ks", tuple(sorted({int(k) for k in ks})))
        for name, low in (("trials", 1), ("folds", 2), ("min_df", 1)):
            value = getattr(self, name)
            if name == "min_df" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
                raise ValueError(f"`{name}` must be a whole number of at least {low}, got {value!r}")
            set_(name, int(value))
        if self.classes is not None:
            classes = (self.classes,) if isinstance(self.classes, str) else tuple(map(str, self.classes))
            if not classes:
                raise ValueError("`classes` is empty; pass None for every class")
            set_("classes", classes)
        params = self.classifier_params
        set_("classifier_params", tuple(sorted((params.items() if isinstance(params, dict) else params))))
        make_classifier(self.classifier, self.classifier_params)  # fail now, not in a worker
        set_("seed", int(self.seed))
        set_("datasets", tuple(map(str, (self.datasets,) if isinstance(self.datasets, (str, os.PathLike))
                                   else self.datasets)))

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "GridConfig":
        data = dict(data)
        data["classifier_params"] = tuple(tuple(p) for p in data.get("classifier_params", ()))
        return cls(**{f.name: data[f.name] for f in dataclasses.fields(cls) if f.name in data})

    def n_fits(self) -> int:
        """Classifier fits per cell at most (fewer when feature sets coincide)."""
        return len(self.metrics) * len(self.ks) + self.all_features


def run_key(config: GridConfig, corpora) -> str:
    """Identifies a result set: the config (without dataset paths) and the data it ran on.

    ``corpora`` is a list of :class:`Corpus`; equal keys mean equal results.
    """
    spec = config.to_dict()
    spec.pop("datasets")
    spec["data"] = [(c.name, c.fingerprint) for c in corpora]
    return hashlib.sha1(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _seed(*parts) -> int:
    """A 32-bit seed from ints and strings, stable across processes and runs."""
    words = [p if isinstance(p, int) else zlib.crc32(str(p).encode()) for p in parts]
    return int(np.random.SeedSequence(words).generate_state(1)[0])


def cell_splits(y, config: GridConfig, trial: int):
    """The (train, test) index pairs of one trial, as the grid draws them.

    Use this to reproduce the grid's folds elsewhere (e.g. as ``cv=`` of
    scikit-learn's ``GridSearchCV``).
    """
    from sklearn.model_selection import StratifiedKFold

    y = np.asarray(y, dtype=bool)
    cv = StratifiedKFold(n_splits=config.folds, shuffle=True, random_state=_seed(config.seed, trial))
    return list(cv.split(np.zeros((y.size, 1)), y))


@dataclass(frozen=True)
class _Cell:
    dataset: int
    class_name: str
    trial: int
    fold: int


def _confusion(y_true, y_pred):
    tp = int(np.count_nonzero(y_true & y_pred))
    fp = int(np.count_nonzero(~y_true & y_pred))
    fn = int(np.count_nonzero(y_true & ~y_pred))
    return tp, fp, fn, int(y_true.size) - tp - fp - fn


def _eligible(X_train, y_train, training):
    """Words in at least one training document, and the training sample restricted to them."""
    X_train = sparse.csr_matrix(X_train)
    if training is None:
        training = Training.from_binary(X_train, y_train)
    eligible = np.flatnonzero(np.bincount(X_train.indices, minlength=X_train.shape[1]))
    if eligible.size < X_train.shape[1]:
        training = training.select_words(eligible)
    return eligible, training


def fold_rankings(X_train, y_train, metrics, k_max, *, random_state=0, training=None):
    """Each metric's best ``k_max`` words from a training split alone.

    Scores the *eligible* words (those in at least one training document)
    of ``X_train`` (documents × words; presence or counts) for the Boolean
    labels ``y_train``, and ranks them best first (ties: lower index first).
    ``metrics`` are specs that score words (:func:`fsviz.scoring.parse_spec`):
    registered metrics, α-weighted ones or combinations; for IGFSS, which
    selects per k, use :func:`fold_selections`.

    ``training``: the same documents as a :class:`fsviz.scoring.Training`
    with term frequencies and every class's labels, for metrics that read
    them; by default the task's two classes with ``X_train`` as the
    frequencies.

    Returns
    -------
    eligible : ndarray of int
        Words present in the training split.
    rankings : dict of str to ndarray of int
        Metric name → up to ``k_max`` word indices, best first; the top k for
        any k ≤ ``k_max`` is a prefix.
    """
    for name in metrics:
        if selects_per_k(name):
            raise ValueError(f"{name} selects a word set per k, not a ranking; use fold_selections")
    eligible, training = _eligible(X_train, y_train, training)
    k_max = min(int(k_max), eligible.size)
    return eligible, {name: eligible[selected_words(name, training, k_max, random_state=random_state)]
                      for name in metrics}


def fold_selections(X_train, y_train, metrics, ks, *, random_state=0, training=None):
    """Each metric's word set for every k in ``ks``, from a training split alone.

    As :func:`fold_rankings`, for any spec: a ranking's sets are its
    prefixes (it is scored and ranked once); IGFSS selects for each k. A k
    above the number of eligible words selects them all.

    Returns
    -------
    eligible : ndarray of int
        Words present in the training split.
    selections : dict of str to dict of int to ndarray of int
        Metric name → k → the selected word indices (at most k).
    """
    eligible, training = _eligible(X_train, y_train, training)
    return eligible, {name: {k: eligible[words] for k, words in
                             selected_sets(name, training, ks, random_state=random_state).items()}
                      for name in metrics}


@dataclass(frozen=True, eq=False)
class _Data:
    """One dataset as a cell reads it: the classifier's features and, when a
    metric needs them, term frequencies and every class's labels."""

    X: sparse.csr_matrix
    X_tf: sparse.csr_matrix | None
    Y: np.ndarray | None
    classes: np.ndarray


def _data(corpus: Corpus, config: GridConfig) -> _Data:
    needs_more = any(spec_inputs(m) - {"table"} for m in config.metrics)
    frequencies = config.classifier in FREQUENCY_CLASSIFIERS
    X = sparse.csr_matrix(corpus.X_tf, dtype=np.float64) if frequencies else _features(corpus)
    return _Data(X, corpus.X_tf if needs_more else None, corpus.Y.toarray() if needs_more else None, corpus.classes)


def _features(corpus: Corpus) -> sparse.csr_matrix:
    """Boolean presence as float64 CSR, the classifier's input."""
    return sparse.csr_matrix(corpus.X, dtype=np.float64)


def _sorted(results: pd.DataFrame) -> pd.DataFrame:
    """The table in its canonical row order and dtypes."""
    return _normalise(results.sort_values(_CELL + ["metric", "k"], kind="stable", ignore_index=True))


def parse_ks(text: str) -> tuple:
    """Numbers of features from text such as ``"10, 100 1000"``."""
    try:
        return tuple(int(v) for v in text.replace(",", " ").split())
    except ValueError:
        raise ValueError(f"k values must be whole numbers separated by commas, got {text!r}") from None


def _run_cell(data: _Data, y, cell: _Cell, dataset_name: str, config: GridConfig) -> tuple[pd.DataFrame, int]:
    """One (task, trial, fold): rank once per metric, fit once per distinct feature set.

    Returns the cell's rows and the number of classifier fits it made.
    """
    X = data.X
    train, test = cell_splits(y, config, cell.trial)[cell.fold]
    X_train, X_test = X[train], X[test]
    y_train, y_test = y[train], y[test]
    training = None
    if data.X_tf is not None:
        positive = int(np.flatnonzero(data.classes == cell.class_name)[0])
        training = Training(data.X_tf[train], data.Y[train], positive=positive, classes=data.classes)
    eligible, selections = fold_selections(X_train, y_train, config.metrics, config.ks, training=training,
                                           random_state=_seed(config.seed, cell.class_name, cell.trial, cell.fold))

    # Column slicing is cheapest from CSC; liblinear wants CSR.
    train_csc, test_csc = X_train.tocsc(), X_test.tocsc()
    predictions: dict[bytes, tuple] = {}

    def evaluate(columns):
        # Every eligible word selected: fit on all columns (the others are all
        # zero in training and get no weight), exactly the all-features model.
        everything = columns.size == eligible.size
        key = b"all" if everything else np.sort(columns).tobytes()
        if key not in predictions:
            model = make_classifier(config.classifier, config.classifier_params)
            if everything:
                train, test = X_train, X_test
            else:
                columns = np.sort(columns)
                train, test = train_csc[:, columns].tocsr(), test_csc[:, columns].tocsr()
            with warnings.catch_warnings(), sklearn.config_context(assume_finite=True,
                                                                   skip_parameter_validation=True):
                warnings.simplefilter("ignore")  # liblinear's ConvergenceWarning on hard folds
                fast_fit(model, train, y_train)
                predictions[key] = _confusion(y_test, fast_predict(model, test))
        return predictions[key]

    rows = []
    if config.all_features:
        rows.append((ALL, X.shape[1], eligible.size) + evaluate(eligible))
    for name, chosen in selections.items():
        for k, columns in chosen.items():
            rows.append((name, k, columns.size) + evaluate(eligible if columns.size == eligible.size else columns))

    table = pd.DataFrame(rows, columns=["metric", "k", "n_features", "tp", "fp", "fn", "tn"])
    table.insert(0, "dataset", dataset_name)
    table.insert(1, "class", cell.class_name)
    table.insert(2, "trial", cell.trial)
    table.insert(3, "fold", cell.fold)
    table.insert(7, "pos", int(y.sum()))
    table.insert(8, "neg", int((~y).sum()))
    return with_goals(table), len(predictions)


def with_goals(table: pd.DataFrame) -> pd.DataFrame:
    """Add (in place) accuracy, precision, recall and F1 computed from tp, fp, fn, tn.

    Precision is 0 when nothing is predicted positive; F1 is 0 when
    precision and recall are both 0.
    """
    tp, fp, fn, tn = (table[c].to_numpy(np.float64) for c in ("tp", "fp", "fn", "tn"))
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(tp + fp > 0, tp / (tp + fp), 0.0)
        recall = np.where(tp + fn > 0, tp / (tp + fn), 0.0)
        f1 = np.where(precision + recall > 0, 2 * precision * recall / (precision + recall), 0.0)
    table["accuracy"] = (tp + tn) / (tp + fp + fn + tn)
    table["precision"], table["recall"], table["f1"] = precision, recall, f1
    return table


# --- results ------------------------------------------------------------------------------------


@dataclass
class GridRun:
    """A grid's results: the tidy table, what was skipped and why, and the config.

    Attributes
    ----------
    results : pandas.DataFrame
        One row per dataset × class × trial × fold × metric × k (columns
        :data:`COLUMNS`), sorted.
    skipped : pandas.DataFrame
        Tasks not run: dataset, class, pos, neg, reason.
    config : GridConfig
    complete : bool
        False when the run was stopped before every cell finished.
    cells_total : int
        Cells the config asks for (skipped tasks excluded).
    """

    results: pd.DataFrame
    skipped: pd.DataFrame
    config: GridConfig
    complete: bool = True
    cells_total: int = 0
    key: str = ""
    elapsed: float = 0.0
    fits: int = 0

    @property
    def cells_done(self) -> int:
        return int(self.results.groupby(_CELL).ngroups) if len(self.results) else 0

    def no_positive_predictions(self) -> float:
        """Share of rows where the classifier predicted no positive (precision set to 0)."""
        if not len(self.results):
            return 0.0
        return float(((self.results["tp"] + self.results["fp"]) == 0).mean())

    def save(self, path) -> Path:
        """Write the results as Parquet (atomically); the config and skipped tasks go in its metadata."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        self.save_to(tmp)
        os.replace(tmp, path)
        return path

    def save_to(self, target) -> None:
        """Write the Parquet file to a path or a binary file object."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pandas(self.results, preserve_index=False)
        meta = dict(table.schema.metadata or {})
        meta[b"fsviz"] = json.dumps({
            "config": self.config.to_dict(), "skipped": self.skipped.to_dict("records"),
            "complete": self.complete, "cells_total": self.cells_total, "key": self.key,
        }, default=str).encode()
        pq.write_table(table.replace_schema_metadata(meta), target)

    def to_csv(self) -> str:
        return self.results.to_csv(index=False)


def _normalise(results: pd.DataFrame) -> pd.DataFrame:
    """One dtype per column, however the rows were made (fresh, from parts or from a file)."""
    results = results[COLUMNS].copy()
    for column in ("dataset", "class", "metric"):
        results[column] = results[column].astype(str)
    for column in ("trial", "fold", "k", "n_features", "pos", "neg", "tp", "fp", "fn", "tn"):
        results[column] = results[column].astype(np.int64)
    return results


def _empty_results() -> pd.DataFrame:
    return with_goals(pd.DataFrame({c: pd.Series(dtype="int64") for c in COLUMNS[:13]}).astype(
        {"dataset": object, "class": object, "metric": object}))


def _skipped_frame(rows) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["dataset", "class", "pos", "neg", "reason"])


def load_results(source) -> GridRun:
    """Read a results file written by :meth:`GridRun.save` or the CLI (a path or a binary file)."""
    import pyarrow.parquet as pq

    from .readers import CorpusError

    path = Path(getattr(source, "name", None) or "upload") if hasattr(source, "read") else Path(source)
    try:
        table = pq.read_table(source)
    except FileNotFoundError:
        raise CorpusError(f"no such results file: {path}") from None
    except Exception as exc:  # pyarrow raises several types for non-Parquet input
        raise CorpusError(f"{path.name!r} is not a Parquet results file ({exc})") from None
    results = table.to_pandas()
    missing = [c for c in COLUMNS if c not in results.columns]
    if missing:
        raise CorpusError(
            f"{path.name!r} is not an fsviz results table: it lacks the columns {missing}; "
            "make one with `python -m fsviz grid DATA --out results.parquet`"
        )
    meta = json.loads((table.schema.metadata or {}).get(b"fsviz", b"{}"))
    config = GridConfig.from_dict(meta["config"]) if "config" in meta else GridConfig(
        metrics=tuple(m for m in results["metric"].unique() if m != ALL),
        ks=tuple(int(k) for k in results.loc[results["metric"] != ALL, "k"].unique()),
    )
    return GridRun(_normalise(results), _skipped_frame(meta.get("skipped", [])), config,
                   complete=meta.get("complete", True), cells_total=meta.get("cells_total", 0),
                   key=meta.get("key", ""))


# --- checkpoints ---------------------------------------------------------------------------------


class _Checkpoint:
    """Finished cells as Parquet parts in ``directory/<key>/``; written atomically."""

    def __init__(self, directory, key):
        self.path = Path(directory) / key
        self._n = len(list(self.path.glob("part-*.parquet"))) if self.path.is_dir() else 0

    def load(self) -> pd.DataFrame:
        parts = sorted(self.path.glob("part-*.parquet"))
        if not parts:
            return _empty_results()
        frames = []
        for part in parts:
            try:
                frames.append(pd.read_parquet(part))
            except Exception:  # a part cut short by a crash: its cells run again
                part.unlink(missing_ok=True)
        return pd.concat(frames, ignore_index=True) if frames else _empty_results()

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
        for part in self.path.glob("part-*"):
            part.unlink(missing_ok=True)
        for folder in (self.path, self.path.parent):
            try:
                folder.rmdir()
            except OSError:
                break


# --- the runner ----------------------------------------------------------------------------------


def _as_corpora(data, config):
    if data is None:
        data = config.datasets
        if not data:
            raise ValueError("no data: pass a corpus or path to run_grid, or set GridConfig(datasets=…)")
    if isinstance(data, (Corpus, str, os.PathLike)):
        data = [data]
    corpora = []
    for item in data:
        corpus = item if isinstance(item, Corpus) else load_corpus(item, min_df=config.min_df or DEFAULT_MIN_DF)
        if config.min_df is not None and corpus.options.get("min_df", 1) < config.min_df:
            corpus = corpus.with_min_df(config.min_df)
        corpora.append(corpus)
    names = [c.name for c in corpora]
    if len(set(names)) != len(names):
        raise ValueError(f"two datasets share a name ({names}); give them distinct names")
    return corpora


def _plan(corpora, config):
    """Every cell to run, and the tasks skipped with their reason."""
    cells, skipped = [], []
    for d, corpus in enumerate(corpora):
        names = [str(c) for c in corpus.classes]
        wanted = names if config.classes is None else list(config.classes)
        unknown = [c for c in wanted if c not in names]
        if unknown and len(corpora) == 1:
            raise ValueError(f"{corpus.name!r} has no class {unknown}; its classes are {names}")
        for name in (c for c in wanted if c in names):
            pos = int(corpus.class_sizes[corpus.class_index(name)])
            neg = corpus.n_docs - pos
            if min(pos, neg) < config.folds:
                side = "positive" if pos < config.folds else "negative"
                skipped.append((corpus.name, name, pos, neg,
                                f"{min(pos, neg)} {side} documents, fewer than the {config.folds} folds"))
                continue
            cells += [_Cell(d, name, t, f) for t in range(config.trials) for f in range(config.folds)]
    return cells, skipped


def _prepare(corpora, config, out, checkpoint_dir):
    """The plan, the run's key and checkpoint, and the rows already stored for it."""
    cells, skipped = _plan(corpora, config)
    key = run_key(config, corpora)
    if out is not None and checkpoint_dir is None:
        checkpoint_dir = Path(str(out) + ".parts")
    checkpoint = _Checkpoint(checkpoint_dir, key) if checkpoint_dir is not None else None
    done = _empty_results()
    if out is not None and Path(out).exists():
        try:
            previous = load_results(out)
            if previous.key == key:
                done = previous.results
        except ValueError:
            pass
    if checkpoint is not None:
        done = pd.concat([done, checkpoint.load()], ignore_index=True).drop_duplicates(
            subset=_CELL + ["metric", "k"])
    return cells, skipped, key, checkpoint, done


def _finished(done):
    return set(map(tuple, done[_CELL].drop_duplicates().itertuples(index=False)))


def stored_results(data=None, config: GridConfig | None = None, *, out=None, checkpoint_dir=None) -> GridRun:
    """What runs with this config and data have already stored (computes nothing).

    Takes the same arguments as :func:`run_grid`; ``complete`` says whether
    every cell is there, ``cells_done`` how many are.
    """
    config = config or GridConfig()
    corpora = _as_corpora(data, config)
    cells, skipped, key, _, done = _prepare(corpora, config, out, checkpoint_dir)
    return GridRun(_sorted(done), _skipped_frame(skipped), config, complete=len(_finished(done)) >= len(cells),
                   cells_total=len(cells), key=key)


def n_workers(n_jobs: int = -1) -> int:
    """How many processes ``n_jobs`` means on this machine."""
    from joblib import cpu_count

    return cpu_count() if n_jobs < 0 else max(1, n_jobs)


def time_cell(corpus: Corpus, config: GridConfig) -> float:
    """Seconds one cell of ``config`` takes on ``corpus`` here (runs one fold of the largest class)."""
    corpora = _as_corpora(corpus, config)
    cells, _ = _plan(corpora, config)
    if not cells:
        return 0.0
    corpus = corpora[0]
    cell = max(cells, key=lambda c: corpus.class_sizes[corpus.class_index(c.class_name)])
    data = _data(corpus, config)
    start = time.perf_counter()
    _run_cell(data, corpus.y(cell.class_name), cell, corpus.name, config)
    return time.perf_counter() - start


def run_grid(data=None, config: GridConfig | None = None, *, out=None, checkpoint_dir=None, n_jobs=1,
             workers=None, scheduler=None, progress=None, should_stop=None, flush_seconds=5.0) -> GridRun:
    """Run the evaluation grid on ``data`` and return its :class:`GridRun`.

    Parameters
    ----------
    data : Corpus, path, or a list of them
        The datasets (paths are loaded with ``config.min_df``); None uses
        ``config.datasets``.
    config : GridConfig
        What to run (defaults: Forman's protocol).
    out : path, optional
        Write the finished results here as Parquet. Checkpoints then go to
        ``<out>.parts/`` unless ``checkpoint_dir`` says otherwise.
    checkpoint_dir : path, optional
        Finished cells are written here as they complete, under a
        sub-folder named by the run's key (config + data fingerprint); a run
        with the same key continues from them. A different config never
        mixes with them.
    n_jobs : int
        Parallel worker processes on this machine (-1: one per core).
    workers : int, optional
        Start a local Dask cluster of this many worker processes.
    scheduler : str, optional
        Address of a running Dask scheduler (``tcp://host:8786``).
    progress : callable(done, total), optional
        Called after each finished cell (and once at the start).
    should_stop : callable() -> bool, optional
        Polled after each finished cell; True stops the run early (finished
        cells are kept and checkpointed; ``complete`` is False).
    """
    config = config or GridConfig()
    corpora = _as_corpora(data, config)
    cells, skipped, key, checkpoint, done = _prepare(corpora, config, out, checkpoint_dir)
    finished = _finished(done)
    todo = [c for c in cells if (corpora[c.dataset].name, c.class_name, c.trial, c.fold) not in finished]

    frames, pending, fits = [done], [], 0
    started = last_flush = time.perf_counter()
    stopped = False
    if progress:
        progress(len(cells) - len(todo), len(cells))
    try:
        if todo:
            stopped, fits = _execute(corpora, todo, config, frames, pending, checkpoint, progress, should_stop,
                                     len(cells) - len(todo), len(cells), n_jobs, workers, scheduler,
                                     flush_seconds, last_flush)
    finally:  # interrupted or not, every finished cell reaches the checkpoint
        if checkpoint is not None:
            checkpoint.write(pending)
    run = GridRun(_sorted(pd.concat(frames, ignore_index=True)), _skipped_frame(skipped), config, complete=not stopped, cells_total=len(cells),
                  key=key, elapsed=time.perf_counter() - started, fits=fits)
    if out is not None and run.complete:
        run.save(out)
        if checkpoint is not None:
            checkpoint.clear()
    return run


def _execute(corpora, todo, config, frames, pending, checkpoint, progress, should_stop, n_done, n_total,
             n_jobs, workers, scheduler, flush_seconds, last_flush):
    """Run ``todo`` cells, appending each result to ``frames`` and checkpointing in batches."""
    import contextlib

    from joblib import Parallel, delayed, parallel_config

    matrices = [_data(c, config) for c in corpora]
    labels = {}

    def label(cell):
        key = (cell.dataset, cell.class_name)
        if key not in labels:
            labels[key] = corpora[cell.dataset].y(cell.class_name)
        return labels[key]

    client = None
    if scheduler is not None or workers is not None:
        from distributed import Client, LocalCluster

        client = Client(scheduler) if scheduler is not None else Client(
            LocalCluster(n_workers=int(workers), threads_per_worker=1, processes=True, dashboard_address=None))
        backend = parallel_config(backend="dask")
        n_jobs = -1
    else:
        backend = contextlib.nullcontext()

    jobs = (delayed(_run_cell)(matrices[c.dataset], label(c), c, corpora[c.dataset].name, config) for c in todo)
    stopped, fits = False, 0
    try:
        with backend:
            results = Parallel(n_jobs=n_jobs, return_as="generator_unordered")(jobs)
            try:
                for table, n_fits in results:
                    frames.append(table)
                    pending.append(table)
                    fits += n_fits
                    n_done += 1
                    if progress:
                        progress(n_done, n_total)
                    now = time.perf_counter()
                    if checkpoint is not None and now - last_flush >= flush_seconds:
                        checkpoint.write(pending)
                        pending.clear()
                        last_flush = now
                    if should_stop is not None and should_stop():
                        stopped = n_done < n_total
                        break
            finally:
                if hasattr(results, "close"):
                    results.close()
    finally:
        if client is not None:
            cluster = client.cluster
            client.close()
            if cluster is not None and scheduler is None:
                cluster.close()
    return stopped, fits
