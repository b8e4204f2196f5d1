"""Evaluating metrics on a corpus: Forman's grid, its analyses, the answer, the studies, multi-class and shipping.

One package per concept, lowest first; a package imports only those before it, and what is outside a package
imports it only through its public names (``__all__``):

- :mod:`~fsviz.evaluation.grid`: the evaluation grid (config, cells, fits, runner, results, the runs list), which
  writes one tidy results table; everything else reads that table;
- :mod:`~fsviz.evaluation.analyses`: what the table shows (Forman's aggregation, tolerance, residual wins and best
  pairs, the paired tests, where a curve peaks, the choice made on held-out folds and its corrected test, top-k
  stability, class skew beside Forman's benchmark, one run's tables computed once);
- :mod:`~fsviz.evaluation.multiclass`: one model over all classes (macro/micro-F1, R-precision, MAP, sign test)
  and its kept runs;
- :mod:`~fsviz.evaluation.shipping`: what you take away (a fitted Pipeline or the words, the lines that load
  them, :class:`MetricSelector` to tune inside your own Pipeline);
- :mod:`~fsviz.evaluation.answer`: which metric and what k, how sure, in words (:func:`recommend`, the one code
  path of every entry point), and the quick plan that gets a first answer fast;
- :mod:`~fsviz.evaluation.studies`: Forman's lesion study and the rare-word cutoff, each an ordinary grid run.

Machinery users do not call is private (worker processes are ``fsviz._workers``): ``_storage`` (the folder of
stored runs under its size limit; the app uses :func:`trim_cache`, :func:`touch` and :func:`cache_limit`), the
grid's run lock, the lesion study's α-weighted selection, an export's checked plan and one multi-class fit.

It may import every package below it (:mod:`fsviz.stats`, :mod:`fsviz.corpora`, :mod:`fsviz.selection`,
:mod:`fsviz.metrics`, :mod:`fsviz.learn`); the figures (:mod:`fsviz.plots`), the HTML report and the CLI build
on it, never the other way.

Each public name is imported from its package on first use (PEP 562), so importing the package loads nothing
else; ``__all__`` is the package's public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from ._storage import (
        DEFAULT_CACHE_LIMIT,
        cache_limit,
        touch,
        trim_cache,
    )
    from .analyses import (
        CHOICES,
        DEFAULT_TOLERANCE,
        DRAWS,
        FORMAN_DATASETS,
        GOAL_LABELS,
        GOALS,
        METHOD,
        METHOD_TEST_FILE,
        RULES,
        SKEW_LINES,
        STABILITY_COLUMNS,
        TOLERANCES,
        HeldOut,
        RunAnalysis,
        analyse,
        average_maximum,
        best_pairs,
        bootstrap_stability,
        choice_source,
        chosen_text,
        corrected_t,
        example_results,
        fixed_k,
        fold_macro,
        forman_tasks,
        goal_shares,
        grid_stability,
        has_documents,
        held_out,
        jaccard,
        k_rule_summary,
        kuncheva,
        macro_average,
        method_text,
        metric_label,
        noise_words,
        one_se_band,
        one_se_range,
        p_text,
        paired_p,
        paired_t,
        paired_tests,
        peak_range,
        per_task,
        per_trial,
        randomization_p,
        residual_curves,
        set_stability,
        skew_summary,
        split_by_skew,
        stability_at,
        stability_summary,
        task_maxima,
        task_skews,
        tolerance_curves,
        with_forman_tasks,
        within_tolerance,
    )
    from .answer import (
        ALPHA,
        ANSWER_GOALS,
        ANSWER_LABELS,
        FEW_TASKS,
        FEWEST,
        MAX_CLASSES,
        QUICK_BUDGET,
        QUICK_FOLDS,
        QUICK_INNER_FOLDS,
        QUICK_KS,
        QUICK_METRICS,
        QUICK_RAND_DRAWS,
        TIE,
        WITHIN,
        QuickPlan,
        QuickRun,
        Refinement,
        answers,
        carry_trials,
        is_reference,
        method_sentence,
        neighbour_ks,
        quick_plan,
        recommend,
        recommendation_table,
        recommendation_text,
        refine_plan,
        refined_configs,
        run_quick,
        scored_on,
        stage_out,
    )
    from .grid import (
        ALL,
        COLUMNS,
        DEFAULT_KS,
        INNER_COLUMNS,
        RUN_COLUMNS,
        START_UP_SECONDS,
        TEST_COLUMNS,
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
        inner_splits,
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
        all_runs,
        cells_done,
        check_multiclass_metrics,
        list_multiclass,
        load_multiclass,
        macro_curves,
        multiclass_cells,
        multiclass_metric_names,
        ranked_measures,
        run_multiclass,
        save_multiclass,
        sign_test,
        stored_multiclass,
        time_multiclass_cell,
    )
    from .shipping import (
        DEFAULT_MAX_MODEL_BYTES,
        FILE_TYPES,
        MULTICLASS_RULES,
        Export,
        MetricSelector,
        SnowballAnalyzer,
        export_pipeline,
        export_selection,
        model_snippet,
        round_robin,
        selection_table,
        words_snippet,
    )
    from .studies import (
        DEFAULT_ALPHAS,
        DEFAULT_CUTOFFS,
        AlphaMap,
        alpha_map,
        alpha_selection,
        cutoff_curves,
        cutoff_jobs,
        cutoff_table,
        cutoff_text,
        feature_shares,
        lesion_best,
        lesion_config,
        lesion_curves,
        lesion_text,
        run_cutoffs,
        stored_cutoffs,
    )

#: The package each public name comes from, relative to this one.
_SOURCES = {
    "grid": [
        "ALL", "COLUMNS", "DEFAULT_KS", "FoldRankings", "FoldSelections", "GridConfig", "GridRun",
        "RUN_COLUMNS", "START_UP_SECONDS", "carry_over", "cell_splits", "check_fixed_ks", "check_grid",
        "delete_run", "estimate_seconds", "fold_rankings", "fold_selections", "INNER_COLUMNS", "TEST_COLUMNS", "inner_splits",
        "list_runs", "load_results",
        "n_workers", "open_run", "parse_ks", "run_grid", "run_key", "seed_for", "stored_results",
        "time_cell", "time_left", "training_file_splits", "with_goals",
    ],
    "analyses": [
        "CHOICES", "DRAWS", "choice_source", "chosen_text", "has_documents", "randomization_p", "DEFAULT_TOLERANCE",
        "FORMAN_DATASETS", "GOALS",
        "GOAL_LABELS", "HeldOut", "METHOD",
        "METHOD_TEST_FILE", "RULES", "RunAnalysis", "SKEW_LINES", "STABILITY_COLUMNS", "TOLERANCES",
        "analyse", "average_maximum", "best_pairs", "bootstrap_stability", "corrected_t", "example_results", "fixed_k",
        "fold_macro", "forman_tasks", "goal_shares", "grid_stability", "held_out", "jaccard",
        "k_rule_summary", "kuncheva", "macro_average", "method_text", "metric_label", "noise_words",
        "one_se_band", "one_se_range", "p_text", "paired_p", "paired_t", "paired_tests", "peak_range", "per_task",
        "per_trial", "residual_curves", "set_stability", "skew_summary", "split_by_skew", "stability_at",
        "stability_summary", "task_maxima", "task_skews", "tolerance_curves", "with_forman_tasks",
        "within_tolerance",
    ],
    "answer": [
        "ALPHA", "ANSWER_GOALS", "ANSWER_LABELS", "FEWEST", "FEW_TASKS", "MAX_CLASSES", "QUICK_FOLDS", "QUICK_INNER_FOLDS",
        "QUICK_RAND_DRAWS",
        "QUICK_KS", "QUICK_METRICS", "QuickPlan", "TIE", "WITHIN", "answers", "is_reference",
        "method_sentence", "quick_plan", "recommend", "recommendation_table", "recommendation_text",
        "refined_configs", "scored_on", "QUICK_BUDGET", "QuickRun", "Refinement", "carry_trials", "neighbour_ks",
        "refine_plan", "run_quick", "stage_out",
    ],
    "studies": [
        "AlphaMap", "DEFAULT_ALPHAS", "DEFAULT_CUTOFFS", "alpha_map", "alpha_selection", "cutoff_curves",
        "cutoff_jobs", "cutoff_table", "cutoff_text", "feature_shares", "lesion_best", "lesion_config",
        "lesion_curves", "lesion_text", "run_cutoffs", "stored_cutoffs",
    ],
    "multiclass": [
        "MEASURES", "all_runs", "cells_done", "check_multiclass_metrics", "list_multiclass",
        "load_multiclass", "macro_curves", "multiclass_cells", "multiclass_metric_names", "ranked_measures",
        "run_multiclass", "save_multiclass", "sign_test", "stored_multiclass", "time_multiclass_cell",
    ],
    "shipping": [
        "DEFAULT_MAX_MODEL_BYTES", "Export", "FILE_TYPES", "MULTICLASS_RULES", "MetricSelector",
        "SnowballAnalyzer", "export_pipeline", "export_selection", "model_snippet", "round_robin",
        "selection_table", "words_snippet",
    ],
    "_storage": [
        "DEFAULT_CACHE_LIMIT", "cache_limit", "touch", "trim_cache",
    ],
}

__all__ = [
    "QUICK_BUDGET", "QuickRun", "Refinement", "carry_trials", "neighbour_ks", "refine_plan", "run_quick",
    "stage_out",
    "CHOICES", "DRAWS", "INNER_COLUMNS", "TEST_COLUMNS", "choice_source", "chosen_text", "has_documents",
    "randomization_p", "inner_splits",
    "ALL", "ALPHA", "ANSWER_GOALS", "ANSWER_LABELS", "COLUMNS", "DEFAULT_ALPHAS", "DEFAULT_CACHE_LIMIT",
    "DEFAULT_CUTOFFS", "DEFAULT_KS", "DEFAULT_MAX_MODEL_BYTES", "DEFAULT_TOLERANCE", "FEWEST", "FEW_TASKS",
    "FILE_TYPES", "FORMAN_DATASETS", "GOALS", "GOAL_LABELS", "MAX_CLASSES", "MEASURES", "METHOD",
    "METHOD_TEST_FILE", "MULTICLASS_RULES", "QUICK_FOLDS", "QUICK_INNER_FOLDS", "QUICK_RAND_DRAWS",
    "QUICK_KS", "QUICK_METRICS", "RULES", "RUN_COLUMNS", "SKEW_LINES", "STABILITY_COLUMNS", "START_UP_SECONDS",
    "TIE", "TOLERANCES", "WITHIN", "AlphaMap", "Export", "FoldRankings", "FoldSelections", "GridConfig", "GridRun",
    "HeldOut", "MetricSelector", "QuickPlan", "RunAnalysis", "SnowballAnalyzer", "all_runs", "alpha_map",
    "alpha_selection",
    "analyse", "answers", "average_maximum", "best_pairs", "bootstrap_stability", "cache_limit", "carry_over",
    "cell_splits", "cells_done", "check_fixed_ks", "check_grid", "check_multiclass_metrics", "corrected_t",
    "cutoff_curves", "cutoff_jobs", "cutoff_table", "cutoff_text", "delete_run", "estimate_seconds",
    "example_results", "export_pipeline", "export_selection", "feature_shares", "fixed_k", "fold_macro", "fold_rankings",
    "fold_selections", "forman_tasks", "goal_shares", "grid_stability", "held_out", "is_reference", "jaccard",
    "k_rule_summary", "kuncheva", "lesion_best", "lesion_config", "lesion_curves", "lesion_text", "list_multiclass",
    "list_runs", "load_multiclass", "load_results", "macro_average", "macro_curves", "method_sentence",
    "method_text", "metric_label", "model_snippet", "multiclass_cells", "multiclass_metric_names", "n_workers",
    "noise_words", "one_se_band", "one_se_range", "open_run", "p_text", "paired_p", "paired_t", "paired_tests", "parse_ks",
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
