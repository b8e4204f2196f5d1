"""The scoring engine: any spec's scores on a training sample, and the k words it selects.

:func:`fsviz.score` scores 2×2 tables. Everything else — metrics that read
more (every class's document counts, term frequencies, a fitted model),
weighted metrics, combinations and IGFSS — goes through this module on a
:class:`fsviz.metrics.counts.Training` sample, which also scores the table metrics.
The grid, the pages and the CLI score through it, so every registered metric
and every spec works everywhere. It is the one place that branches on a
spec's kind.
"""

from __future__ import annotations

import numpy as np

from .._validation import check_k
from ..metrics import check_plane, get_metric, score
from ..metrics.counts import Training
from .combine import COMBINATIONS
from .igfss import igfss_sets
from .parse import parse_spec
from .spec import IGFSS, Combination, Expression, MetricSpec, Weighted
from .spec_text import parse_weighted
from .topk import alpha_weight, select_top_k

__all__ = ["check_formulas", "score_words", "selected_sets", "selected_words", "spec_scores"]


def _score(spec, training: Training, random_state) -> np.ndarray:
    key = (spec, random_state if isinstance(random_state, (int, np.integer, type(None))) else id(random_state))
    if key in training.score_cache:
        return training.score_cache[key]
    if isinstance(spec, IGFSS):
        raise ValueError(f"{spec.canonical} selects a word set for each k and gives words no score; "
                         "use fsviz.selected_words(spec, training, k)")
    if isinstance(spec, MetricSpec):
        scores = get_metric(spec.name).score_training(training, random_state=random_state)
    elif isinstance(spec, Weighted):
        tp, fp, pos, neg = training.table()
        scores = alpha_weight(_score(spec.inner, training, random_state), tp, fp, pos, neg, spec.alpha)
    elif isinstance(spec, Combination):
        columns = [_score(p, training, random_state) for p in spec.parts]
        scores = COMBINATIONS[spec.kind].combine(columns).astype(np.float64)
    else:  # pragma: no cover - parse_spec makes only the four kinds
        raise TypeError(f"not a spec: {spec!r}")
    scores.setflags(write=False)
    training.score_cache[key] = scores
    return scores


def score_words(spec, training: Training, *, random_state=0) -> np.ndarray:
    """Every word's score under ``spec`` (a metric, weighted metric or combination).

    Parameters
    ----------
    spec : str or Spec
        See :func:`fsviz.selection.parse_spec`.
    training : Training
        The documents to score from (``corpus.training(class)`` for a whole
        corpus; the grid passes each fold's training split).
    random_state : int, default 0
        Seed for Rand.

    Returns
    -------
    ndarray of float64, shape (n_words,), read-only. Higher is better.

    Notes
    -----
    Combinations (Olsson & Oard §4) rank each input with rank 1 the best
    score and tied scores sharing their average rank (scipy's
    ``rankdata(method="average")``; the paper does not say how ties rank);
    HR scores a word by minus its best rank, LR by minus its worst, AR by
    minus the mean. DMOR divides each input by its largest score and DLOR
    by its L2 norm, then each word takes the largest normalised score; an
    input whose scores are all 0 contributes 0.

    See Also
    --------
    fsviz.score : a table metric's scores from counts alone.
    fsviz.selected_words : the k words a spec selects.
    fsviz.selection.parse_spec : the spec language.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures", §4 (the combinations).

    Examples
    --------
    Two words, the first in both positive documents only, the second in one
    document of each class; the first ranks 1st under both BNS and IG:

    >>> import numpy as np
    >>> X = np.array([[1, 1], [1, 0], [0, 1], [0, 0]])
    >>> training = Training.from_binary(X, [True, True, False, False])
    >>> score_words("ar(bns,ig)", training).tolist()
    [-1.0, -2.0]
    """
    return _score(parse_spec(spec), training, random_state)


def selected_words(spec, training: Training, k: int, *, random_state=0) -> np.ndarray:
    """The ``k`` words ``spec`` selects from ``training``, as vocabulary indices.

    For a spec that scores words, the top k by :func:`score_words` (ties:
    lower index first, :func:`fsviz.select_top_k`), best first; for IGFSS,
    :func:`fsviz.selection.igfss_select` over its global spec's scores, in the
    order it takes them. ``k`` is clipped to the number of words.

    Parameters
    ----------
    spec : str or Spec
        See :func:`fsviz.selection.parse_spec`.
    training : fsviz.Training
        The documents to select from.
    k : int
        Number of words to select; at least 1.
    random_state : int, default 0
        Seed for Rand.

    Returns
    -------
    ndarray of int of shape (min(k, n_words),)
        The selected vocabulary indices.

    Raises
    ------
    ValueError
        If ``spec`` does not parse or ``k`` is not a positive integer.

    See Also
    --------
    fsviz.selected_sets : the sets for several k, scoring once.
    fsviz.score_words : the scores behind the top k.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]), positive=0)
    >>> selected_words("dfreq", training, 2).tolist()
    [0, 1]
    >>> selected_words("igfss(dfreq)", training, 2).tolist()
    [0, 2]
    """
    return selected_sets(spec, training, [k], random_state=random_state)[k]


