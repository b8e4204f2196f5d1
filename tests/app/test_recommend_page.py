"""The Recommend page through AppTest: one click from the landing page to the answer, the goal changing the answer
without a new run, and a reload keeping the finished cells."""

import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def recommend_page():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    first = [link for link in at.get("page_link") if link not in at.sidebar.get("page_link")]
    assert first and "Recommend" in first[0].proto.label, "no way there from the landing page's body"
    at.switch_page("pages/recommend.py").run()
    return at


def cell_seconds(monkeypatch, seconds: float) -> None:
    """Each cell of the plan takes ``seconds`` by the page's estimate (the budget's second split then runs or not,
    whatever the machine's load)."""
    import ui.cache

    monkeypatch.setattr(ui.cache, "cell_seconds", lambda *args: seconds)


def test_one_click_gives_the_answer_and_the_goal_changes_it_without_a_new_run(cache, monkeypatch):
    cell_seconds(monkeypatch, 0.01)  # the second split fits in the budget
    at = recommend_page()
    assert not at.exception, [e.value for e in at.exception]
    assert any("The quick plan: 6 metrics" in c.value for c in at.caption)
    at.button(key="recommend_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    provisional = [m.value for m in [*at.success, *at.warning] if m.value.startswith("**F-measure**")]
    assert provisional, "no provisional answer for F-measure"
    assert any(w.value.startswith("The answer below is provisional") and "a second split" in w.value
               for w in at.warning)
    refined = [c.value for c in at.caption if c.value.startswith("After its first run: k refined around the peaks")]
    assert refined and "a second split" in refined[0]
    assert any("4 folds × 2 trials" in c.value for c in at.caption if c.value.startswith("The quick plan: "))
    at.button(key="recommend_run").click().run()  # Continue: the refinement
    assert not at.exception, [e.value for e in at.exception]
    shown = at.session_state["grid_shown"][0]
    assert shown.complete and sorted(shown.results["trial"].unique()) == [0, 1]
    assert set(shown.results["k"]) > {10, 30, 100, 300, 1000, 3000}  # k around the peaks were added
    answer = [m.value for m in [*at.success, *at.warning] if m.value.startswith("**F-measure**")]
    assert answer, "no answer for F-measure"
    assert any("corrected resampled t-test" in c.value for c in at.caption)
    stored = sorted(cache.glob("grid/*/*.parquet"))
    assert stored, "the quick plan's cells were not kept"
    at.radio(key="recommend_goal").set_value("precision").run()
    assert any(m.value.startswith("**Precision**") for m in [*at.success, *at.warning])
    assert sorted(cache.glob("grid/*/*.parquet")) == stored  # the goal changed the answer, not the run

    again = recommend_page()  # a new session: the finished cells are there, nothing to run
    assert again.button(key="recommend_run").disabled
    assert [m for m in [*again.success, *again.warning] if m.value.startswith("**F-measure**")]


def test_more_trials_refine_the_answer_without_redoing_a_cell(cache, monkeypatch):
    cell_seconds(monkeypatch, 60.0)  # past the budget: one split until the Trials box asks for more
    at = recommend_page()
    at.button(key="recommend_run").click().run()
    first = at.session_state["grid_shown"][0]
    at.number_input(key="recommend_trials").set_value(2).run()
    assert at.metric[2].value == f"{first.cells_done:,}", "the first trial's cells are not counted as finished"
    at.button(key="recommend_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    refined = at.session_state["grid_shown"][0]
    assert refined.complete and refined.cells_done == 2 * first.cells_done
    kept = refined.results[refined.results["trial"] == 0].reset_index(drop=True)
    assert kept.equals(first.results.reset_index(drop=True))  # the same rows, not run again


def test_more_metrics_and_more_k_refine_the_answer_on_the_same_folds(cache, monkeypatch):
    cell_seconds(monkeypatch, 60.0)  # past the budget: one split
    at = recommend_page()
    at.button(key="recommend_run").click().run()
    first = at.session_state["grid_shown"][0]
    stored = set(cache.glob("grid/*/*.parquet"))
    at.multiselect(key="recommend_add_metrics").set_value(["gini"]).run()
    at.text_input(key="recommend_add_k").set_value("50").run()
    at.button(key="recommend_run").click().run()
    assert not at.exception and not at.error, [e.value for e in [*at.exception, *at.error]]
    shown = at.session_state["grid_shown"]
    assert shown[0].fits == 0 and shown[0].results.equals(first.results)  # the plan's own cells were not run again
    added = [p for p in cache.glob("grid/*/*.parquet") if p not in stored]
    assert len(added) == 2
    from fsviz.evaluation.grid import load_results

    rows = [load_results(p).results for p in added]
    metrics_run = next(r for r in rows if set(r["metric"]) == {"gini"})
    k_run = next(r for r in rows if 50 in set(r["k"]))  # with the k refined around the peaks
    assert not set(k_run["k"]) & set(first.config.ks)
    assert set(k_run["metric"]) == set(first.config.metrics) | {"gini"} and "all" not in set(metrics_run["metric"])
    # On the plan's folds: an added metric's cell has the plan's test documents (same pos and sizes per fold).
    sizes = lambda r: r.groupby(["class", "fold"])[["tp", "fp", "fn", "tn"]].first().sum(axis=1)  # noqa: E731
    assert sizes(metrics_run).equals(sizes(first.results))
    answer = [m.value for m in [*at.success, *at.warning] if m.value.startswith("**F-measure**")]
    assert answer
