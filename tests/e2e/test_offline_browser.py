"""Nothing leaves the machine (issue #53): every page of the menu, opened by a new visitor, asks only the server.

The app promises to work offline and to keep visitors' work on the machine. Each page of :data:`ui.sidebar.PAGES`
is opened in a browser context of its own (a first visit: nothing cached) on the one server of the run, and
every request the context makes (the page, its frames, its workers, a favicon) is recorded; any to another host
fails the test. Such requests are refused on the spot rather than left to time out on this machine's closed
network, so a failure names them without waiting. Streamlit's own page icon for a ``:material/…:`` icon was
one: a request to fonts.gstatic.com on every page load.
"""

from urllib.parse import urlsplit

import pytest

from e2e.test_browser import CHROMIUM, _assert_no_error
from ui.sidebar import PAGES

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

SETTLED_JS = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    return !!app && app.getAttribute('data-test-script-state') === 'notRunning'
        && !!document.querySelector('[data-testid="stSidebar"] [data-testid="stPageLink"]')
        && !document.querySelector('[data-testid="stStatusWidget"]')
        && [...document.querySelectorAll('.fsviz-live-chart')].every(c => c.querySelector('.main-svg'));
}"""


STATE_JS = """() => ({
    state: document.querySelector('[data-testid="stApp"]')?.getAttribute('data-test-script-state'),
    links: document.querySelectorAll('[data-testid="stSidebar"] [data-testid="stPageLink"]').length,
    status: !!document.querySelector('[data-testid="stStatusWidget"]'),
    charts: [...document.querySelectorAll('.fsviz-live-chart')].map(c => !!c.querySelector('.main-svg')),
    text: document.body.innerText.slice(0, 300)})"""


def _address(script: str) -> str:
    """The page's path on the server: ``app.py`` is ``/``, ``pages/word_map.py`` is ``/word_map``."""
    return "" if script == "app.py" else script.removeprefix("pages/").removesuffix(".py")


@pytest.mark.parametrize("script", [script for script, _, _ in PAGES])
def test_a_new_visitor_asks_only_the_server(server, browser, script):
    here = urlsplit(server).netloc
    requested, elsewhere = [], []

    def seen(request):
        requested.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != here:
            elsewhere.append(request.url)

    def refuse(route):
        route.abort()

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        context.on("request", seen)
        context.route(lambda url: urlsplit(url).netloc not in ("", here), refuse)
        page = context.new_page()
        page.goto(f"{server}/{_address(script)}", wait_until="load")
        try:
            page.wait_for_function(SETTLED_JS, timeout=180_000, polling=100)
        except Exception as exc:
            raise AssertionError(f"{script} did not settle: {page.evaluate(STATE_JS)}") from exc
        page.wait_for_timeout(1500)  # what a settled page asks for late: a favicon, a lazily loaded chunk
        _assert_no_error(page)
        assert requested, "no request was recorded"
        assert elsewhere == [], f"{script} asked hosts other than the server ({here}): {sorted(set(elsewhere))}"
    finally:
        context.close()
