"""The recommendation in words, as a table for people, and as the ``--json`` answers: one wording everywhere.

:func:`recommendation_text` turns :func:`fsviz.evaluation.answer.recommend`'s table into sentences (Markdown
bold around the goal and the answer), :func:`recommendation_table` into labelled, rounded columns, and
:func:`answers` into the objects ``fsviz recommend --json`` and ``fsviz report --json`` print. The page, the
CLI and the HTML report read these three, so a claim is worded once.

The wording keeps to what the data show: "no selection beats all words" comes first when it is so; a
difference the held-out folds cannot show is "the data cannot tell", with its p and how it was obtained, never
"either will do"; one trial or few tasks is said.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..analyses import GOAL_LABELS, chosen_text, method_text, metric_label, p_text
from .advice import ALPHA, FEW_TASKS, FEWEST, TIE, WITHIN, deciding, verdict

__all__ = ["ANSWER_LABELS", "answers", "recommendation_table", "recommendation_text"]

#: How each answer's goal is named.
ANSWER_LABELS = {**GOAL_LABELS, FEWEST: "Fewest words"}
_EPS = 1e-12


def _nan(value) -> bool:
    """None, NaN or pandas' missing value."""
    return value is None or bool(pd.isna(value))


def _k_range(row) -> str:
    return f"k = {row.k:,}" if row.k_low == row.k_high else f"k from {row.k_low:,} to {row.k_high:,}"


def _deciding(row) -> tuple[str | None, str]:
    """The verdict the answer rests on and its reference (:func:`fsviz.evaluation.answer.advice.deciding`)."""
    on_all, on_rand = (getattr(row, name, None) for name in ("verdict_all_words", "verdict_rand"))
    return deciding(on_all if isinstance(on_all, str) else None, on_rand if isinstance(on_rand, str) else None)


def _headline(row, goal: str, label) -> str:
    """The first sentence: the verdict of held-out data, then what follows from it.

    Against all words (else Rand): *better* → "use X with k from a to b"; *cannot tell* → what the selection does
    offer (X matches all words with fewer words) and that the data cannot tell them apart; *worse* → keep all
    words. Nothing here says "use" unless the verdict is better (tested over generated tables).
    """
    best = f"{label(row.best)} at {_k_range(row)}"
    if row.goal == FEWEST:
        if _nan(row.metric):
            return (f"**{goal}**: no selection keeps within {100 * WITHIN:g}% of the best F-measure (all words "
                    f"score {row.baseline:.3f}); the closest is {label(row.best)} at k = {row.k:,}, {row.value:.3f}.")
        top = getattr(row, "top", np.nan)
        against = "the best" if _nan(top) or row.value >= top - _EPS else f"the best {top:.3f}"
        return (f"**{goal}**: **{label(row.metric)}** with k = {row.k:,} keeps within {100 * WITHIN:g}% of the "
                f"best F-measure anything reached, all words included (macro F1 {row.value:.3f}; {against}).")
    said, reference = _deciding(row)
    units = _units(row)[0]  # "held-out folds", "held-out parts of the test file" or "the test file"
    p = row.p_all if reference == "all words" else row.p_rand
    how = _p_how(row, p, reference)
    if said == "better":
        whose = "all words'" if reference == "all words" else "Rand's"
        return (f"**{goal}**: use **{label(row.metric)}** with {_k_range(row)}: on {units} it scores "
                f"{row.nested:.3f} against {whose} {_reference_score(row, reference):.3f} ({how}).")
    if said == "worse":
        if reference == "Rand":
            return (f"**{goal}**: these metrics pick words worse than chance here: chosen inside the resampling, "
                    f"selection scores {row.nested:.3f} on {units} against Rand's "
                    f"{_reference_score(row, reference):.3f} ({how}).")
        return (f"**{goal}**: keep all words: selection scores lower on {units} ({row.nested:.3f} "
                f"against all words' {_reference_score(row, reference):.3f}; {how}).")
    if said is None:  # no held-out choice (one fold per trial and no inner folds), or no reference
        against = "" if _nan(row.baseline) else f", all words {row.baseline:.3f}"
        return (f"**{goal}**: the best selection is {best} (macro {goal} {row.value:.3f}{against}, on the data that "
                "chose it); nothing here tests it on data it was not chosen on.")
    if reference == "Rand":
        return (f"**{goal}**: the data cannot tell {best} from Rand, the random baseline ({how}): these metrics "
                "are not shown to pick words better than chance.")
    fewer = (f", with {row.vocabulary / row.k_high:,.0f}× fewer words than all words," if row.vocabulary
             and row.k_high < row.vocabulary else "")
    return (f"**{goal}**: {label(row.best)} at {_k_range(row)}{fewer} scores {row.nested:.3f} on {units} "
            f"against all words' {row.nested_all:.3f}: the data cannot tell them apart ({how}).")


