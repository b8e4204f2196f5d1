"""Runs a visitor finds again: a new session lists the stored runs and opens one with its curves."""

import pandas as pd
from conftest import REPO
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid
from tests.app.conftest import runs_dir
from tests.app.figures import drawn
from ui.runs import _run_label


def test_a_new_session_lists_a_stored_run_and_opens_it(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    run_grid([corpus], GridConfig(metrics=("bns", "ig"), ks=(5, 10), trials=1, folds=2),
             out=runs_dir(tmp_path) / "somekey.parquet", n_jobs=1)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/results.py").run()
    assert not at.exception
    listed = at.dataframe[0].value
    assert listed["datasets"].tolist() == ["planted"] and listed["status"].tolist() == ["finished"]
    choice = at.selectbox(key="results_runs_choice")
    choice.set_value(choice.options[1]).run()
    at.button(key="results_runs_open").click().run()
    assert not at.exception and not at.error
    run, source = at.session_state["grid_shown"]
    assert run.complete and run.cells_done == 6 and source.startswith("the stored run")
    assert drawn(at), "the opened run's curves"


def test_delete_is_offered_only_where_the_deployment_allows_it(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    run_grid([corpus], GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2),
             out=runs_dir(tmp_path) / "somekey.parquet", n_jobs=1)

    def results_page():
        at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
        at.switch_page("pages/results.py").run()
        choice = at.selectbox(key="results_runs_choice")
        return choice.set_value(choice.options[1]).run()

    at = results_page()
    assert not [b for b in at.button if b.key == "results_runs_delete"], "a shared server offers no Delete"
    monkeypatch.setenv("FSVIZ_ALLOW_DELETE", "1")
    at = results_page()
    at.button(key="results_runs_delete").click().run()
    assert not at.exception and not at.error
    assert not any(runs_dir(tmp_path).glob("*.parquet"))
    assert any("You have no runs stored" in c.value for c in at.caption)


def test_opening_a_stopped_run_sets_the_grid_form_so_continue_runs_the_rest(tmp_path, monkeypatch):
    """A new session (the form at its defaults) opens a stopped run of its corpus: the form takes the run's
    settings, the panel counts its finished cells, and its button says Continue."""
    from fsviz.evaluation.grid import run_key

    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    corpus = at.session_state["context"].corpus
    config = GridConfig(metrics=("bns", "ig"), ks=(10, 50), trials=2, folds=2, classes=("scipy.stats", "numpy"),
                        seed=3)
    calls = iter(range(100))
    run_grid([corpus], config, out=runs_dir(tmp_path) / f"{run_key(config, [corpus])}.parquet", n_jobs=1,
             should_stop=lambda: next(calls) >= 2, flush_seconds=0)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    assert at.multiselect(key="grid_classes").value != ["scipy.stats", "numpy"]  # the defaults: every class
    choice = at.selectbox(key="grid_runs_choice")
    # The picker tells runs apart: metrics, k, trials × folds, seed and the start of the run's key.
    assert choice.options[1].startswith("grid: ") and "2 metrics (bns, ig) · k 10, 50 · 2 × 2 folds · seed 3 · stopped" \
        in choice.options[1] and choice.options[1].endswith(run_key(config, [corpus])[:6])
    choice.set_value(choice.options[1]).run()
    at.button(key="grid_runs_open").click().run()
    assert not at.exception and not at.error
    assert at.multiselect(key="grid_classes").value == ["scipy.stats", "numpy"]
    assert at.multiselect(key="grid_metrics").value == ["bns", "ig"]
    assert at.text_input(key="grid_ks").value == "10, 50"
    assert (at.number_input(key="grid_trials").value, at.number_input(key="grid_seed").value) == (2, 3)
    numbers = {m.label: m.value for m in at.metric}
    assert numbers["Cells (class × trial × fold)"] == "8" and numbers["Already finished"] == "3"
    assert at.button(key="grid_run").label == "Continue"
    assert any("Continue runs the rest" in i.value for i in at.info)


def test_the_pickers_label_names_the_seed():
    """Two runs that differ in the seed alone read apart in the stored-run picker (issue #42)."""
    row = pd.Series({"kind": "grid", "datasets": "sample", "metrics": "bns, ig", "k": "10, 100", "trials": 5,
                     "folds": 4, "seed": 7, "status": "finished", "written": "2026-11-27T14:00:00", "key": "abcdef123"})
    label = _run_label(row)
    assert "seed 7" in label and "k 10, 100" in label and "5 × 4 folds" in label
    other = row.copy()
    other["seed"] = 0
    assert _run_label(other) != label
