"""Streamlit's page folder: every page from app.py, the shared sidebar on each, choices kept between pages."""

import json
import runpy

import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

import fsviz
import ui.components
import ui.sidebar
from ui.sidebar import PAGES

SCRIPTS = [path for path, _, _ in PAGES]
TITLES = {path: title for path, title, _ in PAGES}


def fresh():
    return AppTest.from_file(str(REPO / "app.py"), default_timeout=120)


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def caption(at) -> str:
    return next(c.value for c in at.sidebar.caption if "documents," in c.value)


def test_the_menu_lists_every_page_once():
    on_disk = sorted(["app.py", *(f"pages/{p.name}" for p in (REPO / "pages").glob("*.py"))])
    assert sorted(SCRIPTS) == on_disk
    assert len(set(SCRIPTS)) == len(SCRIPTS) and len({t for _, t, _ in PAGES}) == len(PAGES)
    at = fresh().run()
    menu = [link for link in at.get("page_link") if link in at.sidebar.get("page_link")]
    assert [link.proto.label for link in menu] == [t for _, t, _ in PAGES]


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_page_runs_from_app_py_with_the_sidebar(script):
    at = fresh().run()
    at.switch_page(script).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "documents," in caption(at)
    assert at.selectbox(key="class_name").value and at.number_input(key="k").value == 100
    assert TITLES[script].split()[0].lower() in at.title[0].value.lower()
    # Every multiselect (ui.components.choose_many): a typed name and Enter add one option, not "Select N
    # matches"; its options are short labels (a metric's long description matched words typed for another).
    # Its first value is in the session's state, not the box's default: a preset button that sets the box then
    # sets one with no default (Streamlit warns of a box with both).
    for box in at.multiselect:
        assert box.proto.select_all == 0, (script, box.label)  # select_all=False, as Streamlit encodes it
        assert list(box.proto.default) == [], (script, box.label)
        assert max(map(len, box.options), default=0) <= 40, (script, box.label, max(box.options, key=len))


def test_class_k_and_preprocessing_are_kept_between_pages():
    at = fresh().run()
    at.switch_page("pages/word_map.py").run()
    at.selectbox(key="class_name").set_value("scipy.stats").run()
    at.number_input(key="k").set_value(37).run()
    at.checkbox(key="stopwords").check().run()
    assert_clean(at)
    for script in ["pages/boundaries.py", "app.py", "pages/grid.py", "pages/word_map.py"]:
        at.switch_page(script).run()
        assert_clean(at)
        assert at.selectbox(key="class_name").value == "scipy.stats", script
        assert at.number_input(key="k").value == 37, script
        assert at.checkbox(key="stopwords").value is True, script
        ctx = at.session_state["context"]
        assert (ctx.class_name, ctx.k, ctx.corpus.options["stopwords"]) == ("scipy.stats", 37, True)


def test_a_typed_path_is_kept_between_pages(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(tmp_path))
    planted = fsviz.make_planted_corpus(n_docs=120, n_classes=3, random_state=4)
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps({"text": t, "label": c}) + "\n" for t, c in zip(planted.texts, planted.labels)))
    at = fresh().run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    at.switch_page("pages/lesion.py").run()
    assert_clean(at)
    assert at.radio(key="source_kind").value == "Path" and at.text_input(key="path").value == str(path)
    assert at.session_state["context"].corpus.name == "mine"


def test_an_upload_is_kept_between_pages_and_read_again_for_new_options():
    planted = fsviz.make_planted_corpus(n_docs=150, n_classes=3, random_state=5)
    data = "".join(json.dumps({"text": t, "label": c}) + "\n" for t, c in zip(planted.texts, planted.labels))
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("mine.jsonl", data.encode(), "application/json")).run()
    assert at.session_state["context"].corpus.name == "mine"
    at.switch_page("pages/word_map.py").run()
    assert_clean(at)
    assert at.session_state["context"].corpus.name == "mine"
    assert any("upload" in c.value and "mine" in c.value for c in at.sidebar.caption)  # says which is shown
    at.number_input(key="min_df").set_value(2).run()  # new options: the held upload is read again
    assert_clean(at)
    ctx = at.session_state["context"]
    assert ctx.corpus.name == "mine" and ctx.corpus.options["min_df"] == 2
    at.radio(key="source_kind").set_value("Sample").run()
    assert at.session_state["context"].corpus.name.startswith("sample")
    assert "held_upload" not in at.session_state  # the upload is let go once another source loads


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_spawned_process_rerunning_a_page_draws_and_loads_nothing(script, monkeypatch):
    """multiprocessing's "spawn" (Dask workers) runs the parent's main script as __mp_main__."""
    def visit(_):
        raise AssertionError(f"{script} drew its page in a spawned process")

    monkeypatch.setattr(ui.sidebar, "page", visit)
    runpy.run_path(str(REPO / script), run_name="__mp_main__")


def test_a_held_upload_shares_the_widgets_bytes(monkeypatch):
    """Holding an upload for the session copies nothing: the bytes are the upload widget's record's own."""
    from streamlit.proto.Common_pb2 import FileURLs
    from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

    import ui.state

    session = {}
    monkeypatch.setattr(ui.state.st, "session_state", session)
    record = UploadedFileRec(file_id="f1", name="mine.jsonl", type="application/json", data=b'{"text": "a"}\n' * 1000)
    source = ui.state.hold_upload(UploadedFile(record, FileURLs()))
    assert session["held_upload"].data is record.data
    assert source == ui.state.held_upload().source and source.kind == "upload" and len(source.digest) == 64
    ui.state.hold_upload(UploadedFile(record, FileURLs()))  # the same file on a rerun: not hashed or held again
    assert session["held_upload"].data is record.data


def test_the_documents_panels_word_is_kept_between_pages():
    at = fresh().run()
    at.switch_page("pages/word_map.py")
    at.session_state["wordmap_tab"] = "Documents"  # a hidden tab's content is not built
    at.run()
    offered = at.selectbox(key="wordmap_docs_word").options
    word = offered[-1]  # not the first one offered: the panel shows it only because the visitor chose it
    at.selectbox(key="wordmap_docs_word").set_value(word).run()
    at.switch_page("pages/boundaries.py").run()
    at.switch_page("pages/word_map.py")
    at.session_state["wordmap_tab"] = "Documents"
    at.run()
    assert_clean(at)
    assert at.selectbox(key="wordmap_docs_word").value == word
    at.selectbox(key="class_name").set_value("scipy.stats").run()  # another class: the panel starts afresh
    assert_clean(at)


def test_every_metric_is_found_by_its_registered_name():
    """A box lists a metric by its short label and, where the label does not hold it, its name as the CLI takes it:
    typing ``chi_max`` finds χ²max (the box's filter matches what it shows)."""
    for name in fsviz.metric_names():
        shown = ui.components.metric_choice(name)
        assert name.lower() in shown.lower() and len(shown) <= 40, (name, shown)
    assert ui.components.metric_choice("bns") == "BNS" and ui.components.metric_choice("chi_max") == "χ²max (chi_max)"


def test_a_preset_sets_the_metrics_box_in_one_rerun():
    at = fresh().run()
    at.switch_page("pages/word_map.py").run()
    at.button(key="wordmap_metrics_preset_forman_s_twelve").click().run()
    assert_clean(at)
    assert at.multiselect(key="wordmap_metrics").value == list(fsviz.FORMAN_METRICS)
    at.button(key="wordmap_metrics_preset_none").click().run()
    assert at.multiselect(key="wordmap_metrics").value == []
