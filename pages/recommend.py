"""Recommend: which metric and which k for this corpus, from a quick plan, the answer forming as cells finish."""

import pandas as pd
import streamlit as st

from fsviz.evaluation.analyses import macro_average
from fsviz.evaluation.answer import (
    ANSWER_GOALS,
    ANSWER_LABELS,
    quick_plan,
    recommend,
    recommendation_text,
    refined_configs,
)
from fsviz.evaluation.grid import carry_over, parse_ks, run_key
from fsviz.metrics import metric_names
from fsviz.plots import curves_figure
from ui import state
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


def _refine(corpus, plan) -> None:
    """More trials refine the answer in place: the cells of the same plan with fewer trials, finished before, are
    carried into this run (the same folds and seeds), so only the new trials run."""
    out = state.grid_dir() / f"{run_key(plan.config, [corpus])}.parquet"
    if plan.config.trials == 1 or out.exists():
        return
    for fewer in range(plan.config.trials - 1, 0, -1):
        earlier = state.grid_dir() / f"{run_key(quick_plan(corpus, trials=fewer).config, [corpus])}.parquet"
        if earlier.is_file():
            carry_over(earlier, out, plan.config, [corpus])
            return


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
    st.caption(f"The quick plan: {plan.text} Class names are the corpus's own.")
    _refine(corpus, plan)
    added_metrics, added_ks = _refinements(plan)
    configs = refined_configs(plan.config, metrics=added_metrics, ks=added_ks)
    runs = run_panel(corpus, ctx.corpus_key, configs, prefix="recommend", run_label="Recommend", preview=_live)
    if runs is None:
        return
    state.keep_runs(state.grid_dir(), state.grid_keys(corpus, configs), stored=any(run.fits for run in runs))
    run = runs[0]
    done, total = sum(r.cells_done for r in runs), sum(r.cells_total for r in runs)
    if not done:
        st.info("Press **Recommend**: the answer forms as the cells finish, and the finished cells are kept.")
        return
    if done < total:
        st.warning(f"The answer below rests on {done:,} of {total:,} cells: Continue finishes the plan.", icon="⏸️")
    results = _results(runs)
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
