"""A cold server's first request is a deep link: the page runs with the shared sidebar and its menu.

Each case starts its own server, so the deep link is the first page that
server ever runs (the case that Streamlit's ``st.navigation`` got wrong).
"""

import pytest
from conftest import REPO

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, streamlit_server
from ui.sidebar import PAGES

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
TITLES = {path: title for path, title, _ in PAGES}


@pytest.mark.parametrize("url_path, script", [("word_map", "pages/word_map.py"), ("grid", "pages/grid.py")])
def test_a_cold_servers_first_request_to_a_page_draws_it_with_the_sidebar(browser, tmp_path, url_path, script):
    assert (REPO / script).exists()
    with streamlit_server(tmp_path) as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.goto(f"{url}/{url_path}", wait_until="domcontentloaded")
            sidebar = page.locator('[data-testid="stSidebar"]')
            sidebar.get_by_text("documents,", exact=False).first.wait_for(timeout=120_000)  # the corpus caption
            page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
                                   timeout=120_000)
            page.wait_for_timeout(1000)
            heading = page.locator("h1").first.inner_text()
            assert TITLES[script].lower() in heading.lower(), heading
            _assert_no_error(page)
            # The app's own menu, every page once; Streamlit's automatic page list stays hidden.
            links = sidebar.locator('[data-testid="stPageLink"]')
            assert links.count() == len(PAGES)
            assert sidebar.locator('[data-testid="stSidebarNav"]').count() == 0
            assert "words" in sidebar.inner_text() and "Positive class" in sidebar.inner_text()
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"deep-link-{url_path}.png"))
        finally:
            page.close()
