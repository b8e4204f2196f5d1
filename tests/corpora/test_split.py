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


@settings(max_examples=60, deadline=None)
@given(two_files(), st.integers(1, 3))
def test_the_vocabulary_and_cutoff_are_the_training_files_and_the_test_file_is_counted_over_them(files, min_df):
    """Issue 56: with a test file, everything learnt comes from the training file. A word only the test file
    holds is not a word of the corpus; the cutoff counts training documents alone (a word common in the test
    file but rare in training is dropped); the test file's documents are counted over the training vocabulary,
    exactly as the two files read as one corpus count them."""
    train, test = files
    try:
        corpus = load_split(train, test, min_df=min_df)
    except CorpusError as exc:  # the training file keeps no word at this cutoff: said so
        assert "min_df" in str(exc) or "no words" in str(exc) or "keep" in str(exc)
        return
    assert corpus.test_rows.tolist() == list(range(len(train[0]), len(train[0]) + len(test[0])))
    training_df = {}
    for text in train[0]:
        for word in set(text.split()):
            training_df[word] = training_df.get(word, 0) + 1
    assert sorted(corpus.vocabulary.tolist()) == sorted(w for w, df in training_df.items() if df >= min_df)
    alone = fsviz.load_corpus((train[0] + test[0], train[1] + test[1]), min_df=1)
    columns = [alone.vocabulary.tolist().index(w) for w in corpus.vocabulary]
    assert (corpus.X_tf != alone.X_tf[:, columns]).nnz == 0  # both files counted over the training vocabulary
    assert corpus.fingerprint != alone.fingerprint  # another evaluation, so another key
    assert corpus.labels.tolist() == train[1] + test[1]
    stricter = corpus.with_min_df(min_df + 1) if corpus.training_df.max() > min_df else corpus
    assert (stricter.training_df >= min(min_df + 1, corpus.training_df.max())).all()
    assert stricter.test_rows.tolist() == corpus.test_rows.tolist()


def test_a_saved_split_corpus_keeps_its_test_rows(tmp_path):
    corpus = load_split((["red apple", "blue sky"] * 3, ["fruit", "sky"] * 3), (["apple", "sky"], ["fruit", "sky"]),
                        min_df=1)
    back = read_corpus(save_corpus(corpus, tmp_path / "c.npz"))
    assert back.test_rows.tolist() == [6, 7] and back.fingerprint == corpus.fingerprint
    plain = read_corpus(save_corpus(fsviz.load_corpus((["red apple", "blue sky"], ["x", "y"]), min_df=1), tmp_path / "p.npz"))
    assert plain.test_rows is None


def test_the_cutoff_keeps_the_test_rows_and_counts_the_training_file_alone():
    corpus = load_split((["red apple", "blue sky", "red sky", "blue apple"], ["fruit", "sky"] * 2),
                        (["red pear", "blue pear", "pear pear"], ["fruit", "sky", "fruit"]), min_df=1)
    assert "pear" not in corpus.vocabulary  # three test documents hold it, no training document does
    assert corpus.with_min_df(2).test_rows.tolist() == [4, 5, 6]
    assert corpus.with_min_df(2).vocabulary.tolist() == ["apple", "blue", "red", "sky"]
    with pytest.raises(CorpusError, match="the most common word is in 2 documents"):  # training documents
        corpus.with_min_df(3)


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
