"""Which liblinear solver reaches LinearSVC's optimum first, by k / training documents: the rule behind
``fsviz.liblinear.DUAL_FROM``.

    python benchmarks/bench_solver.py [--datasets tr45 wap la1] [--per-k 40]

On the grid's own fits (trial 0, every fold, Forman's metrics, every k; at
most ``--per-k`` fits per k, spread over the classes), each fit is solved
three ways, in turn, fit by fit: the primal solver on merged duplicate rows
(fsviz), the dual solver on the rows as given, and the primal solver on the
rows as given (what scikit-learn's ``dual="auto"`` picks below k = n).
Printed per k: k / n, the mean milliseconds per fit of each (the mean: the
few fits that stop at ``max_iter`` cost as much as many others), how many
stopped at ``max_iter``, and how far each objective is above the lowest of
the three (relative); then the smallest k / n from which the dual solver is
the faster one on every dataset. (The merged rows always go to the primal
solver here, whatever ``fsviz.liblinear.MERGE_BELOW`` says.)

    python benchmarks/bench_solver.py --first-pass [--datasets fbis re0 wap la1 re1 tr11] [--per-k 150]

The rule behind ``fsviz.liblinear.DUAL_FIRST_PASS``: on up to ``--per-k``
of the grid's dual fits per dataset (k >= ``DUAL_FROM`` × rows, trial 0,
fold 0), ``LinearSVCSolver.fit`` without a first pass, with one at 2, 3, 10
and 30 × tol for every k, with fsviz's tiers (the factor by k / rows), and
``LinearSVC.fit`` (scikit-learn's primal solver), in turn fit by fit.
Printed: the total seconds of each, the share of fits whose first pass was
kept, and how many test predictions differ from a tight solve (primal, tol
1e-10).
"""

import argparse
import statistics
import time
import warnings

import numpy as np
from _common import shared
from scipy import sparse
from sklearn.svm import LinearSVC

import fsviz
from fsviz import liblinear
from fsviz.grid import GridConfig, cell_splits, fold_selections
from fsviz.grid.fits import gather_columns
from fsviz.liblinear import DUAL_FROM, LinearSVCSolver
from fsviz.metrics import FORMAN_METRICS

#: The tiers tried by k / rows (10 x tol below 0.9 x the rows, 3 x to 2 x, 2 x above): faster dual fits on tr45,
#: but Forman's whole protocol took 1.06 x as long with them, so fsviz.liblinear.DUAL_FIRST_PASS is 10 x throughout.
TIERS = ((0.9, 10.0), (2.0, 3.0), (np.inf, 2.0))


def fits_of(corpus, per_k, seed=0):
    """(k, training rows, y, CSR arrays) for up to ``per_k`` of the grid's fits per k."""
    config = GridConfig(trials=1)
    X = sparse.csr_matrix(corpus.X, dtype=np.float64)
    by_k = {k: [] for k in config.ks}
    for name in corpus.classes:
        y = corpus.y(name)
        if y.sum() < config.folds:
            continue
        for train, _ in cell_splits(y, config, 0):
            X_train = X[train]
            chosen = fold_selections(X_train, y[train], FORMAN_METRICS, config.ks, random_state=seed)
            csc = X_train.tocsc()
            for sets in chosen.selections.values():
                for k, columns in sets.items():
                    by_k[k].append((y[train], csc, np.sort(columns)))
    rng = np.random.default_rng(seed)
    for k, fits in by_k.items():
        for i in rng.permutation(len(fits))[:per_k]:
            y, csc, columns = fits[i]
            yield k, y, gather_columns(csc, columns), columns.size


def solve(solver, how, arrays, n_columns):
    start = time.perf_counter()
    if how == "primal, merged":
        fit = solver._merged_primal(*arrays, n_columns)
    else:
        fit = solver._solve(how == "dual", *arrays, n_columns, solver.labels, solver.ones, solver.model.tol)
    return time.perf_counter() - start, fit


def dual_fits(corpus, n, seed=0):
    """(y_train, train CSR arrays, n_columns, test CSR) for up to ``n`` of the grid's dual fits (trial 0,
    fold 0)."""
    config = GridConfig(trials=1)
    X = sparse.csr_matrix(corpus.X, dtype=np.float64)
    fits = []
    for name in corpus.classes:
        y = corpus.y(name)
        if y.sum() < config.folds:
            continue
        train, test = cell_splits(y, config, 0)[0]
        X_train, X_test = X[train], X[test]
        chosen = fold_selections(X_train, y[train], FORMAN_METRICS, config.ks, random_state=seed)
        fits += [(y[train], X_train, X_test, np.sort(columns)) for sets in chosen.selections.values()
                 for columns in sets.values() if columns.size >= DUAL_FROM * train.size]
    for i in np.random.default_rng(seed).permutation(len(fits))[:n]:
        y, X_train, X_test, columns = fits[i]
        test = gather_columns(X_test.tocsc(), columns)
        yield y, gather_columns(X_train.tocsc(), columns), columns.size, sparse.csr_matrix(
            test, shape=(X_test.shape[0], columns.size))


