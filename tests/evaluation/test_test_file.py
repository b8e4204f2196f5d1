"""Your own test split (issue #37, item 4): select and fit on the training file, score on the test file, and say so.

The class: every way a run is scored (the grid, its plan, stability, multi-class, the answer and its JSON, the
CLI) keeps the training file's documents out of what it scores and the test file's out of what it fits.
"""

import json

import numpy as np
import pandas as pd
from conftest import split_texts, write_csv
from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz.cli import main
from fsviz.corpora import load_split
from fsviz.evaluation.analyses import has_documents
from fsviz.evaluation.answer import answers, recommend, recommendation_text
from fsviz.evaluation.grid import GridConfig, load_results, run_grid, training_file_splits
from fsviz.evaluation.multiclass.runner import _prepared, run_multiclass
from fsviz.evaluation.shipping import export_selection


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_part_trains_on_the_training_file_and_the_parts_split_the_test_file(data):
    folds = data.draw(st.integers(2, 5))
    n_test = data.draw(st.integers(2 * folds, 40))
    y_test = np.array([True] * folds + [False] * folds + data.draw(st.lists(st.booleans(), min_size=n_test - 2 * folds,
                                                                            max_size=n_test - 2 * folds)))
    n_train = data.draw(st.integers(1, 30))
    y = np.concatenate([data.draw(st.lists(st.booleans(), min_size=n_train, max_size=n_train)), y_test])
    order = np.random.default_rng(data.draw(st.integers(0, 99))).permutation(y.size)  # test rows anywhere
    in_test = np.zeros(y.size, dtype=bool)
    in_test[n_train:] = True
    y, in_test = y[order], in_test[order]
    splits = training_file_splits(y, in_test, GridConfig(folds=folds), data.draw(st.integers(0, 3)))
    assert len(splits) == folds
    parts = np.concatenate([test for _, test in splits])
    assert sorted(parts.tolist()) == np.flatnonzero(in_test).tolist()  # the parts cover the test file once
    for train, test in splits:
        assert train.tolist() == np.flatnonzero(~in_test).tolist()
        assert y[test].any() and (~y[test]).any()  # stratified: each part holds both sides
    sizes = [y[test].sum() for _, test in splits]
    assert max(sizes) - min(sizes) <= 1


def _config(**kw):
    return GridConfig(metrics=("bns", "ig", "rand"), ks=(2, 5), trials=1, folds=2, **kw)


def test_the_grid_fits_on_the_training_file_and_scores_each_document_of_the_test_file_once():
    train, test = split_texts()
    corpus = load_split(train, test, min_df=1)
    run = run_grid(corpus, _config(), n_jobs=1)
    results = run.results
    assert set(results["scored_on"]) == {"test file"}
    scored = results[(results["metric"] == "bns") & (results["k"] == 2)]
    for name, rows in scored.groupby("class"):
        in_test = np.array(test[1]) == name
        assert rows[["tp", "fn"]].to_numpy().sum() == in_test.sum()  # the parts hold each test document once
        assert rows[["tp", "fp", "fn", "tn"]].to_numpy().sum() == len(test[1])


def test_a_class_the_test_file_lacks_is_skipped_with_its_reason():
    train, test = split_texts()
    test = ([t for t, c in zip(*test) if c != "sea"], [c for c in test[1] if c != "sea"])
    run = run_grid(load_split(train, test, min_df=1), _config(), n_jobs=1)
    reasons = dict(zip(run.skipped["class"], run.skipped["reason"]))
    assert reasons["sea"].startswith("no positive document in the test file")
    assert set(run.results["class"]) == {"fruit", "sky"}


