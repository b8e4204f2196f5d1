"""A cell's fits: one classifier fitted on many column subsets of one training split, and the test
split predicted for all of them at once.

What every fit of a cell shares is built once (:class:`CellFits`): the
training split as CSC arrays to gather columns from, the labels, per
classifier what its fits have in common, and for LinearSVC in the fastest
mode each metric's ranking gathered once in rank order
(:meth:`CellFits.rank`), of which every k's columns are a prefix of each
row. Then:

- **LinearSVC** goes through :class:`fsviz.learn._liblinear.LinearSVCSolver`
  (liblinear's entry point, the faster solver per fit, merged duplicate
  rows, a convergence check);
- **MultinomialNB** counts each word's documents per class once per cell;
  a fit is those counts' columns, smoothed by scikit-learn's own methods;
- **the others** (the kNNs, centroid) are fitted by
  :func:`fsviz.learn.classifiers.fast_fit` on the gathered columns.

Linear models (LinearSVC, NB) are not applied one by one: their weights
become the columns of one sparse matrix W, and the test split's scores for
every fit are one product X_test · W. The sums run over each document's
words in ascending order, as ``predict`` on the sliced (sorted) test
columns does, so the predictions are the same, bit for bit
(``tests/test_grid_fits.py``).
"""

from __future__ import annotations

import warnings

import numpy as np
import sklearn
from scipy import sparse
from sklearn.naive_bayes import MultinomialNB
from sklearn.svm import LinearSVC

from ...learn import _liblinear as liblinear
from ...learn._row_cuts import prefix_ends
from ...learn.classifiers import fast_fit, fast_predict, make_classifier

try:  # scipy's C routines behind X[rows] and .tocsc()/.tocsr(); private, so gather_columns falls back
    from scipy.sparse._sparsetools import csr_row_index as _csr_row_index
    from scipy.sparse._sparsetools import csr_tocsc as _csr_tocsc
except ImportError:  # pragma: no cover - depends on the installed scipy
    _csr_row_index = _csr_tocsc = None

__all__ = ["CellFits", "gather_columns"]


def gather_columns(csc: sparse.csc_matrix, columns: np.ndarray):
    """(data, indices, indptr) of the CSR matrix ``csc[:, columns]``, int32 indices.

    What ``csc[:, columns].tocsr()`` gives (each row's column indices
    ascending: column j is ``columns[j]``, in any order), without scipy's
    checks: the columns' entries are gathered and transposed by scipy's own
    C routines (private functions; its public indexing if they move).
    """
    lengths = csc.indptr[columns + 1] - csc.indptr[columns]
    column_ptr = np.zeros(columns.size + 1, dtype=np.int32)
    np.cumsum(lengths, out=column_ptr[1:])
    n_rows = csc.shape[0]
    if _csr_tocsc is None:  # pragma: no cover - depends on the installed scipy
        out = csc[:, columns].tocsr()
        return out.data, out.indices.astype(np.int32), out.indptr.astype(np.int32)
    rows = np.empty(column_ptr[-1], dtype=csc.indices.dtype)
    values = np.empty(column_ptr[-1], dtype=csc.data.dtype)
    # CSC's columns are CSR's rows of the transpose: scipy's row gather, then its transposition
    _csr_row_index(columns.size, columns.astype(csc.indptr.dtype, copy=False), csc.indptr, csc.indices, csc.data,
                   rows, values)
    indptr = np.empty(n_rows + 1, dtype=np.int32)
    indices = np.empty(values.size, dtype=np.int32)
    data = np.empty(values.size, dtype=values.dtype)
    _csr_tocsc(columns.size, n_rows, column_ptr, rows.astype(np.int32, copy=False), values, indptr, indices, data)
    return data, indices, indptr


