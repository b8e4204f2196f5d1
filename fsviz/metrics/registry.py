"""The registry, the only list of metrics, and the entry points that score by name.

It is built from the metric lists of :mod:`~fsviz.metrics.table` (Forman's
twelve and CC), :mod:`~fsviz.metrics.keyness` (log-odds with a prior, G²,
log ratio, ANOVA F), :mod:`~fsviz.metrics.baselines` (DFS, NDM, MMR, Gini,
Poisson deviation, gain ratio, SU), :mod:`~fsviz.metrics.corpus_based` (every class's counts,
term frequencies) and :mod:`~fsviz.metrics.model_based` (fitted models);
none of those imports it back. The app, the grid, the CLI and the tests
iterate over :func:`metric_names`.

References
----------
.. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics
   for Text Classification", JMLR 3 (2003), Table 1 and its notes.
"""

from __future__ import annotations

import numpy as np

from .._validation import check_counts
from . import baselines, corpus_based, keyness, model_based, table
from .base import INPUTS, Metric
from .counts import binary_counts
from .custom import formula_metric, is_expression

__all__ = ["get_metric", "metric_names", "register_metric", "score", "score_func"]

_REGISTRY: dict[str, Metric] = {}


def register_metric(metric: Metric) -> Metric:
    """Add ``metric`` to the registry; its name must be new and lower-case.

    The built-in metrics are registered from the lists of
    :mod:`~fsviz.metrics.table`, :mod:`~fsviz.metrics.keyness`,
    :mod:`~fsviz.metrics.baselines`, :mod:`~fsviz.metrics.corpus_based` and
    :mod:`~fsviz.metrics.model_based` below; call it for a metric of your own.

    Parameters
    ----------
    metric : fsviz.Metric
        The metric to add, keyed by its ``name``.

    Returns
    -------
    fsviz.Metric
        ``metric`` itself.

    Raises
    ------
    ValueError
        If the name is not a lower-case identifier or is already registered.

    See Also
    --------
    fsviz.Metric : what to register: the formula and what is known about it.
    fsviz.metric_names : the registered names.
    fsviz.get_metric : a registered metric by name.

    Examples
    --------
    Names are unique; registering a second ``bns`` is refused:

    >>> import fsviz
    >>> fsviz.register_metric(fsviz.get_metric("bns"))
    Traceback (most recent call last):
    ...
    ValueError: a metric named 'bns' is already registered
    """
    if metric.name != metric.name.lower() or not metric.name.isidentifier():
        raise ValueError(f"metric name must be a lower-case identifier, got {metric.name!r}")
    if metric.name in _REGISTRY:
        raise ValueError(f"a metric named {metric.name!r} is already registered")
    _REGISTRY[metric.name] = metric
    return metric


def metric_names(inputs=None) -> list[str]:
    """Every registered metric's key, sorted; only those reading ``inputs``
    (a key of :data:`INPUTS`, or several) when given.

    Parameters
    ----------
    inputs : str or iterable of str, optional
        A key of :data:`INPUTS`, or several; None (the default) keeps every metric.

    Returns
    -------
    list of str
        The metric names, sorted.

    See Also
    --------
    fsviz.get_metric : the metric behind a name.
    fsviz.metrics.INPUTS : what each kind of metric reads.

    Examples
    --------
    >>> import fsviz
    >>> fsviz.metric_names("table")[:4]
    ['acc', 'acc2', 'anova_f', 'bns']
    >>> fsviz.metric_names("model")
    ['kl', 'kl_multi', 'nb_lr', 'svm_w']
    """
    if inputs is None:
        return sorted(_REGISTRY)
    wanted = {inputs} if isinstance(inputs, str) else set(inputs)
    return sorted(name for name, metric in _REGISTRY.items() if metric.inputs in wanted)


