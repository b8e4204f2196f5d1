"""Rand as an expectation (issue 56): ``GridConfig(rand_draws=D)`` draws each random spec D times in every cell,
each draw selecting with its own seed and fitting its own model, the row's counts summed over the draws. The other
metrics' rows are untouched, the rows say how many draws they sum, a test file's test reads the draws, and Rand's
score moves less with the grid's seed."""

import numpy as np
import pytest
from conftest import split_texts

import fsviz
from fsviz.corpora import load_split
from fsviz.evaluation.answer import recommend
from fsviz.evaluation.grid import GridConfig, run_grid, run_key


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=160, n_classes=3, n_background=120, random_state=5).load()


def _config(**kw):
    return GridConfig(**{"metrics": ("bns", "rand", "ar(ig,rand)"), "ks": (5, 30), "trials": 1, "folds": 3,
                         "solver": "sklearn", **kw})


def test_draws_sum_their_counts_and_leave_the_other_metrics_alone(corpus):
    one, three = run_grid(corpus, _config()).results, run_grid(corpus, _config(rand_draws=3)).results
    keys = ["class", "trial", "fold", "metric", "k"]
    one, three = one.set_index(keys).sort_index(), three.set_index(keys).sort_index()
    random = three.index.get_level_values("metric").isin(["rand", "ar(ig,rand)"])
    assert (three.loc[random, "draws"] == 3).all() and (three.loc[~random, "draws"] == 1).all()
    counts = ["tp", "fp", "fn", "tn"]
    assert (three.loc[~random, counts] == one.loc[~random, counts]).all().all()  # bns and all words untouched
    documents = three.loc[random, counts].sum(axis=1)
    assert (documents == 3 * one.loc[random, counts].sum(axis=1)).all()  # every test document, once per draw


def test_more_draws_steady_rands_score_across_seeds(corpus):
    def spread(draws):
        scores = []
        for seed in range(5):
            results = run_grid(corpus, _config(metrics=("rand",), ks=(5,), seed=seed, rand_draws=draws,
                                               all_features=False)).results
            rows = results[results["metric"] == "rand"]
            scores.append(rows["tp"].sum() / (rows["tp"].sum() + rows["fp"].sum() + 1e-12))
        return np.std(scores)

    assert spread(8) < 0.6 * spread(1)


def test_a_test_file_tests_rand_at_its_expectation():
    train, test = split_texts(n_train=60, n_test=30)
    run = run_grid(load_split(train, test, min_df=1), _config(inner_folds=2, rand_draws=4), n_jobs=1)
    table = recommend(run.results)
    assert table["n_rand"].iloc[0] == 30 and not np.isnan(table["p_rand"].iloc[0])


def test_one_draw_keeps_the_runs_key(corpus):
    assert run_key(_config(), [corpus]) == run_key(_config(rand_draws=1), [corpus])
    assert run_key(_config(), [corpus]) != run_key(_config(rand_draws=2), [corpus])
    with pytest.raises(ValueError, match="rand_draws"):
        GridConfig(rand_draws=0)
