"""Command line: ``python -m fsviz COMMAND …``.

Commands
--------
::

    info DATA             what a corpus holds: documents, words, classes with their pos, neg and skew
    top DATA --class C    the top k words of one class under each metric
    contexts DATA --class C --word W
                          the documents behind a word: its counts, its standing under each metric, and
                          keyword-in-context lines from the class and from the rest (:mod:`fsviz.corpora.contexts`)
    grid DATA… --out F    Forman's evaluation grid (Appendix B) → a tidy Parquet table
    lesion DATA… --out F  Forman's α-weighted positive/negative lesion study → the grid's Parquet table
    cutoff DATA --out F   the rare-word cutoff study → the grid's table plus min_df and vocabulary
    recommend DATA        which metric and k for this corpus: the quick plan (:mod:`fsviz.evaluation.quick`), then
                          the answer, worded as report words it (--goal f1|precision|recall|accuracy|fewest)
    report RESULTS        which metric to use: the recommendation and tolerance table of a grid's results;
                          --html FILE also writes a self-contained HTML report (:mod:`fsviz.report`)
    export DATA --out F   a selector you can ship: a class's k words under a metric → a fitted Pipeline (.skops)
    sample                make the sample corpus ready: harvested once, kept built (--rebuild: again)

DATA is anything :func:`fsviz.load_corpus` reads (a file, a folder, an
archive), or ``sample`` for the bundled sample corpus.

A bad argument, an unreadable file or a refused input ends the command
with exit status 2 and one line on stderr, ``error: …`` (no traceback);
options are checked before any corpus is read. Two ``grid`` (or
``lesion``, ``cutoff``) runs given the same ``--out`` do the work once: the
second waits for the first's lock file (``OUT.lock``, see
:mod:`fsviz.evaluation.grid._lock`), then continues from its results.

``grid``, ``lesion``, ``cutoff``, ``multiclass``, ``recommend`` and ``report`` draw a
progress bar (tqdm) only when stderr is a terminal, and take ``--quiet``
(no progress, no notes: only errors, still one line with exit status 2)
and ``--json`` (a machine-readable summary on stdout instead of the
tables; notes still go to stderr unless ``--quiet``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .._files import write_atomically
from .._lazy import LazyMapping, LazySequence, lazy
from .._validation import MAXIMA, check_k, check_n_jobs, check_unique, check_whole, parse_size
from ..corpora.corpus import load_corpus
from ..corpora.parts import count_in_parts, default_memory, part_docs_for
from ..corpora.sample import build_sample, cache_dir, load_sample, sample_path
from ..corpora.split import load_split
from ..metrics import FORMAN_METRICS
from ..selection import parse_specs, spec_inputs
from ..stats.significance import FdrRule, parse_k_rule
from .answer import provisional_line, recommend_command, report_command
from .export import export_command
from .options import corpus_options, grid_groups, listed, task_groups
from .output import check_out as _check_out
from .output import finish as _finish
from .output import note as _note
from .output import records as _records
from .output import table as _table
from .parser import build_parser, parse_limits
from .plot import plot_command
from .progress import Progress
from .significance import chosen_k as _k
from .significance import significance_text, top_summary, with_significance

# What only some commands use, imported when one first does (fsviz._lazy): scikit-learn's estimators, pyarrow,
# plotly and joblib stay out of `fsviz --help` and `fsviz info`.
quick_plan, run_quick = lazy("fsviz.evaluation.answer", "quick_plan", "run_quick")
goal_shares, k_rule_summary, macro_average = lazy("fsviz.evaluation.analyses", "goal_shares", "k_rule_summary", "macro_average")
GOALS = lazy("fsviz.evaluation.analyses", "GOALS", kind=LazySequence)
GridConfig, load_results, parse_ks, run_grid = lazy("fsviz.evaluation.grid", "GridConfig", "load_results", "parse_ks", "run_grid")
all_runs, check_multiclass_metrics, macro_curves, run_multiclass, save_multiclass = lazy(
    "fsviz.evaluation.multiclass", "all_runs", "check_multiclass_metrics", "macro_curves", "run_multiclass", "save_multiclass")
MEASURES = lazy("fsviz.evaluation.multiclass", "MEASURES", kind=LazyMapping)
tolerance_table, write_report = lazy("fsviz.report", "tolerance_table", "write_report")
task_sizes = lazy("fsviz.evaluation.analyses", "task_sizes")
cutoff_curves, lesion_config, lesion_curves, lesion_text, run_cutoffs = lazy(
    "fsviz.evaluation.studies", "cutoff_curves", "lesion_config", "lesion_curves", "lesion_text", "run_cutoffs")
top_words, word_facts = lazy("fsviz.stats.tables", "top_words", "word_facts")


def _read(data, args, options, limits):
    """One corpus from the command line: the sample, DATA, or DATA with its ``--test`` file."""
    test = getattr(args, "test_file", None)
    if data == "sample":
        if test:
            raise ValueError("--test-file goes with a corpus file: the sample comes as one corpus (leave it out)")
        return load_sample(**options)
    if test:
        return load_split(data, test, format=args.format, limits=limits, **options)
    return load_corpus(data, format=args.format, limits=limits, **options)


def _load(args):
    return _read(args.data, args, corpus_options(args, args.min_df), parse_limits(args.limit))


def _in_parts(args):
    """DATA counted in parts when reading it whole would take more than ``--memory`` (None: read it whole)."""
    memory = parse_size(args.memory, "--memory") if args.memory else default_memory()
    if args.data == "sample" or getattr(args, "test_file", None):
        return None
    part_docs = part_docs_for(args.data, memory)
    if part_docs is None:
        return None
    options = corpus_options(args, args.min_df)
    parted = count_in_parts(args.data, part_docs=part_docs, limits=parse_limits(args.limit), **options)
    unit, size = next((u, memory / f) for u, f in (("GB", 2**30), ("MB", 2**20), ("KB", 2**10), ("bytes", 1))
                      if memory >= f)
    _note(args, f"{parted.n_docs:,} documents counted in {parted.parts} parts of {part_docs:,} within --memory "
                f"{size:,.3g} {unit}: each word's documents per class (the documents themselves are not kept)")
    return parted


def _info(args):
    source = _in_parts(args)
    if source is not None:
        print(f"{source.name}: {source.n_docs} documents, {source.vocabulary.size} words, {source.classes.size} "
              "classes (counted in parts)")
    else:
        source = _load(args)
        print(source)
        print(f"vocabulary: {source.n_words} words kept of {source.n_words_raw}; "
              f"the cutoff (min_df={source.options['min_df']}) removed {source.removed_words.size}")
        for note in source.notes:
            print(f"note: {note}")
    tasks = task_sizes(source).sort_values("pos", ascending=False, kind="stable")  # largest class first
    print(tasks[["class", "pos", "neg", "skew"]].rename(columns={"skew": "skew 1:n"})
          .to_string(index=False, float_format=lambda v: f"{v:.1f}"))


def _top(args):
    _check_out(args.out)
    metrics = check_unique(listed(args.metrics, "--metrics", parse_specs, "metric", FORMAN_METRICS), "--metrics")
    rule = parse_k_rule(args.k)
    if not isinstance(rule, FdrRule):
        check_k(rule)
    parted = _in_parts(args)
    if parted is not None:
        positive, negative = task_groups(args, parted.classes)
        if negative is not None or len(positive) > 1:
            raise ValueError("a corpus counted in parts gives a class against the rest: leave out --vs and name one "
                             "--class, or raise --memory to read it whole")
        wider = [m for m in metrics if spec_inputs(m) - {"table"}]
        if wider:
            raise ValueError(f"{', '.join(wider)} read more than each word's documents per class (every class, term "
                             "frequencies or a model), which a corpus counted in parts keeps; choose metrics of the "
                             "2x2 table, or raise --memory to read DATA whole")
        task = parted.task(positive[0])
    else:
        corpus = _load(args)
        task = corpus.task(*task_groups(args, corpus.classes))
    n_words = task.tp.size
    k = min(_k(args, task), n_words)
    table = top_words(task, metrics, k)
    table = with_significance(table, task, args.alternative, args.test)
    if args.out:
        write_atomically(args.out, lambda tmp: table.to_csv(tmp, index=False), "--out")
        print(f"wrote {len(table)} rows to {args.out}")
    else:
        wide = table.pivot(index="rank", columns="metric", values="word")[list(metrics)]
        _finish(args, top_summary(table, task, args, k), wide.to_string() + "\n" + significance_text(table, task, args, k))


def _contexts(args):
    for value, option in ((args.n, "--n"), (args.width, "--width"), (args.offset, "--offset"), (args.seed, "--seed")):
        check_whole(value, option)
    metrics = check_unique(listed(args.metrics, "--metrics", parse_specs, "metric", FORMAN_METRICS), "--metrics")
    check_k(args.k)
    corpus = _load(args)
    positive, negative = task_groups(args, corpus.classes)
    page = corpus.contexts(args.word, positive, negative=negative, n=args.n, width=args.width, offset=args.offset,
                           seed=args.seed)
    facts = word_facts(corpus.task(positive, negative), page.word, metrics, args.k)
    sides = {sample.side: dict(total=sample.total, offset=sample.offset, next_offset=sample.next_offset,
                               lines=sample.records()) for sample in (page.positive, page.rest)}
    summary = dict(command="contexts", corpus=corpus.name, **{"class": page.class_name},
                   **facts.counts(), metrics=_records(facts.standing), top_k_of=list(facts.top_k_of),
                   width=page.width, seed=page.seed, **sides)
    text = [f"{page.word!r} in class {page.class_name!r}: tp = {facts.tp} of {facts.pos} documents "
            f"(tpr {facts.tpr:.3g}), fp = {facts.fp} of {facts.neg} others (fpr {facts.fpr:.3g})",
            _table(facts.standing.rename(columns={"top-k": f"top {facts.k}"})),
            f"in the top {facts.k} of: {', '.join(facts.top_k_of) or 'none of these metrics'}"]
    for sample, where in ((page.positive, f"in {' + '.join(positive)!r}"),
                          (page.rest, "outside it" if negative is None else f"in {' + '.join(negative)!r}")):
        shown = f"{sample.offset + 1}–{sample.offset + len(sample.lines)}" if sample.lines else "none"
        more = f"; --offset {sample.next_offset} for more" if sample.next_offset is not None else ""
        text.append(f"\ndocuments {where} containing it: {sample.total} (shown {shown}, seed {page.seed}{more})")
        text += [f"  doc {line.doc:>6} ×{line.occurrences:<3} {_one_space(line.left)[-60:]:>60}[{line.match}]"
                 f"{_one_space(line.right)[:60]}" + (f"  ({line.labels})" if sample.side == "rest" else "")
                 for line in sample.lines]
    _finish(args, summary, "\n".join(text))


def _one_space(text: str) -> str:
    """A context as one terminal line (what stays of a control character is a space)."""
    return "".join(c if c.isprintable() else " " for c in text)


def _grid_corpora(args, min_df):
    if getattr(args, "test_file", None) and len(args.data) > 1:
        raise ValueError(f"--test-file goes with one DATA (its training file), got {len(args.data)}; run each corpus "
                         "with its own test file")
    options, limits = corpus_options(args, min_df), parse_limits(args.limit)
    return [_read(data, args, options, limits) for data in args.data]


#: What a grid-like command with folds says when every class was skipped.
_FEWER_FOLDS = "use fewer --folds, or a corpus with more documents per class"


def _check_run_options(args) -> None:
    """The options of a grid-like command that GridConfig does not hold: checked before any corpus is read."""
    _check_out(args.out)
    check_n_jobs(args.jobs, "--jobs")
    if args.workers is not None:
        check_whole(args.workers, "--workers", minimum=1, maximum=MAXIMA["workers"], what="of Dask worker processes")


def _grid_options(args) -> dict:
    """GridConfig keywords from the options every grid-like command shares."""
    _check_run_options(args)
    params = {"C": args.C} if args.C is not None else {}
    return dict(ks=listed(args.k, "--k", parse_ks, "k"), trials=args.trials, folds=args.folds,
                classes=tuple(args.classes.split(",")) if args.classes else None if args.classes is None else (),
                groups=grid_groups(args), classifier=args.classifier,
                classifier_params=tuple(params.items()), solver=args.solver, seed=args.seed)


def _run(corpora, config, args, remedy: str, *, out=None, notes: bool = True, should_stop=None):
    """Run the grid with the CLI's progress and notes; returns the run and its summary (line and JSON). ``remedy``
    says what to do when every class is skipped, in the options of the command that runs it; ``out`` is the results
    file (default ``args.out``); ``notes`` False leaves out the notes of skipped classes (said by an earlier run);
    ``should_stop`` ends the run early (:func:`fsviz.evaluation.run_grid`)."""
    preamble = [*map(str, corpora), f"{len(corpora)} dataset(s); {len(config.metrics)} metrics × {len(config.k_values)} "
                f"k values{' + all features' * config.all_features}; {config.trials} trials × "
                + (f"{config.folds} parts of the test file" if any(c.test_rows is not None for c in corpora)
                   else f"{config.folds} folds")]
    out = args.out if out is None else out
    run = run_grid(corpora, config, out=out, n_jobs=args.jobs, workers=args.workers, scheduler=args.scheduler,
                   progress=Progress(preamble, quiet=args.quiet), on_wait=lambda m: _note(args, f"note: {m}"),
                   should_stop=should_stop)
    for row in run.skipped.itertuples(index=False) if notes else ():
        _note(args, f"skipped {row.dataset}/{row[1]}: {row.reason}")
    if run.cells_total == 0 and len(run.skipped):
        raise ValueError(f"every class was skipped ({run.skipped['reason'].iloc[0]}, …), so nothing was run; "
                         f"{remedy}")
    rate = run.fits / run.elapsed if run.elapsed > 0 else 0.0
    line = (f"wrote {len(run.results):,} rows to {out}: {run.cells_done} cells, {run.fits:,} fits in "
            f"{run.elapsed:.1f} s ({rate:.0f} fits/s); no positive predictions in "
            f"{100 * run.no_positive_predictions():.1f}% of rows (precision counted as 0)")
    checked, resolved, unconverged = run.solver_counts()
    if checked or resolved or unconverged:
        line += (f"; rows whose SVM fit stopped at max_iter: {checked:,} kept by the duality-gap check, {resolved:,} "
                 f"solved again with the other solver, {unconverged:,} still not converged (columns solver, "
                 "converged)")
    summary = dict(out=str(out), rows=len(run.results), cells_done=run.cells_done, cells_total=run.cells_total,
                   complete=run.complete, fits=run.fits, seconds=round(run.elapsed, 3), gap_checked_rows=checked,
                   resolved_rows=resolved, unconverged_rows=unconverged,
                   no_positive_predictions=run.no_positive_predictions(), skipped=_records(run.skipped))
    return run, line, summary


def _grid(args):
    config = GridConfig(metrics=listed(args.metrics, "--metrics", parse_specs, "metric", ()), min_df=args.min_df,
                        inner_folds=args.inner_folds, **_grid_options(args))
    corpora = _grid_corpora(args, args.min_df)
    run, line, summary = _run(corpora, config, args, _FEWER_FOLDS)
    macro = macro_average(run.results)
    best = macro.loc[macro.groupby("metric")["f1"].idxmax(), ["metric", "k", *GOALS]].sort_values("f1", ascending=False)
    text = f"{line}\nmacro-averaged over tasks, at each metric's best k for F1:\n{_table(best)}"
    if len(rules := k_rule_summary(run.results)):
        text += f"\nunder each k rule (k chosen per fold; median and range), beside the best fixed k:\n{_table(rules)}"
    _finish(args, dict(command="grid", **summary, best=_records(best), macro=_records(macro),
                       k_rules=_records(rules)), text)


def _lesion(args):
    alphas = listed(args.alphas, "--alphas", lambda t: [a.strip() for a in t.split(",") if a.strip()], "weight α")
    config = lesion_config(args.metric, alphas, min_df=args.min_df, **_grid_options(args))
    corpora = _grid_corpora(args, args.min_df)
    run, line, summary = _run(corpora, config, args, _FEWER_FOLDS)
    curves = lesion_curves(run.results)
    weighted = curves[curves["metric"] != "all"]
    findings = [text.replace("**", "") for text in lesion_text(curves, run.results)]
    tables = [f"\nmacro {goal} by k (rows) and α (columns):\n"
              + weighted.pivot(index="k", columns="alpha", values=goal).to_string(float_format=lambda v: f"{v:.3f}")
              for goal in ("precision", "recall", "f1")]
    _finish(args, dict(command="lesion", **summary, curves=_records(curves), findings=findings),
            "\n".join([line, *tables, ""] + ["- " + text for text in findings]))


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
    if len(cutoffs) > MAXIMA["cutoffs"]:  # counted, never materialised, before the corpus is read
        raise ValueError(f"--cutoffs {args.cutoffs} is {len(cutoffs):,} cutoffs; at most {MAXIMA['cutoffs']} in one "
                         "study (e.g. 1-25)")
    config = GridConfig(metrics=(args.metric,), **_grid_options(args))
    corpus = _grid_corpora(args, 1)[0]
    table = run_cutoffs(corpus, config, cutoffs, out_dir=f"{args.out}.runs", n_jobs=args.jobs, workers=args.workers,
                        progress=Progress([str(corpus)], quiet=args.quiet), scheduler=args.scheduler,
                        on_wait=lambda m: _note(args, f"note: {m}"))
    write_atomically(args.out, lambda tmp: table.to_parquet(tmp, index=False), "--out")
    curves = cutoff_curves(table)
    line = curves[curves["metric"] == args.metric][["min_df", "vocabulary", "k", *GOALS]]
    _finish(args, dict(command="cutoff", out=str(args.out), rows=len(table), metric=args.metric,
                       curves=_records(curves)),
            f"wrote {len(table):,} rows to {args.out}; {args.metric} by cutoff (macro over tasks):\n{_table(line)}")


def _recommend(args):
    """The quick plan, a provisional answer (a note), k refined around its peaks and, within --budget, a second
    split (:func:`fsviz.evaluation.run_quick`); then the answer. With --out the runs are kept in OUT.quick/ (a
    second call continues from them) and their one table in OUT."""
    args.data = [args.data]
    check_whole(args.trials, "--trials", minimum=1, maximum=MAXIMA["trials"], what="of trials")
    if not 0 <= args.budget < float("inf"):
        raise ValueError(f"--budget must be seconds >= 0, got {args.budget}")
    _check_run_options(args)
    corpus = _grid_corpora(args, args.min_df)[0]
    classes = tuple(c for c in args.classes.split(",") if c) if args.classes else None
    params = {"C": args.C} if args.C is not None else {}
    plan = quick_plan(corpus, trials=args.trials, classes=classes, classifier=args.classifier,
                      classifier_params=tuple(params.items()), seed=args.seed, min_df=args.min_df)
    stages = []

    def run(config, out, should_stop):
        grid, _, summary = _run([corpus], config, args, "use a corpus with more documents per class (recommend's "
                                "plan cross-validates with 4 folds)", out=out, notes=not stages,
                                should_stop=should_stop)
        stages.append(summary)
        return grid

    def provisional(answer, first):
        line = provisional_line(answer, args.goal)
        splits = "one split" if plan.config.trials == 1 else f"{plan.config.trials} splits"
        _note(args, f"provisional answer ({first.cells_done} cells, {splits}, k = "
                    f"{', '.join(f'{k:,}' for k in plan.config.ks)}; refining): {line}")

    quick = run_quick(corpus, plan, budget=args.budget, folder=f"{args.out}.quick" if args.out else None, run=run,
                      on_answer=provisional)
    final = quick.as_run()
    if args.out:
        final.save(args.out)
    checked, resolved, unconverged = final.solver_counts()
    summary = dict(out=None if args.out is None else str(args.out), rows=len(final.results),
                   cells_done=final.cells_done, cells_total=final.cells_total, complete=final.complete,
                   fits=final.fits, seconds=round(quick.seconds, 3), first_seconds=round(quick.first_seconds, 3),
                   gap_checked_rows=checked, resolved_rows=resolved, unconverged_rows=unconverged,
                   no_positive_predictions=final.no_positive_predictions(), skipped=_records(final.skipped))
    recommend_command(args, quick, summary)


def _sample(args):
    """Make the sample ready, as the README's start command does before the app: harvested when missing (or
    ``--rebuild``), then read once with the app's first options, which keeps it built (no visitor waits)."""
    path = sample_path()
    if args.rebuild or not path.exists():
        build_sample(path)
        print(f"wrote {path}")
    print(load_sample())


