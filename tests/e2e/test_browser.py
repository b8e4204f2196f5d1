"""The app in real headless Chromium: every page renders its charts with no error.

Starts `streamlit run app.py` on a free local port and drives Debian's
Chromium through Playwright (no browser download). Screenshots go to
test-output/screenshots/. Skipped when Chromium is not installed.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import REPO

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
SHOTS = REPO / "test-output" / "screenshots"
PAGES = {"corpus": "", "word_map": "word_map", "classes": "classes", "boundaries": "boundaries", "lesion": "lesion",
         "agreement": "agreement"}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def streamlit_server(cache, *options: str, env: dict | None = None):
    """``streamlit run app.py`` on a free local port, with ``cache`` as fsviz's cache folder; yields its URL.
    ``options`` are more of Streamlit's command-line options (``--secrets.files``, …); ``env`` more variables."""
    port = _free_port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "FSVIZ_CACHE_DIR": str(cache),
           **(env or {})}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(REPO / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", *options],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2)
            break
        except OSError:
            time.sleep(0.5)
    else:
        proc.kill()
        pytest.fail("streamlit did not start: " + proc.stdout.read().decode(errors="replace")[-2000:])
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:  # a loaded machine: a run still finishing its cell; end it
            proc.kill()
            proc.wait(timeout=20)


def _assert_no_error(page):
    """No traceback and no error message on the page."""
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0


@contextlib.contextmanager
def _visit(browser, url):
    """A new page (1400 × 1500) at ``url``, closed at the end."""
    page = browser.new_page(viewport={"width": 1400, "height": 1500})
    try:
        page.goto(url, wait_until="domcontentloaded")
        yield page
    finally:
        page.close()


def _open(browser, url):
    """A new page (1400 × 1500) at ``url``, settled (:func:`_settled`); the caller closes it."""
    page = browser.new_page(viewport={"width": 1400, "height": 1500})
    page.goto(url, wait_until="domcontentloaded")
    _settled(page)
    return page


def _settled(page):
    """Wait for the page's sidebar and first chart, and for Streamlit to finish its run."""
    page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
    page.wait_for_selector(".js-plotly-plot", timeout=90_000)
    # Let Streamlit finish the run: no "running" indicator for a moment.
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000
    )
    page.wait_for_timeout(1500)


def open_tab(page, name):
    """Click the tab ``name`` and wait for the rerun that builds it (a hidden tab's content is not built)."""
    page.get_by_role("tab", name=name, exact=True).click()
    page.wait_for_timeout(700)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_timeout(1000)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_renders_in_chromium(server, browser, name):
    with _visit(browser, f"{server}/{PAGES[name]}") as page:
        _settled(page)
        _assert_no_error(page)
        plots = page.locator(".js-plotly-plot")
        assert plots.count() >= 1
        # A rendered plotly chart has drawn its axes.
        assert page.locator(".js-plotly-plot .xtick").count() > 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        # The page scrolls inside Streamlit's own container: shoot every chart too.
        for i in range(plots.count()):
            if not plots.nth(i).is_visible():  # in a tab not shown
                continue
            plots.nth(i).scroll_into_view_if_needed()
            plots.nth(i).screenshot(path=str(SHOTS / f"{name}-chart{i}.png"))


def test_grid_page_loads_a_results_file_in_chromium(server, browser, results_file):
    out = results_file
    with _visit(browser, f"{server}/grid") as page:
        page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
        page.get_by_role("tab", name="Load a results file").click()
        page.locator('input[type="file"]').last.set_input_files(str(out))
        page.wait_for_selector(".js-plotly-plot .xtick", timeout=90_000)
        page.wait_for_timeout(1500)
        _assert_no_error(page)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "grid.png"), full_page=True)
        chart = page.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        chart.screenshot(path=str(SHOTS / "grid-chart0.png"))


def test_grid_run_stops_and_continues_in_chromium(server, browser):
    with _visit(browser, f"{server}/grid") as page:
        page.get_by_role("button", name="Run").click(timeout=90_000)
        # Wait until some cells have finished, then stop.
        page.wait_for_function(
            "() => /[1-9][0-9,]* of [0-9,]+ cells/.test(document.body.innerText)", timeout=90_000)
        page.get_by_test_id("stTabs").get_by_role("button", name="Stop").click()
        page.get_by_role("button", name="Continue").wait_for(timeout=90_000)
        page.wait_for_selector(".js-plotly-plot .xtick", timeout=90_000)
        assert page.locator('[data-testid="stException"]').count() == 0
        finished = page.locator('[data-testid="stMetric"]').filter(has_text="Already finished")
        assert int(finished.locator('[data-testid="stMetricValue"]').inner_text().replace(",", "")) > 0
        assert "incomplete" in page.locator("body").inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "grid-stopped.png"), full_page=True)


