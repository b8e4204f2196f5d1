"""Plotly figure builders: data in, ``go.Figure`` out (never shown here)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from .analysis import GOAL_LABELS
from .isoclines import isocline
from .metrics import get_metric
from .selection import parse_spec, select_top_k, spec_label

__all__ = ["GOAL_LABELS", "METRIC_COLOURS", "WordPoints", "agreement_matrix_figure", "agreement_scatter_figure",
           "boundaries_figure", "class_sizes_figure", "curves_figure",
           "overlap_figure", "pr_tradeoff_figure", "residual_figure", "significance_figure", "skew_figure",
           "surface_figure", "tolerance_bars_figure", "tolerance_figure", "word_map_figure", "word_points",
           "alpha_map_figure", "cutoff_figure", "feature_shares_figure", "lesion_figure",
           "word_table", "zipf_figure"]

#: One colour per registered metric, stable across figures (Plotly's qualitative "Dark24" order, then "Light24").
METRIC_COLOURS = {
    "acc": "#2E91E5", "acc2": "#E15F99", "bns": "#1CA71C", "chi": "#FB0D0D", "dfreq": "#DA16FF",
    "f1": "#222A2A", "ig": "#B68100", "oddn": "#750D86", "odds": "#EB663B", "pow": "#511CFB",
    "pr": "#00A08B", "rand": "#FB00D1",
    # the other papers' metrics: the rest of Dark24, then Light24
    "chi_max": "#FC0080", "chi_avg": "#B2828D", "ig_multi": "#6C7C32", "ttest_avg": "#778AAE", "ttest_max": "#862A16",
    "cmfs": "#A777F1", "icmfs": "#620042", "mi_avg": "#1616A7", "mi_max": "#DA60CA", "ece": "#6C4516",
    "igf": "#0D2A63", "cc": "#AF0038", "kl": "#FD3216", "nb_lr": "#6A76FC", "svm_w": "#0DF9FF",
    "kl_multi": "#F6926E",
}


def metric_colour(name: str) -> str:
    """A metric's colour: Forman's twelve fixed, any other name or spec a stable pick from Plotly's Alphabet."""
    import zlib

    if name in METRIC_COLOURS:
        return METRIC_COLOURS[name]
    return _READABLE[zlib.crc32(str(name).encode()) % len(_READABLE)]


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


#: Plotly's Alphabet without its pale colours, which vanish on a white page.
_READABLE = [c for c in px.colors.qualitative.Alphabet if _luminance(c) < 0.6]


@dataclass(frozen=True)
class WordPoints:
    """Words merged by their (fp, tp) point.

    ``fp``, ``tp``, ``count`` per distinct point; ``point_of_word[j]`` is the
    point of word j; ``sample`` holds a few words per point (most frequent
    first) for hover text.
    """

    fp: np.ndarray
    tp: np.ndarray
    count: np.ndarray
    point_of_word: np.ndarray
    sample: list


