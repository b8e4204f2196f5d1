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

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy import sparse

from .._validation import check_whole
from ..metrics.counts import document_frequency
from ._corpus import Corpus
from .analyzer import TEXT_OPTIONS, check_preprocessing
from .cutoffs import df_cutoffs
from .formats import DEFAULT_LIMITS, CorpusError, Limits, RawCorpus, check_limits, read
from .paths import require_path
from .preprocessing import label_matrix, merge_columns, stemmer, tokenise

__all__ = ["DEFAULT_LIMITS", "Corpus", "CorpusError", "Counted", "Limits", "TextOptionsError", "build_corpus", "counted",
           "load_corpus"]

#: Forman (2003, Appendix B): "removed rare words that occurred < 3 times".
DEFAULT_MIN_DF = 3


class TextOptionsError(CorpusError):
    """Text options (n-grams, analyzer, token pattern, lower-casing) given for a pre-counted corpus (ARFF, CLUTO);
    a caller keeping them for every corpus (the app's sidebar) reads it again without them.

    See Also
    --------
    fsviz.corpora.build_corpus : Raises it.
    fsviz.corpora.TEXT_OPTIONS : The text options and their defaults.

    Examples
    --------
    >>> raw = RawCorpus(name="counts", labels=[("a",), ("b",)], counts=np.array([[1, 0], [0, 2]]),
    ...                 vocabulary=np.array(["x", "y"], dtype=object))
    >>> try:
    ...     build_corpus(raw, ngrams=(1, 2))
    ... except TextOptionsError:
    ...     build_corpus(raw, min_df=1)  # read again without them
    Corpus('counts': 2 documents, 2 words, 2 classes)
    """


@dataclass(frozen=True, eq=False)
class Counted:
    """A parsed corpus's counts, before the cutoffs and the checks only a whole corpus needs (two classes, some
    documents): what :func:`build_corpus` builds a corpus from, and what :func:`fsviz.corpora.parts.count_in_parts`
    counts each partition with.

    Parameters
    ----------
    X_tf : scipy.sparse.csr_matrix
        Term frequencies, documents × words, after stop words and stems.
    vocabulary : ndarray of object
        The words of its columns.
    Y : scipy.sparse.csr_matrix of bool
        Documents × classes.
    classes : ndarray of object
        The class names, cleaned (:func:`fsviz.corpora.clean_label`) and sorted.
    notes : list of str
        What was repaired or dropped.
    n_words_raw : int
        Words before anything was dropped.
    options : dict
        The preprocessing as checked (with ``max_df``).
    stop : frozenset
        The stop words dropped.

    See Also
    --------
    fsviz.corpora.counted : Makes it.
    fsviz.corpora.build_corpus : Builds a corpus from it.

    Examples
    --------
    >>> raw = RawCorpus(name="tiny", labels=[("fruit",), ("sky",)], texts=["red apple", "blue sky"])
    >>> counted(raw).vocabulary.tolist()
    ['apple', 'blue', 'red', 'sky']
    """

    X_tf: sparse.csr_matrix
    vocabulary: np.ndarray
    Y: sparse.csr_matrix
    classes: np.ndarray
    notes: list
    n_words_raw: int
    options: dict
    stop: frozenset


def counted(raw: RawCorpus, *, stopwords=False, stem=False, limits=None, should_stop=None, require_words=False,
            **text) -> Counted:
    """``raw``'s counts and labels by the one preprocessing path (the module's steps 1–3), no cutoff applied.

    Parameters
    ----------
    raw : fsviz.corpora.RawCorpus
        A parsed corpus, or a part of one.
    stopwords, stem, limits, should_stop, **text
        As :func:`build_corpus` takes them.
    require_words : bool, default False
        Refuse texts in which the tokeniser finds no word (a whole corpus); a part of one may have none.

    Returns
    -------
    Counted
        The counts.

    See Also
    --------
    fsviz.corpora.build_corpus : Adds the cutoffs and a whole corpus's checks.
    fsviz.corpora.count_in_parts : Counts a file's partitions with it.

    Examples
    --------
    >>> raw = RawCorpus(name="part", labels=[("sky",)], texts=["grey sky"])  # one class: a part, not a corpus
    >>> part = counted(raw)
    >>> part.vocabulary.tolist(), part.classes.tolist(), part.X_tf.toarray().tolist()
    (['grey', 'sky'], ['sky'], [[1, 1]])
    """
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
        if vocabulary.size == 0 and require_words:
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
    if stop and not ngrams:  # with n-grams the analyzer dropped them from the tokens
        keep = ~np.isin(vocabulary, list(stop))
        X_tf, vocabulary = X_tf[:, keep].tocsr(), vocabulary[keep]
    if stem and not ngrams and vocabulary.size:
        X_tf, vocabulary = merge_columns(X_tf, vocabulary, stemmer(stem, options["language"]).stemWords(
            vocabulary.tolist()))
    return Counted(X_tf, vocabulary, Y, classes, notes, n_words_raw, {**options, "max_df": max_df}, stop)


