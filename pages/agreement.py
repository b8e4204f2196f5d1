"""Metric agreement page: how far corpus-based and model-based measures agree (Goutte et al. §4)."""

import numpy as np
import pandas as pd
import streamlit as st

import fsviz
from fsviz.plots import agreement_matrix_figure, agreement_scatter_figure
from fsviz.stats.agreement import agreement_matrix, correlation, top_overlap
from ui import state
from ui.components import chart, formula_box, heading, metric_picker, plain, spreadsheet_csv
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    heading("Metric agreement", """
        Do two measures of a word's relevance agree? Each measure scores every word of the sidebar's class.
        **Corpus-based** measures read the documents alone (IG on presence or on term frequencies, DF, χ², …);
        **model-based** ones read a model fitted to them: the SVM's scaled weight w·σ, the Naive Bayes log-ratio and
        the KL divergence term. As Goutte et al. (Table 2, Figures 2–5) we compare them by the correlation of their
        scores on **log scales** (linear for a measure that can be negative), by the **Spearman** rank correlation,
        and by the words in one measure's **top N** but not the other's.
    """)
    if ctx.task is None:
        st.stop()
    task = ctx.task

    names = fsviz.metric_names()
    default = [m for m in ("ig", "igf", "dfreq", "chi", "kl", "nb_lr", "svm_w") if m in names]
    chosen = metric_picker("Measures", names, default=default, key="agreement_metrics",
                           format_func=state.metric_option, presets=False)
    own = formula_box("agreement", task)
    if own is not None and own not in chosen:
        chosen = [*chosen, own]
    if len(chosen) < 2:
        st.info("Choose at least two measures to compare.")
        st.stop()
    kinds = {m: "model-based" if fsviz.get_metric(m).model_based else "corpus-based" for m in chosen}
    chosen = sorted(chosen, key=lambda m: (kinds[m] == "model-based", chosen.index(m)))  # corpus first, then model

    with st.spinner("Scoring every word (model-based measures fit a model to the whole class) …"):
        scores = {m: task.score(m) for m in chosen}

    st.subheader("Correlation matrix")
    st.caption("Rows and columns list the corpus-based measures first, then the model-based ones: "
               + ", ".join(f"{plain(fsviz.spec_label(m))} ({kinds[m]})" for m in chosen) + ". "
               "The log-log value uses the words where every log-scaled measure is above 0.")
    tab_log, tab_rank = st.tabs(["Log-log (linear) correlation", "Spearman rank correlation"])
    matrices = {}
    for tab, kind in ((tab_log, "loglog"), (tab_rank, "spearman")):
        matrices[kind] = agreement_matrix(scores, kind)
        with tab:
            chart(agreement_matrix_figure(matrices[kind]), key=f"agreement_matrix_{kind}")
    table = pd.concat({k: v for k, v in matrices.items()}, names=["correlation", "measure"])
    st.download_button("Download both matrices (CSV)", spreadsheet_csv(table, index=True), "agreement_matrix.csv", "text/csv",
                       key="agreement_dl_matrix")

    st.subheader("One measure against another")
    c1, c2, c3 = st.columns([2, 2, 1])
    x = c1.selectbox("Across", chosen, key="agreement_x", format_func=fsviz.spec_label)
    y = c2.selectbox("Up", chosen, index=1, key="agreement_y", format_func=fsviz.spec_label)
    n = int(c3.number_input("Top N", 1, max(1, task.n_words), min(50, task.n_words), key="agreement_n"))
    chart(agreement_scatter_figure(scores[x], scores[y], task.vocabulary, (x, y), n=n),
                    key="agreement_scatter")
    if x == y:
        st.info("Pick two different measures to compare their top words.")
        st.stop()
    shared, differing = top_overlap(scores[x], scores[y], task.vocabulary, n, names=(x, y))
    stats = correlation(scores[x], scores[y])
    union = 2 * n - shared
    st.markdown(f"**{union - shared} of the {union} words** in the union of the two top-{n} lists differ "
                f"({shared} are in both). Log-log r = {stats['loglog']:.3f}, Spearman ρ = {stats['spearman']:.3f}.")
    st.dataframe(differing, hide_index=True, height=320)
    st.download_button("Download the differing words (CSV)", spreadsheet_csv(differing),
                       f"differing_top{n}.csv", "text/csv", key="agreement_dl_words")
    words = pd.DataFrame({"word": task.vocabulary, "tp": task.tp, "fp": task.fp,
                          **{fsviz.spec_label(m): np.asarray(s) for m, s in scores.items()}})
    st.download_button("Download every word's scores (CSV)", spreadsheet_csv(words), "word_scores.csv", "text/csv",
                       key="agreement_dl_scores")


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
