"""A figure's hover values as the hover shows them, so its message carries no digits nobody sees.

A trace's ``customdata`` is sent to the browser with every redraw. The word map's points carry each point's
count, its index, every chosen metric's score and rank, p, q and −log₁₀ p: 11 columns for 3 metrics. Written
as float64 they read ``12.0`` and ``0.12345678901234566``; rounded to what the hover's format shows, and with
whole numbers as whole numbers, they read ``12`` and ``0.1235``. The sample's word map (class pandas, BNS, IG
and Chi) went from 390 KB of figure to 209 KB (its customdata 270 → 130 KB); with BNS alone, 250 → 135 KB.
"""

from __future__ import annotations

import re

import numpy as np

__all__ = ["hover_columns"]

_FORMAT = re.compile(r"[,]?(?:\.(?P<digits>\d+)(?P<kind>[gf]))?")


def hover_columns(*columns) -> np.ndarray:
    """Columns for a trace's ``customdata``, each given as ``(values, format)`` with the d3 format its
    ``hovertemplate`` shows it in: ``""`` or ``","`` for whole numbers, ``".4g"`` for 4 significant digits,
    ``".1f"`` for one decimal, ``"text"`` for text shown as it is (a p below the float range, ``1.7e-550``).
    Returns an object array (points × columns) of Python ints, of floats rounded to what the format shows (a
    non-finite value stays as it is) and of strings.

    Examples
    --------
    >>> hover_columns(([3, 12], ""), ([0.123456789, 2345.678], ".3g"), ([1.25, 7.0], ".1f")).tolist()
    [[3, 0.123, 1.2], [12, 2350.0, 7.0]]
    >>> hover_columns(([1.234567e-300, -0.0, float("inf")], ".3g")).ravel().tolist()
    [1.23e-300, -0.0, inf]
    >>> hover_columns(([1, 2], ""), (["0.0123", "1.7e-550"], "text")).tolist()
    [[1, '0.0123'], [2, '1.7e-550']]
    """
    if not columns:
        raise ValueError("give at least one column")
    n = len(columns[0][0])
    out = np.empty((n, len(columns)), dtype=object)
    for j, (values, fmt) in enumerate(columns):
        if fmt == "text" and len(values) == n:
            out[:, j] = [str(v) for v in values]
            continue
        match = _FORMAT.fullmatch(fmt)
        if match is None or len(values) != n:
            raise ValueError(f"column {j}: {fmt!r} is not a format hover_columns reads, or its length differs")
        if match["kind"] is None:
            out[:, j] = np.asarray(values, dtype=np.int64).tolist()
            continue
        x, digits = np.asarray(values, dtype=float), int(match["digits"])
        finite = np.isfinite(x) & (x != 0)
        if match["kind"] == "g":  # significant digits: the decimals depend on each value's magnitude
            magnitude = np.floor(np.log10(np.abs(np.where(finite, x, 1.0))))
            decimals = max(1, digits) - 1 - magnitude
        else:
            decimals = np.full(x.shape, float(digits))
        out[:, j] = _rounded(x, decimals, finite, f".{digits}{match['kind']}").tolist()
    return out


def _rounded(x: np.ndarray, decimals: np.ndarray, finite: np.ndarray, fmt: str) -> np.ndarray:
    """``x`` rounded to ``decimals`` places (negative: to tens, hundreds …), its shortest text that of the value
    shown. Where 10**|decimals| is exact (at most 22) a whole number times or over it is correctly rounded, so
    the result prints as the digits kept; the rest (a p of 1e-300) go one by one through their text."""
    out = x.copy()
    exact = finite & (np.abs(decimals) <= 22)
    with np.errstate(over="ignore", invalid="ignore"):
        up = exact & (decimals >= 0)
        scale = 10.0 ** np.abs(decimals[up])
        whole = np.abs(x[up]) * scale >= 2.0**52  # no bits below those decimals: the value as it is
        out[up] = np.where(whole, x[up], np.round(x[up] * scale) / scale)
        down = exact & (decimals < 0)
        scale = 10.0 ** np.abs(decimals[down])
        out[down] = np.round(x[down] / scale) * scale
    for i in np.flatnonzero(finite & (~exact | ~np.isfinite(out))):
        out[i] = float(format(x[i], fmt))
    return out
