"""What a metric is: :class:`Metric`, what it may read, and how any metric scores a sample.

Most metrics score every word from its 2×2 table: ``tp`` (positive
documents containing the word), ``fp`` (negative documents containing it),
``pos`` and ``neg`` (documents in each class). Such a metric is a pure,
vectorised function of those four numbers that broadcasts, so the same
function scores a whole vocabulary and fills the contour grid of its
isoclines (``inputs="table"``). Other metrics read more than the table (see
``inputs``): the document counts of every class, term frequencies or a
fitted model; their function takes a :class:`fsviz.metrics.counts.Training`.

Every metric scores a Training sample the same way,
:meth:`Metric.score_training`: that is the one scoring contract the
selection engine relies on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .._validation import check_counts
from .counts import negative_features

__all__ = ["FORMAN_2003", "INPUTS", "Metric"]

FORMAN_2003 = "Forman (2003), JMLR 3, Table 1"
#: What a metric reads, and how a page says so.
INPUTS = {
    "table": "the class's 2×2 document counts",
    "classes": "the document counts of every class",
    "frequency": "term frequencies",
    "model": "a model fitted on the training documents",
}


@dataclass(frozen=True)
class Metric:
    """A registered feature-selection metric and what is known about it.

    Parameters
    ----------
    name : str
        Lower-case registry key, e.g. ``"bns"``.
    label : str
        Display name, e.g. ``"BNS"``.
    description : str
        Long name, e.g. ``"Bi-Normal Separation"``.
    formula : str
        The formula in the paper's notation.
    func : callable
        For ``inputs="table"``: ``func(tp, fp, pos, neg) -> ndarray`` on float
        arrays, the formula as the paper writes it for a positive feature
        (tpr > fpr), with no inversion and no absolute value. Use
        :func:`score` rather than calling it directly. For every other
        ``inputs``: ``func(training) -> ndarray``, one score per word of a
        :class:`fsviz.metrics.counts.Training`; use :func:`fsviz.score_words`.
    inverted : bool
        Forman's inversion applies: the formula devalues negative features,
        so a word with tpr < fpr is scored with tpr' = 1 - tpr and
        fpr' = 1 - fpr.
    two_sided : bool
        The formula already scores negative features as highly as positive
        ones (an absolute value or a squared difference); ``signed=True``
        gives such scores the sign of tpr - fpr.
    symmetric : bool
        The score is unchanged when the positive and negative classes swap
        (tp <-> fp, pos <-> neg). Checked by property tests.
    selects_negative : bool
        Table 1's dagger: selects a substantial number of negative features.
    needs_labels : bool
        False for DFreq and Rand, which ignore the class.
    multiclass : bool
        Table 1's double dagger: generalises to several classes.
    random : bool
        The scores are uniform random draws seeded by ``random_state`` (Rand); ``func`` is not called.
    reference : str
        Where the definition comes from.
    inputs : str
        What the metric reads, a key of :data:`INPUTS`: ``"table"`` (the 2×2
        counts; only these have isoclines on the word map), ``"classes"``,
        ``"frequency"`` or ``"model"``.
    all_classes : bool
        One score per word for the whole label set (χ²max, the t-test, …),
        the same whichever class is positive; False: scores one class
        against the rest.
    monotone : bool
        For a table metric: its score (after inversion or absolute value)
        never falls as tp grows above the diagonal and never rises below
        it, on every task's plane, so its top k lies beyond an isocline
        (Forman's twelve). False: the shape is read off each task's plane,
        as a formula's is (:func:`fsviz.stats.isoclines.isocline_shape`), and a
        task without it gets no isocline (DFS, Gini, Poisson deviation).

    Raises
    ------
    ValueError
        If ``inputs`` is not a key of :data:`INPUTS`.

    See Also
    --------
    fsviz.get_metric : a registered metric by name.
    fsviz.register_metric : adds a metric of your own to the registry.
    fsviz.score : scores counts with a registered metric.

    References
    ----------
    G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for
    Text Classification", JMLR 3 (2003), Table 1: the twelve metrics and the
    flags ``selects_negative`` (its dagger) and ``multiclass`` (its double
    dagger), and its note on inverting negative features (``inverted``).

    Examples
    --------
    The difference of the rates as a metric of your own; with ``inverted`` the
    negative second word scores (1 - 0.1) - (1 - 0.3):

    >>> import numpy as np
    >>> from fsviz import Metric
    >>> gap = Metric("tpr_gap", "TPR gap", "Rate difference", "tpr − fpr",
    ...              lambda tp, fp, pos, neg: tp / pos - fp / neg, inverted=True, reference="mine")
    >>> gap.score_counts(np.array([10.0, 2.0]), np.array([1.0, 30.0]), 20, 100).round(3).tolist()
    [0.49, 0.2]
    >>> gap.reads_table
    True
    """

    name: str
    label: str
    description: str
    formula: str
    func: Callable[..., np.ndarray]
    inverted: bool = False
    two_sided: bool = False
    symmetric: bool = False
    selects_negative: bool = False
    needs_labels: bool = True
    multiclass: bool = False
    random: bool = False
    reference: str = FORMAN_2003
    inputs: str = "table"
    all_classes: bool = False
    monotone: bool = True

    def __post_init__(self):
        if self.inputs not in INPUTS:
            raise ValueError(f"`inputs` must be one of {', '.join(INPUTS)}, got {self.inputs!r}")

    @property
    def model_based(self) -> bool:
        """True when the metric reads a fitted model (Goutte et al.'s model-based relevance), not the corpus."""
        return self.inputs == "model"

    @property
    def reads_table(self) -> bool:
        """True when the metric reads only the 2×2 table: it has isoclines and a ``score_func``."""
        return self.inputs == "table"

    def score_counts(self, tp, fp, pos, neg, *, signed=False, random_state=0) -> np.ndarray:
        """A table metric's scores from counts already checked (:func:`fsviz.score` checks them).

        Applies Forman's inversion of negative features, the absolute value
        of two-sided formulas (or their sign, ``signed``), and draws Rand.

        Parameters
        ----------
        tp, fp : ndarray
            Positive and negative documents containing each word.
        pos, neg : int or ndarray
            Positive and negative documents.
        signed : bool, default False
            No inversion, and two-sided scores carry the sign of tpr - fpr (see :func:`fsviz.score`).
        random_state : int, numpy Generator or None, default 0
            Seed for Rand.

        Returns
        -------
        ndarray of float64
            The scores, in the shape of the counts.
        """
        if self.random:
            return np.random.default_rng(random_state).random(tp.shape)
        negative = negative_features(tp, fp, pos, neg)
        if self.inverted and not signed:
            tp = np.where(negative, pos - tp, tp)
            fp = np.where(negative, neg - fp, fp)
        scores = np.asarray(self.func(tp, fp, pos, neg), dtype=np.float64)
        if self.two_sided:
            scores = np.abs(scores)
            if signed:
                scores = np.where(negative, -scores, scores)
        return scores

    def score_training(self, training, *, random_state=0) -> np.ndarray:
        """Every word's score on a :class:`fsviz.metrics.counts.Training` sample: the one contract for every metric.

        A table metric scores the sample's 2×2 table of its positive class;
        any other metric's function reads the sample itself.

        Parameters
        ----------
        training : fsviz.Training
            The documents to score from.
        random_state : int, numpy Generator or None, default 0
            Seed for Rand.

        Returns
        -------
        ndarray of float64 of shape (n_words,)
            One score per word.
        """
        if self.reads_table:
            tp, fp, pos, neg = check_counts(*training.table())
            return self.score_counts(tp, fp, pos, neg, random_state=random_state)
        return np.asarray(self.func(training), dtype=np.float64)
