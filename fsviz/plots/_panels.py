"""A grid of panels with one pair of shared axes, and a curve to draw on a panel, as a plain layout.

Plotly's ``make_subplots(shared_xaxes="all", shared_yaxes="all")`` lays a grid
out the same way, through plotly's object model: for the boundaries page's
dozen panels that model took about 0.3 s of each rerun that built them (the
grid, then each trace placed on its cell, then every axis updated), against
a few milliseconds for the same layout written out here. The layout is
``make_subplots``'s, key for key (a test holds the two side by side). A curve
is an SVG path, for a layout shape: a figure whose new curves are shapes is
redrawn by a relayout, which leaves its traces as they are.
"""

from __future__ import annotations

import numpy as np

__all__ = ["panel_axes", "panel_grid", "panel_rows", "svg_path"]


def panel_axes(i: int) -> tuple[str, str]:
    """The x and y axes of the ``i``-th panel (0-based, row by row): ``("x", "y")``, ``("x2", "y2")``, …"""
    suffix = "" if i == 0 else str(i + 1)
    return f"x{suffix}", f"y{suffix}"


def panel_rows(panels: int, columns: int) -> int:
    """The rows of a grid of ``panels`` panels, ``columns`` to a row (one at least, for none)."""
    return max(1, -(-panels // columns))


def panel_grid(titles, columns: int, *, horizontal_spacing: float, vertical_spacing: float) -> dict:
    """The layout of ``len(titles)`` panels, ``columns`` to a row, top-left first, each titled above.

    Every cell of the last row has its axes, as ``make_subplots`` gives them.
    The x axes all match the bottom-left panel's, the y axes too; tick labels
    show on the bottom row's x axes and the first column's y axes only.

    Parameters
    ----------
    titles : list of str
        One title per panel, row by row.
    columns : int
        Panels per row.
    horizontal_spacing, vertical_spacing : float
        The gap between columns and between rows, as a fraction of the figure's plotting area.

    Returns
    -------
    dict
        The layout's ``xaxis``, ``yaxis``, ``xaxis2``, … and its ``annotations`` (the titles).

    Examples
    --------
    >>> layout = panel_grid(["A", "B", "C"], 2, horizontal_spacing=0.1, vertical_spacing=0.1)
    >>> layout["xaxis3"]["domain"], layout["yaxis3"]["domain"], layout["xaxis"]["matches"]
    ([0.0, 0.45], [0.0, 0.45], 'x3')
    >>> [a["text"] for a in layout["annotations"]]
    ['A', 'B', 'C']
    """
    rows = panel_rows(len(titles), columns)
    # make_subplots' own arithmetic (its sums, in its order), so each domain is its float to the last bit
    widths = [(1.0 - horizontal_spacing * (columns - 1)) / columns] * columns
    heights = [(1.0 - vertical_spacing * (rows - 1)) / rows] * rows
    corner = (rows - 1) * columns  # the bottom-left panel, whose axes the others match
    corner_x, corner_y = panel_axes(corner)
    layout: dict = {}
    annotations = []
    for cell in range(rows * columns):
        row, col = divmod(cell, columns)
        left = sum(widths[:col]) + col * horizontal_spacing
        bottom = sum(heights[:rows - 1 - row]) + (rows - 1 - row) * vertical_spacing
        x_domain = [_unit(left), _unit(left + widths[col])]
        y_domain = [_unit(bottom), _unit(bottom + heights[row])]
        x, y = panel_axes(cell)
        x_axis = {"anchor": y, "domain": x_domain}
        y_axis = {"anchor": x, "domain": y_domain}
        if cell != corner:
            x_axis["matches"], y_axis["matches"] = corner_x, corner_y
        if row != rows - 1:
            x_axis["showticklabels"] = False
        if col != 0:
            y_axis["showticklabels"] = False
        layout["xaxis" + x[1:]], layout["yaxis" + y[1:]] = x_axis, y_axis
        if cell < len(titles):
            annotations.append({"font": {"size": 16}, "showarrow": False, "text": titles[cell],
                                "x": (x_domain[0] + x_domain[1]) / 2, "xanchor": "center", "xref": "paper",
                                "y": y_domain[1], "yanchor": "bottom", "yref": "paper"})
    layout["annotations"] = annotations
    return layout


def _unit(value: float) -> float:
    """``value`` within [0, 1] (a sum of fractions can pass 1 by a rounding step)."""
    return min(1.0, max(0.0, value))


def svg_path(x, y) -> str:
    """An SVG path through the points ``(x, y)`` where ``y`` is finite (a stretch of non-finite values breaks the
    line), each number to four significant digits (a tenth of a pixel on a panel 450 px wide); empty when no two
    neighbouring points are finite.

    Examples
    --------
    >>> svg_path(np.arange(6.0), np.array([1.0, 2.0, np.nan, 3.0, 4.0, 5.0]))
    'M0,1L1,2M3,3L4,4L5,5'
    """
    finite = np.isfinite(y)
    parts = []
    for i in np.flatnonzero(finite):
        start = i == 0 or not finite[i - 1]
        if start and (i + 1 >= y.size or not finite[i + 1]):
            continue  # a lone point draws nothing
        parts.append(f"{'M' if start else 'L'}{x[i]:.4g},{y[i]:.4g}")
    return "".join(parts)
