"""Every classifier of the grid and the multi-class mode: the factory, the fast fit, and the
classifiers of the other papers that scikit-learn does not have as they define them.

:func:`make_classifier` makes any of :data:`CLASSIFIERS` (scikit-learn's LinearSVC and MultinomialNB, and the three
below) from a name and parameters; :func:`fast_fit` and :func:`fast_predict` fit and apply them without
scikit-learn's input checks where the grid has already made the input right.

- :class:`CosineKNN`: Yang's similarity-weighted kNN with cosine similarity, k = 10, as Wang et al. use it.
  (scikit-learn's ``KNeighborsClassifier`` with ``weights="distance"`` weights by 1 / (1 − cos), not by cos.)
- :class:`OkapiKNN`: Olsson & Oard's kNN with symmetric Okapi term weights and idf, k = 100, on term frequencies.
- :class:`CentroidClassifier`: Han & Karypis's centroid-based classifier with cosine similarity, as Wang et al. use
  it. (scikit-learn's ``NearestCentroid`` is Euclidean.)

All three are scikit-learn estimators (``fit``, ``predict``, ``get_params``) that take sparse input, handle any number
of classes and expose :meth:`class_scores`, the per-class scores they rank labels by, for ranked evaluation. A
document whose scores are all 0 (it shares no word with any training document) gets the most frequent training class.
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
from scipy import sparse
from sklearn.naive_bayes import MultinomialNB
from sklearn.preprocessing import normalize
from sklearn.svm import LinearSVC

from . import _liblinear as liblinear
from ._ranges import _TOY_ITER, _TOY_X, _TOY_Y, _check_ranges
from ._similarity import _NEIGHBOURS, _neighbour_votes, _ScoreClassifier, _sparse, _unit_rows

try:  # private scikit-learn functions: if they move, fast_fit falls back to LinearSVC.fit
    from sklearn.svm._base import _fit_liblinear
    from sklearn.svm._classes import _validate_dual_parameter
except ImportError:
    _fit_liblinear = _validate_dual_parameter = None

__all__ = ["CLASSIFIERS", "CLASSIFIER_LABELS", "FREQUENCY_CLASSIFIERS", "CentroidClassifier", "CosineKNN", "OkapiKNN",
           "check_classifier", "fast_fit", "fast_predict", "make_classifier"]


class CosineKNN(_ScoreClassifier):
    """Similarity-weighted k nearest neighbours with cosine similarity (Wang et al. §4.2; Yang 1999).

    score(c, d) = Σ_{d_i ∈ kNN(d), d_i ∈ c} cos(d, d_i); the predicted class has the highest score. With two
    classes this votes the positive class when its neighbours' similarity outweighs the rest's, with no tuned
    threshold (Yang tunes one per class; the grid has no held-out data).

    Parameters
    ----------
    n_neighbors : int, default 10
        k (Wang et al.: 10).

    See Also
    --------
    fsviz.learn.make_classifier : ``"knn"`` makes one for the grid; ``"knn_okapi"`` is Olsson & Oard's kNN.

    Examples
    --------
    >>> from fsviz.learn import CosineKNN
    >>> CosineKNN(n_neighbors=1).fit([[1, 0, 0], [0, 1, 0], [0, 0, 1]], list("abb")).class_scores([[2, 1, 0]]).round(3).tolist()
    [[0.894, 0.0]]
    """

    _parameter_constraints = {"n_neighbors": _NEIGHBOURS}

    def __init__(self, n_neighbors=10):
        self.n_neighbors = n_neighbors

    def fit(self, X, y):
        self._encoded = self._set_classes(y)
        self._X = _unit_rows(X)
        return self

    def class_scores(self, X) -> np.ndarray:
        similarity = np.asarray((_unit_rows(X) @ self._X.T).toarray())
        return _neighbour_votes(similarity, self._encoded, self.classes_.size, int(self.n_neighbors))


class OkapiKNN(_ScoreClassifier):
    """kNN with symmetric Okapi term weights and idf (Olsson & Oard §6.1), on term frequencies.

    w(tf) = tf / (0.5 + 1.5 dl/avdl + tf), idf(t) = log((N − df(t) + 0.5) / (df(t) + 0.5)),
    score(w_T, ℓ) = Σ_{i ∈ K_ℓ} Σ_t w_T(t) w_i(t) idf(t),

    K_ℓ the k nearest training documents (by that same inner product) that carry label ℓ. dl is the document's
    length and avdl the mean training length, both counted over the columns the classifier is given (the selected
    words), and N and df come from the training documents.

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

    See Also
    --------
    fsviz.learn.make_classifier : ``"knn_okapi"`` makes one for the grid; ``"knn"`` is the cosine kNN.

    Examples
    --------
    >>> from fsviz.learn import OkapiKNN
    >>> OkapiKNN(n_neighbors=1).fit([[1, 0, 0], [0, 1, 0], [0, 0, 1]], list("abb")).class_scores([[2, 1, 0]]).round(3).tolist()
    [[0.049, 0.0]]
    """

    _parameter_constraints = {"n_neighbors": _NEIGHBOURS, "negative_idf": ["boolean"]}

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

    Each class's centroid is the mean of its training documents scaled to unit length; a document is scored by
    the cosine between it and each centroid.

    See Also
    --------
    fsviz.learn.make_classifier : ``"centroid"`` makes one for the grid; ``"knn"`` votes by the nearest documents.

    Examples
    --------
    >>> from fsviz.learn import CentroidClassifier
    >>> CentroidClassifier().fit([[1, 0, 0], [0, 1, 0], [0, 0, 1]], list("abb")).class_scores([[2, 1, 0]]).round(3).tolist()
    [[0.894, 0.316]]
    """

    _parameter_constraints: dict = {}

    def fit(self, X, y):
        encoded = self._set_classes(y)
        X = _unit_rows(X)
        members = sparse.csr_matrix((np.ones(encoded.size), (encoded, np.arange(encoded.size))),
                                    shape=(self.classes_.size, encoded.size))
        sums = np.asarray((members @ X).toarray())
        self.centroids_ = sums / np.bincount(encoded, minlength=self.classes_.size)[:, None]
        return self

    def class_scores(self, X) -> np.ndarray:
        return np.asarray(_unit_rows(X) @ normalize(self.centroids_).T)


