"""A training file and a test file read as one corpus (fsviz.corpora.split): one vocabulary, the test rows
remembered, saved and keyed; files of two kinds or two vocabularies refused with what to do."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.corpora import CorpusError, load_split, read_corpus, save_corpus

WORDS = ["apple", "pear", "sky", "rain", "cloud", "plum", "sun", "wind"]


@st.composite
def two_files(draw):
    """(texts, labels) pairs of two classes, each file holding both classes."""
    def one(n):
        labels = ["fruit", "sky"] + draw(st.lists(st.sampled_from(["fruit", "sky"]), min_size=n, max_size=n))
        texts = [" ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))) for _ in labels]
        return texts, labels
    return one(draw(st.integers(0, 12))), one(draw(st.integers(0, 8)))


@settings(max_examples=40, deadline=None)
@given(two_files())
def test_the_test_rows_are_the_test_files_documents_and_the_counts_those_of_each_file(files):
    train, test = files
    corpus = load_split(train, test, min_df=1)
    assert corpus.test_rows.tolist() == list(range(len(train[0]), len(train[0]) + len(test[0])))
    alone = fsviz.load_corpus((train[0] + test[0], train[1] + test[1]), min_df=1)
    # One analyzer over both files: the same words and counts as the two read as one corpus …
    assert corpus.vocabulary.tolist() == alone.vocabulary.tolist()
    assert (corpus.X_tf != alone.X_tf).nnz == 0
    # … but another evaluation, so another key.
    assert corpus.fingerprint != alone.fingerprint
    assert corpus.labels.tolist() == train[1] + test[1]


def test_a_saved_split_corpus_keeps_its_test_rows(tmp_path):
    corpus = load_split((["red apple", "blue sky"] * 3, ["fruit", "sky"] * 3), (["apple", "sky"], ["fruit", "sky"]),
                        min_df=1)
    back = read_corpus(save_corpus(corpus, tmp_path / "c.npz"))
    assert back.test_rows.tolist() == [6, 7] and back.fingerprint == corpus.fingerprint
    plain = read_corpus(save_corpus(fsviz.load_corpus((["red apple", "blue sky"], ["x", "y"]), min_df=1), tmp_path / "p.npz"))
    assert plain.test_rows is None


def test_the_cutoff_keeps_the_test_rows():
    corpus = load_split((["red apple", "blue sky", "red sky", "blue apple"], ["fruit", "sky"] * 2),
                        (["red", "blue"], ["fruit", "sky"]), min_df=1)
    assert corpus.with_min_df(3).test_rows.tolist() == [4, 5]


def _arff(path, attributes, rows):
    head = "@relation r\n" + "".join(f"@attribute {a} numeric\n" for a in attributes)
    head += "@attribute class {a,b}\n@data\n"
    path.write_text(head + "".join(",".join(map(str, r)) + "\n" for r in rows))
    return path


def test_pre_counted_files_with_one_vocabulary_join_and_others_are_refused(tmp_path):
    rows = [(1, 0, "a"), (0, 2, "b"), (3, 0, "a"), (0, 1, "b")]
    train = _arff(tmp_path / "train.arff", ["w1", "w2"], rows)
    corpus = load_split(train, _arff(tmp_path / "test.arff", ["w1", "w2"], rows[:2]), min_df=1)
    assert corpus.n_docs == 6 and corpus.test_rows.tolist() == [4, 5]
    with pytest.raises(CorpusError, match="different word columns.*column 2 is 'w2' in one and 'w3'"):
        load_split(train, _arff(tmp_path / "other.arff", ["w1", "w3"], rows[:2]), min_df=1)
    texts = tmp_path / "test.csv"
    texts.write_text("text,label\nred apple,a\nblue sky,b\n")
    with pytest.raises(CorpusError, match="pre-counted .* give two files of one kind"):
        load_split(train, texts, min_df=1)


def test_an_empty_or_missing_test_file_says_so(tmp_path):
    train = (["red apple", "blue sky"], ["fruit", "sky"])
    with pytest.raises(CorpusError, match="no test file given"):
        load_split(train, "", min_df=1)
    with pytest.raises(CorpusError, match="no such file"):
        load_split(train, tmp_path / "nothing.csv", min_df=1)
    empty = tmp_path / "empty.csv"
    empty.write_text("text,label\n")
    with pytest.raises(CorpusError):
        load_split(train, empty, min_df=1)


def test_the_repr_says_how_many_documents_are_in_the_test_file():
    corpus = load_split((["red apple", "blue sky"], ["fruit", "sky"]), (["red", "sky"], ["fruit", "sky"]), min_df=1)
    assert "(2 in the test file)" in repr(corpus)
    assert np.array_equal(corpus.test_rows, [2, 3])
