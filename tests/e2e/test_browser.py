"""The app in real headless Chromium: every page renders its charts with no error.

Starts `streamlit run app.py` on a free local port and drives Debian's
Chromium through Playwright (no browser download). Screenshots go to
test-output/screenshots/. Skipped when Chromium is not installed.
"""

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
PAGES = {"corpus": "", "word_map": "word_map", "boundaries": "boundaries"}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(REPO / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1"],
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
    yield url
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
        yield browser
        browser.close()


def _open(browser, url):
    page = browser.new_page(viewport={"width": 1400, "height": 1500})
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
    page.wait_for_selector(".js-plotly-plot", timeout=90_000)
    # Let Streamlit finish the run: no "running" indicator for a moment.
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000
    )
    page.wait_for_timeout(1500)
    return page


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_renders_in_chromium(server, browser, name):
    page = _open(browser, f"{server}/{PAGES[name]}")
    try:
        assert page.locator('[data-testid="stException"]').count() == 0
        assert page.locator('[data-testid="stAlertContentError"]').count() == 0
        plots = page.locator(".js-plotly-plot")
        assert plots.count() >= 1
        # A rendered plotly chart has drawn its axes.
        assert page.locator(".js-plotly-plot .xtick").count() > 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        # The page scrolls inside Streamlit's own container: shoot every chart too.
        for i in range(plots.count()):
            plots.nth(i).scroll_into_view_if_needed()
            plots.nth(i).screenshot(path=str(SHOTS / f"{name}-chart{i}.png"))
    finally:
        page.close()
