"""Figures of a corpus: its classes' sizes, its tasks' sizes and skew (Forman's Figure 12), and its words'
document frequencies (Zipf)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.colors import qualitative

from ..evaluation.analyses import SKEW_LINES
from ..stats.tables import class_table, df_ranks
from .text import plain_text

__all__ = ["class_sizes_figure", "task_sizes_figure", "zipf_figure"]

#: Colours for datasets side by side (D3's ten, each far from the next), and their symbols.
DATASET_COLOURS = qualitative.D3
_SYMBOLS = ["circle", "square", "diamond", "triangle-up", "x", "star", "triangle-down", "cross", "pentagon"]


@plain_text
def class_sizes_figure(corpus) -> go.Figure:
    """Documents per class, largest first, with the skew 1:n in the hover.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus whose classes are counted (:func:`fsviz.stats.tables.class_table`).

    Returns
    -------
    plotly.graph_objects.Figure
        One bar trace, a bar per class.

    See Also
    --------
    fsviz.stats.class_table : the counts drawn.
    fsviz.plots.task_sizes_figure : each one-against-the-rest task's sizes.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad dull film", "bad plot", "fun"],
    ...                             ["pos", "pos", "neg", "neg", "neg"]), min_df=2)
    >>> fig = class_sizes_figure(corpus)
    >>> list(fig.data[0].x), fig.data[0].y.tolist()
    (['neg', 'pos'], [3, 2])
    """
    table = class_table(corpus)
    fig = go.Figure(go.Bar(
        x=table["class"].to_numpy(), y=table["documents"].to_numpy(), customdata=table["skew 1:n"].to_numpy(),
        marker_color="#1CA71C", hovertemplate="%{x}: %{y} documents, skew 1:%{customdata:.1f}<extra></extra>",
    ))
    # Every class named (plotly would drop every other label of a long list), slanted to fit.
    fig.update_xaxes(tickmode="array", tickvals=table["class"].to_numpy(), ticktext=table["class"].to_numpy(),
                     tickangle=-50, automargin=True)
    fig.update_layout(yaxis_title="documents", height=420, margin=dict(l=10, r=10, t=10, b=10))
    return fig


@plain_text
def zipf_figure(corpus) -> go.Figure:
    """Document frequency by rank (log-log), kept words and words the cutoff removed.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus whose words are ranked (:func:`fsviz.stats.tables.df_ranks`); its ``min_df`` option is the cutoff.

    Returns
    -------
    plotly.graph_objects.Figure
        Two traces: the kept words and the removed ones.

    See Also
    --------
    fsviz.stats.df_ranks : the ranks drawn.
    fsviz.plots.cutoff_figure : how results change with the cutoff.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad dull film", "bad plot", "fun"],
    ...                             ["pos", "pos", "neg", "neg", "neg"]), min_df=2)
    >>> fig = zipf_figure(corpus)
    >>> [(trace.name, trace.y.tolist()) for trace in fig.data]
    [('kept', [2, 2, 2, 2, 2]), ('removed (in fewer than 2 documents)', [1])]
    """
    ranks = df_ranks(corpus)
    rank, documents, kept = (ranks[c].to_numpy() for c in ("rank", "documents", "kept"))
    cut = corpus.options.get("min_df", 1)
    fig = go.Figure()
    # Thin the curve evenly on the log axis (at most ~600 ranks of each kind): on log-log axes the long tail's
    # thousands of words fall on a few pixels, and a few hundred SVG points draw faster than a WebGL layer.
    for mask, name, colour in ((kept, "kept", "#1CA71C"), (~kept, f"removed (in fewer than {cut} documents)", "#FB0D0D")):
        where = np.flatnonzero(mask)
        picks = np.unique(np.geomspace(1, where.size, 600).astype(np.int64) - 1) if where.size else where
        sel = where[picks]
        fig.add_trace(go.Scatter(x=rank[sel], y=documents[sel], mode="markers", name=name,
                                 marker=dict(size=3, color=colour)))
    fig.update_xaxes(type="log", title="word rank")
    fig.update_yaxes(type="log", title="document frequency")
    fig.update_layout(height=360, margin=dict(l=10, r=10, t=10, b=10), legend=dict(x=0.5, y=0.95))
    return fig


@plain_text
def task_sizes_figure(tasks: pd.DataFrame, *, benchmark: pd.DataFrame | None = None, lines=SKEW_LINES,
                      title=None) -> go.Figure:
    """Each task at (positive documents, negative documents), log-log, with lines of equal skew (Forman's Figure 12).

    ``tasks`` is :func:`fsviz.evaluation.analyses.task_sizes`'s table (``dataset, class,
    pos, neg, skew``); each dataset has its own colour and symbol. A line
    ``neg = s · pos`` is drawn for each skew ``s`` in ``lines`` and labelled
    1:s. ``benchmark`` (e.g. :func:`fsviz.evaluation.analyses.forman_tasks`) is drawn
    behind in light grey, one legend entry for all its tasks.

    Parameters
    ----------
    tasks : pandas.DataFrame
        The tasks, columns ``dataset, class, pos, neg, skew``.
    benchmark : pandas.DataFrame, optional
        Tasks drawn behind in light grey, same columns.
    lines : sequence of float, default ``SKEW_LINES``
        Skews ``s`` whose lines ``neg = s · pos`` are drawn.
    title : str, optional
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        The benchmark's tasks, each dataset's tasks, then the lines of equal skew that cross the plot.

    See Also
    --------
    fsviz.evaluation.forman_tasks : Forman's 229 tasks, a ``benchmark``.
    fsviz.evaluation.with_forman_tasks : your tasks beside Forman's.
    fsviz.plots.skew_figure : each task's result against its skew.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), Figure 12.

    Examples
    --------
    >>> tasks = pd.DataFrame({"dataset": "d", "class": ["a", "b"], "pos": [50, 10], "neg": [150, 190],
    ...                       "skew": [3.0, 19.0]})
    >>> fig = task_sizes_figure(tasks, lines=(1, 10))
    >>> [trace.name for trace in fig.data]
    ['d', 'skew 1:1', 'skew 1:10']
    """
    fig = go.Figure()
    shown = [t for t in (benchmark, tasks) if t is not None and len(t)]
    if benchmark is not None and len(benchmark):
        fig.add_trace(_tasks_trace(benchmark, f"Forman's {len(benchmark)} tasks (2003, Appendix A)",
                                   dict(size=6, color="rgba(120,120,120,0.45)", symbol="circle-open")))
    for i, (dataset, part) in enumerate(tasks.groupby("dataset", sort=False, observed=True)):
        marker = dict(size=9, color=DATASET_COLOURS[i % len(DATASET_COLOURS)], symbol=_SYMBOLS[i % len(_SYMBOLS)],
                      opacity=0.85)
        fig.add_trace(_tasks_trace(part, str(dataset), marker))
    both = pd.concat([t[["pos", "neg"]] for t in shown]) if shown else pd.DataFrame({"pos": [1], "neg": [1]})
    # One range for both axes, so the 1:1 line is the box's diagonal and every line of skew 1:1 … 1:(high/low)
    # crosses it.
    low, high = max(0.5, 0.7 * float(both.to_numpy().min())), 1.4 * float(both.to_numpy().max())
    for s in lines:
        # Along neg = s · pos inside the box; labelled near where it leaves it.
        start, end = max(low, low / s), min(high, high / s)
        if start >= end:
            continue
        label = start * (end / start) ** 0.85
        fig.add_trace(go.Scatter(
            x=[start, label, end], y=[s * start, s * label, s * end], mode="lines+text", text=["", f"1:{s:g}", ""],
            textposition="top left", name=f"skew 1:{s:g}", textfont=dict(size=13),
            line=dict(color="black", dash="dot", width=1), showlegend=False,
            hovertemplate=f"skew 1:{s:g}: neg = {s:g} × pos<extra></extra>"))
    fig.update_xaxes(type="log", range=[np.log10(low), np.log10(high)],
                     title_text="positive documents (pos: in the class)")
    fig.update_yaxes(type="log", range=[np.log10(low), np.log10(high)],
                     title_text="negative documents (neg: the rest)")
    fig.update_layout(height=560, margin=dict(l=10, r=10, t=40 if title else 10, b=10), title=title,
                      legend=dict(x=0.01, y=0.99, bgcolor="rgba(255,255,255,0.7)"), hovermode="closest")
    return fig


def _tasks_trace(tasks: pd.DataFrame, name: str, marker: dict) -> go.Scatter:
    return go.Scatter(
        x=tasks["pos"], y=tasks["neg"], mode="markers", name=name, marker=marker,
        customdata=tasks[["dataset", "class", "skew"]].astype({"dataset": str, "class": str}).to_numpy(object),
        hovertemplate="%{customdata[0]} / %{customdata[1]}<br>pos %{x:,}, neg %{y:,}<br>"
                      "skew 1:%{customdata[2]:.1f}<extra></extra>")
