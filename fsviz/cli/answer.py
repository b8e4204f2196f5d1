"""The commands that give the answer: ``report`` (from a grid's results file) and ``recommend`` (the quick plan
on a corpus, then the same answer). Both print the same sentences and, with ``--json``, the same ``answers``
objects (:func:`fsviz.evaluation.answers.answers`)."""

from __future__ import annotations

from pathlib import Path

from .._files import write_atomically
from .._lazy import lazy
from .output import check_out, finish, records

__all__ = ["provisional_line", "recommend_command", "report_command"]

# A results table's analysis needs the grid, scipy and pyarrow: imported when a command first does.
recommend = lazy("fsviz.evaluation.answer", "recommend")
answers, recommendation_text = lazy("fsviz.evaluation.answer", "answers", "recommendation_text")
analyse = lazy("fsviz.evaluation.analyses", "analyse")
load_results = lazy("fsviz.evaluation.grid", "load_results")
tolerance_table, write_report = lazy("fsviz.report", "tolerance_table", "write_report")


def _answer(results):
    """The recommendation's table, its sentences (plain text) and its ``answers``, from a results table or its
    analysis."""
    table_ = recommend(results)
    return table_, [line.replace("**", "") for line in recommendation_text(table_)], answers(table_)


def report_command(args) -> None:
    """``fsviz report RESULTS``: the answer, the tolerance table and, with --html, the HTML report."""
    for option, path in (("--out", args.out), ("--html", args.html)):
        check_out(path, option, "report.html" if option == "--html" else "recommendation.csv")
        if path is not None and Path(path).resolve() == Path(args.results).resolve():
            raise ValueError(f"{option} {path} is the results file itself; choose another name")
    if args.html is None and (args.goal is not None or args.k is not None):
        raise ValueError("--goal and --k choose what the HTML report shows; give --html FILE too")
    run = load_results(args.results)
    results = run.results
    if results.empty:
        raise ValueError(f"{args.results} holds no finished cells")
    if args.html:  # first: it checks --goal and --k against the table
        write_report(run, args.html, goal=args.goal or "f1", k=args.k, source=Path(args.results).name)
    analysis = analyse(results)  # the answer and the tolerance table read the same tables, made once
    recommendation, lines, answered = _answer(analysis)
    if args.out:
        write_atomically(args.out, lambda tmp: recommendation.to_csv(tmp, index=False), "--out")
    tasks = results[["dataset", "class"]].drop_duplicates().shape[0]
    shares = analysis.shares()
    summary = dict(command="report", results=str(args.results), tasks=tasks, metrics=int(results["metric"].nunique()),
                   complete=run.complete, answers=answered, recommendation=records(recommendation), text=lines,
                   tolerance=records(shares), out=args.out, html=args.html)
    text = [f"{args.results}: {tasks} tasks, {summary['metrics']} metrics (incl. all features), "
            f"{'complete' if run.complete else 'INCOMPLETE'}\n", *(f"- {line}\n" for line in lines),
            "% of tasks on which each metric comes within tolerance of the best average maximum (Forman's Figure 9b):",
            tolerance_table(shares).to_string(float_format=lambda v: f"{v:.1f}"),
            *(f"wrote {path}" for path in (args.out, args.html) if path)]
    finish(args, summary, "\n".join(text))


def provisional_line(recommendation, goal: str) -> str:
    """The ``goal``'s sentence of a provisional answer, plain text."""
    lines = recommendation_text(recommendation)
    goals = list(recommendation["goal"])
    return lines[goals.index(goal) if goal in goals else 0].replace("**", "")


def recommend_command(args, quick, summary: dict) -> None:
    """``fsviz recommend CORPUS``'s answer, once the quick plan's runs (a :class:`fsviz.evaluation.QuickRun`) are
    done: what ran (every k tried, the splits), then the ``--goal``'s answer, then the other goals'."""
    recommendation, lines, answered = _answer(quick.results)
    first = next(i for i, a in enumerate(answered) if a["goal"] == args.goal)
    order = [first, *(i for i in range(len(answered)) if i != first)]
    plan, refinement = quick.final_plan, quick.refinement
    refined = refinement.text if refinement is not None else None
    out = dict(command="recommend", plan=plan.text, first_plan=quick.plan.text, refinement=refined,
               ks=list(plan.config.ks), trials=plan.config.trials, goal=args.goal,
               answers=[answered[i] for i in order], recommendation=records(recommendation), **summary)
    text = [f"plan: {plan.text}", *([f"refined: {refined}"] if refined else []), "", lines[first], "",
            "Other goals:", *(f"- {lines[i]}" for i in order[1:])]
    if args.out:
        text.append(f"\nwrote the results to {args.out} (each run kept in {args.out}.quick/): `fsviz report "
                    f"{args.out}` reads them again, and the same --out with more --trials refines them")
    finish(args, out, "\n".join(text))
