"""Which metric to use, with what k, and how sure: the advice the Results explorer, ``fsviz report`` and the
HTML report give, from one code path.

:func:`recommend` reads a grid's results table and, for each goal, names the
best *real* selection and says how much to trust it; :func:`recommendation_text`
turns that into sentences and :func:`recommendation_table` into a table for
people (labelled columns, rounded numbers; the machine columns stay in
:func:`recommend`'s table, the downloads and ``--json``).

The rules:

- **References are never the answer.** All words (``all``) and Rand (any
  spec that scores with ``rand``) are what a selection must beat: never the
  leader, the runner-up, the pair or a backup; their scores are reported
  beside the answer.
- **Significance, named and with its p.** The leader is compared with all
  words and with the runner-up (the second-best real selection) by the
  paired t-test the Significance tab uses, over the (dataset, class, trial)
  units both ran on, each at its own best k; below ``ALPHA`` (0.05) the
  difference is called significant, otherwise "not significantly".
- **The edge of the k range.** When the best k is the largest (smallest) k
  tried, the best may lie beyond it, and the advice says what to try next.
- **Little evidence.** One trial (no spread between repetitions) or fewer
  than ``FEW_TASKS`` tasks is said in words.
- **Stability breaks a tie.** Given the run's stability
  (:func:`fsviz.evaluation.stability.stability_summary` of :func:`fsviz.evaluation.stability.grid_stability`),
  each row reports the leader's mean Kuncheva index at its k; and when the
  best two are tied (the runner-up's macro score within ``TIE`` (0.5%,
  relative) of the leader's and the paired t-test not separating them,
  p ≥ ``ALPHA``), the one whose top-k set is the more stable across the
  folds leads, and the text says so. A tie is a call the scores cannot
  make; a selection that moves less from fold to fold is the safer one to
  ship (Kalousis et al. 2007).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..selection import parse_spec
from ..selection.spec import Combination, MetricSpec, Weighted
from .analysis import (
    DEFAULT_TOLERANCE,
    GOAL_LABELS,
    GOALS,
    best_pairs,
    macro_average,
    metric_label,
    p_text,
    paired_p,
    per_trial,
    task_maxima,
    within_tolerance,
)
from .grid import ALL
from .stability import stability_at

__all__ = ["ALPHA", "FEW_TASKS", "TIE", "is_reference", "peak_range", "recommend", "recommendation_table",
           "recommendation_text"]

#: The significance level of the advice's paired t-tests.
ALPHA = 0.05
#: Fewer tasks than this and the advice says its percentages move in coarse steps.
FEW_TASKS = 10
#: Two selections whose macro scores differ by less than this (relative) and not significantly are tied.
TIE = 0.005
_EPS = 1e-12
_TASK = ["dataset", "class"]


def is_reference(spec) -> bool:
    """True for what a selection is measured against, never the answer: all words, and any spec scoring with Rand.

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


def peak_range(curve: pd.DataFrame, goal: str, *, within: float = 0.01) -> dict:
    """Where a macro curve peaks and the contiguous range of k within ``within`` (relative) of the peak.

    ``curve`` holds one metric's rows of :func:`fsviz.evaluation.analysis.macro_average`
    (columns ``k`` and ``goal``). Returns ``k`` (the smallest k at the peak),
    ``value``, ``k_low``, ``k_high`` and ``n_k`` (how many of the tried k lie
    in that range). A wide range means the choice of k matters little.
    """
    curve = curve.sort_values("k")
    ks, values = curve["k"].to_numpy(), curve[goal].to_numpy(np.float64)
    peak = int(np.argmax(values))
    near = values >= values[peak] * (1 - within) - _EPS
    low = high = peak
    while low > 0 and near[low - 1]:
        low -= 1
    while high < len(ks) - 1 and near[high + 1]:
        high += 1
    return {"k": int(ks[peak]), "value": float(values[peak]), "k_low": int(ks[low]), "k_high": int(ks[high]),
            "n_k": high - low + 1}