def get_metric(name: str) -> Metric:
    """The registered :class:`Metric` called ``name``, or your own formula's.

    ``name`` may also be an ``expr(…)`` spec, a formula over the 2×2 table
    (:mod:`fsviz.metrics.custom`); its metric is named by the canonical
    spec and scores like a registered table metric.

    Parameters
    ----------
    name : str
        A registered metric's name (case-insensitive) or an ``expr(…)`` spec.

    Returns
    -------
    fsviz.Metric
        The registered metric, or a new table metric for a formula.

    Raises
    ------
    ValueError
        If no metric has that name (the message lists the valid names), or
        the formula is refused (:class:`~fsviz.metrics.expression.FormulaError`,
        saying what and where).

    See Also
    --------
    fsviz.metric_names : every registered name.
    fsviz.score : scores counts with the metric of a name.
    fsviz.metrics.expression_spec : the canonical spec of a formula.

    References
    ----------
    Forman, G., JMLR 3 (2003), Table 1: the twelve metrics. Every
    metric's own paper is its :attr:`Metric.reference <fsviz.Metric.reference>`.

    Examples
    --------
    >>> import fsviz
    >>> bns = fsviz.get_metric("BNS")
    >>> bns.name, bns.description, bns.reference
    ('bns', 'Bi-Normal Separation', 'Forman (2003), JMLR 3, Table 1')
    >>> fsviz.get_metric("expr(abs(tpr - fpr))").name
    'expr(abs(tpr-fpr))'
    >>> fsviz.get_metric("nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown metric 'nope'; valid metrics are acc, acc2, anova_f, bns, ...
    """
    if is_expression(name):
        return formula_metric(name)
    try:
        return _REGISTRY[name.lower()] if isinstance(name, str) else _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown metric {name!r}; valid metrics are {', '.join(metric_names())}"
        ) from None


for _metric in (*table.METRICS, *keyness.METRICS, *baselines.METRICS, *corpus_based.METRICS,
                *model_based.METRICS):
    register_metric(_metric)


def score(name, tp, fp, pos, neg, *, signed=False, random_state=0) -> np.ndarray:
    """Score words with the metric ``name``.

    Parameters
    ----------
    name : str
        A key from :func:`metric_names`, or a formula's spec ``expr(…)``
        (:mod:`fsviz.metrics.custom`).
    tp, fp : array_like
        Positive and negative documents containing each word. Floats are
        allowed (the isocline grid evaluates between integer counts).
    pos, neg : array_like
        Positive and negative documents; each at least 1. All four broadcast.
    signed : bool, default False
        False (Forman's setting): negative features are scored like positive
        ones, by the inversion tpr' = 1 - tpr, fpr' = 1 - fpr for metrics that
        would otherwise devalue them, and by the metric's own absolute value
        for BNS, Acc2, Chi and IG. True: no inversion, and two-sided metrics
        carry the sign of tpr - fpr, so ranking prefers positive features.
    random_state : int, numpy Generator or None, default 0
        Seed for Rand, whose scores depend only on the broadcast shape.

    Returns
    -------
    ndarray of float64, the broadcast shape of the inputs.

    Raises
    ------
    ValueError
        For an unknown metric or counts outside 0 <= tp <= pos, 0 <= fp <= neg,
        pos, neg >= 1; for a formula that is refused or not finite somewhere
        on the task's (fp, tp) plane.

    Notes
    -----
    Every metric is finite for every valid table. The edge-case rules are
    the paper's: BNS clips rates to [0.0005, 0.9995]; Odds replaces a zero
    count in its denominator by one; PR uses fpr' = 1e-8 at fp = 0; Chi is 0
    for a word in no document or in every document; IG uses 0 log 0 = 0.

    See Also
    --------
    fsviz.score_words : scores any metric or combination spec on a training sample.
    fsviz.score_func : the same scores as a ``score_func`` for scikit-learn.
    fsviz.binary_counts : the counts from a document-term matrix and labels.
    fsviz.negative_features : which words the inversion applies to.

    References
    ----------
    Forman, G., JMLR 3 (2003), Table 1: the formulas and the edge-case rules.

    Examples
    --------
    The second word is negative (tpr 0.1 < fpr 0.3), so Acc scores its
    inversion, (20 - 2) - (100 - 30), unless ``signed``:

    >>> import fsviz
    >>> fsviz.score("acc", [10, 2], [1, 30], 20, 100).tolist()
    [9.0, -52.0]
    >>> fsviz.score("acc", [10, 2], [1, 30], 20, 100, signed=True).tolist()
    [9.0, -28.0]
    >>> round(float(fsviz.score("bns", 20, 1, 50, 1000)), 3)
    2.837
    """
    metric = get_metric(name)
    if not metric.reads_table:
        raise ValueError(
            f"metric {name!r} reads {INPUTS[metric.inputs]}, not a 2×2 table; score it with "
            "fsviz.score_words(name, corpus.training(positive_class))"
        )
    tp, fp, pos, neg = check_counts(tp, fp, pos, neg)
    return metric.score_counts(tp, fp, pos, neg, signed=signed, random_state=random_state)


