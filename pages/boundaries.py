"""Decision boundaries page: each metric's shape over the (fp, tp) plane (Forman 2003, Figure 13, Appendix C)."""

import numpy as np
import pandas as pd
import streamlit as st

import fsviz
from fsviz.plots import boundaries_figure, overlap_figure, surface_figure
from fsviz.plots.words import HEIGHTS
from fsviz.selection import top_k_overlap
from ui import cache
from ui.components import chart, formula_box, heading, metric_picker, plain, spreadsheet_csv
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    heading("Decision boundaries", """
        One panel per metric, all on the same axes: a topographic map of the metric's score over the whole (fp, tp)
        plane for this class's numbers of positive and negative documents. Like colours are like values within a panel
        (levels are percentiles, so panels compare by shape, not by value). The bold curve is the isocline that
        selects k words, labelled with its score (≥ the k-th best word's); the words can be shown as white dots
        behind. Every metric scores highest in the top-left and bottom-right corners (perfect predictors) except
        DFreq, which prefers the most frequent words (top right). This is Forman (2003), Figure 13.
    """)
    if ctx.task is None:
        st.stop()
    task, k = ctx.task, ctx.k
    curved = [m for m in fsviz.metric_names("table") if not fsviz.get_metric(m).random]
    # The picture first: what it draws is folded above it, one line long (the word map has its controls beside).
    default = [m for m in fsviz.FORMAN_METRICS if m in curved]
    n_chosen = len(st.session_state.get("boundaries_metrics", default))
    with st.expander(f"Metrics ({n_chosen}), your own metric, the words behind", key="boundaries_controls"):
        metrics = metric_picker("Metrics", curved, default=default, key="boundaries_metrics",
                                help="Forman's eleven with a boundary by default (Rand has none); every metric that "
                                     "reads only the class's 2×2 counts can be added.")
        own = formula_box("boundaries", task)
        if own is not None and own not in metrics:
            metrics = [*metrics, own]
            st.caption("Your own metric has its panel last. A formula whose score does not rise with tp above the "
                       "diagonal and fall below it (nor rise everywhere, as DFreq) has no isocline: its panel shows "
                       "the map alone.")
        words = st.toggle("Show the words on every panel", key="boundaries_words",
                          help="White dots behind each map, at most 2,000 distinct points (a uniform sample). Off, "
                               "the page redraws about twice as fast in a browser without a graphics card.")
    if not metrics:
        st.info("Choose at least one metric to draw its map. (Rand has no boundary: it ranks words at random.)")
        st.stop()
    # The maps are built once per task, metrics and words shown, and stay drawn (ui.charts' ``under``); a new k
    # builds the isoclines alone, drawn over them.
    maps, meta = cache.boundary_maps(task, ctx.task_key, tuple(metrics), 2000 if words else 0)
    figure = boundaries_figure(task, metrics, k, part="isoclines")
    chart(figure, key="boundaries_chart", revision=f"{ctx.task_key}|{words}", under=maps,  # a zoom kept for a new k
          warm=("surface", "scattergl"))  # the surface below and the words behind, loaded once the maps are drawn
    drawn, distinct = meta["points_drawn"], meta["points"]
    if not words:
        st.caption(f"The words ({distinct:,} distinct points) are on the Word map page, or on every panel here with "
                   "the switch above.")
    elif drawn < distinct:
        st.caption(f"Each panel draws {drawn:,} of the {distinct:,} distinct word points (a uniform sample), so that "
                   "the figure stays quick; the word map draws them all.")

    surface_panel(task, k, curved + ([own] if own is not None else []))
    _overlap(task, metrics, k)


@st.fragment
def surface_panel(task, k, surfaces) -> None:
    """One metric as a 3-D surface, drawn when asked; its widgets rerun only this part of the page."""
    st.subheader("One metric as a surface")
    st.caption("The metric's score is the height over the (fp, tp) plane; the coloured lines below are its contours. "
               "The black curve is the k-isocline: words whose point lies higher on the surface are selected. "
               "Drag to rotate. Forman (2003), Appendix C, draws BNS this way.")
    if not st.toggle("Draw the surface", key="boundaries_surface_on",
                     help="A 3-D figure: drawn only when asked, so the page opens quickly."):
        return
    c1, c2 = st.columns([2, 3])
    surface_metric = c1.selectbox("Metric", surfaces, index=surfaces.index("bns"), key="boundaries_surface",
                                  format_func=fsviz.spec_label)
    how = c2.radio("Height", ["auto", *HEIGHTS], horizontal=True, key="boundaries_height",
                   help="auto: the score, or its signed log when the scores span more than three orders of magnitude "
                        "(Odds, PR: otherwise one spike over a flat sheet). rank: each score's percentile over the "
                        "plane. Both keep the order, so the isocline cuts the surface at one height; the z axis says "
                        "which is drawn.")
    chart(surface_figure(task, surface_metric, k, height=None if how == "auto" else how),
          key="boundaries_surface_chart", revision=surface_metric)  # the camera kept for a new k


def _overlap(task, metrics, k) -> None:
    st.subheader(f"How much the top-{k} sets agree")
    st.caption("Jaccard overlap |A ∩ B| / |A ∪ B| of the words each pair of metrics selects: 1 means the same words.")
    scores = {m: task.score(m) for m in metrics}
    overlap = top_k_overlap(scores, k)
    chart(overlap_figure(metrics, overlap), key="boundaries_overlap")
    st.download_button("Download the overlap matrix (CSV)",
                       spreadsheet_csv(pd.DataFrame(overlap, index=metrics, columns=metrics), index=True),
                       "overlap.csv", "text/csv",
                       key="boundaries_dl")

    selected_by_one(task, metrics, k, scores)


@st.fragment
def selected_by_one(task, metrics, k, scores) -> None:
    """The words one metric selects and another does not; its widgets rerun only this part of the page."""
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