def _reference_score(row, reference: str) -> float:
    return row.nested_all if reference == "all words" else row.nested_rand


def _p_how(row, p, reference: str) -> str:
    """The p and the test, in words: two-sided, over which held-out units."""
    n = row.n_all if reference == "all words" else row.n_rand
    if _nan(p):
        return f"too few {_units(row)[2]} to test the difference"
    if getattr(row, "test", "") == "randomization":
        return f"{p_text(p)}, two-sided, approximate randomization over {n:,} test documents"
    return (f"{p_text(p)}, two-sided, "
            f"{method_text(n, row.folds, chosen=False, scored_on=getattr(row, 'scored_on', 'folds'))}")


def _chosen(row) -> str:
    """Where the row's held-out choices were made, in words: "chosen on the other folds" or by inner folds."""
    return chosen_text(getattr(row, "scored_on", "folds"), getattr(row, "chosen_on", "other folds"))


def _units(row) -> tuple[str, str, str]:
    """How the held-out data read: where the choice is scored ("held-out folds"), the one that scores a choice
    ("the held-out fold"), and what a test counts ("held-out folds", "test documents")."""
    if getattr(row, "test", "") == "randomization":
        return "the test file", "the test file", "test documents"
    if getattr(row, "scored_on", "folds") == "test file":
        return "held-out parts of the test file", "the held-out part", "held-out parts of the test file"
    return "held-out folds", "the held-out fold", "held-out folds"


def _method(row, n: int) -> str:
    """How one p was obtained, for the ``--json`` answers."""
    if getattr(row, "test", "") == "randomization":
        return f"approximate randomization over {n:,} test documents, metric and k {_chosen(row)}"
    return method_text(n, row.folds, scored_on=getattr(row, "scored_on", "folds"),
                       chosen_on=getattr(row, "chosen_on", "other folds"))


def _against(row, reference: str) -> str:
    """The sentence on the choice, made inside the resampling, against all words (naming the method) or Rand."""
    score, other, p, n = (row.nested, row.nested_all, row.p_all, row.n_all) if reference == "all" else \
        (row.nested, row.nested_rand, row.p_rand, row.n_rand)
    if _nan(other) or _nan(score):
        return ""
    units, held, _ = _units(row)
    if row.goal == FEWEST:
        if reference != "all":
            return ""
        return (f" Chosen the same way inside the resampling ({_chosen(row)}), the fewest words score "
                f"{score:.3f} on {units} against all words' {other:.3f}.")
    if reference == "all":
        lead = (f" Chosen inside the resampling (metric and k {_chosen(row)}, scored on {held}), "
                f"selection scores {score:.3f} against all words' {other:.3f}")
        what = "all words"
    else:
        lead, what = f" Against Rand it scores {score:.3f} to {other:.3f}", "Rand"
    said = verdict(score, other, p)
    how = _p_how(row, p, "all words" if reference == "all" else "Rand")
    if _nan(p):
        return f"{lead}: {how}."
    if said == "better":
        return f"{lead}: better ({how})."
    if said == "worse":
        return f"{lead}: worse, on data it was not chosen on ({how})."
    return f"{lead}: the data cannot tell selection from {what} ({how})."


