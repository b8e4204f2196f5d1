"""The quick answer's second step: k refined around the goals' peaks (neighbours between the ×3 steps, never at or
above the vocabulary), a second split when the time budget allows, and no cell run twice."""

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.evaluation.answer import (
    QuickPlan,
    neighbour_ks,
    quick_plan,
    recommend,
    refine_plan,
    refined_configs,
    run_quick,
)
from fsviz.evaluation.answer.quick import MIN_RATIO
from fsviz.evaluation.grid import GridConfig, run_grid

CELL = ["dataset", "class", "trial", "fold", "metric", "k"]


def _bounds(grid, peak, vocabulary):
    """The tried steps beside ``peak``: below (or the ×3 step down past the smallest) and above (or the
    vocabulary past the largest)."""
    i = grid.index(peak)
    return (grid[i - 1] if i else max(1, peak // 3)), (grid[i + 1] if i + 1 < len(grid) else vocabulary)


@st.composite
def grids(draw):
    tried = sorted(draw(st.sets(st.integers(1, 50_000), min_size=1, max_size=10)))
    vocabulary = draw(st.integers(tried[-1] + 1, 3 * tried[-1] + 10))
    peaks = draw(st.lists(st.sampled_from(tried), min_size=1, max_size=4))
    return tried, peaks, vocabulary


@settings(max_examples=300, deadline=None)
@given(grids())
def test_neighbours_lie_between_a_peak_and_the_steps_beside_it_below_the_vocabulary(case):
    tried, peaks, vocabulary = case
    added = neighbour_ks(tried, peaks, vocabulary)
    assert list(added) == sorted(set(added)) and all(isinstance(k, int) for k in added)
    assert all(0 < k < vocabulary for k in added)  # never at or above the vocabulary: all words stands for it
    assert not set(added) & set(tried)  # no k run again
    for k in added:  # each beside a peak: in the gap below it or above it (above the largest: up to the vocabulary)
        assert any(low < k < peak or peak < k < high for peak in peaks for low, high in [_bounds(tried, peak, vocabulary)])
    for peak in peaks:  # and each gap wide enough for one gets one
        low, high = _bounds(tried, peak, vocabulary)
        for a, b in ((low, peak), (peak, high)):
            if b >= a * MIN_RATIO and b - a >= 2:
                assert any(a < k < b for k in added), (a, b, added)


def test_neighbours_of_the_quick_steps():
    steps = (10, 30, 100, 300, 1000, 3000)
    assert neighbour_ks(steps, [300], 7629) == (170, 550)  # √(100·300) ≈ 173, √(300·1000) ≈ 548
    assert neighbour_ks(steps, [10], 7629) == (5, 17)  # below the smallest: √(3·10) ≈ 5.5; above: √(10·30) ≈ 17
    assert neighbour_ks(steps, [30], 7629) == (17, 55)
    assert neighbour_ks(steps, [3000], 7629) == (1700, 4800)  # up to the vocabulary: √(3000·7629) ≈ 4784
    assert neighbour_ks(steps, [3000], 52604) == (1700, 5500, 10000, 30000)  # the ×3 steps on, below 52,604
    assert neighbour_ks(steps, [3000], 3100) == (1700,)  # 3,100 is too close to 3,000 for a midpoint
    assert neighbour_ks(steps, [42], 7629) == ()  # not a k tried


def test_neighbours_below_the_smallest_step():
    assert neighbour_ks((10, 30), [10], 100) == (5, 17)
    assert neighbour_ks((2, 30), [2], 100) == (8,)  # below 2: no whole number between 1 and 2


PLAN = QuickPlan(GridConfig(metrics=("bns", "ig", "rand"), ks=(10, 30, 100, 300), trials=1, folds=4), ("a",), 2, 5000)


def _answer(f1=100, precision=30, recall=300, accuracy=100, fewest=30):
    return pd.DataFrame({"goal": ["f1", "precision", "recall", "accuracy", "fewest"],
                         "k": [f1, precision, recall, accuracy, fewest]})


def test_the_second_split_runs_only_within_the_budget():
    # 3 metrics × 4 k + all words = 13 fits a cell; 10 s a fit-cell of 13 fits
    quick = refine_plan(PLAN, _answer(), seconds=10.0, budget=60.0)
    assert quick.ks == (17, 55, 170, 550, 1000, 3000)  # around 30, 100 and 300 (the largest: on to 5,000)
    assert quick.trials == 2
    assert quick.second == pytest.approx(10.0 / 13 * (13 + 3 * 6))
    assert "a second split" in quick.text and "within the 60 s budget" in quick.text
    slow = refine_plan(PLAN, _answer(), seconds=25.0, budget=60.0)
    assert slow.trials == 1 and "one split: a second would take about 60 s more, past the 60 s budget" in slow.text
    assert refine_plan(PLAN, _answer(), seconds=0.0, budget=0.0).trials == 1  # no budget: never
    planned = refine_plan(dataclasses.replace(PLAN, config=dataclasses.replace(PLAN.config, trials=3)), _answer(),
                          seconds=1.0)
    assert planned.trials == 3 and planned.second == 0.0 and "3 splits, as planned" in planned.text
    test_file = refine_plan(dataclasses.replace(PLAN, test_file=True), _answer(), seconds=0.0)
    assert test_file.trials == 1 and "the test file is the split (no second one)" in test_file.text
    with pytest.raises(ValueError, match="`seconds` must be"):
        refine_plan(PLAN, _answer(), seconds=float("nan"))


def test_the_text_names_every_k_tried():
    quick = refine_plan(PLAN, _answer(f1=100, precision=100, recall=100, accuracy=100), seconds=1.0)
    assert quick.ks == (55, 170)
    assert quick.tried == (10, 30, 55, 100, 170, 300)
    assert "k refined around the peaks (F-measure at k = 100; precision at k = 100; recall at k = 100; accuracy at k " \
           "= 100): 55, 170 added, so the k tried are 10, 30, 55, 100, 170, 300;" in quick.text
    assert "k = 10, 30, 55, 100, 170, 300 (the vocabulary has 5,000 words); 4 folds × 2 trials" in quick.refined_plan.text


def test_the_refined_runs_add_only_new_cells():
    quick = refine_plan(PLAN, _answer(), seconds=1.0)
    first, added = quick.configs
    assert first == dataclasses.replace(PLAN.config, trials=2) and first.all_features
    assert not added.all_features and set(added.ks) == set(quick.ks) and not set(added.ks) & set(first.ks)
    assert quick.configs == refined_configs(dataclasses.replace(PLAN.config, trials=2), ks=quick.ks)


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=240, n_classes=3, n_background=400, random_state=3).load()


def test_run_quick_runs_each_cell_once_and_gives_the_table_of_one_run(corpus, tmp_path):
    plan = quick_plan(corpus)
    seen, told = [], []

    def run(config, out, should_stop):
        done = []
        result = run_grid(corpus, config, out=out, progress=lambda d, _t: done.append(d), should_stop=should_stop)
        seen.append((config, done[0], result.cells_total, result.fits))
        return result

    quick = run_quick(corpus, plan, budget=1e6, folder=tmp_path, run=run, on_answer=lambda a, r: told.append(a))
    assert len(told) == 1 and list(told[0]["goal"])[0] == "f1"  # the provisional answer, from the first run
    refinement = quick.refinement
    assert refinement.trials == 2 and refinement.ks
    added = dataclasses.replace(refinement.configs[1], trials=1)
    assert [c for c, *_ in seen] == [plan.config, added, *refinement.configs]  # the added k first, then the split
    (_, first_done, cells, _), (_, added_done, _, _), (_, carried, _, _), (_, carried_added, _, _) = seen
    assert first_done == added_done == 0 and carried == carried_added == cells  # the second split's runs: trial 0 done
    table = quick.results
    assert not table.duplicated(CELL).any()
    assert sorted(table["trial"].unique()) == [0, 1]
    assert sorted(table.loc[table["metric"] != "all", "k"].unique()) == list(refinement.tried)
    one = run_grid(corpus, quick.final_plan.config)  # the same rows as one run of every k and both splits
    columns = [*CELL, "n_features", "pos", "neg", "tp", "fp", "fn", "tn", "accuracy", "precision", "recall", "f1"]
    assert table[columns].reset_index(drop=True).equals(one.results[columns].reset_index(drop=True))
    assert quick.as_run().cells_total == one.cells_total and quick.complete
    again = run_quick(corpus, plan, budget=1e6, folder=tmp_path)  # kept: a second call runs nothing
    assert sum(r.fits for r in again.runs) == 0 and again.results.equals(table)


def test_without_budget_one_split_and_the_k_range_among_the_k_tried(corpus):
    quick = run_quick(corpus, quick_plan(corpus), budget=0)
    assert quick.refinement.trials == 1 and quick.results["trial"].unique().tolist() == [0]
    answer = recommend(quick.results)
    tried = set(quick.refinement.tried)
    assert set(answer["k_low"]) <= tried and set(answer["k_high"]) <= tried
    assert all(np.isfinite(answer["value"]))


def test_a_second_split_past_the_budget_is_stopped_and_left_out(corpus, tmp_path, monkeypatch):
    """The estimate said the second split fits; the clock says otherwise: the split stops at the budget and the
    answer rests on the first split, saying so."""
    import fsviz.evaluation.answer.quick as quick_module

    estimate = quick_module.refine_plan  # an estimate that says yes whatever the budget

    def hopeful(plan, answer, *, seconds, budget):
        return dataclasses.replace(estimate(plan, answer, seconds=0.0, budget=1e6), budget=budget)

    monkeypatch.setattr(quick_module, "refine_plan", hopeful)
    quick = run_quick(corpus, quick_plan(corpus), budget=1e-6, folder=tmp_path)  # past the budget at once
    assert quick.refinement.stopped and quick.refinement.trials == 1
    assert quick.results["trial"].unique().tolist() == [0] and quick.final_plan.config.trials == 1
    assert "one split: a second was begun but stopped at the 1e-06 s budget" in quick.refinement.text
    assert set(quick.results["k"]) >= set(quick.refinement.tried)  # the added k on the first split are there
    assert list(tmp_path.glob("*.parquet.parts/*/part-*.parquet"))  # the split's cells kept for a second call


def test_the_budget_is_judged_on_the_cells_time_not_the_workers_start():
    from fsviz.evaluation.answer.quick import _cells_seconds

    # cells finished at 10, 11, 12 and 13 s after a 9 s start of the workers: 3 s between first and last, × 4/3
    assert _cells_seconds([10.0, 11.0, 12.0, 13.0], 13.0) == pytest.approx(4.0)
    assert _cells_seconds([5.0], 7.0) == 7.0 and _cells_seconds([], 0.5) == 0.5  # one cell, or none run
