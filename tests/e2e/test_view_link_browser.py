"""A link to a view, opened in a fresh browser context, shows that view: class, k and the metrics."""

from tests.e2e.test_browser import SHOTS, _assert_no_error


def test_a_word_map_link_opens_its_view_in_another_browser(server, browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1500})
    page = context.new_page()
    page.goto(f"{server}/word_map?source=sample&class=scipy.stats&k=137&metrics=bns,ig,chi&log=1",
              wait_until="domcontentloaded")
    page.wait_for_selector(".js-plotly-plot", timeout=90_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_timeout(1500)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "view_link.png"), full_page=False)
    _assert_no_error(page)
    assert page.get_by_text("Chosen (3): BNS, IG, Chi", exact=False).count() == 1
    assert page.locator('[data-testid="stSidebar"] input[type="number"]').last.input_value() == "137"
    assert "class=scipy.stats" in page.url and "k=137" in page.url  # the address keeps the view
    context.close()
