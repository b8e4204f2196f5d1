"""The grid runner vs the usual scikit-learn way, side by side on the same folds.

    python benchmarks/bench_grid.py [--datasets tr45 wap] [--jobs 2] [--trials 1]

For every class of each dataset (one vs the rest), both sides evaluate the
same metrics × k on the same stratified folds (``fsviz.grid.cell_splits``):

- fsviz: ``run_grid`` (rank once per metric per fold, fit once per distinct
  feature set), ``n_jobs`` processes;
- scikit-learn: ``GridSearchCV(Pipeline(Binarizer, SelectKBest, LinearSVC),
  param_grid={score_func: the metrics, k: the ks}, scoring=4 scorers,
  refit=False, cv=the same folds, n_jobs)``, one search per class.

The score functions handed to ``SelectKBest`` rank the words of the training
split with ``fsviz.grid.fold_rankings`` and encode its tie rule (lower index first), so both sides
select the same words and fit the same LinearSVC(random_state=0): the check
compares all four test scores of every fold, metric and k. Rand is left out
(its seed is per fold in fsviz, which a score function cannot see).
"""

import argparse
import time

import numpy as np
from _common import shared

import fsviz
from fsviz.grid import GridConfig, cell_splits, fold_rankings, run_grid


def ranked_score_func(name):
    """A SelectKBest score function: metric ``name`` on (X, y), ranked with fsviz's tie rule."""

    def score_func(X, y):
        _, rankings = fold_rankings(X, y, [name], X.shape[1])
        ranking = rankings[name]
        out = np.full(X.shape[1], -np.inf)
        out[ranking] = -np.arange(ranking.size, dtype=np.float64)  # best word scores highest
        return out

    score_func.__name__ = name
    return score_func


def sklearn_way(corpus, config, n_jobs):
    from sklearn.feature_selection import SelectKBest
    from sklearn.metrics import make_scorer, precision_score
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import Binarizer
    from sklearn.svm import LinearSVC

    pipeline = Pipeline([("binarize", Binarizer()), ("select", SelectKBest()), ("svm", LinearSVC(random_state=0))])
    grid = {"select__score_func": [ranked_score_func(m) for m in config.metrics], "select__k": list(config.ks)}
    scoring = {"accuracy": "accuracy", "precision": make_scorer(precision_score, zero_division=0),
               "recall": "recall", "f1": "f1"}
    X = corpus.X_tf.astype(np.float64)
    out = {}
    for name in corpus.classes:
        y = corpus.y(name)
        folds = [split for trial in range(config.trials) for split in cell_splits(y, config, trial)]
        search = GridSearchCV(pipeline, grid, scoring=scoring, refit=False, cv=folds, n_jobs=n_jobs)
        search.fit(X, y)
        out[str(name)] = search.cv_results_
    return out


def same_predictions(run, cv_results, config):
    """Every fold's four test scores agree between the two sides."""
    table = run.results.set_index(["class", "metric", "k", "trial", "fold"]).sort_index()
    checked = 0
    for name, results in cv_results.items():
        for i, params in enumerate(results["params"]):
            metric, k = params["select__score_func"].__name__, params["select__k"]
            for split in range(config.trials * config.folds):
                row = table.loc[(name, metric, k, split // config.folds, split % config.folds)]
                for goal in ("accuracy", "precision", "recall", "f1"):
                    if not np.isclose(results[f"split{split}_test_{goal}"][i], row[goal]):
                        return False, checked
                checked += 1
    return True, checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["tr45", "wap"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--trials", type=int, default=1)
    args = parser.parse_args()
    metrics = tuple(m for m in fsviz.metric_names() if m != "rand")
    config = GridConfig(metrics=metrics, trials=args.trials, all_features=False)
    print(f"{len(metrics)} metrics × {len(config.ks)} k, {config.trials} trial(s) × {config.folds} folds, "
          f"{args.jobs} workers")
    # Start the worker processes (and their imports) once, outside both timings.
    from joblib import Parallel, delayed

    Parallel(n_jobs=args.jobs)(delayed(__import__)("sklearn.svm") for _ in range(args.jobs * 2))
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        start = time.perf_counter()
        run = run_grid(corpus, config, n_jobs=args.jobs)
        ours = time.perf_counter() - start
        start = time.perf_counter()
        cv_results = sklearn_way(corpus, config, args.jobs)
        theirs = time.perf_counter() - start
        same, checked = same_predictions(run, cv_results, config)
        fits = len(run.results)
        print(f"{name}: {corpus.n_docs} docs, {corpus.n_words} words, {corpus.n_classes} classes; "
              f"{fits} (metric, k, fold) evaluations")
        print(f"  fsviz run_grid          {ours:7.1f} s  ({run.fits} fits: identical sets fitted once)")
        print(f"  GridSearchCV(Pipeline)  {theirs:7.1f} s  ({fits} fits)")
        print(f"  speed-up {theirs / ours:.1f}x; same scores on all {checked} folds: {same}")


if __name__ == "__main__":
    main()
