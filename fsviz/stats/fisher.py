"""Fisher's exact test on many 2×2 tables at once: the hypergeometric tails summed in numpy, not one table a call.

Every word of a task is one table ``[[tp, fn], [fp, tn]]`` with the same
margins ``pos`` and ``neg``; given its document count n = tp + fp, tp is
hypergeometric, X ~ H(N = pos + neg, pos, n), with

    P(X = x) = C(pos, x) C(neg, n − x) / C(N, n),   max(0, n − neg) ≤ x ≤ min(n, pos).

:func:`fisher_p` returns ``scipy.stats.fisher_exact(table, alternative)``'s
p-value for every table: ``"greater"`` (the word is more frequent in the
positive documents: P(X ≥ tp)), ``"less"`` (P(X ≤ tp)) or ``"two-sided"``
(the sum of P(X = x) over every x no more likely than tp, scipy's and R's
definition).

How: log P(X = x) from ``betaln`` (no factorial overflows), then each tail
is summed outward from its start by the ratio of neighbouring terms,
P(x+1)/P(x) = (pos − x)(n − x) / ((x + 1)(neg − n + x + 1)), for all tables
at once, dropping a table as soon as the rest of its tail cannot change the
sum: the pmf is log-concave, so past the mode the ratios fall and the rest
of a tail is at most term · r / (1 − r). A tail is always summed from its
far side of the mode (where the terms fall); the tail through the mode is
1 minus the other, which then holds at least the mode's mass. Sums stop at
a relative 1e-17, so p agrees with scipy to about 1e-12 relative (log-pmf
rounding on large N). Two-sided: the other tail starts at the first x past
the mode with P(x) ≤ P(tp)(1 + 1e-7) (a bisection on the log-pmf, which is
monotone there); 1e-7 is R's ``fisher.test`` tolerance, so a table's mirror
image on a symmetric distribution counts as exactly as likely. A table at
the mode has p = 1 (two-sided). Tables sharing (tp, fp) are computed once.
"""

from __future__ import annotations

import numpy as np
from scipy.special import betaln

__all__ = ["ALTERNATIVES", "fisher_log_p", "fisher_p", "hypergeom_logpmf"]

#: The alternatives :func:`fisher_p` (and :func:`fsviz.stats.pvalues.p_values`) take.
ALTERNATIVES = ("greater", "two-sided", "less")
_STOP = 1e-17
_TWO_SIDED_TOLERANCE = 1e-7


def _log_choose(n, k):
    return -np.log1p(n) - betaln(n - k + 1, k + 1)


def hypergeom_logpmf(x, n, pos, neg):
    """log P(X = x), X ~ H(pos + neg, pos, n), for x in the support (float arrays that broadcast).

    Parameters
    ----------
    x : array-like of float
        Positive documents among the ``n`` drawn.
    n : array-like of float
        Documents drawn.
    pos, neg : int or array-like
        Positive and negative documents in all.

    Returns
    -------
    numpy.ndarray of float
        The log probabilities, broadcast.

    See Also
    --------
    fsviz.stats.fisher_p : Fisher's exact p-values, these terms' tails summed.

    Examples
    --------
    Three positive and three negative documents, a word in three of them, all positive: 1 / C(6, 3).

    >>> round(float(np.exp(hypergeom_logpmf(3.0, 3.0, 3, 3))), 12)
    0.05
    """
    return _log_choose(pos, x) + _log_choose(neg, n - x) - _log_choose(pos + neg, n)


def _ratio_up(x, n, pos, neg):
    """P(x + 1) / P(x)."""
    return (pos - x) * (n - x) / ((x + 1) * (neg - n + x + 1))


def _ratio_down(x, n, pos, neg):
    """P(x − 1) / P(x)."""
    return x * (neg - n + x) / ((pos - x + 1) * (n - x + 1))


