"""Feature-selection metrics: the registry and Forman's twelve.

Most metrics score every word from its 2×2 table: ``tp`` (positive
documents containing the word), ``fp`` (negative documents containing it),
``pos`` and ``neg`` (documents in each class). Such a metric is a pure,
vectorised function of those four numbers that broadcasts, so the same
function scores a whole vocabulary and fills the contour grid of its
isoclines (``inputs="table"``).

Other registered metrics read more than the table (see :class:`Metric`'s
``inputs``): the document counts of every class (χ²max, multi-class IG, …,
in :mod:`fsviz.corpus_metrics`), term frequencies (the t-test, CMFS, …) or a
fitted model (:mod:`fsviz.model_metrics`). They score a training sample,
:class:`fsviz.scoring.Training`, through :func:`fsviz.score_words`, which
scores every kind.

The registry is the only list of metrics: the app, the grid, the CLI and the
tests iterate over :func:`metric_names`.

References
----------
.. [1] G. Forman, "An Extensive Empirical Study of Feature Selection Metrics
   for Text Classification", JMLR 3 (2003), Table 1 and its notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
from scipy.special import ndtri, xlogy

__all__ = [
    "FORMAN_METRICS",
    "INPUTS",
    "Metric",
    "get_metric",
    "metric_names",
    "negative_features",
    "register_metric",
    "score",
    "score_func",
]

FORMAN_2003 = "Forman (2003), JMLR 3, Table 1"
#: Forman's twelve metrics: the evaluation grid's default.
FORMAN_METRICS = ("acc", "acc2", "bns", "chi", "dfreq", "f1", "ig", "oddn", "odds", "pow", "pr", "rand")
#: What a metric reads, and how a page says so.
INPUTS = {
    "table": "the class's 2×2 document counts",
    "classes": "the document counts of every class",
    "frequency": "term frequencies",
    "model": "a model fitted on the training documents",
}

#: BNS clips rates to this interval: "zero is substituted by 0.0005, half a
#: count out of 1000" (Forman 2003, §1); 1 is substituted symmetrically.
BNS_CLIP = (0.0005, 0.9995)
#: PR substitutes fpr' = 1e-8 where fpr = 0 (Forman 2003, §1).
PR_MIN_FPR = 1e-8
#: The exponent k of Pow, "chosen after a pilot study" (Forman 2003, §1).
POW_EXPONENT = 5


@dataclass(frozen=True)
class Metric:
    """A registered feature-selection metric and what is known about it.

    Attributes
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
        :class:`fsviz.scoring.Training`; use :func:`fsviz.score_words`.
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

    def __post_init__(self):
        if self.inputs not in INPUTS:
            raise ValueError(f"`inputs` must be one of {', '.join(INPUTS)}, got {self.inputs!r}")


_REGISTRY: dict[str, Metric] = {}


def register_metric(metric: Metric) -> Metric:
    """Add ``metric`` to the registry; its name must be new and lower-case."""
    if metric.name != metric.name.lower() or not metric.name.isidentifier():
        raise ValueError(f"metric name must be a lower-case identifier, got {metric.name!r}")
    if metric.name in _REGISTRY:
        raise ValueError(f"a metric named {metric.name!r} is already registered")
    _REGISTRY[metric.name] = metric
    return metric


def metric_names(inputs=None) -> list[str]:
    """Every registered metric's key, sorted; only those reading ``inputs``
    (a key of :data:`INPUTS`, or several) when given.

    >>> metric_names("table")[:3]
    ['acc', 'acc2', 'bns']
    """
    if inputs is None:
        return sorted(_REGISTRY)
    wanted = {inputs} if isinstance(inputs, str) else set(inputs)
    return sorted(name for name, metric in _REGISTRY.items() if metric.inputs in wanted)


def get_metric(name: str) -> Metric:
    """The registered :class:`Metric` called ``name``.

    Raises
    ------
    ValueError
        If no metric has that name; the message lists the valid names.
    """
    try:
        return _REGISTRY[name.lower()] if isinstance(name, str) else _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown metric {name!r}; valid metrics are {', '.join(metric_names())}"
        ) from None


