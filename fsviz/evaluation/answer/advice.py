"""Which metric to use, with what k, and what the data can show: the one answer the recommendation page,
``fsviz recommend``, ``fsviz report`` and the HTML report give.

:func:`recommend` reads a grid's results table and, for each goal, names the best *real* selection and what
the data support; :mod:`fsviz.evaluation.answer.wording` turns its table into sentences, a table for people and the
``--json`` answers.

The rules:

- **References are never the answer.** All words (``all``) and Rand (any spec that scores with ``rand``) are
  what a selection must beat: never the leader, the runner-up, the pair or a backup. When the best selection
  does not score above all words (or Rand), the answer is "no selection beats all words" (``metric`` None),
  said first, with the fewest words that keep within 1% of all words.
- **No winner's curse.** The leader, the runner-up and their k are picked on the same results they would be
  judged on; so every claim of "better" is judged on the choice made inside the resampling (nested: picked on
  the other folds, scored on the held-out fold) with the corrected resampled t-test
  (:mod:`fsviz.evaluation.analyses.nested`). Below ``ALPHA`` (0.05) a difference is shown; otherwise the data cannot
  tell, and the words say so, never "either will do".
- **k as a range.** From the smallest k within one standard error of the best (Breiman's one-standard-error
  rule, the standard error of the held-out folds' scores) up to the best; a single grid point is a range of one,
  never a "narrow peak". When the best k is the largest tried and below the vocabulary, or the smallest tried,
  the best may lie beyond, and the advice says what to try (never a k beyond the vocabulary).
- **The fewest words.** Goal ``fewest``: the smallest k, any metric, whose macro F1 is within ``within`` (1%)
  of the best selection's.
- **Little evidence.** One trial, or fewer than ``FEW_TASKS`` tasks, is said in words.
- **Stability breaks a tie.** Given the run's stability
  (:func:`fsviz.evaluation.analyses.stability_summary` of :func:`fsviz.evaluation.analyses.grid_stability`),
  each row reports the leader's mean Kuncheva index at its k; and when the best two are tied (the runner-up's
  macro score within ``TIE`` (0.5%, relative) of the leader's and a paired t-test not separating them,
  p ≥ ``ALPHA``), the one whose top-k set is the more stable across the folds leads, and the text says so
  (Kalousis et al. 2007).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...selection import parse_spec
from ...selection.spec import Combination, MetricSpec, Weighted
from ..analyses import (
    DEFAULT_TOLERANCE,
    GOALS,
    analyse,
    choice_source,
    chosen_text,
    has_documents,
    held_out,
    one_se_band,
    paired_p,
    peak_range,
    randomization_p,
    stability_at,
    within_tolerance,
)
from ..grid import ALL

__all__ = ["ALPHA", "ANSWER_GOALS", "FEWEST", "FEW_TASKS", "TIE", "VERDICTS", "WITHIN", "deciding", "is_reference",
           "method_sentence", "recommend", "scored_on", "verdict"]

#: The significance level of the advice's paired t-tests.
ALPHA = 0.05
#: Fewer tasks than this and the advice says its percentages move in coarse steps.
FEW_TASKS = 10
#: Two selections whose macro scores differ by less than this (relative) and not significantly are tied.
TIE = 0.005
#: The goal "the fewest words within WITHIN of the best F1", and how close counts (relative).
FEWEST = "fewest"
WITHIN = 0.01
#: The goals :func:`recommend` answers, in order.
ANSWER_GOALS = (*GOALS, FEWEST)
_EPS = 1e-12
_TASK = ["dataset", "class"]


def is_reference(spec) -> bool:
    """True for what a selection is measured against, never the answer: all words, and any spec scoring with Rand.

    Parameters
    ----------
    spec : str
        A metric spec, or ``"all"``.

    Returns
    -------
    bool
        Whether ``spec`` is a reference.

    See Also
    --------
    fsviz.evaluation.recommend : Never answers with a reference; it measures the answer against them.
    fsviz.selection.parse_spec : How a spec is read.

    Examples
    --------
    >>> is_reference("all"), is_reference("rand"), is_reference("rand@0.3"), is_reference("ar(bns,rand)")
    (True, True, True, True)
    >>> is_reference("bns")
    False
    """
    if spec == ALL:
        return True
    try:
        node = parse_spec(spec)
    except ValueError:
        return False
    pending = [node]
    while pending:
        node = pending.pop()
        if isinstance(node, MetricSpec) and node.name == "rand":
            return True
        if isinstance(node, Weighted):
            pending.append(node.inner)
        elif isinstance(node, Combination):
            pending.extend(node.parts)
    return False


def scored_on(results: pd.DataFrame) -> str:
    """``"test file"`` when the results were scored on a test file (:func:`fsviz.evaluation.grid.training_file_splits`),
    else ``"folds"`` (cross-validation, and tables written before the column existed).

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table.

    Returns
    -------
    str
        ``"test file"`` or ``"folds"``.

    See Also
    --------
    fsviz.evaluation.training_file_splits : The splits of a run scored on a test file.
    fsviz.evaluation.method_sentence : How the advice says which it was.

    Examples
    --------
    >>> import pandas as pd
    >>> scored_on(pd.DataFrame({"scored_on": ["test file"]})), scored_on(pd.DataFrame({"f1": [0.5]}))
    ('test file', 'folds')
    """
    column = results["scored_on"] if "scored_on" in results.columns else pd.Series([], dtype=str)
    return "test file" if (column == "test file").any() else "folds"


def method_sentence(scored_on: str = "folds", chosen_on: str = "other folds", documents: bool = False) -> str:
    """How the answer's p-values are obtained, in one sentence: the test, over which held-out units, and where
    each unit's metric and k were chosen.

    Parameters
    ----------
    scored_on : str, default "folds"
        ``"folds"`` or ``"test file"`` (:func:`scored_on`).
    chosen_on : str, default "other folds"
        ``"inner folds"`` or ``"other folds"`` (:func:`fsviz.evaluation.analyses.choice_source`).
    documents : bool, default False
        Whether the run kept the test file's documents, so the test is over them
        (:func:`fsviz.evaluation.analyses.randomization_p`).

    Returns
    -------
    str
        The sentence.

    See Also
    --------
    fsviz.evaluation.method_text : The same for one p, with its number of held-out units.
    fsviz.evaluation.corrected_t : The test it names.

    Examples
    --------
    >>> print(method_sentence(chosen_on="inner folds"))
    corrected resampled t-test (Nadeau & Bengio 2003) over held-out folds, the metric and k chosen by
    cross-validation inside each fold's training documents
    >>> print(method_sentence("test file", "inner folds", documents=True))
    approximate randomization (paired, over the test file's documents), one model per choice fitted on the training
    file, the metric and k chosen by cross-validation inside the training file
    """
    chosen = chosen_text(scored_on, chosen_on)
    if documents:
        return ("approximate randomization (paired, over the test file's documents), one model per choice fitted on "
                f"the training file, the metric and k {chosen}")
    units = "parts of the test file, words selected and models fitted on the training file" \
        if scored_on == "test file" else "folds"
    return f"corrected resampled t-test (Nadeau & Bengio 2003) over held-out {units}, the metric and k {chosen}"


def _vocabulary(results: pd.DataFrame) -> int:
    """The corpus's vocabulary, quoted once: the columns all words is fitted on (all words' ``k``), or without all
    words the most words any fold could select (its eligible words). A k at or beyond it is all words."""
    every = results.loc[results["metric"] == ALL, "k"] if "metric" in results.columns else pd.Series([], dtype=int)
    if len(every):
        return int(every.max())
    return int(results["n_features"].max()) if "n_features" in results.columns and len(results) else 0


def _fold_se(table: pd.DataFrame, metric: str, k) -> float:
    """The standard error of a (metric, k)'s held-out fold scores: the spread the one-SE rule allows."""
    held = table.loc[(table["metric"] == metric) & (table["k"] == k), "held"].to_numpy(np.float64)
    return float(held.std(ddof=1) / np.sqrt(held.size)) if held.size > 1 else 0.0


