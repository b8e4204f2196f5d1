"""Multi-class evaluation: one model over every class, next to the grid's one-vs-rest tasks.

Wang et al. and Olsson & Oard select one feature set for all classes and
train one classifier over them; they report macro- and micro-averaged F1
(Wang eq. 6–7) and, for multi-label corpora, the ranked-retrieval measures
R-precision and mean average precision over each document's ranked labels
(Olsson & Oard §2), comparing methods by a sign test over paired trials.

:func:`run_multiclass` runs that protocol: ``trials`` × ``folds``
cross-validation (stratified on each document's first label), in each fold
every metric ranks the words of the training split once, and for each k a
classifier over all classes is fitted on the top k and scored on the test
split. Only metrics that score words for the whole label set can select
here: those with ``all_classes`` (χ²max, t-test, CMFS, …), DFreq and Rand,
combinations of them, and IGFSS over any of them (one set per k with an
equal share for every class, Deshpande et al.).

Single-label corpora: the classifier predicts one class per document.
Multi-label corpora: one binary classifier per class (scikit-learn's
``OneVsRestClassifier``), a document receiving every class its classifier
accepts. Either way each document also gets a score per class (the
decision function, or the Naive Bayes log-probability, or the kNN and
centroid scores), which ranks its labels for R-precision and MAP.
"""

from __future__ import annotations

import time
import warnings

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from scipy import stats
from sklearn.model_selection import StratifiedKFold

from ..._validation import check_n_jobs
from ..._workers import local_workers
from ...corpora.corpus import Corpus
from ...learn.classifiers import FREQUENCY_CLASSIFIERS, make_classifier
from ...metrics import metric_names
from ...metrics.counts import Training
from ...selection import parse_spec
from ..grid import (
    ALL,
    GridConfig,
    check_fixed_ks,
    fold_selections,
    seed_for,
    training_file_splits,
)
from ._fit import _evaluate, _multilabel_model

__all__ = ["MEASURES", "check_multiclass_metrics", "macro_curves", "multiclass_metric_names", "run_multiclass",
           "sign_test", "time_multiclass_cell"]

#: The measures of a multi-class run (its table's columns) and how a page names them.
MEASURES = {"macro_f1": "macro-F1", "micro_f1": "micro-F1", "accuracy": "accuracy (exact label set)",
         "r_precision": "R-precision", "map": "MAP"}
COLUMNS = ["dataset", "trial", "fold", "metric", "k", "n_features", *MEASURES]


def multiclass_metric_names() -> list[str]:
    """The registered metrics that can choose one word set for every class (see :func:`check_multiclass_metrics`).

    Returns
    -------
    list of str
        Their names.

    See Also
    --------
    fsviz.evaluation.check_multiclass_metrics : Refuses the other specs.

    Examples
    --------
    >>> multiclass_metric_names()[:4]
    ['chi_avg', 'chi_max', 'cmfs', 'dfreq']
    """
    return [m for m in metric_names() if parse_spec(m).is_global]


def check_multiclass_metrics(metrics) -> None:
    """ValueError naming any spec that scores one class against the rest (it cannot select for all classes).

    Parameters
    ----------
    metrics : sequence of str
        The specs a multi-class run is asked to select by.

    Raises
    ------
    ValueError
        Naming the specs that score one class against the rest.

    See Also
    --------
    fsviz.evaluation.multiclass_metric_names : The registered metrics it accepts.

    Examples
    --------
    >>> check_multiclass_metrics(["chi_max", "igfss(cmfs)"])  # both choose one set for every class
    """
    bad = [m for m in metrics if not parse_spec(m).is_global]
    if bad:
        raise ValueError(
            f"{', '.join(bad)} score(s) one class against the rest, so they cannot choose one word set for every "
            "class; in multi-class mode use metrics over all classes such as chi_max, chi_avg, ig_multi, "
            "ttest_avg, cmfs, icmfs, mi_avg, ece, dfreq (or combinations of them, or igfss(cmfs))")


def _run_cell(corpus_X, corpus_tf, Y, name, trial, fold, train, test, config, multilabel, spec):
    """One cell: a (trial, fold)'s split, one metric spec (or ``"all"``, every word) at each k."""
    X_train, X_test = corpus_X[train], corpus_X[test]
    training = Training(corpus_tf[train], Y[train], positive=0)
    selected = fold_selections(training.X_tf, None, () if spec == ALL else (spec,), config.ks, training=training,
                               random_state=seed_for(config.seed, trial, fold))
    selections = {ALL: {corpus_X.shape[1]: selected.eligible}} if spec == ALL else selected.selections
    rows, fits = [], {}
    for metric, chosen in selections.items():
        for k, columns in chosen.items():
            columns = np.sort(columns)
            key = columns.tobytes()
            if key not in fits:
                model = _multilabel_model(config) if multilabel else make_classifier(config.classifier,
                                                                                     config.classifier_params)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    fits[key] = _evaluate(model, X_train[:, columns], X_test[:, columns], Y[train], Y[test],
                                          multilabel)
            rows.append((name, trial, fold, metric, k, columns.size, *fits[key]))
    return pd.DataFrame(rows, columns=COLUMNS)


