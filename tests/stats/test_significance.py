"""Per-word p-values (Fisher's exact, G²), Benjamini–Hochberg q-values, selection by q and the FDR boundary."""

from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chi2_contingency, false_discovery_control, fisher_exact

from fsviz.stats.fisher import fisher_p
from fsviz.stats.pvalues import bh_q_values, p_values
from fsviz.stats.significance import (
    FdrRule,
    check_fdr,
    fdr_boundary,
    fdr_k,
    parse_k_rule,
    significance,
    significant_words,
)


def _task(rng, pos, neg, m=300):
    tp = rng.binomial(pos, rng.beta(0.3, 3, m))
    fp = rng.binomial(neg, rng.beta(0.3, 3, m))
    return SimpleNamespace(tp=tp, fp=fp, pos=pos, neg=neg)


def test_fisher_by_hand():
    # [[3, 0], [0, 3]]: P(X = 3) = C(3,3) C(3,0) / C(6,3) = 1/20; two-sided adds the mirror table X = 0: 2/20
    assert fisher_p([3], [0], 3, 3)[0] == pytest.approx(0.05, rel=1e-12)
    assert fisher_p([3], [0], 3, 3, alternative="two-sided")[0] == pytest.approx(0.1, rel=1e-12)
    # tp = 1 of pos = 2, fp = 0 of neg = 2, n = 1: P(X >= 1) = 2/4; P(X <= 1) = 1
    assert fisher_p([1], [0], 2, 2)[0] == pytest.approx(0.5, rel=1e-12)
    assert fisher_p([1], [0], 2, 2, alternative="less")[0] == pytest.approx(1.0, rel=1e-12)


def _assert_fisher_as_scipy(tp, fp, pos, neg, alternative, rtol):
    """fisher_p against scipy.stats.fisher_exact, one 2×2 table per word."""
    mine = fisher_p(tp, fp, pos, neg, alternative=alternative)
    ref = [fisher_exact([[a, pos - a], [b, neg - b]], alternative=alternative).pvalue for a, b in zip(tp, fp)]
    np.testing.assert_allclose(mine, ref, rtol=rtol, atol=1e-300)


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_fisher_matches_scipy_per_table(alternative):
    rng = np.random.default_rng(7)
    for _ in range(120):
        pos, neg = int(rng.integers(1, 60)), int(rng.integers(1, 90))
        if rng.random() < 0.25:
            neg = pos  # symmetric distributions: mirror tables exactly as likely
        tp, fp = rng.integers(0, pos + 1, 15), rng.integers(0, neg + 1, 15)
        _assert_fisher_as_scipy(tp, fp, pos, neg, alternative, rtol=1e-11)


@pytest.mark.parametrize("alternative", ["greater", "two-sided"])
def test_fisher_matches_scipy_on_a_large_task(alternative):
    rng = np.random.default_rng(2)
    pos, neg = 1000, 19000
    df = np.minimum(rng.zipf(1.3, 200), 10000)
    tp = np.minimum(rng.binomial(df, np.clip(0.05 * np.exp(rng.normal(0, 1, df.size)), 0, 0.99)), pos)
    fp = np.minimum(df - tp, neg)
    _assert_fisher_as_scipy(tp, fp, pos, neg, alternative, rtol=1e-8)


@pytest.mark.parametrize("alternative", ["greater", "two-sided"])
def test_g2_p_matches_scipy(alternative):
    rng = np.random.default_rng(4)
    pos, neg = 40, 70
    tp, fp = rng.integers(0, pos + 1, 50), rng.integers(0, neg + 1, 50)
    p = p_values(tp, fp, pos, neg, method="g2", alternative="two-sided")
    for a, b, mine in zip(tp, fp, p):
        table = [[a, pos - a], [b, neg - b]]
        if min(a + b, pos + neg - a - b) == 0:
            assert mine == pytest.approx(1.0)
            continue
        ref = chi2_contingency(table, correction=False, lambda_="log-likelihood").pvalue
        assert mine == pytest.approx(ref, rel=1e-9, abs=1e-300)
    if alternative == "greater":  # one-sided: half the two-sided tail above the diagonal, 1 − half below
        one = p_values(tp, fp, pos, neg, method="g2")
        above = tp * neg > fp * pos
        np.testing.assert_allclose(one[above], p[above] / 2, rtol=1e-9)
        np.testing.assert_allclose(one[~above & (tp * neg < fp * pos)], 1 - p[~above & (tp * neg < fp * pos)] / 2,
                                   rtol=1e-9)


