"""One grid cell (task, trial, fold): each metric's words from the training split, then one
classifier fit per distinct feature set, scored on the test split."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.model_selection import StratifiedKFold

from ...corpora.corpus import Corpus
from ...learn.classifiers import FREQUENCY_CLASSIFIERS
from ...metrics.counts import Training
from ...selection import parse_spec, selected_sets, selected_words, selects_per_k, spec_inputs
from ...stats.significance import fdr_k, parse_k_rule
from .config import ALL, GridConfig
from .fits import CellFits
from .folds import seed_for
from .results import INNER_COLUMNS, with_goals

__all__ = ["Cell", "CellData", "FoldRankings", "FoldSelections", "cell_data", "cell_selections", "fold_rankings",
           "fold_selections", "inner_splits", "rule_ks", "run_cell"]


@dataclass(frozen=True)
class Cell:
    """One cell of the plan: a dataset (its index in the run), the positive class, a trial and a fold."""

    dataset: int
    class_name: str
    trial: int
    fold: int


@dataclass(frozen=True, eq=False)
class FoldRankings:
    """What :func:`fold_rankings` returns.

    Parameters
    ----------
    eligible : ndarray of int
        Words present in the training split.
    rankings : dict of str to ndarray of int
        Metric name → up to ``k_max`` word indices, best first; the top k for
        any k ≤ ``k_max`` is a prefix.

    See Also
    --------
    fsviz.evaluation.fold_rankings : Makes one.
    fsviz.evaluation.FoldSelections : The word sets per k, for any spec.

    Examples
    --------
    >>> import numpy as np
    >>> rankings = FoldRankings(np.array([0, 2]), {"bns": np.array([2, 0])})
    >>> rankings.rankings["bns"][:1].tolist()  # the top 1 is a prefix of the ranking
    [2]
    """

    eligible: np.ndarray
    rankings: dict


@dataclass(frozen=True, eq=False)
class FoldSelections:
    """What :func:`fold_selections` returns.

    Parameters
    ----------
    eligible : ndarray of int
        Words present in the training split.
    selections : dict of str to dict of int to ndarray of int
        Metric name → k → the selected word indices (at most k).

    See Also
    --------
    fsviz.evaluation.fold_selections : Makes one.
    fsviz.evaluation.FoldRankings : One ranking per metric, whose prefixes are the sets.

    Examples
    --------
    >>> import numpy as np
    >>> selections = FoldSelections(np.array([0, 2]), {"bns": {1: np.array([2]), 2: np.array([2, 0])}})
    >>> selections.selections["bns"][2].tolist()
    [2, 0]
    """

    eligible: np.ndarray
    selections: dict


def _eligible(X_train, y_train, training):
    """Words in at least one training document, and the training sample restricted to them."""
    X_train = sparse.csr_matrix(X_train)
    if training is None:
        training = Training.from_binary(X_train, y_train)
    eligible = np.flatnonzero(np.bincount(X_train.indices, minlength=X_train.shape[1]))
    if eligible.size < X_train.shape[1]:
        training = training.select_words(eligible)
    return eligible, training


def fold_rankings(X_train, y_train, metrics, k_max, *, random_state=0, training=None) -> FoldRankings:
    """Each metric's best ``k_max`` words from a training split alone.

    Scores the *eligible* words (those in at least one training document) of ``X_train`` for the labels
    ``y_train``, and ranks them best first (ties: lower index first).

    Parameters
    ----------
    X_train : scipy.sparse matrix
        The training split, documents × words (presence or counts).
    y_train : array-like of bool
        Its labels.
    metrics : sequence of str
        Specs that score words (:func:`fsviz.selection.parse_spec`): registered metrics, α-weighted ones or
        combinations; for IGFSS, which selects per k, use :func:`fold_selections`.
    k_max : int
        The most words to rank.
    random_state : int, default 0
        Seed for Rand's draws.
    training : fsviz.metrics.counts.Training, optional
        The same documents with term frequencies and every class's labels, for metrics that read them; by
        default the task's two classes with ``X_train`` as the frequencies.

    Returns
    -------
    FoldRankings
        ``eligible``: words present in the training split;
        ``rankings``: metric name → up to ``k_max`` word indices, best
        first; the top k for any k ≤ ``k_max`` is a prefix.

    Raises
    ------
    ValueError
        For a metric that selects per k (IGFSS).

    See Also
    --------
    fsviz.evaluation.fold_selections : The sets per k, for any spec (IGFSS included).
    fsviz.select_top_k : The top k of one score array, with the same tie rule.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import sparse
    >>> X = sparse.csr_matrix(np.array([[1, 1, 0, 0, 0], [1, 0, 0, 1, 0], [0, 0, 1, 1, 0], [0, 1, 1, 0, 0]]))
    >>> y = np.array([True, True, False, False])
    >>> rankings = fold_rankings(X, y, ["bns", "dfreq"], 2)
    >>> rankings.eligible.tolist(), {m: r.tolist() for m, r in rankings.rankings.items()}
    ([0, 1, 2, 3], {'bns': [0, 2], 'dfreq': [0, 1]})
    """
    for name in metrics:
        if selects_per_k(name):
            raise ValueError(f"{name} selects a word set per k, not a ranking; use fold_selections")
    eligible, training = _eligible(X_train, y_train, training)
    k_max = min(int(k_max), eligible.size)
    return FoldRankings(eligible, {name: eligible[selected_words(name, training, k_max, random_state=random_state)]
                                   for name in metrics})


def fold_selections(X_train, y_train, metrics, ks, *, random_state=0, training=None) -> FoldSelections:
    """Each metric's word set for every k in ``ks``, from a training split alone.

    As :func:`fold_rankings`, for any spec: a ranking's sets are its
    prefixes (it is scored and ranked once); IGFSS selects for each k. A k
    above the number of eligible words selects them all.

    Parameters
    ----------
    X_train, y_train
        As :func:`fold_rankings`.
    metrics : sequence of str
        Any specs (:func:`fsviz.selection.parse_spec`), IGFSS included.
    ks : sequence of int
        The numbers of words to select.
    random_state : int, default 0
        Seed for Rand and IGFSS's draws.
    training : fsviz.metrics.counts.Training, optional
        As :func:`fold_rankings`.

    Returns
    -------
    FoldSelections
        ``eligible``: words present in the training split;
        ``selections``: metric name → k → the selected word indices (at
        most k).

    See Also
    --------
    fsviz.evaluation.fold_rankings : The rankings whose prefixes are the sets.
    fsviz.evaluation.grid_stability : Compares these sets across a run's folds.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import sparse
    >>> X = sparse.csr_matrix(np.array([[1, 1, 0, 0, 0], [1, 0, 0, 1, 0], [0, 0, 1, 1, 0], [0, 1, 1, 0, 0]]))
    >>> y = np.array([True, True, False, False])
    >>> selections = fold_selections(X, y, ["bns", "dfreq"], [1, 2])
    >>> {m: {k: s.tolist() for k, s in sets.items()} for m, sets in selections.selections.items()}
    {'bns': {1: [0], 2: [0, 2]}, 'dfreq': {1: [0], 2: [0, 1]}}
    """
    eligible, training = _eligible(X_train, y_train, training)
    return FoldSelections(eligible, {name: {k: eligible[words] for k, words in
                                            selected_sets(name, training, ks, random_state=random_state).items()}
                                     for name in metrics})


@dataclass(frozen=True, eq=False)
class CellData:
    """One dataset as a cell reads it: the classifier's features and, when a
    metric needs them, term frequencies and every class's labels."""

    X: sparse.csr_matrix
    X_tf: sparse.csr_matrix | None
    Y: np.ndarray | None
    classes: np.ndarray