def recommend(results: pd.DataFrame, *, tolerances: dict | None = None, pool: str = "counts",
              stability: pd.DataFrame | None = None, within: float = WITHIN,
              choose_on: str | None = None) -> pd.DataFrame:
    """The best real selection for each goal, from a grid's results, with what the data can and cannot show.

    One row per goal of :data:`ANSWER_GOALS`: F1, precision, recall, accuracy, and ``fewest`` (the fewest words
    whose macro F1 is within ``within``, relative, of the best). ``best`` is the best real selection (never a
    reference, :func:`is_reference`) at its peak ``k`` with its macro ``value``; ``metric`` is ``best`` only when
    the held-out data show the choice better than all words (``verdict_all_words``, :func:`verdict`; against Rand,
    ``verdict_rand``, when the table has no all words), else None, and the text says the verdict first. The
    ``fewest`` goal names its smallest matching k either way.
    ``k_low``–``k_high`` is the range of k the folds cannot tell from the peak ``k``
    (:func:`~fsviz.evaluation.one_se_band`: the contiguous k on each side within one standard error of the held-out
    folds' scores; ``k_low`` is Breiman's one-standard-error pick). ``baseline`` and ``rand`` are the
    references' best macro scores.

    The claims come from the choice made inside the resampling (:mod:`fsviz.evaluation.analyses.nested`): ``nested`` is
    the score of "pick the best metric and k" on folds that did not pick, ``nested_all`` and ``nested_rand``
    the references' on the same folds; ``p_all`` / ``p_rand`` (with ``n_all`` / ``n_rand`` held-out folds) are
    the corrected resampled t-test's, and ``beats_all_words`` / ``beats_rand`` are True when the choice scores
    higher on the held-out folds and p < ``ALPHA``. ``second`` is the runner-up with ``second_k``,
    ``second_value``, and ``p_second`` of the leader against it (each metric's k chosen on the other folds).
    ``method`` names the test. Also: ``percent`` (tasks within the goal's tolerance of the best, Forman's
    "best chances"), ``pair`` / ``pair_percent`` / ``runner_up`` / ``margin`` (the best pair of metrics),
    ``edge`` ("largest" or "smallest" k tried, when the peak is there and the range could go on) with
    ``k_min``, ``k_max`` and ``vocabulary``; ``fewer`` / ``fewer_k`` / ``fewer_value`` (when no selection beats
    all words: the fewest words within ``within`` of all words); ``trials``, ``tasks``, ``folds``;
    ``stability`` / ``second_stability`` / ``by_stability`` (see the module's notes); ``all_silent`` of
    ``all_units`` (task, trial, fold) units where all words predicts no document positive (its precision 0 there);
    ``chosen_on`` and ``test`` (``"corrected t"`` or ``"randomization"``): where the choice was made and how it
    was tested.

    Parameters
    ----------
    results : pandas.DataFrame or fsviz.evaluation.analyses.RunAnalysis
        A grid's results table, or its analysis (whose tables are then reused).
    tolerances : dict, optional
        Maps goals to relative tolerances (default: Forman's 1%, and 0.1% for accuracy).
    pool : {"counts", "mean"}, default "counts"
        How the folds are aggregated (:func:`fsviz.evaluation.analyses.per_trial`): ``"counts"`` sums their
        confusion counts, ``"mean"`` averages their goals.
    stability : pandas.DataFrame, optional
        The run's stability (:func:`fsviz.evaluation.analyses.stability_summary`), to break a tie.
    within : float, default ``WITHIN``
        The relative distance from the best macro F1 that the ``fewest`` goal (and ``fewer``) accepts.
    choose_on : {"inner folds", "other folds"}, optional
        Where each held-out fold's metric and k are chosen (:func:`fsviz.evaluation.analyses.choice_source`):
        by default by the run's inner cross-validation on that fold's training documents when it had one
        (textbook nested cross-validation), else on the other folds (a shortcut: those folds' models were
        trained on the held-out fold's documents too, so it is optimistic). The rows' ``chosen_on`` says which.

    Returns
    -------
    pandas.DataFrame
        One row per goal of :data:`ANSWER_GOALS`, with the columns above.

    Raises
    ------
    ValueError
        When the table has no real selection (only references).

    See Also
    --------
    fsviz.evaluation.recommendation_text : The table in sentences.
    fsviz.evaluation.held_out : How the choice is scored on folds that did not make it.
    fsviz.evaluation.analyse : The analysis it reads, reusable across calls.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification", JMLR 3
       (2003): "best chances" within a tolerance of the best (Figures 9–10) and the best pair (Figure 10b).

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [("a", f, m, k, tp + f, fp) for f in (0, 1) for m, k, tp, fp in
    ...         [("bns", 10, 8, 1), ("bns", 20, 9, 1), ("ig", 10, 6, 3), ("ig", 20, 7, 2), ("all", 100, 8, 2)]]
    >>> results = pd.DataFrame(rows, columns=["class", "fold", "metric", "k", "tp", "fp"]).assign(
    ...     dataset="d", trial=0, n_features=lambda t: t["k"], pos=10, neg=30, fn=lambda t: 10 - t["tp"],
    ...     tn=lambda t: 30 - t["fp"])
    >>> table = recommend(results)
    >>> table[["goal", "metric", "k", "value", "baseline", "p_all", "verdict_all_words"]].round(3)
            goal metric   k  value  baseline  p_all verdict_all_words
    0         f1    bns  20  0.927     0.829  0.027            better
    1  precision   None  20  0.905     0.810  0.052       cannot tell
    2     recall    bns  20  0.950     0.850  0.000            better
    3   accuracy    bns  20  0.962     0.912  0.000            better
    4     fewest    bns  20  0.927     0.829  0.027            better
    """
    tolerances = {**DEFAULT_TOLERANCE, **(tolerances or {})}
    analysis = analyse(results, pool=pool)
    results, macro = analysis.results, analysis.macro
    real = [m for m in dict.fromkeys(macro["metric"]) if not is_reference(m)]
    if not real:
        raise ValueError("the results hold no metric to recommend: only references (all words, Rand); run the "
                         "grid with at least one other metric")
    rands = [m for m in dict.fromkeys(macro["metric"]) if m != ALL and is_reference(m)]
    trials = analysis.trials
    ks = sorted(macro.loc[macro["metric"].isin(real), "k"].unique())
    context = dict(analysis=analysis, macro=macro, chosen_on=choice_source(results, choose_on),
                   real=real, rands=rands, trials=trials, ks=ks, results=results,
                   vocabulary=_vocabulary(results), tolerances=tolerances, pool=pool, stability=stability,
                   within=within, folds=int(results["fold"].nunique()), n_trials=int(results["trial"].nunique()),
                   scored_on=scored_on(results), documents=has_documents(results))
    every = results[results["metric"] == ALL]
    context["silent_all"] = (int(((every["tp"] + every["fp"]) == 0).sum()), len(every))
    table = pd.DataFrame([_answer(goal, context) for goal in ANSWER_GOALS])
    for column in ("metric", "second", "fewer", "edge", "pair", "runner_up", "verdict_all_words",
                   "verdict_rand"):  # names or None, never NaN
        table[column] = pd.Series([v if isinstance(v, str) else None for v in table[column]], dtype=object)
    return table


