"""How far two relevance measures agree across words (Goutte et al. §4, Table 2, Figures 2–5).

Goutte et al. compare corpus-based measures (binary and frequency IG, DF)
with model-based ones (SVM w·σ, KL) on one corpus by

- the linear correlation of the two measures on log scales ("log-log"),
  linear for a measure that can be negative (their scaled regression
  coefficient);
- the Spearman rank correlation, independent of scale;
- the words in the union of each measure's top 50 that are not in both.

Choices the paper leaves open: on a log scale a word scoring 0 (or below)
has no place, so log-log correlations use the words where every
log-scaled measure is positive, and report how many that is; a measure
is log-scaled when none of its scores is negative. Ranks put the best
first; tied scores share their best rank, as the word map's tables do.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ..selection import select_top_k, spec_label

__all__ = ["agreement_matrix", "correlation", "log_scaled", "ranks", "top_masks", "top_overlap"]


def log_scaled(scores) -> bool:
    """Whether a measure is compared on a log scale: none of its scores is negative.

    Parameters
    ----------
    scores : array-like
        The measure's scores.

    Returns
    -------
    bool
        True when no score is negative.

    See Also
    --------
    fsviz.stats.correlation : uses it to choose each measure's axis.

    Examples
    --------
    >>> log_scaled([0.0, 2.5, 7.0]), log_scaled([-1.0, 2.0])
    (True, False)
    """
    return bool(np.min(scores, initial=0.0) >= 0)


def _axis(scores):
    scores = np.asarray(scores, dtype=np.float64)
    if not log_scaled(scores):
        return scores, np.ones(scores.size, dtype=bool)
    with np.errstate(divide="ignore"):
        return np.log10(scores), scores > 0


def correlation(a, b) -> dict:
    """The two measures' agreement over words.

    A constant measure correlates as NaN.

    Parameters
    ----------
    a, b : array-like of shape (n_words,)
        The two measures' scores over one vocabulary.

    Returns
    -------
    dict
        ``loglog`` (Pearson on log10 of each log-scaled measure,
        over the words where both axes are defined), ``spearman`` (over every
        word), ``n_words`` (all) and ``n_loglog`` (the words the log-log value
        used).

    See Also
    --------
    fsviz.stats.agreement_matrix : this for every pair of measures.
    fsviz.stats.log_scaled : which measures go on a log scale.
    fsviz.plots.agreement_scatter_figure : the two measures, word by word.

    References
    ----------
    .. [1] Goutte, C. et al., "Corpus-Based vs. Model-Based Selection of Relevant Features", §4, Table 2.

    Examples
    --------
    >>> found = correlation([1.0, 10.0, 100.0, 0.0], [2.0, 20.0, 200.0, 5.0])
    >>> round(found["loglog"], 3), round(found["spearman"], 3), found["n_loglog"]
    (1.0, 0.8, 3)
    """
    (x, x_ok), (y, y_ok) = _axis(a), _axis(b)
    ok = x_ok & y_ok
    loglog = np.nan
    if ok.sum() > 2 and np.ptp(x[ok]) > 0 and np.ptp(y[ok]) > 0:
        loglog = float(np.corrcoef(x[ok], y[ok])[0, 1])
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    spearman = float(stats.spearmanr(a, b).statistic) if np.ptp(a) > 0 and np.ptp(b) > 0 else np.nan
    return {"loglog": loglog, "spearman": spearman, "n_words": int(a.size), "n_loglog": int(ok.sum())}


def agreement_matrix(scores: dict, kind: str = "spearman") -> pd.DataFrame:
    """Square table of :func:`correlation` ``kind`` (``"spearman"`` or ``"loglog"``) for every pair.

    Parameters
    ----------
    scores : dict of str to array-like of shape (n_words,)
        Maps a spec to its scores over one vocabulary.
    kind : {"spearman", "loglog"}, default "spearman"
        Which correlation.

    Returns
    -------
    pandas.DataFrame
        Rows and columns keep the dict's order and are labelled by spec; 1 on the diagonal.

    Raises
    ------
    ValueError
        For a ``kind`` other than ``"spearman"`` and ``"loglog"``.

    See Also
    --------
    fsviz.stats.correlation : one pair's values.
    fsviz.plots.agreement_matrix_figure : draws the table.

    References
    ----------
    .. [1] Goutte, C. et al., "Corpus-Based vs. Model-Based Selection of Relevant Features", §4, Table 2.

    Examples
    --------
    >>> agreement_matrix({"a": [1.0, 2.0, 3.0], "b": [3.0, 2.0, 1.0]}).values.tolist()
    [[1.0, -1.0], [-1.0, 1.0]]
    """
    if kind not in ("spearman", "loglog"):
        raise ValueError(f"`kind` must be 'spearman' or 'loglog', got {kind!r}")
    names = list(scores)
    out = pd.DataFrame(np.eye(len(names)), index=names, columns=names)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            value = correlation(scores[a], scores[b])[kind]
            out.loc[a, b] = out.loc[b, a] = value
    return out


def ranks(scores) -> np.ndarray:
    """Rank of every word, 1 = best; tied scores share their best rank."""
    scores = np.asarray(scores, dtype=np.float64)
    return stats.rankdata(-scores, method="min").astype(np.int64)


def top_masks(a, b, n: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Masks of the words in each measure's top ``n`` (every word when there are fewer than ``n``).

    Parameters
    ----------
    a, b : array-like of shape (n_words,)
        The two measures' scores.
    n : int, default 50
        Size of each top set.

    Returns
    -------
    tuple of numpy.ndarray of bool
        ``a``'s mask and ``b``'s.

    See Also
    --------
    fsviz.stats.top_overlap : the words in only one of the two tops.
    fsviz.select_top_k : each top ``n``, with its tie rule.

    Examples
    --------
    >>> in_a, in_b = top_masks([3.0, 2.0, 1.0], [1.0, 2.0, 3.0], n=2)
    >>> in_a.tolist(), in_b.tolist()
    ([True, True, False], [False, True, True])
    """
    return tuple(select_top_k(s, min(n, s.size)).mask(s.size)
                 for s in (np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)))


