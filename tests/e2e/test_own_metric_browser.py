"""Your own metric and Forman's Figure 1 in real headless Chromium, as a person uses them.

Types a formula into the word map's "Your own metric" box, searches a word, and looks at its BNS
figure; then the boundaries page. Screenshots go to test-output/screenshots/ (own-metric-*.png).
"""

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, _open, open_tab

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

FORMULA = "abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(fpr, 0.0005, 0.9995))) * log(df + 1)"


def _settle(page):
    page.wait_for_timeout(700)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_timeout(1500)


def _type(page, label, value):
    box = page.get_by_label(label, exact=True)
    box.fill(value)
    box.press("Enter")
    _settle(page)


def _shoot(page, locator, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = int(locator.bounding_box()["height"])
    if height > 1300:  # Streamlit scrolls inside its own container: make room for the whole chart
        page.set_viewport_size({"width": 1400, "height": height + 400})
        page.wait_for_timeout(1000)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def test_word_map_formula_and_figure_one_in_chromium(server, browser):
    page = _open(browser, f"{server}/word_map")
    try:
        page.locator("summary", has_text="Your own metric").first.click()  # folded beside the map: open it
        _type(page, "Your own metric", FORMULA)
        _assert_no_error(page)
        word_map = page.locator(".js-plotly-plot").first
        assert word_map.locator(".legendtext", has_text="ƒ abs(ppf(clip(").count() >= 1
        _shoot(page, word_map, "own-metric-word-map")

        open_tab(page, "Why BNS (Figure 1)")
        _type(page, "Find words (comma-separated)", "distribution")
        _assert_no_error(page)
        figure = page.locator(".js-plotly-plot").last
        assert figure.locator(".gtitle", has_text="“distribution”").count() == 1
        assert figure.locator(".annotation-text", has_text="F⁻¹(tpr)").count() == 1
        _shoot(page, figure, "own-metric-bns-figure")

        _type(page, "Your own metric", "__import__('os').system('ls')")
        error = page.locator('[data-testid="stAlertContentError"]')
        assert error.count() == 1
        assert "attribute access `__import__('os').system` at column 1" in error.inner_text()  # text, not Markdown
        _shoot(page, error, "own-metric-refused")
    finally:
        page.close()


def test_boundaries_formula_panel_in_chromium(server, browser):
    page = _open(browser, f"{server}/boundaries")
    try:
        page.locator(".st-key-boundaries_controls summary").click()  # folded above the chart
        _type(page, "Your own metric", "tp - fp")
        page.get_by_text("Invert negative features").click()
        _settle(page)
        _assert_no_error(page)
        panels = page.locator(".js-plotly-plot").first
        assert panels.locator(".annotation-text", has_text="ƒ tp - fp (inverted)").count() == 1
        _shoot(page, panels, "own-metric-boundaries")
    finally:
        page.close()
