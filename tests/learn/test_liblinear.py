"""fsviz.learn._liblinear against scikit-learn's LinearSVC: the same coefficients in mode "sklearn", the same
weighted problem with merged rows, the same optimum in mode "fastest", and the convergence check."""

import numpy as np
import pytest
from scipy import sparse
from sklearn.svm import LinearSVC

from fsviz.learn import _liblinear as liblinear
from fsviz.learn import classifiers
from fsviz.learn._liblinear import DUAL_FROM, DUAL_GAP, GAP_TOLERANCE, LinearFit, LinearSVCSolver, merge_rows
from fsviz.learn._row_cuts import cut_rows, prefix_ends
from fsviz.learn.classifiers import fast_fit, fast_predict, make_classifier


def _data(n_docs, n_features, seed=4, density=0.1):
    rng = np.random.default_rng(seed)
    X = sparse.csr_matrix((rng.random((n_docs, n_features)) < density).astype(np.float64))
    return X, rng.random(n_docs) < 0.3


def _fit(solver, X):
    return solver.fit(X.data, X.indices, X.indptr, X.shape[1])


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
@pytest.mark.parametrize("params", [{}, {"C": 0.1}, {"dual": True}, {"dual": False}, {"loss": "hinge"},
                                    {"fit_intercept": False}, {"penalty": "l1", "dual": False},
                                    {"intercept_scaling": 3.0, "tol": 1e-2}, {"max_iter": 5}])
def test_sklearn_mode_gives_linear_svc_fits_coefficients(params):
    for n_features in (5, 300):  # fewer and more features than documents: primal and dual solvers
        X, y = _data(120, n_features)
        fast = fast_fit(make_classifier("svm", params), X, y, solver="sklearn")
        plain = LinearSVC(**{"random_state": 0, **params}).fit(X, y)
        np.testing.assert_array_equal(fast.coef_, plain.coef_)
        np.testing.assert_array_equal(fast.intercept_, plain.intercept_)
        np.testing.assert_array_equal(fast.classes_, plain.classes_)
        np.testing.assert_array_equal(fast_predict(fast, X), plain.predict(X))


def test_without_liblinears_entry_point_fast_fit_is_linear_svc_fit(monkeypatch):
    monkeypatch.setattr(liblinear, "AVAILABLE", False)
    monkeypatch.setattr(classifiers, "_fit_liblinear", None)
    X, y = _data(80, 40)
    fast = fast_fit(make_classifier("svm"), X, y)
    np.testing.assert_array_equal(fast.coef_, LinearSVC(random_state=0).fit(X, y).coef_)


def test_merge_rows_by_hand():
    #       row: 0      1      2    3   4       5   6
    rows = [[0, 2], [0, 2], [2], [], [0, 2], [], [1]]
    y = np.array([True, True, False, False, False, False, True])
    X = sparse.csr_matrix((np.ones(sum(map(len, rows))), np.concatenate(rows).astype(np.int32),
                           np.cumsum([0] + [len(r) for r in rows]).astype(np.int32)), shape=(7, 3))
    data, indices, indptr, labels, weights = merge_rows(X.data, X.indices, X.indptr, 3, y)
    merged = sparse.csr_matrix((data, indices, indptr), shape=(labels.size, 3)).toarray()
    # first occurrences in order: 0 (with 1), 2, 3 (with 5), 4 (same words as 0, other label), 6
    np.testing.assert_array_equal(merged, [[1, 0, 1], [0, 0, 1], [0, 0, 0], [1, 0, 1], [0, 1, 0]])
    np.testing.assert_array_equal(labels, [True, False, False, False, True])
    np.testing.assert_array_equal(weights, [2, 1, 2, 1, 1])


