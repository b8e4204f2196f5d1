"""Forman's side studies, each an ordinary grid run: the lesion study and the rare-word cutoff.

:mod:`~fsviz.evaluation.studies.lesion` weights a metric's positive and negative features by α (Figure 22), with
the α-weighted selection and its map in the private ``_alpha``; :mod:`~fsviz.evaluation.studies.cutoff` runs
one grid per rare-word cutoff (Figure 11). Both say what their runs show with the analyses' noise test.

It may import the analyses (:mod:`fsviz.evaluation.analyses`), the grid (:mod:`fsviz.evaluation.grid`) and the
packages below the evaluation. Each public name is imported from its module on first use (PEP 562), so
importing the package loads nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from ._alpha import AlphaMap, alpha_selection
    from .cutoff import (
        DEFAULT_CUTOFFS,
        cutoff_curves,
        cutoff_jobs,
        cutoff_table,
        cutoff_text,
        run_cutoffs,
        stored_cutoffs,
    )
    from .lesion import (
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
    "_alpha": [
        "AlphaMap", "alpha_selection",
    ],
    "cutoff": [
        "DEFAULT_CUTOFFS", "cutoff_curves", "cutoff_jobs", "cutoff_table", "cutoff_text", "run_cutoffs",
        "stored_cutoffs",
    ],
    "lesion": [
        "DEFAULT_ALPHAS", "alpha_map", "feature_shares", "lesion_best", "lesion_config", "lesion_curves",
        "lesion_text",
    ],
}

__all__ = [
    "AlphaMap", "DEFAULT_ALPHAS", "DEFAULT_CUTOFFS", "alpha_map", "alpha_selection", "cutoff_curves",
    "cutoff_jobs", "cutoff_table", "cutoff_text", "feature_shares", "lesion_best", "lesion_config",
    "lesion_curves", "lesion_text", "run_cutoffs", "stored_cutoffs",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
