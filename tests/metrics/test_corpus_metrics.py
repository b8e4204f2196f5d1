"""Metrics beyond the 2×2 table, checked against values derived by hand and independent code.

The hand-worked corpus: six documents, two in each of classes a, b, c, and
three words with term frequencies

    doc   class  w0  w1  w2
    d0    a      2   0   1
    d1    a      1   0   1
    d2    b      0   1   1
    d3    b      0   1   1
    d4    c      0   1   1
    d5    c      1   1   1

so N = 6, N_c = 2, df = (3, 4, 6). Each expected value below is worked out
in the comment beside it.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import sparse
from scipy.stats import chi2_contingency
from sklearn.metrics import mutual_info_score
from sklearn.naive_bayes import MultinomialNB
from sklearn.svm import LinearSVC

import fsviz
from fsviz.metrics.counts import Training
from fsviz.selection import COMBINATIONS, parse_spec, score_words

TF = np.array([[2, 0, 1], [1, 0, 1], [0, 1, 1], [0, 1, 1], [0, 1, 1], [1, 1, 1]])
LABELS = np.array([0, 0, 1, 1, 2, 2])
Y = np.eye(3, dtype=bool)[LABELS]


def toy(positive=0):
    return Training(sparse.csr_matrix(TF), Y, positive=positive, classes=np.array(["a", "b", "c"], dtype=object))


def test_chi_max_and_avg_by_hand():
    # w0: chi(a) = 6 (2·3 − 0·1)² / (2·4·3·3) = 3, chi(b) = 6 (0·1 − 2·3)² / 72 = 3, chi(c) = 0
    # w1: chi(a) = 6 (0·0 − 2·4)² / (2·4·4·2) = 6, chi(b) = chi(c) = 6 (2·2)² / 64 = 1.5
    # w2 is in every document: 0.  avg = Σ (1/3) chi.
    assert score_words("chi_max", toy()) == pytest.approx([3, 6, 0])
    assert score_words("chi_avg", toy()) == pytest.approx([2, 3, 0])


def test_multiclass_ig_mi_ece_by_hand():
    # G(w0) = log2 3 + ½[⅔ log2 ⅔ + ⅓ log2 ⅓]·2 = log2 3 − (⅔ (log2 3 − 1) + ⅓ log2 3) = ⅔
    assert score_words("ig_multi", toy())[0] == pytest.approx(2 / 3)
    # I(w0, a) = log2 (2·6 / (2·3)) = 1, I(w0, c) = log2 (1·6 / (2·3)) = 0, b: never together, left out
    # I(w1, b) = I(w1, c) = log2 (2·6 / (2·4)) = log2 1.5; w2: log2 1 = 0 for every class
    assert score_words("mi_avg", toy()) == pytest.approx([1 / 3, 2 / 3 * math.log2(1.5), 0])
    assert score_words("mi_max", toy()) == pytest.approx([1, math.log2(1.5), 0])
    # ECE(w0) = P(t) Σ P(c|t) log2 P(c|t)/P(c) = ½ (⅔ log2 2 + ⅓ log2 1) = ⅓
    assert score_words("ece", toy())[0] == pytest.approx(1 / 3)


def test_ttest_by_hand():
    # w0: class means 1.5, 0, 0.5; mean ⅔; within-class squares 0.5 + 0 + 0.5, s² = 1/(6 − 3);
    # m_k = √(½ − ⅙) = √⅓, so m_k s = ⅓ and t = 3 |mean_k − ⅔| = 2.5, 2, 0.5.
    # w1 and w2 do not vary within any class (s = 0): 0.
    assert score_words("ttest_avg", toy()) == pytest.approx([5, 0, 0])
    assert score_words("ttest_max", toy()) == pytest.approx([2.5, 0, 0])


def test_cmfs_and_icmfs_by_hand():
    # tf(w0, c) = 3, 0, 1; tf(w0) = 4; class totals tf(·, c) = 5, 4, 5; |C| = |V| = 3.
    # CMFS(w0, a) = (3+1)² / ((4+3)(5+3)) = 2/7 is the largest; ICMFS divides by P(a) = ⅓.
    assert score_words("cmfs", toy())[0] == pytest.approx(2 / 7)
    assert score_words("icmfs", toy())[0] == pytest.approx(6 / 7)


def test_frequency_ig_by_hand_and_against_sklearn():
    # w0 for class a: frequencies 2, 1 | 0, 0, 0, 1. Cells (f, c): (2,+) 1, (1,+) 1, (0,−) 3, (1,−) 1;
    # Σ p log2 p/(p(f)p(c)) = ⅙ log2 3 + ⅙ log2 1.5 + ½ log2 1.5 + ⅙ log2 0.75 = log2 1.5.
    scores = score_words("igf", toy(0))
    assert scores[0] == pytest.approx(math.log2(1.5))
    # Binary IG of the same word: presence loses the 2-vs-1 difference.
    assert scores[0] > score_words("ig", toy(0))[0]
    for positive in range(3):
        for word in range(3):
            expected = mutual_info_score(LABELS == positive, TF[:, word]) / math.log(2)
            assert score_words("igf", toy(positive))[word] == pytest.approx(expected, abs=1e-12)


def test_cc_by_hand_is_the_signed_root_of_chi():
    # w0 for a: tp 2, fp 1, pos 2, neg 4: √6 (2·3 − 1·0) / √(3·3·2·4) = √3, and CC² = Chi = 3.
    assert score_words("cc", toy(0))[0] == pytest.approx(math.sqrt(3))
    # w1 never occurs in a: a negative feature, so CC is below 0 (one-sided).
    assert score_words("cc", toy(0))[1] < 0
    assert score_words("cc", toy(0)) ** 2 == pytest.approx(score_words("chi", toy(0)))


def test_model_metrics_against_sklearn():
    # NB for a: tf(w0,+) = 3 of 5, tf(w0,−) = 1 of 9; Laplace: P(w0|+) = 4/8, P(w0|−) = 2/12.
    assert score_words("nb_lr", toy(0))[0] == pytest.approx(math.log(3))
    assert score_words("kl", toy(0))[0] == pytest.approx((1 / 2 - 1 / 6) * math.log(3))
    # KL multi for w0: class word totals a (3, 0, 2), b (0, 2, 2), c (1, 2, 2); Laplace over |V| = 3 gives
    # P(w0|a) = 4/8, P(w0|b) = 1/7, P(w0|c) = 2/8; their mean m = (1/2 + 1/7 + 1/4)/3 = 25/84.
    m = 25 / 84
    expected = sum((p - m) * math.log(p / m) for p in (1 / 2, 1 / 7, 1 / 4))
    assert score_words("kl_multi", toy())[0] == pytest.approx(expected)
    nb = MultinomialNB().fit(TF, LABELS == 0)
    assert score_words("nb_lr", toy(0)) == pytest.approx(np.abs(nb.feature_log_prob_[1] - nb.feature_log_prob_[0]))
    presence = (TF > 0).astype(float)
    svm = LinearSVC(random_state=0).fit(presence, LABELS == 0)
    # svm_w solves the dual (3 words ≥ ¼ of 6 documents; LinearSVC the primal), to a duality gap within 1e-3 of
    # the objective: here 9e-5 apart (tests/test_svm_weight.py compares larger corpora).
    assert score_words("svm_w", toy(0)) == pytest.approx(np.abs(svm.coef_[0] * presence.std(axis=0)), rel=1e-3)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**16), st.integers(2, 5))
def test_chi_and_ig_multi_against_scipy_and_sklearn(seed, n_classes):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, n_classes, 40)
    X = (rng.random((40, 6)) < rng.random(6)).astype(int)
    training = Training(sparse.csr_matrix(X), np.eye(n_classes, dtype=bool)[labels])
    chi_max, chi_avg = score_words("chi_max", training), score_words("chi_avg", training)
    ig = score_words("ig_multi", training)
    present = [c for c in range(n_classes) if 0 < (labels == c).sum() < 40]
    for w in range(6):
        per_class = []
        for c in present:
            table = np.array([[np.sum((X[:, w] == 1) & (labels == c)), np.sum((X[:, w] == 1) & (labels != c))],
                              [np.sum((X[:, w] == 0) & (labels == c)), np.sum((X[:, w] == 0) & (labels != c))]])
            degenerate = (table.sum(axis=0) == 0).any() or (table.sum(axis=1) == 0).any()
            per_class.append(0.0 if degenerate else chi2_contingency(table, correction=False)[0])
        weights = np.array([(labels == c).mean() for c in present])
        assert chi_max[w] == pytest.approx(max(per_class, default=0.0), rel=1e-9, abs=1e-9)
        assert chi_avg[w] == pytest.approx(float(weights @ per_class) if present else 0.0, rel=1e-9, abs=1e-9)
        assert ig[w] == pytest.approx(mutual_info_score(labels, X[:, w]) / math.log(2), abs=1e-9)


def test_binary_metrics_score_the_same_through_a_training_sample():
    corpus = fsviz.make_planted_corpus(random_state=1).load()
    task = corpus.binary_task(corpus.classes[0])
    training = corpus.training(corpus.classes[0])
    for name in fsviz.FORMAN_METRICS:
        assert np.array_equal(score_words(name, training), task.score(name)), name
    # Two classes: the multi-class IG is Forman's binary IG.
    binary = Training.from_binary(corpus.X, corpus.y(corpus.classes[0]))
    assert score_words("ig_multi", binary) == pytest.approx(task.score("ig"), abs=1e-12)


def test_all_class_metrics_ignore_which_class_is_positive():
    for name in fsviz.metric_names():
        if fsviz.get_metric(name).all_classes:
            assert np.array_equal(score_words(name, toy(0)), score_words(name, toy(2))), name


# --- combinations ----------------------------------------------------------------------------


def test_combinations_on_rankings_worked_out_by_hand():
    a = np.array([3.0, 2.0, 1.0])       # ranks 1, 2, 3
    b = np.array([10.0, 30.0, 20.0])    # ranks 3, 1, 2
    combine = {name: c.combine([a, b]) for name, c in COMBINATIONS.items()}
    assert combine["hr"].tolist() == [-1, -1, -2]          # best ranks 1, 1, 2
    assert combine["lr"].tolist() == [-3, -2, -3]          # worst ranks 3, 2, 3: w1 first
    assert combine["ar"].tolist() == [-2, -1.5, -2.5]      # mean ranks: w1, w0, w2
    assert combine["dmor"] == pytest.approx([1, 1, 2 / 3])  # a/3 = 1, ⅔, ⅓; b/30 = ⅓, 1, ⅔
    na, nb = math.sqrt(14), math.sqrt(1400)
    assert combine["dlor"] == pytest.approx([3 / na, 30 / nb, max(1 / na, 20 / nb)])
    # Ties share their average rank.
    assert COMBINATIONS["ar"].combine([np.array([1.0, 1.0, 0.0]), np.array([0.0, 1.0, 2.0])]).tolist() == [
        -2.25, -1.75, -2.0]


def test_a_combination_of_registered_metrics_by_hand():
    # chi_max = 3, 6, 0 ranks w1, w0, w2 as 1, 2, 3; ttest_avg = 5, 0, 0 ranks 1, 2.5, 2.5.
    assert score_words("lr(chi_max,ttest_avg)", toy()).tolist() == [-2, -2.5, -3]
    assert score_words("hr(chi_max,ttest_avg)", toy()).tolist() == [-1, -1, -2.5]
    assert fsviz.combination("lr", "chi_max", "ttest_avg") == "lr(chi_max,ttest_avg)"
    assert fsviz.spec_label("ar(chi_max,bns@0.3)") == "AR(χ²max, BNS α=0.3)"


@pytest.mark.parametrize("spec, message", [
    ("ar(chi)", "two or more"),
    ("xx(chi,ig)", "unknown combination"),
    ("ar(chi,ig", "unbalanced"),
    ("nope", "unknown metric"),
    ("bns@2", "between 0 and 1"),
    ("bns@x", "must be a number"),
    ("ar(chi,nope)", "unknown metric"),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_spec(spec)


def test_score_refuses_metrics_that_need_more_than_a_table():
    with pytest.raises(ValueError, match="score_words"):
        fsviz.score("ttest_avg", 1, 1, 2, 2)
    with pytest.raises(ValueError, match="positive"):
        score_words("bns", Training(sparse.csr_matrix(TF), Y))


def test_every_registered_metric_scores_a_real_corpus_finitely():
    corpus = fsviz.load_sample()
    training = corpus.training(corpus.classes[0])
    for name in fsviz.metric_names():
        scores = score_words(name, training)
        assert scores.shape == (corpus.n_words,) and np.isfinite(scores).all(), name
        assert fsviz.get_metric(name).inputs in fsviz.metrics.INPUTS


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**16))
def test_kl_multi_is_half_the_binary_kl_term_with_two_classes(seed):
    rng = np.random.default_rng(seed)
    tf = sparse.csr_matrix(rng.poisson(0.7, size=(12, 8)))
    y = rng.random(12) < 0.4
    y[:2] = True, False
    training = Training.from_binary(tf, y)
    np.testing.assert_allclose(score_words("kl_multi", training), score_words("kl", training) / 2, rtol=1e-10)
