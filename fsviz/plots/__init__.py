"""Plotly figure builders, by family: data in, ``go.Figure`` out (never shown here).

They draw what the library computes and compute nothing of their own:
``words`` (the word map and its animation over k, boundaries), ``overlap`` (the top-k sets' Jaccard overlap),
``fdr`` (the word map's q = fdr boundary and rings), ``surface`` (one metric in 3-D), ``corpus`` (class
sizes, Zipf), ``bns`` (Forman's Figure 1 for one word), ``results`` (the grid's curves and tolerance),
``skew`` (results against class skew), ``comparisons`` (metric against metric: a backup, paired tests,
stability), ``studies`` (lesion and cutoff), ``agreement`` (measure against measure), ``volcano`` (effect
against −log₁₀ q); ``style`` holds the colours and labels they share; ``files`` writes any of them as SVG, PNG
at print resolution or HTML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports each family on first use
    from .agreement import agreement_matrix_figure, agreement_scatter_figure
    from .bns import bns_figure
    from .comparisons import residual_figure, significance_figure, stability_figure
    from .corpus import class_sizes_figure, task_sizes_figure, zipf_figure
    from .files import FIGURE_FORMATS, PRINT_SCALE, FigureExportError, figure_bytes, figure_format, static_engine
    from .overlap import overlap_figure
    from .results import (
        curves_figure,
        k_rule_figure,
        pr_tradeoff_figure,
        tolerance_bars_figure,
        tolerance_figure,
    )
    from .skew import skew_figure
    from .studies import alpha_map_figure, cutoff_figure, feature_shares_figure, lesion_figure
    from .style import METRIC_COLOURS, metric_colour
    from .surface import surface_figure
    from .volcano import volcano_figure
    from .words import boundaries_figure, word_map_animation, word_map_figure

#: The family (module) of each figure: a page imports only the families it draws (the Corpus page, a new
#: server's first, does not wait for the agreement figures' statistics).
_SOURCES = {
    "agreement": ["agreement_matrix_figure", "agreement_scatter_figure"],
    "bns": ["bns_figure"],
    "comparisons": ["residual_figure", "significance_figure", "stability_figure"],
    "corpus": ["class_sizes_figure", "task_sizes_figure", "zipf_figure"],
    "files": ["FIGURE_FORMATS", "PRINT_SCALE", "FigureExportError", "figure_bytes", "figure_format", "static_engine"],
    "results": ["curves_figure", "k_rule_figure", "pr_tradeoff_figure", "tolerance_bars_figure", "tolerance_figure"],
    "skew": ["skew_figure"],
    "studies": ["alpha_map_figure", "cutoff_figure", "feature_shares_figure", "lesion_figure"],
    "style": ["METRIC_COLOURS", "metric_colour"],
    "volcano": ["volcano_figure"],
    "overlap": ["overlap_figure"],
    "surface": ["surface_figure"],
    "words": ["boundaries_figure", "word_map_animation", "word_map_figure"],
}
_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}

__all__ = [
    "FIGURE_FORMATS",
    "METRIC_COLOURS",
    "PRINT_SCALE",
    "FigureExportError",
    "agreement_matrix_figure",
    "agreement_scatter_figure",
    "alpha_map_figure",
    "bns_figure",
    "boundaries_figure",
    "class_sizes_figure",
    "curves_figure",
    "cutoff_figure",
    "feature_shares_figure",
    "figure_bytes",
    "figure_format",
    "k_rule_figure",
    "lesion_figure",
    "metric_colour",
    "overlap_figure",
    "pr_tradeoff_figure",
    "residual_figure",
    "significance_figure",
    "skew_figure",
    "stability_figure",
    "static_engine",
    "surface_figure",
    "task_sizes_figure",
    "tolerance_bars_figure",
    "tolerance_figure",
    "volcano_figure",
    "word_map_animation",
    "word_map_figure",
    "zipf_figure",
]


__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
