"""The steps of the one preprocessing path that turn a RawCorpus into counts and labels (:mod:`fsviz.corpora.corpus`).

Tokenising within the limits, merging stemmed words, and the label matrix; the cutoffs by document frequency are
:mod:`fsviz.corpora.cutoffs`.
"""

from __future__ import annotations

import unicodedata
from array import array
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from scipy import sparse

from .analyzer import WordAnalyzer, stem_algorithm, stemmer
from .formats import CorpusError, Limits, RawCorpus
from .ngrams import CharAnalyzer

__all__ = ["LoadStopped", "clean_label", "count_terms", "label_matrix", "merge_columns", "stemmer", "tokenise"]

class LoadStopped(Exception):  # noqa: N818 (a stop asked for, not an error)
    """A load ended because its ``should_stop`` said so (:func:`fsviz.load_corpus`): nothing is kept.

    Not a :class:`ValueError`: nothing was wrong with the input, so it is not shown as an error.

    See Also
    --------
    fsviz.load_corpus : asks its ``should_stop`` as it counts the words.

    Examples
    --------
    >>> import fsviz
    >>> fsviz.load_corpus((["red apple", "blue sky"], ["fruit", "sky"]), min_df=1, should_stop=lambda: True)
    Traceback (most recent call last):
    ...
    fsviz.corpora.preprocessing.LoadStopped: the load of 'texts' was stopped
    """


#: Tokens :func:`count_terms` holds before summing them into entries (4 bytes each): 4 MiB.
CHUNK_TOKENS = 1 << 20
#: Documents :func:`count_terms` reads first, spread through a corpus, to estimate its counts.
SAMPLE_DOCS = 500


def merge_columns(X_tf, vocabulary, new_words):
    """Sum the columns of ``X_tf`` that map to the same entry of ``new_words``.

    Parameters
    ----------
    X_tf : scipy.sparse.csr_matrix of shape (n_docs, n_words)
        Term frequencies.
    vocabulary : ndarray of str of shape (n_words,)
        The words of the columns.
    new_words : array-like of str of shape (n_words,)
        Each column's new word (its stem, say).

    Returns
    -------
    X_tf : scipy.sparse.csr_matrix of shape (n_docs, n_merged)
        The summed columns, in the order of ``words``.
    words : ndarray of object of shape (n_merged,)
        The distinct new words, sorted.

    See Also
    --------
    fsviz.corpora.stemmer : the stems a stemmed corpus merges its words by.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import sparse
    >>> from fsviz.corpora import merge_columns
    >>> X = sparse.csr_matrix(np.array([[1, 2, 0], [0, 1, 3]]))
    >>> merged, words = merge_columns(X, np.array(["run", "runs", "sky"], dtype=object), ["run", "run", "sky"])
    >>> merged.toarray().tolist(), words.tolist()
    ([[3, 0], [1, 3]], ['run', 'sky'])
    """
    merged, inverse = np.unique(np.asarray(new_words, dtype=object), return_inverse=True)
    if merged.size == vocabulary.size:
        order = np.argsort(inverse)
        return X_tf[:, order].tocsr(), merged
    mapping = sparse.csr_matrix(
        (np.ones(vocabulary.size, dtype=np.int32), (np.arange(vocabulary.size), inverse)),
        shape=(vocabulary.size, merged.size),
    )
    return (X_tf @ mapping).tocsr(), merged


def clean_label(name: str) -> str:
    """A class name as the corpus keeps it: Unicode NFC, without invisible format characters, control characters
    as spaces, stripped.

    The one rule for class names, whatever format they were read from. Two spellings of one name (``café``
    composed and decomposed) become one class; bidirectional overrides and zero-width characters (Unicode
    category Cf) are removed, so ``"\\u202egnp.exe"`` is shown as what it is, ``gnp.exe``, not as ``exe.png``;
    control characters (category Cc: a tab, a line end, NUL, U+0085) become spaces, as they cannot be shown in a
    name; white space around the name goes.

    Parameters
    ----------
    name : str
        A class name as read.

    Returns
    -------
    str
        The cleaned name.

    See Also
    --------
    fsviz.corpora.label_matrix : cleans every class name with it, and notes the names it changed.

    Examples
    --------
    >>> from fsviz.corpora import clean_label
    >>> clean_label("cafe\\u0301") == "café", clean_label("\\u202egnp.exe"), clean_label("a\\u200bb")
    (True, 'gnp.exe', 'ab')
    >>> clean_label("sci\\tspace"), clean_label(" bell\\x07 ")
    ('sci space', 'bell')
    """
    text = unicodedata.normalize("NFC", name)
    if not text.isprintable() or text != text.strip():
        text = "".join("" if unicodedata.category(c) == "Cf" else " " if unicodedata.category(c) == "Cc" else c
                       for c in text).strip()
    return text


