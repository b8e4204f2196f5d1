"""The Corpus class: documents × words (presence and term frequencies), labels, and what it derives.

A corpus is made by :func:`fsviz.corpora.corpus.build_corpus` (the one preprocessing path) or read by
:func:`fsviz.load_corpus`; from it come its binary tasks, its training splits and the documents behind a word.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field, replace

import numpy as np
from scipy import sparse

from .._validation import check_whole
from ..metrics.counts import Training, counts_from_presence, document_frequency, presence_counts
from .analyzer import preprocessing_key
from .contexts import WordContexts, keyword_in_context
from .cutoffs import cutoff_error
from .groups import group_task
from .task import Task

__all__ = ["Corpus"]


@dataclass(frozen=True, eq=False)
class Corpus:
    """A labelled corpus, ready for feature selection.

    Parameters
    ----------
    X_tf : scipy.sparse.csr_matrix of int32, shape (n_docs, n_words)
        Term frequencies.
    Y : scipy.sparse.csr_matrix of bool, shape (n_docs, n_classes)
        Y[i, c] is True when document i carries label c (several per document in multi-label corpora).
    vocabulary : ndarray of str (object dtype, as scikit-learn's ``get_feature_names_out``), shape (n_words,)
    classes : ndarray of str, shape (n_classes,)
    name : str
    removed_words : ndarray of str (object dtype)
        Words the rare-word cutoff dropped.
    removed_df : ndarray of int
        Their document frequencies.
    n_words_raw : int
        Vocabulary size before stop words, stemming and the cutoff.
    options : dict
        The preprocessing options used (``min_df``, ``max_df``, ``stopwords``, ``stem``, ``language``, ``ngrams``,
        ``analyzer``, ``char_ngrams``, ``token_pattern``, ``lowercase``); ``tokenised``: True when the words came from
        texts through the tokeniser (False for pre-counted formats); ``stop_words``: the words dropped as stop words,
        sorted (:mod:`fsviz.evaluation.export` rebuilds the tokeniser from these).
    notes : tuple of str
        What the reader repaired or dropped, in words.
    texts : tuple of str or None
        The documents as read, row by row, for :meth:`contexts`; None for pre-counted formats. Derived corpora
        (:meth:`with_min_df`) share the one tuple; it is no part of :attr:`fingerprint` and never goes to the grid's
        workers.
    test_rows : ndarray of int or None
        The documents read from a test file (:func:`fsviz.corpora.split.load_split`), sorted; the grid trains on the
        others and scores on these. None: one corpus, evaluated by cross-validation.

    See Also
    --------
    fsviz.load_corpus : reads one from any format.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["red apple", "green apple", "blue sky"], ["fruit", "fruit", "sky"]), min_df=1)
    >>> corpus.vocabulary.tolist(), corpus.classes.tolist(), corpus.X.toarray().sum(axis=0).tolist()
    (['apple', 'blue', 'green', 'red', 'sky'], ['fruit', 'sky'], [2, 1, 1, 1, 1])
    """

    X_tf: sparse.csr_matrix
    Y: sparse.csr_matrix
    vocabulary: np.ndarray
    classes: np.ndarray
    name: str = "corpus"
    removed_words: np.ndarray = field(default_factory=lambda: np.array([], dtype=object))
    removed_df: np.ndarray = field(default_factory=lambda: np.array([], dtype=np.int64))
    n_words_raw: int = 0
    options: dict = field(default_factory=dict)
    notes: tuple = ()
    texts: tuple | None = field(default=None, repr=False)
    test_rows: np.ndarray | None = field(default=None, repr=False)

    # --- shapes and views -------------------------------------------------
    @property
    def n_docs(self) -> int:
        return self.X_tf.shape[0]

    @property
    def n_words(self) -> int:
        return self.X_tf.shape[1]

    @property
    def n_classes(self) -> int:
        return int(self.classes.size)

    @functools.cached_property
    def X(self) -> sparse.csr_matrix:
        """Boolean presence, shape (n_docs, n_words); shares indices with ``X_tf``."""
        X_tf = self.X_tf
        return sparse.csr_matrix((np.ones(X_tf.nnz, dtype=bool), X_tf.indices, X_tf.indptr), shape=X_tf.shape)

    @functools.cached_property
    def _X_count(self) -> sparse.csr_matrix:
        return presence_counts(self.X_tf)

    @functools.cached_property
    def df(self) -> np.ndarray:
        """Document frequency of each word."""
        return document_frequency(self.X_tf)

    @property
    def training_df(self) -> np.ndarray:
        """Document frequency of each word in the training file (:attr:`test_rows` left out); :attr:`df` without
        a test file."""
        if self.test_rows is None:
            return self.df
        training = np.ones(self.n_docs, dtype=bool)
        training[self.test_rows] = False
        return document_frequency(self.X_tf[training])

    @property
    def is_multilabel(self) -> bool:
        return bool(np.any(np.diff(self.Y.indptr) != 1))

    @functools.cached_property
    def fingerprint(self) -> str:
        """A short hash of what presence-based results depend on: which words
        occur in which documents, and the labels (used to key grid results)."""
        digest = hashlib.sha1()
        for array in (self.X_tf.indptr, self.X_tf.indices, self.Y.indptr, self.Y.indices):
            digest.update(np.ascontiguousarray(array).tobytes())
        digest.update("\x00".join(map(str, self.classes)).encode())
        key = preprocessing_key(self.options)
        if key:  # only then: a corpus made without the n-gram and language options keeps the key it had
            digest.update(repr(sorted(key.items())).encode())
        if self.test_rows is not None:  # the same documents split into training and test: another evaluation
            digest.update(b"test" + np.ascontiguousarray(self.test_rows, dtype=np.int64).tobytes())
        return digest.hexdigest()[:16]

    @functools.cached_property
    def class_sizes(self) -> np.ndarray:
        """Documents carrying each class, aligned with ``classes``."""
        return np.bincount(self.Y.indices, minlength=self.n_classes).astype(np.int64)

    @property
    def labels(self) -> np.ndarray:
        """Label of each document: str for single-label corpora; for multi-label ones tuples of str."""
        if not self.is_multilabel:
            return self.classes[self.Y.indices]
        out = np.empty(self.n_docs, dtype=object)
        for i in range(self.n_docs):
            out[i] = tuple(self.classes[self.Y.indices[self.Y.indptr[i] : self.Y.indptr[i + 1]]])
        return out

    def class_index(self, name) -> int:
        """Position of class ``name`` in ``classes``."""
        hits = np.flatnonzero(self.classes == str(name))
        if hits.size == 0:
            shown = ", ".join(map(str, self.classes[:20])) + (" …" if self.n_classes > 20 else "")
            raise ValueError(f"unknown class {name!r}; this corpus has classes {shown}")
        return int(hits[0])

    def y(self, name) -> np.ndarray:
        """Boolean vector: which documents carry class ``name``."""
        return self.Y[:, self.class_index(name)].toarray().ravel().astype(bool)

    # --- counts -----------------------------------------------------------
    def binary_task(self, name) -> Task:
        """Class ``name`` against all other documents: every word's tp, fp."""
        y = self.y(name)
        tp, fp, pos, neg = counts_from_presence(self._X_count, self.df, y)
        if pos == 0 or neg == 0:
            raise ValueError(f"class {name!r} has {pos} of {self.n_docs} documents; a task needs documents "
                             "both in and outside the class")
        return Task(str(name), tp, fp, pos, neg, self.vocabulary, training=self.training(name))

    def task(self, positive, negative=None) -> Task:
        """Group ``positive`` (class names) against ``negative`` (None: every other document): every word's tp, fp.

        Documents in neither group are left out; one in both is refused (:mod:`fsviz.corpora.groups`).
        ``task(positive=[c])`` is :meth:`binary_task` ``(c)``.
        """
        return group_task(self, positive, negative)

    def training(self, positive=None, rows=None) -> Training:
        """A :class:`fsviz.metrics.counts.Training` sample of these documents for :func:`fsviz.score_words`.

        ``positive``: the class scored against the rest (a name), or None for
        all-class metrics only; ``rows``: the documents to use (default all).
        """
        X, Y = self.X_tf, self.Y.toarray()
        if rows is not None:
            X, Y = X[rows], Y[rows]
        index = None if positive is None else self.class_index(positive)
        return Training(X, Y, positive=index, classes=self.classes)

    def class_doc_counts(self) -> np.ndarray:
        """Documents of each class containing each word, shape (n_classes, n_words)
        (:attr:`fsviz.metrics.counts.Training.class_df` of the whole corpus, as int64)."""
        return self.training().class_df.astype(np.int64)

    def class_tf_sums(self) -> np.ndarray:
        """Summed term frequency of each word in each class, shape (n_classes, n_words)
        (:attr:`fsviz.metrics.counts.Training.class_tf` of the whole corpus, as int64)."""
        return self.training().class_tf.astype(np.int64)

    def contexts(self, word, positive, *, negative=None, n=10, width=8, offset=0, seed=0) -> WordContexts:
        """The documents containing ``word`` in class (or group) ``positive`` and in the rest (or group ``negative``),
        as keyword-in-context lines: :func:`fsviz.corpora.contexts.keyword_in_context` (NoTextError for a pre-counted corpus)."""
        return keyword_in_context(self, word, positive, negative=negative, n=n, width=width, offset=offset, seed=seed)

    # --- derived corpora --------------------------------------------------
    def with_min_df(self, min_df: int) -> Corpus:
        """The same corpus with a stricter rare-word cutoff (no re-reading).

        A cutoff at or below the one already applied returns the corpus as it
        is: the words it removed are no longer here to restore. With a test file
        (:attr:`test_rows`) the cutoff counts the training file's documents alone.
        """
        check_whole(min_df, "min_df", minimum=0, what="of documents")
        df = self.training_df
        keep = df >= min_df
        if keep.all():
            return self
        if not keep.any():
            raise cutoff_error(min_df, df)
        return replace(self, X_tf=self.X_tf[:, keep].tocsr(), vocabulary=self.vocabulary[keep],
                       removed_words=np.concatenate([self.removed_words, self.vocabulary[~keep]]),
                       removed_df=np.concatenate([self.removed_df, df[~keep]]),
                       options={**self.options, "min_df": min_df})

    def __repr__(self) -> str:
        test = "" if self.test_rows is None else f" ({self.test_rows.size} in the test file)"
        return (f"Corpus({self.name!r}: {self.n_docs} documents{test}, {self.n_words} words, "
                f"{self.n_classes} classes{', multi-label' if self.is_multilabel else ''})")
