"""Each word's log2 ratio of document rates and its confidence interval (fsviz.stats.effect), in the word table
and in `fsviz top`."""

import json
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats.contingency import relative_risk

from fsviz.cli import _top, main
from fsviz.cli.parser import build_parser
from fsviz.corpora.sample import load_sample
from fsviz.metrics.keyness import log_ratio
from fsviz.stats.effect import EFFECT_COLUMNS, ZERO_RULES, log_ratio_interval, zero_rule_agreement
from fsviz.stats.tables import word_table

Z95 = 1.959963984540054  # Φ⁻¹(0.975)
LN2 = math.log(2)

# (tp, pos, fp, neg), the Haldane–Anscombe ratio and var(ln RR) by hand, and the ε rule's log2 ratio by hand.
# "half": in a table with an empty cell a = tp + ½, n1 = pos + 1, c = fp + ½, n2 = neg + 1;
# var = 1/a − 1/n1 + 1/c − 1/n2. "epsilon": log2[(tpr + ε)/(fpr + ε)], ε = 0.5/(pos + neg), same var.
HAND = {
    # no empty cell: rates 10/20 = 1/2 and 5/40 = 1/8, RR = 4; var = 1/10 − 1/20 + 1/5 − 1/40 = 9/40;
    # ε = 1/120: (60/120 + 1/120)/(15/120 + 1/120) = 61/16
    "no empty cell": ((10, 20, 5, 40), 4, 9 / 40, math.log2(61 / 16)),
    # tp = 0: a = ½ of 11, c = 5.5 of 21: RR = (1/22)/(11/42) = 21/121; var = 2 − 1/11 + 2/11 − 1/21 = 472/231;
    # ε = 1/60: (1/60)/(15/60 + 1/60) = 1/16
    "tp = 0": ((0, 10, 5, 20), 21 / 121, 472 / 231, -4.0),
    # fp = 0: a = 3.5 of 5, c = ½ of 7: RR = (7/10)/(1/14) = 49/5; var = 2/7 − 1/5 + 2 − 1/7 = 68/35;
    # ε = 1/20: (15/20 + 1/20)/(1/20) = 16
    "fp = 0": ((3, 4, 0, 6), 49 / 5, 68 / 35, 4.0),
    # fn = 0 (tp = pos): a = 5.5 of 6, c = 2.5 of 11: RR = (11/12)/(5/22) = 121/30;
    # var = 2/11 − 1/6 + 2/5 − 1/11 = 107/330; ε = 1/30: (30/30 + 1/30)/(6/30 + 1/30) = 31/7
    "fn = 0": ((5, 5, 2, 10), 121 / 30, 107 / 330, math.log2(31 / 7)),
    # tn = 0 (fp = neg): a = 2.5 of 9, c = 4.5 of 5: RR = (5/18)/(9/10) = 25/81; var = 2/5 − 1/9 + 2/9 − 1/5 = 14/45;
    # ε = 1/24: (6/24 + 1/24)/(24/24 + 1/24) = 7/25
    "tn = 0": ((2, 8, 4, 4), 25 / 81, 14 / 45, math.log2(7 / 25)),
    # a word in no document: a = c = ½, of 4 and of 6: RR = (1/8)/(1/12) = 3/2 = (neg + 1)/(pos + 1);
    # var = 2 − 1/4 + 2 − 1/6 = 43/12; ε: both rates ε, log2 1 = 0
    "in no document": ((0, 3, 0, 5), 3 / 2, 43 / 12, 0.0),
}


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.parametrize("case", HAND)
def test_hand_derived_tables(case):
    (tp, pos, fp, neg), ratio, variance, epsilon_estimate = HAND[case]
    margin = Z95 * math.sqrt(variance) / LN2
    for zero, estimate in (("half", math.log2(ratio)), ("epsilon", epsilon_estimate)):
        found = log_ratio_interval(tp, fp, pos, neg, zero=zero)
        assert float(found.log_ratio) == pytest.approx(estimate, rel=1e-12, abs=1e-12)
        assert float(found.low) == pytest.approx(estimate - margin, rel=1e-12)
        assert float(found.high) == pytest.approx(estimate + margin, rel=1e-12)


def test_no_empty_cell_is_scipys_katz_interval():
    # scipy.stats.contingency.relative_risk: the same Katz interval, by another hand (integer counts, no zeros)
    rng = np.random.default_rng(3)
    pos, neg = rng.integers(2, 300, 40), rng.integers(2, 300, 40)
    tp, fp = rng.integers(1, pos), rng.integers(1, neg)
    found = log_ratio_interval(tp, fp, pos, neg)
    for j in range(tp.size):
        scipy = relative_risk(int(tp[j]), int(pos[j]), int(fp[j]), int(neg[j]))
        interval = scipy.confidence_interval(0.95)
        assert found.log_ratio[j] == pytest.approx(math.log2(scipy.relative_risk), rel=1e-12, abs=1e-12)
        assert found.low[j] == pytest.approx(math.log2(interval.low), rel=1e-9, abs=1e-9)
        assert found.high[j] == pytest.approx(math.log2(interval.high), rel=1e-9, abs=1e-9)


