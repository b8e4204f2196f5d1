"""Parts of a CSR matrix's rows, compiled: each row's prefix of the columns below k, and rows cut to given ranges.

The grid fits a classifier on the top k words of a ranking for several k
(:class:`fsviz.evaluation.grid.fits.CellFits`). With the ranking's columns gathered
once in rank order (column j is the word of rank j), each row's entries are
sorted by rank, so the top k of any row is a prefix of it: :func:`prefix_ends`
finds where each prefix ends, which the dual solver of :mod:`fsviz.learn._dual_cd`
reads in place, and :func:`cut_rows` copies them into a CSR matrix of their
own for liblinear. Each is one pass over the rows' kept entries (numba; the
numpy way, a repeat and two gathers, took 1.2–3.4 × as long as gathering
the columns again on tr45 and wap).
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["cut_rows", "prefix_ends"]


def prefix_ends(indices, indptr, k: int, after=None) -> np.ndarray:
    """Each row's end: row i's entries with column index below ``k`` are ``indptr[i]:ends[i]``.

    Expects each row's column indices ascending (CSR as scipy sorts it).
    ``after``: the ends for a smaller k, to look on from (the ks in turn
    then read each entry once in all).
    """
    indptr = np.asarray(indptr, dtype=np.int64)
    return _prefix_ends(np.asarray(indices), indptr, indptr[:-1] if after is None else after, int(k))


def cut_rows(data, indices, starts, ends):
    """(data, indices, indptr) of the CSR matrix whose row i is the entries ``starts[i]:ends[i]`` of (data,
    indices): rows taken (``starts = indptr[rows]``, ``ends = indptr[rows + 1]``) or cut to a prefix."""
    return _cut_rows(np.asarray(data), np.asarray(indices), np.asarray(starts, dtype=np.int64),
                     np.asarray(ends, dtype=np.int64))


@numba.njit(cache=True, nogil=True)
def _prefix_ends(indices, indptr, after, k):  # pragma: no cover - compiled; covered through prefix_ends
    ends = np.empty(indptr.size - 1, dtype=np.int64)
    for i in range(ends.size):
        j = after[i]
        while j < indptr[i + 1] and indices[j] < k:
            j += 1
        ends[i] = j
    return ends


@numba.njit(cache=True, nogil=True)
def _cut_rows(data, indices, starts, ends):  # pragma: no cover - compiled; covered through cut_rows
    indptr = np.zeros(starts.size + 1, dtype=np.int32)
    for i in range(starts.size):
        indptr[i + 1] = indptr[i] + ends[i] - starts[i]
    out_data = np.empty(indptr[-1], dtype=data.dtype)
    out_indices = np.empty(indptr[-1], dtype=indices.dtype)
    for i in range(starts.size):
        offset = indptr[i] - starts[i]
        for j in range(starts[i], ends[i]):
            out_data[j + offset] = data[j]
            out_indices[j + offset] = indices[j]
    return out_data, out_indices, indptr
