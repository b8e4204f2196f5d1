"""Forman's Figure 12 on the Corpus page and the word map's boundaries played over k, in real headless Chromium.

Screenshots go to test-output/screenshots/ (skew-*.png, play-*.png).
"""

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, _open

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def _settle(page):
    page.wait_for_timeout(700)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_timeout(1500)


def _shoot(locator, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def test_corpus_page_draws_figure_12_in_chromium(server, browser):
    page = _open(browser, server)
    try:
        _assert_no_error(page)
        assert page.locator(".js-plotly-plot").count() == 1  # the first tab's chart alone
        page.get_by_role("tab", name="Against Forman's benchmark").click()
        figure = page.locator(".st-key-corpus_skew .js-plotly-plot")
        figure.locator(".legendtext", has_text="Forman's 229 tasks").wait_for(timeout=60_000)
        assert figure.locator(".legendtext", has_text="Forman's 229 tasks").count() == 1
        for label in ("1:1", "1:10", "1:100"):
            assert figure.locator(".textpoint", has_text=label).count() >= 1
        assert figure.locator(".xaxislayer-above .xtick").count() > 0
        _shoot(figure, "skew-corpus")
    finally:
        page.close()


def test_word_map_plays_the_boundaries_in_chromium(server, browser):
    page = _open(browser, f"{server}/word_map")
    try:
        page.get_by_text("Play the boundaries as k grows").click()
        _settle(page)
        _assert_no_error(page)
        page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot')[1]?.querySelector('.slider-container')",
                               timeout=60_000)
        animation = page.locator(".js-plotly-plot").nth(1)
        labels = animation.locator(".slider-group .slider-label").all_text_contents()
        assert labels == ["k = 10", "10", "20", "50", "100", "200", "500", "1000", "2000"]  # the current k, the ticks
        first = animation.evaluate("gd => gd._fullData.filter(t => t.mode.startsWith('lines') && t.showlegend).map(t => t.name)")
        _shoot(animation, "play-k10")

        animation.locator(".updatemenu-button").first.click()  # ▶ Play: through every k to the last
        page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot')[1].layout.sliders[0].active === 7",
                               timeout=60_000, polling=100)
        page.wait_for_timeout(1500)
        last = animation.evaluate("gd => gd._fullData.filter(t => t.mode.startsWith('lines') && t.showlegend).map(t => t.name)")
        assert len(last) == len(first) and last != first  # the same metrics, each at its k = 2000 threshold
        _shoot(animation, "play-k2000")

        rail = animation.locator(".slider-rail-rect").first.bounding_box()  # the slider back to k = 100
        page.mouse.click(rail["x"] + rail["width"] * 3 / 7, rail["y"] + rail["height"] / 2)
        page.wait_for_timeout(2000)
        assert animation.evaluate("gd => gd.layout.sliders[0].active") == 3
        _shoot(animation, "play-k100")
        _assert_no_error(page)
    finally:
        page.close()
