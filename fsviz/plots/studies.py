"""Figures of Forman's side studies: the lesion study (α-weighted positive and negative features) and the
rare-word cutoff (Figures 11 and 22)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.colors import sample_colorscale
from plotly.subplots import make_subplots

from ..evaluation.analyses import GOAL_LABELS
from ..evaluation.grid import ALL
from ..evaluation.studies import alpha_map, lesion_best
from ..stats.tables import word_points
from .style import goal_label, metric_label
from .text import plain_text

__all__ = ["alpha_map_figure", "cutoff_figure", "feature_shares_figure", "lesion_figure"]


def _alpha_colour(alpha: float) -> str:
    """Red for negative-leaning weights, black at 0.5, blue for positive-leaning ones; even α = 0.4 and 0.6 are
    taken well away from the scale's pale middle, so they read on white."""
    if np.isclose(alpha, 0.5):
        return "black"
    side = np.sign(alpha - 0.5)
    return sample_colorscale("RdBu", [float(np.clip(0.5 + side * (0.3 + 0.4 * abs(alpha - 0.5)), 0, 1))])[0]


def _say_bars(fig: go.Figure, curves: pd.DataFrame) -> None:
    """Say under the figure what its error bars are, when it has them."""
    if any(column.endswith("_sem") for column in curves.columns):
        fig.add_annotation(text="Error bars: ± 1 standard error of the macro average, over the tasks (classes) of "
                                "the run", xref="paper", yref="paper", x=0, y=-0.16, xanchor="left", yanchor="top",
                           showarrow=False, font=dict(size=11, color="#555"))
        fig.update_layout(margin=dict(b=70))


def _sem_bars(line: pd.DataFrame, goal: str, colour: str):
    """± one standard error over tasks (``{goal}_sem``), thin, in the line's colour; None without it."""
    column = f"{goal}_sem"
    if column not in line:
        return None
    return dict(type="data", array=line[column].to_numpy(), visible=True, thickness=1, width=3, color=colour)


