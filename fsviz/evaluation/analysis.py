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

- :func:`split_by_skew`: low- and high-skew tasks at a percentile of the class skew (Figures 6–8);
- :func:`task_maxima`, :func:`within_tolerance`, :func:`tolerance_curves`: the chance that a metric comes within a
  tolerance of the best average maximum any metric reached on a task (Figures 9, 10a, 18–21);
- :func:`residual_curves` and :func:`best_pairs`: which metric best backs up a leader on the tasks where it fails,
  and the pair that together succeed most often (Figure 10b);
- :func:`paired_tests`: paired t-test and sign test between metrics at one k (the tests themselves, and a p in
  words: :mod:`fsviz.evaluation.paired`);
- :func:`k_rule_summary`: each metric under a k rule (``fdr0.05``: k chosen in each fold by significance), beside
  its best fixed k. Every other function here reads the fixed-k rows only (:func:`fixed_k`).

The advice built on them (which metric to use, with what k, how sure) is
:mod:`fsviz.evaluation.advice`.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd
from scipy import stats

from ..selection import spec_label
from .grid import ALL, with_goals
from .paired import paired_t

__all__ = ["DEFAULT_TOLERANCE", "GOALS", "GOAL_LABELS", "TOLERANCES", "average_maximum", "best_pairs", "fixed_k",
           "goal_shares", "k_rule_summary", "macro_average", "metric_label", "paired_tests", "per_task", "per_trial",
           "residual_curves", "split_by_skew", "task_maxima", "task_sizes", "task_skews", "tolerance_curves",
           "within_tolerance"]

#: The four goals, as result columns.
GOALS = ("f1", "precision", "recall", "accuracy")
#: How each goal is named on a page.
GOAL_LABELS = {"f1": "F-measure", "precision": "Precision", "recall": "Recall", "accuracy": "Accuracy"}
#: Tolerances of Forman's Figure 9a: 0% to 10%.
TOLERANCES = tuple(np.round(np.arange(0, 0.1001, 0.01), 2))
#: Forman's tolerance for each goal in Figure 9b (accuracy's range is compressed by class skew).
DEFAULT_TOLERANCE = {"f1": 0.01, "precision": 0.01, "recall": 0.01, "accuracy": 0.001}
_EPS = 1e-12
_TASK = ["dataset", "class"]
_COUNTS = ["tp", "fp", "fn", "tn"]


def metric_label(name) -> str:
    """How a page or figure names a results table's metric: its spec label, or "all features" for the baseline."""
    return "all features" if name == ALL else spec_label(name)


def fixed_k(results: pd.DataFrame) -> pd.DataFrame:
    """The rows of fixed numbers of features: those a k rule chose (``k_rule`` not empty) left out."""
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
    """
    return _pooled(fixed_k(results), _TASK + ["metric", "k", "trial"], pool)


def k_rule_summary(results: pd.DataFrame, goal: str = "f1", *, pool: str = "counts") -> pd.DataFrame:
    """Each metric under each k rule (:attr:`fsviz.evaluation.grid.GridConfig.k_rules`), macro-averaged, beside its best fixed k.

    A rule chooses k in each fold, so a trial's folds are pooled across their different k (as :func:`per_trial`
    pools a fixed k's); then the mean over trials per task and the mean over tasks, with its standard error. Returns
    one row per metric × rule: ``metric, k_rule``, the goal and ``<goal>_sem``, ``tasks``; the folds' chosen k over
    every task (``k_median, k_min, k_max``) and ``empty_folds``, the folds where no word qualified (k = 0);
    ``best_fixed``, the metric's best macro-averaged goal over the fixed ks, at ``best_k`` (NaN without fixed-k
    rows). Empty when no row was chosen by a rule.
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


