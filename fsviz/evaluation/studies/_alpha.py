"""The α-weighted top k of one task (Forman's lesion study, Figure 22): the selection, and where it lies on the map."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...selection import Selection, alpha_weight, select_top_k

__all__ = ["AlphaMap", "alpha_selection"]


def alpha_selection(scores, task, k: int, alpha: float) -> Selection:
    """The top ``k`` of ``task``'s words by ``scores`` (one metric's) α-weighted (:func:`~fsviz.selection.alpha_weight`).

    Parameters
    ----------
    scores : numpy.ndarray
        One metric's scores of ``task``'s words.
    task : fsviz.Task
        The task, whose counts say which words are positive (tpr > fpr) or negative features.
    k : int
        Words to select.
    alpha : float
        The weight of positive features' scores, in [0, 1]; negative ones get 1 − α.

    Returns
    -------
    fsviz.Selection
        The selected words and the weighted threshold.

    See Also
    --------
    fsviz.selection.alpha_weight : The weighting.
    fsviz.evaluation.feature_shares : How many positive and negative words each α selects.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 22: α on positive features, 1 − α on negative ones.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> task = corpus.binary_task("c0")
    >>> scores = task.score("bns")
    >>> alpha_selection(scores, task, 5, 0.5).indices.tolist(), alpha_selection(scores, task, 5, 0.9).indices.tolist()
    ([4, 2, 16, 19, 17], [5, 10, 14, 6, 11])
    """
    return select_top_k(alpha_weight(scores, task.tp, task.fp, task.pos, task.neg, alpha), k)


@dataclass(frozen=True)
class AlphaMap:
    """Where each weight selects on the word map: the chosen α's words and every α's boundary.

    Parameters
    ----------
    selected : ndarray
        Vocabulary indices of the top k words at the chosen α.
    boundaries : dict
        α (ascending) → its :class:`~fsviz.stats.isoclines.Isocline`, the
        boundary of the α-weighted top k (:func:`~fsviz.stats.isoclines.weighted_isocline`).

    See Also
    --------
    fsviz.evaluation.alpha_map : Makes one.
    fsviz.evaluation.alpha_selection : The selection at one α.
    fsviz.plots.alpha_map_figure : Draws it on the word map.

    Examples
    --------
    >>> import numpy as np
    >>> AlphaMap(np.array([3, 7]), {0.4: None, 0.6: None}).selected.tolist()
    [3, 7]
    """

    selected: np.ndarray
    boundaries: dict
