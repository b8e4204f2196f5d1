"""The field's 2×2 metrics since 2003 (issue #28): hand-derived tables, independent code, edges, properties.

Hand derivations (pos = 10, neg = 90, N = 100), the positive word tp = 6, fp = 9:
fn = 4, tn = 81, tpr = 0.6, fpr = 0.1, df = 15, p = df/N = 0.15, P(c|t) = 6/15 = 0.4.

  log_odds  α₀ = N = 100: a = 100·0.15 = 15, b = 85;
            δ = ln[(6+15)/(4+85)] − ln[(9+15)/(81+85)] = ln(21·166 / (89·24)) = ln(3486/2136)
            σ² = 1/21 + 1/89 + 1/24 + 1/166;  z = δ/σ
  g2        E = (1.5, 13.5, 8.5, 76.5) (row × column / N);
            G² = 2 [6 ln(6/1.5) + 9 ln(9/13.5) + 4 ln(4/8.5) + 81 ln(81/76.5)]
  log_ratio ε = 0.5/100 = 0.005: log₂(0.605/0.105)
  anova_f   SSB = 10·90·0.5²/100 = 2.25; SSW = 6·4/10 + 9·81/90 = 2.4 + 8.1 = 10.5;
            F = 98 · 2.25 / 10.5 = 21   (= 98 r²/(1 − r²), r² = χ²/N = 17.647/100)
  dfs       0.4/(2 − 0.6 + 0.1) + 0.6/(2 − 0.1 + 0.6) = 0.4/1.5 + 0.6/2.5 = 0.50666…
  ndm       |0.6 − 0.1| / 0.1 = 5
  mmr       0.6 · 5 = 3
  gini      (0.6 · 0.4)² + (0.1 · 0.6)² = 0.0576 + 0.0036 = 0.0612
  poisson   q = 1 − e^{−0.15}: â = 10q, b̂ = 90q, ĉ = 10(1 − q), d̂ = 90(1 − q);
            Σ (O − E)²/E over (6, 9, 4, 81)
  gain_ratio IG / H(0.15), IG = H(0.1) − 0.15 H(0.4) − 0.85 H(4/85) (bits, as in test_metrics.py)
  su        2 IG / (H(0.1) + H(0.15))
"""

import math
import warnings

import numpy as np
import pytest
from conftest import assert_matches_chi2_contingency, random_tables
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import sparse
from sklearn.feature_selection import f_classif
from sklearn.metrics import mutual_info_score

import fsviz
from fsviz.metrics.corpus_based import log_odds_tf_z
from fsviz.metrics.counts import Training
from fsviz.metrics.keyness import log_odds, log_odds_metric

POS, NEG = 10, 90
FIELD = ["anova_f", "dfs", "g2", "gain_ratio", "gini", "log_odds", "log_ratio", "mmr", "ndm", "poisson", "su"]
SIGNED = ["g2", "log_odds", "log_ratio"]  # the formula itself changes sign with tpr − fpr
TASK_SHAPED = {"dfs", "gini", "poisson"}  # monotone=False: no isocline on a skewed task


def H(p):
    return 0.0 if p in (0, 1) else -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


IG = H(0.1) - 0.15 * H(0.4) - 0.85 * H(4 / 85)
Q = 1 - math.exp(-0.15)
POSITIVE_WORD = {
    "log_odds": math.log(3486 / 2136) / math.sqrt(1 / 21 + 1 / 89 + 1 / 24 + 1 / 166),
    "g2": 2 * (6 * math.log(4) + 9 * math.log(9 / 13.5) + 4 * math.log(4 / 8.5) + 81 * math.log(81 / 76.5)),
    "log_ratio": math.log2(0.605 / 0.105),
    "anova_f": 21.0,
    "dfs": 0.4 / 1.5 + 0.6 / 2.5,
    "ndm": 5.0,
    "mmr": 3.0,
    "gini": 0.0612,
    "poisson": sum((o - e) ** 2 / e for o, e in zip((6, 9, 4, 81), (10 * Q, 90 * Q, 10 * (1 - Q), 90 * (1 - Q)))),
    "gain_ratio": IG / H(0.15),
    "su": 2 * IG / (H(0.1) + H(0.15)),
}


