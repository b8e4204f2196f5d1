"""The answer first, in Chromium: from the landing page to Recommend, the answer visible while the plan runs,
then the finished answer."""

import time

from tests.e2e.test_browser import SHOTS, _assert_no_error, _open, browser, server  # noqa: F401 (fixtures)


def test_recommend_shows_the_answer_forming_then_the_answer(server, browser):  # noqa: F811
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
