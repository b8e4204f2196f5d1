"""Deshpande et al.'s Table 1 on 20 Newsgroups: χ², CMFS, ICMFS and IGFSS with Naive Bayes, micro-F1.

    python benchmarks/deshpande_igfss.py [--trials 5] [--folds 2] [--nfr 0 0.2 0.5] [--n-jobs 2]

The paper reports micro-F1 of a Naive Bayes classifier over all 20 classes
at 200, 400, 1000, 1600 and 2000 features (Table 1, repeated below as
"paper"). Their split and preprocessing are not stated; here the bydate
archive is loaded with fsviz's defaults (lower case, words in ≥ 3
documents), and every method selects on the training split of each fold of
``trials`` × stratified ``folds``-fold cross-validation (fsviz's multi-class
mode, :func:`fsviz.evaluation.multiclass.run_multiclass`). χ² is χ²max (the paper's
"CHI" globalisation is not stated). IGFSS runs once per ``--nfr`` value.
"""

import argparse
import time

from _common import shared

import fsviz
from fsviz.evaluation.grid import GridConfig
from fsviz.evaluation.multiclass import macro_curves, run_multiclass, sign_test

KS = (200, 400, 1000, 1600, 2000)
PAPER = {
    "CHI": (0.3953, 0.4528, 0.5314, 0.5314, 0.5633),
    "CMFS": (0.4775, 0.5410, 0.5947, 0.6013, 0.5922),
    "ICMFS": (0.4844, 0.5407, 0.5937, 0.6022, 0.5920),
    "IGFSS (CMFS + CC)": (0.4815, 0.5416, 0.5882, 0.6172, 0.6259),
    "IGFSS (ICMFS + CC)": (0.4880, 0.5496, 0.5904, 0.6165, 0.6250),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--folds", type=int, default=2)
    parser.add_argument("--nfr", type=float, nargs="+", default=[0.0, 0.2, 0.5])
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args()

    start = time.perf_counter()
    corpus = fsviz.load_corpus(shared("20newsgroups", "20news-bydate.tar.gz"))
    print(f"{corpus}; loaded in {time.perf_counter() - start:.0f} s")
    igfss = [f"igfss({g},nfr={nfr:g})" for g in ("cmfs", "icmfs") for nfr in args.nfr]
    config = GridConfig(metrics=("chi_max", "cmfs", "icmfs", *igfss), ks=KS, trials=args.trials, folds=args.folds,
                        classifier="nb", all_features=False)
    start = time.perf_counter()
    table = run_multiclass(corpus, config, n_jobs=args.n_jobs)
    print(f"{args.trials} × {args.folds} folds in {time.perf_counter() - start:.0f} s\n")

    curves = macro_curves(table).pivot(index="metric", columns="k", values="micro_f1")
    print("micro-F1, Naive Bayes (fsviz)")
    print(curves.rename(index=fsviz.spec_label).to_string(float_format=lambda v: f"{v:.4f}"))
    print("\nmicro-F1, Naive Bayes (Deshpande et al., Table 1)")
    for name, values in PAPER.items():
        print(f"{name:20s}" + "".join(f"{v:9.4f}" for v in values))

    print("\nsign tests on micro-F1 over the paired folds: IGFSS vs its global metric (wins-losses, p)")
    for k in KS:
        cells = []
        for spec in igfss:
            base = spec[len("igfss("):].split(",")[0]
            result = sign_test(table, spec, base, goal="micro_f1", k=k)
            cells.append(f"nfr={spec.split('nfr=')[1][:-1]} vs {base}: {result['wins']}-{result['losses']} "
                         f"p={result['p']:.2g}")
        print(f"k={k}: " + "; ".join(cells))
    print("\nmacro-F1, Naive Bayes (fsviz)")
    macro = macro_curves(table).pivot(index="metric", columns="k", values="macro_f1")
    print(macro.rename(index=fsviz.spec_label).to_string(float_format=lambda v: f"{v:.4f}"))


if __name__ == "__main__":
    main()