def test_registered_with_reference_formula_and_rules():
    assert set(FIELD) <= set(fsviz.metric_names("table"))
    assert "log_odds_tf" in fsviz.metric_names("frequency")
    for name in FIELD:
        metric = fsviz.get_metric(name)
        assert metric.reference and metric.formula and metric.func.__doc__, name
        assert metric.two_sided and metric.symmetric and not metric.inverted, name
        assert metric.monotone == (name not in TASK_SHAPED), name
    assert "Monroe" in fsviz.get_metric("log_odds").reference
    assert "Monroe" in fsviz.get_metric("log_odds_tf").reference


@pytest.mark.parametrize("name", FIELD)
def test_positive_word_hand_derived(name):
    assert fsviz.score(name, 6, 9, POS, NEG) == pytest.approx(POSITIVE_WORD[name], rel=1e-9)


@pytest.mark.parametrize("name", FIELD)
def test_negative_word_ranks_by_magnitude_and_signed_keeps_the_sign(name):
    """tp = 1, fp = 45: tpr 0.1 < fpr 0.5. Unsigned: the magnitude; signed: its negative."""
    unsigned = fsviz.score(name, 1, 45, POS, NEG)
    signed = fsviz.score(name, 1, 45, POS, NEG, signed=True)
    assert unsigned > 0 and signed == pytest.approx(-unsigned)
    if name in SIGNED:
        assert fsviz.get_metric(name).func(np.float64(1), np.float64(45), POS, NEG) == pytest.approx(-unsigned)


def test_negative_word_hand_derived():
    # tp = 1, fp = 45: tpr = 0.1, fpr = 0.5, P(c|t) = 1/46
    assert fsviz.score("ndm", 1, 45, POS, NEG) == pytest.approx(0.4 / 0.1)
    assert fsviz.score("mmr", 1, 45, POS, NEG) == pytest.approx(0.5 * 0.4 / 0.1)
    assert fsviz.score("log_ratio", 1, 45, POS, NEG, signed=True) == pytest.approx(math.log2(0.105 / 0.505))
    assert fsviz.score("dfs", 1, 45, POS, NEG) == pytest.approx((1 / 46) / (2 - 0.1 + 0.5) + (45 / 46) / (2 + 0.1 - 0.5))
    assert fsviz.score("gini", 1, 45, POS, NEG) == pytest.approx((0.1 / 46) ** 2 + (0.5 * 45 / 46) ** 2)


# --- edges, with RuntimeWarning an error -------------------------------------------------

N = POS + NEG
EDGES = {
    # (tp, fp): {metric: expected}; every metric must be finite at every edge
    (0, 0): dict(log_odds=0, g2=0, log_ratio=0, anova_f=0, dfs=0.5, ndm=0, mmr=0, gini=0, poisson=0,
                 gain_ratio=0, su=0),
    (POS, NEG): dict(log_odds=0, g2=0, log_ratio=0, anova_f=0, dfs=0.5, ndm=0, mmr=0, gain_ratio=0, su=0,
                     gini=(POS / N) ** 2 + (NEG / N) ** 2),
    # the perfect positive word: the maxima (the ANOVA F's floor, NDM's 1/ε with ε = 0.5/max(pos, neg))
    (POS, 0): dict(anova_f=(N - 2) * N**2, dfs=1.0, ndm=2 * NEG, mmr=2 * NEG, gain_ratio=1.0, su=1.0,
                   log_ratio=math.log2((1 + 0.005) / 0.005), gini=1.0,
                   g2=2 * N * math.log(2) * H(0.1)),
    (0, NEG): dict(anova_f=(N - 2) * N**2, dfs=1.0, ndm=2 * NEG, mmr=2 * NEG, gain_ratio=1.0, su=1.0,
                   log_ratio=math.log2((1 + 0.005) / 0.005), gini=1.0),
    (0, 5): {}, (3, 0): {}, (POS, 7): {}, (2, NEG): {},
}


@pytest.mark.parametrize("cell", list(EDGES), ids=str)
def test_edges_finite_and_as_documented(cell):
    tp, fp = cell
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        for name in FIELD:
            for signed in (False, True):
                value = fsviz.score(name, tp, fp, POS, NEG, signed=signed)
                assert np.isfinite(value), (name, cell)
            if name in EDGES[cell]:
                expected = EDGES[cell][name]
                assert fsviz.score(name, tp, fp, POS, NEG) == pytest.approx(expected, rel=1e-9, abs=1e-12), name


@pytest.mark.parametrize("pos, neg", [(1, 1), (1, 500), (500, 1), (2, 2), (1, 2)])
def test_tiny_classes_finite_on_the_whole_plane(pos, neg):
    tp = np.linspace(0, pos, 23)[:, None]
    fp = np.linspace(0, neg, 29)[None, :]
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        for name in FIELD:
            assert np.isfinite(fsviz.score(name, tp, fp, pos, neg, signed=True)).all(), name


