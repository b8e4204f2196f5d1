"""The advice on hand-built results tables: references never answer, significance and the k range in words."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from fsviz.evaluation.advice import is_reference, recommend, recommendation_table, recommendation_text


def table(scores: dict, *, classes=8, trials=2, pos=10, neg=30) -> pd.DataFrame:
    """A results table: ``scores[(metric, k)]`` is a list of tp per (class, trial) unit (fp 0, one fold);
    ``all`` at k 1000. Each unit's F1 is 2 tp / (tp + pos)."""
    rows = []
    for (metric, k), tps in scores.items():
        for unit, tp in enumerate(tps):
            c, trial = divmod(unit, trials)
            rows.append(("d", f"c{c}", metric, k, trial, 0, tp, 0, pos - tp, neg))
    frame = pd.DataFrame(rows, columns=["dataset", "class", "metric", "k", "trial", "fold", "tp", "fp", "fn", "tn"])
    frame["pos"], frame["neg"] = pos, neg
    assert frame.groupby(["metric", "k"]).size().eq(classes * trials).all()
    return frame


def f1(tp, pos=10):
    return 2 * np.asarray(tp) / (np.asarray(tp) + pos)


UNITS = 16
RNG = np.random.default_rng(0)
BASE = RNG.integers(4, 8, UNITS)


def test_rand_best_on_paper_is_never_the_answer_nor_in_the_pair():
    scores = {("rand", 10): [10] * UNITS, ("rand", 50): [9] * UNITS, ("bns", 10): list(BASE + 2),
              ("bns", 50): list(BASE + 1), ("ig", 10): list(BASE), ("ig", 50): list(BASE + 1),
              ("all", 1000): list(BASE)}
    rec = recommend(table(scores)).set_index("goal")
    assert set(rec["metric"]) == {"bns"} and not rec["pair"].str.contains("rand").any()
    assert not rec["second"].map(is_reference).any() and not rec["runner_up"].fillna("").str.contains("rand").any()
    assert rec.loc["f1", "rand"] == pytest.approx(1.0)  # shown beside the answer, as a reference
    text = recommendation_text(rec.reset_index())[0]
    assert "use **bns**" in text and "Rand, the random baseline, reaches 1.000" in text


