"""Multi-class evaluation: ranked measures by hand, the sign test, single- and multi-label runs, bad metrics."""

import json

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold
from sklearn.svm import LinearSVC

import fsviz
from fsviz.evaluation import ranked_measures
from fsviz.evaluation.grid import GridConfig, seed_for
from fsviz.evaluation.multiclass import (
    check_multiclass_metrics,
    load_multiclass,
    macro_curves,
    run_multiclass,
    save_multiclass,
    sign_test,
    stored_multiclass,
)


def test_ranked_measures_by_hand():
    # Document 1: labels {a}, ranked a > b > c: R-precision 1, AP 1.
    # Document 2: labels {b, c}, ranked a > b > c: top 2 holds b only, R-precision ½;
    #             precision at b's rank 2 is ½, at c's rank 3 is ⅔: AP = (½ + ⅔)/2 = 7/12.
    scores = np.array([[3.0, 2.0, 1.0], [3.0, 2.0, 1.0]])
    Y = np.array([[1, 0, 0], [0, 1, 1]], dtype=bool)
    r_precision, mean_ap = ranked_measures(scores, Y)
    assert r_precision == pytest.approx((1 + 0.5) / 2)
    assert mean_ap == pytest.approx((1 + 7 / 12) / 2)


def test_sign_test_counts_wins_over_paired_runs():
    import pandas as pd

    rows = [(t, f, m, 10, v) for t in range(2) for f in range(2)
            for m, v in (("a", 0.9), ("b", 0.8 if (t, f) != (1, 1) else 0.9))]
    table = pd.DataFrame(rows, columns=["trial", "fold", "metric", "k", "macro_f1"])
    result = sign_test(table, "a", "b", "macro_f1", 10)
    assert (result["wins"], result["losses"], result["ties"]) == (3, 0, 1)
    assert result["p"] == pytest.approx(0.25)  # 2 · ½³


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=300, n_classes=3, random_state=4).load()


def test_single_label_run_equals_one_linear_svm_over_all_classes(corpus):
    config = GridConfig(metrics=("chi_max", "cmfs"), ks=(20,), trials=1, folds=3)
    table = run_multiclass(corpus, config)
    assert set(table["metric"]) == {"all", "chi_max", "cmfs"}
    labels = np.argmax(corpus.Y.toarray(), axis=1)
    X = corpus.X.astype(np.float64).tocsr()
    folds = StratifiedKFold(3, shuffle=True, random_state=seed_for(0, 0)).split(np.zeros(corpus.n_docs), labels)
    for fold, (train, test) in enumerate(folds):  # noqa: B007 (fold is read by the query below)
        training = corpus.training(rows=train)
        eligible = np.flatnonzero(training.df > 0)
        scores = fsviz.score_words("chi_max", training.select_words(eligible))
        columns = np.sort(eligible[fsviz.select_top_k(scores, 20).indices])
        predicted = LinearSVC(random_state=0).fit(X[train][:, columns], labels[train]).predict(X[test][:, columns])
        row = table.query("metric == 'chi_max' and fold == @fold").iloc[0]
        assert row.macro_f1 == pytest.approx(f1_score(labels[test], predicted, average="macro"))
        assert row.micro_f1 == pytest.approx(np.mean(predicted == labels[test]))  # single-label: accuracy
    curves = macro_curves(table)
    assert (curves["macro_f1"] > 0.6).all(), "planted words make every feature set work"


def test_multilabel_corpus_runs_one_vs_rest_and_ranks_labels(tmp_path):
    rng = np.random.default_rng(0)
    vocab = {"a": ["alpha", "apple"], "b": ["beta", "banana"], "c": ["gamma", "cherry"]}
    lines = []
    for _ in range(120):
        labels = sorted(set(rng.choice(list(vocab), size=rng.integers(1, 3), replace=True)))
        words = [w for lab in labels for w in vocab[lab]] + list(rng.choice(["x", "y", "z", "w"], 5))
        lines.append(json.dumps({"text": " ".join(words), "labels": labels}))
    path = tmp_path / "multi.jsonl"
    path.write_text("\n".join(lines) + "\n")
    corpus = fsviz.load_corpus(path, min_df=1)
    assert corpus.is_multilabel
    table = run_multiclass(corpus, GridConfig(metrics=("chi_max",), ks=(6,), trials=1, folds=2, classifier="knn"))
    best = table[table["metric"] == "chi_max"]
    assert (best["r_precision"] > 0.9).all() and (best["map"] > 0.9).all() and (best["micro_f1"] > 0.8).all()


def test_one_class_metrics_are_refused_with_the_alternatives():
    with pytest.raises(ValueError, match="chi_max"):
        check_multiclass_metrics(["bns", "chi_max", "ar(ig,chi_max)"])
    check_multiclass_metrics(["chi_max", "dfreq", "rand", "ar(chi_max,ttest_avg)"])


def test_too_few_documents_for_the_folds_says_so(corpus):
    small = fsviz.make_planted_corpus(n_docs=60, n_classes=3, random_state=4).load()  # 20 documents a class
    with pytest.raises(ValueError, match="fewer folds"):
        run_multiclass(small, GridConfig(metrics=("chi_max",), ks=(5,), trials=1, folds=50))
    with pytest.raises(ValueError, match="`folds` must be a whole number from 2 to 100, got 500"):
        GridConfig(metrics=("chi_max",), ks=(5,), trials=1, folds=500)


def test_cli_multiclass_writes_the_folds_and_prints_the_curves(tmp_path, capsys):
    from fsviz.cli import main

    out = tmp_path / "mc.parquet"
    assert main(["multiclass", "sample", "--metrics", "chi_max,ar(chi_max,cmfs)", "--k", "50", "--trials", "1",
                 "--folds", "2", "--jobs", "1", "--out", str(out)]) == 0
    table = pd.read_parquet(out)
    assert set(table["metric"]) == {"all", "chi_max", "ar(chi_max,cmfs)"}
    config, again, meta = load_multiclass(out)  # the config travels with the table
    assert config.metrics == ("chi_max", "ar(chi_max,cmfs)") and config.ks == (50,) and meta["corpus"]
    pd.testing.assert_frame_equal(again, table)
    assert "macro-F1" in capsys.readouterr().out
    assert main(["multiclass", "sample", "--metrics", "chi_max", "--k", "50", "--trials", "1", "--folds", "2",
                 "--jobs", "1", "--out", str(tmp_path / "mc.csv")]) == 0
    assert set(pd.read_csv(tmp_path / "mc.csv")["metric"]) == {"all", "chi_max"}
    assert main(["multiclass", "sample", "--metrics", "bns", "--out", str(out)]) == 2


def test_finished_runs_are_kept_per_corpus_and_damaged_files_skipped(corpus, tmp_path):
    config = GridConfig(metrics=("chi_max",), ks=(10,), trials=1, folds=2)
    table = run_multiclass(corpus, config)
    save_multiclass(table, tmp_path / "a.parquet", config, corpus)
    other = fsviz.make_planted_corpus(n_docs=120, n_classes=2, random_state=9).load()
    save_multiclass(run_multiclass(other, config), tmp_path / "b.parquet", config, other)
    (tmp_path / "c.parquet").write_bytes(b"PAR1 half a file")
    runs = stored_multiclass(tmp_path, corpus)
    assert list(runs) == [fsviz.evaluation.grid.run_key(config, [corpus])]
    (kept_config, kept), = runs.values()
    assert kept_config == config
    pd.testing.assert_frame_equal(kept, table)
    assert not list(tmp_path.glob("*.tmp")), "writes go through a temporary name"
