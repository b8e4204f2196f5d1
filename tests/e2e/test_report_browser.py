"""The HTML report in real headless Chromium: every figure drawn from a file:// URL with the network cut off.

One report comes from ``python -m fsviz report … --html``, one from the Results
explorer's "Download report (HTML)" button. Screenshots go to
test-output/screenshots/report*.png. Skipped when Chromium is not installed.
"""

import pytest

from e2e.test_browser import CHROMIUM, SHOTS
from fsviz.cli import main

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
#: curves, P–R, tolerance, tolerance bars, residuals, significance
FIGURES = 7


def open_offline(browser, path, shot):
    """Open ``path`` with every request but the file itself refused; return (page, requests, errors)."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    requests, errors = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    url = path.resolve().as_uri()
    page.route("**/*", lambda route: route.continue_() if route.request.url == url else route.abort())
    page.goto(url, wait_until="load")
    page.wait_for_function(f"document.querySelectorAll('.js-plotly-plot .main-svg').length >= {FIGURES}",
                           timeout=60_000)
    page.wait_for_timeout(500)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True)
    return page, requests, errors, url


def assert_every_figure_drawn(page, requests, errors, url, results_file):
    assert requests == [url], f"the report asked the network for {[r for r in requests if r != url]}"
    assert errors == []
    figures = page.locator(".js-plotly-plot")
    assert figures.count() == FIGURES
    for i in range(FIGURES):
        figure = figures.nth(i)
        assert figure.locator(".main-svg").count() >= 1
        assert figure.locator(".xtick, .bars, .heatmaplayer image, .hm").count() > 0, f"figure {i} drew no data"
    for section in ("Which metric to use", "The run", "The tasks", "Curves vs k", "Precision–recall trade-off",
                    "Chance of attaining the best", "Residuals and pairs", "Significance"):
        assert page.get_by_role("heading", name=section).count() == 1
    assert page.get_by_text(_headline(results_file), exact=False).count() >= 1


def _headline(results_file) -> str:
    """The start of the F-measure answer's headline, as its verdict words it (issue 56: "use" only when better)."""
    from fsviz.evaluation.answer import deciding, recommend
    from fsviz.evaluation.grid import load_results

    row = recommend(load_results(results_file).results).iloc[0]
    said, _ = deciding(row["verdict_all_words"], row["verdict_rand"])
    return {"better": "F-measure: use", "worse": "F-measure: keep all words"}.get(said, "F-measure:")


def test_the_cli_s_report_draws_every_figure_offline(browser, results_file, tmp_path):
    out = tmp_path / "report.html"
    assert main(["report", str(results_file), "--html", str(out), "--quiet"]) == 0
    page, requests, errors, url = open_offline(browser, out, "report")
    try:
        assert_every_figure_drawn(page, requests, errors, url, results_file)
        page.locator("#fig-curves").screenshot(path=str(SHOTS / "report-curves.png"))
    finally:
        page.context.close()


def test_the_results_explorer_s_button_downloads_the_report(server, browser, results_file, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 1500}, accept_downloads=True)
    try:
        page.goto(f"{server}/results", wait_until="domcontentloaded")
        page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
        page.locator('input[type="file"]').last.set_input_files(str(results_file))
        button = page.get_by_role("button", name="Download report (HTML)")
        button.wait_for(timeout=90_000)
        page.get_by_text(_headline(results_file), exact=False).first.wait_for(timeout=90_000)
        page.wait_for_timeout(1000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "results-download-report.png"))
        with page.expect_download(timeout=120_000) as download:
            button.click()
        assert download.value.suggested_filename == "fsviz-report.html"
        saved = tmp_path / "fsviz-report.html"
        download.value.save_as(saved)
    finally:
        page.close()
    text = saved.read_text(encoding="utf-8")
    assert "loaded from " in text and "Precision vs recall at k = 100" in text
    report, requests, errors, url = open_offline(browser, saved, "report-from-page")
    try:
        assert_every_figure_drawn(report, requests, errors, url, results_file)
    finally:
        report.context.close()
