"""The evaluation grid page through AppTest: run, reload, load a CLI results file, bad input."""

import pytest
from conftest import REPO, cli_grid_results, seen
from streamlit.testing.v1 import AppTest

from tests.app.conftest import runs_dir, set_grid
from tests.app.figures import drawn

pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def grid_page():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    return at


def configure(at, classes=("scipy.stats", "numpy"), **settings):
    return set_grid(at, classes=classes, **settings)


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_run_shows_curves_and_survives_a_reload(cache):
    at = configure(grid_page())
    assert_clean(at)
    assert at.metric[0].value == "4"  # 2 classes × 1 trial × 2 folds
    at.button(key="grid_run").click().run()
    assert_clean(at)
    run, _ = at.session_state["grid_shown"]
    assert run.complete and run.cells_done == 4
    assert set(run.results.metric) == {"bns", "ig", "all"}
    assert drawn(at), "no curves drawn"
    assert list(cache.glob("grid/*/*.parquet")), "the finished run was not stored"

    again = configure(grid_page())  # a new session: the page reloaded
    assert_clean(again)
    shown, _ = again.session_state["grid_shown"]
    assert shown.complete and len(shown.results) == len(run.results)
    assert again.button(key="grid_run").disabled  # nothing left to run


def test_a_k_rule_runs_from_the_page_and_is_recorded_per_fold(cache):
    at = configure(grid_page(), ks="10, fdr0.05")
    assert_clean(at)
    at.button(key="grid_run").click().run()
    assert_clean(at)
    run, _ = at.session_state["grid_shown"]
    ruled = run.results[run.results.k_rule == "fdr0.05"]
    assert run.config.k_rules == ("fdr0.05",) and len(ruled) == 2 * 2 * 2  # 2 classes × 2 folds × 2 metrics
    assert (ruled.k == ruled.n_features).all() and (ruled.k > 0).all()
    at.text_input(key="grid_ks").set_value("10, fdr2").run()
    assert any("strictly between 0 and 1" in e.value for e in at.error)


def test_inner_folds_and_rand_draws_run_from_the_page_and_one_inner_fold_is_refused(cache):
    at = configure(grid_page(), metrics=("bns", "rand"))
    at.number_input(key="grid_inner_folds").set_value(2)
    at.number_input(key="grid_rand_draws").set_value(3).run()
    assert_clean(at)
    at.button(key="grid_run").click().run()
    assert_clean(at)
    run, _ = at.session_state["grid_shown"]
    assert run.config.inner_folds == 2 and run.config.rand_draws == 3
    assert (run.results[["inner_tp", "inner_fp", "inner_fn", "inner_tn"]].sum(axis=1) > 0).all()
    assert set(run.results.loc[run.results.metric == "rand", "draws"]) == {3}
    at.number_input(key="grid_inner_folds").set_value(1).run()
    assert any("at least 2 folds" in e.value for e in at.error)


def test_bad_k_and_no_metric_explain_themselves():
    at = configure(grid_page(), ks="10, zero")
    assert any("whole numbers" in e.value for e in at.error)
    at.text_input(key="grid_ks").set_value("0").run()
    assert any("positive whole number" in e.value for e in at.error)
    at.text_input(key="grid_ks").set_value("10").run()
    at.multiselect(key="grid_metrics").set_value([]).run()
    assert any("at least one class and one metric" in i.value for i in at.info)
    assert not at.exception


def test_load_a_results_file_from_the_cli_then_a_broken_one(tmp_path):
    out = cli_grid_results(tmp_path, ["--metrics", "bns,odds", "--k", "5,10", "--trials", "1", "--folds", "3"],
                           n_docs=120, n_classes=2, random_state=1)
    at = grid_page()
    at.file_uploader(key="grid_upload").set_value(("results.parquet", out.read_bytes(), "application/octet-stream")).run()
    assert_clean(at)
    run, source = at.session_state["grid_shown"]
    assert "results.parquet" in source and set(run.results.metric) == {"bns", "odds", "all"}
    assert drawn(at)
    at.file_uploader(key="grid_upload").set_value(("bad.parquet", b"not parquet", "application/octet-stream")).run()
    assert any("not a Parquet results file" in e.value for e in at.error)
    assert not at.exception
    assert at.session_state["grid_shown"][0] is run


@pytest.mark.parametrize("classifier", ["nb", "knn", "knn_okapi", "centroid"])
def test_each_classifier_runs_from_the_page(classifier):
    at = configure(grid_page())
    at.selectbox(key="grid_classifier").set_value(classifier).run()
    assert_clean(at)
    at.button(key="grid_run").click().run()
    assert_clean(at)
    run, _ = at.session_state["grid_shown"]
    assert run.complete and run.config.classifier == classifier
    assert (run.results.groupby("metric")["f1"].mean() > 0).all()


