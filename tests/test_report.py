"""The shareable HTML report (fsviz.report): every section, plotly.js once, nothing from the network, text escaped.

The browser half (every figure drawn, no request) is tests/e2e/test_report_browser.py.
"""

import html
import re

import plotly.io as pio
import pytest
from conftest import cli_grid_results, results_table
from plotly.offline import get_plotlyjs

from fsviz.evaluation.analyses import goal_shares, metric_label
from fsviz.evaluation.answer import recommend, recommendation_text
from fsviz.evaluation.grid import GridConfig, GridRun, load_results
from fsviz.evaluation.grid.results import skipped_frame, sorted_results, with_goals
from fsviz.report import default_k, pair_analysis, report_html, tolerance_table, write_report

SECTIONS = ["recommendation", "run", "corpus", "curves", "precision-recall", "tolerance", "pairs", "significance"]
FIGURES = ["tasks", "curves", "pr", "tolerance", "tolerance-bars", "residuals", "significance"]
HOSTILE = '<script>alert("x")</script>&amp;\'"'


@pytest.fixture(scope="module")
def results_file(tmp_path_factory):
    return cli_grid_results(tmp_path_factory.mktemp("report"),
                            ["--metrics", "bns,ig,chi", "--k", "5,10,20,50", "--trials", "2", "--folds", "2"],
                            n_docs=200, n_classes=3, skew=1.5, random_state=2)


@pytest.fixture(scope="module")
def run(results_file):
    return load_results(results_file)


@pytest.fixture(scope="module")
def page(run):
    return report_html(run, source="results.parquet")


def tiny_run(metrics=("x", "y"), *, dataset="d", classes=("a", "b"), complete=True) -> GridRun:
    """conftest's two-task table (metrics x, y at k 10, 20, plus all features), renamed as asked."""
    table = results_table()
    table["metric"] = table["metric"].map({"x": metrics[0], "y": metrics[-1], "all": "all"})
    table["class"] = table["class"].map(dict(zip(("a", "b"), classes, strict=True)))
    table["dataset"], table["n_features"] = dataset, table["k"]
    return GridRun(sorted_results(with_goals(table)), skipped_frame([]), GridConfig(metrics=("bns", "ig"), ks=(10, 20)),
                   complete=complete)


def scripts(text: str) -> list[str]:
    return re.findall(r"<script\b[^>]*>", text, flags=re.I)


def test_the_report_holds_every_section_and_figure(page):
    for section in SECTIONS:
        assert f'<section id="{section}">' in page and f'href="#{section}"' in page
    for figure in FIGURES:
        assert page.count(f'id="fig-{figure}"') == 1
    for heading in ("Which metric to use", "The run", "The tasks", "Curves vs k", "Precision–recall trade-off",
                    "Chance of attaining the best", "Residuals and pairs", "Significance"):
        assert f"<h2>{heading}</h2>" in page
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")


def test_the_words_are_the_analysis_module_s(run, page):
    """The recommendation and the pair paragraph are the library's sentences (as the page shows them), escaped."""
    for line in recommendation_text(recommend(run.results), metric_label):
        assert html.escape(line).replace("**", "") in re.sub(r"</?strong>", "", page)
    pairs = pair_analysis(run.results, "f1")
    assert pairs.leader in {"bns", "ig", "chi"} and pairs.tolerance == 0.01
    assert re.sub(r"\*\*", "", html.escape(pairs.text())) in re.sub(r"</?strong>", "", page)


def test_the_run_s_config_and_tasks_are_listed(run, page):
    assert "<td>k</td>" in page and "<td>5, 10, 20, 50</td>" in page
    assert "<td>trials × folds</td>" in page and f"<td>{run.key}</td>" in page
    tasks = run.results.groupby(["dataset", "class"])[["pos", "neg"]].first().reset_index()
    for task in tasks.itertuples(index=False):
        assert f"<td>{task[1]}</td>\n      <td>{task.pos}</td>\n      <td>{task.neg}</td>" in page


def test_plotly_js_is_embedded_once_and_nothing_is_fetched(page):
    plotly_js = get_plotlyjs()
    assert page.count(plotly_js[:500]) == 1 and plotly_js[-500:] in page
    assert len(scripts(page)) == 1 + len(FIGURES)  # plotly.js, then one small script per figure
    assert not any("src=" in tag for tag in scripts(page))
    ours = page.replace(plotly_js, "")  # plotly.js holds URLs in its strings (help links), never fetched
    assert not re.search(r"<(link|img|iframe|embed|object)\b", ours, flags=re.I)
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", ours, flags=re.I)
    assert "http://" not in ours and "https://" not in ours


def test_the_same_results_give_the_same_bytes(run, page, monkeypatch):
    """Whatever plotly's default template (Streamlit sets its own when imported, which only its page can draw)."""
    assert report_html(run, source="results.parquet") == page
    monkeypatch.setattr(pio.templates, "default", "ggplot2")
    assert report_html(run, source="results.parquet") == page


