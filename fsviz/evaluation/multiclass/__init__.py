"""Multi-class evaluation: one model over every class, beside the grid's one-vs-rest tasks.

:mod:`~fsviz.evaluation.multiclass.runner` runs the protocol (every metric's top k, one classifier over all
classes, macro/micro-F1, R-precision and MAP, a sign test between metrics), the private ``_fit`` fits and scores
one model, and :mod:`~fsviz.evaluation.multiclass.runs` keeps the runs (a run's cells, saved as Parquet with its
config, listed beside the grid's runs, loaded).

It may import the grid (:mod:`fsviz.evaluation.grid`: configs, folds, the runs list) and the packages below the
evaluation. Each public name is imported from its module on first use (PEP 562), so importing the package loads
nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from ._fit import ranked_measures
    from .runner import (
        MEASURES,
        check_multiclass_metrics,
        macro_curves,
        multiclass_metric_names,
        run_multiclass,
        sign_test,
        time_multiclass_cell,
    )
    from .runs import (
        all_runs,
        cells_done,
        list_multiclass,
        load_multiclass,
        multiclass_cells,
        save_multiclass,
        stored_multiclass,
    )

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "_fit": [
        "ranked_measures",
    ],
    "runner": [
        "MEASURES", "check_multiclass_metrics", "macro_curves", "multiclass_metric_names", "run_multiclass",
        "sign_test", "time_multiclass_cell",
    ],
    "runs": [
        "all_runs", "cells_done", "list_multiclass", "load_multiclass", "multiclass_cells",
        "save_multiclass", "stored_multiclass",
    ],
}

__all__ = [
    "MEASURES", "all_runs", "cells_done", "check_multiclass_metrics", "list_multiclass", "load_multiclass",
    "macro_curves", "multiclass_cells", "multiclass_metric_names", "ranked_measures", "run_multiclass",
    "save_multiclass", "sign_test", "stored_multiclass", "time_multiclass_cell",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
