"""Recommend: which metric and which k for this corpus, from a quick plan, the answer forming as cells finish."""

import dataclasses

import pandas as pd
import streamlit as st

from fsviz.evaluation.analyses import macro_average
from fsviz.evaluation.answer import (
    ANSWER_GOALS,
    ANSWER_LABELS,
    QuickRun,
    carry_trials,
    quick_plan,
    recommend,
    recommendation_text,
    refine_plan,
    refined_configs,
    stage_out,
)
from fsviz.evaluation.grid import estimate_seconds, n_workers, parse_ks, stored_results
from fsviz.metrics import metric_names
from fsviz.plots import curves_figure
from ui import cache, state
from ui.charts import live_chart
from ui.components import answer_panel, chart, choose_many, label_text, metric_choice, plain
from ui.runs import run_panel
from ui.sidebar import page


def _results(runs) -> pd.DataFrame:
    """The plan's rows and its refinements', one table (each task, metric, k, trial and fold once)."""
    return pd.concat([run.results for run in runs], ignore_index=True) if len(runs) > 1 else runs[0].results


def _live(runs):
    """While the plan runs: the curves so far and the provisional answer for F1 (drawn in place)."""
    results = _results(runs)
    if results.empty or results["metric"].nunique() < 2:
        return None
    # Each drawing is a new element: the preview may draw the same rows twice (the checkpoints are written in
    # batches), so its key counts drawings, not rows.
    drawn = st.session_state["recommend_live_drawn"] = st.session_state.get("recommend_live_drawn", 0) + 1
    live_chart(curves_figure(macro_average(results), bands=False), key=f"recommend_live_{drawn}")
    try:
        line = recommendation_text(recommend(results), label_text)[0]
    except ValueError:  # no real selection finished yet
        return None
    done, total = sum(run.cells_done for run in runs), sum(run.cells_total for run in runs)
    st.info(f"So far, on {done:,} of {total:,} cells: {line}")
    return None


def _refinements(plan) -> tuple[list, list]:
    """The Refine box: metrics and k to add to the plan (their cells only run; the plan's are kept)."""
    with st.expander("Refine: more metrics, more k"):
        st.caption("Added metrics run at the plan's k, added k for every metric, on the plan's folds: only the new "
                   "cells run, and the answer sharpens in place. More trials: the Trials box above.")
        others = [m for m in metric_names() if m not in plan.config.metrics]
        metrics = choose_many("Add metrics", others, key="recommend_add_metrics", format_func=metric_choice)
        text = st.text_input("Add k (comma-separated)", key="recommend_add_k", placeholder="e.g. 50, 2000")
        try:
            ks = [k for k in parse_ks(text) if isinstance(k, int)] if text.strip() else []
        except ValueError as exc:
            st.error(plain(str(exc)), icon="⚠️")
            ks = []
        too_big = [k for k in ks if k >= plan.vocabulary]
        if too_big:
            st.caption(f"Left out: k ≥ the vocabulary ({plan.vocabulary:,} words), which all words already scores.")
        return metrics, [k for k in ks if 0 < k < plan.vocabulary]


def _refinement(corpus, corpus_key, plan):
    """The quick answer's second step, once the plan's own run is stored whole: k around its goals' peaks and, when
    the page's estimate of that run leaves room in the budget, a second split (:func:`fsviz.evaluation.refine_plan`).
    Read from the plan's run alone, so it stays the same while the refined runs go."""
    first = stored_results(corpus, plan.config, out=stage_out(state.grid_dir(), plan.config, corpus))
    if not first.complete or first.results.empty:
        return None
    try:
        answer = recommend(first.results)
    except ValueError:  # no real selection: nothing to refine
        return None
    seconds = estimate_seconds(cache.cell_seconds(corpus, corpus_key, plan.config), first.cells_total, n_workers())
    return refine_plan(plan, answer, seconds=seconds)


