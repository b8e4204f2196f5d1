"""The 2×2 metrics proposed since Forman (2003) that papers compare against, and Weka's entropy ratios.

DFS (Uysal & Gunal 2012), NDM (Rehman et al. 2017), MMR (Rehman et al.
2018), the improved Gini index (Shang et al. 2007), Poisson deviation
(Ogura, Amano & Kondo 2009), gain ratio and symmetric uncertainty (Quinlan;
Weka's ``GainRatioAttributeEval`` and ``SymmetricalUncertAttributeEval``,
ITMO_FS). Each is a function of one word's document counts ``tp``, ``fp``
of ``pos`` and ``neg`` documents on float arrays that broadcast, written
for two classes, the word's class c and the rest c̄: tpr = P(t|c),
fpr = P(t|c̄), P(c|t) = tp / (tp + fp), fn = pos − tp, tn = neg − fp,
N = pos + neg. Entropies are in bits, as Forman's IG.

Every one of them scores a word for either class (it is unchanged when the
classes swap), so none needs Forman's inversion; the registry marks them
``two_sided`` and ``signed=True`` gives a word the sign of tpr − fpr. NDM,
MMR, gain ratio and SU rise in tp above the diagonal and fall below it, as
Forman's metrics do, so their top k lies beyond an isocline. DFS, Gini and
Poisson deviation are not 0 on the diagonal and, with skewed classes, can
fall as a positive word gains documents (they weigh P(c|t), which the large
class dominates); they are marked ``monotone=False`` and their isocline is
drawn only for a task whose plane has the shape (:func:`fsviz.stats.isoclines.isocline_shape`).

References
----------
.. [1] Uysal, A. K., S. Gunal, "A novel probabilistic feature selection method
   for text classification", Knowledge-Based Systems 36 (2012).
.. [2] Rehman, A., K. Javed, H. A. Babri, "Feature selection based on a
   normalized difference measure for text classification", Information
   Processing & Management 53(2) (2017).
.. [3] Rehman, A., K. Javed, H. A. Babri, N. Asim, "Selection of the most
   relevant terms based on a max-min ratio metric for text classification",
   Expert Systems with Applications 114 (2018).
.. [4] Shang, W., H. Huang, H. Zhu, Y. Lin, Y. Qu, Z. Wang, "A novel feature
   selection algorithm for text categorization", Expert Systems with
   Applications 33(1) (2007).
.. [5] Ogura, H., H. Amano, M. Kondo, "Feature selection with a measure of
   deviations from Poisson in text categorization", Expert Systems with
   Applications 36(3) (2009).
.. [6] Quinlan, J. R., C4.5 (1993): gain ratio; W. H. Press et al., Numerical
   Recipes: symmetric uncertainty; both as Weka's attribute evaluators.
"""

from __future__ import annotations

import numpy as np
from scipy.special import xlogy

from .base import Metric
from .keyness import rarer_information, rarer_side

__all__ = ["METRICS", "RATE_FLOOR", "dfs", "gain_ratio", "gini", "mmr", "ndm", "poisson", "su"]

UYSAL = "Uysal & Gunal (2012), Knowledge-Based Systems 36, DFS, two-class form"
REHMAN_2017 = "Rehman, Javed & Babri (2017), Information Processing & Management 53(2), NDM"
REHMAN_2018 = "Rehman, Javed, Babri & Asim (2018), Expert Systems with Applications 114, MMR"
SHANG = "Shang et al. (2007), Expert Systems with Applications 33(1), improved Gini index"
OGURA = "Ogura, Amano & Kondo (2009), Expert Systems with Applications 36(3), Poisson deviation"
QUINLAN = "Quinlan (1993), C4.5's gain ratio; Weka GainRatioAttributeEval"
WEKA_SU = "Weka SymmetricalUncertAttributeEval; ITMO_FS su_measure"
#: NDM and MMR floor min(tpr, fpr) at RATE_FLOOR / max(pos, neg): half a document of the larger class.
RATE_FLOOR = 0.5


