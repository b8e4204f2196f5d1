"""Time to the answer: ``fsviz recommend``'s quick plan against scikit-learn's usual way to choose k.

The usual way to answer "how many words?" in the ecosystem is a ``GridSearchCV`` over
``Pipeline([SelectKBest(chi2), LinearSVC()])`` with ``select__k`` on the plan's k, one search per class against
the rest, on the same 4 folds: it answers for χ² alone. fsviz's quick plan answers for six metrics with all
words and Rand beside them, and tests its answer on held-out folds. Both start from the same counted corpus
(Boolean presence, the quick plan's classes); the ratio is fsviz / scikit-learn, pair by pair, A B A B.

    python benchmarks/bench_recommend.py [--corpus ohsumed23|la1|sample] [--repeat 3]

The machine's load average is printed with each pair: the figures are only comparable at a similar load.
"""

import argparse
import os
import statistics
import time
import warnings

import numpy as np
from _common import shared, warm_dual_solver

import fsviz
from fsviz.evaluation.answer import quick_plan, recommend
from fsviz.evaluation.grid import cell_splits, run_grid

CORPORA = {"ohsumed23": lambda: fsviz.load_corpus(shared("ohsumed23")),
           "la1": lambda: fsviz.load_corpus(shared("la1")),
           "sample": fsviz.load_sample}


def fsviz_answer(corpus, plan):
    """The quick plan and its answer, in one process with two workers (as the app runs it)."""
    run = run_grid(corpus, plan.config, n_jobs=2)
    return recommend(run.results)


def sklearn_answer(corpus, plan):
    """GridSearchCV over SelectKBest(chi2) + LinearSVC, one per class, the same folds and k."""
    from sklearn.feature_selection import SelectKBest, chi2
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.svm import LinearSVC

    X = corpus.X.astype(np.float64)
    best = {}
    for name in plan.classes:
        y = corpus.y(name)
        search = GridSearchCV(Pipeline([("select", SelectKBest(chi2)), ("svm", LinearSVC(random_state=0))]),
                              {"select__k": list(plan.config.ks)}, scoring="f1", n_jobs=2,
                              cv=cell_splits(y, plan.config, 0))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            search.fit(X, y)
        best[name] = search.best_params_["select__k"]
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="ohsumed23", choices=sorted(CORPORA))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    start = time.perf_counter()
    corpus = CORPORA[args.corpus]()
    load = time.perf_counter() - start
    plan = quick_plan(corpus)
    warm_dual_solver()
    print(f"{corpus}: read in {load:.1f} s\nplan: {plan.text}")
    ours, theirs, ratios = [], [], []
    for i in range(args.repeat):
        t0 = time.perf_counter()
        answer = fsviz_answer(corpus, plan)
        t1 = time.perf_counter()
        sklearn_answer(corpus, plan)
        t2 = time.perf_counter()
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
        ratios.append(ours[-1] / theirs[-1])
        print(f"pair {i + 1}: fsviz {ours[-1]:.1f} s (six metrics, references, held-out tests), scikit-learn "
              f"{theirs[-1]:.1f} s (chi2 alone); ratio {ratios[-1]:.2f}; load {os.getloadavg()[0]:.1f}")
    print(f"median: fsviz {statistics.median(ours):.1f} s to the answer (plus {load:.1f} s to read), scikit-learn "
          f"{statistics.median(theirs):.1f} s; fsviz / scikit-learn {statistics.median(ratios):.2f}")
    row = answer.iloc[0]
    print(f"F1: metric {row['metric']}, best {row['best']} at k {row['k_low']}-{row['k_high']}, "
          f"held out {row['nested']:.3f} vs all words {row['nested_all']:.3f} (p = {row['p_all']:.3f})")


if __name__ == "__main__":
    main()
