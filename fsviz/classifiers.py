"""Classifiers of the other papers that scikit-learn does not have as they define them.

- :class:`CosineKNN`: Yang's similarity-weighted kNN with cosine similarity,
  k = 10, as Wang et al. use it. (scikit-learn's ``KNeighborsClassifier``
  with ``weights="distance"`` weights by 1 / (1 − cos), not by cos.)
- :class:`OkapiKNN`: Olsson & Oard's kNN with symmetric Okapi term weights
  and idf, k = 100, on term frequencies.
- :class:`CentroidClassifier`: Han & Karypis's centroid-based classifier
  with cosine similarity, as Wang et al. use it. (scikit-learn's
  ``NearestCentroid`` is Euclidean.)

All three are scikit-learn estimators (``fit``, ``predict``, ``get_params``)
that take sparse input, handle any number of classes and expose
:meth:`class_scores`, the per-class scores they rank labels by, for ranked
evaluation. A document whose scores are all 0 (it shares no selected word
with any training document) gets the most frequent training class.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.preprocessing import normalize

__all__ = ["CentroidClassifier", "CosineKNN", "OkapiKNN"]


def _sparse(X) -> sparse.csr_matrix:
    return sparse.csr_matrix(X, dtype=np.float64)


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


class CosineKNN(_ScoreClassifier):
    """Similarity-weighted k nearest neighbours with cosine similarity (Wang et al. §4.2; Yang 1999).

    score(c, d) = Σ_{d_i ∈ kNN(d), d_i ∈ c} cos(d, d_i); the predicted class
    has the highest score. With two classes this votes the positive class
    when its neighbours' similarity outweighs the rest's, with no tuned
    threshold (Yang tunes one per class; the grid has no held-out data).

    Parameters
    ----------
    n_neighbors : int, default 10
        k (Wang et al.: 10).
    """

    def __init__(self, n_neighbors=10):
        self.n_neighbors = n_neighbors

    def fit(self, X, y):
        self._encoded = self._set_classes(y)
        self._X = normalize(_sparse(X))
        return self

    def class_scores(self, X) -> np.ndarray:
        similarity = np.asarray((normalize(_sparse(X)) @ self._X.T).toarray())
        return _neighbour_votes(similarity, self._encoded, self.classes_.size, int(self.n_neighbors))


class OkapiKNN(_ScoreClassifier):
    """kNN with symmetric Okapi term weights and idf (Olsson & Oard §6.1), on term frequencies.

    w(tf) = tf / (0.5 + 1.5 dl/avdl + tf), idf(t) = log((N − df(t) + 0.5) / (df(t) + 0.5)),
    score(w_T, ℓ) = Σ_{i ∈ K_ℓ} Σ_t w_T(t) w_i(t) idf(t),

    K_ℓ the k nearest training documents (by that same inner product) that
    carry label ℓ. dl is the document's length and avdl the mean training
    length, both counted over the columns the classifier is given (the
    selected words), and N and df come from the training documents.

    Parameters
    ----------
    n_neighbors : int, default 100
        k (Olsson & Oard: 100).
    negative_idf : bool, default False
        The paper's idf is negative for a word in more than half the
        training documents. Used as written (True), such words make
        similarities negative, so a class's summed vote can fall as it gains
        neighbours; with two unequal classes the smaller one then wins every
        vote. By default idf is floored at 0, which keeps the paper's
        values wherever they are positive (Lucene's BM25 avoids the same
        problem with log(1 + …)).
    """

    def __init__(self, n_neighbors=100, negative_idf=False):
        self.n_neighbors = n_neighbors
        self.negative_idf = negative_idf

    def _weights(self, X):
        X = _sparse(X)
        length = np.asarray(X.sum(axis=1)).ravel()
        damping = 0.5 + 1.5 * length / self._avdl if self._avdl > 0 else np.full(length.shape, 0.5)
        W = X.copy()
        W.data = W.data / (np.repeat(damping, np.diff(W.indptr)) + W.data)
        return W

    def fit(self, X, y):
        self._encoded = self._set_classes(y)
        X = _sparse(X)
        n = X.shape[0]
        self._avdl = float(X.sum()) / n if n else 0.0
        df = np.bincount(X.indices, minlength=X.shape[1])
        idf = np.log((n - df + 0.5) / (df + 0.5))
        self.idf_ = idf if self.negative_idf else np.maximum(idf, 0.0)
        self._W = self._weights(X)
        return self

    def class_scores(self, X) -> np.ndarray:
        similarity = np.asarray((self._weights(X).multiply(self.idf_[None, :]).tocsr() @ self._W.T).toarray())
        return _neighbour_votes(similarity, self._encoded, self.classes_.size, int(self.n_neighbors))


class CentroidClassifier(_ScoreClassifier):
    """Centroid-based classifier with cosine similarity (Han & Karypis 2000; Wang et al. §4.2).

    Each class's centroid is the mean of its training documents scaled to
    unit length; a document is scored by the cosine between it and each
    centroid.
    """

    def fit(self, X, y):
        encoded = self._set_classes(y)
        X = normalize(_sparse(X))
        members = sparse.csr_matrix((np.ones(encoded.size), (encoded, np.arange(encoded.size))),
                                    shape=(self.classes_.size, encoded.size))
        sums = np.asarray((members @ X).toarray())
        self.centroids_ = sums / np.bincount(encoded, minlength=self.classes_.size)[:, None]
        return self

    def class_scores(self, X) -> np.ndarray:
        return np.asarray(normalize(_sparse(X)) @ normalize(self.centroids_).T)
