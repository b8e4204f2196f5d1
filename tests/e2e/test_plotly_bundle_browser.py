"""fsviz's own plotly.js in Chromium (issue #53): the built files register the manifest's trace types, at the
version the ``plotly`` package targets, the WebGL ones (scattergl, the 3-D traces) only once a figure asks for
them: the sample's word map draws without them; the ``plotly`` package's 4.6 MB plotly.js is never fetched."""

import pytest
from plotly.offline import get_plotlyjs_version

from e2e.test_browser import CHROMIUM, _assert_no_error
from ui.charts import bundle_manifest

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

REGISTERED_JS = """async () => {
    const Plotly = await window.__fsvizPlotly;
    return {version: Plotly.version, traces: Object.keys(Plotly.PlotSchema.get().traces).sort()};
}"""


def test_the_bundle_registers_its_traces_and_the_webgl_ones_when_asked(server, browser):
    manifest = bundle_manifest()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    fetched = []
    context.on("request", lambda request: fetched.append(request.url))
    try:
        page = context.new_page()
        page.goto(f"{server}/word_map", wait_until="domcontentloaded")
        page.wait_for_selector(".fsviz-live-chart .main-svg", timeout=120_000)
        _assert_no_error(page)
        first = page.evaluate(REGISTERED_JS)
        assert first == {"version": get_plotlyjs_version(), "traces": sorted(manifest["traces"])}
        assert not any("gl2d" in url or "gl3d" in url for url in fetched), "a WebGL chunk came before a figure asked"
        page.evaluate("async () => (await window.__fsvizPlotly).ensureTraces({data: [{type: 'scattergl'}]})")
        assert page.evaluate(REGISTERED_JS)["traces"] == sorted(manifest["traces"] + ["scattergl"])
        assert not any("gl3d" in url for url in fetched), "the 3-D chunk came with the 2-D one"
        page.evaluate("async () => (await window.__fsvizPlotly).ensureTraces({data: [{type: 'surface'}]})")
        after = page.evaluate(REGISTERED_JS)
        assert after["traces"] == sorted(manifest["traces"] + manifest["lazy_traces"])
        ours = [url for url in fetched if "/component/ui.charts.plotly_js/" in url]
        assert any(f"/{manifest['entry']}?v={manifest['digest']}" in url for url in ours), ours
        assert any("gl2d" in url for url in ours) and any("gl3d" in url for url in ours), ours
        assert not any("plotly.min.js" in url or "PlotlyChart" in url for url in fetched)  # no other plotly.js
    finally:
        context.close()