def test_the_answer_says_it_was_scored_on_the_test_file_and_tested_over_its_documents():
    """Issue 56: a test file is scored as one model per choice, on every test document, and tested over the
    documents (approximate randomization), the metric and k chosen inside the training file."""
    train, test = split_texts(n_train=90, n_test=60)
    run = run_grid(load_split(train, test, min_df=1), _config(inner_folds=3), n_jobs=1)
    assert set(run.results["fold"]) == {0}  # one model per task, metric and k: no parts
    table = recommend(run.results)
    text = " ".join(recommendation_text(table))
    assert "on the test file" in text and "held-out folds" not in text and "parts of the test file" not in text
    assert "approximate randomization over 60 test documents" in text
    first = answers(table)[0]
    assert first["scored_on"] == "test file" and first["method"].startswith("approximate randomization over 60 test")
    assert "cross-validation inside the training file" in first["method"]


def test_multiclass_fits_on_the_training_file_and_scores_on_the_test_file_too():
    train, test = split_texts()
    corpus = load_split(train, test, min_df=1)
    config = GridConfig(metrics=("chi_max",), ks=(3,), trials=1, folds=2)
    _, _, cells = _prepared(corpus, config)
    training = np.arange(len(train[1]))
    assert all(np.array_equal(tr, training) for _, _, tr, _, _ in cells)
    assert sorted(np.concatenate([te for _, f, _, te, spec in cells if spec == "chi_max"]).tolist()) == \
        corpus.test_rows.tolist()
    assert set(run_multiclass(corpus, config, n_jobs=1)["fold"]) == {0, 1}


def test_the_cli_reads_a_test_file_and_its_json_says_so(tmp_path, capsys):
    train, test = split_texts(n_train=90, n_test=60)
    paths = [str(write_csv(tmp_path / f"{name}.csv", *texts)) for name, texts in (("train", train), ("test", test))]
    assert main(["recommend", paths[0], "--test", paths[1], "--min-df", "1", "--json", "--jobs", "1", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {a["scored_on"] for a in out["answers"]} == {"test file"}
    assert main(["grid", "sample", "--test-file", paths[1], "--out", str(tmp_path / "r.parquet")]) == 2
    assert "--test-file goes with a corpus file" in capsys.readouterr().err


def test_a_multiclass_run_hands_over_each_cells_rows_as_it_finishes():
    train, test = split_texts()
    corpus = load_split(train, test, min_df=1)
    handed = []
    table = run_multiclass(corpus, GridConfig(metrics=("chi_max", "dfreq"), ks=(3,), trials=1, folds=2), n_jobs=1,
                           on_rows=handed.append)
    assert len(handed) == 2 * 3  # (2 metrics + all words) × 2 parts
    joined = pd.concat(handed, ignore_index=True).sort_values(["trial", "fold", "metric", "k"], ignore_index=True)
    pd.testing.assert_frame_equal(joined, table)


def test_the_model_to_ship_learns_from_the_training_file_alone():
    """Issue 56: with a test file, the words and the model shipped come from the training file: the test file's
    documents (here, every one of them labelled against its words) change nothing."""
    train, test = split_texts(n_train=60, n_test=30)
    corpus = load_split(train, test, min_df=1)
    export = export_selection(corpus, "fruit", "bns", 3)
    assert "fitted on 60 documents (20 in the class)" in export.summary
    flipped = load_split(train, (test[0], [{"fruit": "sky", "sky": "sea", "sea": "fruit"}[c] for c in test[1]]),
                         min_df=1)
    again = export_selection(flipped, "fruit", "bns", 3)
    assert again.words["word"].tolist() == export.words["word"].tolist()
    assert np.array_equal(export.pipeline[-1].coef_, again.pipeline[-1].coef_)


def test_a_saved_test_file_run_keeps_its_documents_and_its_answer(tmp_path):
    train, test = split_texts(n_train=60, n_test=40)
    run = run_grid(load_split(train, test, min_df=1), _config(inner_folds=2), n_jobs=1)
    back = load_results(run.save(tmp_path / "run.parquet"))
    assert has_documents(back.results)
    assert "test_predicted" not in back.to_csv().splitlines()[0]  # packed bits are not for spreadsheets
    pd.testing.assert_frame_equal(recommend(back.results), recommend(run.results))
