"""What the counts say about each word: exact tests, p and q, effect sizes, isoclines, BNS's binormal view, agreement.

:mod:`~fsviz.stats.fisher` (Fisher's exact test in log space), :mod:`~fsviz.stats.pvalues` (each word's p-value
and Benjamini–Hochberg q), :mod:`~fsviz.stats.significance` (the words with q ≤ α, the FDR boundary and the k rules
read from it), :mod:`~fsviz.stats.boundary` (that boundary as data), :mod:`~fsviz.stats.isoclines`
(a metric's top-k boundary on the (fp, tp) plane, Forman 2003 Figures 2, 3 and 13), :mod:`~fsviz.stats.surface`
(a metric's scores over a grid of the plane), :mod:`~fsviz.stats.effect`
(each word's log₂ ratio of document rates with its confidence interval, the effect beside p and q),
:mod:`~fsviz.stats.binormal` (BNS's two Normal curves, Figure 1), :mod:`~fsviz.stats.agreement` (how much
metrics' rankings and top-k sets agree), :mod:`~fsviz.stats.classes` (every class's top words at once: the class ×
word matrix) and :mod:`~fsviz.stats.tables` (the word and class tables the pages and the CLI share).

It may import :mod:`fsviz.corpora`, :mod:`fsviz.selection` and :mod:`fsviz.metrics`; nothing here runs a
classifier or reads a results table.

Each public name is imported from its module on first use (PEP 562), so importing the package loads nothing
else; ``__all__`` is the package's public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .agreement import agreement_matrix, correlation, log_scaled, top_masks, top_overlap
    from .binormal import BinormalView, bns_view, word_bns_view
    from .boundary import FdrBoundary
    from .classes import MATRIX_VALUES, MAX_CLASSES, SHARED_COLUMN, class_word_matrix
    from .effect import EFFECT_COLUMNS, ZERO_RULES, LogRatioInterval, log_ratio_interval, zero_rule_agreement
    from .fisher import fisher_log_p, fisher_p, hypergeom_logpmf
    from .isoclines import (
        NOT_MONOTONE,
        Isocline,
        isocline,
        isocline_shape,
        no_isocline_reason,
        selected_side,
        top_k_isocline,
        top_k_isoclines,
        weighted_isocline,
    )
    from .pvalues import METHODS, bh_q_values, g2_p, log10_p_values, p_values
    from .significance import (
        ALTERNATIVES,
        DEFAULT_FDR,
        FdrRule,
        Significance,
        check_fdr,
        fdr_boundary,
        fdr_k,
        p_label,
        parse_k_rule,
        significance,
        significant_words,
    )
    from .surface import MetricSurface, metric_surface
    from .tables import (
        WordFacts,
        WordPoints,
        boundary_table,
        class_table,
        df_ranks,
        top_words,
        word_facts,
        word_points,
        word_table,
    )

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "agreement": [
        "agreement_matrix", "correlation", "log_scaled", "top_masks", "top_overlap",
    ],
    "binormal": [
        "BinormalView", "bns_view", "word_bns_view",
    ],
    "boundary": [
        "FdrBoundary",
    ],
    "classes": [
        "MATRIX_VALUES", "MAX_CLASSES", "SHARED_COLUMN", "class_word_matrix",
    ],
    "effect": [
        "EFFECT_COLUMNS", "LogRatioInterval", "ZERO_RULES", "log_ratio_interval", "zero_rule_agreement",
    ],
    "fisher": [
        "fisher_log_p", "fisher_p", "hypergeom_logpmf",
    ],
    "isoclines": [
        "Isocline", "NOT_MONOTONE", "isocline", "isocline_shape", "no_isocline_reason", "selected_side",
        "top_k_isocline", "top_k_isoclines", "weighted_isocline",
    ],
    "pvalues": [
        "METHODS", "bh_q_values", "g2_p", "log10_p_values", "p_values",
    ],
    "significance": [
        "ALTERNATIVES", "DEFAULT_FDR", "FdrRule", "Significance", "check_fdr", "fdr_boundary", "fdr_k",
        "p_label", "parse_k_rule", "significance", "significant_words",
    ],
    "surface": [
        "MetricSurface", "metric_surface",
    ],
    "tables": [
        "WordFacts", "WordPoints", "boundary_table", "class_table", "df_ranks", "top_words", "word_facts",
        "word_points", "word_table",
    ],
}

__all__ = [
    "ALTERNATIVES", "DEFAULT_FDR", "EFFECT_COLUMNS", "MATRIX_VALUES", "MAX_CLASSES", "METHODS", "NOT_MONOTONE",
    "SHARED_COLUMN", "ZERO_RULES", "BinormalView", "FdrBoundary", "FdrRule", "Isocline", "LogRatioInterval",
    "MetricSurface", "Significance", "WordFacts", "WordPoints", "agreement_matrix", "bh_q_values", "bns_view",
    "boundary_table", "check_fdr", "class_table", "class_word_matrix",
    "correlation", "df_ranks", "fdr_boundary", "fdr_k", "fisher_log_p", "fisher_p", "g2_p", "hypergeom_logpmf",
    "isocline", "isocline_shape", "log10_p_values", "log_ratio_interval", "log_scaled", "metric_surface",
    "no_isocline_reason", "p_label", "p_values", "parse_k_rule", "selected_side", "significance", "significant_words",
    "top_k_isocline", "top_k_isoclines", "top_masks", "top_overlap", "top_words", "weighted_isocline",
    "word_bns_view", "word_facts", "word_points", "word_table", "zero_rule_agreement",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
