"""The grid runner vs the usual scikit-learn way, side by side on the same folds.

    python benchmarks/bench_grid.py [--datasets tr45 wap la1] [--jobs 1 2] [--repeat 1] [--trials 1]
                                    [--classifier svm|nb|knn] [--solver fastest|sklearn]

For every class of each dataset (one vs the rest), both sides evaluate the
same metrics × k on the same stratified folds (``fsviz.evaluation.grid.cell_splits``):

- fsviz: ``run_grid`` (rank once per metric per fold, fit once per distinct
  feature set, the lean fits of ``fsviz.evaluation.grid.fits``), ``n_jobs`` processes;
- scikit-learn: ``GridSearchCV(Pipeline(Binarizer, SelectKBest, classifier),
  param_grid={score_func: the metrics, k: the ks}, scoring=4 scorers,
  refit=False, cv=the same folds, n_jobs)``, one search per class.

The score functions handed to ``SelectKBest`` rank the words of the training
split with ``fsviz.evaluation.grid.fold_rankings`` and encode its tie rule (lower index first), so both sides
select the same words and fit the same classifier: LinearSVC(random_state=0),
MultinomialNB(), or for kNN scikit-learn's ``KNeighborsClassifier`` (k = 10,
cosine, brute force, weights = 1 − cosine distance = the similarity) against
fsviz's ``CosineKNN``. The check compares all four test scores of every
fold, metric and k: with ``--solver sklearn`` every one agrees; the default
``fastest`` solver reaches the same optimum by another path, so a few
near-tie documents may fall on the other side (``bench_grid_optimum.py``
says which side is nearer a tight optimum). Forman's metrics are used; Rand
is left out (its seed is per fold in fsviz, which a score function cannot see).

Both sides share one pool of worker processes, started with both sides'
imports before any timing (a server keeps its workers between runs; the
CLI's one-off run pays their start, about a second here, on top). The two
sides run as pairs, fsviz first in odd pairs and scikit-learn first
in even ones, and the numbers of workers take turns round by round (1, 2, 1,
2, …), so every pair meets the same load on this shared machine. Printed:
each pair's times and ratio (scikit-learn's time / fsviz's), the median of
the pairs' ratios per number of workers, fsviz's fits per second, and, from
one more fsviz run in this process (one worker, timed per call), the shares
of its time inside the solvers (fsviz's dual one, ``fsviz.learn._dual_cd``, and
liblinear's primal one), in second solves (the other solver after a fit
stopped at ``max_iter``, ``fsviz.learn._liblinear`` item 4), and in gathering the
fits' columns (once per metric and fold in rank order, then each k's prefix
of the rows).
"""

import argparse
import statistics
import time
import warnings

import numpy as np
from _common import shared, warm_dual_solver

import fsviz
from fsviz._workers import local_workers
from fsviz.evaluation.grid import GridConfig, cell_splits, fold_rankings, run_grid
from fsviz.learn import _liblinear as liblinear


def ranked_score_func(name):
    """A SelectKBest score function: metric ``name`` on (X, y), ranked with fsviz's tie rule."""

    def score_func(X, y):
        ranking = fold_rankings(X, y, [name], X.shape[1]).rankings[name]
        out = np.full(X.shape[1], -np.inf)
        out[ranking] = -np.arange(ranking.size, dtype=np.float64)  # best word scores highest
        return out

    score_func.__name__ = name
    return score_func


def similarity_weights(distances):
    """KNeighborsClassifier weights: cosine distance 1 − cos back to the similarity cos.

    Floored at 1e-12: scikit-learn refuses a document whose neighbours all
    weigh 0 (it shares no selected word with any of them), which fsviz gives
    the majority class; with the floor scikit-learn takes a plain vote.
    """
    return np.maximum(1.0 - distances, 1e-12)


def sklearn_estimator(classifier):
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.svm import LinearSVC

    return {"svm": lambda: LinearSVC(random_state=0), "nb": MultinomialNB,
            "knn": lambda: KNeighborsClassifier(n_neighbors=10, metric="cosine", algorithm="brute",
                                                weights=similarity_weights)}[classifier]()


