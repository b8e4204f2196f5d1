"""Figures of how far two relevance measures agree over words (Goutte et al., Table 2, Figures 2–5)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ..selection import spec_label
from ..stats.agreement import correlation, log_scaled, top_masks
from .text import plain_text

__all__ = ["agreement_matrix_figure", "agreement_scatter_figure"]


@plain_text
def agreement_matrix_figure(matrix: pd.DataFrame, *, title: str = "") -> go.Figure:
    """Heat map of a correlation matrix between measures (Goutte et al., Table 2), values written in.

    Parameters
    ----------
    matrix : pandas.DataFrame
        Square correlation matrix indexed and labelled by metric names
        (e.g. :func:`fsviz.stats.agreement.agreement_matrix`).
    title : str, default ""
        The figure's title; none when empty.

    Returns
    -------
    plotly.graph_objects.Figure
        One heat map, the measures' labels on both axes.

    See Also
    --------
    fsviz.stats.agreement_matrix : the matrix drawn.
    fsviz.plots.agreement_scatter_figure : two of the measures word by word.

    References
    ----------
    .. [1] Goutte, C. et al., "Corpus-Based vs. Model-Based Selection of Relevant Features", Table 2.

    Examples
    --------
    >>> matrix = pd.DataFrame([[1.0, 0.8], [0.8, 1.0]], index=["bns", "ig"], columns=["bns", "ig"])
    >>> fig = agreement_matrix_figure(matrix)
    >>> fig.data[0].x, fig.data[0].text.tolist()
    (('BNS', 'IG'), [[1.0, 0.8], [0.8, 1.0]])
    """
    labels = [spec_label(n) for n in matrix.index]
    values = matrix.to_numpy(dtype=np.float64)
    fig = go.Figure(go.Heatmap(z=values, x=labels, y=labels, zmin=-1, zmax=1, colorscale="RdBu",
                               text=np.round(values, 2), texttemplate="%{text}",
                               hovertemplate="%{y} vs %{x}: %{z:.3f}<extra></extra>"))
    fig.update_layout(height=120 + 45 * len(labels), margin=dict(l=10, r=10, t=40 if title else 10, b=10),
                      yaxis_autorange="reversed", title=title or None)
    return fig


@plain_text
def agreement_scatter_figure(a, b, vocabulary, names, *, n: int = 50) -> go.Figure:
    """One measure against another per word (Goutte et al., Figures 2–5), hover for the word.

    Log axes for measures with no negative score (words scoring 0 sit at
    the axis minimum). Colour marks the top ``n`` of either measure.

    Parameters
    ----------
    a, b : array-like of shape (n_words,)
        The two measures' scores, drawn on x and y.
    vocabulary : numpy.ndarray of shape (n_words,)
        The words, for the hover.
    names : sequence of str
        The two measures' names (x, y), for the axes and legend.
    n : int, default 50
        Size of each measure's top set that is coloured.

    Returns
    -------
    plotly.graph_objects.Figure
        One trace per group of words that has any (in neither top, either top alone, both); the title gives the
        log-log and Spearman correlations.

    See Also
    --------
    fsviz.stats.correlation : the correlations in the title.
    fsviz.stats.top_masks : the top sets coloured.
    fsviz.plots.agreement_matrix_figure : every pair of measures at once.

    References
    ----------
    .. [1] Goutte, C. et al., "Corpus-Based vs. Model-Based Selection of Relevant Features", Figures 2–5.

    Examples
    --------
    >>> words = np.array(["good", "bad", "the", "nice"])
    >>> fig = agreement_scatter_figure([3.0, 1.0, 0.5, 2.0], [2.5, 0.2, 0.4, 3.0], words, ["bns", "ig"], n=2)
    >>> [trace.name for trace in fig.data], fig.layout.title.text
    (['in neither top (2)', 'top 2 of both (2)'], 'log-log r = 0.800 (over 4 words), Spearman ρ = 0.600')
    """
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    top_a, top_b = top_masks(a, b, n)
    x_label, y_label = (spec_label(m) for m in names)
    groups = [("in neither top", ~top_a & ~top_b, "rgba(40, 60, 90, 0.35)"),
              (f"top {n} of {x_label} only", top_a & ~top_b, "#E15F99"),
              (f"top {n} of {y_label} only", ~top_a & top_b, "#2E91E5"),
              (f"top {n} of both", top_a & top_b, "#1CA71C")]

    def floor(s):
        positive = s[s > 0]
        return max(positive.min() / 2, 1e-300) if positive.size else 1e-3

    x_floor, y_floor = floor(a), floor(b)
    x_log, y_log = log_scaled(a), log_scaled(b)
    fig = go.Figure()
    for label, mask, colour in groups:
        if not mask.any():
            continue
        x = np.maximum(a[mask], x_floor) if x_log else a[mask]
        y = np.maximum(b[mask], y_floor) if y_log else b[mask]
        fig.add_trace(go.Scattergl(x=x, y=y, mode="markers", name=f"{label} ({mask.sum():,})", text=vocabulary[mask],
                                   marker=dict(size=5 if label.startswith("in neither") else 8, color=colour),
                                   customdata=np.column_stack([a[mask], b[mask]]),
                                   hovertemplate=f"%{{text}}<br>{x_label} %{{customdata[0]:.4g}}<br>"
                                                 f"{y_label} %{{customdata[1]:.4g}}<extra></extra>"))
    stats_ = correlation(a, b)
    fig.update_layout(
        height=560, margin=dict(l=10, r=10, t=50, b=10), legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        title=dict(text=f"log-log r = {stats_['loglog']:.3f} (over {stats_['n_loglog']:,} words), "
                        f"Spearman ρ = {stats_['spearman']:.3f}", font=dict(size=13), y=0.99))
    # Powers of ten, not SI prefixes (100µ, 10n read as units, not as scores).
    fig.update_xaxes(type="log" if x_log else "linear", title=x_label + (" (log)" if x_log else ""), exponentformat="power")
    fig.update_yaxes(type="log" if y_log else "linear", title=y_label + (" (log)" if y_log else ""), exponentformat="power")
    return fig
