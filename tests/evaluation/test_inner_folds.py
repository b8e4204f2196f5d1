"""Textbook nested cross-validation (issue 56): with ``GridConfig(inner_folds=…)`` every cell also runs the same
metrics and k by an inner cross-validation inside its training split, and the answer's choice for a held-out fold
is made on those counts alone, so the held-out fold's documents never shape the choice.

Checked: the inner counts cover the training split once and nothing else; they do not move when the held-out
fold's labels change; all words' inner counts equal scikit-learn's LinearSVC cross-validated on the training split
by hand; the answer says where it chose; a run without inner folds keeps the shortcut, named for what it is; and
the run's key is unchanged for runs without inner folds."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.svm import LinearSVC

import fsviz
from fsviz.cli import main
from fsviz.evaluation.analyses import choice_source, fold_macro
from fsviz.evaluation.answer import answers, method_sentence, recommend, recommendation_text
from fsviz.evaluation.grid import (
    INNER_COLUMNS,
    GridConfig,
    cell_data,
    cell_splits,
    inner_splits,
    load_results,
    run_grid,
    run_key,
    task_labels,
)
from fsviz.evaluation.grid.cell import Cell, run_cell


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=120, n_classes=3, n_background=80, random_state=3).load()


@given(seed=st.integers(0, 50), inner=st.integers(2, 4), folds=st.integers(2, 4), fold=st.integers(0, 1))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_inner_counts_cover_the_training_split_once_and_ignore_the_held_out_labels(corpus, seed, inner, folds, fold):
    config = GridConfig(metrics=("bns", "ig", "rand"), ks=(5, 20), trials=1, folds=folds, inner_folds=inner,
                        seed=seed, solver="sklearn")
    data = cell_data(corpus, config)
    y, _ = task_labels(corpus, "c0", config)
    train, test = cell_splits(y, config, 0)[fold]
    cell = Cell(0, "c0", 0, fold)
    table, _ = run_cell(data, y, cell, corpus.name, config, (train, test))
    inner_counts = table[INNER_COLUMNS].to_numpy()
    assert (inner_counts.sum(axis=1) == train.size).all()  # each training document tested once by the inner folds
    assert (inner_counts[:, 0] + inner_counts[:, 2] == y[train].sum()).all()  # tp + fn: the training positives
    flipped = y.copy()
    flipped[test] = ~flipped[test]  # the held-out fold's labels never reach the inner folds
    again, _ = run_cell(data, flipped, cell, corpus.name, config, (train, test))
    assert (again[INNER_COLUMNS].to_numpy() == inner_counts).all()


def test_all_words_inner_counts_equal_linear_svc_cross_validated_by_hand(corpus):
    config = GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=3, inner_folds=3, solver="sklearn")
    data = cell_data(corpus, config)
    y, _ = task_labels(corpus, "c1", config)
    train, test = cell_splits(y, config, 0)[2]
    table, _ = run_cell(data, y, Cell(0, "c1", 0, 2), corpus.name, config, (train, test))
    X = corpus.X.astype(np.float64).tocsr()
    tp = fp = fn = tn = 0
    for inner_train, inner_test in inner_splits(y[train], config, 0, 2):
        rows_train, rows_test = train[inner_train], train[inner_test]
        predicted = LinearSVC(random_state=0).fit(X[rows_train], y[rows_train]).predict(X[rows_test]).astype(bool)
        truth = y[rows_test]
        tp += int((truth & predicted).sum())
        fp += int((~truth & predicted).sum())
        fn += int((truth & ~predicted).sum())
        tn += int((~truth & ~predicted).sum())
    row = table[table["metric"] == "all"].iloc[0]
    assert [int(row[c]) for c in INNER_COLUMNS] == [tp, fp, fn, tn]


def test_the_answer_chooses_on_the_inner_folds_and_says_so(corpus):
    config = GridConfig(metrics=("bns", "ig", "rand"), ks=(5, 20, 60), trials=1, folds=3, inner_folds=3)
    results = run_grid(corpus, config).results
    assert choice_source(results) == "inner folds"
    inner = recommend(results)
    assert set(inner["chosen_on"]) == {"inner folds"}
    assert "cross-validation inside each fold's training documents" in inner["method"].iloc[0]
    first = answers(inner)[0]
    assert "cross-validation inside each fold's training documents" in first["method"]
    assert all("chosen on the other folds" not in line for line in recommendation_text(inner))
    shortcut = recommend(results, choose_on="other folds")
    assert set(shortcut["chosen_on"]) == {"other folds"}
    assert shortcut["method"].iloc[0] == method_sentence("folds", "other folds")
    # the inner choice reads other numbers than the shortcut's: the held-out scores are the same table's
    inner_table, shortcut_table = fold_macro(results, "f1"), fold_macro(results, "f1", choose_on="other folds")
    assert np.allclose(inner_table["held"], shortcut_table["held"])
    assert not np.allclose(inner_table["rest"], shortcut_table["rest"])


def test_a_run_without_inner_folds_keeps_the_shortcut_and_its_key(corpus):
    plain = GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=3)
    results = run_grid(corpus, plain).results
    assert (results[INNER_COLUMNS] == 0).all().all()
    assert choice_source(results) == "other folds"
    with pytest.raises(ValueError, match="no inner cross-validation"):
        recommend(results, choose_on="inner folds")
    assert run_key(plain, [corpus]) != run_key(GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=3,
                                                          inner_folds=3), [corpus])
    spec = plain.to_dict()
    assert spec["inner_folds"] == 0  # the key leaves it out when 0, so old runs keep their keys
    with pytest.raises(ValueError, match="at least 2 folds"):
        GridConfig(inner_folds=1)


def test_a_task_too_small_for_inner_folds_takes_no_part_in_the_choice():
    y = np.array([True, False, False, False, False, False])
    assert inner_splits(y, GridConfig(inner_folds=3), 0, 0) == []
    assert len(inner_splits(np.array([True, True] + [False] * 6), GridConfig(inner_folds=5), 0, 0)) == 2


def test_the_cli_grid_runs_inner_folds_and_its_report_says_where_it_chose(tmp_path, capsys):
    out = tmp_path / "inner.parquet"
    first = str(fsviz.load_sample().classes[0])
    assert main(["grid", "sample", "--metrics", "bns,ig", "--k", "10,50", "--trials", "1", "--folds", "3",
                 "--inner-folds", "2", "--classes", first, "--out", str(out), "--quiet"]) == 0
    assert choice_source(load_results(out).results) == "inner folds"
    capsys.readouterr()
    assert main(["report", str(out), "--json"]) == 0
    assert "cross-validation inside each fold's training documents" in capsys.readouterr().out
