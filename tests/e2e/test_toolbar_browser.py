"""The word map's plotly toolbar, shown while the mouse is over the chart, covers none of the legend's entries
(it used to hide the last ones). Screenshot: test-output/screenshots/word_map-hovered.png."""

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, _open

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def _overlap(a, b) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_the_toolbar_leaves_the_legend_readable(server, browser):
    page = _open(browser, f"{server}/word_map")
    try:
        _assert_no_error(page)
        chart = page.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        chart.hover()
        page.wait_for_timeout(800)
        toolbar = chart.locator(".modebar")
        assert toolbar.is_visible()
        box = toolbar.bounding_box()
        entries = chart.locator(".legend .traces")
        assert entries.count() >= 3
        covered = [entries.nth(i).text_content() for i in range(entries.count())
                   if _overlap(box, entries.nth(i).bounding_box())]
        assert covered == []
        SHOTS.mkdir(parents=True, exist_ok=True)
        chart.screenshot(path=str(SHOTS / "word_map-hovered.png"))
    finally:
        page.close()