# --- the factory and the fast fit ----------------------------------------------------------------
def _linear_svm(**params):
    """scikit-learn's LinearSVC; ``random_state=0`` unless given (liblinear's
    dual solver shuffles, and unseeded it would differ between runs)."""
    return LinearSVC(**{"random_state": 0, **params})


def _multinomial_nb(**params):
    """scikit-learn's MultinomialNB (Laplace smoothing, alpha=1, unless given) on the
    Boolean features: the Naive Bayes of Olsson & Oard and Wang et al. in the grid."""
    return MultinomialNB(**params)


def _cosine_knn(**params):
    """Similarity-weighted kNN, cosine, k = 10 unless given (Wang et al.)."""
    return CosineKNN(**params)


def _okapi_knn(**params):
    """kNN with Okapi weights and idf on term frequencies, k = 100 unless given (Olsson & Oard)."""
    return OkapiKNN(**params)


def _centroid(**params):
    """Cosine centroid classifier (Han & Karypis, as Wang et al. use it)."""
    return CentroidClassifier(**params)


#: Classifier name → factory taking the config's ``classifier_params``.
CLASSIFIERS = {"svm": _linear_svm, "nb": _multinomial_nb, "knn": _cosine_knn, "knn_okapi": _okapi_knn,
               "centroid": _centroid}
#: How each classifier is named on a page.
CLASSIFIER_LABELS = {"svm": "linear SVM", "nb": "multinomial Naive Bayes", "knn": "kNN, cosine, k = 10",
                     "knn_okapi": "kNN, Okapi + idf, k = 100", "centroid": "centroid, cosine"}
#: Classifiers fitted on term frequencies rather than Boolean presence.
FREQUENCY_CLASSIFIERS = {"knn_okapi"}


