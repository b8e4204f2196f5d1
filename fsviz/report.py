"""A shareable report of a grid's results: one self-contained HTML file.

The report holds what the Results explorer shows at its defaults (or at the goal, k and metrics given): the
recommendation in words, the curves vs k, the precision–recall trade-off, the tolerance curves and bars, the residual
and pair analysis and the significance matrix, with the run's config and a summary of the tasks with their sizes
(Figure 12). Every number comes from :mod:`fsviz.evaluation.analyses` and every figure from :mod:`fsviz.plots`, as
on the page.

plotly.js is embedded once, in the page's head, so the file opens offline and loads nothing from the network. Text
from the data (dataset, class and metric names) is escaped: tables through pandas' ``to_html``, the rest with
:func:`html.escape`; plotly escapes ``<`` and ``>`` in the figures' JSON.

Examples
--------
>>> from fsviz.evaluation.grid import load_results                           # doctest: +SKIP
>>> write_report(load_results("results.parquet"), "report.html")  # doctest: +SKIP
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from string import Template

import pandas as pd
import plotly.io as pio
from plotly.offline import get_plotlyjs

from ._files import write_atomically
from ._validation import check_whole
from .corpora.groups import Groups
from .evaluation.analyses import (
    GOAL_LABELS,
    GOALS,
    PairAnalysis,
    analyse,
    default_k,
    forman_tasks,
    metric_label,
    pair_analysis,
    paired_tests,
    task_sizes,
    tolerance_curves,
)
from .evaluation.answer import recommend, recommendation_table, recommendation_text
from .evaluation.grid import ALL, GridRun
from .plots import (
    curves_figure,
    pr_tradeoff_figure,
    residual_figure,
    significance_figure,
    task_sizes_figure,
    tolerance_bars_figure,
    tolerance_figure,
)

__all__ = ["DEFAULT_MAX_TASKS", "PairAnalysis", "default_k", "pair_analysis", "report_html", "run_table", "tolerance_table",
           "write_report"]

#: Tasks listed one by one in the corpus summary; beyond this the report says how many more there are.
DEFAULT_MAX_TASKS = 500
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_TEMPLATE = "plotly_white"
_FIGURE_CONFIG = {"displaylogo": False, "responsive": True}
_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222; margin: 0; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5rem 2rem 4rem; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; } h2 { border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; margin-top: 2.5rem; }
.lead { color: #555; } .warning { background: #fff4d6; border-left: 4px solid #e0a800; padding: 0.6rem 1rem; }
nav ol { columns: 2; color: #555; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.9rem; }
th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #e5e5e5; text-align: left; }
th { background: #f5f5f5; } .table { overflow-x: auto; } .figure { margin: 1rem 0; }
footer { margin-top: 3rem; color: #777; font-size: 0.85rem; }
"""
_PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<style>$style</style>
<script type="text/javascript">/* plotly.js, embedded once so the report works offline */
$plotlyjs</script>
</head>
<body>
<main>
<h1>$title</h1>
<p class="lead">$lead</p>
$warning
<nav><strong>Contents</strong><ol>$contents</ol></nav>
$sections
<footer>Made by fsviz from a grid's results table; the analyses follow Forman (2003), JMLR 3, 1289–1305.
Each figure is interactive: hover for values, click a legend entry to hide a metric, use the camera icon
for a PNG.</footer>
</main>
</body>
</html>
""")


def tolerance_table(shares: pd.DataFrame) -> pd.DataFrame:
    """:func:`fsviz.evaluation.analyses.goal_shares` as metrics × "goal (tolerance)" columns, best first (Figure 9b).

    Parameters
    ----------
    shares : pandas.DataFrame
        A table of :func:`fsviz.evaluation.goal_shares`.

    Returns
    -------
    pandas.DataFrame
        Metrics × one column per goal and its tolerance, percentages, sorted by the first goal's.

    See Also
    --------
    fsviz.evaluation.goal_shares : Its input.

    Examples
    --------
    >>> import pandas as pd
    >>> shares = pd.DataFrame({"goal": ["f1", "f1", "accuracy", "accuracy"], "tolerance": [0.01, 0.01, 0.001, 0.001],
    ...                        "metric": ["bns", "ig", "bns", "ig"], "percent": [40.0, 60.0, 50.0, 55.0]})
    >>> tolerance_table(shares)
            f1 (1%)  accuracy (0.1%)
    metric
    ig         60.0             55.0
    bns        40.0             50.0
    """
    shares = shares.assign(column=shares["goal"] + " (" + (100 * shares["tolerance"]).map("{:g}".format) + "%)")
    table = shares.pivot(index="metric", columns="column", values="percent")
    table = table[list(dict.fromkeys(shares["column"]))].sort_values(shares["column"].iloc[0], ascending=False)
    table.columns.name = None
    return table


def _check(run, goal, k, metrics, max_tasks) -> tuple[int, list, list]:
    """The k and metrics to show and the table's ks, or ValueError saying what the table holds."""
    if not isinstance(run, GridRun):
        raise ValueError(f"`run` must be a GridRun (fsviz.evaluation.grid.load_results reads one), got {type(run).__name__}")
    results = run.results
    names = list(dict.fromkeys(results.loc[results["metric"] != ALL, "metric"]))
    if not names:
        raise ValueError("the results table holds no finished cells of any metric; run the grid first "
                         "(`python -m fsviz grid DATA --out results.parquet`)")
    if goal not in GOALS:
        raise ValueError(f"`goal` must be one of {', '.join(GOALS)}, got {goal!r}")
    ks = sorted(int(v) for v in results.loc[results["metric"] != ALL, "k"].unique())
    if k is None:
        k = default_k(ks)
    elif k not in ks:
        raise ValueError(f"`k` = {k!r} is not among the results table's k {ks}; choose one of them")
    metrics = names if metrics is None else list(metrics)
    unknown = [m for m in metrics if m not in names]
    if unknown or not metrics:
        raise ValueError(f"`metrics` must be some of the table's metrics {names}, got {metrics!r}")
    check_whole(max_tasks, "max_tasks", minimum=1, what="of tasks to list")
    return int(k), metrics, ks