def test_the_level_sets_z():
    # 90%: z = Φ⁻¹(0.95) = 1.6448536269514722; var of the first HAND table, 9/40
    found = log_ratio_interval(10, 5, 20, 40, level=0.9)
    assert float(found.high - found.log_ratio) == pytest.approx(1.6448536269514722 * math.sqrt(9 / 40) / LN2, rel=1e-12)


def test_epsilon_is_the_log_ratio_metric_and_the_rules_share_the_width():
    rng = np.random.default_rng(0)
    tp, fp = rng.integers(0, 30, 200), rng.integers(0, 400, 200)
    half, epsilon = (log_ratio_interval(tp, fp, 30, 400, zero=rule) for rule in ZERO_RULES)
    np.testing.assert_array_equal(epsilon.log_ratio, log_ratio(tp, fp, 30, 400))
    np.testing.assert_allclose(epsilon.high - epsilon.low, half.high - half.low, rtol=1e-12)
    plain = (tp > 0) & (fp > 0) & (tp < 30) & (fp < 400)  # no empty cell: Hardie's log2(tpr / fpr) exactly
    hardie = np.log2((tp[plain] / 30) / (fp[plain] / 400))
    np.testing.assert_allclose(half.log_ratio[plain], hardie, rtol=1e-12, atol=1e-12)


def _bootstrap(tp, pos, fp, neg, *, n_resamples, seed):
    """The percentile interval of log2 ratio over resamples of the documents, each class resampled on its own."""
    rng = np.random.default_rng(seed)
    a = (rng.integers(0, pos, (n_resamples, pos), dtype=np.int32) < tp).sum(axis=1)  # documents 0..tp−1 hold it
    c = (rng.integers(0, neg, (n_resamples, neg), dtype=np.int32) < fp).sum(axis=1)
    assert a.min() > 0 and c.min() > 0  # at these counts no resample empties a cell
    return np.percentile(np.log2((a / pos) / (c / neg)), [2.5, 97.5])


@pytest.mark.parametrize("table, tolerance", [
    # half-width 0.60; over seeds 0–9 (4,000 resamples) the bounds differed from Wald's by at most 0.043 and 0.076
    # (the bootstrap sits higher: the ratio's sampling distribution is right-skewed, Wald's is symmetric in logs)
    ((40, 100, 30, 300), 0.1),
    # every count ×4: half-width 0.30, differences at most 0.016 and 0.019 over seeds 0–9
    ((160, 400, 120, 1200), 0.04),
])
def test_the_interval_is_close_to_a_bootstrap_at_moderate_counts(table, tolerance):
    # At small counts they part: (12, 40, 9, 120) has Wald's upper bound 3.14, the bootstrap's 3.29–3.39.
    # With a zero count every resample keeps the zero, so a bootstrap says nothing there: the HAND tables cover it.
    tp, pos, fp, neg = table
    found = log_ratio_interval(tp, fp, pos, neg)
    low, high = _bootstrap(tp, pos, fp, neg, n_resamples=4000, seed=0)
    assert abs(low - float(found.low)) <= tolerance and abs(high - float(found.high)) <= tolerance


tables = st.integers(1, 500).flatmap(lambda pos: st.integers(1, 500).flatmap(
    lambda neg: st.tuples(st.integers(0, pos), st.just(pos), st.integers(0, neg), st.just(neg))))