def _runner_up(row, name: str, label) -> str:
    if _nan(row.second) or _nan(row.p_second):
        return ""
    other = f"{label(row.second)} ({row.second_value:.3f} at k = {int(row.second_k):,})"
    units, _, counted = _units(row)
    if row.p_second < ALPHA and (row.trials > 1 or getattr(row, "test", "") == "randomization"):
        return f" It beats the runner-up, {other}, on {units} ({p_text(row.p_second)})."
    if row.p_second < ALPHA:  # one trial: too few to call it a win, as the answer itself says below
        return (f" It scores above the runner-up, {other}, on {units} ({p_text(row.p_second)}), in "
                "one trial.")
    return (f" The data cannot tell {name} and the runner-up, {other}, apart ({p_text(row.p_second)} over "
            f"{row.n_second:,} {counted}).")


def _edge(row) -> str:
    if row.edge == "largest":
        up = min(4 * row.k, row.vocabulary) if row.vocabulary else 4 * row.k
        whole = " (the whole vocabulary: all words)" if row.vocabulary and up >= row.vocabulary else ""
        return f" k = {row.k:,} is the largest k tried: the best may lie beyond, so try k up to {up:,}{whole}."
    if row.edge == "smallest":
        return f" k = {row.k:,} is the smallest k tried: the best may lie below, so try k down to {max(1, row.k // 4):,}."
    return ""


def _stability(row, label) -> str:
    if _nan(row.stability):
        return ""
    if row.by_stability:
        return (f" {label(row.best)} and {label(row.second)} score within {100 * TIE:g}% and not significantly "
                f"apart, so stability broke the tie: {label(row.best)}'s top {row.k} words agree more across the "
                f"folds (Kuncheva {row.stability:.2f} against {row.second_stability:.2f}).")
    whose = "Its" if not _nan(row.metric) else f"{label(row.best)}'s"
    return f" {whose} top {row.k} words agree across the folds with Kuncheva's index {row.stability:.2f} (1 = identical)."


def _pair(row, label) -> str:
    if not row.pair:
        return ""
    a, b = row.pair.split("+")
    text = f" If you can try two, try **{label(a)} and {label(b)}**: one of them is within tolerance on " \
           f"{row.pair_percent:.0f}% of tasks"
    if row.runner_up:
        c, d = row.runner_up.split("+")
        runner = f"{label(c)} and {label(d)}"
        text += (f" (tied with {runner})" if row.margin < 0.05 else
                 f" ({row.margin:.1f} percentage points ahead of {runner})")
    return text + "."


def recommendation_text(table: pd.DataFrame, label=lambda m: m) -> list[str]:
    """Plain-words sentences, one per goal, from :func:`fsviz.evaluation.answer.recommend`'s table.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`fsviz.evaluation.answer.recommend`'s table.
    label : callable(str) -> str, optional
        Turns a metric name into what the reader sees (e.g. "BNS"; default: the name itself).

    Returns
    -------
    list of str
        One sentence (in Markdown) per goal.

    See Also
    --------
    fsviz.evaluation.recommend : The table it words.
    fsviz.evaluation.recommendation_table : The same answers as a table for people.
    fsviz.evaluation.answers : The same answers as objects for ``--json``.

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [("a", f, m, k, tp + f, fp) for f in (0, 1) for m, k, tp, fp in
    ...         [("bns", 10, 8, 1), ("bns", 20, 9, 1), ("ig", 10, 6, 3), ("ig", 20, 7, 2), ("all", 100, 8, 2)]]
    >>> results = pd.DataFrame(rows, columns=["class", "fold", "metric", "k", "tp", "fp"]).assign(
    ...     dataset="d", trial=0, n_features=lambda t: t["k"], pos=10, neg=30, fn=lambda t: 10 - t["tp"],
    ...     tn=lambda t: 30 - t["fp"])
    >>> from fsviz.evaluation import recommend
    >>> print(recommendation_text(recommend(results))[0][:100])
    **F-measure**: use **bns** with k = 20: on held-out folds it scores 0.926 against all words' 0.829 (
    """
    lines = []
    for row in table.itertuples(index=False):
        goal = ANSWER_LABELS.get(row.goal, row.goal)
        text = _headline(row, goal, label)
        name = "" if _nan(row.metric) else label(row.metric)
        if row.goal != FEWEST and _deciding(row)[0] != "worse":  # where the best selection's k may lie
            text += _edge(row)
        if row.goal == FEWEST or _deciding(row)[1] != "all words":  # else the headline said it
            text += _against(row, "all")
        text += _against(row, "rand")
        if not _nan(row.metric):
            text += _runner_up(row, name, label)
        text += _stability(row, label)
        if not _nan(row.metric) and row.goal != FEWEST:
            text += f" It comes within {100 * row.tolerance:g}% of the best any metric reached on " \
                        f"{row.percent:.0f}% of {row.tasks} task{'s' * (row.tasks != 1)}." + _pair(row, label)
        if row.goal in ("precision", "f1") and getattr(row, "all_silent", 0):
            text += (f" All words predicts no document positive in {row.all_silent} of {row.all_units} held-out task "
                     "folds, where its precision counts as 0: its pooled score and its mean over folds differ.")
        if row.trials == 1 and getattr(row, "test", "") != "randomization":  # a test file's test counts documents
            text += " This rests on one trial: run more trials before trusting a small difference."
        if row.tasks < FEW_TASKS:
            text += (f" With {row.tasks} task{'s' * (row.tasks > 1)}, percentages move in steps of "
                     f"{100 / row.tasks:.0f} points.")
        lines.append(text)
    return lines


