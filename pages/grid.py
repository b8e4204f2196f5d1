"""Evaluation grid page: Forman's Appendix B on the current corpus, or a results file made elsewhere."""

import io

import streamlit as st

import fsviz
from fsviz.evaluation.analyses import GOAL_LABELS, macro_average
from fsviz.evaluation.grid import ALL, CLASSIFIER_LABELS, CLASSIFIERS, DEFAULT_KS, GridConfig, check_grid, parse_ks
from fsviz.plots import curves_figure
from fsviz.selection import parse_specs
from ui import state
from ui.components import (
    chart,
    choose_many,
    class_picker,
    heading,
    metric_choice,
    metric_picker,
    plain,
    spreadsheet_csv,
)
from ui.runs import results_uploader, run_panel, stored_runs
from ui.sidebar import page


def _preview(runs):
    """The curves of the cells finished so far, drawn while the run goes."""
    return curves_figure(macro_average(runs[0].results), bands=False)


def _show(run, source):
    """Curves, summary and downloads for a finished (or partial) run."""
    results = run.results
    if results.empty:
        st.info("No finished cells yet.")
        return
    tasks = results[["dataset", "class"]].drop_duplicates().shape[0]
    done = f"{run.cells_done:,} of {run.cells_total:,} cells" if run.cells_total else f"{run.cells_done:,} cells"
    st.caption(f"{plain(source)}: {tasks} tasks, {done}, {len(results):,} rows. No positive prediction in "
               f"{100 * run.no_positive_predictions():.1f}% of rows (precision counted as 0 there).")
    checked, resolved, unconverged = run.solver_counts()
    if checked or resolved or unconverged:
        st.caption(f"Rows whose SVM fit stopped at max_iter: {checked:,} kept because the duality gap proves them "
                   f"within 0.1% of the optimum, {resolved:,} solved again with the other solver (the lower "
                   f"objective kept), {unconverged:,} still not converged. The results table's solver and converged "
                   "columns name them.")
    if not run.complete:
        st.warning("This run is incomplete: the curves average only the finished cells.", icon="⏸️")
    if len(run.skipped):
        with st.expander(f"{len(run.skipped)} classes skipped"):
            st.dataframe(run.skipped, hide_index=True)
    macro = macro_average(results)
    shown = [m for m in dict.fromkeys(macro["metric"]) if m != ALL]
    chosen = choose_many("Metrics to draw", shown, default=shown, key="grid_show_metrics", format_func=metric_choice)
    bands = st.toggle("± one standard error over tasks", value=True, key="grid_bands")
    chart(curves_figure(macro, metrics=chosen, bands=bands), key="grid_curves")
    st.caption("Click a legend entry to hide that metric in every panel; double-click to show it alone.")
    best = macro[macro["metric"] != ALL].sort_values("f1", ascending=False).groupby("metric", sort=False).head(1)
    with st.expander("Macro averages (each metric at its best k for F-measure first)"):
        st.dataframe(best.rename(columns=GOAL_LABELS), hide_index=True)
        st.dataframe(macro.rename(columns=GOAL_LABELS), hide_index=True)
    c1, c2 = st.columns(2)
    buffer = io.BytesIO()
    run.save_to(buffer)
    c1.download_button("Download results (Parquet)", buffer.getvalue(), "fsviz-grid.parquet",
                       "application/octet-stream", key="grid_dl_parquet")
    c2.download_button("Download results (CSV)", spreadsheet_csv(run.results), "fsviz-grid.csv", "text/csv", key="grid_dl_csv")
    st.page_link("pages/results.py", label="Analyse these results in the Results explorer: tolerance, best pairs, "
                 "class skew, significance and a recommendation", icon=":material/insights:")


