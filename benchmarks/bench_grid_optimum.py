"""How far each way of fitting the grid's SVMs is from the optimum: test predictions that differ from
LinearSVC solved to a tight tolerance, fit by fit.

    python benchmarks/bench_grid_optimum.py [--dataset tr45] [--trials 1] [--tol 1e-10]

For every fit of the grid (every class, fold, Forman metric and k, and all
features), the test split is predicted three ways: the grid's ``fastest``
solver, its ``sklearn`` solver (``LinearSVC.fit`` as scikit-learn runs it,
the fits ``GridSearchCV`` makes: the grid before it chose solvers), and a
reference, the primal solver with tolerance ``--tol`` and no iteration cap.
Printed: how many test predictions differ from the reference for each, per k
and in all, the fits that stopped at ``max_iter``, and the time each took.
"""

import argparse
import time
import warnings

import numpy as np
from _common import shared, warm_dual_solver
from scipy import sparse
from sklearn.svm import LinearSVC

import fsviz
from fsviz.evaluation.grid import GridConfig, cell_splits, fold_selections, seed_for
from fsviz.evaluation.grid.fits import CellFits, gather_columns


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="tr45")
    parser.add_argument("--trials", type=int, default=1)
    parser.add_argument("--tol", type=float, default=1e-10)
    args = parser.parse_args()
    warm_dual_solver()
    corpus = fsviz.load_corpus(shared(args.dataset))
    config = GridConfig(trials=args.trials)
    X = sparse.csr_matrix(corpus.X, dtype=np.float64)
    modes = ("fastest", "sklearn")
    differ = {mode: {} for mode in modes}
    seconds = dict.fromkeys((*modes, "reference"), 0.0)
    stopped = dict.fromkeys(modes, 0)
    n_fits = n_predictions = 0
    for name in corpus.classes:
        y = corpus.y(name)
        if y.sum() < config.folds:
            continue
        for trial in range(config.trials):
            for fold, (train, test) in enumerate(cell_splits(y, config, trial)):
                X_train, X_test = X[train], X[test]
                chosen = fold_selections(X_train, y[train], config.metrics, config.ks,
                                         random_state=seed_for(config.seed, name, trial, fold))
                sets = {np.sort(c).tobytes(): np.sort(c) for s in chosen.selections.values() for c in s.values()}
                sets[b"all"] = None
                predicted = {}
                for mode in modes:
                    start = time.perf_counter()
                    fits = CellFits("svm", (), X_train, y[train], X_test, mode)
                    for columns in sets.values():
                        fits.fit(columns)
                    predicted[mode] = fits.predictions()
                    seconds[mode] += time.perf_counter() - start
                    stopped[mode] += sum(not c for c in fits.converged)
                train_csc, test_csc = X_train.tocsc(), X_test.tocsc()
                for i, columns in enumerate(sets.values()):
                    start = time.perf_counter()
                    if columns is None:
                        fit_on, apply_to, k = X_train, X_test, "all"
                    else:
                        fit_on, apply_to = (sparse.csr_matrix(gather_columns(m, columns),
                                                              shape=(m.shape[0], columns.size))
                                            for m in (train_csc, test_csc))
                        k = min((k for k in config.ks if k >= columns.size), default="all")
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        reference = LinearSVC(dual=False, tol=args.tol, max_iter=1_000_000, random_state=0).fit(
                            fit_on, y[train]).predict(apply_to)
                    seconds["reference"] += time.perf_counter() - start
                    for mode in modes:
                        wrong = int(np.count_nonzero(predicted[mode][:, i] != reference))
                        differ[mode][k] = differ[mode].get(k, 0) + wrong
                    n_fits += 1
                    n_predictions += test.size
    print(f"{args.dataset}: {n_fits:,} fits, {n_predictions:,} test predictions; reference: primal, tol {args.tol:g}")
    ks = sorted(differ["fastest"], key=lambda k: (k == "all", k if k != "all" else 0))
    print("  k        " + " ".join(f"{k!s:>6}" for k in ks) + "    all fits")
    for mode in modes:
        print(f"  {mode:8} " + " ".join(f"{differ[mode][k]:6d}" for k in ks)
              + f"    {sum(differ[mode].values()):6d} predictions differ; {stopped[mode]} fits kept an answer "
                f"stopped at max_iter; {seconds[mode]:.1f} s")
    print(f"  reference took {seconds['reference']:.1f} s")


if __name__ == "__main__":
    main()
