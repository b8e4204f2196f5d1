"""The classifiers the evaluation trains, and the solvers behind them.

:mod:`~fsviz.learn.classifiers` is the public part: the classifiers by name (LinearSVC, multinomial NB,
cosine and Okapi k-NN, the centroid), their factory and checks, and the fit and predict that skip scikit-learn's
re-validation in the grid's inner loop. The rest is machinery users do not call: ``_liblinear`` (LinearSVC's
solvers, primal or dual, duplicate rows merged), ``_dual_cd`` (liblinear's dual coordinate descent, compiled
with numba and stopped by its duality gap), ``_row_cuts`` (the ends of each row's top-k prefix, compiled),
``_similarity`` (what the kNN and centroid classifiers share) and ``_ranges`` (the parameter values accepted).

It imports nothing of fsviz: the metrics read off a fitted model (:mod:`fsviz.metrics.model_based`) build on it.

Each public name is imported from its module on first use (PEP 562), so importing the package loads nothing
else; ``__all__`` is the package's public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .classifiers import (
        CLASSIFIER_LABELS,
        CLASSIFIERS,
        FREQUENCY_CLASSIFIERS,
        CentroidClassifier,
        CosineKNN,
        OkapiKNN,
        check_classifier,
        fast_fit,
        fast_predict,
        make_classifier,
    )

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "classifiers": [
        "CLASSIFIERS", "CLASSIFIER_LABELS", "CentroidClassifier", "CosineKNN", "FREQUENCY_CLASSIFIERS", "OkapiKNN",
        "check_classifier", "fast_fit", "fast_predict", "make_classifier",
    ],
}

__all__ = [
    "CLASSIFIERS", "CLASSIFIER_LABELS", "FREQUENCY_CLASSIFIERS", "CentroidClassifier", "CosineKNN", "OkapiKNN",
    "check_classifier", "fast_fit", "fast_predict", "make_classifier",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
