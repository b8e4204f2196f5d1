"""The Results explorer offers the HTML report, and its words are the report's (fsviz.report)."""

import pytest
from conftest import REPO, cli_grid_results
from streamlit.testing.v1 import AppTest

from fsviz.evaluation.analyses import metric_label
from fsviz.evaluation.answer import recommend, recommendation_text
from fsviz.evaluation.grid import load_results
from fsviz.report import pair_analysis


@pytest.fixture(scope="module")
def results_file(tmp_path_factory):
    return cli_grid_results(tmp_path_factory.mktemp("results"),
                            ["--metrics", "bns,ig,chi", "--k", "5,10,20", "--trials", "2", "--folds", "2"],
                            n_docs=200, n_classes=4, skew=1.8, random_state=5)


def test_the_page_offers_the_report_and_says_what_it_says(results_file):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/results.py").run()
    at.file_uploader(key="results_upload").set_value(
        ("planted.parquet", results_file.read_bytes(), "application/octet-stream")).run()
    assert not at.exception and not at.error
    buttons = {b.proto.label: b.proto for b in at.get("download_button")}
    assert "Download report (HTML)" in buttons
    assert "one HTML file that opens offline" in buttons["Download report (HTML)"].help

    results = load_results(results_file).results
    shown = [m.value for m in at.markdown] + [m.value for m in [*at.success, *at.warning]]
    for line in recommendation_text(recommend(results), metric_label):  # the goal's first, the others listed
        assert f"- {line}" in shown or line in shown
    for goal in ("f1", "accuracy"):  # the page's default leader and tolerance are the report's
        at.selectbox(key="res_goal").set_value(goal).run()
        assert pair_analysis(results, goal).text() in [m.value for m in at.markdown]
