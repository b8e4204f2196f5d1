"""LinearSVC's optimum, reached fast: liblinear's own entry point, the solver that gets there first,
duplicate rows merged, a dual solver stopped by its duality gap, and a convergence check.

The grid fits LinearSVC (L2-regularised squared hinge, liblinear) tens of
thousands of times on small column subsets of one training split. Three
things make that slow in ``LinearSVC.fit`` and none of them is the solver's
work (``benchmarks/bench_grid.py`` prints the breakdown):

- about 0.3 ms of Python wraps every fit (label encoding, class weights,
  a new ``RandomState``, input checks) where the solver needs ~0.06 ms at
  k = 10. :class:`LinearSVCSolver` does that work once per batch of fits
  that share the rows and labels, then calls ``liblinear.train_wrap`` with
  the arguments ``LinearSVC.fit`` would pass (a private scikit-learn
  function: ``tests/test_liblinear.py`` checks the coefficients equal
  ``LinearSVC.fit``'s, and :data:`AVAILABLE` is False, so callers use
  ``fit``, if it moves);
- scikit-learn's ``dual="auto"`` takes the primal solver whenever there are
  fewer features than documents, but the dual one reaches the optimum much
  faster once k nears the number of documents;
- at small k many training rows are the same Boolean pattern (16% distinct
  at k = 10 on tr45), and the primal solver then often stops at ``max_iter``.

So in the default mode, ``"fastest"`` (:data:`SOLVER_MODES`), each fit of
the default LinearSVC (``penalty="l2"``, ``loss="squared_hinge"``,
``dual="auto"``):

1. uses the dual solver when k >= :data:`DUAL_FROM` × the rows, the primal
   one below (the rule measured by ``benchmarks/bench_solver.py``);
2. for the primal solver below k = :data:`MERGE_BELOW`, merges rows with the
   same pattern and label into one row weighted by their number. The objective, ½‖w‖² + C Σ sᵢ ξᵢ², is
   the same function of w, so the optimum is too; liblinear's primal
   stopping tolerance scales with min(pos, neg) / rows, so the tolerance
   passed is rescaled to stop where the unmerged problem would. (The dual
   solver stalls with very large weights, so it gets the rows as they are.)
3. runs the dual solver of :mod:`fsviz.learn._dual_cd`: liblinear's, compiled,
   which checks its duality gaps as it nears ``tol`` and stops once they
   prove it close enough (:data:`DUAL_GAP` against its own dual point, or
   :data:`GAP_TOLERANCE` against the one paired with w), and otherwise goes
   on from where it is. It replaced liblinear's dual solver at 10 × ``tol``,
   kept on the same paired-gap check but otherwise solved again from the
   start (liblinear's entry point takes no starting point): 328 of the
   1,741 first passes of a tr45 grid failed, and the solves made again
   were 22% of its time. Ways measured within liblinear and left out:
   tighter first passes as k outgrows the rows (Forman's protocol 1.06 × as
   long), a second pass at 3 × ``tol`` (tr45 0.97 ×, la1 1.02 ×), a rule
   skipping the first pass after a failure at a smaller k (681 good passes
   skipped to save 241), and the primal solver as the second solve (8.5 ×
   slower). ``benchmarks/bench_grid_optimum.py`` counts as many test
   predictions off a tight optimum in all (0 on tr45 and 8 on wap, against
   1 and 7 before);
4. checks convergence: a fit that stops at ``max_iter`` is kept if a
   duality gap (the solver's own, or against the dual point paired with its
   w) proves it within :data:`GAP_TOLERANCE` of the optimum
   (``solver`` says ``"dual, gap-checked"``); otherwise it is solved again
   with the other solver and the answer with the lower objective is kept
   (``"dual+primal"``). :class:`LinearFit` says which solvers were tried and
   whether the kept answer converged (or passed the gap check).

Mode ``"sklearn"`` is ``LinearSVC.fit`` to the bit (its own solver choice, the
rows as given, no second solve), as ``GridSearchCV`` would fit it. Any other
LinearSVC (``dual`` set, another loss or penalty) is fitted the sklearn way
in both modes: fsviz chooses the solver only where scikit-learn would.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sklearn.svm import LinearSVC
from sklearn.utils import check_random_state

from . import _dual_cd as dual_cd
from ._row_cuts import cut_rows

try:  # private scikit-learn functions: if they move, AVAILABLE is False and callers use LinearSVC.fit
    from sklearn.svm import _liblinear
    from sklearn.svm._base import _get_liblinear_solver_type
    from sklearn.svm._classes import _validate_dual_parameter
except ImportError:  # pragma: no cover - depends on the installed scikit-learn
    _liblinear = _get_liblinear_solver_type = _validate_dual_parameter = None
try:  # scipy's C loops behind X @ x and X.T @ x; private, so the products fall back to numpy
    from scipy.sparse._sparsetools import csc_matvec as _csc_matvec
    from scipy.sparse._sparsetools import csr_matvec as _csr_matvec
except ImportError:  # pragma: no cover - depends on the installed scipy
    _csc_matvec = _csr_matvec = None

__all__ = ["AVAILABLE", "DUAL_FROM", "DUAL_GAP", "GAP_TOLERANCE", "MERGE_BELOW", "SOLVER_MODES", "LinearFit",
           "LinearSVCSolver", "available", "merge_rows"]

#: Whether liblinear's entry point is importable (scikit-learn's private ``_liblinear``).
AVAILABLE = _liblinear is not None
#: The dual solver from k >= DUAL_FROM × the training rows: where its mean time per fit falls below the
#: primal one's on tr45, wap, la1, fbis and re1 (between 0.16 and 0.27; ``benchmarks/bench_solver.py``).
DUAL_FROM = 1 / 4
#: Rows are merged below this k: where merging paid on most of those sets (k = 10, 20; at k = 50 and above the
#: rows are mostly distinct and hashing them costs more than it saves).
MERGE_BELOW = 50
#: A fit stopped at ``max_iter`` is kept when its relative duality gap is at most this (``LinearSVCSolver._gap``):
#: as close to the optimum as the primal solver's own converged answers (their gaps on la1 at k = 500 to 2000:
#: median 1e-5 to 4e-4, up to 2e-3; the dual solver's, 1e-7).
GAP_TOLERANCE = 1e-3
#: The dual solver stops once its relative duality gap against its own dual point is within this at scikit-learn's
#: default ``tol`` (1e-4), and within DUAL_GAP × tol / 1e-4 at another (:mod:`fsviz.learn._dual_cd`; looser gaps stopped
#: sooner but moved test predictions off a tight optimum).
DUAL_GAP = 1e-6
#: ``"fastest"``: the rule, merged rows and a second solve; ``"sklearn"``: ``LinearSVC.fit`` exactly.
SOLVER_MODES = ("fastest", "sklearn")
#: Random 64-bit codes of column positions, for hashing rows' patterns (grown on demand).
_CODES = np.random.default_rng(20030301).integers(0, 2**63, size=4096, dtype=np.uint64) * np.uint64(2) + np.uint64(1)


@dataclass(frozen=True)
class LinearFit:
    """One fit: ``coef`` (one per column) and ``intercept`` as LinearSVC's ``coef_[0]`` and
    ``intercept_[0]``; ``solver`` names the solvers tried in order (``"dual"``, ``"primal"``, or
    ``"dual+primal"`` when the first stopped at ``max_iter`` and a second solve was made, whose
    answer with the lower objective is kept); the kept answer's iterations and whether it
    converged; for the dual solver of :mod:`fsviz.learn._dual_cd`, the relative duality gap where it stopped."""

    coef: np.ndarray
    intercept: float
    solver: str
    n_iter: int
    converged: bool
    gap: float = float("nan")

    @property
    def resolved(self) -> bool:
        """Whether a second solver was tried."""
        return "+" in self.solver


class _CSR:
    """The fields liblinear reads of a CSR matrix, without scipy's constructor checks."""

    __slots__ = ("data", "indices", "indptr", "shape", "nnz", "dtype")

    def __init__(self, data, indices, indptr, n_columns):
        self.data, self.indices, self.indptr = data, indices, indptr
        self.shape = (indptr.size - 1, n_columns)
        self.nnz = int(data.size)
        self.dtype = data.dtype