def label_matrix(labels, limits: Limits, what: str):
    """The documents × classes label matrix (sparse), the class names and notes on names it cleaned.

    Names stay Python strings (an object array): a fixed-width array is as
    wide as its longest name for every entry (one 25,000-character label made
    3.15 GB of 225 KB). Every name goes through :func:`clean_label`; a note
    says how many changed, with the first, and how many classes merged.

    Parameters
    ----------
    labels : sequence of sequence of str
        Each document's class names.
    limits : fsviz.Limits
        Bounds on the words and counts.
    what : str
        Names the corpus in an error.

    Returns
    -------
    Y : scipy.sparse.csr_matrix of bool of shape (n_docs, n_classes)
        True where a document carries a class.
    classes : ndarray of object of shape (n_classes,)
        The cleaned class names, sorted.
    notes : list of str
        At most one note on the names cleaned.

    Raises
    ------
    CorpusError
        For a name over ``limits.max_label_chars``, one made only of invisible characters, or too many classes.

    See Also
    --------
    fsviz.corpora.clean_label : how each name is cleaned.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.corpora import label_matrix
    >>> Y, classes, notes = label_matrix([("sky",), ("fruit", "sky")], fsviz.DEFAULT_LIMITS, "tiny")
    >>> Y.toarray().tolist(), classes.tolist(), notes
    ([[False, True], [True, True]], ['fruit', 'sky'], [])
    """
    flat = [lab for labs in labels for lab in labs]
    longest = max(flat, key=len, default="")
    if len(longest) > limits.max_label_chars:
        raise limits.error("max_label_chars", f"{what}: the class {longest[:60]!r}…", len(longest))
    cleaned = {name: clean_label(name) for name in set(flat)}
    changed = {name: new for name, new in cleaned.items() if name != new}
    notes = []
    if changed:
        empty = next((name for name, new in changed.items() if not new), None)
        if empty is not None:
            raise CorpusError(f"{what}: the class {ascii(empty)} is made only of invisible or control characters; "
                              "name it")
        name, new = min(changed.items())
        merged = len(cleaned) - len(set(cleaned.values()))
        notes.append(f"{len(changed):,} class name{'s' * (len(changed) > 1)} cleaned (Unicode NFC, invisible "
                     f"format characters removed, control characters as spaces, white space around trimmed), e.g. "
                     f"{ascii(name)} → {ascii(new)}"
                     + (f"; {merged:,} of them merged with a class of the same name" if merged else ""))
        flat = [cleaned[name] for name in flat]
    classes, inverse = np.unique(np.asarray(flat, dtype=object), return_inverse=True)
    if classes.size > limits.max_classes:
        raise limits.error("max_classes", what, classes.size)
    lengths = np.fromiter((len(labs) for labs in labels), dtype=np.int64, count=len(labels))
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    Y = sparse.csr_matrix((np.ones(inverse.size, dtype=bool), inverse, indptr), shape=(len(labels), classes.size))
    Y.sum_duplicates()  # a document labelled with two spellings of one name holds it once
    Y.sort_indices()
    return Y, classes, notes


