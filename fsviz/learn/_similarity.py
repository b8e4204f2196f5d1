"""What the similarity classifiers share (:mod:`fsviz.learn.classifiers`' kNN and centroid): float64 CSR rows
scaled to unit length, the vote of each document's k nearest neighbours, and the base class that predicts the class
of highest score."""

from __future__ import annotations

from numbers import Integral

import numpy as np
from scipy import sparse
from sklearn.base import BaseEstimator, ClassifierMixin

try:  # scikit-learn's parameter constraints (the module is private; BaseEstimator._validate_params reads them)
    from sklearn.utils._param_validation import Interval
except ImportError:
    Interval = None

#: At least one neighbour, as scikit-learn's KNeighborsClassifier requires.
_NEIGHBOURS = [Interval(Integral, 1, None, closed="left")] if Interval is not None else []


def _sparse(X) -> sparse.csr_matrix:
    return sparse.csr_matrix(X, dtype=np.float64)


def _unit_rows(X) -> sparse.csr_matrix:
    """``sklearn.preprocessing.normalize(X)`` (rows to unit length, all-zero rows left) for float64 CSR,
    without its input checks: the same sums of squares and divisions, so the same bits."""
    X = _sparse(X)
    squares = np.zeros(X.shape[0])
    filled = np.diff(X.indptr) > 0
    if X.nnz:
        squares[filled] = np.add.reduceat(X.data * X.data, X.indptr[:-1][filled])
    norms = np.sqrt(squares)
    norms[norms == 0] = 1.0
    unit = X.copy()
    unit.data /= np.repeat(norms, np.diff(X.indptr))
    return unit


class _ScoreClassifier(ClassifierMixin, BaseEstimator):
    """Predicts the class with the highest :meth:`class_scores`; all-zero rows get the majority class."""

    def _set_classes(self, y):
        self.classes_, encoded = np.unique(np.asarray(y), return_inverse=True)
        self._majority = int(np.argmax(np.bincount(encoded)))
        return encoded

    def decision_function(self, X):
        """:meth:`class_scores`; with two classes, the second's score minus the first's (scikit-learn's shape)."""
        scores = self.class_scores(X)
        return scores[:, 1] - scores[:, 0] if self.classes_.size == 2 else scores

    def predict(self, X):
        scores = self.class_scores(X)
        best = np.argmax(scores, axis=1)
        best[~(scores != 0).any(axis=1)] = self._majority
        return self.classes_[best]


def _neighbour_votes(similarity: np.ndarray, encoded: np.ndarray, n_classes: int, k: int) -> np.ndarray:
    """Σ of the similarities of each test row's k most similar training rows, per class of those rows."""
    n_test, n_train = similarity.shape
    k = min(k, n_train)
    if k < n_train:
        nearest = np.argpartition(-similarity, k - 1, axis=1)[:, :k]
    else:
        nearest = np.broadcast_to(np.arange(n_train), (n_test, n_train))
    weights = np.take_along_axis(similarity, nearest, axis=1)
    votes = np.zeros((n_test, n_classes))
    rows = np.repeat(np.arange(n_test), nearest.shape[1])
    np.add.at(votes, (rows, encoded[nearest].ravel()), weights.ravel())
    return votes