def available() -> bool:
    """:data:`AVAILABLE`, read when called (for modules that bind this one lazily, :mod:`fsviz._lazy`)."""
    return AVAILABLE


def _codes(n: int) -> np.ndarray:
    global _CODES
    if n > _CODES.size:
        extra = np.random.default_rng(_CODES.size).integers(0, 2**63, size=n, dtype=np.uint64) * np.uint64(2) + 1
        _CODES = np.concatenate([_CODES, extra.astype(np.uint64)])
    return _CODES[:n]


def merge_rows(data, indices, indptr, n_columns, y):
    """Rows with the same entries and label merged: (data, indices, indptr, y, weights) of the merged rows.

    Each row is hashed as the sum, modulo 2⁶⁴, of random odd 64-bit codes of
    its columns times its values' bit patterns, and the label is mixed in;
    two different rows share a hash with probability 2⁻⁶⁴. The merged rows
    keep the order of each pattern's first row, so equal input gives equal
    output. Expects CSR with sorted, unique column indices per row.
    """
    n = indptr.size - 1
    lengths = np.diff(indptr)
    values = _codes(n_columns)[indices] * (data.view(np.uint64) | np.uint64(1))
    hashes = np.zeros(n, dtype=np.uint64)
    filled = lengths > 0
    if values.size:
        hashes[filled] = np.add.reduceat(values, indptr[:-1][filled])
    hashes[y] ^= np.uint64(0x9E3779B97F4A7C15)
    _, first, counts = np.unique(hashes, return_index=True, return_counts=True)
    if first.size == n:
        return data, indices, indptr, y, np.ones(n)
    order = np.argsort(first, kind="stable")
    keep, weights = first[order], counts[order].astype(np.float64)
    return *cut_rows(data, indices, indptr[keep], indptr[keep + 1]), y[keep], weights


