"""Isoclines: where a metric equals a threshold over the continuous (fp, tp) plane.

For every metric in the registry but Rand, the score rises monotonically in tp on the positive side of the diagonal
(tpr > fpr) and, with Forman's inversion or an absolute value, falls monotonically in tp on the negative side. So for
each fp there is at most one crossing per side, found here by vectorised bisection: the **upper branch** bounds the
positive words the metric selects (on or above it), the **lower branch** the negative words (on or below it). Where a
branch has no crossing at some fp, no word at that fp is selected on that side, and the curve is NaN there.

DFreq has no diagonal preference: its isocline tp + fp = t is returned as the upper branch over the whole plane.

Your own formula (``expr(…)``, :mod:`fsviz.metrics.custom`) gets the shape its scores have for the task
(:func:`isocline_shape`, checked on a grid of the plane): two branches when it rises in tp above the diagonal and
falls below it, as Forman's metrics do; one branch over the whole plane when it rises in tp everywhere, as DFreq does;
none otherwise (a formula that prefers words near the diagonal, say), and then the pages ring its top k.

Also here: a task's k-isocline (at the score of its k-th best word) and the boundary of an α-weighted metric (the
metric's own isocline at a rescaled threshold on each side). A metric's scores over a grid of the plane (the contour
maps and surfaces) are in :mod:`fsviz.stats.surface`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..metrics import get_metric, score
from ..metrics.custom import is_expression
from ..selection import parse_spec, select_top_k, weighted_name
from ._bisection import _crossing

__all__ = ["NOT_MONOTONE", "Isocline", "isocline", "isocline_shape", "no_isocline_reason", "selected_side",
           "top_k_isocline", "top_k_isoclines", "weighted_isocline"]

#: Why a formula has no isocline for a task.
NOT_MONOTONE = "its score is not monotone in tp on each side of the diagonal"


@dataclass(frozen=True)
class Isocline:
    """The curve ``metric(fp, tp) = threshold`` for one task.

    Parameters
    ----------
    metric : str
        The metric (or its weighted name, ``"bns@0.3"``).
    threshold : float
        The score on the curve.
    fp : ndarray
        The fp values where the curve was evaluated.
    upper, lower : ndarray
        tp of the upper (positive-feature) and lower (negative-feature)
        branches at each fp; NaN where that branch does not exist.
    shape : str
        ``"two-sided"`` (the words above ``upper`` and below ``lower`` are
        selected) or ``"rising"`` (one branch over the whole plane, the
        words on or above ``upper``: DFreq and formulas shaped like it).

    See Also
    --------
    fsviz.stats.isocline : makes it.
    fsviz.stats.selected_side : the points beyond it.

    Examples
    --------
    >>> curve = isocline("dfreq", 5, 10, 20, fp=[0, 2, 8])
    >>> curve.upper.tolist(), curve.shape
    ([5.0, 3.0, nan], 'rising')
    """

    metric: str
    threshold: float
    fp: np.ndarray
    upper: np.ndarray
    lower: np.ndarray
    shape: str = "two-sided"


def isocline_shape(name, pos, neg, *, n_fp=61, n_tp=241) -> str | None:
    """How metric ``name``'s isocline runs for a task with ``pos``, ``neg``: ``"two-sided"``, ``"rising"`` or None.

    Registered metrics have the shape Forman describes (DFreq ``"rising"``, Rand none, every other ``"two-sided"``),
    but for those marked ``monotone=False`` (DFS, Gini, Poisson deviation), whose shape depends on the task's skew and
    is read off as a formula's is. A formula's is read off its scores on an ``n_fp`` × ``n_tp`` grid of the plane:
    ``"two-sided"`` when they never fall as tp grows above the diagonal and never rise below it, ``"rising"`` when
    they never fall as tp grows anywhere, else None (it has no isocline; :data:`NOT_MONOTONE`).

    Parameters
    ----------
    name : str
        A registered metric or a formula's ``expr(…)`` spec.
    pos, neg : int
        The task's positive and negative documents.
    n_fp, n_tp : int, default 61, 241
        The grid's size along fp and tp, for a formula.

    Returns
    -------
    str or None
        ``"two-sided"``, ``"rising"`` or None.

    Raises
    ------
    FormulaError
        For a formula not finite on the task's plane.

    See Also
    --------
    fsviz.stats.isocline : the curve of that shape.
    fsviz.stats.no_isocline_reason : why a spec has none, in words.

    Examples
    --------
    >>> isocline_shape("bns", 10, 20), isocline_shape("dfreq", 10, 20), isocline_shape("rand", 10, 20)
    ('two-sided', 'rising', None)
    >>> isocline_shape("expr(-abs(tpr-fpr))", 10, 20) is None  # prefers words near the diagonal
    True
    """
    metric = get_metric(name)
    if metric.random:
        return None
    if metric.monotone and not is_expression(metric.name):
        return "rising" if metric.name == "dfreq" else "two-sided"
    fp = neg * np.linspace(0, 1, n_fp) ** 2
    tp = pos * np.linspace(0, 1, n_tp)
    z = score(metric.name, tp[:, None], fp[None, :], pos, neg)
    rise = np.diff(z, axis=0)  # rise[i, j]: from tp[i] to tp[i + 1] at fp[j]
    tolerance = 1e-9 * (np.nanmax(np.abs(z)) + 1) if np.isfinite(z).all() else -np.inf
    above = tp[:-1, None] * neg >= fp[None, :] * pos  # both ends on or above the diagonal
    below = tp[1:, None] * neg < fp[None, :] * pos  # both ends negative features (tpr < fpr)
    with np.errstate(invalid="ignore"):
        if (rise[above] >= -tolerance).all() and (rise[below] <= tolerance).all():
            return "two-sided"
        if (rise >= -tolerance).all():
            return "rising"
    return None


def isocline(name, threshold, pos, neg, *, fp=None, n_points=400) -> Isocline:
    """The isocline of metric ``name`` at ``threshold`` for a task with ``pos``, ``neg``.

    Parameters
    ----------
    name : str
        A registered metric or a formula's ``expr(…)`` spec; Rand has no
        isocline, nor a formula without a shape (:func:`isocline_shape`):
        ValueError.
    threshold : float
        Usually the k-th best score, :attr:`fsviz.Selection.threshold`.
    pos, neg : int
        The task's positive and negative documents.
    fp : array_like, optional
        Where to evaluate; default ``n_points`` values over [0, neg], denser
        near 0 (where most words lie).
    n_points : int, default 400
        Number of fp values when ``fp`` is not given.

    Returns
    -------
    Isocline
        Its branches' tp at each fp, NaN where a branch does not exist.

    Raises
    ------
    ValueError
        For Rand, or a metric without an isocline shape for ``pos``, ``neg``.

    See Also
    --------
    fsviz.stats.top_k_isocline : the curve at the score of a task's k-th best word.
    fsviz.stats.isocline_shape : which branches the curve has.
    fsviz.plots.word_map_figure : draws the curves over the words.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figures 2, 3 and 13.

    Examples
    --------
    >>> curve = isocline("bns", 1.0, 10, 20, fp=[0, 5, 20])
    >>> curve.upper.round(3).tolist(), curve.lower.round(3).tolist()
    ([0.11, 6.276, nan], [nan, 0.47, 9.89])
    """
    metric = get_metric(name)
    if metric.random:
        raise ValueError("Rand ranks words at random: it has no isocline in the (fp, tp) plane")
    shape = isocline_shape(name, pos, neg)
    if shape is None:
        raise ValueError(f"{metric.label} has no isocline for pos={pos}, neg={neg}: {NOT_MONOTONE}, so the "
                         "words it selects are not the ones beyond one curve; ring its top k instead")
    if fp is None:
        fp = neg * np.linspace(0, 1, n_points) ** 2
    fp = np.asarray(fp, dtype=np.float64)
    diagonal = fp * pos / neg
    top = np.full_like(fp, float(pos))
    bottom = np.zeros_like(fp)
    missing = np.full_like(fp, np.nan)
    if metric.name == "dfreq":
        upper = np.where((threshold - fp >= 0) & (threshold - fp <= pos), threshold - fp, np.nan)
        return Isocline(name, float(threshold), fp, upper, missing, "rising")
    if shape == "rising":
        upper = _crossing(name, fp, bottom, top, pos, neg, threshold, rising=True)
        return Isocline(name, float(threshold), fp, upper, missing, "rising")
    upper = _crossing(name, fp, diagonal, top, pos, neg, threshold, rising=True)
    lower = _crossing(name, fp, bottom, diagonal, pos, neg, threshold, rising=False)
    return Isocline(name, float(threshold), fp, upper, lower)


def selected_side(curve: Isocline, tp, fp, pos, neg) -> np.ndarray:
    """Which (fp, tp) points lie on the selected side of ``curve``.

    ``curve`` must have been evaluated at exactly these ``fp`` values. A point is on the selected side when it is on
    or above the upper branch (a positive feature) or on or below the lower branch (a negative one); for a
    ``"rising"`` curve, when it is on or above its one branch.

    Parameters
    ----------
    curve : Isocline
        The boundary.
    tp, fp : array-like of shape (n_points,)
        The points.
    pos, neg : int
        The task's positive and negative documents.

    Returns
    -------
    numpy.ndarray of bool, shape (n_points,)
        True for each point on the selected side.

    See Also
    --------
    fsviz.stats.isocline : the boundary.
    fsviz.select_top_k : the words a metric's top k holds, which a top-k isocline bounds.

    Examples
    --------
    >>> curve = isocline("dfreq", 5, 10, 20, fp=[0, 2, 2])
    >>> selected_side(curve, [6, 1, 4], [0, 2, 2], 10, 20).tolist()
    [True, False, True]
    """
    tp = np.asarray(tp, dtype=np.float64)
    if curve.metric == "dfreq":
        return tp + np.asarray(fp) >= curve.threshold
    if curve.shape == "rising":
        with np.errstate(invalid="ignore"):
            return tp >= curve.upper
    positive = tp * neg >= np.asarray(fp) * pos
    with np.errstate(invalid="ignore"):
        above = positive & (tp >= curve.upper)
        below = ~positive & (tp <= curve.lower)
    return above | below


def top_k_isocline(task, name, k, *, fp=None) -> Isocline:
    """The isocline of metric ``name`` at the score of ``task``'s k-th best word: its top k's boundary.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are scored.
    name : str
        The metric.
    k : int
        Number of top words, at most the vocabulary.
    fp : array_like, optional
        Where to evaluate (:func:`isocline`'s default when None).

    Returns
    -------
    Isocline
        The boundary of the k selected words, at the k-th best score.

    See Also
    --------
    fsviz.stats.top_k_isoclines : the curves at several k, scoring once.
    fsviz.stats.boundary_table : the curves as a table.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figures 2, 3 and 13.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> curve = top_k_isocline(task, "dfreq", 2, fp=[0, 2, 5])
    >>> curve.threshold, curve.upper.tolist()  # the 2nd-highest tp + fp, 10, through "good" and "the"
    (10.0, [10.0, 8.0, 5.0])
    """
    return top_k_isoclines(task, name, [k], fp=fp)[k]


def top_k_isoclines(task, name, ks, *, fp=None) -> dict:
    """:func:`top_k_isocline` for every k in ``ks`` (k → Isocline), scoring the words once.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are scored, once for every k.
    name : str
        The metric.
    ks : iterable of int
        Each k must be at most the task's vocabulary (:func:`fsviz.check_k`).
    fp : array_like, optional
        Where to evaluate (:func:`isocline`'s default when None).

    Returns
    -------
    dict of int to Isocline
        Each k's boundary.

    See Also
    --------
    fsviz.stats.top_k_isocline : one k.
    fsviz.stats.boundary_table : several metrics' curves, as rows.
    fsviz.plots.word_map_animation : the curves as k grows.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> {k: curve.threshold for k, curve in top_k_isoclines(task, "dfreq", [1, 3], fp=[0]).items()}
    {1: 10.0, 3: 4.0}
    """
    scores = task.score(name)
    return {k: isocline(name, select_top_k(scores, k).threshold, task.pos, task.neg, fp=fp) for k in ks}


def weighted_isocline(name, threshold, alpha, pos, neg, *, shift=0.0, fp=None, n_points=400) -> Isocline:
    """The boundary where metric ``name`` α-weighted reaches ``threshold``.

    For α-weighted scores ``(s − m)·w`` (``m`` = ``shift``, the shift to make scores ≥ 0,
    :func:`fsviz.selection.alpha_weight`'s; ``w`` = α above the diagonal and 1 − α below), the boundary at a weighted
    score T is the metric's own isocline at ``T / w + m`` on each side: the upper branch at ``T/α + m``, the lower at
    ``T/(1 − α) + m``. A side whose weight is 0 has no branch (NaN). The result is named by the weighted name
    (``"bns@0.3"``) and holds the weighted ``threshold``.

    Parameters
    ----------
    name : str
        The metric before weighting.
    threshold : float
        The weighted score T.
    alpha : float
        The weight α, from 0 to 1.
    pos, neg : int
        The task's positive and negative documents.
    shift : float, default 0.0
        The shift m.
    fp : array_like, optional
        Where to evaluate; default ``n_points`` values over [0, neg], denser near 0.
    n_points : int, default 400
        Number of fp values when ``fp`` is not given.

    Returns
    -------
    Isocline
        The boundary of the α-weighted scores.

    See Also
    --------
    fsviz.selection.alpha_weight : the weighted scores.
    fsviz.stats.isocline : the unweighted curve.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), the lesion study of positive and negative features, Figure 22.

    Examples
    --------
    >>> curve = weighted_isocline("bns", 0.5, 1.0, 10, 20, fp=[0, 5])  # α = 1: positive features only
    >>> curve.metric, curve.upper.round(3).tolist(), curve.lower.tolist()
    ('bns@1', [0.026, 4.307], [nan, nan])
    """
    if fp is None:
        fp = neg * np.linspace(0, 1, n_points) ** 2
    fp = np.asarray(fp, dtype=np.float64)
    missing = np.full_like(fp, np.nan)
    upper = isocline(name, threshold / alpha + shift, pos, neg, fp=fp).upper if alpha > 0 else missing
    lower = isocline(name, threshold / (1 - alpha) + shift, pos, neg, fp=fp).lower if alpha < 1 else missing
    return Isocline(weighted_name(name, alpha), float(threshold), fp, upper, lower)


def no_isocline_reason(spec, pos=None, neg=None) -> str | None:
    """Why ``spec`` has no isocline in a task's (fp, tp) plane, or None when it has one.

    Only a metric reading the class's 2×2 table has one (what else a spec reads is returned); any other metric, an
    α-weighted metric, a combination or IGFSS does not. Given the task's ``pos`` and ``neg``, a formula whose scores
    have no isocline shape for it gives :data:`NOT_MONOTONE`.

    Parameters
    ----------
    spec : str
        A metric's spec.
    pos, neg : int, optional
        The task's positive and negative documents.

    Returns
    -------
    str or None
        What the spec reads beyond the 2×2 table, or :data:`NOT_MONOTONE`, or None.

    See Also
    --------
    fsviz.stats.isocline_shape : the shape a table metric's curve has.
    fsviz.selection.parse_spec : the spec's parts.

    Examples
    --------
    >>> no_isocline_reason("bns") is None
    True
    >>> no_isocline_reason("bns@0.3")
    'weights or ranks, not one table'
    """
    spec = parse_spec(spec)
    metric = spec.table_metric
    if metric is None:
        return spec.reads
    if pos is not None and neg is not None and not metric.random and isocline_shape(metric.name, pos, neg) is None:
        return NOT_MONOTONE
    return None
