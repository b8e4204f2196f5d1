"""Metrics that read more of the corpus than one class's 2×2 table.

Two kinds, listed in the registry beside Forman's twelve
(:mod:`fsviz.metrics.registry`) and scored through :func:`fsviz.score_words`
on a :class:`fsviz.metrics.counts.Training` sample:

``inputs="classes"``: the document counts of every class. χ²max and χ²avg
and multi-class information gain (Olsson & Oard §3); mutual information and
expected cross-entropy as Wang et al. compare them. (Document-frequency
thresholding is Forman's DFreq, ``"dfreq"``; DF *cutting* is the corpus's
rare-word cutoff, ``min_df``.)

``inputs="frequency"``: term frequencies. Wang et al.'s t-test (eq. 2–5),
Deshpande et al.'s CMFS and ICMFS, Goutte et al.'s frequency-based
information gain (eq. 1), and Monroe et al.'s log-odds z with an
informative Dirichlet prior on word counts (``log_odds_tf``).

Notation, per training sample: N documents; for class c, N_c documents of
which A(t, c) contain word t; df(t) documents contain t; tf(t, c) is t's
summed frequency in class c and tf(t) over all documents. Information is in
bits (log base 2), as Forman's IG. In multi-label corpora a document counts
in each of its classes, so P(c) = N_c / N may sum to more than 1; the
formulas are applied as written, as Olsson & Oard apply them to RCV1.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse
from scipy.special import xlogy

from .base import Metric
from .keyness import MONROE, check_alpha0, log_odds
from .table import chi

OLSSON = "Olsson & Oard, Exploring Feature Selection for Multi-Label Text Classification, §3"
WANG = "Wang, Zhang, Liu & Lv, Feature Selection Based on Term Frequency and T-Test"
DESHPANDE = "Deshpande et al. (2016), A Brief Report on Filter Based Novel Feature Selection Schemes"
GOUTTE = "Goutte et al., Corpus-Based vs. Model-Based Selection of Relevant Features, eq. 1"

__all__ = ["METRICS", "chi_avg", "chi_max", "chi_per_class", "cmfs", "ece", "icmfs", "ig_multi", "igf", "log_odds_tf",
           "log_odds_tf_z", "mi_avg",
           "mi_max", "ttest_avg", "ttest_max", "ttest_per_class"]


def chi_per_class(training) -> np.ndarray:
    """χ²(t, c), shape (classes with documents, n_words): Forman's 2×2 Chi per class."""
    return chi(*training.class_tables())


def chi_max(training) -> np.ndarray:
    """χ²max(t) = max_c χ²(t, c) (Olsson & Oard §3.3).

    χ²(t, c) = N (AD − CB)² / ((A+C)(B+D)(A+B)(C+D)) over the 2×2 table of t
    and c; 0 where a margin is 0. Classes with no training documents (or
    only them) are left out.
    """
    chi = chi_per_class(training)
    return chi.max(axis=0) if chi.size else np.zeros(training.n_words)


def chi_avg(training) -> np.ndarray:
    """χ²avg(t) = Σ_c P(c) χ²(t, c), P(c) = N_c / N (Olsson & Oard §3.3)."""
    weights = training.class_sizes[training.present_classes] / training.n_docs
    return weights @ chi_per_class(training)


def ig_multi(training) -> np.ndarray:
    """Multi-class information gain G(t) in bits (Olsson & Oard §3.2, after Yang & Pedersen):

    G(t) = −Σ P(c) log P(c) + P(t) Σ P(c|t) log P(c|t) + P(¬t) Σ P(c|¬t) log P(c|¬t),

    with P(c|t) = A(t, c) / df(t) and P(c|¬t) = (N_c − A) / (N − df); 0 log 0
    = 0. On a single-label corpus it is the mutual information between the
    word's presence and the class label.
    """
    n = training.n_docs
    a, df, n_c = training.class_df, training.df, training.class_sizes[:, None]
    absent = n - df
    with np.errstate(divide="ignore", invalid="ignore"):
        present_part = xlogy(a, np.where(df > 0, a / df, 1.0)).sum(axis=0)
        absent_part = xlogy(n_c - a, np.where(absent > 0, (n_c - a) / absent, 1.0)).sum(axis=0)
    prior = -xlogy(n_c[:, 0], n_c[:, 0] / n).sum()
    return np.maximum((prior + present_part + absent_part) / (n * np.log(2)), 0.0)