def report_html(run: GridRun, *, goal: str = "f1", k: int | None = None, metrics=None, source: str = "",
                max_tasks: int = DEFAULT_MAX_TASKS) -> str:
    """The report of a grid's results as one HTML document (a string).

    Parameters
    ----------
    run : GridRun
        Results, config and state, as :func:`fsviz.evaluation.grid.load_results` reads them.
    goal : {"f1", "precision", "recall", "accuracy"}
        The goal of the tolerance, pair and significance sections.
    k : int, optional
        The k of the precision–recall and significance sections (default: the table's k closest to 1000).
    metrics : sequence of str, optional
        The metrics drawn (default all); every analysis still counts them all.
    source : str
        Where the results came from, shown under the title.
    max_tasks : int
        Tasks listed one by one in the corpus summary (default :data:`DEFAULT_MAX_TASKS`); the rest are counted.

    Returns
    -------
    str
        The HTML document, with its figures and plotly.js inline.

    Raises
    ------
    ValueError
        When ``run`` is not a :class:`fsviz.evaluation.GridRun` or holds no finished cell, or ``goal``, ``k`` or
        ``metrics`` is not among the table's.

    See Also
    --------
    fsviz.report.write_report : Writes the document to a file.
    fsviz.evaluation.recommend : The recommendation its first section words.
    """
    k, metrics, ks = _check(run, goal, k, metrics, max_tasks)
    results = run.results
    analysis = analyse(results)  # every section reads its tables, each made once
    macro = analysis.macro
    tasks = task_sizes(results)
    sections = [
        ("recommendation", "Which metric to use", _recommendation(analysis)),
        ("run", "The run", _run_section(run)),
        ("corpus", "The tasks", _corpus_section(tasks, max_tasks)),
        ("curves", "Curves vs k", _p("Macro-averaged over tasks, one line per metric (Forman's Figures 4, 14–17); the "
                                     "band is ± one standard error over tasks and the dashed line uses all features.")
         + _figure(curves_figure(macro, metrics=metrics), "curves")),
        ("precision-recall", "Precision–recall trade-off",
         _p(f"Each metric's macro precision and recall at k = {k} (Figure 5). Up and to the right is better; the "
            "grey curves join points of equal F-measure.")
         + _figure(pr_tradeoff_figure(macro, k, metrics=metrics), "pr")),
        ("tolerance", "Chance of attaining the best", _tolerance_section(analysis, goal, metrics)),
        ("pairs", "Residuals and pairs", _pairs_section(analysis, goal)),
        ("significance", "Significance", _significance_section(results, goal, k, metrics)),
    ]
    n_tasks = len(tasks)
    lead = (f"{source + ': ' if source else ''}{n_tasks} tasks (class vs rest) from {tasks['dataset'].nunique()} "
            f"dataset(s), {len(metrics)} metrics shown, k in {ks}, "
            f"{results['trial'].nunique()} trial(s) × {results['fold'].nunique()} folds; goal: {GOAL_LABELS[goal]}.")
    warning = ('<p class="warning">This run is incomplete: every analysis uses only the finished cells.</p>'
               if not run.complete else "")
    return _PAGE.substitute(
        title="fsviz report: which feature-selection metric to use", style=_STYLE, plotlyjs=get_plotlyjs(),
        lead=html.escape(lead), warning=warning,
        contents="".join(f'<li><a href="#{sid}">{html.escape(title)}</a></li>' for sid, title, _ in sections),
        sections="\n".join(f'<section id="{sid}">\n<h2>{html.escape(title)}</h2>\n{body}\n</section>'
                           for sid, title, body in sections))