def dfs(tp, fp, pos, neg):
    """Distinguishing Feature Selector, two-class form (Uysal & Gunal 2012, eq. 5).

    Notes
    -----
    DFS(t) = Σ_i P(C_i|t) / (P(t̄|C_i) + P(t|C̄_i) + 1), summed over the word's
    class and the rest:

        DFS = P(c|t) / (2 − tpr + fpr) + P(c̄|t) / (2 + tpr − fpr),

    between 1/3 and 1 (1 for a word in every document of one class and in
    no other). A word in no document has no P(c|t); it scores the limit
    of the formula there, 1/2 (both denominators tend to 2).
    """
    present = tp + fp
    d = tp / pos - fp / neg
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(present > 0, tp / present, 0.5)
    return share / (2 - d) + (1 - share) / (2 + d)


def _min_rate(tpr, fpr, pos, neg):
    return np.maximum(np.minimum(tpr, fpr), RATE_FLOOR / np.maximum(pos, neg))


def ndm(tp, fp, pos, neg):
    """Normalized Difference Measure (Rehman et al. 2017): |tpr − fpr| / min(tpr, fpr).

    Notes
    -----
    The paper's NDM is infinite where the smaller rate is 0, the words
    present in only one class, and substitutes a small value there. We
    floor min(tpr, fpr) at ε = 0.5 / max(pos, neg), the rate of half a
    document of the larger class: at whole counts it binds only at 0 (any
    other rate is ≥ 1 / max(pos, neg)), the same ε serves both sides, so
    NDM is unchanged when the classes swap, and the score stays continuous
    and strictly monotone in tp on each side of the diagonal. Words
    present in one class only are then ranked by |tpr − fpr| / ε, above
    every word present in both (as PR ranks them).
    """
    tpr, fpr = tp / pos, fp / neg
    return np.abs(tpr - fpr) / _min_rate(tpr, fpr, pos, neg)


def mmr(tp, fp, pos, neg):
    """Max-Min Ratio (Rehman et al. 2018): max(tpr, fpr) · |tpr − fpr| / min(tpr, fpr).

    Notes
    -----
    NDM weighted by the larger rate, so that among words of equal NDM the
    more frequent one ranks higher. min(tpr, fpr) is floored as in
    :func:`ndm`, at 0.5 / max(pos, neg).
    """
    tpr, fpr = tp / pos, fp / neg
    return np.maximum(tpr, fpr) * np.abs(tpr - fpr) / _min_rate(tpr, fpr, pos, neg)


def gini(tp, fp, pos, neg):
    """Improved Gini index (Shang et al. 2007): Σ_i P(t|C_i)² P(C_i|t)², for two classes.

    Notes
    -----
    Gini(t) = tpr² P(c|t)² + fpr² P(c̄|t)², in [0, 1]. A word in no document
    scores 0, the limit of the formula there (both rates tend to 0).

    Shang et al. sum over the categories of a multi-class task; one class
    against the rest, we sum over the class and the rest, as the formula
    reads for two classes. On a skewed task the rest's term then dominates
    and very common words score high (on the sample corpus's scipy.stats
    task "the" and "of" lead). The class's own term alone, tpr² P(c|t)²,
    would be a one-sided variant; we keep the paper's sum.
    """
    present = tp + fp
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(present > 0, tp / present, 0.0)
    return (tp / pos * share) ** 2 + (fp / neg * (1 - share)) ** 2


def poisson(tp, fp, pos, neg):
    """Poisson deviation (Ogura, Amano & Kondo 2009): how far the word's 2×2 table is from a Poisson word's.

    Notes
    -----
    A word spread by a Poisson process with rate λ per document is present
    in a document with probability 1 − e^{−λ}, whichever its class, so the
    expected table is â = pos (1 − e^{−λ}), b̂ = neg (1 − e^{−λ}),
    ĉ = pos e^{−λ}, d̂ = neg e^{−λ}, and

        POI = (tp − â)²/â + (fp − b̂)²/b̂ + (fn − ĉ)²/ĉ + (tn − d̂)²/d̂.

    Ogura et al. take λ = F / N, F the word's total frequency. On the 2×2
    table we only have presence, so F is the document frequency tp + fp
    (the binary document-term matrix's frequency). A word in no document
    fits the Poisson word exactly (λ = 0, â = b̂ = 0): POI = 0.
    """
    fn = pos - tp
    tn = neg - fp
    rate = (tp + fp) / (pos + neg)
    absent = np.exp(-rate)
    present = -np.expm1(-rate)
    with np.errstate(divide="ignore", invalid="ignore"):
        seen = (tp - pos * present) ** 2 / (pos * present) + (fp - neg * present) ** 2 / (neg * present)
    unseen = (fn - pos * absent) ** 2 / (pos * absent) + (tn - neg * absent) ** 2 / (neg * absent)
    return np.where(present > 0, seen, 0.0) + unseen


