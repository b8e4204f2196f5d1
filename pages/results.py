"""Results explorer: Forman's analyses (Figures 4–10, 14–21) of any grid results table."""

import numpy as np
import streamlit as st

from fsviz import plots
from fsviz.evaluation import analyses, answer
from fsviz.evaluation.analyses import (
    DEFAULT_TOLERANCE,
    GOAL_LABELS,
    GOALS,
    best_pairs,
    forman_tasks,
    grid_stability,
    metric_label,
    residual_curves,
    skew_summary,
    stability_summary,
    task_sizes,
    tolerance_curves,
    with_forman_tasks,
    within_tolerance,
)
from fsviz.evaluation.grid import ALL
from fsviz.report import report_html
from ui import cache, shares, state
from ui.components import answer_panel, chart, choose_many, heading, label_text, metric_choice, plain, spreadsheet_csv
from ui.runs import results_uploader, stored_runs
from ui.sidebar import page


def main() -> None:
    ctx = page(__file__)
    heading("Results explorer", """
        Which metric should you use, and with how many words? This page reads a grid's results table (run on the
        **Evaluation grid** page, or loaded here from `python -m fsviz grid … --out results.parquet`) and repeats
        Forman's (2003) analyses on it: the curves vs k, the precision–recall trade-off, class skew, the chance each
        metric has of attaining the best score on a task, which metric best backs up another, and paired significance
        tests.
    """)

    shares.opened_from_link()  # a run someone shared with this visitor, read-only
    with st.expander("Stored runs: open one", expanded=state.shown_results() is None):
        stored_runs("results_runs", ctx.corpus)
    with st.expander("Load a results file", expanded=state.shown_results() is None):
        results_uploader("results_upload")
    shown = state.shown_results()
    if shown is None:
        st.info("No results yet: open a stored run or load a results file above, or run the grid on the "
                "Evaluation grid page.")
        st.page_link("pages/grid.py", label="Go to the Evaluation grid", icon=":material/table_chart:")
        st.stop()
    run, source = shown
    results = run.results
    if results.empty:
        st.info("The results table has no finished cells yet.")
        st.stop()
    key = state.results_key(results, "results")
    shares.share_panel(run)  # this visitor's own stored run: a read-only link to send


    def analysed(function, *args, **kwargs):
        return cache.analysed(function, key, results, *args, **kwargs)


    def csv_button(frame, name, what="data"):
        st.download_button(f"Download the {what} (CSV)", spreadsheet_csv(frame), f"fsviz-{name}.csv", "text/csv",
                           key=f"res_dl_{name}")


    shared = cache.run_analysis(key, results)  # the tables every tab reads, each made once
    macro = shared.macro
    all_metrics = [m for m in dict.fromkeys(macro["metric"]) if m != ALL]
    ks = sorted(int(k) for k in macro.loc[macro["metric"] != ALL, "k"].unique())
    n_tasks = results[["dataset", "class"]].drop_duplicates().shape[0]
    n_datasets = results["dataset"].nunique()
    st.caption(f"Results {plain(source)}: {n_tasks} tasks (class vs rest) from {n_datasets} dataset(s), "
               f"{len(all_metrics)} metrics, k in {ks}, {results['trial'].nunique()} trial(s) × "
               f"{results['fold'].nunique()} folds.")
    if not run.complete:
        st.warning("This run is incomplete: every analysis uses only the finished cells.", icon="⏸️")

    c1, c2, c3 = st.columns([4, 1, 1])
    with c1:
        chosen = choose_many("Metrics to show", all_metrics, default=all_metrics, key="res_metrics",
                             format_func=metric_choice)
    goal = c2.selectbox("Goal", GOALS, format_func=GOAL_LABELS.get, key="res_goal")
    if st.session_state.get("res_k") not in ks:  # a link's k this table lacks: the default instead
        st.session_state.pop("res_k", None)
    k = c3.selectbox("k (P–R, skew, tests)", ks, index=int(np.argmin([abs(np.log(x / 1000)) for x in ks])), key="res_k")
    if not chosen:
        st.info("Choose at least one metric to show.")
        st.stop()
    goal_label = GOAL_LABELS[goal]
    # Built only when clicked (a few seconds and ~5 MB with plotly.js): the analyses as shown, in one file to share.
    st.download_button("Download report (HTML)", lambda: report_html(run, goal=goal, k=int(k), metrics=chosen,
                                                                     source=source),
                       "fsviz-report.html", "text/html", key="res_dl_report", on_click="ignore", icon=":material/download:",
                       help=f"Every analysis below for {goal_label} at k = {k} and the metrics shown, with the run's "
                            "config and tasks: one HTML file that opens offline in any browser.")

    tabs = st.tabs(["Recommendation", "Curves vs k", "Precision–recall", "Class skew", "Tolerance",
                    "Residuals and pairs", "Significance", "Stability", "k by significance"])
    stability_key = (key, ctx.corpus.fingerprint)
    stability = state.kept("res_stability", stability_key)
    summary = stability_summary(stability) if stability is not None else None

    with tabs[0]:
        st.markdown(
            "For each goal: the best selection's metric and its range of k (the smallest k within one standard error "
            "of the best, up to the best), whether it is better than all words and Rand, cannot be told from them, "
            "or is worse, on folds it was not chosen on, and "
            "whether the runner-up can be told from it; how often it comes within Forman's tolerance (1%, 0.1% for "
            "accuracy) of the best any metric reached on a task, and the pair of metrics most likely to have one "
            "within tolerance. All words and Rand are references, never the answer. All metrics in the table count, "
            "whichever are shown.")
        try:
            recommendation = cache.analysed(answer.recommend, key, shared, stability=summary)
        except ValueError as exc:
            st.info(plain(exc))
            st.stop()
        if summary is None:
            st.caption("Compute the stability on the Stability tab to see each leader's and break ties by it.")
        answer_panel(ctx, recommendation, goal, classifier=run.config.classifier, params=run.config.classifier_params,
                     key="res_ship", own=not source.startswith("a run shared"))
        csv_button(recommendation, "recommendation", "recommendation (every column, unrounded)")
        if ctx.corpus.name not in set(results["dataset"].astype(str)):
            st.caption(f"These results came from {plain(', '.join(sorted(results['dataset'].astype(str).unique())))}, "
                       f"not {plain(ctx.corpus.name)}: the recommendation is carried over to the corpus loaded now.")

    with tabs[1]:
        st.markdown("Macro-averaged over tasks, one line per metric (Figures 4, 14–17); the band is ± one standard "
                    "error over tasks and the dashed line uses all features.")
        bands = st.toggle("± one standard error", value=True, key="res_bands")
        chart(plots.curves_figure(macro, metrics=chosen, bands=bands), key="res_curves")
        csv_button(macro, "macro", "macro averages")

    with tabs[2]:
        st.markdown(f"Each metric's macro precision and recall at k = {k} (Figure 5). Up and to the right is better; "
                    "the grey curves join points of equal F-measure.")
        chart(plots.pr_tradeoff_figure(macro, k, metrics=chosen), key="res_pr")
        csv_button(macro[(macro["k"] == k) | (macro["metric"] == ALL)], "pr", "points")

    with tabs[3]:
        tasks = shared.tasks
        c1, c2 = st.columns(2)
        default_metric = "bns" if "bns" in chosen else chosen[0]
        metric = c1.selectbox("Metric for the scatter", chosen, index=chosen.index(default_metric), key="res_skew_metric",
                              format_func=metric_label)
        percentile = c2.slider("Split at this percentile of skew", 50, 99, 90, key="res_skew_pct",
                               help="Forman split at the 90th percentile (1:67 on his 229 tasks).")
        threshold, low, high = analysed(analyses.split_by_skew, percentile)
        at = tasks[(tasks["metric"] == metric) & (tasks["k"] == k)]
        st.markdown(f"Each task's {goal_label} with {label_text(metric)} at k = {k} against its class skew (Figure 6). "
                    f"Tasks to the right of the dotted line (skew above 1:{threshold:.1f}, the {percentile}th "
                    "percentile) are the high-skew ones.")
        chart(plots.skew_figure(at, goal, threshold), key="res_skew_scatter")
        csv_button(at, "skew", "per-task scores")
        n_high = high[["dataset", "class"]].drop_duplicates().shape[0]
        if n_high == 0 or len(low) == 0:
            st.info("Every task falls on one side of the threshold; lower the percentile to split them.")
        else:
            st.markdown(f"{goal_label} vs k for the {n_tasks - n_high} low-skew and {n_high} high-skew tasks "
                        "(Figures 7 and 8).")
            left, right = st.columns(2)
            for column, part, name, count in ((left, low, "low", n_tasks - n_high), (right, high, "high", n_high)):
                part_macro = cache.analysed(analyses.macro_average, key + (name, percentile), part)
                figure = plots.curves_figure(part_macro, goals=(goal,), metrics=chosen, bands=False,
                                             title=f"{count} {name}-skew tasks", height=440)
                with column:
                    chart(figure, key=f"res_skew_{name}")
        sizes = task_sizes(results)
        mine, his = skew_summary(sizes), skew_summary(forman_tasks())
        st.markdown(
            f"**Where the {mine['tasks']} tasks sit** (Forman's Figure 12): each task at its positive documents (across) "
            "and negative documents (up), log axes; each dataset has its own colour and symbol. The dotted lines join "
            "points of equal skew (1:1, 1:10, 1:100); higher and further left is more skewed. The grey rings are "
            f"Forman's 229 tasks (Appendix A; median skew 1:{his['median']:.0f}); these have median "
            f"1:{mine['median']:.1f}, highest 1:{mine['max']:.1f}.")
        benchmark = st.toggle("Show Forman's 229 tasks", value=True, key="res_skew_benchmark")
        chart(plots.task_sizes_figure(sizes, benchmark=forman_tasks() if benchmark else None),
                        key="res_skew_sizes")
        csv_button(with_forman_tasks(sizes, "these results") if benchmark else sizes, "tasks", "points")

    with tabs[4]:
        relative = st.radio("Tolerance", ["relative (% of the best)", "absolute (points of the goal)"], horizontal=True,
                            key="res_tol_kind").startswith("relative")
        maxima = shared.maxima(goal)
        curves = tolerance_curves(maxima, relative=relative)
        st.markdown(
            f"For each task, the best **average maximum** of {goal_label} any metric reached (the best k in each "
            "trial, averaged over trials). A metric succeeds on a task when its own average maximum is within the "
            f"tolerance of that best ({'value ≥ best × (1 − t)' if relative else 'value ≥ best − t'}). The curve is "
            "the percentage of tasks on which each metric succeeds (Figures 9a, 10a, 18–21). The best is over every "
            "metric in the table; the all-features baseline is not a contender.")
        chart(plots.tolerance_figure(curves, goal, relative=relative, metrics=chosen), key="res_tol")
        csv_button(curves, "tolerance", "curves")
        goal_shares = shared.shares()
        st.markdown("All four goals at Forman's tolerances, 1% (relative) and 0.1% for accuracy, whose range class "
                    "skew compresses (Figure 9b).")
        chart(plots.tolerance_bars_figure(goal_shares, metrics=chosen), key="res_tol_bars")
        csv_button(goal_shares, "tolerance-bars", "bars")

    with tabs[5]:
        maxima = shared.maxima(goal)
        if maxima.shape[1] < 2:
            st.info("Residuals and pairs need at least two metrics in the results.")
        else:
            c1, c2 = st.columns(2)
            default_tol = DEFAULT_TOLERANCE[goal]
            tol = c2.select_slider("Tolerance for the pairs (% of the best)", [0.0, 0.001, 0.005, 0.01, 0.02, 0.05, 0.1],
                                   value=default_tol, key=f"res_pair_tol_{goal}", format_func=lambda t: f"{100 * t:g}%")
            alone = 100 * within_tolerance(maxima, tol).mean(axis=0)
            leaders = list(alone.sort_values(ascending=False, kind="stable").index)
            leader = c1.selectbox("Leading metric", leaders, key=f"res_leader_{goal}", format_func=metric_label,
                                  help="By default the metric most often within tolerance.")
            residuals = residual_curves(maxima, leader)
            pairs = best_pairs(maxima, tol)
            top = pairs.iloc[0]
            pair_curve = residual_curves(maxima, top["first"])
            pair_curve = pair_curve[pair_curve["backup"] == top["second"]].rename(columns={"combined": "percent"})
            at_tol = residual_curves(maxima, leader, [tol])
            failed = int(at_tol["failed"].iloc[0])
            rescue = at_tol.sort_values("residual", ascending=False).iloc[0] if failed else None
            text = (f"At {100 * tol:g}% tolerance {label_text(leader)} attains the best {goal_label} on "
                    f"{alone[leader]:.0f}% of {len(maxima)} tasks and fails on {failed}.")
            if rescue is not None:
                text += (f" On those, **{label_text(rescue['backup'])}** succeeds most often ({rescue['residual']:.0f}%), "
                         "so it is the best backup for this leader")
                worst = at_tol.sort_values("residual").iloc[0]
                text += f"; {label_text(worst['backup'])} fails with it most ({worst['residual']:.0f}% rescued)."
            text += (f" The best pair overall is **{label_text(top['first'])} + {label_text(top['second'])}**: "
                     f"one of them is within tolerance on {top['percent']:.0f}% of tasks.")
            st.markdown(text)
            leader_curve = tolerance_curves(maxima).query("metric == @leader")
            pair_name = f"{metric_label(top['first'])} + {metric_label(top['second'])}"
            chart(plots.residual_figure(residuals, leader, leader_curve,
                                                  pair=(pair_name, pair_curve)), key="res_residual")
            c1, c2 = st.columns(2)
            with c1:
                st.markdown(f"**When {label_text(leader)} fails** (at {100 * tol:g}%)")
                table = at_tol[["backup", "residual", "combined"]].sort_values("residual", ascending=False)
                st.dataframe(table.rename(columns={"residual": "% of failures rescued", "combined": "% of tasks, either"}),
                             hide_index=True)
                csv_button(residuals, "residuals", "residual curves")
            with c2:
                st.markdown(f"**Best pairs** (at {100 * tol:g}%)")
                st.dataframe(pairs.head(15), hide_index=True)
                csv_button(pairs, "pairs", "pairs")

    with tabs[6]:
        c1, c2 = st.columns(2)
        test = c1.radio("Test", ["paired t-test", "sign test"], horizontal=True, key="res_test")
        level = c2.select_slider("Significance level", [0.001, 0.01, 0.05, 0.1], value=0.05, key="res_level")
        tests = analysed(analyses.paired_tests, goal, int(k), metrics=tuple(chosen) + (ALL,))
        st.markdown(
            f"{goal_label} of each row metric minus each column metric at k = {k}, paired over the "
            f"{int(tests['n'].max()) if len(tests) else 0} task × trial runs both have (Forman used the paired t-test; "
            "the sign test counts wins and losses and ignores ties). Blue: the row metric is better. The number in "
            "each cell is the p-value; * marks those below the level. All features appears at its own k.")
        if len(tests):
            chart(plots.significance_figure(tests, test="t" if test.startswith("paired") else "sign",
                                                      level=level), key="res_tests")
        csv_button(tests, "tests", "tests")

    with tabs[7]:
        _stability(ctx, run, chosen, stability, stability_key)

    with tabs[8]:
        st.markdown(
            "Instead of a fixed number of words, a **k rule** lets the data choose k in every fold: `fdr0.05` takes as "
            "many words as have a Benjamini–Hochberg q ≤ 0.05 (Fisher's exact test, more frequent in the class) on "
            "that fold's training split, and each metric then selects its top k. Each diamond is a metric's "
            f"macro-averaged {goal_label} under a rule, at the median k it chose, its bar spanning the k chosen over "
            "the folds; the lines are the same metric at fixed k.")
        rules = analysed(analyses.k_rule_summary, goal)
        if rules.empty:
            st.info("This run has no k rule. On the Evaluation grid, add one such as `fdr0.05` to \"Numbers of "
                    "features k\" (e.g. `10, 100, 1000, fdr0.05`); from the command line, `--k 10,100,fdr0.05`.")
        else:
            chart(plots.k_rule_figure(macro, rules, goal, metrics=chosen), key="res_k_rules")
            table = rules[rules["metric"].isin(chosen)].assign(metric=lambda t: t["metric"].map(metric_label))
            st.dataframe(table.rename(columns={goal: goal_label, f"{goal}_sem": "± s.e.", "k_rule": "rule",
                                               "k_median": "k: median", "k_min": "k: min", "k_max": "k: max",
                                               "empty_folds": "folds with no word", "best_fixed": "best fixed k: "
                                               + goal_label, "best_k": "best fixed k"}),
                         hide_index=True, column_config={goal_label: st.column_config.NumberColumn(format="%.3f"),
                                                         "± s.e.": st.column_config.NumberColumn(format="%.3f")})
            csv_button(rules, "k-rules", "k rules' results")


