"""The volcano view: each word's effect (log₂ ratio of document rates, :mod:`fsviz.stats.effect`) against its
significance (−log₁₀ q, :mod:`fsviz.stats.significance`), so a big effect on few documents and a small one on many
read apart."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ..stats.significance import check_fdr
from .look import SVG_POINTS

__all__ = ["volcano_figure"]


def volcano_figure(task, tested, effect, *, fdr: float = 0.05, highlight=(), max_points: int = 20_000) -> go.Figure:
    """Every word of ``task`` at (log₂ ratio, −log₁₀ q), the words with q ≤ ``fdr`` in colour.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are drawn.
    tested : fsviz.stats.significance.Significance
        The task's p and q (:func:`fsviz.stats.significance.significance`).
    effect : fsviz.stats.effect.LogRatioInterval
        The task's log₂ ratios (:func:`fsviz.stats.effect.log_ratio_interval`); the hover gives each interval.
    fdr : float, default 0.05
        Words with q at most this are drawn in colour, above the dashed line at −log₁₀ fdr.
    highlight : sequence of int
        Vocabulary indices drawn as labelled stars (the words searched on the page).
    max_points : int, default 20000
        At most this many words are drawn: every word with q ≤ ``fdr`` and the most significant of the rest.

    Returns
    -------
    plotly.graph_objects.Figure
        The words with q above ``fdr``, those at or below it, then the searched words.

    See Also
    --------
    fsviz.stats.significance : the p and q drawn upright.
    fsviz.stats.log_ratio_interval : the effects drawn across.
    fsviz.plots.word_map_figure : the same words at (fp, tp), with the q = fdr boundary.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.stats.effect import log_ratio_interval
    >>> from fsviz.stats.significance import significance
    >>> corpus = fsviz.make_planted_corpus(n_docs=200, random_state=0).load()
    >>> task = corpus.binary_task(corpus.classes[0])
    >>> figure = volcano_figure(task, significance(task), log_ratio_interval(task.tp, task.fp, task.pos, task.neg))
    >>> figure.layout.xaxis.title.text
    'log₂ ratio of document rates (class / rest)'
    """
    fdr = check_fdr(fdr)
    y = tested.minus_log10_q
    hit = tested.q <= fdr
    shown = np.flatnonzero(hit)
    rest = np.flatnonzero(~hit)
    if shown.size + rest.size > max_points:
        rest = rest[np.argsort(-y[rest], kind="stable")[:max(0, max_points - shown.size)]]
    figure = go.Figure()
    svg = shown.size + rest.size <= SVG_POINTS  # every point drawn by every browser, WebGL or not
    for words, name, colour in ((rest, f"q > {fdr:g}", "rgba(110, 120, 140, 0.45)"),
                                (shown, f"q ≤ {fdr:g} ({shown.size:,} words)", "#d62728")):
        # the words that pass, as SVG up to SVG_POINTS: a page's WebGL contexts are few (Chromium keeps 16, and
        # headless Chromium without a GPU may have none), and a chart whose context is lost draws no point
        kind = go.Scatter if svg or (words is shown and words.size <= SVG_POINTS) else go.Scattergl
        figure.add_trace(kind(
            x=effect.log_ratio[words], y=y[words], mode="markers", name=name,
            marker=dict(size=5, color=colour, line=dict(width=0)),
            text=task.vocabulary[words],
            customdata=np.column_stack([task.tp[words], task.fp[words], effect.low[words], effect.high[words]]),
            hovertemplate="%{text}<br>log₂ ratio %{x:.2f} [%{customdata[2]:.2f}, %{customdata[3]:.2f}]"
                          "<br>−log₁₀ q %{y:.1f}<br>tp %{customdata[0]}, fp %{customdata[1]}<extra></extra>"))
    found = np.asarray(list(highlight), dtype=np.int64)
    if found.size:
        figure.add_trace(go.Scatter(
            x=effect.log_ratio[found], y=y[found], mode="markers+text", name="searched",
            marker=dict(size=12, symbol="star", color="#1f77b4"), text=task.vocabulary[found],
            textposition="top center"))
    figure.add_hline(y=-np.log10(fdr), line=dict(color="#d62728", dash="dash", width=1))
    figure.add_vline(x=0, line=dict(color="rgba(0,0,0,0.3)", width=1))
    figure.update_layout(
        xaxis_title="log₂ ratio of document rates (class / rest)", yaxis_title="−log₁₀ q (Benjamini–Hochberg)",
        height=460, margin=dict(l=60, r=20, t=40, b=50), legend=dict(orientation="h", y=1.08))
    return figure