def cell_data(corpus: Corpus, config: GridConfig) -> CellData:
    """What the cells of ``config`` read from ``corpus``, made once per dataset."""
    needs_more = any(spec_inputs(m) - {"table"} for m in config.metrics)
    frequencies = config.classifier in FREQUENCY_CLASSIFIERS
    X = sparse.csr_matrix(corpus.X_tf, dtype=np.float64) if frequencies else _features(corpus)
    return CellData(X, corpus.X_tf if needs_more else None, corpus.Y.toarray() if needs_more else None,
                    corpus.classes)


def _features(corpus: Corpus) -> sparse.csr_matrix:
    """Boolean presence as float64 CSR, the classifier's input."""
    return sparse.csr_matrix(corpus.X, dtype=np.float64)


def _confusion(y_true, y_pred):
    tp = int(np.count_nonzero(y_true & y_pred))
    fp = int(np.count_nonzero(~y_true & y_pred))
    fn = int(np.count_nonzero(y_true & ~y_pred))
    return tp, fp, fn, int(y_true.size) - tp - fp - fn


def rule_ks(X_train, y_train, rules) -> dict:
    """Each k rule's k on one training split (``{"fdr0.05": 37}``): its words with q ≤ the rule's rate.

    The test is :func:`fsviz.stats.significance.significance`'s default (Fisher's
    exact, one-sided: more frequent in the positive group) on the training
    documents alone; the hypotheses are the words present in them, as
    those are the words a metric can select. 0 when no word qualifies.
    """
    if not rules:
        return {}
    eligible, training = _eligible(X_train, y_train, None)
    tp, fp, pos, neg = training.table()
    counts = SimpleNamespace(tp=tp, fp=fp, pos=pos, neg=neg)
    return {rule: fdr_k(counts, parse_k_rule(rule).fdr) for rule in rules}


