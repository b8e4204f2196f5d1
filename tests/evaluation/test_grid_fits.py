"""A cell's fits (fsviz.evaluation.grid.fits): the gathered columns are scipy's, the one-product predictions are each
fit's own, Naive Bayes is MultinomialNB's, and the solver choice reaches the table, the key and old files."""

import json
import warnings

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import sparse
from sklearn.naive_bayes import MultinomialNB
from sklearn.svm import LinearSVC

import fsviz
from fsviz.evaluation.grid import ALL, GridConfig, cell_splits, load_results, run_grid, run_key
from fsviz.evaluation.grid.fits import CellFits, gather_columns
from fsviz.learn import _liblinear as liblinear
from fsviz.learn.classifiers import fast_fit, fast_predict, make_classifier


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=300, n_classes=3, random_state=11).load()


def _split(corpus, name):
    X = sparse.csr_matrix(corpus.X, dtype=np.float64)
    y = corpus.y(name)
    train, test = cell_splits(y, GridConfig(trials=1), 0)[0]
    return X[train], y[train], X[test], y[test]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 30), st.floats(0.0, 0.6), st.integers(0, 2**32 - 1), st.data())
def test_gathered_columns_are_scipys(n_rows, n_columns, density, seed, data):
    rng = np.random.default_rng(seed)
    X = sparse.random(n_rows, n_columns, density=density, format="csc", random_state=rng, dtype=np.float64)
    columns = np.array(sorted(data.draw(st.sets(st.integers(0, n_columns - 1), min_size=1))))
    expected = X[:, columns].tocsr()
    expected.sort_indices()
    values, indices, indptr = gather_columns(X, columns)
    assert indices.dtype == indptr.dtype == np.int32
    np.testing.assert_array_equal(indptr, expected.indptr)
    np.testing.assert_array_equal(indices, expected.indices)
    np.testing.assert_array_equal(values, expected.data)


@pytest.mark.parametrize(("classifier", "solver"), [("svm", "sklearn"), ("svm", "fastest"), ("nb", "fastest"),
                                                    ("knn", "fastest"), ("centroid", "fastest")])
def test_one_product_predicts_what_each_fit_predicts_alone(corpus, classifier, solver):
    X_train, y_train, X_test, _ = _split(corpus, corpus.classes[0])
    fits = CellFits(classifier, (), X_train, y_train, X_test, solver)
    rng = np.random.default_rng(1)
    subsets = [None] + [np.sort(rng.choice(X_train.shape[1], k, replace=False)) for k in (3, 10, 40, 150)]
    for columns in subsets:
        fits.fit(columns)
    predicted = fits.predictions()
    for i, columns in enumerate(subsets):
        train = X_train if columns is None else X_train.tocsc()[:, columns].tocsr()
        test = X_test if columns is None else X_test.tocsc()[:, columns].tocsr()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = fast_fit(make_classifier(classifier), train, y_train, solver=solver)
        np.testing.assert_array_equal(predicted[:, i], fast_predict(model, test), err_msg=f"fit {i}")


@pytest.mark.parametrize("solver", ["fastest", "sklearn"])
def test_a_rankings_prefixes_are_fitted_on_its_columns_in_rank_order(corpus, solver):
    """After rank(ranking), a fit on ranking[:k] (in the fastest mode) is the solver's fit on the columns in rank
    order, to the bit; a set that is not a prefix, or the sklearn mode, is fitted on its sorted columns as
    before. The one product predicts with each fit's weights."""
    X_train, y_train, X_test, _ = _split(corpus, corpus.classes[1])
    fits = CellFits("svm", (), X_train, y_train, X_test, solver)
    ranking = np.random.default_rng(2).permutation(X_train.shape[1])[:400]
    fits.rank(ranking)
    sets = [ranking[:k] for k in (10, 60, 400, 150)] + [np.sort(ranking[5:90])]  # 150 after 400; not a prefix
    for columns in sets:
        fits.fit(columns)
    predicted = fits.predictions()
    solver_alone = liblinear.LinearSVCSolver(make_classifier("svm"), y_train, solver)
    csc, test_csc = X_train.tocsc(), X_test.tocsc()
    for i, columns in enumerate(sets):
        prefix = solver == "fastest" and np.array_equal(columns, ranking[:columns.size])
        order = columns if prefix else np.sort(columns)
        alone = solver_alone.fit(*gather_columns(csc, order), order.size)
        kept, (coef,), (intercept,) = fits._linear[i]
        np.testing.assert_array_equal(kept, order)
        assert coef.tobytes() == alone.coef.tobytes() and intercept == alone.intercept
        by_word = np.argsort(order)  # the product sums each document's words in ascending order
        scores = test_csc[:, order[by_word]].tocsr() @ alone.coef[by_word] + alone.intercept
        np.testing.assert_array_equal(predicted[:, i], scores > 0, err_msg=f"fit {i}")


