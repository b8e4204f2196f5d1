"""IGFSS, the Improved Global Feature Selection Scheme (Deshpande et al. 2016, Algorithm 3, after Uysal 2016).

A global metric (one score per word for all classes, such as CMFS) tends to
fill a feature set with words of the large or easy classes. IGFSS keeps the
global metric's order but gives every class an equal share of the set, and a
share ``nfr`` of each class's words are *negative* features (words whose
absence marks the class):

1. **Labels.** For each word and each class, the one-sided correlation
   coefficient CC(t, c) (:func:`cc_per_class`). The word takes the class of
   its largest |CC(t, c)| and is a *membership* feature of it when that CC is
   positive, a *non-membership* (negative) one when it is negative: 2m labels
   for m classes.
2. **Global order.** Sort the words by the global metric, best first.
3. **Quotas.** For a feature set of size k, each class gets q = ⌊k / m⌋
   words: round(nfr · q) negative ones and the rest positive. Walk the
   global order and take a word while its label's quota has room.
4. **Fill.** If fewer than k words were taken, add the best remaining words
   of the global order until there are k.

The set for one k is not in general a prefix of the set for a larger k (the
quotas grow in steps of m, and stage 4 fills differently), so IGFSS is a
*selection per k*, not a ranking: :func:`fsviz.selected_words`
returns it, and the grid and the multi-class mode call it once per k.

Choices where the paper is silent (each documented where it acts):

- m counts the classes with training documents both in and outside them;
  the others get no quota.
- ⌊k / m⌋ per class; the remainder k − m·q goes to stage 4 with any quota a
  class could not fill. round() is half up: nfr = 0.5 of q = 3 is 2.
- Ties in |CC| between a positive and a negative label go to the positive
  one (in a two-class task every word would otherwise tie between
  "membership of A" and "non-membership of B"), then to the lower class
  index. A word with CC = 0 for every class (in all documents, or in none)
  gets no label: it can only enter at stage 4.
- Ties in the global score: lower vocabulary index first, as everywhere.
- ``nfr`` defaults to 0 (every quota positive); the paper tunes it per
  dataset over 0, 0.1, …, 1, so the grid lets you list several
  (``igfss(cmfs,nfr=0.1)``, ``igfss(cmfs,nfr=0.3)``, …).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_fraction, check_whole
from ..metrics.table import cc
from .topk import select_top_k

__all__ = ["FeatureLabels", "cc_per_class", "feature_labels", "igfss_select", "igfss_sets"]

#: A word with no label (CC = 0 for every class).
UNLABELLED = -1


def cc_per_class(training) -> np.ndarray:
    """CC(t, c) for every class with documents in and outside it, shape (those classes, n_words).

    CC(t, c) = √N (AD − CB) / √((A+B)(C+D)(A+C)(B+D)) over the 2×2 table of
    word t and class c: the signed square root of χ²(t, c) (Deshpande et al.,
    after Zheng, Wu & Srihari 2004), 0 where a margin is 0.

    Parameters
    ----------
    training : fsviz.metrics.counts.Training
        The labelled documents.

    Returns
    -------
    ndarray of float64 of shape (n_present_classes, n_words)
        CC(t, c) per class (rows) and word (columns).

    See Also
    --------
    fsviz.selection.feature_labels : each word's class and sign from these.

    References
    ----------
    .. [1] Deshpande, D. et al., "A Brief Report on Filter Based Novel Feature Selection Schemes", the one-sided
       correlation coefficient CC.

    Examples
    --------
    >>> from fsviz.metrics.counts import Training
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]))
    >>> cc_per_class(training).round(3).tolist()
    [[2.0, 0.0, -2.0, 0.0], [-2.0, 0.0, 2.0, 0.0]]
    """
    return cc(*training.class_tables())  # the registered "cc", per class


@dataclass(frozen=True)
class FeatureLabels:
    """Stage 1's result: each word's class and sign by its largest ``|CC(t, c)|``.

    Parameters
    ----------
    classes : ndarray of int
        The classes that get a quota (columns of ``training.Y``).
    label : ndarray of int, shape (n_words,)
        Index into ``classes`` of the word's class, or −1 for a word with
        CC = 0 for every class.
    negative : ndarray of bool, shape (n_words,)
        True where the word is a non-membership feature of its class.

    See Also
    --------
    fsviz.selection.feature_labels : makes it.

    Examples
    --------
    >>> from fsviz.metrics.counts import Training
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]))
    >>> labels = feature_labels(training)
    >>> labels.classes.tolist(), labels.label.tolist(), labels.negative.tolist()
    ([0, 1], [0, -1, 1, -1], [False, False, False, False])
    """

    classes: np.ndarray
    label: np.ndarray
    negative: np.ndarray


def feature_labels(training) -> FeatureLabels:
    """Stage 1: each word's class and sign by its largest ``|CC(t, c)|`` (see :class:`FeatureLabels`).

    Parameters
    ----------
    training : fsviz.metrics.counts.Training
        The labelled documents, read through :func:`cc_per_class`.

    Returns
    -------
    FeatureLabels
        The classes with a quota, and each word's class and sign.

    See Also
    --------
    fsviz.selection.cc_per_class : the correlations read.
    fsviz.selection.igfss_select : the selection the labels serve.

    References
    ----------
    .. [1] Deshpande, D. et al. (2016), Algorithm 3, stage 1: the 2m labels.

    Examples
    --------
    >>> from fsviz.metrics.counts import Training
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]))
    >>> feature_labels(training).label.tolist()  # words 1 and 3 are in one document of each class
    [0, -1, 1, -1]
    """
    classes = training.present_classes
    corr = cc_per_class(training)
    if not corr.size:
        return FeatureLabels(classes, np.full(training.n_words, UNLABELLED), np.zeros(training.n_words, dtype=bool))
    # The classes whose |CC| ties the word's largest (to rounding), positive
    # ones first; argmax then takes the lowest class index among them.
    size = np.abs(corr)
    tied = size >= size.max(axis=0) * (1 - 1e-9)
    preferred = tied & (corr > 0)
    label = np.where(preferred.any(axis=0), np.argmax(preferred, axis=0), np.argmax(tied, axis=0))
    best = corr[label, np.arange(corr.shape[1])]
    label = np.where(best != 0, label, UNLABELLED)
    return FeatureLabels(classes, label, best < 0)


def igfss_select(training, k: int, global_scores, nfr: float = 0.0) -> np.ndarray:
    """The k words IGFSS selects (Deshpande et al. 2016, Algorithm 3), in the order it takes them.

    Parameters
    ----------
    training : fsviz.metrics.counts.Training
        The labelled documents (every class's labels are read).
    k : int
        Size of the feature set (at most the number of words).
    global_scores : array-like of float, shape (n_words,)
        The global metric's scores (CMFS or ICMFS in the paper), higher is
        better.
    nfr : float in [0, 1], default 0
        Negative feature ratio: the share of each class's quota reserved for
        its non-membership features.

    Returns
    -------
    ndarray of int, shape (k,)
        Word indices: the stage-3 words in global order, then the stage-4
        fill in global order.

    See Also
    --------
    fsviz.selection.igfss_sets : several k, labelling once.
    fsviz.selected_words : ``selected_words("igfss(cmfs,nfr=0.2)", training, k)``.

    References
    ----------
    .. [1] Deshpande, D. et al. (2016), Algorithm 3 (after A. K. Uysal, 2016): stages 2 to 4.

    Examples
    --------
    >>> import numpy as np
    >>> from fsviz.metrics.counts import Training
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]))
    >>> igfss_select(training, 2, [4.0, 3.0, 2.0, 1.0]).tolist()  # word 0 for class 0, word 2 for class 1
    [0, 2]
    """
    return igfss_sets(training, [k], global_scores, nfr)[int(k)]


def igfss_sets(training, ks, global_scores, nfr: float = 0.0) -> dict:
    """:func:`igfss_select` for every k in ``ks`` (k → word indices), labelling and sorting the words once.

    Parameters
    ----------
    training : fsviz.metrics.counts.Training
        The labelled documents (every class's labels are read).
    ks : iterable of int
        Sizes of the feature sets, each from 0 to the number of words.
    global_scores : array-like of float, shape (n_words,)
        The global metric's scores, higher is better.
    nfr : float in [0, 1], default 0
        Negative feature ratio, as for :func:`igfss_select`.

    Returns
    -------
    dict
        Each k to an ndarray of int of shape (k,): the word indices, as :func:`igfss_select` orders them.

    Raises
    ------
    ValueError
        If a k is not a whole number from 0 to the number of words, or ``nfr`` is not in [0, 1].

    See Also
    --------
    fsviz.selection.igfss_select : one k.

    References
    ----------
    .. [1] Deshpande, D. et al. (2016), Algorithm 3 for several k, its stages 1 and 2 done once.

    Examples
    --------
    >>> from fsviz.metrics.counts import Training
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]))
    >>> {k: words.tolist() for k, words in igfss_sets(training, [2, 3], [4.0, 3.0, 2.0, 1.0]).items()}
    {2: [0, 2], 3: [0, 2, 1]}
    """
    n = training.n_words
    ks = [check_whole(k, "k", minimum=0) for k in ks]  # 0 is allowed here: the empty set
    if max(ks, default=0) > n:
        raise ValueError(f"`k` must be at most the number of words ({n}), got {max(ks)}")
    nfr = check_fraction(nfr, "`nfr` (negative feature ratio)")
    order = select_top_k(np.asarray(global_scores, dtype=np.float64), n).indices  # stage 2
    labels = feature_labels(training)
    classes, label, negative = labels.classes, labels.label, labels.negative
    # Each word's bucket (2 per class: positive, negative) and its place
    # among its bucket's words in global order, both in global order.
    bucket = np.where(label >= 0, 2 * label + negative, -1)[order]
    labelled = bucket >= 0
    place = np.zeros(n, dtype=np.int64)
    by_bucket = np.argsort(bucket[labelled], kind="stable")
    sizes = np.bincount(bucket[labelled], minlength=2 * classes.size)
    ranks = np.empty(by_bucket.size, dtype=np.int64)
    ranks[by_bucket] = np.arange(by_bucket.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    place[labelled] = ranks
    sets = {}
    for k in ks:
        taken = np.zeros(n, dtype=bool)
        if classes.size:
            per_class = k // classes.size
            n_negative = int(np.floor(nfr * per_class + 0.5))
            quota = np.array([per_class - n_negative, n_negative])
            taken[labelled] = place[labelled] < quota[bucket[labelled] % 2]  # stage 3
        stage3 = order[taken]
        sets[k] = np.concatenate([stage3, order[~taken][: k - stage3.size]])  # stage 4
    return sets
