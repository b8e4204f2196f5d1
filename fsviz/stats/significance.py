"""Each word's significance: its p and Benjamini–Hochberg q (:class:`Significance`), the words with q ≤ α,
their boundary on the (fp, tp) plane, and the ``fdr0.05`` k rule.

The p- and q-values themselves and their choices (Fisher's exact test everywhere by default, Cochran's switch to G²,
the alternatives, Benjamini–Hochberg's step-up rule) are in :mod:`fsviz.stats.pvalues`, whose :data:`METHODS` is here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ._bisection import _first_true
from .boundary import FdrBoundary, _columns
from .fisher import ALTERNATIVES
from .pvalues import METHODS, bh_q_values, log10_p_values, p_values

__all__ = ["ALTERNATIVES", "DEFAULT_FDR", "METHODS", "FdrBoundary", "FdrRule", "Significance", "check_fdr",
           "fdr_boundary", "fdr_k", "p_label", "parse_k_rule", "significance", "significant_words"]

#: The false-discovery rate the app and the CLI start from.
DEFAULT_FDR = 0.05
_RULE = re.compile(r"^\s*fdr\s*=?\s*([0-9.eE+-]+)\s*$", re.IGNORECASE)


def check_fdr(alpha) -> float:
    """``alpha`` as a float when it is a false-discovery rate strictly between 0 and 1, else ValueError.

    Parameters
    ----------
    alpha : float
        The false-discovery rate.

    Returns
    -------
    float
        ``alpha``.

    Raises
    ------
    ValueError
        If ``alpha`` is not a number strictly between 0 and 1 (a bool is refused).

    See Also
    --------
    fsviz.stats.parse_k_rule : reads a rate from a k rule such as ``fdr0.05``.

    Examples
    --------
    >>> check_fdr(0.05)
    0.05
    """
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float, np.integer, np.floating)) \
            or not np.isfinite(alpha) or not 0 < alpha < 1:
        raise ValueError(f"the false-discovery rate `fdr` must be a number strictly between 0 and 1, such as 0.05 "
                         f"(5% of the selected words expected to be false discoveries), got {alpha!r}")
    return float(alpha)


@dataclass(frozen=True)
class Significance:
    """Every word's ``p`` and ``q`` (:func:`significance`), with how they were computed, and ``log10_p``, log₁₀ p
    computed in logs where p underflows to 0 (None: ``log10(p)``).

    Parameters
    ----------
    p, q : numpy.ndarray of shape (n_words,)
        Each word's p-value and Benjamini–Hochberg q-value.
    alternative, method : str
        The test's direction and method (:func:`fsviz.stats.p_values`).
    log10_p : numpy.ndarray of shape (n_words,), optional
        log₁₀ p computed in logs, where some p underflowed.

    See Also
    --------
    fsviz.stats.significance : makes it for a task.
    fsviz.stats.fdr_boundary : the q = fdr boundary of these words on the plane.

    Examples
    --------
    >>> tested = Significance(np.array([0.01, 0.04, 0.03]), bh_q_values([0.01, 0.04, 0.03]), "greater", "fisher")
    >>> tested.selected(0.05).tolist(), tested.p_threshold(0.05), tested.minus_log10_p.round(2).tolist()
    ([0, 2, 1], 0.04, [2.0, 1.4, 1.52])
    """

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
        Or anything with ``tp``, ``fp``, ``pos``, ``neg``.
    alternative, method : str
        As in :func:`fsviz.stats.p_values`.

    Returns
    -------
    Significance
        Each word's p and q, and how they were computed.

    Raises
    ------
    ValueError
        For an unknown ``alternative`` or ``method``, or counts that are no 2×2 table.

    See Also
    --------
    fsviz.stats.p_values : the p-values alone.
    fsviz.stats.bh_q_values : the q-values, Benjamini and Hochberg's (1995) step-up rule.
    fsviz.stats.significant_words : the words with q ≤ fdr.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> significance(task).q.round(4).tolist()
    [0.0012, 1.0, 0.225, 0.0591]
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

    Vocabulary indices, most significant first. A grid fold calls it on its training counts to choose its k.

    Parameters
    ----------
    task : fsviz.Task
        Or anything with ``tp``, ``fp``, ``pos``, ``neg``.
    fdr : float, default ``DEFAULT_FDR``
        The false-discovery rate, strictly between 0 and 1.
    alternative, method : str
        As in :func:`fsviz.stats.p_values`.

    Returns
    -------
    numpy.ndarray of int
        Vocabulary indices.

    Raises
    ------
    ValueError
        For a rate outside (0, 1), or as :func:`fsviz.stats.p_values`.

    See Also
    --------
    fsviz.stats.fdr_k : how many they are.
    fsviz.stats.Significance.selected : the same from a result made already.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> task.vocabulary[significant_words(task, 0.05)].tolist()
    ['good']
    """
    fdr = check_fdr(fdr)
    return significance(task, alternative=alternative, method=method).selected(fdr)