def _prepared(corpus: Corpus, config: GridConfig):
    """The run's matrices, labels and cells ``(trial, fold, train, test, spec)``, after its checks."""
    check_multiclass_metrics(config.metrics)
    check_fixed_ks(config, "A multi-class run")
    Y = corpus.Y.toarray().astype(bool)
    first = np.argmax(Y, axis=1)
    in_test = None if corpus.test_rows is None else np.isin(np.arange(corpus.n_docs), corpus.test_rows)
    counts = np.bincount(first if in_test is None else first[in_test], minlength=corpus.n_classes)
    if (counts[counts > 0] < config.folds).any() or (counts > 0).sum() < 2:
        small = [str(corpus.classes[c]) for c in np.flatnonzero((counts > 0) & (counts < config.folds))]
        where = "cross-validation" if in_test is None else "scoring on parts of the test file"
        raise ValueError(
            f"multi-class {where} needs at least two classes with {config.folds} documents each "
            f"(one per {'fold' if in_test is None else 'part'}); too small: {', '.join(small) or 'only one class'}. "
            "Use fewer folds.")
    X = corpus.X_tf.astype(np.float64) if config.classifier in FREQUENCY_CLASSIFIERS else corpus.X.astype(np.float64)
    specs = ((ALL,) if config.all_features else ()) + tuple(config.metrics)
    def splits(t):  # cross-validation folds, or the training file against each part of the test file
        if in_test is not None:
            return training_file_splits(first, in_test, config, t)
        return StratifiedKFold(config.folds, shuffle=True, random_state=seed_for(config.seed, t)).split(
            np.zeros(corpus.n_docs), first)

    cells = [(t, f, tr, te, spec) for t in range(config.trials) for f, (tr, te) in enumerate(splits(t))
             for spec in specs]
    return X.tocsr(), Y, cells


def time_multiclass_cell(corpus: Corpus, config: GridConfig) -> float:
    """Seconds one cell of the run takes here (its first metric on its first split), for the estimate.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus.
    config : GridConfig
        The run's config, checked as :func:`run_multiclass` checks it.

    Returns
    -------
    float
        The seconds the cell took.

    Raises
    ------
    ValueError
        If the config cannot run on the corpus (see :func:`run_multiclass`).

    See Also
    --------
    fsviz.evaluation.multiclass_cells : The cells of the run.
    fsviz.evaluation.time_cell : The same for the grid.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> config = GridConfig(metrics=("chi_max",), ks=(5, 10), trials=1, folds=2)
    >>> time_multiclass_cell(corpus, config) > 0
    True
    """
    X, Y, cells = _prepared(corpus, config)
    t, f, train, test, _ = cells[0]
    start = time.perf_counter()
    _run_cell(X, corpus.X_tf, Y, corpus.name, t, f, train, test, config, corpus.is_multilabel, config.metrics[0])
    return time.perf_counter() - start


def run_multiclass(corpus: Corpus, config: GridConfig, *, n_jobs=1, progress=None, should_stop=None,
                   done: pd.DataFrame | None = None, on_rows=None) -> pd.DataFrame:
    """Evaluate ``config.metrics`` with one classifier over every class of ``corpus``.

    A cell is one metric (or the baseline) on one trial's fold (:func:`multiclass_cells`).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus; every class takes part.
    config : GridConfig
        Its metrics, ks, trials, folds, classifier and seed are used (its ``classes`` is ignored).
    n_jobs : int, default 1
        Parallel worker processes (-1: one per core).
    progress : callable(done, total), optional
        Called after each finished cell (and once at the start).
    should_stop : callable() -> bool, optional
        Returning True ends the run early with the cells finished so far.
    done : pandas.DataFrame, optional
        The table of a stopped run of the same config and corpus: kept, and its cells are not run again.
    on_rows : callable(pandas.DataFrame), optional
        Given each finished cell's rows as they come (a page draws the curves so far).

    Returns
    -------
    pandas.DataFrame
        One row per trial × fold × metric × k with the columns of :data:`MEASURES`; the all-features baseline is
        metric ``"all"``.

    See Also
    --------
    fsviz.evaluation.macro_curves : The table averaged per metric and k.
    fsviz.evaluation.sign_test : Two metrics compared over the paired folds.
    fsviz.evaluation.run_grid : The one-vs-rest grid instead.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures": R-precision and MAP over each document's ranked labels, the sign test over trials.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> table = run_multiclass(corpus, GridConfig(metrics=("chi_max",), ks=(5, 10), trials=1, folds=2))
    >>> table[["fold", "metric", "k", "macro_f1", "map"]].round(3)
       fold   metric   k  macro_f1    map
    0     0      all  80     0.931  0.967
    1     0  chi_max   5     0.648  0.794
    2     0  chi_max  10     0.798  0.883
    3     1      all  80     1.000  1.000
    4     1  chi_max   5     0.539  0.761
    5     1  chi_max  10     0.769  0.878
    """
    check_n_jobs(n_jobs)
    X, Y, cells = _prepared(corpus, config)
    finished = set() if done is None or done.empty else set(
        done[["trial", "fold", "metric"]].drop_duplicates().itertuples(index=False, name=None))
    todo = [cell for cell in cells if (cell[0], cell[1], cell[4]) not in finished]
    frames = [] if done is None or done.empty else [done[COLUMNS]]
    count = len(cells) - len(todo)
    if progress:
        progress(count, len(cells))
    jobs = (delayed(_run_cell)(X, corpus.X_tf, Y, corpus.name, t, f, tr, te, config, corpus.is_multilabel, spec)
            for t, f, tr, te, spec in todo)
    with local_workers():
        results = Parallel(n_jobs=n_jobs, return_as="generator_unordered")(jobs)
        try:
            for frame in results:
                frames.append(frame)
                if on_rows is not None:
                    on_rows(frame)
                count += 1
                if progress:
                    progress(count, len(cells))
                if should_stop is not None and should_stop():
                    break
        finally:
            if hasattr(results, "close"):
                results.close()
    table = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=COLUMNS)
    return table.sort_values(["trial", "fold", "metric", "k"], ignore_index=True)


