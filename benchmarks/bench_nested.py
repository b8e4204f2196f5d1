"""What textbook nested cross-validation costs, and what the shortcut claimed: the quick plan's grid with the
choice made by an inner cross-validation inside each fold's training documents (``inner_folds=3``) against the
same grid without it (the choice made on the other outer folds), run side by side, A B A B.

For each run: wall time to the answer (two workers, as the app runs it), and for the F1 goal the choice's held-out
score and all words' on the same folds. The shortcut's held-out score is optimistic (its choosing folds' models saw
the held-out fold's documents); the inner one is the estimate a statistician signs.

    python benchmarks/bench_nested.py [--corpus re0|la1|oh10|sample] [--repeat 3]
"""

import argparse
import os
import statistics
import time
from dataclasses import replace

from _common import shared, warm_dual_solver

import fsviz
from fsviz.evaluation.answer import quick_plan, recommend
from fsviz.evaluation.grid import run_grid

CORPORA = {name: (lambda name=name: fsviz.load_corpus(shared(name))) for name in ("re0", "re1", "la1", "oh10", "wap")}
CORPORA["sample"] = fsviz.load_sample


def answer(corpus, config):
    start = time.perf_counter()
    run = run_grid(corpus, config, n_jobs=2)
    table = recommend(run.results)
    return time.perf_counter() - start, table.iloc[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="re0", choices=sorted(CORPORA))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--inner", type=int, default=3)
    args = parser.parse_args()
    corpus = CORPORA[args.corpus]()
    plan = quick_plan(corpus)
    shortcut, nested = replace(plan.config, inner_folds=0), replace(plan.config, inner_folds=args.inner)
    warm_dual_solver()
    print(f"{corpus}\nplan: {plan.text}")
    times = {"shortcut": [], "inner": []}
    for i in range(args.repeat):
        for name, config in (("shortcut", shortcut), ("inner", nested)):
            seconds, f1 = answer(corpus, config)
            times[name].append(seconds)
            print(f"pair {i + 1} {name:>8}: {seconds:6.1f} s; F1 {f1['verdict_all_words']}: held out "
                  f"{f1['nested']:.3f} vs all words {f1['nested_all']:.3f} (p = {f1['p_all']:.3f}), best "
                  f"{f1['best']} k {f1['k_low']}-{f1['k_high']}; load {os.getloadavg()[0]:.1f}")
    ratios = [b / a for a, b in zip(times["shortcut"], times["inner"])]
    print(f"median: shortcut {statistics.median(times['shortcut']):.1f} s, inner {statistics.median(times['inner']):.1f} s;"
          f" inner / shortcut {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