def top_overlap(a, b, vocabulary, n: int = 50, names=("a", "b")) -> tuple[int, pd.DataFrame]:
    """Compare the top ``n`` words of two measures (Goutte: "among the union of the first 50 …").

    Parameters
    ----------
    a, b : array-like of shape (n_words,)
        The two measures' scores.
    vocabulary : numpy.ndarray of shape (n_words,)
        The words.
    n : int, default 50
        Size of each top list.
    names : tuple of str, default ("a", "b")
        The two measures' specs, for the table's labels.

    Returns
    -------
    int
        The number of words in both top-n lists.
    pandas.DataFrame
        The words in only one, columns ``word, in, rank by {a}, rank by {b}`` (ranks under both measures),
        ordered by list, then best rank.

    See Also
    --------
    fsviz.stats.top_masks : the two tops as masks.
    fsviz.selection.top_k_overlap : the Jaccard overlap of many metrics' tops.

    References
    ----------
    .. [1] Goutte, C. et al., "Corpus-Based vs. Model-Based Selection of Relevant Features", §4, Table 2.

    Examples
    --------
    >>> both, only = top_overlap([3.0, 2.0, 1.0], [1.0, 2.0, 3.0], np.array(["x", "y", "z"]), n=2,
    ...                          names=("bns", "ig"))
    >>> both, only["word"].tolist(), only.columns.tolist()
    (1, ['x', 'z'], ['word', 'in', 'rank by BNS', 'rank by IG'])
    """
    top_a = set(select_top_k(a, n).indices.tolist())
    top_b = set(select_top_k(b, n).indices.tolist())
    rank_a, rank_b = ranks(a), ranks(b)
    label_a, label_b = (spec_label(x) for x in names)
    rows = [(vocabulary[j], f"top {n} of {label_a} only", rank_a[j], rank_b[j]) for j in top_a - top_b]
    rows += [(vocabulary[j], f"top {n} of {label_b} only", rank_a[j], rank_b[j]) for j in top_b - top_a]
    table = pd.DataFrame(rows, columns=["word", "in", f"rank by {label_a}", f"rank by {label_b}"])
    table["best rank"] = table[[f"rank by {label_a}", f"rank by {label_b}"]].min(axis=1)
    table = table.sort_values(["in", "best rank", "word"], ignore_index=True).drop(columns="best rank")
    return len(top_a & top_b), table
