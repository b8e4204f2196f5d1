"""Forman's (2003) side studies, run through the evaluation grid.

**Lesion study on positive and negative features** (Figure 22): a metric's scores are multiplied by α for
positive features (tpr > fpr) and by 1 − α for negative ones before the top k are taken
(:func:`fsviz.selection.alpha_weight`). Each α is a weighted metric name in the grid (``"bns@0.3"``), so a
lesion run is an ordinary grid run: resumable, parallel, cached, and its results table is the grid's.

**Sensitivity to the rare-word cutoff** (Figure 11): the same grid cell run on the corpus with words in fewer
than c documents removed, for each c. One grid run per cutoff (each resumable on its own); the combined table is
the grid's with two more columns, ``min_df`` and ``vocabulary``.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import numpy as np
import pandas as pd

from .._validation import MAXIMA, check_fraction, check_whole
from ..selection import parse_weighted, weighted_name
from ..stats.isoclines import weighted_isocline
from ._alpha import AlphaMap, alpha_selection
from .analysis import macro_average
from .grid import ALL, GridConfig, check_fixed_ks, run_grid, run_key, stored_results
from .nested import noise_words

__all__ = ["DEFAULT_ALPHAS", "DEFAULT_CUTOFFS", "alpha_map", "cutoff_curves", "cutoff_jobs", "cutoff_table",
           "cutoff_text", "feature_shares", "lesion_best", "lesion_config", "lesion_curves", "lesion_text", "run_cutoffs",
           "stored_cutoffs"]

#: Forman's weights (Figure 22 shows 0.1, 0.4, 0.5, 0.6; the issue adds 0.3, 0.7 and 0.9).
DEFAULT_ALPHAS = (0.1, 0.3, 0.4, 0.5, 0.6, 0.7, 0.9)
#: Figure 11's range of rare-word cutoffs (documents).
DEFAULT_CUTOFFS = tuple(range(1, 26))


# --- lesion study ------------------------------------------------------------------------------


def lesion_config(metric: str = "bns", alphas=DEFAULT_ALPHAS, **options) -> GridConfig:
    """A grid config whose metrics are ``metric`` at each α.

    Parameters
    ----------
    metric : str, default "bns"
        The metric to weight.
    alphas : float, str or sequence, default ``DEFAULT_ALPHAS``
        Numbers (or their text) in [0, 1]; one number, or a text such as ``"0.4, 0.6"``, is read as a list.
    **options
        Passed to :class:`GridConfig`.

    Returns
    -------
    GridConfig
        Its metrics are ``metric`` at each α, ascending.

    Raises
    ------
    ValueError
        When ``alphas`` is empty or an α is not in [0, 1], or the config has a k rule.

    See Also
    --------
    fsviz.evaluation.lesion_curves : The run's results per α and k.

    References
    ----------
    .. [1] G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for Text Classification", JMLR 3
       (2003), Figure 22: the lesion study on positive and negative features.

    Examples
    --------
    >>> lesion_config("bns", "0.6, 0.4", ks=(10, 100)).metrics
    ('bns@0.4', 'bns@0.6')
    """
    if isinstance(alphas, str):
        alphas = alphas.replace(",", " ").split()
    elif isinstance(alphas, (int, float, np.number)):
        alphas = (alphas,)
    alphas = sorted({check_fraction(a, "each α in `alphas`", hint=" (e.g. alphas=(0.4, 0.6))", spec=a)
                     for a in alphas})
    if not alphas:
        raise ValueError("`alphas` is empty; give at least one weight between 0 and 1, e.g. 0.5")
    return check_fixed_ks(GridConfig(metrics=tuple(weighted_name(metric, a) for a in alphas), **options),
                          "The lesion study")


def lesion_curves(results: pd.DataFrame, *, pool: str = "counts") -> pd.DataFrame:
    """Macro averages per α and k, with columns ``base`` and ``alpha`` parsed from the metric names.

    Rows of unweighted metrics get α = 0.5 (they rank as α = 0.5 does); the all-features row keeps α NaN.

    Parameters
    ----------
    results : pandas.DataFrame
        The results table of a lesion run (:func:`lesion_config`).
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.analysis.per_trial`).

    Returns
    -------
    pandas.DataFrame
        :func:`fsviz.evaluation.analysis.macro_average`'s table with ``base`` and ``alpha`` after ``metric``.

    See Also
    --------
    fsviz.evaluation.lesion_text : What the curves say, in words.

    Examples
    --------
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": 0, "k": 10, "pos": 10, "neg": 30,
    ...                         "metric": ["bns@0.4", "bns@0.6"], "tp": [6, 8], "fp": [1, 4], "fn": [4, 2], "tn": [29, 26]})
    >>> lesion_curves(results)[["metric", "base", "alpha", "precision", "recall"]].round(3)
        metric base  alpha  precision  recall
    0  bns@0.4  bns    0.4      0.857     0.6
    1  bns@0.6  bns    0.6      0.667     0.8
    """
    macro = macro_average(results, pool=pool)
    parsed = [(ALL, np.nan) if m == ALL else parse_weighted(m) for m in macro["metric"]]
    macro.insert(1, "base", [b for b, _ in parsed])
    macro.insert(2, "alpha", [0.5 if a is None else a for _, a in parsed])
    return macro


def feature_shares(task, metric: str, k: int, alphas=DEFAULT_ALPHAS) -> pd.DataFrame:
    """For each α, how many of the top k words of ``task`` are positive, negative or neutral features.

    Positive: tpr > fpr; negative: tpr < fpr; neutral: equal. Also the
    weighted threshold (the k-th best weighted score).
    """
    base = task.score(metric)
    tpr, fpr = task.tp / task.pos, task.fp / task.neg
    kinds = np.where(tpr > fpr, 0, np.where(tpr < fpr, 1, 2))
    rows = []
    for alpha in sorted({float(a) for a in alphas}):
        selection = alpha_selection(base, task, k, alpha)
        counts = np.bincount(kinds[selection.indices], minlength=3)
        rows.append((alpha, selection.k, *counts, *(counts / selection.k), selection.threshold))
    return pd.DataFrame(rows, columns=["alpha", "k", "positive", "negative", "neutral", "positive_share",
                                       "negative_share", "neutral_share", "threshold"])


def alpha_map(task, metric: str, k: int, alphas, chosen: float, *, fp) -> AlphaMap:
    """The top ``k`` words of ``task`` by ``metric`` weighted at ``chosen``, and each α's boundary over ``fp``.

    A smaller α raises the bar for positive words and lowers it for
    negative ones: the boundary tilts toward the negative side.
    """
    base = task.score(metric)
    shift = min(float(base.min(initial=0.0)), 0.0)  # alpha_weight's shift to make scores >= 0
    selected = alpha_selection(base, task, k, chosen).indices
    boundaries = {}
    for alpha in sorted({float(a) for a in alphas}):
        threshold = alpha_selection(base, task, k, alpha).threshold
        boundaries[alpha] = weighted_isocline(metric, threshold, alpha, task.pos, task.neg, shift=shift, fp=fp)
    return AlphaMap(selected, boundaries)


def lesion_best(curves: pd.DataFrame):
    """The row of :func:`lesion_curves` with the best F-measure, all features aside; None when there is none.

    Parameters
    ----------
    curves : pandas.DataFrame
        A table of :func:`lesion_curves`.

    Returns
    -------
    pandas.Series or None
        The row, or None.
    """
    weighted = curves[curves["metric"] != ALL]
    return weighted.loc[weighted["f1"].idxmax()] if len(weighted) else None


def lesion_text(curves: pd.DataFrame, results: pd.DataFrame | None = None) -> list[str]:
    """What this lesion run says about Forman's conclusions, in plain words, from :func:`lesion_curves`.

    Forman compared α = 0.6 with 0.4 around the unweighted 0.5: preferring positive features gives good precision
    with few features, preferring negative ones "outstanding recall once many features are selected"; α = 0.1
    defeats the classifier; the balance gives the best F-measure. We compare the two weights nearest 0.5 on either
    side at every k (precision: the positive-leaning one should win; recall: the negative-leaning one, judged at
    the largest k), compare the best F-measure with α = 0.5's, and call the smallest α ≤ 0.2 a defeat when its
    best F-measure is under half the overall best. Given the run's ``results``, each comparison at the largest k
    says whether it is within noise (:func:`~fsviz.evaluation.noise_words`).
    """
    curves = curves[curves["metric"] != ALL]
    alphas = np.sort(curves["alpha"].unique())
    below, above = alphas[alphas < 0.5], alphas[alphas > 0.5]
    if not below.size or not above.size:
        return ["Run weights on both sides of α = 0.5 (e.g. 0.4 and 0.6) to compare positive and negative features."]
    lo, hi = below.max(), above.min()
    table = curves.pivot_table(index="k", columns="alpha", values=["precision", "recall", "f1"])
    ks = table.index.to_numpy()
    k_max = ks[-1]
    p_wins = int((table["precision"][hi] > table["precision"][lo]).sum())
    r_wins = int((table["recall"][lo] > table["recall"][hi]).sum())
    p_agree = p_wins > len(ks) / 2
    r_agree = table["recall"][lo][k_max] > table["recall"][hi][k_max]
    name_of = {a: m for m, a in zip(curves["metric"], curves["alpha"])}
    lines = [
        f"**Precision**: α = {hi:g} (preferring positive features) beats α = {lo:g} at {p_wins} of {len(ks)} k "
        f"(at k = {k_max}: {table['precision'][hi][k_max]:.3f} vs {table['precision'][lo][k_max]:.3f}). This corpus "
        f"{'agrees' if p_agree else 'does not agree'} that positive features drive precision."
        + noise_words(results, "precision", name_of[hi], k_max, name_of[lo], k_max),
        f"**Recall**: α = {lo:g} (preferring negative features) beats α = {hi:g} at {r_wins} of {len(ks)} k; at the "
        f"largest k, {k_max}, {table['recall'][lo][k_max]:.3f} vs {table['recall'][hi][k_max]:.3f}. This corpus "
        f"{'agrees' if r_agree else 'does not agree'} that negative features drive recall once many are selected."
        + noise_words(results, "recall", name_of[lo], k_max, name_of[hi], k_max),
    ]
    best = lesion_best(curves)
    text = f"**F-measure**: the best, {best['f1']:.3f}, is at α = {best['alpha']:g} with k = {int(best['k'])}"
    at_half = curves[np.isclose(curves["alpha"], 0.5)]
    if len(at_half):
        half = at_half.loc[at_half["f1"].idxmax()]
        text += f"; unweighted (α = 0.5) reaches {half['f1']:.3f} at k = {int(half['k'])}"
    lines.append(text + ". Forman found the balance best over his whole benchmark.")
    if alphas[0] <= 0.2:
        low = curves[curves["alpha"] == alphas[0]]
        ratio = low["f1"].max() / best["f1"] if best["f1"] > 0 else 0.0
        defeated = "defeats the classifier" if ratio < 0.5 else "hurts but does not defeat the classifier"
        lines.append(f"**Nearly no positive features** (α = {alphas[0]:g}) {defeated} here: its best F-measure is "
                     f"{low['f1'].max():.3f}, {100 * ratio:.0f}% of the best.")
    return lines


# --- rare-word cutoff --------------------------------------------------------------------------


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
    """What earlier cutoff runs stored: (table, cells done, cells in all)."""
    frames, done, total = [], 0, 0
    for cutoff, job in cutoff_jobs(corpus, config, cutoffs):
        run = stored_results(corpus, job, out=Path(out_dir) / f"{run_key(job, [corpus])}.parquet")
        frames.append(_with_cutoff(run.results, cutoff, corpus))
        done, total = done + run.cells_done, total + run.cells_total
    return pd.concat(frames, ignore_index=True), done, total


def cutoff_table(runs, cutoffs, corpus) -> pd.DataFrame:
    """The grid results of one run per cutoff as one table with ``min_df`` and ``vocabulary`` columns."""
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
        How each trial's folds are pooled (:func:`fsviz.evaluation.analysis.per_trial`).

    Returns
    -------
    pandas.DataFrame
        :func:`fsviz.evaluation.analysis.macro_average`'s table per cutoff, led by ``min_df`` and ``vocabulary``;
        empty without rows.

    See Also
    --------
    fsviz.evaluation.cutoff_text : What the curves say for one metric and k, in words.
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
    than two cutoffs finished."""
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

