"""Each word's effect size beside its p and q: the log₂ ratio of its document rates with a confidence interval.

A p-value says whether a word is associated with the class; the log ratio
says how strongly: log₂(tpr / fpr), Hardie's "Log Ratio" on document rates
(each point doubles the word's rate in the class). :func:`log_ratio_interval`
gives it with the Katz et al. (1978) interval, vectorised over the vocabulary;
:func:`zero_rule_agreement` measures how much the rule for zero counts moves
the words' ranking.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.special import ndtri

from .._lazy import lazy
from .._validation import check_choice, check_counts
from ..metrics.keyness import log_ratio

# scipy.stats (about 1 s to import) only when the rules are compared: the CLI imports this module for every command
correlation, top_masks = lazy("fsviz.stats.agreement", "correlation", "top_masks")

__all__ = ["EFFECT_COLUMNS", "EFFECT_NOTE", "ZERO_RULES", "LogRatioInterval", "log_ratio_interval", "zero_rule_agreement"]

#: The rules for a zero count: the Haldane–Anscombe half (the default) and the ``log_ratio`` metric's ε = 0.5/N.
ZERO_RULES = ("half", "epsilon")
#: The tables' names of the estimate and its interval's bounds (log₂ units).
EFFECT_COLUMNS = ("log2 ratio", "log2 ratio low", "log2 ratio high")
#: What those columns hold, in words, for the CLI's text and --json and the app's tables (the default ``zero``).
EFFECT_NOTE = ("log2 ratio = log2(tpr/fpr) with its 95% Wald interval (Katz et al. 1978); a word with an empty "
               "cell has 0.5 added to every cell of its 2x2 table (Haldane-Anscombe)")


@dataclass(frozen=True)
class LogRatioInterval:
    """Every word's log₂ ratio of document rates and its confidence interval (:func:`log_ratio_interval`).

    Parameters
    ----------
    log_ratio, low, high : numpy.ndarray
        The estimate and the interval's ends, in log₂ units (1 = twice as frequent in the class).
    zero : str
        The zero rule they were made with.
    level : float
        The interval's confidence level.

    See Also
    --------
    fsviz.stats.log_ratio_interval : makes it for every word of a task.
    fsviz.stats.zero_rule_agreement : how much the ``zero`` rule moves the ranking.

    Examples
    --------
    >>> interval = log_ratio_interval([8, 0], [2, 4], 10, 20)
    >>> interval.log_ratio.round(2).tolist(), interval.zero
    ([3.0, -2.24], 'half')
    >>> list(interval.frame().columns)
    ['log2 ratio', 'log2 ratio low', 'log2 ratio high']
    """

    log_ratio: np.ndarray
    low: np.ndarray
    high: np.ndarray
    zero: str
    level: float

    def columns(self, words=None) -> dict:
        """The three arrays under :data:`EFFECT_COLUMNS` (only ``words``, indices, when given), for a table."""
        arrays = (self.log_ratio, self.low, self.high)
        if words is not None:
            arrays = tuple(np.atleast_1d(a)[np.asarray(words, dtype=np.int64)] for a in arrays)
        return dict(zip(EFFECT_COLUMNS, arrays))

    def frame(self) -> pd.DataFrame:
        """The three arrays as a table, one row per word (one row for one word's scalars)."""
        return pd.DataFrame({name: np.atleast_1d(a) for name, a in self.columns().items()})


def _check_level(level) -> float:
    if isinstance(level, bool) or not isinstance(level, (int, float, np.integer, np.floating)) \
            or not 0 < level < 1:
        raise ValueError(f"`level` must be a confidence level strictly between 0 and 1, e.g. 0.95, got {level!r}")
    return float(level)


def log_ratio_interval(tp, fp, pos, neg, *, zero: str = "half", level: float = 0.95) -> LogRatioInterval:
    """The log₂ ratio of a word's document rates, log₂(tpr / fpr), with its Wald confidence interval.

    Parameters
    ----------
    tp, fp : array_like of shape (n_words,)
        Positive and negative documents containing each word (arrays that
        broadcast with ``pos`` and ``neg``; whole counts, or fractions of
        documents).
    pos, neg : int or array_like
        Documents in the positive and the negative group (each at least 1).
    zero : {"half", "epsilon"}, default "half"
        The rule where a count is 0 (Notes): ``"half"`` adds 0.5 to every
        cell of a word's 2×2 table that has an empty cell (Haldane–Anscombe);
        ``"epsilon"`` centres the interval on the ``log_ratio`` metric's score
        (ε = 0.5/N added to both rates).
    level : float, default 0.95
        The confidence level, strictly between 0 and 1.

    Returns
    -------
    LogRatioInterval
        ``log_ratio``, ``low`` and ``high``, arrays of the broadcast shape
        in log₂ units, and the ``zero`` rule and ``level``.

    Raises
    ------
    ValueError
        For counts that are no 2×2 table (:func:`fsviz._validation.check_counts`),
        an unknown ``zero`` rule or a ``level`` outside (0, 1).

    See Also
    --------
    fsviz.metrics.keyness.log_ratio : the metric, the estimate of ``zero="epsilon"``.
    fsviz.stats.significance.significance : each word's p and q.

    Notes
    -----
    With a = tp of n₁ = pos documents and c = fp of n₂ = neg, the ratio of
    the rates is RR = (a / n₁) / (c / n₂) and Katz et al.'s (1978) interval,
    the Wald interval of ln RR for two independent binomial proportions, is

        var(ln RR) = 1/a − 1/n₁ + 1/c − 1/n₂,
        ln RR ± z · √var,  z = Φ⁻¹((1 + level) / 2)  (1.96 at 95%),

    reported in log₂ units (divided by ln 2), as Hardie's (2014) Log Ratio.

    A count of 0 makes RR 0 or ∞ and the variance infinite. ``zero="half"``
    (the default) is the literature's usual adjustment, the one
    ``metafor::escalc(measure="RR")`` applies by default (``add=1/2,
    to="only0"``): in a word's table with any empty cell among tp, fn =
    pos − tp, fp and tn = neg − fp, add 0.5 to all four cells, so a = tp + ½,
    n₁ = pos + 1, c = fp + ½, n₂ = neg + 1, in the estimate and the variance
    alike; a table without an empty cell is left as it is, and its estimate
    is Hardie's log₂(tpr / fpr) exactly. ``zero="epsilon"`` centres the
    interval on the ``log_ratio`` metric's score, log₂[(tpr + ε)/(fpr + ε)],
    ε = 0.5/N, N = pos + neg, added to every word (so the table and the
    metric agree), with the Haldane–Anscombe variance above, which keeps
    every interval finite; the two rules give intervals of one width that
    differ only in their centre.

    Why "half" is the default: its centre and its variance come from one
    table, which makes it the textbook interval, and it leaves every word
    without a zero count at its plain ratio. ε = 0.5/N is half a document
    of the whole sample, far less than half a document of the smaller
    class, so for a word absent from the smaller class the ε rule reads a
    large ratio out of a handful of documents (tp = 0 of 728, fp = 3 of
    3,613: −3.0 by ε, −0.5 by "half"); the metric keeps ε for what it needs
    (0 on the diagonal and at the origin, a continuous surface for its
    isoclines).

    How much the choice moves the ranking, measured on the bundled sample's
    largest class (``pandas``: pos 728, neg 3,613, 9,581 words, 6,380 with
    an empty cell, 5,914 of them with tp = 0) by
    ``python -c "import fsviz; from fsviz.stats.effect import zero_rule_agreement as a;
    print(a(fsviz.load_sample().task('pandas')))"``: ranked by the signed
    estimate (the words marking the class first), Spearman's ρ between the
    rules is 0.899 and the top 100 share 94 words; ranked by magnitude (as
    the two-sided ``log_ratio`` metric ranks), ρ = 0.728 and the top 100
    share 37, since under ε the words absent from the class fill the top.
    Among words without an empty cell the estimates differ by 0.026 (median).

    Where the interval is rough: with an empty cell the added halves
    dominate the variance (1/½ = 2), so such a word's interval barely
    narrows as the corpus grows; Fisher's p beside it is exact. A word in
    no document of either group gets log₂((neg + 1)/(pos + 1)) under
    "half" (0 under "epsilon") with a wide interval.

    References
    ----------
    .. [1] Katz, D., J. Baptista, S. P. Azen, M. C. Pike, "Obtaining confidence
       intervals for the risk ratio in cohort studies", Biometrics 34(3)
       (1978), 469–474.
    .. [2] Hardie, A., "Log Ratio: an informal introduction", ESRC Centre for
       Corpus Approaches to Social Science (CASS), 2014.
    .. [3] Haldane, J. B. S., "The estimation and significance of the
       logarithm of a ratio of frequencies", Annals of Human Genetics 20
       (1956); F. J. Anscombe, "On estimating binomial response relations",
       Biometrika 43 (1956).
    .. [4] Viechtbauer, W., "Conducting meta-analyses in R with the metafor
       package", Journal of Statistical Software 36(3) (2010) (``escalc``).

    Examples
    --------
    tp = 10 of 20 positive documents and fp = 5 of 40 negative: rates 0.5 and
    0.125, four times apart, so log₂ ratio 2. A word in none of the 20
    (tp = 0) and 5 of the 40 has an empty cell: "half" reads it as 0.5 of 21
    and 5.5 of 41; the metric's ε = 0.5/60 gives log₂[(1/120)/(16/120)] = −4.

    >>> log_ratio_interval([10, 0], [5, 5], 20, 40).frame().round(3)
       log2 ratio  log2 ratio low  log2 ratio high
    0       2.000           0.659            3.341
    1      -2.494          -6.601            1.613
    >>> log_ratio_interval([10, 0], [5, 5], 20, 40, zero="epsilon").log_ratio.round(3).tolist()
    [1.931, -4.0]
    """
    tp, fp, pos, neg = check_counts(tp, fp, pos, neg)
    zero = check_choice(zero, "zero", ZERO_RULES)
    level = _check_level(level)
    empty = (tp == 0) | (fp == 0) | (tp == pos) | (fp == neg)
    half = np.where(empty, 0.5, 0.0)
    a, n1, c, n2 = tp + half, pos + 2 * half, fp + half, neg + 2 * half
    with np.errstate(over="ignore"):  # a subnormal fraction of a document: no information, an unbounded interval
        se = np.sqrt(1 / a - 1 / n1 + 1 / c - 1 / n2) / np.log(2)
    if zero == "half":
        estimate = np.log2(a / n1) - np.log2(c / n2)
    else:
        estimate = log_ratio(tp, fp, pos, neg)
    margin = ndtri((1 + level) / 2) * se
    return LogRatioInterval(np.asarray(estimate), np.asarray(estimate - margin), np.asarray(estimate + margin),
                            zero, level)


def zero_rule_agreement(task, *, n: int = 100) -> dict:
    """How much the zero rule moves the words' ranking by log₂ ratio (:func:`log_ratio_interval`).

    Parameters
    ----------
    task : Task
        Anything with ``tp``, ``fp``, ``pos`` and ``neg``.
    n : int, default 100
        The length of the top lists compared.

    Returns
    -------
    dict
        ``spearman`` and ``top_overlap`` (words in both rules' top ``n``,
        fsviz's tie rule) ranking by the signed estimate, the same two
        ranking by its magnitude (``spearman_magnitude``,
        ``top_overlap_magnitude``), ``n``, ``n_words``, ``n_empty_cell``
        (words with an empty cell, where the rules differ most) and
        ``median_shift_no_empty_cell`` (the median absolute difference of
        the estimates elsewhere, log₂ units).

    See Also
    --------
    fsviz.stats.log_ratio_interval : the estimates under each rule.
    fsviz.stats.correlation : the Spearman correlation used here.
    fsviz.stats.top_masks : the top-``n`` lists compared.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> task = SimpleNamespace(tp=np.array([8, 0, 5, 3]), fp=np.array([2, 4, 5, 0]), pos=10, neg=20)
    >>> found = zero_rule_agreement(task, n=2)
    >>> found["n_empty_cell"], found["top_overlap"], round(found["spearman"], 3)
    (2, 2, 1.0)
    """
    half, epsilon = (log_ratio_interval(task.tp, task.fp, task.pos, task.neg, zero=rule).log_ratio
                     for rule in ZERO_RULES)
    tp, fp = np.asarray(task.tp), np.asarray(task.fp)
    empty = (tp == 0) | (fp == 0) | (tp == task.pos) | (fp == task.neg)
    found = {"n": n, "n_words": int(half.size), "n_empty_cell": int(empty.sum())}
    for suffix, (a, b) in (("", (half, epsilon)), ("_magnitude", (np.abs(half), np.abs(epsilon)))):
        in_a, in_b = top_masks(a, b, n)
        found[f"spearman{suffix}"] = correlation(a, b)["spearman"]
        found[f"top_overlap{suffix}"] = int((in_a & in_b).sum())
    shift = np.abs(half - epsilon)[~empty]
    found["median_shift_no_empty_cell"] = float(np.median(shift)) if shift.size else float("nan")
    return found