def _labels(y: np.ndarray, name: str) -> np.ndarray:
    """The distinct labels of ``y``, sorted; ValueError for a missing label (None, NaN) or labels of mixed types,
    which cannot be ordered to say which class is positive."""
    if y.dtype.kind == "f" and np.isnan(y).any():
        raise ValueError(f"score_func('{name}'): y holds a missing label (NaN) at position {int(np.argmax(np.isnan(y)))}; "
                         "drop those documents or give them a label")
    if y.dtype == object:
        for i, value in enumerate(y):
            if value is None or (isinstance(value, float) and value != value):
                raise ValueError(f"score_func('{name}'): y holds a missing label ({value!r}) at position {i}; drop "
                                 "those documents or give them a label")
        kinds = sorted({"number" if isinstance(value, (int, float, np.number)) and not isinstance(value, bool)
                        else type(value).__name__ for value in y})
        if len(kinds) > 1:
            raise ValueError(f"score_func('{name}'): y mixes label types ({', '.join(kinds)}), which cannot be "
                             "ordered to say which class is positive; give labels of one type")
    return np.unique(np.asarray(list(y)) if y.dtype == object else y)


def score_func(name, **kwargs):
    """A ``score_func(X, y) -> scores`` for scikit-learn's ``SelectKBest``.

    ``X`` is binarised (a word is present where its count is > 0; a negative or
    non-finite value raises ValueError, as centred or scaled features are not
    counts); ``y`` must hold exactly two labels of one type, none missing, and
    the larger one (after sorting, as scikit-learn's ``pos_label`` convention)
    is the positive class.

    Parameters
    ----------
    name : str
        A metric that reads the 2×2 table, as for :func:`score`.
    **kwargs
        Passed to :func:`score` (``signed``, ``random_state``).

    Returns
    -------
    callable
        ``score_func(X, y)``, named ``<name>_score``, returning an ndarray of float64
        of shape (n_features,).

    Raises
    ------
    ValueError
        If ``name`` is not a known metric (at once, not at fit time). The
        returned function raises ValueError for ``X`` that is not counts or
        ``y`` that does not hold exactly two labels of one type.

    See Also
    --------
    fsviz.score : the scores it returns, from the counts.
    fsviz.MetricSelector : a selector for every metric and several classes, with fsviz's tie rule.
    fsviz.binary_counts : how ``X`` and ``y`` become the 2×2 counts.

    References
    ----------
    Forman, G., JMLR 3 (2003), Table 1: the metrics a ``score_func`` scores by.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.feature_selection import SelectKBest
    >>> import fsviz
    >>> X = np.array([[1, 0, 2], [0, 1, 1], [1, 1, 0], [0, 0, 3]])
    >>> selector = SelectKBest(fsviz.score_func("bns"), k=1).fit(X, [1, 1, 0, 0])
    >>> selector.scores_.round(3).tolist(), selector.get_support(indices=True).tolist()
    ([0.0, 0.0, 3.291], [2])
    """
    get_metric(name)  # fail now, not at fit time

    def _score(X, y):
        labels = _labels(y if isinstance(y, np.ndarray) else np.asarray(list(y), dtype=object), name)
        y = np.asarray(y)
        if labels.size != 2:
            raise ValueError(
                f"score_func('{name}') needs exactly two classes in y, got {labels.size}; "
                "for several classes score one class against the rest"
            )
        tp, fp, pos, neg = binary_counts(X, y == labels[1])
        return score(name, tp, fp, pos, neg, **kwargs)

    _score.__name__ = f"{name}_score"
    _score.__qualname__ = _score.__name__
    return _score
