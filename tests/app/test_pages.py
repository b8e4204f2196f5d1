"""Every page through Streamlit's AppTest: sample corpus, uploads, widgets, bad input."""

import json

import pytest
import streamlit as st
from conftest import REPO, seen
from streamlit.testing.v1 import AppTest

import fsviz
import ui.cache
from fsviz.corpora import load_apart
from tests.app.conftest import runs_dir
from tests.app.figures import drawn, figure

PAGES = ["app.py", "pages/word_map.py", "pages/boundaries.py"]


def fresh():
    return AppTest.from_file(str(REPO / "app.py"), default_timeout=120)


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def planted_jsonl(**kw):
    planted = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=2, **kw)
    return "".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(planted.texts, planted.labels)).encode()


@pytest.mark.parametrize("page", PAGES)
def test_page_runs_on_the_sample(page):
    at = fresh().run()
    at.switch_page(page).run()
    assert_clean(at)
    assert drawn(at), "the page drew no chart"


def test_word_map_changes_class_k_and_metrics():
    at = fresh().run()
    at.switch_page("pages/word_map.py").run()
    at.selectbox(key="class_name").set_value("scipy.stats").run()
    at.number_input(key="k").set_value(20).run()
    at.multiselect(key="wordmap_metrics").set_value(["bns", "rand", "acc"]).run()
    at.toggle(key="wordmap_zoom").set_value(True).run()
    at.toggle(key="wordmap_log").set_value(True).run()
    at.text_input(key="wordmap_search").set_value("distribution, notaword").run()
    assert_clean(at)
    assert any("notaword" in w.value for w in at.warning)
    assert at.session_state["context"].task.name == "scipy.stats"
    assert at.session_state["context"].k == 20


def test_no_metric_chosen_explains_itself():
    at = fresh().run()
    at.switch_page("pages/word_map.py").run()
    at.multiselect(key="wordmap_metrics").set_value([]).run()
    assert_clean(at)
    assert any("at least one metric" in i.value for i in at.info)


def test_upload_a_corpus_then_a_broken_one_keeps_the_first():
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("planted.jsonl", planted_jsonl(), "application/json")).run()
    assert_clean(at)
    ctx = at.session_state["context"]
    assert ctx.corpus.name == "planted" and ctx.corpus.n_docs == 200
    for page in PAGES:  # every page on the small synthetic corpus
        at.switch_page(page).run()
        assert_clean(at)
        assert drawn(at), page
    at.switch_page("pages/word_map.py").run()
    at.file_uploader(key="upload").set_value(("broken.zip", b"PK\x03\x04 not a zip", "application/zip")).run()
    assert any("not a readable ZIP" in e.value for e in at.error)
    assert not at.exception
    assert at.session_state["context"].corpus.name == "planted"


def test_a_large_upload_is_read_apart_and_a_broken_one_says_why(monkeypatch):
    """From APART_BYTES on, an upload is read in a worker process (fsviz.corpora.load_apart): the same corpus,
    and a broken one gets the same message, the corpus before it kept."""
    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0].name)
        return load_apart(*args, **kwargs)

    monkeypatch.setattr(ui.cache, "APART_BYTES", 1)
    monkeypatch.setattr(ui.cache, "load_apart", counted)
    st.cache_resource.clear()  # an earlier test's read of the same upload
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("planted.jsonl", planted_jsonl(), "application/json")).run()
    assert_clean(at)
    assert calls == ["planted.jsonl"] and at.session_state["context"].corpus.n_docs == 200
    at.file_uploader(key="upload").set_value(("broken.zip", b"PK\x03\x04 not a zip", "application/zip")).run()
    assert calls == ["planted.jsonl", "broken.zip"]
    assert any("not a readable ZIP" in e.value for e in at.error) and not at.exception
    assert at.session_state["context"].corpus.name == "planted"


def test_cutoff_that_removes_everything_keeps_the_corpus():
    at = fresh().run()
    before = at.session_state["context"].corpus.n_words
    at.number_input(key="min_df").set_value(10_000).run()
    assert any("removes every word" in e.value for e in at.error)
    assert not at.exception
    assert at.session_state["context"].corpus.n_words == before


