"""Feature-selection metrics: what a metric is, the formulas, and the registry.

- :mod:`~fsviz.metrics.base`: :class:`Metric`, what it reads (:data:`INPUTS`),
  and the one scoring contract (:meth:`Metric.score_training`);
- :mod:`~fsviz.metrics.table`: Forman's twelve and CC on the 2×2 table;
- :mod:`~fsviz.metrics.keyness`: keyness and significance on the 2×2 table
  (log-odds z with an informative Dirichlet prior, G², log ratio, ANOVA F);
- :mod:`~fsviz.metrics.baselines`: the later 2×2 metrics papers compare
  against (DFS, NDM, MMR, improved Gini, Poisson deviation) and Weka's gain
  ratio and symmetric uncertainty;
- :mod:`~fsviz.metrics.corpus_based`: every class's counts and term
  frequencies (χ²max, IG multi, the t-test, CMFS …);
- :mod:`~fsviz.metrics.model_based`: relevance read off a fitted model (SVM
  w·σ, NB log-ratio, KL);
- :mod:`~fsviz.metrics.expression`: the formula language over the 2×2
  table, parsed by a whitelist, never run;
- :mod:`~fsviz.metrics.custom`: your own metric as a spec,
  ``expr(abs(tpr - fpr))``, checked finite on the task's plane;
- :mod:`~fsviz.metrics.registry`: the only list of metrics, built from
  the lists of table, keyness, baselines, corpus_based and model_based, and :func:`score` / :func:`score_func`.

Every registered metric has its paper in :attr:`Metric.reference <fsviz.Metric.reference>` (Forman's twelve:
his Table 1); the documentation's page of this package tables each one's name, label, formula, what it reads
and that reference, written from :func:`metric_names` when the site is built.

It may import the learners (:mod:`fsviz.learn`, for the metrics read off a fitted model) and the checks at
the door; every package above builds on it, and nothing here imports them.
"""

from .base import INPUTS, Metric
from .counts import negative_features
from .custom import check_plane, expression_spec
from .expression import Formula, FormulaError, parse_formula
from .registry import get_metric, metric_names, register_metric, score, score_func
from .table import FORMAN_METRICS

__all__ = [
    "FORMAN_METRICS",
    "INPUTS",
    "Formula",
    "FormulaError",
    "Metric",
    "check_plane",
    "expression_spec",
    "get_metric",
    "metric_names",
    "negative_features",
    "parse_formula",
    "register_metric",
    "score",
    "score_func",
]
