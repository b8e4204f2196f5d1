"""Rare-word cutoff page: how performance depends on dropping rare words (Forman 2003, Figure 11)."""

import pandas as pd
import streamlit as st

import fsviz
from fsviz import plots
from fsviz.evaluation.grid import GridConfig
from fsviz.evaluation.studies import cutoff_curves, cutoff_jobs, cutoff_table, cutoff_text
from ui import cache, state
from ui.components import chart, class_picker, heading, plain, spreadsheet_csv
from ui.runs import run_panel, stored_runs
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    heading("Rare-word cutoff", """
        Words that occur in fewer than c documents are usually removed before anything else (Forman used c = 3). Does
        the choice matter? Here one metric at one k is evaluated, through the evaluation grid, on the corpus with each
        cutoff from 1 up; the bars show how many words each cutoff keeps (Figure 11). The corpus is re-read with no
        cutoff for this page, whatever the sidebar's Preprocessing says.
    """)
    source, options = ctx.corpus_key
    corpus = state.load(source, {**dict(options), "min_df": 1})
    corpus_key = (source, tuple(sorted({**dict(options), "min_df": 1}.items())))

    metrics = fsviz.metric_names()
    c1, c2, c3 = st.columns([1, 1, 2])
    metric = c1.selectbox("Metric", metrics, index=metrics.index("bns"), key="cutoff_metric",
                          format_func=state.metric_option)
    k = c2.number_input("k: words selected", 1, 100_000, 1000, key="cutoff_k")
    low, high = c3.slider("Cutoffs (documents)", 1, 50, (1, 25), key="cutoff_range")
    cutoffs = list(range(low, high + 1))
    vocabulary = pd.DataFrame({"min_df": cutoffs, "vocabulary": [int((corpus.df >= c).sum()) for c in cutoffs]})
    empty = vocabulary[vocabulary["vocabulary"] == 0]
    if len(empty):
        st.error(f"A cutoff of {int(empty['min_df'].min())} documents or more removes every word of {plain(repr(corpus.name))}; "
                 f"choose cutoffs below it.", icon="⚠️")
        st.stop()
    st.caption("Words kept: " + ", ".join(f"{c}: {v:,}" for c, v in zip(vocabulary["min_df"], vocabulary["vocabulary"])))

    classes = [str(c) for c in corpus.classes]
    c1, c2, c3, c4 = st.columns([4, 1, 1, 1])
    with c1:
        chosen_classes = class_picker("Positive classes (each against the rest)", classes, key="cutoff_classes")
    trials = c2.number_input("Trials", 1, 100, 5, key="cutoff_trials")
    folds = c3.number_input("Folds", 2, 20, 4, key="cutoff_folds")
    seed = c4.number_input("Seed", 0, 2**31 - 1, 0, key="cutoff_seed")
    if not chosen_classes:
        st.info("Choose at least one class.")
        st.stop()
    try:
        base = GridConfig(metrics=(metric,), ks=(int(k),), trials=int(trials), folds=int(folds),
                          classes=tuple(chosen_classes), seed=int(seed))
        jobs = cutoff_jobs(corpus, base, cutoffs)
    except ValueError as exc:
        st.error(plain(exc), icon="⚠️")
        st.stop()
    runs = run_panel(corpus, corpus_key, [config for _, config in jobs], prefix="cutoff", run_label="Run the study",
                     preview=lambda runs: plots.cutoff_figure(cutoff_curves(cutoff_table(runs, cutoffs, corpus)), metric,
                                                              int(k)))
    if runs is not None:
        state.keep_runs(state.grid_dir(), state.grid_keys(corpus, [config for _, config in jobs]),
                            stored=any(run.fits for run in runs))
    if runs is not None and any(run.cells_done for run in runs):
        table = cutoff_table(runs, cutoffs, corpus)
        curves = cache.analysed(cutoff_curves, state.results_key(table, "cutoff"), table)
        finished = sorted(curves["min_df"].unique())
        if len(finished) < len(cutoffs):
            st.warning(f"Finished cutoffs so far: {', '.join(map(str, finished))}.", icon="⏸️")
        chart(plots.cutoff_figure(curves, metric, int(k)), key="cutoff_figure")
        text = cutoff_text(curves, table, metric, int(k))
        if text:
            st.markdown(text)
        st.download_button("Download the curves (CSV)", spreadsheet_csv(curves), "fsviz-cutoff.csv", "text/csv",
                           key="cutoff_dl_curves")
        st.download_button("Download the results (CSV, the grid's table with min_df and vocabulary)",
                           spreadsheet_csv(table), "fsviz-cutoff-results.csv", "text/csv", key="cutoff_dl_results")

    with st.expander("Stored runs on this server (grid, lesion, cutoff, multi-class)"):
        stored_runs("cutoff_runs", corpus)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