def test_path_source_and_k_larger_than_vocabulary(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(tmp_path))  # typed paths are read only inside the data folders
    path = tmp_path / "tiny.jsonl"
    path.write_bytes(planted_jsonl(n_background=30))
    at = fresh().run()
    at.number_input(key="k").set_value(5000).run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    assert_clean(at)
    ctx = at.session_state["context"]
    assert ctx.corpus.name == "tiny" and ctx.k == ctx.corpus.n_words
    at.switch_page("pages/word_map.py").run()
    assert_clean(at)
    at.text_input(key="path").set_value(str(tmp_path / "missing.csv")).run()
    assert any("no such file" in e.value for e in at.error)
    assert at.session_state["context"].corpus.name == "tiny"


def test_boundaries_page_compares_two_metrics():
    at = fresh().run()
    at.switch_page("pages/boundaries.py").run()
    at.selectbox(key="boundaries_first").set_value("bns").run()
    at.selectbox(key="boundaries_second").set_value("ig").run()
    assert_clean(at)
    assert any("BNS only" in m.value for m in at.markdown)
    at.multiselect(key="boundaries_metrics").set_value([]).run()
    assert any("at least one metric" in i.value for i in at.info)


def test_class_emptied_by_the_cutoff_is_explained(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(tmp_path))
    # Class "rare" uses only words found in one document each: the default cutoff (3) empties it.
    rows = [{"text": f"common words here doc{i}", "label": "big"} for i in range(20)]
    rows += [{"text": f"unique{i} solo{i}", "label": "rare"} for i in range(4)]
    path = tmp_path / "emptied.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    at = fresh().run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    at.selectbox(key="class_name").set_value("rare").run()
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, [e.value for e in at.exception]
        assert any("no word is left" in w.value for w in at.warning)


def test_agreement_page_compares_measures():
    at = fresh().run()
    at.switch_page("pages/agreement.py").run()
    assert_clean(at)
    assert len(drawn(at)) == 3  # two matrices and the scatter
    assert any("differ" in m.value for m in at.markdown)
    at.selectbox(key="agreement_x").set_value("kl").run()
    at.selectbox(key="agreement_y").set_value("svm_w").run()
    at.number_input(key="agreement_n").set_value(20).run()
    assert_clean(at)
    at.multiselect(key="agreement_metrics").set_value(["ig"]).run()
    assert_clean(at)
    assert any("at least two" in i.value for i in at.info)


def test_word_map_rings_the_top_words_of_metrics_without_an_isocline():
    at = fresh().run()
    at.switch_page("pages/word_map.py").run()
    at.multiselect(key="wordmap_metrics").set_value(["bns", "cmfs"]).run()
    assert_clean(at)
    assert "no isocline" in json.dumps(figure(at, "wordmap_chart"))


