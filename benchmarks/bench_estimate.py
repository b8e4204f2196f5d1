"""How good the grid page's time estimates are: before the start, and from the live rate at 10% and 50% of cells.

    python benchmarks/bench_estimate.py [--jobs -1]

Not a test. Runs three grids on the sample corpus (small, medium, large: its 2, 6 and 12 largest classes; 2 trials × 4 folds;
Forman's twelve metrics at his k) the way the app does, and reports, for each:

- the estimate shown before the start (``estimate_seconds``: the start-up, then ``time_cell`` of one cell ×
  cells / worker processes, as the panel);
- the time left the progress bar shows once 10% and 50% of the cells are done (``time_left``: the estimate
  blended with the live rate by the share done);
- the actual time, and each estimate's error as (estimated total − actual) / actual.
"""

import argparse
import time

import fsviz
from fsviz.evaluation.grid import DEFAULT_KS, GridConfig, estimate_seconds, n_workers, run_grid, time_cell, time_left


def measure(corpus, n_classes, jobs):
    largest = sorted(range(corpus.n_classes), key=lambda i: -corpus.class_sizes[i])[:n_classes]
    config = GridConfig(ks=DEFAULT_KS, trials=2, folds=4, classes=tuple(str(corpus.classes[i]) for i in largest))
    seconds = time_cell(corpus, config)
    workers = max(1, n_workers(jobs))
    marks = []
    began = time.perf_counter()

    def progress(done, total):
        marks.append((time.perf_counter() - began, done, total))

    run = run_grid(corpus, config, n_jobs=jobs, progress=progress, flush_seconds=3600)
    actual = time.perf_counter() - began
    total = run.cells_total
    before = estimate_seconds(seconds, total, workers)

    def at(share):
        for elapsed, done, _ in marks:
            if done >= share * total and done > 0:
                return elapsed + time_left(elapsed, done, total, before)
        return float("nan")

    return total, actual, before, at(0.1), at(0.5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=-1)
    args = parser.parse_args()
    corpus = fsviz.load_sample()
    print(f"{'run':<8} {'cells':>6} {'actual':>8} {'before':>14} {'at 10%':>14} {'at 50%':>14}")
    for name, n in (("small", 2), ("medium", 6), ("large", 12)):
        total, actual, before, ten, half = measure(corpus, n, args.jobs)
        shown = [f"{v:6.0f} s {100 * (v - actual) / actual:+4.0f}%" for v in (before, ten, half)]
        print(f"{name:<8} {total:>6} {actual:6.0f} s " + " ".join(f"{s:>14}" for s in shown))


if __name__ == "__main__":
    main()