def recommendation_table(table: pd.DataFrame, label=metric_label) -> pd.DataFrame:
    """:func:`fsviz.evaluation.answer.recommend`'s table for people: labelled columns, rounded numbers,
    references beside the answer, and the leader's stability when the run's was given.

    Two estimators, each named in its column: *Score (pooled)*, *All words* and *Rand* are the goal on every
    fold's confusion counts pooled (the peak of the curves, on the data that chose it); *Held out (mean of
    folds)* is the mean of the goal computed on each held-out fold alone (a fold that predicts no document
    positive scores precision 0 there), or on the whole test file.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`fsviz.evaluation.answer.recommend`'s table.
    label : callable(str) -> str, default ``metric_label``
        Turns a metric name into what the reader sees.

    Returns
    -------
    pandas.DataFrame
        The table for people.

    See Also
    --------
    fsviz.evaluation.recommend : The table it labels.
    fsviz.evaluation.recommendation_text : The same answers in sentences.

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [("a", f, m, k, tp + f, fp) for f in (0, 1) for m, k, tp, fp in
    ...         [("bns", 10, 8, 1), ("bns", 20, 9, 1), ("ig", 10, 6, 3), ("ig", 20, 7, 2), ("all", 100, 8, 2)]]
    >>> results = pd.DataFrame(rows, columns=["class", "fold", "metric", "k", "tp", "fp"]).assign(
    ...     dataset="d", trial=0, n_features=lambda t: t["k"], pos=10, neg=30, fn=lambda t: 10 - t["tp"],
    ...     tn=lambda t: 30 - t["fp"])
    >>> from fsviz.evaluation import recommend
    >>> recommendation_table(recommend(results)).loc[0, ["Goal", "Use", "k", "Score (pooled)", "Against all words (p)"]]
    Goal                          F-measure
    Use                                 BNS
    k                                    20
    Score (pooled)                    0.927
    Against all words (p)    better (0.027)
    Name: 0, dtype: object
    """
    def number(value):
        return "–" if _nan(value) else f"{value:.3f}"

    def said(word, p):
        return "–" if not isinstance(word, str) else word if _nan(p) else f"{word} ({p_text(p, named=False)})"

    pair = table["pair"].map(lambda v: " + ".join(label(m) for m in v.split("+")) if isinstance(v, str) else "–")
    shown = pd.DataFrame({
        "Goal": table["goal"].map(ANSWER_LABELS),
        "Use": [label(m) if isinstance(m, str) else f"none shown better (best: {label(b)})"
                for m, b in zip(table["metric"], table["best"])],
        "k": [f"{lo:,}" if lo == hi else f"{lo:,}–{hi:,}" for lo, hi in zip(table["k_low"], table["k_high"])],
        "Score (pooled)": table["value"].round(3),
        "All words": table["baseline"].map(number),
        "Rand": table["rand"].map(number),
        "Held out (mean of folds)": table["nested"].map(number),
        "Against all words (p)": [said(v, p) for v, p in zip(table["verdict_all_words"], table["p_all"])],
        "Against Rand (p)": [said(v, p) for v, p in zip(table["verdict_rand"], table["p_rand"])],
        "Runner-up": table["second"].map(lambda m: label(m) if isinstance(m, str) else "–"),
        "p vs runner-up": table["p_second"].map(lambda v: p_text(v, named=False)),
        "Tasks within tolerance (%)": table["percent"].round(0).astype(int),
        "Best pair": pair,
    })
    if "stability" in table.columns and table["stability"].notna().any():  # the run's stability was computed
        shown["Stability (Kuncheva)"] = table["stability"].map(number)
        shown["Chosen by stability"] = table["by_stability"].map({True: "yes", False: "no"})
    return shown


