"""The recommendation's words: "1 task" for one task, "2 tasks" for more."""

import pandas as pd

from fsviz.evaluation import recommend, recommendation_text


def _results(classes):
    """Two folds of two metrics and the baseline on each class (one task per class), as the grid writes them."""
    rows = [(c, f, m, k, tp + f, fp) for c in classes for f in (0, 1) for m, k, tp, fp in
            [("bns", 10, 8, 1), ("bns", 20, 9, 1), ("ig", 10, 6, 3), ("ig", 20, 7, 2), ("all", 100, 8, 2)]]
    return pd.DataFrame(rows, columns=["class", "fold", "metric", "k", "tp", "fp"]).assign(
        dataset="d", trial=0, n_features=lambda t: t["k"], pos=10, neg=30, fn=lambda t: 10 - t["tp"],
        tn=lambda t: 30 - t["fp"])


def test_one_task_is_singular():
    text = recommendation_text(recommend(_results(["a"])))[0]
    assert "% of 1 task." in text
    assert "1 tasks" not in text


def test_two_tasks_are_plural():
    text = recommendation_text(recommend(_results(["a", "b"])))[0]
    assert "% of 2 tasks." in text
