"""Aggregation of the grid's table, on hand-built tables whose answers are worked out here."""

import numpy as np
import pandas as pd
import pytest
from conftest import results_table
from scipy import stats

from fsviz.evaluation.analyses import (
    average_maximum,
    best_pairs,
    goal_shares,
    macro_average,
    paired_tests,
    peak_range,
    per_task,
    per_trial,
    residual_curves,
    split_by_skew,
    task_maxima,
    tolerance_curves,
    within_tolerance,
)
from fsviz.evaluation.answer import recommend, recommendation_text


def rows(*specs):
    """(class, metric, k, trial, fold, tp, fp, fn, tn) → a results table (one dataset, pos 10, neg 30)."""
    table = pd.DataFrame(specs, columns=["class", "metric", "k", "trial", "fold", "tp", "fp", "fn", "tn"])
    table.insert(0, "dataset", "d")
    table["pos"], table["neg"] = 10, 30
    return table


def test_per_trial_pools_the_folds_counts():
    # fold 0: tp 4 fp 0 fn 1 → P 1, R .8; fold 1: tp 1 fp 3 fn 4 → P .25, R .2
    # pooled: tp 5 fp 3 fn 5 → P 5/8, R 5/10, F1 = 2·.625·.5/1.125 = 5/9
    table = rows(("a", "bns", 10, 0, 0, 4, 0, 1, 15), ("a", "bns", 10, 0, 1, 1, 3, 4, 12))
    pooled = per_trial(table).iloc[0]
    assert (pooled.tp, pooled.fp, pooled.fn, pooled.tn) == (5, 3, 5, 27)
    assert pooled.precision == pytest.approx(5 / 8) and pooled.recall == pytest.approx(0.5)
    assert pooled.f1 == pytest.approx(5 / 9)
    assert pooled.accuracy == pytest.approx(32 / 40)
    mean = per_trial(table, pool="mean").iloc[0]
    assert mean.precision == pytest.approx((1 + 0.25) / 2) and mean.recall == pytest.approx(0.5)
    with pytest.raises(ValueError, match="pool"):
        per_trial(table, pool="median")


def test_per_task_averages_trials_and_macro_averages_tasks():
    table = rows(
        ("a", "bns", 10, 0, 0, 10, 0, 0, 30),  # perfect: F1 1
        ("a", "bns", 10, 1, 0, 5, 0, 5, 30),   # P 1, R .5: F1 2/3
        ("b", "bns", 10, 0, 0, 0, 0, 10, 30),  # nothing predicted: P 0, F1 0
        ("b", "bns", 10, 1, 0, 0, 0, 10, 30),
    )
    tasks = per_task(table).set_index("class")
    assert tasks.loc["a", "f1"] == pytest.approx((1 + 2 / 3) / 2)
    assert tasks.loc["b", "precision"] == 0 and tasks.loc["b", "f1"] == 0
    assert tasks.loc["a", "skew"] == 3
    macro = macro_average(table).iloc[0]
    assert macro.f1 == pytest.approx((1 + 2 / 3) / 4) and macro.tasks == 2
    assert macro.f1_sem == pytest.approx(pd.Series([5 / 6, 0.0]).sem())


def test_average_maximum_takes_the_best_k_within_each_trial():
    # trial 0: k 10 is best (F1 1 vs 2/3); trial 1: k 20 is best (F1 2/3 vs 0) → average max (1 + 2/3) / 2
    table = rows(
        ("a", "ig", 10, 0, 0, 10, 0, 0, 30), ("a", "ig", 20, 0, 0, 5, 0, 5, 30),
        ("a", "ig", 10, 1, 0, 0, 0, 10, 30), ("a", "ig", 20, 1, 0, 5, 0, 5, 30),
    )
    best = average_maximum(table, "f1").iloc[0]
    assert best.f1 == pytest.approx((1 + 2 / 3) / 2)
    # the best over k of the trial average would be max(.5, 2/3): a different, smaller number
    assert best.f1 > per_task(table).f1.max()
    with pytest.raises(ValueError, match="goal"):
        average_maximum(table, "auc")


# --- skew, tolerance, residuals, pairs, tests, recommendation ---------------------------------------

def maxima(**columns):
    """A tasks × metrics table of average maxima, tasks t0, t1, …"""
    table = pd.DataFrame(columns)
    table.index = pd.MultiIndex.from_tuples([("d", f"t{i}") for i in range(len(table))], names=["dataset", "class"])
    return table