def recommend(results: pd.DataFrame, *, tolerances: dict | None = None, pool: str = "counts",
              stability: pd.DataFrame | None = None) -> pd.DataFrame:
    """The best real selection and the best pair for each goal, from a grid's results, with how sure it is.

    One row per goal: ``metric`` (never a reference, :func:`is_reference`) with its peak ``k``, ``value`` and
    the range of k within 1% of the peak (:func:`peak_range`); ``percent``, the share of tasks on which it
    comes within the goal's tolerance of the best average maximum (Forman's "best chances"); the best
    ``pair`` of real selections with its ``pair_percent``, the ``runner_up`` pair and the ``margin``;
    ``baseline`` (all words) and ``rand`` (Rand's best) as references; ``p_all`` and ``n_all`` (the leader
    against all words), ``second``, ``second_k``, ``second_value``, ``p_second``, ``n_second`` (against the
    runner-up); ``edge`` ("largest", "smallest" or None) with ``k_min`` and ``k_max`` tried; ``trials``;
    ``stability`` and ``second_stability`` (mean Kuncheva index at their k, NaN without ``stability``, the
    table :func:`fsviz.evaluation.stability.stability_summary` makes) and ``by_stability`` (the two were tied and
    stability chose the leader; see the module's notes).

    ``tolerances`` maps goals to relative tolerances (default: Forman's 1%, and 0.1% for accuracy). A table
    with no real selection (only references) raises ValueError.
    """
    tolerances = {**DEFAULT_TOLERANCE, **(tolerances or {})}
    macro = macro_average(results, pool=pool)
    real = [m for m in dict.fromkeys(macro["metric"]) if not is_reference(m)]
    if not real:
        raise ValueError("the results hold no metric to recommend: only references (all words, Rand); run the "
                         "grid with at least one other metric")
    curves = macro[macro["metric"].isin(real)]
    baseline = macro[macro["metric"] == ALL]
    rand = macro[macro["metric"].map(lambda m: m != ALL and is_reference(m))]
    trials = per_trial(results, pool=pool)
    ks = sorted(curves["k"].unique())
    rows = []
    for goal in GOALS:
        peaks = {m: peak_range(c, goal) for m, c in curves.groupby("metric", observed=True)}
        order = sorted(sorted(peaks), key=lambda m: -peaks[m]["value"])
        steady, by_stability = {}, False
        if stability is not None:
            steady = {m: stability_at(stability, m, peaks[m]["k"]) for m in order[:2]}
            if len(order) > 1 and _tied(trials, goal, peaks, order[0], order[1]) \
                    and steady[order[1]] > steady[order[0]]:
                order[:2], by_stability = order[1::-1], True
        best = order[0]
        maxima = task_maxima(results, goal, pool=pool)
        maxima = maxima[[m for m in maxima.columns if not is_reference(m)]]
        tol = tolerances[goal]
        share = 100 * within_tolerance(maxima, tol).mean(axis=0)
        pairs = best_pairs(maxima, tol) if maxima.shape[1] > 1 else None
        p_all, n_all = paired_p(trials, goal, best, peaks[best]["k"], ALL, None) if len(baseline) else (np.nan, 0)
        row = {"goal": goal, "metric": best, **peaks[best], "tolerance": tol, "percent": float(share[best]),
               "tasks": len(maxima), "trials": int(results["trial"].nunique()),
               "baseline": float(baseline[goal].iloc[0]) if len(baseline) else np.nan,
               "rand": float(rand[goal].max()) if len(rand) else np.nan, "p_all": p_all, "n_all": n_all,
               "second": None, "second_k": np.nan, "second_value": np.nan, "p_second": np.nan, "n_second": 0,
               "edge": None, "k_min": int(ks[0]), "k_max": int(ks[-1]),
               "pair": None, "pair_percent": np.nan, "runner_up": None, "margin": np.nan,
               "stability": steady.get(best, np.nan), "second_stability": np.nan, "by_stability": by_stability}
        if len(ks) > 1 and peaks[best]["k"] in (ks[0], ks[-1]):
            row["edge"] = "largest" if peaks[best]["k"] == ks[-1] else "smallest"
        if len(order) > 1:
            second = order[1]
            p, n = paired_p(trials, goal, best, peaks[best]["k"], second, peaks[second]["k"])
            row.update(second=second, second_k=peaks[second]["k"], second_value=peaks[second]["value"],
                       p_second=p, n_second=n, second_stability=steady.get(second, np.nan))
        if pairs is not None and len(pairs):
            top = pairs.iloc[0]
            row.update(pair=f"{top['first']}+{top['second']}", pair_percent=float(top["percent"]))
            if len(pairs) > 1:
                runner = pairs.iloc[1]
                row.update(runner_up=f"{runner['first']}+{runner['second']}",
                           margin=float(top["percent"] - runner["percent"]))
        rows.append(row)
    return pd.DataFrame(rows)


def _tied(trials, goal, peaks, a, b) -> bool:
    """Whether the best two, ``a`` then ``b``, are tied: within :data:`TIE` of each other and not significantly
    apart (paired t-test, each at its best k)."""
    close = peaks[b]["value"] >= peaks[a]["value"] * (1 - TIE) - _EPS
    p, _ = paired_p(trials, goal, a, peaks[a]["k"], b, peaks[b]["k"])
    return bool(close and not p < ALPHA)


def _stability_text(row, label) -> str:
    """The sentence on stability: which it chose, or the leader's."""
    if np.isnan(row.stability):
        return ""
    if row.by_stability:
        return (f" {label(row.metric)} and {label(row.second)} score within {100 * TIE:g}% and not significantly "
                f"apart, so stability broke the tie: {label(row.metric)}'s top {row.k} words agree more across the "
                f"folds (Kuncheva {row.stability:.2f} against {row.second_stability:.2f}).")
    return f" Its top {row.k} words agree across the folds with Kuncheva's index {row.stability:.2f} (1 = identical)."


