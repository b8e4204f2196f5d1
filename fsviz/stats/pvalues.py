"""Each word's p-value of association with the positive group, and the Benjamini–Hochberg q-values read from them.

A word's 2×2 table ``[[tp, fn], [fp, tn]]`` (documents with and without
it, in and out of the class) is tested for association with the class.

``method="fisher"`` (the default): Fisher's exact test on every word,
:func:`fsviz.stats.fisher.fisher_p`, vectorised (100,000 words in about 10 ms,
two-sided in 40). The usual rule, Fisher's exact test where counts are
small and G² where an asymptotic test is valid, exists to save time; with
an exact test this cheap we take it everywhere: no approximation, and one
test over the whole plane, so along each column fp = const the p-value
falls steadily as tp moves away from the diagonal and the FDR boundary is
one curve (:func:`fsviz.stats.fdr_boundary`). ``method="auto"`` is that usual rule:
Fisher where any expected cell count is below 5 (Cochran's rule for the
χ² approximation), G² elsewhere; ``method="g2"`` is G² on every word (the
p-value of quanteda's ``textstat_keyness(measure="lr")``). Under "auto"
the two tests meet at a seam, where p jumps; the boundary is then drawn
by the same bisection and can miss a word at the seam.

G²'s p: two-sided, the χ²₁ tail of G² (:func:`fsviz.metrics.keyness.g2`,
as ``scipy.stats.chi2_contingency(..., correction=False,
lambda_="log-likelihood")``); one-sided, the normal tail of the signed
root, sign(tp·neg − fp·pos) √G².

``alternative="greater"`` (the default): the word is *more frequent in the
positive group*, the association the issue asks about and the one a
keyword list reports; a word that marks the rest of the corpus gets p
near 1. ``"two-sided"`` counts both directions (scipy's and R's two-sided
Fisher), as Forman's two-sided metrics select negative features too;
``"less"``: more frequent outside the class.

Benjamini–Hochberg (1995): with the m p-values sorted, p₍₁₎ ≤ … ≤ p₍ₘ₎,
q₍ᵢ₎ = min over j ≥ i of min(1, m p₍ⱼ₎ / j), which is
``scipy.stats.false_discovery_control(p, method="bh")``. The words with
q ≤ α are exactly those with p ≤ p*, the largest p among them: the
step-up rule's cut. m counts every word of the task, the hypotheses
tested.

References
----------
.. [1] Fisher, R. A., *Statistical Methods for Research Workers*, 1934, §21.02.
.. [2] Dunning, T., Computational Linguistics 19(1) (1993) (G²).
.. [3] Cochran, W. G., "Some methods for strengthening the common χ² tests", Biometrics 10 (1954).
.. [4] Benjamini, Y., Y. Hochberg, "Controlling the false discovery rate", JRSS B 57(1) (1995).
"""

from __future__ import annotations

import numpy as np
from scipy.special import chdtrc, log_ndtr, ndtr

from .._validation import check_choice, check_counts
from ..metrics.keyness import g2
from .fisher import ALTERNATIVES, fisher_log_p, fisher_p

__all__ = ["METHODS", "bh_q_values", "g2_p", "log10_p_values", "p_values"]

#: How :func:`p_values` tests a word: exact everywhere, Cochran's switch, or G² everywhere.
METHODS = ("fisher", "auto", "g2")
#: Cochran's rule: the χ² approximation (G² here) where every expected cell count is at least this.
MIN_EXPECTED = 5.0


def g2_p(tp, fp, pos, neg, *, alternative: str = "greater", log: bool = False) -> np.ndarray:
    """G²'s p-value: two-sided the χ²₁ tail of G²; one-sided the normal tail of sign(tp·neg − fp·pos) √G².
    ``log``: its natural log, which does not underflow (the χ²₁ tail of x is 2 Φ(−√x)).

    Parameters
    ----------
    tp, fp : numpy.ndarray
        Positive and negative documents containing each word (arrays; :func:`p_values` converts and checks them).
    pos, neg : int or numpy.ndarray
        The task's positive and negative documents.
    alternative : {"greater", "two-sided", "less"}, default "greater"
        The direction tested (the module's notes); not checked here.
    log : bool, default False
        Return the natural log of p.

    Returns
    -------
    numpy.ndarray of float64
        p (or ln p) per word, in the broadcast shape of the counts.

    See Also
    --------
    fsviz.stats.p_values : the checked entry point, with ``method="g2"``.
    fsviz.metrics.keyness.g2 : the signed statistic.

    References
    ----------
    .. [1] Dunning, T., "Accurate methods for the statistics of surprise and coincidence", Computational
       Linguistics 19(1) (1993).

    Examples
    --------
    >>> g2_p(np.array([3]), np.array([0]), 3, 3, alternative="two-sided").round(4).tolist()
    [0.0039]
    """
    signed = g2(tp, fp, pos, neg)
    if alternative == "two-sided":
        if log:
            return np.log(2.0) + log_ndtr(-np.sqrt(np.abs(signed)))
        return chdtrc(1, np.abs(signed))  # scipy.stats.chi2.sf(x, 1), without importing scipy.stats
    root = np.sign(signed) * np.sqrt(np.abs(signed))
    z = -root if alternative == "greater" else root
    return log_ndtr(z) if log else ndtr(z)


def _min_expected(tp, fp, pos, neg):
    n = pos + neg
    present = tp + fp
    return np.minimum(present, n - present) * min(pos, neg) / n