def macro_curves(table: pd.DataFrame) -> pd.DataFrame:
    """Each measure averaged over trials and folds, per metric and k (the all-features row at its own k).

    Parameters
    ----------
    table : pandas.DataFrame
        A table of :func:`run_multiclass`, finished or stopped.

    Returns
    -------
    pandas.DataFrame
        One row per metric and k: ``metric, k`` and the mean of each of :data:`MEASURES`.

    See Also
    --------
    fsviz.evaluation.run_multiclass : The table it averages.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> table = run_multiclass(corpus, GridConfig(metrics=("chi_max",), ks=(5, 10), trials=1, folds=2))
    >>> macro_curves(table)[["metric", "k", "macro_f1", "micro_f1"]].round(3)
        metric   k  macro_f1  micro_f1
    0      all  80     0.966     0.967
    1  chi_max   5     0.594     0.600
    2  chi_max  10     0.783     0.783
    """
    return table.groupby(["metric", "k"], as_index=False)[list(MEASURES)].mean()


def sign_test(table: pd.DataFrame, a: str, b: str, goal: str = "macro_f1", k: int | None = None) -> dict:
    """Olsson & Oard's sign test: does metric ``a`` beat ``b`` on ``goal`` over the paired trials and folds?

    Pairs the two metrics' runs on the same (trial, fold) at ``k`` (each
    metric's own k when one is the all-features row); ties are dropped.
    Returns wins, losses, ties and the two-sided exact binomial p-value.

    Parameters
    ----------
    table : pandas.DataFrame
        A table of :func:`run_multiclass`.
    a, b : str
        The two metrics (``"all"`` for the all-features row).
    goal : str, default "macro_f1"
        One of :data:`MEASURES`.
    k : int, optional
        The number of features both are compared at; None keeps every row (for a table of one k).

    Returns
    -------
    dict
        ``wins, losses, ties`` (of ``a`` against ``b``) and ``p``.

    Raises
    ------
    ValueError
        If the two metrics share no (trial, fold) at ``k``.

    See Also
    --------
    fsviz.evaluation.paired_tests : The same test between one-vs-rest runs.
    fsviz.evaluation.macro_curves : The measures averaged per metric and k.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures": the sign test over paired trials.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=3, n_background=50).load()
    >>> config = GridConfig(metrics=("chi_max",), ks=(5, 10), trials=1, folds=2)
    >>> table = run_multiclass(corpus, config)
    >>> sign_test(table, "all", "chi_max", k=10)
    {'wins': 2, 'losses': 0, 'ties': 0, 'p': 0.5}
    """
    def runs(metric):
        rows = table[table["metric"] == metric]
        if k is not None and metric != "all":
            rows = rows[rows["k"] == k]
        return rows.set_index(["trial", "fold"])[goal]

    x, y = runs(a).align(runs(b), join="inner")
    if x.empty:
        raise ValueError(f"no paired runs of {a!r} and {b!r} at k = {k}")
    wins, losses = int((x > y).sum()), int((x < y).sum())
    p = stats.binomtest(wins, wins + losses, 0.5).pvalue if wins + losses else 1.0
    return {"wins": wins, "losses": losses, "ties": int(len(x) - wins - losses), "p": float(p)}
