"""Multi-class evaluation page: one classifier over every class (Wang et al.; Olsson & Oard)."""

import io

import streamlit as st

from fsviz.evaluation.analyses import metric_label
from fsviz.evaluation.grid import (
    CLASSIFIER_LABELS,
    CLASSIFIERS,
    DEFAULT_KS,
    GridConfig,
    check_fixed_ks,
    parse_ks,
    run_key,
)
from fsviz.evaluation.multiclass import (
    MEASURES,
    check_multiclass_metrics,
    macro_curves,
    multiclass_metric_names,
    sign_test,
)
from fsviz.plots import curves_figure
from fsviz.selection import igfss_specs, parse_specs
from ui import state
from ui.components import chart, choose_many, heading, metric_choice, metric_picker, plain, spreadsheet_csv
from ui.runs import kept_multiclass, multiclass_panel, stored_runs
from ui.sidebar import page


def _apply_form(config, usable) -> None:
    """Set the form to a stored run's settings (before its widgets are drawn)."""
    if config is None:
        return
    st.session_state.update(mc_metrics=[m for m in config.metrics if m in usable],
                            mc_specs=", ".join(m for m in config.metrics if m not in usable),
                            mc_ks=", ".join(map(str, config.ks)), mc_trials=config.trials, mc_folds=config.folds,
                            mc_classifier=config.classifier)


def _live(table):
    """The curves of the cells finished so far, drawn while the run goes."""
    if table is None or table.empty:
        return None
    return curves_figure(macro_curves(table), goals=list(MEASURES), bands=False)


def main() -> None:
    ctx = page(__file__)
    heading("Multi-class evaluation", """
        Forman's grid trains one classifier per class against the rest. Wang et al. and Olsson & Oard instead pick
        **one word set for all classes** and train **one classifier over every class**. Each fold's training split is
        scored by a metric over all classes (χ²max, the t-test, CMFS, …), and for each k a classifier is fitted on the
        top k words. The page reports **macro-F1** (every class weighs the same) and **micro-F1** (every document
        weighs the same; on a single-label corpus it equals accuracy) (Wang eq. 6–7). It also reports **R-precision**
        and **MAP** of each document's classes ranked by the classifier's scores (Olsson & Oard §2), which judge the
        ranking before any threshold. A multi-label corpus gets one binary classifier per class. **IGFSS** (Deshpande
        et al.) re-balances a global metric so that every class gets an equal share of the k words, a share *nfr* of
        them negative features.
    """)
    if ctx.corpus is None:
        st.stop()
    corpus = ctx.corpus

    usable = multiclass_metric_names()
    _apply_form(st.session_state.pop("mc_form", None), usable)  # a stored run opened since the last visit
    chosen = metric_picker("Metrics over all classes", usable,
                           default=[m for m in ("chi_max", "chi_avg", "ig_multi", "ttest_avg", "cmfs") if m in usable],
                           key="mc_metrics", format_func=state.metric_option, presets=False)
    c1, c2, c3 = st.columns([2, 2, 1])
    combos = c1.text_input("Combinations (comma-separated)", key="mc_specs", placeholder="e.g. lr(chi_max,ttest_avg)")
    with c2:
        igfss_over = choose_many(
            "IGFSS over these global metrics", usable, key="mc_igfss", format_func=metric_choice,
            help="Deshpande et al.'s Improved Global Feature Selection Scheme keeps the global metric's order but "
                 "gives every class an equal share of the k words, labelling each word by the class of its largest "
                 "|CC|. The paper uses CMFS and ICMFS.")
    nfr_text = c3.text_input(
        "Negative feature ratios nfr", "0, 0.2", key="mc_nfr",
        help="The share of each class's words that are negative features (words whose absence marks the class). "
             "The paper tunes it per dataset between 0 and 1; each value here is its own run.")
    c1, c2, c3, c4 = st.columns([3, 1, 1, 2])
    ks_text = c1.text_input("Numbers of features k", ", ".join(map(str, DEFAULT_KS)), key="mc_ks")
    trials = c2.number_input("Trials", 1, 50, 2, key="mc_trials")
    folds = c3.number_input("Folds", 2, 20, 4, key="mc_folds")
    classifier = c4.selectbox("Classifier", list(CLASSIFIERS), key="mc_classifier",
                              format_func=lambda c: CLASSIFIER_LABELS.get(c, c))
    config = None
    try:
        specs = tuple(dict.fromkeys([*chosen, *parse_specs(combos), *igfss_specs(igfss_over, nfr_text)]))
        if not specs:
            st.info("Choose at least one metric.")
        else:
            check_multiclass_metrics(specs)
            config = check_fixed_ks(GridConfig(metrics=specs, ks=parse_ks(ks_text), trials=int(trials),
                                               folds=int(folds), classifier=classifier), "A multi-class run")
    except ValueError as exc:
        st.error(plain(exc), icon="⚠️")

    table = multiclass_panel(corpus, ctx.corpus_key, config, preview=_live) if config is not None else None
    key = None if config is None else run_key(config, [corpus])
    if table is None or table.empty:  # the settings above have not run: the last kept run of this corpus
        kept = kept_multiclass(corpus)
        if kept:
            key, (_, table) = list(kept.items())[-1]
            st.caption("Showing your last run on this corpus; the settings above have not been run yet.")
    if table is not None and not table.empty:
        state.keep_runs(state.multiclass_dir(), [key])
        curves = macro_curves(table)
        chart(curves_figure(curves, goals=list(MEASURES), bands=False), key="mc_curves")
        st.dataframe(curves.rename(columns=MEASURES).round(4), hide_index=True)
        metrics = [m for m in dict.fromkeys(table["metric"])]
        st.subheader("Sign test over paired trials and folds")
        c1, c2, c3, c4 = st.columns(4)
        a = c1.selectbox("Metric", metrics, key="mc_a", format_func=metric_label)
        b = c2.selectbox("against", metrics, index=min(1, len(metrics) - 1), key="mc_b",
                         format_func=metric_label)
        goal = c3.selectbox("on", list(MEASURES), key="mc_goal", format_func=MEASURES.get)
        k = c4.selectbox("at k", sorted(table.loc[table["metric"] != "all", "k"].unique()), key="mc_k")
        if a != b:
            result = sign_test(table, a, b, goal, int(k))
            st.markdown(f"**{result['wins']} wins, {result['losses']} losses, {result['ties']} ties**: "
                        f"two-sided sign test p = {result['p']:.3g}.")
        buffer = io.BytesIO()
        table.to_parquet(buffer, index=False)
        c1, c2 = st.columns(2)
        c1.download_button("Download the curves (CSV)", spreadsheet_csv(curves), "multiclass_curves.csv", "text/csv",
                           key="mc_dl_csv")
        c2.download_button("Download every fold (Parquet)", buffer.getvalue(), "multiclass.parquet",
                           key="mc_dl_parquet")

    with st.expander("Stored runs on this server (grid, lesion, cutoff, multi-class)"):
        stored_runs("mc_runs", corpus)


if __name__ == "__main__":  # not when a spawned worker process re-runs this file as __mp_main__
    main()
