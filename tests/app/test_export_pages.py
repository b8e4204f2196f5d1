"""Shipping a selector from the word map and the results explorer, through AppTest."""

import json

import pytest
import skops.io
from conftest import REPO, cli_grid_results, seen
from streamlit.testing.v1 import AppTest

import fsviz
from tests.app.figures import drawn

#: A sparse Weka ARFF (Forman's *.wc.arff): counts only, no texts. Class a uses words 0-3, class b all 8.
ARFF = "\n".join(["@relation toy", *(f"@attribute w{i} numeric" for i in range(8)), "@attribute class {a,b}", "@data",
                  *("{" + f"{d % 4} 1,{(d + 1) % (4 if d % 3 == 0 else 8)} 2,8 {'a' if d % 3 == 0 else 'b'}" + "}"
                    for d in range(60))]) + "\n"



def export_code(at) -> str:
    """The lines that load the exported file (the code block after the download; the tuning lines are their own)."""
    return [c.value for c in at.main.code if "MetricSelector" not in c.value][-1]


def planted_jsonl() -> bytes:
    planted = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=2)
    return "".join(json.dumps({"text": t, "label": lab}) + "\n"
                   for t, lab in zip(planted.texts, planted.labels, strict=True)).encode()


def fresh():
    return AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def downloads(at) -> list[str]:
    return [d.proto.label for d in at.get("download_button")]


def exported(at, key):
    """The Export the panel ``key`` built, made again from what the page asked for (the session's cache
    cannot be read from outside the app)."""
    ctx = at.session_state["context"]
    corpus_key, groups, metric, k, classifier, params = at.session_state[f"{key}_built"]
    assert (corpus_key, groups) == (ctx.corpus_key, ctx.groups)
    return fsviz.export_selection(ctx.corpus, ctx.positive, metric, k, negative=ctx.negative, classifier=classifier,
                                  params=dict(params))


def test_word_map_builds_a_model_on_request_and_shows_how_to_load_it():
    at = fresh()
    at.switch_page("pages/word_map.py")
    at.session_state["wordmap_tab"] = "Ship it"  # a hidden tab's content is not built
    at.run()
    assert_clean(at)
    assert not any(label.endswith(".skops") for label in downloads(at)), "nothing is fitted before the click"
    at.selectbox(key="class_name").set_value("scipy.stats").run()
    at.number_input(key="k").set_value(50).run()
    at.selectbox(key="wordmap_ship_metric").set_value("chi_max").run()
    at.selectbox(key="wordmap_ship_classifier").set_value("nb").run()
    at.button(key="wordmap_ship_build").click().run()
    assert_clean(at)
    assert "Download fsviz-scipy.stats-chi_max-k50.skops" in downloads(at)
    assert any("χ²max's 50 words for class 'scipy.stats' → multinomial Naive Bayes" in seen(c.value) for c in at.caption)
    snippet = export_code(at)
    tuning = [c.value for c in at.main.code if "fsviz.MetricSelector(" in c.value]
    assert len(tuning) == 1 and "[label == 'scipy.stats' for label in labels]" in tuning[0]
    compile(tuning[0], "<the word map's tuning lines>", "exec")
    assert "skops.io.load(path, trusted=trusted)" in snippet and "trusted = []" in snippet
    model = skops.io.loads(exported(at, "wordmap_ship").data, trusted=[])
    assert model["words"].get_feature_names_out().size == 50
    at.number_input(key="k").set_value(20).run()  # another selection: built again only on request
    assert_clean(at)
    assert not any(label.endswith(".skops") for label in downloads(at))


def test_a_stemmed_upload_ships_its_analyzer_and_a_precounted_one_its_words():
    at = fresh()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("planted.jsonl", planted_jsonl(), "application/json")).run()
    at.checkbox(key="stem").check().run()
    at.switch_page("pages/word_map.py")
    at.session_state["wordmap_tab"] = "Ship it"  # a hidden tab's content is not built
    at.run()
    at.button(key="wordmap_ship_build").click().run()
    assert_clean(at)
    assert "fsviz.evaluation.shipping.export.SnowballAnalyzer" in export_code(at)
    at.file_uploader(key="upload").set_value(("toy.wc.arff", ARFF.encode(), "text/plain")).run()
    at.number_input(key="min_df").set_value(1).run()
    assert at.session_state["context"].corpus.options["tokenised"] is False
    at.button(key="wordmap_ship_build").click().run()
    assert_clean(at)
    assert any(label.endswith(".csv") for label in downloads(at))
    assert "X_selected" in export_code(at)


def test_an_export_error_is_shown_and_the_page_kept(monkeypatch):
    def refuse(*args, **kwargs):
        raise fsviz.CorpusError("the model would take about 300.0 MiB, over the limit of 256.0 MiB (max_bytes)")

    monkeypatch.setattr(fsviz, "export_selection", refuse)
    at = fresh()
    at.switch_page("pages/word_map.py")
    at.session_state["wordmap_tab"] = "Ship it"  # a hidden tab's content is not built
    at.run()
    at.selectbox(key="wordmap_ship_classifier").set_value("knn_okapi").run()
    at.button(key="wordmap_ship_build").click().run()
    assert not at.exception
    assert any("Could not export this selection: the model would take about 300.0 MiB" in seen(e.value) for e in at.error)
    assert drawn(at), "the word map is still drawn"
    assert not at.button(key="wordmap_ship_build").disabled, "the button can be tried again"


@pytest.fixture(scope="module")
def results_file(tmp_path_factory):
    return cli_grid_results(tmp_path_factory.mktemp("results"), ["--metrics", "bns,ig", "--k", "5,20", "--trials",
                                                                 "1", "--folds", "2", "--classifier", "nb"],
                            n_docs=200, n_classes=3, random_state=3)


def test_results_explorer_ships_the_recommended_metric_and_k(results_file):
    at = fresh()
    at.switch_page("pages/results.py").run()
    at.file_uploader(key="results_upload").set_value(
        ("planted.parquet", results_file.read_bytes(), "application/octet-stream")).run()
    assert_clean(at)
    # F1's verdict against all words is "cannot tell" (2 folds, 1 trial): the smaller selection is offered, not "use"
    assert any("Ship the smaller selection for F-measure" in seen(m.value) for m in at.markdown)
    assert any("These results came from planted" in seen(c.value) for c in at.caption)
    at.button(key="res_ship_build").click().run()
    assert_clean(at)
    wanted = at.session_state["res_ship_built"]
    assert wanted[2] in {"bns", "ig"} and wanted[3] in {5, 20} and wanted[4] == "nb"
    assert any(label.startswith("Download fsviz-") and label.endswith(".skops") for label in downloads(at))
    assert "multinomial Naive Bayes" in exported(at, "res_ship").summary
