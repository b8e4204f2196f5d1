"""Evaluating metrics on a corpus: Forman's grid, its analysis, the studies, the advice and the export.

The grid (:mod:`~fsviz.evaluation.grid`: config, cells, fits, runner, results, the runs list) writes one tidy
results table; everything else reads that table: :mod:`~fsviz.evaluation.analysis` (goals, macro averages,
tolerance, best pairs, paired tests, skew; the tests themselves in :mod:`~fsviz.evaluation.paired`),
:mod:`~fsviz.evaluation.multiclass` (one model over all classes),
:mod:`~fsviz.evaluation.studies` (the α-weighted lesion study and the rare-word cutoff),
:mod:`~fsviz.evaluation.stability` (top-k stability), :mod:`~fsviz.evaluation.skew` (class skew beside
Forman's benchmark), :mod:`~fsviz.evaluation.advice` (the recommendation, with
:mod:`~fsviz.evaluation.peaks`, the range of k around a curve's peak), :mod:`~fsviz.evaluation.export`
(a fitted Pipeline to ship, with :mod:`~fsviz.evaluation.snippets`, the lines that use it) and
:mod:`~fsviz.evaluation.selector` (:class:`MetricSelector`, any metric as a scikit-learn feature selector).
Machinery users do not call is private (worker processes are ``fsviz._workers``):
``_alpha`` (the lesion study's α-weighted selection; :class:`AlphaMap`, :func:`alpha_selection` public here),
``_export_plan`` (an export's checked arguments and selected words), ``_multiclass_fit`` (one multi-class fit
scored; its :func:`ranked_measures` is public here) and ``_storage`` (the folder of stored runs under its size
limit; the app uses :func:`trim_cache`, :func:`touch` and :func:`cache_limit`).

It may import every package below it (:mod:`fsviz.stats`, :mod:`fsviz.corpora`, :mod:`fsviz.selection`,
:mod:`fsviz.metrics`, :mod:`fsviz.learn`); the figures (:mod:`fsviz.plots`), the HTML report and the CLI build
on it, never the other way.

Each public name is imported from its module on first use (PEP 562), so importing the package loads nothing
else; ``__all__`` is the package's public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from ._alpha import AlphaMap, alpha_selection
    from ._multiclass_fit import ranked_measures
    from ._storage import DEFAULT_CACHE_LIMIT, cache_limit, touch, trim_cache
    from .advice import (
        ALPHA,
        ANSWER_GOALS,
        FEW_TASKS,
        FEWEST,
        TIE,
        WITHIN,
        is_reference,
        recommend,
        scored_on,
    )
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
    from .analysis import (
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
    from .answers import ANSWER_LABELS, answers, method_sentence, recommendation_table, recommendation_text
    from .cutoff import (
        DEFAULT_CUTOFFS,
        cutoff_curves,
        cutoff_jobs,
        cutoff_table,
        cutoff_text,
        run_cutoffs,
        stored_cutoffs,
    )
    from .export import (
        DEFAULT_MAX_MODEL_BYTES,
        FILE_TYPES,
        Export,
        SnowballAnalyzer,
        export_pipeline,
        export_selection,
        selection_table,
    )
    from .grid import (
        ALL,
        COLUMNS,
        DEFAULT_KS,
        RUN_COLUMNS,
        START_UP_SECONDS,
        FoldRankings,
        FoldSelections,
        GridConfig,
        GridRun,
        carry_over,
        cell_splits,
        check_fixed_ks,
        check_grid,
        delete_run,
        estimate_seconds,
        fold_rankings,
        fold_selections,
        list_runs,
        load_results,
        n_workers,
        open_run,
        parse_ks,
        run_grid,
        run_key,
        seed_for,
        stored_results,
        time_cell,
        time_left,
        training_file_splits,
        with_goals,
    )
    from .multiclass import (
        MEASURES,
        check_multiclass_metrics,
        macro_curves,
        multiclass_metric_names,
        run_multiclass,
        sign_test,
        time_multiclass_cell,
    )
    from .multiclass_runs import (
        all_runs,
        cells_done,
        list_multiclass,
        load_multiclass,
        multiclass_cells,
        save_multiclass,
        stored_multiclass,
    )
    from .nested import (
        METHOD,
        METHOD_TEST_FILE,
        RULES,
        HeldOut,
        corrected_t,
        fold_macro,
        held_out,
        method_text,
        noise_words,
    )
    from .paired import p_text, paired_p, paired_t
    from .pairwise import paired_tests
    from .peaks import one_se_range, peak_range
    from .quick import MAX_CLASSES, QUICK_FOLDS, QUICK_KS, QUICK_METRICS, QuickPlan, quick_plan, refined_configs
    from .run_analysis import RunAnalysis, analyse
    from .selector import MULTICLASS_RULES, MetricSelector, round_robin
    from .skew import FORMAN_DATASETS, SKEW_LINES, forman_tasks, skew_summary, with_forman_tasks
    from .snippets import model_snippet, words_snippet
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
    from .studies import (
        DEFAULT_ALPHAS,
        alpha_map,
        feature_shares,
        lesion_best,
        lesion_config,
        lesion_curves,
        lesion_text,
    )

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "advice": [
        "ALPHA", "ANSWER_GOALS", "FEWEST", "FEW_TASKS", "TIE", "WITHIN", "is_reference", "recommend", "scored_on",
    ],
    "aggregation": [
        "GOALS", "GOAL_LABELS", "average_maximum", "fixed_k", "macro_average", "metric_label", "per_task",
        "per_trial", "split_by_skew", "task_skews",
    ],
    "analysis": [
        "DEFAULT_TOLERANCE", "TOLERANCES", "best_pairs", "goal_shares", "k_rule_summary", "residual_curves",
        "task_maxima", "tolerance_curves", "within_tolerance",
    ],
    "answers": [
        "ANSWER_LABELS", "answers", "method_sentence", "recommendation_table", "recommendation_text",
    ],
    "export": [
        "DEFAULT_MAX_MODEL_BYTES", "Export", "FILE_TYPES", "SnowballAnalyzer", "export_pipeline",
        "export_selection", "selection_table",
    ],
    "grid": [
        "ALL", "COLUMNS", "DEFAULT_KS", "FoldRankings", "FoldSelections", "GridConfig", "GridRun", "RUN_COLUMNS",
        "START_UP_SECONDS", "carry_over", "cell_splits", "check_fixed_ks", "check_grid", "delete_run",
        "estimate_seconds", "fold_rankings", "fold_selections", "list_runs", "load_results", "n_workers",
        "open_run", "parse_ks", "run_grid", "run_key", "seed_for", "stored_results", "time_cell", "time_left",
        "training_file_splits", "with_goals",
    ],
    "multiclass": [
        "MEASURES", "check_multiclass_metrics", "macro_curves", "multiclass_metric_names", "run_multiclass",
        "sign_test", "time_multiclass_cell",
    ],
    "multiclass_runs": [
        "all_runs", "cells_done", "list_multiclass", "load_multiclass", "multiclass_cells", "save_multiclass",
        "stored_multiclass",
    ],
    "nested": [
        "HeldOut", "METHOD", "METHOD_TEST_FILE", "RULES", "corrected_t", "fold_macro", "held_out", "method_text",
        "noise_words",
    ],
    "pairwise": ["paired_tests"],
    "paired": [
        "p_text", "paired_p", "paired_t",
    ],
    "peaks": [
        "one_se_range", "peak_range",
    ],
    "quick": [
        "MAX_CLASSES", "QUICK_FOLDS", "QUICK_KS", "QUICK_METRICS", "QuickPlan", "quick_plan", "refined_configs",
    ],
    "run_analysis": [
        "RunAnalysis", "analyse",
    ],
    "selector": [
        "MULTICLASS_RULES", "MetricSelector", "round_robin",
    ],
    "skew": [
        "FORMAN_DATASETS", "SKEW_LINES", "forman_tasks", "skew_summary", "with_forman_tasks",
    ],
    "snippets": [
        "model_snippet", "words_snippet",
    ],
    "stability": [
        "STABILITY_COLUMNS", "bootstrap_stability", "grid_stability", "jaccard", "kuncheva", "set_stability",
        "stability_at", "stability_summary",
    ],
    "studies": [
        "DEFAULT_ALPHAS", "alpha_map", "feature_shares", "lesion_best", "lesion_config", "lesion_curves",
        "lesion_text",
    ],
    "cutoff": [
        "DEFAULT_CUTOFFS", "cutoff_curves", "cutoff_jobs", "cutoff_table", "cutoff_text", "run_cutoffs",
        "stored_cutoffs",
    ],
    "_storage": [
        "DEFAULT_CACHE_LIMIT", "cache_limit", "touch", "trim_cache",
    ],
    "_alpha": [
        "AlphaMap", "alpha_selection",
    ],
    "_multiclass_fit": [
        "ranked_measures",
    ],
}

__all__ = [
    "ALL", "ALPHA", "ANSWER_GOALS", "ANSWER_LABELS", "COLUMNS", "DEFAULT_ALPHAS", "DEFAULT_CACHE_LIMIT",
    "DEFAULT_CUTOFFS", "DEFAULT_KS", "DEFAULT_MAX_MODEL_BYTES", "DEFAULT_TOLERANCE", "FEWEST", "FEW_TASKS",
    "FILE_TYPES", "FORMAN_DATASETS", "GOALS", "GOAL_LABELS", "MAX_CLASSES", "MEASURES", "METHOD",
    "METHOD_TEST_FILE", "MULTICLASS_RULES", "QUICK_FOLDS",
    "QUICK_KS", "QUICK_METRICS", "RULES", "RUN_COLUMNS", "SKEW_LINES", "STABILITY_COLUMNS", "START_UP_SECONDS",
    "TIE", "TOLERANCES", "WITHIN", "AlphaMap", "Export", "FoldRankings", "FoldSelections", "GridConfig", "GridRun",
    "HeldOut", "MetricSelector", "QuickPlan", "RunAnalysis", "SnowballAnalyzer", "all_runs", "alpha_map",
    "alpha_selection",
    "analyse", "answers", "average_maximum", "best_pairs", "bootstrap_stability", "cache_limit", "carry_over",
    "cell_splits", "cells_done", "check_fixed_ks", "check_grid", "check_multiclass_metrics", "corrected_t",
    "cutoff_curves", "cutoff_jobs", "cutoff_table", "cutoff_text", "delete_run", "estimate_seconds",
    "export_pipeline", "export_selection", "feature_shares", "fixed_k", "fold_macro", "fold_rankings",
    "fold_selections", "forman_tasks", "goal_shares", "grid_stability", "held_out", "is_reference", "jaccard",
    "k_rule_summary", "kuncheva", "lesion_best", "lesion_config", "lesion_curves", "lesion_text", "list_multiclass",
    "list_runs", "load_multiclass", "load_results", "macro_average", "macro_curves", "method_sentence",
    "method_text", "metric_label", "model_snippet", "multiclass_cells", "multiclass_metric_names", "n_workers",
    "noise_words", "one_se_range", "open_run", "p_text", "paired_p", "paired_t", "paired_tests", "parse_ks",
    "peak_range", "per_task", "per_trial", "quick_plan", "ranked_measures", "recommend", "recommendation_table",
    "recommendation_text", "refined_configs",
    "residual_curves", "round_robin", "run_cutoffs", "run_grid", "run_key", "run_multiclass",
    "save_multiclass", "scored_on", "seed_for", "selection_table", "set_stability", "sign_test", "skew_summary",
    "split_by_skew",
    "stability_at", "stability_summary", "stored_cutoffs", "stored_multiclass", "stored_results", "task_maxima",
    "task_skews", "time_cell", "time_left", "time_multiclass_cell", "tolerance_curves", "touch",
    "training_file_splits", "trim_cache", "with_forman_tasks", "with_goals", "within_tolerance", "words_snippet",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
