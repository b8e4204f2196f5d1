"""The q = fdr boundary on the (fp, tp) plane as data: its columns, its branches' tp there, and which points it
encloses (:func:`fsviz.stats.fdr_boundary` draws it)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["FdrBoundary"]


@dataclass(frozen=True)
class FdrBoundary:
    """The q = ``fdr`` boundary on the (fp, tp) plane (:func:`fsviz.stats.fdr_boundary`).

    ``fp`` holds the columns computed, whole fp in increasing order (every
    fp from 0 to neg unless :func:`~fsviz.stats.fdr_boundary` was given fewer);
    ``upper[i]`` the smallest tp above the diagonal whose word at ``fp[i]``
    would have q ≤ fdr, NaN where none would; ``lower[i]`` (two-sided and
    "less" only, else NaN) the largest such tp below the diagonal.
    ``p_threshold`` is p*.

    Parameters
    ----------
    fdr : float
        The false-discovery rate.
    p_threshold : float
        p*, the largest p with q ≤ ``fdr`` (−1.0 when no word qualifies).
    fp, upper, lower : numpy.ndarray of shape (n_columns,)
        The columns and the branches' tp there.

    See Also
    --------
    fsviz.stats.fdr_boundary : makes it.
    fsviz.plots.word_map_figure : draws it (``fdr=``).

    Examples
    --------
    >>> boundary = FdrBoundary(0.1, 0.03, np.array([0, 2]), np.array([3.0, 5.0]), np.full(2, np.nan))
    >>> boundary.encloses([3, 4, 5], [0, 2, 2]).tolist()
    [True, False, True]
    """

    fdr: float
    p_threshold: float
    fp: np.ndarray
    upper: np.ndarray
    lower: np.ndarray

    def encloses(self, tp, fp) -> np.ndarray:
        """Mask of the points (tp, fp), whole counts, on the significant side of the boundary."""
        tp, fp = np.asarray(tp, dtype=np.float64), np.asarray(fp, dtype=np.int64)
        column = np.clip(np.searchsorted(self.fp, fp), 0, max(self.fp.size - 1, 0))
        if self.fp.size == 0 or np.any(self.fp[column] != fp):
            missing = np.setdiff1d(fp, self.fp)[:5].tolist()
            raise ValueError(f"the boundary was computed on {self.fp.size} columns without fp = {missing}; "
                             "compute it on every column (fdr_boundary without `fp`) to test those points")
        with np.errstate(invalid="ignore"):
            return (tp >= self.upper[column]) | (tp <= self.lower[column])


def _columns(fp, neg: int) -> np.ndarray:
    """``fp`` as sorted distinct whole columns of the plane, or ValueError."""
    fp = np.asarray(fp, dtype=np.float64).ravel()
    if not np.all(np.isfinite(fp)) or np.any(fp != np.round(fp)) or np.any((fp < 0) | (fp > neg)):
        raise ValueError(f"`fp` must be whole numbers of negative documents from 0 to neg = {neg}; round the columns "
                         "or leave `fp` out for every column")
    return np.unique(fp.astype(np.int64))
