"""Every class's top words at once (fsviz.stats.classes): the matrix against each class's own selection."""

import numpy as np
import pandas as pd
import pytest
from conftest import shared
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.stats import MAX_CLASSES, SHARED_COLUMN, class_word_matrix


def expected(corpus, metric, k, classes=None):
    """Each class's top k as the library selects it one class at a time: word → rank, and word → score."""
    out = {}
    for name in classes or [str(c) for c in corpus.classes]:
        task = corpus.binary_task(name)
        scores = task.score(metric)
        top = fsviz.select_top_k(scores, k).indices
        out[name] = ({str(task.vocabulary[j]): rank for rank, j in enumerate(top, 1)},
                     {str(task.vocabulary[j]): scores[j] for j in top})
    return out


def check_against(matrix, want):
    """``matrix`` (ranks) holds exactly ``want``'s ranks, and its shared count and order are right."""
    assert list(matrix.columns) == [SHARED_COLUMN, *want]
    for name, (ranks, _) in want.items():
        column = matrix[name].dropna()
        assert column.to_dict() == ranks, name
    union = set().union(*(ranks for ranks, _ in want.values()))
    assert set(matrix.index) == union and matrix.index.is_unique
    counts = {w: sum(w in ranks for ranks, _ in want.values()) for w in union}
    assert matrix[SHARED_COLUMN].to_dict() == counts
    best = matrix.drop(columns=SHARED_COLUMN).min(axis=1)
    keys = list(zip(-matrix[SHARED_COLUMN], best, matrix.index))
    assert keys == sorted(keys), "the most shared words first, then the best rank, then a–z"


@pytest.fixture(scope="module")
def corpus(planted):
    return planted.load()


@pytest.mark.parametrize("metric", ["bns", "ig", "chi", "odds", "rand", "cmfs", "chi_max", "bns@0.7", "ar(bns,ig)"])
def test_matrix_equals_each_classes_own_top_k(corpus, metric):
    k = 12
    want = expected(corpus, metric, k)
    check_against(class_word_matrix(corpus, metric, k), want)
    scores = class_word_matrix(corpus, metric, k, value="score")
    for name, (_, by_word) in want.items():
        assert scores[name].dropna().to_dict() == pytest.approx(by_word), name


def test_planted_words_lead_their_classes(corpus):
    matrix = class_word_matrix(corpus, "f1", 5)  # F1 prefers positive features (BNS also takes absent words)
    for name in corpus.classes:  # each class's five planted positive words are its top five, one class each
        assert sorted(matrix[name].dropna().index) == [f"pos{name[1:]}x{i}" for i in range(5)]
    assert (matrix[SHARED_COLUMN] == 1).all()


def test_some_classes_in_the_order_given(corpus):
    matrix = class_word_matrix(corpus, "ig", 7, classes=["c2", "c0"])
    check_against(matrix, expected(corpus, "ig", 7, ["c2", "c0"]))


def test_ranks_are_nullable_integers_and_scores_floats(corpus):
    assert all(str(t) == "Int64" for t in class_word_matrix(corpus, "bns", 9).dtypes.iloc[1:])
    assert all(t == np.float64 for t in class_word_matrix(corpus, "bns", 9, value="score").dtypes.iloc[1:])


@pytest.mark.parametrize("kwargs, message", [
    ({"value": "tp"}, "`value` must be one of rank, score"),
    ({"metric": "igfss(ig)"}, "selects a word set per k"),
    ({"metric": "notametric"}, "unknown metric"),
    ({"k": 0}, "`k` must be a positive whole number"),
    ({"k": 10**9}, "larger than the vocabulary"),
    ({"classes": ["c0", "nope"]}, "unknown class 'nope'"),
    ({"classes": ["c0", "c0"]}, "names a class twice"),
    ({"classes": []}, "must name 1 to 50 classes"),
])
def test_refusals_say_what_is_allowed(corpus, kwargs, message):
    arguments = {"metric": "bns", "k": 5} | kwargs
    with pytest.raises(ValueError, match=message):
        class_word_matrix(corpus, arguments.pop("metric"), arguments.pop("k"), **arguments)


def test_more_than_fifty_classes_asks_for_classes():
    texts = [f"common word{c} shared{c % 3}" for c in range(MAX_CLASSES + 1) for _ in range(2)]
    labels = [f"k{c}" for c in range(MAX_CLASSES + 1) for _ in range(2)]
    many = fsviz.load_corpus((texts, labels), min_df=1)
    with pytest.raises(ValueError, match="51 classes, more than the 50 .* pass `classes=`"):
        class_word_matrix(many, "bns", 3)
    chosen = [f"k{c}" for c in range(MAX_CLASSES)]
    assert list(class_word_matrix(many, "bns", 3, classes=chosen).columns[1:]) == chosen


def test_a_class_named_like_the_count_column_is_refused():
    named = fsviz.load_corpus((["aa bb", "aa cc", "dd ee", "dd ff"], ["classes", "classes", "x", "x"]), min_df=1)
    with pytest.raises(ValueError, match="a class is named 'classes'"):
        class_word_matrix(named, "bns", 2)
    assert list(class_word_matrix(named, "bns", 2, classes=["x"]).columns) == [SHARED_COLUMN, "x"]


@st.composite
def small_corpora(draw):
    """Two to five classes of one to six documents, each a few of fifteen words."""
    n_classes = draw(st.integers(2, 5))
    texts, labels = [], []
    for c in range(n_classes):
        for _ in range(draw(st.integers(1, 6))):
            words = draw(st.lists(st.integers(0, 14), min_size=1, max_size=8))
            texts.append(" ".join(f"w{w:02d}" for w in words))
            labels.append(f"c{c}")
    return fsviz.load_corpus((texts, labels), min_df=1)


@settings(max_examples=40, deadline=None)
@given(corpus=small_corpora(), data=st.data(), value=st.sampled_from(["rank", "score"]))
def test_each_class_holds_ranks_one_to_k_and_the_count_is_its_row(corpus, data, value):
    k = data.draw(st.integers(1, corpus.n_words))
    metric = data.draw(st.sampled_from(["bns", "ig", "chi", "dfreq", "pr"]))
    ranks = class_word_matrix(corpus, metric, k)
    for name in corpus.classes:
        assert sorted(ranks[name].dropna().tolist()) == list(range(1, min(k, corpus.n_words) + 1))
    cells = class_word_matrix(corpus, metric, k, value=value).drop(columns=SHARED_COLUMN)
    assert (ranks[SHARED_COLUMN] == cells.notna().sum(axis=1)).all()
    assert ranks[SHARED_COLUMN].between(1, corpus.n_classes).all()


def test_twenty_newsgroups_every_class_as_the_library_selects_it():
    path = shared("20newsgroups", "20news-bydate.tar.gz")
    news = fsviz.load_corpus(path)
    assert news.n_classes == 20
    for metric in ("bns", "chi_max"):
        want = expected(news, metric, 20)
        matrix = class_word_matrix(news, metric, 20)
        check_against(matrix, want)
    assert isinstance(matrix, pd.DataFrame) and len(matrix) == 20  # χ²max: every class keeps the same 20 words
