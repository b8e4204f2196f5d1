"""The lesion and cutoff figures say what their error bars are (issue #42): one standard error over the tasks."""

import numpy as np
import pandas as pd

from fsviz.plots import cutoff_figure, lesion_figure

GOALS = ("precision", "recall", "f1", "accuracy")


def _with_sem(frame):
    for goal in GOALS:
        frame[goal] = np.linspace(0.5, 0.9, len(frame))
        frame[f"{goal}_sem"] = 0.01
    return frame


def _notes(figure):
    return [a.text for a in figure.layout.annotations if a.text and a.text.startswith("Error bars")]


def test_the_lesion_figure_says_its_bars_are_one_standard_error_over_the_tasks():
    curves = _with_sem(pd.DataFrame({"metric": ["bns@0.3", "bns@0.3", "bns", "bns"], "alpha": [0.3, 0.3, 0.5, 0.5],
                                     "k": [10, 100, 10, 100]}))
    figure = lesion_figure(curves)
    assert _notes(figure) == ["Error bars: ± 1 standard error of the macro average, over the tasks (classes) of the run"]
    assert all(t.error_y.array is not None for t in figure.data if t.name and t.name.startswith("α"))


def test_the_cutoff_figure_says_so_too_and_a_figure_without_bars_says_nothing():
    curves = _with_sem(pd.DataFrame({"metric": ["bns"] * 3, "k": [100] * 3, "min_df": [1, 2, 3],
                                     "vocabulary": [5116, 3000, 2000]}))
    assert len(_notes(cutoff_figure(curves, "bns", 100))) == 1
    bare = curves.drop(columns=[f"{goal}_sem" for goal in GOALS])
    assert _notes(cutoff_figure(bare, "bns", 100)) == []
