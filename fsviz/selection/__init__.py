"""Choosing words: top k with its tie rule, specs, combinations, IGFSS, and the scoring engine.

Layers inside, each importing only those before it:

- :mod:`~fsviz.selection.topk`: :func:`select_top_k` (the tie rule),
  :func:`alpha_weight` (Forman's lesion weights), :func:`top_k_overlap`;
- :mod:`~fsviz.selection.combine`: Olsson & Oard's combination rules;
- :mod:`~fsviz.selection.spec`: the spec language as typed nodes;
- :mod:`~fsviz.selection.parse`: text into nodes (:func:`parse_spec`, :func:`canonical`, :func:`parse_specs`);
- :mod:`~fsviz.selection.spec_text`: spec text built, checked and taken apart
  (:func:`combination`, :func:`spec_label`, :func:`weighted_name` …);
- :mod:`~fsviz.selection.igfss`: IGFSS (Deshpande et al., Algorithm 3);
- :mod:`~fsviz.selection.engine`: :func:`score_words`,
  :func:`selected_words`, :func:`selected_sets` for any spec.

It may import :mod:`fsviz.metrics` and the checks at the door; nothing here reads a corpus, runs a
classifier or draws.
"""

from .._validation import check_k
from .combine import COMBINATIONS, CombinationRule
from .engine import check_formulas, score_words, selected_sets, selected_words, spec_scores
from .igfss import FeatureLabels, cc_per_class, feature_labels, igfss_select, igfss_sets
from .parse import canonical, parse_spec, parse_specs
from .spec import DEFAULT_NFR, IGFSS, Combination, Expression, MetricSpec, Spec, Weighted
from .spec_text import (
    check_spec,
    combination,
    igfss_specs,
    ordering_spec,
    parse_weighted,
    selects_per_k,
    spec_inputs,
    spec_label,
    weighted_name,
)
from .topk import Selection, alpha_weight, select_top_k, top_k_overlap

__all__ = [
    "COMBINATIONS", "DEFAULT_NFR", "IGFSS", "Combination", "CombinationRule", "Expression", "FeatureLabels",
    "MetricSpec", "Selection", "Spec", "Weighted", "alpha_weight", "canonical", "cc_per_class", "check_formulas",
    "check_k", "check_spec",
    "combination", "feature_labels", "igfss_select", "igfss_sets", "igfss_specs", "ordering_spec", "parse_spec",
    "parse_specs", "parse_weighted", "score_words", "select_top_k", "selected_sets", "selected_words",
    "selects_per_k", "spec_inputs", "spec_label", "spec_scores", "top_k_overlap", "weighted_name",
]
