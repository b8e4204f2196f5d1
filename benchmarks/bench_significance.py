"""Fisher's exact p-values and Benjamini-Hochberg q-values on 100,000 words: fsviz against the usual scipy ways.

One process per way, so a whole-process timer can pair them A/B:

    python benchmarks/bench_significance.py --way fsviz       # fsviz.stats.significance.significance (Fisher + BH)
    python benchmarks/bench_significance.py --way scipy       # scipy.stats.fisher_exact per table + false_discovery_control
    python benchmarks/bench_significance.py --way hypergeom   # scipy.stats.hypergeom.sf over the arrays + BH

Each prints its own in-process seconds (median of --repeat runs) and, as the quality number, the largest relative
difference of its p-values from fsviz's over the words (0 for fsviz itself). The words: a 20 Newsgroups-sized task
(pos 1,000, neg 19,000) with Zipf-distributed document frequencies, seeded; goal <= 0.5 s for fsviz (issue 28).
"""

from __future__ import annotations

import argparse
import time
from types import SimpleNamespace

import numpy as np
from scipy.stats import false_discovery_control, fisher_exact, hypergeom

from fsviz.stats.significance import significance


def words(n_words=100_000, pos=1000, neg=19000, seed=0):
    rng = np.random.default_rng(seed)
    df = np.minimum(rng.zipf(1.3, n_words), (pos + neg) // 2)
    tp = np.minimum(rng.binomial(df, np.clip(pos / (pos + neg) * np.exp(rng.normal(0, 1, n_words)), 0, 0.99)), pos)
    return SimpleNamespace(tp=tp, fp=np.minimum(df - tp, neg), pos=pos, neg=neg)


def run(way, task, alternative):
    if way == "fsviz":
        return significance(task, alternative=alternative).p
    if way == "hypergeom":
        assert alternative == "greater"
        p = hypergeom.sf(task.tp - 1, task.pos + task.neg, task.pos, task.tp + task.fp)
    else:
        p = np.array([fisher_exact([[a, task.pos - a], [b, task.neg - b]], alternative=alternative).pvalue
                      for a, b in zip(task.tp.tolist(), task.fp.tolist())])
    false_discovery_control(p, method="bh")
    return p


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--way", choices=("fsviz", "scipy", "hypergeom"), default="fsviz")
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--alternative", default="greater")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    task = words(args.words)
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        p = run(args.way, task, args.alternative)
        times.append(time.perf_counter() - start)
    ours = significance(task, alternative=args.alternative).p
    error = np.max(np.abs(p - ours) / np.maximum(ours, 1e-300))
    print(f"{args.way} {args.alternative} {args.words} words: {np.median(times):.3f} s (median of {args.repeat}); "
          f"largest relative difference from fsviz {error:.2g}")


if __name__ == "__main__":
    main()
