"""Decision boundaries page: each metric's shape over the (fp, tp) plane (Forman 2003, Figure 13, Appendix C)."""

import numpy as np
import pandas as pd
import streamlit as st

import fsviz
from fsviz.plots import boundaries_figure, overlap_figure, surface_figure
from fsviz.selection import top_k_overlap
from ui import cache
from ui.components import formula_box, plain, spreadsheet_csv
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    st.title("Decision boundaries")
    st.markdown(
        "One panel per metric, all on the same axes: a topographic map of the metric's score over the whole "
        "(fp, tp) plane for this class's numbers of positive and negative documents. Like colours are like values "
        "within a panel (levels are percentiles, so panels compare by shape, not by value). The bold curve is the "
        "isocline that selects k words; the white dots are the words. Every metric scores highest in the top-left "
        "and bottom-right corners (perfect predictors) except DFreq, which prefers the most frequent words "
        "(top right). This is Forman (2003), Figure 13."
    )
    if ctx.task is None:
        st.stop()
    task, k = ctx.task, ctx.k
    curved = [m for m in fsviz.metric_names("table") if not fsviz.get_metric(m).random]
    metrics = st.multiselect("Metrics", curved, default=curved, key="boundaries_metrics",
                             format_func=fsviz.spec_label)
    own = formula_box("boundaries", task)
    if own is not None and own not in metrics:
        metrics = [*metrics, own]
        st.caption("Your own metric has its panel last. A formula whose score does not rise with tp above the diagonal "
                   "and fall below it (nor rise everywhere, as DFreq) has no isocline: its panel shows the map alone.")
    if not metrics:
        st.info("Choose at least one metric to draw its map. (Rand has no boundary: it ranks words at random.)")
        st.stop()
    points = cache.word_points(task, (ctx.corpus_key, ctx.class_name))
    st.plotly_chart(boundaries_figure(task, metrics, k, points=points), key="boundaries_chart")

    st.subheader("One metric as a surface")
    st.caption("The metric's score is the height over the (fp, tp) plane; the coloured lines below are its contours. "
               "The black curve is the k-isocline: words whose point lies higher on the surface are selected. "
               "Drag to rotate. Forman (2003), Appendix C, draws BNS this way.")
    surfaces = curved + ([own] if own is not None else [])
    surface_metric = st.selectbox("Metric", surfaces, index=curved.index("bns"), key="boundaries_surface",
                                  format_func=fsviz.spec_label)
    st.plotly_chart(surface_figure(task, surface_metric, k), key="boundaries_surface_chart")

    st.subheader(f"How much the top-{k} sets agree")
    st.caption("Jaccard overlap |A ∩ B| / |A ∪ B| of the words each pair of metrics selects: 1 means the same words.")
    scores = {m: task.score(m) for m in metrics}
    overlap = top_k_overlap(scores, k)
    st.plotly_chart(overlap_figure(metrics, overlap), key="boundaries_overlap")
    st.download_button("Download the overlap matrix (CSV)",
                       spreadsheet_csv(pd.DataFrame(overlap, index=metrics, columns=metrics), index=True),
                       "overlap.csv", "text/csv",
                       key="boundaries_dl")

    c1, c2 = st.columns(2)
    first = c1.selectbox("Words selected by", metrics, key="boundaries_first", format_func=fsviz.spec_label)
    second = c2.selectbox("but not by", metrics, index=min(1, len(metrics) - 1), key="boundaries_second",
                          format_func=fsviz.spec_label)
    a = fsviz.select_top_k(scores[first], k).mask(task.n_words)
    b = fsviz.select_top_k(scores[second], k).mask(task.n_words)
    for left, col in ((first, c1), (second, c2)):
        only = np.flatnonzero((a if left == first else b) & ~(b if left == first else a))
        col.markdown(f"**{plain(fsviz.spec_label(left))} only** ({only.size} words)")
        col.dataframe(pd.DataFrame({"word": task.vocabulary[only], "tp": task.tp[only], "fp": task.fp[only]}),
                      hide_index=True, height=260)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