def selected_sets(spec, training: Training, ks, *, random_state=0) -> dict:
    """:func:`selected_words` for every k in ``ks`` (k → word indices), scoring once.

    A ranking is scored and sorted once and each set is a prefix of it;
    IGFSS labels and sorts the words once and fills its quotas per k.

    Parameters
    ----------
    spec : str or Spec
        As for :func:`selected_words`.
    training : fsviz.Training
        The documents to select from.
    ks : iterable of int
        The sizes to select; each at least 1, clipped to the number of words.
    random_state : int, default 0
        Seed for Rand.

    Returns
    -------
    dict
        Each k in ``ks`` to an ndarray of int of the selected vocabulary indices.

    Raises
    ------
    ValueError
        If ``spec`` does not parse or a k is not a positive integer.

    See Also
    --------
    fsviz.selected_words : one k.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]), positive=0)
    >>> {k: words.tolist() for k, words in selected_sets("dfreq", training, [1, 3]).items()}
    {1: [0], 3: [0, 1, 2]}
    """
    sizes = {k: min(check_k(k), training.n_words) for k in ks}
    spec = parse_spec(spec)
    if isinstance(spec, IGFSS):
        sets = igfss_sets(training, set(sizes.values()), _score(spec.inner, training, random_state), spec.nfr)
        return {k: sets[n] for k, n in sizes.items()}
    ranking = select_top_k(_score(spec, training, random_state), max(sizes.values())).indices
    return {k: ranking[:n] for k, n in sizes.items()}


def spec_scores(spec: str, tp, fp, pos: int, neg: int, *, random_state=0) -> np.ndarray:
    """Scores of a metric name, or of an α-weighted one (``"bns@0.3"``, see :func:`alpha_weight`), from counts.

    Parameters
    ----------
    spec : str
        A metric name, optionally ``@alpha``.
    tp, fp : array-like
        Positive and negative documents containing each word.
    pos, neg : int
        Positive and negative documents.
    random_state : int, default 0
        Seed for Rand.

    Returns
    -------
    ndarray of float64
        The scores, in the broadcast shape of the counts.

    Raises
    ------
    ValueError
        For an unknown metric, a weight outside [0, 1] or a combination.

    See Also
    --------
    fsviz.score : the unweighted scores.
    fsviz.selection.alpha_weight : the weights.

    Examples
    --------
    >>> spec_scores("dfreq@0.9", [3, 1], [1, 3], 4, 4).round(2).tolist()  # a positive and a negative feature
    [3.6, 0.4]
    """
    name, alpha = parse_weighted(spec)
    scores = score(name, tp, fp, pos, neg, random_state=random_state)
    return scores if alpha is None else alpha_weight(scores, tp, fp, pos, neg, alpha)


def _formulas(spec) -> list:
    if isinstance(spec, Expression):
        return [get_metric(spec.name).func.formula]
    if isinstance(spec, (Weighted, IGFSS)):
        return _formulas(spec.inner)
    if isinstance(spec, Combination):
        return [f for part in spec.parts for f in _formulas(part)]
    return []


def check_formulas(specs, sizes) -> None:
    """Refuse (FormulaError) before any work a formula inside ``specs`` not finite on a task's plane.

    Parameters
    ----------
    specs : iterable of str or Spec
        The specs to check.
    sizes : iterable of tuple of int
        The (pos, neg) of every task the specs will score (the grid
        passes each fold's training split); see :func:`fsviz.metrics.check_plane`.

    Raises
    ------
    FormulaError
        If a formula is not finite on some task's plane.

    See Also
    --------
    fsviz.metrics.check_plane : the check for one formula and task.

    Examples
    --------
    >>> check_formulas(["bns", "ar(ig,expr(tp-fp))"], [(10, 20), (5, 30)]) is None
    True
    """
    formulas = {f for spec in specs for f in _formulas(parse_spec(spec))}
    for formula in formulas:
        for pos, neg in sizes:
            check_plane(formula, pos, neg)
