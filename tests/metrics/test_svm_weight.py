"""``svm_w`` (Goutte eq. 2) against scikit-learn's LinearSVC: the same optimum, to the solvers' tolerance.

``svm_weight`` fits with :class:`fsviz.learn._liblinear.LinearSVCSolver` (the dual solver from a quarter as many words as
documents, stopped by its duality gap) where ``LinearSVC.fit`` takes the primal solver below as many words as
documents. Both stop near the same optimum; the tolerances below say how near, on a few thousand documents:
Spearman's ρ of the scores > 0.999 and at least 97 of the top 100 words shared, and as close to a tight optimum
(tol 1e-8) as LinearSVC's own answer, up to the tolerance's slack. With as many words as documents scikit-learn
solves the dual too, and the fit is LinearSVC.fit's to the bit.
"""

import warnings

import numpy as np
import pytest
from conftest import shared
from scipy import sparse
from scipy.stats import spearmanr
from sklearn.svm import LinearSVC

import fsviz
from fsviz.learn import _liblinear as liblinear
from fsviz.metrics.counts import Training
from fsviz.selection import score_words


def zipf_training(n_docs=3000, n_words=1500, seed=0) -> Training:
    """Zipfian documents of about 40 words, two classes (30% positive), each with 100 words of its own topic."""
    rng = np.random.default_rng(seed)
    y = rng.random(n_docs) < 0.3
    p = 1 / (np.arange(n_words) + 2.7)
    rows, cols = [], []
    for d in range(n_docs):
        words = rng.choice(n_words, size=rng.poisson(40), p=p / p.sum())
        topic = rng.integers(0, 100, size=rng.poisson(8)) * 7 + (3 if y[d] else 5)
        for w in np.unique(np.concatenate([words, topic % n_words])):
            rows.append(d)
            cols.append(w)
    X = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n_docs, n_words))
    return Training(X, np.column_stack([y, ~y]), positive=0)


def sklearn_scores(training, **options) -> np.ndarray:
    presence = training.presence
    mean = np.asarray(presence.sum(axis=0)).ravel() / presence.shape[0]  # exactly 1 for a word in every document
    std = np.sqrt(mean * (1 - mean))  # presence is 0/1, so E[x²] = E[x]; no dense copy (7.9 GB on 20 Newsgroups)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(random_state=0, **options).fit(training.presence, training.y)
    return np.abs(svm.coef_[0] * std)


def top(scores, k=100) -> set:
    return set(np.argsort(-scores, kind="stable")[:k].tolist())


def assert_same_optimum(training):
    fast, reference = score_words("svm_w", training), sklearn_scores(training)
    tight = sklearn_scores(training, dual=True, tol=1e-8, max_iter=100_000)
    assert spearmanr(fast, reference)[0] > 0.999
    assert len(top(fast) & top(reference)) >= 97
    # Neither is the optimum itself; the fast answer is as close to it as LinearSVC's, within the tolerance's slack.
    assert np.linalg.norm(fast - tight) <= max(2 * np.linalg.norm(reference - tight), 1e-3 * np.linalg.norm(tight))
    return fast, reference


def test_svm_w_matches_linearsvc_where_sklearn_solves_the_primal():
    # 1,500 words on 3,000 documents: LinearSVC's dual="auto" takes the primal solver, svm_weight the dual one.
    training = zipf_training()
    assert training.n_words < training.n_docs and training.n_words >= liblinear.DUAL_FROM * training.n_docs
    assert_same_optimum(training)


def test_svm_w_matches_linearsvc_on_la1():
    # la1: 3,204 documents, 31,472 words; both take the dual solver here (svm_weight's stopped by its duality gap).
    corpus = fsviz.load_corpus(shared("la1"))
    assert_same_optimum(corpus.training(corpus.classes[0]))


def test_svm_w_without_the_private_entry_point_is_linearsvc_fit(monkeypatch):
    training = zipf_training(n_docs=400, n_words=200)
    monkeypatch.setattr(liblinear, "AVAILABLE", False)
    expected = sklearn_scores(training)
    assert score_words("svm_w", training) == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_svm_w_with_unsorted_indices_is_the_same():
    training = zipf_training(n_docs=400, n_words=200)
    expected = score_words("svm_w", training)
    X = training.presence.copy()
    for d in range(X.shape[0]):  # reverse each row's entries: the same matrix, unsorted
        span = slice(X.indptr[d], X.indptr[d + 1])
        X.indices[span], X.data[span] = X.indices[span][::-1].copy(), X.data[span][::-1].copy()
    X.has_sorted_indices = False
    shuffled = Training(X, training.Y, positive=0)
    assert score_words("svm_w", shuffled) == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_svm_w_needs_both_classes():
    training = zipf_training(n_docs=200, n_words=100)
    only = Training(training.X_tf, np.column_stack([np.ones(200, bool), np.zeros(200, bool)]), positive=0)
    with pytest.raises(ValueError):
        score_words("svm_w", only)


def test_svm_w_is_linearsvc_fit_where_sklearn_solves_the_dual():
    # 20 Newsgroups' comp.graphics, 52,604 words on 18,846 documents: LinearSVC.fit's own fit, to the bit, even its
    # stop at max_iter (1,000 passes, 1.2% from the optimum's scores; see svm_weight).
    corpus = fsviz.load_corpus(shared("20newsgroups", "20news-bydate.tar.gz"))
    training = corpus.training("comp.graphics")
    assert score_words("svm_w", training) == pytest.approx(sklearn_scores(training), rel=1e-12, abs=1e-15)
