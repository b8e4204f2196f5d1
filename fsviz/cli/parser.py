"""The command line's arguments: one parser, a sub-parser per command, and the values of options that need more
than a type (--limit); what each command does is in :mod:`fsviz.cli`."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys

from .._lazy import LazySequence, lazy
from ..corpora.corpus import DEFAULT_MIN_DF
from ..corpora.formats import Limits
from ..metrics import metric_names
from ..stats.significance import ALTERNATIVES, METHODS
from .options import add_preprocessing_arguments
from .plot import FIGURES

# fsviz.evaluation.analysis imports the grid: only for --goal
GOALS = lazy("fsviz.evaluation.analyses", "GOALS", kind=LazySequence)
#: The answers' goals: the four, and the fewest words within 1% of the best F1 (fsviz.evaluation.advice).
ANSWER_GOALS = ("f1", "precision", "recall", "accuracy", "fewest")

__all__ = ["build_parser", "parse_limits"]

DESCRIPTION = "Command line: ``python -m fsviz COMMAND …``."


def parse_limits(pairs) -> Limits | None:
    """The --limit NAME=VALUE options as a :class:`fsviz.Limits` (None when there are none)."""
    if not pairs:
        return None
    names = [f.name for f in dataclasses.fields(Limits)]
    values = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if name not in names or not text.strip():
            raise ValueError(f"--limit takes NAME=VALUE with NAME one of {', '.join(names)}, got {pair!r}")
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"--limit {name}: {text!r} is not a number") from None
        values[name] = number if name == "max_ratio" or not number.is_integer() else int(number)
    return Limits(**values)


def _corpus_arguments(parser):
    parser.add_argument("data", help="a corpus file or folder, or 'sample'")
    parser.add_argument("--format", default=None,
                        help="force a format (csv, tsv, jsonl, zip, tar, folder, arff, cluto, …)")
    parser.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="drop words in fewer documents (default 3)")
    add_preprocessing_arguments(parser)
    _limit_argument(parser)


def _memory_argument(parser):
    parser.add_argument("--memory", default=None, metavar="SIZE",
                        help="the memory reading DATA may take, e.g. 2GB (default: half this machine's): a JSONL, CSV or "
                             "TSV file that would take more is counted in parts, each word's documents per class "
                             "summed over them (the same counts; a class against the rest, metrics of the 2x2 table)")


def _limit_argument(parser):
    # `top` and `export` name their significance test --test: there the test file is --test-file alone.
    _test_argument(parser, alias=parser.prog.split()[-1] not in ("top", "export"))
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="raise (or lower) a resource limit for reading DATA, e.g. --limit max_bytes=2e9 "
                             "(repeat for several): max_bytes, max_files, max_ratio, max_docs, max_doc_chars, "
                             "max_words (see fsviz.Limits)")


def _test_argument(parser, alias: bool):
    parser.add_argument(*("--test-file", "--test")[:1 + alias], dest="test_file", default=None, metavar="FILE",
                        help="a test file in DATA's format: the words, the cutoffs and the models learnt from DATA "
                             "alone, every choice scored on every document of FILE instead of cross-validation on "
                             "DATA")


def _grid_arguments(parser, k="10,20,50,100,200,500,1000,2000"):
    """The options lesion and cutoff share with grid."""
    parser.add_argument("--out", required=True, help="results file (Parquet)")
    parser.add_argument("--k", default=k, help=f"numbers of features (default {k}); for grid, also a k rule such as "
                        "fdr0.05: in each fold, as many words as have q <= 0.05 on its training split")
    parser.add_argument("--trials", type=int, default=5, help="random trials (default 5)")
    parser.add_argument("--folds", type=int, default=4, help="cross-validation folds (default 4)")
    parser.add_argument("--classes", default=None, help="comma-separated positive classes (default all)")
    parser.add_argument("--classifier", default="svm",
                        help="svm (LinearSVC, the default), nb (MultinomialNB), knn (cosine, k=10), "
                             "knn_okapi (Okapi+idf, k=100) or centroid (cosine)")
    parser.add_argument("--C", type=float, default=None, help="the classifier's C (default its own)")
    parser.add_argument("--solver", default="fastest",
                        help="how LinearSVC is fitted: fastest (the default: primal or dual per fit, duplicate rows "
                             "merged, re-solved at max_iter) or sklearn (exactly LinearSVC.fit, as GridSearchCV)")
    parser.add_argument("--seed", type=int, default=0, help="seed for folds (default 0)")
    parser.add_argument("--jobs", type=int, default=-1, help="worker processes on this machine (default all cores)")
    parser.add_argument("--workers", type=int, default=None, help="start a local Dask cluster of N workers")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument("--group", action="append", default=[], metavar="A,B:C,D",
                        help="also run group A,B against group C,D (A,B alone: against the rest); repeat for more; "
                             "with --classes '' only these")
    parser.add_argument("--format", default=None, help="force a format for every DATA")
    add_preprocessing_arguments(parser)
    _limit_argument(parser)
    _output_arguments(parser)


def _output_arguments(parser):
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress bar and no notes; only errors (one line, exit status 2)")
    parser.add_argument("--json", action="store_true", help="print a machine-readable summary (JSON) on stdout")


def _significance_arguments(parser):
    parser.add_argument("--alternative", default="greater", choices=ALTERNATIVES,
                        help="the words' p-values: greater (more frequent in the class, the default), two-sided or less")
    parser.add_argument("--test", default="fisher", choices=METHODS,
                        help="fisher (exact, the default), auto (Fisher where an expected count is below 5, else G²) "
                             "or g2")


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2), not the usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _program() -> str:
    """``fsviz`` when run as the console script, ``python -m fsviz`` otherwise."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "fsviz" if name == "fsviz" else "python -m fsviz"


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``python -m fsviz``; ``args.command`` names the sub-command."""
    parser = _Parser(prog=_program(), description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True)
    info = commands.add_parser("info", help="summarise a corpus")
    _corpus_arguments(info)
    _memory_argument(info)
    top = commands.add_parser("top", help="top k words of a class under each metric")
    _corpus_arguments(top)
    _memory_argument(top)
    top.add_argument("--class", dest="class_name", required=True,
                     help="the positive class, or a group of classes: A,B")
    top.add_argument("--vs", default=None, metavar="C,D",
                     help="the negative group of classes (default: every other document)")
    top.add_argument("--metrics", default=None,
                     help="comma-separated specs, e.g. bns,chi_max,ar(chi_max,ig),igfss(cmfs,nfr=0.2); "
                          "default Forman's twelve; registered: " + ",".join(metric_names()))
    top.add_argument("-k", "--k", default="20",
                     help="words per metric (default 20), or fdr0.05: as many as the words with q <= 0.05")
    _significance_arguments(top)
    top.add_argument("--out", default=None, help="write a CSV instead of printing")
    top.add_argument("--json", action="store_true", help="print the result as JSON on stdout (with the words' p, q "
                     "and log2 ratio with its 95%% interval)")
    contexts = commands.add_parser("contexts", help="the documents behind a word: counts, scores, KWIC lines")
    _corpus_arguments(contexts)
    contexts.add_argument("--class", dest="class_name", required=True,
                     help="the positive class, or a group of classes: A,B")
    contexts.add_argument("--vs", default=None, metavar="C,D",
                     help="the negative group of classes (default: every other document)")
    contexts.add_argument("--word", required=True, help="a word of the vocabulary (in a stemmed corpus, or its stem)")
    contexts.add_argument("--n", type=int, default=10, help="documents shown per side (default 10)")
    contexts.add_argument("--width", type=int, default=8, help="words of context on each side (default 8)")
    contexts.add_argument("--offset", type=int, default=0, help="where the page starts in the seeded order (default 0)")
    contexts.add_argument("--seed", type=int, default=0, help="chooses the order of the documents (default 0)")
    contexts.add_argument("--metrics", default=None, help="comma-separated specs to rank the word by (default "
                                                          "Forman's twelve)")
    contexts.add_argument("-k", "--k", type=int, default=100, help="the top k the word is checked against (default 100)")
    contexts.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    grid = commands.add_parser("grid", help="run the evaluation grid (Forman 2003, Appendix B)")
    grid.add_argument("data", nargs="+", help="corpus files or folders, or 'sample'")
    grid.add_argument("--metrics", default=None,
                      help="comma-separated specs: any registered metric, metric@alpha, or a combination such as "
                           "ar(chi_max,ig); default Forman's twelve")
    grid.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="rare-word cutoff (default 3)")
    _grid_arguments(grid)
    grid.add_argument("--inner-folds", type=int, default=0, metavar="N",
                      help="also run every metric and k by an N-fold cross-validation inside each fold's training "
                           "documents, so the answer (fsviz report) chooses each fold's metric and k there: textbook "
                           "nested cross-validation, about N+1 times the fits (default 0: the choice is made on the "
                           "other folds, which saw the held-out fold's documents)")
    lesion = commands.add_parser("lesion", help="the α-weighted positive/negative lesion study (Forman 2003)")
    lesion.add_argument("data", nargs="+", help="corpus files or folders, or 'sample'")
    lesion.add_argument("--metric", default="bns", help="the metric to weight (default bns)")
    lesion.add_argument("--alphas", default="0.1,0.3,0.4,0.5,0.6,0.7,0.9", help="weights α (default Forman's and more)")
    lesion.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="rare-word cutoff (default 3)")
    _grid_arguments(lesion)
    cutoff = commands.add_parser("cutoff", help="performance vs the rare-word cutoff (Forman 2003, Figure 11)")
    cutoff.add_argument("data", nargs=1, help="a corpus file or folder, or 'sample'")
    cutoff.add_argument("--metric", default="bns", help="the metric (default bns)")
    cutoff.add_argument("--cutoffs", default="1-25", help="cutoffs in documents: N or LOW-HIGH (default 1-25)")
    _grid_arguments(cutoff, k="1000")
    multi = commands.add_parser("multiclass", help="one model over all classes: macro/micro-F1, R-precision, MAP")
    multi.add_argument("data", nargs=1, help="a corpus file or folder, or 'sample'")
    multi.add_argument("--metrics", default="chi_max,chi_avg,ig_multi,ttest_avg,cmfs,dfreq",
                       help="comma-separated all-class specs (default chi_max,chi_avg,ig_multi,ttest_avg,cmfs,dfreq)")
    multi.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="rare-word cutoff (default 3)")
    _grid_arguments(multi)
    quick = commands.add_parser("recommend", help="which metric and k for this corpus: a quick grid, then the answer")
    _corpus_arguments(quick)
    quick.add_argument("--goal", default="f1", choices=ANSWER_GOALS, metavar="GOAL",
                       help="the answer shown first: f1 (default), precision, recall, accuracy, or fewest (the "
                            "fewest words within 1%% of the best F1)")
    quick.add_argument("--trials", type=int, default=1, help="random trials of 4-fold cross-validation (default 1; "
                       "a second runs when --budget allows)")
    quick.add_argument("--budget", type=float, default=60.0,
                       help="seconds the answer may take: after the first run and k refined around its peaks, a "
                            "second split runs when it fits (default 60; 0: never)")
    quick.add_argument("--classes", default=None,
                       help="comma-separated positive classes (default: the 8 largest)")
    quick.add_argument("--out", default=None, help="also keep the results (Parquet), for fsviz report")
    quick.add_argument("--classifier", default="svm", help="svm (default), nb, knn, knn_okapi or centroid")
    quick.add_argument("--C", type=float, default=None, help="the classifier's C (default its own)")
    quick.add_argument("--seed", type=int, default=0, help="seed for folds (default 0)")
    quick.add_argument("--jobs", type=int, default=-1, help="worker processes on this machine (default all cores)")
    quick.set_defaults(workers=None, scheduler=None)
    _output_arguments(quick)
    report = commands.add_parser("report", help="which metric to use, from a grid's results file")
    report.add_argument("results", help="a results file written by `grid`")
    report.add_argument("--out", default=None, help="also write the recommendation table as CSV")
    report.add_argument("--html", default=None, help="also write a self-contained HTML report (works offline)")
    report.add_argument("--goal", default=None, choices=GOALS, metavar="GOAL",  # listing GOALS would import them
                        help="the HTML report's goal: f1 (default), precision, recall or accuracy")
    report.add_argument("--k", type=int, default=None, help="the HTML report's k for P–R and tests (default near 1000)")
    _output_arguments(report)
    export = commands.add_parser("export", help="a class's k words under a metric, as a fitted Pipeline to ship")
    _corpus_arguments(export)
    export.add_argument("--class", dest="class_name", required=True,
                     help="the positive class, or a group of classes: A,B")
    export.add_argument("--vs", default=None, metavar="C,D",
                     help="the negative group of classes (default: every other document)")
    export.add_argument("--metric", required=True, help="one spec: bns, chi_max, ar(chi_max,ig), igfss(cmfs) …")
    export.add_argument("--k", required=True,
                        help="words to select, or fdr0.05: as many as the words with q <= 0.05 (Fisher's exact test, "
                             "Benjamini-Hochberg)")
    _significance_arguments(export)
    export.add_argument("--out", required=True, help="model.skops (texts), or words.csv / words.json (any corpus)")
    export.add_argument("--classifier", default="svm", help="svm (default), nb, knn, knn_okapi or centroid")
    export.add_argument("--C", type=float, default=None, help="the classifier's C (default its own)")
    export.add_argument("--seed", type=int, default=0, help="seed for rand and IGFSS (default 0)")
    export.add_argument("--max-mb", type=int, default=256, help="refuse a model larger than this (default 256)")
    plot = commands.add_parser("plot", help="one of the app's figures as SVG, PNG (print resolution) or HTML")
    plot.add_argument("figure", choices=list(FIGURES), metavar="FIGURE",
                      help="; ".join(f"{name}: {what}" for name, (_, what) in FIGURES.items()))
    _corpus_arguments(plot)
    plot.add_argument("--out", required=True, help="figure.svg, figure.png (3 pixels per CSS pixel) or figure.html")
    plot.add_argument("--class", dest="class_name", default=None,
                      help="the positive class, or a group of classes: A,B (word-map, boundaries, volcano)")
    plot.add_argument("--vs", default=None, metavar="C,D",
                      help="the negative group of classes (default: every other document)")
    plot.add_argument("--metrics", default=None, help="comma-separated specs (default bns,ig,chi,odds)")
    plot.add_argument("-k", "--k", type=int, default=100, help="the isoclines' and boundaries' k (default 100)")
    plot.add_argument("--fdr", type=float, default=0.05, help="the volcano's false discovery rate (default 0.05)")
    plot.add_argument("--goal", default="f1", choices=["f1", "precision", "recall", "accuracy"],
                      help="the tolerance figure's goal (default f1)")
    sample = commands.add_parser("sample", help="make the sample corpus ready (built once; the app then opens at once)")
    sample.add_argument("--rebuild", action="store_true",
                        help="harvest the docstrings again (after numpy, scipy, pandas or scikit-learn changed)")
    runs = commands.add_parser("runs", help="the runs stored in a folder: finished and stopped, newest first")
    runs.add_argument("folder", nargs="?", default=None,
                      help="a folder of results files (default: the app's stored runs, under FSVIZ_CACHE_DIR)")
    _output_arguments(runs)
    return parser
