"""kNN (cosine and Okapi), the centroid classifier and the fast LinearSVC fit, against scikit-learn, numpy
and hand-worked cases."""

import math

import numpy as np
import pytest
from scipy import sparse
from sklearn.base import clone
from sklearn.neighbors import KNeighborsClassifier

from fsviz.evaluation.grid import ALL, GridConfig, cell_splits, run_grid
from fsviz.learn.classifiers import CentroidClassifier, CosineKNN, OkapiKNN, make_classifier


def data(seed=0, n=80, d=12, classes=3):
    rng = np.random.default_rng(seed)
    X = rng.random((n, d)) * (rng.random((n, d)) < 0.5)
    X[X.sum(axis=1) == 0, 0] = 1.0
    return X, rng.integers(0, classes, n)


@pytest.mark.parametrize("k", [1, 5, 10])
def test_cosine_knn_equals_sklearn_with_cosine_similarity_weights(k):
    X, y = data()
    train, test = np.arange(60), np.arange(60, 80)
    # scikit-learn's cosine distance is 1 − cos, so weights 1 − d are the similarities.
    reference = KNeighborsClassifier(n_neighbors=k, metric="cosine", algorithm="brute",
                                     weights=lambda d: 1 - d).fit(X[train], y[train])
    ours = CosineKNN(n_neighbors=k).fit(sparse.csr_matrix(X[train]), y[train])
    assert np.array_equal(ours.predict(sparse.csr_matrix(X[test])), reference.predict(X[test]))


def test_cosine_knn_scores_by_hand():
    X = np.array([[1, 0], [1, 1], [0, 1]], dtype=float)
    model = CosineKNN(n_neighbors=2).fit(X, ["a", "a", "b"])
    # Query (1, 0): cosines 1, 1/√2, 0; the two nearest are both "a": score 1 + 1/√2.
    assert model.class_scores(np.array([[1.0, 0.0]]))[0] == pytest.approx([1 + 1 / math.sqrt(2), 0])
    # Query (0, 1): nearest are d2 (cos 1, "b") and d1 (1/√2, "a"): "b" wins.
    assert model.predict(np.array([[0.0, 1.0]])).tolist() == ["b"]
    # A query sharing no word with any training document gets the majority class.
    assert model.predict(sparse.csr_matrix((1, 2))).tolist() == ["a"]


def test_centroid_classifier_equals_cosine_to_the_mean_of_unit_documents():
    X, y = data(seed=3)
    model = CentroidClassifier().fit(sparse.csr_matrix(X[:60]), y[:60])
    unit = X / np.linalg.norm(X, axis=1, keepdims=True)
    centroids = np.array([unit[:60][y[:60] == c].mean(axis=0) for c in range(3)])
    cosines = unit[60:] @ (centroids / np.linalg.norm(centroids, axis=1, keepdims=True)).T
    assert model.class_scores(sparse.csr_matrix(X[60:])) == pytest.approx(cosines)
    assert np.array_equal(model.predict(X[60:]), np.argmax(cosines, axis=1))


def test_okapi_knn_by_hand():
    # Training: d0 = (2, 0) "a", d1 = (0, 1) "b", d2 = (1, 1) "b"; lengths 2, 1, 2, avdl 5/3.
    X = np.array([[2, 0], [0, 1], [1, 1]], dtype=float)
    model = OkapiKNN(n_neighbors=1, negative_idf=True).fit(X, ["a", "b", "b"])
    # idf: word 0 in 2 of 3 documents: log((3 − 2 + .5)/(2 + .5)) = log 0.6 < 0; word 1 likewise.
    assert model.idf_ == pytest.approx([math.log(0.6), math.log(0.6)])
    assert OkapiKNN(negative_idf=False).fit(X, ["a", "b", "b"]).idf_.tolist() == [0.0, 0.0]
    # w(tf) for d0's word 0: 2 / (0.5 + 1.5·2/(5/3) + 2) = 2 / 4.3.
    assert model._W[0, 0] == pytest.approx(2 / 4.3)
    # A query (3, 0): length 3, w = 3 / (0.5 + 1.5·3/(5/3) + 3) = 3/6.2; its inner products with
    # d0, d1, d2 are w·(2/4.3)·idf, 0, w·(1/(0.5+1.8+1))·idf, all ≤ 0 as idf < 0: the nearest is d1.
    w = 3 / 6.2
    expected = [w * 2 / 4.3 * math.log(0.6), 0.0, w * (1 / 3.3) * math.log(0.6)]
    similarity = (model._weights(np.array([[3.0, 0.0]])).multiply(model.idf_[None, :]) @ model._W.T).toarray()
    assert similarity[0] == pytest.approx(expected)


def test_okapi_knn_with_every_neighbour_sums_label_similarities():
    X, y = data(seed=5)
    X = np.round(X * 4)
    X[X.sum(axis=1) == 0, 0] = 1.0
    model = OkapiKNN(n_neighbors=1000, negative_idf=True).fit(X[:60], y[:60])
    W = model._weights(X[:60]).toarray()
    Q = model._weights(X[60:]).toarray() * model.idf_
    expected = np.column_stack([(Q @ W.T)[:, y[:60] == c].sum(axis=1) for c in range(3)])
    assert model.class_scores(X[60:]) == pytest.approx(expected)


def test_classifiers_clone_and_refit():
    for model in (CosineKNN(n_neighbors=3), OkapiKNN(n_neighbors=7), CentroidClassifier()):
        copy = clone(model)
        assert copy.get_params() == model.get_params()


@pytest.mark.parametrize("classifier, reads", [("knn", "presence"), ("knn_okapi", "frequency"),
                                               ("centroid", "presence")])
def test_each_classifier_in_the_grid_equals_fitting_it_by_hand(classifier, reads):
    import fsviz

    corpus = fsviz.make_planted_corpus(n_docs=240, n_classes=3, random_state=2).load()
    config = GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=3, classifier=classifier,
                        classes=(str(corpus.classes[0]),))
    results = run_grid(corpus, config).results.set_index(["metric", "fold"])
    X = (corpus.X_tf if reads == "frequency" else corpus.X).astype(np.float64).tocsr()
    y = corpus.y(corpus.classes[0])
    for fold, (train, test) in enumerate(cell_splits(y, config, 0)):
        model = make_classifier(classifier).fit(X[train], y[train])
        predicted = model.predict(X[test]).astype(bool)
        row = results.loc[(ALL, fold)]
        assert (row.tp, row.fp) == (np.sum(predicted & y[test]), np.sum(predicted & ~y[test]))
        assert row.f1 > 0.5, "the planted words make every classifier better than chance"
