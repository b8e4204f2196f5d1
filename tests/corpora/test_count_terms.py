"""count_terms: CountVectorizer's counts bit for bit, whatever the chunking, and the word limit as it grows."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.feature_extraction.text import CountVectorizer

import fsviz
from fsviz.corpora import preprocessing
from fsviz.corpora.analyzer import CharAnalyzer, WordAnalyzer
from fsviz.corpora.formats import DEFAULT_LIMITS, CorpusError
from fsviz.corpora.preprocessing import count_terms

WORDS = ["ab", "cd", "éf", "gh1", "x", "ab-cd", "Zz", "ünï", "42", "q q"]
documents = st.lists(st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join), min_size=1, max_size=25)


def assert_same(X, terms, vectorizer, texts):
    expected = vectorizer.fit_transform(texts)
    assert terms.tolist() == vectorizer.get_feature_names_out().tolist()
    assert X.shape == expected.shape and X.dtype == np.int32 and X.has_sorted_indices
    assert (X != expected).nnz == 0


@settings(max_examples=60, deadline=None)
@given(texts=documents, chunk=st.sampled_from([1, 2, 7, 1 << 20]))
def test_word_counts_are_countvectorizers_whatever_the_chunks(texts, chunk):
    if not any(len(t) > 1 for t in " ".join(texts).lower().split()):
        return  # CountVectorizer refuses an empty vocabulary
    original = preprocessing.CHUNK_TOKENS
    preprocessing.CHUNK_TOKENS = chunk
    try:
        X, terms = count_terms(texts, WordAnalyzer(ngram_range=(1, 2)), DEFAULT_LIMITS, "t")
        X1, terms1 = count_terms(texts, WordAnalyzer(), DEFAULT_LIMITS, "t")
    finally:
        preprocessing.CHUNK_TOKENS = original
    if terms.size:
        assert_same(X, terms, CountVectorizer(ngram_range=(1, 2)), texts)
        assert_same(X1, terms1, CountVectorizer(), texts)


def test_char_ngrams_are_countvectorizers():
    texts = ["the cat sat", "on the mat", "a", "cat cat"]
    X, terms = count_terms(texts, CharAnalyzer((2, 3)), DEFAULT_LIMITS, "t")
    assert_same(X, terms, CountVectorizer(analyzer="char_wb", ngram_range=(2, 3)), texts)


def test_empty_documents_keep_their_rows():
    X, terms = count_terms(["", "ab ab", "", "cd"], WordAnalyzer(), DEFAULT_LIMITS, "t")
    assert X.toarray().tolist() == [[0, 0], [2, 0], [0, 0], [0, 1]] and terms.tolist() == ["ab", "cd"]


def test_the_word_limit_holds_as_the_vocabulary_grows():
    texts = [f"w{i}a w{i}b" for i in range(10)]
    limits = fsviz.Limits(max_words=20)
    assert count_terms(texts, WordAnalyzer(), limits, "t")[1].size == 20  # at the limit: kept
    with pytest.raises(CorpusError, match=r"more than 19 distinct words.*Limits.max_words"):
        count_terms(texts, WordAnalyzer(), fsviz.Limits(max_words=19), "'t'")


def test_the_limit_stops_reading_early():
    """An endless stream of new words is refused after the document that passes the limit, not at its end."""
    seen = []

    def texts():
        for i in range(10**9):
            seen.append(i)
            yield f"new{i}x other{i}y"

    with pytest.raises(CorpusError):
        count_terms(texts(), WordAnalyzer(), fsviz.Limits(max_words=100), "t")
    assert len(seen) == 51
