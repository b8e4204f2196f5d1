"""Figures of grid results: goals vs k, precision vs recall, skew, tolerance, backups, paired tests and stability.

The tasks' sizes of Forman's Figure 12, which need no results, are in :mod:`fsviz.plots.corpus`.

Each takes a table from :mod:`fsviz.evaluation.analysis` and draws it (Forman 2003,
Figures 4–6, 9, 10, 14–21), and the k rules' results beside the curves.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..evaluation.grid import ALL
from .style import goal_label, metric_colour, metric_label
from .text import plain_text

__all__ = ["curves_figure", "k_rule_figure", "pr_tradeoff_figure", "residual_figure", "significance_figure", "skew_figure",
           "stability_figure", "tolerance_bars_figure", "tolerance_figure"]


@plain_text
def curves_figure(macro: pd.DataFrame, goals=("f1", "precision", "recall", "accuracy"), *, metrics=None,
                  bands=True, title=None, height=None) -> go.Figure:
    """Macro-averaged goals vs k (log axis), one line per metric (Forman's Figures 4, 14–17).

    The all-features baseline is a dashed black line across each panel. Clicking a
    legend entry hides the metric in every panel.

    Parameters
    ----------
    macro : pandas.DataFrame
        :func:`fsviz.evaluation.analysis.macro_average`'s table.
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

    ``macro``: :func:`fsviz.evaluation.analysis.macro_average`; ``rules``:
    :func:`fsviz.evaluation.analysis.k_rule_summary` for the same ``goal``. A diamond
    sits at the median of the k the rule chose over the folds (at least 1,
    on the log axis), with a bar across the range of those k and ± one
    standard error over tasks upright. A rule chooses the same k for every
    metric, so the diamonds of one rule are spread a little sideways (a few
    per cent of k) not to cover each other; the hover gives the exact k.
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
        :func:`fsviz.evaluation.analysis.macro_average`'s table.
    k : int
        The number of features whose results are drawn.
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``macro`` at ``k``).

    Returns
    -------
    plotly.graph_objects.Figure
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
    for row in at_k.itertuples(index=False):
        label = metric_label(row.metric)
        fig.add_trace(go.Scatter(
            x=[row.recall], y=[row.precision], mode="markers+text", text=[label], textposition="top center",
            marker=dict(size=11 if row.metric == "bns" else 9, color=metric_colour(row.metric)), name=label,
            hovertemplate=f"{label}, k = {k}: precision %{{y:.3f}}, recall %{{x:.3f}}, "
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


@plain_text
def skew_figure(tasks: pd.DataFrame, goal: str, threshold: float, *, title=None) -> go.Figure:
    """Per-task score vs class skew (log axis), with the split threshold dotted (Forman's Figure 6).

    ``tasks`` holds one row per task with ``dataset, class, skew`` and ``goal``.
    """
    label = goal_label(goal)
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


@plain_text
def tolerance_figure(curves: pd.DataFrame, goal: str, *, relative=True, metrics=None) -> go.Figure:
    """Percentage of tasks within a tolerance of the best, vs the tolerance (Figures 9a, 10a, 18–21).

    Parameters
    ----------
    curves : pandas.DataFrame
        :func:`fsviz.evaluation.analysis.tolerance_curves`'s table.
    goal : str
        The goal the tolerance is of, for the titles.
    relative : bool, default True
        The tolerance is a fraction of the best (drawn in %), else points of ``goal``.
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``curves``).

    Returns
    -------
    plotly.graph_objects.Figure
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
        Columns ``goal, tolerance, metric, percent``.
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``shares``).

    Returns
    -------
    plotly.graph_objects.Figure
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


@plain_text
def residual_figure(residuals: pd.DataFrame, leader: str, leader_curve: pd.DataFrame, *, pair=None,
                    relative=True) -> go.Figure:
    """The leader alone and the leader or each backup, vs tolerance (Forman's Figure 10b).

    ``residuals`` is :func:`fsviz.evaluation.analysis.residual_curves`'s table,
    ``leader_curve`` the leader's rows of :func:`tolerance_curves`; ``pair``
    an optional ``(name, curve)`` for the best pair, drawn dot-dashed.
    """
    scale = 100 if relative else 1
    fig = go.Figure()
    lead = metric_label(leader)
    for name in dict.fromkeys(residuals["backup"]):
        line = residuals[residuals["backup"] == name].sort_values("tolerance")
        fig.add_trace(go.Scatter(
            x=scale * line["tolerance"], y=line["combined"], mode="lines+markers", name=f"{lead} or {metric_label(name)}",
            line=dict(color=metric_colour(name), width=1.6), marker=dict(size=4),
            customdata=line["residual"],
            hovertemplate=f"{lead} or {metric_label(name)}: %{{y:.1f}}% of tasks; {metric_label(name)} rescues "
                          "%{customdata:.0f}% of the leader's failures<extra></extra>"))
    alone = leader_curve.sort_values("tolerance")
    fig.add_trace(go.Scatter(x=scale * alone["tolerance"], y=alone["percent"], mode="lines", name=f"{lead} alone",
                             line=dict(color="black", dash="dash", width=2),
                             hovertemplate=f"{lead} alone: %{{y:.1f}}%<extra></extra>"))
    if pair is not None:
        name, curve = pair
        curve = curve.sort_values("tolerance")
        fig.add_trace(go.Scatter(x=scale * curve["tolerance"], y=curve["percent"], mode="lines", name=f"best pair: {name}",
                                 line=dict(color="black", dash="dashdot", width=2.5),
                                 hovertemplate=f"{name}: %{{y:.1f}}%<extra></extra>"))
    fig.update_xaxes(title_text="tolerance (% of the best)" if relative else "tolerance (points)")
    fig.update_yaxes(title_text="% of tasks where one of the two is within tolerance", range=[0, 102])
    fig.update_layout(height=480, margin=dict(l=10, r=10, t=40, b=10),
                      title=f"{lead} with a backup metric")
    return fig


@plain_text
def significance_figure(tests: pd.DataFrame, *, test="t", level=0.05) -> go.Figure:
    """Matrix of paired tests: colour = mean difference (row − column), text = p-value (Forman's t-test).

    ``tests`` is :func:`fsviz.evaluation.analysis.paired_tests`'s table; ``test`` is
    ``"t"`` (paired t-test) or ``"sign"``. Cells significant at ``level``
    are marked with ``*``.

    Parameters
    ----------
    tests : pandas.DataFrame
        The paired tests' table.
    test : {"t", "sign"}, default "t"
        Whose p-values are written in.
    level : float, default 0.05
        Significance level of the ``*``.

    Returns
    -------
    plotly.graph_objects.Figure
    """
    column = {"t": "t_p", "sign": "sign_p"}[test]
    names = list(dict.fromkeys(tests["a"]))
    diff = tests.pivot(index="a", columns="b", values="mean_diff").reindex(index=names, columns=names)
    p = tests.pivot(index="a", columns="b", values=column).reindex(index=names, columns=names)
    text = p.map(lambda v: "" if pd.isna(v) else (f"{v:.0e}" if v < 0.001 else f"{v:.3f}") + ("*" if v < level else ""))
    labels = [metric_label(n) for n in names]
    bound = float(np.nanmax(np.abs(diff.to_numpy()))) if diff.notna().any().any() else 1.0
    fig = go.Figure(go.Heatmap(
        z=diff.to_numpy(), x=labels, y=labels, text=text.to_numpy(), texttemplate="%{text}", zmid=0,
        zmin=-bound, zmax=bound, colorscale="RdBu", colorbar=dict(title="row − column"),
        hovertemplate="%{y} − %{x}: mean difference %{z:.4f}, p = %{text}<extra></extra>"))
    fig.update_layout(height=120 + 38 * len(names), margin=dict(l=10, r=10, t=40, b=10), yaxis_autorange="reversed",
                      title=f"{'Paired t-test' if test == 't' else 'Sign test'}: p-values (* below {level:g})")
    return fig


#: The stability indices :func:`stability_figure` draws, with their panel titles.
STABILITY_INDICES = {"kuncheva": "Kuncheva's consistency index", "jaccard": "mean pairwise Jaccard"}


@plain_text
def stability_figure(summary: pd.DataFrame, *, metrics=None, title=None, height=400) -> go.Figure:
    """How stable each metric's top-k set is vs k: Kuncheva's index (left) and Jaccard (right), one line per metric.

    1 means every fold (resample) chose the same
    words; Kuncheva's 0 is what random sets of that size would share, the
    dotted line.

    Parameters
    ----------
    summary : pandas.DataFrame
        :func:`fsviz.evaluation.stability.stability_summary`'s table (or one task's
        :func:`fsviz.evaluation.stability.bootstrap_stability` rows, which have the same columns).
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``summary``).
    title : str, optional
        Put before each panel's title.
    height : int, default 400
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
    """
    fig = make_subplots(rows=1, cols=2, subplot_titles=[(f"{title}: " if title else "") + t
                                                        for t in STABILITY_INDICES.values()], horizontal_spacing=0.08)
    names = metrics if metrics is not None else list(dict.fromkeys(summary["metric"]))
    ks = np.sort(summary["k"].unique()) if len(summary) else np.array([])
    for col, (index, label) in enumerate(STABILITY_INDICES.items(), 1):
        for name in names:
            line = summary[summary["metric"] == name].sort_values("k")
            if line.empty:
                continue
            fig.add_trace(go.Scatter(
                x=line["k"], y=line[index], mode="lines+markers", name=metric_label(name), legendgroup=name,
                showlegend=col == 1, line=dict(color=metric_colour(name), width=3 if name == "bns" else 1.6),
                hovertemplate=f"{metric_label(name)}, k = %{{x}}: {label} %{{y:.3f}}<extra></extra>"), row=1, col=col)
    if ks.size:
        fig.add_trace(go.Scatter(x=[ks[0], ks[-1]], y=[0, 0], mode="lines", name="chance (Kuncheva 0)",
                                 line=dict(color="grey", dash="dot", width=1), hoverinfo="skip"), row=1, col=1)
        fig.update_xaxes(type="log", tickvals=ks, ticktext=[str(k) for k in ks], title_text="features selected (k)")
    fig.update_yaxes(range=[min(-0.05, float(summary["kuncheva"].min()) - 0.05) if len(summary) else -0.05, 1.02],
                     row=1, col=1)
    fig.update_yaxes(range=[0, 1.02], row=1, col=2)
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=70, b=10), hovermode="closest",
                      legend=dict(orientation="h", x=0, y=0.99, yanchor="top", yref="container"))
    return fig
