"""count_terms: CountVectorizer's counts bit for bit, whatever the chunking, and the word limit as it grows."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.feature_extraction.text import CountVectorizer

import fsviz
from fsviz.corpora import preprocessing
from fsviz.corpora.analyzer import WordAnalyzer
from fsviz.corpora.formats import DEFAULT_LIMITS, CorpusError
from fsviz.corpora.ngrams import CharAnalyzer
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


# Issue 39, class 9: a corpus is bounded in its counts (non-zeros), not only in its distinct words.

@settings(max_examples=40, deadline=None)
@given(texts=documents, chunk=st.sampled_from([1, 3, 1 << 20]))
def test_counts_at_the_limit_are_kept_and_one_past_it_refused(texts, chunk):
    """Whatever the chunks, a corpus with exactly ``max_counts`` entries loads, and with one more is refused,
    naming the limit; the counts never grow past the limit by more than one chunk before the refusal."""
    original = preprocessing.CHUNK_TOKENS
    preprocessing.CHUNK_TOKENS = chunk
    try:
        X, _ = count_terms(texts, WordAnalyzer(), DEFAULT_LIMITS, "t")
        if X.nnz == 0:
            return
        assert count_terms(texts, WordAnalyzer(), fsviz.Limits(max_counts=X.nnz), "t")[0].nnz == X.nnz
        if X.nnz > 1:
            with pytest.raises(CorpusError, match=r"more than \S+ counts \(document, word entries\).*max_counts"):
                count_terms(texts, WordAnalyzer(), fsviz.Limits(max_counts=X.nnz - 1), "t")
    finally:
        preprocessing.CHUNK_TOKENS = original


def short_then_long(n_short: int, n_long: int) -> list:
    """Many short documents of distinct words first, then long ones repeating a few words: a prefix of the corpus
    has far more entries per character than the whole."""
    return [f"s{i}a s{i}b" for i in range(n_short)] + [" ".join(["long words repeat"] * 400)] * n_long


def test_the_estimate_from_a_spread_sample_is_not_swayed_by_the_order_of_documents():
    texts = short_then_long(3000, 3000)
    X, _ = count_terms(texts, WordAnalyzer(), DEFAULT_LIMITS, "t")
    assert X.nnz == 3000 * 2 + 3000 * 3
    limits = fsviz.Limits(max_counts=X.nnz)
    assert count_terms(texts, WordAnalyzer(), limits, "t")[0].nnz == X.nnz  # a prefix would have said 8 times that
    assert count_terms(texts[::-1], WordAnalyzer(), limits, "t")[0].nnz == X.nnz


def test_a_corpus_on_course_for_far_more_counts_is_refused_before_it_is_counted():
    """Character n-grams of many documents: refused from the sample, before a single document is counted."""
    texts = [f"document {i} holds words of its own: alpha{i} beta{i} gamma{i}" for i in range(5000)]
    counted = []

    class Counting(CharAnalyzer):
        def iter_terms(self, text):
            counted.append(text)
            return super().iter_terms(text)

    with pytest.raises(CorpusError, match=r"about [\d,]+ counts .*max_counts.*estimated from \d+ documents spread"):
        count_terms(texts, Counting((1, 6)), fsviz.Limits(max_counts=10_000), "t")
    assert len(counted) <= 2 * preprocessing.SAMPLE_DOCS, "it counted the corpus instead of its sample"


def test_pre_counted_corpora_are_bounded_in_their_counts_too(tmp_path):
    """A CLUTO matrix (counts given, not made by the tokeniser) is refused past max_counts as well."""
    path = tmp_path / "m.mat"
    path.write_text("3 4 6\n1 1 2 2\n3 1 4 5\n1 3 2 1\n")
    (tmp_path / "m.mat.rclass").write_text("a\nb\na\n")
    assert fsviz.load_corpus(path, min_df=1, limits=fsviz.Limits(max_counts=6)).X.nnz == 6
    with pytest.raises(CorpusError, match=r"6 counts \(document, word entries\), over the limit of 5"):
        fsviz.load_corpus(path, min_df=1, limits=fsviz.Limits(max_counts=5))


def test_a_load_asked_to_stop_ends_as_the_counts_grow_and_one_never_asked_is_unchanged(monkeypatch):
    """``should_stop`` (the app: its visitor has left) ends a load at the next sum of the counts, with
    LoadStopped; a ``should_stop`` that never says stop gives the very corpus a load without one gives."""
    monkeypatch.setattr(preprocessing, "CHUNK_TOKENS", 50)
    texts = [f"word{i % 97} other{i % 13} shared" for i in range(2000)]
    labels = ["a", "b"] * 1000
    asked = []

    def stop_on_the_third():
        asked.append(1)
        return len(asked) >= 3

    with pytest.raises(fsviz.LoadStopped, match="was stopped"):
        fsviz.load_corpus((texts, labels), min_df=1, should_stop=stop_on_the_third)
    assert len(asked) == 3, "it went on counting after it was told to stop"
    plain = fsviz.load_corpus((texts, labels), min_df=1)
    kept = fsviz.load_corpus((texts, labels), min_df=1, should_stop=lambda: False)
    assert (plain.X_tf != kept.X_tf).nnz == 0 and plain.vocabulary.tolist() == kept.vocabulary.tolist()
    with pytest.raises(fsviz.LoadStopped):  # a training and a test file: the same
        fsviz.load_split((texts, labels), (texts[:10], labels[:10]), min_df=1, should_stop=lambda: True)
