"""The steps of the one preprocessing path that turn a RawCorpus into counts and labels (:mod:`fsviz.corpus`).

Tokenising within the limits, merging stemmed words, and the label matrix.
"""

from __future__ import annotations

import unicodedata

import numpy as np
import Stemmer  # PyStemmer
from scipy import sparse
from sklearn.feature_extraction.text import CountVectorizer

from .formats import CorpusError, Limits, RawCorpus

__all__ = ["clean_label", "label_matrix", "merge_columns", "stemmer", "tokenise"]


def stemmer(stem):
    algorithm = "english" if stem is True else str(stem)
    try:
        return Stemmer.Stemmer(algorithm)
    except KeyError:
        raise ValueError(
            f"`stem` must be True or a Snowball algorithm ({', '.join(Stemmer.algorithms())}), got {stem!r}"
        ) from None


def merge_columns(X_tf, vocabulary, new_words):
    """Sum the columns of ``X_tf`` that map to the same entry of ``new_words``."""
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
    """A class name as the corpus keeps it: Unicode NFC, without invisible format characters.

    Two spellings of one name (``café`` composed and decomposed) become one
    class, and bidirectional overrides and zero-width characters (Unicode
    category Cf) are removed, so ``"\\u202egnp.exe"`` is shown as what it is,
    ``gnp.exe``, not as ``exe.png``.

    >>> clean_label("cafe\\u0301") == "café", clean_label("\\u202egnp.exe"), clean_label("a\\u200bb")
    (True, 'gnp.exe', 'ab')
    """
    text = unicodedata.normalize("NFC", name)
    if any(unicodedata.category(c) == "Cf" for c in text):
        text = "".join(c for c in text if unicodedata.category(c) != "Cf").strip()
    return text


def label_matrix(labels, limits: Limits, what: str):
    """The documents × classes label matrix (sparse), the class names and notes on names it cleaned.

    Names stay Python strings (an object array): a fixed-width array is as
    wide as its longest name for every entry (one 25,000-character label made
    3.15 GB of 225 KB). Every name goes through :func:`clean_label`; a note
    says how many changed, with the first, and how many classes merged.
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
            raise CorpusError(f"{what}: the class {empty!r} is made only of invisible characters; name it")
        name, new = min(changed.items())
        merged = len(cleaned) - len(set(cleaned.values()))
        notes.append(f"{len(changed):,} class name{'s' * (len(changed) > 1)} cleaned (Unicode NFC, invisible "
                     f"format characters removed), e.g. {ascii(name)} → {ascii(new)}"
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


class _BoundedAnalyzer:
    """scikit-learn's default word analyzer, refusing a vocabulary past ``limits.max_words``
    as it grows, before the vectoriser holds it all (the same tokens, so the same counts)."""

    def __init__(self, limits: Limits, what: str):
        self.analyze = CountVectorizer(lowercase=True).build_analyzer()
        self.limits, self.what, self.seen = limits, what, set()

    def __call__(self, text):
        tokens = self.analyze(text)
        self.seen.update(tokens)
        if len(self.seen) > self.limits.max_words:
            raise self.limits.error("max_words", self.what, self.limits.max_words, at_least=True)
        return tokens


def tokenise(raw: RawCorpus, limits: Limits):
    analyzer = _BoundedAnalyzer(limits, repr(raw.name))
    vectorizer = CountVectorizer(analyzer=analyzer, dtype=np.int32)
    try:
        return vectorizer.fit_transform(raw.texts), vectorizer.get_feature_names_out()
    finally:
        analyzer.seen.clear()