def _entropies(tp, fp, pos, neg):
    """(IG, H(C), H(T)) in nats: the information the word's presence T gives on the class C."""
    tp, fp = rarer_side(tp, fp, pos, neg)  # a word and its absence tie exactly
    n = pos + neg
    p_word = (tp + fp) / n
    p_class = pos / n
    h_class = -xlogy(p_class, p_class) - xlogy(1 - p_class, 1 - p_class)
    h_word = -xlogy(p_word, p_word) - xlogy(1 - p_word, 1 - p_word)
    return rarer_information(tp, fp, pos, neg), h_class, np.maximum(h_word, 0.0)


def gain_ratio(tp, fp, pos, neg):
    """Gain ratio IG / H(T) (Quinlan; Weka's GainRatioAttributeEval on the word's presence).

    Notes
    -----
    GR = IG(C; T) / H(T), H(T) = −p log p − (1 − p) log(1 − p), p = (tp + fp) / N,
    the split information of the word's presence. It corrects IG's bias
    towards words that split the documents evenly. A word in no document or
    in every document has H(T) = 0 and IG = 0: GR = 0, Weka's rule.
    Unitless (the logarithm's base cancels).
    """
    ig, _, h_word = _entropies(tp, fp, pos, neg)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = ig / h_word
    return np.where(h_word > 0, np.minimum(ratio, 1.0), 0.0)


def su(tp, fp, pos, neg):
    """Symmetric uncertainty 2 IG / (H(C) + H(T)) (Weka's SymmetricalUncertAttributeEval, ITMO_FS).

    Notes
    -----
    SU = 2 IG(C; T) / (H(C) + H(T)), in [0, 1]: 1 when the word's presence
    determines the class. H(C) > 0 whenever both classes have documents,
    so SU is defined everywhere on the plane; 0 for a word in no or every
    document.
    """
    ig, h_class, h_word = _entropies(tp, fp, pos, neg)
    return np.minimum(2 * ig / (h_class + h_word), 1.0)


#: The later 2×2 baselines and entropy ratios, in the registry's order.
METRICS = (
    Metric("dfs", "DFS", "Distinguishing Feature Selector",
           "P(c|t)/(2 − tpr + fpr) + P(c̄|t)/(2 + tpr − fpr)", dfs,
           two_sided=True, symmetric=True, selects_negative=True, multiclass=True, monotone=False, reference=UYSAL),
    Metric("ndm", "NDM", "Normalized Difference Measure", "|tpr − fpr| / min(tpr, fpr), min floored at 0.5/max(pos, neg)",
           ndm, two_sided=True, symmetric=True, selects_negative=True, reference=REHMAN_2017),
    Metric("mmr", "MMR", "Max-Min Ratio",
           "max(tpr, fpr) · |tpr − fpr| / min(tpr, fpr), min floored at 0.5/max(pos, neg)",
           mmr, two_sided=True, symmetric=True, selects_negative=True, reference=REHMAN_2018),
    Metric("gini", "Gini", "Improved Gini index", "tpr² P(c|t)² + fpr² P(c̄|t)²", gini,
           two_sided=True, symmetric=True, selects_negative=True, multiclass=True, monotone=False, reference=SHANG),
    Metric("poisson", "Poisson", "Deviation from Poisson",
           "Σ (O − E)²/E over the 2×2 table, E from presence 1 − e^{−λ}, λ = (tp + fp)/N", poisson,
           two_sided=True, symmetric=True, selects_negative=True, monotone=False, reference=OGURA),
    Metric("gain_ratio", "Gain ratio", "Information Gain Ratio", "IG / H(T), H(T) the entropy of the word's presence",
           gain_ratio, two_sided=True, symmetric=True, selects_negative=True, multiclass=True, reference=QUINLAN),
    Metric("su", "SU", "Symmetric Uncertainty", "2 IG / (H(C) + H(T))", su,
           two_sided=True, symmetric=True, selects_negative=True, multiclass=True, reference=WEKA_SU),
)