def sklearn_way(corpus, config, n_jobs):
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.feature_selection import SelectKBest
    from sklearn.metrics import make_scorer, precision_score
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import Binarizer

    pipeline = Pipeline([("binarize", Binarizer()), ("select", SelectKBest()),
                         ("classifier", sklearn_estimator(config.classifier))])
    grid = {"select__score_func": [ranked_score_func(m) for m in config.metrics], "select__k": list(config.ks)}
    scoring = {"accuracy": "accuracy", "precision": make_scorer(precision_score, zero_division=0),
               "recall": "recall", "f1": "f1"}
    X = corpus.X_tf.astype(np.float64)
    out = {}
    for name in corpus.classes:
        y = corpus.y(name)
        folds = [split for trial in range(config.trials) for split in cell_splits(y, config, trial)]
        search = GridSearchCV(pipeline, grid, scoring=scoring, refit=False, cv=folds, n_jobs=n_jobs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)  # LinearSVC.fit's, on the hard folds
            search.fit(X, y)
        out[str(name)] = search.cv_results_
    return out


def same_predictions(run, cv_results, config):
    """How many folds' four test scores agree between the two sides, of how many, and the mean |ΔF1|."""
    table = run.results.set_index(["class", "metric", "k", "trial", "fold"]).sort_index()
    same = checked = 0
    gaps = []
    for name, results in cv_results.items():
        for i, params in enumerate(results["params"]):
            metric, k = params["select__score_func"].__name__, params["select__k"]
            for split in range(config.trials * config.folds):
                row = table.loc[(name, metric, k, split // config.folds, split % config.folds)]
                theirs = [results[f"split{split}_test_{goal}"][i] for goal in ("accuracy", "precision", "recall", "f1")]
                same += bool(np.allclose(theirs, [row.accuracy, row.precision, row.recall, row.f1]))
                gaps.append(abs(theirs[3] - row.f1))
                checked += 1
    return same, checked, float(np.mean(gaps)) if gaps else 0.0


def solver_share(corpus, config):
    """Seconds of one in-process fsviz run (one worker): ``whole``; ``dual`` in fsviz's dual solver
    (``fsviz.learn._dual_cd``); ``primal`` in liblinear's train call; ``again`` in second solves (the other solver, after
    a fit stopped at ``max_iter`` outside the gap); ``gather`` in gathering the fits' columns (each metric's
    ranking once per fold, ``CellFits.rank``), finding each k's prefix of the rows and cutting the prefixes the
    primal solver reads; and ``fits`` and ``seconds``, how many fits were made and how many took a second solve."""
    from fsviz.evaluation.grid import fits

    spent = dict.fromkeys(("dual", "primal", "again", "gather", "fits", "seconds"), 0.0)
    solves = [0]
    solving = [False]  # merge_rows's cuts inside a solve count as the solver's
    by_rule, fit = liblinear.LinearSVCSolver._by_rule, liblinear.LinearSVCSolver.fit
    gathers = [(fits, "gather_columns"), (fits, "prefix_ends"), (liblinear, "cut_rows")]
    originals = [getattr(module, name) for module, name in gathers]

    def timed_by_rule(self, dual, *args):
        start = time.perf_counter()
        solving[0] = True
        try:
            return by_rule(self, dual, *args)
        finally:
            solving[0] = False
            took = time.perf_counter() - start
            spent["dual" if dual else "primal"] += took
            solves[0] += 1
            if solves[0] > 1:
                spent["again"] += took
                spent["seconds"] += 1

    def timed_fit(self, *args):
        solves[0] = 0
        spent["fits"] += 1
        return fit(self, *args)

    def timed(function):
        def run(*args):
            if solving[0]:
                return function(*args)
            start = time.perf_counter()
            try:
                return function(*args)
            finally:
                spent["gather"] += time.perf_counter() - start
        return run

    liblinear.LinearSVCSolver._by_rule, liblinear.LinearSVCSolver.fit = timed_by_rule, timed_fit
    for (module, name), function in zip(gathers, originals):
        setattr(module, name, timed(function))
    try:
        start = time.perf_counter()
        run_grid(corpus, config, n_jobs=1)
        spent["whole"] = time.perf_counter() - start
        return spent
    finally:
        liblinear.LinearSVCSolver._by_rule, liblinear.LinearSVCSolver.fit = by_rule, fit
        for (module, name), function in zip(gathers, originals):
            setattr(module, name, function)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["tr45", "wap", "la1"])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1, help="rounds per dataset (a pair per number of workers each)")
    parser.add_argument("--trials", type=int, default=1)
    parser.add_argument("--classifier", choices=["svm", "nb", "knn"], default="svm")
    parser.add_argument("--solver", choices=["fastest", "sklearn"], default="fastest")
    args = parser.parse_args()
    metrics = tuple(m for m in fsviz.FORMAN_METRICS if m != "rand")
    config = GridConfig(metrics=metrics, trials=args.trials, all_features=False, classifier=args.classifier,
                        solver=args.solver)
    print(f"{len(metrics)} metrics × {len(config.ks)} k, {config.trials} trial(s) × {config.folds} folds, "
          f"classifier {args.classifier}, solver {args.solver}; workers {args.jobs}, {args.repeat} round(s)")
    # One pool of worker processes for both sides, started (with each side's imports) once, outside both timings,
    # as a server keeps its workers between runs. Both run inside fsviz's worker settings (local_workers: loky, each
    # worker watching its parent): joblib replaces its pool when the settings change, so a side with other settings
    # would start the workers again in every pair.
    from joblib import Parallel, delayed

    with local_workers():
        Parallel(n_jobs=max(args.jobs))(delayed(__import__)(module) for module in ("sklearn.svm", "fsviz.evaluation.grid.runner")
                                         for _ in range(max(args.jobs) * 2))
        Parallel(n_jobs=max(args.jobs))(delayed(warm_dual_solver)() for _ in range(max(args.jobs) * 2))
        warm_dual_solver()  # the in-process run of solver_share
        compare(args, config)