def word_points(task, *, n_sample=5) -> WordPoints:
    """Merge the words of ``task`` that share an (fp, tp) point."""
    code = task.fp.astype(np.int64) * (task.pos + 1) + task.tp
    codes, point_of_word, count = np.unique(code, return_inverse=True, return_counts=True)
    order = np.argsort(point_of_word, kind="stable")
    starts = np.concatenate([[0], np.cumsum(count)[:-1]])
    words = task.vocabulary[order]
    sample = [", ".join(map(str, words[s : s + min(c, n_sample)])) + (" …" if c > n_sample else "")
              for s, c in zip(starts, count)]
    return WordPoints(codes // (task.pos + 1), codes % (task.pos + 1), count, point_of_word, sample)


def word_table(task, metrics, k, *, words=None) -> pd.DataFrame:
    """tp, fp and each metric's score, rank and top-k membership per word.

    Rank 1 is best; tied words share the best rank of their score.
    ``words`` (indices) restricts the rows; all words by default.
    """
    idx = np.arange(task.n_words) if words is None else np.asarray(words, dtype=np.int64)
    table = pd.DataFrame({"word": task.vocabulary[idx], "tp": task.tp[idx], "fp": task.fp[idx]})
    for name in metrics:
        scores = task.score(name)
        ranked = np.sort(scores)[::-1]
        rank = 1 + np.searchsorted(-ranked, -scores[idx], side="left")
        table[f"{name} score"] = scores[idx]
        table[f"{name} rank"] = rank
        table[f"{name} top-k"] = select_top_k(scores, k).mask(task.n_words)[idx]
    return table


def word_map_figure(task, metrics, k, *, zoom=None, log=False, highlight=(), points=None, n_curve=600):
    """Every word at (fp, tp) with each metric's isocline at its k-th best score.

    Parameters
    ----------
    task : fsviz.Task
    metrics : list of str
        Metrics whose isoclines to draw. Rand is listed in the legend as
        having no curve. A metric that reads more than the 2×2 table (every
        class, term frequencies, a model), an α-weighted metric or a
        combination has no isocline in this plane: its top k words are
        ringed instead, which shows where it departs from the table metrics.
    k : int
    zoom : (float, float), optional
        Axis ranges (max fp, max tp) for the dense corner near the origin
        (Forman's Figure 3).
    log : bool
        Log axes (points at 0 are drawn at 0.5).
    highlight : sequence of int
        Word indices to ring in red (search results).
    points : WordPoints, optional
        Pre-merged points (pass them when redrawing for a new k).
    """
    points = points or word_points(task)
    fig = go.Figure()
    size = 4 + 3 * np.log10(points.count)
    fig.add_trace(go.Scattergl(
        x=points.fp if not log else np.maximum(points.fp, 0.5),
        y=points.tp if not log else np.maximum(points.tp, 0.5),
        mode="markers", name=f"words ({task.n_words:,} at {points.fp.size:,} points)",
        marker=dict(size=size, color="rgba(40, 60, 90, 0.55)", line=dict(width=0)),
        customdata=np.column_stack([points.count, np.arange(points.fp.size)]),
        text=points.sample,
        hovertemplate="fp %{x}, tp %{y}<br>%{customdata[0]} word(s): %{text}<extra></extra>",
    ))
    fp_max = float(task.neg if zoom is None else zoom[0])
    fp_grid = np.unique(np.concatenate([fp_max * np.linspace(0, 1, n_curve) ** 2, [0.0]]))
    for name in metrics:
        spec = parse_spec(name)
        if spec.table_metric is None:
            chosen = task.select(name, k)
            why = spec.reads
            fig.add_trace(go.Scattergl(
                x=np.maximum(task.fp[chosen], 0.5) if log else task.fp[chosen],
                y=np.maximum(task.tp[chosen], 0.5) if log else task.tp[chosen],
                mode="markers", name=f"{spec_label(name)}: top {k} ringed (no isocline: reads {why})",
                marker=dict(size=9, color="rgba(0,0,0,0)", line=dict(color=metric_colour(name), width=1.5)),
                text=task.vocabulary[chosen],
                hovertemplate=f"{spec_label(name)} top {k}: %{{text}}<br>fp %{{x}}, tp %{{y}}<extra></extra>"))
            continue
        metric = get_metric(name)
        if metric.random:
            fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"{metric.label}: random, no curve",
                                     line=dict(color=metric_colour(name), dash="dot")))
            continue
        threshold = select_top_k(task.score(name), k).threshold
        curve = isocline(name, threshold, task.pos, task.neg, fp=fp_grid)
        label = f"{metric.label} ≥ {threshold:.4g}"
        for branch, show in ((curve.upper, True), (curve.lower, False)):
            if np.isfinite(branch).any():
                fig.add_trace(go.Scatter(
                    x=np.maximum(fp_grid, 0.5) if log else fp_grid, y=np.maximum(branch, 0.5) if log else branch,
                    mode="lines", name=label, legendgroup=name, showlegend=show,
                    line=dict(color=metric_colour(name), width=2),
                    hovertemplate=f"{label}<br>fp %{{x:.1f}}, tp %{{y:.1f}}<extra></extra>",
                ))
                show = False
    if len(highlight):
        h = np.asarray(highlight)
        fig.add_trace(go.Scatter(
            x=task.fp[h], y=task.tp[h], mode="markers+text", text=task.vocabulary[h], textposition="top center",
            name="search", marker=dict(size=12, color="rgba(0,0,0,0)", line=dict(color="red", width=2)),
        ))
    fig.update_layout(
        xaxis_title=f"false positives fp (documents outside the class containing the word, of {task.neg})",
        yaxis_title=f"true positives tp (of {task.pos})",
        legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0),
        margin=dict(l=10, r=10, t=40, b=10), height=620, dragmode="select",
    )
    axis_type = "log" if log else "linear"
    if zoom is None:
        fig.update_xaxes(type=axis_type, range=None if log else [-0.01 * task.neg, task.neg * 1.01])
        fig.update_yaxes(type=axis_type, range=None if log else [-0.01 * task.pos, task.pos * 1.01])
    else:
        fig.update_xaxes(type=axis_type, range=[np.log10(0.4), np.log10(zoom[0])] if log else [-0.5, zoom[0]])
        fig.update_yaxes(type=axis_type, range=[np.log10(0.4), np.log10(zoom[1])] if log else [-0.5, zoom[1]])
    return fig


def class_sizes_figure(corpus) -> go.Figure:
    """Documents per class, largest first, with the skew 1:n in the hover."""
    sizes = corpus.class_sizes
    order = np.argsort(-sizes, kind="stable")
    skew = (corpus.n_docs - sizes[order]) / sizes[order]
    fig = go.Figure(go.Bar(
        x=corpus.classes[order], y=sizes[order], customdata=skew, marker_color="#1CA71C",
        hovertemplate="%{x}: %{y} documents, skew 1:%{customdata:.1f}<extra></extra>",
    ))
    fig.update_layout(yaxis_title="documents", height=360, margin=dict(l=10, r=10, t=10, b=10))
    return fig


