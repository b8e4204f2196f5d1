"""The answer: which metric and what k for this corpus, how sure, and the words that say it.

:mod:`~fsviz.evaluation.answer.advice` decides (:func:`recommend`, the one code path every entry point takes:
the page, ``fsviz recommend``, ``fsviz report``), :mod:`~fsviz.evaluation.answer.wording` words what it decided
(sentences, a table for people, the ``--json`` answers) and :mod:`~fsviz.evaluation.answer.quick` plans the
small grid that gets a first answer fast (the quick plan and its refinements).

It may import the analyses (:mod:`fsviz.evaluation.analyses`), the grid (:mod:`fsviz.evaluation.grid`) and the
packages below the evaluation; the report, the CLI and the app build on it. Each public name is imported from
its module on first use (PEP 562), so importing the package loads nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .advice import (
        ALPHA,
        ANSWER_GOALS,
        FEW_TASKS,
        FEWEST,
        TIE,
        VERDICTS,
        WITHIN,
        deciding,
        is_reference,
        method_sentence,
        recommend,
        scored_on,
        verdict,
    )
    from .quick import (
        MAX_CLASSES,
        QUICK_BUDGET,
        QUICK_FOLDS,
        QUICK_INNER_FOLDS,
        QUICK_KS,
        QUICK_METRICS,
        QUICK_RAND_DRAWS,
        QuickPlan,
        QuickRun,
        Refinement,
        carry_trials,
        neighbour_ks,
        quick_plan,
        refine_plan,
        refined_configs,
        run_quick,
        stage_out,
    )
    from .wording import ANSWER_LABELS, answers, recommendation_table, recommendation_text

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "advice": [
        "ALPHA", "ANSWER_GOALS", "FEWEST", "FEW_TASKS", "TIE", "VERDICTS", "WITHIN", "deciding", "is_reference",
        "method_sentence", "recommend", "scored_on", "verdict",
    ],
    "quick": [
        "MAX_CLASSES", "QUICK_BUDGET", "QUICK_FOLDS", "QUICK_INNER_FOLDS", "QUICK_RAND_DRAWS", "QUICK_KS",
        "QUICK_METRICS", "QuickPlan", "QuickRun",
        "Refinement", "carry_trials", "neighbour_ks", "quick_plan", "refine_plan", "refined_configs", "run_quick",
        "stage_out",
    ],
    "wording": [
        "ANSWER_LABELS", "answers", "recommendation_table", "recommendation_text",
    ],
}

__all__ = [
    "QUICK_BUDGET", "QuickRun", "Refinement", "carry_trials", "neighbour_ks", "refine_plan", "run_quick",
    "stage_out",
    "ALPHA", "ANSWER_GOALS", "ANSWER_LABELS", "FEWEST", "FEW_TASKS", "MAX_CLASSES", "QUICK_FOLDS", "QUICK_INNER_FOLDS",
    "QUICK_RAND_DRAWS",
    "QUICK_KS",
    "QUICK_METRICS", "QuickPlan", "TIE", "VERDICTS", "WITHIN", "answers", "deciding", "is_reference",
    "method_sentence",
    "quick_plan", "recommend", "recommendation_table", "recommendation_text", "refined_configs", "scored_on",
    "verdict",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
