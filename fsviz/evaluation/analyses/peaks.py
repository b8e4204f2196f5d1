"""Where a macro curve peaks, and the range of k that does as well: within a relative distance, or one standard error."""

from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = ["one_se_band", "one_se_range", "peak_range"]

_EPS = 1e-12


def peak_range(curve: pd.DataFrame, goal: str, *, within: float = 0.01) -> dict:
    """Where a macro curve peaks and the contiguous range of k within ``within`` (relative) of the peak.

    ``curve`` holds one metric's rows of :func:`fsviz.evaluation.analyses.macro_average`
    (columns ``k`` and ``goal``). Returns ``k`` (the smallest k at the peak),
    ``value``, ``k_low``, ``k_high`` and ``n_k`` (how many of the tried k lie
    in that range). A wide range means the choice of k matters little.

    Parameters
    ----------
    curve : pandas.DataFrame
        One metric's rows of :func:`fsviz.evaluation.analyses.macro_average` (columns ``k`` and ``goal``).
    goal : str
        The column to read.
    within : float, default 0.01
        The relative distance from the peak.

    Returns
    -------
    dict
        ``k``, ``value``, ``k_low``, ``k_high`` and ``n_k``.

    See Also
    --------
    fsviz.evaluation.one_se_range : The range of k by the one-standard-error rule instead.
    fsviz.evaluation.macro_average : The curves it reads.

    Examples
    --------
    >>> import pandas as pd
    >>> curve = pd.DataFrame({"k": [10, 100, 1000, 2000], "f1": [0.70, 0.795, 0.80, 0.78]})
    >>> peak_range(curve, "f1")
    {'k': 1000, 'value': 0.8, 'k_low': 100, 'k_high': 1000, 'n_k': 2}
    """
    ks, values, peak, low, high = _around_peak(curve, goal, lambda top: top * (1 - within))
    return {"k": int(ks[peak]), "value": float(values[peak]), "k_low": int(ks[low]), "k_high": int(ks[high]),
            "n_k": high - low + 1}


def one_se_range(curve: pd.DataFrame, goal: str, se: float) -> tuple[int, int, float]:
    """Breiman's one-standard-error rule on one metric's macro curve: ``(k_low, k_best, value)``, where k_best
    is the smallest k at the peak and k_low the smallest k reached walking down from the peak through k whose
    scores all stay within ``se`` of it (a k below the peak would do as well, as far as the folds can tell). The
    range is contiguous on the grid of k tried: a k within ``se`` beyond a dip below the band is not in it.

    Parameters
    ----------
    curve : pandas.DataFrame
        One metric's macro curve (columns ``k`` and ``goal``).
    goal : str
        The column to read.
    se : float
        The standard error.

    Returns
    -------
    tuple of (int, int, float)
        ``(k_low, k_best, value)``.

    See Also
    --------
    fsviz.evaluation.peak_range : The range of k within a relative distance of the peak.
    fsviz.evaluation.recommend : Uses this rule, with the held-out folds' standard error.

    References
    ----------
    .. [1] Breiman, L., J. Friedman, R. Olshen, C. Stone, *Classification and Regression Trees*, Wadsworth (1984):
       the one-standard-error rule (section 3.4.3).

    Examples
    --------
    >>> curve = pd.DataFrame({"k": [10, 100, 1000], "f1": [0.70, 0.79, 0.80]})
    >>> one_se_range(curve, "f1", 0.02), one_se_range(curve, "f1", 0.0)
    ((100, 1000, 0.8), (1000, 1000, 0.8))
    >>> dip = pd.DataFrame({"k": [30, 100, 300, 1000], "f1": [0.79, 0.70, 0.795, 0.80]})
    >>> one_se_range(dip, "f1", 0.02)  # 30 is within the band, but 100 between it and the peak is not
    (300, 1000, 0.8)
    """
    ks, values, peak, low, _ = _around_peak(curve, goal, lambda top: top - max(se, 0.0))
    return int(ks[low]), int(ks[peak]), float(values[peak])


def one_se_band(curve: pd.DataFrame, goal: str, se: float) -> tuple[int, int, int, float]:
    """The k around one metric's peak that the folds cannot tell from it: ``(k_low, k_best, k_high, value)``,
    the contiguous run of k tried on each side of the peak whose scores all stay within ``se`` of it. ``k_low``
    is Breiman's one-standard-error pick (:func:`one_se_range`); ``k_high`` the largest k of the run, so a
    range of k, not a point, is what a second split can be asked to agree with.

    Parameters
    ----------
    curve : pandas.DataFrame
        One metric's macro curve (columns ``k`` and ``goal``).
    goal : str
        The column to read.
    se : float
        The standard error.

    Returns
    -------
    tuple of (int, int, int, float)
        ``(k_low, k_best, k_high, value)``.

    See Also
    --------
    fsviz.evaluation.one_se_range : The band below the peak alone.
    fsviz.evaluation.recommend : Quotes this band as the answer's range of k.

    Examples
    --------
    >>> curve = pd.DataFrame({"k": [10, 100, 300, 1000, 3000], "f1": [0.70, 0.79, 0.80, 0.795, 0.75]})
    >>> one_se_band(curve, "f1", 0.02)
    (100, 300, 1000, 0.8)
    """
    ks, values, peak, low, high = _around_peak(curve, goal, lambda top: top - max(se, 0.0))
    return int(ks[low]), int(ks[peak]), int(ks[high]), float(values[peak])


def _around_peak(curve: pd.DataFrame, goal: str, floor) -> tuple:
    """``(ks, values, peak, low, high)``: the curve in order of k, the position of its peak (the smallest k at the
    maximum), and the contiguous run of positions around it whose scores reach ``floor(peak value)``."""
    curve = curve.sort_values("k")
    ks, values = curve["k"].to_numpy(), curve[goal].to_numpy(np.float64)
    peak = int(np.argmax(values))
    inside = values >= floor(values[peak]) - _EPS
    low = high = peak
    while low > 0 and inside[low - 1]:
        low -= 1
    while high < len(ks) - 1 and inside[high + 1]:
        high += 1
    return ks, values, peak, low, high
