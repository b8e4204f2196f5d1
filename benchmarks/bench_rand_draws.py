"""Does the verdict against Rand hang on the seed? The quick plan's grid run under several seeds, Rand drawn once
in each cell and Rand drawn D times (``GridConfig(rand_draws=D)``, its expectation), seed by seed A B A B: for each
goal, the p against Rand and its verdict under every seed, how many seeds disagree with the majority, and the time
each run took.

    python benchmarks/bench_rand_draws.py [--corpus re0|re1|oh10|sample] [--seeds 5] [--draws 5]
"""

import argparse
import statistics
import time
from collections import Counter
from dataclasses import replace

from _common import shared, warm_dual_solver

import fsviz
from fsviz.evaluation.answer import quick_plan, recommend
from fsviz.evaluation.grid import run_grid

CORPORA = {name: (lambda name=name: fsviz.load_corpus(shared(name))) for name in ("re0", "re1", "oh10", "wap")}
CORPORA["sample"] = fsviz.load_sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="re0", choices=sorted(CORPORA))
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--draws", type=int, default=5)
    args = parser.parse_args()
    corpus = CORPORA[args.corpus]()
    plan = quick_plan(corpus)
    warm_dual_solver()
    print(f"{corpus}\nplan: {plan.text}")
    seen = {1: [], args.draws: []}
    times = {1: [], args.draws: []}
    for seed in range(args.seeds):
        for draws in seen:
            start = time.perf_counter()
            run = run_grid(corpus, replace(plan.config, seed=seed, rand_draws=draws), n_jobs=2)
            times[draws].append(time.perf_counter() - start)
            table = recommend(run.results).set_index("goal")
            seen[draws].append(table)
            print(f"seed {seed}, {draws} draw(s): {times[draws][-1]:.1f} s; " + "; ".join(
                f"{goal} {row['verdict_rand']} (p = {row['p_rand']:.3f})" for goal, row in table.iterrows()))
    for draws, tables in seen.items():
        flips = []
        for goal in tables[0].index:
            verdicts = Counter(t.loc[goal, "verdict_rand"] for t in tables)
            flips.append(f"{goal}: {sum(verdicts.values()) - max(verdicts.values())} of {len(tables)}")
        print(f"{draws} draw(s): seeds disagreeing with the majority verdict against Rand — {', '.join(flips)}; "
              f"median {statistics.median(times[draws]):.1f} s a run")
    print(f"time, {args.draws} draws / 1: {statistics.median(b / a for a, b in zip(times[1], times[args.draws])):.2f}")


if __name__ == "__main__":
    main()
