"""The choice made inside the resampling, and its test: invariants over random results tables."""

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from fsviz.evaluation.analyses import corrected_t, fold_macro, held_out
from fsviz.evaluation.grid import with_goals

METRICS = ["a", "b", "c"]


@st.composite
def results(draw):
    """A results table: 1–4 tasks, 2–3 metrics at 1–3 k, 1–3 trials of 2–5 folds, random confusion counts."""
    tasks, trials, folds = draw(st.integers(1, 4)), draw(st.integers(1, 3)), draw(st.integers(2, 5))
    metrics = METRICS[:draw(st.integers(2, 3))]
    ks = sorted(draw(st.sets(st.sampled_from([5, 10, 50, 100]), min_size=1, max_size=3)))
    seed = draw(st.integers(0, 2**31))
    rng = np.random.default_rng(seed)
    rows = []
    for task in range(tasks):
        for metric in metrics:
            for k in ks:
                for trial in range(trials):
                    for fold in range(folds):
                        tp, fn = rng.integers(0, 6, 2)
                        fp, tn = rng.integers(0, 6), rng.integers(5, 20)
                        rows.append(("d", f"c{task}", metric, k, trial, fold, tp, fp, fn, tn))
    frame = pd.DataFrame(rows, columns=["dataset", "class", "metric", "k", "trial", "fold", "tp", "fp", "fn", "tn"])
    return frame.assign(k_rule="")


@settings(max_examples=40, deadline=None)
@given(results(), st.sampled_from(["f1", "precision", "recall", "accuracy"]))
def test_the_held_out_score_is_that_of_a_candidate_on_each_fold(table, goal):
    folds = fold_macro(table, goal)
    for rule in ("best", "fewest"):
        choice = held_out(folds, ["a", "b"], rule=rule)
        assert len(choice.folds) == table.groupby(["trial", "fold"]).ngroups
        assert set(choice.folds["metric"]) <= {"a", "b"}
        wide = folds[folds["metric"].isin(["a", "b"])].groupby(["trial", "fold"])["held"]
        top, bottom = wide.max(), wide.min()
        held = choice.folds.set_index(["trial", "fold"])["held"]
        assert ((held <= top + 1e-12) & (held >= bottom - 1e-12)).all()


@settings(max_examples=40, deadline=None)
@given(results())
def test_one_candidate_at_one_k_is_its_own_held_out_score(table):
    """Nothing to choose: the held-out score is the per-fold macro F1 of that one (metric, k), computed here
    from the counts directly."""
    k = table["k"].min()
    folds = fold_macro(table, "f1")
    choice = held_out(folds[folds["k"] == k], ["a"])
    rows = with_goals(table[(table["metric"] == "a") & (table["k"] == k)].copy())
    expected = rows.groupby(["trial", "fold"])["f1"].mean().mean()
    assert np.isclose(choice.score, expected)
    assert choice.against(choice)[0] == 1.0  # against itself: identical, p = 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-0.2, 0.2), min_size=2, max_size=30), st.integers(2, 10),
       st.floats(0.1, 10))
def test_the_corrected_test_is_symmetric_scale_free_and_never_bolder_than_the_plain_one(d, folds, scale):
    d = np.round(np.asarray(d), 6)
    t, p = corrected_t(d, folds)
    assert np.isclose(corrected_t(-d, folds)[1], p, equal_nan=True)
    assert np.isclose(corrected_t(d * scale, folds)[1], p, equal_nan=True, atol=1e-9)
    if d.std() > 1e-9:  # scipy's plain one-sample t-test, where it is defined
        assert p >= stats.ttest_1samp(d, 0).pvalue - 1e-12
    assert np.isnan(corrected_t(d[:1], folds)[1])
