"""Forman's twelve metrics against hand-derived tables and independent code.

Hand derivations (pos = 10, neg = 90, so N = 100):

Positive word, tp = 6, fp = 9: tpr = 0.6, fpr = 0.1, fn = 4, tn = 81.
  Acc   = tp - fp = 6 - 9 = -3
  Acc2  = |0.6 - 0.1| = 0.5
  BNS   = |z(0.6) - z(0.1)| = 0.2533471 + 1.2815516 = 1.5348987
  Chi   = N (tp tn - fp fn)^2 / (pos neg (tp+fp)(fn+tn))
        = 100 (486 - 36)^2 / (10 * 90 * 15 * 85) = 20250000 / 1147500 = 17.6470588
  DFreq = 6 + 9 = 15
  F1    = 2*6 / (10 + 6 + 9) = 12/25 = 0.48
  IG    = H(0.1) - 0.15 H(6/15) - 0.85 H(4/85)            (bits; computed below with math.log2)
  OddN  = 0.6 * 0.9 = 0.54
  Odds  = 0.6 * 0.9 / (0.4 * 0.1) = 13.5
  Pow   = 0.9^5 - 0.4^5 = 0.59049 - 0.01024 = 0.58025
  PR    = 0.6 / 0.1 = 6

Negative word, tp = 1, fp = 45: tpr = 0.1 < fpr = 0.5, so the inverted metrics
see tp' = pos - tp = 9, fp' = neg - fp = 45 (tpr' = 0.9, fpr' = 0.5).
  Acc  = 9 - 45 = -36                  (signed: 1 - 45 = -44)
  F1   = 18 / (10 + 9 + 45) = 0.28125  (signed: 2 / 56)
  OddN = 0.9 * 0.5 = 0.45              (signed: 0.1 * 0.5 = 0.05)
  Odds = 0.9 * 0.5 / (0.1 * 0.5) = 9   (signed: 0.1 * 0.5 / (0.9 * 0.5) = 1/9)
  Pow  = 0.5^5 - 0.1^5 = 0.03124       (signed: 0.5^5 - 0.9^5 = -0.55924)
  PR   = 0.9 / 0.5 = 1.8               (signed: 0.1 / 0.5 = 0.2)
  Acc2 = 0.4 (signed -0.4); BNS = |z(0.1) - z(0.5)| = 1.2815516 (signed -1.2815516)

Perfect positive word, tp = 10, fp = 0: BNS = z(0.9995) - z(0.0005) = 2 * 3.2905267;
Odds = 10 * 90 / (1 * 1) = 900 (zero counts in the denominator become 1);
PR = 1 / 1e-8 = 1e8; Chi = N = 100; IG = H(0.1).
"""

import math

import numpy as np
import pytest
from conftest import assert_matches_chi2_contingency, random_tables
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.feature_selection import SelectKBest
from sklearn.metrics import mutual_info_score
from sklearn.pipeline import Pipeline
from sklearn.svm import LinearSVC

import fsviz

POS, NEG = 10, 90
FORMAN_TWELVE = ["acc", "acc2", "bns", "chi", "dfreq", "f1", "ig", "oddn", "odds", "pow", "pr", "rand"]
# The field's 2×2 metrics since 2003 (issue #28), tested in test_field_metrics.py.
FIELD = ["anova_f", "dfs", "g2", "gain_ratio", "gini", "log_odds", "log_ratio", "mmr", "ndm", "poisson", "su"]


def H(p):
    return 0.0 if p in (0, 1) else -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


POSITIVE_WORD = {
    "acc": -3, "acc2": 0.5, "bns": 1.5348987, "chi": 17.6470588, "dfreq": 15, "f1": 0.48,
    "ig": H(0.1) - 0.15 * H(6 / 15) - 0.85 * H(4 / 85),
    "oddn": 0.54, "odds": 13.5, "pow": 0.58025, "pr": 6.0,
}
NEGATIVE_WORD = {
    "acc": (-36, -44), "f1": (0.28125, 2 / 56), "oddn": (0.45, 0.05), "odds": (9.0, 1 / 9),
    "pow": (0.03124, 0.5**5 - 0.9**5), "pr": (1.8, 0.2), "acc2": (0.4, -0.4), "bns": (1.2815516, -1.2815516),
}
PERFECT_WORD = {"bns": 2 * 3.2905267, "odds": 900.0, "pr": 1e8, "chi": 100.0, "ig": H(0.1), "acc": 10, "f1": 1.0}


