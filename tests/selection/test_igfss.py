"""IGFSS (Deshpande et al. 2016, Algorithm 3): a selection worked by hand, a loop-by-loop reimplementation,
the spec form, and IGFSS in the grid and the multi-class mode.

The hand-worked corpus: six documents, two in each of classes A, B, C, and six words

    doc   class  words
    d0    A      w0 w1
    d1    A      w0 w2
    d2    B      w1 w3
    d3    B      w3 w4
    d4    C      w4 w5
    d5    C      w1 w2 w5

N = 6 and N_c = 2, so AD − CB = 6·A − 2·df and CC(t, c) = √6 (6A − 2df) / √(8 df (6 − df)).

    w0  df 2, A = (2, 0, 0):  CC = (√6, −√6/2, −√6/2)          → label A+
    w1  df 3, A = (1, 1, 1):  CC = 0 for every class            → no label
    w2  df 2, A = (1, 0, 1):  CC = (√6/4, −√6/2, √6/4)          → label B− (|−√6/2| is the largest)
    w3  df 2, A = (0, 2, 0):  CC = (−√6/2, √6, −√6/2)           → label B+
    w4  df 2, A = (0, 1, 1):  CC = (−√6/2, √6/4, √6/4)          → label A−
    w5  df 2, A = (0, 0, 2):  CC = (−√6/2, −√6/2, √6)           → label C+

The global scores (given, not computed) order the words w1, w0, w4, w2, w3, w5.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import sparse

import fsviz
from fsviz.evaluation.grid import ALL, GridConfig, cell_splits, fold_rankings, fold_selections, run_grid
from fsviz.evaluation.multiclass import check_multiclass_metrics, run_multiclass
from fsviz.metrics.counts import Training
from fsviz.selection import (
    IGFSS,
    MetricSpec,
    canonical,
    cc_per_class,
    feature_labels,
    igfss_select,
    parse_spec,
    score_words,
    selects_per_k,
    spec_inputs,
    spec_label,
)

DOCS = [[0, 1], [0, 2], [1, 3], [3, 4], [4, 5], [1, 2, 5]]
X = sparse.csr_matrix(np.array([[int(w in d) for w in range(6)] for d in DOCS]))
Y = np.eye(3, dtype=bool)[[0, 0, 1, 1, 2, 2]]
GLOBAL = np.array([0.8, 0.9, 0.6, 0.5, 0.7, 0.4])


def toy():
    return Training(X, Y, positive=0, classes=np.array(["A", "B", "C"], dtype=object))


def test_cc_and_labels_by_hand():
    r = math.sqrt(6)
    expected = np.array([[r, 0, r / 4, -r / 2, -r / 2, -r / 2],
                         [-r / 2, 0, -r / 2, r, r / 4, -r / 2],
                         [-r / 2, 0, r / 4, -r / 2, r / 4, r]])
    np.testing.assert_allclose(cc_per_class(toy()), expected)
    labels = feature_labels(toy())
    classes, label, negative = labels.classes, labels.label, labels.negative
    assert classes.tolist() == [0, 1, 2]
    assert label.tolist() == [0, -1, 1, 1, 0, 2]
    assert negative.tolist() == [False, False, True, False, True, False]


@pytest.mark.parametrize("k, nfr, expected", [
    # m = 3, q = ⌊3/3⌋ = 1, no negative quota: w1 has no label, w4 and w2 are negative;
    # the quotas take w0 (A+), w3 (B+), w5 (C+). The plain top 3 would be w1, w0, w4.
    (3, 0.0, [0, 3, 5]),
    # every quota negative: w4 (A−) and w2 (B−); C has no negative word, so stage 4 adds the best left, w1
    (3, 1.0, [4, 2, 1]),
    # k = 4: still q = 1; the remainder 4 − 3 goes to stage 4: w1
    (4, 0.0, [0, 3, 5, 1]),
    # nfr = 0.5 of q = 1 rounds half up to one negative: w4, w2; stage 4 adds w1, w0, w3
    (5, 0.5, [4, 2, 1, 0, 3]),
    # q = 2, one negative and one positive each: w0 A+, w4 A−, w2 B−, w3 B+, w5 C+; then w1
    (6, 0.5, [0, 4, 2, 3, 5, 1]),
    # q = 0: nothing by quota, stage 4 takes the global top 2
    (2, 0.0, [1, 0]),
])
def test_selection_by_hand(k, nfr, expected):
    assert igfss_select(toy(), k, GLOBAL, nfr).tolist() == expected


def test_the_set_for_a_smaller_k_need_not_be_inside_the_larger_one():
    """Why IGFSS selects per k: at k = 2 it keeps the global best w1, at k = 3 the quotas push it out."""
    assert 1 in igfss_select(toy(), 2, GLOBAL) and 1 not in igfss_select(toy(), 3, GLOBAL)


def test_a_two_class_task_labels_by_the_positive_side():
    """In a two-class task |CC| ties between the classes; the word goes to the class it indicates."""
    training = Training.from_binary(X, Y[:, 0])
    labels = feature_labels(training)
    label, negative = labels.label, labels.negative
    assert label.tolist() == [0, -1, 0, 1, 1, 1] and not negative.any()  # w2: 6·1 − 2·2 > 0 for A


def reference_igfss(training, k, scores, nfr):
    """Algorithm 3 step by step with Python loops, independently of the vectorised code."""
    n_docs, n_words = training.X_tf.shape
    X = training.X_tf.toarray() > 0
    Y = training.Y
    classes = [c for c in range(Y.shape[1]) if 0 < Y[:, c].sum() < n_docs]
    labels = {}
    for t in range(n_words):
        best = None
        for c in classes:
            a = np.sum(X[:, t] & Y[:, c])
            b = np.sum(X[:, t] & ~Y[:, c])
            cc_ = np.sum(~X[:, t] & Y[:, c])
            d = np.sum(~X[:, t] & ~Y[:, c])
            denominator = (a + b) * (cc_ + d) * (a + cc_) * (b + d)
            value = math.sqrt(n_docs) * (a * d - cc_ * b) / math.sqrt(denominator) if denominator else 0.0
            if value == 0:
                continue
            tie = best is not None and math.isclose(abs(value), abs(best[1]), rel_tol=1e-9)
            if best is None or (abs(value) > abs(best[1]) and not tie) or (tie and value > 0 > best[1]):
                best = (c, value)
        if best is not None:
            labels[t] = (best[0], best[1] < 0)
    order = sorted(range(n_words), key=lambda t: (-scores[t], t))
    q = k // len(classes) if classes else 0
    negatives = math.floor(nfr * q + 0.5)
    room = {(c, neg): (negatives if neg else q - negatives) for c in classes for neg in (False, True)}
    chosen = []
    for t in order:
        if t in labels and room[labels[t]] > 0:
            room[labels[t]] -= 1
            chosen.append(t)
    chosen += [t for t in order if t not in chosen][: k - len(chosen)]
    return chosen


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_vectorised_selection_equals_the_step_by_step_algorithm(data):
    n_docs = data.draw(st.integers(4, 14))
    n_words = data.draw(st.integers(1, 12))
    n_classes = data.draw(st.integers(2, 4))
    bits = data.draw(st.lists(st.booleans(), min_size=n_docs * n_words, max_size=n_docs * n_words))
    labels = data.draw(st.lists(st.integers(0, n_classes - 1), min_size=n_docs, max_size=n_docs))
    scores = np.array(data.draw(st.lists(st.integers(0, 5), min_size=n_words, max_size=n_words)), dtype=float)
    k = data.draw(st.integers(0, n_words))
    nfr = data.draw(st.sampled_from([0.0, 0.1, 0.3, 0.5, 0.9, 1.0]))
    training = Training(np.array(bits, dtype=np.int64).reshape(n_docs, n_words),
                        np.eye(n_classes, dtype=bool)[labels])
    chosen = igfss_select(training, k, scores, nfr)
    assert chosen.tolist() == reference_igfss(training, k, scores, nfr)
    assert len(set(chosen.tolist())) == chosen.size == k


def test_specs_parse_print_and_refuse_what_makes_no_sense():
    assert canonical("IGFSS(cmfs)") == "igfss(cmfs,nfr=0)"
    assert canonical("igfss(ICMFS, 0.30)") == canonical("igfss(icmfs,nfr=0.3)") == "igfss(icmfs,nfr=0.3)"
    assert canonical("igfss(ar(cmfs,chi_max),nfr=0.2)") == "igfss(ar(cmfs,chi_max),nfr=0.2)"
    assert spec_label("igfss(icmfs,nfr=0.3)") == "IGFSS(ICMFS, nfr=0.3)"
    assert parse_spec("igfss(cmfs,nfr=0.2)") == IGFSS(MetricSpec("cmfs"), 0.2)
    assert spec_inputs("igfss(cmfs)") == {"frequency", "classes"}
    assert selects_per_k("igfss(cmfs)") and not selects_per_k("ar(cmfs,ig)")
    for bad, message in [("igfss(cmfs,nfr=1.5)", "between 0 and 1"), ("igfss(cmfs,nfr=lots)", "must be a number"),
                         ("igfss()", "one global metric"), ("igfss(cmfs,0.1,0.2)", "one global metric"),
                         ("igfss(igfss(cmfs))", "cannot be IGFSS"), ("ar(igfss(cmfs),ig)", "no scores to combine"),
                         ("igfss(cmfs)@0.3", "no scores to weight"), ("igfss(nope)", "nope")]:
        with pytest.raises(ValueError, match=message):
            parse_spec(bad)
    with pytest.raises(ValueError, match="selected_words"):
        score_words("igfss(cmfs)", toy())


def test_selected_words_runs_the_global_spec_then_the_quotas():
    training = toy()
    cmfs = score_words("cmfs", training)
    for k in range(1, 7):
        assert fsviz.selected_words("igfss(cmfs,nfr=0.5)", training, k).tolist() == \
            igfss_select(training, k, cmfs, 0.5).tolist()
        assert fsviz.selected_words("cmfs", training, k).tolist() == fsviz.select_top_k(cmfs, k).indices.tolist()
    assert fsviz.selected_words("igfss(cmfs)", training, 100).size == 6  # k is clipped to the vocabulary


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=240, n_classes=3, random_state=5).load()


def test_the_grid_fits_igfss_sets_chosen_on_the_training_split(corpus):
    from sklearn.svm import LinearSVC

    spec = "igfss(cmfs,nfr=0.2)"
    config = GridConfig(metrics=(spec, "cmfs"), ks=(9, 30), trials=1, folds=3)
    results = run_grid(corpus, config, n_jobs=1).results
    assert set(results["metric"]) == {ALL, spec, "cmfs"}
    X = corpus.X.astype(np.float64)
    name = str(corpus.classes[1])
    y = corpus.y(name)
    rows = results.query("`class` == @name").set_index(["metric", "k", "fold"])
    for fold, (train, test) in enumerate(cell_splits(y, config, 0)):
        training = corpus.training(name, rows=train)
        eligible = np.flatnonzero(training.df > 0)
        for k in config.ks:
            columns = np.sort(eligible[fsviz.selected_words(spec, training.select_words(eligible), k)])
            model = LinearSVC(random_state=0).fit(X[train][:, columns], y[train])
            predicted = model.predict(X[test][:, columns]).astype(bool)
            row = rows.loc[(spec, k, fold)]
            assert row.n_features == k
            assert (row.tp, row.fp) == (np.sum(predicted & y[test]), np.sum(predicted & ~y[test]))


def test_fold_selections_gives_prefixes_for_rankings_and_refuses_igfss_as_a_ranking(corpus):
    train = np.arange(0, corpus.n_docs, 2)
    training = corpus.training(str(corpus.classes[0]), rows=train)
    y = corpus.y(str(corpus.classes[0]))[train]
    selections = fold_selections(corpus.X[train], y, ["chi_max", "igfss(chi_max)"], (5, 50),
                                 training=training).selections
    rankings = fold_rankings(corpus.X[train], y, ["chi_max"], 50, training=training).rankings
    assert np.array_equal(selections["chi_max"][50], rankings["chi_max"])
    assert np.array_equal(selections["chi_max"][5], rankings["chi_max"][:5])
    assert [v.size for v in selections["igfss(chi_max)"].values()] == [5, 50]
    with pytest.raises(ValueError, match="fold_selections"):
        fold_rankings(corpus.X[train], y, ["igfss(chi_max)"], 50, training=training)


def test_multiclass_mode_takes_igfss_over_a_global_metric_only(corpus):
    check_multiclass_metrics(["igfss(cmfs)", "igfss(ar(chi_max,icmfs),nfr=0.5)"])
    with pytest.raises(ValueError, match="igfss\\(bns"):
        check_multiclass_metrics(["igfss(bns)"])
    table = run_multiclass(corpus, GridConfig(metrics=("igfss(cmfs,nfr=0.3)",), ks=(12,), trials=1, folds=2))
    rows = table[table["metric"] == "igfss(cmfs,nfr=0.3)"]
    assert len(rows) == 2 and (rows["n_features"] == 12).all() and (rows["macro_f1"] > 0.5).all()


def test_cli_top_lists_igfss_words_with_their_global_scores(capsys):
    from fsviz.cli import main

    main(["top", "sample", "--class", "pandas", "--metrics", "igfss(cmfs,nfr=0.2), cmfs", "-k", "40"])
    out = capsys.readouterr().out
    assert "igfss(cmfs,nfr=0.2)" in out and "cmfs" in out