def _recorded(first_pass, passes, skip):
    """``first_pass`` (or none, if ``skip``) that appends what it returns to ``passes``."""
    def recorded(*args):
        passes.append(None if skip else first_pass(*args))
        return passes[-1]
    return recorded


def first_pass(args):
    """Times and test predictions of the grid's dual fits with and without the first pass."""
    factors = (2, 3, 10, 30)
    tiers = TIERS
    ways = ("no first pass", *(f"first pass {f}x" for f in factors), "first pass tiers", "LinearSVC.fit")
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        seconds, kept, differ, n = dict.fromkeys(ways, 0.0), dict.fromkeys(ways, 0), dict.fromkeys(ways, 0), 0
        for y, arrays, n_columns, X_test in dual_fits(corpus, args.per_k):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                reference = LinearSVC(dual=False, tol=1e-10, max_iter=10**6, random_state=0).fit(
                    sparse.csr_matrix(arrays, shape=(y.size, n_columns)), y).decision_function(X_test) > 0
            order = ways if n % 2 == 0 else ways[::-1]  # alternate who goes first
            for way in order:
                solver = LinearSVCSolver(fsviz.classifiers.make_classifier("svm"), y,
                                         "sklearn" if way == "LinearSVC.fit" else "fastest")
                liblinear.DUAL_FIRST_PASS = ((np.inf, factors[ways.index(way) - 1]),) if "x" in way else tiers
                passes = []
                solver._first_pass = _recorded(solver._first_pass, passes, skip=way == ways[0])
                start = time.perf_counter()
                fit = solver.fit(*arrays, n_columns)
                kept[way] += bool(passes) and passes[-1] is not None
                coef, intercept = fit.coef, fit.intercept
                seconds[way] += time.perf_counter() - start
                differ[way] += int(np.count_nonzero(((X_test @ coef + intercept) > 0) != reference))
            n += 1
        print(f"{name}: {n} dual fits")
        for way in ways:
            share = f"first pass kept {kept[way] / max(n, 1):4.0%}" if "first pass " in way else " " * 20
            print(f"  {way:16} {seconds[way]:7.2f} s ({seconds[ways[0]] / seconds[way]:4.2f}x)   {share}   "
                  f"{differ[way]:3d} test predictions differ from a tight solve")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["tr45", "wap", "la1"])
    parser.add_argument("--per-k", type=int, default=40)
    parser.add_argument("--first-pass", action="store_true", help="the dual solver's first pass (DUAL_FIRST_PASS)")
    args = parser.parse_args()
    if args.first_pass:
        return first_pass(args)
    ways = ("primal, merged", "dual", "primal")
    crossover = {}
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        print(f"{name}: {corpus.n_docs} documents, {corpus.n_words} words")
        print(f"  {'k':>5} {'k/n':>6} " + " ".join(f"{w + ' ms':>16}" for w in ways)
              + "   max_iter (p-m/d/p)   objective above best (p-m/d/p)")
        rows, ratios = {}, {}
        for k, y, arrays, n_columns in fits_of(corpus, args.per_k):
            solver = LinearSVCSolver(fsviz.classifiers.make_classifier("svm"), y)
            order = ways if len(rows.get(k, [])) % 2 == 0 else ways[::-1]  # alternate who goes first
            results = {how: solve(solver, how, arrays, n_columns) for how in order}
            objectives = {how: solver._objective(fit, *arrays) for how, (_, fit) in results.items()}
            best = min(objectives.values())
            rows.setdefault(k, []).append({how: (seconds, fit.converged, (objectives[how] - best) / best)
                                           for how, (seconds, fit) in results.items()})
            ratios.setdefault(k, []).append(n_columns / y.size)
        for k, fits in sorted(rows.items()):
            ratio = statistics.median(ratios[k])
            med = [1000 * statistics.mean(f[how][0] for f in fits) for how in ways]  # the mean: the tail costs too
            stops = "/".join(str(sum(not f[how][1] for f in fits)) for how in ways)
            gaps = "/".join(f"{statistics.median(f[how][2] for f in fits):.0e}" for how in ways)
            print(f"  {k:5d} {ratio:6.2f} " + " ".join(f"{m:16.2f}" for m in med) + f"   {stops:>18}   {gaps}")
            if med[1] < med[0]:
                crossover.setdefault(name, ratio)
        print(f"  dual faster than merged primal from k/n = {crossover.get(name, float('nan')):.2f}")
    print(f"rule: dual from k/n >= {max(crossover.values(), default=float('nan')):.2f} on every dataset above")


if __name__ == "__main__":
    main()
