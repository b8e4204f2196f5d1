"""The word and class tables the CLI and the pages share."""

import numpy as np
import pytest

from fsviz.stats.tables import class_table, df_ranks, top_words, word_points, word_table


@pytest.fixture(scope="module")
def corpus(planted):
    return planted.load()


@pytest.fixture(scope="module")
def task(corpus):
    return corpus.binary_task("c1")


def test_word_points_merge_the_words_at_each_point(task):
    points = word_points(task, n_sample=2)
    pairs = set(zip(task.fp.tolist(), task.tp.tolist()))
    assert points.fp.size == len(pairs) == len(set(zip(points.fp.tolist(), points.tp.tolist())))
    assert np.array_equal(points.fp[points.point_of_word], task.fp)
    assert np.array_equal(points.tp[points.point_of_word], task.tp)
    assert points.count.sum() == task.n_words
    crowded = int(np.argmax(points.count))
    assert points.sample[crowded].endswith(" …") and points.sample[crowded].count(", ") == 1


def test_points_holding_words_and_positive_points(task):
    points = word_points(task)
    words = np.array([0, 3, 7])
    holding = points.holding(words)
    assert np.flatnonzero(holding).tolist() == sorted(set(points.point_of_word[words].tolist()))
    positive = points.positive(task.pos, task.neg)
    assert np.array_equal(positive[points.point_of_word], task.tp / task.pos > task.fp / task.neg)


def test_word_table_ranks_and_top_k(task):
    table = word_table(task, ["bns", "dfreq"], 10)
    assert len(table) == task.n_words and table["bns top-k"].sum() == 10
    best = int(np.argmax(task.score("bns")))
    assert table.loc[best, "bns rank"] == 1
    # tied words share the best rank of their score
    dfreq = task.score("dfreq")
    for score, group in table.groupby("dfreq score")["dfreq rank"]:
        assert group.nunique() == 1 and group.iloc[0] == 1 + (dfreq > score).sum()
    some = word_table(task, ["bns"], 10, words=[5, 2])
    assert some["word"].tolist() == task.vocabulary[[5, 2]].tolist()


def test_top_words_lists_each_metrics_k_best(task):
    table = top_words(task, ["bns", "ig"], 5)
    assert table["metric"].tolist() == ["bns"] * 5 + ["ig"] * 5
    assert table["rank"].tolist() == [1, 2, 3, 4, 5] * 2
    bns = table[table["metric"] == "bns"]
    assert bns["word"].tolist() == task.vocabulary[task.select("bns", 5)].tolist()
    assert (np.diff(bns["score"]) <= 0).all()


def test_class_table_is_largest_first_with_its_skew(corpus):
    table = class_table(corpus)
    assert (np.diff(table["documents"]) <= 0).all() and set(table["class"]) == set(corpus.classes)
    assert np.allclose(table["skew 1:n"], (corpus.n_docs - table["documents"]) / table["documents"])


def test_df_ranks_hold_kept_and_removed_words(corpus):
    cut = corpus.with_min_df(5)
    ranks = df_ranks(cut)
    assert len(ranks) == cut.n_words + cut.removed_words.size
    assert ranks["rank"].tolist() == list(range(1, len(ranks) + 1))
    assert (np.diff(ranks["documents"]) <= 0).all()
    assert ranks["kept"].sum() == cut.n_words and (ranks["kept"] == (ranks["documents"] >= 5)).all()
