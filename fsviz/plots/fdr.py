"""The word map's false-discovery-rate layer: the q = fdr boundary (:func:`fsviz.stats.significance.fdr_boundary`) on
the columns the map draws, and rings at the words with q ≤ fdr."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .look import markers

__all__ = ["fdr_columns", "fdr_traces", "fp_grid", "test_name"]


def fp_grid(task, zoom, n_curve):
    """Where the isoclines are evaluated: denser near fp = 0, up to the axis's end."""
    fp_max = float(task.neg if zoom is None else zoom[0])
    return np.unique(np.concatenate([fp_max * np.linspace(0, 1, n_curve) ** 2, [0.0]]))


def fdr_columns(task, zoom=None, n_curve=600) -> np.ndarray:
    """The whole fp at which the word map draws the FDR boundary: the isoclines' fp (:func:`fp_grid`) rounded,
    so every column near the origin and about ``n_curve`` in all, up to the axis's end."""
    return np.unique(np.clip(np.round(fp_grid(task, zoom, n_curve)), 0, task.neg))


def fdr_traces(points, tested, boundary, log):
    """The q = fdr boundary's branches (exact at each of its columns, straight between them) and rings at the
    points of the words with q ≤ fdr."""
    chosen = tested.selected(boundary.fdr)
    at = points.holding(chosen)
    label = f"q ≤ {boundary.fdr:g} (BH over {tested.p.size:,} words, {test_name(tested)})"
    traces = []
    for branch in (boundary.upper, boundary.lower):
        if not np.isfinite(branch).any():
            continue
        x, y = boundary.fp.astype(float), branch
        traces.append(go.Scatter(
            x=np.maximum(x, 0.5) if log else x, y=np.maximum(y, 0.5) if log else y, mode="lines",
            name=f"{label}: boundary", legendgroup="fdr", showlegend=not traces,
            line=dict(color="#d62728", width=2.5, dash="dash"),
            hovertemplate=f"q = {boundary.fdr:g} boundary (p ≤ {boundary.p_threshold:.3g})<br>fp %{{x}}, "
                          "tp %{y}<extra></extra>"))
    fp, tp = points.fp[at], points.tp[at]
    traces.append(markers(points.fp.size)(  # as the map's words are drawn
        x=np.maximum(fp, 0.5) if log else fp, y=np.maximum(tp, 0.5) if log else tp, mode="markers",
        name=f"{label}: {chosen.size:,} words ringed at {int(at.sum()):,} points", legendgroup="fdr",
        marker=dict(size=9, symbol="circle-open", color="#d62728", line=dict(color="#d62728", width=1.2)),
        text=[points.sample[i] for i in np.flatnonzero(at)],
        hovertemplate=f"q ≤ {boundary.fdr:g}: %{{text}}<br>fp %{{x}}, tp %{{y}}<extra></extra>"))
    return traces


def test_name(tested) -> str:
    test = {"fisher": "Fisher's exact", "auto": "Fisher or G²", "g2": "G²"}.get(tested.method, tested.method)
    return f"{test}, {tested.alternative}"