class CellFits:
    """Fits of ``classifier`` on column subsets of (``X_train``, ``y_train``), applied to ``X_test``.

    Call :meth:`fit` once per distinct set of columns, then
    :meth:`predictions`. ``solver`` is a mode of
    :mod:`fsviz.learn._liblinear` (LinearSVC only).
    """

    def __init__(self, classifier: str, params, X_train, y_train, X_test, solver: str = "fastest"):
        self.classifier, self.params, self.solver_mode = classifier, params, solver
        self.X_train, self.X_test, self.y = X_train, X_test, np.asarray(y_train, dtype=bool)
        self.train_csc = X_train.tocsc()
        self.n_words = X_train.shape[1]
        self.solvers: list[str] = []
        self.converged: list[bool] = []
        # A linear fit's columns, then per score its weights and intercept: one score for LinearSVC (the
        # decision function), two for NB (each class's joint log-likelihood).
        self._linear: dict[int, tuple[np.ndarray, tuple, tuple]] = {}
        self._predicted: dict[int, np.ndarray] = {}  # per fit, for classifiers applied one by one
        self._test_csc = None
        self._ranked = None  # rank()'s columns and their CSR (data, indices, indptr), column j the word of rank j
        self._last = (0, None)
        model = make_classifier(classifier, params)
        both = 0 < self.y.sum() < self.y.size
        self._svm = self._nb = None
        if (liblinear.AVAILABLE and type(model) is LinearSVC and model.multi_class == "ovr"
                and model.class_weight is None and both):
            self._svm = liblinear.LinearSVCSolver(model, self.y, solver)
        elif type(model) is MultinomialNB and np.ndim(model.alpha) == 0 and both and hasattr(
                model, "_update_feature_log_prob"):
            self._nb = model  # a fresh, unfitted model: each fit sets its counts and smoothing again
            labels = np.stack([~self.y, self.y]).astype(np.float64)
            self._nb_counts = np.asarray(labels @ X_train)  # documents per class containing each word
            self._nb.class_count_ = labels.sum(axis=1)
            self._nb.classes_ = np.array([False, True])

    @property
    def n_fits(self) -> int:
        return len(self.solvers)

    def rank(self, columns: np.ndarray) -> None:
        """Gather ``columns`` (a ranking, best first) once for the fits on its prefixes.

        Column j is the word of rank j, so each row's entries of the top k
        are a prefix of the row: a later :meth:`fit` on ``columns[:k]``
        hands the solver each row's end instead of gathering and
        transposing its columns again. LinearSVC in the ``fastest`` mode
        only: it then sees the columns in rank order rather than ascending,
        the same optimum with other rounding (``benchmarks/bench_grid_optimum.py``);
        ``sklearn`` stays ``LinearSVC.fit`` on the columns as sliced.
        """
        if self._svm is None or not self._svm.chooses or columns.size == 0:
            return
        self._ranked = columns, gather_columns(self.train_csc, columns)
        self._last = (0, None)  # the last prefix's k and ends, where a larger k looks on from

    def _prefix_ends(self, columns):
        """Each row's end in :meth:`rank`'s matrix when ``columns`` are its first; else None."""
        if self._ranked is None:
            return None
        ranked, (_, indices, indptr) = self._ranked
        k = columns.size
        if k > ranked.size or not np.array_equal(ranked[:k], columns):
            return None
        last_k, last_ends = self._last
        ends = prefix_ends(indices, indptr, k, last_ends if k >= last_k else None)
        self._last = (k, ends)
        return ends

    def fit(self, columns: np.ndarray | None) -> int:
        """Fit on ``columns`` (in any order; None: every column); returns the fit's index."""
        index = self.n_fits
        ends = None if columns is None else self._prefix_ends(columns)
        if columns is not None and ends is None:
            columns = np.sort(columns)
        if self._svm is not None:
            if columns is None:
                X = self.X_train
                fitted = self._svm.fit(X.data, X.indices, X.indptr, self.n_words)
                columns = np.arange(self.n_words)
            elif ends is None:
                fitted = self._svm.fit(*gather_columns(self.train_csc, columns), columns.size)
            else:  # columns and weights in rank order: W's product sums each test document's words in its order
                fitted = self._svm.fit(*self._ranked[1], columns.size, ends)
            self._linear[index] = (columns, (fitted.coef,), (fitted.intercept,))
            self.solvers.append(fitted.solver)
            self.converged.append(fitted.converged)
        elif self._nb is not None:
            columns = np.arange(self.n_words) if columns is None else columns
            nb = self._nb
            nb.feature_count_, nb.n_features_in_ = self._nb_counts[:, columns], columns.size
            nb._update_feature_log_prob(nb._check_alpha())
            nb._update_class_log_prior(class_prior=nb.class_prior)
            self._linear[index] = (columns, tuple(nb.feature_log_prob_), tuple(nb.class_log_prior_))
            self.solvers.append("")
            self.converged.append(True)
        else:
            self._predicted[index] = self._fit_one(columns)
            self.solvers.append("")
            self.converged.append(True)
        return index

    def _fit_one(self, columns):
        if columns is None:
            train, test = self.X_train, self.X_test
        else:
            if self._test_csc is None:
                self._test_csc = self.X_test.tocsc()
            train, test = (sparse.csr_matrix(gather_columns(csc, columns), shape=(csc.shape[0], columns.size))
                           for csc in (self.train_csc, self._test_csc))
        model = make_classifier(self.classifier, self.params)
        with warnings.catch_warnings(), sklearn.config_context(assume_finite=True, skip_parameter_validation=True):
            warnings.simplefilter("ignore")  # liblinear's ConvergenceWarning on hard folds
            fast_fit(model, train, self.y, solver=self.solver_mode)
            return fast_predict(model, test)

    def predictions(self) -> np.ndarray:
        """Boolean predictions on the test split, one column per fit."""
        out = np.zeros((self.X_test.shape[0], self.n_fits), dtype=bool)
        if self._linear:
            fits = list(self._linear)
            scores = [self._scores(part) for part in range(len(self._linear[fits[0]][1]))]
            if len(scores) == 1:  # LinearSVC: the decision function's sign
                out[:, fits] = scores[0] > 0
            else:  # MultinomialNB.predict: the first class (False) on a tie
                out[:, fits] = scores[1] > scores[0]
        for i, predicted in self._predicted.items():
            out[:, i] = predicted
        return out

    def _scores(self, part: int) -> np.ndarray:
        """X_test · W + intercepts for the ``part``-th score of every linear fit, one column per fit."""
        fits = list(self._linear.values())
        indptr = np.zeros(len(fits) + 1, dtype=np.int64)
        np.cumsum([columns.size for columns, _, _ in fits], out=indptr[1:])
        W = sparse.csc_matrix((np.concatenate([weights[part] for _, weights, _ in fits]),
                               np.concatenate([columns for columns, _, _ in fits]), indptr),
                              shape=(self.n_words, len(fits)))
        return (self.X_test @ W).toarray() + np.array([intercepts[part] for _, _, intercepts in fits])