def make_classifier(name: str, params=()):
    """A fresh, unfitted classifier ``name`` with ``params`` (pairs or a dict).

    Called once per fit, so it does not validate the values: :func:`check_classifier`
    does, once, when a :class:`~fsviz.evaluation.grid.GridConfig` is made.

    Parameters
    ----------
    name : str
        A key of :data:`CLASSIFIERS`; ValueError for any other.
    params : dict or tuple of (name, value) pairs, default ()
        The classifier's parameters; an unknown name is a ValueError.

    Returns
    -------
    sklearn.base.BaseEstimator
        The unfitted classifier.

    See Also
    --------
    fsviz.learn.check_classifier : the same, its parameters checked first.

    Examples
    --------
    >>> from fsviz.learn import make_classifier
    >>> make_classifier("knn", {"n_neighbors": 3}), make_classifier("svm")
    (CosineKNN(n_neighbors=3), LinearSVC(random_state=0))
    """
    if name not in CLASSIFIERS:
        raise ValueError(f"unknown classifier {name!r}; choose one of {', '.join(CLASSIFIERS)}")
    try:
        return CLASSIFIERS[name](**dict(params))
    except TypeError as exc:
        raise ValueError(f"classifier {name!r}: {exc}") from None


def check_classifier(name: str, params=()):
    """:func:`make_classifier`, its parameters checked by scikit-learn's own validation first.

    Parameters
    ----------
    name, params : str, and dict or tuple of (name, value) pairs, default ()
        A key of :data:`CLASSIFIERS` and the classifier's parameters, as for :func:`make_classifier`.

    Returns
    -------
    sklearn.base.BaseEstimator
        The unfitted classifier, as :func:`make_classifier` makes it.

    Raises
    ------
    ValueError
        Unknown parameter names are refused with the classifier's list; the values go through the estimator's
        ``_validate_params`` (its ``_parameter_constraints``, as ``fit`` would check them), so ``C=nan``, ``C=-1``,
        ``max_iter=-1``, a negative Naive Bayes ``alpha`` or ``n_neighbors=0`` fail here, naming the parameter and
        what is allowed, instead of hanging or scoring F1 = 0 in every cell (:func:`fast_fit` skips ``fit``'s checks).

    See Also
    --------
    fsviz.learn.make_classifier : the same without the checks, once per fit.

    Examples
    --------
    >>> from fsviz.learn import check_classifier
    >>> check_classifier("svm", {"C": -1})
    Traceback (most recent call last):
    ...
    ValueError: classifier 'svm': The 'C' parameter of LinearSVC must be a float in the range (0.0, inf). Got -1 instead.
    """
    if name not in CLASSIFIERS:
        raise ValueError(f"unknown classifier {name!r}; choose one of {', '.join(CLASSIFIERS)}")
    params = dict(params)
    key = tuple((param, type(value), value) for param, value in params.items())
    try:
        hash(key)
    except TypeError:  # an unhashable value (an array of class priors): checked every time
        _check(name, params)
    else:  # a config is made on every page rerun: each (name, parameters) is checked once
        _checked(name, key)
    return make_classifier(name, params)


@functools.lru_cache(maxsize=256)
def _checked(name: str, params: tuple) -> None:
    _check(name, {key: value for key, _, value in params})


def _check(name: str, params: dict) -> None:
    """Unknown names, scikit-learn's constraints, the ranges of :data:`RANGES`, then one bounded fit on a toy
    sample."""
    known = CLASSIFIERS[name]().get_params(deep=False)
    unknown = [p for p in params if p not in known]
    if unknown:
        takes = f"its parameters are {', '.join(sorted(known))}" if known else "it takes none"
        raise ValueError(f"classifier {name!r} has no parameter {', '.join(map(repr, unknown))}; {takes}")
    model = make_classifier(name, params)
    try:
        if hasattr(model, "_validate_params"):
            model._validate_params()
    except ValueError as exc:  # scikit-learn's InvalidParameterError
        raise ValueError(f"classifier {name!r}: {exc}") from None
    _check_ranges(name, params)  # values scikit-learn allows but no fit of them would end (C = 1e200)
    try:  # values allowed one by one may still not go together (LinearSVC: penalty='l1' with loss='hinge')
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if "max_iter" in model.get_params(deep=False):  # bounded: the toy fit checks, it never solves
                model.set_params(max_iter=min(model.max_iter, _TOY_ITER))
            model.fit(_TOY_X, _TOY_Y)
    except ValueError as exc:
        raise ValueError(f"classifier {name!r}: these parameters do not work together: {exc}") from None


