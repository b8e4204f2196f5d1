"""Per-word counts: presence, document frequencies, 2×2 tables and the Training sample.

``tp`` and ``fp`` for the whole vocabulary come from one sparse product of
the document × word presence matrix with the class indicator; the class ×
word matrices used by multi-class and term-frequency metrics come from one
product each, kept on a :class:`Training` sample, which is what every
metric scores.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

__all__ = ["Training", "binary_counts", "counts_from_presence", "document_frequency", "negative_features",
           "presence_counts"]


def _without_explicit_zeros(X) -> sparse.csr_matrix:
    """``X`` as CSR whose stored entries are all non-zero (copied only if needed); ValueError when ``X`` is not
    counts or presence: a negative or non-finite value (centred or scaled features) is refused, never counted
    as "present"."""
    X = sparse.csr_matrix(X) if not sparse.issparse(X) else X.tocsr()
    _check_counts(X)
    if X.data.size and not np.all(X.data):
        X = X.copy()
        X.eliminate_zeros()
    return X


def _check_counts(X) -> None:
    """ValueError naming the first negative or non-finite entry of the CSR matrix ``X`` (one pass over its data)."""
    data = X.data
    if data.dtype == bool or not data.size:
        return
    bad = ~np.isfinite(data) | (data < 0) if np.issubdtype(data.dtype, np.floating) else data < 0
    if not bad.any():
        return
    first = int(np.argmax(bad))
    row = int(np.searchsorted(X.indptr, first, side="right") - 1)
    raise ValueError(f"X holds {float(data[first]):g} at row {row}, column {int(X.indices[first])}: fsviz counts words, "
                     "so X must hold counts or presence (0/1), never negative or missing values; give the "
                     "document-term counts (e.g. CountVectorizer's), not centred or scaled features")


def presence_counts(X) -> sparse.csr_matrix:
    """``X`` as a CSR matrix of int32 ones where a word is present.

    Shares ``indices`` and ``indptr`` with ``X`` when ``X`` is CSR with no
    explicit zeros, so only the data array is new.
    """
    X = _without_explicit_zeros(X)
    return sparse.csr_matrix(
        (np.ones(X.nnz, dtype=np.int32), X.indices, X.indptr), shape=X.shape
    )


def document_frequency(X) -> np.ndarray:
    """Number of documents (rows) in which each word (column) is present.

    Parameters
    ----------
    X : sparse matrix or array, shape (n_docs, n_words)
        Counts or presence; a word is present where the value is > 0.

    Returns
    -------
    ndarray of int64, shape (n_words,)
        The documents containing each word.

    Raises
    ------
    ValueError
        If ``X`` holds a negative or non-finite value (it must hold counts).

    See Also
    --------
    fsviz.binary_counts : the same counts split by class (tp + fp is the document frequency).
    fsviz.Training : keeps them as ``df`` for every metric of a sample.

    Examples
    --------
    >>> import numpy as np
    >>> import fsviz
    >>> fsviz.document_frequency(np.array([[1, 0, 2], [0, 1, 1], [1, 1, 0], [0, 0, 3]])).tolist()
    [2, 2, 3]
    """
    X = _without_explicit_zeros(X)
    return np.bincount(X.indices, minlength=X.shape[1]).astype(np.int64)


def counts_from_presence(X_count, df, y):
    """``tp, fp, pos, neg`` from a :func:`presence_counts` matrix and its
    document frequencies (what :class:`fsviz.Corpus` keeps), with no conversion."""
    y = np.asarray(y, dtype=bool)
    if y.shape != (X_count.shape[0],):
        raise ValueError(f"`y` must have one entry per document ({X_count.shape[0]}), got shape {y.shape}")
    tp = np.asarray(X_count.T @ y.astype(np.int32)).ravel().astype(np.int64)
    pos = int(y.sum())
    return tp, (df - tp).astype(np.int64), pos, int(y.size - pos)


def binary_counts(X, y):
    """``tp, fp, pos, neg`` of every column of ``X`` for the Boolean labels ``y``.

    Parameters
    ----------
    X : sparse matrix or array, shape (n_docs, n_words)
        Counts or presence; a word is present where the value is > 0. A negative or non-finite value
        raises ValueError (centred or scaled features are not counts).
    y : array of bool, shape (n_docs,)
        True for documents of the positive class.

    Returns
    -------
    tp, fp : ndarray of int64, shape (n_words,)
        Positive and negative documents containing each word.
    pos, neg : int
        Positive and negative documents.

    Raises
    ------
    ValueError
        If ``X`` holds a negative or non-finite value, or ``y`` does not have one entry per row of ``X``.

    See Also
    --------
    fsviz.score : scores these counts with a metric.
    fsviz.document_frequency : tp + fp, without the labels.
    fsviz.Training.table : the same table from a training sample.

    Notes
    -----
    Forman's (2003) notation: tp and fp are the true and false positives of
    the rule "the word is present", one sparse product of the presence matrix
    with ``y`` for the whole vocabulary.

    Examples
    --------
    >>> import numpy as np
    >>> import fsviz
    >>> X = np.array([[1, 0, 2], [0, 1, 1], [1, 1, 0], [0, 0, 3]])
    >>> tp, fp, pos, neg = fsviz.binary_counts(X, [True, True, False, False])
    >>> tp.tolist(), fp.tolist(), pos, neg
    ([1, 1, 2], [1, 1, 1], 2, 2)
    """
    X_count = presence_counts(X)
    return counts_from_presence(X_count, np.bincount(X_count.indices, minlength=X_count.shape[1]), y)


def negative_features(tp, fp, pos, neg) -> np.ndarray:
    """Boolean mask of negative features: tpr < fpr, i.e. ``tp·neg < fp·pos``.

    Compared as cross products, so integer counts are classified exactly.

    Parameters
    ----------
    tp, fp : array-like
        Positive and negative documents containing each word.
    pos, neg : int or array-like
        Positive and negative documents.

    Returns
    -------
    ndarray of bool
        True for each negative feature, in the broadcast shape of the inputs.

    See Also
    --------
    fsviz.score : inverts these words for the metrics that would devalue them (``signed=False``).
    fsviz.binary_counts : the counts this reads.

    References
    ----------
    G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for
    Text Classification", JMLR 3 (2003), Table 1's note on negative features
    (those with tpr < fpr, scored by the inversion tpr' = 1 - tpr, fpr' = 1 - fpr).

    Examples
    --------
    The second word is in 10% of the positive documents and 30% of the negative ones:

    >>> import fsviz
    >>> fsviz.negative_features([10, 2], [1, 30], 20, 100).tolist()
    [False, True]
    """
    return np.asarray(tp) * np.asarray(neg) < np.asarray(fp) * np.asarray(pos)


@dataclass(frozen=True, eq=False)
class Training:
    """What a metric may look at: labelled training documents.

    Parameters
    ----------
    X_tf : scipy.sparse.csr_matrix, shape (n_docs, n_words)
        Term frequencies (Boolean presence works too: it is then every
        frequency metric's input as well). Any sparse matrix or array of
        counts is converted to CSR without explicit zeros.
    Y : ndarray of bool, shape (n_docs, n_classes)
        Labels; several per document in multi-label corpora. A 1-D Boolean
        ``y`` becomes the two columns ``y`` and ``~y``.
    positive : int or None, default None
        The class scored against the rest (a column of ``Y``), needed by
        one-class metrics; None when only all-class metrics are scored.
    classes : ndarray of str or None, default None
        Class names, for messages.
    score_cache : dict, optional
        Scores per spec, kept by the scoring engine; a new empty dict by default.

    Raises
    ------
    ValueError
        If ``X_tf`` holds a negative or non-finite value, ``Y`` has another
        number of rows, or ``positive`` is not a column of ``Y``.

    See Also
    --------
    fsviz.Corpus.training : a corpus's documents as a Training sample.
    fsviz.Metric.score_training : how every metric scores one.
    fsviz.score_words : scores one by a metric or combination spec.

    Notes
    -----
    Derived counts are computed once, on first use, and the scoring engine
    keeps scores per spec in ``score_cache``, so scoring a combination and
    its parts counts everything once.

    Examples
    --------
    >>> import numpy as np
    >>> import fsviz
    >>> X = np.array([[1, 0, 2], [0, 1, 1], [1, 1, 0], [0, 0, 3]])
    >>> training = fsviz.Training.from_binary(X, [True, True, False, False])
    >>> training.n_docs, training.n_words
    (4, 3)
    >>> tp, fp, pos, neg = training.table()
    >>> tp.tolist(), fp.tolist(), pos, neg
    ([1.0, 1.0, 2.0], [1.0, 1.0, 1.0], 2, 2)
    """

    X_tf: sparse.csr_matrix
    Y: np.ndarray
    positive: int | None = None
    classes: np.ndarray | None = None
    score_cache: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        X = _without_explicit_zeros(self.X_tf)
        Y = np.asarray(self.Y, dtype=bool)
        if Y.ndim == 1:
            Y = np.column_stack([Y, ~Y])
        if Y.shape[0] != X.shape[0]:
            raise ValueError(f"`Y` has {Y.shape[0]} rows but `X_tf` has {X.shape[0]} documents")
        object.__setattr__(self, "X_tf", X)
        object.__setattr__(self, "Y", Y)
        if self.positive is not None and not 0 <= int(self.positive) < Y.shape[1]:
            raise ValueError(f"`positive` must be a class index in [0, {Y.shape[1]}), got {self.positive!r}")

    @classmethod
    def from_binary(cls, X, y) -> Training:
        """A two-class sample from features ``X`` and Boolean labels ``y`` (True = positive)."""
        y = np.asarray(y, dtype=bool)
        return cls(X, np.column_stack([y, ~y]), positive=0, classes=np.array(["positive", "rest"], dtype=object))

    def select_words(self, columns) -> Training:
        """The same documents with only the words ``columns`` (indices into the vocabulary)."""
        return Training(self.X_tf[:, columns], self.Y, self.positive, self.classes)

    # --- shapes ---------------------------------------------------------
    @property
    def n_docs(self) -> int:
        return self.X_tf.shape[0]

    @property
    def n_words(self) -> int:
        return self.X_tf.shape[1]

    @functools.cached_property
    def presence(self) -> sparse.csr_matrix:
        """Boolean presence as float64 CSR."""
        X = self.X_tf
        return sparse.csr_matrix((np.ones(X.nnz), X.indices, X.indptr), shape=X.shape)

    @functools.cached_property
    def df(self) -> np.ndarray:
        """Documents containing each word."""
        return document_frequency(self.X_tf).astype(np.float64)

    @functools.cached_property
    def class_sizes(self) -> np.ndarray:
        """Documents of each class, shape (n_classes,)."""
        return self.Y.sum(axis=0).astype(np.float64)

    @functools.cached_property
    def class_df(self) -> np.ndarray:
        """Documents of each class containing each word, shape (n_classes, n_words)."""
        return np.asarray((sparse.csr_matrix(self.Y.T, dtype=np.float64) @ self.presence).toarray())

    @functools.cached_property
    def class_tf(self) -> np.ndarray:
        """Summed term frequency of each word in each class, shape (n_classes, n_words)."""
        return np.asarray((sparse.csr_matrix(self.Y.T, dtype=np.float64) @ self.X_tf.astype(np.float64)).toarray())

    # --- the positive class ------------------------------------------------
    @property
    def y(self) -> np.ndarray:
        """Boolean labels of the positive class."""
        return self.Y[:, self._positive()]

    def table(self):
        """``tp, fp, pos, neg`` of every word for the positive class."""
        c = self._positive()
        pos = int(self.class_sizes[c])
        neg = self.n_docs - pos
        if pos == 0 or neg == 0:
            name = self.classes[c] if self.classes is not None else c
            raise ValueError(f"class {name!r} has {pos} of {self.n_docs} training documents; "
                             "a one-class metric needs documents both in and outside the class")
        tp = self.class_df[c]
        return tp, self.df - tp, pos, neg

    @functools.cached_property
    def present_classes(self) -> np.ndarray:
        """Columns of the classes with documents both in and outside them in this sample."""
        sizes = self.class_sizes
        return np.flatnonzero((sizes > 0) & (sizes < self.n_docs))

    def class_tables(self):
        """``tp, fp, pos, neg`` of every word for each of :attr:`present_classes` against the rest.

        ``tp`` and ``fp`` have shape (those classes, n_words); ``pos`` and
        ``neg`` shape (those classes, 1), so a table metric broadcasts over them.
        """
        keep = self.present_classes
        tp = self.class_df[keep]
        pos = self.class_sizes[keep][:, None]
        return tp, self.df[None, :] - tp, pos, self.n_docs - pos

    def _positive(self) -> int:
        if self.positive is None:
            raise ValueError("this metric scores one class against the rest; give the Training a `positive` class")
        return int(self.positive)
