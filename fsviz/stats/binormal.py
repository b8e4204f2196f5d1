"""Forman's Figure 1 for one word: the two views of Bi-Normal Separation, computed.

Forman (2003, §2) models a word's occurrence in a document as a standard
Normal variable falling past a threshold, so that the area under the curve
past it is the word's prevalence: tpr in the positive class, fpr in the
negative one. His Figure 1 draws two views of the same number:

- *separation of thresholds* (left): one standard Normal curve; the area
  left of F⁻¹(tpr) is tpr and the area left of F⁻¹(fpr) is fpr; BNS is the
  distance between the two thresholds;
- *separation of curves* (right, ROC analysis): one threshold (at 0) and two
  unit Normal curves, the negative class's centred at F⁻¹(fpr) and the
  positive class's at F⁻¹(tpr), so the area of each past the threshold is
  the class's rate; BNS is the distance between the centres.

Rates are clipped to [0.0005, 0.9995] first (:data:`fsviz.metrics.table.BNS_CLIP`),
as BNS does; :class:`BinormalView` says when that happened. Its
:attr:`~BinormalView.score` is ``fsviz.score("bns", tp, fp, pos, neg)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import ndtri
from scipy.stats import norm

from .._validation import check_counts
from ..corpora.task import Task
from ..metrics.table import BNS_CLIP

__all__ = ["BinormalView", "bns_view", "word_bns_view"]


@dataclass(frozen=True)
class BinormalView:
    """Everything Figure 1 draws for one word.

    Parameters
    ----------
    word : str or None
        The word, or None when unnamed.
    tp, fp, pos, neg : float
        The word's 2×2 counts.
    tpr, fpr : float
        Its rates, tp / pos and fp / neg.
    tpr_used, fpr_used : float
        The rates BNS uses: clipped to [0.0005, 0.9995].
    tpr_clipped, fpr_clipped : bool
        True where clipping changed the rate (a rate of 0 or 1).
    threshold_pos, threshold_neg : float
        F⁻¹(tpr_used) and F⁻¹(fpr_used): the thresholds of the left view,
        and the centres of the positive and negative curves of the right.
    x : ndarray
        Where the left view's curve is drawn (covers both thresholds).
    density : ndarray
        The standard Normal density at ``x``.
    x_shifted : ndarray
        Where the right view's curves are drawn (covers both centres ± 4).
    positive_density, negative_density : ndarray
        The unit Normal densities centred at ``threshold_pos`` and
        ``threshold_neg``, at ``x_shifted``.

    See Also
    --------
    fsviz.stats.bns_view : makes it from a word's counts.
    fsviz.plots.bns_figure : draws it.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), §2, Figure 1.

    Examples
    --------
    >>> view = bns_view(0, 10, 50, 1000)
    >>> view.tpr_clipped, view.negative, round(view.separation, 3)
    (True, True, -0.964)
    """

    word: str | None
    tp: float
    fp: float
    pos: float
    neg: float
    tpr: float
    fpr: float
    tpr_used: float
    fpr_used: float
    tpr_clipped: bool
    fpr_clipped: bool
    threshold_pos: float
    threshold_neg: float
    x: np.ndarray
    density: np.ndarray
    x_shifted: np.ndarray
    positive_density: np.ndarray
    negative_density: np.ndarray

    @property
    def separation(self) -> float:
        """F⁻¹(tpr) − F⁻¹(fpr), signed: below 0 for a negative feature (tpr < fpr)."""
        return self.threshold_pos - self.threshold_neg

    @property
    def score(self) -> float:
        """The word's BNS score, ``|F⁻¹(tpr) − F⁻¹(fpr)|``: the length of the separation in both views."""
        return abs(self.separation)

    @property
    def negative(self) -> bool:
        """True for a negative feature (tpr < fpr): more common outside the class."""
        return bool(self.tpr < self.fpr)

    def to_dict(self) -> dict:
        """The numbers (not the curves), for a table or a download."""
        names = ("word", "tp", "fp", "pos", "neg", "tpr", "fpr", "tpr_used", "fpr_used", "tpr_clipped",
                 "fpr_clipped", "threshold_pos", "threshold_neg")
        return {**{n: getattr(self, n) for n in names}, "separation": self.separation, "bns": self.score}


