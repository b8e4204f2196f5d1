"""The look of every figure, on screen and in every file made of it: :data:`TEMPLATE` and :func:`on_screen`.

The app draws each figure with this template (``ui.charts``), and :func:`fsviz.plots.files.figure_bytes` writes
each file (SVG, PNG, HTML) with it, from the app and from ``fsviz plot`` alike: a file shows what the screen showed.
"""

from __future__ import annotations

import plotly.graph_objects as go

__all__ = ["SVG_POINTS", "TEMPLATE", "markers", "on_screen"]

#: Up to this many points a trace of markers is SVG (``scatter``), which every browser draws and fsviz's plotly.js
#: holds from the start; past it WebGL (``scattergl``): faster for many points, but it needs a WebGL context the page
#: may not have (Chromium keeps 16; headless Chromium without a GPU may have none), and its code is a chunk of
#: plotly.js fetched when a figure first has one (``frontend/plotly``: a first visit parses less).
SVG_POINTS = 5_000


def markers(n_points: int) -> type:
    """The trace type to draw ``n_points`` markers with: ``go.Scatter`` (SVG) up to :data:`SVG_POINTS`, else
    ``go.Scattergl`` (WebGL).

    See Also
    --------
    fsviz.plots.word_map_figure : draws its words, rings and FDR marks with it.

    Examples
    --------
    >>> markers(1_200).__name__, markers(20_000).__name__
    ('Scatter', 'Scattergl')
    """
    return go.Scatter if n_points <= SVG_POINTS else go.Scattergl


_TEXT, _FADED, _GRID = "#31333F", "rgba(49, 51, 63, 0.6)", "#e6eaf1"
_FONT = '"Source Sans", sans-serif'
#: The look of every figure, on screen and in every file made of it: that of ``st.plotly_chart``'s "streamlit"
#: theme in the app's light theme (the page's font, faded ticks and titles, light grid lines) with margins the axes
#: size (``automargin``): an axis's title never sits on its tick labels, in the browser or in kaleido's drawing. It
#: replaces the figure's template (plotly's default); what the figure sets itself still wins.
TEMPLATE = {"layout": {
    "font": {"color": _FADED, "family": _FONT, "size": 12},
    "legend": {"font": {"color": _TEXT, "size": 12}, "bordercolor": "rgba(0,0,0,0)", "borderwidth": 0,
               "valign": "top", "title": {"font": {"color": _FADED, "size": 12}, "side": "top"}},
    "paper_bgcolor": "#ffffff", "plot_bgcolor": "#ffffff",
    "xaxis": {"automargin": True, "gridcolor": _GRID, "zerolinecolor": _GRID, "tickcolor": _GRID, "showgrid": False,
              "zeroline": False, "tickfont": {"color": _FADED, "size": 12},
              "title": {"font": {"color": _FADED, "size": 14}, "standoff": 20}},
    "yaxis": {"automargin": True, "gridcolor": _GRID, "zerolinecolor": _GRID, "tickcolor": _GRID,
              "ticklabelposition": "outside", "tickfont": {"color": _FADED, "size": 12},
              "title": {"font": {"color": _FADED, "size": 14}, "standoff": 24}},
    "margin": {"pad": 8, "r": 0, "l": 0},
    "hoverlabel": {"bgcolor": "#ffffff", "bordercolor": _GRID, "font": {"color": _TEXT, "family": _FONT, "size": 12}},
}}


def on_screen(fig):
    """A copy of ``fig`` with the look it has on screen (:data:`TEMPLATE`): what a file made of it shows.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        A figure of :mod:`fsviz.plots`.

    Returns
    -------
    plotly.graph_objects.Figure
        The copy.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> on_screen(go.Figure()).layout.template.layout.xaxis.automargin
    True
    """
    copy = go.Figure(fig)
    copy.layout.template = TEMPLATE
    return copy
