"""The word map's pieces: the words merged by point, each metric's isocline branches or rings, and the axes."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ..metrics import get_metric
from ..selection import spec_label
from ..stats.effect import log_ratio_interval
from ..stats.isoclines import NOT_MONOTONE
from ..stats.significance import p_label
from ..stats.tables import ranks
from .fdr import test_name
from .hover import hover_columns
from .look import markers
from .style import metric_colour

__all__ = ["DASHES", "HEIGHT", "LEGEND_ROW", "LEGEND_WIDTH", "RINGS", "branch_line", "frame_update", "isocline_traces",
           "legend_rows", "points_trace", "random_trace", "ring_trace", "word_map_layout", "words_name"]


def points_trace(task, points, log, scores=None, tested=None):
    """The words, merged by point; the hover gives each point's counts, words, its log₂ ratio of document rates
    with its 95% interval (:func:`fsviz.stats.effect.log_ratio_interval`), its p and q when ``tested``,
    and for every metric in ``scores`` (name → each word's score; 2×2 metrics, equal for the words of a point)
    the point's score and rank (1 + the words scoring higher)."""
    size = (4 + 3 * np.log10(points.count)).astype(np.float32)
    first = np.zeros(points.fp.size, dtype=np.int64)
    first[points.point_of_word[::-1]] = np.arange(task.n_words)[::-1]  # one word of each point
    columns, lines = [(points.count, ""), (np.arange(points.fp.size), "")], []  # (values, the hover's format)
    for name, score in (scores or {}).items():
        at = score[first]
        rank = ranks(score, at)
        lines.append(f"{get_metric(name).label} %{{customdata[{len(columns)}]:.4g}}, rank %{{customdata[{len(columns) + 1}]:,}}")
        columns += [(at, ".4g"), (rank, ",")]
    effect = log_ratio_interval(points.tp, points.fp, task.pos, task.neg)  # one table per point, one effect
    n = len(columns)
    lines.append(f"log₂ ratio %{{customdata[{n}]:.2f}} (95% CI %{{customdata[{n + 1}]:.2f}} to "
                 f"%{{customdata[{n + 2}]:.2f}})")
    columns += [(effect.log_ratio, ".2f"), (effect.low, ".2f"), (effect.high, ".2f")]
    if tested is not None:  # last, so the metrics' columns keep their places
        # p and q as text, one below the float range from its logarithm (1.7e-550, not 0)
        p = [p_label(v, -m) for v, m in zip(tested.p[first], tested.minus_log10_p[first])]
        q = [p_label(v, -m) for v, m in zip(tested.q[first], tested.minus_log10_q[first])]
        lines.append(f"p %{{customdata[{len(columns)}]}} (−log₁₀ p %{{customdata[{len(columns) + 2}]:.1f}}), "
                     f"q %{{customdata[{len(columns) + 1}]}} ({test_name(tested)})")
        columns += [(p, "text"), (q, "text"), (tested.minus_log10_p[first], ".1f")]
    return markers(points.fp.size)(  # SVG for the few thousand points of most tasks: no WebGL to start
        x=points.fp if not log else np.maximum(points.fp, 0.5),
        y=points.tp if not log else np.maximum(points.tp, 0.5),
        mode="markers", name=words_name(task, points),
        marker=dict(size=size, color="rgba(40, 60, 90, 0.55)", line=dict(width=0)),
        customdata=hover_columns(*columns), text=points.sample,
        hovertemplate="fp %{x}, tp %{y}<br>%{customdata[0]} word(s): %{text}" + "".join(f"<br>{line}" for line in lines)
                      + "<extra></extra>",
    )


def words_name(task, points) -> str:
    """The words' legend entry."""
    return f"words ({task.n_words:,} at {points.fp.size:,} points)"


#: Open marker symbols given in turn to the metrics without an isocline, so their top-k marks read apart.
RINGS = ("circle-open", "diamond-open", "square-open", "triangle-up-open", "star-open", "hexagon-open")


def ring_trace(task, name, k, why, fp, tp, text, log, *, words=None, symbol="circle-open", n_points=0):
    """Rings at (fp, tp) for a metric's top k (no isocline: ``why``); ``text`` names the words of each ring. Drawn as
    the map's ``n_points`` words are (SVG or WebGL: :func:`fsviz.plots.look.markers`), so an animation's frames keep
    one trace type."""
    why = why if why == NOT_MONOTONE else f"reads {why}"
    count = "" if words is None else f" ({words} words at {len(fp)} points)"
    return markers(n_points)(
        x=np.maximum(fp, 0.5) if log else fp, y=np.maximum(tp, 0.5) if log else tp,
        mode="markers", name=f"{spec_label(name)}: top {k} ringed{count}",  # why in the hover: a short legend
        marker=dict(size=12, symbol=symbol, color=metric_colour(name), line=dict(color=metric_colour(name), width=2)),
        text=text, hovertemplate=f"{spec_label(name)} top {k} (no isocline: {why}): %{{text}}<br>fp %{{x}}, "
                                 "tp %{y}<extra></extra>")


def random_trace(name):
    return go.Scatter(x=[None], y=[None], mode="lines", name=f"{get_metric(name).label}: random, no curve",
                      line=dict(color=metric_colour(name), dash="dot"))


#: Line dashes given to the chosen metrics in turn, so that up to twelve read apart with their colours.
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")


def isocline_traces(curve, name, log, pos, neg, dash="solid", words=None):
    """The upper and lower branches of ``curve`` as line traces (a branch may be all NaN).

    A branch with a single finite point lies on an edge of the plane (PR's:
    the tp axis, words with fp = 0 from some tp up, and the line fp = neg
    for its negative features); it is drawn as that edge's segment, thick
    and with markers, and its legend entry says where it lies; a segment
    that holds none of ``words`` is not drawn, and the legend says so.
    """
    label = f"{get_metric(name).label} ≥ {curve.threshold:.4g}"
    traces = []
    lines = [branch_line(curve, upper, pos, neg, words) for upper in (True, False)]
    lower_where = lines[1][2]
    for (x, y, where, edge), branch in zip(lines, (curve.upper, curve.lower)):
        shown = branch is curve.upper or (edge and not np.isfinite(curve.upper).any())
        if branch is curve.upper and lower_where.endswith("no word there)") and shown:  # said, as it is not drawn
            where = (where[:-1] + "; " if where else " (") + f"none on fp = {neg:g})"
        x, y = (np.maximum(x, 0.5), np.maximum(y, 0.5)) if log else (x, y)
        if not len(x):  # an edge that holds no word: a trace of no point drawn (frames keep one trace per branch)
            x, y = np.array([np.nan]), np.array([np.nan])
        traces.append(go.Scatter(
            x=np.asarray(x, dtype=np.float32), y=np.asarray(y, dtype=np.float32),  # half the bytes, the same line
            mode="lines+markers" if edge else "lines", name=label + where, legendgroup=name,
            showlegend=shown, cliponaxis=False,
            line=dict(color=metric_colour(name), width=5 if edge else 2.5, dash="solid" if edge else dash),
            marker=dict(size=9, symbol="diamond"),
            hovertemplate=f"{label}{where}<br>fp %{{x:.1f}}, tp %{{y:.1f}}<extra></extra>"))
    return traces


def branch_line(curve, upper: bool, pos, neg, words=None):
    """The line drawn for ``curve``'s upper or lower branch: ``(fp, tp, where, edge)``.

    A branch is its points, ``where`` empty and ``edge`` False; or, when it has one finite point, ``edge`` is
    True and, where that point is on the plane's edge (PR's upper branch at fp = 0: every word it selects has
    fp = 0), the line is the stretch of the edge it selects, and ``where`` says so in words
    (" (on the tp axis, tp ≥ 9)"). Given the task's ``words`` (their fp and tp), an edge's stretch that holds no
    word is not drawn (PR's lower branch on fp = every negative document: a line where no word is), and ``where``
    says where it lies all the same (" (on fp = 3613, tp ≤ 2: no word there)")."""
    branch = curve.upper if upper else curve.lower
    finite = np.flatnonzero(np.isfinite(branch))
    if finite.size != 1:
        return curve.fp, branch, "", False
    x0, y0 = float(curve.fp[finite[0]]), float(branch[finite[0]])
    if upper and x0 == 0:
        fp, tp, where = np.array([0.0, 0.0]), np.array([y0, float(pos)]), f" (on the tp axis, tp ≥ {y0:g}"
        held = None if words is None else np.any((words[0] == 0) & (words[1] >= y0))
    elif not upper and x0 == neg:
        fp, tp, where = np.array([x0, x0]), np.array([0.0, y0]), f" (on fp = {neg:g}, tp ≤ {y0:g}"
        held = None if words is None else np.any((words[0] == neg) & (words[1] <= y0))
    else:
        return np.array([x0]), np.array([y0]), "", True
    if held is not None and not held:
        return np.array([]), np.array([]), where + ": no word there)", True
    return fp, tp, where + ")", True


def frame_update(trace):
    """What a frame changes in a metric's trace: a curve's tp and label (its fp stay), an edge segment or a
    ring's points."""
    if isinstance(trace, go.Scatter) and trace.mode in ("lines", "lines+markers"):  # an edge segment has its own fp
        return go.Scatter(x=trace.x, y=trace.y, mode=trace.mode, name=trace.name, line=trace.line,
                          hovertemplate=trace.hovertemplate)
    return trace


#: The width the word map's legend is laid out in, a guess on the narrow side (the map's column in the app is
#: about 700 px wide); the height of one legend row, and the figure's height with one row.
LEGEND_WIDTH, LEGEND_ROW, HEIGHT = 640, 20, 620


def legend_rows(names, width: float = LEGEND_WIDTH) -> int:
    """How many rows plotly's horizontal legend takes for entries ``names``: each is its symbol (40 px) and its
    text (about 6.2 px a character at the legend's 12 px), wrapped at ``width``."""
    rows, used = 1, 0.0
    for name in names:
        entry = 40 + 6.2 * len(str(name))
        if used and used + entry > width:
            rows, used = rows + 1, 0.0
        used += entry
    return rows


def word_map_layout(fig, task, zoom, log, also=()):
    """The word map's axes, legend, toolbar and height. The height grows by a row's height for each legend row
    past the first (the entries of ``fig`` and ``also``, those drawn under it), so that a long legend, which
    plotly puts above the plot, does not squeeze the plot."""
    names = [*also, *(t.name for t in fig.data if t.name and t.showlegend is not False)]
    fig.update_layout(
        # "negative" and "positive", not "outside the class": a task may be any two groups of classes
        xaxis_title=f"false positives fp (negative documents containing the word, of {task.neg})",
        yaxis_title=f"true positives tp (positive documents containing it, of {task.pos})",
        legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0),
        # The toolbar stands down the right edge, so it never covers the legend's last entries above the plot.
        modebar=dict(orientation="v"), margin=dict(l=10, r=40, t=40, b=10), dragmode="select",
        height=HEIGHT + LEGEND_ROW * (legend_rows(names) - 1),
    )
    axis_type = "log" if log else "linear"
    if log:  # ticks at the powers of ten only, and the zero counts' row and column (drawn at 0.5) marked 0
        for update, top in ((fig.update_xaxes, task.neg), (fig.update_yaxes, task.pos)):
            powers = [10.0 ** p for p in range(int(np.log10(max(top, 1))) + 1)]
            update(tickvals=[0.5, *powers], ticktext=["0", *(f"{p:,.0f}" for p in powers)],
                   minor=dict(ticks="", showgrid=False))
        fig.update_layout(xaxis_title=fig.layout.xaxis.title.text + "; log, 0 drawn at 0.5",
                          yaxis_title=fig.layout.yaxis.title.text + "; log, 0 at 0.5")
    if zoom is None:
        fig.update_xaxes(type=axis_type, range=None if log else [-0.01 * task.neg, task.neg * 1.01])
        fig.update_yaxes(type=axis_type, range=None if log else [-0.01 * task.pos, task.pos * 1.01])
    else:
        fig.update_xaxes(type=axis_type, range=[np.log10(0.4), np.log10(zoom[0])] if log else [-0.5, zoom[0]])
        fig.update_yaxes(type=axis_type, range=[np.log10(0.4), np.log10(zoom[1])] if log else [-0.5, zoom[1]])
    return fig