def count_terms(texts, analyze, limits: Limits, what: str, hint: str = "", should_stop=None):
    """Term frequencies of every document, shape (n_docs, n_terms), and the terms, sorted.

    The counts of ``CountVectorizer(analyzer=analyze).fit_transform(texts)`` (the same matrix, bit for bit),
    counted here so a vocabulary past ``limits.max_words`` is refused as it grows, before it is all held: after
    each document, so at most one document's new terms past the limit (``max_doc_chars`` bounds those).

    Each term becomes its number in C (``map`` over a ``defaultdict`` numbering new terms by
    ``__len__``, scikit-learn's trick) with no Python code per token; every :data:`CHUNK_TOKENS` tokens the
    numbers of the documents so far are summed into (document, term, count) entries by scipy's
    ``sum_duplicates``, so the tokens held at once stay bounded while the entries are as compact as
    CountVectorizer's.

    The entries (non-zeros) are bounded by ``limits.max_counts``, twice: before counting, from
    :data:`SAMPLE_DOCS` documents spread evenly through the corpus (so an order of short documents first and long
    ones last does not sway it), the whole corpus is estimated at its sample's entries per character, and refused
    when that is over twice the limit (the margin keeps a corpus near the limit from being refused by the
    sample's chance); then, as the counts grow, at each sum, when they pass the limit. A load that would
    exhaust memory so stops in seconds with the limit's name, not after minutes with "out of memory".
    ``should_stop()``, if given, is asked at each sum too: True ends the count with :class:`LoadStopped`.

    Parameters
    ----------
    texts : sequence of str
        The documents.
    analyze : callable
        ``analyze(text)`` gives a document's terms (its ``iter_terms`` is used when it has one).
    limits : fsviz.Limits
        Bounds on the words and counts.
    what : str
        Names the corpus in an error.
    hint : str, default ""
        Added to a limit's error: what option makes fewer terms.
    should_stop : callable, optional
        Asked at each sum; True stops the count.

    Returns
    -------
    X : scipy.sparse.csr_matrix of int32 of shape (n_docs, n_terms)
        Term frequencies.
    terms : ndarray of shape (n_terms,)
        The terms, sorted.

    Raises
    ------
    CorpusError
        When ``max_words`` or ``max_counts`` is exceeded (or estimated to be).
    LoadStopped
        When ``should_stop()`` says so.

    See Also
    --------
    fsviz.corpora.tokenise : counts a read corpus's texts with the analyzer of its options.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.corpora import WordAnalyzer, count_terms
    >>> X, terms = count_terms(["red apple", "green apple apple"], WordAnalyzer(), fsviz.DEFAULT_LIMITS, "tiny")
    >>> X.toarray().tolist(), terms.tolist()
    ([[1, 0, 1], [2, 1, 0]], ['apple', 'green', 'red'])
    """
    vocabulary = defaultdict()
    vocabulary.default_factory = vocabulary.__len__
    term_id = vocabulary.__getitem__
    limit = limits.max_words
    terms_of = getattr(analyze, "iter_terms", analyze)  # one at a time: a long document's n-grams are never all held
    indices, values, indptr = array("i"), array("i"), array("q", [0])
    ids, ends = array("i"), array("q")

    error = _estimate_error(texts, terms_of, limits, what)
    if error is not None:
        raise _with_hint(error, hint)

    def flush():
        nonlocal ids, ends
        if not ends:
            return
        rows = np.concatenate([[0], np.frombuffer(ends, dtype=np.int64)])
        chunk = sparse.csr_matrix((np.ones(len(ids), dtype=np.int32), np.frombuffer(ids, dtype=np.int32), rows),
                                  shape=(len(ends), len(vocabulary)))
        chunk.sum_duplicates()  # sorts each row's terms too; the final order comes after ranking below
        indices.frombytes(chunk.indices.astype(np.int32, copy=False).tobytes())
        values.frombytes(chunk.data.astype(np.int32, copy=False).tobytes())
        indptr.extend((chunk.indptr[1:] + indptr[-1]).tolist())
        ids, ends = array("i"), array("q")
        if should_stop is not None and should_stop():
            raise LoadStopped(f"the load of {what} was stopped")
        if len(indices) > limits.max_counts:
            raise _with_hint(limits.error("max_counts", what, limits.max_counts, at_least=True), hint)

    for text in texts:
        ids.extend(map(term_id, terms_of(text)))
        if len(vocabulary) > limit:
            raise _with_hint(limits.error("max_words", what, limit, at_least=True), hint)
        ends.append(len(ids))
        if len(ids) >= CHUNK_TOKENS:
            flush()
    flush()
    terms = np.fromiter(vocabulary, dtype=object, count=len(vocabulary))
    vocabulary.clear()
    order = np.argsort(terms, kind="stable")
    rank = np.empty(order.size, dtype=np.int32)
    rank[order] = np.arange(order.size, dtype=np.int32)
    X = sparse.csr_matrix((np.frombuffer(values, dtype=np.int32), rank[np.frombuffer(indices, dtype=np.int32)],
                           np.frombuffer(indptr, dtype=np.int64)), shape=(len(indptr) - 1, order.size))
    X.sort_indices()
    return X, terms[order]


