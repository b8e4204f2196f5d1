"""A visitor's text in a real browser: nothing it names is fetched, nothing becomes a link; and a slow file
uploaded by one visitor does not hold up the others.

A listener on 127.0.0.1 records every request. A corpus whose labels, file
name and words carry Markdown images and HTML pointing at the listener is
uploaded and every page is opened, then the HTML report of a results file
with such names: the listener must hear nothing, and no ``<a>`` on a page
may come from corpus text.
"""

import http.server
import json
import threading
import time

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error
from ui.sidebar import PAGES

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def listener():
    """A local HTTP server recording the paths asked of it."""
    heard = []

    class Record(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            heard.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Record)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", heard
    httpd.shutdown()


def _settle(page):
    page.wait_for_timeout(500)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)
    page.wait_for_timeout(800)


def _upload(page, server, name, mime, data: bytes) -> None:
    """Open the app at ``server`` in ``page`` and upload ``data`` as the file ``name`` in the sidebar."""
    page.goto(server, wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
    _settle(page)
    page.get_by_text("Upload", exact=True).click()
    _settle(page)
    page.locator('[data-testid="stSidebar"] input[type="file"]').set_input_files(
        files=[{"name": name, "mimeType": mime, "buffer": data}])


def _hostile_jsonl(url: str) -> tuple[str, bytes]:
    labels = [f"![label]({url}/label.png)", f'<img src="{url}/img.png"> <a href="{url}/link">BNS</a>',
              f":x: **b** [go]({url}/go)"]
    rows = [{"text": f"common shared words topic{i % 3} extra{i % 3} word{i % 7}", "label": labels[i % 3]}
            for i in range(90)]
    name = f"![file]({url}/file.png).jsonl"
    return name, "".join(json.dumps(r) + "\n" for r in rows).encode()


def test_no_request_leaves_for_a_url_in_corpus_text_and_no_link_comes_from_it(server, browser, listener, tmp_path):
    url, heard = listener
    name, data = _hostile_jsonl(url)
    path = tmp_path / "upload.jsonl"
    path.write_bytes(data)
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    try:
        _upload(page, server, name, "application/json", data)
        page.get_by_text("90 documents", exact=False).first.wait_for(timeout=90_000)
        _settle(page)
        for script, title, _ in PAGES:
            link = page.locator('[data-testid="stSidebar"] [data-testid="stPageLink"]').filter(has_text=title)
            link.first.click()
            _settle(page)
            hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
            assert not [h for h in hrefs if url in h], f"{script}: a link from corpus text: {hrefs}"
            images = page.eval_on_selector_all("img[src]", "imgs => imgs.map(i => i.src)")
            assert not [s for s in images if url in s], f"{script}: an image from corpus text"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "hostile-text-word-map.png"))
        time.sleep(1)
        assert heard == [], f"the browser asked the listener for {heard}"
    finally:
        page.close()


def test_the_report_of_hostile_names_fetches_nothing(browser, listener, tmp_path):
    import io

    from conftest import results_table

    from fsviz.evaluation.grid import load_results
    from fsviz.evaluation.grid.results import with_goals
    from fsviz.report import report_html

    url, heard = listener
    table = with_goals(results_table())
    table["dataset"] = f"![d]({url}/dataset.png)"
    table["class"] = table["class"].map({"a": f'<img src="{url}/class.png">', "b": f'<a href="{url}/b">b</a>'})
    table["n_features"] = table["k"]
    table["metric"] = table["metric"].map({"x": "bns", "y": "ig", "all": "all"})
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    buffer.seek(0)
    report = tmp_path / "report.html"
    report.write_text(report_html(load_results(buffer), source=f'<img src="{url}/source.png">'))
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    try:
        page.goto(report.as_uri())
        page.wait_for_selector(".js-plotly-plot .xtick", timeout=60_000)
        page.wait_for_timeout(1500)
        hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        assert not [h for h in hrefs if url in h]
        time.sleep(1)
        assert heard == [], f"the report asked the listener for {heard}"
    finally:
        page.close()


def test_a_slow_file_in_one_session_does_not_hold_up_the_others(server, browser, tmp_path):
    """Three visitors at once: one uploads an ARFF whose @attribute line is padded with 150,000 spaces (it
    froze every session for 100 s when the parser backtracked); the other two change k and their pages
    answer within 2 s."""
    arff = ("@relation r\n@attribute w" + " " * 150_000 + "numeric\n@attribute class {a,b}\n@data\n"
            + "".join(f"{{0 {1 + i % 3},1 {'ab'[i % 2]}}}\n" for i in range(40)))
    others = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        page.goto(f"{server}/results", wait_until="domcontentloaded")
        page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
        _settle(page)
        others.append((context, page))
    slow_context = browser.new_context(viewport={"width": 1200, "height": 900})
    slow = slow_context.new_page()
    try:
        _upload(slow, server, "padded.arff", "text/plain", arff.encode())
        seconds = []
        for k, (_, page) in zip((7, 9), others):
            box = page.get_by_label("k: words to select", exact=True)
            start = time.monotonic()
            box.fill(str(k))
            box.press("Enter")
            page.wait_for_timeout(100)
            page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
                                   timeout=120_000)
            seconds.append(time.monotonic() - start)
            _assert_no_error(page)
        slow.get_by_text("40 documents", exact=False).first.wait_for(timeout=60_000)
        assert max(seconds) < 2.0, f"the other visitors waited {seconds} s"
    finally:
        for context, _ in others:
            context.close()
        slow_context.close()
