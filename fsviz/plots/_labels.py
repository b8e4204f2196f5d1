"""Where a scatter's text labels go so that none covers another: each at the first of eight places around its
point that is clear of the labels placed before it and of every point."""

from __future__ import annotations

import numpy as np

__all__ = ["PLACES", "label_places"]

#: plotly's text positions, in the order tried: above and below first, then beside, then the corners.
PLACES = ("top center", "bottom center", "middle right", "middle left", "top right", "top left", "bottom right",
          "bottom left")


def _box(place: str, cx: float, cy: float, w: float, h: float, gap: float) -> tuple:
    """The label's box (left, bottom, right, top) in pixels, y up, for plotly's ``textposition`` ``place``."""
    vertical, horizontal = place.split()
    left = {"center": cx - w / 2, "right": cx + gap, "left": cx - gap - w}[horizontal]
    bottom = {"middle": cy - h / 2, "top": cy + gap, "bottom": cy - gap - h}[vertical]
    if vertical != "middle" and horizontal != "center":  # a corner: plotly tucks it in by the marker's radius
        left += -gap / 2 if horizontal == "right" else gap / 2
    return left, bottom, left + w, bottom + h


def _overlap(a: tuple, b: tuple) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def label_places(x, y, labels, x_range, y_range, *, width: float = 560, height: float = 420, font: float = 12,
                 marker: float = 11) -> list[str]:
    """A ``textposition`` for each labelled point, so that the labels cover neither each other nor the points.

    The points are laid out as on a plot area of ``width`` × ``height`` pixels over ``x_range`` × ``y_range`` (a
    narrow guess: on a wider plot the labels only stand further apart); a label is ``0.62 × font`` pixels per
    character wide. Each label, in the order given, takes the first of :data:`PLACES` whose box is clear of the
    labels before it, of every other point and of the plot's edges; where none is, the place it overlaps least.

    Examples
    --------
    IG's point lies just above BNS's, so BNS's label goes below it and IG's above:

    >>> label_places([0.5, 0.5], [0.5, 0.51], ["BNS", "IG"], (0, 1), (0, 1))
    ['bottom center', 'top center']
    """
    px = (np.asarray(x, dtype=float) - x_range[0]) * width / (x_range[1] - x_range[0])
    py = (np.asarray(y, dtype=float) - y_range[0]) * height / (y_range[1] - y_range[0])
    h, gap, r = font * 1.25, marker / 2 + 2, marker / 2 + 1
    dots = [(a - r, b - r, a + r, b + r) for a, b in zip(px, py)]
    placed, places = [], []
    for i, text in enumerate(labels):
        w = 0.62 * font * len(str(text))
        best = None
        for place in PLACES:
            box = _box(place, px[i], py[i], w, h, gap)
            cost = sum(_overlap(box, other) for other in placed)
            cost += sum(_overlap(box, dot) for j, dot in enumerate(dots) if j != i)
            cost += w * h - _overlap(box, (0, 0, width, height))  # the part outside the plot
            if best is None or cost < best[0]:
                best = (cost, place, box)
            if cost == 0:
                break
        places.append(best[1])
        placed.append(best[2])
    return places