def _answer(goal: str, c: dict) -> dict:
    """One row of :func:`recommend`'s table."""
    measure = "f1" if goal == FEWEST else goal
    macro, real = c["macro"], c["real"]
    curves = macro[macro["metric"].isin(real)]
    folds = c["analysis"].folds(measure, c["chosen_on"])
    peaks = {m: peak_range(curve, measure) for m, curve in curves.groupby("metric", observed=True)}
    order = sorted(sorted(peaks), key=lambda m: -peaks[m]["value"])
    steady, by_stability = {}, False
    baseline = macro.loc[macro["metric"] == ALL, measure]
    baseline = float(baseline.iloc[0]) if len(baseline) else np.nan
    if goal == FEWEST:  # within `within` of the best F1 anything reached, all words included
        top = max(max(p["value"] for p in peaks.values()), -np.inf if np.isnan(baseline) else baseline)
        near = curves[curves[measure] >= top * (1 - c["within"]) - _EPS]
        if near.empty:  # no selection within `within` of all words: the closest
            near = curves[curves[measure] >= curves[measure].max() - _EPS]
        near = near.assign(_o=near["metric"].map({m: i for i, m in enumerate(order)}))
        pick = near.sort_values(["k", measure, "_o"], ascending=[True, False, True]).iloc[0]
        best, k_best, value = str(pick["metric"]), int(pick["k"]), float(pick[measure])
        order.remove(best)
        order.insert(0, best)
        k_low = k_high = k_best
    else:
        if c["stability"] is not None:
            steady = {m: stability_at(c["stability"], m, peaks[m]["k"]) for m in order[:2]}
            if len(order) > 1 and _tied(c["trials"], measure, peaks, order[0], order[1]) \
                    and steady[order[1]] > steady[order[0]]:
                order[:2], by_stability = order[1::-1], True
        best = order[0]
        k_low, k_best, k_high, value = one_se_band(curves[curves["metric"] == best], measure,
                                            _fold_se(folds, best, peaks[best]["k"]))
    rand = macro.loc[macro["metric"].isin(c["rands"]), measure]
    rand = float(rand.max()) if len(rand) else np.nan
    choice = held_out(folds, order, rule="fewest" if goal == FEWEST else "best", within=c["within"])
    row = {"goal": goal, "measure": measure, "best": best, "k": k_best, "value": value, "k_low": k_low,
           "k_high": k_high, "baseline": baseline, "rand": rand, "nested": choice.score,
           "nested_all": np.nan, "nested_rand": np.nan, "p_all": np.nan, "n_all": 0, "p_rand": np.nan, "n_rand": 0,
           "method": method_sentence(c["scored_on"], c["chosen_on"], c["documents"]), "scored_on": c["scored_on"],
           "test": "randomization" if c["documents"] else "corrected t",
           "chosen_on": c["chosen_on"],
           "trials": c["n_trials"], "folds": c["folds"], "vocabulary": c["vocabulary"],
           "k_min": int(c["ks"][0]), "k_max": int(c["ks"][-1]), "edge": None,
           "fewer": None, "fewer_k": np.nan, "fewer_value": np.nan,
           "second": None, "second_k": np.nan, "second_value": np.nan, "p_second": np.nan, "n_second": 0,
           "stability": steady.get(best, np.nan), "second_stability": np.nan, "by_stability": by_stability,
           "all_silent": c["silent_all"][0], "all_units": c["silent_all"][1]}
    for name, metrics in (("all", [ALL]), ("rand", c["rands"])):
        reference = held_out(folds, metrics)
        if len(reference.folds):
            p, n = _compare(c, measure, choice, reference)
            row.update({f"nested_{name}": reference.score, f"p_{name}": p, f"n_{name}": n})
    row["verdict_all_words"] = verdict(row["nested"], row["nested_all"], row["p_all"])
    row["verdict_rand"] = verdict(row["nested"], row["nested_rand"], row["p_rand"])
    row["beats_all_words"] = row["verdict_all_words"] == "better"
    row["beats_rand"] = row["verdict_rand"] == "better"
    if goal == FEWEST:  # an answer when it keeps within `within` of the best, all words included
        row["metric"] = best if value >= top * (1 - c["within"]) - _EPS else None
        row["top"] = top
    else:  # an answer only where the held-out data show it better than all words (else than Rand)
        row["metric"] = best if deciding(row["verdict_all_words"], row["verdict_rand"])[0] == "better" else None
        row["top"] = value
    if goal != FEWEST and len(c["ks"]) > 1 and k_best in (c["ks"][0], c["ks"][-1]):
        beyond = k_best == c["ks"][-1] and (not c["vocabulary"] or k_best < c["vocabulary"])
        row["edge"] = "largest" if beyond else "smallest" if k_best == c["ks"][0] else None
    if row["metric"] is None and goal != FEWEST and not np.isnan(baseline):  # Forman's tolerance for the goal
        near = curves[curves[measure] >= baseline * (1 - c["tolerances"][measure]) - _EPS].sort_values(
            ["k", measure], ascending=[True, False])
        if len(near):
            row.update(fewer=str(near["metric"].iloc[0]), fewer_k=int(near["k"].iloc[0]),
                       fewer_value=float(near[measure].iloc[0]))
    if len(order) > 1:
        second = order[1]
        lead, other = held_out(folds, [best]), held_out(folds, [second])
        p, n = _compare(c, measure, lead, other)
        row.update(second=second, second_k=peaks[second]["k"], second_value=peaks[second]["value"], p_second=p,
                   n_second=n, second_stability=steady.get(second, np.nan))
    row.update(_chances(goal, measure, best, c))
    return row


