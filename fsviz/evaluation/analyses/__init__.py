"""The analyses of a grid's results table: everything that reads the table and says what it shows.

Forman's aggregation (per trial, per task, the macro average, the average maximum, class skew:
:mod:`~fsviz.evaluation.analyses.aggregation`), the tolerance, residual and best-pair analyses and the k rules'
summary (:mod:`~fsviz.evaluation.analyses.tolerance`, with :mod:`~fsviz.evaluation.analyses.pairs` for one
tolerance as the report shows it), the paired tests (:mod:`~fsviz.evaluation.analyses.paired`, every two metrics
in :mod:`~fsviz.evaluation.analyses.pairwise`), where a curve peaks and the range of k as good
(:mod:`~fsviz.evaluation.analyses.peaks`), the choice made on held-out folds and its corrected test
(:mod:`~fsviz.evaluation.analyses.nested`), top-k stability (:mod:`~fsviz.evaluation.analyses.stability`), class
skew beside Forman's benchmark (:mod:`~fsviz.evaluation.analyses.skew`) and one run's tables computed once
(:mod:`~fsviz.evaluation.analyses.run_analysis`).

It may import the grid (:mod:`fsviz.evaluation.grid`: the results table's columns, folds and selections) and the
packages below the evaluation; the answer, the studies and the figures build on it, never the other way. Each
public name is imported from its module on first use (PEP 562), so importing the package loads nothing else;
``task_sizes`` is :mod:`~fsviz.evaluation.analyses.skew`'s, which reads a corpus or a results table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .aggregation import (
        GOAL_LABELS,
        GOALS,
        average_maximum,
        fixed_k,
        macro_average,
        metric_label,
        per_task,
        per_trial,
        split_by_skew,
        task_skews,
    )
    from .examples import example_results
    from .nested import (
        CHOICES,
        DRAWS,
        METHOD,
        METHOD_TEST_FILE,
        RULES,
        HeldOut,
        choice_source,
        chosen_text,
        corrected_t,
        fold_macro,
        has_documents,
        held_out,
        method_text,
        noise_words,
        randomization_p,
    )
    from .paired import p_text, paired_p, paired_t
    from .pairs import PairAnalysis, default_k, pair_analysis
    from .pairwise import paired_tests
    from .peaks import one_se_band, one_se_range, peak_range
    from .run_analysis import RunAnalysis, analyse
    from .skew import FORMAN_DATASETS, SKEW_LINES, forman_tasks, skew_summary, task_sizes, with_forman_tasks
    from .stability import (
        STABILITY_COLUMNS,
        bootstrap_stability,
        grid_stability,
        jaccard,
        kuncheva,
        set_stability,
        stability_at,
        stability_summary,
    )
    from .tolerance import (
        DEFAULT_TOLERANCE,
        TOLERANCES,
        best_pairs,
        goal_shares,
        k_rule_summary,
        residual_curves,
        task_maxima,
        tolerance_curves,
        within_tolerance,
    )

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "aggregation": [
        "GOALS", "GOAL_LABELS", "average_maximum", "fixed_k", "macro_average", "metric_label", "per_task",
        "per_trial", "split_by_skew", "task_skews",
    ],
    "examples": [
        "example_results",
    ],
    "nested": [
        "CHOICES", "DRAWS", "HeldOut", "METHOD", "METHOD_TEST_FILE", "RULES", "choice_source", "chosen_text",
        "has_documents", "randomization_p", "corrected_t",
        "fold_macro",
        "held_out",
        "method_text", "noise_words",
    ],
    "paired": [
        "p_text", "paired_p", "paired_t",
    ],
    "pairs": [
        "PairAnalysis", "default_k", "pair_analysis",
    ],
    "pairwise": [
        "paired_tests",
    ],
    "peaks": [
        "one_se_band", "one_se_range", "peak_range",
    ],
    "run_analysis": [
        "RunAnalysis", "analyse",
    ],
    "skew": [
        "FORMAN_DATASETS", "SKEW_LINES", "forman_tasks", "skew_summary", "task_sizes", "with_forman_tasks",
    ],
    "stability": [
        "STABILITY_COLUMNS", "bootstrap_stability", "grid_stability", "jaccard", "kuncheva",
        "set_stability", "stability_at", "stability_summary",
    ],
    "tolerance": [
        "DEFAULT_TOLERANCE", "TOLERANCES", "best_pairs", "goal_shares", "k_rule_summary", "residual_curves",
        "task_maxima", "tolerance_curves", "within_tolerance",
    ],
}

__all__ = [
    "CHOICES", "DRAWS", "choice_source", "chosen_text", "has_documents", "randomization_p",
    "DEFAULT_TOLERANCE", "FORMAN_DATASETS", "GOALS", "GOAL_LABELS", "HeldOut", "METHOD", "METHOD_TEST_FILE",
    "PairAnalysis", "RULES", "RunAnalysis", "SKEW_LINES", "STABILITY_COLUMNS", "TOLERANCES", "analyse",
    "average_maximum", "best_pairs", "bootstrap_stability", "corrected_t", "default_k", "example_results", "fixed_k",
    "fold_macro",
    "forman_tasks", "goal_shares", "grid_stability", "held_out", "jaccard", "k_rule_summary", "kuncheva",
    "macro_average", "method_text", "metric_label", "noise_words", "one_se_band", "one_se_range", "p_text",
    "pair_analysis",
    "paired_p", "paired_t", "paired_tests", "peak_range", "per_task", "per_trial", "residual_curves",
    "set_stability", "skew_summary", "split_by_skew", "stability_at", "stability_summary", "task_maxima",
    "task_sizes", "task_skews", "tolerance_curves", "with_forman_tasks", "within_tolerance",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
