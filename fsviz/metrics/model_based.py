"""Model-based relevance (Goutte et al. §3): what a fitted classifier relies on.

Registered as metrics with ``inputs="model"``: scoring fits the model on the
training sample (:class:`fsviz.metrics.counts.Training`) for its positive class
against the rest, then reads each word's relevance off the model. They rank
words like any metric, so the grid can select with them, and the agreement
page sets them beside the corpus-based measures, as Goutte et al. do.

Choices the paper leaves open:

- The SVM sees the grid's own features, Boolean presence, so ``svm_w``
  explains the model the grid fits (scikit-learn's LinearSVC, C = 1,
  ``random_state=0``; fitted as the grid fits it where there are fewer
  words than documents, see :func:`svm_weight`).
- Naive Bayes and the KL terms are defined over word events P(f|c), so they
  read term frequencies, with Laplace smoothing (MultinomialNB's α = 1):
  P(f|c) = (tf(f, c) + 1) / (Σ_f' tf(f', c) + |V|).
- Relevance ranks by magnitude: a word strongly indicating the rest is as
  relevant as one indicating the class (Goutte's figures plot absolute
  values).
"""

from __future__ import annotations

import warnings

import numpy as np

from .._lazy import lazy
from .base import Metric

# bound lazily: fsviz.learn._liblinear imports scikit-learn (about 0.9 s), which only fitting a model needs
LinearSVCSolver, liblinear_available = lazy("fsviz.learn._liblinear", "LinearSVCSolver", "available")

GOUTTE = "Goutte et al., Corpus-Based vs. Model-Based Selection of Relevant Features, §3"

__all__ = ["METRICS", "kl_multi", "kl_term", "nb_log_ratio", "svm_weight"]


def svm_weight(training) -> np.ndarray:
    """|w_f σ_f|: a linear SVM's weight times the feature's standard deviation (Goutte eq. 2).

    The scaled regression coefficient: scale-invariant, and with independent
    features Σ_f w_f σ_f decomposes the variance of the decision score. σ_f is
    the population standard deviation of the word's presence over the
    training documents.

    w is LinearSVC's (C = 1, squared hinge, ``tol`` 1e-4, ``max_iter``
    1,000, ``random_state=0``). Where there are fewer words than documents,
    scikit-learn's ``dual="auto"`` takes the primal solver, which on the
    200,000-document, 100,000-word scale corpus took 4-17 s and stopped with
    ‖Δs‖/‖s‖ = 3-5% from the optimum's scores (Spearman 0.962 with them);
    there :class:`fsviz.learn._liblinear.LinearSVCSolver` fits in mode
    ``"fastest"``, as the grid does: the dual solver from a quarter as many
    words as documents, stopped by its duality gap (:mod:`fsviz.learn._dual_cd`);
    about 1 s and 3·10⁻⁵ from the optimum (``benchmarks/bench_svm_w.py``). With at least as many words
    as documents scikit-learn already takes the dual solver, and the fit is
    ``LinearSVC.fit``'s to the bit (mode ``"sklearn"``). That includes its
    stop at ``max_iter``: on 20 Newsgroups' comp.graphics (18,846 documents,
    52,604 words) the dual solver needs about 1,500 passes to reach ``tol``
    and its answer at 1,000 is 1.2% from the optimum's scores (sci.med:
    0.1%, ~3,900 passes), kept because converging costs 1.4-2.9 × the time.
    Without scikit-learn's private entry point ``LinearSVC.fit`` fits.
    """
    # late: scikit-learn's import (about 0.9 s) only when a model is fitted, not for every use of the registry
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.svm import LinearSVC

    X, y = training.presence, np.asarray(training.y, dtype=bool)
    model = LinearSVC(random_state=0)
    if liblinear_available() and 0 < y.sum() < y.size and X.nnz:
        if not X.has_sorted_indices:
            X = X.sorted_indices()
        indices, indptr = X.indices.astype(np.int32, copy=False), X.indptr.astype(np.int32, copy=False)
        mode = "fastest" if X.shape[1] < X.shape[0] else "sklearn"  # where scikit-learn's choice is the primal
        coef = LinearSVCSolver(model, y, mode).fit(X.data, indices, indptr, X.shape[1]).coef
    else:  # one class only (LinearSVC says so), no words, or scikit-learn moved its private solver
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            coef = model.fit(X, y).coef_[0]
    p = training.df / training.n_docs
    sigma = np.sqrt(p * (1 - p))
    return np.abs(coef * sigma)


