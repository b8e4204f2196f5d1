"""Forman's aggregation of a results table: per trial, per task, macro average and average maximum.

Forman (2003), Appendix B: the folds of one trial are pooled (their confusion counts summed, as WEKA reports
them; ``pool="mean"`` averages the per-fold goals instead), a task's trials are averaged, and the tasks are
macro-averaged for each metric and k. The analyses on top are in :mod:`fsviz.evaluation.analyses.tolerance`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...selection import spec_label
from ..grid import ALL, with_goals

__all__ = ["GOALS", "GOAL_LABELS", "average_maximum", "fixed_k", "macro_average", "metric_label", "per_task",
           "per_trial", "split_by_skew", "task_sizes", "task_skews"]

#: The four goals, as result columns.
GOALS = ("f1", "precision", "recall", "accuracy")
#: How each goal is named on a page.
GOAL_LABELS = {"f1": "F-measure", "precision": "Precision", "recall": "Recall", "accuracy": "Accuracy"}
_TASK = ["dataset", "class"]
_COUNTS = ["tp", "fp", "fn", "tn"]


def metric_label(name) -> str:
    """How a page or figure names a results table's metric: its spec label, or "all features" for the baseline.

    Parameters
    ----------
    name : str
        A value of the results table's ``metric`` column (a spec, or ``"all"`` for the all-features baseline).

    Returns
    -------
    str
        The label.

    See Also
    --------
    fsviz.selection.spec_label : The label of a spec.
    fsviz.evaluation.GOAL_LABELS : How the goals are named.
    fsviz.plots.metric_colour : The colour a figure gives it.

    Examples
    --------
    >>> metric_label("bns"), metric_label("all")
    ('BNS', 'all features')
    """
    return "all features" if name == ALL else spec_label(name)


def fixed_k(results: pd.DataFrame) -> pd.DataFrame:
    """The rows of fixed numbers of features: those a k rule chose (``k_rule`` not empty) left out.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table (:func:`fsviz.evaluation.run_grid`), with or without a ``k_rule`` column.

    Returns
    -------
    pandas.DataFrame
        ``results`` itself when no row was chosen by a k rule, else its rows with an empty ``k_rule``.

    See Also
    --------
    fsviz.evaluation.k_rule_summary : The rows a k rule chose.
    fsviz.evaluation.per_trial : Reads only these rows.
    fsviz.evaluation.GridConfig : Its ``k_rules`` make the other rows.

    Examples
    --------
    >>> import pandas as pd
    >>> results = pd.DataFrame({"metric": ["bns", "bns"], "k": [10, 7], "k_rule": ["", "fdr0.05"]})
    >>> fixed_k(results)
      metric   k k_rule
    0    bns  10
    """
    if "k_rule" in results.columns and (results["k_rule"] != "").any():
        return results[results["k_rule"] == ""]
    return results


def _pooled(results: pd.DataFrame, keys: list, pool: str) -> pd.DataFrame:
    """The goals per group of ``keys``: the confusion counts summed (``pool="counts"``) or the goals averaged."""
    if pool == "counts":
        grouped = results.groupby(keys, sort=True, observed=True)
        table = grouped[_COUNTS].sum().join(grouped[["pos", "neg"]].first()).reset_index()
        return with_goals(table)
    if pool == "mean":
        results = with_goals(results.copy())
        return results.groupby(keys, sort=True, observed=True)[["pos", "neg", *GOALS]].mean().reset_index()
    raise ValueError(f"`pool` must be 'counts' or 'mean', got {pool!r}")


def per_trial(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """One row per dataset × class × metric × k × trial, of the fixed-k rows (:func:`fixed_k`).

    ``pool="counts"`` (default) sums the folds' confusion counts, then computes the goals; ``pool="mean"``
    averages the folds' goals.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table (:func:`fsviz.evaluation.run_grid`).
    pool : {"counts", "mean"}, default "counts"
        ``"counts"`` sums the folds' confusion counts, then computes the goals; ``"mean"`` averages the folds'
        goals.

    Returns
    -------
    pandas.DataFrame
        ``dataset, class, metric, k, trial``, the pooled counts (or ``pos, neg``) and the goals :data:`GOALS`.

    Raises
    ------
    ValueError
        If ``pool`` is neither ``"counts"`` nor ``"mean"``.

    See Also
    --------
    fsviz.evaluation.per_task : The mean over trials.
    fsviz.evaluation.with_goals : Computes the goals from the counts.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Appendix B: the folds of a trial pooled as WEKA's cross-validation reports them.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> per_trial(example_results())[["class", "metric", "k", "f1"]].round(3).head(3)
      class metric   k     f1
    0     a    bns  10  0.842
    1     a    bns  20  0.900
    2     a     ig  10  0.632
    """
    return _pooled(fixed_k(results), _TASK + ["metric", "k", "trial"], pool)


def per_task(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """One row per dataset × class × metric × k: the goals averaged over trials.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table, pooled per trial by :func:`per_trial`.
    pool : {"counts", "mean"}, default "counts"
        How a trial's folds are pooled, as in :func:`per_trial`.

    Returns
    -------
    pandas.DataFrame
        ``dataset, class, metric, k, pos, neg``, the goals and ``skew`` (neg / pos).

    See Also
    --------
    fsviz.evaluation.per_trial : Its input, one row per trial.
    fsviz.evaluation.macro_average : The mean over tasks.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> per_task(example_results())[["class", "metric", "k", "f1", "skew"]].round(3).head(2)
      class metric   k     f1  skew
    0     a    bns  10  0.842   5.0
    1     a    bns  20  0.900   5.0
    """
    trials = per_trial(results, pool=pool)
    table = trials.groupby(_TASK + ["metric", "k"], sort=True, observed=True)[["pos", "neg", *GOALS]].mean()
    table = table.reset_index()
    table["skew"] = table["neg"] / table["pos"]
    return table


def macro_average(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """Each goal macro-averaged over tasks, per metric and k, with its standard error.

    The all-features rows (metric ``"all"``) are collapsed to one row whose ``k`` is the largest vocabulary among
    the datasets.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table; :func:`per_task` averages it over trials first.
    pool : {"counts", "mean"}, default "counts"
        How a trial's folds are pooled, as in :func:`per_trial`.

    Returns
    -------
    pandas.DataFrame
        ``metric, k``, each goal, its standard error over tasks (``<goal>_sem``, 0 for one task) and ``tasks``.

    See Also
    --------
    fsviz.evaluation.per_task : Its input, one row per task.
    fsviz.plots.curves_figure : Draws it against k (Forman's Figures 4–5).

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Appendix B: the macro average over tasks (Figures 4–5).

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> macro_average(example_results())[["metric", "k", "f1", "f1_sem", "tasks"]].round(3).head(2)
      metric     k     f1  f1_sem  tasks
    0    bns  10.0  0.697   0.145      2
    1    bns  20.0  0.750   0.150      2
    """
    tasks = per_task(results, pool=pool)
    tasks.loc[tasks["metric"] == ALL, "k"] = tasks.loc[tasks["metric"] == ALL, "k"].max()
    grouped = tasks.groupby(["metric", "k"], sort=True, observed=True)
    table = grouped[list(GOALS)].mean()
    sem = grouped[list(GOALS)].sem(ddof=1).fillna(0.0).add_suffix("_sem")
    table = table.join(sem).join(grouped.size().rename("tasks")).reset_index()
    return table


def average_maximum(results: pd.DataFrame, goal: str = "f1", *, pool: str = "counts") -> pd.DataFrame:
    """Forman's "average maximum": per task and metric, the best k in each trial, averaged.

    Returns one row per dataset × class × metric with the goal's average maximum and the k most often best.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table, pooled per trial by :func:`per_trial`.
    goal : str, default "f1"
        One of :data:`GOALS`.
    pool : {"counts", "mean"}, default "counts"
        How a trial's folds are pooled, as in :func:`per_trial`.

    Returns
    -------
    pandas.DataFrame
        ``dataset, class, metric``, the goal's average maximum and ``best_k``.

    Raises
    ------
    ValueError
        If ``pool`` is neither ``"counts"`` nor ``"mean"``, or ``goal`` is not a goal.

    See Also
    --------
    fsviz.evaluation.task_maxima : The same, tasks × metrics.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Appendix B: the "average maximum" over k (Figures 9–10).

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> average_maximum(example_results()).round(3).head(2)
      dataset class metric     f1  best_k
    0       d     a    bns  0.900      20
    1       d     a     ig  0.857      20
    """
    if goal not in GOALS:
        raise ValueError(f"`goal` must be one of {GOALS}, got {goal!r}")
    trials = per_trial(results, pool=pool)
    best = trials.loc[trials.groupby(_TASK + ["metric", "trial"], observed=True)[goal].idxmax()]
    table = best.groupby(_TASK + ["metric"], sort=True, observed=True).agg(
        value=(goal, "mean"), best_k=("k", lambda k: int(k.mode().iloc[0])))
    return table.reset_index().rename(columns={"value": goal})


# --- class skew (Figures 6–8) --------------------------------------------------------------------


def task_sizes(results: pd.DataFrame) -> pd.DataFrame:
    """One row per task: ``dataset, class, pos, neg`` (its documents in and out of the class) and ``skew`` = neg/pos.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table (:func:`fsviz.evaluation.run_grid`); ``pos`` and ``neg`` are read from each task's
        first row.

    Returns
    -------
    pandas.DataFrame
        ``dataset, class, pos, neg, skew``.

    See Also
    --------
    fsviz.evaluation.task_skews : The skews alone.
    fsviz.plots.task_sizes_figure : Draws the tasks' sizes.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> task_sizes(example_results())
      dataset class  pos  neg  skew
    0       d     a   10   50   5.0
    1       d     b   20   40   2.0
    """
    sizes = results.groupby(_TASK, sort=True, observed=True)[["pos", "neg"]].first().reset_index()
    return sizes.assign(skew=sizes["neg"] / sizes["pos"])


def task_skews(results: pd.DataFrame) -> pd.Series:
    """Each task's class skew neg/pos (``1:skew``), indexed by (dataset, class).

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table; :func:`task_sizes` reads each task's ``pos`` and ``neg``.

    Returns
    -------
    pandas.Series
        The skews, named ``skew``.

    See Also
    --------
    fsviz.evaluation.skew_summary : The skews summarised, beside Forman's.
    fsviz.evaluation.split_by_skew : The tasks on either side of a percentile of these.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> task_skews(example_results()).tolist()
    [5.0, 2.0]
    """
    return task_sizes(results).set_index(_TASK)["skew"]


def split_by_skew(results: pd.DataFrame, percentile: float = 90) -> tuple[float, pd.DataFrame, pd.DataFrame]:
    """Split the results into low- and high-skew tasks at a percentile of skew.

    Forman (2003) split his 229 tasks at the 90th percentile, 1:67 (Figure 7). High-skew tasks are those whose skew
    *exceeds* the threshold (his "23 of the 229 tasks have a skew exceeding 1:67"); the percentile interpolates
    linearly between tasks (numpy's default).

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table, split by its tasks.
    percentile : float, default 90
        The percentile of the tasks' skews, 0 to 100.

    Returns
    -------
    tuple of (float, pandas.DataFrame, pandas.DataFrame)
        ``(threshold, low, high)``, the last two being row subsets of ``results``.

    Raises
    ------
    ValueError
        If ``percentile`` is not between 0 and 100.

    See Also
    --------
    fsviz.evaluation.task_skews : The skews it splits.
    fsviz.plots.skew_figure : Draws the two sides (Forman's Figures 6–8).

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figures 6–8: the tasks split at the 90th percentile of skew, 1:67.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> threshold, low, high = split_by_skew(example_results(), 50)
    >>> threshold, sorted(set(high["class"]))
    (3.5, ['a'])
    """
    if not 0 <= percentile <= 100:
        raise ValueError(f"`percentile` must be between 0 and 100, got {percentile}")
    skews = task_skews(results)
    threshold = float(np.percentile(skews.to_numpy(), percentile))
    high_tasks = skews.index[skews.to_numpy() > threshold]
    high = pd.MultiIndex.from_frame(results[_TASK]).isin(high_tasks)
    return threshold, results[~high], results[high]