def _multiclass(args):
    metrics = listed(args.metrics, "--metrics", parse_specs, "metric")
    check_multiclass_metrics(metrics)
    config = GridConfig(metrics=metrics, **_grid_options(args))
    (corpus,) = _grid_corpora(args, args.min_df)
    table = run_multiclass(corpus, config, n_jobs=args.jobs, progress=Progress([str(corpus)], quiet=args.quiet))
    if args.out.lower().endswith(".csv"):
        write_atomically(args.out, lambda tmp: table.to_csv(tmp, index=False), "--out")
    else:
        save_multiclass(table, args.out, config, corpus)
    curves = macro_curves(table)
    multilabel = "multi-label: one-vs-rest per class, " if corpus.is_multilabel else ""
    _finish(args, dict(command="multiclass", out=str(args.out), rows=len(table), multilabel=corpus.is_multilabel,
                       trials=config.trials, folds=config.folds, curves=_records(curves)),
            f"wrote {len(table)} rows to {args.out}; {multilabel}"
            f"means over {config.trials} trial(s) × {config.folds} folds:\n{_table(curves.rename(columns=MEASURES))}")


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, MemoryError):
        return "out of memory; try a smaller corpus, a higher --min-df, or fewer metrics and k values"
    if isinstance(exc, OSError) and exc.strerror and not isinstance(exc, TimeoutError):
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}{where}"
    return " ".join(str(exc).split()) or type(exc).__name__


