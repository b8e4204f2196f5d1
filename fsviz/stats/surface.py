"""A metric's scores over a grid of the (fp, tp) plane: the contour maps under the word map and the 3-D surface."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.stats import rankdata

from ..metrics import get_metric, score

__all__ = ["MetricSurface", "metric_surface"]


@dataclass(frozen=True)
class MetricSurface:
    """A metric's scores over a grid of the (fp, tp) plane for one task's pos and neg.

    Parameters
    ----------
    metric : str
        The metric's name, as registered.
    fp : ndarray, shape (n_grid + 1,)
        From 0 to neg.
    tp : ndarray, shape (n_grid,)
        From 0 to pos.
    z : ndarray, shape (n_grid, n_grid + 1)
        ``z[i, j]`` is the score at ``(fp[j], tp[i])``.

    See Also
    --------
    fsviz.stats.metric_surface : makes it.
    fsviz.plots.surface_figure : draws it in 3-D.

    Examples
    --------
    >>> surface = metric_surface("dfreq", 10, 30, n_grid=3)
    >>> surface.z.tolist(), float(surface.percentiles.max())
    ([[0.0, 10.0, 20.0, 30.0], [5.0, 15.0, 25.0, 35.0], [10.0, 20.0, 30.0, 40.0]], 1.0)
    """

    metric: str
    fp: np.ndarray
    tp: np.ndarray
    z: np.ndarray

    @property
    def percentiles(self) -> np.ndarray:
        """Each grid score's rank among all of them, scaled to [0, 1]: levels that show the shape of
        metrics with huge ranges (such as PR) as well as of any other.

        Equal scores share their average rank (compared in single precision, so that two sums equal but for
        rounding are equal): ranks that broke ties by the cells' order put the cells of one score (Acc2's
        lines of equal ``|tpr − fpr|``, Acc's and F1's along the diagonal) up to a fiftieth of the range apart, and
        the contours zig-zagged between them."""
        z = np.asarray(self.z, dtype=np.float32)
        return (rankdata(z, method="average").reshape(z.shape) - 1) / (z.size - 1)


def metric_surface(name, pos, neg, *, n_grid=90) -> MetricSurface:
    """Metric ``name``'s scores on a grid of the plane of a task with ``pos``, ``neg``: ``n_grid`` values of tp,
    ``n_grid + 1`` of fp.

    One more along fp than along tp puts no grid point but the corners on the diagonal tp/pos = fp/neg, where
    Forman's inversion makes a score jump (Acc, F1): a grid point on it was a saddle, and the contours drawn
    from the grid bulged there.

    Parameters
    ----------
    name : str
        A registered table metric or a formula's ``expr(…)`` spec.
    pos, neg : int
        The task's positive and negative documents.
    n_grid : int, default 90
        Grid points along tp (and one more along fp).

    Returns
    -------
    MetricSurface
        The grid and the scores over it.

    Raises
    ------
    ValueError
        For Rand, which ranks words at random: it has no surface.

    See Also
    --------
    fsviz.stats.isocline : where the surface is at one height.
    fsviz.plots.surface_figure : draws it.

    Examples
    --------
    >>> surface = metric_surface("bns", 10, 20, n_grid=5)
    >>> surface.z.shape, surface.fp.round(6).tolist()
    ((5, 6), [0.0, 4.0, 8.0, 12.0, 16.0, 20.0])
    """
    if get_metric(name).random:
        raise ValueError(f"{name!r} ranks words at random; it has no surface")
    fp = neg * np.linspace(0, 1, n_grid + 1)
    tp = pos * np.linspace(0, 1, n_grid)
    return MetricSurface(name, fp, tp, score(name, tp[:, None], fp[None, :], pos, neg))
