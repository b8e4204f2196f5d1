"""One metric as a 3-D surface over the (fp, tp) plane, with its k-isocline at the threshold's height."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ..metrics import get_metric
from ..stats.isoclines import no_isocline_reason, top_k_isocline
from ..stats.surface import metric_surface
from .text import plain_text

__all__ = ["HEIGHTS", "surface_figure", "surface_height"]


#: How a surface's height can be drawn: the score itself, its signed log, or its rank over the plane.
HEIGHTS = ("score", "log", "rank")


def surface_height(surface) -> str:
    """The height that reads for ``surface``: ``"log"`` when its scores span more than three orders of magnitude
    above their median (Odds, PR and other unbounded metrics: one spike over a flat sheet otherwise), else
    ``"score"``.

    Parameters
    ----------
    surface : fsviz.stats.MetricSurface
        The metric's surface.

    Returns
    -------
    str
        ``"log"`` or ``"score"``.
    """
    z = np.abs(surface.z[np.isfinite(surface.z)])
    typical = np.median(z[z > 0]) if (z > 0).any() else 0.0
    return "log" if typical > 0 and z.max() / typical > 1e3 else "score"


def _heights(surface, how, values):
    """``values`` (scores) as heights drawn the ``how`` way, and the z axis's title."""
    label = get_metric(surface.metric).label
    values = np.asarray(values, dtype=float)
    if how == "log":
        return np.sign(values) * np.log10(1 + np.abs(values)), f"sign · log10(1 + |{label}|)"
    if how == "rank":
        flat = np.sort(surface.z[np.isfinite(surface.z)].ravel())
        return 100 * np.searchsorted(flat, values, side="right") / flat.size, f"{label}: percentile over the plane"
    return values, label


@plain_text
def surface_figure(task, metric, k, *, n_grid=60, height=None) -> go.Figure:
    """A metric as a 3-D surface over the (fp, tp) plane, contours projected below.

    The surface is the metric's score for this task's pos and neg; the
    k-isocline is drawn on it at the threshold height (the words above that
    height on the surface are the ones selected). Forman (2003), Appendix C,
    shows BNS this way. A formula without an isocline (not monotone in tp
    on each side of the diagonal) is drawn without the curve. ``height`` is
    one of :data:`HEIGHTS`: the score, its signed log ``sign·log10(1 + |s|)``
    or its percentile among the plane's scores (both keep the order, so the
    isocline still cuts the surface at one height); None chooses by
    :func:`surface_height`. The z axis says which.

    Parameters
    ----------
    task : fsviz.Task
        Its pos and neg span the plane; its scores set the k-th best threshold.
    metric : str
        The metric drawn.
    k : int
        Number of top words whose isocline is drawn.
    n_grid : int, default 60
        Grid cells per axis of the surface.
    height : {"score", "log", "rank"}, optional
        How the height is drawn (see above).

    Returns
    -------
    plotly.graph_objects.Figure

    Raises
    ------
    ValueError
        If ``height`` is not one of :data:`HEIGHTS`.

    See Also
    --------
    fsviz.stats.metric_surface : the scores drawn.
    fsviz.stats.top_k_isocline : the curve drawn on the surface.
    fsviz.plots.boundaries_figure : every metric's contours, flat.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Appendix C (BNS in 3-D).

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fig = surface_figure(task, "bns", 2, n_grid=10)
    >>> [type(trace).__name__ for trace in fig.data], fig.data[1].name
    (['Surface', 'Scatter3d', 'Scatter3d'], 'BNS = 2.449 (k = 2)')
    """
    surface = metric_surface(metric, task.pos, task.neg, n_grid=n_grid)
    how = height or surface_height(surface)
    if how not in HEIGHTS:
        raise ValueError(f"height must be one of {', '.join(HEIGHTS)}, not {how!r}")
    z, title = _heights(surface, how, surface.z)
    fp_curve = task.neg * np.linspace(0, 1, 300) ** 2
    label = get_metric(metric).label
    fig = go.Figure(go.Surface(
        x=surface.fp, y=surface.tp, z=z, colorscale="Viridis", opacity=0.9, colorbar=dict(title=title, len=0.6),
        customdata=surface.z, contours=dict(z=dict(show=True, project_z=True, usecolormap=True, highlightcolor="white")),
        hovertemplate=f"fp %{{x:.0f}}, tp %{{y:.0f}}: {label} %{{customdata:.4g}}<extra></extra>",
    ))
    fig.update_layout(height=560, margin=dict(l=0, r=0, t=10, b=0), legend=dict(x=0, y=1),
                      scene=dict(xaxis_title="fp", yaxis_title="tp", zaxis_title=title,
                                 camera=dict(eye=dict(x=1.6, y=-1.6, z=1.0))))
    if no_isocline_reason(metric, task.pos, task.neg) is not None:
        return fig
    curve = top_k_isocline(task, metric, k, fp=fp_curve)
    threshold = curve.threshold
    level = float(_heights(surface, how, [threshold])[0][0])
    for branch in (curve.upper, curve.lower):
        if np.isfinite(branch).any():
            fig.add_trace(go.Scatter3d(x=fp_curve, y=branch, z=np.full(fp_curve.size, level), mode="lines",
                                       line=dict(color="black", width=6), name=f"{label} = {threshold:.4g} (k = {k})",
                                       showlegend=branch is curve.upper))
    return fig