# --- the formulas, on float arrays, for a positive feature -------------------


def _acc(tp, fp, pos, neg):
    return tp - fp


def _acc2(tp, fp, pos, neg):
    return tp / pos - fp / neg


def _bns(tp, fp, pos, neg):
    lo, hi = BNS_CLIP
    return ndtri(np.clip(tp / pos, lo, hi)) - ndtri(np.clip(fp / neg, lo, hi))


def _chi(tp, fp, pos, neg):
    # The 2x2 chi-square without continuity correction, in closed form:
    # N (tp tn - fp fn)^2 / (pos neg (tp + fp)(fn + tn)); 0 where a margin is 0
    # (the word is in no document or in every document: no evidence either way).
    fn = pos - tp
    tn = neg - fp
    n = pos + neg
    present = tp + fp
    margin = present * (n - present)
    with np.errstate(divide="ignore", invalid="ignore"):
        chi = n * (tp * tn - fp * fn) ** 2 / (pos * neg * margin)
    return np.where(margin > 0, chi, 0.0)


def _cc(tp, fp, pos, neg):
    # sqrt(N) (tp tn - fp fn) / sqrt((tp + fp)(fn + tn) pos neg) is the square
    # root of chi-square with the sign of tp tn - fp fn (0 where Chi is 0).
    return np.sign(tp * (neg - fp) - fp * (pos - tp)) * np.sqrt(_chi(tp, fp, pos, neg))


def _dfreq(tp, fp, pos, neg):
    return tp + fp


def _f1(tp, fp, pos, neg):
    return 2 * tp / (pos + tp + fp)


def _ig(tp, fp, pos, neg):
    # e(x, y) (x + y) = (x+y) log(x+y) - x log x - y log y, with 0 log 0 = 0, so
    # IG = [e(pos,neg) N - e(tp,fp)(tp+fp) - e(fn,tn)(fn+tn)] / N, in bits.
    fn = pos - tp
    tn = neg - fp
    n = pos + neg
    present = tp + fp
    absent = n - present
    h_class = xlogy(n, n) - xlogy(pos, pos) - xlogy(neg, neg)
    h_present = xlogy(present, present) - xlogy(tp, tp) - xlogy(fp, fp)
    h_absent = xlogy(absent, absent) - xlogy(fn, fn) - xlogy(tn, tn)
    ig = (h_class - h_present - h_absent) / (n * np.log(2))
    # Rounding can leave -1e-17 where the word carries no information.
    return np.maximum(ig, 0.0)


def _oddn(tp, fp, pos, neg):
    return (tp / pos) * (1 - fp / neg)


def _odds(tp, fp, pos, neg):
    # tpr (1 - fpr) / ((1 - tpr) fpr) = tp tn / (fn fp), a zero count in the
    # denominator replaced by one. np.maximum is that replacement at integer
    # counts and keeps the surface continuous between them (for isoclines).
    fn = pos - tp
    tn = neg - fp
    return tp * tn / (np.maximum(fn, 1.0) * np.maximum(fp, 1.0))


def _pow(tp, fp, pos, neg):
    return (1 - fp / neg) ** POW_EXPONENT - (1 - tp / pos) ** POW_EXPONENT


def _pr(tp, fp, pos, neg):
    # fpr' = 1e-8 at fp = 0; np.maximum equals that at integer counts whenever
    # neg < 1e8 and keeps the surface continuous.
    return (tp / pos) / np.maximum(fp / neg, PR_MIN_FPR)


def _rand(tp, fp, pos, neg):  # pragma: no cover - score() draws Rand itself
    raise AssertionError("Rand is drawn by score(), which owns the random state")


