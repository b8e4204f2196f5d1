"""The documents behind a word in real headless Chromium: click a point on the word map and read its documents;
a corpus whose documents hold markup shows it as text; a corpus of counts says it has no text.

Screenshots go to test-output/screenshots/ (contexts-*.png). The corpora with markup and counts are written
under test-output/ (inside the folder the app reads typed paths from).
"""

import json

import pytest
from conftest import REPO

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, _open, open_tab

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
DATA = REPO / "test-output" / "e2e-contexts"
HOSTILE = "<script>alert(1)</script> <b>apple</b> **bold** $x$ [link](javascript:alert(1)) <img src=x onerror=alert(2)>"


def _settle(page):
    page.wait_for_timeout(700)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_timeout(1500)


def _panel_word(page) -> str:
    """The word the panel shows: its "Word" box is the first on the page (Figure 1's comes after it)."""
    return page.get_by_role("combobox", name="Word", exact=True).first.input_value()


def _shoot_panel(page, name):
    """The panel, its tab, in one picture."""
    page.set_viewport_size({"width": 1400, "height": 6000})  # Streamlit scrolls inside its own container
    page.wait_for_timeout(1500)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.get_by_role("tabpanel", name="Documents").screenshot(path=str(SHOTS / f"{name}.png"))


def _type_path(page, path):
    page.get_by_text("Path", exact=True).click()
    page.wait_for_timeout(1000)
    box = page.locator(".st-key-path input")
    box.fill(str(path.relative_to(REPO)))
    box.press("Enter")
    _settle(page)


def _search(page, word):
    box = page.get_by_label("Find words (comma-separated)", exact=True)
    box.fill(word)
    box.press("Enter")
    _settle(page)


def test_clicking_a_point_shows_the_documents_behind_its_word(server, browser):
    page = _open(browser, f"{server}/word_map")
    try:
        point = page.evaluate("""() => {
          const gd = document.querySelector('.js-plotly-plot'), f = gd._fullData[0], L = gd._fullLayout;
          let best = 0;  // a point well apart from the crowd near the origin: most tp for little fp
          for (let i = 0; i < f.x.length; i++) if (f.y[i] - 3 * f.x[i] > f.y[best] - 3 * f.x[best]) best = i;
          const r = gd.querySelector('.nsewdrag').getBoundingClientRect();
          return {x: r.left + L.xaxis.l2p(f.x[best]), y: r.top + L.yaxis.l2p(f.y[best]), text: f.text[best]};
        }""")
        page.mouse.move(point["x"], point["y"], steps=5)
        page.mouse.click(point["x"], point["y"])
        page.get_by_role("heading", name="Selected:").wait_for(timeout=90_000)  # in the Words tab, open at first
        _settle(page)
        open_tab(page, "Documents")
        _assert_no_error(page)
        first = point["text"].split(", ")[0]  # the point's words, in vocabulary order: the panel shows the first
        assert _panel_word(page) == first
        marks = page.locator("mark")
        assert marks.count() > 0 and {m.lower() for m in marks.all_inner_texts()} == {first}
        assert "documents in class" in page.locator("body").inner_text()
        _shoot_panel(page, "contexts-clicked-point")
    finally:
        page.close()


def test_document_markup_shows_as_text_and_counts_say_there_is_no_text(server, browser):
    DATA.mkdir(parents=True, exist_ok=True)
    rows = [(HOSTILE, "fruit"), ("an apple a day", "fruit"), ("green apple pie", "fruit"), ("blue sky", "weather"),
            ("grey sky apple", "weather"), ("rain and sky", "weather")]
    markup = DATA / "markup.jsonl"
    markup.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in rows))
    counts = DATA / "counted.arff"
    counts.write_text("@RELATION counted\n@ATTRIBUTE apple numeric\n@ATTRIBUTE sky numeric\n@ATTRIBUTE class {a,b}\n"
                      "@DATA\n{0 2,2 a}\n{0 1,1 1,2 a}\n{1 3,2 b}\n{0 1,1 1,2 b}\n")
    page = _open(browser, f"{server}/word_map")
    try:
        page.on("dialog", lambda dialog: pytest.fail(f"a document ran code: {dialog.message}"))
        _type_path(page, markup)
        open_tab(page, "Documents")
        _search(page, "apple")
        _assert_no_error(page)
        assert _panel_word(page) == "apple"
        tables = page.locator('[data-testid="stMarkdown"] table')
        text = tables.first.inner_text()
        assert "<script>alert(1)</script> <b>" in text and "</b> **bold** $x$ [link](javascript:alert(1))" in text
        assert "<img src=x onerror=alert(2)>" in text
        assert tables.locator("script, b, img, a, strong, em").count() == 0  # no element came from a document
        assert tables.locator("mark").count() == 4  # three documents in the class, one outside
        _shoot_panel(page, "contexts-markup")

        page.set_viewport_size({"width": 1400, "height": 1500})
        page.locator(".st-key-path input").fill(str(counts.relative_to(REPO)))
        page.locator(".st-key-path input").press("Enter")
        _settle(page)
        _search(page, "apple")
        _assert_no_error(page)
        info = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text="arrived as word counts")
        assert info.count() == 1 and "no text to show" in info.inner_text()
        assert page.locator("mark").count() == 0
        _shoot_panel(page, "contexts-counts")
    finally:
        page.close()