class LinearSVCSolver:
    """Fits ``model``'s LinearSVC on many column subsets of the same rows and Boolean labels ``y``.

    Parameters
    ----------
    model : LinearSVC
        Unfitted; its parameters are used, it is not changed. One-vs-rest,
        no class weights.
    y : array of bool
        The training labels, both classes present.
    mode : {"fastest", "sklearn"}
        See the module's docstring.
    """

    def __init__(self, model: LinearSVC, y, mode: str = "fastest"):
        if mode not in SOLVER_MODES:
            raise ValueError(f"solver mode must be one of {', '.join(SOLVER_MODES)}, got {mode!r}")
        self.model = model
        self.y = np.asarray(y, dtype=bool)
        self.labels = self.y.astype(np.float64)
        self.chooses = (mode == "fastest" and model.dual == "auto" and model.penalty == "l2"
                        and model.loss == "squared_hinge")
        self.bias = model.intercept_scaling if model.fit_intercept else -1.0
        self.seed = check_random_state(model.random_state).randint(np.iinfo("i").max)
        self.ones = np.ones(self.y.size)
        self.class_weight = np.ones(2)
        pos = int(self.y.sum())
        self.tolerance_share = max(min(pos, self.y.size - pos), 1) / self.y.size
        _liblinear.set_verbosity_wrap(model.verbose)

    def fit(self, data, indices, indptr, n_columns: int, ends=None) -> LinearFit:
        """The fit on the CSR matrix (data, indices, indptr) of the rows × ``n_columns``.

        ``ends``: row i is ``indptr[i]:ends[i]`` (each row's prefix of
        columns below ``n_columns``, as the grid cuts a ranking gathered once). The
        dual solver of :mod:`fsviz.learn._dual_cd` reads them in place; liblinear
        and the convergence check get them cut into a CSR matrix of their own.
        """
        dual = self.chooses and n_columns >= DUAL_FROM * self.y.size
        if ends is not None and not dual:
            data, indices, indptr = cut_rows(data, indices, indptr[:-1], ends)
            ends = None
        if not self.chooses:  # LinearSVC.fit's own solver, every row, one solve
            dual = _validate_dual_parameter(self.model.dual, self.model.loss, self.model.penalty, "ovr",
                                            _CSR(data, indices, indptr, n_columns))
            return self._solve(dual, data, indices, indptr, n_columns, self.labels, self.ones, self.model.tol)
        fit = self._by_rule(dual, data, indices, indptr, n_columns, ends)
        if fit.converged:
            return fit
        if ends is not None:
            data, indices, indptr = cut_rows(data, indices, indptr[:-1], ends)
        bounds = self._primal_dual(fit, data, indices, indptr, n_columns)
        if min(_relative_gap(*bounds), fit.gap) <= GAP_TOLERANCE:  # min: a NaN gap (primal) is never smaller
            return LinearFit(fit.coef, fit.intercept, f"{fit.solver}, gap-checked", fit.n_iter, True, fit.gap)
        other = self._by_rule(not dual, data, indices, indptr, n_columns)
        # The lower objective, not the converged flag: the dual solver stopped at max_iter is often still
        # closer to the optimum than the primal one's (looser) stopping point.
        best, bounds = min(((fit, bounds), (other, self._primal_dual(other, data, indices, indptr, n_columns))),
                           key=lambda candidate: candidate[1][0])
        converged = best.converged or _relative_gap(*bounds) <= GAP_TOLERANCE
        return LinearFit(best.coef, best.intercept, f"{fit.solver}+{other.solver}", best.n_iter, converged)

    def _dual(self, data, indices, indptr, n_columns, ends=None) -> LinearFit:
        """The dual solver of :mod:`fsviz.learn._dual_cd`, stopped when its own duality gap is within :data:`DUAL_GAP`
        (scaled by ``tol``), the one paired with w within :data:`GAP_TOLERANCE`, or its projected gradients within
        ``tol``."""
        model = self.model
        bias = model.intercept_scaling if model.fit_intercept else 0.0
        w, n_iter, converged, gap = dual_cd.fit(data, indices, indptr, n_columns, self.y, model.C, bias, model.tol,
                                                DUAL_GAP * model.tol / 1e-4, model.max_iter, self.seed,
                                                paired_gap=GAP_TOLERANCE, ends=ends)
        return LinearFit(w[:-1], float(bias * w[-1]), "dual", n_iter, converged, gap)

    def _by_rule(self, dual, data, indices, indptr, n_columns, ends=None):
        if dual:
            return self._dual(data, indices, indptr, n_columns, ends)
        if n_columns >= MERGE_BELOW:
            return self._solve(dual, data, indices, indptr, n_columns, self.labels, self.ones, self.model.tol)
        return self._merged_primal(data, indices, indptr, n_columns)

    def _merged_primal(self, data, indices, indptr, n_columns):
        """The primal solver on the rows merged by :func:`merge_rows`, stopping where the unmerged problem would."""
        data, indices, indptr, y, weights = merge_rows(data, indices, indptr, n_columns, self.y)
        pos = int(y.sum())
        share = max(min(pos, y.size - pos), 1) / y.size  # liblinear's primal tolerance is tol × share
        return self._solve(False, data, indices, indptr, n_columns, y.astype(np.float64), weights,
                           self.model.tol * self.tolerance_share / share)

    def _solve(self, dual, data, indices, indptr, n_columns, labels, weights, tol) -> LinearFit:
        model = self.model
        solver_type = _get_liblinear_solver_type("ovr", model.penalty, model.loss, dual)
        raw, n_iter = _liblinear.train_wrap(
            _CSR(data, indices, indptr, n_columns), labels, True, solver_type, tol, self.bias, model.C,
            self.class_weight, model.max_iter, self.seed, 0.1, weights)
        n_iter = int(np.max(n_iter))
        if model.fit_intercept:
            coef, intercept = raw[0, :-1], float(model.intercept_scaling * raw[0, -1])
        else:
            coef, intercept = raw[0], 0.0
        return LinearFit(coef, intercept, "dual" if dual else "primal", n_iter, n_iter < model.max_iter)

    def _objective(self, fit: LinearFit, data, indices, indptr) -> float:
        """The primal objective ½(‖w‖² + b²) + C Σ max(0, 1 − yᵢ(w·xᵢ + b))² on the unmerged rows
        (liblinear regularises the intercept's weight b / intercept_scaling)."""
        return self._primal_dual(fit, data, indices, indptr)[0]

    def _gap(self, fit: LinearFit, data, indices, indptr, n_columns) -> float:
        """The relative duality gap (P(w) − D(α(w))) / P(w): an upper bound on how far ``fit`` is above the
        optimum, as a share of its objective."""
        return _relative_gap(*self._primal_dual(fit, data, indices, indptr, n_columns))

    def _primal_dual(self, fit, data, indices, indptr, n_columns=None):
        """P(w), and D(α) at αᵢ = 2C·max(0, 1 − yᵢ(w·xᵢ + b)), the dual point the KKT conditions pair with w:
        D(α) = Σαᵢ − ½‖Σ αᵢyᵢx̃ᵢ‖² − Σαᵢ²/(4C), x̃ with the bias feature. Any α ≥ 0 gives D(α) ≤ the optimum,
        so P(w) − D(α) bounds how far w is from it (L2-regularised squared hinge: liblinear's both solvers)."""
        model = self.model
        signs = np.where(self.y, 1.0, -1.0)
        margins = _times(data, indices, indptr, fit.coef) + fit.intercept
        slack = np.maximum(0.0, 1.0 - signs * margins)
        bias = fit.intercept / model.intercept_scaling if model.fit_intercept else 0.0
        primal = 0.5 * (float(fit.coef @ fit.coef) + bias * bias) + model.C * float(slack @ slack)
        if n_columns is None:
            return primal, None
        alpha_y = 2 * model.C * slack * signs
        v = _transposed_times(data, indices, indptr, n_columns, alpha_y)
        v_bias = model.intercept_scaling * alpha_y.sum() if model.fit_intercept else 0.0
        dual = 2 * model.C * slack.sum() - 0.5 * (float(v @ v) + v_bias * v_bias) - model.C * float(slack @ slack)
        return primal, dual