def _stability(ctx, run, chosen, stability, stability_key) -> None:
    """How much each metric's top-k sets agree across the run's folds, recomputed from the sidebar's corpus."""
    st.markdown(
        "How much does each metric's choice of words move from fold to fold? The results file keeps no word sets, "
        "so the grid's training splits and selections are made again from the corpus the run was made on (same "
        "splits and seeds) and every fold's top k words are compared with every other fold's of the same task: "
        "**Kuncheva's consistency index** (1 = the same words every time, 0 = no more shared than random sets of "
        "that size) and the **mean pairwise Jaccard** overlap, averaged over the tasks. A metric that scores as "
        "well but picks more stable words is the safer choice; the recommendation uses it to break a tie.")
    names = sorted(run.results["dataset"].astype(str).unique())
    datasets = ", ".join(names)
    if not run.read(ctx.corpus):
        st.info(f"This run was made on {plain(datasets)}; the sidebar's corpus ({plain(ctx.corpus.name)}) is not "
                f"{'that corpus' if len(names) == 1 else 'one of them'} as the run read it (its fingerprint differs), "
                "so the folds cannot be repeated and stability is skipped. Load the run's corpus with the same "
                "preprocessing in the sidebar; or see one task's bootstrap stability on the Word map.")
        return
    if len(names) > 1:
        st.caption(f"This run read {len(names)} datasets; the folds are repeated on the sidebar's, "
                   f"{plain(ctx.corpus.name)} (load another in the sidebar to see its tasks' stability).")
        datasets = str(ctx.corpus.name)
    if stability is None:
        if not st.button("Compute the stability (repeats every fold's selection)", key="res_stability_go"):
            return
        bar = st.progress(0.0, text="Repeating the folds' selections …")
        try:
            frame = grid_stability(ctx.corpus, run.config, strict=len(names) == 1, progress=lambda done, total:
                                   bar.progress(done / total, text=f"{done} of {total} tasks"))
        except ValueError as exc:
            st.error(plain(exc), icon="⚠️")
            return
        state.keep("res_stability", stability_key, frame)
        st.rerun()
    summary = stability_summary(stability)
    shown = [m for m in chosen if m in set(summary["metric"])]
    chart(plots.stability_figure(summary, metrics=shown), key="res_stability_chart")
    st.caption(f"Over {run.config.trials} trial(s) × {run.config.folds} folds of {summary['tasks'].max()} task(s) of "
               f"{plain(datasets)}.")
    st.download_button("Download the stability per task (CSV)", spreadsheet_csv(stability), "fsviz-stability.csv",
                       "text/csv", key="res_dl_stability")


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
