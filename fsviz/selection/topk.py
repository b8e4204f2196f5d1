"""Selecting the top k words by a score, with a documented rule for ties; α-weighting; overlap."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_fraction, check_k

__all__ = ["Selection", "alpha_weight", "select_top_k", "top_k_overlap"]

ALPHA_HINT = " (0.5 = unweighted)"


@dataclass(frozen=True)
class Selection:
    """The top k words of one scoring.

    Parameters
    ----------
    indices : ndarray of int, shape (k,)
        Selected words, best first (ties by lower index first).
    threshold : float
        The k-th highest score: the level of the isocline that selects them.
    n_above : int
        Words scoring strictly above ``threshold`` (all selected).
    n_tied : int
        Words scoring exactly ``threshold``; only ``k - n_above`` of them are
        selected, so when ``n_above + n_tied > k`` the threshold alone would
        select more than k words.

    See Also
    --------
    fsviz.select_top_k : makes it.
    fsviz.stats.top_k_isocline : the boundary at its threshold.

    Examples
    --------
    >>> s = select_top_k([0.1, 0.9, 0.5, 0.5, 0.2], 2)
    >>> s.k, s.ties_exceed_k, s.mask(5).tolist()
    (2, True, [False, True, True, False, False])
    """

    indices: np.ndarray
    threshold: float
    n_above: int
    n_tied: int

    @property
    def k(self) -> int:
        return int(self.indices.size)

    @property
    def ties_exceed_k(self) -> bool:
        """True when "score >= threshold" holds for more than k words."""
        return self.n_above + self.n_tied > self.k

    def mask(self, n_features: int) -> np.ndarray:
        """Boolean mask over the vocabulary of the selected words.

        Parameters
        ----------
        n_features : int
            Size of the vocabulary.

        Returns
        -------
        ndarray of bool of shape (n_features,)
            True at the selected words.
        """
        out = np.zeros(n_features, dtype=bool)
        out[self.indices] = True
        return out


def select_top_k(scores, k) -> Selection:
    """The ``k`` highest-scoring words.

    Tie rule: every word scoring above the k-th highest score is selected;
    among the words scoring exactly that, the lowest vocabulary indices
    (alphabetical order for tokenised corpora) fill the remaining places, so
    exactly k words are selected. :attr:`Selection.n_tied` reports the ties.

    Runs in O(n) plus O(k log k): a partition finds the threshold, and only
    the selected words are sorted.

    Parameters
    ----------
    scores : array-like of shape (n_words,)
        One score per word.
    k : int
        Number of words to select, 1 <= k <= n_words.

    Returns
    -------
    fsviz.Selection
        The selected indices, best first, the threshold and the tie counts.

    Raises
    ------
    ValueError
        If ``scores`` is not 1-D or ``k`` is out of range.

    See Also
    --------
    fsviz.selected_words : the top k of any spec on a training sample.
    fsviz.selection.top_k_overlap : how much several metrics' top k agree.

    Examples
    --------
    >>> from fsviz.selection import select_top_k
    >>> s = select_top_k([0.1, 0.9, 0.5, 0.5, 0.2], 2)
    >>> s.indices.tolist(), s.threshold, s.n_tied
    ([1, 2], 0.5, 2)
    """
    scores = np.asarray(scores, dtype=np.float64)
    if scores.ndim != 1:
        raise ValueError(f"`scores` must be one score per word (1-D), got shape {scores.shape}")
    k = check_k(k, scores.size)
    threshold = float(-np.partition(-scores, k - 1)[k - 1])
    above = np.flatnonzero(scores > threshold)
    tied = np.flatnonzero(scores == threshold)
    chosen = np.concatenate([above, tied[: k - above.size]])
    order = np.lexsort((chosen, -scores[chosen]))
    return Selection(chosen[order], threshold, int(above.size), int(tied.size))


def top_k_overlap(scores_by_metric: dict, k) -> np.ndarray:
    """Jaccard overlap ``|A ∩ B| / |A ∪ B|`` of the top-k sets of every pair of metrics.

    Parameters
    ----------
    scores_by_metric : dict
        Maps a metric name to its scores over one vocabulary.
    k : int
        Size of each top-k set, as for :func:`select_top_k`.

    Returns
    -------
    ndarray of float64 of shape (n_metrics, n_metrics)
        The overlaps, in the dict's order; 1 on the diagonal.

    Raises
    ------
    ValueError
        If a score array is not 1-D, or ``k`` is out of range for one.

    See Also
    --------
    fsviz.plots.overlap_figure : draws the matrix.
    fsviz.stats.top_overlap : the words in only one of two tops.

    Examples
    --------
    >>> top_k_overlap({"a": [3, 2, 1, 0], "b": [3, 0, 2, 1]}, 2).round(3).tolist()
    [[1.0, 0.333], [0.333, 1.0]]
    """
    sets = [set(select_top_k(s, k).indices.tolist()) for s in scores_by_metric.values()]
    n = len(sets)
    out = np.ones((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            out[i, j] = out[j, i] = len(sets[i] & sets[j]) / len(sets[i] | sets[j])
    return out


def alpha_weight(scores, tp, fp, pos, neg, alpha) -> np.ndarray:
    """Scores reweighted toward positive (``alpha`` > 0.5) or negative features.

    Forman (2003), "Lesion Study on Positive and Negative Features": each
    word's score is multiplied by ``alpha`` when it is a positive feature
    (tpr > fpr) and by ``1 - alpha`` when it is a negative one (tpr < fpr);
    ``alpha = 0.5`` ranks exactly as the unweighted metric.

    Choices the paper leaves open (it weighted BNS, whose scores are >= 0):

    - when some score is below zero (e.g. Acc), all are first shifted so the
      lowest is 0; otherwise the weights apply to the scores as they are;
    - words with tpr == fpr are neither positive nor negative and get the
      smaller weight, ``min(alpha, 1 - alpha)``, so at ``alpha = 1`` only
      positive features score above zero (and at 0 only negative ones).

    Parameters
    ----------
    scores : array-like of shape (n_words,)
        The metric's scores.
    tp, fp : array-like of shape (n_words,)
        Positive and negative documents containing each word.
    pos, neg : int
        Positive and negative documents.
    alpha : float
        Weight of positive features, in [0, 1]; 0.5 is unweighted.

    Returns
    -------
    ndarray of float64 of shape (n_words,)
        The (shifted) scores times each word's weight.

    Raises
    ------
    ValueError
        If ``alpha`` is not in [0, 1].

    See Also
    --------
    fsviz.selection.weighted_name : the spec of a weighted metric, ``"bns@0.3"``.
    fsviz.stats.weighted_isocline : the weighted top k's boundary.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), the lesion study on positive and negative features, Figure 22.

    Examples
    --------
    >>> import numpy as np
    >>> w = alpha_weight([2.0, 3.0, 1.0], tp=[9, 1, 5], fp=[1, 9, 5], pos=10, neg=10, alpha=0.9)
    >>> np.round(w, 2).tolist()   # positive, negative, neutral
    [1.8, 0.3, 0.1]
    """
    scores = np.asarray(scores, dtype=np.float64)
    alpha = check_fraction(alpha, "`alpha`", hint=ALPHA_HINT)
    tpr = np.asarray(tp, dtype=np.float64) / pos
    fpr = np.asarray(fp, dtype=np.float64) / neg
    weight = np.where(tpr > fpr, alpha, np.where(tpr < fpr, 1.0 - alpha, min(alpha, 1.0 - alpha)))
    return (scores - scores.min(initial=0.0)) * weight