def write_report(run: GridRun, path, **options) -> Path:
    """Write :func:`report_html` to ``path`` (UTF-8, replaced atomically); returns the path.

    Parameters
    ----------
    run : GridRun
        As :func:`report_html`.
    path : str or pathlib.Path
        The file to write.
    **options
        Passed to :func:`report_html`.

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    ValueError
        When :func:`report_html` refuses ``run`` or ``options``; nothing is written then.

    See Also
    --------
    fsviz.report.report_html : The document it writes.
    """
    path = Path(path)
    text = report_html(run, **options)
    return write_atomically(path, lambda tmp: tmp.write_text(text, encoding="utf-8"), "the report")


# --- sections -----------------------------------------------------------------------------------


def _inline(markdown: str) -> str:
    """Text with ``**bold**`` as HTML, everything else escaped."""
    return _BOLD.sub(r"<strong>\1</strong>", html.escape(markdown))


def _p(markdown: str) -> str:
    return f"<p>{_inline(markdown)}</p>"


def _table(frame: pd.DataFrame, **options) -> str:
    """A table; pandas escapes every cell and header."""
    return '<div class="table">' + frame.to_html(index=False, border=0, na_rep="–", escape=True,
                                                 float_format=lambda v: f"{v:.4g}", **options) + "</div>"


def _figure(fig, name: str) -> str:
    # A template of our own: Streamlit makes its theme plotly's default, which the page restyles and a file can't.
    fig.update_layout(template=_TEMPLATE)
    return '<div class="figure">' + pio.to_html(fig, full_html=False, include_plotlyjs=False, div_id=f"fig-{name}",
                                                config=_FIGURE_CONFIG) + "</div>"


def _recommendation(analysis) -> str:
    table = recommend(analysis)
    items = "".join(f"<li>{_inline(line)}</li>" for line in recommendation_text(table, metric_label))
    return (_p("For each goal: the best selection's metric and its range of k (the smallest k within one standard "
               "error of the best, up to the best), whether it beats all words and Rand on folds it was not chosen "
               "on (the corrected resampled t-test of Nadeau and Bengio, 2003), whether the runner-up can be told "
               "from it, how often it comes within Forman's tolerance (1%, 0.1% for accuracy) of the best any metric "
               "reached on a task, and the pair of metrics most likely to have one within tolerance. All words and "
               "Rand are references, never the answer.")
            + f"<ul>{items}</ul>" + _table(recommendation_table(table)))


def run_table(run) -> pd.DataFrame:
    """What a run was, for people: its datasets as read (and their preprocessing), every setting of its config
    as used, its progress, when it was written and with which versions (rows ``setting``, ``value``).

    Parameters
    ----------
    run : GridRun
        A run, as :func:`fsviz.evaluation.run_grid` or :func:`fsviz.evaluation.load_results` gives it.

    Returns
    -------
    pandas.DataFrame
        Columns ``setting`` and ``value``.

    See Also
    --------
    fsviz.evaluation.list_runs : The runs of a folder, one row each.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.evaluation import GridConfig, run_grid
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> run = run_grid(corpus, GridConfig(metrics=("bns", "ig"), ks=(5, 10), trials=1, folds=2))
    >>> for setting, value in run_table(run).iloc[:4].itertuples(index=False):
    ...     print(f"{setting}: {value}")
    dataset planted: 60 documents, 70 words, 2 classes; rare-word cutoff 1, stop words kept, stemming off
    metrics: bns, ig
    k: 5, 10
    trials × folds: 1 × 2 (seed 0)
    """
    config, made = run.config, run.provenance
    rows = []
    for data in made.get("datasets", []):
        options = data.get("preprocessing", {})
        rows.append((f"dataset {data['name']}", f"{data['documents']:,} documents, {data['words']:,} words, "
                     f"{data['classes']} classes; rare-word cutoff {options.get('min_df', '?')}, stop words "
                     f"{'dropped' if options.get('stopwords') else 'kept'}, stemming "
                     f"{options.get('stem') or 'off'}"))
    if not made.get("datasets"):
        rows.append(("datasets", ", ".join(map(str, config.datasets)) or ", ".join(
            sorted(run.results["dataset"].astype(str).unique())) or "–"))
    params = ", ".join(f"{k} = {v}" for k, v in config.classifier_params) or "scikit-learn's defaults"
    rows += [
        ("metrics", ", ".join(map(str, config.metrics))), ("k", ", ".join(map(str, config.k_values))),
        ("trials × folds", f"{config.trials} × {config.folds} (seed {config.seed})"),
        ("classes", ", ".join(config.classes) if config.classes else "every class, each against the rest"
         if config.classes is None else "none"),
        *([("group tasks", "; ".join(Groups(p, n).label for p, n in config.groups))] if config.groups else []),
        ("rare-word cutoff of the run", "as each dataset was read (above)" if config.min_df is None
         else f"{config.min_df} (applied to every dataset)"),
        ("classifier", f"{config.classifier} ({params}); solver {config.solver}"),
        ("cells", f"{run.cells_done:,} of {run.cells_total:,}" + ("" if run.complete else " (incomplete)")),
        ("written", made.get("written", "not recorded (a file from before fsviz recorded it)")),
        ("versions", ", ".join(f"{name} {made[name]}" for name in ("fsviz", "scikit-learn", "numpy")
                               if name in made) or "not recorded"),
        ("key", run.key or "–"),
    ]
    return pd.DataFrame(rows, columns=["setting", "value"])


