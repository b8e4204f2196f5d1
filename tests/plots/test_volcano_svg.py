"""The volcano draws its words where any browser can (issue 54: in headless Chromium the app's volcano drew about
20 of its points): every trace is SVG up to SVG_POINTS points, and the words with q ≤ FDR always are; WebGL only
for a large grey cloud, whose loss would leave the answer's words drawn."""

import numpy as np
import plotly.graph_objects as go
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.plots import volcano as volcano_module
from fsviz.plots.volcano import volcano_figure
from fsviz.stats.effect import log_ratio_interval
from fsviz.stats.significance import significance


@settings(max_examples=20, deadline=None)
@given(cap=st.integers(10, 3000), fdr=st.sampled_from([0.01, 0.05, 0.2]))
def test_the_words_that_pass_are_svg_and_small_figures_are_svg_throughout(cap, fdr):
    corpus = fsviz.make_planted_corpus(n_docs=120, n_classes=2, n_background=300, random_state=1).load()
    task = corpus.binary_task(corpus.classes[0])
    tested = significance(task)
    effect = log_ratio_interval(task.tp, task.fp, task.pos, task.neg)
    before = volcano_module.SVG_POINTS
    volcano_module.SVG_POINTS = cap
    try:
        figure = volcano_figure(task, tested, effect, fdr=fdr)
    finally:
        volcano_module.SVG_POINTS = before
    passing = figure.data[1]
    n_all = sum(len(t.x) for t in figure.data[:2])
    if len(passing.x) <= cap:
        assert isinstance(passing, go.Scatter) and passing.type == "scatter"
    if n_all <= cap:
        assert all(t.type == "scatter" for t in figure.data)
    assert len(passing.x) == int(np.sum(tested.q <= fdr))
