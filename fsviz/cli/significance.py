"""The CLI's significance columns (each word's p and Benjamini-Hochberg q) and its ``--k fdr0.05`` rule."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validation import check_k
from ..stats.significance import FdrRule, parse_k_rule, significance

__all__ = ["chosen_k", "significance_text", "with_significance"]


def chosen_k(args, task) -> int:
    """``--k``: a number of words, or under ``fdrRATE`` the number of ``task``'s words with q <= RATE."""
    rule = parse_k_rule(args.k)
    if isinstance(rule, FdrRule):
        return rule.k(task, alternative=args.alternative, method=args.test)
    return check_k(rule)


def with_significance(table: pd.DataFrame, task, alternative: str, method: str) -> pd.DataFrame:
    """``table`` (a ``word`` column of ``task``'s words) with each word's ``p``, ``q`` over the whole task and
    ``-log10 p`` (finite where p underflows to 0)."""
    found = significance(task, alternative=alternative, method=method)
    words = pd.Index(task.vocabulary).get_indexer(table["word"])
    return table.assign(p=found.p[words], q=found.q[words], **{"-log10 p": found.minus_log10_p[words]})


def significance_text(table: pd.DataFrame, task, args, k: int) -> str:
    """The words of ``table`` once each, most significant first, with tp, fp, p and q."""
    rule = parse_k_rule(args.k)
    shown = table.drop_duplicates("word").sort_values(["-log10 p", "word"], ascending=[False, True], kind="stable")
    shown = shown.assign(p=[_p_text(p, -minus) for p, minus in zip(shown["p"], shown["-log10 p"])],
                         q=[_p_text(q) for q in shown["q"]])
    test = "Fisher's exact test" if args.test == "fisher" else f"{args.test} test"
    chosen = f"; k = {k}, the words with q <= {rule.fdr:g}" if isinstance(rule, FdrRule) else ""
    head = (f"\np and Benjamini-Hochberg q ({test}, {args.alternative}; q over all {task.n_words} words) of the "
            f"{len(shown)} words shown{chosen}:")
    return head + "\n" + shown[["word", "tp", "fp", "p", "q"]].to_string(index=False)


def _p_text(p: float, log10_p: float | None = None) -> str:
    """A p or q in three digits; one that underflowed to 0 from its log₁₀ when known (``1.1e-1620``), else
    ``<1e-300``."""
    if p > 0 or log10_p is None or not np.isfinite(log10_p):
        return "<1e-300" if p == 0 else f"{p:.3g}"
    exponent = int(np.floor(log10_p))
    return f"{10 ** (log10_p - exponent):.2g}e{exponent}"