def _mi_per_class(training):
    """I(t, c) = log₂ (A N / ((A + C)(A + B))) where A > 0, NaN where A = 0."""
    a = training.class_df
    with np.errstate(divide="ignore", invalid="ignore"):
        mi = np.log2(a * training.n_docs / (training.class_sizes[:, None] * training.df[None, :]))
    return np.where(a > 0, mi, np.nan)


def mi_avg(training) -> np.ndarray:
    """MI_avg(t) = Σ_c P(c) I(t, c), I(t, c) = log₂ P(t ∧ c) / (P(t) P(c)) ≈ log₂ A·N / ((A+C)(A+B)).

    Mutual information as Yang & Pedersen define it and Wang et al. compare
    it (averaged, their better combination). I(t, c) is −∞ for a class the
    word never occurs in; we leave such classes out of the sum (the papers
    do not say), so a word scores its evidence for the classes it occurs in.
    """
    mi = _mi_per_class(training)
    weights = training.class_sizes[:, None] / training.n_docs
    return np.nansum(weights * mi, axis=0)


def mi_max(training) -> np.ndarray:
    """MI_max(t) = max_c I(t, c) over the classes the word occurs in (0 for a word in no document)."""
    mi = _mi_per_class(training)
    seen = np.isfinite(mi).any(axis=0)
    out = np.zeros(training.n_words)
    out[seen] = np.nanmax(mi[:, seen], axis=0)
    return out


def ece(training) -> np.ndarray:
    """Expected cross-entropy ECE(t) = P(t) Σ_c P(c|t) log₂ (P(c|t) / P(c)), in bits.

    The present-word half of information gain (Wang et al. §2, after
    Mladenić & Grobelnik): it ignores documents without the word.
    """
    a, df, n = training.class_df, training.df, training.n_docs
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(a > 0, a * n / (df[None, :] * training.class_sizes[:, None]), 1.0)
    return xlogy(a, ratio).sum(axis=0) / (n * np.log(2))


# --- term frequency ----------------------------------------------------------


def ttest_per_class(training) -> np.ndarray:
    """t-test(t, C_k) of Wang et al. eq. 3, shape (classes with documents, n_words)."""
    keep = training.present_classes
    n = training.n_docs
    n_k = training.class_sizes[keep][:, None]
    tf = training.X_tf.astype(np.float64)
    Yk = sparse.csr_matrix(training.Y[:, keep].T, dtype=np.float64)
    sums = training.class_tf[keep]
    squares = np.asarray((Yk @ tf.multiply(tf)).toarray())
    class_mean = sums / n_k
    mean = np.asarray(tf.sum(axis=0)).ravel() / n
    # eq. 2: pooled within-class variance, 1/(N − K) Σ_k Σ_{j ∈ C_k} (tf_ij − mean_k)²;
    # a multi-label document counts once per class, so N is the number of (document, class) pairs.
    within = (squares - n_k * class_mean**2).sum(axis=0)
    dof = float(n_k.sum()) - keep.size
    s = np.sqrt(np.maximum(within, 0.0) / dof) if dof > 0 else np.zeros_like(mean)
    m_k = np.sqrt(1.0 / n_k - 1.0 / n)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.abs(class_mean - mean) / (m_k * s)
    return np.where(s > 0, t, 0.0)


def ttest_avg(training) -> np.ndarray:
    """t-test_avg(t) = Σ_k t-test(t, C_k) (Wang et al. eq. 4; a sum, as the paper writes it).

    t-test(t, C_k) = |tf̄_k − tf̄| / (m_k s) (eq. 3), with tf̄_k the word's
    mean frequency in class k, tf̄ its mean over all N documents,
    m_k = √(1/N_k − 1/N), and s² the pooled within-class variance
    1/(N − K) Σ_k Σ_{j∈C_k} (tf_j − tf̄_k)² (eq. 2). A word whose frequency
    does not vary within classes (s = 0) scores 0.
    """
    t = ttest_per_class(training)
    return t.sum(axis=0) if t.size else np.zeros(training.n_words)


def ttest_max(training) -> np.ndarray:
    """t-test_max(t) = max_k t-test(t, C_k) (Wang et al. eq. 5)."""
    t = ttest_per_class(training)
    return t.max(axis=0) if t.size else np.zeros(training.n_words)