def test_results_explorer_shows_every_analysis_in_chromium(server, browser, results_file):
    with _visit(browser, f"{server}/results") as page:
        page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
        page.locator('input[type="file"]').last.set_input_files(str(results_file))
        page.get_by_text("use ", exact=False).first.wait_for(timeout=90_000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        for i, tab in enumerate(["Recommendation", "Curves vs k", "Precision–recall", "Class skew", "Tolerance",
                                 "Residuals and pairs", "Significance", "k by significance"]):
            page.get_by_role("tab", name=tab, exact=True).click()
            page.wait_for_timeout(800)
            _assert_no_error(page)
            panel = page.locator('[data-testid="stTabs"] [role="tabpanel"]:visible').first
            charts = panel.locator(".js-plotly-plot")
            for j in range(charts.count()):
                charts.nth(j).scroll_into_view_if_needed()
                assert charts.nth(j).locator(".xtick, .xy, .heatmaplayer, .bars").count() > 0
                charts.nth(j).screenshot(path=str(SHOTS / f"results-{i}-chart{j}.png"))
            if i == 0:
                panel.screenshot(path=str(SHOTS / "results-recommendation.png"))
        page.screenshot(path=str(SHOTS / "results.png"), full_page=True)


def _fill(page, fields):
    """Type each value into the input labelled by its key, confirming with Enter."""
    for name, value in fields.items():
        box = page.get_by_label(name, exact=True)
        box.fill(value)
        box.press("Enter")
        page.wait_for_timeout(700)


def _run_and_shoot(page, button, name, done):
    """Click ``button``, wait for a chart drawn while the run goes, then for the text ``done`` at its end.

    Checks no error shows, then screenshots chart and page as ``name``. The screenshot waits for the
    end: the run's last rerun replaces the live chart, and a chart caught then is no longer in the page.
    """
    page.get_by_role("button", name=button).click(timeout=90_000)
    # on a loaded 2-core machine (the rest of the suite beside it) a run's first cells took over 90 s
    page.wait_for_selector(".js-plotly-plot .xtick", timeout=300_000)
    page.get_by_text(done, exact=False).first.wait_for(timeout=300_000)
    page.wait_for_timeout(1500)
    _assert_no_error(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    chart = page.locator(".js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(SHOTS / f"{name}-chart0.png"))
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_cutoff_study_runs_in_chromium(server, browser):
    with _visit(browser, f"{server}/cutoff") as page:
        page.get_by_text("Words kept: 1:").wait_for(timeout=90_000)
        classes = page.get_by_test_id("stMultiSelect").filter(has_text="Positive classes")
        classes.get_by_role("button", name="Clear all").click()
        classes.locator("input").fill("numpy.linalg")
        page.get_by_role("option").filter(has_text="numpy.linalg").first.click()  # Enter raced the filtering
        page.keyboard.press("Escape")
        page.get_by_text("Chosen (1 of", exact=False).first.wait_for(timeout=60_000)
        _fill(page, {"Trials": "1", "Folds": "2"})
        high = page.get_by_role("slider").nth(1)  # the upper cutoff: 25 → 6
        high.focus()
        for _ in range(19):
            high.press("ArrowLeft")
        page.wait_for_timeout(1000)
        # the curves are drawn while the run goes, the verdict at its end
        _run_and_shoot(page, "Run the study", "cutoff", done="Forman's cutoff of 3 gives")


def test_multiclass_run_in_chromium(server, browser):
    with _visit(browser, f"{server}/multiclass") as page:
        page.get_by_role("button", name="Run").wait_for(timeout=90_000)
        _fill(page, {"Combinations (comma-separated)": "igfss(cmfs,nfr=0.2)", "Numbers of features k": "50, 500",
                     "Trials": "1", "Folds": "2"})
        # the curves are drawn while the run goes (issue #37), the sign test once it ends
        _run_and_shoot(page, "Run", "multiclass", done="wins,")
        assert "wins" in page.locator("body").inner_text()
        assert "IGFSS(CMFS, nfr=0.2)" in page.locator(".legendtext").all_text_contents()


def test_a_path_outside_the_data_folders_is_refused_in_chromium(server, browser):
    """The sidebar's Path box with /etc/apt: one message naming the setting, the sample still shown."""
    with _visit(browser, server) as page:
        _settled(page)
        page.get_by_text("Path", exact=True).click()
        box = page.locator(".st-key-path input")  # the Path box (Preprocessing has a text box too)
        box.fill("/etc/apt")
        box.press("Enter")
        error = page.locator('[data-testid="stAlertContentError"]')
        error.wait_for(timeout=90_000)
        text = error.inner_text()
        assert "is not inside a folder this app may read" in text and "FSVIZ_DATA_DIRS" in text
        assert "Still showing 'sample'" in text and "trusted.gpg" not in text
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator('[data-testid="stSidebar"]').screenshot(path=str(SHOTS / "sidebar-path-refused.png"))