def main() -> None:
    ctx = page(__file__)
    corpus = ctx.corpus
    heading("Evaluation grid", """
        Forman's experiment (2003, Appendix B) on your corpus: each class in turn is the positive class against all
        others; the documents are split by stratified cross-validation, repeated over random trials. In every fold
        each metric ranks the words **on the training split only**, the top k words train a linear SVM, and the test
        split is scored. The curves show precision, recall, F-measure and accuracy macro-averaged over classes as k
        grows (Figures 4 and 14–17); the dashed line uses all words.
    """)
    state.apply_grid_form(corpus.classes)  # a stored run opened since the last visit
    run_tab, stored_tab, load_tab = st.tabs(["Run on this corpus", "Stored runs", "Load a results file"])

    with stored_tab:
        st.markdown("Every run this server keeps, finished or stopped, newest first (also `fsviz runs`). Open one to "
                    "see its curves here and in the Results explorer; a stopped one continues when you run the same "
                    "settings again.")
        stored_runs("grid_runs", corpus)

    with load_tab:
        st.markdown("Open a results table made by `python -m fsviz grid DATA… --out results.parquet`, on this "
                    "machine or a cluster, or downloaded from this page.")
        results_uploader("grid_upload")

    with run_tab:
        classes = [str(c) for c in corpus.classes]
        c1, c2 = st.columns(2)
        with c1:
            chosen_classes = class_picker("Positive classes (each against the rest)", classes, key="grid_classes")
        with c2:
            chosen_metrics = metric_picker("Metrics", fsviz.metric_names(), default=list(fsviz.FORMAN_METRICS),
                                           key="grid_metrics", format_func=state.metric_option,
                                           help="Forman's twelve by default. The others read every class's counts, "
                                                "term frequencies or a fitted model, always on the training split "
                                                "only.")
        groups = () if ctx.groups.one_vs_rest or ctx.task is None else ((ctx.groups.positive, ctx.groups.negative),)
        if groups and not st.checkbox(f"Also run the sidebar's task: {ctx.described}", value=True, key="grid_groups",
                                      help="Its rows carry the task's name in the class column; the classes above "
                                           "each run against the rest as Forman's tasks. Clear the classes to run "
                                           "it alone."):
            groups = ()
        combos_text = st.text_input(
            "More specs: combinations, weights and your own formulas (comma-separated)", key="grid_specs",
            placeholder="e.g. ar(chi_max,ig), lr(bns,ig), bns@0.6, igfss(cmfs,nfr=0.2), expr(abs(tpr - fpr))",
            help="Olsson & Oard's ways to combine two or more metrics: hr (highest rank), lr (lowest rank), "
                 "ar (average rank), dmor (divide by max then OR), dlor (divide by L2 length then OR); "
                 "metric@α weights positive features by α and negative ones by 1 − α (Forman's lesion study); "
                 "igfss(metric,nfr=x) is Deshpande et al.'s IGFSS, an equal share of the k words for every class "
                 "with a share x of negative features (the same set for every class's task); expr(formula) is your "
                 "own metric over tp, fp, pos, neg, tpr, fpr, n, df (as on the word map), expr(formula,invert) with "
                 "Forman's inversion of negative features; commas inside its parentheses do not split the list.")
        c1, c2, c3, c4, c5 = st.columns([3, 1, 1, 1, 1])
        ks_text = c1.text_input("Numbers of features k", ", ".join(map(str, DEFAULT_KS)), key="grid_ks",
                                help="Whole numbers, and optionally a k rule such as fdr0.05: in each fold, as many "
                                     "words as have a Benjamini–Hochberg q ≤ 0.05 on its training split (Fisher's "
                                     "exact test). The results explorer's tab \"k by significance\" compares it with "
                                     "the fixed k.")
        trials = c2.number_input("Trials", 1, 100, 5, key="grid_trials")
        folds = c3.number_input("Folds", 2, 20, 4, key="grid_folds")
        seed = c4.number_input("Seed", 0, 2**31 - 1, 0, key="grid_seed")
        classifier = c5.selectbox("Classifier", list(CLASSIFIERS), key="grid_classifier",
                                  format_func=lambda c: CLASSIFIER_LABELS.get(c, c))
        solver = st.radio(
            "SVM solver", ["fastest", "sklearn"], horizontal=True, key="grid_solver", disabled=classifier != "svm",
            format_func={"fastest": "fastest: primal or dual per fit, repeated rows merged",
                         "sklearn": "scikit-learn's LinearSVC.fit exactly"}.get,
            help="Both fit the same LinearSVC objective. 'fastest' takes liblinear's dual solver once k is a quarter of "
                 "the training documents and the primal one below it, merges repeated training rows (k < 50) into weighted ones, "
                 "keeps the dual solver's answer at 10 × tol when its duality gap proves it within 0.1% of the optimum, "
                 "and solves a fit again with the other solver if the first stops at max_iter (the table's solver and "
                 "converged columns say so). 'sklearn' fits exactly as LinearSVC.fit and GridSearchCV do, for numbers "
                 "that must match theirs to the bit.")
        c6, c7 = st.columns(2)
        inner_folds = c6.number_input(
            "Inner folds (0: none)", 0, 20, 0, key="grid_inner_folds",
            help="Also run every metric and k by a cross-validation of this many folds inside each fold's training "
                 "documents, so the answer (Recommend, the Results explorer's answer) chooses each fold's metric and k "
                 "there: textbook nested cross-validation, about this many times more fits. 0 makes the choice on the "
                 "other folds, whose models saw the held-out fold's documents (optimistic); the answer says which.")
        rand_draws = c7.number_input(
            "Rand draws", 1, 100, 1, key="grid_rand_draws",
            help="Draws of Rand (and of any spec built on it) in each fold, summed: Rand's score is then its "
                 "expectation, so a verdict against Rand does not hang on one draw's luck. Each draw past the first "
                 "costs Rand's fits again.")
        config = None
        try:
            specs = parse_specs(combos_text)
        except ValueError as exc:
            specs = ()
            st.error(plain(str(exc)), icon="⚠️")  # it quotes the specs as typed
        chosen_metrics = list(dict.fromkeys([*chosen_metrics, *specs]))
        if not (chosen_classes or groups) or not chosen_metrics:
            st.info("Choose at least one class and one metric.")
        else:
            try:
                config = GridConfig(metrics=tuple(chosen_metrics), ks=parse_ks(ks_text), trials=int(trials),
                                    folds=int(folds), classes=tuple(chosen_classes), classifier=classifier, seed=int(seed),
                                    solver=solver, groups=groups, inner_folds=int(inner_folds),
                                    rand_draws=int(rand_draws))
                check_grid(corpus, config)  # e.g. a formula not finite on a training split, before the cost estimate
            except ValueError as exc:
                config = None
                st.error(plain(str(exc)), icon="⚠️")

        if config is not None:
            runs = run_panel(corpus, ctx.corpus_key, [config], prefix="grid", preview=_preview)
            if runs is not None:
                state.keep_runs(state.grid_dir(), state.grid_keys(corpus, [config]),
                                    stored=any(run.fits for run in runs))
            if runs is not None and runs[0].cells_done:
                shown = state.shown_results()
                fresh = runs[0].fits > 0  # it just ran on this page
                if fresh or shown is None or not shown[1].startswith("loaded"):
                    state.show_results(runs[0], f"this corpus ({corpus.name})")

    shown = state.shown_results()
    if shown is not None:
        st.subheader("Results")
        _show(*shown)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
