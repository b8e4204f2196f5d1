"""The word and class tables the CLI and the pages share.

Words merged by their (fp, tp) point (what the word map draws), each word's counts, its p-value and
Benjamini–Hochberg q (:mod:`fsviz.stats.significance`), its log₂ ratio with a confidence interval
(:mod:`fsviz.stats.effect`), scores, ranks and top-k membership (and one word's, :func:`word_facts`), each metric's
top k words, each metric's isocline at several k, the classes with their sizes and skew, and the document
frequencies by rank.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._validation import check_k
from ..metrics import get_metric
from ..selection import ordering_spec, select_top_k
from .effect import log_ratio_interval
from .isoclines import no_isocline_reason, top_k_isoclines
from .significance import Significance, significance

__all__ = ["WordFacts", "WordPoints", "boundary_table", "class_table", "df_ranks", "ranks", "top_words", "word_facts",
           "word_points", "word_table"]


@dataclass(frozen=True)
class WordPoints:
    """Words merged by their (fp, tp) point.

    Parameters
    ----------
    fp, tp, count : numpy.ndarray of shape (n_points,)
        Per distinct point: its counts and how many words it holds.
    point_of_word : numpy.ndarray of shape (n_words,)
        ``point_of_word[j]`` is the point of word j.
    sample : list of str
        A few words per point (most frequent first) for hover text.

    See Also
    --------
    fsviz.stats.word_points : makes it for a task.

    Examples
    --------
    >>> points = WordPoints(np.array([0, 2]), np.array([3, 1]), np.array([2, 1]), np.array([0, 1, 0]), ["a, c", "b"])
    >>> points.holding([1]).tolist(), points.positive(pos=4, neg=4).tolist()
    ([False, True], [True, False])
    """

    fp: np.ndarray
    tp: np.ndarray
    count: np.ndarray
    point_of_word: np.ndarray
    sample: list

    def holding(self, words) -> np.ndarray:
        """Mask of the points holding any of ``words`` (vocabulary indices).

        Words at one point share their score, so when a selection takes them, the mask marks the points selected.
        """
        mask = np.zeros(self.fp.size, dtype=bool)
        mask[self.point_of_word[words]] = True
        return mask

    def positive(self, pos: int, neg: int) -> np.ndarray:
        """Mask of the points above the diagonal (tpr > fpr): the positive features."""
        return self.tp / pos > self.fp / neg


def word_points(task, *, n_sample=5) -> WordPoints:
    """Merge the words of ``task`` that share an (fp, tp) point.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are merged.
    n_sample : int, default 5
        Most words named per point in ``sample``.

    Returns
    -------
    WordPoints
        Every distinct (fp, tp) once, how many words are there, and which.

    See Also
    --------
    fsviz.plots.word_map_figure : draws one marker per point.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> points = word_points(task)
    >>> points.fp.tolist(), points.tp.tolist(), points.sample
    ([0, 2, 4, 5], [3, 8, 0, 5], ['nice', 'good', 'bad', 'the'])
    """
    code = task.fp.astype(np.int64) * (task.pos + 1) + task.tp
    codes, point_of_word, count = np.unique(code, return_inverse=True, return_counts=True)
    order = np.argsort(point_of_word, kind="stable")
    starts = np.concatenate([[0], np.cumsum(count)[:-1]])
    words = task.vocabulary[order]
    sample = [", ".join(map(str, words[s : s + min(c, n_sample)])) + (" …" if c > n_sample else "")
              for s, c in zip(starts, count)]
    return WordPoints(codes // (task.pos + 1), codes % (task.pos + 1), count, point_of_word, sample)


def ranks(scores, values) -> np.ndarray:
    """Each of ``values``' rank among ``scores``: 1 + the number of scores strictly higher (tied words share
    the best rank of their score)."""
    ordered = np.sort(np.asarray(scores))
    return 1 + ordered.size - np.searchsorted(ordered, values, side="right")


def word_table(task, metrics, k, *, words=None, tested: Significance | None = None,
               zero: str = "half") -> pd.DataFrame:
    """tp, fp, p, q, the log₂ ratio and its interval, and each metric's score, rank and top-k membership per word.

    ``p`` is the word's p-value of association with the positive group and ``q`` its Benjamini–Hochberg q over
    every word of the task (``-log10 p``: −log₁₀ p, finite where p underflows to 0), by the default test
    (one-sided Fisher's exact, :func:`fsviz.stats.significance.significance`), or as ``tested`` says.
    ``log2 ratio``, ``log2 ratio low`` and ``log2 ratio high``: log₂(tpr / fpr) and its 95% Wald interval
    (Katz et al.), a zero count adjusted by the ``zero`` rule. Rank 1 is best; tied words share the best rank of
    their score.

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are listed.
    metrics : list of str
        Metrics whose score, rank and top-k membership get columns.
    k : int
        The top-k size.
    words : array-like of int, optional
        Vocabulary indices that restrict the rows; all words by default (q still
        counts every word of the task).
    tested : Significance, optional
        :func:`fsviz.stats.significance.significance`'s result, when made already.
    zero : {"half", "epsilon"}, default "half"
        The zero-count rule (:func:`fsviz.stats.effect.log_ratio_interval`).

    Returns
    -------
    pandas.DataFrame
        One row per word: ``word, tp, fp, p, q, -log10 p``, the effect's columns, and per metric
        ``{name} score``, ``{name} rank`` and ``{name} top-k``.

    See Also
    --------
    fsviz.word_facts : one word's row, as a record.
    fsviz.stats.significance : the p and q.
    fsviz.stats.log_ratio_interval : the effect's columns.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> word_table(task, ["bns"], 2)[["word", "tp", "fp", "bns rank", "bns top-k"]].values.tolist()
    [['good', 8, 2, 3, False], ['bad', 0, 4, 2, True], ['the', 5, 5, 4, False], ['nice', 3, 0, 1, True]]
    """
    idx = np.arange(task.n_words) if words is None else np.asarray(words, dtype=np.int64)
    tested = significance(task) if tested is None else tested
    effect = log_ratio_interval(task.tp[idx], task.fp[idx], task.pos, task.neg, zero=zero)
    table = pd.DataFrame({"word": task.vocabulary[idx], "tp": task.tp[idx], "fp": task.fp[idx],
                          "p": tested.p[idx], "q": tested.q[idx], "-log10 p": tested.minus_log10_p[idx],
                          **effect.columns()})
    for name in metrics:
        scores = task.score(name)
        table[f"{name} score"] = scores[idx]
        table[f"{name} rank"] = ranks(scores, scores[idx])
        table[f"{name} top-k"] = select_top_k(scores, k).mask(task.n_words)[idx]
    return table


@dataclass(frozen=True)
class WordFacts:
    """One word's 2×2 counts and its standing under each metric (:func:`word_facts`).

    Parameters
    ----------
    word : str
        The word, as the task's vocabulary holds it.
    tp, fp, pos, neg : int
        Its 2×2 counts.
    k : int
        The top-k size.
    standing : pandas.DataFrame
        One row per metric: ``metric``, ``score``, ``rank``
        (1 is best; tied words share the best rank of their score) and
        ``top-k`` (whether the metric's top ``k`` holds the word).

    See Also
    --------
    fsviz.word_facts : makes it for a word of a task.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> word_facts(task, "nice", ["bns", "dfreq"], 2).top_k_of
    ('bns',)
    """

    word: str
    tp: int
    fp: int
    pos: int
    neg: int
    k: int
    standing: pd.DataFrame

    @property
    def tpr(self) -> float:
        return self.tp / self.pos

    @property
    def fpr(self) -> float:
        return self.fp / self.neg

    @property
    def top_k_of(self) -> tuple:
        """The metrics whose top k holds the word."""
        return tuple(self.standing.loc[self.standing["top-k"], "metric"])

    def counts(self) -> dict:
        """word, tp, fp, pos, neg, tpr, fpr and k, as plain numbers."""
        return dict(word=self.word, tp=self.tp, fp=self.fp, pos=self.pos, neg=self.neg, tpr=self.tpr, fpr=self.fpr,
                    k=self.k)


def word_facts(task, word: str, metrics, k) -> WordFacts:
    """``word``'s tp, fp and its score, rank and top-k membership under each of ``metrics``
    (one row of :func:`word_table`).

    Parameters
    ----------
    task : fsviz.Task
        The task.
    word : str
        The word, in the task's vocabulary.
    metrics : list of str
        The metrics whose standing is given.
    k : int
        The top-k size; larger than the vocabulary means every word.

    Returns
    -------
    WordFacts
        The counts and one row per metric.

    Raises
    ------
    ValueError
        If ``word`` is not in the task's vocabulary.

    See Also
    --------
    fsviz.stats.word_table : the same columns for every word.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> word_facts(task, "good", ["bns", "dfreq"], 2).standing.round(3).values.tolist()
    [['bns', 2.123, 3, False], ['dfreq', 10.0, 1, True]]
    """
    hits = np.flatnonzero(task.vocabulary == word)
    if hits.size == 0:
        raise ValueError(f"unknown word {word!r}: not in this task's vocabulary")
    k = min(check_k(k), task.n_words)
    row = word_table(task, metrics, k, words=hits[:1]).iloc[0]
    standing = pd.DataFrame({"metric": list(metrics),
                             "score": [float(row[f"{m} score"]) for m in metrics],
                             "rank": [int(row[f"{m} rank"]) for m in metrics],
                             "top-k": [bool(row[f"{m} top-k"]) for m in metrics]})
    return WordFacts(str(word), int(row["tp"]), int(row["fp"]), int(task.pos), int(task.neg), k, standing)


def top_words(task, metrics, k) -> pd.DataFrame:
    """The top ``k`` words of ``task`` under each metric, one row per (metric, rank).

    Parameters
    ----------
    task : fsviz.Task
        The task.
    metrics : list of str
        The metrics.
    k : int
        Number of top words per metric.

    Returns
    -------
    pandas.DataFrame
        Columns ``metric, rank, word, tp, fp, score`` (``score`` by the metric's ordering: IGFSS's global metric).

    See Also
    --------
    fsviz.stats.class_word_matrix : every class's top words at once.
    fsviz.selected_words : the words any spec selects, as indices.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> top_words(task, ["bns", "dfreq"], 2)[["metric", "rank", "word"]].values.tolist()
    [['bns', 1, 'nice'], ['bns', 2, 'bad'], ['dfreq', 1, 'good'], ['dfreq', 2, 'the']]
    """
    rows = []
    for name in metrics:
        scores = task.score(ordering_spec(name))  # IGFSS: its global metric's scores
        for rank, j in enumerate(task.select(name, k), 1):
            rows.append((name, rank, task.vocabulary[j], int(task.tp[j]), int(task.fp[j]), float(scores[j])))
    return pd.DataFrame(rows, columns=["metric", "rank", "word", "tp", "fp", "score"])


def boundary_table(task, metrics, ks, *, n_points=600) -> pd.DataFrame:
    """Each metric's isocline at each k as rows ``metric, k, threshold, fp, upper, lower`` (the word map's curves).

    ``upper`` and ``lower`` are the branches' tp at ``fp`` (empty where a
    branch does not exist there); ``n_points`` values of fp over [0, neg],
    denser near 0. Metrics without an isocline (Rand, or reading more than
    the 2×2 table) have no rows.

    Parameters
    ----------
    task : fsviz.Task
        The task whose plane the curves are drawn on.
    metrics : list of str
        The metrics whose isoclines are drawn.
    ks : iterable of int
        The numbers of features, each at most the vocabulary.
    n_points : int, default 600
        Number of fp values.

    Returns
    -------
    pandas.DataFrame
        The curves' points: a row per metric, k and fp.

    See Also
    --------
    fsviz.stats.top_k_isoclines : the curves, for one metric.
    fsviz.plots.boundaries_figure : draws them.

    Examples
    --------
    >>> from fsviz import Task
    >>> task = Task("a", np.array([8, 0, 5, 3]), np.array([2, 4, 5, 0]), 10, 20, np.array("good bad the nice".split()))
    >>> boundary_table(task, ["bns", "rand"], [1, 2], n_points=5).shape  # Rand has no isocline: no rows
    (10, 6)
    """
    fp = task.neg * np.linspace(0, 1, n_points) ** 2
    parts = []
    for name in metrics:
        if no_isocline_reason(name, task.pos, task.neg) is not None or get_metric(name).random:
            continue
        for k, curve in top_k_isoclines(task, name, ks, fp=fp).items():
            parts.append(pd.DataFrame({"metric": name, "k": k, "threshold": curve.threshold, "fp": fp,
                                       "upper": curve.upper, "lower": curve.lower}))
    columns = ["metric", "k", "threshold", "fp", "upper", "lower"]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=columns)


def class_table(corpus) -> pd.DataFrame:
    """Classes with their sizes and skew (neg:pos), largest first.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus.

    Returns
    -------
    pandas.DataFrame
        Columns ``class``, ``documents`` and ``skew 1:n``.

    See Also
    --------
    fsviz.plots.class_sizes_figure : draws it.
    fsviz.evaluation.forman_tasks : the sizes of Forman's 229 tasks, to compare.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=0).load()
    >>> class_table(corpus).round(2).values.tolist()
    [['c0', 68, 1.94], ['c1', 66, 2.03], ['c2', 66, 2.03]]
    """
    sizes = corpus.class_sizes
    table = pd.DataFrame({"class": corpus.classes, "documents": sizes, "skew 1:n": (corpus.n_docs - sizes) / sizes})
    return table.sort_values("documents", ascending=False, kind="stable").reset_index(drop=True)


def df_ranks(corpus) -> pd.DataFrame:
    """Every word's document frequency by rank, most frequent first, kept words and removed ones (Zipf).

    Columns ``rank`` (from 1), ``documents`` and ``kept`` (whether the
    rare-word cutoff kept the word), over the words the cutoff kept and
    those it removed.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus; its ``min_df`` option is the cutoff.

    Returns
    -------
    pandas.DataFrame
        One row per word, by rank.

    See Also
    --------
    fsviz.plots.zipf_figure : draws it.
    fsviz.corpora.df_cutoffs : the words each cutoff keeps.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=0).load()
    >>> df_ranks(corpus).head(2).values.tolist()
    [[1, 200, True], [2, 190, True]]
    """
    documents = np.sort(np.concatenate([corpus.df, corpus.removed_df]))[::-1]
    return pd.DataFrame({"rank": np.arange(1, documents.size + 1), "documents": documents,
                         "kept": documents >= corpus.options.get("min_df", 1)})
