"""Forman's whole protocol on the 12 Han & Karypis sets: wall time on this machine, and how it scales on
a local Dask cluster.

    python benchmarks/bench_protocol.py [--ways jobs2 dask1 dask2] [--solver fastest|sklearn] [--trials 5]

The protocol: Forman's twelve metrics × 8 k (10 … 2000) and all features,
5 trials × 4 folds, every class of fbis, la1, oh0, oh10, oh15, re0,
re1, tr11, tr31, tr41, tr45 and wap against the rest, a linear SVM. Each
way runs the same grid from scratch (no stored results): ``jobs2`` on two
worker processes (joblib), ``dask1`` and ``dask2`` on a local Dask cluster
of one and two workers. Printed: wall seconds, fits, fits per second, and
for Dask the throughput each added worker brings.

    python benchmarks/bench_protocol.py --against DIR [--rounds 2] [--trials 1] [--solver fastest]

Before and after: this checkout's fsviz against the one in DIR (for example
``git archive <commit> fsviz | tar -x -C DIR``), each round both in turn
(who goes first alternates), each in a fresh process that reads the 12 sets
and times ``run_grid`` on two workers (reading excluded). Printed: each
pair's seconds, fits and ratio (DIR's time / this one's), and the median of
the pairs' ratios.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time

from _common import REPO, shared

import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid

DATASETS = ("fbis", "la1", "oh0", "oh10", "oh15", "re0", "re1", "tr11", "tr31", "tr41", "tr45", "wap")


_ONE_RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid
corpora = [fsviz.load_corpus(path) for path in sys.argv[4:]]
config = GridConfig(trials=int(sys.argv[2]), solver=sys.argv[3])
start = time.perf_counter()
run = run_grid(corpora, config, n_jobs=2)
print(json.dumps({"seconds": time.perf_counter() - start, "fits": run.fits, "fsviz": fsviz.__file__}))
"""


def against(args):
    """Pairs of whole-protocol runs, this checkout's fsviz and ``args.against``'s, in fresh processes."""
    paths = [str(shared(name)) for name in args.datasets]
    trees = {"this": str(REPO), "other": args.against}
    ratios = []
    for round_ in range(args.rounds):
        seconds = {}
        for side in (("this", "other") if round_ % 2 == 0 else ("other", "this")):
            out = subprocess.run([sys.executable, "-c", _ONE_RUN, trees[side], str(args.trials), args.solver, *paths],
                                 check=True, capture_output=True, text=True).stdout
            result = json.loads(out.strip().splitlines()[-1])
            seconds[side] = result["seconds"]
            print(f"  round {round_ + 1}, {side:5} ({result['fsviz']}): {result['seconds']:7.1f} s, "
                  f"{result['fits']:,} fits", flush=True)
        ratios.append(seconds["other"] / seconds["this"])
        print(f"  round {round_ + 1}: {args.against} takes {ratios[-1]:.2f}x this checkout's time", flush=True)
    print(f"median of {len(ratios)} pairs' ratios: {statistics.median(ratios):.2f}x "
          f"({', '.join(f'{r:.2f}x' for r in ratios)})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ways", nargs="+", default=["jobs2", "dask1", "dask2"])
    parser.add_argument("--solver", choices=["fastest", "sklearn"], default="fastest")
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--datasets", nargs="+", default=list(DATASETS))
    parser.add_argument("--against", help="another checkout's folder: time its fsviz against this one's, in pairs")
    parser.add_argument("--rounds", type=int, default=2, help="pairs of runs with --against")
    args = parser.parse_args()
    if args.against:
        return against(args)
    start = time.perf_counter()
    corpora = [fsviz.load_corpus(shared(name)) for name in args.datasets]
    print(f"{len(corpora)} datasets read in {time.perf_counter() - start:.1f} s: "
          f"{sum(c.n_docs for c in corpora):,} documents, {sum(c.n_classes for c in corpora)} classes")
    config = GridConfig(trials=args.trials, solver=args.solver)
    rates = {}
    for way in args.ways:
        options = {"n_jobs": int(way[4:])} if way.startswith("jobs") else {"workers": int(way[4:])}
        start = time.perf_counter()
        run = run_grid(corpora, config, **options)
        seconds = time.perf_counter() - start
        rates[way] = run.fits / seconds
        checked, resolved, unconverged = run.solver_counts()
        print(f"{way:6} {seconds:7.1f} s wall ({seconds / 60:.1f} min): {run.cells_done:,} cells, {run.fits:,} fits, "
              f"{rates[way]:.0f} fits/s; {len(run.results):,} rows; max_iter: {checked} gap-checked, "
              f"{resolved} solved again, {unconverged} not converged", flush=True)
    if "dask1" in rates and "dask2" in rates:
        print(f"Dask: 2 workers give {rates['dask2'] / rates['dask1']:.2f}x the fits/s of 1 "
              f"(+{rates['dask2'] - rates['dask1']:.0f} fits/s for the second worker)")


if __name__ == "__main__":
    main()