def _tail(start, n, pos, neg, step, log=False):
    """Σ P(x) from ``start`` outward (step +1: up to the support's top; −1: down to its bottom), for x where the
    terms fall (past the mode); 0 where ``start`` lies outside the support. ``log``: its natural log (−inf
    outside), which does not underflow: log P(start) + log of the sum relative to P(start)."""
    low, high = np.maximum(0, n - neg), np.minimum(n, pos)
    inside = (start >= low) & (start <= high)
    total = np.zeros(start.shape)
    active = np.flatnonzero(inside)
    if not active.size:
        return np.full(start.shape, -np.inf) if log else total
    log_first = hypergeom_logpmf(start[active], n[active], pos, neg)
    ratio = _ratio_up if step > 0 else _ratio_down
    end = (high if step > 0 else low)[active]
    x, nn, term, sums = start[active].astype(np.float64), n[active], np.ones(active.size), np.ones(active.size)
    while active.size:
        r = ratio(x, nn, pos, neg)
        term = term * r
        sums = sums + term
        x = x + step
        # the rest of the tail is at most term · r / (1 − r), r falling; stop at the support's end too
        going = (x != end) & (term * r >= _STOP * sums * (1 - r)) & (term > 0)
        if not going.all():
            done = ~going
            total[active[done]] = sums[done]
            active, x, nn, term, sums, end = (active[going], x[going], nn[going], term[going], sums[going],
                                                end[going])
    if log:
        out = np.full(start.shape, -np.inf)
        out[inside] = np.log(total[inside]) + log_first
        return out
    total[inside] *= np.exp(log_first)
    return total


def _mode(n, pos, neg):
    return np.floor((n + 1) * (pos + 1) / (pos + neg + 2))


def _upper(tp, n, pos, neg, mode, log=False):
    """P(X ≥ tp), summed from tp up above the mode, else 1 − P(X ≤ tp − 1); ``log``: its natural log."""
    above = tp > mode
    far = _tail(np.where(above, tp, -1), n, pos, neg, +1, log)
    near = 1 - _tail(np.where(above, -1, tp - 1), n, pos, neg, -1)  # holds the mode's mass: never tiny
    return np.where(above, far, np.log(near) if log else near)


def _lower(tp, n, pos, neg, mode, log=False):
    """P(X ≤ tp), summed from tp down below the mode, else 1 − P(X ≥ tp + 1); ``log``: its natural log."""
    below = tp < mode
    far = _tail(np.where(below, tp, -1), n, pos, neg, -1, log)
    near = 1 - _tail(np.where(below, -1, tp + 1), n, pos, neg, +1)
    return np.where(below, far, np.log(near) if log else near)


def _two_sided(tp, n, pos, neg, mode, log=False):
    """scipy's two-sided p: tp's own tail plus the other side's x no more likely than tp; ``log``: its log."""
    low, high = np.maximum(0, n - neg), np.minimum(n, pos)
    log_exact = hypergeom_logpmf(tp, n, pos, neg)
    limit = log_exact + np.log1p(_TWO_SIDED_TOLERANCE)
    at_mode = np.abs(np.expm1(log_exact - hypergeom_logpmf(mode, n, pos, neg))) <= 1e-14
    below = tp < mode
    own = np.where(below, _lower(tp, n, pos, neg, mode, log), _upper(tp, n, pos, neg, mode, log))
    # the other side's first x with log P(x) <= limit: bisection between the mode and the support's far end
    lo = np.where(below, mode, low).astype(np.float64)
    hi = np.where(below, high, mode).astype(np.float64)
    for _ in range(int(np.ceil(np.log2(max(float(np.max(hi - lo, initial=0)), 1.0)))) + 2):
        # below: the tail lies above the mode, where P falls with x (the first small x); else P rises (the last)
        mid = np.where(below, np.floor((lo + hi) / 2), np.ceil((lo + hi) / 2))
        small = hypergeom_logpmf(mid, n, pos, neg) <= limit
        lo, hi = (np.where(below, np.where(small, lo, mid + 1), np.where(small, mid, lo)),
                  np.where(below, np.where(small, mid, hi), np.where(small, hi, mid - 1)))
    edge = lo
    edge_small = hypergeom_logpmf(np.clip(edge, low, high), n, pos, neg) <= limit
    start_up = np.where(below & edge_small & (edge <= high), edge, -1)
    start_down = np.where(~below & edge_small & (edge >= low), edge, -1)
    if log:
        other = np.logaddexp(_tail(start_up, n, pos, neg, +1, True), _tail(start_down, n, pos, neg, -1, True))
        return np.where(at_mode, 0.0, np.minimum(np.logaddexp(own, other), 0.0))
    other = _tail(start_up, n, pos, neg, +1) + _tail(start_down, n, pos, neg, -1)
    return np.where(at_mode, 1.0, np.minimum(own + other, 1.0))


