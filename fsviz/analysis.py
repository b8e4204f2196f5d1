"""From the grid's tidy results table to the paper's figures of merit.

Everything here reads only the table :func:`fsviz.grid.run_grid` returns (or
:func:`fsviz.grid.load_results` reads), so a grid run elsewhere can be
analysed later.

Aggregation follows Forman (2003), Appendix B:

1. **per trial**: the folds of one cross-validation are *pooled*, summing
   their confusion counts before computing precision, recall, F1 and
   accuracy (as WEKA's cross-validation, which Forman used, reports them);
   ``pool="mean"`` averages the per-fold figures instead;
2. **per task** (dataset, class): the mean over trials;
3. **macro average**: the mean over tasks, for each metric and k.

The "average maximum" of a task and metric is the maximum over k within each
trial, averaged over the trials.
"""

from __future__ import annotations

import pandas as pd

from .grid import ALL, with_goals

__all__ = ["GOALS", "average_maximum", "macro_average", "per_task", "per_trial"]

#: The four goals, as result columns.
GOALS = ("f1", "precision", "recall", "accuracy")
_TASK = ["dataset", "class"]
_COUNTS = ["tp", "fp", "fn", "tn"]


def per_trial(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """One row per dataset × class × metric × k × trial.

    ``pool="counts"`` (default) sums the folds' confusion counts, then computes
    the goals; ``pool="mean"`` averages the folds' goals.
    """
    keys = _TASK + ["metric", "k", "trial"]
    if pool == "counts":
        grouped = results.groupby(keys, sort=True, observed=True)
        table = grouped[_COUNTS].sum().join(grouped[["pos", "neg"]].first()).reset_index()
        return with_goals(table)
    if pool == "mean":
        results = with_goals(results.copy())
        return results.groupby(keys, sort=True, observed=True)[["pos", "neg", *GOALS]].mean().reset_index()
    raise ValueError(f"`pool` must be 'counts' or 'mean', got {pool!r}")


def per_task(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """One row per dataset × class × metric × k: the goals averaged over trials."""
    trials = per_trial(results, pool=pool)
    table = trials.groupby(_TASK + ["metric", "k"], sort=True, observed=True)[["pos", "neg", *GOALS]].mean()
    table = table.reset_index()
    table["skew"] = table["neg"] / table["pos"]
    return table


def macro_average(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """Each goal macro-averaged over tasks, per metric and k, with its standard error.

    The all-features rows (metric ``"all"``) are collapsed to one row whose
    ``k`` is the largest vocabulary among the datasets.
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

    Returns one row per dataset × class × metric with the goal's average
    maximum and the k most often best.
    """
    if goal not in GOALS:
        raise ValueError(f"`goal` must be one of {GOALS}, got {goal!r}")
    trials = per_trial(results, pool=pool)
    best = trials.loc[trials.groupby(_TASK + ["metric", "trial"], observed=True)[goal].idxmax()]
    table = best.groupby(_TASK + ["metric"], sort=True, observed=True).agg(
        value=(goal, "mean"), best_k=("k", lambda k: int(k.mode().iloc[0])))
    return table.reset_index().rename(columns={"value": goal})
