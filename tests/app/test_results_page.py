"""The Results explorer through AppTest, on a results file the CLI makes here."""

import json

import pytest
from conftest import REPO, cli_grid_results
from streamlit.testing.v1 import AppTest

from tests.app.conftest import set_grid
from tests.app.figures import drawn


@pytest.fixture(scope="module")
def results_file(tmp_path_factory):
    return cli_grid_results(tmp_path_factory.mktemp("results"),
                            ["--metrics", "bns,ig,chi,odds", "--k", "5,10,20,40", "--trials", "2", "--folds", "3"],
                            n_docs=300, n_classes=4, skew=1.8, random_state=3)


def results_page():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    return at.switch_page("pages/results.py").run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_without_results_the_page_says_where_to_get_them():
    at = results_page()
    assert_clean(at)
    assert any("No results yet" in i.value for i in at.info)


def test_every_analysis_renders_on_a_cli_results_file(results_file):
    at = results_page()
    at.file_uploader(key="results_upload").set_value(
        ("planted.parquet", results_file.read_bytes(), "application/octet-stream")).run()
    assert_clean(at)
    markdown = " ".join(m.value for m in [*at.markdown, *at.success, *at.warning])
    for goal in ("F-measure", "Precision", "Recall", "Accuracy"):
        assert f"**{goal}**: " in markdown  # the goal's answer in its box, the others listed
    # curves, P–R, skew scatter + low/high curves + the tasks' sizes (Figure 12), tolerance + bars, residuals,
    # significance
    assert len(drawn(at)) == 10
    assert len(at.get("download_button")) >= 8

    for goal in ("precision", "recall", "accuracy"):
        at.selectbox(key="res_goal").set_value(goal).run()
        assert_clean(at)
    at.selectbox(key="res_k").set_value(5).run()
    at.radio(key="res_tol_kind").set_value("absolute (points of the goal)").run()
    at.radio(key="res_test").set_value("sign test").run()
    at.slider(key="res_skew_pct").set_value(99).run()
    assert_clean(at)
    at.selectbox(key="res_leader_accuracy").set_value("chi").run()
    assert_clean(at)
    assert any("chi" in m.value.lower() and "fails on" in m.value for m in at.markdown)

    at.multiselect(key="res_metrics").set_value([]).run()
    assert any("at least one metric" in i.value for i in at.info)
    at.multiselect(key="res_metrics").set_value(["bns"]).run()
    assert_clean(at)

    # a broken file is refused and the analysed results stay
    run = at.session_state["grid_shown"][0]
    at.file_uploader(key="results_upload").set_value(("bad.parquet", b"PAR1 nope", "application/octet-stream")).run()
    assert any("not a Parquet results file" in e.value for e in at.error)
    assert at.session_state["grid_shown"][0] is run and not at.exception


def test_results_of_a_grid_run_in_the_app_reach_the_explorer(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path / "cache"))
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    set_grid(at, classes=["scipy.stats", "numpy"])
    at.button(key="grid_run").click().run()
    at.switch_page("pages/results.py").run()
    assert_clean(at)
    assert any("this corpus" in c.value for c in at.caption)
    assert any(m.value.startswith("**F-measure**: ") for m in [*at.success, *at.warning])


def test_a_visitors_file_never_changes_what_another_visitors_explorer_says(results_file, tmp_path):
    """The analyses cache is shared by every session: a file with the same counts, the same declared run key
    and two metric names swapped must not answer for the real one."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from fsviz.evaluation.analyses import metric_label
    from fsviz.evaluation.answer import recommend
    from fsviz.evaluation.grid import load_results

    real = pq.read_table(results_file)
    metric = real.column("metric").to_pylist()
    swapped_names = [{"bns": "odds", "odds": "bns"}.get(m, m) for m in metric]
    swapped = real.set_column(real.schema.get_field_index("metric"), "metric", pa.array(swapped_names))
    swapped = swapped.replace_schema_metadata(real.schema.metadata)  # the same run key in the metadata
    forged = tmp_path / "forged.parquet"
    pq.write_table(swapped, forged)
    truth = recommend(load_results(results_file).results)
    lie = recommend(load_results(forged).results)
    assert truth["best"].tolist() != lie["best"].tolist(), "the swap must change the answer for this test"

    def recommended(path):
        at = results_page()
        at.file_uploader(key="results_upload").set_value((path.name, path.read_bytes(), "application/octet-stream"))
        at.run()
        assert_clean(at)
        return at.dataframe[0].value["Use"].tolist()

    def labels(table):
        return [metric_label(m) if isinstance(m, str) else f"none shown better (best: {metric_label(b)})"
                for m, b in zip(table["metric"], table["best"])]

    assert recommended(forged) == labels(lie)  # the forger's session sees its own table's answer
    assert recommended(results_file) == labels(truth)  # the next visitor sees the truth


def test_a_k_rule_shows_beside_the_fixed_k_curves(results_file, tmp_path):
    at = results_page()
    at.file_uploader(key="results_upload").set_value(
        ("planted.parquet", results_file.read_bytes(), "application/octet-stream")).run()
    assert any("has no k rule" in i.value for i in at.info)  # the tab says how to add one
    ruled = cli_grid_results(tmp_path, ["--metrics", "bns,ig", "--k", "5,20,fdr0.05", "--trials", "1", "--folds", "3"],
                             n_docs=200, n_classes=3, random_state=4)
    at.file_uploader(key="results_upload").set_value(
        ("ruled.parquet", ruled.read_bytes(), "application/octet-stream")).run()
    assert_clean(at)
    figure = next(json.dumps(spec) for _, spec in drawn(at) if "fdr0.05" in json.dumps(spec))
    assert '"BNS, fdr0.05"' in figure and '"IG, fdr0.05"' in figure
    table = next(d.value for d in at.dataframe if "rule" in d.value.columns)
    assert set(table["rule"]) == {"fdr0.05"} and (table["k: min"] >= 1).all()
    assert not any("has no k rule" in i.value for i in at.info)
