"""The evaluation grid: leakage, resume, determinism, Dask, the baseline, bad configs."""

import datetime

import numpy as np
import pandas as pd
import pytest
from scipy import sparse

import fsviz
from fsviz.evaluation.grid import ALL, COLUMNS, GridConfig, cell_splits, fold_rankings, load_results, run_grid
from fsviz.evaluation.grid.results import skipped_frame

SMALL = dict(metrics=("bns", "ig", "rand", "pr"), ks=(5, 20, 10_000), trials=2, folds=3)


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=240, n_classes=3, random_state=5).load()


@pytest.fixture(scope="module")
def small_run(corpus):
    return run_grid(corpus, GridConfig(**SMALL))


def test_table_shape_and_counts(corpus, small_run):
    results = small_run.results
    assert list(results.columns) == COLUMNS
    cells = corpus.n_classes * SMALL["trials"] * SMALL["folds"]
    assert small_run.cells_done == small_run.cells_total == cells and small_run.complete
    # every metric × k, plus the all-features row, in every cell
    assert len(results) == cells * (len(SMALL["metrics"]) * len(SMALL["ks"]) + 1)
    # confusion counts cover exactly the test split; each document is tested once per trial
    per_trial = results[results.metric == ALL].groupby(["class", "trial"])[["tp", "fp", "fn", "tn"]].sum()
    assert (per_trial.sum(axis=1) == corpus.n_docs).all()
    # stratified: each test split holds pos / folds positives, rounded either way
    test_pos = results.tp + results.fn
    assert test_pos.between(results.pos // SMALL["folds"], -(-results.pos // SMALL["folds"])).all()
    # k above the vocabulary is the all-features fit: same predictions as the baseline row
    big = results[results.k == 10_000].merge(results[results.metric == ALL], on=["class", "trial", "fold"])
    assert (big.tp_x == big.tp_y).all() and (big.fp_x == big.fp_y).all()
    assert (big.n_features_x == big.n_features_y).all()


def test_goals_follow_the_counts(small_run):
    r = small_run.results
    tp, fp, fn, tn = (r[c].to_numpy(float) for c in ("tp", "fp", "fn", "tn"))
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.nan_to_num(tp / (tp + fp))
        recall = tp / (tp + fn)
        f1 = np.nan_to_num(2 * precision * recall / (precision + recall))
    np.testing.assert_allclose(r.precision, precision)
    np.testing.assert_allclose(r.recall, recall)
    np.testing.assert_allclose(r.f1, f1)
    np.testing.assert_allclose(r.accuracy, (tp + tn) / (tp + fp + fn + tn))


def test_no_positive_predictions_give_precision_zero():
    table = fsviz.evaluation.grid.with_goals(pd.DataFrame({"tp": [0, 3], "fp": [0, 1], "fn": [5, 1], "tn": [20, 20]}))
    assert table.precision.tolist() == [0.0, 0.75]
    assert table.f1.tolist()[0] == 0.0
    run = fsviz.evaluation.grid.GridRun(table, skipped_frame([]), GridConfig())
    assert run.no_positive_predictions() == 0.5


def test_selection_uses_the_training_split_only():
    rng = np.random.default_rng(0)
    X = sparse.random(60, 30, density=0.3, random_state=1, format="csr") > 0
    y = rng.random(60) < 0.4
    train, test = np.arange(40), np.arange(40, 60)
    X = X.tolil()
    X[:, 7] = 0
    X[test[y[test]], 7] = 1  # word 7: a perfect positive feature, but only in test documents
    X = X.tocsr()
    fold = fold_rankings(X[train], y[train], fsviz.metric_names(), 30)
    eligible, rankings = fold.eligible, fold.rankings
    assert 7 not in eligible
    for name, ranking in rankings.items():
        assert 7 not in ranking, name
        assert ranking.size == eligible.size  # k above the eligible words: all of them, nothing more


def test_rankings_are_prefix_consistent_with_select_top_k():
    rng = np.random.default_rng(3)
    X = sparse.csr_matrix(rng.random((80, 50)) < 0.2)
    y = rng.random(80) < 0.3
    fold = fold_rankings(X, y, ["bns", "dfreq"], 50)
    eligible, rankings = fold.eligible, fold.rankings
    tp = np.asarray(X[y].sum(0)).ravel()[eligible]
    fp = np.asarray(X[~y].sum(0)).ravel()[eligible]
    for name, ranking in rankings.items():
        scores = fsviz.score(name, tp, fp, int(y.sum()), int((~y).sum()))
        for k in (1, 5, 17, eligible.size):
            assert set(ranking[:k]) == set(eligible[fsviz.select_top_k(scores, k).indices])


def test_same_seed_same_results_other_seed_other_folds(corpus, small_run):
    again = run_grid(corpus, GridConfig(**SMALL), n_jobs=2)
    pd.testing.assert_frame_equal(small_run.results, again.results)
    y = corpus.y(corpus.classes[0])
    a = cell_splits(y, GridConfig(**SMALL), 0)
    b = cell_splits(y, GridConfig(**SMALL, seed=1), 0)
    assert any(not np.array_equal(p[1], q[1]) for p, q in zip(a, b))
    assert all(np.array_equal(p[1], q[1]) for p, q in zip(a, cell_splits(y, GridConfig(**SMALL), 0)))


@pytest.mark.parametrize("solver", ["fastest", "sklearn"])
def test_same_seed_gives_byte_identical_parquet(corpus, tmp_path, monkeypatch, solver):
    """One worker or two, the same seed writes the same file, byte for byte, once its write time (to the
    second, in the provenance) is held still by SOURCE_DATE_EPOCH (the solvers are seeded by the model's
    random_state; the cells are stored in plan order whichever worker finished first)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1046476800")  # 2003-03-01, UTC
    config = GridConfig(**SMALL, solver=solver)
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    run_grid(corpus, config, out=one, n_jobs=1)
    run_grid(corpus, config, out=two, n_jobs=2)
    assert b"2003-03-01T00:00:00" in one.read_bytes()
    assert one.read_bytes() == two.read_bytes()
    run_grid(corpus, GridConfig(**SMALL, solver=solver, seed=1), out=tmp_path / "seed1.parquet")
    assert (tmp_path / "seed1.parquet").read_bytes() != one.read_bytes()


def test_a_mistyped_source_date_epoch_is_explained():
    from fsviz.evaluation.grid.results import write_time

    assert write_time({"SOURCE_DATE_EPOCH": "0"}).year == 1970
    assert abs((write_time({}) - datetime.datetime.now(datetime.UTC)).total_seconds()) < 60
    with pytest.raises(ValueError, match="SOURCE_DATE_EPOCH must be a whole number"):
        write_time({"SOURCE_DATE_EPOCH": "yesterday"})


def test_all_features_equals_plain_linear_svc_cross_validation(corpus, small_run):
    from sklearn.svm import LinearSVC

    X = corpus.X.astype(np.float64)
    name = str(corpus.classes[1])
    y = corpus.y(name)
    base = small_run.results.query("metric == @ALL and `class` == @name").set_index(["trial", "fold"])
    for trial in range(SMALL["trials"]):
        for fold, (train, test) in enumerate(cell_splits(y, GridConfig(**SMALL), trial)):
            predicted = LinearSVC(random_state=0).fit(X[train], y[train]).predict(X[test]).astype(bool)
            row = base.loc[(trial, fold)]
            assert row.tp == np.sum(predicted & y[test]) and row.fp == np.sum(predicted & ~y[test])
            assert row.fn == np.sum(~predicted & y[test])


def test_naive_bayes_in_the_grid_equals_plain_multinomial_nb(corpus):
    from sklearn.naive_bayes import MultinomialNB

    config = GridConfig(**{**SMALL, "classifier": "nb", "metrics": ("ig",), "ks": (20,)})
    results = run_grid(corpus, config, n_jobs=1).results
    X = corpus.X.astype(np.float64)
    name = str(corpus.classes[1])
    y = corpus.y(name)
    rows = results.query("`class` == @name").set_index(["metric", "trial", "fold"])
    for fold, (train, test) in enumerate(cell_splits(y, config, 0)):
        for metric, columns in ((ALL, np.arange(X.shape[1])),
                                ("ig", fold_rankings(X[train], y[train], ["ig"], 20).rankings["ig"])):
            model = MultinomialNB().fit(X[train][:, columns], y[train])
            predicted = model.predict(X[test][:, columns]).astype(bool)
            row = rows.loc[(metric, 0, fold)]
            assert (row.tp, row.fp, row.fn) == (np.sum(predicted & y[test]), np.sum(predicted & ~y[test]),
                                                np.sum(~predicted & y[test]))


def test_resume_after_a_crash_gives_the_rows_of_an_uninterrupted_run(corpus, small_run, tmp_path):
    class Crash(Exception):
        pass

    def crash_after(n):
        def progress(done, total):
            if done >= n:
                raise Crash
        return progress

    with pytest.raises(Crash):
        run_grid(corpus, GridConfig(**SMALL), checkpoint_dir=tmp_path, progress=crash_after(5), flush_seconds=0)
    parts = list(tmp_path.rglob("part-*.parquet"))
    assert parts, "finished cells were not checkpointed"
    seen = []
    resumed = run_grid(corpus, GridConfig(**SMALL), checkpoint_dir=tmp_path, progress=lambda d, t: seen.append(d))
    assert seen[0] >= 4, "the resumed run started from scratch"
    pd.testing.assert_frame_equal(resumed.results, small_run.results)


def test_stop_keeps_finished_cells_and_out_file_resumes(corpus, small_run, tmp_path):
    out = tmp_path / "results.parquet"
    stopped = run_grid(corpus, GridConfig(**SMALL), out=out, should_stop=lambda: True)
    assert not stopped.complete and 1 <= stopped.cells_done < stopped.cells_total
    assert not out.exists()  # only complete runs write the results file
    finished = run_grid(corpus, GridConfig(**SMALL), out=out)
    assert finished.complete and out.exists()
    assert not (tmp_path / "results.parquet.parts").exists()
    loaded = load_results(out)
    pd.testing.assert_frame_equal(loaded.results, small_run.results)
    assert loaded.config == GridConfig(**SMALL) and loaded.complete
    # Running again with the same config reuses the file instead of recomputing.
    seen = []
    run_grid(corpus, GridConfig(**SMALL), out=out, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(finished.cells_total, finished.cells_total)]


def test_a_config_change_starts_a_new_result_set(corpus, tmp_path):
    run_grid(corpus, GridConfig(**SMALL), checkpoint_dir=tmp_path, should_stop=lambda: True)
    other = run_grid(corpus, GridConfig(**{**SMALL, "ks": (5,)}), checkpoint_dir=tmp_path, should_stop=lambda: True)
    assert len({p.parent for p in tmp_path.rglob("part-*.parquet")}) == 2
    assert set(other.results.k) == {5, corpus.n_words}  # k = 5, and the vocabulary for the baseline


def test_dask_local_cluster_equals_the_local_run(corpus, small_run):
    pytest.importorskip("distributed")
    config = GridConfig(**SMALL)
    distributed = run_grid(corpus, config, workers=2)
    pd.testing.assert_frame_equal(distributed.results, small_run.results)


def test_dask_workers_get_the_dataset_once_not_with_every_cell(corpus):
    distributed = pytest.importorskip("distributed")
    held = []

    def look(done, total):  # after a cell: what the worker keeps besides results
        if done and not held:
            held.extend(distributed.default_client().run(
                lambda dask_worker: sorted({type(v).__name__ for v in dask_worker.data.values()})).values())

    run_grid(corpus, GridConfig(**SMALL), workers=1, progress=look)
    assert held and "CellData" in held[0]  # scattered to the worker, where every cell reads it


@pytest.mark.parametrize("bad, message", [
    (dict(ks=(0, 10)), "positive whole number"),
    (dict(ks=()), "empty"),
    (dict(metrics=("bns", "nope")), "nope"),
    (dict(folds=1), "folds"),
    (dict(trials=0), "trials"),
    (dict(classifier="forest"), "unknown classifier"),
    (dict(classifier_params=(("C_typo", 1.0),)), "C_typo"),
])
def test_bad_configs_say_what_is_wrong(bad, message):
    with pytest.raises(ValueError, match=message):
        GridConfig(**bad)


def test_tiny_classes_are_skipped_with_a_reason():
    texts = [f"alpha beta doc{i % 5}" for i in range(40)] + ["alpha gamma doc1", "alpha gamma doc2"]
    labels = ["big"] * 20 + ["other"] * 20 + ["tiny"] * 2
    corpus = fsviz.load_corpus((texts, labels), min_df=1)
    run = run_grid(corpus, GridConfig(metrics=("bns",), ks=(2,), trials=1, folds=4))
    assert run.skipped["class"].tolist() == ["tiny"]
    assert "fewer than the 4 folds" in run.skipped.reason[0]
    assert set(run.results["class"]) == {"big", "other"}
    with pytest.raises(ValueError, match="no class"):
        run_grid(corpus, GridConfig(classes=("missing",), trials=1))


def test_cli_grid_writes_the_table_and_reports(tmp_path, capsys):
    from conftest import write_planted_jsonl

    from fsviz.cli import main

    path = write_planted_jsonl(tmp_path / "tiny.jsonl", n_docs=120, n_classes=2, random_state=1)
    out = tmp_path / "r.parquet"
    code = main(["grid", str(path), "--metrics", "bns,ig", "--k", "5,10", "--trials", "1", "--folds", "3",
                 "--jobs", "1", "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    run = load_results(out)
    assert len(run.results) == 2 * 3 * (2 * 2 + 1)
    assert run.config.metrics == ("bns", "ig") and run.config.ks == (5, 10)
    assert "wrote 30 rows" in captured.out and ": 6 cells" in captured.out  # no bar off a terminal
    assert main(["grid", str(path), "--k", "0", "--out", str(out)]) == 2
    assert "positive whole number" in capsys.readouterr().err

    table = tmp_path / "recommendation.csv"
    assert main(["report", str(out), "--out", str(table)]) == 0
    report = capsys.readouterr().out
    assert "- F-measure: " in report and "- Accuracy: " in report and "- Fewest words: " in report
    assert "f1 (1%)" in report
    assert len(pd.read_csv(table)) == 5
    assert main(["report", str(tmp_path / "missing.parquet")]) == 2
    assert "no such results file" in capsys.readouterr().err


def test_metrics_reading_every_class_and_frequencies_score_the_training_split_only(corpus):
    """The grid's χ²max, t-test and a combination select what scoring the fold's training documents selects."""
    from sklearn.svm import LinearSVC

    specs = ("chi_max", "ttest_avg", "lr(chi_max,ig)", "kl")
    config = GridConfig(**{**SMALL, "metrics": specs, "ks": (15,), "trials": 1})
    results = run_grid(corpus, config, n_jobs=1).results
    assert set(results["metric"]) == {ALL, *specs}
    X = corpus.X.astype(np.float64)
    name = str(corpus.classes[0])
    y = corpus.y(name)
    rows = results.query("`class` == @name").set_index(["metric", "fold"])
    for fold, (train, test) in enumerate(cell_splits(y, config, 0)):
        training = corpus.training(name, rows=train)
        eligible = np.flatnonzero(training.df > 0)
        for spec in specs:
            scores = fsviz.score_words(spec, training.select_words(eligible))
            columns = np.sort(eligible[fsviz.select_top_k(scores, 15).indices])
            model = LinearSVC(random_state=0).fit(X[train][:, columns], y[train])
            predicted = model.predict(X[test][:, columns]).astype(bool)
            row = rows.loc[(spec, fold)]
            assert (row.tp, row.fp) == (np.sum(predicted & y[test]), np.sum(predicted & ~y[test])), spec


def test_all_class_metrics_rank_the_same_words_for_every_class_of_a_fold(corpus):
    train = np.arange(0, corpus.n_docs, 2)
    rankings = []
    for name in corpus.classes[:2]:
        training = corpus.training(name, rows=train)
        y = corpus.y(name)[train]
        rankings.append(fold_rankings(corpus.X[train], y, ["chi_max", "cmfs"], 30, training=training).rankings)
    for spec in ("chi_max", "cmfs"):
        assert np.array_equal(rankings[0][spec], rankings[1][spec])
