"""From the grid's tidy results table to the paper's figures of merit.

Everything here reads only the table :func:`fsviz.evaluation.grid.run_grid` returns (or
:func:`fsviz.evaluation.grid.load_results` reads), so a grid run elsewhere can be analysed later.

Aggregation follows Forman (2003), Appendix B:

1. **per trial**: the folds of one cross-validation are *pooled*, summing their confusion counts before computing
   precision, recall, F1 and accuracy (as WEKA's cross-validation, which Forman used, reports them);
   ``pool="mean"`` averages the per-fold figures instead;
2. **per task** (dataset, class): the mean over trials;
3. **macro average**: the mean over tasks, for each metric and k.

The "average maximum" of a task and metric is the maximum over k within each trial, averaged over the trials.

On top of these sit the analyses of Forman's results sections:

- :func:`~fsviz.evaluation.analyses.split_by_skew` (with the aggregation, :mod:`fsviz.evaluation.analyses.aggregation`):
  low- and high-skew tasks at a percentile of the class skew (Figures 6–8);
- :func:`task_maxima`, :func:`within_tolerance`, :func:`tolerance_curves`: the chance that a metric comes within a
  tolerance of the best average maximum any metric reached on a task (Figures 9, 10a, 18–21);
- :func:`residual_curves` and :func:`best_pairs`: which metric best backs up a leader on the tasks where it fails,
  and the pair that together succeed most often (Figure 10b);
- :func:`~fsviz.evaluation.analyses.paired_tests` (:mod:`fsviz.evaluation.analyses.pairwise`): paired t-test and sign test
  between metrics at one k;
- :func:`k_rule_summary`: each metric under a k rule (``fdr0.05``: k chosen in each fold by significance), beside
  its best fixed k. Every other function here reads the fixed-k rows only (:func:`fixed_k`).

The advice built on them (which metric to use, with what k, how sure) is
:mod:`fsviz.evaluation.answer.advice`.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from ..grid import ALL
from .aggregation import (
    _TASK,
    GOALS,
    _pooled,
    average_maximum,
    fixed_k,
    macro_average,
)

__all__ = ["DEFAULT_TOLERANCE", "TOLERANCES", "best_pairs", "goal_shares", "k_rule_summary",
           "residual_curves", "task_maxima", "tolerance_curves", "within_tolerance"]

#: Tolerances of Forman's Figure 9a: 0% to 10%.
TOLERANCES = tuple(np.round(np.arange(0, 0.1001, 0.01), 2))
#: Forman's tolerance for each goal in Figure 9b (accuracy's range is compressed by class skew).
DEFAULT_TOLERANCE = {"f1": 0.01, "precision": 0.01, "recall": 0.01, "accuracy": 0.001}
_EPS = 1e-12


def k_rule_summary(results: pd.DataFrame, goal: str = "f1", *, pool: str = "counts") -> pd.DataFrame:
    """Each metric under each k rule (:attr:`fsviz.evaluation.grid.GridConfig.k_rules`), macro-averaged, beside its best fixed k.

    A rule chooses k in each fold, so a trial's folds are pooled across their different k (as :func:`per_trial`
    pools a fixed k's); then the mean over trials per task and the mean over tasks, with its standard error.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table, with rows chosen by k rules (``k_rule`` not empty).
    goal : str, default "f1"
        One of :data:`GOALS`.
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.per_trial`).

    Returns
    -------
    pandas.DataFrame
        One row per metric × rule: ``metric, k_rule``, the goal and ``<goal>_sem``, ``tasks``; the folds' chosen k
        over every task (``k_median, k_min, k_max``) and ``empty_folds``, the folds where no word qualified (k = 0);
        ``best_fixed``, the metric's best macro-averaged goal over the fixed ks, at ``best_k`` (NaN without fixed-k
        rows). Empty when no row was chosen by a rule.

    Raises
    ------
    ValueError
        For a ``goal`` outside :data:`GOALS` (``"f1"``, ``"precision"``, ``"recall"``, ``"accuracy"``).

    See Also
    --------
    fsviz.evaluation.fixed_k : The other rows.
    fsviz.plots.k_rule_figure : Draws it beside the fixed-k curves.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> results = example_results()
    >>> ruled = pd.concat([results.assign(k_rule=""), results.assign(k_rule="fdr0.05", k=7)])
    >>> k_rule_summary(ruled)[["metric", "k_rule", "f1", "k_median", "best_fixed", "best_k"]].round(3).head(1)
      metric   k_rule     f1  k_median  best_fixed  best_k
    0    bns  fdr0.05  0.724       7.0        0.75    20.0
    """
    if goal not in GOALS:
        raise ValueError(f"`goal` must be one of {GOALS}, got {goal!r}")
    columns = ["metric", "k_rule", goal, f"{goal}_sem", "tasks", "k_median", "k_min", "k_max", "empty_folds",
               "best_fixed", "best_k"]
    chosen = results[results["k_rule"] != ""] if "k_rule" in results.columns else results.iloc[:0]
    if chosen.empty:
        return pd.DataFrame(columns=columns)
    keys = ["metric", "k_rule"]
    trials = _pooled(chosen, _TASK + keys + ["trial"], pool)
    tasks = trials.groupby(_TASK + keys, sort=True, observed=True)[goal].mean().reset_index()
    grouped = tasks.groupby(keys, sort=True, observed=True)[goal]
    table = pd.DataFrame({goal: grouped.mean(), f"{goal}_sem": grouped.sem(ddof=1).fillna(0.0),
                          "tasks": grouped.size()})
    k = chosen.groupby(keys, sort=True, observed=True)["k"]
    table = table.join(pd.DataFrame({"k_median": k.median(), "k_min": k.min(), "k_max": k.max(),
                                     "empty_folds": k.agg(lambda v: int((v == 0).sum()))})).reset_index()
    fixed = fixed_k(results)
    if len(fixed):
        macro = macro_average(fixed, pool=pool)
        best = macro.loc[macro.groupby("metric", observed=True)[goal].idxmax(), ["metric", goal, "k"]]
        table = table.merge(best.rename(columns={goal: "best_fixed", "k": "best_k"}), on="metric", how="left")
    else:
        table = table.assign(best_fixed=np.nan, best_k=np.nan)
    return table[columns]


# --- tolerance, residuals and pairs (Figures 9, 10, 18–21) -----------------------------------------


def task_maxima(results: pd.DataFrame, goal: str = "f1", *, pool: str = "counts",
                baseline: bool = False) -> pd.DataFrame:
    """Tasks × metrics: each metric's average maximum of ``goal`` on each task (wide).

    The input of the tolerance analyses. The all-features baseline is left out unless ``baseline`` (Forman compares
    the metrics with each other); a metric that did not run on a task is NaN there.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table, read by :func:`~fsviz.evaluation.average_maximum`.
    goal : str, default "f1"
        One of :data:`GOALS`.
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.per_trial`).
    baseline : bool, default False
        Whether to keep the all-features baseline as a column.

    Returns
    -------
    pandas.DataFrame
        Indexed by (dataset, class), one column per metric.

    See Also
    --------
    fsviz.evaluation.average_maximum : The same values, one row per task and metric.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> task_maxima(example_results()).round(3).to_numpy().tolist()
    [[0.9, 0.857], [0.6, 0.581]]
    """
    long = average_maximum(results, goal, pool=pool)
    if not baseline:
        long = long[long["metric"] != ALL]
    wide = long.pivot_table(index=_TASK, columns="metric", values=goal, observed=True)
    wide.columns.name = "metric"
    return wide


def within_tolerance(maxima: pd.DataFrame, tolerance: float, *, relative: bool = True) -> pd.DataFrame:
    """Tasks × metrics, True where the metric comes within ``tolerance`` of the task's best.

    The best is the largest average maximum of any metric on the task. ``relative`` (Forman's "within x% of the
    best"): value ≥ best · (1 − t); otherwise an absolute tolerance in the goal's units: value ≥ best − t. A task on
    which every metric scores 0 counts as a success for all of them (all tie for the best); a missing value is a
    failure.

    Parameters
    ----------
    maxima : pandas.DataFrame
        Tasks × metrics (:func:`task_maxima`).
    tolerance : float
        The tolerance, ≥ 0.
    relative : bool, default True
        Whether ``tolerance`` is relative to the best (else absolute, in the goal's units).

    Returns
    -------
    pandas.DataFrame
        Tasks × metrics of bool.

    Raises
    ------
    ValueError
        If ``tolerance`` is negative.

    See Also
    --------
    fsviz.evaluation.tolerance_curves : The share of tasks, over tolerances.

    Examples
    --------
    >>> maxima = pd.DataFrame({"bns": [0.90, 0.80, 0.70], "ig": [0.85, 0.82, 0.60], "chi": [0.88, 0.70, 0.69]})
    >>> within_tolerance(maxima, 0.05).to_numpy().tolist()
    [[True, False, True], [True, True, False], [True, False, True]]
    """
    if tolerance < 0:
        raise ValueError(f"`tolerance` must be ≥ 0, got {tolerance}")
    best = maxima.max(axis=1)
    bar = best * (1 - tolerance) if relative else best - tolerance
    return maxima.ge(bar - _EPS, axis=0)


def tolerance_curves(maxima: pd.DataFrame, tolerances=TOLERANCES, *, relative: bool = True) -> pd.DataFrame:
    """For each tolerance and metric, the percentage of tasks within tolerance of the best.

    Parameters
    ----------
    maxima : pandas.DataFrame
        Tasks × metrics, each metric's average maximum on each task (:func:`task_maxima`).
    tolerances : sequence of float, default ``TOLERANCES``
        The tolerances (relative: 0 to 10%).
    relative : bool, default True
        Relative tolerances, value ≥ best · (1 − t); else absolute, value ≥ best − t (:func:`within_tolerance`).

    Returns
    -------
    pandas.DataFrame
        A long table: ``tolerance, metric, percent, tasks``.

    See Also
    --------
    fsviz.evaluation.task_maxima : Its input.
    fsviz.plots.tolerance_figure : Draws it (Forman's Figure 9a).

    Examples
    --------
    >>> maxima = pd.DataFrame({"bns": [0.90, 0.80, 0.70], "ig": [0.85, 0.82, 0.60], "chi": [0.88, 0.70, 0.69]})
    >>> tolerance_curves(maxima, (0.0, 0.05)).round({"percent": 1})
       tolerance metric  percent  tasks
    0       0.00    bns     66.7      3
    1       0.00     ig     33.3      3
    2       0.00    chi      0.0      3
    3       0.05    bns    100.0      3
    4       0.05     ig     33.3      3
    5       0.05    chi     66.7      3
    """
    frames = []
    for t in tolerances:
        share = 100 * within_tolerance(maxima, t, relative=relative).mean(axis=0)
        frames.append(pd.DataFrame({"tolerance": float(t), "metric": share.index, "percent": share.to_numpy(),
                                    "tasks": len(maxima)}))
    return pd.concat(frames, ignore_index=True)


def goal_shares(results: pd.DataFrame, tolerances: dict | None = None, *, pool: str = "counts") -> pd.DataFrame:
    """Every goal at its own tolerance: the percentage of tasks each metric gets within it (Figure 9b).

    ``tolerances`` maps goals to relative tolerances (default: Forman's 1%, and 0.1% for accuracy). Returns
    ``goal, tolerance, metric, percent``.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table, read by :func:`task_maxima` for each goal.
    tolerances : dict, optional
        Goal → relative tolerance, overriding :data:`DEFAULT_TOLERANCE`.
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.per_trial`).

    Returns
    -------
    pandas.DataFrame
        ``goal, tolerance, metric, percent``, the goals in the order of :data:`GOALS`.

    See Also
    --------
    fsviz.plots.tolerance_bars_figure : Draws it (Forman's Figure 9b).

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 9b.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> results = example_results()
    >>> goal_shares(results).head(2)
      goal  tolerance metric  percent
    0   f1       0.01    bns    100.0
    1   f1       0.01     ig      0.0
    """
    tolerances = {**DEFAULT_TOLERANCE, **(tolerances or {})}
    frames = []
    for goal in GOALS:
        share = 100 * within_tolerance(task_maxima(results, goal, pool=pool), tolerances[goal]).mean(axis=0)
        frames.append(pd.DataFrame({"goal": goal, "tolerance": tolerances[goal], "metric": share.index,
                                    "percent": share.to_numpy()}))
    return pd.concat(frames, ignore_index=True)


def residual_curves(maxima: pd.DataFrame, leader: str, tolerances=TOLERANCES, *,
                    relative: bool = True) -> pd.DataFrame:
    """Forman's residual win analysis for a leading metric.

    For each tolerance and each other ("backup") metric: ``failed``, the number of tasks on which the leader is not
    within tolerance; ``residual``, the percentage of those on which the backup is (NaN when the leader never
    fails); and ``combined``, the percentage of all tasks on which the leader or the backup is (Figure 10b).

    Parameters
    ----------
    maxima : pandas.DataFrame
        Tasks × metrics (:func:`task_maxima`).
    leader : str
        The leading metric, a column of ``maxima``.
    tolerances : sequence of float, default ``TOLERANCES``
        The tolerances.
    relative : bool, default True
        Relative tolerances, else absolute (:func:`within_tolerance`).

    Returns
    -------
    pandas.DataFrame
        ``tolerance, backup, failed, residual, combined``.

    Raises
    ------
    ValueError
        If ``leader`` is not a column of ``maxima``.

    See Also
    --------
    fsviz.evaluation.best_pairs : The best pair, over every leader.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 10b: residual wins.

    Examples
    --------
    >>> maxima = pd.DataFrame({"bns": [0.90, 0.80, 0.70], "ig": [0.85, 0.82, 0.60], "chi": [0.88, 0.70, 0.69]})
    >>> residual_curves(maxima, "bns", (0.0,)).round({"residual": 1, "combined": 1})
       tolerance backup  failed  residual  combined
    0        0.0     ig       1     100.0     100.0
    1        0.0    chi       1       0.0      66.7
    """
    if leader not in maxima.columns:
        raise ValueError(f"leader {leader!r} is not among the metrics {list(maxima.columns)}")
    frames = []
    for t in tolerances:
        ok = within_tolerance(maxima, t, relative=relative)
        failed = ~ok[leader]
        others = ok.drop(columns=leader)
        residual = 100 * others[failed].mean(axis=0) if failed.any() else others.iloc[:0].mean(axis=0)
        combined = 100 * (others.to_numpy() | ok[[leader]].to_numpy()).mean(axis=0)
        frames.append(pd.DataFrame({"tolerance": float(t), "backup": others.columns, "failed": int(failed.sum()),
                                    "residual": residual.to_numpy(), "combined": combined}))
    return pd.concat(frames, ignore_index=True)


def best_pairs(maxima: pd.DataFrame, tolerance: float = 0.01, *, relative: bool = True) -> pd.DataFrame:
    """Every pair of metrics, ranked by the percentage of tasks on which either is within tolerance.

    Exhaustive over the pairs (Forman's "optimal pair"). Ties are broken by the better of the two metrics' own
    percentages, then by name, so the order is deterministic.

    Parameters
    ----------
    maxima : pandas.DataFrame
        Tasks × metrics, each metric's average maximum on each task (:func:`task_maxima`).
    tolerance : float, default 0.01
        The tolerance of the best (:func:`within_tolerance`).
    relative : bool, default True
        Whether ``tolerance`` is relative to the best (else absolute, in the goal's units).

    Returns
    -------
    pandas.DataFrame
        Columns ``first, second, percent, first_percent, second_percent``, the best pair first.

    See Also
    --------
    fsviz.evaluation.residual_curves : Which metric backs up one leader.

    Examples
    --------
    >>> maxima = pd.DataFrame({"bns": [0.90, 0.80, 0.70], "ig": [0.85, 0.82, 0.60], "chi": [0.88, 0.70, 0.69]})
    >>> best_pairs(maxima).round(1)
      first second  percent  first_percent  second_percent
    0   bns     ig    100.0           66.7            33.3
    1   bns    chi     66.7           66.7             0.0
    2    ig    chi     33.3           33.3             0.0
    """
    ok = within_tolerance(maxima, tolerance, relative=relative)
    alone = 100 * ok.mean(axis=0)
    rows = []
    for a, b in combinations(sorted(ok.columns), 2):
        if alone[b] > alone[a]:
            a, b = b, a
        rows.append((a, b, 100 * (ok[a] | ok[b]).mean(), alone[a], alone[b]))
    table = pd.DataFrame(rows, columns=["first", "second", "percent", "first_percent", "second_percent"])
    return table.sort_values(["percent", "first_percent", "first", "second"],
                             ascending=[False, False, True, True], ignore_index=True)
