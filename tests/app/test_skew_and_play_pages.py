"""Figure 12 on the Corpus page and the Results explorer, and the word map's boundaries played over k (AppTest)."""

import json

import pytest
from conftest import REPO, cli_grid_results
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.evaluation.grid import DEFAULT_KS
from tests.app.figures import drawn, figure


def fresh():
    return AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def chart(at, key):
    """The figure (plotly JSON) of the chart with widget key ``key``."""
    return figure(at, key)


def test_corpus_page_draws_only_its_chosen_tab():
    at = fresh()
    assert_clean(at)
    assert [i.split("-")[-1] for i, _ in drawn(at)] == ["corpus_classes"]  # one chart, not three
    at.session_state["corpus_tab"] = "Document frequencies"
    at.run()
    assert_clean(at)
    chart(at, "corpus_zipf")
    assert len(drawn(at)) == 1 and any("Zipf" in c.value for c in at.caption)


def test_corpus_page_shows_every_class_as_a_task_with_forman_behind():
    at = fresh()
    assert_clean(at)
    corpus = at.session_state["context"].corpus
    at.session_state["corpus_tab"] = "Against Forman's benchmark"
    at.run()
    figure = chart(at, "corpus_skew")
    points = [t for t in figure["data"] if t.get("mode") == "markers"]
    assert "Forman" in points[0]["name"] and points[1]["name"] == corpus.name
    assert any("median skew" in m.value and "Figure 12" in m.value for m in at.markdown)
    assert any(b.label == "Download these points (CSV)" for b in at.get("download_button"))
    at.toggle(key="corpus_skew_benchmark").set_value(False).run()
    assert_clean(at)
    points = [t for t in chart(at, "corpus_skew")["data"] if t.get("mode") == "markers"]
    assert [p["name"] for p in points] == [corpus.name]


@pytest.fixture(scope="module")
def results_file(tmp_path_factory):
    return cli_grid_results(tmp_path_factory.mktemp("results"),
                            ["--metrics", "bns,ig", "--k", "5,10,20", "--trials", "1", "--folds", "2"],
                            n_docs=200, n_classes=3, skew=1.8, random_state=3)


def test_results_explorer_class_skew_tab_has_figure_12(results_file):
    at = fresh().switch_page("pages/results.py").run()
    at.file_uploader(key="results_upload").set_value(
        ("planted.parquet", results_file.read_bytes(), "application/octet-stream")).run()
    assert_clean(at)
    figure = chart(at, "res_skew_sizes")
    mine = [t for t in figure["data"] if t.get("mode") == "markers" and "Forman" not in t["name"]]
    assert len(mine) == 1 and [c[1] for c in mine[0]["customdata"]] == ["c0", "c1", "c2"]  # one dataset, 3 classes
    assert any("Figure 12" in m.value for m in at.markdown)
    at.toggle(key="res_skew_benchmark").set_value(False).run()
    assert_clean(at)


def test_word_map_plays_the_boundaries_over_formans_ks():
    at = fresh().switch_page("pages/word_map.py").run()
    at.multiselect(key="wordmap_metrics").set_value(["bns", "ig", "chi_max", "rand"]).run()
    at.toggle(key="wordmap_play").set_value(True).run()
    assert_clean(at)
    figure = chart(at, "wordmap_animation")
    task = at.session_state["context"].task
    ks = [k for k in DEFAULT_KS if k <= task.n_words]
    assert [f["name"] for f in figure["frames"]] == [str(k) for k in ks]
    assert [s["label"] for s in figure["layout"]["sliders"][0]["steps"]] == [str(k) for k in ks]
    assert any("rings the points" in c.value for c in at.caption)
    at.toggle(key="wordmap_log").set_value(True).run()
    at.toggle(key="wordmap_zoom").set_value(True).run()
    assert_clean(at)


def test_play_on_a_small_vocabulary_leaves_out_the_large_ks():
    at = fresh()
    planted = fsviz.make_planted_corpus(n_docs=120, n_classes=3, n_background=300, random_state=2)
    data = "".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(planted.texts, planted.labels))
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("small.jsonl", data.encode(), "application/json")).run()
    at.switch_page("pages/word_map.py").run()
    at.toggle(key="wordmap_play").set_value(True).run()
    assert_clean(at)
    n_words = at.session_state["context"].task.n_words
    assert n_words < 2000
    assert any("left out" in c.value and "2000" in c.value for c in at.caption)