def _run_section(run) -> str:
    skipped = (_p(f"{len(run.skipped)} task(s) were skipped:") + _table(run.skipped)) if len(run.skipped) else ""
    return _p("The run: its datasets as read, its settings as used (equal settings give identical results), when "
              "it was written and with which versions.") + _table(run_table(run)) + skipped


def _corpus_section(tasks, max_tasks) -> str:
    tasks = tasks.assign(documents=tasks["pos"] + tasks["neg"])
    datasets = tasks.groupby("dataset").agg(classes=("class", "size"), documents=("documents", "first"),
                                            lowest_skew=("skew", "min"), highest_skew=("skew", "max")).reset_index()
    shown = tasks[["dataset", "class", "pos", "neg", "skew"]].head(max_tasks)
    more = _p(f"… and {len(tasks) - max_tasks} more tasks.") if len(tasks) > max_tasks else ""
    return (_p("Each task is one class against the rest of its dataset; pos and neg count its documents, skew is "
               "neg / pos (1:skew). The figure puts each task at (pos, neg) with the lines of equal skew, Forman's "
               "229 tasks in grey (Figure 12).") + _figure(task_sizes_figure(tasks, benchmark=forman_tasks()), "tasks")
            + _table(datasets) + _table(shown) + more)


def _tolerance_section(analysis, goal, metrics) -> str:
    label = GOAL_LABELS[goal]
    shares = analysis.shares()
    return (_p(f"For each task, the best **average maximum** of {label} any metric reached (the best k in each "
               "trial, averaged over trials). A metric succeeds on a task when its own average maximum is within "
               "the tolerance of that best (value ≥ best × (1 − t)); the curve is the percentage of tasks on which "
               "each metric succeeds (Figures 9a, 10a, 18–21).")
            + _figure(tolerance_figure(tolerance_curves(analysis.maxima(goal)), goal, metrics=metrics),
                      "tolerance")
            + _p("All four goals at Forman's tolerances, 1% and 0.1% for accuracy (Figure 9b).")
            + _figure(tolerance_bars_figure(shares, metrics=metrics), "tolerance-bars")
            + _table(tolerance_table(shares).reset_index()))


def _pairs_section(analysis, goal) -> str:
    pairs = pair_analysis(analysis, goal)
    if pairs is None:
        return _p("Residuals and pairs need at least two metrics in the results.")
    failures = pairs.at_tolerance[["backup", "residual", "combined"]].sort_values("residual", ascending=False)
    failures = failures.rename(columns={"residual": "% of failures rescued", "combined": "% of tasks, either"})
    figure = residual_figure(pairs.residuals, pairs.leader, pairs.leader_curve,
                             pair=(pairs.pair_name, pairs.pair_curve))
    tol = f"{100 * pairs.tolerance:g}%"
    return (_p(pairs.text()) + _figure(figure, "residuals")
            + _p(f"**When {metric_label(pairs.leader)} fails** (at {tol})") + _table(failures)
            + _p(f"**Best pairs** (at {tol})") + _table(pairs.pairs.head(15)))


def _significance_section(results, goal, k, metrics) -> str:
    tests = paired_tests(results, goal, k, metrics=tuple(metrics) + (ALL,))
    text = (f"{GOAL_LABELS[goal]} of each row metric minus each column metric at k = {k}, paired over the "
            f"{int(tests['n'].max()) if len(tests) else 0} task × trial runs both have (Forman's paired t-test). "
            "Blue: the row metric is better. The number in each cell is the p-value; * marks those below 0.05. "
            "All features appears at its own k.")
    return _p(text) + (_figure(significance_figure(tests, test="t", level=0.05), "significance") if len(tests) else "")
