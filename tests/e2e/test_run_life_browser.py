"""A grid run's life in Chromium: its curves while it goes, Stop at once, and a new visit that finds it.

One server with its own cache folder: a visitor starts the page's default
grid, sees the finished cells' curves inside the progress box, presses Stop
and sees the stopped state; a new session of the same browser (a reload, another day: the visitor's cookie)
lists the stopped run under Stored runs, opens it with its curves, and the
form is set so Continue runs the rest.
"""

import time

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, streamlit_server

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: Seconds from the click on Stop to the stopped state. The page looks at its run every 0.25 s and reruns;
#: on this 2-core machine that takes 1.2–1.6 s (the issue's goal is 2 s); the bound leaves room for a
#: loaded CI machine running the rest of the suite.
STOP_BOUND = 5.0


def _settled(page):
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)


def _cells_done(page) -> int:
    return int(page.evaluate("() => document.body.innerText.match(/([0-9,]+) of [0-9,]+ cells in/)[1]")
               .replace(",", ""))


def test_a_run_shows_its_curves_stops_at_once_and_is_found_again(browser, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    with streamlit_server(tmp_path) as url:
        visitor = browser.new_context(viewport={"width": 1400, "height": 1600})  # one browser: its runs are its own
        page = visitor.new_page()
        try:
            page.goto(f"{url}/grid", wait_until="domcontentloaded")
            main = page.get_by_test_id("stMain")
            main.get_by_role("button", name="Run").click(timeout=120_000)
            page.wait_for_function(
                "() => /[1-9][0-9,]* of [0-9,]+ cells in/.test(document.body.innerText)", timeout=120_000)
            # The finished cells' curves, drawn inside the progress box while the run goes.
            box = main.get_by_test_id("stExpander").filter(has_text="cells in")
            box.locator(".js-plotly-plot .xtick").first.wait_for(timeout=60_000)
            assert main.get_by_role("button", name="Running …").is_disabled()
            page.screenshot(path=str(SHOTS / "run-preview.png"), full_page=True)

            # Each redraw of the curves is a new element (a new key within the script run); the chart drawn before
            # moves into it: the same plot, not a blank and a new one, and the zoom the visitor made stays.
            zoomed = box.locator(".js-plotly-plot").first.evaluate(
                """async (div) => {
                    div.__zoomedByTheTest = true;
                    const [low, high] = div._fullLayout.yaxis.range;
                    await window.__fsvizPlotly.then((Plotly) =>
                        Plotly.relayout(div, {"yaxis.range": [low, low + (high - low) / 2]}));
                    window.__drawnWhenZoomed = div.__fsvizDrawn;
                    return div._fullLayout.yaxis.range;
                }""")
            page.wait_for_function(
                "() => [...document.querySelectorAll('[data-testid=stExpander] .js-plotly-plot')]"
                ".some((div) => div.__fsvizDrawn && div.__fsvizDrawn !== window.__drawnWhenZoomed)", timeout=90_000)
            after = box.locator(".js-plotly-plot").first.evaluate(
                "(div) => [div.__zoomedByTheTest === true, div._fullLayout.yaxis.range]")
            assert after[0], "the curves were drawn on a new chart, not on the one before"
            assert after[1] == pytest.approx(zoomed), "the visitor's zoom was lost at the redraw"

            # A rerun that is not Stop (Streamlit's "r" key, as any click does) leaves the run going.
            before = _cells_done(page)
            page.locator("h1").first.click()
            page.keyboard.press("r")
            page.wait_for_function(f"() => {{ const m = document.body.innerText.match(/([0-9,]+) of [0-9,]+ cells in/);"
                                   f" return m && parseInt(m[1].replace(/,/g, '')) > {before}; }}", timeout=60_000)
            assert page.get_by_text("Stopped after", exact=False).count() == 0

            began = time.monotonic()
            main.get_by_role("button", name="Stop").click()
            page.get_by_text("Stopped after", exact=False).first.wait_for(timeout=60_000)
            seconds = time.monotonic() - began
            print(f"Stop → stopped state: {seconds:.2f} s")
            assert seconds < STOP_BOUND, seconds
            assert main.get_by_role("button", name="Continue").is_enabled()
            _settled(page)
            _assert_no_error(page)
            page.screenshot(path=str(SHOTS / "run-stopped.png"), full_page=True)
        finally:
            page.close()

        page = visitor.new_page()  # a new visit of the same browser: a new session, the same visitor
        try:
            page.goto(f"{url}/grid", wait_until="domcontentloaded")
            _settled(page)
            page.get_by_role("tab", name="Stored runs").click()
            main = page.get_by_test_id("stMain")
            main.get_by_test_id("stSelectbox").filter(has_text="Open a stored run").click()
            page.get_by_role("option").filter(has_text="stopped").first.click()
            main.locator("[data-testid=stButton] button", has_text="Open").click()
            main.get_by_text("Continue runs the rest", exact=False).first.wait_for(timeout=60_000)
            _settled(page)
            page.locator(".js-plotly-plot .xtick").first.wait_for(timeout=60_000)
            _assert_no_error(page)
            page.screenshot(path=str(SHOTS / "run-opened.png"), full_page=True)
            page.get_by_role("tab", name="Run on this corpus").click()
            assert main.get_by_role("button", name="Continue").is_enabled()
        finally:
            visitor.close()
