"""Forman's twelve metrics and the one-sided correlation coefficient: formulas on the 2×2 table.

Each formula is written as the paper writes it for a positive feature
(tpr > fpr), on float arrays that broadcast; :class:`fsviz.metrics.Metric`
applies the inversion and absolute values. :func:`chi` and :func:`cc` also
score every class at once (multi-class χ², IGFSS's labels).

References
----------
.. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics
   for Text Classification", JMLR 3 (2003), Table 1 and its notes.
"""

from __future__ import annotations

import numpy as np
from scipy.special import ndtri, xlogy

from .base import Metric

__all__ = ["BNS_CLIP", "FORMAN_METRICS", "METRICS", "POW_EXPONENT", "PR_MIN_FPR", "cc", "chi"]

#: Forman's twelve metrics: the evaluation grid's default.
FORMAN_METRICS = ("acc", "acc2", "bns", "chi", "dfreq", "f1", "ig", "oddn", "odds", "pow", "pr", "rand")

#: BNS clips rates to this interval: "zero is substituted by 0.0005, half a
#: count out of 1000" (Forman 2003, §1); 1 is substituted symmetrically.
BNS_CLIP = (0.0005, 0.9995)
#: PR substitutes fpr' = 1e-8 where fpr = 0 (Forman 2003, §1).
PR_MIN_FPR = 1e-8
#: The exponent k of Pow, "chosen after a pilot study" (Forman 2003, §1).
POW_EXPONENT = 5


def _acc(tp, fp, pos, neg):
    return tp - fp


def _acc2(tp, fp, pos, neg):
    return tp / pos - fp / neg


def _bns(tp, fp, pos, neg):
    lo, hi = BNS_CLIP
    return ndtri(np.clip(tp / pos, lo, hi)) - ndtri(np.clip(fp / neg, lo, hi))


def chi(tp, fp, pos, neg):
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


def cc(tp, fp, pos, neg):
    # sqrt(N) (tp tn - fp fn) / sqrt((tp + fp)(fn + tn) pos neg) is the square
    # root of chi-square with the sign of tp tn - fp fn (0 where Chi is 0).
    return np.sign(tp * (neg - fp) - fp * (pos - tp)) * np.sqrt(chi(tp, fp, pos, neg))


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


def _rand(tp, fp, pos, neg):  # pragma: no cover - Metric.score_counts draws Rand itself
    raise AssertionError("Rand is drawn by Metric.score_counts, which owns the random state")


#: The metrics of the 2×2 table, in the registry's order.
METRICS = (
    Metric("acc", "Acc", "Accuracy", "tp − fp", _acc, inverted=True),
    Metric("acc2", "Acc2", "Accuracy balanced", "|tpr − fpr|", _acc2,
           two_sided=True, symmetric=True, selects_negative=True),
    Metric("bns", "BNS", "Bi-Normal Separation",
           "|F⁻¹(tpr) − F⁻¹(fpr)|, F the Normal c.d.f., rates clipped to [0.0005, 0.9995]",
           _bns, two_sided=True, symmetric=True, selects_negative=True),
    Metric("chi", "Chi", "Chi-squared",
           "Σ (observed − expected)² / expected over the 2×2 table "
           "= N (tp·tn − fp·fn)² / (pos·neg·(tp+fp)·(fn+tn))",
           chi, two_sided=True, symmetric=True, multiclass=True),
    Metric("cc", "CC", "Correlation Coefficient (one-sided)",
           "√N (P(t,c) P(¬t,¬c) − P(t,¬c) P(¬t,c)) / √(P(t) P(¬t) P(c) P(¬c)) "
           "= √N (tp·tn − fp·fn) / √((tp+fp)(fn+tn)·pos·neg)",
           cc, reference="Deshpande et al. (2016), CC, after Zheng, Wu & Srihari (2004); "
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
)