for _metric in [
    Metric("acc", "Acc", "Accuracy", "tp − fp", _acc, inverted=True),
    Metric("acc2", "Acc2", "Accuracy balanced", "|tpr − fpr|", _acc2,
           two_sided=True, symmetric=True, selects_negative=True),
    Metric("bns", "BNS", "Bi-Normal Separation",
           "|F⁻¹(tpr) − F⁻¹(fpr)|, F the Normal c.d.f., rates clipped to [0.0005, 0.9995]",
           _bns, two_sided=True, symmetric=True, selects_negative=True),
    Metric("chi", "Chi", "Chi-squared",
           "Σ (observed − expected)² / expected over the 2×2 table "
           "= N (tp·tn − fp·fn)² / (pos·neg·(tp+fp)·(fn+tn))",
           _chi, two_sided=True, symmetric=True, multiclass=True),
    Metric("cc", "CC", "Correlation Coefficient (one-sided)",
           "√N (P(t,c) P(¬t,¬c) − P(t,¬c) P(¬t,c)) / √(P(t) P(¬t) P(c) P(¬c)) "
           "= √N (tp·tn − fp·fn) / √((tp+fp)(fn+tn)·pos·neg)",
           _cc, reference="Deshpande et al. (2016), CC, after Zheng, Wu & Srihari (2004); "
           "one-sided: negative features score below 0, so they are picked last; CC² = Chi"),
    Metric("dfreq", "DFreq", "Document Frequency", "tp + fp", _dfreq,
           symmetric=True, selects_negative=True, needs_labels=False, multiclass=True),
    Metric("f1", "F1", "F1-Measure", "2·tp / (pos + tp + fp)", _f1, inverted=True),
    Metric("ig", "IG", "Information Gain",
           "e(pos, neg) − [P(word) e(tp, fp) + P(¬word) e(fn, tn)], "
           "e(x, y) = −x/(x+y) log₂ x/(x+y) − y/(x+y) log₂ y/(x+y)",
           _ig, two_sided=True, symmetric=True, selects_negative=True, multiclass=True),
    Metric("oddn", "OddN", "Odds Ratio Numerator", "tpr (1 − fpr)", _oddn,
           inverted=True, symmetric=True),
    Metric("odds", "Odds", "Odds Ratio",
           "tpr (1 − fpr) / ((1 − tpr) fpr), a zero count in the denominator replaced by 1",
           _odds, inverted=True, symmetric=True, selects_negative=True),
    Metric("pow", "Pow", "Power", "(1 − fpr)^5 − (1 − tpr)^5", _pow, inverted=True),
    Metric("pr", "PR", "Probability Ratio", "tpr / fpr, fpr' = 1e-8 where fp = 0", _pr,
           inverted=True),
    Metric("rand", "Rand", "Random", "random(), seeded", _rand, symmetric=True,
           needs_labels=False, multiclass=True, random=True),
]:
    register_metric(_metric)


# --- scoring -----------------------------------------------------------------


def _validate_counts(tp, fp, pos, neg):
    tp, fp, pos, neg = np.broadcast_arrays(*(np.asarray(a, dtype=np.float64) for a in (tp, fp, pos, neg)))
    if np.any(pos < 1) or np.any(neg < 1):
        raise ValueError(
            "`pos` and `neg` must both be at least 1 (a task needs documents in "
            f"each class), got pos={np.min(pos):g}, neg={np.min(neg):g}"
        )
    if np.any(tp < 0) or np.any(tp > pos):
        raise ValueError("`tp` must lie in [0, pos]: a word cannot be in more positive documents than exist")
    if np.any(fp < 0) or np.any(fp > neg):
        raise ValueError("`fp` must lie in [0, neg]: a word cannot be in more negative documents than exist")
    return tp, fp, pos, neg


def negative_features(tp, fp, pos, neg) -> np.ndarray:
    """Boolean mask of negative features: tpr < fpr, i.e. ``tp·neg < fp·pos``.

    Compared as cross products, so integer counts are classified exactly.
    """
    return np.asarray(tp) * np.asarray(neg) < np.asarray(fp) * np.asarray(pos)