def _cmfs_per_class(training) -> np.ndarray:
    tf_c = training.class_tf
    n_classes, n_words = tf_c.shape
    tf_word = np.asarray(training.X_tf.sum(axis=0), dtype=np.float64).ravel()
    return (tf_c + 1) ** 2 / ((tf_word[None, :] + n_classes) * (tf_c.sum(axis=1)[:, None] + n_words))


def cmfs(training) -> np.ndarray:
    """CMFS_max(t) = max_c (tf(t,c) + 1)² / ((tf(t) + |C|)(tf(·,c) + |V|)) = max_c P(c|t) P(t|c)

    (Deshpande et al., after Yang et al. 2012), with Laplace-smoothed
    P(c|t) = (tf(t,c)+1)/(tf(t)+|C|) and P(t|c) = (tf(t,c)+1)/(tf(·,c)+|V|);
    tf(·,c) is the summed frequency of all words in c and |V| the vocabulary
    size.
    """
    return _cmfs_per_class(training).max(axis=0)


def icmfs(training) -> np.ndarray:
    """ICMFS_max(t) = max_c P(c|t) P(t|c) / P(c) (Deshpande et al., after Feng et al. 2015).

    CMFS per class divided by P(c), which we take as the share of training
    documents in c (the report does not say); classes with no training
    document are left out.
    """
    keep = np.flatnonzero(training.class_sizes > 0)
    prior = training.class_sizes[keep][:, None] / training.n_docs
    return (_cmfs_per_class(training)[keep] / prior).max(axis=0)


