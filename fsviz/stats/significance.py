"""Each word's significance: its p-value of association with the positive group, Benjamini–Hochberg q-values,
the words with q ≤ α, their boundary on the (fp, tp) plane, and the ``fdr0.05`` k rule.

The test
--------
A word's 2×2 table ``[[tp, fn], [fp, tn]]`` (documents with and without
it, in and out of the class) is tested for association with the class.

``method="fisher"`` (the default): Fisher's exact test on every word,
:func:`fsviz.stats.fisher.fisher_p`, vectorised (100,000 words in about 10 ms,
two-sided in 40). The usual rule, Fisher's exact test where counts are
small and G² where an asymptotic test is valid, exists to save time; with
an exact test this cheap we take it everywhere: no approximation, and one
test over the whole plane, so along each column fp = const the p-value
falls steadily as tp moves away from the diagonal and the FDR boundary is
one curve (:func:`fdr_boundary`). ``method="auto"`` is that usual rule:
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
.. [1] R. A. Fisher, *Statistical Methods for Research Workers*, 1934, §21.02.
.. [2] T. Dunning, Computational Linguistics 19(1) (1993) (G²).
.. [3] W. G. Cochran, "Some methods for strengthening the common χ² tests", Biometrics 10 (1954).
.. [4] Y. Benjamini, Y. Hochberg, "Controlling the false discovery rate", JRSS B 57(1) (1995).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from scipy.special import chdtrc, log_ndtr, ndtr

from .._validation import check_choice, check_counts
from ..metrics.keyness import g2
from .fisher import ALTERNATIVES, fisher_log_p, fisher_p

__all__ = ["ALTERNATIVES", "DEFAULT_FDR", "METHODS", "FdrBoundary", "FdrRule", "Significance", "bh_q_values",
           "check_fdr", "fdr_boundary", "fdr_k", "g2_p", "log10_p_values", "p_label", "p_values", "parse_k_rule",
           "significance", "significant_words"]

#: How :func:`p_values` tests a word: exact everywhere, Cochran's switch, or G² everywhere.
METHODS = ("fisher", "auto", "g2")
#: The false-discovery rate the app and the CLI start from.
DEFAULT_FDR = 0.05
#: Cochran's rule: the χ² approximation (G² here) where every expected cell count is at least this.
MIN_EXPECTED = 5.0
_RULE = re.compile(r"^\s*fdr\s*=?\s*([0-9.eE+-]+)\s*$", re.IGNORECASE)


def check_fdr(alpha) -> float:
    """``alpha`` as a float when it is a false-discovery rate strictly between 0 and 1, else ValueError.

    >>> check_fdr(0.05)
    0.05
    """
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float, np.integer, np.floating)) \
            or not np.isfinite(alpha) or not 0 < alpha < 1:
        raise ValueError(f"the false-discovery rate `fdr` must be a number strictly between 0 and 1, such as 0.05 "
                         f"(5% of the selected words expected to be false discoveries), got {alpha!r}")
    return float(alpha)


def g2_p(tp, fp, pos, neg, *, alternative: str = "greater", log: bool = False) -> np.ndarray:
    """G²'s p-value: two-sided the χ²₁ tail of G²; one-sided the normal tail of sign(tp·neg − fp·pos) √G².
    ``log``: its natural log, which does not underflow (the χ²₁ tail of x is 2 Φ(−√x))."""
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
    pos, neg : int
        The task's positive and negative documents.
    alternative : {"greater", "two-sided", "less"}
    method : {"fisher", "auto", "g2"}

    >>> round(float(p_values([3], [0], 3, 3)[0]), 12)  # Fisher's exact: 1 / C(6, 3)
    0.05
    """
    return _p_values(tp, fp, pos, neg, alternative, method, log=False)


