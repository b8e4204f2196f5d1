"""``fsviz plot FIGURE DATA --out file.svg|png|html``: a figure of the app, drawn from the command line.

The corpus figures read a corpus (any format, or ``sample``) and, where they show one task, ``--class`` (and
``--vs``); the results figures read a results file written by ``grid``. The figure is the app's own (the same
builder of :mod:`fsviz.plots`), written by :func:`fsviz.plots.files.figure_bytes`.
"""

from __future__ import annotations

from .._files import write_atomically
from .._lazy import lazy
from .._validation import check_unique
from ..selection import parse_specs
from .options import listed, task_groups
from .output import check_out

figure_bytes, figure_format = lazy("fsviz.plots.files", "figure_bytes", "figure_format")
boundaries_figure, word_map_figure = lazy("fsviz.plots.words", "boundaries_figure", "word_map_figure")
volcano_figure = lazy("fsviz.plots.volcano", "volcano_figure")
task_sizes_figure = lazy("fsviz.plots.corpus", "task_sizes_figure")
curves_figure, tolerance_figure = lazy("fsviz.plots.results", "curves_figure", "tolerance_figure")
macro_average, task_maxima, tolerance_curves = lazy("fsviz.evaluation.analyses", "macro_average", "task_maxima",
                                                    "tolerance_curves")
load_results = lazy("fsviz.evaluation.grid", "load_results")
task_sizes = lazy("fsviz.evaluation.analyses", "task_sizes")
significance = lazy("fsviz.stats.significance", "significance")
log_ratio_interval = lazy("fsviz.stats.effect", "log_ratio_interval")

#: Each figure: what DATA is, and what it shows.
FIGURES = {
    "word-map": ("corpus", "every word at (fp, tp) with each metric's isocline at k (Forman 2003, Figures 2, 3)"),
    "boundaries": ("corpus", "each metric's decision boundary over the plane at k (Figure 13)"),
    "volcano": ("corpus", "each word's log2 ratio against -log10 q, the words with q <= --fdr in colour"),
    "task-sizes": ("corpus", "each class's task at (positives, negatives), with lines of equal skew (Figure 12)"),
    "curves": ("results", "macro-averaged F1, precision, recall and accuracy vs k, one line per metric (Figure 4)"),
    "tolerance": ("results", "the share of tasks within a tolerance of the best, per metric (Figure 9a)"),
}
DEFAULT_METRICS = ("bns", "ig", "chi", "odds")


def plot_command(args, load) -> None:
    """Draw ``args.figure`` and write it to ``args.out``; ``load(args)`` reads the corpus."""
    fmt = figure_format(args.out)
    check_out(args.out, example="figure.svg")
    kind, _ = FIGURES[args.figure]
    if kind == "results":
        results = load_results(args.data).results
        if results.empty:
            raise ValueError(f"{args.data} holds no finished cells")
        figure = (curves_figure(macro_average(results)) if args.figure == "curves" else
                  tolerance_figure(tolerance_curves(task_maxima(results, args.goal)), args.goal))
    else:
        figure = _corpus_figure(args, load(args))
    data = figure_bytes(figure, fmt)
    write_atomically(args.out, lambda tmp: tmp.write_bytes(data), "--out")
    print(f"wrote {args.out}: {args.figure} as {fmt.upper()} ({len(data):,} bytes)")


def _corpus_figure(args, corpus):
    if args.figure == "task-sizes":
        return task_sizes_figure(task_sizes(corpus))
    if args.class_name is None:
        raise ValueError(f"the {args.figure} figure shows one class's words: give --class (one of "
                         f"{', '.join(map(str, corpus.classes[:5]))}{', …' if len(corpus.classes) > 5 else ''})")
    task = corpus.task(*task_groups(args, corpus.classes))
    if args.figure == "volcano":
        return volcano_figure(task, significance(task), log_ratio_interval(task.tp, task.fp, task.pos, task.neg),
                              fdr=args.fdr)
    metrics = list(check_unique(listed(args.metrics, "--metrics", parse_specs, "metric", DEFAULT_METRICS), "--metrics"))
    builder = word_map_figure if args.figure == "word-map" else boundaries_figure
    return builder(task, metrics, args.k)
