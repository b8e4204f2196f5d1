"""The CLI's significance columns (each word's p, Benjamini-Hochberg q and log2 ratio with its interval) and its
``--k fdr0.05`` rule."""

from __future__ import annotations

import pandas as pd

from .._validation import check_k
from ..stats.effect import EFFECT_COLUMNS, EFFECT_NOTE, log_ratio_interval
from ..stats.significance import FdrRule, p_label, parse_k_rule, significance
from .output import records

__all__ = ["chosen_k", "significance_text", "top_summary", "with_significance"]



def chosen_k(args, task) -> int:
    """``--k``: a number of words, or under ``fdrRATE`` the number of ``task``'s words with q <= RATE."""
    rule = parse_k_rule(args.k)
    if isinstance(rule, FdrRule):
        return rule.k(task, alternative=args.alternative, method=args.test)
    return check_k(rule)


def with_significance(table: pd.DataFrame, task, alternative: str, method: str, *, zero: str = "half") -> pd.DataFrame:
    """``table`` (a ``word`` column of ``task``'s words) with each word's ``p``, ``q`` over the whole task,
    ``-log10 p`` (finite where p underflows to 0) and its ``log2 ratio`` with the interval's ``low`` and ``high``
    (:func:`fsviz.stats.effect.log_ratio_interval`, the ``zero`` rule)."""
    found = significance(task, alternative=alternative, method=method)
    words = pd.Index(task.vocabulary).get_indexer(table["word"])
    effect = log_ratio_interval(task.tp[words], task.fp[words], task.pos, task.neg, zero=zero)
    return table.assign(p=found.p[words], q=found.q[words], **{"-log10 p": found.minus_log10_p[words]},
                        **effect.columns())


def top_summary(table: pd.DataFrame, task, args, k: int) -> dict:
    """``fsviz top --json``: the task, k, how p, q and the log2 ratio were computed, and ``table``'s rows."""
    return dict(command="top", task=task.name, pos=int(task.pos), neg=int(task.neg), k=int(k),
                alternative=args.alternative, test=args.test, effect=EFFECT_NOTE, zero="half", level=0.95,
                words=records(table))


def significance_text(table: pd.DataFrame, task, args, k: int) -> str:
    """The words of ``table`` once each, most significant first, with tp, fp, p, q and the log2 ratio [its
    95% interval]."""
    rule = parse_k_rule(args.k)
    shown = table.drop_duplicates("word").sort_values(["-log10 p", "word"], ascending=[False, True], kind="stable")
    estimate, low, high = (shown[column] for column in EFFECT_COLUMNS)
    shown = shown.assign(p=[p_label(p, -minus) for p, minus in zip(shown["p"], shown["-log10 p"])],
                         q=[p_label(q) for q in shown["q"]],
                         **{"log2 ratio [95% CI]": [f"{e:.2f} [{lo:.2f}, {hi:.2f}]"
                                                     for e, lo, hi in zip(estimate, low, high)]})
    test = "Fisher's exact test" if args.test == "fisher" else f"{args.test} test"
    chosen = f"; k = {k}, the words with q <= {rule.fdr:g}" if isinstance(rule, FdrRule) else ""
    head = (f"\np and Benjamini-Hochberg q ({test}, {args.alternative}; q over all {task.n_words} words) of the "
            f"{len(shown)} words shown{chosen};\n{EFFECT_NOTE}:")
    return head + "\n" + shown[["word", "tp", "fp", "p", "q", "log2 ratio [95% CI]"]].to_string(index=False)