@settings(max_examples=150, deadline=None)
@given(table=tables, zero=st.sampled_from(ZERO_RULES))
def test_the_interval_holds_the_estimate_and_swapping_classes_mirrors_it(table, zero):
    tp, pos, fp, neg = table
    found = log_ratio_interval(tp, fp, pos, neg, zero=zero)
    assert np.isfinite([found.low, found.high]).all()
    assert found.low < found.log_ratio < found.high
    swapped = log_ratio_interval(fp, tp, neg, pos, zero=zero)
    assert float(swapped.log_ratio) == pytest.approx(-float(found.log_ratio), abs=1e-9)
    assert float(swapped.low) == pytest.approx(-float(found.high), abs=1e-9)
    assert float(swapped.high) == pytest.approx(-float(found.low), abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(table=tables)
def test_four_times_the_documents_halve_the_width(table):
    tp, pos, fp, neg = table
    if tp in (0, pos) or fp in (0, neg):
        return  # an empty cell: see the next test
    found, more = log_ratio_interval(tp, fp, pos, neg), log_ratio_interval(4 * tp, 4 * fp, 4 * pos, 4 * neg)
    assert float(more.high - more.low) == pytest.approx(float(found.high - found.low) / 2, rel=1e-9)


def test_with_an_empty_cell_more_documents_need_not_narrow_the_interval():
    # The documented limit: tp = 0 of 1, fp = 1 of 1 (tp and tn empty): var = 1/½ − 1/2 + 1/1.5 − 1/2 = 5/3.
    # ×4, tp = 0 of 4, fp = 4 of 4: var = 1/½ − 1/5 + 1/4.5 − 1/5 = 82/45 > 5/3; the halves' 1/½ = 2 dominates.
    small, large = log_ratio_interval(0, 1, 1, 1), log_ratio_interval(0, 4, 4, 4)
    assert float(small.high - small.low) == pytest.approx(2 * Z95 * math.sqrt(5 / 3) / LN2, rel=1e-12)
    assert float(large.high - large.low) == pytest.approx(2 * Z95 * math.sqrt(82 / 45) / LN2, rel=1e-12)


@pytest.mark.parametrize("kwargs, message", [
    ({"zero": "laplace"}, "`zero` must be one of half, epsilon"),
    ({"level": 1.0}, "`level` must be a confidence level"),
    ({"level": 0}, "`level` must be a confidence level"),
    ({"level": True}, "`level` must be a confidence level"),
])
def test_bad_options_name_the_parameter(kwargs, message):
    with pytest.raises(ValueError, match=message):
        log_ratio_interval(1, 1, 2, 2, **kwargs)


def test_counts_that_are_no_table_are_refused():
    with pytest.raises(ValueError, match="`tp` must lie in"):
        log_ratio_interval(3, 1, 2, 2)


def test_zero_rule_agreement_on_the_samples_largest_class():
    # The numbers fsviz.stats.effect.log_ratio_interval's Notes quote.
    corpus = load_sample()
    task = corpus.task(corpus.classes[int(np.argmax(corpus.class_sizes))])
    found = zero_rule_agreement(task)
    assert (task.name, task.pos, task.neg, found["n_words"], found["n_empty_cell"]) == ("pandas", 728, 3613, 9581, 6380)
    assert round(found["spearman"], 3) == 0.899 and found["top_overlap"] == 94
    assert round(found["spearman_magnitude"], 3) == 0.728 and found["top_overlap_magnitude"] == 37
    assert round(found["median_shift_no_empty_cell"], 3) == 0.026


def test_the_word_table_shows_the_effect_beside_p_and_q(planted):
    task = planted.load().binary_task("c1")
    table = word_table(task, ["bns"], 10)
    assert list(table.columns[:9]) == ["word", "tp", "fp", "p", "q", "-log10 p", *EFFECT_COLUMNS]
    expected = log_ratio_interval(task.tp, task.fp, task.pos, task.neg).frame()
    pd.testing.assert_frame_equal(table[list(EFFECT_COLUMNS)], expected)
    some = word_table(task, ["bns"], 10, words=[5, 2], zero="epsilon")
    np.testing.assert_allclose(some["log2 ratio"], log_ratio(task.tp, task.fp, task.pos, task.neg)[[5, 2]])


def _expected_effect(words):
    task = load_sample().task("scipy.stats")
    index = pd.Index(task.vocabulary).get_indexer(words)
    return log_ratio_interval(task.tp[index], task.fp[index], task.pos, task.neg).frame()


def test_top_writes_the_effect_to_its_csv_and_prints_it(tmp_path, capsys):
    out = tmp_path / "top.csv"
    assert main(["top", "sample", "--class", "scipy.stats", "-k", "5", "--metrics", "bns,chi", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    np.testing.assert_allclose(table[list(EFFECT_COLUMNS)], _expected_effect(table["word"]), rtol=1e-12)
    capsys.readouterr()
    assert main(["top", "sample", "--class", "scipy.stats", "-k", "3", "--metrics", "bns"]) == 0
    assert "log2 ratio [95% CI]" in capsys.readouterr().out


def test_top_json_carries_the_effect(capsys):
    # `top` takes no --json flag yet (fsviz/cli/parser.py); _top answers through output.finish, which honours it
    args = build_parser().parse_args(["top", "sample", "--class", "scipy.stats", "-k", "3", "--metrics", "bns"])
    args.json = True
    _top(args)
    summary = json.loads(capsys.readouterr().out)
    assert (summary["command"], summary["zero"], summary["level"], summary["k"]) == ("top", "half", 0.95, 3)
    words = pd.DataFrame(summary["words"])
    assert {"p", "q", *EFFECT_COLUMNS} <= set(words.columns)
    # JSON records carry 10 decimals (pandas' to_json, fsviz.cli.output.records)
    np.testing.assert_allclose(words[list(EFFECT_COLUMNS)], _expected_effect(words["word"]), rtol=1e-9)
