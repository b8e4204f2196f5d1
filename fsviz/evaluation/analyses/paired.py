"""Paired tests between two metrics over the same units, and a p-value in words."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

__all__ = ["p_text", "paired_p", "paired_t"]

_EPS = 1e-12
_TASK = ["dataset", "class"]


def p_text(p: float, *, named: bool = True) -> str:
    """A p-value as the advice and the verdicts write it: three decimals, "< 0.001" below, "–" when NaN.

    Parameters
    ----------
    p : float
        The p-value.
    named : bool, default True
        Lead with "p " (``"p = 0.043"``); False gives the number alone (``"0.043"``).

    Returns
    -------
    str
        ``"p = 0.043"``, ``"p < 0.001"``, ``"0.043"`` or ``"–"``.

    See Also
    --------
    fsviz.evaluation.recommendation_text : Writes its p-values so.

    Examples
    --------
    >>> p_text(0.04321), p_text(0.0002), p_text(0.5, named=False), p_text(float("nan"))
    ('p = 0.043', 'p < 0.001', '0.500', '–')
    """
    if np.isnan(p):
        return "–"
    text = "< 0.001" if p < 0.001 else f"{'= ' if named else ''}{p:.3f}"
    return f"p {text}" if named else text


def paired_t(d: np.ndarray) -> tuple[float, float]:
    """Two-sided paired t-test on differences ``d`` (as scipy.stats.ttest_rel).

    Identical scores (every difference 0) give t = 0, p = 1; a constant non-zero difference gives t = ±inf, p = 0,
    where scipy returns NaN.

    Parameters
    ----------
    d : numpy.ndarray
        The paired differences.

    Returns
    -------
    tuple of (float, float)
        ``(t, p)``; NaN for both below two differences.

    See Also
    --------
    fsviz.evaluation.corrected_t : The same test corrected for overlapping training sets, for held-out folds.
    fsviz.evaluation.paired_tests : Runs it between every two metrics of a results table.

    Examples
    --------
    >>> t, p = paired_t(np.array([0.02, 0.03, 0.01, 0.02]))
    >>> round(t, 3), round(p, 3)
    (4.899, 0.016)
    >>> print(*paired_t(np.array([0.02, 0.02, 0.02])))  # a constant difference
    inf 0.0
    """
    n = d.size
    if n < 2:
        return np.nan, np.nan
    mean, sd = d.mean(), d.std(ddof=1)
    if sd <= _EPS * max(1.0, abs(mean)):
        return (0.0, 1.0) if abs(mean) <= _EPS else (np.copysign(np.inf, mean), 0.0)
    t = mean / (sd / np.sqrt(n))
    return float(t), float(2 * stats.t.sf(abs(t), n - 1))


def paired_p(trials: pd.DataFrame, goal: str, a: str, ka, b: str, kb) -> tuple[float, int]:
    """The paired t-test's p (:func:`paired_t`) of metric ``a`` at ``ka`` against ``b`` at ``kb`` (None: any k, as
    for all words) over the (dataset, class, trial) units of :func:`~fsviz.evaluation.per_trial`'s table ``trials``
    both ran on, and how many units; NaN below two units.

    Parameters
    ----------
    trials : pandas.DataFrame
        A table of :func:`~fsviz.evaluation.per_trial`.
    goal : str
        The goal column to compare.
    a, b : str
        The two metrics.
    ka, kb : int or None
        Their k; None takes the metric's rows at any k (all words).

    Returns
    -------
    tuple of (float, int)
        The two-sided p, and the number of paired units.

    See Also
    --------
    fsviz.evaluation.paired_t : The test.
    fsviz.evaluation.paired_tests : Every pair of metrics at one k, with the sign test too.

    Examples
    --------
    >>> trials = pd.DataFrame({"dataset": "d", "class": ["a", "b", "c"] * 2, "trial": 0,
    ...                        "metric": ["bns"] * 3 + ["ig"] * 3, "k": 10, "f1": [0.8, 0.7, 0.9, 0.7, 0.7, 0.8]})
    >>> p, n = paired_p(trials, "f1", "bns", 10, "ig", 10)
    >>> round(p, 3), n
    (0.184, 3)
    """
    def scores(metric, k):
        rows = trials[(trials["metric"] == metric) & ((trials["k"] == k) if k is not None else True)]
        return rows.set_index(_TASK + ["trial"])[goal]

    pair = pd.concat([scores(a, ka), scores(b, kb)], axis=1, join="inner").dropna()
    if len(pair) < 2:
        return np.nan, len(pair)
    return paired_t((pair.iloc[:, 0] - pair.iloc[:, 1]).to_numpy())[1], len(pair)