def p_values(tp, fp, pos: int, neg: int, *, alternative: str = "greater", method: str = "fisher") -> np.ndarray:
    """Each word's p-value of association with the positive group (see the module's notes for the choices).

    Parameters
    ----------
    tp, fp : array_like of whole numbers, shape (n_words,)
        Positive and negative documents containing each word.
    pos, neg : int
        The task's positive and negative documents.
    alternative : {"greater", "two-sided", "less"}, default "greater"
        The direction tested: more frequent in the positive group, either way, or less.
    method : {"fisher", "auto", "g2"}, default "fisher"
        Fisher's exact test everywhere, Cochran's switch to G², or G² everywhere (:data:`METHODS`).

    Returns
    -------
    numpy.ndarray of float64, shape (n_words,)
        The p-values, in [0, 1]; below about 1e-300 they underflow to 0 (:func:`log10_p_values`).

    Raises
    ------
    ValueError
        For an unknown ``alternative`` or ``method``, counts that are no 2×2 table, ``pos`` or ``neg`` that are
        not single numbers, or counts that are not whole.

    See Also
    --------
    fsviz.stats.log10_p_values : the same in logs.
    fsviz.stats.bh_q_values : the q-values of these p.
    fsviz.stats.significance : p and q of every word of a task.

    References
    ----------
    .. [1] Fisher, R. A., *Statistical Methods for Research Workers*, 1934, §21.02.
    .. [2] Cochran, W. G., "Some methods for strengthening the common χ² tests", Biometrics 10 (1954).

    Examples
    --------
    >>> round(float(p_values([3], [0], 3, 3)[0]), 12)  # Fisher's exact: 1 / C(6, 3)
    0.05
    >>> p_values([3, 1], [0, 2], 3, 3, alternative="two-sided").round(3).tolist()
    [0.1, 1.0]
    """
    return _p_values(tp, fp, pos, neg, alternative, method, log=False)


def log10_p_values(tp, fp, pos: int, neg: int, *, alternative: str = "greater", method: str = "fisher") -> np.ndarray:
    """log₁₀ of :func:`p_values`, computed in logs: finite where a p-value underflows to 0 (below about 1e-300).

    Parameters
    ----------
    tp, fp, pos, neg
        The counts, as in :func:`p_values`.
    alternative : {"greater", "two-sided", "less"}, default "greater"
        As in :func:`p_values`.
    method : {"fisher", "auto", "g2"}, default "fisher"
        As in :func:`p_values`.

    Returns
    -------
    numpy.ndarray of float64, shape (n_words,)
        log₁₀ p, at most 0.

    Raises
    ------
    ValueError
        For the same arguments as :func:`p_values` refuses.

    See Also
    --------
    fsviz.stats.p_values : the p-values themselves.
    fsviz.stats.fisher_log_p : Fisher's in natural logs.

    Examples
    --------
    >>> round(float(log10_p_values([940], [0], 940, 17906)[0]), 2)  # a word in every positive document alone
    -1619.97
    """
    return _p_values(tp, fp, pos, neg, alternative, method, log=True) / np.log(10.0)


def _p_values(tp, fp, pos, neg, alternative, method, *, log):
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    method = check_choice(method, "method", METHODS)
    tp, fp, pos_a, neg_a = check_counts(tp, fp, pos, neg)
    if np.ndim(pos) or np.ndim(neg):
        raise ValueError("`pos` and `neg` must be single numbers: every word of a task shares them")
    if np.any(tp != np.round(tp)) or np.any(fp != np.round(fp)):
        raise ValueError("`tp` and `fp` must be whole numbers of documents for a p-value")
    pos, neg = int(pos), int(neg)
    exact = fisher_log_p if log else fisher_p
    if method == "g2":
        return g2_p(tp, fp, pos, neg, alternative=alternative, log=log)
    if method == "fisher":
        return exact(tp, fp, pos, neg, alternative=alternative).reshape(tp.shape)
    small = _min_expected(tp, fp, pos, neg) < MIN_EXPECTED
    p = g2_p(tp, fp, pos, neg, alternative=alternative, log=log)
    if small.any():
        p[small] = exact(tp[small], fp[small], pos, neg, alternative=alternative)
    return p


def bh_q_values(p) -> np.ndarray:
    """Benjamini–Hochberg q-values (adjusted p-values) of ``p``: ``false_discovery_control(p, method="bh")``.

    Parameters
    ----------
    p : array_like of float
        The p-values of every hypothesis tested (every word of a task), each in [0, 1].

    Returns
    -------
    numpy.ndarray of float64
        The q-values, in ``p``'s order, flattened.

    Raises
    ------
    ValueError
        If a p-value is not a number in [0, 1].

    See Also
    --------
    fsviz.stats.p_values : the p-values.
    fsviz.stats.significance : p and q of every word of a task.

    References
    ----------
    .. [1] Benjamini, Y., Y. Hochberg, "Controlling the false discovery rate: a practical and powerful approach to
       multiple testing", JRSS B 57(1) (1995), the step-up procedure.

    Examples
    --------
    >>> bh_q_values([0.01, 0.04, 0.03]).round(3).tolist()
    [0.03, 0.04, 0.04]
    """
    p = np.asarray(p, dtype=np.float64)
    if p.size and (not np.all(np.isfinite(p)) or p.min() < 0 or p.max() > 1):
        raise ValueError("p-values must be numbers in [0, 1]")
    m = p.size
    order = np.argsort(p, kind="stable")
    scaled = p[order] * m / np.arange(1, m + 1)
    q = np.minimum.accumulate(scaled[::-1])[::-1]
    out = np.empty(m)
    out[order] = np.minimum(q, 1.0)
    return out
