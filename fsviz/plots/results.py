"""Figures of grid results: goals vs k, precision vs recall, and the chance of attaining the best.

Each takes a table from :mod:`fsviz.evaluation.analyses` and draws it (Forman 2003, Figures 4, 5, 9, 10a,
14–21), and the k rules' results beside the curves. Results against class skew are in :mod:`fsviz.plots.skew`;
the leader with a backup, paired tests and stability, which set metric against metric, in
:mod:`fsviz.plots.comparisons`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..evaluation.grid import ALL
from ._labels import label_places
from .style import goal_label, metric_colour, metric_label
from .text import plain_text

__all__ = ["curves_figure", "k_rule_figure", "pr_tradeoff_figure", "tolerance_bars_figure", "tolerance_figure"]


@plain_text
def curves_figure(macro: pd.DataFrame, goals=("f1", "precision", "recall", "accuracy"), *, metrics=None,
                  bands=True, title=None, height=None) -> go.Figure:
    """Macro-averaged goals vs k (log axis), one line per metric (Forman's Figures 4, 14–17).

    The all-features baseline is a dashed black line across each panel. Clicking a
    legend entry hides the metric in every panel.

    Parameters
    ----------
    macro : pandas.DataFrame
        :func:`fsviz.evaluation.analyses.macro_average`'s table.
    goals : sequence of str, default ("f1", "precision", "recall", "accuracy")
        One panel per goal, two panels a row.
    metrics : list of str, optional
        The metrics drawn, in order (default: every metric of ``macro``).
    bands : bool, default True
        Each line carries ± one standard error over tasks (where ``macro`` has ``{goal}_sem``).
    title : str, optional
        Put before each panel's title.
    height : int, optional
        The figure's height in pixels (default: 340 a row, plus 60).

    Returns
    -------
    plotly.graph_objects.Figure
        Per panel: each metric's band (when drawn) and line, then the all-features line.

    See Also
    --------
    fsviz.evaluation.macro_average : the table drawn.
    fsviz.plots.k_rule_figure : one goal's curves with the k rules' results on them.
    fsviz.plots.pr_tradeoff_figure : precision against recall at one k.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figures 4 and 14–17.

    Examples
    --------
    >>> macro = pd.DataFrame({"metric": ["bns", "bns", "ig", "ig", "all"], "k": [10, 100, 10, 100, 500],
    ...                       "f1": [0.61, 0.70, 0.58, 0.64, 0.66], "f1_sem": [0.02, 0.02, 0.03, 0.02, 0.01]})
    >>> fig = curves_figure(macro, ["f1"])
    >>> [trace.name for trace in fig.data if trace.showlegend], fig.layout.annotations[0].text
    (['BNS', 'IG', 'all features'], 'F-measure')
    """
    goals = list(goals)
    columns = 2 if len(goals) > 1 else 1
    rows = -(-len(goals) // columns)
    prefix = f"{title}: " if title else ""
    fig = make_subplots(rows=rows, cols=columns, subplot_titles=[prefix + goal_label(g) for g in goals],
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
            label = metric_label(name)
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
                hovertemplate=f"{label}, k = %{{x}}: {goal_label(goal)} %{{y:.3f}}<extra></extra>",
            ), row=row, col=col)
        if not baseline.empty and ks.size:
            value = float(baseline[goal].iloc[0])
            fig.add_trace(go.Scatter(
                x=[ks[0], ks[-1]], y=[value, value], mode="lines", name="all features", legendgroup=ALL,
                showlegend=i == 0, line=dict(color="black", dash="dash", width=1.5),
                hovertemplate=f"all features: {goal_label(goal)} {value:.3f}<extra></extra>",
            ), row=row, col=col)
    fig.update_xaxes(type="log", tickvals=ks, ticktext=[str(k) for k in ks])
    fig.update_xaxes(title_text="features selected (k)", row=rows)
    fig.update_layout(height=height or 340 * rows + 60, margin=dict(l=10, r=10, t=70, b=10), hovermode="closest",
                      legend=dict(orientation="h", x=0, y=0.99, yanchor="top", yref="container"))
    return fig


@plain_text
def k_rule_figure(macro: pd.DataFrame, rules: pd.DataFrame, goal: str = "f1", *, metrics=None,
                  height=460) -> go.Figure:
    """Each metric's curve of ``goal`` vs fixed k, and its result under each k rule as a diamond.

    A diamond (a star, a square, a triangle for the next rules) sits at the
    median of the k the rule chose over the folds (at least 1, on the log
    axis), with a bar across the range of those k and ± one standard error
    over tasks upright. A rule chooses the same k for every metric, so the
    diamonds of one rule are spread a little sideways (a few per cent of k)
    not to cover each other; the hover gives the exact k.

    Parameters
    ----------
    macro : pandas.DataFrame
        :func:`fsviz.evaluation.macro_average`'s table: the curves.
    rules : pandas.DataFrame
        :func:`fsviz.evaluation.k_rule_summary`'s table for the same ``goal``: columns ``metric, k_rule``,
        ``goal`` and ``{goal}_sem``, ``k_median, k_min, k_max, empty_folds``.
    goal : str, default "f1"
        The goal drawn.
    metrics : list of str, optional
        The metrics drawn, in order (default: every metric of ``rules``; every metric of ``macro`` for the curves).
    height : int, default 460
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`curves_figure`'s panel for ``goal``, then one marker per metric and rule.

    See Also
    --------
    fsviz.evaluation.k_rule_summary : the rules' results drawn.
    fsviz.plots.curves_figure : the curves alone, for several goals.

    Examples
    --------
    >>> macro = pd.DataFrame({"metric": ["bns", "bns", "ig", "ig", "all"], "k": [10, 100, 10, 100, 500],
    ...                       "f1": [0.61, 0.70, 0.58, 0.64, 0.66], "f1_sem": [0.02, 0.02, 0.03, 0.02, 0.01]})
    >>> rules = pd.DataFrame({"metric": ["bns", "ig"], "k_rule": "fdr0.05", "f1": [0.68, 0.62],
    ...                       "f1_sem": [0.02, 0.03], "k_median": [40.0, 25.0], "k_min": [12, 8], "k_max": [90, 60],
    ...                       "empty_folds": [0, 1]})
    >>> [trace.name for trace in k_rule_figure(macro, rules).data]
    ['BNS', 'IG', 'all features', 'BNS, fdr0.05', 'IG, fdr0.05']
    """
    # the builder itself, not its plain_text wrapper: this figure is escaped once, when it is finished
    fig = curves_figure.__wrapped__(macro, (goal,), metrics=metrics, bands=False, height=height)
    names = metrics if metrics is not None else list(dict.fromkeys(rules["metric"]))
    symbols = ("diamond", "star", "square", "triangle-up")
    for i, rule in enumerate(dict.fromkeys(rules["k_rule"])):
        for j, name in enumerate(names):
            row = rules[(rules["metric"] == name) & (rules["k_rule"] == rule)]
            if row.empty:
                continue
            row = row.iloc[0]
            k = max(float(row["k_median"]), 1.0) * 1.05 ** (j - (len(names) - 1) / 2)
            label = metric_label(name)
            fig.add_trace(go.Scatter(
                x=[k], y=[row[goal]], mode="markers", name=f"{label}, {rule}", legendgroup=name,
                marker=dict(symbol=symbols[i % len(symbols)], size=13, color=metric_colour(name),
                            line=dict(color="black", width=1)),
                error_x=dict(type="data", symmetric=False, array=[max(max(float(row["k_max"]), 1.0) - k, 0.0)],
                             arrayminus=[max(k - max(float(row["k_min"]), 1.0), 0.0)], thickness=1.2, width=4),
                error_y=dict(type="data", array=[float(row[f"{goal}_sem"])], thickness=1.2, width=4),
                hovertemplate=(f"{label} under {rule}: {goal_label(goal)} %{{y:.3f}}<br>k chosen per fold: median "
                               f"{row['k_median']:g} (from {int(row['k_min'])} to {int(row['k_max'])})"
                               + (f", none in {int(row['empty_folds'])} folds" if row["empty_folds"] else "")
                               + "<extra></extra>")))
    return fig


@plain_text
def pr_tradeoff_figure(macro: pd.DataFrame, k: int, *, metrics=None) -> go.Figure:
    """Macro precision vs recall at one k, one point per metric (Forman's Figure 5).

    Faint curves of equal F-measure (0.1 … 0.9) are drawn behind, and the
    all-features point when the table has it.

    Parameters
    ----------
    macro : pandas.DataFrame
        :func:`fsviz.evaluation.analyses.macro_average`'s table.
    k : int
        The number of features whose results are drawn.
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``macro`` at ``k``).

    Returns
    -------
    plotly.graph_objects.Figure
        The curves of equal F first (unnamed), then one point per metric, then all features.

    See Also
    --------
    fsviz.evaluation.macro_average : the table drawn.
    fsviz.plots.curves_figure : each goal against k.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 5.

    Examples
    --------
    >>> macro = pd.DataFrame({"metric": ["bns", "ig", "all"], "k": [100, 100, 500], "precision": [0.80, 0.90, 0.85],
    ...                       "recall": [0.62, 0.50, 0.55], "f1": [0.70, 0.64, 0.67]})
    >>> fig = pr_tradeoff_figure(macro, 100)
    >>> [trace.name for trace in fig.data if trace.name], [note.text for note in fig.layout.annotations]
    (['BNS', 'IG', 'all features'], ['F=0.60', 'F=0.65', 'F=0.70', 'F=0.75'])
    """
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
    # each label where it covers no other label and no point (a dozen metrics sit close together)
    shown = pd.concat([at_k, baseline.iloc[:1]])
    labels = [metric_label(m) for m in at_k["metric"]] + ["all features"][:len(baseline)]
    places = label_places(shown["recall"], shown["precision"], labels, x_range, y_range)
    for row, label, place in zip(at_k.itertuples(index=False), labels, places):
        fig.add_trace(go.Scatter(
            x=[row.recall], y=[row.precision], mode="markers+text", text=[label], textposition=place,
            marker=dict(size=11 if row.metric == "bns" else 9, color=metric_colour(row.metric)), name=label,
            hovertemplate=f"{label}, k = {k}: precision %{{y:.3f}}, recall %{{x:.3f}}, "
                          f"F {row.f1:.3f}<extra></extra>"))
    if len(baseline):
        b = baseline.iloc[0]
        fig.add_trace(go.Scatter(x=[b.recall], y=[b.precision], mode="markers+text", text=["all features"],
                                 textposition=places[-1], marker=dict(symbol="x", size=10, color="black"),
                                 name="all features",
                                 hovertemplate="all features: precision %{y:.3f}, recall %{x:.3f}<extra></extra>"))
    fig.update_xaxes(title_text="recall (macro)", range=x_range)
    fig.update_yaxes(title_text="precision (macro)", range=y_range)
    fig.update_layout(height=520, margin=dict(l=10, r=60, t=40, b=10), showlegend=False,
                      title=f"Precision vs recall at k = {k}")
    return fig


@plain_text
def tolerance_figure(curves: pd.DataFrame, goal: str, *, relative=True, metrics=None) -> go.Figure:
    """Percentage of tasks within a tolerance of the best, vs the tolerance (Figures 9a, 10a, 18–21).

    Parameters
    ----------
    curves : pandas.DataFrame
        :func:`fsviz.evaluation.analyses.tolerance_curves`'s table.
    goal : str
        The goal the tolerance is of, for the titles.
    relative : bool, default True
        The tolerance is a fraction of the best (drawn in %), else points of ``goal``.
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``curves``).

    Returns
    -------
    plotly.graph_objects.Figure
        One line per metric.

    See Also
    --------
    fsviz.evaluation.tolerance_curves : the table drawn.
    fsviz.plots.tolerance_bars_figure : every goal at one tolerance.
    fsviz.plots.residual_figure : the leader's chance with a backup.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figures 9a, 10a and 18–21.

    Examples
    --------
    >>> from fsviz.evaluation import tolerance_curves
    >>> maxima = pd.DataFrame({"bns": [0.90, 0.80, 0.70], "ig": [0.85, 0.82, 0.60]})  # each task's best
    >>> fig = tolerance_figure(tolerance_curves(maxima, (0.0, 0.05)), "f1")
    >>> [(trace.name, np.round(trace.y, 1).tolist()) for trace in fig.data]
    [('BNS', [66.7, 100.0]), ('IG', [33.3, 33.3])]
    """
    fig = go.Figure()
    names = metrics if metrics is not None else list(dict.fromkeys(curves["metric"]))
    scale, unit = (100, "%") if relative else (1, "")
    for name in names:
        line = curves[curves["metric"] == name].sort_values("tolerance")
        if line.empty:
            continue
        fig.add_trace(go.Scatter(
            x=scale * line["tolerance"], y=line["percent"], mode="lines+markers", name=metric_label(name),
            line=dict(color=metric_colour(name), width=3 if name == "bns" else 1.6), marker=dict(size=5),
            hovertemplate=f"{metric_label(name)}: within %{{x:g}}{unit} on %{{y:.1f}}% of tasks<extra></extra>"))
    label = goal_label(goal)
    fig.update_xaxes(title_text=f"tolerance ({'% of the best' if relative else label + ' points'})")
    fig.update_yaxes(title_text="% of tasks within tolerance of the best", range=[0, 102])
    fig.update_layout(height=460, margin=dict(l=10, r=10, t=40, b=10), title=f"{label}: chance of attaining the best")
    return fig


@plain_text
def tolerance_bars_figure(shares: pd.DataFrame, *, metrics=None) -> go.Figure:
    """Each goal's percentage of tasks within its tolerance, as grouped bars per metric (Figure 9b).

    Parameters
    ----------
    shares : pandas.DataFrame
        Columns ``goal, tolerance, metric, percent`` (:func:`fsviz.evaluation.goal_shares`).
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``shares``).

    Returns
    -------
    plotly.graph_objects.Figure
        One bar trace per metric, a bar per goal.

    See Also
    --------
    fsviz.evaluation.goal_shares : the table drawn.
    fsviz.plots.tolerance_figure : one goal at every tolerance.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 9b.

    Examples
    --------
    >>> shares = pd.DataFrame({"goal": ["f1", "f1", "accuracy", "accuracy"], "tolerance": [0.01, 0.01, 0.001, 0.001],
    ...                        "metric": ["bns", "ig", "bns", "ig"], "percent": [60.0, 40.0, 30.0, 70.0]})
    >>> fig = tolerance_bars_figure(shares)
    >>> [trace.name for trace in fig.data], list(fig.data[0].x)
    (['BNS', 'IG'], ['F-measure (1%)', 'Accuracy (0.1%)'])
    """
    fig = go.Figure()
    names = metrics if metrics is not None else list(dict.fromkeys(shares["metric"]))
    goals = list(dict.fromkeys(shares["goal"]))
    ticks = {g: f"{goal_label(g)} ({100 * shares.loc[shares['goal'] == g, 'tolerance'].iloc[0]:g}%)"
             for g in goals}
    for name in names:
        bars = shares[shares["metric"] == name]
        fig.add_trace(go.Bar(x=[ticks[g] for g in bars["goal"]], y=bars["percent"], name=metric_label(name),
                             marker_color=metric_colour(name),
                             hovertemplate=f"{metric_label(name)}: %{{y:.1f}}% of tasks (%{{x}})<extra></extra>"))
    fig.update_yaxes(title_text="% of tasks within tolerance of the best", range=[0, 100])
    fig.update_layout(barmode="group", height=440, margin=dict(l=10, r=10, t=40, b=10),
                      title="Every goal at one tolerance")
    return fig