def score(name, tp, fp, pos, neg, *, signed=False, random_state=0) -> np.ndarray:
    """Score words with the metric ``name``.

    Parameters
    ----------
    name : str
        A key from :func:`metric_names`.
    tp, fp : array_like
        Positive and negative documents containing each word. Floats are
        allowed (the isocline grid evaluates between integer counts).
    pos, neg : array_like
        Positive and negative documents; each at least 1. All four broadcast.
    signed : bool, default False
        False (Forman's setting): negative features are scored like positive
        ones, by the inversion tpr' = 1 - tpr, fpr' = 1 - fpr for metrics that
        would otherwise devalue them, and by the metric's own absolute value
        for BNS, Acc2, Chi and IG. True: no inversion, and two-sided metrics
        carry the sign of tpr - fpr, so ranking prefers positive features.
    random_state : int, numpy Generator or None, default 0
        Seed for Rand, whose scores depend only on the broadcast shape.

    Returns
    -------
    ndarray of float64, the broadcast shape of the inputs.

    Raises
    ------
    ValueError
        For an unknown metric or counts outside 0 <= tp <= pos, 0 <= fp <= neg,
        pos, neg >= 1.

    Notes
    -----
    Every metric is finite for every valid table. The edge-case rules are
    the paper's: BNS clips rates to [0.0005, 0.9995]; Odds replaces a zero
    count in its denominator by one; PR uses fpr' = 1e-8 at fp = 0; Chi is 0
    for a word in no document or in every document; IG uses 0 log 0 = 0.

    Examples
    --------
    The second word is negative (tpr 0.1 < fpr 0.3), so Acc scores its
    inversion, (20 - 2) - (100 - 30), unless ``signed``:

    >>> import fsviz
    >>> fsviz.score("acc", [10, 2], [1, 30], 20, 100).tolist()
    [9.0, -52.0]
    >>> fsviz.score("acc", [10, 2], [1, 30], 20, 100, signed=True).tolist()
    [9.0, -28.0]
    >>> round(float(fsviz.score("bns", 20, 1, 50, 1000)), 3)
    2.837
    """
    metric = get_metric(name)
    if metric.inputs != "table":
        raise ValueError(
            f"metric {name!r} reads {INPUTS[metric.inputs]}, not a 2×2 table; score it with "
            "fsviz.score_words(name, corpus.training(positive_class))"
        )
    tp, fp, pos, neg = _validate_counts(tp, fp, pos, neg)
    if metric.random:
        return np.random.default_rng(random_state).random(tp.shape)
    negative = negative_features(tp, fp, pos, neg)
    if metric.inverted and not signed:
        tp = np.where(negative, pos - tp, tp)
        fp = np.where(negative, neg - fp, fp)
    scores = np.asarray(metric.func(tp, fp, pos, neg), dtype=np.float64)
    if metric.two_sided:
        scores = np.abs(scores)
        if signed:
            scores = np.where(negative, -scores, scores)
    return scores


def score_func(name, **kwargs):
    """A ``score_func(X, y) -> scores`` for scikit-learn's ``SelectKBest``.

    ``X`` is binarised (a word is present where its count is > 0); ``y`` must
    hold exactly two labels, and the larger one (after sorting, as
    scikit-learn's ``pos_label`` convention) is the positive class.
    ``kwargs`` go to :func:`score` (``signed``, ``random_state``).

    Examples
    --------
    >>> from sklearn.feature_selection import SelectKBest
    >>> import fsviz
    >>> selector = SelectKBest(fsviz.score_func("bns"), k=100)
    """
    get_metric(name)  # fail now, not at fit time

    def _score(X, y):
        from .counts import binary_counts

        y = np.asarray(y)
        labels = np.unique(y)
        if labels.size != 2:
            raise ValueError(
                f"score_func('{name}') needs exactly two classes in y, got {labels.size}; "
                "for several classes score one class against the rest"
            )
        tp, fp, pos, neg = binary_counts(X, y == labels[1])
        return score(name, tp, fp, pos, neg, **kwargs)

    _score.__name__ = f"{name}_score"
    _score.__qualname__ = _score.__name__
    return _score


# The metrics that read more than a 2×2 table register themselves on import.
from . import corpus_metrics, model_metrics  # noqa: E402,F401
