"""Forman's (2003) sensitivity to the rare-word cutoff (Figure 11), run through the evaluation grid.

The same grid cell run on the corpus with words in fewer than c documents removed, for each c. One grid run per
cutoff (each resumable on its own); the combined table is the grid's with two more columns, ``min_df`` and
``vocabulary``.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pandas as pd

from ..._validation import MAXIMA, check_whole
from ..analyses import macro_average, noise_words
from ..grid import GridConfig, check_fixed_ks, run_grid, run_key, stored_results

__all__ = ["DEFAULT_CUTOFFS", "cutoff_curves", "cutoff_jobs", "cutoff_table", "cutoff_text", "run_cutoffs",
           "stored_cutoffs"]

#: Figure 11's range of rare-word cutoffs (documents).
DEFAULT_CUTOFFS = tuple(range(1, 26))


def cutoff_jobs(corpus, config: GridConfig, cutoffs=DEFAULT_CUTOFFS) -> list[tuple[int, GridConfig]]:
    """One grid config per cutoff (``config`` with ``min_df`` set), checked against ``corpus``.

    The corpus must have been built with a cutoff no higher than the lowest one studied (words removed cannot come
    back).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus, built with a cutoff no higher than the lowest in ``cutoffs``.
    config : GridConfig
        The grid to run at each cutoff; without k rules.
    cutoffs : iterable of int, default ``DEFAULT_CUTOFFS``
        Rare-word cutoffs (``min_df``), whole numbers of documents from 1 to the corpus's number of documents.

    Returns
    -------
    list of (int, GridConfig)
        Each cutoff, ascending, with ``config`` at that ``min_df``.

    Raises
    ------
    ValueError
        When ``cutoffs`` is empty, too long, not whole numbers ≥ 1, above the corpus's number of documents or
        below its own cutoff, or ``config`` has a k rule.

    See Also
    --------
    fsviz.evaluation.run_cutoffs : Runs them.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> [(c, job.min_df) for c, job in cutoff_jobs(corpus, GridConfig(metrics=("bns",), ks=(10,)), [3, 1])]
    [(1, 1), (3, 3)]
    """
    check_fixed_ks(config, "The rare-word cutoff study")
    limit = MAXIMA["cutoffs"]
    # Counted before anything is made: a range of 10**17 cutoffs is refused at once, never materialised.
    head = list(cutoffs[: limit + 1]) if isinstance(cutoffs, range) else list(itertools.islice(cutoffs, limit + 1))
    if len(head) > limit:
        raise ValueError(f"at most {limit} cutoffs in one study, got more; study a range such as 1-25, or fewer")
    try:
        cutoffs = sorted({check_whole(c, "cutoffs", minimum=1) for c in head})
    except ValueError:
        raise ValueError(f"cutoffs must be whole numbers of documents ≥ 1, got {head[:20]}") from None
    if cutoffs and cutoffs[-1] > corpus.n_docs:
        raise ValueError(f"a cutoff of {cutoffs[-1]:,} documents is more than the corpus holds ({corpus.n_docs:,}): "
                         "it would remove every word; study cutoffs up to the number of documents")
    if not cutoffs:
        raise ValueError("`cutoffs` is empty; give whole numbers of documents ≥ 1, e.g. range(1, 26)")
    built = int(corpus.options.get("min_df", 1))
    if built > cutoffs[0]:
        raise ValueError(f"the corpus was built with a rare-word cutoff of {built}, so cutoffs below it cannot be "
                         f"studied; load it with min_df=1 (in the app: Preprocessing → cutoff 1)")
    return [(c, dataclasses.replace(config, min_df=c)) for c in cutoffs]


def run_cutoffs(corpus, config: GridConfig, cutoffs=DEFAULT_CUTOFFS, *, out_dir=None, progress=None,
                should_stop=None, **grid_options) -> pd.DataFrame:
    """Run ``config`` at each rare-word cutoff; the grid's table plus ``min_df`` and ``vocabulary``.

    Each cutoff is its own grid run (:func:`fsviz.evaluation.grid.run_grid`).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus (see :func:`cutoff_jobs`).
    config : GridConfig
        The grid to run at each cutoff.
    cutoffs : iterable of int, default ``DEFAULT_CUTOFFS``
        The rare-word cutoffs (:func:`cutoff_jobs`).
    out_dir : path, optional
        Each run is stored as ``out_dir/<key>.parquet``, so a stopped study continues where it was.
    progress : callable(done, total), optional
        Counts cells over all cutoffs.
    should_stop : callable() -> bool, optional
        Stops early (with what is finished) when it becomes true.
    **grid_options
        Passed to :func:`fsviz.evaluation.grid.run_grid`.

    Returns
    -------
    pandas.DataFrame
        The grid's results of every cutoff run, with ``min_df`` and ``vocabulary`` columns.

    Raises
    ------
    ValueError
        When the cutoffs or ``config`` are refused (:func:`cutoff_jobs`).

    See Also
    --------
    fsviz.evaluation.cutoff_curves : The table macro-averaged per cutoff (Forman's Figure 11).

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 11: sensitivity to the rare-word cutoff.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=40, n_classes=2, n_background=20).load()
    >>> config = GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2, all_features=False, classes=("c0",))
    >>> table = run_cutoffs(corpus, config, [1, 2])
    >>> table[["min_df", "vocabulary", "metric", "k", "tp", "fp"]]
       min_df  vocabulary metric  k  tp  fp
    0       1          40    bns  5   9   0
    1       1          40    bns  5   7   0
    2       2          40    bns  5   9   0
    3       2          40    bns  5   7   0
    """
    jobs = cutoff_jobs(corpus, config, cutoffs)
    frames, done_before = [], 0
    for cutoff, job in jobs:
        out = Path(out_dir) / f"{run_key(job, [corpus])}.parquet" if out_dir is not None else None

        def step(done, cells, _before=done_before):
            if progress is not None:
                progress(_before + done, cells * len(jobs))

        run = run_grid(corpus, job, out=out, progress=step, should_stop=should_stop, **grid_options)
        frames.append(_with_cutoff(run.results, cutoff, corpus))
        done_before += run.cells_done
        if should_stop is not None and should_stop():
            break
    return pd.concat(frames, ignore_index=True)


def stored_cutoffs(corpus, config: GridConfig, cutoffs=DEFAULT_CUTOFFS, *, out_dir) -> tuple[pd.DataFrame, int, int]:
    """What earlier cutoff runs stored: (table, cells done, cells in all).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus (see :func:`cutoff_jobs`).
    config : GridConfig
        The grid run at each cutoff.
    cutoffs : iterable of int, default ``DEFAULT_CUTOFFS``
        The rare-word cutoffs.
    out_dir : path
        The folder :func:`run_cutoffs` stored the runs in.

    Returns
    -------
    tuple of (pandas.DataFrame, int, int)
        The table of the finished cells (as :func:`run_cutoffs`'s), the cells done and the cells of the whole study.

    Raises
    ------
    ValueError
        For cutoffs or a ``config`` that :func:`run_cutoffs` would refuse.

    See Also
    --------
    fsviz.evaluation.run_cutoffs : Runs (or continues) the study.
    fsviz.evaluation.stored_results : The same for one grid run.

    Examples
    --------
    >>> import fsviz, tempfile
    >>> corpus = fsviz.make_planted_corpus(n_docs=40, n_classes=2, n_background=20).load()
    >>> config = GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2, all_features=False, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = scratch.name
    >>> stored_cutoffs(corpus, config, [1, 2], out_dir=folder)[1:]  # nothing run yet
    (0, 4)
    >>> table = run_cutoffs(corpus, config, [1, 2], out_dir=folder)
    >>> stored_cutoffs(corpus, config, [1, 2], out_dir=folder)[1:]
    (4, 4)
    >>> scratch.cleanup()
    """
    frames, done, total = [], 0, 0
    for cutoff, job in cutoff_jobs(corpus, config, cutoffs):
        run = stored_results(corpus, job, out=Path(out_dir) / f"{run_key(job, [corpus])}.parquet")
        frames.append(_with_cutoff(run.results, cutoff, corpus))
        done, total = done + run.cells_done, total + run.cells_total
    return pd.concat(frames, ignore_index=True), done, total


def cutoff_table(runs, cutoffs, corpus) -> pd.DataFrame:
    """The grid results of one run per cutoff as one table with ``min_df`` and ``vocabulary`` columns.

    Parameters
    ----------
    runs : sequence of fsviz.evaluation.GridRun
        One grid run per cutoff, in the order of the cutoffs ascending.
    cutoffs : iterable of int
        The cutoffs (sorted and deduplicated here).
    corpus : fsviz.Corpus
        The corpus, whose document frequencies give each cutoff's vocabulary.

    Returns
    -------
    pandas.DataFrame
        The runs' results, each with its ``min_df`` and ``vocabulary``.

    See Also
    --------
    fsviz.evaluation.cutoff_jobs : The configs of the runs.
    fsviz.evaluation.run_cutoffs : Runs them and makes this table.
    fsviz.evaluation.cutoff_curves : The table macro-averaged per cutoff.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=40, n_classes=2, n_background=20).load()
    >>> config = GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2, all_features=False, classes=("c0",))
    >>> runs = [fsviz.evaluation.run_grid(corpus, job) for _, job in cutoff_jobs(corpus, config, [1, 2])]
    >>> cutoff_table(runs, [1, 2], corpus)[["min_df", "vocabulary"]].drop_duplicates()
       min_df  vocabulary
    0       1          40
    2       2          40
    """
    return pd.concat([_with_cutoff(run.results, c, corpus) for run, c in zip(runs, sorted({int(c) for c in cutoffs}))],
                     ignore_index=True)


def _with_cutoff(results: pd.DataFrame, cutoff: int, corpus) -> pd.DataFrame:
    results = results.copy()
    results["min_df"] = cutoff
    results["vocabulary"] = int((corpus.df >= cutoff).sum())
    return results


def cutoff_curves(table: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """Macro averages per cutoff, metric and k, with the vocabulary size at each cutoff (Figure 11).

    Parameters
    ----------
    table : pandas.DataFrame
        The cutoff study's table (:func:`run_cutoffs`, :func:`cutoff_table`).
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.analyses.per_trial`).

    Returns
    -------
    pandas.DataFrame
        :func:`fsviz.evaluation.analyses.macro_average`'s table per cutoff, led by ``min_df`` and ``vocabulary``;
        empty without rows.

    See Also
    --------
    fsviz.evaluation.cutoff_text : What the curves say for one metric and k, in words.
    fsviz.plots.cutoff_figure : Draws it (Forman's Figure 11).

    Examples
    --------
    >>> table = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": [0, 1, 0, 1], "metric": "bns",
    ...                       "k": 10, "pos": 10, "neg": 30, "min_df": [1, 1, 3, 3], "vocabulary": [500, 500, 200, 200],
    ...                       "tp": [8, 7, 6, 6], "fp": [1, 2, 3, 2]}).assign(fn=lambda t: 10 - t["tp"],
    ...                                                                     tn=lambda t: 30 - t["fp"])
    >>> cutoff_curves(table)[["min_df", "vocabulary", "metric", "k", "f1"]].round(3)
       min_df  vocabulary metric     k     f1
    0       1         500    bns  10.0  0.789
    1       3         200    bns  10.0  0.649
    """
    frames = []
    for cutoff, part in table.groupby("min_df", sort=True):
        macro = macro_average(part.drop(columns=["min_df", "vocabulary"]), pool=pool)
        macro.insert(0, "min_df", int(cutoff))
        macro.insert(1, "vocabulary", int(part["vocabulary"].iloc[0]))
        frames.append(macro)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def cutoff_text(curves: pd.DataFrame, table: pd.DataFrame, metric: str, k: int) -> str:
    """What the cutoff study says for ``metric`` at ``k``, in plain words: the best cutoff, the spread over the
    cutoffs tried, Forman's cutoff of 3, and whether the best beats 3 beyond noise
    (:func:`~fsviz.evaluation.noise_words`, over the run's ``table`` from :func:`cutoff_table`). Empty with fewer
    than two cutoffs finished.

    Parameters
    ----------
    curves : pandas.DataFrame
        A table of :func:`cutoff_curves`.
    table : pandas.DataFrame
        The study's table (:func:`cutoff_table`, :func:`run_cutoffs`), for the noise check.
    metric : str
        The metric.
    k : int
        The number of features.

    Returns
    -------
    str
        The sentences, or ``""``.

    See Also
    --------
    fsviz.evaluation.noise_words : The noise check.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 11: sensitivity to the rare-word cutoff.

    Examples
    --------
    >>> table = pd.DataFrame({"min_df": [1, 1, 3, 3], "vocabulary": [500, 500, 200, 200], "fold": [0, 1, 0, 1],
    ...                       "tp": [8, 7, 6, 6], "fp": [1, 2, 3, 2], "fn": [2, 3, 4, 4], "tn": [29, 28, 27, 28],
    ...                       "dataset": "d", "class": "a", "trial": 0, "metric": "bns", "k": 10, "pos": 10, "neg": 30})
    >>> print(cutoff_text(cutoff_curves(table), table, "bns", 10))
    F-measure is highest, 0.789, at a cutoff of 1 (500 words) and varies by 0.141 over the cutoffs tried; Forman's
    cutoff of 3 gives 0.649. One trial is too few to tell whether the difference is real (corrected resampled
    t-test over 2 held-out folds: p = 0.454); run more trials.
    """
    line = curves[(curves["metric"] == metric) & (curves["k"] == k)]
    if len(line) < 2:
        return ""
    best = line.loc[line["f1"].idxmax()]
    spread = line["f1"].max() - line["f1"].min()
    text = (f"F-measure is highest, {best['f1']:.3f}, at a cutoff of {int(best['min_df'])} "
            f"({int(best['vocabulary']):,} words) and varies by {spread:.3f} over the cutoffs tried")
    forman = line[line["min_df"] == 3]
    if not len(forman):
        return text + "."
    text += f"; Forman's cutoff of 3 gives {float(forman['f1'].iloc[0]):.3f}."
    if int(best["min_df"]) != 3:
        by_cutoff = table.assign(metric=table["metric"].astype(str) + " at cutoff " + table["min_df"].astype(str))
        text += noise_words(by_cutoff.drop(columns=["min_df", "vocabulary"]), "f1",
                            f"{metric} at cutoff {int(best['min_df'])}", k, f"{metric} at cutoff 3", k)
    return text

