"""How stable a metric's choice is: its top-k sets compared across the grid's folds or bootstrap resamples.

Two indices over every pair of a family of sets, averaged:

- **Kuncheva's consistency index** (Kuncheva 2007): for two sets of k
  words out of n, sharing r,

      I_C(A, B) = (r n − k²) / (k (n − k)),

  which is 1 for identical sets, 0 on average for random sets of that size
  (r = k²/n expected) and negative below chance. It corrects the overlap
  for chance, so it can compare a k of 10 with a k of 1,000. It is defined
  for 0 < k < n and for sets of one size; a family whose sets differ in
  size (a fold with fewer than k words seen in training) gets NaN.
- **Jaccard**: |A ∩ B| / |A ∪ B|, 1 for identical sets, not chance-corrected
  (it grows with k/n for random sets).

:func:`grid_stability` reproduces the grid's training splits from the
corpus and the run's config (the results file stores no word sets):
the same :func:`fsviz.evaluation.grid.cell_splits` folds per trial, the same
selection per fold (:func:`fsviz.evaluation.grid.fold_selections`, Rand seeded as the
grid seeds it), and compares every fold's set with every other of the
same task (trials × folds sets). :func:`bootstrap_stability` does the
same without a grid run: ``n_resamples`` resamples of the task's documents
drawn with replacement within each group (the class sizes kept), seeded.
n is the corpus's vocabulary size.

References
----------
.. [1] Kuncheva, L. I., "A stability index for feature selection", Proc. IASTED AIA (2007), 390–395.
.. [2] P. Jaccard (1912); as a stability measure: A. Kalousis, J. Prados, M. Hilario, KAIS 12 (2007).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from ..._validation import check_whole
from ...corpora.groups import check_groups, group_labels
from ..grid import GridConfig, cell_data, cell_selections, run_tasks, seed_for, task_labels, task_splits

__all__ = ["STABILITY_COLUMNS", "bootstrap_stability", "grid_stability", "jaccard", "kuncheva", "set_stability",
           "stability_at", "stability_summary"]

#: The columns of :func:`grid_stability` and :func:`bootstrap_stability`.
STABILITY_COLUMNS = ["dataset", "class", "metric", "k", "kuncheva", "jaccard", "n_sets"]


def kuncheva(a, b, n_features: int) -> float:
    """Kuncheva's consistency index of two equal-size sets of word indices out of ``n_features``.

    Parameters
    ----------
    a, b : array-like of int
        The two sets of word indices.
    n_features : int
        The number of words they are drawn from.

    Returns
    -------
    float
        The index; NaN when the sets differ in size or their size is not between 0 and ``n_features``, exclusive.

    See Also
    --------
    fsviz.evaluation.jaccard : The overlap without the correction for chance.
    fsviz.evaluation.set_stability : The mean index over every pair of a family of sets.

    References
    ----------
    .. [1] Kuncheva, L. I., "A stability index for feature selection", Proc. IASTED AIA (2007), 390–395:
       the consistency index I_C.

    Examples
    --------
    >>> kuncheva([0, 1], [0, 2], 6)  # r = 1, k = 2, n = 6: (6 − 4) / (2 · 4)
    0.25
    """
    a, b = set(np.asarray(a).tolist()), set(np.asarray(b).tolist())
    k, n = len(a), int(n_features)
    if len(b) != k or not 0 < k < n:
        return float("nan")
    r = len(a & b)
    return (r * n - k * k) / (k * (n - k))


def jaccard(a, b) -> float:
    """``|A ∩ B| / |A ∪ B|`` (1 for two empty sets).

    Parameters
    ----------
    a, b : array-like of int
        The two sets of word indices.

    Returns
    -------
    float
        The Jaccard index.

    See Also
    --------
    fsviz.evaluation.kuncheva : The overlap corrected for chance, comparable across k.
    fsviz.evaluation.set_stability : The mean index over every pair of a family of sets.

    Examples
    --------
    >>> jaccard([0, 1], [0, 2])
    0.3333333333333333
    """
    a, b = set(np.asarray(a).tolist()), set(np.asarray(b).tolist())
    union = len(a | b)
    return len(a & b) / union if union else 1.0


def set_stability(sets, n_features: int) -> dict:
    """Mean pairwise ``kuncheva`` and ``jaccard`` of ``sets`` (two or more), with ``n_sets``.

    Parameters
    ----------
    sets : sequence of array-like of int
        Two or more sets of word indices.
    n_features : int
        The number of words they are drawn from.

    Returns
    -------
    dict
        ``kuncheva``, ``jaccard`` and ``n_sets``.

    Raises
    ------
    ValueError
        With fewer than two sets.

    See Also
    --------
    fsviz.evaluation.kuncheva : The chance-corrected index averaged here.
    fsviz.evaluation.jaccard : The plain overlap averaged here.
    fsviz.evaluation.grid_stability : The same over a grid run's folds, per metric and k.

    Examples
    --------
    >>> set_stability([[0, 1], [0, 2], [0, 1]], 6)
    {'kuncheva': 0.5, 'jaccard': 0.5555555555555555, 'n_sets': 3}
    """
    sets = [np.asarray(s) for s in sets]
    if len(sets) < 2:
        raise ValueError(f"stability compares two or more sets of words, got {len(sets)}")
    pairs = list(combinations(sets, 2))
    return {"kuncheva": float(np.mean([kuncheva(a, b, n_features) for a, b in pairs])),
            "jaccard": float(np.mean([jaccard(a, b) for a, b in pairs])), "n_sets": len(sets)}


def _rows(dataset, name, selections: list, n_features) -> list:
    """One row per (metric, k) from a list of :class:`fsviz.evaluation.grid.FoldSelections`' ``selections``."""
    rows = []
    for metric in selections[0]:
        for k in selections[0][metric]:
            found = set_stability([s[metric][k] for s in selections], n_features)
            rows.append({"dataset": dataset, "class": name, "metric": metric, "k": int(k), **found})
    return rows


