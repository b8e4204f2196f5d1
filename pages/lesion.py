"""Lesion study page: positive vs negative features, α-weighted (Forman 2003, Figure 22)."""

import io

import numpy as np
import streamlit as st

import fsviz
from fsviz import plots
from fsviz.evaluation.grid import DEFAULT_KS, parse_ks
from fsviz.evaluation.studies import DEFAULT_ALPHAS, feature_shares, lesion_config, lesion_curves, lesion_text
from ui import cache, state
from ui.components import chart, choose_many, class_picker, heading, plain, spreadsheet_csv
from ui.runs import run_panel, stored_runs
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    corpus = ctx.corpus
    heading("Lesion study: positive vs negative features", """
        A **positive** feature is more frequent inside the class than outside (tpr > fpr), a **negative** one the
        reverse. Forman (2003) multiplied BNS scores by a weight **α** for positive features and **1 − α** for
        negative ones before taking the top k; α = 0.5 is the plain metric. He found that positive features carry
        **precision**, negative features carry **recall** once many are selected, that nearly dropping positive
        features (α = 0.1) defeats the classifier, and that the balance gives the best F-measure. Here the same study
        runs through the evaluation grid on your corpus.
    """)
    metrics = [m for m in fsviz.FORMAN_METRICS if not fsviz.get_metric(m).random]
    c1, c2 = st.columns([1, 3])
    metric = c1.selectbox("Metric", metrics, index=metrics.index("bns"), key="lesion_metric",
                          format_func=lambda m: fsviz.get_metric(m).label)
    choices = [round(a, 2) for a in np.arange(0, 1.0001, 0.05)]
    with c2:
        alphas = choose_many("Weights α (positive features × α, negative × 1 − α)", choices,
                             default=list(DEFAULT_ALPHAS), key="lesion_alphas")
    label = fsviz.get_metric(metric).label

    st.subheader("Where each weight selects, for the current class")
    if ctx.task is None or not alphas:
        st.info("Choose a class in the sidebar and at least one α.")
    else:
        task, k = ctx.task, min(ctx.k, ctx.task.n_words)
        shares = feature_shares(task, metric, k, alphas)
        left, right = st.columns([2, 3])
        with left:
            chart(plots.feature_shares_figure(shares), key="lesion_shares")
            st.download_button("Download the shares (CSV)", spreadsheet_csv(shares), "fsviz-lesion-shares.csv",
                               "text/csv", key="lesion_dl_shares")
        with right:
            chosen = st.select_slider("Draw the selected words for α", sorted(alphas),
                                      value=0.5 if 0.5 in alphas else sorted(alphas)[0], key="lesion_chosen")
            points = cache.word_points(task, ctx.task_key)
            chart(plots.alpha_map_figure(task, metric, k, alphas, chosen, points=points), key="lesion_map")
        st.caption(f"For {plain(ctx.described)}, top {k} words by {plain(label)} (k from the sidebar). "
                   "Each line is one α's "
                   "boundary: words above the upper branch or below the lower one are selected. Lower α raises the bar "
                   "for positive words and lowers it for negative ones, so the boundary tilts toward the negative side.")

    st.subheader("The study")
    classes = [str(c) for c in corpus.classes]
    c1, c2 = st.columns([3, 2])
    with c1:
        chosen_classes = class_picker("Positive classes (each against the rest)", classes, key="lesion_classes")
    ks_text = c2.text_input("Numbers of features k", ", ".join(map(str, DEFAULT_KS)), key="lesion_ks")
    c1, c2, c3 = st.columns(3)
    trials = c1.number_input("Trials", 1, 100, 5, key="lesion_trials")
    folds = c2.number_input("Folds", 2, 20, 4, key="lesion_folds")
    seed = c3.number_input("Seed", 0, 2**31 - 1, 0, key="lesion_seed")
    config = None
    if not chosen_classes or not alphas:
        st.info("Choose at least one class and one α.")
    else:
        try:
            config = lesion_config(metric, alphas, ks=parse_ks(ks_text), trials=int(trials), folds=int(folds),
                                   classes=tuple(chosen_classes), seed=int(seed))
        except ValueError as exc:
            st.error(plain(exc), icon="⚠️")
    runs = run_panel(corpus, ctx.corpus_key, [config], prefix="lesion", run_label="Run the study",
                     preview=lambda runs: plots.lesion_figure(lesion_curves(runs[0].results))) if config else None
    if runs is not None:
        state.keep_runs(state.grid_dir(), state.grid_keys(corpus, [config]),
                            stored=any(run.fits for run in runs))
    if runs is not None and runs[0].cells_done:
        run = runs[0]
        if not run.complete:
            st.warning("This study is incomplete: the curves average only the finished cells.", icon="⏸️")
        curves = cache.analysed(lesion_curves, state.results_key(run.results, "lesion"), run.results)
        chart(plots.lesion_figure(curves), key="lesion_curves")
        st.markdown("**What this corpus says** (macro-averaged over the classes):")
        for line in lesion_text(curves, run.results):
            st.markdown(f"- {line}")
        c1, c2 = st.columns(2)
        c1.download_button("Download the curves (CSV)", spreadsheet_csv(curves), "fsviz-lesion.csv", "text/csv",
                           key="lesion_dl_curves")
        buffer = io.BytesIO()
        run.save_to(buffer)
        c2.download_button("Download the results (Parquet, the grid's table)", buffer.getvalue(), "fsviz-lesion.parquet",
                           "application/octet-stream", key="lesion_dl_parquet")

    with st.expander("Stored runs on this server (grid, lesion, cutoff, multi-class)"):
        stored_runs("lesion_runs", corpus)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
