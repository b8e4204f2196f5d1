"""A corpus that comes as a training file and a test file, read as one corpus that remembers which is which.

Reuters R8, 20 Newsgroups and most benchmark sets ship as two files. :func:`load_split` reads both with one
reader and one analyzer, so the two share one vocabulary, and records the test file's documents in
:attr:`fsviz.Corpus.test_rows`. The grid then selects words and fits on the training file alone and scores on
the test file (:func:`fsviz.evaluation.grid.training_file_splits`); every other view (the word map, the tables)
shows the documents of both.

Choices, said once:

- everything learnt comes from the training file alone, so the test file is a test: the vocabulary is the
  training file's words, and the rare- and common-word cutoffs (``min_df``, ``max_df``) count its documents
  only (:meth:`fsviz.Corpus.with_min_df` too); a word only the test file holds is not a word of the corpus.
  Stop words are a fixed list. The test file's documents are counted over that vocabulary;
- both files must be one kind: texts, or word counts with the same columns in the same order (ARFF, CLUTO);
- a class the test file lacks, or the training file lacks, is kept; the grid skips its task and says why.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from scipy import sparse

from .corpus import DEFAULT_MIN_DF, Corpus, build_corpus
from .formats import CorpusError, RawCorpus, check_limits, read

__all__ = ["BUILD_OPTIONS", "load_split"]

#: The keywords of :func:`fsviz.load_corpus` that shape the words (the rest go to the reader of each file).
BUILD_OPTIONS = ("min_df", "max_df", "stopwords", "stem", "language", "ngrams", "analyzer", "char_ngrams",
                 "token_pattern", "lowercase", "should_stop")


def load_split(train, test, *, format=None, limits=None, name=None, **options) -> Corpus:
    """Read a training file and a test file as one :class:`~fsviz.Corpus` whose ``test_rows`` are the test
    file's documents (after the training file's).

    Parameters
    ----------
    train, test : path, file object, or (texts, labels)
        As :func:`fsviz.load_corpus`'s ``source``; both are read with the same ``format`` and options.
    format : str, optional
        The format of both files (detected from each one's name when omitted).
    limits : fsviz.Limits, optional
        As :func:`fsviz.load_corpus`'s; the documents of both files count together.
    name : str, optional
        The corpus's name (default ``"<training name> + <test name>"``).
    **options
        :func:`fsviz.load_corpus`'s other keywords (``min_df``, ``stopwords``, ``ngrams``, ``should_stop``,
        ``text_column`` …).

    Returns
    -------
    fsviz.Corpus
        Both files' documents, the training file's first; ``test_rows`` indexes the test file's.

    Raises
    ------
    CorpusError (a ValueError)
        When either file cannot be read, the two are of different kinds, or their word columns differ.

    See Also
    --------
    fsviz.load_corpus : one file, split into folds by the grid instead.
    fsviz.Corpus.test_rows : the test file's documents.

    Examples
    --------
    >>> corpus = load_split((["red apple", "blue sky", "green apple", "grey sky"], ["fruit", "sky"] * 2),
    ...                     (["apple pie", "sky blue"], ["fruit", "sky"]), min_df=1)
    >>> corpus  # "pie" is the test file's alone: not a word of the corpus
    Corpus('texts + texts': 6 documents (2 in the test file), 6 words, 2 classes)
    >>> corpus.test_rows.tolist(), "pie" in corpus.vocabulary
    ([4, 5], False)
    """
    build = {key: options.pop(key) for key in BUILD_OPTIONS if key in options}
    build.setdefault("min_df", DEFAULT_MIN_DF)
    limits = check_limits(limits)
    raws = []
    for source, role in ((train, "training"), (test, "test")):
        if source is None or (isinstance(source, str) and not source.strip()):
            raise CorpusError(f"no {role} file given: pass a file, a folder, an upload or (texts, labels)")
        raws.append(read(source, format=format, limits=limits, **options))
    raw = _joined(*raws, name=name)
    corpus = build_corpus(raw, limits=limits, count_rows=np.arange(len(raws[0].labels)), **build)
    return replace(corpus, test_rows=np.arange(len(raws[0].labels), corpus.n_docs, dtype=np.int64))


def _joined(train: RawCorpus, test: RawCorpus, *, name=None) -> RawCorpus:
    """The two files' documents one after the other, their notes each marked with its file."""
    if not train.labels or not test.labels:
        empty = "training" if not train.labels else "test"
        raise CorpusError(f"the {empty} file {(train if empty == 'training' else test).name!r} holds no documents")
    notes = [f"training file: {n}" for n in train.notes] + [f"test file: {n}" for n in test.notes]
    joined = dict(labels=[*train.labels, *test.labels], name=name or f"{train.name} + {test.name}", notes=notes)
    if (train.texts is None) != (test.texts is None):
        counted = "training" if train.texts is None else "test"
        raise CorpusError(f"the {counted} file is pre-counted (word counts: ARFF or CLUTO) and the other holds "
                          "texts; give two files of one kind")
    if train.texts is not None:
        return RawCorpus(texts=[*train.texts, *test.texts], **joined)
    a, b = np.asarray(train.vocabulary).astype(str), np.asarray(test.vocabulary).astype(str)
    if a.shape != b.shape or (a != b).any():
        where = next((i for i in range(min(a.size, b.size)) if a[i] != b[i]), min(a.size, b.size))
        shown = lambda v: repr(str(v[where])) if where < v.size else "nothing"  # noqa: E731
        raise CorpusError(f"the training and test files have different word columns ({a.size:,} and {b.size:,}; "
                          f"column {where + 1} is {shown(a)} in one and {shown(b)} in the other); give two "
                          "files written with one vocabulary")
    counts = sparse.vstack([sparse.csr_matrix(train.counts), sparse.csr_matrix(test.counts)], format="csr")
    return RawCorpus(counts=counts, vocabulary=train.vocabulary, **joined)
