"""Olsson & Oard (§4)'s ways to combine the scores of two or more specs.

Each rule maps the score columns of its inputs to one score per word,
higher is better. :mod:`~fsviz.selection.spec` names them in specs
(``ar(chi_max,ig)``); :mod:`~fsviz.selection.engine` applies them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["COMBINATIONS", "CombinationRule", "average_ranks"]


def average_ranks(values) -> np.ndarray:
    """1-based ranks of ``values``, smallest first, ties sharing their average rank: ``scipy.stats.rankdata(values,
    method="average")`` (a NaN anywhere makes every rank NaN, as there), without importing scipy.stats."""
    values = np.asarray(values, dtype=float).ravel()
    if np.isnan(values).any():
        return np.full(values.size, np.nan)
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])  # where each run of equal values begins
    ends = np.r_[starts[1:], values.size]
    ranks = np.empty(values.size)
    ranks[order] = np.repeat((starts + ends + 1) / 2, ends - starts)
    return ranks


def _combine_ranks(reduce):
    def combine(columns):
        # Rank 1 is the best score; ties share their average rank. A lower
        # rank is better, so the combined score is minus the reduced rank.
        ranks = np.column_stack([average_ranks(-c) for c in columns])
        return -reduce(ranks, axis=1)

    return combine


def _normalise_then_or(norm):
    def combine(columns):
        scaled = []
        for c in columns:
            size = norm(c)
            scaled.append(c / size if size > 0 else np.zeros_like(c))
        return np.max(np.column_stack(scaled), axis=1)

    return combine


@dataclass(frozen=True)
class CombinationRule:
    """One way to combine scores: its spec prefix, label, description and function.

    Parameters
    ----------
    name : str
        The spec prefix, e.g. ``"ar"``.
    label : str
        Display name, e.g. ``"AR"``.
    description : str
        What the rule does, in words.
    combine : callable
        ``combine(columns) -> ndarray``: one score per word from a list of the inputs' score arrays.

    See Also
    --------
    fsviz.selection.combination : writes a combination's spec.
    fsviz.score_words : scores words by it.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures", §4: the rules.

    Examples
    --------
    >>> rule = COMBINATIONS["ar"]
    >>> rule.label, rule.combine([np.array([3.0, 1.0, 2.0]), np.array([1.0, 3.0, 2.0])]).tolist()
    ('AR', [-2.0, -2.0, -2.0])
    """

    name: str
    label: str
    description: str
    combine: Callable[[list], np.ndarray]


#: Olsson & Oard (§4)'s ways to combine two or more inputs, by spec prefix.
COMBINATIONS = {
    c.name: c
    for c in [
        CombinationRule("hr", "HR", "highest rank: each word's best rank over the inputs", _combine_ranks(np.min)),
        CombinationRule("lr", "LR", "lowest rank: each word's worst rank over the inputs", _combine_ranks(np.max)),
        CombinationRule("ar", "AR", "average rank: the unweighted mean of each word's ranks",
                        _combine_ranks(np.mean)),
        CombinationRule("dmor", "DMOR",
                        "divide each input's scores by their maximum, then take each word's largest",
                        _normalise_then_or(lambda c: float(np.max(c, initial=0.0)))),
        CombinationRule("dlor", "DLOR",
                        "divide each input's scores by their L2 norm, then take each word's largest",
                        _normalise_then_or(lambda c: float(np.linalg.norm(c)))),
    ]
}
