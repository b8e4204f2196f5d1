"""One multi-class fit, scored: macro- and micro-F1, exact label sets, and the ranked-retrieval measures."""

from __future__ import annotations

import numpy as np
from sklearn.metrics import f1_score
from sklearn.multiclass import OneVsRestClassifier

from ...learn.classifiers import make_classifier

__all__ = ["ranked_measures"]


def ranked_measures(scores: np.ndarray, Y: np.ndarray) -> tuple[float, float]:
    """Mean R-precision and mean average precision of each document's labels ranked by ``scores``.

    ``scores`` and ``Y`` (Boolean, true labels) have shape (documents, classes). R-precision: the share of a
    document's R true labels among its R best-scored ones; average precision: the mean, over its true labels, of
    the precision at each one's rank. Ties rank in column order. Documents with no true label are left out.

    Parameters
    ----------
    scores : numpy.ndarray, shape (n_documents, n_classes)
        Each document's score for each class.
    Y : numpy.ndarray, shape (n_documents, n_classes)
        The true labels, Boolean.

    Returns
    -------
    tuple of (float, float)
        ``(r_precision, mean_average_precision)``; NaN when no document has a label.

    See Also
    --------
    fsviz.evaluation.run_multiclass : Reports both for each fold, metric and k.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures", §2: R-precision (and mean average precision) over a document's ranked labels.

    Examples
    --------
    >>> scores = np.array([[0.9, 0.5, 0.1], [0.2, 0.8, 0.4]])
    >>> Y = np.array([[True, False, True], [False, False, True]])
    >>> ranked_measures(scores, Y)  # R-precision: (1/2 + 0/1) / 2; AP: (1 + 2/3) / 2 and 1/2, averaged
    (0.25, 0.6666666666666666)
    """
    Y = np.asarray(Y, dtype=bool)
    keep = Y.any(axis=1)
    scores, Y = np.asarray(scores, dtype=np.float64)[keep], Y[keep]
    if not len(Y):
        return float("nan"), float("nan")
    order = np.argsort(-scores, axis=1, kind="stable")
    hits = np.take_along_axis(Y, order, axis=1)
    r = Y.sum(axis=1)
    cumulative = np.cumsum(hits, axis=1)
    positions = np.arange(1, Y.shape[1] + 1)
    r_precision = cumulative[np.arange(len(Y)), r - 1] / r
    average_precision = (hits * cumulative / positions).sum(axis=1) / r
    return float(r_precision.mean()), float(average_precision.mean())


def _class_scores(model, X) -> np.ndarray:
    for method in ("class_scores", "decision_function", "predict_log_proba", "predict_proba"):
        if hasattr(model, method):
            try:
                scores = np.asarray(getattr(model, method)(X), dtype=np.float64)
            except (AttributeError, NotImplementedError):
                continue
            return scores[:, None] if scores.ndim == 1 else scores
    raise TypeError(f"{type(model).__name__} gives no per-class scores")


def _multilabel_model(config):
    return OneVsRestClassifier(make_classifier(config.classifier, config.classifier_params))


def _evaluate(model, X_train, X_test, Y_train, Y_test, multilabel):
    if multilabel:
        model.fit(X_train, Y_train)
        predicted = np.asarray(model.predict(X_test), dtype=bool)
        scores = _class_scores(model, X_test)
        truth = Y_test
    else:
        labels = np.argmax(Y_train, axis=1)
        model.fit(X_train, labels)
        known = np.asarray(model.classes_)
        predicted = np.zeros_like(Y_test)
        predicted[np.arange(len(Y_test)), np.asarray(model.predict(X_test))] = True
        raw = _class_scores(model, X_test)
        if raw.shape[1] == 1:  # a two-class decision function scores classes_[1]
            raw = np.column_stack([-raw[:, 0], raw[:, 0]])
        scores = np.full(Y_test.shape, -np.inf)
        scores[:, known] = raw
        truth = Y_test
    macro = f1_score(truth, predicted, average="macro", zero_division=0)
    micro = f1_score(truth, predicted, average="micro", zero_division=0)
    exact = float(np.mean((truth == predicted).all(axis=1)))
    r_precision, mean_ap = ranked_measures(scores, truth)
    return macro, micro, exact, r_precision, mean_ap  # the order of MEASURES