def zipf_figure(corpus) -> go.Figure:
    """Document frequency by rank (log-log), kept words and words the cutoff removed."""
    df_all = np.sort(np.concatenate([corpus.df, corpus.removed_df]))[::-1]
    rank = np.arange(1, df_all.size + 1)
    cut = corpus.options.get("min_df", 1)
    kept = df_all >= cut
    fig = go.Figure()
    # Thin the curve: the long tail repeats the same few frequencies.
    step = max(1, df_all.size // 4000)
    for mask, name, colour in ((kept, "kept", "#1CA71C"), (~kept, f"removed (in fewer than {cut} documents)", "#FB0D0D")):
        sel = np.flatnonzero(mask)[::step]
        fig.add_trace(go.Scattergl(x=rank[sel], y=df_all[sel], mode="markers", name=name,
                                   marker=dict(size=3, color=colour)))
    fig.update_xaxes(type="log", title="word rank")
    fig.update_yaxes(type="log", title="document frequency")
    fig.update_layout(height=360, margin=dict(l=10, r=10, t=10, b=10), legend=dict(x=0.5, y=0.95))
    return fig


def boundaries_figure(task, metrics, k, *, n_grid=90, columns=3, points=None):
    """Forman's Figure 13: one topographic panel per metric over the (fp, tp) plane.

    Each panel shows the metric's contour levels for this task's pos and neg
    (like colours are like values within a panel; levels are percentiles of
    the metric over the plane, so metrics with huge ranges, such as PR, still
    show their shape), its k-isocline in bold, and the words faintly behind.
    Every panel has the same axes.
    """
    from plotly.subplots import make_subplots

    from .metrics import score

    metrics = [m for m in metrics if not get_metric(m).random]
    points = points or word_points(task)
    rows = max(1, -(-len(metrics) // columns))
    titles = [get_metric(m).label for m in metrics]
    fig = make_subplots(rows=rows, cols=columns, subplot_titles=titles, shared_xaxes="all", shared_yaxes="all",
                        horizontal_spacing=0.04, vertical_spacing=0.08)
    fp_axis = task.neg * np.linspace(0, 1, n_grid)
    tp_axis = task.pos * np.linspace(0, 1, n_grid)
    fp_curve = task.neg * np.linspace(0, 1, 400) ** 2
    for i, name in enumerate(metrics):
        row, col = i // columns + 1, i % columns + 1
        z = score(name, tp_axis[:, None], fp_axis[None, :], task.pos, task.neg)
        level = np.argsort(np.argsort(z, axis=None), axis=None).reshape(z.shape) / (z.size - 1)
        fig.add_trace(go.Contour(x=fp_axis, y=tp_axis, z=level, showscale=False, ncontours=12,
                                 colorscale="Viridis", opacity=0.75, line=dict(width=0.5),
                                 hoverinfo="skip"), row=row, col=col)
        fig.add_trace(go.Scattergl(x=points.fp, y=points.tp, mode="markers", hoverinfo="skip", showlegend=False,
                                   marker=dict(size=3, color="rgba(255,255,255,0.6)")), row=row, col=col)
        threshold = select_top_k(task.score(name), k).threshold
        curve = isocline(name, threshold, task.pos, task.neg, fp=fp_curve)
        for branch in (curve.upper, curve.lower):
            if np.isfinite(branch).any():
                fig.add_trace(go.Scatter(x=fp_curve, y=branch, mode="lines", showlegend=False,
                                         line=dict(color="black", width=3),
                                         hovertemplate=f"{get_metric(name).label} ≥ {threshold:.4g}<extra></extra>"),
                              row=row, col=col)
    fig.update_xaxes(range=[0, task.neg])
    fig.update_yaxes(range=[0, task.pos])
    fig.update_layout(height=330 * rows, margin=dict(l=10, r=10, t=40, b=10), showlegend=False)
    return fig


def surface_figure(task, metric, k, *, n_grid=60) -> go.Figure:
    """A metric as a 3-D surface over the (fp, tp) plane, contours projected below.

    The surface is the metric's score for this task's pos and neg; the
    k-isocline is drawn on it at the threshold height (the words above that
    height on the surface are the ones selected). Forman (2003), Appendix C,
    shows BNS this way.
    """
    from .metrics import score

    if get_metric(metric).random:
        raise ValueError(f"{metric!r} ranks words at random; it has no surface")
    fp_axis = task.neg * np.linspace(0, 1, n_grid)
    tp_axis = task.pos * np.linspace(0, 1, n_grid)
    z = score(metric, tp_axis[:, None], fp_axis[None, :], task.pos, task.neg)
    threshold = select_top_k(task.score(metric), k).threshold
    label = get_metric(metric).label
    fig = go.Figure(go.Surface(
        x=fp_axis, y=tp_axis, z=z, colorscale="Viridis", opacity=0.9, colorbar=dict(title=label, len=0.6),
        contours=dict(z=dict(show=True, project_z=True, usecolormap=True, highlightcolor="white")),
        hovertemplate=f"fp %{{x:.0f}}, tp %{{y:.0f}}: {label} %{{z:.4g}}<extra></extra>",
    ))
    fp_curve = task.neg * np.linspace(0, 1, 300) ** 2
    curve = isocline(metric, threshold, task.pos, task.neg, fp=fp_curve)
    for branch in (curve.upper, curve.lower):
        if np.isfinite(branch).any():
            fig.add_trace(go.Scatter3d(x=fp_curve, y=branch, z=np.full(fp_curve.size, threshold), mode="lines",
                                       line=dict(color="black", width=6), name=f"{label} = {threshold:.4g} (k = {k})",
                                       showlegend=branch is curve.upper))
    fig.update_layout(height=560, margin=dict(l=0, r=0, t=10, b=0), legend=dict(x=0, y=1),
                      scene=dict(xaxis_title="fp", yaxis_title="tp", zaxis_title=label,
                                 camera=dict(eye=dict(x=1.6, y=-1.6, z=1.0))))
    return fig


def overlap_figure(names, overlap) -> go.Figure:
    """Heat map of the Jaccard overlap of the metrics' top-k sets."""
    labels = [spec_label(n) for n in names]
    fig = go.Figure(go.Heatmap(z=overlap, x=labels, y=labels, zmin=0, zmax=1, colorscale="Blues",
                               text=np.round(overlap, 2), texttemplate="%{text}",
                               hovertemplate="%{y} vs %{x}: Jaccard %{z:.2f}<extra></extra>"))
    fig.update_layout(height=80 + 40 * len(names), margin=dict(l=10, r=10, t=10, b=10), yaxis_autorange="reversed")
    return fig


def _goal_label(goal) -> str:
    from .multiclass import GOALS

    return GOAL_LABELS.get(goal) or GOALS.get(goal, goal)


def _label(name) -> str:
    from .grid import ALL

    if name == ALL:
        return "all features"
    return spec_label(name)


def curves_figure(macro: pd.DataFrame, goals=("f1", "precision", "recall", "accuracy"), *, metrics=None,
                  bands=True, title=None, height=None) -> go.Figure:
    """Macro-averaged goals vs k (log axis), one line per metric (Forman's Figures 4, 14–17).

    ``macro`` is :func:`fsviz.analysis.macro_average`'s table. The
    all-features baseline is a dashed black line across each panel. With
    ``bands``, each line carries ± one standard error over tasks. Clicking a
    legend entry hides the metric in every panel.
    """
    from plotly.subplots import make_subplots

    from .grid import ALL

    goals = list(goals)
    columns = 2 if len(goals) > 1 else 1
    rows = -(-len(goals) // columns)
    prefix = f"{title}: " if title else ""
    fig = make_subplots(rows=rows, cols=columns, subplot_titles=[prefix + _goal_label(g) for g in goals],
                        horizontal_spacing=0.08, vertical_spacing=0.1)
    curves = macro[macro["metric"] != ALL]
    names = metrics if metrics is not None else list(dict.fromkeys(curves["metric"]))
    baseline = macro[macro["metric"] == ALL]
    ks = np.sort(curves["k"].unique())
    for i, goal in enumerate(goals):
        row, col = i // columns + 1, i % columns + 1
        for name in names:
            line = curves[curves["metric"] == name].sort_values("k")
            if line.empty:
                continue
            label = _label(name)
            colour = metric_colour(name)
            if bands and f"{goal}_sem" in line:
                upper, lower = line[goal] + line[f"{goal}_sem"], line[goal] - line[f"{goal}_sem"]
                fig.add_trace(go.Scatter(
                    x=np.concatenate([line["k"], line["k"][::-1]]), y=np.concatenate([upper, lower[::-1]]),
                    mode="lines", fill="toself", fillcolor=colour, opacity=0.12, line=dict(width=0), hoverinfo="skip",
                    legendgroup=name, showlegend=False), row=row, col=col)
            fig.add_trace(go.Scatter(
                x=line["k"], y=line[goal], mode="lines+markers", name=label, legendgroup=name,
                showlegend=i == 0, line=dict(color=colour, width=3 if name == "bns" else 1.6),
                marker=dict(size=5),
                hovertemplate=f"{label}, k = %{{x}}: {_goal_label(goal)} %{{y:.3f}}<extra></extra>",
            ), row=row, col=col)
        if not baseline.empty and ks.size:
            value = float(baseline[goal].iloc[0])
            fig.add_trace(go.Scatter(
                x=[ks[0], ks[-1]], y=[value, value], mode="lines", name="all features", legendgroup=ALL,
                showlegend=i == 0, line=dict(color="black", dash="dash", width=1.5),
                hovertemplate=f"all features: {_goal_label(goal)} {value:.3f}<extra></extra>",
            ), row=row, col=col)
    fig.update_xaxes(type="log", tickvals=ks, ticktext=[str(k) for k in ks])
    fig.update_xaxes(title_text="features selected (k)", row=rows)
    fig.update_layout(height=height or 340 * rows + 60, margin=dict(l=10, r=10, t=70, b=10), hovermode="closest",
                      legend=dict(orientation="h", x=0, y=0.99, yanchor="top", yref="container"))
    return fig


def pr_tradeoff_figure(macro: pd.DataFrame, k: int, *, metrics=None) -> go.Figure:
    """Macro precision vs recall at one k, one point per metric (Forman's Figure 5).

    Faint curves of equal F-measure (0.1 … 0.9) are drawn behind, and the
    all-features point when the table has it.
    """
    from .grid import ALL

    at_k = macro[(macro["k"] == k) & (macro["metric"] != ALL)]
    if metrics is not None:
        at_k = at_k[at_k["metric"].isin(metrics)]
    baseline = macro[macro["metric"] == ALL]
    points = pd.concat([at_k, baseline])
    pad = 0.04
    x_range = [max(0.0, points["recall"].min() - pad), min(1.02, points["recall"].max() + pad)]
    y_range = [max(0.0, points["precision"].min() - pad), min(1.02, points["precision"].max() + pad)]
    fig = go.Figure()
    # curves of equal F, at round levels spanning the visible window
    corners = [(x, y) for x in x_range for y in y_range if x + y > 0]
    f_values = [2 * x * y / (x + y) for x, y in corners]
    step = 0.01 if max(f_values) - min(f_values) < 0.1 else 0.05 if max(f_values) - min(f_values) < 0.4 else 0.1
    r = np.linspace(max(x_range[0], 1e-3), x_range[1], 300)
    for f in np.arange(np.ceil(min(f_values) / step) * step, max(f_values), step):
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where(2 * r > f, f * r / (2 * r - f), np.nan)
        keep = (p >= y_range[0]) & (p <= y_range[1])
        if keep.sum() < 2:
            continue
        fig.add_trace(go.Scatter(x=r[keep], y=p[keep], mode="lines", line=dict(color="#ddd", width=1),
                                 hoverinfo="skip", showlegend=False))
        fig.add_annotation(x=r[keep][-1], y=p[keep][-1], text=f"F={f:.2f}", showarrow=False, xanchor="left",
                           font=dict(size=9, color="#999"))
    for row in at_k.itertuples(index=False):
        fig.add_trace(go.Scatter(
            x=[row.recall], y=[row.precision], mode="markers+text", text=[_label(row.metric)], textposition="top center",
            marker=dict(size=11 if row.metric == "bns" else 9, color=metric_colour(row.metric)), name=_label(row.metric),
            hovertemplate=f"{_label(row.metric)}, k = {k}: precision %{{y:.3f}}, recall %{{x:.3f}}, "
                          f"F {row.f1:.3f}<extra></extra>"))
    if len(baseline):
        b = baseline.iloc[0]
        fig.add_trace(go.Scatter(x=[b.recall], y=[b.precision], mode="markers+text", text=["all features"],
                                 textposition="bottom center", marker=dict(symbol="x", size=10, color="black"),
                                 name="all features",
                                 hovertemplate="all features: precision %{y:.3f}, recall %{x:.3f}<extra></extra>"))
    fig.update_xaxes(title_text="recall (macro)", range=x_range)
    fig.update_yaxes(title_text="precision (macro)", range=y_range)
    fig.update_layout(height=520, margin=dict(l=10, r=60, t=40, b=10), showlegend=False,
                      title=f"Precision vs recall at k = {k}")
    return fig


def skew_figure(tasks: pd.DataFrame, goal: str, threshold: float, *, title=None) -> go.Figure:
    """Per-task score vs class skew (log axis), with the split threshold dotted (Forman's Figure 6).

    ``tasks`` holds one row per task with ``dataset, class, skew`` and ``goal``.
    """
    label = _goal_label(goal)
    fig = go.Figure(go.Scatter(
        x=tasks["skew"], y=tasks[goal], mode="markers", marker=dict(size=7, opacity=0.7, color="#1CA71C"),
        customdata=np.stack([tasks["dataset"].astype(str), tasks["class"].astype(str)], axis=1),
        hovertemplate="%{customdata[0]} / %{customdata[1]}: skew 1:%{x:.1f}, " + label + " %{y:.3f}<extra></extra>"))
    # a line trace, not add_vline: a shape's annotation on a log axis is placed at 10**x
    fig.add_trace(go.Scatter(x=[threshold, threshold], y=[0, 1] if goal != "accuracy" else
                             [tasks[goal].min(), tasks[goal].max()], mode="lines", line=dict(dash="dot", color="black"),
                             hovertemplate=f"threshold 1:{threshold:.1f}<extra></extra>"))
    fig.add_annotation(x=np.log10(threshold), y=1, yref="paper", text=f" 1:{threshold:.1f}", showarrow=False,
                       xanchor="left")
    fig.update_xaxes(type="log", title_text="class skew (negatives per positive)")
    fig.update_yaxes(title_text=label, range=[-0.02, 1.02] if goal != "accuracy" else None)
    fig.update_layout(height=420, margin=dict(l=10, r=10, t=40, b=10), title=title, showlegend=False)
    return fig


def tolerance_figure(curves: pd.DataFrame, goal: str, *, relative=True, metrics=None) -> go.Figure:
    """Percentage of tasks within a tolerance of the best, vs the tolerance (Figures 9a, 10a, 18–21).

    ``curves`` is :func:`fsviz.analysis.tolerance_curves`'s table.
    """
    fig = go.Figure()
    names = metrics if metrics is not None else list(dict.fromkeys(curves["metric"]))
    scale, unit = (100, "%") if relative else (1, "")
    for name in names:
        line = curves[curves["metric"] == name].sort_values("tolerance")
        if line.empty:
            continue
        fig.add_trace(go.Scatter(
            x=scale * line["tolerance"], y=line["percent"], mode="lines+markers", name=_label(name),
            line=dict(color=metric_colour(name), width=3 if name == "bns" else 1.6), marker=dict(size=5),
            hovertemplate=f"{_label(name)}: within %{{x:g}}{unit} on %{{y:.1f}}% of tasks<extra></extra>"))
    label = _goal_label(goal)
    fig.update_xaxes(title_text=f"tolerance ({'% of the best' if relative else label + ' points'})")
    fig.update_yaxes(title_text="% of tasks within tolerance of the best", range=[0, 102])
    fig.update_layout(height=460, margin=dict(l=10, r=10, t=40, b=10), title=f"{label}: chance of attaining the best")
    return fig


def tolerance_bars_figure(shares: pd.DataFrame, *, metrics=None) -> go.Figure:
    """Each goal's percentage of tasks within its tolerance, as grouped bars per metric (Figure 9b).

    ``shares`` has columns ``goal, tolerance, metric, percent``.
    """
    fig = go.Figure()
    names = metrics if metrics is not None else list(dict.fromkeys(shares["metric"]))
    goals = list(dict.fromkeys(shares["goal"]))
    ticks = {g: f"{_goal_label(g)} ({100 * shares.loc[shares['goal'] == g, 'tolerance'].iloc[0]:g}%)"
             for g in goals}
    for name in names:
        bars = shares[shares["metric"] == name]
        fig.add_trace(go.Bar(x=[ticks[g] for g in bars["goal"]], y=bars["percent"], name=_label(name),
                             marker_color=metric_colour(name),
                             hovertemplate=f"{_label(name)}: %{{y:.1f}}% of tasks (%{{x}})<extra></extra>"))
    fig.update_yaxes(title_text="% of tasks within tolerance of the best", range=[0, 100])
    fig.update_layout(barmode="group", height=440, margin=dict(l=10, r=10, t=40, b=10),
                      title="Every goal at one tolerance")
    return fig


def residual_figure(residuals: pd.DataFrame, leader: str, leader_curve: pd.DataFrame, *, pair=None,
                    relative=True) -> go.Figure:
    """The leader alone and the leader or each backup, vs tolerance (Forman's Figure 10b).

    ``residuals`` is :func:`fsviz.analysis.residual_curves`'s table,
    ``leader_curve`` the leader's rows of :func:`tolerance_curves`; ``pair``
    an optional ``(name, curve)`` for the best pair, drawn dot-dashed.
    """
    scale = 100 if relative else 1
    fig = go.Figure()
    for name in dict.fromkeys(residuals["backup"]):
        line = residuals[residuals["backup"] == name].sort_values("tolerance")
        fig.add_trace(go.Scatter(
            x=scale * line["tolerance"], y=line["combined"], mode="lines+markers", name=f"{_label(leader)} or {_label(name)}",
            line=dict(color=metric_colour(name), width=1.6), marker=dict(size=4),
            customdata=line["residual"],
            hovertemplate=f"{_label(leader)} or {_label(name)}: %{{y:.1f}}% of tasks; {_label(name)} rescues "
                          "%{customdata:.0f}% of the leader's failures<extra></extra>"))
    alone = leader_curve.sort_values("tolerance")
    fig.add_trace(go.Scatter(x=scale * alone["tolerance"], y=alone["percent"], mode="lines", name=f"{_label(leader)} alone",
                             line=dict(color="black", dash="dash", width=2),
                             hovertemplate=f"{_label(leader)} alone: %{{y:.1f}}%<extra></extra>"))
    if pair is not None:
        name, curve = pair
        curve = curve.sort_values("tolerance")
        fig.add_trace(go.Scatter(x=scale * curve["tolerance"], y=curve["percent"], mode="lines", name=f"best pair: {name}",
                                 line=dict(color="black", dash="dashdot", width=2.5),
                                 hovertemplate=f"{name}: %{{y:.1f}}%<extra></extra>"))
    fig.update_xaxes(title_text="tolerance (% of the best)" if relative else "tolerance (points)")
    fig.update_yaxes(title_text="% of tasks where one of the two is within tolerance", range=[0, 102])
    fig.update_layout(height=480, margin=dict(l=10, r=10, t=40, b=10),
                      title=f"{_label(leader)} with a backup metric")
    return fig


def significance_figure(tests: pd.DataFrame, *, test="t", level=0.05) -> go.Figure:
    """Matrix of paired tests: colour = mean difference (row − column), text = p-value (Forman's t-test).

    ``tests`` is :func:`fsviz.analysis.paired_tests`'s table; ``test`` is
    ``"t"`` (paired t-test) or ``"sign"``. Cells significant at ``level``
    are marked with ``*``.
    """
    column = {"t": "t_p", "sign": "sign_p"}[test]
    names = list(dict.fromkeys(tests["a"]))
    diff = tests.pivot(index="a", columns="b", values="mean_diff").reindex(index=names, columns=names)
    p = tests.pivot(index="a", columns="b", values=column).reindex(index=names, columns=names)
    text = p.map(lambda v: "" if pd.isna(v) else (f"{v:.0e}" if v < 0.001 else f"{v:.3f}") + ("*" if v < level else ""))
    labels = [_label(n) for n in names]
    bound = float(np.nanmax(np.abs(diff.to_numpy()))) if diff.notna().any().any() else 1.0
    fig = go.Figure(go.Heatmap(
        z=diff.to_numpy(), x=labels, y=labels, text=text.to_numpy(), texttemplate="%{text}", zmid=0,
        zmin=-bound, zmax=bound, colorscale="RdBu", colorbar=dict(title="row − column"),
        hovertemplate="%{y} − %{x}: mean difference %{z:.4f}, p = %{text}<extra></extra>"))
    fig.update_layout(height=120 + 38 * len(names), margin=dict(l=10, r=10, t=40, b=10), yaxis_autorange="reversed",
                      title=f"{'Paired t-test' if test == 't' else 'Sign test'}: p-values (* below {level:g})")
    return fig


def _alpha_colour(alpha: float) -> str:
    """Red for negative-leaning weights, black at 0.5, blue for positive-leaning ones."""
    if np.isclose(alpha, 0.5):
        return "black"
    from plotly.colors import sample_colorscale

    return sample_colorscale("RdBu", [float(np.clip(alpha, 0, 1))])[0]


def lesion_figure(curves: pd.DataFrame, goals=("precision", "recall", "f1")) -> go.Figure:
    """Each goal vs k, one line per α (Forman's Figure 22), the best F-measure starred.

    ``curves`` is :func:`fsviz.studies.lesion_curves`'s table. Red lines
    prefer negative features (α < 0.5), blue ones positive features, black
    is unweighted; the dashed line uses all features.
    """
    from plotly.subplots import make_subplots

    from .grid import ALL

    fig = make_subplots(rows=1, cols=len(goals), subplot_titles=[_goal_label(g) for g in goals],
                        horizontal_spacing=0.06)
    weighted = curves[curves["metric"] != ALL]
    baseline = curves[curves["metric"] == ALL]
    ks = np.sort(weighted["k"].unique())
    best = weighted.loc[weighted["f1"].idxmax()] if len(weighted) else None
    for col, goal in enumerate(goals, start=1):
        for alpha in np.sort(weighted["alpha"].unique()):
            line = weighted[weighted["alpha"] == alpha].sort_values("k")
            fig.add_trace(go.Scatter(
                x=line["k"], y=line[goal], mode="lines+markers", name=f"α = {alpha:g}", legendgroup=f"{alpha:g}",
                showlegend=col == 1, line=dict(color=_alpha_colour(alpha), width=3 if np.isclose(alpha, 0.5) else 1.8),
                marker=dict(size=5),
                hovertemplate=f"α = {alpha:g}, k = %{{x}}: {_goal_label(goal)} %{{y:.3f}}<extra></extra>"),
                row=1, col=col)
        if len(baseline) and ks.size:
            value = float(baseline[goal].iloc[0])
            fig.add_trace(go.Scatter(x=[ks[0], ks[-1]], y=[value, value], mode="lines", name="all features",
                                     legendgroup=ALL, showlegend=col == 1, line=dict(color="gray", dash="dash"),
                                     hovertemplate=f"all features: {value:.3f}<extra></extra>"), row=1, col=col)
        if best is not None and goal == "f1":
            fig.add_trace(go.Scatter(x=[best["k"]], y=[best["f1"]], mode="markers", name=f"best F: α = {best['alpha']:g}",
                                     marker=dict(symbol="star", size=16, color="gold", line=dict(color="black", width=1)),
                                     hovertemplate=f"best F-measure {best['f1']:.3f}: α = {best['alpha']:g}, "
                                                   f"k = {int(best['k'])}<extra></extra>"), row=1, col=col)
    fig.update_xaxes(type="log", tickvals=ks, ticktext=[str(k) for k in ks], title_text="features selected (k)")
    fig.update_layout(height=460, margin=dict(l=10, r=10, t=70, b=10),
                      legend=dict(orientation="h", x=0, y=0.99, yanchor="top", yref="container"))
    return fig


def feature_shares_figure(shares: pd.DataFrame) -> go.Figure:
    """Positive, negative and neutral features among the top k, per α (stacked bars)."""
    fig = go.Figure()
    labels = [f"α = {a:g}" for a in shares["alpha"]]
    for kind, colour in (("positive", "#2166ac"), ("negative", "#b2182b"), ("neutral", "#999")):
        fig.add_trace(go.Bar(x=labels, y=100 * shares[f"{kind}_share"], name=f"{kind} features", marker_color=colour,
                             customdata=shares[kind],
                             hovertemplate=f"%{{x}}: %{{customdata}} {kind} (%{{y:.0f}}%)<extra></extra>"))
    fig.update_layout(barmode="stack", height=360, margin=dict(l=10, r=10, t=40, b=10),
                      yaxis_title=f"% of the top {int(shares['k'].iloc[0])} words",
                      title="Which words each weight selects")
    return fig


def alpha_map_figure(task, metric: str, k: int, alphas, chosen: float, *, points=None, n_curve=500) -> go.Figure:
    """The word map with each α's selection boundary; the chosen α's selected words coloured.

    For α-weighted scores ``(s − m)·w`` (``m`` the shift to make scores ≥ 0,
    ``w`` = α above the diagonal and 1 − α below), the boundary at the k-th
    weighted score T is the metric's own isocline at ``T / w + m`` on each
    side: the upper branch at ``T/α + m``, the lower at ``T/(1 − α) + m``.
    A smaller α raises the bar for positive words and lowers it for
    negative ones: the boundary tilts toward the negative side.
    """
    from .selection import alpha_weight

    points = points or word_points(task)
    base = task.score(metric)
    shift = min(float(base.min(initial=0.0)), 0.0)
    fig = go.Figure()
    # words at one (fp, tp) point share their score, so a point is selected when its words are
    selection = select_top_k(alpha_weight(base, task.tp, task.fp, task.pos, task.neg, chosen), k)
    selected = np.zeros(points.fp.size, dtype=bool)
    selected[points.point_of_word[selection.indices]] = True
    positive = points.tp / task.pos > points.fp / task.neg
    for mask, name, colour in ((~selected, "not selected", "rgba(40, 60, 90, 0.35)"),
                               (selected & positive, f"selected at α = {chosen:g}: positive", "#2166ac"),
                               (selected & ~positive, f"selected at α = {chosen:g}: negative", "#b2182b")):
        idx = np.flatnonzero(mask)
        if not idx.size:
            continue
        fig.add_trace(go.Scattergl(
            x=points.fp[idx], y=points.tp[idx], mode="markers", name=f"{name} ({int(points.count[idx].sum()):,} words)",
            marker=dict(size=4 + 3 * np.log10(points.count[idx]), color=colour),
            text=[points.sample[i] for i in idx], customdata=points.count[idx],
            hovertemplate="fp %{x}, tp %{y}<br>%{customdata} word(s): %{text}<extra></extra>"))
    fp_grid = np.unique(np.concatenate([task.neg * np.linspace(0, 1, n_curve) ** 2, [0.0]]))
    for alpha in sorted({float(a) for a in alphas}):
        threshold = select_top_k(alpha_weight(base, task.tp, task.fp, task.pos, task.neg, alpha), k).threshold
        upper = isocline(metric, threshold / alpha + shift, task.pos, task.neg, fp=fp_grid).upper if alpha > 0 else None
        lower = (isocline(metric, threshold / (1 - alpha) + shift, task.pos, task.neg, fp=fp_grid).lower
                 if alpha < 1 else None)
        show = True
        for branch in (upper, lower):
            if branch is None or not np.isfinite(branch).any():
                continue
            fig.add_trace(go.Scatter(
                x=fp_grid, y=branch, mode="lines", name=f"α = {alpha:g}", legendgroup=f"{alpha:g}", showlegend=show,
                line=dict(color=_alpha_colour(alpha), width=3.5 if np.isclose(alpha, chosen) else 1.3),
                hovertemplate=f"α = {alpha:g} boundary: fp %{{x:.1f}}, tp %{{y:.1f}}<extra></extra>"))
            show = False
    fig.update_layout(
        xaxis_title=f"false positives fp (of {task.neg})", yaxis_title=f"true positives tp (of {task.pos})",
        legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0), margin=dict(l=10, r=10, t=40, b=10), height=600)
    fig.update_xaxes(range=[-0.01 * task.neg, task.neg * 1.01])
    fig.update_yaxes(range=[-0.01 * task.pos, task.pos * 1.01])
    return fig


def cutoff_figure(curves: pd.DataFrame, metric: str, k: int, goals=GOAL_LABELS) -> go.Figure:
    """Each goal vs the rare-word cutoff at one metric and k, with the vocabulary size (Forman's Figure 11).

    ``curves`` is :func:`fsviz.studies.cutoff_curves`'s table.
    """
    from plotly.subplots import make_subplots

    line = curves[(curves["metric"] == metric) & (curves["k"] == k)].sort_values("min_df")
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    vocab = curves.drop_duplicates("min_df").sort_values("min_df")
    fig.add_trace(go.Bar(x=vocab["min_df"], y=vocab["vocabulary"], name="vocabulary (words)",
                         marker_color="rgba(150, 150, 150, 0.3)",
                         hovertemplate="cutoff %{x}: %{y:,} words<extra></extra>"), secondary_y=True)
    colours = {"f1": "#1CA71C", "precision": "#2E91E5", "recall": "#FB0D0D", "accuracy": "#222A2A"}
    for goal in goals:
        fig.add_trace(go.Scatter(x=line["min_df"], y=line[goal], mode="lines+markers", name=_goal_label(goal),
                                 line=dict(color=colours.get(goal), width=2),
                                 hovertemplate=f"cutoff %{{x}}: {_goal_label(goal)} %{{y:.3f}}<extra></extra>"),
                      secondary_y=False)
    fig.update_xaxes(title_text="rare-word cutoff: words in fewer documents are removed", dtick=1 if len(vocab) <= 25 else None)
    fig.update_yaxes(title_text=f"{_label(metric)} at k = {k} (macro)", secondary_y=False)
    fig.update_yaxes(title_text="vocabulary size", secondary_y=True, showgrid=False)
    fig.update_layout(height=460, margin=dict(l=10, r=10, t=40, b=10), hovermode="x unified",
                      legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
    return fig


def agreement_matrix_figure(matrix: pd.DataFrame, *, title: str = "") -> go.Figure:
    """Heat map of a correlation matrix between measures (Goutte et al., Table 2), values written in."""
    labels = [spec_label(n) for n in matrix.index]
    values = matrix.to_numpy(dtype=np.float64)
    fig = go.Figure(go.Heatmap(z=values, x=labels, y=labels, zmin=-1, zmax=1, colorscale="RdBu",
                               text=np.round(values, 2), texttemplate="%{text}",
                               hovertemplate="%{y} vs %{x}: %{z:.3f}<extra></extra>"))
    fig.update_layout(height=120 + 45 * len(labels), margin=dict(l=10, r=10, t=40 if title else 10, b=10),
                      yaxis_autorange="reversed", title=title or None)
    return fig


def agreement_scatter_figure(a, b, vocabulary, names, *, n: int = 50) -> go.Figure:
    """One measure against another per word (Goutte et al., Figures 2–5), hover for the word.

    Log axes for measures with no negative score (words scoring 0 sit at
    the axis minimum). Colour marks the top ``n`` of either measure.
    """
    from .agreement import correlation, log_scaled

    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    top_a, top_b = (select_top_k(s, min(n, s.size)).mask(s.size) for s in (a, b))
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
    fig.update_xaxes(type="log" if x_log else "linear", title=x_label + (" (log)" if x_log else ""))
    fig.update_yaxes(type="log" if y_log else "linear", title=y_label + (" (log)" if y_log else ""))
    return fig