def build_corpus(raw: RawCorpus, *, min_df=DEFAULT_MIN_DF, stopwords=False, stem=False, limits=None,
                 should_stop=None, count_rows=None, **text) -> Corpus:
    """Tokenise (if needed), drop stop words, stem, cut rare and common words; see the module notes.

    ``limits`` (default :data:`DEFAULT_LIMITS`) bounds the documents and the
    distinct words (or n-grams), checked before and during tokenising; ``should_stop`` ends the counting
    (:func:`load_corpus`); ``text``: ``max_df``, ``language`` and the text options (:func:`load_corpus`).

    Parameters
    ----------
    raw : fsviz.corpora.RawCorpus
        A parsed corpus: texts, or pre-counted term frequencies and their vocabulary, and the labels.
    min_df : int, default 3
        Rare-word cutoff: drop words present in fewer than ``min_df`` documents.
    stopwords : bool, str or iterable of str, default False
        Stop words to drop (as :func:`load_corpus`'s).
    stem : bool or str, default False
        Stemming (as :func:`load_corpus`'s).
    limits : fsviz.Limits, optional
        How much the corpus may hold (default :data:`DEFAULT_LIMITS`).
    should_stop : callable, optional
        Asked as the words are counted; True ends the load with :class:`fsviz.corpora.LoadStopped`.
    count_rows : array-like of int, optional
        The documents whose words make the vocabulary (a training file's, :func:`fsviz.corpora.load_split`): the
        cutoffs count only them, and a word none of them holds is dropped whatever ``min_df`` says. Default: all.
    **text
        ``max_df``, ``language`` and the text options (:func:`load_corpus`).

    Returns
    -------
    fsviz.Corpus
        The documents' words and labels, preprocessed.

    Raises
    ------
    CorpusError (a ValueError)
        When the options are refused, a limit is passed, or no words, documents or second class are left.
    TextOptionsError
        When text options are given for a pre-counted corpus.

    See Also
    --------
    fsviz.load_corpus : Reads the source, then calls this.
    fsviz.corpora.read : Parses a source into a RawCorpus.

    Examples
    --------
    >>> raw = RawCorpus(name="tiny", labels=[("fruit",), ("fruit",), ("sky",), ("sky",)],
    ...                 texts=["red apple", "green apple", "blue sky", "grey sky"])
    >>> corpus = build_corpus(raw, min_df=2)
    >>> corpus, corpus.vocabulary.tolist()
    (Corpus('tiny': 4 documents, 2 words, 2 classes), ['apple', 'sky'])
    """
    check_whole(min_df, "min_df", minimum=0, what="of documents")
    part = counted(raw, stopwords=stopwords, stem=stem, limits=limits, should_stop=should_stop, require_words=True,
                   **text)
    X_tf, vocabulary, Y, classes, notes, options = part.X_tf, part.vocabulary, part.Y, part.classes, part.notes, \
        part.options
    max_df, stop = options["max_df"], part.stop
    if Y.shape[0] == 0:
        raise CorpusError(f"{raw.name!r} holds no documents")
    if classes.size < 2:
        found = f"only the class {str(classes[0])!r}" if classes.size else "no labels"
        raise CorpusError(f"{raw.name!r} has {found}; fsviz compares each class against the rest, "
                          "so a corpus needs at least two classes")
    if vocabulary.size == 0:
        raise CorpusError(f"{raw.name!r}: the stop words remove every word; turn stop words off, or check that the "
                          "text column holds the documents" if stop else f"{raw.name!r} has no words")
    if count_rows is None:
        df, n_counted, cutoff = document_frequency(X_tf), Y.shape[0], min_df
    else:  # the vocabulary is the counted documents' alone: a word only the others hold is not in it
        count_rows = np.asarray(count_rows, dtype=np.int64)
        df, n_counted, cutoff = document_frequency(X_tf[count_rows]), count_rows.size, max(min_df, 1)
    keep, common, note = df_cutoffs(vocabulary, df, cutoff, max_df, n_counted)
    notes += note
    removed_words, removed_df = vocabulary[~keep & ~common], df[~keep & ~common]
    frequent = tuple(sorted(map(str, vocabulary[common])))
    if not keep.all():
        X_tf, vocabulary = X_tf[:, keep].tocsr(), vocabulary[keep]
    options = {name: value for name, value in options.items() if name != "max_df"}
    return Corpus(
        X_tf=X_tf, Y=Y, vocabulary=vocabulary, classes=classes, name=raw.name,
        removed_words=removed_words, removed_df=removed_df, n_words_raw=part.n_words_raw,
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
