"""Stability of a metric's top-k sets: Kuncheva's index and Jaccard by hand, over the grid's folds and bootstrap."""

import numpy as np
import pytest

from fsviz.evaluation.analyses import (
    STABILITY_COLUMNS,
    bootstrap_stability,
    grid_stability,
    jaccard,
    kuncheva,
    set_stability,
)
from fsviz.evaluation.grid import GridConfig, cell_splits, fold_selections, seed_for


def test_kuncheva_by_hand():
    # n = 10, k = 3, r = 2: (2·10 − 9) / (3 · 7) = 11/21
    assert kuncheva([0, 1, 2], [0, 1, 5], 10) == pytest.approx(11 / 21)
    # disjoint: (0 − 9) / 21; identical: (30 − 9) / 21 = 1
    assert kuncheva([0, 1, 2], [3, 4, 5], 10) == pytest.approx(-9 / 21)
    assert kuncheva([4, 1, 2], [1, 2, 4], 10) == pytest.approx(1.0)
    assert np.isnan(kuncheva([0, 1], [0, 1, 2], 10))  # sizes differ
    assert np.isnan(kuncheva(range(10), range(10), 10))  # k = n: undefined


def test_jaccard_and_the_mean_over_pairs_by_hand():
    sets = [[0, 1, 2], [0, 1, 5], [0, 3, 4]]
    # pairs: r = 2, 1, 1 → Kuncheva (20−9)/21, (10−9)/21, (10−9)/21; Jaccard 2/4, 1/5, 1/5
    found = set_stability(sets, 10)
    assert found["kuncheva"] == pytest.approx((11 / 21 + 1 / 21 + 1 / 21) / 3)
    assert found["jaccard"] == pytest.approx((0.5 + 0.2 + 0.2) / 3)
    assert found["n_sets"] == 3
    assert jaccard([], []) == 1.0
    with pytest.raises(ValueError, match="two or more"):
        set_stability([[1]], 10)


def test_identical_sets_are_perfectly_stable():
    assert set_stability([[3, 7, 9]] * 5, 100) == {"kuncheva": 1.0, "jaccard": 1.0, "n_sets": 5}


@pytest.fixture(scope="module")
def corpus(planted):
    return planted.load()


def test_grid_stability_repeats_the_grids_folds(corpus):
    planted = corpus
    config = GridConfig(metrics=("bns", "ig", "rand"), ks=(5, 20), trials=2, folds=3,
                        classes=(str(planted.classes[0]),))
    table = grid_stability(planted, config)
    assert list(table.columns) == STABILITY_COLUMNS
    assert len(table) == 3 * 2 and (table["n_sets"] == 6).all()
    # by hand for bns at k = 5: the grid's own folds and selections
    name = str(planted.classes[0])
    y = planted.y(name)
    sets = []
    for trial in range(2):
        for fold, (train, _) in enumerate(cell_splits(y, config, trial)):
            chosen = fold_selections(planted.X[train], y[train], ("bns",), (5,),
                                     random_state=seed_for(config.seed, name, trial, fold))
            sets.append(chosen.selections["bns"][5])
    row = table[(table["metric"] == "bns") & (table["k"] == 5)].iloc[0]
    assert row["kuncheva"] == pytest.approx(set_stability(sets, planted.n_words)["kuncheva"])
    # a planted corpus's signal words are found in every fold; Rand's choice is near chance
    rand = table[table["metric"] == "rand"]["kuncheva"]
    assert (table[table["metric"] == "bns"]["kuncheva"].to_numpy() > rand.to_numpy() + 0.3).all()
    assert np.abs(rand).max() < 0.2


def test_bootstrap_stability_is_seeded(corpus):
    planted = corpus
    name = str(planted.classes[1])
    a = bootstrap_stability(planted, name, ("bns", "chi"), (10,), n_resamples=4, random_state=3)
    b = bootstrap_stability(planted, name, ("bns", "chi"), (10,), n_resamples=4, random_state=3)
    assert a.equals(b)
    assert len(a) == 2 and (a["n_sets"] == 4).all()
    assert ((a["kuncheva"] > 0) & (a["kuncheva"] <= 1)).all()
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_stability(planted, name, ("bns",), (10,), n_resamples=1)


def test_stability_summary_averages_the_tasks_by_hand():
    import pandas as pd

    from fsviz.evaluation.analyses import stability_at, stability_summary

    frame = pd.DataFrame([("d", "a", "ig", 10, 0.5, 0.4, 3), ("d", "b", "ig", 10, np.nan, 0.2, 3),
                          ("d", "a", "bns", 10, 0.2, 0.1, 3), ("d", "b", "bns", 10, 0.4, 0.3, 3),
                          ("d", "a", "bns", 20, 1.0, 1.0, 3), ("d", "b", "bns", 20, 0.0, 0.5, 3)],
                         columns=STABILITY_COLUMNS)
    summary = stability_summary(frame)
    assert summary[["metric", "k"]].values.tolist() == [["ig", 10], ["bns", 10], ["bns", 20]]  # first seen first
    assert summary["kuncheva"].tolist() == pytest.approx([0.5, 0.3, 0.5])  # ig's NaN task left out
    assert summary["jaccard"].tolist() == pytest.approx([0.3, 0.2, 0.75])
    assert stability_at(summary, "bns", 20) == pytest.approx(0.5) and np.isnan(stability_at(summary, "bns", 5))
    assert stability_summary(frame.iloc[:0]).empty


def test_progress_is_reported(corpus):
    calls = []
    bootstrap_stability(corpus, str(corpus.classes[0]), ["bns"], [5], n_resamples=3, random_state=1,
                        progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_a_run_over_several_datasets_knows_each_as_it_read_it(corpus, tmp_path):
    import fsviz
    from fsviz.evaluation.grid import load_results, run_grid

    other = fsviz.make_planted_corpus(n_docs=150, n_classes=2, random_state=9).load(name="other")
    config = GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2)
    run = load_results(run_grid([corpus, other], config).save(tmp_path / "two.parquet"))
    assert run.read(corpus) and run.read(other)
    assert not run.read(fsviz.make_planted_corpus(n_docs=150, n_classes=2, random_state=10).load())
    # the folds of one dataset's tasks are made again from that dataset alone, as the run made them
    table = grid_stability(other, run.config)
    assert set(table["dataset"]) == {"other"} and set(table["class"]) == set(map(str, other.classes))
    alone = grid_stability(other, GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2))
    assert table.equals(alone)
    one = load_results(run_grid(corpus, config).save(tmp_path / "one.parquet"))
    assert one.read(corpus) and not one.read(other)
