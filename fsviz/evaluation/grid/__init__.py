"""The evaluation grid of Forman (2003), Appendix B, on any corpus.

For each dataset, each class as positive against the rest, ``trials`` random
repetitions of stratified ``folds``-fold cross-validation; in every fold, each
metric ranks the words on the *training split only*, the top k words (for each
k in ``ks``) feed a classifier trained on that split, and the test split is
scored. The result is a tidy table, one row per
dataset × class × metric × k × trial × fold, keeping the confusion counts so
any goal can be recomputed later (see :mod:`fsviz.evaluation.analyses`).

How one cell (task, trial, fold) runs, and why it is fast:

1. word counts on the training split (one sparse product), every metric
   scored once and ranked once: the top k for every k is a prefix of one
   ranking (ties: lower vocabulary index first, as :func:`select_top_k`).
   IGFSS, whose sets are not prefixes, reuses its global metric's scores
   and selects once per k (:func:`fold_selections`);
2. the classifier is fitted once per *distinct* feature set: a k at or above
   the number of eligible words is the all-features fit, and metrics that
   pick the same words share one fit;
3. cells run in parallel with joblib (processes on this machine, or a Dask
   cluster through joblib's Dask backend); finished cells are checkpointed to
   Parquet (the first at once), so a killed run resumes where it stopped, and
   two runs on one results file do the work once (:mod:`~fsviz.evaluation.grid._lock`).

Choices where the paper is silent (documented here, switchable where it
matters):

- The rare-word cutoff (``min_df``) is applied to the whole corpus before the
  folds are drawn, as Forman did ("occurred < 3 times in the (training &
  testing) corpus"). It counts documents, never labels, so it leaks no label
  information. Within a fold, only words present in at least one *training*
  document are eligible for selection: a word seen only in test documents is
  never selected (not even by Rand).
- Features are Boolean presence (Forman: "the Boolean occurrence of a
  forced-lowercase word"), as float64 for the classifier.
- The all-features baseline is recorded as metric ``"all"`` with ``k`` equal
  to the vocabulary size and ``n_features`` to the number of eligible words
  of that fold; it is fitted on every column (words absent from the
  training split are all zero there and get no weight), so it equals a plain
  cross-validation of the classifier. A metric whose k reaches every
  eligible word shares that fit.
- LinearSVC gets ``random_state=0`` unless the config says otherwise:
  liblinear's dual solver shuffles, and unseeded results would vary.
- Fold assignment: scikit-learn's ``StratifiedKFold(shuffle=True)`` on the
  task's binary labels, seeded from (seed, trial), so every metric, k and
  classifier sees the same folds; Rand's scores are seeded from
  (seed, class, trial, fold).
- A class with fewer positive (or negative) documents than folds cannot be
  stratified; it is skipped and the reason recorded in :attr:`GridRun.skipped`.
- Precision with no positive predictions is 0 (the table's ``tp + fp == 0``
  rows say how often), F1 is 0 when precision + recall is 0.

The package, one step per module, each importing only those before it:
:mod:`~fsviz.evaluation.grid._lock` (one run at a time per results file),
:mod:`~fsviz.evaluation.grid.config` (GridConfig, the run's key),
:mod:`~fsviz.evaluation.grid.folds` (seeds and folds),
:mod:`~fsviz.evaluation.grid.results` (the table's columns, goals, GridRun,
load_results), :mod:`~fsviz.evaluation.grid.cell` (fold selection, one cell) and
:mod:`~fsviz.evaluation.grid.plan` (the cells, the tasks skipped, each cell's split),
:mod:`~fsviz.evaluation.grid.estimates` (one cell timed, how long a run should take),
:mod:`~fsviz.evaluation.grid.runner` (checkpoints, joblib or Dask, run_grid).
The classifiers and their factory are in :mod:`fsviz.learn.classifiers`.
"""

from ...learn.classifiers import CLASSIFIER_LABELS, CLASSIFIERS, make_classifier
from .cell import (
    FoldRankings,
    FoldSelections,
    cell_data,
    cell_selections,
    fold_rankings,
    fold_selections,
    inner_splits,
    rule_ks,
)
from .config import ALL, DEFAULT_KS, GridConfig, check_fixed_ks, parse_ks, run_key
from .estimates import START_UP_SECONDS, estimate_seconds, n_workers, time_cell, time_left
from .folds import cell_splits, seed_for, training_file_splits
from .plan import check_grid, run_tasks, task_labels, task_splits
from .results import COLUMNS, INNER_COLUMNS, TEST_COLUMNS, GridRun, load_results, with_goals, write_time
from .runner import run_grid, stored_results
from .runs import RUN_COLUMNS, carry_over, delete_run, list_runs, open_run

__all__ = [
    "ALL",
    "CLASSIFIERS",
    "CLASSIFIER_LABELS",
    "COLUMNS",
    "DEFAULT_KS",
    "FoldRankings",
    "FoldSelections",
    "GridConfig",
    "GridRun",
    "INNER_COLUMNS",
    "TEST_COLUMNS",
    "START_UP_SECONDS",
    "carry_over",
    "cell_splits",
    "check_grid",
    "delete_run",
    "estimate_seconds",
    "fold_rankings",
    "fold_selections",
    "inner_splits",
    "list_runs",
    "RUN_COLUMNS",
    "load_results",
    "make_classifier",
    "n_workers",
    "open_run",
    "check_fixed_ks",
    "parse_ks",
    "run_grid",
    "run_key",
    "seed_for",
    "stored_results",
    "training_file_splits",
    "time_cell",
    "time_left",
    "with_goals",
    # what the rest of the evaluation builds on: one cell's data and selections, the k rules' k, a run's tasks
    # and splits, a run file's time
    "cell_data",
    "cell_selections",
    "rule_ks",
    "run_tasks",
    "task_labels",
    "task_splits",
    "write_time",
]
