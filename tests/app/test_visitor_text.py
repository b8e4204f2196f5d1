"""A visitor's text (labels, file names, words, metric specs, messages quoting them) shows as text on every page.

A corpus whose labels and file name carry Markdown (an image that would make
the browser fetch a URL, emphasis, emoji codes, a material icon) and HTML
links is opened, and every page is drawn: no element's Markdown holds the
payload unescaped, and no string in any figure holds a tag plotly would
draw (``<a href>``, ``<b style>``).
"""

import json
import re

import pytest
from conftest import REPO, seen
from streamlit.testing.v1 import AppTest

from tests.app.figures import drawn
from ui.sidebar import PAGES

LINK = '<a href="https://example.com/phish">BNS</a>'
IMAGE = "![trk](http://127.0.0.1:9/x.png)"
LABELS = [IMAGE, ":x: **b** ~~s~~ :material/home:", LINK + ' <b style="color:red">x</b>']
#: What must never reach the page as Markdown once its escaped characters are taken out.
RAW = ["![trk](", "**b**", "~~s~~", ":x:", ":material/home:", "<a href", "<b style"]
ESCAPED = re.compile(r"\\[!-/:-@\[-`{-~]")
TEXT_ELEMENTS = ["markdown", "caption", "title", "header", "subheader", "error", "warning", "info", "success",
                 "exception"]


def hostile_jsonl() -> bytes:
    rows = []
    for i in range(90):
        label = LABELS[i % 3]
        rows.append({"text": f"common words shared here topic{i % 3} extra{i % 3} word{i % 7} more{i % 5}",
                     "label": label})
    return "".join(json.dumps(r) + "\n" for r in rows).encode()


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def assert_shown_as_text(at, where):
    assert not at.exception, (where, [e.value for e in at.exception])
    for kind in TEXT_ELEMENTS:
        for element in at.get(kind):
            value = ESCAPED.sub("", getattr(element, "value", "") or "")  # what Markdown could still read
            for raw in RAW:
                assert raw not in value, f"{where}: {kind} shows {raw!r} as Markdown: {value[:300]!r}"
    for _, figure in drawn(at):
        for text in _strings(figure):
            for raw in ("<a href", "<a ", "<b style"):
                assert raw not in text, f"{where}: a figure draws {text[:200]!r} as HTML"


@pytest.fixture(scope="module")
def hostile_session():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(
        (f"{LINK} {IMAGE}.jsonl", hostile_jsonl(), "application/json")).run()
    assert at.session_state["context"].corpus.n_classes == 3
    return at


@pytest.mark.parametrize("script", [path for path, _, _ in PAGES])
def test_every_page_shows_hostile_labels_and_names_as_text(hostile_session, script):
    at = hostile_session
    at.switch_page(script).run()
    assert_shown_as_text(at, script)
    # each class in turn is the positive class: its name reaches captions, warnings and figures
    for label in LABELS:
        at.selectbox(key="class_name").set_value(label).run()
        assert_shown_as_text(at, f"{script}, class {label!r}")
    if script != "app.py":  # the page the file was uploaded on still shows it in its upload widget
        upload = next(seen(c.value) for c in at.sidebar.caption if c.value.startswith("Showing the upload"))
        assert f"{LINK} {IMAGE}.jsonl" in upload  # the file name reads exactly as given, as text


def hostile_results() -> bytes:
    import io

    from conftest import results_table

    from fsviz.evaluation.grid.results import with_goals

    table = with_goals(results_table())
    table["dataset"] = IMAGE
    table["class"] = table["class"].map({"a": LINK, "b": LABELS[1]})
    table["n_features"] = table["k"]
    table["metric"] = table["metric"].map({"x": "bns", "y": "ig", "all": "all"})  # a spec must be a metric
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    return buffer.getvalue()


def test_a_results_file_with_hostile_names_shows_them_as_text():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    at.switch_page("pages/results.py").run()
    at.file_uploader(key="results_upload").set_value((f"{LINK}.parquet", hostile_results(), "application/x")).run()
    assert drawn(at), "the explorer drew nothing"
    assert_shown_as_text(at, "results explorer")
    at.switch_page("pages/grid.py").run()  # the grid page shows the same results
    assert_shown_as_text(at, "grid page")


def test_the_html_report_shows_hostile_names_as_text():
    import io

    from fsviz.evaluation.grid import load_results
    from fsviz.report import report_html

    page = report_html(load_results(io.BytesIO(hostile_results())), source=f"{LINK} {IMAGE}")
    assert "example.com/phish" in page  # the names are there …
    for raw in ('<a href="https://example.com', "<b style", '<img'):  # … but never as a tag
        assert raw not in page
    for figure in re.findall(r"Plotly\.newPlot\([^,]+,\s*(\[.*?\]),\s*\{", page, flags=re.S):
        for text in _strings(json.loads(figure)):
            assert "<a " not in text and "<b style" not in text
