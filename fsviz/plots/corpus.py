"""Figures of a corpus: its classes' sizes and its words' document frequencies (Zipf)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ..tables import class_table, df_ranks
from .text import plain_text

__all__ = ["class_sizes_figure", "zipf_figure"]


@plain_text
def class_sizes_figure(corpus) -> go.Figure:
    """Documents per class, largest first, with the skew 1:n in the hover."""
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
    """Document frequency by rank (log-log), kept words and words the cutoff removed."""
    ranks = df_ranks(corpus)
    rank, documents, kept = (ranks[c].to_numpy() for c in ("rank", "documents", "kept"))
    cut = corpus.options.get("min_df", 1)
    fig = go.Figure()
    # Thin the curve: the long tail repeats the same few frequencies.
    step = max(1, documents.size // 4000)
    for mask, name, colour in ((kept, "kept", "#1CA71C"), (~kept, f"removed (in fewer than {cut} documents)", "#FB0D0D")):
        sel = np.flatnonzero(mask)[::step]
        fig.add_trace(go.Scattergl(x=rank[sel], y=documents[sel], mode="markers", name=name,
                                   marker=dict(size=3, color=colour)))
    fig.update_xaxes(type="log", title="word rank")
    fig.update_yaxes(type="log", title="document frequency")
    fig.update_layout(height=360, margin=dict(l=10, r=10, t=10, b=10), legend=dict(x=0.5, y=0.95))
    return fig
