"""Every class page: each class's top words side by side (the words several classes share first), and each class's
word map, small; a picked cell links to that class's word map at that word."""

import numpy as np
import pandas as pd
import streamlit as st

import fsviz
from fsviz.plots import word_map_figure
from fsviz.stats.classes import MATRIX_VALUES, MAX_CLASSES, SHARED_COLUMN, class_word_matrix
from ui import state
from ui.charts import live_chart
from ui.components import choose_many, heading, plain, spreadsheet_csv
from ui.sidebar import page


def _classes(corpus) -> list | None:
    """The classes to lay out: every class, or up to :data:`MAX_CLASSES` chosen (the largest first) when the corpus
    has more."""
    if corpus.n_classes <= MAX_CLASSES:
        return None
    order = np.argsort(-corpus.class_sizes, kind="stable")
    names = [str(corpus.classes[i]) for i in order]
    st.session_state["classes_chosen"] = [c for c in st.session_state.get("classes_chosen", names[:MAX_CLASSES])
                                          if c in names][:MAX_CLASSES]
    return choose_many(f"Classes (at most {MAX_CLASSES} of {corpus.n_classes})", names, key="classes_chosen",
                       max_selections=MAX_CLASSES, placeholder="Choose classes",
                       help="One matrix holds at most 50 classes; the largest are chosen first.")


def _matrix(ctx, metric, k, classes, value):
    """The class × word matrix, computed once per choice in this session; None (with the reason) if refused."""
    wanted = (ctx.corpus_key, metric, k, tuple(classes or ()), value)
    matrix = state.kept("classes_matrix_made", wanted)
    if matrix is None:
        try:
            with st.spinner("Selecting each class's top words …"):
                matrix = class_word_matrix(ctx.corpus, metric, k, classes=classes, value=value)
        except ValueError as exc:
            st.error(plain(exc), icon="⚠️")
            return None
        state.keep("classes_matrix_made", wanted, matrix)
    return matrix


def _table(matrix, value):
    """The matrix as a sortable table whose cells can be picked; returns (word, class) of the picked cell, or
    None. Class names are column labels (text), their columns named by position, so no name can clash."""
    names = list(matrix.columns[1:])
    ids = [f"c{i}" for i in range(len(names))]
    shown = matrix.reset_index().set_axis(["word", SHARED_COLUMN, *ids], axis=1)
    number = {"format": "%d" if value == "rank" else "%.4g"}
    config = {
        "word": st.column_config.TextColumn("word", pinned=True),
        SHARED_COLUMN: st.column_config.ProgressColumn(
            "classes", format="%d", min_value=0, max_value=len(names), pinned=True,
            help="How many classes' top k hold the word: the words several classes share come first."),
        **{i: st.column_config.NumberColumn(name, help=plain(name), **number) for i, name in zip(ids, names)},
    }
    event = st.dataframe(shown, hide_index=True, height=420, key="classes_matrix", column_config=config,
                         on_select="rerun", selection_mode="single-cell", placeholder="")
    cells = event.selection.cells if event else []
    if not cells:
        return None
    row, column = cells[0]
    if not 0 <= row < len(shown):
        return None
    word = str(shown["word"].iat[row])
    return word, (names[ids.index(column)] if column in ids else None)


def _link(metric, k, value, word, name, matrix) -> None:
    """The link to class ``name``'s word map at ``word``: the sidebar's corpus, this page's metric and k."""
    view = {key: st.query_params.get(key) for key in ("source", "path", "min_df") if st.query_params.get(key)}
    view |= {"class": name, "k": str(k), "metrics": metric, "search": word}
    cell = matrix.at[word, name]
    where = "not in its top k" if pd.isna(cell) else f"rank {int(cell)}" if value == "rank" else f"score {cell:.4g}"
    st.page_link("pages/word_map.py", label=f"Open the word map of {plain(name)} at {plain(repr(word))} ({where})",
                 icon=":material/scatter_plot:", query_params=view)