def per_task(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """One row per dataset × class × metric × k: the goals averaged over trials."""
    trials = per_trial(results, pool=pool)
    table = trials.groupby(_TASK + ["metric", "k"], sort=True, observed=True)[["pos", "neg", *GOALS]].mean()
    table = table.reset_index()
    table["skew"] = table["neg"] / table["pos"]
    return table


def macro_average(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """Each goal macro-averaged over tasks, per metric and k, with its standard error.

    The all-features rows (metric ``"all"``) are collapsed to one row whose ``k`` is the largest vocabulary among
    the datasets.
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
    """One row per task: ``dataset, class, pos, neg`` (its documents in and out of the class) and ``skew`` = neg/pos."""
    sizes = results.groupby(_TASK, sort=True, observed=True)[["pos", "neg"]].first().reset_index()
    return sizes.assign(skew=sizes["neg"] / sizes["pos"])


def task_skews(results: pd.DataFrame) -> pd.Series:
    """Each task's class skew neg/pos (``1:skew``), indexed by (dataset, class)."""
    return task_sizes(results).set_index(_TASK)["skew"]


def split_by_skew(results: pd.DataFrame, percentile: float = 90) -> tuple[float, pd.DataFrame, pd.DataFrame]:
    """Split the results into low- and high-skew tasks at a percentile of skew.

    Forman (2003) split his 229 tasks at the 90th percentile, 1:67 (Figure 7). High-skew tasks are those whose skew
    *exceeds* the threshold (his "23 of the 229 tasks have a skew exceeding 1:67"); the percentile interpolates
    linearly between tasks (numpy's default).

    Returns ``(threshold, low, high)``, the last two being row subsets of ``results``.
    """
    if not 0 <= percentile <= 100:
        raise ValueError(f"`percentile` must be between 0 and 100, got {percentile}")
    skews = task_skews(results)
    threshold = float(np.percentile(skews.to_numpy(), percentile))
    high_tasks = skews.index[skews.to_numpy() > threshold]
    high = pd.MultiIndex.from_frame(results[_TASK]).isin(high_tasks)
    return threshold, results[~high], results[high]


# --- tolerance, residuals and pairs (Figures 9, 10, 18–21) -----------------------------------------


def task_maxima(results: pd.DataFrame, goal: str = "f1", *, pool: str = "counts",
                baseline: bool = False) -> pd.DataFrame:
    """Tasks × metrics: each metric's average maximum of ``goal`` on each task (wide).

    The input of the tolerance analyses. The all-features baseline is left out unless ``baseline`` (Forman compares
    the metrics with each other); a metric that did not run on a task is NaN there.
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


# --- significance -------------------------------------------------------------------------------


def paired_tests(results: pd.DataFrame, goal: str = "f1", k: int = 1000, *, metrics=None,
                 pool: str = "counts") -> pd.DataFrame:
    """Paired t-test and sign test between every two metrics at ``k``, over tasks × trials.

    The pairs are the (dataset, class, trial) units both metrics ran on, each scored with its folds pooled, as
    Forman's "paired t-test of the 229*5 runs". The all-features baseline (metric ``"all"``), when present, is
    compared at its own k. The sign test drops ties (an exact binomial test of wins against losses).

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table.
    goal : str, default "f1"
        One of :data:`GOALS`.
    k : int, default 1000
        The number of features the metrics are compared at.
    metrics : sequence of str, optional
        The metrics to compare (default: all).
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`per_trial`).

    Returns
    -------
    pandas.DataFrame
        One row per ordered pair ``a, b`` with ``n, mean_diff`` (a − b), ``t, t_p, wins, losses, ties, sign_p``.

    See Also
    --------
    fsviz.evaluation.paired_t : The t-test.
    """
    if goal not in GOALS:
        raise ValueError(f"`goal` must be one of {GOALS}, got {goal!r}")
    trials = per_trial(results, pool=pool)
    at_k = trials[(trials["k"] == k) | (trials["metric"] == ALL)]
    if not (at_k["metric"] != ALL).any():
        ks = sorted(trials.loc[trials["metric"] != ALL, "k"].unique())
        raise ValueError(f"no results at k = {k}; the table has k in {ks}")
    wide = at_k.pivot_table(index=_TASK + ["trial"], columns="metric", values=goal, observed=True)
    names = [m for m in (metrics if metrics is not None else wide.columns) if m in wide.columns]
    rows = []
    for a in names:
        for b in names:
            if a == b:
                continue
            pair = wide[[a, b]].dropna()
            d = (pair[a] - pair[b]).to_numpy()
            t, t_p = paired_t(d)
            wins, losses = int((d > _EPS).sum()), int((d < -_EPS).sum())
            sign_p = stats.binomtest(wins, wins + losses, 0.5).pvalue if wins + losses else 1.0
            rows.append((a, b, d.size, d.mean() if d.size else np.nan, t, t_p, wins, losses,
                         d.size - wins - losses, float(sign_p)))
    return pd.DataFrame(rows, columns=["a", "b", "n", "mean_diff", "t", "t_p", "wins", "losses", "ties", "sign_p"])
