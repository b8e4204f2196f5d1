"""Keyword in context: the documents behind a word, in its class and in the rest.

:func:`keyword_in_context` (also :meth:`fsviz.Corpus.contexts`) answers "why is this word
here?" with the documents that contain it: how many on each side of one class against the
rest, and a page of them as keyword-in-context lines.

Choices, in one place:

- **Which documents.** Those the corpus counted the word in: the non-zero rows of its column
  of ``X_tf``, so the numbers are the word's tp and fp exactly.
- **Which occurrence.** One line per document, around the word's *first* occurrence; the
  line carries the document's number of occurrences (the word's term frequency).
- **Matching.** As the corpus tokenised (:mod:`fsviz.corpora.analyzer`): its token pattern (by default
  runs of two or more letters or digits) on the lower-cased text (unless ``lowercase=False``), so
  ``Word`` and ``WORD`` are ``word``; in a stemmed corpus a token matches when its Snowball stem is
  the word (and it is not one of the corpus's stop words). An n-gram matches as a whole: the first
  run of tokens (stop words left out, as the corpus made its n-grams) whose words or stems are the
  n-gram's, shown from its first word to its last, words between included. A character n-gram
  (``analyzer="char_wb"``) matches inside the first whitespace-separated word that holds it (the
  padding space of ``" ab"`` is the word's start). The match is shown as the text writes it.
- **Two groups.** ``positive`` may be several classes, and ``negative`` a group of classes in
  place of the rest (:mod:`fsviz.corpora.groups`); documents in neither group are on neither side.
- **The window.** Up to ``width`` whitespace-separated words on each side, runs of whitespace
  shown as one space, fewer at the start or end of a text; the part of a word the match sits
  in (``(`` of ``(word)``) stays with it.
- **Sampling.** Each side's documents in one seeded random order (numpy's ``default_rng`` on
  ``(seed, side)``); a page is ``n`` of them from ``offset``, so pages never overlap and all
  of them cover every document once. The order depends only on the seed and the documents.
- **No text.** A corpus that arrived as counts (ARFF, CLUTO, a matrix) keeps no text:
  :class:`NoTextError` says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .._validation import check_whole
from .analyzer import DEFAULT_TOKEN_PATTERN, stemmer
from .groups import check_groups, group_labels

__all__ = ["ContextLine", "ContextSample", "NoTextError", "WordContexts", "keyword_in_context", "word_index"]

#: Characters of text read on each side per context word: a bound, so a huge document costs no more.
_REACH = 64


class NoTextError(ValueError):
    """The corpus holds counts only (ARFF, CLUTO, a count matrix): there is no text to show.

    See Also
    --------
    fsviz.corpora.keyword_in_context : raises it for such a corpus.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import fsviz
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "tiny.arff"
    ...     _ = path.write_text("@relation tiny\\n@attribute apple numeric\\n@attribute class {f,w}\\n@data\\n1,f\\n0,w\\n")
    ...     fsviz.load_corpus(path, min_df=1).contexts("apple", "f")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsviz.corpora.contexts.NoTextError: 'tiny' arrived as word counts (ARFF, CLUTO or a count matrix), ...
    """


@dataclass(frozen=True)
class ContextLine:
    """One document's keyword-in-context line.

    ``left`` + ``match`` + ``right`` is the text around the word's first
    occurrence (whitespace runs as one space).

    Parameters
    ----------
    doc : int
        The document's row in the corpus (0-based).
    left, match, right : str
        The context before the word, the word as it occurs, and the context after it.
    occurrences : int
        How often the word occurs in the document.
    labels : str
        The document's classes.

    See Also
    --------
    fsviz.corpora.keyword_in_context : makes them, a page of each side.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["A red apple.", "Green APPLE pie", "blue sky"], ["f", "f", "w"]), min_df=1)
    >>> corpus.contexts("apple", "f", width=1).positive.lines[0]
    ContextLine(doc=0, left='red ', match='apple', right='.', occurrences=1, labels='f')
    """

    doc: int
    left: str
    match: str
    right: str
    occurrences: int
    labels: str


@dataclass(frozen=True)
class ContextSample:
    """A page of one side's documents containing the word.

    Parameters
    ----------
    side : str
        ``"positive"`` or ``"rest"``.
    total : int
        Documents on this side that contain the word (the word's tp or fp).
    offset : int
        Position in the side's seeded order where ``lines`` start.
    lines : tuple of ContextLine
        This page's lines.

    See Also
    --------
    fsviz.corpora.WordContexts : a page of each side.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["A red apple.", "Green APPLE pie", "blue sky"], ["f", "f", "w"]), min_df=1)
    >>> sample = corpus.contexts("apple", "f", width=1).positive
    >>> sample.side, sample.total, sample.next_offset, sample.records()[1]["match"]
    ('positive', 2, None, 'APPLE')
    """

    side: str
    total: int
    offset: int
    lines: tuple

    @property
    def next_offset(self) -> int | None:
        """Where the next page starts, or None when this page reaches the last document."""
        end = self.offset + len(self.lines)
        return end if end < self.total else None

    def records(self) -> list[dict]:
        """The lines as dicts (``side`` first), e.g. for a table or JSON.

        Returns
        -------
        list of dict
            One dict per line: ``side`` and the :class:`ContextLine` fields.
        """
        return [{"side": self.side, **vars(line)} for line in self.lines]


@dataclass(frozen=True)
class WordContexts:
    """What :func:`keyword_in_context` returns: the word (as in the vocabulary), its class, and
    a page of documents on each side, ``positive`` (in the class) and ``rest``.

    Parameters
    ----------
    word : str
        The word, as in the vocabulary.
    class_name : str
        The class, or the positive group's name.
    positive, rest : ContextSample
        The pages of the positive side and of the other side.
    width : int
        Words of context on each side of the match.
    seed : int
        The seed that chose the order.

    See Also
    --------
    fsviz.Corpus.contexts : returns one (:func:`fsviz.corpora.keyword_in_context`).

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["A red apple.", "Green APPLE pie", "blue sky"], ["f", "f", "w"]), min_df=1)
    >>> page = corpus.contexts("APPLE", "f", width=1)
    >>> page.word, page.class_name, page.positive.total, page.rest.total, len(page.records())
    ('apple', 'f', 2, 0, 2)
    """

    word: str
    class_name: str
    positive: ContextSample
    rest: ContextSample
    width: int
    seed: int

    def records(self) -> list[dict]:
        """Both sides' lines as dicts, the positive side's first (see :meth:`ContextSample.records`).

        Returns
        -------
        list of dict
            One dict per line.
        """
        return self.positive.records() + self.rest.records()


def _candidates(corpus, word: str) -> list:
    """The vocabulary entries ``word`` may mean: as typed, lower-cased, whitespace runs as one space, stemmed."""
    options = corpus.options
    if options.get("analyzer") == "char_wb":  # a character n-gram's padding space is part of it
        return list(dict.fromkeys([word, word.lower() if options.get("lowercase", True) else word]))
    text = " ".join(word.split())
    texts = [text.lower(), text] if options.get("lowercase", True) else [text]
    stem = options.get("stem")
    if stem:
        algorithm = stemmer(stem, options.get("language", "english"))
        texts += [" ".join(algorithm.stemWords(t.split())) for t in texts]
    return list(dict.fromkeys(texts))


def word_index(corpus, word) -> int:
    """The vocabulary index of ``word`` (lower-cased; in a stemmed corpus also a word whose stem
    is in the vocabulary; an n-gram's words separated by spaces), else ValueError saying why it is not there.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus whose vocabulary is searched.
    word : str
        The word as typed.

    Returns
    -------
    int
        The index of the first vocabulary entry it may mean.

    Raises
    ------
    ValueError
        If ``word`` is not a non-empty string or not in the vocabulary (saying why: cutoff, stop word …).

    See Also
    --------
    fsviz.corpora.keyword_in_context : the documents behind the word.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["A red apple.", "Green APPLE pie", "blue sky"], ["f", "f", "w"]), min_df=1)
    >>> from fsviz.corpora import word_index
    >>> corpus.vocabulary[word_index(corpus, "APPLE")]
    'apple'
    >>> word_index(corpus, "pear")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown word 'pear': it is not in this corpus's vocabulary ...
    """
    if not isinstance(word, str) or not word.strip():
        raise ValueError(f"`word` must be a word of the vocabulary, got {word!r}")
    candidates = _candidates(corpus, word)
    for candidate in candidates:
        hits = np.flatnonzero(corpus.vocabulary == candidate)
        if hits.size:
            return int(hits[0])
    text = candidates[0]
    if text in set(corpus.removed_words.tolist()):
        why = f"the rare-word cutoff removed it (min_df={corpus.options.get('min_df')}); lower the cutoff to see it"
    elif text in corpus.options.get("common_words", ()):
        why = f"it is in more documents than max_df={corpus.options.get('max_df')} allows; raise max_df to see it"
    elif text in corpus.options.get("stop_words", ()):
        why = "it is a stop word, and stop words were dropped"
    else:
        why = "it is not in this corpus's vocabulary (after preprocessing: lower-case words of two or more letters or digits)"
    raise ValueError(f"unknown word {word!r}: {why}")


def keyword_in_context(corpus, word, positive, *, negative=None, n=10, width=8, offset=0, seed=0) -> WordContexts:
    """The documents containing ``word`` in class ``positive`` and in the rest (or group ``negative``), as KWIC lines.

    Parameters
    ----------
    corpus : fsviz.Corpus
        A corpus read from texts (:attr:`fsviz.Corpus.texts`).
    word : str
        A vocabulary word (any case; in a stemmed corpus a word or its stem).
    positive : str or list of str
        The class, or the classes of the positive group.
    negative : list of str, optional
        The classes of the other side; None: every document outside ``positive``.
    n : int, default 10
        Lines per side on this page.
    width : int, default 8
        Words of context on each side of the match.
    offset : int, default 0
        Where the page starts in each side's seeded order (0, n, 2n, … pages through).
    seed : int, default 0
        Chooses the order; the same seed gives the same pages.

    Returns
    -------
    WordContexts
        The word, its class and a page of lines for each side.

    Raises
    ------
    NoTextError (a ValueError)
        The corpus came as counts only and keeps no text.
    ValueError
        An unknown word or class, or a bad ``n``, ``width``, ``offset`` or ``seed``.

    See Also
    --------
    fsviz.Corpus.contexts : the same, as a method of the corpus.
    fsviz.word_facts : the word's counts and standing under each metric.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["A red apple.", "Green APPLE pie", "blue sky"], ["f", "f", "w"]), min_df=1)
    >>> page = corpus.contexts("apple", "f", width=1)
    >>> page.positive.total, [(line.left, line.match, line.right) for line in page.positive.lines]
    (2, [('red ', 'apple', '.'), ('Green ', 'APPLE', ' pie')])
    """
    n, width, offset = (check_whole(v, name) for v, name in ((n, "n"), (width, "width"), (offset, "offset")))
    seed = check_whole(seed, "seed")
    column = word_index(corpus, word)
    groups = check_groups(corpus.classes, positive, negative)
    in_class, rows = group_labels(corpus, groups)
    if corpus.texts is None:
        raise NoTextError(f"{corpus.name!r} arrived as word counts (ARFF, CLUTO or a count matrix), so it holds no "
                          "text to show; load the documents as text (CSV, JSONL, a folder or archive) to see them")
    X = corpus.X_tf
    at = np.flatnonzero((X.indices == column) & (X.data > 0))
    docs = np.searchsorted(X.indptr, at, side="right") - 1
    docs, at = docs[rows[docs]], at[rows[docs]]
    term_frequency = dict(zip(docs.tolist(), X.data[at].tolist()))
    matcher = _Matcher(str(corpus.vocabulary[column]), corpus.options)
    sides = []
    for number, (side, rows) in enumerate((("positive", docs[in_class[docs]]), ("rest", docs[~in_class[docs]]))):
        order = np.random.default_rng((seed, number)).permutation(rows.size)
        page = rows[order[offset : offset + n]]
        lines = tuple(_line(corpus, int(d), matcher, width, term_frequency[int(d)]) for d in page)
        sides.append(ContextSample(side, int(rows.size), offset, lines))
    return WordContexts(str(corpus.vocabulary[column]), groups.label, *sides, width=width, seed=seed)


class _Matcher:
    """Finds a vocabulary entry's first occurrence in a text, as the corpus tokenised it."""

    def __init__(self, word: str, options: dict):
        self.word, self.lowercase = word, options.get("lowercase", True)
        self.chars = options.get("analyzer") == "char_wb"
        stem = options.get("stem")
        self.stemmer = stemmer(stem, options.get("language", "english")) if stem else None
        self.stop = frozenset(options.get("stop_words", ()))
        self.pattern = options.get("token_pattern")
        self.token = re.compile(self.pattern or DEFAULT_TOKEN_PATTERN)
        self.n = word.count(" ") + 1
        self.exact = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")

    def first(self, text: str):
        """(start, end) of the first occurrence in ``text``, or None."""
        if self.chars:
            return self._first_gram(text)
        lowered = text.lower() if self.lowercase else text
        if len(lowered) == len(text):  # one character for one: positions in the lowered text are the text's
            if self.stemmer is None and self.n == 1 and self.pattern is None:
                found = self.exact.search(lowered)
                return found.span() if found else None
            spans = [t.span(t.lastindex or 0) for t in self.token.finditer(lowered)]
            words = [lowered[a:b] for a, b in spans]
        else:  # a character that lower-cases to two (İ): tokenise the text as written, then lower each token
            spans = [t.span(t.lastindex or 0) for t in self.token.finditer(text)]
            words = [text[a:b].lower() for a, b in spans]
        kept = [(span, word) for span, word in zip(spans, words) if word not in self.stop]
        stems = self.stemmer.stemWords([w for _, w in kept]) if self.stemmer is not None else [w for _, w in kept]
        for i in range(len(kept) - self.n + 1):
            if " ".join(stems[i : i + self.n]) == self.word:
                return kept[i][0][0], kept[i + self.n - 1][0][1]
        return None

    def _first_gram(self, text: str):
        """The first whitespace-separated word holding the character n-gram (padded with a space each side)."""
        for found in re.finditer(r"\S+", text):
            word = found.group()
            padded = " " + (word.lower() if self.lowercase else word) + " "
            if len(padded) != len(word) + 2:
                continue
            at = padded.find(self.word)
            if at >= 0:
                start = max(at - 1, 0)
                end = min(at - 1 + len(self.word), len(word))
                return found.start() + start, found.start() + max(end, start)
        return None


def _left(before: str, width: int) -> str:
    tail = before[-_REACH * (width + 1):]
    glued = tail.rsplit(None, 1)[-1] if tail and not tail[-1].isspace() else ""
    words = tail[: len(tail) - len(glued)].split()[-width:] if width else []
    return " ".join(words) + (" " if words else "") + glued


def _right(after: str, width: int) -> str:
    head = after[: _REACH * (width + 1)]
    glued = head.split(None, 1)[0] if head and not head[0].isspace() else ""
    words = head[len(glued):].split()[:width] if width else []
    return glued + (" " if words else "") + " ".join(words)


def _line(corpus, doc: int, matcher: _Matcher, width: int, occurrences: int) -> ContextLine:
    text = corpus.texts[doc]
    span = matcher.first(text)
    labels = ", ".join(map(str, corpus.classes[corpus.Y.indices[corpus.Y.indptr[doc] : corpus.Y.indptr[doc + 1]]]))
    if span is None:  # counted but not found again (a tokeniser corner case): show the start of the text
        return ContextLine(doc, "", "", _right(text, width), occurrences, labels)
    start, end = span
    return ContextLine(doc, _left(text[:start], width), text[start:end], _right(text[end:], width), occurrences,
                       labels)