def test_goal_k_and_metrics_shape_the_report(run):
    text = report_html(run, goal="recall", k=10, metrics=["bns", "ig"])
    assert "Precision vs recall at k = 10" in text and "Recall: chance of attaining the best" in text
    assert "Recall of each row metric minus each column metric at k = 10" in text
    assert "2 metrics shown" in text
    assert default_k([5, 10, 20, 50]) == 50 and default_k([10, 100, 1000, 5000]) == 1000 and default_k([3000]) == 3000


def test_data_from_the_user_is_escaped_everywhere():
    """Dataset, class and metric names (from folder names, labels or a crafted file) never become markup."""
    text = report_html(tiny_run(metrics=(HOSTILE, "y"), dataset=HOSTILE, classes=(HOSTILE, "b&<i>")),
                       source=HOSTILE)
    assert "<script>alert" not in text and "<i>" not in text
    assert html.escape(HOSTILE) in text and "b&amp;&lt;i&gt;" in text
    assert len(scripts(text)) == 1 + len(FIGURES)  # no script but ours
    # the figures get the names as entities (fsviz.plots.text), which plotly draws as the characters
    assert "&lt;script&gt;alert" in text and "\\u003cscript\\u003ealert" not in text


def test_an_incomplete_run_says_so_and_one_metric_has_no_pairs():
    text = report_html(tiny_run(metrics=("x",), complete=False))
    assert "This run is incomplete" in text
    assert "Residuals and pairs need at least two metrics" in text and 'id="fig-residuals"' not in text
    assert "This run is incomplete" not in report_html(tiny_run())


def test_many_tasks_are_counted_beyond_the_limit():
    text = report_html(tiny_run(), max_tasks=1)
    assert "… and 1 more tasks." in text


@pytest.mark.parametrize("options, message", [
    (dict(goal="f2"), "`goal` must be one of f1, precision, recall, accuracy, got 'f2'"),
    (dict(k=7), "`k` = 7 is not among the results table's k [10, 20]; choose one of them"),
    (dict(k="10"), "`k` = '10' is not among the results table's k [10, 20]"),
    (dict(metrics=["nope"]), "`metrics` must be some of the table's metrics ['x', 'y'], got ['nope']"),
    (dict(metrics=[]), "`metrics` must be some of the table's metrics ['x', 'y'], got []"),
    (dict(max_tasks=0), "`max_tasks` must be a whole number of tasks to list, at least 1, got 0"),
    (dict(max_tasks=2.5), "`max_tasks` must be a whole number of tasks to list, at least 1, got 2.5"),
])
def test_bad_options_are_refused_before_any_work(options, message):
    with pytest.raises(ValueError) as caught:
        report_html(tiny_run(), **options)
    assert message in str(caught.value)


def test_a_table_without_metrics_or_a_wrong_type_is_refused():
    only_all = tiny_run()
    only_all.results = only_all.results[only_all.results["metric"] == "all"]
    with pytest.raises(ValueError, match="holds no finished cells of any metric; run the grid first"):
        report_html(only_all)
    with pytest.raises(ValueError, match="`run` must be a GridRun .*got DataFrame"):
        report_html(tiny_run().results)


def test_write_report_replaces_the_file_whole(tmp_path, run):
    out = tmp_path / "report.html"
    out.write_text("old")
    assert write_report(run, out) == out
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_tolerance_table_is_metrics_by_goal(run):
    table = tolerance_table(goal_shares(run.results))
    assert list(table.columns) == ["f1 (1%)", "precision (1%)", "recall (1%)", "accuracy (0.1%)"]
    assert table["f1 (1%)"].is_monotonic_decreasing and set(table.index) == {"bns", "ig", "chi"}


def test_the_run_table_is_complete_and_true(run):
    """Every preprocessing option as used, classifier and parameters, datasets, trials, folds, seed, date and
    versions, after a save and a load."""
    import io

    import sklearn

    from fsviz.evaluation.grid import load_results
    from fsviz.report import run_table

    buffer = io.BytesIO()
    run.save_to(buffer)
    buffer.seek(0)
    table = dict(run_table(load_results(buffer)).itertuples(index=False))
    dataset = next(v for k, v in table.items() if k.startswith("dataset "))
    assert "documents" in dataset and "rare-word cutoff" in dataset and "stop words kept" in dataset
    assert "None" not in " ".join(table.values())
    assert table["trials × folds"] == f"{run.config.trials} × {run.config.folds} (seed {run.config.seed})"
    assert table["classifier"].startswith(f"{run.config.classifier} (") and "solver" in table["classifier"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", table["written"])
    assert f"scikit-learn {sklearn.__version__}" in table["versions"] and "fsviz " in table["versions"]
