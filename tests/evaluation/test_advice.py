"""The advice on hand-built results tables: references never answer, claims judged on held-out folds, k as a
range, and the words for what the data cannot show."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from fsviz.evaluation.analyses import corrected_t, one_se_band, one_se_range
from fsviz.evaluation.answer import FEWEST, answers, is_reference, recommend, recommendation_table, recommendation_text

CLASSES, TRIALS, FOLDS, POS, NEG = 8, 2, 4, 10, 30
RNG = np.random.default_rng(0)
BASE = RNG.integers(3, 8, (CLASSES, TRIALS, FOLDS))


def table(scores: dict, *, pos=POS, neg=NEG, vocabulary=None) -> pd.DataFrame:
    """A results table: ``scores[(metric, k)]`` is an array (class, trial, fold) of each fold's tp (fp 0, so
    precision is 1); every fold holds ``pos`` documents of the class and ``neg`` others."""
    rows = []
    for (metric, k), tps in scores.items():
        for (c, trial, fold), tp in np.ndenumerate(np.asarray(tps)):
            rows.append(("d", f"c{c}", metric, k, trial, fold, int(tp), 0, pos - int(tp), neg))
    frame = pd.DataFrame(rows, columns=["dataset", "class", "metric", "k", "trial", "fold", "tp", "fp", "fn", "tn"])
    frame["pos"], frame["neg"] = pos * FOLDS, neg * FOLDS
    frame["n_features"] = vocabulary if vocabulary is not None else frame["k"]
    frame["k_rule"] = ""
    return frame


def f1(tp, pos=POS):
    return 2 * np.asarray(tp, dtype=float) / (np.asarray(tp) + pos)


def test_a_reference_is_never_the_answer_and_rand_above_every_metric_says_so_first():
    scores = {("rand", 10): BASE + 3, ("rand", 50): BASE + 2, ("bns", 10): BASE + 1, ("bns", 50): BASE,
              ("ig", 10): BASE, ("ig", 50): BASE, ("all", 1000): BASE - 1}
    rec = recommend(table(scores)).set_index("goal")
    assert rec.drop(index=FEWEST)["metric"].isna().all() and set(rec["best"]) == {"bns"}
    assert not rec["second"].map(is_reference).any() and not rec["pair"].fillna("").str.contains("rand").any()
    text = recommendation_text(rec.reset_index())[0]
    assert rec.loc["f1", "verdict_rand"] == "worse"
    assert text.startswith("**F-measure**: these metrics pick words worse than chance here: chosen inside the "
                           "resampling, selection scores ")
    assert answers(rec.reset_index())[0]["metric"] is None


def test_the_claim_against_all_words_is_the_corrected_test_on_held_out_folds():
    """One metric at one k: nothing to choose, so the held-out score is that metric's per-fold macro F1, and
    p is the corrected resampled t-test of its per-fold differences with all words (computed here by hand)."""
    lead = np.minimum(BASE + RNG.integers(0, 3, BASE.shape), POS)
    rec = recommend(table({("bns", 10): lead, ("all", 1000): BASE})).set_index("goal")
    per_fold = f1(lead).mean(axis=0) - f1(BASE).mean(axis=0)  # macro over classes, per (trial, fold)
    d = per_fold.ravel()
    t = d.mean() / np.sqrt((1 / d.size + 1 / (FOLDS - 1)) * d.var(ddof=1))
    assert rec.loc["f1", "p_all"] == pytest.approx(2 * stats.t.sf(abs(t), d.size - 1))
    assert rec.loc["f1", "n_all"] == TRIALS * FOLDS
    assert rec.loc["f1", "nested"] == pytest.approx(f1(lead).mean())
    assert rec.loc["f1", "nested_all"] == pytest.approx(f1(BASE).mean())
    assert rec.loc["f1", "beats_all_words"] == (rec.loc["f1", "p_all"] < 0.05)


def test_the_choice_is_judged_on_folds_it_did_not_see():
    """Many metrics of pure noise around all words: the best of them on the whole table looks better than all
    words, but chosen on the other folds and scored on the held-out one it is not shown to be."""
    noise = {(f"m{i}", 10): np.clip(BASE + RNG.integers(-2, 3, BASE.shape), 0, POS) for i in range(12)}
    rec = recommend(table({**noise, ("all", 1000): BASE})).set_index("goal")
    f = rec.loc["f1"]
    assert f["value"] > f["baseline"]  # the winner's curse, in sample
    assert f["nested"] < f["value"] and not f["beats_all_words"]
    text = recommendation_text(rec.reset_index())[0]
    assert "either will do" not in text and "not significantly worse" not in text
    assert f["verdict_all_words"] == "cannot tell" and f["metric"] is None and "use **" not in text
    assert "on held-out folds" in text and "two-sided, corrected resampled t-test" in text


def test_a_difference_the_data_cannot_show_is_worded_as_such():
    swap = RNG.integers(0, 2, BASE.shape)
    scores = {("bns", 10): BASE + swap, ("ig", 10): BASE + 1 - swap, ("all", 1000): BASE - 2}
    rec = recommend(table(scores))
    assert rec.loc[0, "second"] in {"bns", "ig"} and rec.loc[0, "p_second"] > 0.05
    text = recommendation_text(rec)[0]
    assert "The data cannot tell" in text and "apart (p = " in text
    assert "either will do" not in text and "not significantly worse" not in text


def test_no_selection_beating_all_words_comes_first_with_the_fewest_words_close_to_it():
    scores = {("bns", 10): BASE - 2, ("bns", 100): BASE, ("ig", 10): BASE - 3, ("ig", 100): BASE - 1,
              ("all", 1000): BASE + 1}
    rec = recommend(table(scores)).set_index("goal")
    assert rec.loc["f1", "metric"] is None and rec.loc["f1", "best"] == "bns"
    assert not rec.loc["f1", "beats_all_words"]
    text = recommendation_text(rec.reset_index())[0]
    assert rec.loc["f1", "verdict_all_words"] == "worse"
    assert text.startswith("**F-measure**: keep all words: selection scores lower on held-out folds (")
    assert "use **" not in text
    # precision is 1 everywhere (fp 0): no selection beats all words either
    assert rec.loc["precision", "metric"] is None
    answer = answers(rec.reset_index())[0]
    assert answer["metric"] is None and answer["best"] == "bns" and answer["beats_all_words"] is False
    assert set(answer) >= {"goal", "metric", "k_low", "k_high", "score", "all_words", "rand", "beats_all_words",
                           "beats_rand", "p", "method", "trials", "tasks", "text"}
    assert "**" not in answer["text"]


def test_k_is_a_range_by_the_one_standard_error_rule():
    curve = pd.DataFrame({"k": [10, 30, 100, 300], "f1": [0.60, 0.78, 0.80, 0.79]})
    assert one_se_range(curve, "f1", 0.025) == (30, 100, 0.8)
    assert one_se_range(curve, "f1", 0.0) == (100, 100, 0.8)
    noisy = np.clip(BASE + RNG.integers(-1, 2, BASE.shape), 0, POS)
    scores = {("bns", 10): noisy, ("bns", 100): np.minimum(BASE + 1, POS), ("ig", 10): BASE - 2,
              ("all", 1000): BASE - 2}
    rec = recommend(table(scores)).set_index("goal")
    assert rec.loc["f1", "k_high"] == 100 and rec.loc["f1", "k_low"] in (10, 100)
    text = recommendation_text(rec.reset_index())[0]
    assert "narrow peak" not in text


def test_the_edge_of_the_range_never_points_beyond_the_vocabulary():
    rising = {("bns", 10): BASE - 2, ("bns", 100): BASE - 1, ("bns", 2000): BASE,
              ("ig", 10): BASE - 3, ("ig", 2000): BASE - 3}
    rec = recommend(table(rising, vocabulary=5000))
    assert rec.loc[0, "edge"] == "largest"
    assert ("k = 2,000 is the largest k tried: the best may lie beyond, so try k up to 5,000 (the whole vocabulary: "
            "all words)") in recommendation_text(rec)[0]
    assert pd.isna(recommend(table(rising, vocabulary=2000)).loc[0, "edge"])  # 2000 is every word already
    falling = {("bns", 10): BASE, ("bns", 100): BASE - 1, ("ig", 10): BASE - 2, ("ig", 100): BASE - 2}
    assert "k = 10 is the smallest k tried" in recommendation_text(recommend(table(falling)))[0]


def test_the_fewest_words_within_one_percent_of_the_best():
    top = np.minimum(BASE + 2, POS)
    scores = {("bns", 10): top, ("bns", 1000): top, ("ig", 100): top, ("ig", 1000): np.minimum(top + 0, POS),
              ("chi", 5): BASE - 2}
    rec = recommend(table(scores)).set_index("goal")
    assert rec.loc[FEWEST, "metric"] == "bns" and rec.loc[FEWEST, "k"] == 10
    assert "**Fewest words**: **bns** with k = 10 keeps within 1% of the best" in \
        recommendation_text(rec.reset_index())[4]


def test_one_trial_and_few_tasks_are_said():
    few = BASE[:4, :1]
    rec = recommend(table({("bns", 10): few + 1, ("ig", 10): few}))
    text = recommendation_text(rec)[0]
    assert "This rests on one trial" in text and "With 4 tasks, percentages move in steps of 25 points" in text


def test_only_references_cannot_be_recommended():
    with pytest.raises(ValueError, match="no metric to recommend: only references"):
        recommend(table({("rand", 10): BASE, ("all", 1000): BASE}))


def test_the_table_for_people_is_labelled_and_rounded():
    scores = {("bns", 10): BASE + 1, ("ig", 10): BASE, ("rand", 10): BASE - 1, ("all", 1000): BASE}
    shown = recommendation_table(recommend(table(scores)))
    assert list(shown.columns[:4]) == ["Goal", "Use", "k", "Score (pooled)"]
    assert shown.loc[0, "Goal"] == "F-measure" and shown.loc[0, "Use"] == "BNS"
    assert shown["Score (pooled)"].map(lambda v: round(v, 3) == v).all()
    assert shown.loc[4, "Goal"] == "Fewest words"
    assert not any(c in shown.columns for c in ("k_low", "pair_percent", "runner_up", "margin"))


def _stability(values: dict) -> pd.DataFrame:
    """A :func:`fsviz.evaluation.analyses.stability_summary` table: ``values[(metric, k)]`` is the mean Kuncheva
    index."""
    return pd.DataFrame([{"metric": m, "k": k, "kuncheva": v, "jaccard": v / 2, "tasks": 8}
                         for (m, k), v in values.items()])


def test_stability_breaks_a_tie_and_says_so():
    swap = RNG.integers(0, 2, BASE.shape)
    tied = {("bns", 10): BASE + swap, ("ig", 10): BASE + swap, ("all", 1000): BASE - 1}  # the same scores
    plain = recommend(table(tied)).set_index("goal")
    first, other = "bns", "ig"
    assert plain.loc["f1", "best"] == first  # a tie: the first by name leads
    rec = recommend(table(tied), stability=_stability({(first, 10): 0.4, (other, 10): 0.7})).set_index("goal")
    assert rec.loc["f1", "metric"] == other and rec.loc["f1", "second"] == first and rec.loc["f1", "by_stability"]
    text = recommendation_text(rec.reset_index())[0]
    assert f"use **{other}**" in text and "stability broke the tie" in text and "(Kuncheva 0.70 against 0.40)" in text
    shown = recommendation_table(rec.reset_index())
    assert shown["Stability (Kuncheva)"].tolist()[0] == "0.700" and shown["Chosen by stability"].tolist()[0] == "yes"


def test_stability_never_overrules_a_clear_winner():
    far = {("bns", 10): np.minimum(BASE + 3, POS), ("ig", 10): BASE, ("all", 1000): BASE - 1}
    rec = recommend(table(far), stability=_stability({("bns", 10): 0.1, ("ig", 10): 0.9})).set_index("goal")
    assert rec.loc["f1", "metric"] == "bns" and not rec.loc["f1", "by_stability"]
    assert "Stability (Kuncheva)" not in recommendation_table(recommend(table(far)))  # none computed: no column


def test_the_corrected_test_is_never_bolder_than_the_plain_one():
    d = RNG.normal(0.01, 0.02, 12)
    assert corrected_t(d, 4)[1] >= stats.ttest_1samp(d, 0).pvalue


def test_lesion_verdicts_use_the_held_out_test_and_one_trial_never_makes_a_real_difference():
    from fsviz.evaluation.studies import lesion_curves, lesion_text

    clear = {("bns@0.4", 10): BASE, ("bns@0.4", 100): np.minimum(BASE + 3, POS),
             ("bns@0.6", 10): np.minimum(BASE + 1, POS), ("bns@0.6", 100): BASE}
    results = table(clear)
    lines = lesion_text(lesion_curves(results), results)
    assert "Corrected resampled t-test over 8 held-out folds" in lines[1] and "a real difference" in lines[1]
    one = table({k: v[:, :1] for k, v in clear.items()})  # the same scores, one trial
    lines = lesion_text(lesion_curves(one), one)
    assert all("a real difference" not in line for line in lines)
    assert "One trial is too few to tell whether the difference is real" in lines[1]
    swap = RNG.integers(0, 2, BASE.shape)
    noisy = {("bns@0.4", 10): BASE, ("bns@0.4", 100): BASE + swap,
             ("bns@0.6", 10): BASE + 1, ("bns@0.6", 100): BASE + 1 - swap}
    results = table(noisy)
    assert "the data cannot tell" in lesion_text(lesion_curves(results), results)[1]


def test_the_cutoff_verdict_tests_the_best_cutoff_against_formans_3():
    from fsviz.evaluation.studies import cutoff_curves, cutoff_text

    def study(shifts):
        parts = []
        for cutoff, shift in zip((1, 3, 5), shifts):
            part = table({("bns", 100): np.clip(BASE + shift, 0, POS)})
            part["min_df"], part["vocabulary"] = cutoff, 1000 // cutoff
            parts.append(part)
        return pd.concat(parts, ignore_index=True)

    results = study((0, 1, 1))
    text = cutoff_text(cutoff_curves(results), results, "bns", 100)
    assert text.startswith("F-measure is highest") and "Forman's cutoff of 3 gives" in text
    assert "t-test" not in text  # the best is 3 itself (ties: the smallest)
    results = study((2, 1, 1))
    text = cutoff_text(cutoff_curves(results), results, "bns", 100)
    assert "at a cutoff of 1" in text and "Corrected resampled t-test over 8 held-out folds: p < 0.001, a real " \
        "difference" in text


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.floats(0, 1), min_size=1, max_size=10), se=st.floats(0, 0.3))
def test_the_k_range_is_contiguous_within_one_standard_error_of_the_peak(values, se):
    """Issue 56: every k tried from k_low to the peak scores within the band; the k just below k_low does not."""
    ks = [10 * 2 ** i for i in range(len(values))]
    low, best, top = one_se_range(pd.DataFrame({"k": ks, "f1": values}), "f1", se)
    assert top == max(values) and best == ks[values.index(max(values))]
    inside = [v for k, v in zip(ks, values) if low <= k <= best]
    assert all(v >= top - se - 1e-12 for v in inside)
    below = [v for k, v in zip(ks, values) if k < low]
    assert not below or below[-1] < top - se - 1e-12


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.floats(0, 1), min_size=1, max_size=10), se=st.floats(0, 0.3))
def test_the_k_band_runs_both_ways_from_the_peak_while_within_one_standard_error(values, se):
    """Issue 56: the answer's range is every k tried on each side of the peak, contiguous, within the band; the k
    just outside it on either side falls below the band."""
    ks = [10 * 2 ** i for i in range(len(values))]
    low, best, high, top = one_se_band(pd.DataFrame({"k": ks, "f1": values}), "f1", se)
    assert (low, best, top) == one_se_range(pd.DataFrame({"k": ks, "f1": values}), "f1", se)
    assert low <= best <= high
    assert all(v >= top - se - 1e-12 for k, v in zip(ks, values) if low <= k <= high)
    above = [v for k, v in zip(ks, values) if k > high]
    assert not above or above[0] < top - se - 1e-12