def igf(training) -> np.ndarray:
    """Frequency-based information gain (Goutte et al. eq. 1) for the positive class, in bits:

    IG(F, C) = Σ_{f, c} p(f, c) log₂ p(f, c) / (p(f) p(c)),

    where F is the word's frequency in a document (0, 1, 2, …, every value
    seen) and C is positive vs rest. Where every frequency is 0 or 1 it equals
    Forman's binary IG.
    """
    X = training.X_tf
    y = training.y
    n, pos = training.n_docs, float(y.sum())
    neg = n - pos
    rows = np.repeat(np.arange(n), np.diff(X.indptr))
    values = X.data.astype(np.int64)
    top = int(values.max(initial=0)) + 1
    keys = (X.indices.astype(np.int64) * top + values) * 2 + y[rows]
    cells, counts = np.unique(keys, return_counts=True)
    groups, inverse = np.unique(cells // 2, return_inverse=True)
    n_f = np.bincount(inverse, weights=counts)[inverse]
    n_c = np.where(cells % 2 == 1, pos, neg)
    words = cells // 2 // top
    total = np.bincount(words, weights=xlogy(counts, counts * n / (n_f * n_c)), minlength=training.n_words)
    # frequency 0: the documents without the word, by class
    tp, fp = training.class_df[training.positive], training.df - training.class_df[training.positive]
    absent = n - training.df
    with np.errstate(divide="ignore", invalid="ignore"):
        total += xlogy(pos - tp, np.where(absent > 0, (pos - tp) * n / (absent * pos), 1.0))
        total += xlogy(neg - fp, np.where(absent > 0, (neg - fp) * n / (absent * neg), 1.0))
    return np.maximum(total / (n * np.log(2)), 0.0)


def log_odds_tf_z(training, *, alpha0=None) -> np.ndarray:
    """Monroe et al.'s z-score of the log-odds ratio with an informative Dirichlet prior, on word counts.

    Fightin' Words as the paper writes it (eq. 16, 20–22): y_i = tf(t, c)
    is the word's count in the positive class's documents, n_i = Σ_t y_i
    the class's tokens, y_j and n_j the same over the other documents; the
    prior is the corpus's own word frequencies, α_w = α₀ tf(t) / Σ tf, and

        δ = log[(y_i + α_w)/(n_i + α₀ − y_i − α_w)] − log[(y_j + α_w)/(n_j + α₀ − y_j − α_w)],
        σ² = 1/(y_i + α_w) + 1/(n_i + α₀ − y_i − α_w) + 1/(y_j + α_w) + 1/(n_j + α₀ − y_j − α_w),
        z = δ / σ,

    the formula of :func:`fsviz.metrics.keyness.log_odds` with tokens for
    documents (so it is that function on (y_i, y_j, n_i, n_j)). α₀
    defaults to the sample's token count, so α_w = tf(t), tidylo's
    empirical-Bayes default; the variance keeps the two "absent" terms
    Monroe et al. drop as negligible (Scattertext keeps them too). Signed:
    positive where the word is relatively more frequent in the class. 0 for
    a word never seen, or when one side has no tokens.
    """
    check_alpha0(alpha0)
    positive = training.y  # a clear error when the sample has no positive class
    in_class = training.class_tf[int(training.positive)]
    total = np.asarray(training.X_tf.sum(axis=0), dtype=np.float64).ravel()
    if positive.all() or not positive.any():
        return np.zeros(training.n_words)
    rest = np.maximum(total - in_class, 0.0)
    n_in, n_rest = float(in_class.sum()), float(rest.sum())
    if n_in == 0 or n_rest == 0:
        return np.zeros(training.n_words)
    return log_odds(in_class, rest, n_in, n_rest, alpha0=alpha0)


def log_odds_tf(training) -> np.ndarray:
    """|z| of :func:`log_odds_tf_z`: words marking the class or the rest rank alike, as Forman's Chi."""
    return np.abs(log_odds_tf_z(training))


#: The corpus-based metrics, in the registry's order.
METRICS = (
    Metric("chi_max", "χ²max", "Chi-squared, maximum over classes", "max_c χ²(t, c)", chi_max,
           reference=OLSSON, inputs="classes", all_classes=True, multiclass=True),
    Metric("chi_avg", "χ²avg", "Chi-squared, class-weighted average", "Σ_c P(c) χ²(t, c)", chi_avg,
           reference=OLSSON, inputs="classes", all_classes=True, multiclass=True),
    Metric("ig_multi", "IG multi", "Information Gain over all classes",
           "−Σ P(c) log P(c) + P(t) Σ P(c|t) log P(c|t) + P(¬t) Σ P(c|¬t) log P(c|¬t)", ig_multi,
           reference=OLSSON, inputs="classes", all_classes=True, multiclass=True),
    Metric("mi_avg", "MI avg", "Mutual Information, class-weighted average",
           "Σ_c P(c) log P(t∧c) / (P(t) P(c))", mi_avg,
           reference=WANG + " (§2, after Yang & Pedersen)", inputs="classes", all_classes=True, multiclass=True),
    Metric("mi_max", "MI max", "Mutual Information, maximum over classes", "max_c log P(t∧c) / (P(t) P(c))",
           mi_max, reference=WANG + " (§2, after Yang & Pedersen)", inputs="classes", all_classes=True,
           multiclass=True),
    Metric("ece", "ECE", "Expected Cross-Entropy", "P(t) Σ_c P(c|t) log P(c|t) / P(c)", ece,
           reference=WANG + " (§2)", inputs="classes", all_classes=True, multiclass=True),
    Metric("ttest_avg", "t-test avg", "Term-frequency t-test, summed over classes",
           "Σ_k |tf̄_k − tf̄| / (√(1/N_k − 1/N) s)", ttest_avg,
           reference=WANG + ", eq. 2–4", inputs="frequency", all_classes=True, multiclass=True),
    Metric("ttest_max", "t-test max", "Term-frequency t-test, maximum over classes",
           "max_k |tf̄_k − tf̄| / (√(1/N_k − 1/N) s)", ttest_max,
           reference=WANG + ", eq. 2, 3, 5", inputs="frequency", all_classes=True, multiclass=True),
    Metric("cmfs", "CMFS", "Comprehensive Measure Feature Selection",
           "max_c (tf(t,c)+1)² / ((tf(t)+|C|)(tf(·,c)+|V|))", cmfs,
           reference=DESHPANDE, inputs="frequency", all_classes=True, multiclass=True),
    Metric("icmfs", "ICMFS", "Improved CMFS", "max_c P(c|t) P(t|c) / P(c)", icmfs,
           reference=DESHPANDE, inputs="frequency", all_classes=True, multiclass=True),
    Metric("igf", "IG freq", "Information Gain on term frequencies",
           "Σ_{f,c} p(f,c) log p(f,c) / (p(f) p(c)), f the word's count in a document", igf,
           reference=GOUTTE, inputs="frequency", two_sided=True, symmetric=True, selects_negative=True),
    Metric("log_odds_tf", "Log-odds z (tf)", "Log-odds ratio z-score on word counts, informative Dirichlet prior",
           "|δ / σ| over token counts, prior α_w = tf(t) (the corpus's own word frequencies)", log_odds_tf,
           reference=MONROE, inputs="frequency", two_sided=True, symmetric=True, selects_negative=True),
)
