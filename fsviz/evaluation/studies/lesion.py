"""Forman's (2003) side studies, run through the evaluation grid.

**Lesion study on positive and negative features** (Figure 22): a metric's scores are multiplied by α for
positive features (tpr > fpr) and by 1 − α for negative ones before the top k are taken
(:func:`fsviz.selection.alpha_weight`). Each α is a weighted metric name in the grid (``"bns@0.3"``), so a
lesion run is an ordinary grid run: resumable, parallel, cached, and its results table is the grid's.

**Sensitivity to the rare-word cutoff** (Figure 11): in :mod:`fsviz.evaluation.studies.cutoff`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..._validation import check_fraction
from ...selection import parse_weighted, weighted_name
from ...stats.isoclines import weighted_isocline
from ..analyses import macro_average, noise_words
from ..grid import ALL, GridConfig, check_fixed_ks
from ._alpha import AlphaMap, alpha_selection

__all__ = ["DEFAULT_ALPHAS", "alpha_map", "feature_shares", "lesion_best", "lesion_config", "lesion_curves",
           "lesion_text"]

#: Forman's weights (Figure 22 shows 0.1, 0.4, 0.5, 0.6; the issue adds 0.3, 0.7 and 0.9).
DEFAULT_ALPHAS = (0.1, 0.3, 0.4, 0.5, 0.6, 0.7, 0.9)


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
    .. [1] Forman, G., JMLR 3 (2003), Figure 22: the lesion study, run at α = 0.1, 0.4, 0.5 and 0.6.

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
        How each trial's folds are pooled (:func:`fsviz.evaluation.analyses.per_trial`).

    Returns
    -------
    pandas.DataFrame
        :func:`fsviz.evaluation.analyses.macro_average`'s table with ``base`` and ``alpha`` after ``metric``.

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

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are ranked.
    metric : str
        The metric to weight.
    k : int
        The number of words selected.
    alphas : sequence of float, default ``DEFAULT_ALPHAS``
        The weights α.

    Returns
    -------
    pandas.DataFrame
        One row per α, ascending: ``alpha, k``, the counts ``positive, negative, neutral``, their shares
        (``<kind>_share``) and ``threshold``.

    See Also
    --------
    fsviz.evaluation.alpha_selection : The α-weighted top k.
    fsviz.plots.feature_shares_figure : Draws it.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 22: the lesion study on positive and negative features.

    Examples
    --------
    >>> import fsviz
    >>> task = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load().binary_task("c0")
    >>> feature_shares(task, "bns", 10, (0.4, 0.6))[["alpha", "positive", "negative", "neutral"]]
       alpha  positive  negative  neutral
    0    0.4         3         7        0
    1    0.6         5         5        0
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

    Parameters
    ----------
    task : fsviz.Task
        The task whose words are drawn.
    metric : str
        The metric weighted by each α.
    k : int
        The number of words selected at ``chosen``.
    alphas : sequence of float
        The weights whose boundaries are drawn.
    chosen : float
        The weight whose top k is returned.
    fp : array_like
        The false-positive counts the boundaries are computed at.

    Returns
    -------
    fsviz.evaluation.AlphaMap
        The selected word indices and each α's isocline.

    See Also
    --------
    fsviz.plots.alpha_map_figure : Draws it on the word map.
    fsviz.stats.weighted_isocline : Each boundary.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figures 2 and 3 (a metric's boundary) and 22 (the weights α).

    Examples
    --------
    >>> import fsviz
    >>> task = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load().binary_task("c0")
    >>> amap = alpha_map(task, "bns", 10, (0.4, 0.6), 0.6, fp=[0, 1, 2])
    >>> len(amap.selected), sorted(amap.boundaries)
    (10, [0.4, 0.6])
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

    See Also
    --------
    fsviz.evaluation.lesion_text : Reads it for its F-measure line.

    Examples
    --------
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": 0, "k": 10, "pos": 10, "neg": 30,
    ...                         "metric": ["bns@0.4", "bns@0.6"], "tp": [6, 8], "fp": [1, 4], "fn": [4, 2], "tn": [29, 26]})
    >>> curves = lesion_curves(results)
    >>> best = lesion_best(curves)
    >>> best["metric"], round(float(best["f1"]), 3)
    ('bns@0.6', 0.727)
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

    Parameters
    ----------
    curves : pandas.DataFrame
        A table of :func:`lesion_curves`.
    results : pandas.DataFrame, optional
        The run's results table, for the noise check.

    Returns
    -------
    list of str
        Markdown lines; one asking for weights on both sides of 0.5 when they are missing.

    See Also
    --------
    fsviz.evaluation.lesion_best : The best row.
    fsviz.evaluation.noise_words : The noise check.
    fsviz.evaluation.lesion_curves : The table it reads.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 22: positive features carry precision, negative ones recall.

    Examples
    --------
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": 0, "k": 10, "pos": 10, "neg": 30,
    ...                         "metric": ["bns@0.4", "bns@0.6"], "tp": [6, 8], "fp": [1, 4], "fn": [4, 2], "tn": [29, 26]})
    >>> curves = lesion_curves(results)
    >>> lesion_text(curves)[2]
    '**F-measure**: the best, 0.727, is at α = 0.6 with k = 10. Forman found the balance best over his whole benchmark.'
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
