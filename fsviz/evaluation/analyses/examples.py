"""A small results table to try the analyses on: what their docstrings' examples read."""

from __future__ import annotations

import pandas as pd

__all__ = ["example_results"]

#: (metric, k, tp, fp) of each fold of each class; the baseline's row is added on request.
_CELLS = [("bns", 10, 8, 1), ("bns", 20, 9, 1), ("ig", 10, 6, 3), ("ig", 20, 9, 2)]
_BASELINE = ("all", 100, 8, 2)
#: Each class's positive documents, of 60.
_POS = {"a": 10, "b": 20}


def example_results(*, baseline: bool = False) -> pd.DataFrame:
    """A grid's results table in miniature: dataset ``d``, classes ``a`` (10 of 60 documents) and ``b`` (20 of
    60), one trial of two folds, BNS and IG at k = 10 and 20, each fold with the same confusion counts.

    Parameters
    ----------
    baseline : bool, default False
        Add the all-features baseline: metric ``"all"`` with k = 100, the vocabulary's size.

    Returns
    -------
    pandas.DataFrame
        ``dataset, class, trial, fold, metric, k, n_features, pos, neg, tp, fp, fn, tn``: the confusion counts
        that every analysis reads (the goals are computed from them).

    See Also
    --------
    fsviz.evaluation.run_grid : Makes a real one.
    fsviz.evaluation.per_trial : The first analysis of it.
    fsviz.evaluation.analyse : Every analysis of it, each made once.

    Examples
    --------
    >>> example_results().head(3)
      dataset class  trial  fold metric   k  n_features  pos  neg  tp  fp  fn  tn
    0       d     a      0     0    bns  10          10   10   50   8   1   2  49
    1       d     a      0     0    bns  20          20   10   50   9   1   1  49
    2       d     a      0     0     ig  10          10   10   50   6   3   4  47
    """
    cells = _CELLS + [_BASELINE] * baseline
    rows = [("d", name, 0, fold, metric, k, k, pos, 60 - pos, tp, fp)
            for name, pos in _POS.items() for fold in (0, 1) for metric, k, tp, fp in cells]
    table = pd.DataFrame(rows, columns=["dataset", "class", "trial", "fold", "metric", "k", "n_features", "pos", "neg",
                                        "tp", "fp"])
    return table.assign(fn=table["pos"] - table["tp"], tn=table["neg"] - table["fp"])
