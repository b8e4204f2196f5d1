"""Forman's Figure 1 for one word: BNS as the separation of two thresholds and of two curves."""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..stats.binormal import BinormalView
from .text import plain_text

__all__ = ["bns_figure"]

POSITIVE = "#1CA71C"  # BNS's colour on the word map
NEGATIVE = "#EB663B"
_FILL = {POSITIVE: "rgba(28, 167, 28, 0.30)", NEGATIVE: "rgba(235, 102, 59, 0.30)"}


def _rate(name, value, used, clipped):
    return f"{name} = {value:.4g}" + (f" (clipped to {used:g})" if clipped else "")


def _shade(fig, x, y, keep, colour, name, col):
    fig.add_trace(go.Scatter(x=x[keep], y=y[keep], mode="lines", fill="tozeroy", fillcolor=_FILL[colour],
                             line=dict(color=colour, width=0.5), name=name, legendgroup=name,
                             showlegend=col == 1, hoverinfo="skip"), row=1, col=col)


def _separation(fig, start, end, height, text, col):
    axis = "" if col == 1 else str(col)
    fig.add_annotation(x=end, y=height, ax=start, ay=height, xref=f"x{axis}", yref=f"y{axis}", axref=f"x{axis}",
                       ayref=f"y{axis}", showarrow=True, arrowhead=2, arrowside="end+start", arrowwidth=2,
                       arrowcolor="black", text="")
    fig.add_annotation(x=(start + end) / 2, y=height, xref=f"x{axis}", yref=f"y{axis}", text=text,
                       showarrow=False, yshift=12, font=dict(size=13))


@plain_text
def bns_figure(view: BinormalView) -> go.Figure:
    """Two panels, as Forman (2003) Figure 1, for the word of ``view`` (:func:`fsviz.stats.binormal.bns_view`).

    Left, *separation of thresholds*: the standard Normal curve, the area
    left of F⁻¹(tpr) shaded (it equals tpr) and the area left of F⁻¹(fpr)
    (it equals fpr), and the distance between the two thresholds. Right,
    *separation of curves*: the negative class's unit Normal centred at
    F⁻¹(fpr), the positive class's at F⁻¹(tpr), one threshold at 0 with
    each curve's area beyond it shaded (fpr and tpr), and the distance
    between the centres. Both distances are the word's BNS score; a clipped
    rate is named in the legend.

    Parameters
    ----------
    view : fsviz.stats.binormal.BinormalView
        The word's binormal view.

    Returns
    -------
    plotly.graph_objects.Figure
        Two panels; the title gives the word's counts and score.

    See Also
    --------
    fsviz.stats.bns_view : the view of a word's counts.
    fsviz.stats.word_bns_view : the view of a word of a task, by name.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification",
       JMLR 3 (2003), §2, Figure 1.

    Examples
    --------
    >>> from fsviz.stats import bns_view
    >>> fig = bns_figure(bns_view(20, 1, 50, 1000, word="good"))
    >>> fig.layout.title.text
    '“good”: tp = 20 of 50, fp = 1 of 1000; a positive feature; BNS = 2.8369'
    """
    tpr_name = _rate("tpr", view.tpr, view.tpr_used, view.tpr_clipped)
    fpr_name = _rate("fpr", view.fpr, view.fpr_used, view.fpr_clipped)
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.08, subplot_titles=(
        "Separation of thresholds (area left of each = its rate)",
        "Separation of curves, ROC view (area past 0 = the rate)"))
    t_pos, t_neg = view.threshold_pos, view.threshold_neg

    fig.add_trace(go.Scatter(x=view.x, y=view.density, mode="lines", line=dict(color="black", width=2),
                             name="standard Normal density", showlegend=False,
                             hovertemplate="x %{x:.2f}<extra></extra>"), row=1, col=1)
    # the larger area first, so the smaller one stays visible on top of it
    shades = sorted([(t_pos, POSITIVE, f"positive class: {tpr_name}"),
                     (t_neg, NEGATIVE, f"negative class: {fpr_name}")], reverse=True)
    for threshold, colour, name in shades:
        _shade(fig, view.x, view.density, view.x <= threshold, colour, name, 1)
    for threshold, colour, label, clipped, height in ((t_pos, POSITIVE, "F⁻¹(tpr)", view.tpr_clipped, 0.51),
                                                      (t_neg, NEGATIVE, "F⁻¹(fpr)", view.fpr_clipped, 0.475)):
        fig.add_vline(x=threshold, line=dict(color=colour, width=2, dash="dash"), row=1, col=1)
        text = f" {label} = {threshold:.3f}" + (" (rate clipped) " if clipped else " ")
        fig.add_annotation(x=threshold, y=height, xref="x", yref="y", text=text, showarrow=False,
                           font=dict(color=colour), xanchor="left" if threshold < 0 else "right")
    _separation(fig, t_neg, t_pos, 0.42, f"|{t_pos:.3f} − ({t_neg:.3f})| = {view.score:.3f}", 1)

    for centre, density, colour, name in ((t_neg, view.negative_density, NEGATIVE, f"negative class: {fpr_name}"),
                                          (t_pos, view.positive_density, POSITIVE, f"positive class: {tpr_name}")):
        fig.add_trace(go.Scatter(x=view.x_shifted, y=density, mode="lines", line=dict(color=colour, width=2),
                                 name=name, legendgroup=name, showlegend=False,
                                 hovertemplate=f"centre {centre:.3f}<extra></extra>"), row=1, col=2)
        _shade(fig, view.x_shifted, density, view.x_shifted >= 0, colour, name, 2)
        fig.add_vline(x=centre, line=dict(color=colour, width=1, dash="dot"), row=1, col=2)
    fig.add_vline(x=0, line=dict(color="black", width=2, dash="dash"), row=1, col=2)
    fig.add_annotation(x=0, y=0.5, xref="x2", yref="y2", text=" threshold", showarrow=False, xanchor="left")
    _separation(fig, t_neg, t_pos, 0.42, f"BNS = {view.score:.3f}", 2)

    word = f"“{view.word}”: " if view.word else ""
    kind = "a negative feature (tpr < fpr)" if view.negative else "a positive feature"
    fig.update_layout(
        title=dict(text=f"{word}tp = {view.tp:g} of {view.pos:g}, fp = {view.fp:g} of {view.neg:g}; {kind}; "
                        f"BNS = {view.score:.4f}", x=0, font=dict(size=15)),
        height=420, margin=dict(l=10, r=10, t=80, b=10),
        legend=dict(orientation="h", yanchor="top", y=-0.15, x=0))
    fig.update_yaxes(range=[0, 0.53], title_text="density", row=1, col=1)
    fig.update_yaxes(range=[0, 0.53], row=1, col=2)
    fig.update_xaxes(title_text="x (standard Normal)", range=[view.x[0], view.x[-1]], row=1, col=1)
    fig.update_xaxes(title_text="x, threshold at 0", range=[view.x_shifted[0], view.x_shifted[-1]], row=1, col=2)
    return fig