def _significance(row, goal: str, name: str, label) -> str:
    """The sentence on the leader against all words and the runner-up."""
    parts = []
    if not np.isnan(row.baseline):
        if row.baseline >= row.value:
            parts.append(f" Using all words scores {row.baseline:.3f}: here no selection beats using all words.")
        elif np.isnan(row.p_all):
            parts.append(f" All words score {row.baseline:.3f}.")
        else:
            verdict = "significantly" if row.p_all < ALPHA else "not significantly"
            parts.append(f" All words score {row.baseline:.3f}: {name} is {verdict} better (paired t-test over "
                         f"{row.n_all} task-trials, {p_text(row.p_all)}).")
    if row.second is not None and not np.isnan(row.p_second):
        other = f"{label(row.second)} ({row.second_value:.3f} at k = {int(row.second_k)})"
        if row.p_second < ALPHA:
            parts.append(f" It beats the runner-up, {other}, significantly ({p_text(row.p_second)}).")
        else:
            parts.append(f" The runner-up, {other}, is not significantly worse ({p_text(row.p_second)}): either will "
                         "do.")
    return "".join(parts)


def recommendation_text(table: pd.DataFrame, label=lambda m: m) -> list[str]:
    """Plain-words sentences, one per goal, from :func:`recommend`'s table.

    ``label`` turns a metric name into what the reader sees (e.g. "BNS").
    """
    lines = []
    for row in table.itertuples(index=False):
        goal = GOAL_LABELS.get(row.goal, row.goal)
        name = label(row.metric)
        k_range = (f"k = {row.k_low}" if row.k_low == row.k_high else f"k from {row.k_low} to {row.k_high}")
        robust = "a narrow peak: choose k with care" if row.n_k == 1 else f"{row.n_k} of the k tried"
        text = (f"**{goal}**: use **{name}** with k = {row.k} (macro {goal} {row.value:.3f}); it stays within "
                f"1% of that for {k_range} ({robust}). It comes within {100 * row.tolerance:g}% of the best "
                f"any metric reached on {row.percent:.0f}% of {row.tasks} tasks.")
        if row.edge == "largest":
            text += (f" k = {row.k} is the largest k tried: the best may lie beyond, so try k up to "
                     f"{4 * row.k:,} (or all words).")
        elif row.edge == "smallest":
            text += f" k = {row.k} is the smallest k tried: the best may lie below, so try k down to {max(1, row.k // 4):,}."
        text += _significance(row, goal, name, label)
        if "stability" in table.columns:
            text += _stability_text(row, label)
        if not np.isnan(row.rand):
            text += f" Rand, the random baseline, reaches {row.rand:.3f}."
        if row.pair:
            a, b = row.pair.split("+")
            text += f" If you can try two, try **{label(a)} and {label(b)}**: one of them is within tolerance on " \
                    f"{row.pair_percent:.0f}% of tasks"
            if row.runner_up:
                c, d = row.runner_up.split("+")
                runner = f"{label(c)} and {label(d)}"
                text += (f" (tied with {runner})" if row.margin < 0.05 else
                         f" ({row.margin:.1f} percentage points ahead of {runner})")
            text += "."
        if row.trials == 1:
            text += " This rests on one trial: run more trials before trusting a small difference."
        if row.tasks < FEW_TASKS:
            text += f" With {row.tasks} task{'s' * (row.tasks > 1)}, percentages move in steps of {100 / row.tasks:.0f} points."
        lines.append(text)
    return lines


def recommendation_table(table: pd.DataFrame, label=metric_label) -> pd.DataFrame:
    """:func:`recommend`'s table for people: labelled columns, rounded numbers, references beside the answer, and
    the leader's stability when :func:`recommend` was given the run's."""
    def number(value):
        return "–" if np.isnan(value) else f"{value:.3f}"

    pair = table["pair"].map(lambda v: " + ".join(label(m) for m in v.split("+")) if isinstance(v, str) else "–")
    shown = pd.DataFrame({
        "Goal": table["goal"].map(GOAL_LABELS),
        "Use": table["metric"].map(label),
        "Best k": table["k"].astype(int),
        "Score": table["value"].round(3),
        "k within 1%": [f"{lo}" if lo == hi else f"{lo}–{hi}" for lo, hi in zip(table["k_low"], table["k_high"])],
        "Tasks within tolerance (%)": table["percent"].round(0).astype(int),
        "All words": table["baseline"].map(number),
        "p vs all words": table["p_all"].map(lambda v: p_text(v, named=False)),
        "Runner-up": table["second"].map(lambda m: label(m) if isinstance(m, str) else "–"),
        "p vs runner-up": table["p_second"].map(lambda v: p_text(v, named=False)),
        "Rand": table["rand"].map(number),
        "Best pair": pair,
        "Pair within tolerance (%)": table["pair_percent"].map(lambda v: "–" if np.isnan(v) else f"{v:.0f}"),
    })
    if "stability" in table.columns and table["stability"].notna().any():  # the run's stability was computed
        shown["Stability (Kuncheva)"] = table["stability"].map(number)
        shown["Chosen by stability"] = table["by_stability"].map({True: "yes", False: "no"})
    return shown