def cell_selections(data: CellData, config: GridConfig, class_name: str, y, train, random_state,
                    extra_ks=()) -> FoldSelections:
    """:func:`fold_selections` of ``config``'s metrics and ks on the training rows ``train`` of the task
    ``class_name`` (labels ``y``), with the term frequencies and every class's labels when a metric reads them
    (a group task's metrics see its two groups as the classes); seeded by ``random_state``. ``extra_ks``: more
    numbers of features to select (the k rules' choices in this fold)."""
    training = None
    if data.X_tf is not None:
        positive = np.flatnonzero(data.classes == class_name)
        training = (Training(data.X_tf[train], data.Y[train], positive=int(positive[0]), classes=data.classes)
                    if positive.size else Training(data.X_tf[train], y[train], positive=0))
    ks = sorted(set(config.ks) | {k for k in extra_ks if k > 0})
    return fold_selections(data.X[train], y[train], config.metrics, ks, training=training,
                           random_state=random_state)


def run_cell(data: CellData, y, cell: Cell, dataset_name: str, config: GridConfig, split,
             scored_on: str = "folds") -> tuple[pd.DataFrame, int]:
    """One (task, trial, fold): rank once per metric, fit once per distinct feature set.

    ``split`` is the cell's (train, test) indices, ``cell_splits(y, config,
    cell.trial)[cell.fold]`` (or, with a test file, the training file's and the test file's documents: one
    model scored on every test document): the runner draws
    a trial's folds once for all of its cells; ``scored_on`` (``"folds"`` or
    ``"test file"``) goes to every row, and with a test file each row keeps every test document's label and
    prediction (``test_truth``, ``test_predicted``: bits packed by :func:`numpy.packbits`, in the task's test
    documents' order) for a paired test over documents (:func:`fsviz.evaluation.analyses.randomization_p`).
    With ``config.inner_folds``, the same metrics and k are also run by
    an inner cross-validation inside the training split (:func:`inner_splits`), its confusion counts pooled
    over the inner folds into the rows' ``inner_*`` columns: what a choice of metric and k made on this
    fold's training documents alone sees (:mod:`fsviz.evaluation.analyses.nested`). Returns the cell's rows
    and the number of classifier fits it made.
    """
    train, test = split
    seed = seed_for(config.seed, cell.class_name, cell.trial, cell.fold)
    rows, n_fits, predicted = _scored(data, y, cell.class_name, config, train, test, seed, config.rand_draws)
    inner = np.zeros((len(rows), 4), dtype=np.int64)
    splits = inner_splits(y[train], config, cell.trial, cell.fold)
    for i, (inner_train, inner_test) in enumerate(splits):
        inner_seed = seed_for(config.seed, cell.class_name, cell.trial, cell.fold, "inner", i)
        inner_rows, fits, _ = _scored(data, y, cell.class_name, config, train[inner_train], train[inner_test],
                                      inner_seed)
        inner += np.array([row[3:7] for row in inner_rows], dtype=np.int64)
        n_fits += fits

    table = pd.DataFrame(rows, columns=["metric", "k", "n_features", "tp", "fp", "fn", "tn", "solver", "converged",
                                        "k_rule", "draws"])
    table.insert(0, "dataset", dataset_name)
    table.insert(1, "class", cell.class_name)
    table.insert(2, "trial", cell.trial)
    table.insert(3, "fold", cell.fold)
    pos = int(y[train].sum() + y[test].sum())  # the task's documents: all of them, or a group task's two groups
    table.insert(7, "pos", pos)
    table.insert(8, "neg", int(train.size + test.size) - pos)
    table["scored_on"] = scored_on
    table[INNER_COLUMNS] = inner
    if scored_on == "test file":  # each test document's label and prediction, for a paired test over documents
        table["test_truth"] = np.packbits(y[test]).tobytes()
        table["test_predicted"] = [np.packbits(vector.ravel()).tobytes() for vector in predicted]  # draw by draw
    return with_goals(table), n_fits


