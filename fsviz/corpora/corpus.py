"""The Corpus: documents × words, labels, and the one preprocessing path.

Every format is parsed by :mod:`fsviz.corpora.formats`; then, for all formats alike:

1. texts are tokenised by one analyzer (:mod:`fsviz.corpora.analyzer`): by default scikit-learn's
   ``CountVectorizer``'s (lower-cased word tokens of two or more letters or digits), else word n-grams
   (``ngrams``), character n-grams (``analyzer="char_wb"``), your ``token_pattern``, ``lowercase=False``;
   giving term frequencies; pre-counted formats (ARFF, CLUTO) bring their own and refuse those options;
2. optional stop words are dropped (``language``'s list: scikit-learn's for English, stopwordsiso's for the
   others);
3. optional stemming merges words with the same stem (PyStemmer's Snowball stemmers), summing their term
   frequencies; with n-grams, 2 and 3 happen to the tokens before the n-grams are made, as scikit-learn does;
4. the rare-word cutoff drops words present in fewer than ``min_df`` documents (Forman: 3; ``min_df=1`` keeps
   every word that occurs), and ``max_df`` words present in more (a share or a count; 1.0 keeps all)
   (:mod:`fsviz.corpora.cutoffs`).

Presence ``X`` is Boolean (Forman's features); term frequencies stay in ``X_tf`` for the metrics that need them.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from scipy import sparse

from .._validation import check_whole
from ..metrics.counts import Training, counts_from_presence, document_frequency, presence_counts
from .analyzer import TEXT_OPTIONS, check_preprocessing, preprocessing_key
from .contexts import WordContexts, keyword_in_context
from .cutoffs import cutoff_error, df_cutoffs
from .formats import DEFAULT_LIMITS, CorpusError, Limits, RawCorpus, check_limits, read
from .groups import group_task
from .paths import require_path
from .preprocessing import label_matrix, merge_columns, stemmer, tokenise
from .task import Task

__all__ = ["DEFAULT_LIMITS", "Corpus", "CorpusError", "Limits", "TextOptionsError", "build_corpus", "load_corpus"]

#: Forman (2003, Appendix B): "removed rare words that occurred < 3 times".
DEFAULT_MIN_DF = 3


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
        is: the words it removed are no longer here to restore.
        """
        check_whole(min_df, "min_df", minimum=0, what="of documents")
        keep = self.df >= min_df
        if keep.all():
            return self
        if not keep.any():
            raise cutoff_error(min_df, self.df)
        return replace(self, X_tf=self.X_tf[:, keep].tocsr(), vocabulary=self.vocabulary[keep],
                       removed_words=np.concatenate([self.removed_words, self.vocabulary[~keep]]),
                       removed_df=np.concatenate([self.removed_df, self.df[~keep]]),
                       options={**self.options, "min_df": min_df})

    def __repr__(self) -> str:
        test = "" if self.test_rows is None else f" ({self.test_rows.size} in the test file)"
        return (f"Corpus({self.name!r}: {self.n_docs} documents{test}, {self.n_words} words, "
                f"{self.n_classes} classes{', multi-label' if self.is_multilabel else ''})")


class TextOptionsError(CorpusError):
    """Text options (n-grams, analyzer, token pattern, lower-casing) given for a pre-counted corpus (ARFF, CLUTO);
    a caller keeping them for every corpus (the app's sidebar) reads it again without them."""


