"""Keyness and significance statistics on the 2×2 table: log-odds with a prior, G², log ratio, ANOVA F.

The statistics corpus linguists and social scientists reach for to say
which words distinguish two groups of documents (quanteda's
``textstat_keyness``, Scattertext, tidylo, ConvoKit's Fightin' Words) and
scikit-learn's ``f_classif``, written as functions of one word's document
counts ``tp``, ``fp`` of ``pos`` and ``neg`` documents, float arrays that
broadcast (:mod:`fsviz.metrics.base`). Each returns the statistic with the
sign of tpr − fpr where it has one; the registry ranks by magnitude
(``two_sided``), so a word that marks the rest of the corpus is selected as
readily as one that marks the class, Forman's treatment of Chi, BNS and IG;
``fsviz.score(..., signed=True)`` keeps the sign. Every function is finite
on the whole plane 0 ≤ tp ≤ pos, 0 ≤ fp ≤ neg (pos, neg ≥ 1) and, in the
table's words, fn = pos − tp, tn = neg − fp, N = pos + neg.

References
----------
.. [1] Monroe, B. L., M. P. Colaresi, K. M. Quinn, "Fightin' Words: Lexical
   Feature Selection and Evaluation for Identifying the Content of Political
   Conflict", Political Analysis 16(4) (2008), §3.5, eq. 16–22.
.. [2] Dunning, T., "Accurate Methods for the Statistics of Surprise and
   Coincidence", Computational Linguistics 19(1) (1993).
.. [3] Hardie, A., "Log Ratio: an informal introduction", ESRC Centre for
   Corpus Approaches to Social Science (CASS), 2014.
.. [4] scikit-learn, ``sklearn.feature_selection.f_classif`` (one-way ANOVA F).
"""

from __future__ import annotations

import numpy as np
from scipy.special import xlog1py, xlogy

from .base import Metric

__all__ = ["LOG_RATIO_SMOOTHING", "METRICS", "anova_f", "check_alpha0", "g2", "information",
           "rarer_information", "rarer_side", "log_odds", "log_odds_metric",
           "log_ratio"]

MONROE = "Monroe, Colaresi & Quinn (2008), Fightin' Words, Political Analysis 16(4), eq. 16–22"
DUNNING = "Dunning (1993), Computational Linguistics 19(1); G² as quanteda's textstat_keyness"
HARDIE = "Hardie (2014), Log Ratio: an informal introduction (CASS)"
SKLEARN_F = "scikit-learn's f_classif (one-way ANOVA F) on the binary document-term column"
_TINY_ROW = 1e-300  # d / (1e-300 · pos) stays finite for any corpus: d is 0 there
#: Log ratio adds ε = LOG_RATIO_SMOOTHING / N to both relative frequencies.
LOG_RATIO_SMOOTHING = 0.5


def check_alpha0(alpha0) -> None:
    """Refuse a prior weight that is not a positive finite number (None means N, the default)."""
    if alpha0 is None:
        return
    if isinstance(alpha0, bool) or not isinstance(alpha0, (int, float, np.integer, np.floating)) \
            or not np.isfinite(alpha0) or alpha0 <= 0:
        raise ValueError(f"`alpha0` must be a positive number of prior documents (or None for N), got {alpha0!r}")


def log_odds(tp, fp, pos, neg, *, alpha0=None):
    """The z-score of the log-odds ratio with an informative Dirichlet prior (Monroe et al. 2008).

    Notes
    -----
    Fightin' Words on document counts: in each class a word is present in a
    document or not, and the prior on its presence rate is the Dirichlet
    (here Beta) whose mean is the word's own document frequency in the
    sample, p = (tp + fp) / N, worth α₀ documents:

        a = α₀ p (present),  b = α₀ (1 − p) (absent),
        δ = log[(tp + a) / (fn + b)] − log[(fp + a) / (tn + b)],
        σ² = 1/(tp + a) + 1/(fn + b) + 1/(fp + a) + 1/(tn + b),
        z = δ / σ.

    This is eq. 16 and 20–22 of Monroe et al. with the words' counts y_w,
    n replaced by document counts (tp of pos, fp of neg) and α_w = α₀ p,
    so n + α₀ − y − α_w is fn + b. Monroe et al.'s variance keeps only the
    two "present" terms, since with word counts n − y dwarfs y; with
    document counts a common word's absent count is small, so we keep all
    four (the posterior variance of a Beta log-odds; Scattertext's
    informative-prior code does the same). With them δ and z are 0 exactly
    on the diagonal tpr = fpr and z changes sign with class swap.

    α₀ defaults to N = pos + neg: the prior counts are the word's own
    document frequency in the sample (α_w = tp + fp), as tidylo's default
    empirical-Bayes prior takes each feature's count in the whole data: the
    sample is its own background corpus. A smaller α₀
    trusts the class counts more; with α₀ ≪ N the pseudo-count of a zero
    cell, α₀ p, is tiny for rare words and their variance explodes, so a
    word present in a handful of positive documents and no negative one
    would rank below common, weakly associated words. Pass another
    ``alpha0`` (a positive number of documents) to :func:`log_odds`, or
    register a variant with :func:`log_odds_metric`.

    Edges: a word in no document or in every document has a = 0 or b = 0
    and two empty cells; its limit is z = 0, which we return.
    """
    fn = pos - tp
    tn = neg - fp
    n = pos + neg
    prior = n if alpha0 is None else alpha0
    a = prior * (tp + fp) / n
    b = prior * (fn + tn) / n  # not prior − a, which cancels for a word in nearly every document
    # over: a subnormal prior count (a word in 1e-300 of a document, between whole counts) has variance ∞, z 0
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        delta = np.log((tp + a) * (tn + b)) - np.log((fn + b) * (fp + a))
        variance = 1 / (tp + a) + 1 / (fn + b) + 1 / (fp + a) + 1 / (tn + b)
        z = delta / np.sqrt(variance)
    return np.where((a > 0) & (b > 0), z, 0.0)


