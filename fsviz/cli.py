"""Command line: ``python -m fsviz COMMAND …``.

Commands
--------
info DATA             what a corpus holds: documents, words, classes and skew
top DATA --class C    the top k words of one class under each metric
grid DATA… --out F    Forman's evaluation grid (Appendix B) → a tidy Parquet table
lesion DATA… --out F  Forman's α-weighted positive/negative lesion study → the grid's Parquet table
cutoff DATA --out F   the rare-word cutoff study → the grid's table plus min_df and vocabulary
report RESULTS        which metric to use: the recommendation and tolerance table of a grid's results
export DATA --out F   a selector you can ship: a class's k words under a metric → a fitted Pipeline (.skops)
sample                build (or rebuild) the sample corpus cache

DATA is anything :func:`fsviz.load_corpus` reads (a file, a folder, an
archive), or ``sample`` for the bundled sample corpus.

A bad argument, an unreadable file or a refused input ends the command
with exit status 2 and one line on stderr, ``error: …`` (no traceback);
options are checked before any corpus is read. Two ``grid`` (or
``lesion``, ``cutoff``) runs given the same ``--out`` do the work once: the
second waits for the first's lock file (``OUT.lock``, see
:mod:`fsviz.grid.lock`), then continues from its results.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from ._validation import check_k, check_n_jobs, check_unique, check_whole
from .analysis import goal_shares, macro_average, recommend, recommendation_text
from .corpus import DEFAULT_MIN_DF, load_corpus
from .export import FILE_TYPES, export_selection
from .grid import GridConfig, load_results, parse_ks, run_grid
from .metrics import FORMAN_METRICS, metric_names
from .multiclass import MEASURES, check_multiclass_metrics, macro_curves, run_multiclass, save_multiclass
from .sample import build_sample, load_sample, sample_path
from .selection import parse_specs
from .studies import cutoff_curves, lesion_config, lesion_curves, lesion_text, run_cutoffs
from .tables import class_table, top_words


def _load(args):
    options = dict(min_df=args.min_df, stopwords=args.stopwords, stem=args.stem)
    if args.data == "sample":
        return load_sample(**options)
    return load_corpus(args.data, format=args.format, **options)


def _corpus_arguments(parser):
    parser.add_argument("data", help="a corpus file or folder, or 'sample'")
    parser.add_argument("--format", default=None, help="force a format (csv, tsv, jsonl, zip, tar, folder, arff, cluto, …)")
    parser.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="drop words in fewer documents (default 3)")
    parser.add_argument("--stopwords", action="store_true", help="drop English stop words")
    parser.add_argument("--stem", action="store_true", help="merge words with the same English stem")


def _info(args):
    corpus = _load(args)
    print(corpus)
    print(f"vocabulary: {corpus.n_words} words kept of {corpus.n_words_raw}; "
          f"the cutoff (min_df={corpus.options['min_df']}) removed {corpus.removed_words.size}")
    for note in corpus.notes:
        print(f"note: {note}")
    print(class_table(corpus).to_string(index=False, float_format=lambda v: f"{v:.1f}"))


def _top(args):
    _check_out(args.out)
    metrics = check_unique(parse_specs(args.metrics), "--metrics") if args.metrics else FORMAN_METRICS
    check_k(args.k)
    corpus = _load(args)
    table = top_words(corpus.binary_task(args.class_name), metrics, min(args.k, corpus.n_words))
    if args.out:
        table.to_csv(args.out, index=False)
        print(f"wrote {len(table)} rows to {args.out}")
    else:
        wide = table.pivot(index="rank", columns="metric", values="word")[list(metrics)]
        print(wide.to_string())


class ProgressBar:
    """Cells done, rate and time left, on one line (a line every 10 s when not a terminal).

    ``preamble``: lines printed at the first call, i.e. once the run has
    passed its checks (so a refused run prints only its error).
    """

    def __init__(self, stream=None, width=30, preamble=()):
        self.stream = stream or sys.stderr
        self.width = width
        self.tty = getattr(self.stream, "isatty", lambda: False)()
        self.start = self.last = None
        self.first_done = 0
        self.preamble = list(preamble)

    def __call__(self, done, total):
        now = time.perf_counter()
        if self.start is None:
            for line in self.preamble:
                print(line, file=self.stream)
            self.start, self.first_done, self.last = now, done, now - 1e9
        if not self.tty and done < total and now - self.last < 10:
            return
        self.last = now
        elapsed = now - self.start
        rate = (done - self.first_done) / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else float("nan")
        filled = int(self.width * done / total) if total else self.width
        eta = time.strftime("%H:%M:%S", time.gmtime(left)) if left == left else "--:--:--"
        line = (f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} cells "
                f"{rate:.2f}/s, {eta} left")
        end = "\n" if done >= total or not self.tty else ""
        print(("\r" if self.tty else "") + line, end=end, file=self.stream, flush=True)


def _grid_corpora(args, min_df):
    options = dict(min_df=min_df, stopwords=args.stopwords, stem=args.stem)
    return [load_sample(**options) if data == "sample" else load_corpus(data, format=args.format, **options)
            for data in args.data]


def _check_out(out, *, required=False) -> None:
    """ValueError unless ``out`` can be written: its folder exists and it is not a folder itself."""
    if out is None:
        return
    path = Path(out)
    if path.is_dir():
        raise ValueError(f"--out {out} is a folder; give a file name, e.g. --out {path / 'results.parquet'}")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"--out {out}: the folder {folder} does not exist; create it first or choose another")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"--out {out}: the folder {folder} is not writable; choose another")


def _check_run_options(args) -> None:
    """The options of a grid-like command that GridConfig does not hold: checked before any corpus is read."""
    _check_out(args.out)
    check_n_jobs(args.jobs, "--jobs")
    if args.workers is not None:
        check_whole(args.workers, "--workers", minimum=1, what="of Dask worker processes")


def _on_wait(message: str) -> None:
    print(f"note: {message}", file=sys.stderr, flush=True)


def _grid_options(args) -> dict:
    """GridConfig keywords from the options every grid-like command shares."""
    _check_run_options(args)
    params = {"C": args.C} if args.C is not None else {}
    return dict(ks=parse_ks(args.k), trials=args.trials, folds=args.folds,
                classes=tuple(args.classes.split(",")) if args.classes else None, classifier=args.classifier,
                classifier_params=tuple(params.items()), seed=args.seed)


def _run_and_report(corpora, config, args):
    preamble = [*map(str, corpora), f"{len(corpora)} dataset(s); {len(config.metrics)} metrics × {len(config.ks)} "
                f"k values + all features; {config.trials} trials × {config.folds} folds"]
    run = run_grid(corpora, config, out=args.out, n_jobs=args.jobs, workers=args.workers,
                   scheduler=args.scheduler, progress=ProgressBar(preamble=preamble), on_wait=_on_wait)
    for row in run.skipped.itertuples(index=False):
        print(f"skipped {row.dataset}/{row[1]}: {row.reason}", file=sys.stderr)
    rate = run.fits / run.elapsed if run.elapsed > 0 else 0.0
    print(f"wrote {len(run.results):,} rows to {args.out}: {run.cells_done} cells, {run.fits:,} fits in "
          f"{run.elapsed:.1f} s ({rate:.0f} fits/s); no positive predictions in "
          f"{100 * run.no_positive_predictions():.1f}% of rows (precision counted as 0)")
    return run


def _grid(args):
    config = GridConfig(metrics=parse_specs(args.metrics) if args.metrics else (), min_df=args.min_df,
                        **_grid_options(args))
    corpora = _grid_corpora(args, args.min_df)
    run = _run_and_report(corpora, config, args)
    macro = macro_average(run.results)
    best = macro.loc[macro.groupby("metric")["f1"].idxmax(), ["metric", "k", "f1", "precision", "recall", "accuracy"]]
    print("macro-averaged over tasks, at each metric's best k for F1:")
    print(best.sort_values("f1", ascending=False).to_string(index=False, float_format=lambda v: f"{v:.3f}"))


def _lesion(args):
    alphas = [a.strip() for a in args.alphas.split(",") if a.strip()]
    config = lesion_config(args.metric, alphas, min_df=args.min_df, **_grid_options(args))
    corpora = _grid_corpora(args, args.min_df)
    run = _run_and_report(corpora, config, args)
    curves = lesion_curves(run.results)
    weighted = curves[curves["metric"] != "all"]
    for goal in ("precision", "recall", "f1"):
        print(f"\nmacro {goal} by k (rows) and α (columns):")
        print(weighted.pivot(index="k", columns="alpha", values=goal).to_string(float_format=lambda v: f"{v:.3f}"))
    print()
    for line in lesion_text(curves):
        print("- " + line.replace("**", ""))


def _cutoff(args):
    if len(args.data) != 1:
        raise ValueError("the cutoff study takes one dataset")
    low, _, high = args.cutoffs.partition("-")
    try:
        cutoffs = range(int(low), int(high or low) + 1)
    except ValueError:
        raise ValueError(f"--cutoffs must be a number or a range like 1-25, got {args.cutoffs!r}") from None
    if not cutoffs or cutoffs[0] < 1:
        raise ValueError(f"--cutoffs must be documents >= 1, from low to high (e.g. 1-25), got {args.cutoffs!r}")
    config = GridConfig(metrics=(args.metric,), **_grid_options(args))
    corpus = _grid_corpora(args, 1)[0]
    bar = ProgressBar(preamble=[str(corpus)])
    table = run_cutoffs(corpus, config, cutoffs, out_dir=f"{args.out}.runs", progress=bar, n_jobs=args.jobs,
                        workers=args.workers, scheduler=args.scheduler, on_wait=_on_wait)
    table.to_parquet(args.out, index=False)
    curves = cutoff_curves(table)
    line = curves[curves["metric"] == args.metric]
    print(f"wrote {len(table):,} rows to {args.out}; {args.metric} by cutoff (macro over tasks):")
    print(line[["min_df", "vocabulary", "k", "f1", "precision", "recall", "accuracy"]].to_string(
        index=False, float_format=lambda v: f"{v:.3f}"))


def _report(args):
    _check_out(args.out)
    run = load_results(args.results)
    results = run.results
    if results.empty:
        raise ValueError(f"{args.results} holds no finished cells")
    tasks = results[["dataset", "class"]].drop_duplicates().shape[0]
    print(f"{args.results}: {tasks} tasks, {results['metric'].nunique()} metrics (incl. all features), "
          f"{'complete' if run.complete else 'INCOMPLETE'}\n")
    recommendation = recommend(results)
    for line in recommendation_text(recommendation):
        print("- " + line.replace("**", "") + "\n")
    shares = goal_shares(results)
    shares["column"] = shares["goal"] + " (" + (100 * shares["tolerance"]).map("{:g}".format) + "%)"
    table = shares.pivot(index="metric", columns="column", values="percent")
    table = table[list(dict.fromkeys(shares["column"]))].sort_values(shares["column"].iloc[0], ascending=False)
    table.columns.name = None
    print("% of tasks on which each metric comes within tolerance of the best average maximum (Forman's Figure 9b):")
    print(table.to_string(float_format=lambda v: f"{v:.1f}"))
    if args.out:
        recommendation.to_csv(args.out, index=False)
        print(f"wrote {args.out}")


def _export(args):
    _check_out(args.out)
    file_type = Path(args.out).suffix.lstrip(".").lower()
    if file_type not in FILE_TYPES:
        raise ValueError(f"--out must end in .skops (a fitted model) or .csv or .json (the selected words), "
                         f"got {args.out}")
    check_whole(args.max_mb, "--max-mb", minimum=1, what="of MiB")
    GridConfig(metrics=(args.metric,), ks=(args.k,), classifier=args.classifier,  # checked before the corpus is read
               classifier_params=(("C", args.C),) if args.C is not None else (), seed=args.seed)
    export = export_selection(_load(args), args.class_name, args.metric, args.k, classifier=args.classifier,
                              params={"C": args.C} if args.C is not None else {}, file_type=file_type,
                              random_state=args.seed, max_bytes=args.max_mb << 20)
    partial = Path(f"{args.out}.part")  # a killed run leaves no half-written model under the name
    partial.write_bytes(export.data)
    os.replace(partial, args.out)
    print(f"wrote {args.out}: {export.summary}")
    print(export.usage(args.out))


def _sample(args):
    path = build_sample(sample_path())
    print(f"wrote {path}")
    print(load_sample())


def _multiclass(args):
    metrics = parse_specs(args.metrics)
    check_multiclass_metrics(metrics)
    config = GridConfig(metrics=metrics, **_grid_options(args))
    (corpus,) = _grid_corpora(args, args.min_df)
    bar = ProgressBar(preamble=[str(corpus)])
    table = run_multiclass(corpus, config, n_jobs=args.jobs, progress=lambda done, total: bar(done, total))
    if args.out.lower().endswith(".csv"):
        table.to_csv(args.out, index=False)
    else:
        save_multiclass(table, args.out, config, corpus)
    curves = macro_curves(table)
    print(f"wrote {len(table)} rows to {args.out}; {'multi-label: one-vs-rest per class, ' if corpus.is_multilabel else ''}"
          f"means over {config.trials} trial(s) × {config.folds} folds:")
    print(curves.rename(columns=MEASURES).to_string(index=False, float_format=lambda v: f"{v:.3f}"))


def _grid_arguments(parser, k="10,20,50,100,200,500,1000,2000"):
    """The options lesion and cutoff share with grid."""
    parser.add_argument("--out", required=True, help="results file (Parquet)")
    parser.add_argument("--k", default=k, help=f"numbers of features (default {k})")
    parser.add_argument("--trials", type=int, default=5, help="random trials (default 5)")
    parser.add_argument("--folds", type=int, default=4, help="cross-validation folds (default 4)")
    parser.add_argument("--classes", default=None, help="comma-separated positive classes (default all)")
    parser.add_argument("--classifier", default="svm",
                        help="svm (LinearSVC, the default), nb (MultinomialNB), knn (cosine, k=10), "
                             "knn_okapi (Okapi+idf, k=100) or centroid (cosine)")
    parser.add_argument("--C", type=float, default=None, help="the classifier's C (default its own)")
    parser.add_argument("--seed", type=int, default=0, help="seed for folds (default 0)")
    parser.add_argument("--jobs", type=int, default=-1, help="worker processes on this machine (default all cores)")
    parser.add_argument("--workers", type=int, default=None, help="start a local Dask cluster of N workers")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument("--format", default=None, help="force a format for every DATA")
    parser.add_argument("--stopwords", action="store_true", help="drop English stop words")
    parser.add_argument("--stem", action="store_true", help="merge words with the same English stem")


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2), not the usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, MemoryError):
        return "out of memory; try a smaller corpus, a higher --min-df, or fewer metrics and k values"
    if isinstance(exc, OSError) and exc.strerror and not isinstance(exc, TimeoutError):
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}{where}"
    return " ".join(str(exc).split()) or type(exc).__name__


def main(argv=None) -> int:
    parser = _Parser(prog="python -m fsviz", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    info = commands.add_parser("info", help="summarise a corpus")
    _corpus_arguments(info)
    info.set_defaults(run=_info)
    top = commands.add_parser("top", help="top k words of a class under each metric")
    _corpus_arguments(top)
    top.add_argument("--class", dest="class_name", required=True, help="the positive class")
    top.add_argument("--metrics", default=None,
                     help="comma-separated specs, e.g. bns,chi_max,ar(chi_max,ig),igfss(cmfs,nfr=0.2); default Forman's twelve; "
                          "registered: " + ",".join(metric_names()))
    top.add_argument("-k", type=int, default=20, help="words per metric (default 20)")
    top.add_argument("--out", default=None, help="write a CSV instead of printing")
    top.set_defaults(run=_top)
    grid = commands.add_parser("grid", help="run the evaluation grid (Forman 2003, Appendix B)")
    grid.add_argument("data", nargs="+", help="corpus files or folders, or 'sample'")
    grid.add_argument("--metrics", default=None,
                      help="comma-separated specs: any registered metric, metric@alpha, or a combination such as "
                           "ar(chi_max,ig); default Forman's twelve")
    grid.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="rare-word cutoff (default 3)")
    _grid_arguments(grid)
    grid.set_defaults(run=_grid)
    lesion = commands.add_parser("lesion", help="the α-weighted positive/negative lesion study (Forman 2003)")
    lesion.add_argument("data", nargs="+", help="corpus files or folders, or 'sample'")
    lesion.add_argument("--metric", default="bns", help="the metric to weight (default bns)")
    lesion.add_argument("--alphas", default="0.1,0.3,0.4,0.5,0.6,0.7,0.9", help="weights α (default Forman's and more)")
    lesion.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="rare-word cutoff (default 3)")
    _grid_arguments(lesion)
    lesion.set_defaults(run=_lesion)
    cutoff = commands.add_parser("cutoff", help="performance vs the rare-word cutoff (Forman 2003, Figure 11)")
    cutoff.add_argument("data", nargs=1, help="a corpus file or folder, or 'sample'")
    cutoff.add_argument("--metric", default="bns", help="the metric (default bns)")
    cutoff.add_argument("--cutoffs", default="1-25", help="cutoffs in documents: N or LOW-HIGH (default 1-25)")
    _grid_arguments(cutoff, k="1000")
    cutoff.set_defaults(run=_cutoff)
    multi = commands.add_parser("multiclass", help="one model over all classes: macro/micro-F1, R-precision, MAP")
    multi.add_argument("data", nargs=1, help="a corpus file or folder, or 'sample'")
    multi.add_argument("--metrics", default="chi_max,chi_avg,ig_multi,ttest_avg,cmfs,dfreq",
                       help="comma-separated all-class specs (default chi_max,chi_avg,ig_multi,ttest_avg,cmfs,dfreq)")
    multi.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="rare-word cutoff (default 3)")
    _grid_arguments(multi)
    multi.set_defaults(run=_multiclass)
    report = commands.add_parser("report", help="which metric to use, from a grid's results file")
    report.add_argument("results", help="a results file written by `grid`")
    report.add_argument("--out", default=None, help="also write the recommendation table as CSV")
    report.set_defaults(run=_report)
    export = commands.add_parser("export", help="a class's k words under a metric, as a fitted Pipeline to ship")
    _corpus_arguments(export)
    export.add_argument("--class", dest="class_name", required=True, help="the positive class")
    export.add_argument("--metric", required=True, help="one spec: bns, chi_max, ar(chi_max,ig), igfss(cmfs) …")
    export.add_argument("--k", type=int, required=True, help="words to select")
    export.add_argument("--out", required=True, help="model.skops (texts), or words.csv / words.json (any corpus)")
    export.add_argument("--classifier", default="svm", help="svm (default), nb, knn, knn_okapi or centroid")
    export.add_argument("--C", type=float, default=None, help="the classifier's C (default its own)")
    export.add_argument("--seed", type=int, default=0, help="seed for rand and IGFSS (default 0)")
    export.add_argument("--max-mb", type=int, default=256, help="refuse a model larger than this (default 256)")
    export.set_defaults(run=_export)
    sample = commands.add_parser("sample", help="build the sample corpus cache")
    sample.set_defaults(run=_sample)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except (ValueError, OSError, MemoryError) as exc:  # CorpusError included: a message, not a traceback
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 2
    return 0


__all__ = ["ProgressBar", "main"]
