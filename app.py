"""fsviz app: ``streamlit run app.py``. The landing page, the Corpus: what was loaded, its classes and skew, Zipf.

The other pages are the scripts in ``pages/``; each, like this one, first
calls :func:`ui.sidebar.page`, which draws the menu and the shared sidebar
(corpus, preprocessing, class, k) and returns what it chose.
"""

import pandas as pd
import streamlit as st

from fsviz.evaluation.analyses import forman_tasks, skew_summary, task_sizes, with_forman_tasks
from fsviz.plots import class_sizes_figure, task_sizes_figure, zipf_figure
from fsviz.stats.tables import class_table
from ui import cache
from ui.components import chart, plain, spreadsheet_csv
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    corpus = ctx.corpus

    st.title(f"Corpus: {plain(corpus.name)}")
    st.page_link("pages/recommend.py", label="Which metric and how many words for this corpus? Recommend (about a "
                 "minute)", icon=":material/recommend:")
    st.markdown(
        "Each document is a set of words (Boolean presence, as in Forman 2003). Pick a **positive class** in "
        "the sidebar: every other document is negative (or compare **group A against group B**, any classes on "
        "each side), and each word gets two counts, **tp** (positive documents containing it) and **fp** "
        "(negative documents containing it). The *Word map* page plots them. How the text becomes words "
        "(language, stop words, stems, n-grams, characters) is under *Preprocessing*."
    )
    c1, c2, c3, c4 = st.columns(4)
    c1.metric("Documents", f"{corpus.n_docs:,}")
    c2.metric("Words kept", f"{corpus.n_words:,}", help=f"{corpus.n_words_raw:,} before stop words, stemming and the cutoff")
    c3.metric("Classes", corpus.n_classes)
    c4.metric("Labels per document", "several" if corpus.is_multilabel else "one")
    for note in corpus.notes:
        st.info(f"The reader repaired the input: {plain(note)}.")

    # Only the chosen tab's section runs and is drawn (a rerun on a tab change): a new visitor's browser draws one
    # chart, not three, before the page is usable.
    sections = {"Classes and skew": _classes, "Against Forman's benchmark": _benchmark,
                "Document frequencies": _frequencies}
    for tab, draw in zip(st.tabs(list(sections), key="corpus_tab", on_change="rerun"), sections.values()):
        if tab.open:
            with tab:
                draw(corpus)
    cache.warm_up()  # the other pages' imports, in the background, once per server process


def _classes(corpus) -> None:
    """The class sizes and skews (Forman's Figure 12's classes), with the table to download."""
    st.caption("Skew 1:n means n negative documents per positive one when that class is positive. Forman's "
               "benchmark ranged from balanced to beyond 1:100; high skew is where the metrics differ most.")
    left, right = st.columns([3, 2])
    with left:
        chart(class_sizes_figure(corpus), key="corpus_classes")
    table = class_table(corpus)
    right.dataframe(table, hide_index=True, height=360,
                    column_config={"skew 1:n": st.column_config.NumberColumn(format="%.1f")})
    right.download_button("Download classes (CSV)", spreadsheet_csv(table), "classes.csv", "text/csv", key="corpus_dl")


def _benchmark(corpus) -> None:
    """Each task's positives against its negatives, beside Forman's 229 (his Figure 12)."""
    tasks = task_sizes(corpus)
    mine, his = skew_summary(tasks), skew_summary(forman_tasks())
    st.markdown(
        "Each point is one task, a class against the rest: across, its **positive** documents; up, its **negative** "
        "ones (log axes, as in Forman's Figure 12). A dotted line joins the points of equal skew: on the 1:10 line "
        "there are ten negatives per positive. Points higher up and further left are more skewed, the tasks where "
        f"Forman found the metrics differ most. This corpus: {mine['tasks']} tasks, median skew 1:{mine['median']:.1f}, "
        f"highest 1:{mine['max']:.1f}. Forman's {his['tasks']} tasks (grey rings, from his Appendix A): median "
        f"1:{his['median']:.0f}, mean 1:{his['mean']:.0f}, highest 1:{his['max']:.0f}.")
    benchmark = st.toggle("Show Forman's 229 tasks", value=True, key="corpus_skew_benchmark")
    chart(task_sizes_figure(tasks, benchmark=forman_tasks() if benchmark else None), key="corpus_skew")
    points = with_forman_tasks(tasks, corpus.name) if benchmark else tasks
    st.download_button("Download these points (CSV)", spreadsheet_csv(points), "tasks_skew.csv", "text/csv",
                       key="corpus_skew_dl")


def _frequencies(corpus) -> None:
    """Words by rank of document frequency (Zipf), and the words the rare-word cutoff removed."""
    cut = corpus.options.get("min_df", 1)
    st.caption(f"Words by rank of document frequency, log-log (Zipf's law). The rare-word cutoff kept words in at "
               f"least {cut} documents and removed {corpus.removed_words.size:,}, mostly from the long tail on the right.")
    chart(zipf_figure(corpus), key="corpus_zipf")
    if corpus.removed_words.size:
        with st.expander(f"Words the cutoff removed ({corpus.removed_words.size:,})"):
            removed = pd.DataFrame({"word": corpus.removed_words, "documents": corpus.removed_df})
            st.dataframe(removed.sort_values("documents", ascending=False).head(1000), hide_index=True)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