def log_odds_metric(alpha0, *, name=None) -> Metric:
    """A ``log_odds`` metric with prior weight ``alpha0`` documents, to :func:`fsviz.register_metric`.

    >>> import fsviz
    >>> fsviz.metrics.keyness.log_odds_metric(50).name
    'log_odds_50'
    """
    check_alpha0(alpha0)
    name = name or f"log_odds_{alpha0:g}".replace(".", "_")

    def func(tp, fp, pos, neg):
        return log_odds(tp, fp, pos, neg, alpha0=alpha0)

    return Metric(name, f"Log-odds z (α₀={alpha0:g})", f"Log-odds ratio z-score, informative prior worth {alpha0:g} "
                  "documents", LOG_ODDS_FORMULA.replace("α₀ = N", f"α₀ = {alpha0:g}"), func,
                  two_sided=True, symmetric=True, selects_negative=True, reference=MONROE)


def g2(tp, fp, pos, neg):
    """Dunning's log-likelihood G² of the 2×2 table, with the sign of tpr − fpr.

    Notes
    -----
    G² = 2 Σ O ln(O / E) over the four cells, E = row total × column total / N,
    with 0 ln 0 = 0 (scipy's ``power_divergence(lambda_="log-likelihood")``).
    It is 2N ln 2 times Forman's IG in bits, so within one task it ranks the
    words exactly as IG does; its scale is the χ²₁ statistic's, whose tail
    gives the keyness p-value. 0 for a word in no document or in every one.
    """
    g = 2 * (pos + neg) * information(tp, fp, pos, neg)
    return np.where(tp * neg >= fp * pos, g, -g)


def rarer_side(tp, fp, pos, neg):
    """``(tp, fp)``, or ``(fn, tn)`` where the word is in more than half the documents.

    Information is the same for a word's presence and its absence, so the
    words (tp, fp) and (pos − tp, neg − fp) tie; computing both from the
    same side makes the tie exact in floating point too (otherwise rounding
    splits it, and the k-th word's twin falls off its own isocline).
    """
    n = pos + neg
    twice = 2 * (tp + fp)
    flip = (twice > n) | ((twice == n) & (2 * tp > pos))
    return np.where(flip, pos - tp, tp), np.where(flip, neg - fp, fp)


def information(tp, fp, pos, neg):
    """The mutual information of the word's presence and the class, in nats (≥ 0).

    Σ over the four cells of P(cell) ln(P(cell) / (P(row) P(column))),
    0 ln 0 = 0. In a 2×2 table every cell's O − E is ±D / N, D = tp·neg −
    fp·pos. The absent row's terms, where O ≈ E for all but the commonest
    words, are O·log1p(±D / (row·column)) (O ln(O/E) where O < E/2, where
    log1p would lose digits); the present row's are O ln(O/E). No
    N ln N − Σ x ln x cancels, so the entropy ratios stay right for rare
    words, down to a fraction of a document (the isoclines' bisection).
    """
    return rarer_information(*rarer_side(tp, fp, pos, neg), pos, neg)


def rarer_information(tp, fp, pos, neg):
    """:func:`information` for counts already on the rarer side (:func:`rarer_side`)."""
    fn = pos - tp
    tn = neg - fp
    n = pos + neg
    d = tp * neg - fp * pos
    # an empty row's cells are all 0 (the term is 0 whatever the ratio): keep the division finite
    per_present = n / np.maximum(tp + fp, _TINY_ROW)
    per_absent = 1 / np.maximum(fn + tn, _TINY_ROW)
    total = xlogy(tp, tp * per_present / pos) + xlogy(fp, fp * per_present / neg)
    for observed, column, excess in ((fn, pos, -d), (tn, neg, d)):
        total = total + _near_expected(observed, per_absent, column, excess, n)
    return np.maximum(total / n, 0.0)  # rounding leaves −1e-17 where O = E


def _near_expected(observed, per_row, column, excess, n):
    """An absent cell's O ln(O/E), E = row·column/N: O log1p((O − E)/E), or O ln(O/E) where O < E/2."""
    x = excess * per_row / column
    term = xlog1py(observed, x)
    far = x < -0.5  # log1p loses digits as x → −1; rare on a vocabulary (a word in nearly all of a class)
    if np.any(far):
        term = np.where(far, xlogy(observed, observed * n * per_row / column), term)
    return term