def test_auto_uses_fisher_where_an_expected_count_is_below_five():
    pos, neg = 30, 300
    tp, fp = np.array([4, 20]), np.array([1, 100])  # expected cells: min 5·30/330 < 5; min 120·30/330 > 5
    auto = p_values(tp, fp, pos, neg, method="auto")
    assert auto[0] == pytest.approx(fisher_p(tp, fp, pos, neg)[0])
    assert auto[1] == pytest.approx(p_values(tp, fp, pos, neg, method="g2")[1])


def test_bh_matches_scipy_and_by_hand():
    # p = 0.01, 0.04, 0.03 (m = 3): sorted 0.01·3/1 = 0.03, 0.03·3/2 = 0.045, 0.04·3/3 = 0.04 → cummin from the top
    np.testing.assert_allclose(bh_q_values([0.01, 0.04, 0.03]), [0.03, 0.04, 0.04])
    rng = np.random.default_rng(0)
    for _ in range(20):
        p = rng.uniform(size=int(rng.integers(1, 500))) ** rng.uniform(1, 6)
        p[rng.integers(0, p.size, p.size // 4)] = p[0]  # ties
        np.testing.assert_allclose(bh_q_values(p), false_discovery_control(p, method="bh"), rtol=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 60), st.sampled_from(["greater", "two-sided", "less"]),
       st.sampled_from(["fisher", "g2"]))
def test_p_is_monotone_along_each_column(pos, neg, alternative, method):
    """The boundary's premise: with fp fixed, p falls as tp moves away from the diagonal (one-sided: as tp rises).
    Two-sided Fisher is the exception where p is large (pos 28, neg 3, fp 0: p = 0.5328 then 0.5350 as tp goes
    from 10 to 11, scipy's values too), far above any false-discovery cut."""
    if alternative == "two-sided" and method == "fisher":
        return
    tp, fp = np.meshgrid(np.arange(pos + 1), np.arange(neg + 1))
    p = p_values(tp.ravel(), fp.ravel(), pos, neg, alternative=alternative, method=method).reshape(tp.shape)
    if alternative == "greater":
        assert np.all(np.diff(p, axis=1) <= 1e-12)
    elif alternative == "less":
        assert np.all(np.diff(p, axis=1) >= -1e-12)
    else:
        above = tp * neg >= fp * pos
        step = np.diff(p, axis=1)
        assert np.all(step[above[:, :-1]] <= 1e-12)
        assert np.all(step[~above[:, 1:]] >= -1e-12)


@pytest.mark.parametrize("alternative", ["greater", "two-sided", "less"])
@pytest.mark.parametrize("method", ["fisher", "g2"])
def test_the_boundary_encloses_exactly_the_words_with_q_at_most_fdr(alternative, method):
    rng = np.random.default_rng(11)
    for _ in range(15):
        task = _task(rng, int(rng.integers(5, 150)), int(rng.integers(5, 300)))
        for fdr in (0.01, 0.05, 0.3):
            result = significance(task, alternative=alternative, method=method)
            boundary = fdr_boundary(task, fdr, result=result)
            np.testing.assert_array_equal(boundary.encloses(task.tp, task.fp), result.q <= fdr)
            chosen = significant_words(task, fdr, alternative=alternative, method=method)
            assert set(chosen) == set(np.flatnonzero(result.q <= fdr))
            assert fdr_k(task, fdr, alternative=alternative, method=method) == chosen.size


def test_the_boundary_is_the_smallest_significant_tp_of_each_column():
    rng = np.random.default_rng(5)
    task = _task(rng, 30, 50)
    result = significance(task)
    boundary = fdr_boundary(task, 0.05, result=result)
    p_star = result.p_threshold(0.05)
    for fp in range(task.neg + 1):
        p = p_values(np.arange(task.pos + 1), np.full(task.pos + 1, fp), task.pos, task.neg)
        hits = np.flatnonzero(p <= p_star)
        expected = hits[0] if hits.size else np.nan
        np.testing.assert_equal(boundary.upper[fp], expected)
    assert np.isnan(boundary.lower).all()


def test_no_significant_word_gives_an_empty_boundary():
    task = SimpleNamespace(tp=np.array([1, 2]), fp=np.array([10, 20]), pos=10, neg=100)
    boundary = fdr_boundary(task, 0.05)
    assert np.isnan(boundary.upper).all() and not boundary.encloses(task.tp, task.fp).any()
    with pytest.raises(ValueError, match="selects nothing"):
        FdrRule(0.05).k(task)


@pytest.mark.parametrize("bad", [0, 1, -0.1, 1.5, float("nan"), "0.05", True, None])
def test_a_bad_fdr_is_refused_clearly(bad):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        check_fdr(bad)


def test_k_rules():
    assert parse_k_rule("fdr0.05") == FdrRule(0.05)
    assert parse_k_rule("FDR=0.1") == FdrRule(0.1)
    assert parse_k_rule("25") == 25 and parse_k_rule(7) == 7
    assert str(FdrRule(0.05)) == "fdr0.05"
    for bad in ("fdr", "fdr1.5", "fdr0", "ten"):
        with pytest.raises(ValueError, match="fdr|k must"):
            parse_k_rule(bad)


def test_bad_inputs():
    with pytest.raises(ValueError, match="alternative"):
        p_values([1], [1], 5, 5, alternative="bigger")
    with pytest.raises(ValueError, match="method"):
        p_values([1], [1], 5, 5, method="chi")
    with pytest.raises(ValueError, match="whole"):
        p_values([1.5], [1], 5, 5)
    with pytest.raises(ValueError, match="tp"):
        p_values([6], [1], 5, 5)


def _scipy_log_p(tp, fp, pos, neg, alternative):
    """log p from scipy's hypergeometric log-pmf, summed in logs: an independent Fisher's exact test that does not
    underflow (two-sided: every x no more likely than tp, with R's and scipy's relative tolerance 1e-7)."""
    from scipy import stats
    from scipy.special import logsumexp

    n = tp + fp
    if alternative == "greater":
        return stats.hypergeom.logsf(tp - 1, pos + neg, pos, n)
    if alternative == "less":
        return stats.hypergeom.logcdf(tp, pos + neg, pos, n)
    support = np.arange(max(0, n - neg), min(n, pos) + 1)
    logpmf = stats.hypergeom.logpmf(support, pos + neg, pos, n)
    own = stats.hypergeom.logpmf(tp, pos + neg, pos, n)
    return min(0.0, logsumexp(logpmf[logpmf <= own + np.log1p(1e-7)]))


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_log_p_agrees_with_scipy_where_p_underflows(alternative):
    from fsviz.stats.fisher import fisher_log_p, fisher_p

    pos, neg = 940, 17_906  # a 20 Newsgroups task
    tables = [(940, 0), (900, 10), (600, 50), (0, 9000), (3, 5000), (200, 200), (50, 900)]
    tp, fp = np.array(tables).T
    got = fisher_log_p(tp, fp, pos, neg, alternative=alternative)
    expected = [_scipy_log_p(a, b, pos, neg, alternative) for a, b in tables]
    np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-9)
    p = fisher_p(tp, fp, pos, neg, alternative=alternative)
    assert (p[np.array(expected) < -800] == 0).all() and np.isfinite(got).all()  # p underflows, its log does not
    ordinary = p > 1e-290
    np.testing.assert_allclose(got[ordinary], np.log(p[ordinary]), rtol=1e-10)


def test_words_whose_p_underflows_are_ordered_by_their_log():
    task = SimpleNamespace(tp=np.array([900, 5, 940, 700]), fp=np.array([10, 5, 0, 3]), pos=940, neg=17_906)
    found = significance(task)
    assert found.p[0] == found.p[2] == 0  # both underflow
    assert found.minus_log10_p[2] > found.minus_log10_p[0] > found.minus_log10_p[3] > 300
    assert list(found.selected(0.05)) == [2, 0, 3, 1]  # the zeros by their logs, not by index
    g2 = significance(task, method="g2")
    assert np.isfinite(g2.minus_log10_p).all() and g2.minus_log10_p[2] > 1000
