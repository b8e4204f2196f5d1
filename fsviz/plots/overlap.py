"""How far the metrics' top-k sets overlap: the Jaccard matrix as a heat map."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ..selection import spec_label
from .text import plain_text

__all__ = ["overlap_figure"]


@plain_text
def overlap_figure(names, overlap) -> go.Figure:
    """Heat map of the Jaccard overlap of the metrics' top-k sets.

    Parameters
    ----------
    names : list of str
        The metrics' specs, in the matrix's order.
    overlap : array-like of shape (n_metrics, n_metrics)
        The overlaps (:func:`fsviz.selection.top_k_overlap`).

    Returns
    -------
    plotly.graph_objects.Figure
        One heat map, labelled by each spec's label.

    See Also
    --------
    fsviz.selection.top_k_overlap : the matrix drawn.
    fsviz.plots.boundaries_figure : the metrics' boundaries side by side.

    Examples
    --------
    >>> fig = overlap_figure(["bns", "ig"], np.array([[1.0, 0.5], [0.5, 1.0]]))
    >>> fig.data[0].type, list(fig.data[0].x)
    ('heatmap', ['BNS', 'IG'])
    """
    labels = [spec_label(n) for n in names]
    fig = go.Figure(go.Heatmap(z=overlap, x=labels, y=labels, zmin=0, zmax=1, colorscale="Blues",
                               text=np.round(overlap, 2), texttemplate="%{text}",
                               hovertemplate="%{y} vs %{x}: Jaccard %{z:.2f}<extra></extra>"))
    fig.update_layout(height=80 + 40 * len(names), margin=dict(l=10, r=10, t=10, b=10), yaxis_autorange="reversed")
    return fig