def answers(table: pd.DataFrame, label=lambda m: m) -> list[dict]:
    """The ``--json`` answers, one per goal: ``goal``, ``metric`` (None when no selection beats all words or
    Rand), ``best`` (the best selection all the same), ``k``, ``k_low``, ``k_high``, ``score``, ``all_words``,
    ``rand``, ``held_out`` (the choice's score on folds it was not chosen on), ``beats_all_words``,
    ``beats_rand``, ``p`` (the choice against all words, or against Rand without all words), ``method`` (how
    ``p`` was obtained), ``scored_on`` (``"folds"``: cross-validation; ``"test file"``: your test file), ``trials``,
    ``tasks`` and ``text`` (the sentences shown, without Markdown). NaN is None.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`fsviz.evaluation.answer.recommend`'s table.
    label : callable(str) -> str, optional
        Turns a metric name into what the reader sees (default: the name itself).

    Returns
    -------
    list of dict
        One answer per goal, with the keys above.

    See Also
    --------
    fsviz.evaluation.recommend : The table it reads.
    fsviz.evaluation.recommendation_text : The sentences its ``text`` holds, with Markdown.

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [("a", f, m, k, tp + f, fp) for f in (0, 1) for m, k, tp, fp in
    ...         [("bns", 10, 8, 1), ("bns", 20, 9, 1), ("ig", 10, 6, 3), ("ig", 20, 7, 2), ("all", 100, 8, 2)]]
    >>> results = pd.DataFrame(rows, columns=["class", "fold", "metric", "k", "tp", "fp"]).assign(
    ...     dataset="d", trial=0, n_features=lambda t: t["k"], pos=10, neg=30, fn=lambda t: 10 - t["tp"],
    ...     tn=lambda t: 30 - t["fp"])
    >>> from fsviz.evaluation import recommend
    >>> first = answers(recommend(results))[0]
    >>> first["goal"], first["metric"], first["k"], round(first["p"], 3), first["beats_all_words"]
    ('f1', 'bns', 20, 0.027, True)
    """
    def plain(value):
        if _nan(value):
            return None
        return value.item() if isinstance(value, np.generic) else value

    texts = recommendation_text(table, label)
    out = []
    for row, text in zip(table.itertuples(index=False), texts):
        p, n = (row.p_all, row.n_all) if not _nan(row.nested_all) else (row.p_rand, row.n_rand)
        out.append({
            "goal": row.goal, "metric": None if _nan(row.metric) else row.metric, "best": row.best, "k": int(row.k),
            "k_low": int(row.k_low),
            "k_high": int(row.k_high), "score": plain(row.value), "all_words": plain(row.baseline),
            "rand": plain(row.rand), "held_out": plain(row.nested), "beats_all_words": bool(row.beats_all_words),
            "beats_rand": bool(row.beats_rand), "verdict_all_words": row.verdict_all_words,
            "verdict_rand": row.verdict_rand, "p": plain(p),
            "method": _method(row, n),
            "scored_on": getattr(row, "scored_on", "folds"),
            "trials": int(row.trials), "tasks": int(row.tasks), "text": text.replace("**", ""),
        })
    return out