def test_new_metrics_and_combinations_from_the_page():
    at = configure(grid_page(), metrics=("chi_max", "ttest_avg", "svm_w"))
    at.text_input(key="grid_specs").set_value("ar(chi_max, ig), bns@0.6, igfss(cmfs, nfr=0.2)").run()
    assert_clean(at)
    at.button(key="grid_run").click().run()
    assert_clean(at)
    run, _ = at.session_state["grid_shown"]
    assert set(run.config.metrics) == {"chi_max", "ttest_avg", "svm_w", "ar(chi_max,ig)", "bns@0.6",
                                       "igfss(cmfs,nfr=0.2)"}
    assert set(run.results["metric"]) == {"all", *run.config.metrics}


def test_a_bad_combination_says_what_is_wrong():
    at = configure(grid_page())
    at.text_input(key="grid_specs").set_value("ar(chi_max)").run()
    assert not at.exception
    assert any("two or more" in e.value for e in at.error)


def test_a_run_bigger_than_the_servers_cap_is_refused_before_it_starts(monkeypatch, cache):
    monkeypatch.setenv("FSVIZ_MAX_FITS", "3")
    at = configure(grid_page())  # 4 cells
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any("4 cells to go, up to 20 classifier fits, more than one run on this server may start (3 fits, the "
               "setting FSVIZ_MAX_FITS)" in e for e in errors), errors
    assert not [b for b in at.button if b.key == "grid_run"], "no Run button for a run over the cap"
    assert not any(cache.rglob("*.parquet"))
    monkeypatch.setenv("FSVIZ_MAX_FITS", "a lot")
    at = configure(grid_page())
    assert any("FSVIZ_MAX_FITS must be a whole number" in seen(w.value) for w in at.warning)
    assert [b for b in at.button if b.key == "grid_run"]


def test_a_finished_run_redraws_the_panel_with_its_numbers(cache):
    at = configure(grid_page())
    at.button(key="grid_run").click().run()
    assert_clean(at)
    numbers = {m.label: m.value for m in at.metric}
    assert numbers["Already finished"] == "4" and numbers["Estimated time"] == "done"
    assert any("Finished: all 4 cells are stored" in s.value for s in at.success)
    assert not [b for b in at.button if b.key == "grid_run"], "no Run button once everything is finished"


def test_stop_shows_the_stopped_state_with_what_is_finished(cache):
    import fsviz
    from fsviz.evaluation.grid import GridConfig, run_grid, run_key

    at = configure(grid_page(), trials=2)  # 8 cells; a session ran 2 of them and was stopped
    corpus = at.session_state["context"].corpus
    config = GridConfig(metrics=("bns", "ig"), ks=(10, 50), trials=2, folds=2, classes=("scipy.stats", "numpy"))
    key = run_key(config, [corpus])
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 1

    run_grid([corpus], config, out=runs_dir(cache) / f"{key}.parquet", n_jobs=1, should_stop=stop, flush_seconds=0)
    at = configure(grid_page(), trials=2)
    done = int(next(m.value for m in at.metric if m.label == "Already finished"))
    assert 0 < done < 8
    at.button(key="grid_stop").click().run()
    assert any(f"Stopped after {done} of 8 cells" in w.value and "Continue" in w.value for w in at.warning)
    assert at.button(key="grid_run").label == "Continue"
    assert fsviz.evaluation.grid.list_runs(runs_dir(cache))["status"].tolist() == ["stopped"]


@pytest.mark.parametrize("script, key", [("pages/grid.py", "grid_classes"), ("pages/lesion.py", "lesion_classes"),
                                         ("pages/cutoff.py", "cutoff_classes")])
def test_the_class_box_says_what_it_holds_and_sets_all_or_none_at_once(script, key):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page(script).run()
    n = len(at.session_state["context"].corpus.classes)

    def line():
        return next(c.value for c in at.caption if c.value.startswith("Chosen ("))

    assert line().startswith(f"Chosen ({n} of {n} classes)") and "more)" in line()
    at.button(key=f"{key}_none").click().run()
    assert at.multiselect(key=key).value == [] and line() == f"Chosen (0 of {n} classes): none"
    at.multiselect(key=key).set_value(["numpy", "scipy.stats"]).run()
    assert line() == f"Chosen (2 of {n} classes): numpy, scipy\\.stats"
    at.button(key=f"{key}_all").click().run()
    assert len(at.multiselect(key=key).value) == n
    assert not at.exception, [e.value for e in at.exception]