@st.fragment
def _picker(metric, k, value, matrix) -> None:
    """The matrix, and a link from its picked cell; a pick reruns this part alone (the maps below stay drawn)."""
    link = st.container()
    picked = _table(matrix, value)
    with link:
        if picked is None or picked[1] is None:
            st.caption("Pick a cell of a class's column to open that class's word map at its word.")
        else:
            _link(metric, k, value, *picked, matrix)
    n_shared = int((matrix[SHARED_COLUMN] > 1).sum())
    st.caption(f"{fsviz.spec_label(metric)}'s top {k} words of {matrix.shape[1] - 1} classes: {len(matrix):,} distinct "
               f"words, {n_shared:,} of them kept by two classes or more.")
    st.download_button("Download the matrix (CSV)", spreadsheet_csv(matrix, index=True),
                       f"fsviz-classes-{metric}-k{k}.csv", "text/csv", key="classes_dl", on_click="ignore")


@st.fragment
def _maps(ctx, metric, k, names) -> None:
    """Each class's word map, small, a group at a time (a new group reruns this part alone)."""
    # Each map is a WebGL canvas and a browser keeps about sixteen alive at once: eight maps a group, four a row.
    group_size, per_row = 8, 4
    groups = [names[i : i + group_size] for i in range(0, len(names), group_size)]
    if st.session_state.get("classes_group", 0) >= len(groups):
        st.session_state["classes_group"] = 0
    group = st.radio("Classes", list(range(len(groups))), key="classes_group", horizontal=True,
                     format_func=lambda g: f"{g * group_size + 1}–{g * group_size + len(groups[g])}",
                     help=f"{group_size} maps at a time, in the matrix's order of classes.")
    wanted = (ctx.corpus_key, metric, k, tuple(groups[group]))
    figures = state.kept("classes_maps_made", wanted)
    if figures is None:
        figures = []
        with st.spinner("Drawing the word maps …"):
            for name in groups[group]:
                task = ctx.corpus.binary_task(name)
                figure = word_map_figure(task, [metric], k)
                figure.update_layout(height=280, showlegend=False, margin={"l": 0, "r": 0, "t": 8, "b": 0},
                                     xaxis_title=f"fp (of {task.neg:,})", yaxis_title=f"tp (of {task.pos:,})")
                figures.append(figure)
        state.keep("classes_maps_made", wanted, figures)
    for start in range(0, len(figures), per_row):
        for column, name, figure in zip(st.columns(per_row), groups[group][start:], figures[start : start + per_row]):
            with column:
                st.markdown(f"**{plain(name)}**")
                live_chart(figure, key=f"classes_map_{start}_{name}", config={"displayModeBar": False})


def main() -> None:
    ctx = page(__file__)
    heading("Every class", """
        Each class against every other document, at once: a metric's top **k** words for every class side by side. A
        row is a word any class keeps, a column a class, a cell the word's rank there (1 = best) or its score;
        **classes** counts the classes that keep the word, so the words several classes share come first. Click a
        column's name to sort by it; pick a cell to open that class's word map at that word. Metrics that value
        *negative features* (BNS, Chi, IG …) may rank first a word a class lacks and the others use.
    """)
    corpus = ctx.corpus
    if corpus.n_classes < 2:
        st.info("This corpus has one class: there is nothing to set side by side.")
        st.stop()
    names = fsviz.metric_names()
    c1, c2, c3 = st.columns([2, 1, 1.4], vertical_alignment="bottom")
    metric = c1.selectbox("Metric", names, index=names.index("bns"), key="classes_metric",
                          format_func=fsviz.spec_label, help="Any registered metric; those reading a model fit one "
                                                             "per class, which takes longer.")
    most = min(50, corpus.n_words)  # more words per class would be more rows than a person reads
    st.session_state["classes_k"] = min(st.session_state.get("classes_k", min(ctx.k, 20)), most)
    k = int(c2.number_input("k: words per class", 1, most, key="classes_k",
                            help=f"Each class's top k (at most {most}, for a readable table)."))
    value = c3.radio("Cells show", MATRIX_VALUES, horizontal=True, key="classes_value",
                     help="Rank 1 is the class's best word; cells are empty where the class's top k lacks the word.")
    classes = _classes(corpus)
    if classes == []:
        st.info("Choose the classes to set side by side.")
        st.stop()
    matrix = _matrix(ctx, metric, k, classes, value)
    if matrix is None:
        st.stop()
    _picker(metric, k, value, matrix)
    st.subheader("Each class's word map")
    st.caption(f"Every word of the class at (fp, tp) and {fsviz.spec_label(metric)}'s isocline at its k-th word (or "
               "its top k ringed, for a metric reading more than the 2×2 table); hover a point for its words.")
    _maps(ctx, metric, k, list(matrix.columns[1:]))


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
