"""Figures that set the metrics against each other over the tasks: the leader with each backup (Forman's
Figure 10b), paired tests between every two metrics, and how stable each metric's top-k set is across folds."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .style import metric_colour, metric_label
from .text import plain_text

__all__ = ["residual_figure", "significance_figure", "stability_figure"]


@plain_text
def residual_figure(residuals: pd.DataFrame, leader: str, leader_curve: pd.DataFrame, *, pair=None,
                    relative=True) -> go.Figure:
    """The leader alone and the leader or each backup, vs tolerance (Forman's Figure 10b).

    Parameters
    ----------
    residuals : pandas.DataFrame
        :func:`fsviz.evaluation.residual_curves`'s table for ``leader``: one line per backup, of ``combined``.
    leader : str
        The leading metric, for the names and the title.
    leader_curve : pandas.DataFrame
        The leader's rows of :func:`fsviz.evaluation.tolerance_curves` (``tolerance, percent``), drawn dashed.
    pair : (str, pandas.DataFrame), optional
        A name and a curve with columns ``tolerance, percent``, drawn dot-dashed (the best pair of
        :func:`fsviz.evaluation.best_pairs`).
    relative : bool, default True
        The tolerances are fractions of the best (drawn in %), else points of the goal.

    Returns
    -------
    plotly.graph_objects.Figure
        One line per backup, then the leader alone, then the pair.

    See Also
    --------
    fsviz.evaluation.residual_curves : the table drawn.
    fsviz.evaluation.best_pairs : every pair, ranked.
    fsviz.plots.tolerance_figure : each metric alone.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 10b.

    Examples
    --------
    >>> from fsviz.evaluation import residual_curves, tolerance_curves
    >>> maxima = pd.DataFrame({"bns": [0.90, 0.80, 0.70], "ig": [0.85, 0.82, 0.60]})  # each task's best
    >>> alone = tolerance_curves(maxima, (0.0, 0.05)).query("metric == 'bns'")
    >>> fig = residual_figure(residual_curves(maxima, "bns", (0.0, 0.05)), "bns", alone)
    >>> [(trace.name, np.round(trace.y, 1).tolist()) for trace in fig.data]
    [('BNS or IG', [100.0, 100.0]), ('BNS alone', [66.7, 100.0])]
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

    ``tests`` is :func:`fsviz.evaluation.analyses.paired_tests`'s table; ``test`` is
    ``"t"`` (paired t-test) or ``"sign"``. Cells significant at ``level``
    are marked with ``*``.

    Parameters
    ----------
    tests : pandas.DataFrame
        The paired tests' table: ``a, b, mean_diff`` and the p-values ``t_p`` and ``sign_p``.
    test : {"t", "sign"}, default "t"
        Whose p-values are written in.
    level : float, default 0.05
        Significance level of the ``*``.

    Returns
    -------
    plotly.graph_objects.Figure
        One heat map, rows and columns in the order of ``tests["a"]``.

    See Also
    --------
    fsviz.evaluation.paired_tests : the table drawn.
    fsviz.evaluation.paired_t : the paired t-test on differences.
    fsviz.evaluation.sign_test : the sign test of two metrics.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), §4 ("a paired t-test of the 229*5 runs").
    .. [2] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using
       Ranked Retrieval Measures": the sign test over paired trials.

    Examples
    --------
    >>> tests = pd.DataFrame({"a": ["bns", "ig"], "b": ["ig", "bns"], "mean_diff": [0.03, -0.03],
    ...                       "t_p": [0.004, 0.004], "sign_p": [0.02, 0.02]})
    >>> fig = significance_figure(tests)
    >>> fig.data[0].x, fig.data[0].text.tolist()
    (('BNS', 'IG'), [['', '0.004*'], ['0.004*', '']])
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
        :func:`fsviz.evaluation.analyses.stability_summary`'s table (or one task's
        :func:`fsviz.evaluation.analyses.bootstrap_stability` rows, which have the same columns).
    metrics : list of str, optional
        The metrics drawn (default: every metric of ``summary``).
    title : str, optional
        Put before each panel's title.
    height : int, default 400
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        One line per metric in each panel, then the dotted chance line.

    See Also
    --------
    fsviz.evaluation.stability_summary : the table drawn.
    fsviz.evaluation.kuncheva : Kuncheva's index of two sets.
    fsviz.evaluation.jaccard : the Jaccard index of two sets.

    Examples
    --------
    >>> summary = pd.DataFrame({"metric": ["bns", "bns", "ig", "ig"], "k": [10, 100, 10, 100],
    ...                         "kuncheva": [0.6, 0.7, 0.4, 0.5], "jaccard": [0.5, 0.6, 0.3, 0.4]})
    >>> fig = stability_figure(summary)
    >>> [trace.name for trace in fig.data], [panel.text for panel in fig.layout.annotations]
    (['BNS', 'IG', 'BNS', 'IG', 'chance (Kuncheva 0)'], ["Kuncheva's consistency index", 'mean pairwise Jaccard'])
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