def test_anova_f_with_no_degree_of_freedom_is_zero():
    assert fsviz.score("anova_f", 1, 0, 1, 1) == 0.0


# --- independent implementations ------------------------------------------------------


def test_g2_matches_scipy_log_likelihood_chi2_contingency():
    assert_matches_chi2_contingency("g2", lambda_="log-likelihood")


def test_g2_is_2_n_ln2_times_ig_so_it_ranks_as_ig():
    tp, fp, pos, neg = random_tables(np.random.default_rng(1))
    assert np.allclose(fsviz.score("g2", tp, fp, pos, neg),
                       2 * (pos + neg) * math.log(2) * fsviz.score("ig", tp, fp, pos, neg), rtol=1e-9, atol=1e-9)


def test_anova_f_equals_sklearn_f_classif_on_the_binary_matrix():
    rng = np.random.default_rng(2)
    n_docs, n_words = 300, 400
    y = np.zeros(n_docs, dtype=bool)
    y[:40] = True
    rates = rng.uniform(0.05, 0.6, n_words)
    X = rng.random((n_docs, n_words)) < rates
    X[:, 0] = False  # in no document
    X[:, 1] = True  # in every document
    X[:, 2] = y  # a perfect separator
    X[:, 3] = ~y
    X[:5, 4] = True  # rare, positive only
    tp, fp, pos, neg = fsviz.binary_counts(sparse.csr_matrix(X), y)
    ours = fsviz.score("anova_f", tp, fp, pos, neg)
    with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected, _ = f_classif(X.astype(float), y)
    finite = np.isfinite(expected)
    assert np.allclose(ours[finite], expected[finite], rtol=1e-9)
    assert ours[0] == ours[1] == 0  # f_classif: NaN
    assert ours[2] == ours[3] == (n_docs - 2) * n_docs**2 == ours.max()  # f_classif: inf
    assert finite[4:].all()


def _log_odds_loop(tp, fp, pos, neg, alpha0):
    """Monroe et al. eq. 16, 20–22 for one word, with a Beta prior worth alpha0 documents."""
    p = (tp + fp) / (pos + neg)
    alpha_w = alpha0 * p
    if alpha_w == 0 or alpha_w == alpha0:
        return 0.0
    odds_i = (tp + alpha_w) / (pos + alpha0 - tp - alpha_w)
    odds_j = (fp + alpha_w) / (neg + alpha0 - fp - alpha_w)
    variance = sum(1 / x for x in (tp + alpha_w, pos + alpha0 - tp - alpha_w,
                                   fp + alpha_w, neg + alpha0 - fp - alpha_w))
    return (math.log(odds_i) - math.log(odds_j)) / math.sqrt(variance)


def _loops(tp, fp, pos, neg):
    """Every metric for one word, written out over the two classes."""
    n = pos + neg
    rates = {"c": (tp / pos, fp / neg), "rest": (fp / neg, tp / pos)}  # (P(t|C_i), P(t|not C_i))
    shares = {"c": tp / (tp + fp) if tp + fp else None, "rest": fp / (tp + fp) if tp + fp else None}
    out = {"log_odds": _log_odds_loop(tp, fp, pos, neg, n)}
    eps = 0.5 / n
    out["log_ratio"] = abs(math.log2((tp / pos + eps) / (fp / neg + eps)))
    out["dfs"] = 0.5 if tp + fp == 0 else sum(shares[c] / ((1 - rates[c][0]) + rates[c][1] + 1) for c in rates)
    out["gini"] = 0.0 if tp + fp == 0 else sum((rates[c][0] * shares[c]) ** 2 for c in rates)
    low, high = sorted((tp / pos, fp / neg))
    low = max(low, 0.5 / max(pos, neg))
    out["ndm"] = (high - min(tp / pos, fp / neg)) / low
    out["mmr"] = high * out["ndm"]
    q = 1 - math.exp(-(tp + fp) / n)
    cells = ((tp, pos * q), (fp, neg * q), (pos - tp, pos * (1 - q)), (neg - fp, neg * (1 - q)))
    out["poisson"] = sum((o - e) ** 2 / e for o, e in cells if e > 0)
    table = np.array([[tp, fp], [pos - tp, neg - fp]])
    mi = mutual_info_score(None, None, contingency=table)  # nats
    h_word = mutual_info_score(None, None, contingency=np.diag(table.sum(axis=1)))  # H(T) = I(T; T)
    h_class = mutual_info_score(None, None, contingency=np.diag([pos, neg]))
    out["gain_ratio"] = mi / h_word if h_word > 0 else 0.0
    out["su"] = 2 * mi / (h_class + h_word)
    return out


