"""Every two metrics compared over tasks × trials at one k: the paired t-test and the sign test.

Reads only a grid's results table, its folds pooled per trial (:func:`fsviz.evaluation.per_trial`); the tests
themselves, and a p in words, are in :mod:`fsviz.evaluation.analyses.paired`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ..grid import ALL
from .aggregation import _TASK, GOALS, per_trial
from .paired import paired_t

__all__ = ["paired_tests"]

_EPS = 1e-12


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

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> paired_tests(example_results(), k=10)[["a", "b", "n", "mean_diff", "wins", "losses", "sign_p"]].round(3)
         a    b  n  mean_diff  wins  losses  sign_p
    0  bns   ig  2      0.174     2       0     0.5
    1   ig  bns  2     -0.174     0       2     0.5
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
