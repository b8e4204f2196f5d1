"""LinearSVC's dual problem by coordinate descent, stopped by its duality gap: liblinear's dual solver,
compiled with numba, that knows when it is close enough.

The problem is liblinear's L2-regularised squared hinge (scikit-learn's
``LinearSVC()``): with x̃ᵢ = (xᵢ, B) for the intercept's feature B
(``intercept_scaling``; 0 without an intercept) and yᵢ = ±1,

    P(w) = ½‖w‖² + C Σᵢ max(0, 1 − yᵢ w·x̃ᵢ)²,
    D(α) = Σᵢ αᵢ − ½‖Σᵢ αᵢyᵢx̃ᵢ‖² − Σᵢ αᵢ² / (4C),  α ≥ 0,

and D(α) ≤ min P ≤ P(w) for every α ≥ 0, so a relative gap
(P(w) − D(α)) / P(w) bounds how far w is above the optimum.

:func:`fit` is liblinear's ``solve_l2r_l1l2_svc`` for the L2 loss (Hsieh et
al., ICML 2008, Algorithm 3 with its shrinking): epochs over the rows in a
random order, one exact step on αᵢ each, w kept equal to Σ αᵢyᵢx̃ᵢ. What
differs is when it stops, and that it never starts again:

- liblinear stops when the projected gradients' spread is at most
  ``tol``. Here, when the spread first falls below each of :data:`CHECKS`
  × ``tol`` (10 × and 3.16 ×), one pass over the rows computes two gaps:
  against the solver's own α, and against the point αᵢ(w) = 2C·max(0,
  1 − yᵢw·x̃ᵢ) the optimality conditions pair with w. The solve stops when
  the first is within ``gap_tol`` or the second within ``paired_gap``, or,
  as liblinear, when the spread over every row is within ``tol``.
- Every :data:`EVERY` epochs it also computes the gap against its own α,
  stops when that is within ``gap_tol``, and when it has not halved since
  the last such check, takes back the rows it shrank away. liblinear takes
  them back only once the spread over the rows left is within ``tol``;
  meanwhile a row shrunk wrongly holds the gap still. On la1 (k = 1,000
  and 2,000 of its 2,403 training rows) one dual fit in six ran 400 to
  1,000 epochs that way, mostly on a plateau, 31 of 525 stopped at
  ``max_iter`` and 10 were solved again by the primal solver; with the
  periodic check none reaches ``max_iter`` and la1's grid is 1.23 × as
  fast (tr45 1.06 ×, wap 1.10 ×). ``benchmarks/bench_grid_optimum.py``
  counts as many test predictions off a tight optimum on tr45 and wap (0
  and 8) and fewer on la1 (38 against 46). Accepting the paired gap at these
  checks too stopped sooner but moved 3 more of wap's test predictions.
- The grid used to run liblinear at 10 × ``tol``, keep the answer when its
  paired gap was within 10⁻³, and otherwise solve again from zero at
  ``tol`` (liblinear's entry point takes no starting point). One first
  pass in eight failed on tr45, and the solves made again were 22% of its
  grid's time. With the same acceptance at the same point, a solve here
  goes on from where it is instead.

Why not stop earlier: the gap against the solver's α is within 10⁻³ after a
third of the epochs liblinear's rule takes at 10 × ``tol``, and within 10⁻⁵
after two thirds, and stopping there made tr45's grid 1.6 × and 1.4 × as
fast. But its test predictions moved off a tight optimum (29 and 2 of
658,088 on tr45; 98 and 15 of 2.9 million on wap, against 1 and 7 before),
and checks above 10 × ``tol`` cost wap more than they saved
(``benchmarks/bench_solver.py --dual-stop`` compares the rules fit by fit).

The random order comes from a 64-bit linear congruential generator seeded
by ``seed`` (Knuth's MMIX constants), its high 32 bits mapped to a range by
multiplication (Lemire's way): the same seed gives the same answer, bit for
bit, though not liblinear's (which draws with C's ``rand``). Per epoch it
costs what liblinear's does (517 µs against 521 µs for 40 epochs of a tr45
fit). Column indices are read as unsigned, so numba adds no negative-index
check to the inner loops (1.2 × faster); and on Boolean data, the grid's,
the loops leave out the products by 1 (a second copy of the two inner
loops: the dual fits of tr45 and wap 1.17 × and 1.19 × faster, same bits).
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

__all__ = ["CHECKS", "EVERY", "DualFit", "fit"]

#: The duality gaps are checked when the projected gradients' spread first falls below each of these × ``tol``.
CHECKS = np.array([10.0, 3.16])
#: ... and the gap against its own α every this many epochs (0: never), taking back the shrunk rows when it stalls
#: (25 was as fast on la1, 100 0.96 × as fast).
EVERY = 50
_MULTIPLIER = np.uint64(6364136223846793005)
_INCREMENT = np.uint64(1442695040888963407)


class DualFit(NamedTuple):
    """What :func:`fit` returns."""

    w: np.ndarray  #: the weights, the intercept feature's weight last
    n_iter: int  #: epochs
    converged: bool  #: stopped by a gap or by ``tol``, not at ``max_iter``
    gap: float  #: the relative gap against the solver's α where it stopped (or the paired one, if smaller)


def fit(data, indices, indptr, n_columns: int, y, C: float, bias: float, tol: float, gap_tol: float,
        max_iter: int, seed: int, paired_gap: float = 1e-3, ends=None) -> DualFit:  # 1e-3: GAP_TOLERANCE
    """Solve from α = 0 on the CSR rows (data, indices, indptr) × ``n_columns`` with labels ``y`` (bool).

    ``bias`` is the intercept's feature (0: no intercept). It stops as the
    module's docstring says: by ``gap_tol`` (the gap against its own α),
    ``paired_gap`` (against the α paired with w), ``tol`` (liblinear's rule)
    or ``max_iter``.

    ``ends``: row i is ``indptr[i]:ends[i]`` instead of ``indptr[i]:indptr[i + 1]``
    (a prefix of each row, read in place: the grid's top k of a ranking
    gathered once, :class:`fsviz.evaluation.grid.fits.CellFits`); every index read must
    be below ``n_columns``.
    """
    signs = np.where(np.asarray(y, dtype=bool), 1.0, -1.0)
    data = np.ascontiguousarray(data, dtype=np.float64)
    indptr = np.asarray(indptr, dtype=np.int64)
    ends = indptr[1:] if ends is None else np.ascontiguousarray(ends, dtype=np.int64)
    w = np.zeros(n_columns + 1)
    n_iter, converged, gap = _solve(
        data, np.asarray(indices, dtype=np.int32).view(np.uint32), indptr[:-1], ends, signs,
        float(C), float(bias), float(tol), float(gap_tol), float(paired_gap), int(max_iter),
        np.uint64(seed), CHECKS, EVERY, np.zeros(signs.size), w, True)
    return DualFit(w, int(n_iter), bool(converged), float(gap))


@numba.njit(cache=True, nogil=True, error_model="numpy")
def _gaps(data, indices, starts, ends, y, C, bias, alpha, w, paired, v):  # pragma: no cover - compiled; through fit
    """The relative gaps (P(w) − D(α)) / P(w), w = Σ αᵢyᵢx̃ᵢ, and, if ``paired``, (P(w) − D(α(w))) / P(w) at
    αᵢ(w) = 2C·max(0, 1 − yᵢw·x̃ᵢ), the dual point the optimality conditions pair with w (else inf); one pass
    over the rows (row i: entries ``starts[i]:ends[i]``). ``v`` is scratch of w's size."""
    p = w.size - 1
    ww = 0.0
    for j in range(p + 1):
        ww += w[j] * w[j]
        v[j] = 0.0
    slack1 = 0.0
    slack2 = 0.0
    total = 0.0
    squares = 0.0
    for i in range(starts.size):
        margin = bias * w[p]
        for j in range(starts[i], ends[i]):
            margin += data[j] * w[indices[j]]
        slack = 1.0 - y[i] * margin
        if slack > 0.0:
            slack1 += slack
            slack2 += slack * slack
            if paired:
                step = 2.0 * C * slack * y[i]
                for j in range(starts[i], ends[i]):
                    v[indices[j]] += step * data[j]
                v[p] += step * bias
        total += alpha[i]
        squares += alpha[i] * alpha[i]
    primal = 0.5 * ww + C * slack2
    if primal <= 0.0:
        return 0.0, 0.0
    gap = (primal - (total - 0.5 * ww - squares / (4.0 * C))) / primal
    if not paired:
        return gap, np.inf
    vv = 0.0
    for j in range(p + 1):
        vv += v[j] * v[j]
    return gap, (primal - (2.0 * C * slack1 - 0.5 * vv - C * slack2)) / primal


@numba.njit(cache=True, nogil=True, error_model="numpy")
def _solve(data, indices, starts, ends, y, C, bias, tol, gap_tol, paired_gap, max_iter, seed, checks, every, alpha,
           w, unit):  # pragma: no cover - compiled; covered through fit
    """liblinear's solve_l2r_l1l2_svc (L2 loss, U = ∞) with the gap checks of the module's docstring;
    updates ``alpha`` and ``w`` in place and returns (epochs, stopped before max_iter, gap). ``unit``: the
    loops without products may be used when every value read is 1."""
    n = starts.size
    p = w.size - 1
    diag = 0.5 / C
    qd = np.empty(n)
    for i in range(n):
        s = diag + bias * bias
        for j in range(starts[i], ends[i]):
            s += data[j] * data[j]
            unit = unit and data[j] == 1.0
        qd[i] = s
    scratch = np.empty(p + 1)
    index = np.arange(n)
    state = seed * _MULTIPLIER + _INCREMENT
    active = n
    pg_max_old = np.inf
    check = 0
    epoch = 0
    last_gap = np.inf
    while epoch < max_iter:
        pg_max = -np.inf
        pg_min = np.inf
        for s in range(active):  # Fisher-Yates over the active rows
            state = state * _MULTIPLIER + _INCREMENT
            r = s + np.int64(((state >> np.uint64(32)) * np.uint64(active - s)) >> np.uint64(32))
            index[s], index[r] = index[r], index[s]
        s = 0
        while s < active:
            i = index[s]
            g = bias * w[p]
            if unit:
                for j in range(starts[i], ends[i]):
                    g += w[indices[j]]
            else:
                for j in range(starts[i], ends[i]):
                    g += data[j] * w[indices[j]]
            G = y[i] * g - 1.0 + alpha[i] * diag
            PG = G
            if alpha[i] == 0.0:
                if G > pg_max_old:  # shrink: this row is likely to stay at 0
                    active -= 1
                    index[s], index[active] = index[active], index[s]
                    continue
                if G > 0.0:
                    PG = 0.0
            pg_max = max(pg_max, PG)
            pg_min = min(pg_min, PG)
            if abs(PG) > 1.0e-12:
                old = alpha[i]
                alpha[i] = max(old - G / qd[i], 0.0)
                step = (alpha[i] - old) * y[i]
                if unit:
                    for j in range(starts[i], ends[i]):
                        w[indices[j]] += step
                else:
                    for j in range(starts[i], ends[i]):
                        w[indices[j]] += step * data[j]
                w[p] += step * bias
            s += 1
        epoch += 1
        spread = pg_max - pg_min
        if spread <= tol:  # liblinear's own stop, once no row is shrunk
            if active == n:
                return epoch, True, _gaps(data, indices, starts, ends, y, C, bias, alpha, w, False, scratch)[0]
            active = n
            pg_max_old = np.inf
            continue
        near = check < checks.size and spread <= checks[check] * tol
        if near or (every > 0 and epoch % every == 0):
            while check < checks.size and spread <= checks[check] * tol:
                check += 1
            # valid with rows shrunk too: D(α) is a lower bound for any α >= 0, and P(w) reads every row
            gap, paired = _gaps(data, indices, starts, ends, y, C, bias, alpha, w, near, scratch)
            if gap <= gap_tol or paired <= paired_gap:
                return epoch, True, min(gap, paired)
            if not near:  # a periodic check
                if gap > 0.5 * last_gap:  # stalled: the rows shrunk away may be wrong; take them all again
                    active = n
                    pg_max_old = np.inf
                    last_gap = np.inf
                    continue
                last_gap = gap
        pg_max_old = pg_max if pg_max > 0.0 else np.inf
    return epoch, False, _gaps(data, indices, starts, ends, y, C, bias, alpha, w, False, scratch)[0]