def fast_fit(model, X, y, *, solver: str = "fastest"):
    """``model.fit(X, y)``; for LinearSVC, :mod:`fsviz.learn._liblinear`'s fit without re-validating the input.

    LinearSVC.fit spends about a third of a small fit checking its input, which the grid has already made float64
    CSR with Boolean labels. For a one-vs-rest LinearSVC without class weights on Boolean labels this fits with
    :class:`fsviz.learn._liblinear.LinearSVCSolver` in mode ``solver`` (``"fastest"``: the solver that reaches the
    optimum first, duplicate rows merged; ``"sklearn"``: ``LinearSVC.fit``'s coefficients, bit for bit); other
    LinearSVCs call the liblinear wrapper LinearSVC.fit itself calls, with the same arguments. Both are private
    scikit-learn functions (``tests/test_liblinear.py`` checks the coefficients equal ``LinearSVC.fit``'s); if they
    move this falls back to ``model.fit``.

    Parameters
    ----------
    model : sklearn.base.BaseEstimator
        An unfitted classifier of :func:`make_classifier`.
    X, y : scipy.sparse.csr_matrix and ndarray of bool
        The training documents and their labels (others work too, through ``model.fit``).
    solver : {"fastest", "sklearn"}, default "fastest"
        How a one-vs-rest LinearSVC is solved, as above.

    Returns
    -------
    sklearn.base.BaseEstimator
        ``model``, fitted.

    See Also
    --------
    fsviz.learn.fast_predict : its predictions, without the input checks either.

    Examples
    --------
    >>> from scipy import sparse
    >>> from fsviz.learn import fast_fit, make_classifier
    >>> X = sparse.csr_matrix([[2.0, 1, 0], [1, 0, 0], [0, 1, 3], [0, 0, 1]])
    >>> fast_fit(make_classifier("svm"), X, [True, True, False, False]).coef_.round(3).tolist()
    [[0.667, 0.0, -0.667]]
    """
    if (_fit_liblinear is not None and type(model) is LinearSVC and model.multi_class == "ovr"
            and model.class_weight is None):
        y = np.asarray(y)
        if (liblinear.AVAILABLE and y.dtype == bool and 0 < y.sum() < y.size and sparse.isspmatrix_csr(X)
                and X.dtype == np.float64 and X.indices.dtype == np.int32 and X.indptr.dtype == np.int32
                and X.has_sorted_indices and X.nnz):
            fitted = liblinear.LinearSVCSolver(model, y, solver).fit(X.data, X.indices, X.indptr, X.shape[1])
            model.coef_, model.intercept_ = fitted.coef[None, :], np.array([fitted.intercept])
            model.classes_, model.n_iter_ = np.array([False, True]), fitted.n_iter
            return model
        try:
            dual = _validate_dual_parameter(model.dual, model.loss, model.penalty, model.multi_class, X)
            model.coef_, model.intercept_, _ = _fit_liblinear(
                X, y, model.C, model.fit_intercept, model.intercept_scaling, model.class_weight, model.penalty,
                dual, model.verbose, model.max_iter, model.tol, model.random_state, model.multi_class, model.loss)
            model.classes_ = np.unique(y)
            return model
        except (TypeError, AttributeError):
            pass
    return model.fit(X, y)


def fast_predict(model, X):
    """Boolean predictions; a linear binary model's sign computed directly.

    Same result as ``model.predict`` (decision function > 0 means ``classes_[1]``, which is True for Boolean
    labels) without its input validation, which costs more than the product on small feature sets.

    Parameters
    ----------
    model : sklearn.base.BaseEstimator
        A fitted classifier of :func:`make_classifier`.
    X : scipy.sparse matrix
        The documents, as the model was fitted on.

    Returns
    -------
    numpy.ndarray of bool
        One prediction per row of ``X``.

    See Also
    --------
    fsviz.learn.fast_fit : fits the model without re-validating the input.

    Examples
    --------
    >>> from scipy import sparse
    >>> from fsviz.learn import fast_fit, fast_predict, make_classifier
    >>> X = sparse.csr_matrix([[2.0, 1, 0], [1, 0, 0], [0, 1, 3], [0, 0, 1]])
    >>> fast_predict(fast_fit(make_classifier("svm"), X, [True, True, False, False]), X).tolist()
    [True, True, False, False]
    """
    coef = getattr(model, "coef_", None)
    if coef is not None and coef.shape[0] == 1 and list(model.classes_) == [False, True]:
        return np.asarray(X @ coef[0] + np.ravel(model.intercept_)[0] > 0)
    return np.asarray(model.predict(X), dtype=bool)
