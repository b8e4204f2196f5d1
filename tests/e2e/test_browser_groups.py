"""The sidebar's group A vs group B choice and a bigram word map, in headless Chromium (issue 27).

Screenshots: test-output/screenshots/groups-sidebar.png, groups-word-map.png, bigrams-word-map.png.
"""

import contextlib

from tests.e2e.test_browser import SHOTS, _assert_no_error


def _settled(page):
    page.wait_for_timeout(300)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_selector(".js-plotly-plot .xtick", timeout=90_000)
    page.wait_for_timeout(800)


def _pick(page, label, option):
    """Choose ``option`` in the sidebar multiselect labelled ``label``."""
    sidebar = page.get_by_test_id("stSidebar")
    box = sidebar.get_by_role("combobox", name=label)
    box.click()
    box.press_sequentially(option)  # the list shows its first options only: filter it
    page.get_by_role("option", name=option).first.click()
    page.keyboard.press("Escape")
    _settled(page)


@contextlib.contextmanager
def _word_map(browser, server):
    """The word map settled in a new page, and its sidebar; the page closed after."""
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    try:
        page.goto(f"{server}/word_map", wait_until="domcontentloaded")
        _settled(page)
        yield page, page.get_by_test_id("stSidebar")
    finally:
        page.close()


def test_group_a_against_group_b_in_chromium(server, browser):
    with _word_map(browser, server) as (page, sidebar):
        sidebar.get_by_text("Group A vs group B").click()
        page.wait_for_function("() => document.body.innerText.includes('Choose the classes of group A')",
                               timeout=90_000)
        _pick(page, "Group A (positive)", "scipy.stats")
        _pick(page, "Group B (negative)", "scipy.optimize")
        _assert_no_error(page)
        text = page.locator("body").inner_text()
        assert "For 'scipy.stats' against 'scipy.optimize': pos = " in text
        SHOTS.mkdir(parents=True, exist_ok=True)
        sidebar.screenshot(path=str(SHOTS / "groups-sidebar.png"))
        page.screenshot(path=str(SHOTS / "groups-word-map.png"))


def test_bigram_word_map_in_chromium(server, browser):
    with _word_map(browser, server) as (page, sidebar):
        sidebar.get_by_text("Preprocessing").click()
        thumbs = sidebar.get_by_label("Word n-grams: from … to … words").get_by_role("slider")
        thumbs.last.focus()
        page.keyboard.press("ArrowRight")  # the longest n-gram: 1 → 2 words
        _settled(page)
        page.get_by_label("Find words (comma-separated)").fill("standard deviation")
        page.get_by_label("Find words (comma-separated)").press("Enter")
        _settled(page)
        _assert_no_error(page)
        text = page.locator("body").inner_text()
        assert "is not in the vocabulary" not in text  # the bigram is a word of the map
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "bigrams-word-map.png"))
