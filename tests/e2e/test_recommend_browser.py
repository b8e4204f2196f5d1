"""The answer first, in Chromium: from the landing page to Recommend, the answer visible while the plan runs,
then the finished answer."""

import time

from tests.e2e.test_browser import SHOTS, _assert_no_error, _open


def test_recommend_shows_the_answer_forming_then_the_answer(server, browser):
    page = _open(browser, server)
    page.get_by_text("Which metric and how many words for this corpus?").click()
    page.wait_for_selector("text=Recommend a metric and k", timeout=60_000)
    page.get_by_role("button", name="Recommend").click()
    began, provisional = time.monotonic(), False
    while time.monotonic() - began < 240:
        if page.get_by_text("So far, on").count():
            provisional = True  # the provisional answer, while cells were still running
        if page.locator('[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentWarning"]') \
                .filter(has_text="F-measure").count():
            break
        page.wait_for_timeout(500)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    page.wait_for_timeout(1000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "recommend.png"), full_page=True)
    _assert_no_error(page)
    answer = page.locator('[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentWarning"]') \
        .filter(has_text="F-measure")
    assert answer.count() == 1, "no answer for F-measure"
    assert provisional, "no provisional answer while the plan ran"
    assert page.get_by_text("corrected resampled t-test", exact=False).count()
    page.close()


def _answer_shown(page) -> bool:
    return page.locator('[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentWarning"]') \
        .filter(has_text="F-measure").count() > 0


def test_the_browser_keeps_its_runs_and_another_browser_does_not_see_them(server, browser):
    """Browser A runs the plan; its cookie brings its finished cells back after a reload. Browser B, a context of
    its own (another browser, or a private window), has none of them and sees Recommend to press."""
    a = browser.new_context(viewport={"width": 1400, "height": 1500})
    page = a.new_page()
    page.goto(f"{server}/recommend", wait_until="domcontentloaded")
    page.get_by_role("button", name="Recommend").click()
    deadline = time.monotonic() + 240
    while not _answer_shown(page) and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    assert _answer_shown(page)
    cookies = {c["name"]: c["value"] for c in a.cookies()}
    assert len(cookies.get("fsviz_visitor", "")) == 43, "the browser was not given its visitor token"
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("text=Recommend a metric and k", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    page.wait_for_timeout(1500)
    assert _answer_shown(page), "after a reload, the same browser lost its finished cells"
    b = browser.new_context(viewport={"width": 1400, "height": 1500})
    other = b.new_page()
    other.goto(f"{server}/recommend", wait_until="domcontentloaded")
    other.wait_for_selector("text=Recommend a metric and k", timeout=60_000)
    other.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    other.wait_for_timeout(1500)
    assert not _answer_shown(other) and other.get_by_role("button", name="Recommend").is_enabled()
    assert {c["value"] for c in b.cookies() if c["name"] == "fsviz_visitor"} != {cookies["fsviz_visitor"]}
    a.close()
    b.close()
