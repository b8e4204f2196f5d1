"""The lesion and rare-word cutoff studies (Forman 2003, Figures 22 and 11)."""

import numpy as np
import pandas as pd
import pytest

import fsviz
from fsviz.cli import main as cli
from fsviz.evaluation import alpha_selection
from fsviz.evaluation.grid import GridConfig, load_results, run_grid
from fsviz.evaluation.studies import (
    alpha_map,
    cutoff_curves,
    cutoff_jobs,
    feature_shares,
    lesion_best,
    lesion_config,
    lesion_curves,
    lesion_text,
    run_cutoffs,
    stored_cutoffs,
)
from fsviz.selection import parse_weighted, spec_scores, weighted_name
from fsviz.stats.isoclines import weighted_isocline


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=600, n_classes=4, random_state=0).load()


def test_weighted_names_parse_and_refuse_bad_weights():
    assert weighted_name("bns", 0.30) == "bns@0.3" and parse_weighted("bns@0.3") == ("bns", 0.3)
    assert parse_weighted("ig") == ("ig", None)
    for bad, message in (("bns@1.5", "between 0 and 1"), ("bns@x", "a number"), ("nope@0.5", "unknown metric")):
        with pytest.raises(ValueError, match=message):
            parse_weighted(bad)
    with pytest.raises(ValueError, match="unknown metric"):
        GridConfig(metrics=("nope@0.5",))
    with pytest.raises(ValueError, match="empty"):
        lesion_config("bns", [])


def test_weighted_scores_are_the_alpha_weighted_metric():
    tp, fp = np.array([9, 1, 5, 0]), np.array([1, 9, 5, 3])
    base = fsviz.score("bns", tp, fp, 10, 10)
    positive, negative = tp > fp, tp < fp
    weighted = spec_scores("bns@0.8", tp, fp, 10, 10)
    assert np.allclose(weighted[positive], 0.8 * base[positive])
    assert np.allclose(weighted[negative], 0.2 * base[negative])
    assert np.allclose(spec_scores("bns@0.5", tp, fp, 10, 10), 0.5 * base)


def test_alpha_one_half_runs_exactly_the_unweighted_metric(corpus):
    config = GridConfig(metrics=("bns", "bns@0.5"), ks=(5, 20, 80), trials=1, folds=3)
    results = run_grid(corpus, config, n_jobs=1).results
    plain = results[results["metric"] == "bns"].drop(columns="metric").reset_index(drop=True)
    half = results[results["metric"] == "bns@0.5"].drop(columns="metric").reset_index(drop=True)
    pd.testing.assert_frame_equal(plain, half)


def test_feature_shares_at_the_extremes(corpus):
    task = corpus.binary_task("c1")
    shares = feature_shares(task, "bns", 20, [0.0, 0.5, 1.0]).set_index("alpha")
    n_positive = int((task.tp / task.pos > task.fp / task.neg).sum())
    n_negative = int((task.tp / task.pos < task.fp / task.neg).sum())
    assert n_positive >= 20 and n_negative >= 20
    assert shares.loc[1.0, "positive"] == 20 and shares.loc[0.0, "negative"] == 20
    assert (shares[["positive", "negative", "neutral"]].sum(axis=1) == 20).all()
    assert np.allclose(shares[["positive_share", "negative_share", "neutral_share"]].sum(axis=1), 1)
    # α = 0.5 selects exactly the plain metric's top k
    plain = fsviz.select_top_k(task.score("bns"), 20).indices
    kinds = task.tp[plain] / task.pos > task.fp[plain] / task.neg
    assert shares.loc[0.5, "positive"] == kinds.sum()


def test_planted_positive_words_carry_precision_and_negative_words_recall(corpus):
    # five planted positive words per class (in 50% of its documents, 2% of others) and five negative ones
    # (2% inside, 50% outside): with k = 5, α = 0.9 keeps the positive words and α = 0.1 the negative ones
    run = run_grid(corpus, lesion_config("bns", (0.1, 0.5, 0.9), ks=(5,), trials=1, folds=4), n_jobs=1)
    curves = lesion_curves(run.results)
    at = curves[curves["metric"] != "all"].set_index("alpha")
    assert at.loc[0.9, "precision"] > at.loc[0.1, "precision"] + 0.03
    assert at.loc[0.1, "recall"] > at.loc[0.9, "recall"] + 0.03
    assert np.isnan(curves.loc[curves["metric"] == "all", "alpha"]).all()


