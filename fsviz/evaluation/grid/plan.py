"""What a grid run runs: its datasets, its cells (task, trial, fold), the tasks it skips and why, and each
cell's labels and (train, test) split: cross-validation folds, or a training file scored on parts of a test
file (:attr:`fsviz.Corpus.test_rows`)."""

from __future__ import annotations

import os

import numpy as np

from ...corpora.corpus import DEFAULT_MIN_DF, Corpus, load_corpus
from ...corpora.groups import check_groups, group_labels
from ...selection import check_formulas
from .cell import Cell
from .config import GridConfig
from .folds import cell_splits

__all__ = ["as_corpora", "check_grid", "plan_cells", "run_tasks", "task_labels", "task_splits"]


def as_corpora(data, config):
    if data is None:
        data = config.datasets
        if not data:
            raise ValueError("no data: pass a corpus or path to run_grid, or set GridConfig(datasets=…)")
    if isinstance(data, (Corpus, str, os.PathLike)):
        data = [data]
    corpora = []
    for item in data:
        corpus = item if isinstance(item, Corpus) else load_corpus(item, min_df=config.min_df or DEFAULT_MIN_DF)
        if config.min_df is not None and corpus.options.get("min_df", 1) < config.min_df:
            corpus = corpus.with_min_df(config.min_df)
        corpora.append(corpus)
    names = [c.name for c in corpora]
    if len(set(names)) != len(names):
        raise ValueError(f"two datasets share a name ({names}); give them distinct names")
    return corpora


def plan_cells(corpora, config, strict=None):
    """Every cell to run, and the tasks skipped with their reason. ``strict`` (default: one dataset) refuses a class
    or group a dataset lacks; a run over several skips it there."""
    strict = len(corpora) == 1 if strict is None else strict
    cells, skipped = [], []
    for d, corpus in enumerate(corpora):
        names = [str(c) for c in corpus.classes]
        wanted = names if config.classes is None else list(config.classes)
        unknown = [c for c in wanted if c not in names]
        if unknown and strict:
            raise ValueError(f"{corpus.name!r} has no class {unknown}; its classes are {names}")
        tasks = [(name, int(corpus.class_sizes[corpus.class_index(name)]), None) for name in wanted if name in names]
        for positive, negative in config.groups:
            try:
                groups = check_groups(corpus.classes, positive, negative)
                y, rows = group_labels(corpus, groups)
            except ValueError as exc:
                if strict:
                    raise
                skipped.append((corpus.name, " + ".join(positive), 0, 0, str(exc)))
                continue
            if groups.label in names and not groups.one_vs_rest:
                raise ValueError(f"the group task {groups.label!r} has the name of a class; rename the class")
            if groups.label not in [task[0] for task in tasks]:  # a group of one class against the rest: its task
                tasks.append((groups.label, int(y.sum()), None if groups.one_vs_rest else int(rows.sum() - y.sum())))
        for name, pos, neg in tasks:
            neg = corpus.n_docs - pos if neg is None else neg
            reason, sizes = _task_sizes(corpus, name, pos, neg, config)
            if reason:
                skipped.append((corpus.name, name, pos, neg, reason))
                continue
            _check_formulas(config, corpus.name, name, sizes)
            folds = 1 if corpus.test_rows is not None else config.folds  # a test file: one model, one test
            cells += [Cell(d, name, t, f) for t in range(config.trials) for f in range(folds)]
    return cells, skipped


