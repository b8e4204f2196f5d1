"""Does the quick answer's k survive a second split? Its F-measure k range beside a fuller grid's, on every shared corpus.

    python benchmarks/bench_quick_k.py [--corpora oh0,wap] [--classes 4] [--max-docs 2500] [--trials 5] [--jobs 2]
                                       [--budget 60]

For every corpus in the shared data folder (``../shared/data``, each sub-folder PROVENANCE.md describes; skipped
when the folder is absent), on the same classes (the quick plan's ``--classes`` largest):

- **quick, first run**: the quick plan alone (six k ×3 apart, 4 folds × 1 trial), as the provisional answer;
- **quick, refined**: :func:`fsviz.evaluation.run_quick`, the answer ``fsviz recommend`` gives: k refined around the
  peaks and, within ``--budget`` seconds, a second split;
- **full**: a fuller grid on other splits (seed 1, so no fold is the quick plan's): the quick plan's metrics at
  Forman's k (10 … 2,000) and the quick steps (30, 300, 3,000, 10,000) with 5,000 and 20,000, every one below the
  vocabulary, ``--trials`` × 4 folds (Forman's 5 × 4 by default).

Each answer's F-measure k range is :func:`fsviz.evaluation.recommend`'s (the one-standard-error range of the best
selection's curve, macro-averaged over the classes). Printed per corpus: the ranges, whether the quick one
overlaps the full one (as intervals of k), the best selection's macro F1 in each, what the quick answer's choice
(its metric at its peak k, or the full grid's k nearest it) gives up on the full grid's splits against the full
grid's best (a quality number), and the wall time of each. Beside them, "both sides": the range a two-sided rule
would give (the contiguous run of k tried around the peak within one standard error of it, above the peak as well
as below), to show what such a rule would change. A corpus with more than ``--max-docs`` documents is run on a
stratified sample of that many (seed 0), its rare-word cutoff (3 documents) counted again on the sample; the
table says so. Two worker processes by default, as the app runs a grid: the times are only comparable at a similar load (printed).
"""

import argparse
import dataclasses
import os
import time

import numpy as np
from _common import SHARED_DATA

import fsviz
from fsviz.evaluation.analyses import fold_macro, macro_average
from fsviz.evaluation.answer import QUICK_KS, QUICK_METRICS, quick_plan, recommend, run_quick
from fsviz.evaluation.grid import DEFAULT_KS, GridConfig, run_grid

#: The full grid's k: Forman's, the quick steps, and two more, each kept when below the vocabulary.
FULL_KS = tuple(sorted({*DEFAULT_KS, *QUICK_KS, 5000, 20000}))


def corpora(names=None):
    """The shared corpora, by folder name (every folder with data in it, sorted)."""
    folders = sorted(p for p in SHARED_DATA.iterdir() if p.is_dir() and any(p.iterdir()))
    return [p for p in folders if names is None or p.name in names]


def sampled(corpus, max_docs: int, seed: int = 0):
    """``corpus``, or a stratified sample of ``max_docs`` of its documents (each class in proportion, at least
    one document each) with the rare-word cutoff counted again on the sample; and a note saying which."""
    if corpus.n_docs <= max_docs:
        return corpus, ""
    rng = np.random.default_rng(seed)
    labels = corpus.labels if not corpus.is_multilabel else np.asarray(corpus.Y.argmax(axis=1)).ravel()
    rows = []
    for label in np.unique(labels):
        members = np.flatnonzero(labels == label)
        take = max(1, round(members.size * max_docs / corpus.n_docs))
        rows.append(rng.choice(members, size=min(take, members.size), replace=False))
    rows = np.sort(np.concatenate(rows))
    sample = dataclasses.replace(corpus, X_tf=corpus.X_tf[rows].tocsr(), Y=corpus.Y[rows].tocsr(), texts=None,
                                 test_rows=None, name=f"{corpus.name} (sample)")
    sample = sample.with_min_df(int(corpus.options.get("min_df") or 3))
    return sample, f"sample of {sample.n_docs:,} of {corpus.n_docs:,} docs"


def f1_range(answer) -> tuple[int, int, str, float]:
    row = answer.iloc[0]
    assert row["goal"] == "f1"
    return int(row["k_low"]), int(row["k_high"]), str(row["best"]), float(row["value"])


def both_sides(results, best: str) -> tuple[int, int]:
    """The k range a two-sided rule would give: the run of k tried on either side of the best selection's peak whose
    macro F1 stays within one standard error (of the peak's held-out fold scores) of the peak, contiguous."""
    curve = macro_average(results)
    curve = curve[curve["metric"] == best].sort_values("k")
    ks, values = curve["k"].to_numpy(), curve["f1"].to_numpy()
    peak = int(np.argmax(values))
    folds = fold_macro(results, "f1")
    held = folds.loc[(folds["metric"] == best) & (folds["k"] == ks[peak]), "held"].to_numpy()
    floor = values[peak] - (held.std(ddof=1) / np.sqrt(held.size) if held.size > 1 else 0.0) - 1e-12
    low = high = peak
    while low > 0 and values[low - 1] >= floor:
        low -= 1
    while high + 1 < len(ks) and values[high + 1] >= floor:
        high += 1
    return int(ks[low]), int(ks[high])


def lost(full_results, metric: str, k: int, best: float) -> tuple[int, float]:
    """What the quick answer's choice (``metric`` at its peak ``k``) scores on the full grid's splits, at the full
    grid's k nearest to ``k`` (log scale): that k, and the macro F1 it gives up against the full grid's best."""
    macro = macro_average(full_results)
    curve = macro[macro["metric"] == metric]
    nearest = curve.iloc[int(np.argmin(np.abs(np.log(curve["k"].to_numpy()) - np.log(k))))]
    return int(nearest["k"]), best - float(nearest["f1"])


