"""Vectorised bisection on the (fp, tp) plane, every column at once: where a metric crosses a threshold, where a test
turns significant."""

from __future__ import annotations

import numpy as np

from ..metrics import get_metric, score

_ITERATIONS = 40  # halves the bracket to 1e-12 of pos, within _SNAP: a whole count on the curve is snapped onto it
_SNAP = 1e-9  # a crossing this close (× pos) to a whole count whose score reaches the threshold moves onto it


def _crossing(name, fp, lo, hi, pos, neg, threshold, rising):
    """Smallest (rising) or largest (falling) tp in [lo, hi] with score >= threshold.

    The ends are scored through :func:`fsviz.score`, which checks the counts; every tp the bisection tries lies
    between them, so the loop scores with the metric's own :meth:`~fsviz.metrics.Metric.score_counts` and does
    not check the same table again (the checks were two thirds of an isocline's time).
    """
    good_end = hi if rising else lo
    bad_end = lo if rising else hi
    ok = score(name, good_end, fp, pos, neg) >= threshold
    already = score(name, bad_end, fp, pos, neg) >= threshold
    metric = get_metric(name)
    fp, pos, neg = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64) for v in (fp, pos, neg)), good_end)[:3]
    a, b = bad_end.astype(float).copy(), good_end.astype(float).copy()  # score(a) < t <= score(b)
    for _ in range(_ITERATIONS):
        mid = (a + b) / 2
        above = metric.score_counts(mid, fp, pos, neg) >= threshold
        b = np.where(above, mid, b)
        a = np.where(above, a, mid)
    # A word whose score is exactly the threshold (the k-th) lies on the curve, but rounding noise in the
    # score, a few ulps, can leave the crossing a few ulps beyond its whole count: snap onto the count
    # when that count's own score reaches the threshold, as the word's does.
    count = np.round(b)
    inside = (count >= np.minimum(good_end, bad_end)) & (count <= np.maximum(good_end, bad_end))
    near = inside & (np.abs(b - count) <= _SNAP * pos)
    if near.any():
        reaches = score(name, np.where(near, count, b), fp, pos, neg) >= threshold
        b = np.where(near & reaches, count, b)
    return np.where(ok, np.where(already, bad_end, b), np.nan)


def _first_true(test, lo, hi, rising: bool):
    """Per column, the first x in [lo, hi] where test(x, column) holds (rising: holds from there up), else the last
    (holds from there down); NaN where it holds nowhere. Bisection on whole numbers, all columns at once."""
    lo, hi = lo.astype(np.float64), hi.astype(np.float64)
    empty = lo > hi
    a, b = np.where(empty, 0, lo), np.where(empty, 0, hi)
    for _ in range(int(np.ceil(np.log2(max(float(np.max(b - a, initial=0)), 1.0)))) + 2):
        mid = np.floor((a + b) / 2) if rising else np.ceil((a + b) / 2)
        ok = test(mid)
        a, b = (np.where(ok, a, mid + 1), np.where(ok, mid, b)) if rising else (np.where(ok, mid, a),
                                                                                  np.where(ok, b, mid - 1))
    a = np.clip(a, np.where(empty, 0, lo), np.where(empty, 0, hi))  # a past hi: nowhere
    found = ~empty & test(a)
    return np.where(found, a, np.nan)