def build_corpus(raw: RawCorpus, *, min_df=DEFAULT_MIN_DF, stopwords=False, stem=False, limits=None,
                 should_stop=None, **text) -> Corpus:
    """Tokenise (if needed), drop stop words, stem, cut rare and common words; see the module notes.

    ``limits`` (default :data:`DEFAULT_LIMITS`) bounds the documents and the
    distinct words (or n-grams), checked before and during tokenising; ``should_stop`` ends the counting
    (:func:`load_corpus`); ``text``: ``max_df``, ``language`` and the text options (:func:`load_corpus`).
    """
    check_whole(min_df, "min_df", minimum=0, what="of documents")
    options, stop = check_preprocessing(stopwords=stopwords, stem=stem, **text)
    max_df = options.pop("max_df")
    limits = check_limits(limits)
    if len(raw.labels) > limits.max_docs:
        raise limits.error("max_docs", repr(raw.name), len(raw.labels))
    ngrams = raw.texts is not None and options["analyzer"] == "word" and options["ngrams"][1] > 1
    if raw.texts is not None:
        longest = max(range(len(raw.texts)), key=lambda i: len(raw.texts[i]), default=None)
        if longest is not None and len(raw.texts[longest]) > limits.max_doc_chars:
            raise limits.error("max_doc_chars", f"{raw.name!r}: document {longest + 1}", len(raw.texts[longest]))
        X_tf, vocabulary = tokenise(raw, limits, options, stop, stem, should_stop)
        if vocabulary.size == 0:
            raise CorpusError(
                f"{raw.name!r}: the documents contain no words (tokens of "
                + ("two or more letters or digits" if options["token_pattern"] is None else
                   f"token_pattern {options['token_pattern']!r}") + "); check the text column and the encoding")
    else:
        given = [f"{name}={options[name]!r}" for name, default in TEXT_OPTIONS.items() if options[name] != default]
        if given:
            raise TextOptionsError(f"{raw.name!r} came pre-counted (ARFF or CLUTO: word counts, no text), so "
                              f"{', '.join(given)} cannot apply; its words are the file's columns. Leave "
                              f"{', '.join(g.partition('=')[0] for g in given)} at the default, or load the texts")
        X_tf = sparse.csr_matrix(raw.counts).astype(np.int32)
        vocabulary = np.asarray(raw.vocabulary).astype(object)
    n_words_raw = vocabulary.size
    notes = list(raw.notes)
    long = np.fromiter(map(len, vocabulary), dtype=np.int64, count=vocabulary.size) > limits.max_word_chars
    if long.any():
        X_tf, vocabulary = X_tf[:, ~long].tocsr(), vocabulary[~long]
        dropped = int(long.sum())
        notes.append(f"dropped {dropped:,} word{'s' * (dropped > 1)} of more than "
                     f"{limits.max_word_chars:,} characters (Limits.max_word_chars): no word is that long")
    Y, classes, label_notes = label_matrix(raw.labels, limits, repr(raw.name))
    notes += label_notes
    if Y.shape[0] == 0:
        raise CorpusError(f"{raw.name!r} holds no documents")
    if classes.size < 2:
        found = f"only the class {str(classes[0])!r}" if classes.size else "no labels"
        raise CorpusError(f"{raw.name!r} has {found}; fsviz compares each class against the rest, "
                          "so a corpus needs at least two classes")
    if stop and not ngrams:  # with n-grams the analyzer dropped them from the tokens
        keep = ~np.isin(vocabulary, list(stop))
        X_tf, vocabulary = X_tf[:, keep].tocsr(), vocabulary[keep]
    if stem and not ngrams:
        X_tf, vocabulary = merge_columns(X_tf, vocabulary, stemmer(stem, options["language"]).stemWords(
            vocabulary.tolist()))
    if vocabulary.size == 0:
        raise CorpusError(f"{raw.name!r}: the stop words remove every word; turn stop words off, or check that the "
                          "text column holds the documents" if stop else f"{raw.name!r} has no words")
    df = document_frequency(X_tf)
    keep, common, note = df_cutoffs(vocabulary, df, min_df, max_df, Y.shape[0])
    notes += note
    removed_words, removed_df = vocabulary[~keep & ~common], df[~keep & ~common]
    frequent = tuple(sorted(map(str, vocabulary[common])))
    if not keep.all():
        X_tf, vocabulary = X_tf[:, keep].tocsr(), vocabulary[keep]
    return Corpus(
        X_tf=X_tf, Y=Y, vocabulary=vocabulary, classes=classes, name=raw.name,
        removed_words=removed_words, removed_df=removed_df, n_words_raw=n_words_raw,
        options={"min_df": min_df, "stopwords": bool(stopwords), "stem": stem,
                 "tokenised": raw.texts is not None, "stop_words": tuple(sorted(stop)), **options,
                 "max_df": max_df, "common_words": frequent},
        notes=tuple(notes), texts=tuple(raw.texts) if raw.texts is not None else None,
    )


