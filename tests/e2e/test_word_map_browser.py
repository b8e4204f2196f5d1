"""The word map and boundaries in Chromium (issue #26): the ranked table picks a word for the documents and
Figure 1, presets set the metrics in one rerun, PR's boundary is on screen, log ticks read, and the toolbar
covers no legend entry or panel title."""

import json

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, _assert_no_error, open_tab

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def _settled(page):
    page.wait_for_timeout(600)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)


def _open(browser, server, path, height=1000):
    page = browser.new_page(viewport={"width": 1400, "height": height})
    page.goto(f"{server}/{path}", wait_until="domcontentloaded")
    page.wait_for_selector(".js-plotly-plot .main-svg", timeout=120_000)
    _settled(page)
    return page


def _overlaps(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or a["y"] + a["height"] <= b["y"]
                or b["y"] + b["height"] <= a["y"])


def test_a_preset_sets_the_metrics_and_prs_boundary_is_on_screen(browser, server):
    page = _open(browser, server, "word_map")
    try:
        page.locator(".st-key-wordmap_metrics_preset_none button").first.click()
        _settled(page)
        page.locator(".st-key-wordmap_metrics_preset_forman_s_four button").first.click()
        _settled(page)
        assert page.get_by_text("Chosen (4): BNS, IG, Chi, Odds").count() == 1
        page.locator(".st-key-wordmap_metrics").get_by_role("combobox").first.click()
        page.keyboard.type("PR")  # the box lists short labels: the typed name is one metric, and Enter adds it
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")
        _settled(page)
        assert page.get_by_text("Chosen (5): BNS, IG, Chi, Odds, PR").count() == 1  # PR alone, not every match
        plot = page.locator(".st-key-wordmap_chart .js-plotly-plot").first
        # Plotly draws after Streamlit settles: wait for the drawn figure to hold PR's traces.
        page.wait_for_function("""() => {
            const gd = document.querySelector('.st-key-wordmap_chart .js-plotly-plot');
            return gd && gd._fullData && gd._fullData.some(t => (t.name || '').startsWith('PR'));
        }""", timeout=60_000)
        pr = page.evaluate("""(gd) => gd._fullData.filter(t => (t.name || '').startsWith('PR'))
                                 .map(t => ({name: t.name, x: Array.from(t.x), y: Array.from(t.y)}))""",
                           plot.element_handle())
        edge = [t for t in pr if "on the tp axis" in t["name"]]
        assert edge and edge[0]["x"] == [0, 0] and edge[0]["y"][0] < edge[0]["y"][1]
        path = plot.locator("g.scatterlayer .trace").filter(has=page.locator("path.js-line")).count()
        assert path >= 1
        # The toolbar stands beside the plot: it covers no legend entry.
        plot.hover()
        bar = plot.locator(".modebar").bounding_box()
        for entry in plot.locator(".legend .traces").all():
            assert not _overlaps(bar, entry.bounding_box())
        page.locator(".st-key-wordmap_log label").first.click()
        _settled(page)
        page.wait_for_function("""() => {  // Plotly redraws after the rerun settles: wait for the log axis
            const gd = document.querySelector('.st-key-wordmap_chart .js-plotly-plot');
            return gd && gd._fullLayout && gd._fullLayout.yaxis.type === 'log';
        }""", timeout=60_000)
        ticks = plot.locator(".ytick text").all_text_contents()
        assert ticks[0] == "0" and all(t.replace(",", "").lstrip("1").strip("0") == "" for t in ticks[1:]), ticks
        _assert_no_error(page)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "word-map-pr-log.png"))
    finally:
        page.close()


def test_the_ranked_table_picks_a_word_for_its_documents(browser, server):
    page = _open(browser, server, "word_map", height=1400)
    try:
        table = page.locator(".st-key-wordmap_ranked")
        table.scroll_into_view_if_needed()
        box = table.locator("[data-testid=stDataFrameResizable]").bounding_box()
        page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)  # the first row's selection cell, under the header
        _settled(page)
        table.scroll_into_view_if_needed()
        _assert_no_error(page)
        page.screenshot(path=str(SHOTS / "word-map-ranked.png"))
        open_tab(page, "Documents")  # the word picked is the one shown in the Documents and Figure 1 tabs
        word = page.locator(".st-key-wordmap_docs_word").inner_text()
        open_tab(page, "Why BNS (Figure 1)")
        top = page.evaluate("() => document.querySelector('.st-key-wordmap_bns_word').innerText")
        assert word.split("\n")[-1].strip() == top.split("\n")[-1].strip() != ""
    finally:
        page.close()