def test_registry_has_formans_twelve():
    assert list(fsviz.FORMAN_METRICS) == FORMAN_TWELVE
    assert fsviz.metric_names("table") == sorted(FORMAN_TWELVE + ["cc"] + FIELD)
    assert set(FORMAN_TWELVE) < set(fsviz.metric_names())
    bns = fsviz.get_metric("bns")
    assert bns.label == "BNS" and bns.symmetric and "Forman" in bns.reference
    assert {m for m in FORMAN_TWELVE if fsviz.get_metric(m).inverted} == {"acc", "f1", "oddn", "odds", "pow", "pr"}


def test_unknown_metric_lists_valid_names():
    with pytest.raises(ValueError, match="unknown metric 'nope'.*acc, acc2, anova_f, bns"):
        fsviz.get_metric("nope")


@pytest.mark.parametrize("name", sorted(POSITIVE_WORD))
def test_positive_word_hand_derived(name):
    assert fsviz.score(name, 6, 9, POS, NEG) == pytest.approx(POSITIVE_WORD[name], rel=1e-6)


@pytest.mark.parametrize("name", sorted(NEGATIVE_WORD))
def test_negative_word_inverted_and_signed(name):
    inverted, signed = NEGATIVE_WORD[name]
    assert fsviz.score(name, 1, 45, POS, NEG) == pytest.approx(inverted, rel=1e-6)
    assert fsviz.score(name, 1, 45, POS, NEG, signed=True) == pytest.approx(signed, rel=1e-6)


@pytest.mark.parametrize("name", sorted(PERFECT_WORD))
def test_perfect_word(name):
    assert fsviz.score(name, POS, 0, POS, NEG) == pytest.approx(PERFECT_WORD[name], rel=1e-6)


def test_word_in_no_document_scores_zero_where_defined():
    for name in ["acc2", "bns", "chi", "dfreq", "f1", "ig", "oddn", "odds", "pow", "pr", "acc"]:
        assert fsviz.score(name, 0, 0, POS, NEG) == pytest.approx(0.0, abs=1e-12), name


def test_chi_matches_scipy_chi2_contingency():
    assert_matches_chi2_contingency("chi")


def test_ig_matches_mutual_info_score_in_bits():
    tp, fp, pos, neg = random_tables(np.random.default_rng(1))
    ours = fsviz.score("ig", tp, fp, pos, neg)
    for i in range(tp.size):
        table = np.array([[tp[i], fp[i]], [pos[i] - tp[i], neg[i] - fp[i]]])
        expected = mutual_info_score(None, None, contingency=table) / math.log(2)
        assert ours[i] == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_vectorised_and_broadcasting():
    tp = np.arange(11)[:, None]
    fp = np.arange(0, 91, 10)[None, :]
    for name in fsviz.metric_names("table"):
        grid = fsviz.score(name, tp, fp, POS, NEG)
        assert grid.shape == (11, 10) and grid.dtype == np.float64
        if name != "rand":
            assert grid[6, 0] == pytest.approx(fsviz.score(name, 6, 0, POS, NEG))


def test_rand_is_seeded():
    a = fsviz.score("rand", np.zeros(100), np.zeros(100), POS, NEG, random_state=3)
    b = fsviz.score("rand", np.zeros(100), np.zeros(100), POS, NEG, random_state=3)
    c = fsviz.score("rand", np.zeros(100), np.zeros(100), POS, NEG, random_state=4)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert a.min() >= 0 and a.max() < 1


@pytest.mark.parametrize(
    "tp, fp, pos, neg, message",
    [(1, 1, 0, 5, "`pos` and `neg`"), (6, 1, 5, 5, "`tp` must lie"), (1, -1, 5, 5, "`fp` must lie")],
)
def test_invalid_counts_are_refused(tp, fp, pos, neg, message):
    with pytest.raises(ValueError, match=message):
        fsviz.score("bns", tp, fp, pos, neg)


# --- properties ------------------------------------------------------------------


@st.composite
def tables(draw):
    pos = draw(st.integers(1, 10**6))
    neg = draw(st.integers(1, 10**6))
    return draw(st.integers(0, pos)), draw(st.integers(0, neg)), pos, neg