def _word_probabilities(training):
    """Laplace-smoothed P(f|+) and P(f|−) over word events, for the positive class vs the rest."""
    tf_pos = training.class_tf[training.positive]
    tf_neg = np.asarray(training.X_tf.sum(axis=0), dtype=np.float64).ravel() - tf_pos
    n_words = training.n_words
    return (tf_pos + 1) / (tf_pos.sum() + n_words), (tf_neg + 1) / (tf_neg.sum() + n_words)


def nb_log_ratio(training) -> np.ndarray:
    """|ln P(f|+) / P(f|−)|: a multinomial Naive Bayes model's weight on the word (Goutte eq. 3).

    The log-odds of the class are Σ_f x_f ln P(f|+)/P(f|−) + ln P(+)/P(−), a
    linear model whose coefficients are these log-ratios.
    """
    p_pos, p_neg = _word_probabilities(training)
    return np.abs(np.log(p_pos) - np.log(p_neg))


def kl_term(training) -> np.ndarray:
    """ε_f = (P(f|+) − P(f|−)) ln P(f|+)/P(f|−): the word's term of the symmetrised KL divergence (Goutte eq. 4).

    Never negative; Σ_f ε_f is the divergence between the two classes' word
    distributions, 0 only when they are equal.
    """
    p_pos, p_neg = _word_probabilities(training)
    return (p_pos - p_neg) * (np.log(p_pos) - np.log(p_neg))


def kl_multi(training) -> np.ndarray:
    """Σ_c (P(f|c) − P̄(f)) ln P(f|c)/P̄(f): the KL terms of every class against their average (Goutte §3).

    Goutte et al. extend eq. 4 to several classes "by considering the KL
    divergence between each class-conditional feature distribution and their
    average P(f)". We take the symmetrised divergence of each class's
    Laplace-smoothed word distribution from P̄(f), the *unweighted* mean of
    the class-conditional distributions (the paper says "their average"),
    summed over the classes with training documents. With two classes this
    is exactly half of eq. 4's term, since (p − m) ln p/m + (q − m) ln q/m =
    ½ (p − q) ln p/q for m = (p + q)/2.
    """
    keep = np.flatnonzero(training.class_sizes > 0)
    tf = training.class_tf[keep]
    p = (tf + 1) / (tf.sum(axis=1, keepdims=True) + training.n_words)
    mean = p.mean(axis=0)
    return ((p - mean) * (np.log(p) - np.log(mean))).sum(axis=0)


#: The model-based metrics, in the registry's order.
METRICS = (
    Metric("svm_w", "SVM w·σ", "Scaled SVM regression coefficient", "|w_f σ_f|, w of a linear SVM (eq. 2)",
           svm_weight, reference=GOUTTE, inputs="model", two_sided=True, selects_negative=True),
    Metric("nb_lr", "NB log-ratio", "Naive Bayes log-ratio", "|ln P(f|+) / P(f|−)| (eq. 3)", nb_log_ratio,
           reference=GOUTTE, inputs="model", two_sided=True, symmetric=True, selects_negative=True),
    Metric("kl", "KL", "Symmetrised Kullback-Leibler term",
           "(P(f|+) − P(f|−)) ln P(f|+)/P(f|−) (eq. 4)", kl_term,
           reference=GOUTTE, inputs="model", two_sided=True, symmetric=True, selects_negative=True),
    Metric("kl_multi", "KL multi", "Symmetrised Kullback-Leibler terms over all classes",
           "Σ_c (P(f|c) − P̄(f)) ln P(f|c)/P̄(f), P̄ the mean of the classes' P(f|c)", kl_multi,
           reference=GOUTTE + " (the multi-class extension after eq. 4)", inputs="model", all_classes=True,
           multiclass=True),
)
