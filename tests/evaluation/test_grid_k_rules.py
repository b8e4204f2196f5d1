"""The grid's k rules (``fdr0.05``): k chosen per fold by significance, recorded per row, analysed beside fixed k."""

import io
import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import write_planted_jsonl
from scipy import stats

import fsviz
from fsviz.evaluation.analyses import k_rule_summary, macro_average, per_trial
from fsviz.evaluation.grid import COLUMNS, GridConfig, cell_splits, load_results, parse_ks, rule_ks, run_grid, run_key
from fsviz.evaluation.multiclass import run_multiclass
from fsviz.evaluation.studies import cutoff_jobs, lesion_config

BASE = dict(metrics=("bns", "ig"), ks=(5, 20), trials=2, folds=3)


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=240, n_classes=3, random_state=5).load()


@pytest.fixture(scope="module")
def runs(corpus):
    fixed = run_grid(corpus, GridConfig(**BASE)).results
    ruled = run_grid(corpus, GridConfig(**{**BASE, "ks": (5, 20, "fdr0.05")})).results
    return fixed, ruled


def _independent_k(X_train, y_train, fdr):
    """Words present in the training split with BH q <= fdr of scipy's one-sided Fisher test."""
    X = (X_train.toarray() > 0)
    present = X.any(axis=0)
    tp, df = X[y_train].sum(axis=0)[present], X.sum(axis=0)[present]
    pos, neg = int(y_train.sum()), int((~y_train).sum())
    p = np.array([stats.fisher_exact([[a, pos - a], [b - a, neg - b + a]], alternative="greater").pvalue
                  for a, b in zip(tp, df)])
    return int((stats.false_discovery_control(p, method="bh") <= fdr).sum())


def test_each_fold_records_the_k_an_independent_bh_chooses(corpus, runs):
    _, ruled = runs
    rows = ruled[ruled.k_rule == "fdr0.05"]
    config = GridConfig(**BASE)
    X = corpus.X.tocsr()
    checked = 0
    for name in corpus.classes[:2]:
        y = corpus.y(name)
        for fold, (train, _) in enumerate(cell_splits(y, config, 0)):
            expected = _independent_k(X[train], y[train], 0.05)
            got = rows[(rows["class"] == name) & (rows.trial == 0) & (rows.fold == fold)]
            assert set(got.k) == {expected} and set(got.metric) == {"bns", "ig"}
            assert rule_ks(X[train], y[train], ("fdr0.05",)) == {"fdr0.05": expected}
            checked += 1
    assert checked == 6 and (rows.k > 0).all() and not rows.k.isin([5, 20]).all()  # its own k, not a fixed one


def test_a_rule_selects_the_metrics_top_k_and_leaves_fixed_rows_unchanged(runs):
    fixed, ruled = runs
    assert list(ruled.columns) == COLUMNS
    kept = ruled[ruled.k_rule == ""].drop(columns="k_rule").reset_index(drop=True)
    pd.testing.assert_frame_equal(kept, fixed.drop(columns="k_rule").reset_index(drop=True))
    rows = ruled[ruled.k_rule != ""]
    assert (rows.n_features == rows.k).all()  # the rule's k words, every one present in training
    # the analyses of fixed k read the same numbers with or without the rule's rows
    pd.testing.assert_frame_equal(macro_average(ruled), macro_average(fixed))
    assert set(per_trial(ruled).k) == {5, 20, int(ruled.loc[ruled.metric == "all", "k"].iloc[0])}


def test_summary_pools_each_trials_folds_by_hand(runs):
    _, ruled = runs
    summary = k_rule_summary(ruled).set_index("metric")
    rows = ruled[(ruled.k_rule == "fdr0.05") & (ruled.metric == "ig")]
    per_task = []
    for _, task in rows.groupby("class"):
        trials = []
        for _, trial in task.groupby("trial"):
            tp, fp, fn = trial.tp.sum(), trial.fp.sum(), trial.fn.sum()
            trials.append(2 * tp / (2 * tp + fp + fn))
        per_task.append(np.mean(trials))
    assert summary.loc["ig", "f1"] == pytest.approx(np.mean(per_task))
    assert summary.loc["ig", "f1_sem"] == pytest.approx(stats.sem(per_task))
    assert summary.loc["ig", "k_median"] == np.median(rows.k) and summary.loc["ig", "k_max"] == rows.k.max()
    best = macro_average(ruled)
    best = best[best.metric == "ig"].sort_values("f1").iloc[-1]
    assert summary.loc["ig", "best_fixed"] == pytest.approx(best.f1) and summary.loc["ig", "best_k"] == best.k
    assert k_rule_summary(runs[0]).empty  # no rule, no rows