def test_the_leader_against_all_words_names_the_test_and_its_p():
    noise = np.array([1, -1] * (UNITS // 2))
    close = {("bns", 10): list(BASE + np.maximum(noise, 0)), ("ig", 10): list(BASE - 1), ("all", 1000): list(BASE)}
    rec = recommend(table(close)).set_index("goal")
    leader = f1(close[("bns", 10)])
    expected = stats.ttest_rel(leader, f1(BASE)).pvalue  # the units pair the same class and trial
    assert rec.loc["f1", "p_all"] == pytest.approx(expected)
    assert rec.loc["f1", "n_all"] == UNITS
    text = recommendation_text(rec.reset_index())[0]
    verdict = "significantly" if expected < 0.05 else "not significantly"
    assert f"bns is {verdict} better (paired t-test over {UNITS} task-trials, p = {expected:.3f})" in text
    far = {("bns", 10): list(BASE + 3), ("ig", 10): list(BASE + 1), ("all", 1000): list(BASE)}
    far_text = recommendation_text(recommend(table(far)))[0]
    assert "bns is significantly better (paired t-test over 16 task-trials, p < 0.001)" in far_text


def test_a_tie_with_all_words_says_not_significantly():
    same = {("bns", 10): list(BASE), ("ig", 10): list(BASE - 1),
            ("all", 1000): [b + (1 if i % 2 else -1) for i, b in enumerate(BASE)]}
    rec = recommend(table(same))
    row = rec.iloc[0]
    if row["value"] > row["baseline"]:
        assert "not significantly better" in recommendation_text(rec)[0]
    assert row["p_all"] > 0.05


def test_the_runner_up_within_noise_says_either_will_do():
    noise = np.array([1, 0] * (UNITS // 2))
    scores = {("bns", 10): list(BASE + noise), ("ig", 10): list(BASE + noise[::-1]), ("all", 1000): list(BASE - 2)}
    rec = recommend(table(scores))
    assert rec.loc[0, "second"] in {"bns", "ig"} and rec.loc[0, "p_second"] > 0.05
    assert "is not significantly worse" in recommendation_text(rec)[0] and "either will do" in recommendation_text(rec)[0]


def test_a_best_k_at_the_edge_of_the_range_says_the_best_may_lie_beyond():
    rising = {("bns", 10): list(BASE - 2), ("bns", 100): list(BASE - 1), ("bns", 2000): list(BASE),
              ("ig", 10): list(BASE - 3), ("ig", 100): list(BASE - 3), ("ig", 2000): list(BASE - 3)}
    rec = recommend(table(rising))
    assert rec.loc[0, "edge"] == "largest" and rec.loc[0, "k_max"] == 2000
    assert "k = 2000 is the largest k tried: the best may lie beyond, so try k up to 8,000" in \
        recommendation_text(rec)[0]
    falling = {("bns", 10): list(BASE), ("bns", 100): list(BASE - 1), ("ig", 10): list(BASE - 2),
               ("ig", 100): list(BASE - 2)}
    assert "k = 10 is the smallest k tried" in recommendation_text(recommend(table(falling)))[0]
    middle = {("bns", 10): list(BASE - 1), ("bns", 100): list(BASE), ("bns", 1000): list(BASE - 1),
              ("ig", 100): list(BASE - 2)}
    assert "k tried: the best may lie" not in recommendation_text(recommend(table(middle)))[0]


def test_one_trial_and_few_tasks_are_said():
    scores = {("bns", 10): list(BASE[:4] + 1), ("ig", 10): list(BASE[:4])}
    text = recommendation_text(recommend(table(scores, classes=4, trials=1)))[0]
    assert "This rests on one trial" in text and "With 4 tasks, percentages move in steps of 25 points" in text


def test_only_references_cannot_be_recommended():
    with pytest.raises(ValueError, match="no metric to recommend: only references"):
        recommend(table({("rand", 10): list(BASE), ("all", 1000): list(BASE)}))


def test_the_table_for_people_is_labelled_and_rounded():
    scores = {("bns", 10): list(BASE + 1), ("ig", 10): list(BASE), ("rand", 10): list(BASE - 1),
              ("all", 1000): list(BASE)}
    shown = recommendation_table(recommend(table(scores)))
    assert list(shown.columns[:4]) == ["Goal", "Use", "Best k", "Score"]
    assert shown.loc[0, "Goal"] == "F-measure" and shown.loc[0, "Use"] == "BNS"
    assert shown["Score"].map(lambda v: round(v, 3) == v).all()
    assert not any(c in shown.columns for c in ("k_low", "n_k", "pair_percent", "runner_up", "margin"))


def test_lesion_verdicts_say_when_a_difference_is_within_noise():
    from fsviz.evaluation.studies import lesion_curves, lesion_text

    noise = np.array([1, -1] * (UNITS // 2))
    noisy = {("bns@0.4", 10): list(BASE), ("bns@0.4", 100): list(BASE + np.maximum(noise, 0)),
             ("bns@0.6", 10): list(BASE + 1), ("bns@0.6", 100): list(BASE + np.maximum(-noise, 0))}
    results = table(noisy)
    lines = lesion_text(lesion_curves(results), results)
    assert "Paired t-test over 16 task-trials" in lines[0] and "within noise" in lines[1]
    clear = {("bns@0.4", 10): list(BASE), ("bns@0.4", 100): list(BASE + 3),
             ("bns@0.6", 10): list(BASE + 1), ("bns@0.6", 100): list(BASE)}
    results = table(clear)
    assert "p < 0.001, a real difference" in lesion_text(lesion_curves(results), results)[1]
    one = table({("bns@0.4", 10): list(BASE[:8]), ("bns@0.6", 10): list(BASE[:8] + 1)}, trials=1)
    assert "(one trial: run more to know)" in lesion_text(lesion_curves(one), one)[0]


def test_the_cutoff_verdict_tests_the_best_cutoff_against_formans_3():
    from fsviz.evaluation.studies import cutoff_curves, cutoff_text

    def study(shifts):
        parts = []
        for cutoff, shift in zip((1, 3, 5), shifts):
            part = table({("bns", 100): list(BASE + shift)})
            part["min_df"], part["vocabulary"] = cutoff, 1000 // cutoff
            parts.append(part)
        return pd.concat(parts, ignore_index=True)

    results = study((0, 1, 1))
    text = cutoff_text(cutoff_curves(results), results, "bns", 100)
    assert text.startswith("F-measure is highest") and "Forman's cutoff of 3 gives" in text
    assert "cutoff of 3" in text and "Paired t-test" not in text  # the best is 3 itself (ties: the smallest)
    results = study((2, 1, 1))
    text = cutoff_text(cutoff_curves(results), results, "bns", 100)
    assert "at a cutoff of 1" in text and "Paired t-test over 16 task-trials: p < 0.001, a real difference" in text


def _stability(values: dict) -> pd.DataFrame:
    """A :func:`fsviz.evaluation.stability.stability_summary` table: ``values[(metric, k)]`` is the mean Kuncheva index."""
    return pd.DataFrame([{"metric": m, "k": k, "kuncheva": v, "jaccard": v / 2, "tasks": 8}
                         for (m, k), v in values.items()])


def test_stability_breaks_a_tie_and_says_so():
    swap = np.array([1, 0] * (UNITS // 2))
    tied = {("bns", 10): list(BASE + swap), ("ig", 10): list(BASE + 1 - swap), ("all", 1000): list(BASE)}
    plain = recommend(table(tied)).set_index("goal")
    assert plain.loc["f1", "metric"] == "bns" and plain.loc["f1", "p_second"] >= 0.05  # a tie, bns first by name
    rec = recommend(table(tied), stability=_stability({("bns", 10): 0.4, ("ig", 10): 0.7})).set_index("goal")
    assert rec.loc["f1", "metric"] == "ig" and rec.loc["f1", "second"] == "bns" and rec.loc["f1", "by_stability"]
    assert rec.loc["f1", "stability"] == 0.7 and rec.loc["f1", "second_stability"] == 0.4
    text = recommendation_text(rec.reset_index())[0]
    assert "use **ig**" in text and "stability broke the tie" in text and "(Kuncheva 0.70 against 0.40)" in text
    shown = recommendation_table(rec.reset_index())
    assert shown["Stability (Kuncheva)"].tolist()[0] == "0.700" and shown["Chosen by stability"].tolist()[0] == "yes"
    # the more stable leader keeps its place, and the text gives its stability
    kept = recommend(table(tied), stability=_stability({("bns", 10): 0.9, ("ig", 10): 0.7})).set_index("goal")
    assert kept.loc["f1", "metric"] == "bns" and not kept.loc["f1", "by_stability"]
    assert "Kuncheva's index 0.90" in recommendation_text(kept.reset_index())[0]


def test_stability_never_overrules_a_clear_winner():
    far = {("bns", 10): list(BASE + 3), ("ig", 10): list(BASE + 1), ("all", 1000): list(BASE)}
    rec = recommend(table(far), stability=_stability({("bns", 10): 0.1, ("ig", 10): 0.9})).set_index("goal")
    clear = rec.drop(index="precision")  # precision is 1 for both (no fp): a true tie, which stability breaks
    assert (clear["metric"] == "bns").all() and not clear["by_stability"].any()
    assert rec.loc["precision", "metric"] == "ig" and rec.loc["precision", "by_stability"]
    assert "Stability (Kuncheva)" not in recommendation_table(recommend(table(far)))  # none computed: no column
