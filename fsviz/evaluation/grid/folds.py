"""The grid's seeds and folds: how each trial's (train, test) splits are drawn, reproducibly."""

from __future__ import annotations

import zlib

import numpy as np
from sklearn.model_selection import StratifiedKFold

from .config import GridConfig

__all__ = ["cell_splits", "seed_for", "training_file_splits"]


def seed_for(*parts) -> int:
    """A 32-bit seed from ints and strings, stable across processes and runs.

    Parameters
    ----------
    *parts : int or str
        What the seed depends on.

    Returns
    -------
    int
        The seed.

    See Also
    --------
    fsviz.evaluation.cell_splits : Seeds a trial's folds with ``seed_for(seed, trial)``.

    Examples
    --------
    >>> seed_for(0, "spam", 1, 2) == seed_for(0, "spam", 1, 2), seed_for(0, "spam", 1) == seed_for(0, "ham", 1)
    (True, False)
    """
    words = [p if isinstance(p, int) else zlib.crc32(str(p).encode()) for p in parts]
    return int(np.random.SeedSequence(words).generate_state(1)[0])


def cell_splits(y, config: GridConfig, trial: int):
    """The (train, test) index pairs of one trial, as the grid draws them.

    Use this to reproduce the grid's folds elsewhere (e.g. as ``cv=`` of
    scikit-learn's ``GridSearchCV``).

    Parameters
    ----------
    y : array-like of bool
        The task's labels, which the folds are stratified by.
    config : GridConfig
        Its ``folds`` and ``seed`` are used.
    trial : int
        The trial.

    Returns
    -------
    list of (numpy.ndarray, numpy.ndarray)
        One (train, test) pair of index arrays per fold.

    See Also
    --------
    fsviz.evaluation.training_file_splits : The splits of a corpus that came with a test file.
    fsviz.evaluation.seed_for : The seed of each trial's folds.
    fsviz.evaluation.run_grid : Runs a cell on each split.

    Examples
    --------
    >>> y = np.array([1, 1, 1, 0, 0, 0, 0, 0], dtype=bool)
    >>> [test.tolist() for _, test in cell_splits(y, GridConfig(folds=2), trial=0)]
    [[0, 2, 5, 7], [1, 3, 4, 6]]
    """
    y = np.asarray(y, dtype=bool)
    cv = StratifiedKFold(n_splits=config.folds, shuffle=True, random_state=seed_for(config.seed, trial))
    return list(cv.split(np.zeros((y.size, 1)), y))


def training_file_splits(y, in_test, config: GridConfig, trial: int):
    """The (train, test) index pairs of one trial for a corpus that came with a test file (``y``: the labels the
    parts are stratified by).

    Every fold trains on all the training file's documents (``in_test`` False) and tests on one of
    ``config.folds`` stratified parts of the test file, drawn as :func:`cell_splits` draws folds. The parts
    score the same model; they let a choice of metric and k be made on some parts and scored on another
    (:mod:`fsviz.evaluation.analyses.nested`), as folds do.

    Parameters
    ----------
    y : array-like
        The labels the parts are stratified by.
    in_test : array-like of bool
        True for the test file's documents.
    config : GridConfig
        Its ``folds`` and ``seed`` are used.
    trial : int
        The trial.

    Returns
    -------
    list of (numpy.ndarray, numpy.ndarray)
        One (train, test) pair of index arrays per part.

    See Also
    --------
    fsviz.evaluation.cell_splits : The folds of a corpus without a test file.
    fsviz.evaluation.scored_on : Tells a results table scored on a test file.

    Examples
    --------
    >>> y = np.array([1, 0, 1, 0, 1, 1, 0, 0], dtype=bool)
    >>> in_test = np.arange(8) >= 4
    >>> [(train.tolist(), test.tolist()) for train, test in training_file_splits(y, in_test, GridConfig(folds=2), 0)]
    [([0, 1, 2, 3], [5, 7]), ([0, 1, 2, 3], [4, 6])]
    """
    y, in_test = np.asarray(y), np.asarray(in_test, dtype=bool)
    train, test = np.flatnonzero(~in_test), np.flatnonzero(in_test)
    cv = StratifiedKFold(n_splits=config.folds, shuffle=True, random_state=seed_for(config.seed, trial))
    return [(train, test[part]) for _, part in cv.split(np.zeros((test.size, 1)), y[test])]

