"""A run that only adds trials takes the earlier run's finished cells and runs the rest: the same table as a run
from scratch; any other difference carries nothing."""

import dataclasses

import pytest

import fsviz
from fsviz.evaluation.grid import GridConfig, carry_over, run_grid


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(160, 3, random_state=5).load()


CONFIG = GridConfig(metrics=("bns", "ig", "rand"), ks=(5, 20), trials=1, folds=2)


def test_added_trials_reuse_the_earlier_cells_and_give_the_same_table(corpus, tmp_path):
    run_grid(corpus, CONFIG, out=tmp_path / "one.parquet")
    more = dataclasses.replace(CONFIG, trials=3)
    carried = carry_over(tmp_path / "one.parquet", tmp_path / "three.parquet", more, [corpus])
    assert carried > 0
    done = []
    refined = run_grid(corpus, more, out=tmp_path / "three.parquet", progress=lambda d, t: done.append(d))
    assert done[0] == refined.cells_total // 3  # the first trial counted finished before any cell ran
    fresh = run_grid(corpus, more, out=tmp_path / "fresh.parquet")
    assert refined.results.reset_index(drop=True).equals(fresh.results.reset_index(drop=True))
    assert carry_over(tmp_path / "one.parquet", tmp_path / "three.parquet", more, [corpus]) == 0  # done already


@pytest.mark.parametrize("change", [dict(ks=(5, 30)), dict(seed=1), dict(metrics=("bns",)), dict(trials=1)])
def test_any_other_change_carries_nothing(corpus, tmp_path, change):
    run_grid(corpus, CONFIG, out=tmp_path / "one.parquet")
    other = dataclasses.replace(CONFIG, trials=2, **{k: v for k, v in change.items() if k != "trials"})
    if "trials" in change:
        other = dataclasses.replace(CONFIG, **change)
    assert carry_over(tmp_path / "one.parquet", tmp_path / "other.parquet", other, [corpus]) == 0
    assert carry_over(tmp_path / "missing.parquet", tmp_path / "x.parquet", dataclasses.replace(CONFIG, trials=2),
                      [corpus]) == 0