def test_multiclass_page_runs_and_tests_signs(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    at = fresh().run()
    at.switch_page("pages/multiclass.py").run()
    assert_clean(at)
    at.multiselect(key="mc_metrics").set_value(["chi_max", "ttest_avg"])
    at.text_input(key="mc_ks").set_value("20, 200")
    at.number_input(key="mc_trials").set_value(1)
    at.number_input(key="mc_folds").set_value(2).run()
    at.button(key="mc_run").click().run()
    assert_clean(at)
    assert drawn(at), "no curves after the run"
    assert any("wins" in m.value for m in at.markdown)
    at.text_input(key="mc_specs").set_value("bns").run()  # one-class metric: refused, results kept
    assert any("against the rest" in e.value for e in at.error)
    assert drawn(at), "the finished run was lost"
    at.text_input(key="mc_specs").set_value("")
    at.text_input(key="mc_ks").set_value("20, fdr0.05").run()  # a k rule is the grid's: refused, results kept
    assert any("multi-class run compares fixed numbers of features" in seen(e.value) for e in at.error)
    assert drawn(at), "the finished run was lost"


def test_multiclass_page_runs_igfss_for_each_negative_feature_ratio(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    at = fresh().run()
    at.switch_page("pages/multiclass.py").run()
    at.multiselect(key="mc_metrics").set_value(["cmfs"])
    at.multiselect(key="mc_igfss").set_value(["cmfs"])
    at.text_input(key="mc_nfr").set_value("0, 0.5")
    at.text_input(key="mc_ks").set_value("40")
    at.number_input(key="mc_trials").set_value(1)
    at.number_input(key="mc_folds").set_value(2).run()
    at.button(key="mc_run").click().run()
    assert_clean(at)
    metrics = set(at.dataframe[0].value["metric"])
    assert {"cmfs", "igfss(cmfs,nfr=0)", "igfss(cmfs,nfr=0.5)"} <= metrics
    at.text_input(key="mc_nfr").set_value("2").run()  # out of range: said, the run is kept
    assert any("between 0 and 1" in e.value for e in at.error)
    assert drawn(at), "the finished run was lost"

    later = fresh().run()  # a new session (a reload, or the app restarted) finds the run on disk
    later.switch_page("pages/multiclass.py").run()
    assert_clean(later)
    assert "igfss(cmfs,nfr=0.5)" in set(later.dataframe[0].value["metric"])
    assert any("last run on this corpus" in c.value for c in later.caption)


def test_multiclass_page_has_stop_and_refuses_a_run_over_the_servers_cap(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("FSVIZ_MAX_FITS", "10")
    at = fresh().run()
    at.switch_page("pages/multiclass.py").run()
    assert not at.exception
    assert not [b for b in at.button if b.key == "mc_run"], "no Run over the cap"
    assert any("more than one run on this server may start (10, the setting FSVIZ_MAX_FITS)" in e.value
               for e in at.error)


def test_a_stopped_multiclass_run_is_kept_and_continue_runs_only_the_rest(tmp_path, monkeypatch):
    from fsviz.evaluation.grid import GridConfig, run_key
    from fsviz.evaluation.multiclass import cells_done, run_multiclass, save_multiclass, stored_multiclass

    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    at = fresh().run()
    at.switch_page("pages/multiclass.py").run()
    at.multiselect(key="mc_metrics").set_value(["chi_max", "ttest_avg"])
    at.text_input(key="mc_ks").set_value("20, 200")
    at.number_input(key="mc_trials").set_value(1)
    at.number_input(key="mc_folds").set_value(2).run()
    corpus = at.session_state["context"].corpus
    config = GridConfig(metrics=("chi_max", "ttest_avg"), ks=(20, 200), trials=1, folds=2)
    calls = iter(range(100))  # a session that stopped after 2 of the 6 cells (2 folds × (2 metrics + all words))
    partial = run_multiclass(corpus, config, should_stop=lambda: next(calls) >= 1)
    save_multiclass(partial, runs_dir(tmp_path, "multiclass") / f"{run_key(config, [corpus])}.parquet", config, corpus)
    assert cells_done(partial) == 2

    at = fresh().run()  # a new session with the same settings finds it
    at.switch_page("pages/multiclass.py").run()
    at.multiselect(key="mc_metrics").set_value(["chi_max", "ttest_avg"])
    at.text_input(key="mc_ks").set_value("20, 200")
    at.number_input(key="mc_trials").set_value(1)
    at.number_input(key="mc_folds").set_value(2).run()
    assert_clean(at)
    numbers = {m.label: m.value for m in at.metric}
    assert numbers["Cells (trial × fold × metric)"] == "6" and numbers["Already finished"] == "2"
    assert at.button(key="mc_run").label == "Continue"
    at.button(key="mc_run").click().run()
    assert_clean(at)
    assert any("Finished: all 6 cells" in m.value for m in at.success)
    table = at.dataframe[0].value
    assert set(table["metric"]) == {"all", "chi_max", "ttest_avg"}
    kept = [table for _, table in stored_multiclass(runs_dir(tmp_path, "multiclass"), corpus).values()]
    assert cells_done(kept[0]) == 6
    before = partial.set_index(["trial", "fold", "metric", "k"]).sort_index()
    after = kept[0].set_index(["trial", "fold", "metric", "k"]).loc[before.index]
    assert (after["macro_f1"] == before["macro_f1"]).all(), "the stopped run's cells are kept, not run again"


def test_boundaries_draw_the_words_when_asked():
    at = fresh().run()
    at.switch_page("pages/boundaries.py").run()
    layers = [t["type"] for t in figure(at, "boundaries_chart")["data"]]
    assert "scattergl" not in layers and "contour" in layers  # the maps alone open first
    at.toggle(key="boundaries_words").set_value(True).run()
    assert_clean(at)
    layers = [t["type"] for t in figure(at, "boundaries_chart")["data"]]
    assert layers.count("scattergl") == layers.count("contour") == 11
