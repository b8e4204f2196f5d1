"""Links to views: a page's address reopens its view in a new session; wrong, stale or hostile values are named
as text and left at the defaults, never a traceback."""

from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest


def opened(script, **params):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300)
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(script).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_word_map_link_reopens_the_same_view_in_a_new_session():
    first = opened("pages/word_map.py")
    first.selectbox(key="class_name").set_value("scipy.stats").run()
    first.number_input(key="k").set_value(137).run()
    first.multiselect(key="wordmap_metrics").set_value(["bns", "ig", "chi"]).run()
    first.toggle(key="wordmap_log").set_value(True).run()
    view = {name: first.query_params[name] for name in first.query_params}
    assert view["class"] == "scipy.stats" and view["k"] == "137" and view["metrics"] == "bns,ig,chi"
    assert view["log"] == "1" and view["source"] == "sample"
    # The sidebar's "Link to this view" is that address, to copy (st.code has the copy button), once it is open.
    assert not first.sidebar.code, "a folded box holds no code box (nor loads the highlighter in a browser)"
    first.session_state["view_link_box"] = True
    first.run()
    shown = [c.value for c in first.sidebar.code]
    assert shown and shown[0].startswith("/word_map?") and "class=scipy.stats" in shown[0] and "k=137" in shown[0]
    assert parse_qs(urlsplit(shown[0]).query) == {name: [value] for name, value in view.items()}

    again = opened("pages/word_map.py", **view)  # another browser opens the link
    ctx = again.session_state["context"]
    assert ctx.class_name == "scipy.stats" and ctx.k == 137
    assert again.multiselect(key="wordmap_metrics").value == ["bns", "ig", "chi"]
    assert again.toggle(key="wordmap_log").value is True


def test_the_explorer_and_boundaries_keep_their_choices_in_the_address():
    at = opened("pages/boundaries.py", metrics="bns,odds", k="50")
    assert at.multiselect(key="boundaries_metrics").value == ["bns", "odds"] and at.session_state["context"].k == 50
    assert at.query_params["metrics"] == "bns,odds"


@pytest.mark.parametrize("params", [
    {"class": "Nonexistent-Class-Zz"},
    {"k": "-3"}, {"k": "1e9999"}, {"k": "x" * 5000},
    {"metrics": "bns,<script>alert(1)</script>"},
    {"metrics": "[x](http://example.com)"},
    {"source": "../../etc/passwd"},
    {"zoom": "yes"},
    {"rogue": "**bold**"},
])
def test_a_bad_value_is_named_as_text_and_the_defaults_are_shown(params):
    at = opened("pages/word_map.py", **params)
    notes = [i.value for i in at.info if "could not be applied" in i.value]
    assert notes, params
    for value in params.values():
        assert value not in notes[0] or len(value) < 3  # the values are not echoed, only their names
    assert at.session_state["context"].k == 100  # the default


def test_an_uploads_address_holds_none_of_its_class_names_or_words(monkeypatch):
    """Issue 38: a view link made on an upload carried its class (`class=patient-category-c0`) and the words
    searched, while its box said it carried nothing of the visitor's. On every page that keeps a view, after
    choosing a class, k and (on the word map) a search, the address and the link box hold none of them."""
    from tests.app.test_private_runs import SECRET_CLASS, SECRET_FILE, upload_bytes

    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value((f"{SECRET_FILE}.jsonl", upload_bytes(), "application/json")).run()
    corpus = at.session_state["context"].corpus
    secret_class = str(corpus.classes[1])
    assert SECRET_CLASS in secret_class
    word = str(corpus.vocabulary[0])
    for script in ("pages/word_map.py", "pages/boundaries.py", "pages/results.py", "pages/classes.py", "app.py"):
        at.switch_page(script).run()
        at.selectbox(key="class_name").set_value(secret_class).run()
        at.number_input(key="k").set_value(37).run()
        if script == "pages/word_map.py":
            at.text_input(key="wordmap_search").set_value(word).run()
        assert not at.exception, (script, [e.value for e in at.exception])
        assert at.session_state["context"].class_name == secret_class  # the session keeps the view
        address = "&".join(f"{n}={at.query_params[n]}" for n in at.query_params)
        shown = " ".join(c.value for c in at.sidebar.code) + " " + " ".join(c.value for c in at.sidebar.caption)
        for text in (address, shown):
            assert SECRET_CLASS not in text and SECRET_FILE not in text and f"={word}" not in text, (script, text)
        assert at.query_params["source"] == "upload" and at.query_params["k"] == "37"


@pytest.mark.parametrize("min_df, k", [("0", "50"), ("99999", "50"), ("10000", "50"), ("2", "999999"),
                                       ("abc", "7"), ("5", "0")])
def test_the_address_always_equals_the_view_shown(min_df, k):
    """A refused or unreadable setting in a link (a cutoff past the box's range, one that leaves no words, a k
    past the vocabulary) is named or noted, and the address is then rewritten to what the page shows, never to
    the refused value nor to one no one is looking at (issue 51)."""
    at = opened("pages/word_map.py", min_df=min_df, k=k)
    ctx = at.session_state["context"]
    assert at.query_params["min_df"] == str(dict(ctx.corpus_key[1])["min_df"])
    assert at.query_params["k"] == str(ctx.k)
    if min_df in ("0", "99999", "abc", "10000") or k == "0":  # refused, or read and left with no words
        assert at.info or at.error, "the refused setting is named"


def test_a_linked_path_on_a_server_that_reads_no_paths_says_so(monkeypatch):
    monkeypatch.setenv("FSVIZ_ALLOW_PATHS", "0")
    at = opened("pages/word_map.py", source="path", path="../shared/data/wap")
    notes = " ".join(i.value for i in at.info)
    assert "reads no paths" in notes and "sample is shown" in notes
    assert at.query_params["source"] == "sample" and "path" not in at.query_params


def test_the_results_explorers_link_reopens_its_owners_run_and_no_one_elses(monkeypatch, own_cache_dir):
    """The explorer's address names the visitor's own stored run (``mine=``): their link reopens it with the goal
    and k; another visitor's session is told it is not theirs, and sees none of it (issue 54)."""
    from tests.app.conftest import as_browser
    from tests.app.test_private_runs import a_run_by_browser_a

    a = a_run_by_browser_a(monkeypatch)
    a.switch_page("pages/results.py").run()
    a.selectbox(key="res_goal").set_value("precision").run()
    view = {name: a.query_params[name] for name in a.query_params}
    key = a.session_state["grid_shown"][0].key
    assert view.get("mine") == key and view.get("goal") == "precision"
    a.session_state["view_link_box"] = True
    a.run()
    assert any("reopens the run shown for you alone" in c.value for c in a.sidebar.caption)

    again = opened("pages/results.py", **view)  # the same browser, a new session
    assert again.session_state["grid_shown"][0].key == key
    assert again.selectbox(key="res_goal").value == "precision"

    as_browser(monkeypatch, "B" * 43)
    other = opened("pages/results.py", **view)
    assert "grid_shown" not in other.session_state
    assert any("not yours on this server" in i.value for i in other.info)


def test_what_a_link_could_not_apply_stays_said_on_its_page_through_a_rerun():
    """The word map reruns once its chart is drawn: the note on a refused setting must survive that rerun (it was
    said on the first run alone, and a browser under load could miss it)."""
    at = opened("pages/word_map.py", k="-3")
    assert [i for i in at.info if "could not be applied" in i.value]
    at.run()  # a rerun of the same page, as the chart's first draw makes
    assert [i for i in at.info if "could not be applied" in i.value]
