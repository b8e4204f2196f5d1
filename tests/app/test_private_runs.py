"""Each visitor's runs are their own: a second browser never sees the first's upload name, class names or runs, on
any page; the first sees them again after a reload; a team server that shares runs says so (FSVIZ_SHARED_RUNS)."""

import json

import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

import fsviz
from tests.app.conftest import as_browser, runs_dir, set_grid
from ui.sidebar import PAGES

SECRET_FILE = "client-acme-secret"
SECRET_CLASS = "patient-category"


def upload_bytes() -> bytes:
    planted = fsviz.make_planted_corpus(n_docs=120, n_classes=2, random_state=3)
    return "".join(json.dumps({"text": text, "label": f"{SECRET_CLASS}-{label}"}) + "\n"
                   for text, label in zip(planted.texts, planted.labels)).encode()


def everything_shown(at) -> str:
    """Every string a page shows: text elements, alerts, tables, and the options of its choices."""
    parts = [e.value for kind in ("markdown", "caption", "info", "success", "warning", "error", "title", "subheader")
             for e in at.get(kind) if isinstance(getattr(e, "value", None), str)]
    parts += [df.value.to_csv() for df in at.dataframe]
    parts += [str(option) for box in at.selectbox for option in box.options]
    parts += [str(option) for box in at.multiselect for option in box.options]
    return "\n".join(parts)


def a_run_by_browser_a(monkeypatch):
    as_browser(monkeypatch, "A" * 43)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value((f"{SECRET_FILE}.jsonl", upload_bytes(), "application/json")).run()
    at.switch_page("pages/grid.py").run()
    set_grid(at, ks="5, 10")
    at.button(key="grid_run").click().run()
    assert not at.exception and not at.error
    return at.run()  # the runs list, drawn above the run, now holds it


def test_another_browser_never_sees_a_visitors_upload_or_runs(monkeypatch, own_cache_dir):
    a = a_run_by_browser_a(monkeypatch)
    assert SECRET_FILE in everything_shown(a)  # A's own runs list names A's upload
    assert list(runs_dir(own_cache_dir).glob("*.parquet"))

    as_browser(monkeypatch, "B" * 43)
    for script, _, _ in PAGES:
        b = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
        b.switch_page(script).run()
        assert not b.exception, (script, [e.value for e in b.exception])
        shown = everything_shown(b)
        assert SECRET_FILE not in shown and SECRET_CLASS not in shown, script

    as_browser(monkeypatch, "A" * 43)  # A again, after a reload: the run is still A's
    again = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    again.switch_page("pages/grid.py").run()
    assert SECRET_FILE in everything_shown(again)


def test_a_run_stored_before_visitors_had_folders_is_shown_to_no_one_unless_the_server_shares_runs(
        monkeypatch, own_cache_dir):
    a_run_by_browser_a(monkeypatch)
    folder = runs_dir(own_cache_dir)
    old = folder.parent / "legacy.parquet"  # where every run was kept before: the shared folder
    next(folder.glob("*.parquet")).rename(old)
    as_browser(monkeypatch, "A" * 43)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    assert SECRET_FILE not in everything_shown(at)
    monkeypatch.setenv("FSVIZ_SHARED_RUNS", "1")
    shared = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    shared.switch_page("pages/grid.py").run()
    assert SECRET_FILE in everything_shown(shared)


@pytest.mark.parametrize("cookie", ["", "x" * 43 + "<script>", "../../etc", "A" * 42, "é" * 43])
def test_a_cookie_that_is_no_token_makes_a_new_visitor(monkeypatch, cookie):
    """Whatever the cookie holds, the visitor's folder is a hash: never a path, never the cookie's text."""
    as_browser(monkeypatch, cookie)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    assert not at.exception
    token = at.session_state["_visitor_token"]
    assert token != cookie and len(token) == 43


def test_a_shared_link_opens_the_run_read_only_until_its_owner_revokes_it(monkeypatch):
    a = a_run_by_browser_a(monkeypatch)
    a.switch_page("pages/results.py").run()
    a.button(key="share_make").click().run()
    links = [c.value for c in a.code if "/results?run=" in c.value]
    assert len(links) == 1
    ident = links[0].rsplit("=", 1)[1]
    assert len(ident) == 22 and ident not in everything_shown(a).replace(links[0], "")  # not the run's key

    as_browser(monkeypatch, "B" * 43)
    b = AppTest.from_file(str(REPO / "app.py"), default_timeout=300)
    b.query_params["run"] = ident
    b.switch_page("pages/results.py").run()
    assert not b.exception
    assert SECRET_CLASS in everything_shown(b) or b.session_state["grid_shown"][1].startswith("a run shared")
    assert not [x for x in b.button if x.key == "share_make"], "a link's reader cannot share another's run"
    b.switch_page("pages/grid.py").run()
    assert SECRET_FILE not in everything_shown(b)  # B's own runs list: none of A's

    as_browser(monkeypatch, "A" * 43)
    a = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    a.switch_page("pages/grid.py").run()
    a.switch_page("pages/results.py").run()
    a.session_state["grid_shown"] = b.session_state["grid_shown"]  # A shows that run again
    a.run()
    a.button(key=f"share_revoke_{ident}").click().run()

    as_browser(monkeypatch, "B" * 43)
    late = AppTest.from_file(str(REPO / "app.py"), default_timeout=300)
    late.query_params["run"] = ident
    late.switch_page("pages/results.py").run()
    assert any("This link opens no run" in i.value for i in late.info)


@pytest.mark.parametrize("ident", ["", "x" * 500, "../../grid/x", "<b>x</b>", "[a](http://e.com)", "A" * 22])
def test_a_link_that_opens_nothing_says_so_as_text(ident):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300)
    at.query_params["run"] = ident
    at.switch_page("pages/results.py").run()
    assert not at.exception
    assert any("This link opens no run" in i.value for i in at.info)
    assert all(ident not in i.value for i in at.info if ident)