def test_naive_bayes_fits_are_multinomial_nbs_to_the_bit(corpus):
    X_train, y_train, X_test, _ = _split(corpus, corpus.classes[1])
    fits = CellFits("nb", (("alpha", 0.5),), X_train, y_train, X_test)
    columns = np.sort(np.random.default_rng(3).choice(X_train.shape[1], 25, replace=False))
    fits.fit(columns)
    model = MultinomialNB(alpha=0.5).fit(X_train[:, columns], y_train)
    np.testing.assert_array_equal(fits._nb.feature_log_prob_, model.feature_log_prob_)
    np.testing.assert_array_equal(fits._nb.class_log_prior_, model.class_log_prior_)
    jll = model.predict_joint_log_proba(X_test[:, columns])
    np.testing.assert_array_equal(fits._scores(0), jll[:, [0]])
    np.testing.assert_array_equal(fits.predictions()[:, 0], model.predict(X_test[:, columns]))


def test_the_grid_in_sklearn_mode_is_plain_linear_svc_on_every_fit(corpus):
    config = GridConfig(metrics=("bns", "ig"), ks=(5, 40, 200), trials=1, folds=3, solver="sklearn")
    results = run_grid(corpus, config, n_jobs=1).results
    assert set(results["solver"]) <= {"primal", "dual"}
    X = corpus.X.astype(np.float64).tocsr()
    for name in corpus.classes:
        y = corpus.y(name)
        rows = results.query("`class` == @name").set_index(["metric", "k", "fold"])
        for fold, (train, test) in enumerate(cell_splits(y, config, 0)):
            for metric, k in [(ALL, X.shape[1]), ("bns", 40), ("ig", 200)]:
                row = rows.loc[(metric, k, fold)]
                columns = np.arange(X.shape[1]) if metric == ALL else np.sort(fsviz.evaluation.grid.fold_rankings(
                    X[train], y[train], [metric], k).rankings[metric])
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    model = LinearSVC(random_state=0).fit(X[train][:, columns], y[train])
                predicted = model.predict(X[test][:, columns])
                assert (row.tp, row.fp, row.fn) == (np.sum(predicted & y[test]), np.sum(predicted & ~y[test]),
                                                    np.sum(~predicted & y[test]))


def test_the_fastest_grid_is_no_further_from_a_tightly_solved_svm_than_sklearns(corpus):
    """Test predictions that differ from LinearSVC solved to tol 1e-10, over every fit: the fastest
    grid's count is not above the sklearn way's (on this corpus both miss one near-tie document)."""
    metrics, ks = ("bns", "chi", "dfreq"), (3, 20, 100, 400)
    runs = {mode: run_grid(corpus, GridConfig(metrics=metrics, ks=ks, trials=1, folds=3, solver=mode), n_jobs=1)
            .results.set_index(["class", "metric", "k", "fold"]) for mode in ("fastest", "sklearn")}
    assert runs["fastest"]["converged"].all() and {"primal", "dual"} <= set(runs["fastest"]["solver"])
    X = corpus.X.astype(np.float64).tocsr()
    differ = dict.fromkeys(runs, 0)
    for name in corpus.classes:
        y = corpus.y(name)
        for fold, (train, test) in enumerate(cell_splits(y, GridConfig(trials=1, folds=3), 0)):
            rankings = fsviz.evaluation.grid.fold_rankings(X[train], y[train], list(metrics), max(ks)).rankings
            for metric, ranking in rankings.items():
                for k in ks:
                    columns = np.sort(ranking[:k])
                    tight = LinearSVC(dual=False, tol=1e-10, max_iter=100_000).fit(X[train][:, columns], y[train])
                    predicted = tight.predict(X[test][:, columns])
                    for mode, rows in runs.items():
                        row = rows.loc[(name, metric, k, fold)]
                        differ[mode] += abs(row.tp - np.sum(predicted & y[test])) + abs(
                            row.fp - np.sum(predicted & ~y[test]))
    assert differ["fastest"] <= differ["sklearn"] <= 2


def test_the_solver_choice_keys_svm_runs_only_and_old_files_read_as_sklearn(corpus, tmp_path):
    svm, nb = GridConfig(metrics=("bns",), ks=(10,)), GridConfig(metrics=("bns",), ks=(10,), classifier="nb")
    assert run_key(svm, [corpus]) != run_key(GridConfig(metrics=("bns",), ks=(10,), solver="sklearn"), [corpus])
    assert run_key(nb, [corpus]) == run_key(GridConfig(metrics=("bns",), ks=(10,), classifier="nb",
                                                       solver="sklearn"), [corpus])
    with pytest.raises(ValueError, match="`solver` must be one of fastest, sklearn"):
        GridConfig(solver="quick")
    run = run_grid(corpus, GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=2, solver="sklearn"), n_jobs=1)
    old = pa_without_fit_columns(run, tmp_path / "old.parquet")
    loaded = load_results(old)
    assert loaded.config.solver == "sklearn" and loaded.results["solver"].eq("").all()
    assert loaded.results["converged"].all() and loaded.solver_counts() == (0, 0, 0)
    pd.testing.assert_frame_equal(loaded.results.drop(columns=["solver", "converged"]),
                                  run.results.drop(columns=["solver", "converged"]))


def pa_without_fit_columns(run, path):
    """The run saved as a file written before the solver and converged columns (and config field) existed."""
    table = pa.Table.from_pandas(run.results.drop(columns=["solver", "converged"]), preserve_index=False)
    config = run.config.to_dict()
    config.pop("solver")
    meta = {b"fsviz": json.dumps({"config": config, "skipped": [], "complete": True, "cells_total": run.cells_total,
                                  "key": run.key}, default=str).encode()}
    pq.write_table(table.replace_schema_metadata(meta), path)
    return path
