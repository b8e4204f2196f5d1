"""A run's analysis is computed once and read by every reader: the same tables as the functions make, each made
one time however many readers (the advice, the report's sections) ask."""

import pandas as pd
import pytest
from conftest import cli_grid_results

from fsviz.evaluation import analyses
from fsviz.evaluation.analyses import analyse, run_analysis
from fsviz.evaluation.answer import recommend
from fsviz.evaluation.grid import load_results
from fsviz.report import report_html


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return load_results(cli_grid_results(tmp_path_factory.mktemp("ra"),
                                         ["--metrics", "bns,ig,chi,rand", "--k", "5,10,20", "--trials", "2",
                                          "--folds", "3"], n_docs=200, n_classes=3, random_state=2))


def test_its_tables_are_the_functions_tables(run):
    results = run.results
    shared = analyse(results)
    pd.testing.assert_frame_equal(shared.macro, analyses.macro_average(results))
    pd.testing.assert_frame_equal(shared.trials, analyses.per_trial(results))
    pd.testing.assert_frame_equal(shared.tasks, analyses.per_task(results))
    for goal in analyses.GOALS:
        pd.testing.assert_frame_equal(shared.maxima(goal), analyses.task_maxima(results, goal))
        pd.testing.assert_frame_equal(shared.folds(goal), analyses.fold_macro(results, goal))
    pd.testing.assert_frame_equal(shared.shares(), analyses.goal_shares(results))
    pd.testing.assert_frame_equal(recommend(shared), recommend(results))
    assert analyse(shared) is shared


def test_a_report_makes_each_table_once(run, monkeypatch):
    calls = {}

    def counted(name, function):
        def wrapper(*args, **kwargs):
            calls[name] = calls.get(name, 0) + 1
            return function(*args, **kwargs)
        return wrapper

    for name in ("task_maxima", "macro_average", "per_trial"):
        monkeypatch.setattr(run_analysis, name, counted(name, getattr(run_analysis, name)))
    monkeypatch.setattr(run_analysis, "fold_macro", counted("fold_macro", run_analysis.fold_macro))
    report_html(run)
    assert calls["macro_average"] == 1 and calls["per_trial"] == 1
    assert calls["task_maxima"] <= len(analyses.GOALS)  # once per goal, whichever section asks
    assert calls["fold_macro"] <= len(analyses.GOALS)