def _configs(corpus, plan, refinement, metrics, ks) -> list:
    """The runs of the plan, its refinement and the Refine box's additions; each run of more trials starts from the
    stored cells of fewer (:func:`fsviz.evaluation.carry_trials`): only new cells run."""
    config = plan.config if refinement is None else dataclasses.replace(plan.config, trials=refinement.trials)
    added = [] if refinement is None else list(refinement.ks)
    configs = refined_configs(config, metrics=metrics, ks=[*added, *ks])
    for each in configs:
        carry_trials(state.grid_dir(), each, corpus)
    return configs


def main() -> None:
    ctx = page(__file__)
    corpus = ctx.corpus
    st.title("Recommend a metric and k")
    st.markdown(
        "Which feature-selection metric, and how many words, suit **this corpus**? One button runs a quick plan of "
        "Forman's evaluation on it and answers for your goal, saying what the data can show and what they cannot. "
        "For the full protocol and every analysis, use the *Evaluation grid* and the *Results explorer*.")
    c1, c2 = st.columns([3, 1])
    goal = c1.radio("Your goal", ANSWER_GOALS, horizontal=True, key="recommend_goal",
                    format_func=lambda g: ANSWER_LABELS[g] if g != "fewest" else "Fewest words (within 1% of the best F1)",
                    help="Changing the goal changes the answer, not the run.")
    trials = c2.number_input("Trials", 1, 10, 1, key="recommend_trials",
                             help="Repetitions of 4-fold cross-validation. One answers fastest; more trials sharpen "
                                  "the answer (more held-out folds to test it on), and the trials already run are "
                                  "kept: only the new ones run.")
    try:
        plan = quick_plan(corpus, trials=int(trials))
    except ValueError as exc:
        st.error(plain(str(exc)), icon="⚠️")
        st.stop()
    refinement = _refinement(corpus, ctx.corpus_key, plan)
    shown = plan if refinement is None else refinement.refined_plan
    st.caption(f"The quick plan: {shown.text} Class names are the corpus's own.")
    if refinement is not None:
        st.caption(f"After its first run: {refinement.text}")
    added_metrics, added_ks = _refinements(plan)
    configs = _configs(corpus, plan, refinement, added_metrics, added_ks)
    runs = run_panel(corpus, ctx.corpus_key, configs, prefix="recommend", run_label="Recommend", preview=_live)
    if runs is None:
        return
    state.keep_runs(state.grid_dir(), state.grid_keys(corpus, configs), stored=any(run.fits for run in runs))
    if refinement is None and _refinement(corpus, ctx.corpus_key, plan) is not None:
        st.rerun()  # the first run just finished: show its refinement, to run with Continue
    done, total = sum(r.cells_done for r in runs), sum(r.cells_total for r in runs)
    if not done:
        st.info("Press **Recommend**: the answer forms as the cells finish, and the finished cells are kept.")
        return
    if done < total and refinement is not None:
        splits = ", and a second split" if refinement.trials > plan.config.trials else ""
        st.warning(f"The answer below is provisional: it rests on {done:,} of {total:,} cells. Continue refines it "
                   f"(k around its peaks{splits}).", icon="⏸️")
    elif done < total:
        st.warning(f"The answer below rests on {done:,} of {total:,} cells: Continue finishes the plan.", icon="⏸️")
    quick = QuickRun(plan, refinement, tuple(runs), 0.0, key=state.grid_keys(corpus, [shown.config])[0])
    run = runs[0]
    if refinement is not None and len(runs) > 1 and quick.complete and not (added_metrics or added_ks):
        # the one table, kept as a run of every k tried (what the Results explorer opens)
        run = quick.as_run()
        if not (out := stage_out(state.grid_dir(), shown.config, corpus)).exists():
            run.save(out)
    results = quick.results
    try:
        recommendation = recommend(results)
    except ValueError as exc:
        st.info(plain(str(exc)))
        return
    answer_panel(ctx, recommendation, goal, classifier=plan.config.classifier, key="recommend_ship")
    chart(curves_figure(macro_average(results)), key="recommend_curves")
    state.show_results(run, f"the quick plan on this corpus ({corpus.name})")
    st.page_link("pages/results.py", label="Explore these results: tolerance, pairs, skew, significance, stability",
                 icon=":material/insights:")


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