def _compare(c: dict, measure: str, a, b) -> tuple[float, int]:
    """The two-sided p of choice ``a`` against ``b`` and the units it rests on: over the test file's documents
    when the run kept them (one model, approximate randomization), else over held-out folds (the corrected
    resampled t-test)."""
    return randomization_p(c["results"], measure, a, b) if c["documents"] else a.against(b)


#: What the held-out data say of the choice against a reference.
VERDICTS = ("better", "cannot tell", "worse")


def deciding(on_all_words: str | None, on_rand: str | None) -> tuple[str | None, str]:
    """The verdict an answer rests on, and against what: Rand's when selection is worse than Rand (its metrics then
    pick words worse than chance, whatever all words score), else all words' when the run has all words, else
    Rand's.

    Examples
    --------
    >>> deciding("better", "worse"), deciding("cannot tell", "better"), deciding(None, "better")
    (('worse', 'Rand'), ('cannot tell', 'all words'), ('better', 'Rand'))
    """
    if on_rand == "worse" or on_all_words is None:
        return on_rand, "Rand"
    return on_all_words, "all words"


def verdict(score: float, reference: float, p: float) -> str | None:
    """What the held-out data say of the choice against a reference: ``"better"`` (higher, and the two-sided p
    below :data:`ALPHA`), ``"worse"`` (lower, p below ``ALPHA``), ``"cannot tell"`` (p at or above ``ALPHA``, or
    too few held-out units to test); None without the reference.

    Parameters
    ----------
    score, reference : float
        The choice's and the reference's held-out scores.
    p : float
        The two-sided p of their difference (NaN when it could not be tested).

    Returns
    -------
    str or None
        One of :data:`VERDICTS`, or None.

    Examples
    --------
    >>> verdict(0.9, 0.8, 0.01), verdict(0.7, 0.8, 0.001), verdict(0.9, 0.8, 0.2), verdict(0.9, float("nan"), 0.01)
    ('better', 'worse', 'cannot tell', None)
    """
    if reference is None or np.isnan(reference) or score is None or np.isnan(score):
        return None
    if p is None or np.isnan(p) or not p < ALPHA or abs(score - reference) <= _EPS:
        return "cannot tell"
    return "better" if score > reference else "worse"