def grid_stability(corpus, config: GridConfig, *, classes=None, progress=None, strict: bool = True) -> pd.DataFrame:
    """Each metric's stability at each k over a grid run's folds (trials × folds training splits) of each task.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The run's dataset, as the run read it.
    config : GridConfig
        The run's config (``load_results(path).config``).
    classes : sequence of str, optional
        Limits the tasks (default: the run's classes and group tasks).
    progress : callable(done, total), optional
        Called after each task.
    strict : bool, default True
        False when the run read several datasets and ``corpus`` is one of them: the classes and groups it lacks
        are skipped, as the run skipped them (:meth:`fsviz.evaluation.grid.GridRun.read`).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`STABILITY_COLUMNS`.

    See Also
    --------
    fsviz.evaluation.bootstrap_stability : The same without a grid run, over bootstrap resamples.
    fsviz.evaluation.stability_summary : The table averaged over tasks.
    fsviz.evaluation.fold_selections : The top-k sets of one fold, as the grid selects them.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.evaluation import GridConfig
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> config = GridConfig(metrics=("bns", "ig"), ks=(5, 10), trials=1, folds=2)
    >>> grid_stability(corpus, config, classes=["c0"]).round(3)
       dataset class metric   k  kuncheva  jaccard  n_sets
    0  planted    c0    bns   5    -0.077    0.000       2
    1  planted    c0    bns  10     0.300    0.250       2
    2  planted    c0     ig   5     0.138    0.111       2
    3  planted    c0     ig  10     0.300    0.250       2
    """
    data = cell_data(corpus, config)
    names = run_tasks(corpus, config, strict=strict)  # the grid's own tasks, skipping what it skips
    if classes is not None:
        names = [n for n in names if n in set(map(str, classes))]
    rows = []
    for done, name in enumerate(names, 1):
        if progress is not None and done > 1:
            progress(done - 1, len(names))
        y, task_rows = task_labels(corpus, name, config)
        selections = [cell_selections(data, config, name, y, train, seed_for(config.seed, name, trial, fold)).selections
                      for trial in range(config.trials)
                      for fold, (train, _) in enumerate(task_splits(y, task_rows, config, trial, corpus.test_rows))]
        rows += _rows(corpus.name, name, selections, corpus.n_words)
    if progress is not None:
        progress(len(names), len(names))
    return pd.DataFrame(rows, columns=STABILITY_COLUMNS)


