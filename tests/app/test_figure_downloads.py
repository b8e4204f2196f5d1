"""Every figure downloads as SVG, PNG at print resolution and HTML from the app (issue 40, item 4); where the
server cannot draw SVG or PNG, HTML alone and the reason, as text."""

import shutil

import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

PAGES = {"pages/word_map.py": "wordmap_chart", "app.py": "corpus_classes", "pages/boundaries.py": "boundaries_chart"}


def page(script):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page(script).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def figure_files(at, key):
    return {b.key.rsplit("_", 1)[1]: b.proto.label for b in at.get("download_button")
            if b.key and b.key.startswith(f"{key}_file_")}


@pytest.mark.parametrize("script, key", PAGES.items())
def test_a_figure_downloads_as_svg_png_and_html(script, key, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/chromium" if name == "chromium" else None)
    at = page(script)
    files = figure_files(at, key)
    assert set(files) == {"svg", "png", "html"}, files
    assert files["png"].startswith("PNG (print resolution")


def test_without_a_browser_on_the_server_html_alone_and_why(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("BROWSER_PATH", raising=False)
    at = page("pages/word_map.py")
    assert set(figure_files(at, "wordmap_chart")) == {"html"}
    assert any("SVG and PNG need Chrome or Chromium on the server" in c.value for c in at.caption)
