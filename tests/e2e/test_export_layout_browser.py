"""Every figure family, as a file makes it, reads on its canvas (issue 54: the app's PNG of the word map had its axis
titles over the tick labels and labels cut at the edge). Each figure ``fsviz plot`` and the app offer is laid out
as its file is (:func:`fsviz.plots.look.on_screen`, at kaleido's default width) by plotly.js in Chromium, the engine
kaleido draws PNG and SVG with; every text box must lie on the canvas, and no axis title may cover a tick label."""

import json

import pytest

import fsviz
from e2e.test_browser import CHROMIUM
from fsviz.evaluation.analyses import macro_average, task_maxima, task_sizes, tolerance_curves
from fsviz.evaluation.grid import load_results
from fsviz.plots import (
    boundaries_figure,
    curves_figure,
    task_sizes_figure,
    tolerance_figure,
    volcano_figure,
    word_map_figure,
)
from fsviz.plots.look import on_screen
from fsviz.stats.effect import log_ratio_interval
from fsviz.stats.significance import significance
from ui.charts import PLOTLY_JS_DIR

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: kaleido's default size, what a file is drawn at when the figure sets no width.
WIDTH = 700


def _figures(results_file):
    corpus = fsviz.load_sample()
    task = corpus.binary_task(str(corpus.classes[int(corpus.class_sizes.argmax())]))
    metrics = ["bns", "ig", "chi", "odds", "pr", "dfreq"]
    results = load_results(results_file).results
    return {
        "word-map": word_map_figure(task, metrics, 100),
        "word-map (log)": word_map_figure(task, metrics, 100, log=True),
        "boundaries": boundaries_figure(task, metrics, 100),
        "volcano": volcano_figure(task, significance(task), log_ratio_interval(task.tp, task.fp, task.pos, task.neg)),
        "task-sizes": task_sizes_figure(task_sizes(corpus)),
        "curves": curves_figure(macro_average(results)),
        "tolerance": tolerance_figure(tolerance_curves(task_maxima(results, "f1")), "f1"),
    }


#: Each text plotly.js drew: its box, and what it is (an axis title, a tick label, or other).
_BOXES = """() => {
  const canvas = document.querySelector('.main-svg').getBoundingClientRect();
  const kind = t => t.closest('.xtick, .ytick') ? 'tick' : (t.classList.contains('xtitle') ||
      t.classList.contains('ytitle') || t.closest('.g-xtitle, .g-ytitle')) ? 'title' : 'other';
  return {canvas: {x: canvas.left, y: canvas.top, w: canvas.width, h: canvas.height},
          texts: [...document.querySelectorAll('.main-svg text')].filter(t => t.textContent.trim()).map(t => {
            const r = t.getBoundingClientRect();
            return {kind: kind(t), text: t.textContent.slice(0, 40), x: r.left, y: r.top, w: r.width, h: r.height};
          }).filter(b => b.w > 0 && b.h > 0)};
}"""


def _overlap(a, b, slack=1.0) -> bool:
    return (a["x"] + slack < b["x"] + b["w"] and b["x"] + slack < a["x"] + a["w"]
            and a["y"] + slack < b["y"] + b["h"] and b["y"] + slack < a["y"] + a["h"])


def test_every_figure_familys_text_lies_on_its_canvas_and_titles_clear_the_ticks(browser, results_file, tmp_path):
    script = PLOTLY_JS_DIR / "plotly.min.js"
    page = browser.new_page(viewport={"width": WIDTH + 40, "height": 1200})
    wrong = []
    try:
        for name, figure in _figures(results_file).items():
            spec = json.loads(on_screen(figure).to_json())
            html = tmp_path / "figure.html"
            html.write_text(f"<html><body style='margin:0'><div id='f'></div><script src='{script.as_uri()}'></script>"
                            f"<script>const s = {json.dumps(spec)}; s.layout.width = s.layout.width || {WIDTH};"
                            "Plotly.newPlot('f', s.data, s.layout, {staticPlot: true})"
                            ".then(() => document.body.dataset.drawn = '1');</script></body></html>")
            page.goto(html.as_uri())
            page.wait_for_selector("body[data-drawn='1']", timeout=60_000)
            drawn = page.evaluate(_BOXES)
            canvas = drawn["canvas"]
            for box in drawn["texts"]:
                if (box["x"] < canvas["x"] - 1 or box["y"] < canvas["y"] - 1
                        or box["x"] + box["w"] > canvas["x"] + canvas["w"] + 1
                        or box["y"] + box["h"] > canvas["y"] + canvas["h"] + 1):
                    wrong.append((name, "leaves the canvas", box["text"]))
            titles = [b for b in drawn["texts"] if b["kind"] == "title"]
            ticks = [b for b in drawn["texts"] if b["kind"] == "tick"]
            wrong += [(name, "title over a tick label", t["text"], k["text"]) for t in titles for k in ticks
                      if _overlap(t, k)]
    finally:
        page.close()
    assert not wrong, wrong
