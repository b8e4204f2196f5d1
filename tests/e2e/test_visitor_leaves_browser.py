"""A visitor who closes the tab takes their work with them (issue 39, class 9).

Four tabs that started grid runs and closed at once all kept running before (server 462 → 573 MiB; another
visitor's clicks 1.2–6.0 s). Now a run stops a few seconds after its session has gone: its results file's lock
(``<out>.lock``, held while the run goes) is given back, and the cells it finished stay stored.
"""

import time

import pytest

from e2e.test_browser import CHROMIUM, streamlit_server

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: Seconds from closing the tab to the run's end: 5 s of grace (a reconnection is not leaving), then the cells
#: in progress end; generous for a loaded CI machine.
LEFT_BOUND = 45.0


def _locks(cache):
    return list((cache / "grid").glob("v-*/*.parquet.lock"))


def test_a_run_whose_tab_closes_stops_within_seconds_and_keeps_its_cells(browser, tmp_path):
    with streamlit_server(tmp_path) as url:
        visitor = browser.new_context(viewport={"width": 1400, "height": 1400})
        page = visitor.new_page()
        page.goto(f"{url}/grid", wait_until="domcontentloaded")
        page.get_by_test_id("stMain").get_by_role("button", name="Run").click(timeout=120_000)
        page.wait_for_function(
            "() => /[1-9][0-9,]* of [0-9,]+ cells in/.test(document.body.innerText)", timeout=120_000)
        assert len(_locks(tmp_path)) == 1, "the run holds its results file's lock while it goes"
        closed = time.monotonic()
        visitor.close()  # the tab, and the browser's session with the server, gone
        while _locks(tmp_path) and time.monotonic() - closed < LEFT_BOUND:
            time.sleep(0.5)
        took = time.monotonic() - closed
        print(f"the run stopped {took:.1f} s after its tab closed")
        assert not _locks(tmp_path), f"the run went on {LEFT_BOUND:.0f} s after its visitor left"
        assert took < LEFT_BOUND
        parts = list((tmp_path / "grid").glob("v-*/*.parquet.parts/*/*.parquet"))
        assert parts, "the cells the run finished were not kept"