def test_a_metric_that_wins_everything():
    table = maxima(win=[1.0, 0.8, 0.6, 0.4], near=[0.9, 0.72, 0.54, 0.36], far=[0.5, 0.4, 0.3, 0.2])
    # near is exactly 10% below the best everywhere: in at 10% (relative), out at 9%
    ok = within_tolerance(table, 0.0)
    assert ok["win"].all() and not ok["near"].any() and not ok["far"].any()
    assert within_tolerance(table, 0.10)["near"].all() and not within_tolerance(table, 0.09)["near"].any()
    # absolute: near is 0.1, 0.08, 0.06 and 0.04 points below the best, so 0.1 lets it in everywhere, 0.05 on t3
    absolute = within_tolerance(table, 0.1, relative=False)["near"]
    assert absolute.tolist() == [True, True, True, True]
    assert within_tolerance(table, 0.05, relative=False)["near"].tolist() == [False, False, False, True]
    curves = tolerance_curves(table, [0.0, 0.1]).set_index(["tolerance", "metric"])["percent"]
    assert curves[(0.0, "win")] == 100 and curves[(0.0, "near")] == 0 and curves[(0.1, "near")] == 100
    assert curves[(0.1, "far")] == 0
    with pytest.raises(ValueError, match="tolerance"):
        within_tolerance(table, -0.01)


def test_a_tie_counts_for_both_and_an_all_zero_task_for_everyone():
    table = maxima(a=[0.7, 0.0, 0.5], b=[0.7, 0.0, 0.2], c=[0.1, 0.0, np.nan])
    ok = within_tolerance(table, 0.0)
    assert ok["a"].tolist() == [True, True, True]
    assert ok["b"].tolist() == [True, True, False]  # tied on t0, everyone scores 0 on t1
    assert ok["c"].tolist() == [False, True, False]  # a missing value is a failure


def test_perfectly_correlated_failures_make_a_useless_backup():
    # the leader fails on t2 and t3; twin fails exactly there too, rescue succeeds exactly there
    table = maxima(leader=[0.9, 0.9, 0.5, 0.5], twin=[0.9, 0.9, 0.5, 0.5], rescue=[0.5, 0.5, 0.9, 0.9],
                   best=[0.5, 0.5, 0.9, 0.9])
    res = residual_curves(table, "leader", [0.0]).set_index("backup")
    assert (res["failed"] == 2).all()
    assert res.loc["twin", "residual"] == 0 and res.loc["twin", "combined"] == 50
    assert res.loc["rescue", "residual"] == 100 and res.loc["rescue", "combined"] == 100
    pairs = best_pairs(table, 0.0)
    # four pairs cover every task: leader or twin + rescue or best; ties broken by name
    assert pairs.iloc[0][["first", "second", "percent"]].tolist() == ["best", "leader", 100.0]
    assert set(pairs.loc[pairs["percent"] == 100, ["first", "second"]].apply(frozenset, axis=1)) == {
        frozenset(p) for p in [("leader", "rescue"), ("leader", "best"), ("twin", "rescue"), ("twin", "best")]}
    assert pairs.set_index(["first", "second"]).loc[("leader", "twin"), "percent"] == 50
    with pytest.raises(ValueError, match="leader"):
        residual_curves(table, "nope")


def test_a_leader_that_never_fails_leaves_no_residual():
    res = residual_curves(maxima(a=[1.0, 1.0], b=[0.5, 1.0]), "a", [0.0])
    assert res["failed"].iloc[0] == 0 and np.isnan(res["residual"].iloc[0]) and res["combined"].iloc[0] == 100


def test_task_maxima_is_the_average_maximum_per_task_and_metric():
    table = rows(
        ("a", "x", 10, 0, 0, 10, 0, 0, 30), ("a", "x", 20, 0, 0, 5, 0, 5, 30),
        ("a", "y", 10, 0, 0, 5, 0, 5, 30), ("a", "y", 20, 0, 0, 0, 0, 10, 30),
        ("a", "all", 99, 0, 0, 10, 0, 0, 30),
    )
    wide = task_maxima(table, "f1")
    assert list(wide.columns) == ["x", "y"]  # the baseline is not a contender unless asked
    assert wide.loc[("d", "a"), "x"] == 1 and wide.loc[("d", "a"), "y"] == pytest.approx(2 / 3)
    assert "all" in task_maxima(table, "f1", baseline=True).columns


def test_split_by_skew_at_a_percentile():
    specs = []
    for i in range(1, 11):  # ten tasks with skews 1 … 10
        specs.append(pd.DataFrame({"dataset": "d", "class": f"c{i}", "metric": "x", "k": 10, "trial": 0, "fold": 0,
                                   "tp": 1, "fp": 0, "fn": 0, "tn": i, "pos": 10, "neg": 10 * i}, index=[0]))
    table = pd.concat(specs, ignore_index=True)
    threshold, low, high = split_by_skew(table, 90)
    assert threshold == pytest.approx(9.1)  # numpy's linear interpolation between 9 and 10
    assert high["class"].tolist() == ["c10"] and len(low) == 9
    assert split_by_skew(table, 50)[0] == pytest.approx(5.5)
    with pytest.raises(ValueError, match="percentile"):
        split_by_skew(table, 101)