def _times(data, indices, indptr, x):
    """X @ x for the CSR matrix (data, indices, indptr)."""
    if _csr_matvec is None:  # the installed scipy lacks the private loop (tested by switching it off)
        rows = np.repeat(np.arange(indptr.size - 1), np.diff(indptr))
        return np.bincount(rows, weights=data * x[indices], minlength=indptr.size - 1)
    out = np.zeros(indptr.size - 1)
    _csr_matvec(indptr.size - 1, x.size, indptr, indices, data, x, out)
    return out


def _transposed_times(data, indices, indptr, n_columns, z):
    """X.T @ z for the CSR matrix (data, indices, indptr) of ``n_columns`` columns (X's CSR is Xᵀ's CSC)."""
    if _csc_matvec is None:  # the installed scipy lacks the private loop (tested by switching it off)
        rows = np.repeat(np.arange(indptr.size - 1), np.diff(indptr))
        return np.bincount(indices, weights=data * z[rows], minlength=n_columns)
    out = np.zeros(n_columns)
    _csc_matvec(n_columns, indptr.size - 1, indptr, indices, data, z, out)
    return out


def _relative_gap(primal: float, dual: float) -> float:
    """(P − D) / P, 0 when P is 0 (w = 0 with every margin met)."""
    return (primal - dual) / primal if primal > 0 else 0.0
