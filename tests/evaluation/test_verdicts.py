"""The answer says what held-out data show, from one source (issue 56): each goal's verdict against all words and
against Rand (better, cannot tell, worse) decides its headline, and the sentences, the table for people and the
``--json`` answers are written from those fields, so they cannot disagree. Over generated results tables: no
headline says "use" unless its verdict is better; a significant loss is called a loss; the provisional answer
(any partial table) follows the same rule."""

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