def paired_table():
    """Two tasks × two trials for metrics x, y, z (= x) at k 10; y's F1 is lower on 3 of 4 runs."""
    f1_runs = {"x": [(8, 0), (6, 2), (9, 1), (5, 5)], "y": [(6, 0), (6, 2), (7, 3), (4, 4)],
               "z": [(8, 0), (6, 2), (9, 1), (5, 5)]}
    specs = []
    for metric, runs in f1_runs.items():
        for (task, trial), (tp, fp) in zip([("a", 0), ("a", 1), ("b", 0), ("b", 1)], runs):
            specs.append((task, metric, 10, trial, 0, tp, fp, 10 - tp, 30 - fp))
    return rows(*specs)


def test_paired_tests_agree_with_scipy_and_count_signs():
    table = paired_table()
    tests = paired_tests(table, "f1", 10).set_index(["a", "b"])
    f1 = per_trial(table).pivot_table(index=["class", "trial"], columns="metric", values="f1")
    expected = stats.ttest_rel(f1["x"], f1["y"])
    xy = tests.loc[("x", "y")]
    assert xy["t"] == pytest.approx(expected.statistic) and xy["t_p"] == pytest.approx(expected.pvalue)
    assert (xy["wins"], xy["losses"], xy["ties"], xy["n"]) == (3, 0, 1, 4)
    assert xy["sign_p"] == pytest.approx(0.25)  # 3 wins of 3: 2 · 0.5³
    assert tests.loc[("y", "x"), "t"] == pytest.approx(-xy["t"])
    # identical scores: t 0, p 1 (scipy would give NaN with a warning)
    xz = tests.loc[("x", "z")]
    assert (xz["t"], xz["t_p"], xz["ties"], xz["sign_p"]) == (0, 1, 4, 1)
    with pytest.raises(ValueError, match="k = 500"):
        paired_tests(table, "f1", 500)


def test_peak_range_is_contiguous_around_the_peak():
    curve = pd.DataFrame({"k": [10, 20, 50, 100, 200], "f1": [0.5, 0.8, 0.795, 0.7, 0.8]})
    # two peaks of 0.8: the smaller k is reported; 0.795 is within 1% (≥ 0.792), 0.7 breaks the run
    assert peak_range(curve, "f1") == {"k": 20, "value": 0.8, "k_low": 20, "k_high": 50, "n_k": 2}
    assert peak_range(curve, "f1", within=0.0)["n_k"] == 1


def test_recommend_names_the_winner_its_peak_and_the_pair():
    # x: k 10 P 1 R .8, k 20 perfect; y: k 10 P .5 R .5, k 20 P .6 R .6 — on both tasks; all features F1 .947
    rec = recommend(results_table()).set_index("goal")
    assert (rec["best"] == "x").all()
    # one held-out fold per trial cannot test a difference: no "use", whatever the in-sample scores say
    assert rec.drop(index="fewest")["metric"].isna().all() and rec.loc["fewest", "metric"] == "x"
    assert rec.loc["f1", "verdict_all_words"] is None  # no fold was held out from a choice: nothing tested
    f1 = rec.loc["f1"]
    assert (f1["k"], f1["value"], f1["k_low"], f1["k_high"]) == (20, 1.0, 20, 20)
    assert f1["percent"] == 100 and f1["pair"] == "x+y" and f1["pair_percent"] == 100
    assert f1["runner_up"] is None and f1["baseline"] == pytest.approx(2 * 0.9 / 1.9)
    # precision is 1 at both k: the smallest k is the peak, and the range runs on through 20, which scores the same
    assert (rec.loc["precision", "k"], rec.loc["precision", "k_low"], rec.loc["precision", "k_high"]) == (10, 10, 20)
    text = recommendation_text(rec.reset_index(), label=str.upper)
    assert text[0].startswith("**F-measure**: the best selection is X at k = 20 (macro F-measure 1.000, all words "
                              "0.947, on the data that chose it); nothing here tests it on data it was not chosen on.")
    assert "use **" not in text[0] and "narrow peak" not in text[0]


def test_goal_shares_use_each_goals_tolerance():
    # x is best on every goal of both tasks; y is far below except on accuracy (x .95 vs y .75 at k 20)
    shares = goal_shares(results_table()).set_index(["goal", "metric"])
    assert (shares.xs("x", level="metric")["percent"] == 100).all()
    assert (shares.xs("y", level="metric")["percent"] == 0).all()
    assert shares.loc[("accuracy", "x"), "tolerance"] == 0.001 and shares.loc[("f1", "x"), "tolerance"] == 0.01
    assert goal_shares(results_table(), {"f1": 0.5}).set_index(["goal", "metric"]).loc[("f1", "y"), "percent"] == 100


def test_recommendation_says_when_all_words_win():
    table = rows(("a", "x", 10, 0, 0, 5, 0, 5, 30), ("a", "all", 50, 0, 0, 10, 0, 0, 30))
    rec = recommend(table)
    assert rec.loc[0, "baseline"] == 1.0
    assert rec.loc[0, "metric"] is None
    assert recommendation_text(rec)[0].startswith("**F-measure**: the best selection is x at k = 10 (macro "
                                                  "F-measure 0.667, all words 1.000, on the data that chose it)")