def fisher_p(tp, fp, pos: int, neg: int, *, alternative: str = "greater") -> np.ndarray:
    """Fisher's exact p-value of each table ``[[tp, fn], [fp, tn]]``: ``scipy.stats.fisher_exact``, vectorised.

    Parameters
    ----------
    tp, fp : array_like of whole numbers, shape (n_words,)
        Positive and negative documents containing each word.
    pos, neg : int
        Positive and negative documents of the task (the margins every table shares).
    alternative : {"greater", "two-sided", "less"}
        "greater": the word is more frequent among the positive documents.

    Returns
    -------
    ndarray of float64, in [0, 1]; a p-value below about 1e-300 underflows to 0.

    See Also
    --------
    fsviz.stats.fisher_log_p : the same p in logs, finite where it underflows.
    fsviz.stats.p_values : each word's p-value, Fisher's or G²'s, checked at the door.
    fsviz.stats.hypergeom_logpmf : the hypergeometric terms the tails sum.

    References
    ----------
    .. [1] Fisher, R. A., *Statistical Methods for Research Workers*, 1934, §21.02.

    Examples
    --------
    >>> round(float(fisher_p([3], [0], 3, 3)[0]), 12)  # 1 / C(6, 3), summed in log space
    0.05
    """
    return _fisher(tp, fp, pos, neg, alternative, log=False)


def fisher_log_p(tp, fp, pos: int, neg: int, *, alternative: str = "greater") -> np.ndarray:
    """The natural log of :func:`fisher_p`, computed in logs: finite where the p-value underflows to 0.

    A word in every positive document and no other of a 20 Newsgroups task
    (tp = pos = 940 of 18,846) has p = 1/C(18846, 940) ≈ 10^-1620, which no
    float holds; its log does. It orders the words that :func:`fisher_p`
    ties at 0 and gives a table's −log₁₀ p.

    Parameters
    ----------
    tp, fp, pos, neg, alternative
        As in :func:`fisher_p`.

    Returns
    -------
    ndarray of float64, at most 0

    See Also
    --------
    fsviz.stats.fisher_p : the p-value itself.
    fsviz.stats.log10_p_values : log₁₀ p of any test, from these logs.

    Examples
    --------
    >>> round(float(fisher_log_p([3], [0], 3, 3)[0]), 6) == round(float(np.log(0.05)), 6)
    True
    """
    return _fisher(tp, fp, pos, neg, alternative, log=True)


def _fisher(tp, fp, pos, neg, alternative, *, log):
    tp = np.asarray(tp, dtype=np.int64).ravel()
    fp = np.asarray(fp, dtype=np.int64).ravel()
    pos, neg = int(pos), int(neg)
    code = fp * (pos + 1) + tp
    codes, inverse = np.unique(code, return_inverse=True)
    t = (codes % (pos + 1)).astype(np.float64)
    n = t + codes // (pos + 1)
    mode = _mode(n, pos, neg)
    with np.errstate(divide="ignore", invalid="ignore", under="ignore"):
        if alternative == "greater":
            p = _upper(t, n, pos, neg, mode, log)
        elif alternative == "less":
            p = _lower(t, n, pos, neg, mode, log)
        else:
            p = _two_sided(t, n, pos, neg, mode, log)
    return (np.minimum(p, 0.0) if log else np.clip(p, 0.0, 1.0))[inverse]
