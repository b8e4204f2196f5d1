"""Which solver reaches LinearSVC's optimum first, by k / training documents: the rule behind
``fsviz.learn._liblinear.DUAL_FROM``; and when to stop the dual one, the rule behind ``fsviz.learn._liblinear.DUAL_GAP``.

    python benchmarks/bench_solver.py [--datasets tr45 wap la1] [--per-k 40]

On the grid's own fits (trial 0, every fold, Forman's metrics, every k; at
most ``--per-k`` fits per k, spread over the classes), each fit is solved
three ways, in turn, fit by fit: liblinear's primal solver on merged
duplicate rows (fsviz), fsviz's dual solver (``fsviz.learn._dual_cd``, stopped by
its duality gap) on the rows as given, and the primal solver on the
rows as given (what scikit-learn's ``dual="auto"`` picks below k = n).
Printed per k: k / n, the mean milliseconds per fit of each (the mean: the
few fits that stop at ``max_iter`` cost as much as many others), how many
stopped at ``max_iter``, and how far each objective is above the lowest of
the three (relative); then the smallest k / n from which the dual solver is
the faster one on every dataset. (The merged rows always go to the primal
solver here, whatever ``fsviz.learn._liblinear.MERGE_BELOW`` says.)

    python benchmarks/bench_solver.py --dual-stop [--datasets tr45 wap la1] [--per-k 150]

The rule behind ``fsviz.learn._liblinear.DUAL_GAP``: on up to ``--per-k`` of the
grid's dual fits per dataset (k >= ``DUAL_FROM`` × rows, trial 0, fold 0),
in turn fit by fit, the dual solver stopped by liblinear's own rule
(projected gradients within ``tol``); the way fsviz stopped it before
``fsviz.learn._dual_cd`` (a first pass at 10 × ``tol``, kept if its paired gap is
within 10⁻³, else solved again from the start at ``tol``); ``fsviz.learn._dual_cd``
with ``DUAL_GAP`` 10⁻⁴ to 10⁻⁷; and ``LinearSVC.fit`` (scikit-learn's
primal solver). Printed: the total seconds of each, its epochs, and how many
test predictions differ from a tight solve (primal, tol 1e-10).
"""

import argparse
import statistics
import time
import warnings

import numpy as np
from _common import shared, warm_dual_solver
from scipy import sparse
from sklearn.svm import LinearSVC

import fsviz
from fsviz.evaluation.grid import GridConfig, cell_splits, fold_selections
from fsviz.evaluation.grid.fits import gather_columns
from fsviz.learn import _liblinear as liblinear
from fsviz.learn._liblinear import DUAL_FROM, LinearSVCSolver
from fsviz.metrics import FORMAN_METRICS

#: The duality gaps fsviz.learn._dual_cd is tried with (--dual-stop).
DUAL_GAPS = (1e-4, 1e-5, 1e-6, 1e-7)


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
    elif how == "dual":  # fsviz's dual solver, stopped by its duality gap (fsviz.learn._dual_cd)
        fit = solver._dual(*arrays, n_columns)
    else:  # liblinear's primal solver on the rows as given
        fit = solver._solve(False, *arrays, n_columns, solver.labels, solver.ones, solver.model.tol)
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


def _liblinear_dual(solver, arrays, n_columns, tol):
    return solver._solve(True, *arrays, n_columns, solver.labels, solver.ones, tol)


def _first_pass_then_again(solver, arrays, n_columns):
    """The dual fits as fsviz made them before fsviz.learn._dual_cd: liblinear at 10 × tol, kept if its paired gap is
    within GAP_TOLERANCE, else solved again from the start at tol. Returns (fit, epochs)."""
    first = _liblinear_dual(solver, arrays, n_columns, 10 * solver.model.tol)
    if solver._gap(first, *arrays, n_columns) <= liblinear.GAP_TOLERANCE:
        return first, first.n_iter
    again = _liblinear_dual(solver, arrays, n_columns, solver.model.tol)
    return again, first.n_iter + again.n_iter


def dual_stop(args):
    """Times, epochs and test predictions of the grid's dual fits under each stopping rule."""
    ways = ("liblinear's rule", "first pass, again", *(f"gap {gap:.0e}" for gap in DUAL_GAPS), "LinearSVC.fit")
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        seconds, epochs, differ = dict.fromkeys(ways, 0.0), dict.fromkeys(ways, 0), dict.fromkeys(ways, 0)
        n = 0
        for y, arrays, n_columns, X_test in dual_fits(corpus, args.per_k):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                reference = LinearSVC(dual=False, tol=1e-10, max_iter=10**6, random_state=0).fit(
                    sparse.csr_matrix(arrays, shape=(y.size, n_columns)), y).decision_function(X_test) > 0
            for way in ways if n % 2 == 0 else ways[::-1]:  # alternate who goes first
                solver = LinearSVCSolver(fsviz.learn.classifiers.make_classifier("svm"), y,
                                         "sklearn" if way == "LinearSVC.fit" else "fastest")
                start = time.perf_counter()
                if way == "liblinear's rule":
                    fit = _liblinear_dual(solver, arrays, n_columns, solver.model.tol)
                    spent = fit.n_iter
                elif way == "first pass, again":
                    fit, spent = _first_pass_then_again(solver, arrays, n_columns)
                elif way.startswith("gap"):
                    liblinear.DUAL_GAP = DUAL_GAPS[ways.index(way) - 2]
                    fit = solver._dual(*arrays, n_columns)
                    spent = fit.n_iter
                else:
                    fit = solver.fit(*arrays, n_columns)
                    spent = fit.n_iter
                seconds[way] += time.perf_counter() - start
                epochs[way] += spent
                differ[way] += int(np.count_nonzero(((X_test @ fit.coef + fit.intercept) > 0) != reference))
            n += 1
        print(f"{name}: {n} dual fits")
        for way in ways:
            print(f"  {way:18} {seconds[way]:7.2f} s ({seconds[ways[1]] / seconds[way]:4.2f}x the way before)"
                  f"   {epochs[way]:7d} epochs   {differ[way]:3d} test predictions differ from a tight solve")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["tr45", "wap", "la1"])
    parser.add_argument("--per-k", type=int, default=40)
    parser.add_argument("--dual-stop", action="store_true", help="the dual solver's stopping rule (DUAL_GAP)")
    args = parser.parse_args()
    warm_dual_solver()
    if args.dual_stop:
        return dual_stop(args)
    ways = ("primal, merged", "dual", "primal")
    crossover = {}
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        print(f"{name}: {corpus.n_docs} documents, {corpus.n_words} words")
        print(f"  {'k':>5} {'k/n':>6} " + " ".join(f"{w + ' ms':>16}" for w in ways)
              + "   max_iter (p-m/d/p)   objective above best (p-m/d/p)")
        rows, ratios = {}, {}
        for k, y, arrays, n_columns in fits_of(corpus, args.per_k):
            solver = LinearSVCSolver(fsviz.learn.classifiers.make_classifier("svm"), y)
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
