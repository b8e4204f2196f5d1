"""Per-word counts: the 2×2 table of every word for one class vs the rest.

``tp`` and ``fp`` for the whole vocabulary come from one sparse product of
the document × word presence matrix with the class indicator; the class ×
word matrices used by multi-class and term-frequency metrics come from one
product each.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from .metrics import negative_features, score

__all__ = ["Task", "binary_counts", "counts_from_presence", "document_frequency", "presence_counts"]


def _without_explicit_zeros(X) -> sparse.csr_matrix:
    """``X`` as CSR whose stored entries are all non-zero (copied only if needed)."""
    X = sparse.csr_matrix(X) if not sparse.issparse(X) else X.tocsr()
    if X.data.size and not np.all(X.data):
        X = X.copy()
        X.eliminate_zeros()
    return X


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
    """Number of documents (rows) in which each word (column) is present."""
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
        Counts or presence; a word is present where the value is non-zero.
    y : array of bool, shape (n_docs,)
        True for documents of the positive class.

    Returns
    -------
    tp, fp : ndarray of int64, shape (n_words,)
    pos, neg : int
    """
    X_count = presence_counts(X)
    return counts_from_presence(X_count, np.bincount(X_count.indices, minlength=X_count.shape[1]), y)


@dataclass(frozen=True, eq=False)
class Task:
    """One class against the rest: every word's 2×2 counts.

    Attributes
    ----------
    name : str
        The positive class.
    tp, fp : ndarray of int64, shape (n_words,)
        Positive and negative documents containing each word.
    pos, neg : int
        Positive and negative documents.
    vocabulary : ndarray of str, shape (n_words,)
    training : fsviz.scoring.Training or None
        The documents behind the counts, for metrics that read more than
        the 2×2 table (set by :meth:`fsviz.Corpus.binary_task`).
    """

    name: str
    tp: np.ndarray
    fp: np.ndarray
    pos: int
    neg: int
    vocabulary: np.ndarray
    training: object = None

    @property
    def n_words(self) -> int:
        return int(self.tp.size)

    @property
    def tpr(self) -> np.ndarray:
        """Sample true-positive rate of each word, tp / pos."""
        return self.tp / self.pos

    @property
    def fpr(self) -> np.ndarray:
        """Sample false-positive rate of each word, fp / neg."""
        return self.fp / self.neg

    @property
    def skew(self) -> float:
        """Class skew neg:pos (Forman's 1:n), e.g. 30.0 for 1:30."""
        return self.neg / self.pos

    @property
    def negative(self) -> np.ndarray:
        """Mask of negative features (tpr < fpr)."""
        return negative_features(self.tp, self.fp, self.pos, self.neg)

    def score(self, metric: str, **kwargs) -> np.ndarray:
        """Scores of every word under ``metric``.

        A table metric is scored from the counts, with ``kwargs`` going to
        :func:`fsviz.score`; any other spec (a metric reading every class,
        term frequencies or a model, an α-weighted metric, a combination)
        through :func:`fsviz.score_words` on :attr:`training`.
        """
        from .metrics import get_metric

        if "@" not in metric and "(" not in metric and get_metric(metric).inputs == "table":
            return score(metric, self.tp, self.fp, self.pos, self.neg, **kwargs)
        if self.training is None:
            raise ValueError(f"{metric!r} reads more than this task's 2×2 counts; make the task with "
                             "corpus.binary_task(name), which keeps its documents")
        from .scoring import score_words

        return score_words(metric, self.training, random_state=kwargs.get("random_state", 0))

    def select(self, metric: str, k: int, **kwargs) -> np.ndarray:
        """The ``k`` words ``metric`` selects, as vocabulary indices.

        Any spec: the top k of :meth:`score` (best first, ties by lower
        index), or IGFSS's set for k (:func:`fsviz.selected_words` on
        :attr:`training`).
        """
        from .scoring import selected_words, selects_per_k
        from .selection import select_top_k

        if not selects_per_k(metric):
            return select_top_k(self.score(metric, **kwargs), k).indices
        if self.training is None:
            raise ValueError(f"{metric!r} reads every class's documents; make the task with "
                             "corpus.binary_task(name), which keeps them")
        return selected_words(metric, self.training, k, random_state=kwargs.get("random_state", 0))