def bns_view(tp, fp, pos, neg, *, word=None, n_points=401) -> BinormalView:
    """Figure 1's two views for a word with counts ``tp``, ``fp`` in a task of ``pos``, ``neg`` documents.

    Parameters
    ----------
    tp, fp, pos, neg : number
        One word's 2×2 counts (checked as :func:`fsviz.score` checks them).
    word : str, optional
        Its name, carried to the figure.
    n_points : int, default 401
        Points per curve (at least 11).

    Returns
    -------
    BinormalView
        The rates used, the thresholds on the standard normal, and both views' curves.

    Raises
    ------
    ValueError
        If the counts are not one word's valid counts, or ``n_points`` is not a whole number of at least 11.

    See Also
    --------
    fsviz.stats.word_bns_view : the same for a word of a task, by name.
    fsviz.plots.bns_figure : draws the two views.
    fsviz.score : the BNS score, ``score("bns", tp, fp, pos, neg)``.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), §2, Figure 1.

    Examples
    --------
    A word in 20 of 50 positive documents and 1 of 1000 negative ones:

    >>> view = bns_view(20, 1, 50, 1000)
    >>> round(view.threshold_pos, 3), round(view.threshold_neg, 3), round(view.score, 3)
    (-0.253, -3.09, 2.837)
    """
    counts = check_counts(tp, fp, pos, neg)
    if counts[0].size != 1:
        raise ValueError(f"bns_view draws one word: `tp`, `fp`, `pos` and `neg` must be single numbers, "
                         f"got shape {counts[0].shape}")
    if isinstance(n_points, bool) or not isinstance(n_points, (int, np.integer)) or n_points < 11:
        raise ValueError(f"`n_points` must be a whole number of at least 11, got {n_points!r}")
    tp, fp, pos, neg = (float(c.reshape(-1)[0]) for c in counts)
    tpr, fpr = tp / pos, fp / neg
    lo, hi = BNS_CLIP
    tpr_used, fpr_used = float(np.clip(tpr, lo, hi)), float(np.clip(fpr, lo, hi))
    threshold_pos, threshold_neg = float(ndtri(tpr_used)), float(ndtri(fpr_used))
    reach = max(4.0, abs(threshold_pos) + 0.5, abs(threshold_neg) + 0.5)
    x = np.linspace(-reach, reach, n_points)
    left, right = min(threshold_pos, threshold_neg) - 4.0, max(threshold_pos, threshold_neg) + 4.0
    x_shifted = np.linspace(left, right, n_points)
    return BinormalView(
        word, tp, fp, pos, neg, tpr, fpr, tpr_used, fpr_used, bool(tpr_used != tpr), bool(fpr_used != fpr),
        threshold_pos, threshold_neg, x, norm.pdf(x), x_shifted, norm.pdf(x_shifted - threshold_pos),
        norm.pdf(x_shifted - threshold_neg))


def word_bns_view(task: Task, word: str, **kwargs) -> BinormalView:
    """:func:`bns_view` for ``word`` of ``task``'s vocabulary (after preprocessing: lower case, stemmed if so).

    Parameters
    ----------
    task : fsviz.Task
        The task.
    word : str
        A word of the task's vocabulary.
    **kwargs
        :func:`bns_view`'s ``n_points``.

    Returns
    -------
    BinormalView
        As :func:`bns_view`'s, with the word's name.

    Raises
    ------
    ValueError
        Naming the word when the vocabulary does not hold it (or it is not text).

    See Also
    --------
    fsviz.stats.bns_view : the same from counts.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> round(word_bns_view(task, "good").score, 3)
    2.123
    """
    if not isinstance(word, str):
        raise ValueError(f"`word` must be text, got {type(word).__name__} {word!r:.60}")
    hits = np.flatnonzero(task.vocabulary == word)
    if not hits.size:
        raise ValueError(f"{word!r:.60} is not in the vocabulary of {task.name!r} (after preprocessing: lower case, "
                         "stop words and rare words removed); pick a word the word map shows")
    i = int(hits[0])
    return bns_view(task.tp[i], task.fp[i], task.pos, task.neg, word=word, **kwargs)
