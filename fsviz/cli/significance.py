"""The CLI's significance columns (each word's p and Benjamini-Hochberg q) and its ``--k fdr0.05`` rule."""

from __future__ import annotations

import pandas as pd

from .._validation import check_k
from ..significance import FdrRule, parse_k_rule, significance

__all__ = ["chosen_k", "significance_text", "with_significance"]


def chosen_k(args, task) -> int:
    """``--k``: a number of words, or under ``fdrRATE`` the number of ``task``'s words with q <= RATE."""
    rule = parse_k_rule(args.k)
    if isinstance(rule, FdrRule):
        return rule.k(task, alternative=args.alternative, method=args.test)
    return check_k(rule)


def with_significance(table: pd.DataFrame, task, alternative: str, method: str) -> pd.DataFrame:
    """``table`` (a ``word`` column of ``task``'s words) with each word's ``p`` and ``q`` over the whole task."""
    found = significance(task, alternative=alternative, method=method)
    words = pd.Index(task.vocabulary).get_indexer(table["word"])
    return table.assign(p=found.p[words], q=found.q[words])


def significance_text(table: pd.DataFrame, task, args, k: int) -> str:
    """The words of ``table`` once each, most significant first, with tp, fp, p and q."""
    rule = parse_k_rule(args.k)
    shown = table.drop_duplicates("word").sort_values(["p", "word"], kind="stable")
    test = "Fisher's exact test" if args.test == "fisher" else f"{args.test} test"
    chosen = f"; k = {k}, the words with q <= {rule.fdr:g}" if isinstance(rule, FdrRule) else ""
    head = (f"\np and Benjamini-Hochberg q ({test}, {args.alternative}; q over all {task.n_words} words) of the "
            f"{len(shown)} words shown{chosen}:")
    return head + "\n" + shown[["word", "tp", "fp", "p", "q"]].to_string(
        index=False, formatters={"p": _p_text, "q": _p_text})


def _p_text(p: float) -> str:
    """A p or q in three digits; one that underflowed to 0 (Fisher's p below about 1e-300) as ``<1e-300``."""
    return "<1e-300" if p == 0 else f"{p:.3g}"