def bootstrap_stability(corpus, positive, metrics, ks, *, negative=None, n_resamples: int = 20,
                        random_state: int = 0, progress=None) -> pd.DataFrame:
    """Each metric's stability at each k over bootstrap resamples of one task's documents (no grid run needed).

    Each resample draws the task's positive documents with replacement, and its negative ones likewise (the class
    sizes kept); every metric selects its top k words on it as a grid fold would.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus.
    positive : str or list of str
        The task's positive group: one class, or several.
    metrics : sequence of str
        Metric specs, as :class:`GridConfig`'s ``metrics``.
    ks : sequence of int
        Numbers of words to select, as :class:`GridConfig`'s ``ks``.
    negative : str or list of str, optional
        The negative group; None (the default) for every other document.
    n_resamples : int, default 20
        Bootstrap resamples, 2 to 1000.
    random_state : int, default 0
        Seeds the resamples.
    progress : callable(done, n_resamples), optional
        Called after each resample.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`STABILITY_COLUMNS`.

    Raises
    ------
    ValueError
        When ``n_resamples`` or ``random_state`` is not allowed, the groups are refused, or a group of the task
        has no document.

    See Also
    --------
    fsviz.evaluation.grid_stability : The same over a grid run's folds.
    fsviz.evaluation.stability_summary : The table averaged over tasks.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> bootstrap_stability(corpus, "c0", ["bns", "ig"], [5], n_resamples=3).round(3)
       dataset class metric  k  kuncheva  jaccard  n_sets
    0  planted    c0    bns  5     0.282    0.217       3
    1  planted    c0     ig  5     0.210    0.157       3
    """
    n_resamples = check_whole(n_resamples, "n_resamples", minimum=2, maximum=1000, what="of resamples")
    random_state = check_whole(random_state, "random_state")
    config = GridConfig(metrics=tuple(metrics), ks=ks, trials=1, folds=2)
    groups = check_groups(corpus.classes, positive, negative)
    y, rows = group_labels(corpus, groups)
    data = cell_data(corpus, config)
    name = groups.label
    members = np.flatnonzero(rows)
    sides = [members[y[members]], members[~y[members]]]
    if min(map(len, sides)) < 1:
        raise ValueError("bootstrap stability needs documents in both groups of the task")
    rng = np.random.default_rng(random_state)
    selections = []
    for i in range(n_resamples):
        train = np.sort(np.concatenate([rng.choice(side, side.size, replace=True) for side in sides]))
        selections.append(cell_selections(data, config, name, y, train, seed_for(random_state, name, i)).selections)
        if progress is not None:
            progress(i + 1, n_resamples)
    return pd.DataFrame(_rows(corpus.name, name, selections, corpus.n_words), columns=STABILITY_COLUMNS)


def stability_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Each metric's stability at each k averaged over the tasks of :func:`grid_stability` (or
    :func:`bootstrap_stability`): columns ``metric, k, kuncheva, jaccard, tasks``.

    A task's NaN Kuncheva (its sets differ in size, or k ≥ n) is left out of its mean; ``tasks`` counts the tasks
    averaged. Metrics keep their order.

    Parameters
    ----------
    frame : pandas.DataFrame
        A table of :func:`grid_stability` or :func:`bootstrap_stability`.

    Returns
    -------
    pandas.DataFrame
        Columns ``metric, k, kuncheva, jaccard, tasks``.

    See Also
    --------
    fsviz.evaluation.grid_stability : The per-task table it averages.
    fsviz.evaluation.stability_at : One metric's index at one k, read from the summary.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"dataset": "d", "class": ["a", "b", "a", "b"], "metric": ["ig", "ig", "bns", "bns"],
    ...                       "k": 5, "kuncheva": [0.5, 0.3, 0.2, float("nan")], "jaccard": [0.4, 0.2, 0.1, 0.1],
    ...                       "n_sets": 2})
    >>> stability_summary(frame).round(3)
      metric  k  kuncheva  jaccard  tasks
    0     ig  5       0.4      0.3      2
    1    bns  5       0.2      0.1      2
    """
    if frame.empty:
        return pd.DataFrame(columns=["metric", "k", "kuncheva", "jaccard", "tasks"])
    grouped = frame.groupby(["metric", "k"], sort=False)
    summary = grouped.agg(kuncheva=("kuncheva", "mean"), jaccard=("jaccard", "mean"),
                          tasks=("class", "size")).reset_index()
    order = {m: i for i, m in enumerate(dict.fromkeys(frame["metric"]))}
    return summary.sort_values(["metric", "k"], key=lambda c: c.map(order) if c.name == "metric" else c,
                               kind="stable").reset_index(drop=True)


def stability_at(summary: pd.DataFrame, metric: str, k) -> float:
    """The mean Kuncheva index of ``metric`` at ``k`` in :func:`stability_summary`'s table; NaN when absent.

    Parameters
    ----------
    summary : pandas.DataFrame
        A table of :func:`stability_summary`.
    metric : str
        The metric.
    k : int
        The number of words.

    Returns
    -------
    float
        The mean Kuncheva index, or NaN.

    See Also
    --------
    fsviz.evaluation.stability_summary : The table it reads.
    fsviz.evaluation.grid_stability : The sets' stability over a run's folds.

    Examples
    --------
    >>> import pandas as pd
    >>> summary = pd.DataFrame({"metric": ["ig", "bns"], "k": 5, "kuncheva": [0.4, 0.2], "jaccard": [0.3, 0.1],
    ...                         "tasks": 2})
    >>> stability_at(summary, "bns", 5), stability_at(summary, "bns", 10)
    (0.2, nan)
    """
    row = summary[(summary["metric"] == metric) & (summary["k"] == int(k))]
    return float(row["kuncheva"].iloc[0]) if len(row) else float("nan")
