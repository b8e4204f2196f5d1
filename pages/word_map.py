"""Word map page: every word at (fp, tp) with each metric's isocline at k (Forman 2003, Figures 2 and 3)."""

import numpy as np
import pandas as pd
import streamlit as st

import fsviz
from fsviz.evaluation.analyses import bootstrap_stability
from fsviz.evaluation.grid import DEFAULT_KS
from fsviz.learn.classifiers import CLASSIFIER_LABELS, CLASSIFIERS
from fsviz.plots import stability_figure, word_map_figure
from fsviz.plots.volcano import volcano_figure
from fsviz.stats.binormal import word_bns_view
from fsviz.stats.effect import EFFECT_COLUMNS, EFFECT_NOTE, log_ratio_interval
from fsviz.stats.isoclines import NOT_MONOTONE, no_isocline_reason
from fsviz.stats.significance import DEFAULT_FDR, check_fdr, p_label
from fsviz.stats.tables import boundary_table, top_words, word_table
from ui import cache, state
from ui.components import (
    chart,
    documents_panel,
    export_panel,
    formula_box,
    metric_picker,
    plain,
    spreadsheet_csv,
    tuning_panel,
)
from ui.sidebar import page


def _ranked_table(task, task_key, metrics, k):
    """Every word with each chosen metric's rank or score and the metrics whose top k holds it, the first
    metric's best first, sortable (click a column) and searchable (the table's search); returns the word
    picked in it, or None."""
    st.subheader("Every word, ranked")
    c1, c2, c3 = st.columns([2, 1, 3])
    show = c1.radio("For each metric show its", ["rank", "score"], horizontal=True, key="wordmap_ranked_show",
                    help="Rank 1 is the best score; tied words share the best rank of their score.")
    limit = c2.selectbox("Rows", [1000, 10000, "all"], key="wordmap_ranked_rows",
                         format_func=lambda n: f"every word ({task.n_words:,})" if n == "all" else f"best {n:,}",
                         help=f"The best words by {fsviz.spec_label(metrics[0])} (the first metric chosen); more rows "
                              "take longer to send to the browser.")
    c3.caption("Click a column's name to sort the rows shown by it; the table's magnifier finds a word among them; "
               "pick a row to read its documents in the Documents tab and its BNS in Why BNS (Figure 1).")
    labels = {m: fsviz.spec_label(m) for m in metrics}
    wanted = (task_key, tuple(metrics), k, show, limit)
    made = state.kept("wordmap_ranked_made", wanted)  # a rerun that changes none of these rebuilds no row
    if made is None:
        full = cache.ranked_words(task, task_key, tuple(metrics), k)
        chosen = full[[f"{m} top-k" for m in metrics]].to_numpy()
        order = np.lexsort((full["word"].to_numpy(), full[f"{metrics[0]} rank"].to_numpy()))  # best first, a–z
        order = order if limit == "all" else order[:limit]
        shown = full[["word", "tp", "fp", "p", "q", "-log10 p", *EFFECT_COLUMNS]].iloc[order].assign(**{
            "selected by": [", ".join(labels[m] for m, held in zip(metrics, row) if held) for row in chosen[order]],
            **{labels[m]: full[f"{m} {show}"].to_numpy()[order] for m in metrics}})
        made = state.keep("wordmap_ranked_made", wanted, (_readable(shown), order))
    rows_shown, order = made
    number = st.column_config.NumberColumn(format="%d" if show == "rank" else "%.4g")
    rows = st.dataframe(rows_shown, hide_index=True, height=360, on_select="rerun",
                        selection_mode="single-row",
                        key="wordmap_ranked", column_config={labels[m]: number for m in metrics} | _significance_columns()
                        ).selection.rows
    return int(order[rows[0]]) if rows and rows[0] < order.size else None