def test_every_formula_against_a_loop_written_out_over_the_classes():
    tp, fp, pos, neg = random_tables(np.random.default_rng(3))
    ours = {name: fsviz.score(name, tp, fp, pos, neg) for name in FIELD}
    for i in range(tp.size):
        for name, expected in _loops(int(tp[i]), int(fp[i]), int(pos[i]), int(neg[i])).items():
            got = abs(expected) if name == "log_odds" else expected
            assert ours[name][i] == pytest.approx(got, rel=1e-9, abs=1e-12), (name, tp[i], fp[i], pos[i], neg[i])


def test_log_odds_prior_weight():
    # α₀ = 40 on the hand table: a = 40·0.15 = 6, b = 34
    z = (math.log(12 / 38) - math.log(15 / 115)) / math.sqrt(1 / 12 + 1 / 38 + 1 / 15 + 1 / 115)
    assert log_odds(6.0, 9.0, POS, NEG, alpha0=40) == pytest.approx(z)
    metric = log_odds_metric(40)
    assert metric.name == "log_odds_40" and metric.reads_table
    assert metric.score_counts(np.float64(6), np.float64(9), POS, NEG) == pytest.approx(z)
    for bad in (0, -1, float("nan"), float("inf"), "1", True):
        with pytest.raises(ValueError, match="`alpha0` must be a positive number"):
            log_odds_metric(bad)


def test_log_odds_tf_on_a_tiny_corpus():
    # Four documents, three words; the first two are the class. Word counts:
    #   doc 0: a×3 b×1 | doc 1: a×1 c×2 | doc 2: b×2 c×1 | doc 3: b×1 c×1
    # class: y = (a 4, b 1, c 2), n_i = 7; rest: y = (a 0, b 3, c 2), n_j = 5; tf = (4, 4, 4), α₀ = 12,
    # so α_w = 4 for every word and for a: δ = ln(8/(7+12−4−4)) − ln(4/(5+12−0−4)) = ln(8/11) − ln(4/13).
    X = sparse.csr_matrix(np.array([[3, 1, 0], [1, 0, 2], [0, 2, 1], [0, 1, 1]]))
    training = Training.from_binary(X, np.array([True, True, False, False]))
    z = log_odds_tf_z(training)
    expected_a = (math.log(8 / 11) - math.log(4 / 13)) / math.sqrt(1 / 8 + 1 / 11 + 1 / 4 + 1 / 13)
    assert z[0] == pytest.approx(expected_a)
    # b: class 1 of 7, rest 3 of 5: relatively rarer in the class, so negative
    expected_b = (math.log(5 / 14) - math.log(7 / 10)) / math.sqrt(1 / 5 + 1 / 14 + 1 / 7 + 1 / 10)
    assert z[1] == pytest.approx(expected_b) and z[1] < 0
    assert fsviz.score_words("log_odds_tf", training) == pytest.approx(np.abs(z))
    assert np.allclose(z, [_tf_loop(X.toarray(), [True, True, False, False], w) for w in range(3)])


def _tf_loop(counts, y, word):
    y = np.asarray(y)
    y_i, y_j = counts[y, word].sum(), counts[~y, word].sum()
    n_i, n_j = counts[y].sum(), counts[~y].sum()
    return _log_odds_loop(y_i, y_j, n_i, n_j, n_i + n_j)


# --- properties ---------------------------------------------------------------------------


@st.composite
def planes(draw):
    pos = draw(st.integers(1, 10**5))
    neg = draw(st.integers(1, 10**5))
    tp = draw(st.floats(0, 1)) * pos
    fp = draw(st.floats(0, 1)) * neg
    return tp, fp, pos, neg


@settings(max_examples=300, deadline=None)
@given(planes())
def test_finite_between_whole_counts_too(table):
    """Isoclines evaluate between whole counts: every metric is finite on the continuous plane."""
    for name in FIELD:
        assert np.isfinite(fsviz.score(name, *table, signed=True)), (name, table)


@settings(max_examples=300, deadline=None)
@given(planes())
def test_signed_statistics_change_sign_when_classes_swap(table):
    tp, fp, pos, neg = (np.float64(x) for x in table)
    for name in SIGNED:
        func = fsviz.get_metric(name).func
        assert func(fp, tp, neg, pos) == pytest.approx(-func(tp, fp, pos, neg), rel=1e-9, abs=1e-9), name