@plain_text
def lesion_figure(curves: pd.DataFrame, goals=("precision", "recall", "f1")) -> go.Figure:
    """Each goal vs k, one line per α (Forman's Figure 22), the best F-measure starred.

    Red lines
    prefer negative features (α < 0.5), blue ones positive features, black
    is unweighted; the dashed line uses all features.

    Parameters
    ----------
    curves : pandas.DataFrame
        :func:`fsviz.evaluation.studies.lesion_curves`'s table.
    goals : sequence of str, default ("precision", "recall", "f1")
        One panel per goal.

    Returns
    -------
    plotly.graph_objects.Figure
        Per panel: one line per α, the all-features line, and in the F-measure panel the star.

    See Also
    --------
    fsviz.evaluation.lesion_curves : the table drawn.
    fsviz.evaluation.lesion_best : the starred α and k.
    fsviz.plots.feature_shares_figure : which words each α selects.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 22.

    Examples
    --------
    >>> from fsviz.evaluation import lesion_curves
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": 0, "k": 10, "pos": 10, "neg": 30,
    ...                         "metric": ["bns@0.4", "bns@0.6"], "tp": [6, 8], "fp": [1, 4], "fn": [4, 2],
    ...                         "tn": [29, 26]})
    >>> fig = lesion_figure(lesion_curves(results))
    >>> [trace.name for trace in fig.data if trace.showlegend is not False]
    ['α = 0.4', 'α = 0.6', 'best F: α = 0.6']
    """
    fig = make_subplots(rows=1, cols=len(goals), subplot_titles=[goal_label(g) for g in goals],
                        horizontal_spacing=0.06)
    weighted = curves[curves["metric"] != ALL]
    baseline = curves[curves["metric"] == ALL]
    ks = np.sort(weighted["k"].unique())
    best = lesion_best(curves)
    for col, goal in enumerate(goals, start=1):
        for alpha in np.sort(weighted["alpha"].unique()):
            line = weighted[weighted["alpha"] == alpha].sort_values("k")
            fig.add_trace(go.Scatter(
                x=line["k"], y=line[goal], mode="lines+markers", name=f"α = {alpha:g}", legendgroup=f"{alpha:g}",
                error_y=_sem_bars(line, goal, _alpha_colour(alpha)),
                showlegend=col == 1, line=dict(color=_alpha_colour(alpha), width=3 if np.isclose(alpha, 0.5) else 1.8),
                marker=dict(size=5),
                hovertemplate=f"α = {alpha:g}, k = %{{x}}: {goal_label(goal)} %{{y:.3f}}<extra></extra>"),
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
    _say_bars(fig, curves)
    return fig


@plain_text
def feature_shares_figure(shares: pd.DataFrame) -> go.Figure:
    """Positive, negative and neutral features among the top k, per α (stacked bars).

    Parameters
    ----------
    shares : pandas.DataFrame
        One row per α: columns ``alpha, k``, the counts ``positive, negative, neutral`` and their
        fractions ``positive_share, negative_share, neutral_share``
        (:func:`fsviz.evaluation.feature_shares`).

    Returns
    -------
    plotly.graph_objects.Figure
        Three bar traces (positive, negative, neutral), one bar per α, in per cent.

    See Also
    --------
    fsviz.evaluation.feature_shares : the table drawn.
    fsviz.plots.alpha_map_figure : where each α's selection lies on the word map.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 22.

    Examples
    --------
    >>> from fsviz.evaluation import feature_shares
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fig = feature_shares_figure(feature_shares(task, "bns", 2, (0.3, 0.7)))
    >>> fig.data[0].name, list(fig.data[0].x), fig.data[0].y.tolist()
    ('positive features', ['α = 0.3', 'α = 0.7'], [50.0, 100.0])
    """
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


@plain_text
def alpha_map_figure(task, metric: str, k: int, alphas, chosen: float, *, points=None, n_curve=500) -> go.Figure:
    """The word map with each α's selection boundary; the chosen α's selected words coloured.

    For α-weighted scores ``(s − m)·w`` (``m`` the shift to make scores ≥ 0,
    ``w`` = α above the diagonal and 1 − α below), the boundary at the k-th
    weighted score T is the metric's own isocline at ``T / w + m`` on each
    side: the upper branch at ``T/α + m``, the lower at ``T/(1 − α) + m``.
    A smaller α raises the bar for positive words and lowers it for
    negative ones: the boundary tilts toward the negative side. The
    selection and the boundaries come from :func:`fsviz.evaluation.studies.alpha_map`.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are drawn.
    metric : str
        The metric that is α-weighted.
    k : int
        Number of features selected.
    alphas : sequence of float
        The weights whose boundaries are drawn.
    chosen : float
        The α whose selected words are coloured (its boundary drawn bold).
    points : WordPoints, optional
        Pre-merged points (default: made here).
    n_curve : int, default 500
        Number of fp values each boundary is computed at.

    Returns
    -------
    plotly.graph_objects.Figure
        The words (not selected, selected positive, selected negative), then each α's boundary branches.

    See Also
    --------
    fsviz.evaluation.alpha_map : the selection and the boundaries drawn.
    fsviz.stats.weighted_isocline : one α's boundary.
    fsviz.plots.word_map_figure : the unweighted metrics' boundaries.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 22.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fig = alpha_map_figure(task, "bns", 2, (0.3, 0.7), 0.7, n_curve=50)
    >>> [trace.name for trace in fig.data]
    ['not selected (2 words)', 'selected at α = 0.7: positive (2 words)', 'α = 0.3', 'α = 0.3', 'α = 0.7', 'α = 0.7']
    """
    points = points or word_points(task)
    fig = go.Figure()
    fp_grid = np.unique(np.concatenate([task.neg * np.linspace(0, 1, n_curve) ** 2, [0.0]]))
    lesion = alpha_map(task, metric, k, alphas, chosen, fp=fp_grid)
    selected = points.holding(lesion.selected)
    positive = points.positive(task.pos, task.neg)
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
    for alpha, curve in lesion.boundaries.items():
        show = True
        for branch in (curve.upper, curve.lower):
            if not np.isfinite(branch).any():
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


@plain_text
def cutoff_figure(curves: pd.DataFrame, metric: str, k: int, goals=GOAL_LABELS) -> go.Figure:
    """Each goal vs the rare-word cutoff at one metric and k, with the vocabulary size (Forman's Figure 11).

    Bars: ± one standard error over the tasks.

    Parameters
    ----------
    curves : pandas.DataFrame
        :func:`fsviz.evaluation.studies.cutoff_curves`'s table.
    metric : str
        The metric whose results are drawn.
    k : int
        The number of features whose results are drawn.
    goals : iterable of str, default the keys of ``GOAL_LABELS``
        The goals drawn, one line each.

    Returns
    -------
    plotly.graph_objects.Figure
        The vocabulary's bars (right axis), then one line per goal.

    See Also
    --------
    fsviz.evaluation.cutoff_curves : the table drawn.
    fsviz.evaluation.run_cutoffs : runs the study.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 11.

    Examples
    --------
    >>> curves = pd.DataFrame({"metric": "bns", "k": 100, "min_df": [1, 2, 3], "vocabulary": [900, 400, 250],
    ...                        "f1": [0.60, 0.63, 0.62]})
    >>> fig = cutoff_figure(curves, "bns", 100, goals=["f1"])
    >>> [trace.name for trace in fig.data], fig.layout.yaxis.title.text
    (['vocabulary (words)', 'F-measure'], 'BNS at k = 100 (macro)')
    """
    line = curves[(curves["metric"] == metric) & (curves["k"] == k)].sort_values("min_df")
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    vocab = curves.drop_duplicates("min_df").sort_values("min_df")
    fig.add_trace(go.Bar(x=vocab["min_df"], y=vocab["vocabulary"], name="vocabulary (words)",
                         marker_color="rgba(150, 150, 150, 0.3)",
                         hovertemplate="cutoff %{x}: %{y:,} words<extra></extra>"), secondary_y=True)
    colours = {"f1": "#1CA71C", "precision": "#2E91E5", "recall": "#FB0D0D", "accuracy": "#222A2A"}
    for goal in goals:
        fig.add_trace(go.Scatter(x=line["min_df"], y=line[goal], mode="lines+markers", name=goal_label(goal),
                                 line=dict(color=colours.get(goal), width=2),
                                 error_y=_sem_bars(line, goal, colours.get(goal, "#444")),
                                 hovertemplate=f"cutoff %{{x}}: {goal_label(goal)} %{{y:.3f}}<extra></extra>"),
                      secondary_y=False)
    fig.update_xaxes(title_text="rare-word cutoff: words in fewer documents are removed", dtick=1 if len(vocab) <= 25 else None)
    fig.update_yaxes(title_text=f"{metric_label(metric)} at k = {k} (macro)", secondary_y=False)
    # tickmode "auto": plotly.js puts an overlaying axis's ticks where the other axis has its own ("sync"), which
    # ticked the vocabulary at 5,116 / 10,340 / …; its own round numbers read better.
    fig.update_yaxes(title_text="vocabulary size", secondary_y=True, showgrid=False, tickformat=",d", tickmode="auto")
    fig.update_layout(height=460, margin=dict(l=10, r=10, t=40, b=10), hovermode="x unified",
                      legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
    _say_bars(fig, curves)
    return fig
