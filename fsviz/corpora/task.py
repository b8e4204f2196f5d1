"""The Task: one class (or group) against the rest (or another group), every word's 2×2 counts, scored and
selected by any spec."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..metrics import get_metric, score
from ..metrics.counts import negative_features
from ..selection import MetricSpec, parse_spec, score_words, select_top_k, selected_words

__all__ = ["Task"]


@dataclass(frozen=True, eq=False)
class Task:
    """One class against the rest, or any two groups of documents (:meth:`fsviz.Corpus.task`): every word's 2×2 counts.

    Parameters
    ----------
    name : str
        The positive class, or the groups' name (``"a + b vs c"``, :mod:`fsviz.corpora.groups`).
    tp, fp : ndarray of int64, shape (n_words,)
        Positive and negative documents containing each word.
    pos, neg : int
        Positive and negative documents.
    vocabulary : ndarray of str, shape (n_words,)
        The words, in the order of ``tp`` and ``fp``.
    training : fsviz.metrics.counts.Training or None
        The documents behind the counts, for metrics that read more than
        the 2×2 table (set by :meth:`fsviz.Corpus.binary_task`).

    See Also
    --------
    fsviz.Corpus.binary_task : one class against the rest.
    fsviz.Corpus.task : any two groups of classes.
    fsviz.score : scores its counts.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad dull film", "bad plot"],
    ...                             ["pos", "pos", "neg", "neg"]), min_df=1)
    >>> task = corpus.binary_task("pos")
    >>> task.vocabulary.tolist(), task.tp.tolist(), task.fp.tolist(), task.pos, task.neg
    (['bad', 'dull', 'film', 'fun', 'good', 'plot'], [0, 0, 1, 1, 2, 1], [2, 1, 1, 0, 0, 1], 2, 2)
    >>> task.vocabulary[task.select("bns", 2)].tolist()
    ['bad', 'good']
    """

    name: str
    tp: np.ndarray
    fp: np.ndarray
    pos: int
    neg: int
    vocabulary: np.ndarray
    training: object = None

    @property
    def n_words(self) -> int:
        return int(self.tp.size)

    @property
    def tpr(self) -> np.ndarray:
        """Sample true-positive rate of each word, tp / pos."""
        return self.tp / self.pos

    @property
    def fpr(self) -> np.ndarray:
        """Sample false-positive rate of each word, fp / neg."""
        return self.fp / self.neg

    @property
    def skew(self) -> float:
        """Class skew neg:pos (Forman's 1:n), e.g. 30.0 for 1:30."""
        return self.neg / self.pos

    @property
    def negative(self) -> np.ndarray:
        """Mask of negative features (tpr < fpr)."""
        return negative_features(self.tp, self.fp, self.pos, self.neg)

    def score(self, metric: str, **kwargs) -> np.ndarray:
        """Scores of every word under ``metric``.

        A table metric is scored from the counts, with ``kwargs`` going to
        :func:`fsviz.score`; any other spec (a metric reading every class,
        term frequencies or a model, an α-weighted metric, a combination)
        through :func:`fsviz.score_words` on :attr:`training`.

        Parameters
        ----------
        metric : str
            A metric name or any spec (see :func:`fsviz.selection.parse_spec`).
        **kwargs
            ``signed`` and ``random_state`` for a table metric; only ``random_state`` otherwise.

        Returns
        -------
        ndarray of float64 of shape (n_words,)
            Every word's score; higher is better.

        Raises
        ------
        ValueError
            If ``metric`` does not parse, or reads more than the 2×2 counts and the task has no :attr:`training`.
        """
        spec = parse_spec(metric)
        if isinstance(spec, MetricSpec) and get_metric(spec.name).reads_table:
            return score(spec.name, self.tp, self.fp, self.pos, self.neg, **kwargs)
        if self.training is None:
            raise ValueError(f"{metric!r} reads more than this task's 2×2 counts; make the task with "
                             "corpus.binary_task(name), which keeps its documents")
        return score_words(spec, self.training, random_state=kwargs.get("random_state", 0))

    def select(self, metric: str, k: int, **kwargs) -> np.ndarray:
        """The ``k`` words ``metric`` selects, as vocabulary indices.

        Any spec: the top k of :meth:`score` (best first, ties by lower
        index), or IGFSS's set for k (:func:`fsviz.selected_words` on
        :attr:`training`).

        Parameters
        ----------
        metric : str
            A metric name or any spec (see :func:`fsviz.selection.parse_spec`).
        k : int
            Number of words to select.
        **kwargs
            Passed to :meth:`score` (for IGFSS, only ``random_state`` is used).

        Returns
        -------
        ndarray of int
            The selected vocabulary indices, ``k`` of them (for IGFSS at most the number of words).

        Raises
        ------
        ValueError
            If ``metric`` does not parse or ``k`` is out of range, or IGFSS is asked of a task without
            :attr:`training`.
        """
        if not parse_spec(metric).selects_per_k:
            return select_top_k(self.score(metric, **kwargs), k).indices
        if self.training is None:
            raise ValueError(f"{metric!r} reads every class's documents; make the task with "
                             "corpus.binary_task(name), which keeps them")
        return selected_words(metric, self.training, k, random_state=kwargs.get("random_state", 0))