def test_merge_rows_tells_values_apart_and_leaves_distinct_rows_alone():
    X = sparse.csr_matrix(np.array([[1.0, 0.0], [2.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
    y = np.zeros(4, dtype=bool)
    *_, weights = merge_rows(X.data, X.indices, X.indptr, 2, y)
    np.testing.assert_array_equal(weights, [2, 1, 1])
    distinct = sparse.csr_matrix(np.eye(3))
    data, indices, indptr, labels, weights = merge_rows(distinct.data, distinct.indices, distinct.indptr, 3, y[:3])
    assert weights.tolist() == [1.0, 1.0, 1.0] and indptr.tolist() == [0, 1, 2, 3]


def test_merged_rows_are_the_same_weighted_problem_to_liblinear():
    """The primal fit on merged rows is LinearSVC.fit on those rows with their counts as sample weights,
    at the tolerance rescaled to liblinear's min(pos, neg) / rows of the unmerged problem."""
    X, y = _data(200, 6, seed=7, density=0.2)  # 6 columns: many repeated patterns
    solver = LinearSVCSolver(make_classifier("svm"), y)
    fit = solver._by_rule(False, X.data, X.indices, X.indptr, X.shape[1])
    data, indices, indptr, labels, weights = merge_rows(X.data, X.indices, X.indptr, X.shape[1], y)
    assert labels.size < y.size / 2
    share = lambda v: max(min(v.sum(), v.size - v.sum()), 1) / v.size  # noqa: E731
    plain = LinearSVC(random_state=0, dual=False, tol=1e-4 * share(y) / share(labels)).fit(
        sparse.csr_matrix((data, indices, indptr), shape=(labels.size, X.shape[1])), labels, sample_weight=weights)
    np.testing.assert_array_equal(fit.coef, plain.coef_[0])
    assert fit.intercept == plain.intercept_[0] and fit.solver == "primal" and fit.converged


def test_many_repeated_rows_reach_the_hand_derived_optimum():
    """One word in every positive document and none of the others: 40 identical positive rows and 160
    identical negative ones. With both margins active the optimum of ½(w² + b²) + C[p(1 − w − b)² + q(1 + b)²]
    solves w = 2Cp(1 − w − b), b = 2Cp(1 − w − b) − 2Cq(1 + b)."""
    p, q, C = 40, 160, 0.01
    X = sparse.csr_matrix(np.r_[np.ones(p), np.zeros(q)][:, None])
    y = np.r_[np.ones(p, dtype=bool), np.zeros(q, dtype=bool)]
    w, b = np.linalg.solve([[1 + 2 * C * p, 2 * C * p], [2 * C * p, 1 + 2 * C * p + 2 * C * q]],
                           [2 * C * p, 2 * C * p - 2 * C * q])
    assert 1 - w - b > 0 and 1 + b > 0  # both margins active, as assumed
    for mode in ("fastest", "sklearn"):
        fit = _fit(LinearSVCSolver(make_classifier("svm", {"C": C, "tol": 1e-8}), y, mode), X)
        assert fit.coef[0] == pytest.approx(w, abs=1e-6) and fit.intercept == pytest.approx(b, abs=1e-6), mode
    merged = _fit(LinearSVCSolver(make_classifier("svm", {"C": C, "tol": 1e-8}), y), X)
    assert merged.solver == "primal" and merged.n_iter <= 5  # two rows after merging


@pytest.mark.parametrize("n_features", [6, 40, 90, 400])
def test_fastest_mode_reaches_linear_svcs_optimum(n_features):
    X, y = _data(150, n_features, seed=n_features)
    fast = fast_fit(make_classifier("svm"), X, y)
    tight = LinearSVC(random_state=0, dual=False, tol=1e-12, max_iter=100_000).fit(X, y)
    solver = LinearSVCSolver(make_classifier("svm"), y)
    ours = solver._objective(liblinear.LinearFit(fast.coef_[0], fast.intercept_[0], "", 0, True), X.data, X.indices,
                             X.indptr)
    best = solver._objective(liblinear.LinearFit(tight.coef_[0], tight.intercept_[0], "", 0, True), X.data,
                             X.indices, X.indptr)
    assert best <= ours <= best * (1 + 1e-5)
    np.testing.assert_allclose(fast.coef_, tight.coef_, atol=2e-3)
    np.testing.assert_array_equal(fast_predict(fast, X), tight.predict(X))


def test_the_rule_takes_the_dual_solver_from_a_share_of_the_rows():
    X, y = _data(300, 400, seed=2)
    solver = LinearSVCSolver(make_classifier("svm"), y)
    below, above = int(DUAL_FROM * 300) - 1, int(np.ceil(DUAL_FROM * 300))
    assert _fit(solver, X[:, :below].tocsr()).solver == "primal"
    assert _fit(solver, X[:, :above].tocsr()).solver == "dual"
    assert LinearSVCSolver(make_classifier("svm"), y, "sklearn").fit(
        *(lambda m: (m.data, m.indices, m.indptr, m.shape[1]))(X[:, :above].tocsr())).solver == "primal"


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
@pytest.mark.parametrize(("mode", "params"), [("fastest", {}), ("sklearn", {}), ("fastest", {"max_iter": 2})])
@pytest.mark.parametrize("k", [30, 90, 300])  # merged primal, primal, dual (k >= 300 / 4)
def test_a_fit_on_rows_prefixes_is_the_fit_on_them_cut(mode, params, k):
    """The dual solver reads each row's prefix in place, the others (and the check after a fit stopped at
    max_iter) get it cut: the same bits either way."""
    X, y = _data(300, 400, seed=8)
    data, indices, indptr = X.data, X.indices, X.indptr
    ends = prefix_ends(indices, indptr, k)
    solver = LinearSVCSolver(make_classifier("svm", params), y, mode)
    in_place = solver.fit(data, indices, indptr, k, ends)
    cut = solver.fit(*cut_rows(data, indices, indptr[:-1], ends), k)
    assert in_place.solver == cut.solver and in_place.n_iter == cut.n_iter
    assert in_place.coef.tobytes() == cut.coef.tobytes() and in_place.intercept == cut.intercept
    assert in_place.coef.size == k


def test_a_fit_stopped_at_max_iter_is_solved_again_and_keeps_the_lower_objective():
    X, y = _data(200, 150, seed=3)
    solver = LinearSVCSolver(make_classifier("svm", {"max_iter": 2}), y)
    fit = _fit(solver, X)
    assert fit.solver == "dual+primal" and fit.resolved and not fit.converged  # 150 columns >= 200 / 3: dual first
    objective = lambda f: solver._objective(f, X.data, X.indices, X.indptr)  # noqa: E731
    first = solver._by_rule(True, X.data, X.indices, X.indptr, X.shape[1])
    second = solver._by_rule(False, X.data, X.indices, X.indptr, X.shape[1])
    assert objective(fit) == min(objective(first), objective(second))
    converged = _fit(LinearSVCSolver(make_classifier("svm"), y), X)
    assert converged.solver in ("primal", "dual") and converged.converged and not converged.resolved


def test_a_fit_stopped_at_max_iter_within_the_gap_tolerance_is_kept():
    X, y = _data(200, 150, seed=3)
    tight = _fit(LinearSVCSolver(make_classifier("svm", {"tol": 1e-8}), y), X)
    solver = LinearSVCSolver(make_classifier("svm", {"tol": 1e-8}), y)
    assert solver._gap(tight, X.data, X.indices, X.indptr, X.shape[1]) <= GAP_TOLERANCE / 100
    solver._by_rule = lambda dual, *args: LinearFit(tight.coef, tight.intercept, "dual", 1000, False)
    kept = _fit(solver, X)
    assert kept.solver == "dual, gap-checked" and kept.converged and not kept.resolved


def test_the_dual_fit_stops_by_its_gap_sooner_than_liblinears_rule_and_within_it():
    X, y = _data(200, 150, seed=3)  # 150 columns >= 200 / 4: the dual solver
    solver = LinearSVCSolver(make_classifier("svm"), y)
    ours = _fit(solver, X)
    liblinears = solver._solve(True, X.data, X.indices, X.indptr, X.shape[1], solver.labels, solver.ones, 1e-4)
    assert ours.solver == "dual" and ours.converged and ours.n_iter < liblinears.n_iter
    assert ours.gap <= DUAL_GAP or solver._gap(ours, X.data, X.indices, X.indptr, X.shape[1]) <= GAP_TOLERANCE
    tight = _fit(LinearSVCSolver(make_classifier("svm", {"tol": 1e-10, "max_iter": 100_000}), y), X)
    optimum = solver._objective(tight, X.data, X.indices, X.indptr)
    assert optimum <= solver._objective(ours, X.data, X.indices, X.indptr) <= optimum * (1 + GAP_TOLERANCE)


def test_a_dual_fit_is_one_solve_never_a_second_from_the_start(monkeypatch):
    X, y = _data(200, 190, seed=3)
    calls, solve = [], liblinear.dual_cd.fit
    monkeypatch.setattr(liblinear.dual_cd, "fit", lambda *args, **kw: calls.append(args) or solve(*args, **kw))
    solver = LinearSVCSolver(make_classifier("svm"), y)
    monkeypatch.setattr(solver, "_solve", lambda *args: pytest.fail("liblinear solved a dual fit"))
    kept = _fit(solver, X)
    assert len(calls) == 1 and kept.solver == "dual" and kept.converged


def test_a_dual_fit_stopped_at_max_iter_within_the_gap_is_gap_checked():
    X, y = _data(200, 150, seed=3)
    tight = _fit(LinearSVCSolver(make_classifier("svm", {"tol": 1e-10, "max_iter": 100_000}), y), X)
    solver = LinearSVCSolver(make_classifier("svm"), y)
    solver._dual = lambda *args: LinearFit(tight.coef, tight.intercept, "dual", 1000, False)
    kept = _fit(solver, X)
    assert kept.solver == "dual, gap-checked" and kept.converged and not kept.resolved
    # its own gap counts too: a w the paired dual point cannot vouch for, with the solver's gap within
    far = LinearFit(tight.coef * 1.1, tight.intercept, "dual", 1000, False, GAP_TOLERANCE / 2)
    assert solver._gap(far, X.data, X.indices, X.indptr, X.shape[1]) > GAP_TOLERANCE
    solver._dual = lambda *args: far
    assert _fit(solver, X).solver == "dual, gap-checked"


@pytest.mark.parametrize("params", [{}, {"C": 0.05}, {"intercept_scaling": 2.5}, {"fit_intercept": False}])
def test_the_duality_gap_bounds_the_distance_to_the_optimum(params):
    """Weak duality: for any w the gap is >= P(w) − P(w*) >= 0, and it closes at the optimum."""
    X, y = _data(120, 30, seed=8)
    solver = LinearSVCSolver(make_classifier("svm", {**params, "tol": 1e-10, "max_iter": 100_000}), y)
    best = _fit(solver, X)
    optimum = solver._objective(best, X.data, X.indices, X.indptr)
    assert solver._gap(best, X.data, X.indices, X.indptr, X.shape[1]) < 1e-8
    rng = np.random.default_rng(0)
    for scale in (1e-3, 1e-1, 1.0):
        shift = scale if params.get("fit_intercept", True) else 0.0
        w = LinearFit(best.coef + scale * rng.normal(size=30), best.intercept + shift, "", 0, True)
        primal = solver._objective(w, X.data, X.indices, X.indptr)
        assert solver._gap(w, X.data, X.indices, X.indptr, X.shape[1]) * primal >= primal - optimum - 1e-9


def test_the_objective_is_liblinears_primal_objective():
    X = sparse.csr_matrix(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
    y = np.array([True, False, True])
    solver = LinearSVCSolver(make_classifier("svm", {"C": 2.0}), y)
    fit = liblinear.LinearFit(np.array([0.5, -1.0]), 0.25, "", 0, True)
    margins = np.array([0.75, -0.75, -0.25]) * np.array([1, -1, 1])  # y · (w·x + b)
    expected = 0.5 * (0.25 + 1.0 + 0.0625) + 2.0 * np.sum(np.maximum(0, 1 - margins) ** 2)
    assert solver._objective(fit, X.data, X.indices, X.indptr) == pytest.approx(expected, rel=1e-15)


def test_an_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="fastest, sklearn"):
        LinearSVCSolver(make_classifier("svm"), np.array([True, False]), "quick")


@pytest.mark.parametrize("c_loops", [True, False])
def test_the_gaps_products_equal_scipys(monkeypatch, c_loops):
    if not c_loops:  # the numpy fall-back, if scipy's private loops move
        monkeypatch.setattr(liblinear, "_csr_matvec", None)
        monkeypatch.setattr(liblinear, "_csc_matvec", None)
    X = sparse.random(50, 30, density=0.2, random_state=1, format="csr")
    x, z = np.random.default_rng(0).normal(size=30), np.random.default_rng(1).normal(size=50)
    np.testing.assert_allclose(liblinear._times(X.data, X.indices, X.indptr, x), X @ x, rtol=1e-12)
    np.testing.assert_allclose(liblinear._transposed_times(X.data, X.indices, X.indptr, 30, z), X.T @ z, rtol=1e-12)