def load_corpus(source, *, format=None, min_df=DEFAULT_MIN_DF, max_df=1.0, stopwords=False, stem=False,
                language="english", ngrams=(1, 1), analyzer="word", char_ngrams=(2, 4), token_pattern=None,
                lowercase=True, limits=None, should_stop=None, **options) -> Corpus:
    """Load a labelled corpus from ``source`` in any supported format.

    Parameters
    ----------
    source : path, file object, or (texts, labels)
        A file or folder path, an open binary file or upload (its ``name`` tells the format), or an in-memory pair of
        sequences.
    format : str, optional
        One of :data:`fsviz.corpora.formats.FORMATS`; detected from the extension or folder contents when omitted.
    min_df : int, default 3
        Rare-word cutoff: drop words present in fewer than ``min_df`` documents (Forman's default, 3). 1 keeps every
        word that occurs; 0 also keeps columns a pre-counted format declares but never uses.
    max_df : float or int, default 1.0
        Drop words present in more than this share of the documents (a float in (0, 1]) or this many documents (an
        int), as scikit-learn's ``max_df``; 1.0 keeps every word.
    stopwords : bool, str or iterable of str, default False
        True drops ``language``'s stop words (English: scikit-learn's list; others: stopwordsiso's); a language's
        name, e.g. ``"english"`` (as scikit-learn spells it) or ``"german"``, drops that one's; a list gives your own
        (one word is ``["the"]``: another bare string is refused).
    stem : bool or str, default False
        True stems with ``language``'s Snowball stemmer (English: Porter2); a string names a Snowball algorithm, e.g.
        ``"porter"`` or ``"german"``.
    language : str, default "english"
        What ``stopwords=True`` and ``stem=True`` mean: one of :data:`fsviz.corpora.analyzer.LANGUAGES` (PyStemmer's
        languages that have a stop-word list).
    ngrams : (int, int), default (1, 1)
        Word n-grams from ``lo`` to ``hi`` words (``hi`` <= 3): ``(1, 2)`` keeps single words and pairs. Stop words
        and stems apply to the words first.
    analyzer : {"word", "char_wb"}, default "word"
        ``"char_wb"``: character n-grams inside word boundaries, of ``char_ngrams`` = ``(lo, hi)`` characters (``hi``
        <= 6), for text not split by spaces; it takes no stop words, stems or ``token_pattern``.
    char_ngrams : (int, int), default (2, 4)
        The character n-grams' lengths, from ``lo`` to ``hi``, for ``analyzer="char_wb"``.
    token_pattern : str, optional
        A regular expression whose matches are the tokens (scikit-learn's default, ``(?u)\\b\\w\\w+\\b``, when None);
        checked first (:func:`fsviz.corpora.check_token_pattern`).
    lowercase : bool, default True
        Lower-case the text before tokenising.
    limits : fsviz.Limits, optional
        How much the corpus may hold, checked before the work: bytes read (512 MiB), files or archive members
        (200,000), expansion of a compressed member (100:1), documents (1,000,000), characters in one document
        (10,000,000), distinct words (2,000,000); see :class:`fsviz.Limits` for why. Raise one with e.g.
        ``limits=fsviz.Limits(max_bytes=2**31)``.
    should_stop : callable, optional
        Asked with no argument as the words are counted (about every million tokens); when it returns True the load
        ends with :class:`fsviz.LoadStopped`. The app stops a load whose visitor has left.
    **options
        ``text_column``, ``label_column``, ``label_sep``, ``sep`` for tables; ``name`` for any format.

    Returns
    -------
    fsviz.Corpus
        The documents' words and labels, preprocessed.

    Raises
    ------
    CorpusError (a ValueError)
        With a message saying what is wrong with the input and what to do;
        for a limit, which one, the size seen and the keyword that raises it.

    See Also
    --------
    fsviz.load_sample : the bundled sample corpus.
    fsviz.load_split : a training file and a test file as one corpus.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["red apple", "green apple", "blue sky", "grey sky"],
    ...                             ["fruit", "fruit", "weather", "weather"]), min_df=1)
    >>> corpus
    Corpus('texts': 4 documents, 6 words, 2 classes)
    >>> task = corpus.binary_task("fruit")
    >>> int(task.tp[task.vocabulary == "apple"][0])
    2
    """
    if source is None or (isinstance(source, str) and not source.strip()):
        raise CorpusError("no corpus given: pass a file, a folder, an upload or (texts, labels)")
    if isinstance(source, (str, Path)):
        require_path(source)
    check_whole(min_df, "min_df", minimum=0, what="of documents")
    text = dict(max_df=max_df, language=language, ngrams=ngrams, analyzer=analyzer, char_ngrams=char_ngrams,
                token_pattern=token_pattern, lowercase=lowercase)
    check_preprocessing(stopwords=stopwords, stem=stem, **text)
    limits = check_limits(limits)
    raw = read(source, format=format, limits=limits, **options)
    return build_corpus(raw, min_df=min_df, stopwords=stopwords, stem=stem, limits=limits, should_stop=should_stop,
                        **text)