def _task_sizes(corpus, name, pos, neg, config) -> tuple[str, list]:
    """Why a task cannot run ("" when it can), and the (pos, neg) of each training split it will score.

    Stratified folds give each class ⌊n/folds⌋ or ⌈n/folds⌉ test documents, so a training split holds
    pos − ⌈pos/folds⌉ or pos − ⌊pos/folds⌋ positive documents (and the same for neg). With a test file, the one
    model trains on the training file's documents of the task and is scored on the test file's, each of which
    needs a document of each side.
    """
    folds = config.folds
    if corpus.test_rows is None:
        if min(pos, neg) < folds:
            side = "positive" if pos < folds else "negative"
            return f"{min(pos, neg)} {side} documents, fewer than the {folds} folds", []
        return "", sorted({(p, q) for p in (pos - -(-pos // folds), pos - pos // folds)
                           for q in (neg - -(-neg // folds), neg - neg // folds)})
    y, rows = task_labels(corpus, name, config)
    in_test = np.zeros(y.size, dtype=bool)
    in_test[corpus.test_rows] = True
    task = np.ones(y.size, dtype=bool) if rows is None else np.asarray(rows, dtype=bool)
    counts = {(side, test): int((task & (y == side) & (in_test == test)).sum())
              for side in (True, False) for test in (True, False)}
    for side, word in ((True, "positive"), (False, "negative")):
        if counts[side, False] == 0:
            return f"no {word} document in the training file", []
        if counts[side, True] == 0:
            return f"no {word} document in the test file", []
    return "", [(counts[True, False], counts[False, False])]


def check_grid(data, config: GridConfig) -> None:
    """Refuse now what a run of ``config`` on ``data`` refuses before its first cell: an unknown class, or one
    of your own formulas (``expr(…)``) not finite on a training split's plane (a page asks before its estimate).

    Parameters
    ----------
    data : Corpus, path, or a list of them
        The datasets, as for :func:`fsviz.evaluation.grid.run_grid`.
    config : GridConfig
        The config.

    Raises
    ------
    ValueError
        For an unknown class, or a formula not finite on a training split's plane.

    See Also
    --------
    fsviz.evaluation.run_grid : Runs the grid after the same checks.
    fsviz.evaluation.GridConfig : Checks its own values when made.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> check_grid(corpus, GridConfig(metrics=("bns",), classes=("c0",)))
    >>> check_grid(corpus, GridConfig(metrics=("bns",), classes=("spam",)))
    Traceback (most recent call last):
    ...
    ValueError: 'planted' has no class ['spam']; its classes are ['c0', 'c1']
    """
    plan_cells(as_corpora(data, config), config)


def _check_formulas(config, dataset, name, sizes):
    """Your own formulas (``expr(…)``) checked finite on every training split's plane before any cell runs."""
    try:
        check_formulas(config.metrics, sizes)
    except ValueError as exc:
        raise type(exc)(f"{dataset}, class {name!r}, a training split: {exc}") from None


def run_tasks(corpus, config, *, strict: bool = True) -> list[str]:
    """The tasks (class or group task names) a run of ``config`` on ``corpus`` runs, in plan order: those it
    skips (fewer documents on a side than folds) left out. ``strict=False``: ``corpus`` is one of the run's
    several datasets, so the classes and groups it lacks are skipped, as the run skipped them there."""
    cells, _ = plan_cells([corpus], config, strict)
    return list(dict.fromkeys(cell.class_name for cell in cells))


def task_labels(corpus, class_name, config):
    """``(y, rows)`` of a cell's task: its positive documents, and the task's documents (None: all of them)."""
    if class_name in set(map(str, corpus.classes)):
        return corpus.y(class_name), None
    for positive, negative in config.groups:
        groups = check_groups(corpus.classes, positive, negative)
        if groups.label == class_name:
            return group_labels(corpus, groups)
    raise ValueError(f"{corpus.name!r} has no class or group task {class_name!r}")


def task_splits(y, rows, config, trial, test_rows=None):
    """The (train, test) pairs of one trial of the task, as row numbers of the corpus: :func:`cell_splits` of
    the task's documents, or with ``test_rows`` (:attr:`fsviz.Corpus.test_rows`) one pair: the training file's
    documents of the task and the test file's (one model, scored on every test document)."""
    index = np.arange(np.asarray(y).size) if rows is None else np.flatnonzero(rows)
    if test_rows is not None:
        in_test = np.zeros(np.asarray(y).size, dtype=bool)
        in_test[test_rows] = True
        pairs = [(np.flatnonzero(~in_test[index]), np.flatnonzero(in_test[index]))]
    else:
        pairs = cell_splits(y[index], config, trial)
    return pairs if rows is None else [(index[train], index[test]) for train, test in pairs]