def compare(args, config):
    """Each dataset's pairs, alternating who goes first, and the solver's share."""
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        print(f"{name}: {corpus.n_docs} docs, {corpus.n_words} words, {corpus.n_classes} classes")
        ratios = {jobs: [] for jobs in args.jobs}
        for round_ in range(args.repeat):
            for jobs in args.jobs:
                times = {}
                pair = sum(len(r) for r in ratios.values())  # who goes first alternates pair by pair
                for side in (("fsviz", "sklearn") if pair % 2 == 0 else ("sklearn", "fsviz")):
                    start = time.perf_counter()
                    if side == "fsviz":
                        run = run_grid(corpus, config, n_jobs=jobs)
                    else:
                        cv_results = sklearn_way(corpus, config, jobs)
                    times[side] = time.perf_counter() - start
                ratios[jobs].append(times["sklearn"] / times["fsviz"])
                print(f"  {jobs} worker(s), round {round_ + 1}: fsviz {times['fsviz']:7.1f} s "
                      f"({run.fits} fits, {run.fits / times['fsviz']:.0f} fits/s; {len(run.results)} evaluations)"
                      f"   GridSearchCV(Pipeline) {times['sklearn']:7.1f} s ({len(run.results)} fits)"
                      f"   ratio {ratios[jobs][-1]:.1f}x", flush=True)
                if round_ == 0:
                    same, checked, gap = same_predictions(run, cv_results, config)
                    print(f"  {jobs} worker(s): same scores on {same} of {checked} folds, mean |ΔF1| {gap:.4f}")
        for jobs, pairs in ratios.items():
            print(f"  {jobs} worker(s): median of {len(pairs)} pairs' ratios {statistics.median(pairs):.1f}x "
                  f"(pairs: {', '.join(f'{r:.1f}x' for r in pairs)})")
        if args.classifier == "svm":
            spent = solver_share(corpus, config)
            whole = spent["whole"]
            solver = spent["dual"] + spent["primal"]
            print(f"  one worker, in process, {whole:.1f} s: the solvers {solver:.1f} s ({100 * solver / whole:.0f}%: "
                  f"dual {100 * spent['dual'] / whole:.0f}%, liblinear's primal {100 * spent['primal'] / whole:.0f}%); "
                  f"second solves {spent['seconds']:.0f} of {spent['fits']:.0f} fits, "
                  f"{100 * spent['again'] / whole:.1f}%; gathering columns {100 * spent['gather'] / whole:.1f}%")
        if args.classifier == "knn":
            print("  (kNN on Boolean features meets many equal cosines at the k-th neighbour; the two sides "
                  "break those ties differently)")


if __name__ == "__main__":
    main()