@settings(max_examples=200, deadline=None)
@given(planes(), st.floats(0, 1))
def test_monotone_metrics_rise_away_from_the_diagonal(table, t):
    """Above the diagonal the score never falls as tp grows; below it, never rises."""
    _, fp, pos, neg = table
    diagonal = fp * pos / neg
    lo_above, hi_above = diagonal + t * (pos - diagonal), pos
    lo_below, hi_below = t * diagonal, diagonal
    for name in FIELD:
        if name in TASK_SHAPED:
            continue
        s = lambda x, name=name: float(fsviz.score(name, x, fp, pos, neg))  # noqa: E731
        # rounding: 1e-9 relative, 1e-8 absolute where the score is ~0 (a word in nearly every document)
        assert s(hi_above) >= s(lo_above) - 1e-9 * abs(s(lo_above)) - 1e-8, name
        assert s(lo_below) >= s(hi_below) - 1e-9 * abs(s(hi_below)) - 1e-8, name


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 400), st.integers(1, 4000), st.integers(0, 2**16))
def test_anova_f_ranks_as_chi_and_mmr_is_ndm_times_the_larger_rate(pos, neg, seed):
    rng = np.random.default_rng(seed)
    tp, fp = rng.integers(0, pos + 1, 50), rng.integers(0, neg + 1, 50)
    n = pos + neg
    f, chi = fsviz.score("anova_f", tp, fp, pos, neg), fsviz.score("chi", tp, fp, pos, neg)
    finite = chi < n * (1 - 1e-12)  # not a perfect separator
    assert np.allclose(f[finite], (n - 2) * chi[finite] / (n - chi[finite]), rtol=1e-7, atol=1e-9)
    tpr, fpr = tp / pos, fp / neg
    assert np.allclose(fsviz.score("mmr", tp, fp, pos, neg),
                       np.maximum(tpr, fpr) * fsviz.score("ndm", tp, fp, pos, neg), rtol=1e-12)


# --- everywhere a metric goes ---------------------------------------------------------------


@pytest.fixture(scope="module")
def sample():
    return fsviz.load_sample()


@pytest.fixture(scope="module")
def stats_task(sample):
    return sample.binary_task("scipy.stats")


@pytest.mark.parametrize("name", FIELD)
def test_isocline_on_the_sample_task(stats_task, name):
    from fsviz.stats.isoclines import NOT_MONOTONE, no_isocline_reason, selected_side, top_k_isocline

    task = stats_task
    if name in TASK_SHAPED:  # skewed (371 vs 3970): the word map rings their top k
        assert no_isocline_reason(name, task.pos, task.neg) == NOT_MONOTONE
        assert no_isocline_reason(name, 50, 50) is None or name != "dfs"
        return
    assert no_isocline_reason(name, task.pos, task.neg) is None
    curve = top_k_isocline(task, name, 50, fp=task.fp)
    assert np.isfinite(curve.upper).any() and np.isfinite(curve.lower).any()
    side = selected_side(curve, task.tp, task.fp, task.pos, task.neg)
    scores = task.score(name)
    assert np.array_equal(side, scores >= fsviz.select_top_k(scores, 50).threshold)


def test_dfs_has_an_isocline_on_a_balanced_task():
    from fsviz.stats.isoclines import isocline, no_isocline_reason

    assert no_isocline_reason("dfs", 100, 100) is None
    assert np.isfinite(isocline("dfs", 0.6, 100, 100).upper).any()


def test_a_small_grid_run_scores_every_new_metric(sample):
    from fsviz.evaluation.grid import GridConfig, run_grid

    config = GridConfig(metrics=(*FIELD, "log_odds_tf"), ks=(10,), trials=1, folds=2, classes=("scipy.stats",))
    results = run_grid(sample, config).results
    rows = results[results.metric.isin(config.metrics)]
    assert sorted(rows.metric.unique()) == sorted(config.metrics)
    assert len(rows) == len(config.metrics) * 2 and (rows.n_features == 10).all()
    assert rows[["tp", "fp", "fn", "tn"]].notna().all().all()


def test_cli_top_lists_the_new_metrics(capsys):
    from fsviz.cli import main

    assert main(["top", "sample", "--class", "scipy.stats", "-k", "5", "--metrics", ",".join(FIELD)]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert set(FIELD) <= set(header) and "stats" in out