def inner_splits(y_train, config: GridConfig, trial: int, fold: int) -> list:
    """The inner cross-validation of one cell's training split: ``config.inner_folds`` stratified folds of
    its labels ``y_train``, as (train, test) positions within the split; none when ``inner_folds`` is 0.

    Seeded from (seed, trial, fold) (a test file's one cell a trial is its fold 0). A training split with fewer
    documents on one side than ``inner_folds`` is cut into as many folds as it has (at least 2); with fewer
    than 2, none: that task then takes no part in the choice of that fold (its ``inner_*`` counts are 0).

    Parameters
    ----------
    y_train : array-like of bool
        The training split's labels.
    config : GridConfig
        Its ``inner_folds`` and ``seed`` are used.
    trial, fold : int
        The cell.

    Returns
    -------
    list of (numpy.ndarray, numpy.ndarray)
        The inner (train, test) position pairs.

    See Also
    --------
    fsviz.evaluation.cell_splits : The outer folds.
    fsviz.evaluation.fold_macro : Where the inner counts choose the metric and k.

    Examples
    --------
    >>> y = np.array([1, 1, 1, 0, 0, 0, 0, 0, 0], dtype=bool)
    >>> [test.tolist() for _, test in inner_splits(y, GridConfig(inner_folds=3), trial=0, fold=1)]
    [[1, 7, 8], [0, 3, 5], [2, 4, 6]]
    >>> inner_splits(y, GridConfig(), trial=0, fold=1)
    []
    """
    y_train = np.asarray(y_train, dtype=bool)
    smaller = int(min(y_train.sum(), y_train.size - y_train.sum()))
    n_splits = min(config.inner_folds, smaller)
    if n_splits < 2:
        return []
    cv = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=seed_for(config.seed, "inner", trial, fold))
    return list(cv.split(np.zeros((y_train.size, 1)), y_train))


def _scored(data: CellData, y, class_name: str, config: GridConfig, train, test, random_state,
            draws: int = 1) -> tuple[list, int, list]:
    """Every (metric, k) of ``config`` selected and fitted on ``train``, scored on ``test``: rows of (metric, k,
    n_features, tp, fp, fn, tn, solver, converged, k_rule, draws), in one order for any split, the fits made, and
    each row's predictions on ``test`` (one row per draw). A random spec (Rand) is drawn ``draws`` times, each
    draw selecting with its own seed and fitting its own model, its counts summed over the draws."""
    X = data.X
    X_train, X_test = X[train], X[test]
    y_train, y_test = y[train], y[test]
    by_rule = rule_ks(X_train, y_train, config.k_rules)
    chosen = cell_selections(data, config, class_name, y, train, random_state, by_rule.values())
    eligible = chosen.eligible
    random = tuple(m for m in config.metrics if parse_spec(m).random) if draws > 1 else ()
    more = [cell_selections(data, replace(config, metrics=random), class_name, y, train,
                            seed_for(random_state, "draw", d), by_rule.values()) for d in range(1, draws)]

    # A set of words already fitted is not fitted again. Every eligible word selected means fitting on all
    # columns (the others are all zero in training and get no weight): exactly the all-features model.
    fits = CellFits(config.classifier, config.classifier_params, X_train, y_train, X_test, config.solver)
    fitted: dict[bytes, int] = {}

    def fit(columns):
        everything = columns.size == eligible.size
        key = b"all" if everything else np.sort(columns).tobytes()
        if key not in fitted:
            fitted[key] = fits.fit(None if everything else columns)
        return fitted[key]

    plan = [(ALL, X.shape[1], eligible.size, [fit(eligible)], "")] if config.all_features else []
    for name, sets in chosen.selections.items():
        per_draw = []  # per draw: the fit of each k, then of each rule's k (None: the rule selects no word)
        for selections in [chosen] + (more if name in random else []):
            drawn = selections.selections[name]
            if not selects_per_k(name):  # a ranking's sets are prefixes of its largest (IGFSS's are not)
                fits.rank(max(drawn.values(), key=len))
            per_draw.append([fit(drawn[k]) for k in config.ks]
                            + [fit(drawn[k]) if k else None for k in by_rule.values()])
        fitted_ids = list(zip(*per_draw))  # per k (then rule): its fit in every draw
        plan.extend((name, k, sets[k].size, list(fitted_ids[j]), "") for j, k in enumerate(config.ks))
        # A rule that selects no word leaves the classifier nothing to read: it predicts every document negative.
        plan.extend((name, k, sets[k].size if k else 0, list(fitted_ids[len(config.ks) + j]), rule)
                    for j, (rule, k) in enumerate(by_rule.items()))
    predicted = fits.predictions()
    nothing = np.zeros(y_test.size, dtype=bool)
    vectors = [np.stack([nothing if i is None else predicted[:, i] for i in fitted_ids])
               for _, _, _, fitted_ids, _ in plan]
    rows = []
    for (name, k, n, fitted_ids, rule), vector in zip(plan, vectors):
        counts = np.sum([_confusion(y_test, v) for v in vector], axis=0).tolist()
        first = fitted_ids[0]
        how = ("", True) if first is None else (fits.solvers[first], all(fits.converged[i] for i in fitted_ids))
        rows.append((name, k, n, *counts, *how, rule, len(fitted_ids)))
    return rows, fits.n_fits, vectors