def _chances(goal: str, measure: str, best: str, c: dict) -> dict:
    """Forman's best chances for ``best``: the share of tasks within tolerance of the best average maximum, and
    the best pair of metrics."""
    maxima = c["analysis"].maxima(measure)
    real = [m for m in maxima.columns if not is_reference(m)]
    maxima = maxima[real]
    tol = c["tolerances"][measure]
    share = 100 * within_tolerance(maxima, tol).mean(axis=0)
    row = {"tolerance": tol, "percent": float(share.get(best, np.nan)), "tasks": len(maxima), "pair": None,
           "pair_percent": np.nan, "runner_up": None, "margin": np.nan}
    pairs = c["analysis"].pairs(measure, tol, real)
    if pairs is not None and len(pairs):
        top = pairs.iloc[0]
        row.update(pair=f"{top['first']}+{top['second']}", pair_percent=float(top["percent"]))
        if len(pairs) > 1:
            runner = pairs.iloc[1]
            row.update(runner_up=f"{runner['first']}+{runner['second']}",
                       margin=float(top["percent"] - runner["percent"]))
    return row


def _tied(trials, goal, peaks, a, b) -> bool:
    """Whether the best two, ``a`` then ``b``, are tied: within :data:`TIE` of each other and not significantly
    apart (paired t-test, each at its best k)."""
    close = peaks[b]["value"] >= peaks[a]["value"] * (1 - TIE) - _EPS
    p, _ = paired_p(trials, goal, a, peaks[a]["k"], b, peaks[b]["k"])
    return bool(close and not p < ALPHA)