def _with_hint(error: CorpusError, hint: str) -> CorpusError:
    """``error`` followed by ``hint`` (the option that made the terms, and how to make fewer), when there is one."""
    return CorpusError(f"{error}; {hint}") if hint else error


def _estimate_error(texts, terms_of, limits: Limits, what: str) -> CorpusError | None:
    """The error for a corpus whose counts, estimated from :data:`SAMPLE_DOCS` documents spread evenly through
    it (its distinct terms per character), are over twice ``limits.max_counts``; None otherwise, and for a corpus
    of at most twice that many documents (counting it whole is as quick as sampling it)."""
    if not isinstance(texts, Sequence) or len(texts) <= 2 * SAMPLE_DOCS:
        return None
    sample = texts[::len(texts) // SAMPLE_DOCS]
    chars = sum(map(len, sample))
    if not chars:
        return None
    expected = sum(len(set(terms_of(text))) for text in sample) * sum(map(len, texts)) / chars
    if expected <= 2 * limits.max_counts:
        return None
    error = limits.error("max_counts", what, round(expected, -3), about=True)
    return CorpusError(f"{error}; estimated from {len(sample):,} documents spread through it")


def analyzer_for(options: dict, stop_words=frozenset(), stem=False):
    """The analyzer of ``options`` (:func:`fsviz.corpora.analyzer.check_text_options`' dict). Stop words and stems are
    its part only with n-grams (they come before the runs are made); for single words :func:`fsviz.corpora.corpus.build_corpus`
    drops and merges vocabulary columns instead, the same terms for a fraction of the work."""
    if options["analyzer"] == "char_wb":
        return CharAnalyzer(options["char_ngrams"], options["lowercase"])
    ngram_range = options["ngrams"]
    with_words = ngram_range[1] > 1
    algorithm = stem_algorithm(stem, options["language"]) if with_words else None
    return WordAnalyzer(algorithm, sorted(stop_words) if with_words else (), ngram_range, options["token_pattern"],
                        options["lowercase"])


def _hint(options: dict) -> str:
    if options["analyzer"] == "char_wb":
        return (f"char_ngrams={options['char_ngrams']} counts every run of {options['char_ngrams'][0]} to "
                f"{options['char_ngrams'][1]} characters as a term; a narrower range makes fewer")
    if options["ngrams"][1] > 1:
        return (f"ngrams={options['ngrams']} counts every run of up to {options['ngrams'][1]} words as a term "
                "(the limit holds before min_df cuts rare ones); a smaller n makes fewer")
    return ""


def tokenise(raw: RawCorpus, limits: Limits, options: dict, stop_words=frozenset(), stem=False, should_stop=None):
    """Term frequencies and terms of ``raw``'s texts under the text ``options``, within ``limits``; ``should_stop``
    as :func:`count_terms` takes it.

    Parameters
    ----------
    raw : RawCorpus
        The corpus read, with its texts.
    limits : fsviz.Limits
        Bounds on the words and counts.
    options : dict
        The text options (:func:`fsviz.corpora.analyzer.check_text_options`).
    stop_words : frozenset of str, optional
        Stop words, dropped inside n-grams.
    stem : bool or str, default False
        Stemming, applied inside n-grams.
    should_stop : callable, optional
        As :func:`count_terms` takes it.

    Returns
    -------
    X : scipy.sparse.csr_matrix of shape (n_docs, n_terms)
        Term frequencies.
    terms : ndarray of shape (n_terms,)
        The terms, sorted.

    Raises
    ------
    CorpusError
        When a limit is exceeded.
    LoadStopped
        When ``should_stop()`` says so.

    See Also
    --------
    fsviz.corpora.count_terms : the counting.
    fsviz.build_corpus : tokenises a read corpus with it, then drops stop words, stems and cuts.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.corpora import check_text_options, read, tokenise
    >>> raw = read((["red apple", "green apple apple"], ["fruit", "fruit"]))
    >>> X, terms = tokenise(raw, fsviz.DEFAULT_LIMITS, check_text_options(ngrams=2))
    >>> terms.tolist()
    ['apple', 'apple apple', 'green', 'green apple', 'red', 'red apple']
    """
    analyze = analyzer_for(options, stop_words, stem)
    return count_terms(raw.texts, analyze, limits, repr(raw.name), _hint(options), should_stop)
