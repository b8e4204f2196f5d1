"""A figure downloaded from the app in Chromium (issue 40, item 4): the word map as SVG that parses and as PNG at
three times its size, drawn by the server when the format is clicked."""

import shutil
import struct
import xml.etree.ElementTree as ET

import pytest

from tests.e2e.test_browser import _assert_no_error

pytestmark = pytest.mark.skipif(__import__("importlib").util.find_spec("kaleido") is None
                                or shutil.which("chromium") is None, reason="kaleido and chromium draw the files")


def test_the_word_map_downloads_as_svg_and_png(server, browser, tmp_path):
    context = browser.new_context(viewport={"width": 1400, "height": 1500}, accept_downloads=True)
    page = context.new_page()
    page.goto(f"{server}/word_map", wait_until="domcontentloaded")
    page.wait_for_selector(".js-plotly-plot", timeout=120_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)
    _assert_no_error(page)
    files = {}
    for fmt in ("svg", "png"):
        page.get_by_test_id("stMain").get_by_role("button", name="Download figure").first.click()
        with page.expect_download(timeout=180_000) as info:
            page.get_by_role("button", name=fmt.upper() + " (").first.click()
        files[fmt] = tmp_path / info.value.suggested_filename
        info.value.save_as(files[fmt])
        page.keyboard.press("Escape")
    assert files["svg"].name == "fsviz-wordmap_chart.svg"
    assert ET.parse(files["svg"]).getroot().tag.endswith("svg")
    data = files["png"].read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    # 3 pixels per CSS pixel: the map's width follows its container on the page, so the file takes plotly's 700
    assert width == 700 * 3 and height >= 600 * 3, (width, height)
    context.close()
