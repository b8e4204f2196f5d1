"""Each task's result against its class skew, with the threshold between low and high skew (Forman's Figure 6).

The tasks' sizes and the lines of equal skew (Figure 12), which need no results, are in :mod:`fsviz.plots.corpus`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from .style import goal_label
from .text import plain_text

__all__ = ["skew_figure"]


@plain_text
def skew_figure(tasks: pd.DataFrame, goal: str, threshold: float, *, title=None) -> go.Figure:
    """Per-task score vs class skew (log axis), with the split threshold dotted (Forman's Figure 6).

    Parameters
    ----------
    tasks : pandas.DataFrame
        One row per task, columns ``dataset, class, skew`` (negatives per positive) and ``goal``.
    goal : str
        The column drawn upright; F-measure, precision and recall on 0 to 1, accuracy on its own range.
    threshold : float
        The skew splitting low from high (Forman's 1:67, the 90th percentile), drawn as a dotted line.
    title : str, optional
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        The tasks, then the threshold's line.

    See Also
    --------
    fsviz.evaluation.split_by_skew : the tasks on either side of a threshold.
    fsviz.evaluation.task_skews : each task's skew.
    fsviz.plots.task_sizes_figure : each task's pos and neg, with lines of equal skew.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 6.

    Examples
    --------
    >>> tasks = pd.DataFrame({"dataset": "d", "class": ["a", "b", "c"], "skew": [2.0, 10.0, 60.0],
    ...                       "f1": [0.8, 0.7, 0.4]})
    >>> fig = skew_figure(tasks, "f1", 20.0)
    >>> len(fig.data), fig.layout.annotations[0].text, fig.layout.yaxis.title.text
    (2, ' 1:20.0', 'F-measure')
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
