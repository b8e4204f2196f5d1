"""The answer says what held-out data show, from one source (issue 56): each goal's verdict against all words and
against Rand (better, cannot tell, worse) decides its headline, and the sentences, the table for people and the
``--json`` answers are written from those fields, so they cannot disagree. Over generated results tables: no
headline says "use" unless its verdict is better; a significant loss is called a loss; the provisional answer
(any partial table) follows the same rule."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsviz.evaluation.analyses import p_text
from fsviz.evaluation.answer import (
    FEWEST,
    answers,
    deciding,
    recommend,
    recommendation_table,
    recommendation_text,
    verdict,
)


@st.composite
def results_tables(draw):
    """Confusion counts per (class, trial, fold, metric, k): all words always, Rand sometimes, one to three real
    metrics each at one to three k, each metric's level drawn around all words' so every verdict occurs."""
    classes, trials, folds = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(2, 4))
    pos, neg = 10, 30
    seed = draw(st.integers(0, 2**31))
    rng = np.random.default_rng(seed)
    levels = {("all", 500): draw(st.integers(2, 8))}
    if draw(st.booleans()):
        levels[("rand", 10)] = draw(st.integers(0, 9))
    for name in ["bns", "ig", "chi"][:draw(st.integers(1, 3))]:
        for k in draw(st.lists(st.sampled_from([5, 10, 50, 100]), min_size=1, max_size=3, unique=True)):
            levels[(name, k)] = draw(st.integers(0, 10))
    rows = []
    for (metric, k), level in levels.items():
        for c in range(classes):
            for trial in range(trials):
                for fold in range(folds):
                    tp = int(np.clip(level + rng.integers(-1, 2), 0, pos))
                    fp = int(rng.integers(0, 4))
                    rows.append(("d", f"c{c}", metric, k, trial, fold, tp, fp, pos - tp, neg - fp))
    frame = pd.DataFrame(rows, columns=["dataset", "class", "metric", "k", "trial", "fold", "tp", "fp", "fn", "tn"])
    return frame.assign(pos=pos * folds, neg=neg * folds, n_features=500, k_rule="")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results=results_tables())
def test_no_headline_says_use_unless_its_verdict_is_better(results):
    table = recommend(results)
    texts, shown, objects = recommendation_text(table), recommendation_table(table), answers(table)
    for row, text, said, obj in zip(table.itertuples(index=False), texts, shown.itertuples(index=False), objects):
        headline = text.split(". ", 1)[0] if "). " not in text else text.split("). ", 1)[0]
        on, against = deciding(row.verdict_all_words, row.verdict_rand)
        assert obj["verdict_all_words"] == row.verdict_all_words and obj["verdict_rand"] == row.verdict_rand
        assert row.verdict_all_words == verdict(row.nested, row.nested_all, row.p_all)
        assert "does not beat" not in text
        if row.goal == FEWEST:
            continue
        assert ("use **" in headline) == (on == "better") == (obj["metric"] is not None), text
        assert ("keep all words" in headline) == (on == "worse" and against == "all words"), text
        assert ("worse than chance" in headline) == (on == "worse" and against == "Rand"), text
        if on == "cannot tell":
            assert "cannot tell" in headline, text
        cell = said[list(shown.columns).index("Against all words (p)")]
        assert cell == "–" if row.verdict_all_words is None else cell.startswith(row.verdict_all_words)


def test_a_significant_loss_is_called_a_loss_in_every_form():
    """All words win every fold: the verdict is worse, the headline keeps all words, the table says worse."""
    rows = []
    for c in range(4):
        for trial in range(2):
            for fold in range(4):
                for metric, k, tp in (("all", 500, 9), ("bns", 10, 4), ("ig", 10, 3)):
                    rows.append(("d", f"c{c}", metric, k, trial, fold, tp + (fold % 2), 1, 10 - tp - fold % 2, 29))
    results = pd.DataFrame(rows, columns=["dataset", "class", "metric", "k", "trial", "fold", "tp", "fp", "fn",
                                          "tn"]).assign(pos=40, neg=120, n_features=500, k_rule="")
    table = recommend(results)
    f1 = table.iloc[0]
    assert f1["verdict_all_words"] == "worse" and f1["metric"] is None
    text = recommendation_text(table)[0]
    assert text.startswith(f"**F-measure**: keep all words: selection scores lower on held-out folds "
                           f"({f1['nested']:.3f} against all words' {f1['nested_all']:.3f}; p < 0.001, two-sided, "
                           "corrected resampled t-test over 4 held-out folds × 2 trials).")
    assert recommendation_table(table).loc[0, "Against all words (p)"] == "worse (< 0.001)"
    assert answers(table)[0]["verdict_all_words"] == "worse"


def _test_file_results(truth, predictions, inner):
    """A test file's results: one row per task and metric, each with its test documents' bits and the inner
    cross-validation counts that choose (``inner``: metric → (tp, fp, fn, tn))."""
    rows = []
    for task, labels in enumerate(truth):
        for (metric, k), predicted in predictions[task].items():
            tp, fp = int((labels & predicted).sum()), int((~labels & predicted).sum())
            pos = int(labels.sum())
            itp, ifp, ifn, itn = inner[metric]
            rows.append({"dataset": "d", "class": f"c{task}", "trial": 0, "fold": 0, "metric": metric, "k": k,
                         "n_features": 500, "pos": 3 * pos, "neg": 3 * (labels.size - pos), "tp": tp, "fp": fp,
                         "fn": pos - tp, "tn": labels.size - pos - fp, "k_rule": "", "scored_on": "test file",
                         "inner_tp": itp, "inner_fp": ifp, "inner_fn": ifn, "inner_tn": itn,
                         "test_truth": np.packbits(labels).tobytes(),
                         "test_predicted": np.packbits(predicted).tobytes()})
    return pd.DataFrame(rows)


@pytest.mark.parametrize("better", [True, False])
def test_a_test_files_verdict_is_written_from_the_randomization_test(better):
    """The test-file path end to end on a synthetic table: the choice made on the inner counts, scored on the whole
    test file, tested over its documents; the exact headline for better and for worse."""
    rng = np.random.default_rng(3)
    truth = [rng.random(300) < 0.3 for _ in range(3)]
    noisy = lambda labels, right: np.where(rng.random(labels.size) < right, labels, ~labels)  # noqa: E731
    good, poor = (0.97, 0.75) if better else (0.75, 0.97)
    predictions = [{("bns", 10): noisy(t, good), ("ig", 10): noisy(t, 0.6), ("all", 500): noisy(t, poor),
                    ("rand", 10): noisy(t, 0.55)} for t in truth]
    inner = {"bns": (80, 10, 20, 290), "ig": (50, 40, 50, 260), "all": (70, 20, 30, 280), "rand": (30, 60, 70, 240)}
    table = recommend(_test_file_results(truth, predictions, inner))
    f1 = table.iloc[0]
    assert f1["test"] == "randomization" and f1["n_all"] == 300 and f1["chosen_on"] == "inner folds"
    text = recommendation_text(table)[0]
    how = f"{p_text(f1['p_all'])}, two-sided, approximate randomization over 300 test documents"
    if better:
        assert f1["verdict_all_words"] == "better" and f1["metric"] == "bns"
        assert text.startswith(f"**F-measure**: use **bns** with k = 10: on the test file it scores {f1['nested']:.3f} "
                               f"against all words' {f1['nested_all']:.3f} ({how}).")
    else:
        assert f1["verdict_all_words"] == "worse" and f1["metric"] is None
        assert text.startswith(f"**F-measure**: keep all words: selection scores lower on the test file "
                               f"({f1['nested']:.3f} against all words' {f1['nested_all']:.3f}; {how}).")
    assert "one trial" not in text  # a test file's test counts documents, not trials