def log_ratio(tp, fp, pos, neg):
    """Hardie's log ratio, log₂ of the ratio of relative frequencies, smoothed where a count is 0.

    Notes
    -----
    LR = log₂ [(tpr + ε) / (fpr + ε)], ε = 0.5 / N.

    Hardie (2014) defines LR = log₂(tpr / fpr), an effect size: each point
    doubles the word's relative frequency in the class. It is infinite when
    a count is 0, which most words of a skewed task have. We add ε, the rate
    of half a document of the whole sample, to both rates (not "replace a
    zero by 0.5"): the same ε on both sides keeps LR 0 on the diagonal and
    at the origin (a word in no document is no evidence), makes it change
    sign when the classes swap, and leaves the score continuous and strictly
    rising in tp, so its isocline is a curve. As an effect size it favours
    rare words (one positive document and no negative one is a large
    ratio); it is usually read beside a significance statistic such as G².

    The zero rule moves the ranking. Against the literature's usual rule, 0.5 added to every cell of a table with
    an empty one (Haldane–Anscombe, :func:`fsviz.stats.effect.log_ratio_interval`'s default), on the sample's
    largest class (pandas): ranked by signed score the two agree closely (Spearman 0.899, 94 of the top 100
    shared), ranked by magnitude far less (Spearman 0.728, 37 of the top 100 shared), because ε lifts the words
    a class lacks. :func:`fsviz.stats.effect.zero_rule_agreement` measures it on any task.
    """
    eps = LOG_RATIO_SMOOTHING / (pos + neg)
    return np.log2((tp / pos + eps) / (fp / neg + eps))


def anova_f(tp, fp, pos, neg):
    """The one-way ANOVA F of the word's binary column against the class: scikit-learn's ``f_classif``.

    Notes
    -----
    The column x is 1 in the documents containing the word. Its class means
    are tpr and fpr and its mean p = (tp + fp) / N, so

        SSB = pos (tpr − p)² + neg (fpr − p)² = pos·neg (tpr − fpr)² / N,
        SSW = Σ (x − class mean)² = tp·fn / pos + fp·tn / neg,
        F = (SSB / 1) / (SSW / (N − 2)) = (N − 2) r² / (1 − r²), r² = χ² / N,

    a rising function of Forman's Chi, so it ranks as Chi does. It equals
    ``f_classif`` on the binary matrix (two classes: 1 and N − 2 degrees of
    freedom) wherever that is finite. Edges, where ``f_classif`` gives NaN
    or ∞: 0 for a word in no document or in every document (SSB = SSW =
    0), and for a perfect separator (SSW = 0 < SSB) we floor SSW at
    SST / N², SST = SSB + SSW, which binds nowhere else at whole counts
    (there 1 − r² ≥ 1/N), so the word scores (N − 2) N² and outranks all
    others. N = 2 leaves no degree of freedom: F = 0.
    """
    fn = pos - tp
    tn = neg - fp
    n = pos + neg
    between = pos * neg * (tp / pos - fp / neg) ** 2 / n
    within = tp * fn / pos + fp * tn / neg
    total = between + within
    with np.errstate(divide="ignore", invalid="ignore"):
        f = (n - 2) * between / np.maximum(within, total / n**2)
    return np.where(total > 0, f, 0.0)


LOG_ODDS_FORMULA = ("δ / σ, δ = log[(tp+a)/(fn+b)] − log[(fp+a)/(tn+b)], σ² = Σ 1/(cell + prior), "
                    "a = α₀ (tp+fp)/N, b = α₀ − a, α₀ = N")

#: The keyness statistics, in the registry's order.
METRICS = (
    Metric("log_odds", "Log-odds z", "Log-odds ratio z-score, informative Dirichlet prior (Fightin' Words)",
           LOG_ODDS_FORMULA, log_odds, two_sided=True, symmetric=True, selects_negative=True, reference=MONROE),
    Metric("g2", "G²", "Log-likelihood G² (Dunning)",
           "2 Σ O ln(O/E) over the 2×2 table = 2 N ln 2 · IG", g2,
           two_sided=True, symmetric=True, selects_negative=True, reference=DUNNING),
    Metric("log_ratio", "Log ratio", "Log Ratio (Hardie), log₂ of the ratio of relative frequencies; its zero "
           "rule (ε on both rates) ranks by magnitude unlike Haldane–Anscombe's 0.5 per cell (sample: 37 of the "
           "top 100 shared)",
           "log₂[(tpr + ε)/(fpr + ε)], ε = 0.5/N", log_ratio,
           two_sided=True, symmetric=True, selects_negative=True, reference=HARDIE),
    Metric("anova_f", "ANOVA F", "ANOVA F of the binary column (scikit-learn f_classif)",
           "(N − 2) SSB / SSW = (N − 2) pos·neg (tpr − fpr)² / (N (tp·fn/pos + fp·tn/neg))", anova_f,
           two_sided=True, symmetric=True, selects_negative=True, reference=SKLEARN_F),
)