def fdr_k(task, fdr: float = DEFAULT_FDR, **kwargs) -> int:
    """How many words of ``task`` have q ≤ ``fdr``: the k the ``fdr`` rule chooses (0 when none).

    Parameters
    ----------
    task : fsviz.Task
        Or anything with ``tp``, ``fp``, ``pos``, ``neg``.
    fdr : float, default ``DEFAULT_FDR``
        As for :func:`significant_words`.
    **kwargs
        :func:`significant_words`'s ``alternative`` and ``method``.

    Returns
    -------
    int
        The number of words, 0 when none qualifies.

    See Also
    --------
    fsviz.stats.significant_words : the words themselves.
    fsviz.stats.FdrRule : the k rule that uses it.
    fsviz.stats.parse_k_rule : reads a rule such as ``"fdr0.05"``.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fdr_k(task, 0.05), fdr_k(task, 0.1)  # q: 0.0012 for "good", 0.0591 for "nice"
    (1, 2)
    """
    return int(significant_words(task, fdr, **kwargs).size)


@dataclass(frozen=True)
class FdrRule:
    """The k rule ``fdr0.05``: k is the number of words with q ≤ ``fdr`` (:func:`parse_k_rule`).

    Parameters
    ----------
    fdr : float
        The false-discovery rate.

    See Also
    --------
    fsviz.stats.parse_k_rule : reads a rule from text.
    fsviz.stats.fdr_k : the k it chooses.

    Examples
    --------
    >>> str(FdrRule(0.05)), parse_k_rule("fdr=0.1")
    ('fdr0.05', FdrRule(fdr=0.1))
    """

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

    Parameters
    ----------
    text : str or int
        The k as typed, or a whole number.

    Returns
    -------
    int or FdrRule
        The number of words, or the rule.

    Raises
    ------
    ValueError
        For text that is neither a whole number nor ``fdr`` with a rate strictly between 0 and 1.

    See Also
    --------
    fsviz.stats.FdrRule : the rule.
    fsviz.check_k : checks a number of words.

    Examples
    --------
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
        The curve where q reaches ``fdr``, over fp.

    Raises
    ------
    ValueError
        For a rate outside (0, 1), or columns that are not whole numbers in [0, neg].

    See Also
    --------
    fsviz.stats.significance : the p and q the boundary is drawn from.
    fsviz.stats.top_k_isocline : a metric's top-k boundary on the same plane.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> fdr_boundary(task, 0.05, fp=[0, 1, 2]).upper.tolist()  # only "good" (fp 2, tp 8) has q <= 0.05
    [7.0, 8.0, 8.0]
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

    Parameters
    ----------
    p : float
        The p- or q-value.
    log10_p : float, optional
        Its log₁₀, computed in logs (:attr:`Significance.minus_log10_p`, negated).

    Returns
    -------
    str
        Three significant digits, from ``log10_p`` below 1e-300, or ``"<1e-300"``.

    See Also
    --------
    fsviz.stats.Significance : the p and log₁₀ p of every word.

    Examples
    --------
    >>> p_label(0.0123), p_label(0.0, -549.77), p_label(0.0)
    ('0.0123', '1.7e-550', '<1e-300')
    """
    if p > 0 or log10_p is None or not np.isfinite(log10_p):
        return "<1e-300" if p == 0 else f"{p:.3g}"
    exponent = int(np.floor(log10_p))
    return f"{10 ** (log10_p - exponent):.2g}e{exponent}"

