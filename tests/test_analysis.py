"""Aggregation of the grid's table, on hand-built tables whose answers are worked out here."""

import pandas as pd
import pytest

from fsviz.analysis import average_maximum, macro_average, per_task, per_trial


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
