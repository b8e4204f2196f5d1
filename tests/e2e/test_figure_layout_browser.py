"""Figures as plotly.js draws them in Chromium, read as a person reads them (issue #42's readability list): round
ticks on the cutoff's vocabulary axis, ... No server: each figure is drawn with the ``plotly`` package's own
plotly.js on a blank page, as the app's charts draw it."""

import re

import numpy as np
import pandas as pd
import pytest

from e2e.test_browser import CHROMIUM
from fsviz.plots import cutoff_figure
from ui.charts import PLOTLY_JS_DIR

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture
def draw(browser):
    """Draw a figure on a blank page of 1,100 × 900 px; returns the page."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.set_content('<div id="chart" style="width: 1000px"></div>')
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