def test_boundaries_titles_are_never_under_the_toolbar(browser, server):
    page = _open(browser, server, "boundaries")
    try:
        plot = page.locator(".st-key-boundaries_chart .js-plotly-plot").first
        plot.hover()
        bar = plot.locator(".modebar").bounding_box()
        titles = plot.locator(".annotation-text")
        assert titles.count() >= 11
        for i in range(titles.count()):
            assert not _overlaps(bar, titles.nth(i).bounding_box())
        assert plot.locator(".g-xtitle, .g-x2title").count() >= 1
        _assert_no_error(page)
    finally:
        page.close()


def test_a_change_of_k_on_the_boundaries_moves_the_isoclines_alone(browser, server):
    """The boundaries' maps stay drawn: a new k relayouts the isoclines (layout shapes, each labelled with its
    threshold) over the same contour traces, whose computed paths plotly.js keeps; a zoom on the panels stays."""
    page = _open(browser, server, "boundaries", height=1500)
    try:
        plot = ".st-key-boundaries_chart .js-plotly-plot"
        page.wait_for_function(f"() => (document.querySelector('{plot}').layout.shapes || []).length > 0",
                               timeout=60_000)
        before = page.evaluate(f"""async () => {{ const gd = document.querySelector('{plot}');
            await (await window.__fsvizPlotly).relayout(gd, {{'xaxis4.range': [0, 500]}});  // a visitor's zoom
            gd.__kept = true; gd.__contours = gd.calcdata.map(c => c[0]);
            gd.__relayouts = 0; gd.on('plotly_relayout', () => {{ gd.__relayouts += 1; }});
            return {{labels: gd.layout.shapes.map(s => s.label && s.label.text).filter(Boolean),
                     traces: gd.data.length}}; }}""")
        assert before["labels"] and all(text.startswith("≥ ") for text in before["labels"])
        box = page.get_by_role("spinbutton", name="k: words to select")
        box.fill("1000")
        box.press("Enter")
        page.wait_for_function(f"""(old) => JSON.stringify((document.querySelector('{plot}').layout.shapes || [])
            .map(s => s.label && s.label.text).filter(Boolean)) !== old""", arg=json.dumps(before["labels"]),
            timeout=60_000)
        _settled(page)
        _assert_no_error(page)
        after = page.evaluate(f"""() => {{ const gd = document.querySelector('{plot}');
            return {{same: gd.__kept === true, traces: gd.data.length, relayouts: gd.__relayouts,
                     contours_kept: gd.calcdata.every((c, i) => c[0] === gd.__contours[i]),
                     range: gd.layout.xaxis4.range}}; }}""")
        assert after["same"] and after["traces"] == before["traces"], after
        assert after["contours_kept"], "the contours were computed again for a new k"
        assert after["relayouts"] >= 1 and after["range"] == [0, 500], after
    finally:
        page.close()


