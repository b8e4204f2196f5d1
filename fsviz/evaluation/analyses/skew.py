"""Forman's Figure 12: each one-vs-rest task's positive and negative documents, and its class skew.

A task is one class against the rest of its dataset: ``pos`` documents
have the class, ``neg`` do not, and its skew is ``neg / pos`` (written
1:skew). :func:`task_sizes` reads them from a corpus (every class) or from a
grid's results table (its ``pos`` and ``neg`` columns, through
:func:`fsviz.evaluation.analyses.task_sizes`); :func:`forman_tasks` gives Forman's own
229 tasks from his Appendix A, so a corpus can be set against his benchmark.

Forman (2003), §3 and Appendix A: "19 multi-class datasets represent 229
binary text classification problem instances, with a positive class size of
149 on average, and class skews averaging 1:31 (median 1:17, 95th percentile
1:97)"; his Figure 12 plots their sizes. Each of his datasets is single-label,
so a class's ``neg`` is the dataset's documents minus the class's.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..._lazy import lazy
from ...corpora.corpus import Corpus
from ...corpora.parts import ClassCounts

#: A results table's task sizes; the aggregation imports the grid, which a corpus's sizes (`fsviz info`) do not need.
results_task_sizes = lazy("fsviz.evaluation.analyses.aggregation", "task_sizes")

__all__ = ["FORMAN_DATASETS", "SKEW_LINES", "forman_tasks", "skew_summary", "task_sizes", "with_forman_tasks"]

#: The skews Figure 12's guide lines mark: neg = pos, 10 × pos, 100 × pos.
SKEW_LINES = (1, 10, 100)

#: Forman (2003), Appendix A: each dataset's documents and its class sizes (sorted, as printed there).
FORMAN_DATASETS = {
    "cora36": (1800, (50,) * 36),
    "fbis": (2463, (38, 43, 46, 46, 46, 48, 65, 92, 94, 119, 121, 125, 139, 190, 358, 387, 506)),
    "la1": (3204, (273, 341, 354, 555, 738, 943)),
    "la2": (3075, (248, 301, 375, 487, 759, 905)),
    "oh0": (1003, (51, 56, 57, 66, 71, 76, 115, 136, 181, 194)),
    "oh5": (918, (59, 61, 61, 72, 74, 85, 93, 120, 144, 149)),
    "oh10": (1050, (52, 60, 61, 70, 87, 116, 126, 148, 165, 165)),
    "oh15": (913, (53, 56, 56, 66, 69, 98, 98, 106, 154, 157)),
    "ohscal": (11162, (709, 764, 864, 1001, 1037, 1159, 1260, 1297, 1450, 1621)),
    "re0": (1504, (11, 15, 16, 20, 37, 38, 39, 42, 60, 80, 219, 319, 608)),
    "re1": (1657, (10, 13, 15, 17, 18, 18, 19, 19, 20, 20, 27, 31, 31, 32, 37, 42, 48, 50, 60, 87, 99, 106, 137,
                   330, 371)),
    "tr11": (414, (6, 11, 20, 21, 29, 52, 69, 74, 132)),
    "tr12": (313, (9, 29, 29, 30, 34, 35, 54, 93)),
    "tr21": (336, (4, 9, 16, 35, 41, 231)),
    "tr23": (204, (6, 11, 15, 36, 45, 91)),
    "tr31": (927, (2, 21, 63, 111, 151, 227, 352)),
    "tr41": (878, (9, 18, 26, 33, 35, 83, 95, 162, 174, 243)),
    "tr45": (690, (14, 18, 36, 47, 63, 67, 75, 82, 128, 160)),
    "wap": (1560, (5, 11, 13, 15, 18, 33, 35, 37, 40, 44, 54, 65, 76, 91, 91, 97, 130, 168, 196, 341)),
}

_COLUMNS = ["dataset", "class", "pos", "neg", "skew"]


def task_sizes(source) -> pd.DataFrame:
    """One row per one-vs-rest task: ``dataset, class, pos, neg, skew`` (skew = neg / pos).

    Parameters
    ----------
    source : Corpus, ClassCounts, pandas.DataFrame or GridRun
        A corpus, or one counted in parts (:func:`fsviz.corpora.count_in_parts`)
        (each of its classes against the rest; a multi-label
        document is positive for each of its labels), or a grid's results
        table (or the run holding it), whose ``pos`` and ``neg`` are each
        task's documents over the whole dataset.

    Returns
    -------
    pandas.DataFrame
        One row per task: ``dataset, class, pos, neg, skew``.

    Raises
    ------
    ValueError
        When a results table lacks one of the columns ``dataset, class, pos, neg``.
    TypeError
        When ``source`` is none of a corpus, counts of one, a results table and a grid run.

    See Also
    --------
    fsviz.evaluation.skew_summary : How skewed the tasks are.
    fsviz.evaluation.with_forman_tasks : The tasks beside Forman's 229.

    Examples
    --------
    >>> import fsviz
    >>> texts = ["red apple", "green apple", "blue sky", "grey sky"]
    >>> corpus = fsviz.load_corpus((texts, ["x", "x", "y", "z"]), min_df=1)
    >>> task_sizes(corpus)[["class", "pos", "neg", "skew"]].to_dict("records")[0]
    {'class': 'x', 'pos': 2, 'neg': 2, 'skew': 1.0}
    """
    if not isinstance(source, (Corpus, ClassCounts, pd.DataFrame)) and isinstance(getattr(source, "results", None),
                                                                               pd.DataFrame):
        source = source.results  # a GridRun (fsviz.evaluation.grid, not imported here: `fsviz info` needs no grid)
    if isinstance(source, (Corpus, ClassCounts)):
        pos = np.asarray(source.class_sizes, dtype=np.int64)
        table = pd.DataFrame({"dataset": source.name, "class": [str(c) for c in source.classes], "pos": pos,
                              "neg": source.n_docs - pos})
        return table.assign(skew=table["neg"] / table["pos"])
    if isinstance(source, pd.DataFrame):
        missing = sorted({"dataset", "class", "pos", "neg"} - set(source.columns))
        if missing:
            raise ValueError(f"a results table needs the columns dataset, class, pos and neg; missing {missing}")
        return results_task_sizes(source)[_COLUMNS]
    raise TypeError(f"`source` must be a Corpus, a results table (DataFrame), a GridRun or a corpus's ClassCounts, "
                    f"got {type(source).__name__}")


def forman_tasks() -> pd.DataFrame:
    """Forman's 229 tasks (Appendix A), in :func:`task_sizes`'s columns.

    His table gives each dataset's class sizes, not their names: ``class``
    is a class's place in that sorted list (``"1"`` the smallest).

    Returns
    -------
    pandas.DataFrame
        The 229 tasks: ``dataset, class, pos, neg, skew``.

    See Also
    --------
    fsviz.evaluation.with_forman_tasks : Your tasks beside these.
    fsviz.evaluation.skew_summary : How skewed they are.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003): Appendix A (the datasets and their class sizes) and Figure 12 (the tasks' sizes).

    Examples
    --------
    >>> tasks = forman_tasks()
    >>> len(tasks), tasks["dataset"].nunique()
    (229, 19)
    >>> tasks.head(2)
      dataset class  pos   neg  skew
    0  cora36     1   50  1750  35.0
    1  cora36     2   50  1750  35.0
    """
    rows = [(name, str(i), size, docs - size) for name, (docs, sizes) in FORMAN_DATASETS.items()
            for i, size in enumerate(sizes, 1)]
    table = pd.DataFrame(rows, columns=_COLUMNS[:4])
    return table.assign(skew=table["neg"] / table["pos"])


def with_forman_tasks(tasks: pd.DataFrame, source: str) -> pd.DataFrame:
    """``tasks`` then Forman's 229, with a ``source`` column saying whose each row is (``source`` for ``tasks``).

    Parameters
    ----------
    tasks : pandas.DataFrame
        Tasks in :func:`task_sizes`'s columns.
    source : str
        The ``source`` of their rows.

    Returns
    -------
    pandas.DataFrame
        ``tasks`` then Forman's, with a ``source`` column.

    See Also
    --------
    fsviz.evaluation.forman_tasks : Forman's tasks it appends.
    fsviz.plots.task_sizes_figure : Draws the table as Forman's Figure 12.

    Examples
    --------
    >>> mine = pd.DataFrame({"dataset": "d", "class": ["a", "b"], "pos": [10, 30], "neg": [30, 10], "skew": [3, 1/3]})
    >>> with_forman_tasks(mine, "your corpus")["source"].value_counts().to_dict()
    {'Forman 2003, Appendix A': 229, 'your corpus': 2}
    """
    return pd.concat([tasks.assign(source=source), forman_tasks().assign(source="Forman 2003, Appendix A")],
                     ignore_index=True)


def skew_summary(tasks: pd.DataFrame) -> dict:
    """How skewed a set of tasks is: their number, mean and median skew, 90th and 95th percentiles, the highest.

    Percentiles interpolate linearly between tasks (numpy's default), as
    :func:`fsviz.evaluation.analyses.split_by_skew` does.

    Parameters
    ----------
    tasks : pandas.DataFrame
        Tasks in :func:`task_sizes`'s columns.

    Returns
    -------
    dict
        ``tasks``, ``mean``, ``median``, ``p90``, ``p95`` and ``max``.

    Raises
    ------
    ValueError
        When ``tasks`` has no row: there is no skew to summarise.

    See Also
    --------
    fsviz.evaluation.forman_tasks : The benchmark to set a summary beside.

    Examples
    --------
    >>> {name: round(value, 1) for name, value in skew_summary(forman_tasks()).items()}
    {'tasks': 229, 'mean': 30.6, 'median': 16.7, 'p90': 64.7, 'p95': 95.1, 'max': 462.5}
    """
    skew = tasks["skew"].to_numpy(np.float64)
    if skew.size == 0:
        raise ValueError("no tasks to summarise")
    return {"tasks": int(skew.size), "mean": float(skew.mean()), "median": float(np.median(skew)),
            "p90": float(np.percentile(skew, 90)), "p95": float(np.percentile(skew, 95)), "max": float(skew.max())}