def _runs(args):
    folder = Path(args.folder) if args.folder else cache_dir() / "grid"
    if args.folder and not folder.is_dir():
        raise ValueError(f"no such folder: {folder}")
    runs = all_runs(folder, folder if args.folder else cache_dir() / "multiclass")
    shown = runs.drop(columns=["key", "path"]).assign(cells=[f"{d} of {t}" for d, t in
                                                             zip(runs["cells_done"], runs["cells_total"])])
    text = _table(shown.drop(columns=["cells_done", "cells_total"])) if len(runs) else f"no runs stored in {folder}"
    _finish(args, dict(command="runs", folder=str(folder), runs=_records(runs)), text)


#: Each sub-command and the function that runs it.
COMMANDS = {
    "info": _info,
    "top": _top,
    "contexts": _contexts,
    "grid": _grid,
    "lesion": _lesion,
    "cutoff": _cutoff,
    "multiclass": _multiclass,
    "recommend": _recommend,
    "report": report_command,
    "export": lambda args: export_command(args, _load),
    "plot": lambda args: plot_command(args, _load),
    "sample": _sample,
    "runs": _runs,
}


def main(argv=None) -> int:
    """Run one command of ``python -m fsviz`` (the module's docstring lists them) and return its exit status.

    Parameters
    ----------
    argv : list of str, optional
        The command and its options, e.g. ``["info", "corpus.csv"]``; None (the default) reads ``sys.argv[1:]``.

    Returns
    -------
    int
        0 when the command ran; 2 for a refused argument, an unreadable file or a refused input (``ValueError``,
        ``OSError`` or ``MemoryError``), after one line ``error: …`` on stderr; 1 when stdout was closed early.

    Raises
    ------
    SystemExit
        From :mod:`argparse`: for ``--help`` (status 0) and for options it cannot parse (status 2).

    See Also
    --------
    fsviz.load_corpus : reads DATA.
    fsviz.cli.Progress : the progress bar of the grid-like commands.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from fsviz.cli import main
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "tiny.csv"
    ...     _ = path.write_text("text,label\\ngood fun film,pos\\ngood plot,pos\\nbad dull film,neg\\nbad plot,neg\\n")
    ...     main(["info", str(path), "--min-df", "1"])
    Corpus('tiny': 4 documents, 6 words, 2 classes)
    vocabulary: 6 words kept of 6; the cutoff (min_df=1) removed 0
    class  pos  neg  skew 1:n
      neg    2    2       1.0
      pos    2    2       1.0
    0
    """
    args = build_parser().parse_args(argv)
    run = COMMANDS[args.command]
    try:
        run(args)
    except BrokenPipeError:  # the reader stopped (`… --json | head`): no message, as other Unix tools
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (ValueError, OSError, MemoryError) as exc:  # CorpusError included: a message, not a traceback
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 2
    return 0


__all__ = ["Progress", "main"]