def test_a_change_of_k_redraws_the_map_in_place_and_keeps_the_zoom(browser, server):
    """The word map is drawn in place (ui.charts): a new k reaches the same chart element, whose isoclines move,
    and the range a visitor zoomed to stays; plotly.js is the plotly package's copy, served by the app itself."""
    page = _open(browser, server, "word_map")
    try:
        area = page.evaluate("""() => { const gd = document.querySelector('.js-plotly-plot'); gd.__kept = true;
            const r = gd.querySelector('.nsewdrag').getBoundingClientRect();
            return {x: r.left, y: r.top, width: r.width, height: r.height, full: gd.layout.xaxis.range}; }""")
        page.mouse.move(area["x"] + 5, area["y"] + area["height"] * 0.5)  # drag a zoom box over the lower left
        page.mouse.down()
        page.mouse.move(area["x"] + area["width"] * 0.3, area["y"] + area["height"] - 5, steps=8)
        page.mouse.up()
        page.wait_for_timeout(500)
        zoomed = page.evaluate("""() => { const a = document.querySelector('.js-plotly-plot').layout;
            return {x: a.xaxis.range, y: a.yaxis.range}; }""")
        before = page.evaluate("() => document.querySelector('.js-plotly-plot').data.map(t => t.name).join('|')")
        box = page.get_by_role("spinbutton", name="k: words to select")
        box.fill("250")
        box.press("Enter")
        page.wait_for_function("(old) => document.querySelector('.js-plotly-plot').data.map(t => t.name).join('|')"
                               " !== old", arg=before, timeout=60_000)
        _settled(page)
        _assert_no_error(page)
        kept = page.evaluate("""() => { const gd = document.querySelector('.js-plotly-plot');
            return {same: gd.__kept === true, charts: document.querySelectorAll('.js-plotly-plot').length,
                    x: gd.layout.xaxis.range, y: gd.layout.yaxis.range}; }""")
        assert kept["same"], "the chart was built anew"
        assert kept["x"] == zoomed["x"] and kept["y"] == zoomed["y"], (zoomed, kept)
        assert zoomed["x"][1] - zoomed["x"][0] < 0.5 * (area["full"][1] - area["full"][0]), (area, zoomed)
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)"
                               ".find(name => name.includes('/component/ui.charts.plotly_js/'))")
        assert loaded.startswith(server)  # fsviz's own plotly.js, from the server (frontend/plotly)
        page.screenshot(path=str(SHOTS / "word-map-in-place.png"))
    finally:
        page.close()


def test_a_box_drawn_on_the_map_lists_the_words_inside_it(browser, server):
    """The box tool's selection comes back from the chart drawn in place: the page lists the words of the points
    inside the box (each point holds one word or more)."""
    page = _open(browser, server, "word_map")
    try:
        page.locator(".js-plotly-plot").first.hover()
        page.locator('.modebar-btn[data-val="select"]').first.click()
        box = page.evaluate("""() => { const gd = document.querySelector('.js-plotly-plot'), f = gd._fullData[0];
            const L = gd._fullLayout, r = gd.querySelector('.nsewdrag').getBoundingClientRect();
            const x = [L.xaxis.l2p(20) + r.left, L.xaxis.l2p(400) + r.left];
            const y = [L.yaxis.l2p(200) + r.top, L.yaxis.l2p(60) + r.top];
            let points = 0;  // well inside the box (a point on its edge may fall either side of a pixel)
            for (let i = 0; i < f.x.length; i++) if (f.x[i] > 25 && f.x[i] < 390 && f.y[i] > 62 && f.y[i] < 198) points++;
            return {x: x, y: y, points: points}; }""")
        page.mouse.move(box["x"][0], box["y"][0])
        page.mouse.down()
        page.mouse.move(box["x"][1], box["y"][1], steps=10)
        page.mouse.up()
        heading = page.get_by_role("heading", name="Selected:")
        heading.wait_for(timeout=90_000)
        _settled(page)
        _assert_no_error(page)
        words = int(heading.inner_text().split()[1].replace(",", ""))
        assert words >= box["points"] > 0, (words, box)
        page.screenshot(path=str(SHOTS / "word-map-box-selection.png"))
    finally:
        page.close()


def test_the_boundaries_picture_comes_first_and_its_folded_controls_stay_open(browser, server):
    """The chart is the first thing under the page's text; the metrics are folded above it, and the fold stays open
    while the visitor removes a metric (its label counts them)."""
    page = _open(browser, server, "boundaries")
    try:
        controls = page.locator(".st-key-boundaries_controls")
        chart = page.locator(".st-key-boundaries_chart")
        assert chart.bounding_box()["y"] < 1000, "the chart starts below the first screen"
        assert controls.locator("details").get_attribute("open") is None  # folded at first
        controls.locator("summary").click()
        page.locator(".st-key-boundaries_metrics button[aria-label='Remove Chi']").click()
        page.wait_for_function("() => document.querySelector('.st-key-boundaries_controls summary')"
                               ".innerText.includes('Metrics (10)')", timeout=60_000)
        _settled(page)
        assert controls.locator("details").get_attribute("open") is not None, "the fold closed on a change"
        assert chart.locator(".js-plotly-plot").count() == 1
        _assert_no_error(page)
    finally:
        page.close()