def overlap(a, b) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def text(r) -> str:
    return f"{r[0]:,}" if r[0] == r[1] else f"{r[0]:,}–{r[1]:,}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", default=None, help="comma-separated folder names (default: every one)")
    parser.add_argument("--classes", type=int, default=4, help="the quick plan's largest classes (default 4)")
    parser.add_argument("--max-docs", type=int, default=2500, help="a stratified sample above this (default 2500)")
    parser.add_argument("--trials", type=int, default=5, help="the full grid's trials (default 5)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--budget", type=float, default=60.0, help="the quick answer's budget, s (default 60)")
    args = parser.parse_args()
    if not SHARED_DATA.is_dir():
        print(f"skipped: {SHARED_DATA} not present (the shared data sits beside the repository)")
        return
    names = set(args.corpora.split(",")) if args.corpora else None
    rows = []
    print(f"quick: {len(QUICK_METRICS) - 1} metrics + Rand + all words, its k ×3 apart, 4 folds × 1 trial, refined "
          f"(budget {args.budget:g} s); full: the same metrics, k in {FULL_KS} below the vocabulary, {args.trials} "
          f"trials × 4 folds on other splits (seed 1); the {args.classes} largest classes; {args.jobs} workers")
    for folder in corpora(names):
        corpus, note = sampled(fsviz.load_corpus(folder), args.max_docs)
        plan = quick_plan(corpus, max_classes=args.classes)
        first = {}
        start = time.perf_counter()
        quick = run_quick(corpus, plan, budget=args.budget, n_jobs=args.jobs,
                          on_answer=lambda answer, run, into=first, t0=start: into.update(
                              answer=answer, seconds=time.perf_counter() - t0))
        quick_seconds = time.perf_counter() - start
        refined = f1_range(recommend(quick.results))
        provisional = f1_range(first["answer"])
        full_config = GridConfig(metrics=QUICK_METRICS, ks=tuple(k for k in FULL_KS if k < corpus.n_words),
                                 trials=args.trials, folds=4, classes=plan.classes, seed=1)
        start = time.perf_counter()
        full_run = run_grid(corpus, full_config, n_jobs=args.jobs)
        full_seconds = time.perf_counter() - start
        full = f1_range(recommend(full_run.results))
        quick_both, full_both = both_sides(quick.results, refined[2]), both_sides(full_run.results, full[2])
        at_k, given_up = lost(full_run.results, refined[2], refined[1], full[3])
        row = dict(corpus=folder.name, size=f"{corpus.n_docs:,}×{corpus.n_words:,}", note=note,
                   classes=len(plan.classes), first=text(provisional), first_overlap=overlap(provisional, full),
                   quick=text(refined), ks=len(quick.final_plan.config.ks), trials=quick.final_plan.config.trials,
                   full=text(full), overlap=overlap(refined, full), quick_f1=refined[3], full_f1=full[3],
                   quick_both=text(quick_both), full_both=text(full_both), overlap_both=overlap(quick_both, full_both),
                   full_fits=full_run.fits, at_k=at_k, lost=given_up, first_s=first["seconds"], quick_s=quick_seconds,
                   estimate_s=first["seconds"] + (quick.refinement.estimate if quick.refinement else 0.0),
                   full_s=full_seconds,
                   load=os.getloadavg()[0])
        rows.append(row)
        print(f"{row['corpus']}: {row['size']} {note}; quick first {row['first']} ({row['first_s']:.1f} s), refined "
              f"{row['quick']} ({row['ks']} k, {row['trials']} split(s), {row['quick_s']:.1f} s, estimated "
              f"{row['estimate_s']:.1f} s), full {row['full']} ({row['full_s']:.1f} s, {row['full_fits']:,} fits); "
              f"both sides: quick {row['quick_both']}, full {row['full_both']}; the quick choice on the full grid's "
              f"splits (k = {at_k:,}) gives up {given_up:.4f} macro F1; overlap "
              f"{'yes' if row['overlap'] else 'NO'}; load {row['load']:.1f}", flush=True)
    header = ("| corpus | docs × words | classes | quick first run: F1 k | overlap | quick refined: F1 k (k tried, "
              "splits) | full: F1 k | overlap | both sides: quick / full | overlap | macro F1 quick / full | "
              "F1 given up on the full splits | quick s (first) | full s |")
    print("\n" + header)
    print("|" + "---|" * (header.count("|") - 1))
    for r in rows:
        size = r["size"] + (f" ({r['note']})" if r["note"] else "")
        print(f"| {r['corpus']} | {size} | {r['classes']} | {r['first']} | {'yes' if r['first_overlap'] else 'no'} "
              f"| {r['quick']} ({r['ks']}, {r['trials']}) | {r['full']} | {'yes' if r['overlap'] else 'no'} | "
              f"{r['quick_both']} / {r['full_both']} | {'yes' if r['overlap_both'] else 'no'} | "
              f"{r['quick_f1']:.3f} / {r['full_f1']:.3f} | {r['lost']:.4f} (k = {r['at_k']:,}) | {r['quick_s']:.1f} "
              f"({r['first_s']:.1f}) | {r['full_s']:.1f} |")
    if rows:
        print(f"\noverlap with the full grid's F1 k range: quick first run {sum(r['first_overlap'] for r in rows)} "
              f"of {len(rows)} corpora, quick refined {sum(r['overlap'] for r in rows)} of {len(rows)}; with ranges on "
              f"both sides of the peak, {sum(r['overlap_both'] for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