def log10_p_values(tp, fp, pos: int, neg: int, *, alternative: str = "greater", method: str = "fisher") -> np.ndarray:
    """log₁₀ of :func:`p_values`, computed in logs: finite where a p-value underflows to 0 (below about 1e-300).

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


@dataclass(frozen=True)
class Significance:
    """Every word's ``p`` and ``q`` (:func:`significance`), with how they were computed, and ``log10_p``, log₁₀ p
    computed in logs where p underflows to 0 (None: ``log10(p)``)."""

    p: np.ndarray
    q: np.ndarray
    alternative: str
    method: str
    log10_p: np.ndarray | None = None

    @property
    def minus_log10_p(self) -> np.ndarray:
        """−log₁₀ p: 2 for p = 0.01; finite for every word, however small its p."""
        with np.errstate(divide="ignore"):
            return -(self.log10_p if self.log10_p is not None else np.log10(self.p))

    @property
    def minus_log10_q(self) -> np.ndarray:
        """−log₁₀ q, Benjamini–Hochberg's step-up computed in logs from :attr:`minus_log10_p`, so a q that
        underflows to 0 still has its size: −log₁₀ q₍ᵢ₎ = max over j ≥ i of (−log₁₀ p₍ⱼ₎ − log₁₀(m / j)), at least 0
        (q's minimum over j ≥ i, in −log₁₀)."""
        minus = self.minus_log10_p
        m = minus.size
        order = np.argsort(-minus, kind="stable")  # the smallest p first
        scaled = minus[order] - np.log10(m / np.arange(1, m + 1))
        out = np.empty(m)
        out[order] = np.maximum(np.maximum.accumulate(scaled[::-1])[::-1], 0.0)
        return out

    def selected(self, fdr: float = DEFAULT_FDR) -> np.ndarray:
        """The words with q ≤ ``fdr`` (vocabulary indices, most significant first, by log p, so the words whose p
        underflows to 0 are ordered too; ties by lower index)."""
        fdr = check_fdr(fdr)
        words = np.flatnonzero(self.q <= fdr)
        return words[np.argsort(-self.minus_log10_p[words], kind="stable")]

    def p_threshold(self, fdr: float = DEFAULT_FDR) -> float:
        """p*, the largest p with q ≤ ``fdr`` (−1.0 when no word qualifies): q ≤ fdr exactly where p ≤ p*."""
        chosen = self.q <= check_fdr(fdr)
        return float(self.p[chosen].max()) if chosen.any() else -1.0


def significance(task, *, alternative: str = "greater", method: str = "fisher") -> Significance:
    """p and Benjamini–Hochberg q of every word of ``task`` (anything with ``tp``, ``fp``, ``pos``, ``neg``).

    Parameters
    ----------
    task : fsviz.Task
    alternative, method : str
        As in :func:`p_values`.

    Returns
    -------
    Significance
    """
    p = p_values(task.tp, task.fp, task.pos, task.neg, alternative=alternative, method=method)
    log10_p = None
    tiny = p < 1e-290  # underflowed to 0, or subnormal (few digits left): again in logs, for those words alone
    if tiny.any():
        with np.errstate(divide="ignore"):
            log10_p = np.log10(p)
        tp, fp = np.asarray(task.tp, dtype=np.float64), np.asarray(task.fp, dtype=np.float64)
        log10_p[tiny] = log10_p_values(tp[tiny], fp[tiny], task.pos, task.neg, alternative=alternative, method=method)
    return Significance(p, bh_q_values(p), alternative, method, log10_p)


def significant_words(task, fdr: float = DEFAULT_FDR, *, alternative: str = "greater",
                      method: str = "fisher") -> np.ndarray:
    """The words of ``task`` (a Task, or anything with ``tp``, ``fp``, ``pos``, ``neg``) with q ≤ ``fdr``.

    Vocabulary indices, most significant first. A grid fold calls it on its
    training counts to choose its k (:func:`fdr_k`).
    """
    fdr = check_fdr(fdr)
    return significance(task, alternative=alternative, method=method).selected(fdr)


def fdr_k(task, fdr: float = DEFAULT_FDR, **kwargs) -> int:
    """How many words of ``task`` have q ≤ ``fdr``: the k the ``fdr`` rule chooses (0 when none)."""
    return int(significant_words(task, fdr, **kwargs).size)


@dataclass(frozen=True)
class FdrRule:
    """The k rule ``fdr0.05``: k is the number of words with q ≤ ``fdr`` (:func:`parse_k_rule`)."""

    fdr: float

    def __str__(self) -> str:
        return f"fdr{self.fdr:g}"

    def k(self, task, **kwargs) -> int:
        """The k this rule chooses on ``task``; ValueError when no word qualifies."""
        k = fdr_k(task, self.fdr, **kwargs)
        if k == 0:
            raise ValueError(f"no word has q <= {self.fdr:g} in this task, so the rule {self} selects nothing; "
                             "raise the rate (e.g. fdr0.1) or give a number of words")
        return k


def parse_k_rule(text) -> int | FdrRule:
    """A k as a number of words (``"100"``) or a significance rule (``"fdr0.05"``, ``"fdr=0.1"``).

    >>> parse_k_rule("fdr0.05"), parse_k_rule("20")
    (FdrRule(fdr=0.05), 20)
    """
    if isinstance(text, (int, np.integer)) and not isinstance(text, bool):
        return int(text)
    text = str(text).strip()
    if text.isdigit():
        return int(text)
    match = _RULE.match(text)
    if match is None:
        raise ValueError(f"k must be a whole number of words (e.g. 100) or a false-discovery-rate rule such as "
                         f"fdr0.05 (the words with q <= 0.05), got {text!r}")
    try:
        rate = float(match.group(1))
    except ValueError:
        raise ValueError(f"the rule {text!r} needs a rate after 'fdr', such as fdr0.05") from None
    return FdrRule(check_fdr(rate))


@dataclass(frozen=True)
class FdrBoundary:
    """The q = ``fdr`` boundary on the (fp, tp) plane (:func:`fdr_boundary`).

    ``fp`` holds the columns computed, whole fp in increasing order (every
    fp from 0 to neg unless :func:`fdr_boundary` was given fewer);
    ``upper[i]`` the smallest tp above the diagonal whose word at ``fp[i]``
    would have q ≤ fdr, NaN where none would; ``lower[i]`` (two-sided and
    "less" only, else NaN) the largest such tp below the diagonal.
    ``p_threshold`` is p*.
    """

    fdr: float
    p_threshold: float
    fp: np.ndarray
    upper: np.ndarray
    lower: np.ndarray

    def encloses(self, tp, fp) -> np.ndarray:
        """Mask of the points (tp, fp), whole counts, on the significant side of the boundary."""
        tp, fp = np.asarray(tp, dtype=np.float64), np.asarray(fp, dtype=np.int64)
        column = np.clip(np.searchsorted(self.fp, fp), 0, max(self.fp.size - 1, 0))
        if self.fp.size == 0 or np.any(self.fp[column] != fp):
            missing = np.setdiff1d(fp, self.fp)[:5].tolist()
            raise ValueError(f"the boundary was computed on {self.fp.size} columns without fp = {missing}; "
                             "compute it on every column (fdr_boundary without `fp`) to test those points")
        with np.errstate(invalid="ignore"):
            return (tp >= self.upper[column]) | (tp <= self.lower[column])


def _columns(fp, neg: int) -> np.ndarray:
    """``fp`` as sorted distinct whole columns of the plane, or ValueError."""
    fp = np.asarray(fp, dtype=np.float64).ravel()
    if not np.all(np.isfinite(fp)) or np.any(fp != np.round(fp)) or np.any((fp < 0) | (fp > neg)):
        raise ValueError(f"`fp` must be whole numbers of negative documents from 0 to neg = {neg}; round the columns "
                         "or leave `fp` out for every column")
    return np.unique(fp.astype(np.int64))


def _first_true(test, lo, hi, rising: bool):
    """Per column, the first x in [lo, hi] where test(x, column) holds (rising: holds from there up), else the last
    (holds from there down); NaN where it holds nowhere. Bisection on whole numbers, all columns at once."""
    lo, hi = lo.astype(np.float64), hi.astype(np.float64)
    empty = lo > hi
    a, b = np.where(empty, 0, lo), np.where(empty, 0, hi)
    for _ in range(int(np.ceil(np.log2(max(float(np.max(b - a, initial=0)), 1.0)))) + 2):
        mid = np.floor((a + b) / 2) if rising else np.ceil((a + b) / 2)
        ok = test(mid)
        a, b = (np.where(ok, a, mid + 1), np.where(ok, mid, b)) if rising else (np.where(ok, mid, a),
                                                                                  np.where(ok, b, mid - 1))
    a = np.clip(a, np.where(empty, 0, lo), np.where(empty, 0, hi))  # a past hi: nowhere
    found = ~empty & test(a)
    return np.where(found, a, np.nan)


def fdr_boundary(task, fdr: float = DEFAULT_FDR, *, alternative: str = "greater", method: str = "fisher",
                 result: Significance | None = None, fp=None) -> FdrBoundary:
    """The q = ``fdr`` isocline: for each fp, the smallest tp with q ≤ ``fdr`` (and, two-sided, the largest below).

    q depends on every word's p, so the boundary is that of p ≤ p* (:meth:`Significance.p_threshold`), the same
    test evaluated at every whole (fp, tp): along a column the p-value falls as tp moves away from the diagonal
    tp/pos = fp/neg, so a bisection on each side finds the edge, and the boundary encloses exactly the words with
    q ≤ fdr (``encloses``). One exception, discreteness: two-sided Fisher's p wobbles where it is large
    (p = 0.5328 then 0.5350 a step further out), far above any p* a false-discovery rate below about 0.5 gives.

    Parameters
    ----------
    task : fsviz.Task
        Or anything with ``tp``, ``fp``, ``pos``, ``neg``.
    fdr : float, default ``DEFAULT_FDR``
        The false-discovery rate, strictly between 0 and 1 (else ValueError).
    alternative, method : str
        As in :func:`p_values`; unused when ``result`` is given.
    result : Significance, optional
        The task's :func:`significance`, when made already (its alternative and method are used).
    fp : array-like of int, optional
        The columns to compute, whole numbers in [0, neg] (default every one). Each column's bisection is
        independent and exact, so a figure needs only the columns it draws: the word map asks for about 600 (every
        whole fp near the origin, sparser further out): 0.07 s on a 20 Newsgroups-sized task (pos 940, neg 17,906)
        where its 17,907 columns take 0.31 s (the tails summed per bisection step, not the columns, set the cost).

    Returns
    -------
    FdrBoundary
    """
    fdr = check_fdr(fdr)
    if result is None:
        result = significance(task, alternative=alternative, method=method)
    alternative, method = result.alternative, result.method
    pos, neg = int(task.pos), int(task.neg)
    p_star = result.p_threshold(fdr)
    fp = np.arange(neg + 1) if fp is None else _columns(fp, neg)
    nan = np.full(fp.shape, np.nan)
    if p_star < 0:
        return FdrBoundary(fdr, p_star, fp, nan, nan.copy())

    def significant(tp, columns):
        return p_values(tp, columns, pos, neg, alternative=alternative, method=method) <= p_star

    top, bottom = np.full(fp.shape, float(pos)), np.zeros(fp.shape)
    if alternative == "two-sided":  # each branch from the diagonal tp/pos = fp/neg outward
        diagonal = fp * pos / neg
        top_start, bottom_end = np.ceil(diagonal), np.floor(diagonal)
    else:  # one-sided p falls steadily along the whole column (rises, for "less")
        top_start, bottom_end = bottom, top
    upper = lower = nan
    if alternative != "less":
        upper = _first_true(lambda tp: significant(tp, fp), top_start, top, True)
    if alternative != "greater":
        lower = _first_true(lambda tp: significant(tp, fp), bottom, bottom_end, False)
    return FdrBoundary(fdr, p_star, fp, upper, lower.copy() if lower is upper else lower)


def p_label(p: float, log10_p: float | None = None) -> str:
    """A p or q in three digits for a table; one that underflowed to 0, from its log₁₀ when known
    (``1.1e-1620``), else ``<1e-300``.

    >>> p_label(0.0123), p_label(0.0, -549.77), p_label(0.0)
    ('0.0123', '1.7e-550', '<1e-300')
    """
    if p > 0 or log10_p is None or not np.isfinite(log10_p):
        return "<1e-300" if p == 0 else f"{p:.3g}"
    exponent = int(np.floor(log10_p))
    return f"{10 ** (log10_p - exponent):.2g}e{exponent}"