def _readable(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with p and q as text in three digits, a p below the float range from its logarithm (``1.7e-550``,
    :func:`fsviz.stats.significance.p_label`), so no p shows as 0; −log₁₀ p sorts them."""
    return table.assign(p=[p_label(p, -minus) for p, minus in zip(table["p"], table["-log10 p"])],
                        q=[p_label(q) for q in table["q"]])


def _significance_columns() -> dict:
    """How the tables show each word's p, q and −log₁₀ p (p and q as text: :func:`_readable`)."""
    return {
        "p": st.column_config.TextColumn("p (one-sided)", help="The word's p-value of association with the positive "
                                         "group: one-sided Fisher's exact test on its 2×2 table (tp, fp, pos, neg), "
                                         "the alternative that the word is MORE frequent in the class. A word more "
                                         "frequent outside it (a negative feature, which BNS or Chi may rank first) "
                                         "has p near 1. Sort by −log₁₀ p to order by p."),
        "q": st.column_config.TextColumn("q", help="Benjamini–Hochberg q over every word of the task: the "
                                         "words with q ≤ 0.05 are a selection with an expected 5% false discoveries."),
        "-log10 p": st.column_config.NumberColumn("−log₁₀ p", format="%.1f", help="−log₁₀ of the word's p, computed "
                                                  "in logs: 2 means p = 0.01; finite however small p is, so it orders "
                                                  "the words whose p shows as 0."),
        "log2 ratio": st.column_config.NumberColumn(format="%.2f", help=_effect_help()),
        "log2 ratio low": st.column_config.NumberColumn("95% CI low", format="%.2f", help=_effect_help()),
        "log2 ratio high": st.column_config.NumberColumn("95% CI high", format="%.2f", help=_effect_help()),
    }


def _effect_help() -> str:
    """What the effect columns are, said beside them."""
    return (f"The word's effect: {EFFECT_NOTE}. 1 = twice as frequent in the class as in the rest, −1 half. Beside "
            "p and q: a tiny p can come from a small effect on many documents.")


def _fdr_controls(task, task_key, c1, c2):
    """The FDR rate (in ``c1``) and whether to draw its boundary (``c2``); returns (rate or None, the words'
    significance)."""
    rate = c1.number_input("FDR", min_value=1e-6, max_value=0.999999, value=DEFAULT_FDR, step=0.01,
                           format="%.4g", key="wordmap_fdr",
                           help="A false-discovery rate in (0, 1): the words with Benjamini–Hochberg q at most this "
                                "are expected to hold this share of false discoveries.")
    c2.toggle("Draw q = FDR", key="wordmap_fdr_show",
              help="Each word's p is one-sided Fisher's exact test of the word being more frequent in the positive "
                   "group; q is Benjamini–Hochberg's over every word of the task. The boundary is the smallest tp at "
                   "each fp whose word would have q ≤ FDR; the words inside it are ringed.")
    tested = cache.significance(task, task_key)
    try:
        rate = check_fdr(rate)
    except ValueError as exc:
        st.error(plain(exc), icon="⚠️")
        return None, tested
    return rate, tested


def _latest_pick(picks, task_key):
    """The word picked most recently in either table (``picks``: table → word index or None), kept per task."""
    before = st.session_state.get("wordmap_picks", {})
    if before.get("task") != task_key:
        before = {"task": task_key}
    latest = before.get("latest")
    for table, word in picks.items():
        if word is not None and before.get(table) != word:
            latest = word
    st.session_state["wordmap_picks"] = {**before, **picks, "task": task_key, "latest": latest}  # a hidden tab's kept
    return latest


def main() -> None:
    ctx = page(__file__)
    st.title("Word map")
    st.markdown(
        "Every word is a point: **fp** (negative documents containing it) across, **tp** (positive documents "
        "containing it) up. Words above the diagonal are *positive features* (more common in the class), words "
        "below it *negative features*. Each curve is a metric's **isocline** at the score of its k-th best word: "
        "the metric selects the words on the far side of its curve from the diagonal (above the upper branch, "
        "below the lower one). This is Forman (2003), Figure 2; *zoom* shows the dense corner of Figure 3."
    )
    if ctx.task is None:
        st.stop()
    task, k = ctx.task, ctx.k

    # The picture first: the map on the left, what draws on it on the right (a change there reruns the page, as
    # the tables below read it); the view's own switches (zoom, log, the FDR boundary) rerun the map alone.
    picture, controls = st.columns([3, 1], gap="medium")
    names = fsviz.metric_names()
    with controls:
        metrics = metric_picker(
            "Metrics", names, default=["bns", "ig", "chi", "odds", "pr", "dfreq"], key="wordmap_metrics",
            format_func=state.metric_option,
            help="Metrics reading only the class's 2×2 counts draw an isocline; the others (every class's counts, "
                 "term frequencies, a fitted model) have none in this plane, so their top k words are ringed instead.",
        )
        with st.expander("Your own metric"):
            own = formula_box("wordmap", task)
        query = st.text_input("Find words (comma-separated)", key="wordmap_search",
                              placeholder="e.g. distribution, sample")
    if own is not None and own not in metrics:
        metrics = [*metrics, own]
    found = []
    for word in [w.strip().lower() for w in query.split(",") if w.strip()]:
        hits = np.flatnonzero(task.vocabulary == word)
        if hits.size:
            found.extend(hits.tolist())
        else:
            controls.warning(f"{plain(repr(word))} is not in the vocabulary (after preprocessing).")
    if not metrics:
        controls.info("Choose at least one metric to draw its isocline; the words are shown alone.")
    points = cache.word_points(task, ctx.task_key)
    tested = cache.significance(task, ctx.task_key)
    # The view the whole page draws with (the animation below too); a change made in the map alone differs from it.
    view = bool(st.session_state.get("wordmap_zoom")), bool(st.session_state.get("wordmap_log"))
    st.session_state["wordmap_played_view"] = view
    with picture:
        _map(ctx, metrics, found, points)
        if ctx.corpus.options.get("analyzer") == "char_wb":
            st.caption("The features are character n-grams. The overlapping n-grams of one telling word are in the "
                       "same documents, so they sit on one point together and can fill several of a metric's top k "
                       "places at once (the table below shows them). Words, in the sidebar's Preprocessing, count "
                       "each word once.")

    if st.toggle("Volcano view: each word's effect against its q", key="wordmap_volcano",
                 help="Every word at (log₂ ratio of its document rates, −log₁₀ q): significance beside effect size."):
        _volcano(task, tested, found)

    # --- the boundaries as k grows: one animated chart under the map, in its own block -----------------------------
    if st.toggle("Play the boundaries as k grows", key="wordmap_play",
                 help=f"Each chosen metric's boundary at Forman's k = {', '.join(map(str, DEFAULT_KS))}."):
        sweep = [x for x in DEFAULT_KS if x <= task.n_words]
        st.markdown(
            "The same map, with each metric's boundary moving as k takes Forman's values: press **▶ Play** or drag "
            "the slider. Watch which way each curve gives ground: towards the rare words near the origin, or along "
            "the diagonal to the common ones, and on which side (positive or negative features) it grows first.")
        if not sweep:
            st.info(f"This class has only {task.n_words} words, fewer than the smallest k ({DEFAULT_KS[0]}).")
        else:
            animation = cache.word_map_animation(task, ctx.task_key, tuple(metrics), tuple(sweep),
                                                 _zoom_range(task, view[0]), view[1], points)
            chart(animation, key="wordmap_animation")
            left_out = ", ".join(str(x) for x in DEFAULT_KS if x > task.n_words)
            notes = [f"k above the vocabulary ({task.n_words:,} words) left out: {left_out}."] if left_out else []
            ringed = [plain(fsviz.spec_label(m)) for m in metrics if no_isocline_reason(m, task.pos, task.neg) is not None]
            if ringed:
                notes.append(f"{', '.join(ringed)}: no isocline in this plane, so each frame rings the points holding "
                             "its top k words.")
            st.caption(" ".join(notes) or f"k = {', '.join(map(str, sweep))}.")
            st.download_button("Download the boundaries at every k (CSV)", lambda: spreadsheet_csv(
                               boundary_table(task, metrics, sweep)), f"boundaries_{ctx.class_name}.csv", "text/csv",
                               on_click="ignore", key="wordmap_dl_play")

    # --- under the map, one tab at a time: a hidden tab's content is not built, so a new k, metric or search
    # redraws the map and the open tab alone (issue #42); a browser's first view draws them once the map is drawn
    # (issue #53) --------------------------------------------------------------------------------------------------
    if not _tabs_now():
        return
    labels = ["Words", "Documents", "Why BNS (Figure 1)", "Stability", "Ship it"]  # the first open at first
    tabs = dict(zip(labels, st.tabs(labels, key="wordmap_tab", on_change="rerun")))
    selected_points = st.session_state.get("wordmap_drawn_selection", [])
    selected = np.flatnonzero(np.isin(points.point_of_word, selected_points)) if selected_points else np.array([], int)
    picks = {}  # a word picked in a table: it goes to the documents panel and to Figure 1
    if _shown(tabs["Words"]):
        with tabs["Words"]:
            picks = _words(ctx, metrics, k, points, tested, selected_points, selected)
    picked = _latest_pick(picks, ctx.task_key)
    if _shown(tabs["Documents"]):
        with tabs["Documents"]:
            st.markdown("Why is a word where it is? Its **tp** and **fp** count the documents that contain it, in the "
                        "class and outside it; here are those documents, a page at a time, with the word highlighted "
                        "in a window of its text. Click a point on the map (a point may hold several words), pick a "
                        "row in the Words tab, or search a word, then choose it below.")
            _documents(ctx, metrics, k, found, selected, picked)
    if _shown(tabs["Why BNS (Figure 1)"]):
        with tabs["Why BNS (Figure 1)"]:
            _why_bns(ctx, found, selected, picked, query)
    if _shown(tabs["Stability"]):
        with tabs["Stability"]:
            if metrics:
                _bootstrap(ctx, metrics, k)
            else:
                st.info("Choose at least one metric beside the map to see how stable its top k is.")
    if _shown(tabs["Ship it"]):
        with tabs["Ship it"]:
            st.markdown(f"One metric's top {k} words for {plain(ctx.described)} and a classifier fitted on every "
                        "document, as a scikit-learn Pipeline for your own code (saved with skops: loading it runs "
                        "no pickled code); the words are the vectoriser's vocabulary, so new texts are counted as "
                        "this corpus was. A corpus read pre-counted (ARFF, CLUTO) gives its word list instead.")
            _ship(ctx, names, metrics, k)


def _tabs_now() -> bool:
    """Whether the tabs under the map are drawn in this run: not in a browser's first view of the page, which draws
    them once the map reports its first draw (:func:`_map_drawn`), in the run that follows.

    The Words tab's table is Streamlit's data grid, its heaviest part (1.3 MB of JavaScript to load and compile);
    with the tabs' widgets it held a new visitor's map back by about half a second on this project's 2-core machine
    (issue #53, bench_browser.py). A client that draws no chart (no browser headers: AppTest) gets them at once."""
    if st.session_state.get("wordmap_map_drawn") or not st.context.headers:
        return True
    st.session_state["wordmap_tabs_waiting"] = True
    return False


def _map_drawn() -> None:
    """The map's first figure is drawn in the browser (or failed to be): the tabs may come."""
    st.session_state["wordmap_map_drawn"] = True


def _shown(tab) -> bool:
    """Whether ``tab`` is the open one (its ``open`` is None where tabs keep no state: then every tab is built)."""
    return tab.open is not False


def _words(ctx, metrics, k, points, tested, selected_points, selected) -> dict:
    """The Words tab: the selected points' words, every word ranked, each metric's top k as CSV; returns the word
    picked in each table (table → word index or None)."""
    task, picks = ctx.task, {}
    for name in metrics:
        selection = fsviz.select_top_k(task.score(name), k)
        if selection.ties_exceed_k:
            st.caption(f"{plain(fsviz.spec_label(name))}: {selection.n_above + selection.n_tied} words score at least "
                       f"the threshold {selection.threshold:.4g}; ties at the threshold are broken alphabetically to keep "
                       f"exactly k = {k}.")
    if selected_points:
        st.subheader(f"Selected: {selected.size:,} words")
        table = word_table(task, metrics, k, words=selected, tested=tested)
        rows = st.dataframe(_readable(table), hide_index=True, on_select="rerun", selection_mode="single-row",
                            column_config=_significance_columns(),
                            key=f"wordmap_selected_{hash(tuple(selected_points)) & 0xFFFFFFFF:x}").selection.rows
        picks["selection"] = selected[rows[0]] if rows and rows[0] < selected.size else None
        st.download_button("Download selected words (CSV)", lambda: spreadsheet_csv(table), "selected_words.csv",
                           "text/csv", key="wordmap_dl_selected")
    if not metrics:
        st.info("Choose at least one metric beside the map to rank the words by it.")
        return picks
    picks["ranked"] = _ranked_table(task, ctx.task_key, metrics, k)
    st.download_button(f"Download each metric's top {k} words (CSV)",
                       lambda: spreadsheet_csv(top_words(task, metrics, k)),  # made when asked, not each rerun
                       f"top{k}_{ctx.class_name}.csv", "text/csv", key="wordmap_dl_top")
    return picks


def _why_bns(ctx, found, selected, picked, query) -> None:
    """The Figure 1 tab: BNS's two thresholds for one word (the searched, selected and picked words first)."""
    task = ctx.task
    st.markdown(
        "BNS imagines that a word turns up in a document when a standard Normal variable falls below a threshold. "
        "**Left:** one Normal curve; the shaded area left of the green threshold F⁻¹(tpr) is the share of positive "
        "documents containing the word, the area left of the orange F⁻¹(fpr) the share of the other documents. "
        "**Right:** the same as two curves, one per class, and one threshold at 0: the area of each curve past it is "
        "that class's rate. The word's BNS score is the distance between the two thresholds (left) or the two curve "
        "centres (right): far apart means the word tells the classes apart. A rate of 0 or 1 would put a threshold at "
        "infinity, so BNS clips rates to [0.0005, 0.9995]; the legend says when that happened."
    )
    by_bns = fsviz.select_top_k(task.score("bns"), min(10, task.n_words)).indices.tolist() if task.n_words else []
    candidates = list(dict.fromkeys(found + selected[:200].tolist() + by_bns))
    if found and st.session_state.get("wordmap_bns_query") != query:  # a new search shows its first word
        st.session_state["wordmap_bns_word"] = str(task.vocabulary[found[0]])
    st.session_state["wordmap_bns_query"] = query
    if picked is not None and st.session_state.get("wordmap_bns_picked") != picked:  # a word picked in a table
        candidates.insert(0, int(picked))
        st.session_state["wordmap_bns_word"] = str(task.vocabulary[picked])
    st.session_state["wordmap_bns_picked"] = picked
    if picked is not None and picked not in candidates:
        candidates.insert(0, int(picked))
    if candidates:
        _figure_one(task, ctx.task_key, candidates)
    else:
        st.info("This class has no words to show.")


# The page's later parts rerun alone when their own widgets change (st.fragment): the map above is not redrawn.


def _volcano(task, tested, found) -> None:
    """The volcano view of the task's words, with the FDR of the map's box."""
    fdr = st.session_state.get("wordmap_fdr", 0.05)
    effect = log_ratio_interval(task.tp, task.fp, task.pos, task.neg)
    chart(volcano_figure(task, tested, effect, fdr=fdr, highlight=found), key="wordmap_volcano_chart")
    st.caption(f"Each word at its log₂ ratio (its document rate in the class over the rest's; 95% interval in the "
               f"hover) and −log₁₀ q; red: q ≤ {fdr:g}, above the dashed line. Far right and high: more common in "
               "the class and surely so; high near 0: a small effect on many documents. The interval is Katz et al.'s "
               "(1978) Wald interval; a word with an empty cell has 0.5 added to every cell (Haldane–Anscombe).")


def _zoom_range(task, zoom: bool):
    """The dense corner's (fp, tp) ranges (Forman's Figure 3), or None for the whole plane."""
    if not zoom:
        return None
    return max(5.0, float(np.quantile(task.fp, 0.99))), max(5.0, float(np.quantile(task.tp, 0.999)))


@st.fragment
def _map(ctx, metrics, found, points) -> None:
    """The map with its view switches (zoom, log axes, the FDR boundary), which rerun it alone. A new selection of
    points (kept in ``wordmap_drawn_selection``) reruns the page, whose tables and documents list them."""
    task, k = ctx.task, ctx.k
    above = st.container()  # the map above its switches
    c1, c2, c3, c4 = st.columns([1, 1, 1, 1.4], vertical_alignment="bottom")
    zoom = c1.toggle("Zoom in", key="wordmap_zoom", help="To the dense corner near the origin: Forman's Figure 3")
    log = c2.toggle("Log axes", key="wordmap_log")
    fdr, tested = _fdr_controls(task, ctx.task_key, c3, c4)
    draw_fdr = fdr is not None and st.session_state.get("wordmap_fdr_show", False)
    zoom_range = _zoom_range(task, zoom)
    if st.session_state.get("wordmap_play") and st.session_state.get("wordmap_played_view", (zoom, log)) != (zoom, log):
        st.rerun(scope="app")  # a change made in the map alone: the animation below draws the same view
    boundary = cache.fdr_boundary(task, ctx.task_key, fdr, zoom_range) if draw_fdr else None
    # The words are built once per task, metrics and axes and stay drawn (ui.charts' ``under``); each change
    # builds the rest: the isoclines, the FDR layer, the search.
    words = cache.word_layer(task, ctx.task_key, tuple(metrics), log)
    figure = word_map_figure(task, metrics, k, zoom=zoom_range, log=log, highlight=found, points=points, tested=tested,
                             boundary=boundary, part="overlays",
                             isoclines={m: cache.isocline(task, ctx.task_key, m, k, zoom_range) for m in metrics})
    figure.update_layout(dragmode="zoom")  # ui.charts selects a clicked point only outside the box and lasso tools
    drawn = st.session_state.get("wordmap_drawn_selection", [])
    with above:  # drawn in place (ui.charts): a new k, metric or search does not build a new chart in the browser
        chosen = chart(figure, key="wordmap_chart", revision=f"{ctx.task_key}|{zoom}|{log}", under=words,
                       selection=[{"curve_number": 0, "point_index": i} for i in drawn], on_drawn=_map_drawn)
    if st.session_state.get("wordmap_map_drawn") and st.session_state.pop("wordmap_tabs_waiting", False):
        st.rerun(scope="app")  # the tabs held back in a first view (_tabs_now)
    selected = [p["point_index"] for p in chosen if p.get("curve_number") == 0]
    if st.session_state.get("wordmap_drawn_selection", selected) != selected:
        st.session_state["wordmap_drawn_selection"] = selected
        st.rerun(scope="app")  # the tables and the documents below list the selected words
    st.session_state["wordmap_drawn_selection"] = selected
    st.caption(f"For {plain(ctx.described)}: pos = {task.pos} documents, neg = {task.neg}; k = {k}. "
               f"{task.n_words:,} words share {points.fp.size:,} distinct points; marker size grows with the "
               "number of words at a point. Hover for counts and example words; click a point (or drag with the box or "
               "lasso tool above the chart) to list its words and read the documents behind them; drag to zoom, "
               "double-click to zoom out.")
    reasons = {m: no_isocline_reason(m, task.pos, task.neg) for m in metrics}
    ringed = [f"{plain(fsviz.spec_label(m))} ({why if why == NOT_MONOTONE else 'it reads ' + why})"
              for m, why in reasons.items() if why is not None]
    if ringed:
        st.caption(f"No isocline in this plane, so the top {k} words are ringed: {'; '.join(ringed)}.")
    if fdr is not None:
        n_significant = int(tested.selected(fdr).size)
        st.caption(f"{n_significant:,} of {task.n_words:,} words have q ≤ {fdr:g} (each word's p by one-sided Fisher's "
                   "exact test, q by Benjamini–Hochberg over every word; both in the hover and the tables below)"
                   + ("; the dashed red curve is the q = FDR boundary (exact at each whole fp it is drawn at) and "
                      "those words are ringed." if draw_fdr else "; switch the boundary on to draw it."))


@st.fragment
def _documents(ctx, metrics, k, found, selected, picked) -> None:
    documents_panel(ctx, metrics, k, searched=found, selected=selected, picked=picked, key="wordmap_docs")


@st.fragment
def _bootstrap(ctx, metrics, k) -> None:
    """Each chosen metric's bootstrap stability on the sidebar's task: seeded, computed on request."""
    st.markdown("Without a grid run: the task's documents are resampled with replacement (each group keeps its size), "
                "each metric picks its top k on every resample, and the sets are compared pair by pair: **Kuncheva's "
                "index** (1 = the same words every time, 0 = no more than chance) and the **mean Jaccard** overlap. "
                "A metric whose words move less with the sample is the safer one to ship.")
    ks = sorted({k, *DEFAULT_KS} & set(range(1, ctx.task.n_words)))
    c1, c2 = st.columns(2)
    n = c1.number_input("Resamples", 2, 200, 20, key="wordmap_boot_n")
    seed = c2.number_input("Seed", 0, 2**31 - 1, 0, key="wordmap_boot_seed")
    wanted = (ctx.task_key, tuple(metrics), tuple(ks), int(n), int(seed))
    frame = state.kept("wordmap_boot", wanted)
    if frame is None:
        if not st.button(f"Compute over {int(n)} resamples", key="wordmap_boot_go"):
            return
        bar = st.progress(0.0, text="Resampling …")
        try:
            frame = bootstrap_stability(ctx.corpus, ctx.positive, metrics, ks, negative=ctx.negative, n_resamples=int(n),
                                        random_state=int(seed), progress=lambda done, total: bar.progress(
                                            done / total, text=f"{done} of {total} resamples"))
        except ValueError as exc:
            st.error(plain(exc), icon="⚠️")
            return
        bar.empty()
        state.keep("wordmap_boot", wanted, frame)
    chart(stability_figure(frame), key="wordmap_boot_chart")
    at_k = frame[frame["k"] == k].sort_values("kuncheva", ascending=False)
    if len(at_k):
        best = at_k.iloc[0]
        st.caption(f"For {plain(ctx.described)} over {int(n)} resamples (seed {int(seed)}): at k = {k} the steadiest is "
                   f"{plain(fsviz.spec_label(best['metric']))} (Kuncheva {best['kuncheva']:.2f}, Jaccard "
                   f"{best['jaccard']:.2f}).")
    st.download_button("Download the stability (CSV)", spreadsheet_csv(frame), "fsviz-bootstrap-stability.csv",
                       "text/csv", key="wordmap_dl_boot")


@st.fragment
def _figure_one(task, task_key, candidates) -> None:
    """Forman's Figure 1 for one word of ``candidates`` (vocabulary indices)."""
    word = st.selectbox("Word", [str(w) for w in task.vocabulary[candidates]], key="wordmap_bns_word",
                        help="The words you searched for, then those in your box or lasso selection, then the top 10 "
                             "by BNS. Search a word above to add it here.")
    view = word_bns_view(task, word)
    chart(cache.bns_figure(view, task_key, word), key="wordmap_bns_chart")
    st.caption(f"{plain(repr(word))}: tp = {view.tp:g} of {view.pos:g} positive documents (tpr = {view.tpr:.4g}), "
               f"fp = {view.fp:g} of {view.neg:g} others (fpr = {view.fpr:.4g}); "
               f"BNS = |F⁻¹({view.tpr_used:.4g}) − F⁻¹({view.fpr_used:.4g})| = {view.score:.4f}, its score on this "
               "page.")
    st.download_button("Download these numbers (CSV)", spreadsheet_csv(pd.DataFrame([view.to_dict()])),
                       f"bns_{word}.csv", "text/csv", key="wordmap_dl_bns")


@st.fragment
def _ship(ctx, names, metrics, k) -> None:
    """One metric's selection and a classifier, built on request and downloaded."""
    c1, c2 = st.columns(2)
    ship_metric = c1.selectbox("Metric", names, index=names.index(metrics[0] if metrics and metrics[0] in names else "bns"),
                               key="wordmap_ship_metric", format_func=state.metric_option)
    ship_classifier = c2.selectbox("Classifier", list(CLASSIFIERS), format_func=CLASSIFIER_LABELS.get,
                                   key="wordmap_ship_classifier")
    export_panel(ctx, ship_metric, k, classifier=ship_classifier, key="wordmap_ship")
    tuning_panel(ctx, ship_metric, k, classifier=ship_classifier)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
