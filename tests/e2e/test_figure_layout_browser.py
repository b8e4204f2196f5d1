"""Figures as plotly.js draws them in Chromium, read as a person reads them (issue #42's readability list): round
ticks on the cutoff's vocabulary axis, labels that do not cover each other on the precision–recall view, a word map
whose long legend leaves the plot its height.

No server: each figure is drawn with the ``plotly`` package's own plotly.js on a blank page, as the app's charts
draw it."""

import re

import numpy as np
import pandas as pd
import pytest

import fsviz
from e2e.test_browser import CHROMIUM
from fsviz.plots import cutoff_figure, pr_tradeoff_figure, word_map_figure
from ui.charts import PLOTLY_JS_DIR

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture
def draw(browser):
    """Draw a figure on a blank page, 700 px wide (the results explorer's column, about); returns the page."""
    page = browser.new_page(viewport={"width": 900, "height": 900})
    page.set_content('<div id="chart" style="width: 700px"></div>')
    page.add_script_tag(path=str(PLOTLY_JS_DIR / "plotly.min.js"))

    def drawn(figure):
        page.evaluate("async (json) => { const f = JSON.parse(json);"
                      " await Plotly.newPlot('chart', f.data, f.layout); }", figure.to_json())
        return page

    yield drawn
    page.close()


def _nice(step: float) -> bool:
    """1, 2 or 5 × a power of ten (plotly's own choice of step for an axis it ticks itself)."""
    mantissa = step / 10 ** np.floor(np.log10(step))
    return any(np.isclose(mantissa, m) for m in (1, 2, 2.5, 5))


@pytest.mark.parametrize("vocabulary", [[10_340, 5_116, 3_001, 2_050, 1_433], [987, 612, 401, 333, 250]])
def test_the_cutoffs_vocabulary_axis_is_ticked_at_round_numbers(draw, vocabulary):
    goals = {goal: np.linspace(0.5, 0.9, len(vocabulary)) for goal in ("precision", "recall", "f1", "accuracy")}
    curves = pd.DataFrame({"metric": "bns", "k": 100, "min_df": range(1, len(vocabulary) + 1),
                           "vocabulary": vocabulary, **goals})
    page = draw(cutoff_figure(curves, "bns", 100))
    ticks = [int(re.sub(r"[^0-9]", "", t) or 0) for t in page.locator(".y2tick text").all_text_contents()]
    assert len(ticks) >= 3, ticks
    steps = set(np.diff(ticks))
    assert len(steps) == 1 and _nice(steps.pop()), f"the vocabulary axis is ticked at {ticks}"


@pytest.mark.parametrize("seed", range(10))
def test_the_precision_recall_labels_cover_no_other_label(draw, seed):
    """Forman's twelve and all features, at precision and recall as close as a real run's (within a few points)."""
    rng = np.random.default_rng(seed)
    metrics = [*fsviz.FORMAN_METRICS, "all"]
    spread = rng.uniform(0.03, 0.15)
    recall = 0.6 + rng.uniform(-spread, spread, len(metrics))
    precision = 0.75 + rng.uniform(-spread, spread, len(metrics))
    macro = pd.DataFrame({"metric": metrics, "k": 100, "recall": recall, "precision": precision,
                          "f1": 2 * recall * precision / (recall + precision)})
    page = draw(pr_tradeoff_figure(macro, 100))
    boxes = page.eval_on_selector_all(".textpoint text", "texts => texts.map(t => { const b = t.getBoundingClientRect();"
                                      " return [t.textContent, b.left, b.top, b.right, b.bottom]; })")
    assert len(boxes) == len(metrics)
    covered = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
               if min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1]
    assert not covered, f"labels over each other: {covered}"


def test_a_word_map_with_many_metrics_keeps_its_plot_height(draw):
    """Forman's twelve and three ringed metrics put four rows of legend above the plot: the figure grows by them,
    so the plot keeps the height it has with two metrics."""
    task = fsviz.make_planted_corpus(n_docs=300, n_classes=3, random_state=0).load().binary_task("c1")
    heights = {}
    for name, metrics in (("two", ["bns", "ig"]), ("fifteen", [*fsviz.FORMAN_METRICS, "chi_max", "nb_lr", "svm_w"])):
        page = draw(word_map_figure(task, metrics, 50))
        heights[name] = page.evaluate("() => document.getElementById('chart')._fullLayout._size.h")
        rows = page.evaluate("() => new Set([...document.querySelectorAll('.legend .traces')]"
                             ".map(t => Math.round(t.getBoundingClientRect().top))).size")
        heights[f"{name} rows"] = rows
    assert heights["fifteen rows"] >= 3, heights
    assert heights["fifteen"] >= 0.95 * heights["two"], heights