def test_a_fold_where_no_word_qualifies_predicts_nothing():
    noise = fsviz.make_planted_corpus(n_docs=120, n_classes=2, n_positive=0, n_negative=0, random_state=1).load()
    results = run_grid(noise, GridConfig(metrics=("bns",), ks=(5,), k_rules=("fdr0.05",), trials=1, folds=3)).results
    empty = results[results.k_rule == "fdr0.05"]
    assert len(empty) == 6 and (empty.k == 0).all() and (empty.n_features == 0).all()
    assert (empty.tp == 0).all() and (empty.fp == 0).all() and (empty.f1 == 0).all()
    assert (empty.fn + empty.tn == results[results.metric == "all"].set_index(empty.index).pipe(
        lambda a: a.fn + a.tn + a.tp + a.fp)).all()
    assert k_rule_summary(results).loc[0, "empty_folds"] == 6


def test_config_reads_rules_and_keeps_keys(corpus):
    assert parse_ks("10, 100 fdr0.05 fdr=0.1") == (10, 100, "fdr0.05", "fdr0.1")
    config = GridConfig(ks=parse_ks("100, fdr0.1, 10, fdr0.05"))
    assert config.ks == (10, 100) and config.k_rules == ("fdr0.05", "fdr0.1")
    assert config.k_values == (10, 100, "fdr0.05", "fdr0.1") and GridConfig(ks=config.k_values) == config
    assert config.n_fits() == 12 * 4 + 1
    plain = GridConfig(ks=(10, 100))
    spec = {k: v for k, v in plain.to_dict().items() if k != "k_rules"}  # as written before rules existed
    assert run_key(GridConfig.from_dict(spec), [corpus]) == run_key(plain, [corpus])
    assert run_key(config, [corpus]) != run_key(plain, [corpus])
    assert GridConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config


@pytest.mark.parametrize("ks, message", [
    (("fdr0.05",), "has only k rules"),
    ((10, "fdr0"), "strictly between 0 and 1"),
    ((10, "fdr1.5"), "strictly between 0 and 1"),
    ((10, "fdrx"), "rate"),
    ((10, "top"), "positive whole number of features"),
])
def test_bad_rules_say_what_is_wrong(ks, message):
    with pytest.raises(ValueError, match=message):
        GridConfig(ks=ks)


def test_runs_that_compare_fixed_k_refuse_a_rule(corpus):
    with pytest.raises(ValueError, match="lesion study compares fixed numbers"):
        lesion_config("bns", (0.5,), ks=(10, "fdr0.05"))
    with pytest.raises(ValueError, match="cutoff study compares fixed numbers"):
        cutoff_jobs(corpus, GridConfig(metrics=("bns",), ks=(10, "fdr0.05")), (1, 2))
    with pytest.raises(ValueError, match="multi-class run compares fixed numbers"):
        run_multiclass(corpus, GridConfig(metrics=("chi_max",), ks=(10, "fdr0.05"), trials=1))


def test_results_files_keep_the_rule_and_refuse_a_bad_one(runs, tmp_path):
    _, ruled = runs
    run = fsviz.evaluation.grid.GridRun(ruled, fsviz.evaluation.grid.results.skipped_frame([]),
                                        GridConfig(**{**BASE, "ks": (5, 20, "fdr0.05")}))
    back = load_results(run.save(tmp_path / "r.parquet"))
    pd.testing.assert_frame_equal(back.results, ruled)
    assert back.config.k_rules == ("fdr0.05",)
    older = pq.read_table(tmp_path / "r.parquet").drop(["k_rule"])  # a table written before rules existed
    pq.write_table(older.filter(pa.compute.equal(older["fold"], 0)), tmp_path / "old.parquet")
    assert set(load_results(tmp_path / "old.parquet").results.k_rule) == {""}
    bad = ruled.assign(k_rule=ruled.k_rule.where(ruled.k_rule == "", "fdr7"))
    buffer = io.BytesIO()
    bad.to_parquet(buffer)
    buffer.seek(0)
    with pytest.raises(fsviz.CorpusError, match="column 'k_rule' holds 'fdr7'"):
        load_results(buffer)


def test_the_cli_grid_prints_each_rule_beside_the_best_fixed_k(tmp_path, capsys):
    from fsviz.cli import main

    path = write_planted_jsonl(tmp_path / "planted.jsonl", n_docs=150, n_classes=2, random_state=3)
    code = main(["grid", str(path), "--metrics", "bns,ig", "--k", "5,fdr0.05", "--trials", "1", "--folds", "2",
                 "--out", str(tmp_path / "r.parquet"), "--json"])
    assert code in (0, None)
    summary = json.loads(capsys.readouterr().out)
    assert {r["metric"] for r in summary["k_rules"]} == {"bns", "ig"}
    assert all(r["k_rule"] == "fdr0.05" and r["k_min"] >= 1 and r["best_k"] == 5 for r in summary["k_rules"])
