"""What you take away to use in your own code: a fitted Pipeline, the selected words, a selector to tune.

:mod:`~fsviz.evaluation.shipping.export` fits the grid's selection and classifier on the whole corpus and saves
it (a Pipeline with skops, or the words as CSV/JSON; its arguments checked and words selected in the private
``_plan``), :mod:`~fsviz.evaluation.shipping.snippets` writes the lines of Python that load it, and
:mod:`~fsviz.evaluation.shipping.selector` is :class:`MetricSelector`, any metric spec as a scikit-learn feature
selector to tune inside your own Pipeline. The selector sits here, not in :mod:`fsviz.selection`, because it
reads the significance k rules (:mod:`fsviz.stats`, a layer above the selection) and the grid's rule for them.

It may import the grid (:mod:`fsviz.evaluation.grid`) and the packages below the evaluation. Each public name
is imported from its module on first use (PEP 562), so importing the package loads nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .export import (
        DEFAULT_MAX_MODEL_BYTES,
        FILE_TYPES,
        Export,
        SnowballAnalyzer,
        export_pipeline,
        export_selection,
        selection_table,
    )
    from .selector import MULTICLASS_RULES, MetricSelector, round_robin
    from .snippets import model_snippet, tuning_snippet, words_snippet

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "export": [
        "DEFAULT_MAX_MODEL_BYTES", "Export", "FILE_TYPES", "SnowballAnalyzer", "export_pipeline",
        "export_selection", "selection_table",
    ],
    "selector": [
        "MULTICLASS_RULES", "MetricSelector", "round_robin",
    ],
    "snippets": [
        "model_snippet", "tuning_snippet", "words_snippet",
    ],
}

__all__ = [
    "DEFAULT_MAX_MODEL_BYTES", "Export", "FILE_TYPES", "MULTICLASS_RULES", "MetricSelector", "SnowballAnalyzer",
    "export_pipeline", "export_selection", "model_snippet", "round_robin", "selection_table", "tuning_snippet",
    "words_snippet",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