def test_alpha_map_holds_the_chosen_selection_and_each_boundary(corpus):
    task = corpus.binary_task("c1")
    fp = np.linspace(0, task.neg, 50)
    lesion = alpha_map(task, "acc", 20, [0.9, 0.1, 0.5, 0.1], 0.9, fp=fp)
    base = task.score("acc")
    assert np.array_equal(lesion.selected, alpha_selection(base, task, 20, 0.9).indices)
    assert list(lesion.boundaries) == [0.1, 0.5, 0.9]
    threshold = alpha_selection(base, task, 20, 0.1).threshold
    expected = weighted_isocline("acc", threshold, 0.1, task.pos, task.neg, shift=min(base.min(), 0.0), fp=fp)
    assert np.array_equal(lesion.boundaries[0.1].upper, expected.upper, equal_nan=True)
    assert np.array_equal(lesion.boundaries[0.1].lower, expected.lower, equal_nan=True)


def test_lesion_best_is_the_best_f_measure_without_all_features():
    curves = pd.DataFrame({"metric": ["bns@0.3", "bns@0.5", "all"], "alpha": [0.3, 0.5, np.nan], "k": [10, 10, 900],
                           "f1": [0.4, 0.6, 0.9]})
    assert lesion_best(curves)["metric"] == "bns@0.5"
    assert lesion_best(curves[curves["metric"] == "all"]) is None


def test_lesion_text_reads_the_direction_from_the_numbers():
    rows = []
    for alpha, precision, recall in ((0.1, 0.1, 0.05), (0.4, 0.6, 0.9), (0.5, 0.8, 0.8), (0.6, 0.9, 0.6)):
        for k in (10, 100):
            f1 = 2 * precision * recall / (precision + recall)
            rows.append({"metric": f"bns@{alpha}", "base": "bns", "alpha": alpha, "k": k, "precision": precision,
                         "recall": recall, "f1": f1})
    lines = lesion_text(pd.DataFrame(rows))
    assert "beats α = 0.4 at 2 of 2 k" in lines[0] and "agrees that positive" in lines[0]
    assert "agrees that negative" in lines[1]
    assert "α = 0.5" in lines[2] and "defeats the classifier" in lines[3]
    flipped = pd.DataFrame(rows).assign(precision=lambda t: 1 - t["precision"])
    assert "does not agree that positive" in lesion_text(flipped)[0]
    assert "both sides" in lesion_text(pd.DataFrame(rows).query("alpha >= 0.5"))[0]


def test_cutoff_runs_equal_a_grid_on_the_cut_corpus(corpus, tmp_path):
    config = GridConfig(metrics=("bns",), ks=(50,), trials=1, folds=3, classes=("c0",))
    table = run_cutoffs(corpus, config, [1, 3], out_dir=tmp_path, n_jobs=1)
    assert set(table["min_df"]) == {1, 3}
    assert table.groupby("min_df")["vocabulary"].first().tolist() == [corpus.n_words, int((corpus.df >= 3).sum())]
    direct = run_grid(corpus.with_min_df(3), config, n_jobs=1).results
    cut = table[table["min_df"] == 3].drop(columns=["min_df", "vocabulary"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(cut, direct.reset_index(drop=True))
    stored, done, total = stored_cutoffs(corpus, config, [1, 3], out_dir=tmp_path)
    assert done == total == 6 and len(stored) == len(table)
    curves = cutoff_curves(table)
    assert curves.groupby("min_df")["vocabulary"].first().is_monotonic_decreasing


def test_cutoffs_below_the_corpus_cutoff_are_refused(corpus):
    with pytest.raises(ValueError, match="min_df=1"):
        cutoff_jobs(corpus.with_min_df(3), GridConfig(metrics=("bns",)), [1, 2, 3])
    with pytest.raises(ValueError, match="≥ 1"):
        cutoff_jobs(corpus, GridConfig(metrics=("bns",)), [0, 1])


def test_cli_lesion_and_cutoff(tmp_path, capsys):
    out = tmp_path / "lesion.parquet"
    assert cli(["lesion", "sample", "--classes", "numpy", "--k", "10,100", "--trials", "1", "--folds", "2",
                "--alphas", "0.1,0.5,0.9", "--jobs", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Precision: α = 0.9" in printed
    assert set(load_results(out).results["metric"]) == {"bns@0.1", "bns@0.5", "bns@0.9", "all"}
    out = tmp_path / "cutoff.parquet"
    assert cli(["cutoff", "sample", "--classes", "numpy", "--cutoffs", "2-3", "--k", "100", "--trials", "1",
                "--folds", "2", "--jobs", "1", "--out", str(out)]) == 0
    table = pd.read_parquet(out)
    assert set(table["min_df"]) == {2, 3} and {"vocabulary", "f1", "tp"} <= set(table.columns)
    assert cli(["cutoff", "sample", "--cutoffs", "a-b", "--out", str(out)]) == 2
    assert "--cutoffs" in capsys.readouterr().err
