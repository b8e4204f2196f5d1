"""Figures of the words in a task's (fp, tp) plane: the word map, the metrics' boundaries and one metric's
surface (how far the metrics' top-k sets overlap is in :mod:`fsviz.plots.overlap`)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .._validation import check_choice, check_k
from ..evaluation.grid import DEFAULT_KS
from ..metrics import get_metric
from ..selection import select_top_k, selected_sets
from ..stats.boundary import FdrBoundary
from ..stats.isoclines import no_isocline_reason, top_k_isocline, top_k_isoclines
from ..stats.significance import Significance, fdr_boundary, significance
from ..stats.surface import metric_surface
from ..stats.tables import word_points
from ._panels import panel_axes, panel_grid, panel_rows, svg_path
from ._word_traces import (
    DASHES,
    RINGS,
    branch_line,
    frame_update,
    isocline_traces,
    points_trace,
    random_trace,
    ring_trace,
    word_map_layout,
    words_name,
)
from .fdr import fdr_columns, fdr_traces
from .fdr import fp_grid as _fp_grid
from .surface import HEIGHTS, surface_figure, surface_height
from .text import plain_text

__all__ = ["HEIGHTS", "boundaries_figure", "fdr_columns", "surface_figure", "surface_height",
           "word_map_animation", "word_map_figure"]


#: What :func:`word_map_figure` draws: the whole map, its words alone, or all but the words.
_PARTS = ("whole", "words", "overlays")


@plain_text
def word_map_figure(task, metrics, k, *, zoom=None, log=False, highlight=(), points=None, n_curve=600,
                    tested: Significance | None = None, fdr: float | None = None,
                    boundary: FdrBoundary | None = None, isoclines=None, part: str = "whole"):
    """Every word at (fp, tp) with each metric's isocline at its k-th best score, and each point's p and q.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are drawn.
    metrics : list of str
        Metrics whose isoclines to draw: registered table metrics and your
        own formulas (``expr(…)``). Rand is listed in the legend as having
        no curve. A metric that reads more than the 2×2 table (every class,
        term frequencies, a model), an α-weighted metric, a combination or
        a formula whose score is not monotone in tp on each side of the
        diagonal has no isocline in this plane: its top k words are ringed
        instead, which shows where it departs from the table metrics.
    k : int
        Number of top words whose boundary (k-th best score) each isocline marks.
    zoom : (float, float), optional
        Axis ranges (max fp, max tp) for the dense corner near the origin
        (Forman's Figure 3).
    log : bool, default False
        Log axes (points at 0 are drawn at 0.5).
    highlight : sequence of int, optional
        Word indices to ring in red (search results).
    points : WordPoints, optional
        Pre-merged points (pass them when redrawing for a new k).
    n_curve : int, default 600
        Number of fp values the isoclines (and the FDR boundary's columns) are computed at.
    tested : Significance, optional
        The task's :func:`fsviz.stats.significance.significance` (default: made
        here, one-sided Fisher): the hover gives each point's p and BH q
        (the words of a point share their 2×2 table, so both).
    fdr : float, optional
        Draw the q = ``fdr`` boundary (:func:`fsviz.stats.significance.fdr_boundary`
        on the whole columns :func:`fdr_columns` lists) as its own trace,
        and ring the points of the words with q ≤ ``fdr``.
    boundary : FdrBoundary, optional
        That boundary, when computed already (a cached one); its rate is used.
    isoclines : mapping of str to Isocline, optional
        Metrics' top-k isoclines computed already (cached ones, so a change
        that keeps k and the view computes none again). One is used only
        where it is this ``k``'s curve on this figure's fp grid (the same
        threshold and fp values); any other is computed here.
    part : {"whole", "words", "overlays"}, default "whole"
        The whole map; its words' trace alone (the first trace of the
        whole, with its hover of each point's scores for ``metrics``); or
        all the rest with the same layout (what a new k, metric or search
        changes). A chart that keeps the words drawn across changes (the
        app's word map) builds "words" once per task and view, and
        "overlays" on each change.

    Returns
    -------
    plotly.graph_objects.Figure
        The words first, then the FDR layer when asked, each metric's isocline branches (or rings), the search.

    See Also
    --------
    fsviz.stats.top_k_isocline : the curve drawn for each metric.
    fsviz.stats.word_points : the words merged by point, one marker each.
    fsviz.plots.word_map_animation : the same map as k sweeps a range.
    fsviz.plots.boundaries_figure : each metric's contours in a panel of its own.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figures 2, 3 and 13.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fig = word_map_figure(task, ["bns", "ig"], 2)
    >>> [trace.name for trace in fig.data]
    ['words (4 at 4 points)', 'BNS ≥ 2.449', 'BNS ≥ 2.449', 'IG ≥ 0.1752', 'IG ≥ 0.1752']
    >>> [trace.name for trace in word_map_figure(task, ["bns", "ig"], 2, part="overlays").data]
    ['BNS ≥ 2.449', 'BNS ≥ 2.449', 'IG ≥ 0.1752', 'IG ≥ 0.1752']
    """
    part = check_choice(part, "part", _PARTS)
    points = points or word_points(task)
    tested = significance(task) if tested is None else tested
    reasons = {name: no_isocline_reason(name, task.pos, task.neg) for name in metrics}
    curved = [m for m in metrics if reasons[m] is None and not get_metric(m).random]
    scores = {m: task.score(m) for m in curved}
    fig = go.Figure(points_trace(task, points, log, scores=scores, tested=tested) if part != "overlays" else None)
    if part == "words":
        return word_map_layout(fig, task, zoom, log)
    if fdr is not None or boundary is not None:
        if boundary is None:
            boundary = fdr_boundary(task, fdr, result=tested, fp=fdr_columns(task, zoom, n_curve))
        fig.add_traces(fdr_traces(points, tested, boundary, log))
    fp_grid = _fp_grid(task, zoom, n_curve)
    ringed = 0
    for name in metrics:
        why = reasons[name]
        if why is not None:
            chosen = task.select(name, k)
            fig.add_trace(ring_trace(task, name, k, why, task.fp[chosen], task.tp[chosen], task.vocabulary[chosen],
                                      log, symbol=RINGS[ringed % len(RINGS)], n_points=points.fp.size))
            ringed += 1
            continue
        metric = get_metric(name)
        if metric.random:
            fig.add_trace(random_trace(name))
            continue
        curve = (isoclines or {}).get(name)
        if curve is None or not np.array_equal(curve.fp, fp_grid) \
                or curve.threshold != select_top_k(scores[name], k).threshold:
            curve = top_k_isocline(task, name, k, fp=fp_grid)
        branches = isocline_traces(curve, name, log, task.pos, task.neg, DASHES[curved.index(name) % len(DASHES)],
                                   words=(task.fp, task.tp))
        shown = [b for b in branches if np.isfinite(np.asarray(b.y, dtype=float)).any()]
        for i, branch in enumerate(shown):
            fig.add_trace(branch.update(showlegend=i == 0))
    if len(highlight):
        h = np.asarray(highlight)
        fp_max, tp_max = (task.neg, task.pos) if zoom is None else zoom
        # Labels open away from the nearest edge and are drawn past the axes, so none is cut off.
        side = np.where(task.fp[h] > 0.8 * fp_max, "left", np.where(task.fp[h] < 0.1 * fp_max, "right", "center"))
        level = np.where(task.tp[h] > 0.9 * tp_max, "bottom", "top")
        x, y = (np.maximum(task.fp[h], 0.5), np.maximum(task.tp[h], 0.5)) if log else (task.fp[h], task.tp[h])
        fig.add_trace(go.Scatter(
            x=x, y=y, mode="markers+text", text=task.vocabulary[h], cliponaxis=False,
            textposition=[f"{v} {s}" for v, s in zip(level, side)], textfont=dict(size=13, color="#b00000"),
            name="search", marker=dict(size=12, color="rgba(0,0,0,0)", line=dict(color="red", width=2)),
            hovertemplate="%{text}: fp %{x}, tp %{y}<extra></extra>",
        ))
    return word_map_layout(fig, task, zoom, log, also=[words_name(task, points)] if part == "overlays" else ())


@plain_text
def word_map_animation(task, metrics, ks=DEFAULT_KS, *, zoom=None, log=False, points=None, n_curve=600,
                       duration=900) -> go.Figure:
    """The word map with each metric's boundary as k sweeps ``ks``: plotly frames, a slider and a play button.

    The words are drawn once (the first trace, never in a frame); each frame
    (named by its k) replaces only the metrics' traces: a metric with an
    isocline has its two branches (frames carry their tp values and legend
    label; fp is the figure's), each exactly :func:`word_map_figure`'s
    isocline at that k; a metric without one (it reads more than the 2×2
    table, or a formula not monotone in tp) rings the points holding its
    top k words; Rand has a legend entry and no curve. The figure opens at
    the smallest k.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are drawn.
    metrics : list of str
        Metrics whose boundaries to draw.
    ks : iterable of int, default ``DEFAULT_KS``
        Numbers of features, one frame each; each at most the vocabulary (:func:`fsviz.check_k`).
    zoom, log, points, n_curve : see :func:`word_map_figure`
    duration : int, default 900
        Milliseconds per frame when playing.

    Returns
    -------
    plotly.graph_objects.Figure

    Raises
    ------
    ValueError
        If ``ks`` is empty, or a k is not a whole number from 1 to the vocabulary's size.

    See Also
    --------
    fsviz.plots.word_map_figure : the map at one k, with p and q in the hover.
    fsviz.stats.top_k_isoclines : every k's curve, scoring the words once.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fig = word_map_animation(task, ["bns"], ks=(1, 2))
    >>> [frame.name for frame in fig.frames], fig.data[1].name
    (['1', '2'], 'BNS ≥ 2.766')
    """
    ks = sorted({check_k(k, task.n_words) for k in ks})
    if not ks:
        raise ValueError("`ks` is empty; give at least one number of features, e.g. ks=(10, 100, 1000)")
    points = points or word_points(task)
    fp_grid = _fp_grid(task, zoom, n_curve)
    fig = go.Figure(points_trace(task, points, log))
    frames, still, curved = {k: [] for k in ks}, [], 0
    for name in metrics:
        why = no_isocline_reason(name, task.pos, task.neg)
        if why is not None:
            sets = selected_sets(name, task.training, ks)
            for k in ks:
                at = points.holding(sets[k])
                frames[k].append(ring_trace(task, name, k, why, points.fp[at], points.tp[at],
                                             [points.sample[i] for i in np.flatnonzero(at)], log,
                                             words=len(sets[k]), n_points=points.fp.size))
        elif get_metric(name).random:
            still.append(random_trace(name))
        else:
            dash = DASHES[curved % len(DASHES)]
            curved += 1
            for k, curve in top_k_isoclines(task, name, ks, fp=fp_grid).items():
                frames[k].extend(isocline_traces(curve, name, log, task.pos, task.neg, dash, words=(task.fp, task.tp)))
    moving = list(range(1, 1 + len(frames[ks[0]])))
    fig.add_traces(frames[ks[0]] + still)
    fig.frames = [go.Frame(name=str(k), traces=moving, data=[frame_update(t) for t in frames[k]]) for k in ks]
    step = dict(mode="immediate", frame=dict(duration=duration, redraw=True), transition=dict(duration=0))
    pause = {**step, "frame": dict(duration=0)}
    fig.update_layout(
        sliders=[dict(active=0, x=0.1, len=0.9, xanchor="left", y=0, yanchor="top", pad=dict(t=60, b=10),
                      currentvalue=dict(prefix="k = ", xanchor="right", font=dict(size=14)),
                      steps=[dict(method="animate", label=str(k), args=[[str(k)], step]) for k in ks])],
        updatemenus=[dict(type="buttons", direction="left", showactive=False, x=0.1, xanchor="right", y=0,
                          yanchor="top", pad=dict(t=95, r=10), buttons=[
                              dict(label="▶ Play", method="animate", args=[None, {**step, "fromcurrent": True}]),
                              dict(label="❚❚", method="animate", args=[[None], pause]),
                          ])],
    )
    fig = word_map_layout(fig, task, zoom, log)
    fig.update_layout(height=700, dragmode="zoom")
    return fig


@plain_text
def boundaries_figure(task, metrics, k, *, n_grid=60, columns=3, points=None, max_points=2000, part="whole"):
    """Forman's Appendix C: one topographic panel per metric over the (fp, tp) plane.

    Each panel shows the metric's contour levels for this task's pos and neg
    (like colours are like values within a panel; levels are percentiles of
    the metric over the plane, so metrics with huge ranges, such as PR, still
    show their shape), its k-isocline in bold, and the words faintly behind.
    Every panel has the same axes. A formula whose score is not monotone in
    tp on each side of the diagonal has no isocline: its panel says so.
    Each panel draws the same words, so at most ``max_points`` of their
    distinct points are drawn (a seeded uniform sample when there are more;
    the figure's ``meta`` says how many), which keeps a large vocabulary's
    figure small; ``max_points=0`` draws no words (the maps and isoclines alone: in a browser without a
    GPU, a WebGL layer of words in each of a dozen panels is most of the figure's drawing time).

    What the browser receives is kept small, as it is most of a change's time: an ``n_grid`` of 60 (the
    levels' shapes as at 90, in 0.44 of the cells), each cell's percentile as a whole per mille in
    uint16 (plotly sends arrays as typed binary: 2 bytes a cell, not 8; twelve levels need no finer
    steps), the isoclines' 400 points a branch as float32. Eleven panels: 1.45 MB of JSON -> about 0.24 MB.

    Parameters
    ----------
    task : fsviz.Task
        The task whose plane is drawn.
    metrics : list of str
        One panel per metric; Rand (random) is left out.
    k : int
        Number of top words whose isocline is drawn in bold.
    n_grid : int, default 60
        Grid cells per axis of each contour map.
    columns : int, default 3
        Panels per row.
    points : WordPoints, optional
        Pre-merged points (default: made here).
    max_points : int, default 2000
        Most distinct points drawn per panel; 0 draws none.
    part : {"whole", "maps", "isoclines"}, default "whole"
        The whole figure; its maps alone (the contours, the words and the
        layout: what no k changes); or the isoclines alone: a figure with
        no traces whose layout holds the curves (``shapes``), to update the
        maps' layout with. A chart that keeps the maps drawn (the app's)
        builds "maps" once per task and metrics, and "isoclines" on each
        change of k.

    Returns
    -------
    plotly.graph_objects.Figure
        Per panel a contour map and the words (unless none are drawn). Each curved metric's isocline branches
        (their finite stretches) are layout shapes on its panel's axes, the first labelled with the curve's
        threshold, the k-th best word's score ("≥ 1.234").

    See Also
    --------
    fsviz.stats.metric_surface : each panel's map and its percentiles.
    fsviz.plots.word_map_figure : every metric's boundary on one map.
    fsviz.plots.surface_figure : one metric's map as a 3-D surface.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Appendix C.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fig = boundaries_figure(task, ["bns", "ig", "rand"], 2, n_grid=10, columns=2)
    >>> [panel.text for panel in fig.layout.annotations], [type(trace).__name__ for trace in fig.data]
    (['BNS', 'IG'], ['Contour', 'Scattergl', 'Contour', 'Scattergl'])
    >>> [shape.label.text for shape in fig.layout.shapes if shape.label.text]
    ['≥ 2.449', '≥ 0.1752']
    >>> fig.layout.meta
    {'points_drawn': 4, 'points': 4}
    >>> [shape.xref for shape in boundaries_figure(task, ["bns", "ig"], 2, n_grid=10, part="isoclines").layout.shapes]
    ['x', 'x', 'x2', 'x2']
    """
    part = check_choice(part, "part", _BOUNDARY_PARTS)
    metrics = [m for m in metrics if not get_metric(m).random]
    curved = {m: no_isocline_reason(m, task.pos, task.neg) is None for m in metrics}
    if part == "isoclines":
        return go.Figure(layout=_boundary_isoclines(task, metrics, k, curved))
    points = points or word_points(task)
    shown = np.arange(points.fp.size)
    if shown.size > max_points:
        shown = np.sort(np.random.default_rng(0).choice(shown, max_points, replace=False))
    traces = []
    for i, name in enumerate(metrics):
        x, y = panel_axes(i)
        surface = metric_surface(name, task.pos, task.neg, n_grid=n_grid)
        per_mille = np.rint(surface.percentiles * 1000).astype(np.uint16)
        traces.append(go.Contour(  # one colour bar, the first panel's: every panel has the same percentile scale
            x=surface.fp, y=surface.tp, z=per_mille, showscale=i == 0, ncontours=12, colorscale="Viridis",
            opacity=0.75, line=dict(width=0.5), hoverinfo="skip", xaxis=x, yaxis=y,
            colorbar=dict(title=dict(text="score", side="right"), tickvals=[0, 500, 1000], thickness=12, len=0.4,
                          ticktext=["lowest", "median", "highest"], y=0, yanchor="bottom")))
        if shown.size:
            traces.append(go.Scattergl(x=points.fp[shown], y=points.tp[shown], mode="markers", hoverinfo="skip",
                                       showlegend=False, marker=dict(size=3, color="rgba(255,255,255,0.6)"),
                                       xaxis=x, yaxis=y))
    titles = [get_metric(m).label + ("" if curved[m] else " (no isocline)") for m in metrics]
    layout = panel_grid(titles, columns, **_SPACING)
    for name, axis in layout.items():
        if name.startswith(("xaxis", "yaxis")):
            along_x = name.startswith("x")
            axis.update(range=[0, task.neg if along_x else task.pos],
                        title=dict(text="fp" if along_x else "tp", standoff=2, font=dict(size=11)))
    # The toolbar stands down the right edge, beside the panels, so it never covers a panel's title.
    layout.update(height=340 * panel_rows(len(metrics), columns), margin=dict(l=10, r=45, t=40, b=10),
                  showlegend=False, modebar=dict(orientation="v"),
                  meta=dict(points_drawn=int(shown.size), points=int(points.fp.size)))
    if part == "whole":
        layout.update(_boundary_isoclines(task, metrics, k, curved))
    return go.Figure(data=traces, layout=layout)


#: What :func:`boundaries_figure` draws: the whole figure, its maps alone, or its isoclines alone.
_BOUNDARY_PARTS = ("whole", "maps", "isoclines")

#: The gaps between :func:`boundaries_figure`'s panels (fractions of the plotting area).
_SPACING = dict(horizontal_spacing=0.04, vertical_spacing=0.08)


def _boundary_isoclines(task, metrics, k, curved) -> dict:
    """The layout that draws each curved metric's k-isocline in bold on its panel: ``shapes``, an SVG path per
    branch (its finite stretches) on the panel's axes, the first one labelled with the curve's threshold at its
    top left ("≥ 1.234": the k-th best word's score).

    Paths drawn as layout shapes and labelled by their own labels, not traces and titles: a new k then changes
    the shapes alone, which plotly.js redraws in about 16 ms in Chromium on this project's 2-core machine, where a
    trace, a title or any annotation changed had it recompute every panel's contours (200-250 ms for a dozen)."""
    fp_curve = task.neg * np.linspace(0, 1, 400) ** 2
    shapes = []
    for i, name in enumerate(metrics):
        if not curved[name]:
            continue
        x, y = panel_axes(i)
        curve = top_k_isocline(task, name, k, fp=fp_curve)
        lines = [branch_line(curve, upper, task.pos, task.neg, (task.fp, task.tp)) for upper in (True, False)]
        paths = [(svg_path(fp, tp), where, edge) for fp, tp, where, edge in lines]  # PR's: on the tp axis
        for n, (path, where, edge) in enumerate(p for p in paths if p[0]):
            shape = dict(type="path", path=path, xref=x, yref=y, line=dict(color="black", width=6 if edge else 3))
            if n == 0:
                shape["label"] = dict(text=f"≥ {curve.threshold:.4g}{where}", textposition="top left",
                                      font=dict(size=11, color="black"))
            shapes.append(shape)
    return dict(shapes=shapes)
