"""Isoclines: where a metric equals a threshold over the continuous (fp, tp) plane.

For every metric in the registry but Rand, the score rises monotonically in
tp on the positive side of the diagonal (tpr > fpr) and, with Forman's
inversion or an absolute value, falls monotonically in tp on the negative
side. So for each fp there is at most one crossing per side, found here by
vectorised bisection: the **upper branch** bounds the positive words the
metric selects (on or above it), the **lower branch** the negative words
(on or below it). Where a branch has no crossing at some fp, no word at that
fp is selected on that side, and the curve is NaN there.

DFreq has no diagonal preference: its isocline tp + fp = t is returned as
the upper branch over the whole plane.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .metrics import get_metric, score

__all__ = ["Isocline", "isocline", "selected_side"]

_ITERATIONS = 60  # halves the bracket to 1e-18 of pos: exact in float64


@dataclass(frozen=True)
class Isocline:
    """The curve ``metric(fp, tp) = threshold`` for one task.

    Attributes
    ----------
    metric : str
    threshold : float
    fp : ndarray
        The fp values where the curve was evaluated.
    upper, lower : ndarray
        tp of the upper (positive-feature) and lower (negative-feature)
        branches at each fp; NaN where that branch does not exist.
    """

    metric: str
    threshold: float
    fp: np.ndarray
    upper: np.ndarray
    lower: np.ndarray


def _crossing(name, fp, lo, hi, pos, neg, threshold, rising):
    """Smallest (rising) or largest (falling) tp in [lo, hi] with score >= threshold."""
    good_end = hi if rising else lo
    bad_end = lo if rising else hi
    ok = score(name, good_end, fp, pos, neg) >= threshold
    already = score(name, bad_end, fp, pos, neg) >= threshold
    a, b = bad_end.astype(float).copy(), good_end.astype(float).copy()  # score(a) < t <= score(b)
    for _ in range(_ITERATIONS):
        mid = (a + b) / 2
        above = score(name, mid, fp, pos, neg) >= threshold
        b = np.where(above, mid, b)
        a = np.where(above, a, mid)
    return np.where(ok, np.where(already, bad_end, b), np.nan)


def isocline(name, threshold, pos, neg, *, fp=None, n_points=400) -> Isocline:
    """The isocline of metric ``name`` at ``threshold`` for a task with ``pos``, ``neg``.

    Parameters
    ----------
    name : str
        A registered metric; Rand has no isocline (ValueError).
    threshold : float
        Usually the k-th best score, :attr:`fsviz.Selection.threshold`.
    pos, neg : int
    fp : array_like, optional
        Where to evaluate; default ``n_points`` values over [0, neg], denser
        near 0 (where most words lie).
    """
    metric = get_metric(name)
    if metric.random:
        raise ValueError("Rand ranks words at random: it has no isocline in the (fp, tp) plane")
    if fp is None:
        fp = neg * np.linspace(0, 1, n_points) ** 2
    fp = np.asarray(fp, dtype=np.float64)
    diagonal = fp * pos / neg
    top = np.full_like(fp, float(pos))
    bottom = np.zeros_like(fp)
    if metric.name == "dfreq":
        upper = np.where((threshold - fp >= 0) & (threshold - fp <= pos), threshold - fp, np.nan)
        return Isocline(name, float(threshold), fp, upper, np.full_like(fp, np.nan))
    upper = _crossing(name, fp, diagonal, top, pos, neg, threshold, rising=True)
    lower = _crossing(name, fp, bottom, diagonal, pos, neg, threshold, rising=False)
    return Isocline(name, float(threshold), fp, upper, lower)


def selected_side(curve: Isocline, tp, fp, pos, neg) -> np.ndarray:
    """Which (fp, tp) points lie on the selected side of ``curve``.

    ``curve`` must have been evaluated at exactly these ``fp`` values.
    A point is on the selected side when it is on or above the upper branch
    (a positive feature) or on or below the lower branch (a negative one).
    """
    tp = np.asarray(tp, dtype=np.float64)
    if curve.metric == "dfreq":
        return tp + np.asarray(fp) >= curve.threshold
    positive = tp * neg >= np.asarray(fp) * pos
    with np.errstate(invalid="ignore"):
        above = positive & (tp >= curve.upper)
        below = ~positive & (tp <= curve.lower)
    return above | below