@settings(max_examples=300, deadline=None)
@given(tables())
def test_every_metric_finite_on_every_valid_table(table):
    for name in fsviz.metric_names("table"):
        for signed in (False, True):
            assert np.isfinite(fsviz.score(name, *table, signed=signed)), (name, table)


@settings(max_examples=300, deadline=None)
@given(tables())
def test_symmetric_metrics_unchanged_when_classes_swap(table):
    tp, fp, pos, neg = table
    for name in fsviz.metric_names("table"):
        if fsviz.get_metric(name).symmetric and name != "rand":
            assert fsviz.score(name, fp, tp, neg, pos) == pytest.approx(
                fsviz.score(name, tp, fp, pos, neg), rel=1e-9, abs=1e-12
            ), name


@settings(max_examples=300, deadline=None)
@given(tables())
def test_inversion_rule(table):
    """A negative word scores as the positive word (pos - tp, neg - fp) would."""
    tp, fp, pos, neg = table
    negative = tp * neg < fp * pos
    for name in fsviz.metric_names("table"):
        metric = fsviz.get_metric(name)
        unsigned = fsviz.score(name, tp, fp, pos, neg)
        signed = fsviz.score(name, tp, fp, pos, neg, signed=True)
        if metric.inverted:
            expected = fsviz.score(name, pos - tp, neg - fp, pos, neg, signed=True) if negative else signed
            assert unsigned == pytest.approx(expected, rel=1e-12), name
        if metric.two_sided:
            assert abs(signed) == pytest.approx(unsigned, rel=1e-12)
            assert (signed < 0) <= negative


def test_negative_features_mask_is_exact_on_integers():
    assert fsviz.negative_features(1, 9, 10, 90).item() is False  # tpr = fpr = 0.1
    assert fsviz.negative_features(0, 1, 10, 90).item() is True


# --- scikit-learn --------------------------------------------------------------------


def test_score_func_in_selectkbest_pipeline_on_sparse(planted):
    corpus = planted.load()
    y = corpus.y("c1").astype(int)
    pipe = Pipeline([("select", SelectKBest(fsviz.score_func("bns"), k=100)), ("svm", LinearSVC())])
    pipe.fit(corpus.X_tf, y)
    chosen = corpus.vocabulary[pipe.named_steps["select"].get_support()]
    assert chosen.size == 100
    assert set(planted.positive["c1"]) <= set(chosen) and set(planted.negative["c1"]) <= set(chosen)
    assert pipe.score(corpus.X_tf, y) > 0.9
    task = corpus.binary_task("c1")
    assert np.allclose(pipe.named_steps["select"].scores_, task.score("bns"))


def test_score_func_refuses_more_than_two_classes(planted):
    corpus = planted.load()
    with pytest.raises(ValueError, match="exactly two classes"):
        fsviz.score_func("ig")(corpus.X, corpus.labels)
    with pytest.raises(ValueError, match="unknown metric"):
        fsviz.score_func("bogus")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(fsviz.metric_names("table")), st.integers(1, 30), st.integers(0, 2**16))
def test_alpha_weighting_selects_by_side(name, k, seed):
    from fsviz.selection import alpha_weight

    rng = np.random.default_rng(seed)
    pos, neg = 40, 160
    tp, fp = rng.integers(0, pos + 1, 200), rng.integers(0, neg + 1, 200)
    scores = fsviz.score(name, tp, fp, pos, neg, random_state=seed)
    tpr, fpr = tp / pos, fp / neg
    # alpha = 0.5 selects exactly what the unweighted metric selects
    half = fsviz.select_top_k(alpha_weight(scores, tp, fp, pos, neg, 0.5), k).indices
    assert np.array_equal(half, fsviz.select_top_k(scores, k).indices)
    # alpha = 1 selects only positive features (there are at least k positive features with score > min)
    for alpha, side in ((1.0, tpr > fpr), (0.0, tpr < fpr)):
        weighted = alpha_weight(scores, tp, fp, pos, neg, alpha)
        chosen = fsviz.select_top_k(weighted, k).indices
        if np.count_nonzero(weighted > 0) >= k:
            assert side[chosen].all()
    with pytest.raises(ValueError, match="alpha"):
        alpha_weight(scores, tp, fp, pos, neg, 1.5)
