"""The pages' significance and stability parts through AppTest: the word map's p, q and FDR boundary, the
bootstrap stability of the sidebar's task, the Results explorer's stability tab and the lesion page's metrics."""

import json

import numpy as np
from conftest import REPO
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.stats.significance import p_label, significance
from tests.app.figures import drawn, figure


def fresh(page):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    return at.switch_page(page).run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def _values(values):
    """A trace's array from the chart's JSON: a list, or plotly's typed array ``{"dtype", "bdata"}`` (base64)."""
    import base64

    if isinstance(values, dict):
        return np.frombuffer(base64.b64decode(values["bdata"]), dtype=values["dtype"])
    return np.asarray(values, dtype=float)


def _chart(at, key):
    """The plotly figure drawn under ``key``."""
    import plotly.io

    return plotly.io.from_json(json.dumps(figure(at, key)))


def test_word_map_shows_p_q_and_draws_the_fdr_boundary():
    at = fresh("pages/word_map.py")
    assert_clean(at)
    task = at.session_state["context"].task
    tested = significance(task)
    captions = " ".join(c.value for c in at.caption)
    assert f"{tested.selected(0.05).size:,} of {task.n_words:,} words have q ≤ 0.05" in captions
    ranked = [d for d in at.dataframe if "p" in d.value.columns and "selected by" in d.value.columns][0].value
    assert {"p", "q"} <= set(ranked.columns)
    # p and q show as text in three digits (a p below the float range from its logarithm, never 0)
    rows = ranked.index.to_numpy()
    assert ranked["q"].tolist() == [p_label(q) for q in tested.q[rows]]
    assert ranked["p"].tolist() == [p_label(p, -m) for p, m in zip(tested.p[rows], tested.minus_log10_p[rows])]
    assert "0" not in set(ranked["p"]) and "0.000e+00" not in set(ranked["p"])
    at.toggle(key="wordmap_fdr_show").set_value(True).run()
    at.number_input(key="wordmap_fdr").set_value(0.01).run()
    assert_clean(at)
    chosen = tested.selected(0.01)
    captions = " ".join(c.value for c in at.caption)
    assert f"{chosen.size:,} of {task.n_words:,} words have q ≤ 0.01" in captions and "dashed red" in captions
    spec = _chart(at, "wordmap_chart")
    names = [t.name or "" for t in spec.data]
    assert any(n.startswith("q ≤ 0.01") and n.endswith("boundary") for n in names)
    assert any(f"{chosen.size:,} words ringed" in n for n in names)


def test_lesion_page_offers_formans_metrics_only():
    at = fresh("pages/lesion.py")
    assert_clean(at)
    offered = at.selectbox(key="lesion_metric").options
    forman = [fsviz.get_metric(m).label for m in fsviz.FORMAN_METRICS if m != "rand"]
    assert offered == forman and len(offered) == 11  # Forman's twelve but Rand, which has no scores to weight


def _upload_results(at, data: bytes):
    at.switch_page("pages/results.py").run()
    at.file_uploader(key="results_upload").set_value(("run.parquet", data, "application/octet-stream")).run()
    return at


def test_results_stability_is_skipped_on_another_corpus(tmp_path):
    from conftest import cli_grid_results

    results = cli_grid_results(tmp_path, ["--metrics", "bns,ig", "--k", "5,10", "--trials", "1", "--folds", "2"],
                               n_docs=120, n_classes=3, random_state=4)
    at = _upload_results(fresh("pages/word_map.py"), results.read_bytes())
    assert_clean(at)
    assert any("fingerprint differs" in i.value and "skipped" in i.value for i in at.info)
    assert not [b for b in at.button if b.key == "res_stability_go"]


def test_results_stability_on_the_runs_corpus_and_the_recommendation_uses_it():
    import io

    from fsviz.evaluation.analyses import grid_stability, stability_summary
    from fsviz.evaluation.grid import GridConfig, run_grid

    at = fresh("pages/word_map.py")
    corpus = at.session_state["context"].corpus
    config = GridConfig(metrics=("bns", "ig", "chi"), ks=(10, 50), trials=1, folds=2,
                        classes=tuple(str(c) for c in corpus.classes[:2]))
    run = run_grid(corpus, config)
    buffer = io.BytesIO()
    run.save_to(buffer)
    at = _upload_results(at, buffer.getvalue())
    assert_clean(at)
    at.button(key="res_stability_go").click().run()
    assert_clean(at)
    spec = _chart(at, "res_stability_chart")
    expected = stability_summary(grid_stability(corpus, config))
    bns = [t for t in spec.data if t.legendgroup == "bns"]
    assert np.allclose(_values(bns[0].y), expected.query("metric == 'bns'")["kuncheva"])
    assert np.allclose(_values(bns[1].y), expected.query("metric == 'bns'")["jaccard"])
    markdown = " ".join(m.value for m in [*at.markdown, *at.success, *at.warning])
    assert "agree across the folds with Kuncheva's index" in markdown or "stability broke the tie" in markdown
    shown = [d.value for d in at.dataframe if "Stability (Kuncheva)" in d.value.columns]
    assert shown, "the recommendation table has no stability column"


def test_word_map_bootstrap_stability_is_seeded_and_drawn():
    from fsviz.evaluation.analyses import bootstrap_stability
    from fsviz.evaluation.grid import DEFAULT_KS

    at = fresh("pages/word_map.py")
    at.multiselect(key="wordmap_metrics").set_value(["bns", "ig"])
    at.session_state["wordmap_tab"] = "Stability"  # a hidden tab's content is not built
    at.run()
    at.number_input(key="wordmap_boot_n").set_value(5).run()
    at.number_input(key="wordmap_boot_seed").set_value(3).run()
    assert not [i for i, _ in drawn(at) if "wordmap_boot_chart" in i]  # only on request
    at.button(key="wordmap_boot_go").click().run()
    assert_clean(at)
    ctx = at.session_state["context"]
    ks = sorted({ctx.k, *DEFAULT_KS} & set(range(1, ctx.task.n_words)))
    expected = bootstrap_stability(ctx.corpus, ctx.positive, ["bns", "ig"], ks, negative=ctx.negative, n_resamples=5,
                                   random_state=3)
    fig = _chart(at, "wordmap_boot_chart")
    ig = [t for t in fig.data if t.legendgroup == "ig"]
    assert np.allclose(_values(ig[0].y), expected.query("metric == 'ig'")["kuncheva"])
    assert any("over 5 resamples (seed 3)" in c.value for c in at.caption)
    at.toggle(key="wordmap_log").set_value(True).run()  # a rerun keeps the result without a click
    assert [i for i, _ in drawn(at) if "wordmap_boot_chart" in i]


def test_results_stability_on_a_run_over_two_datasets_repeats_the_sidebars():
    import io

    from fsviz.evaluation.analyses import grid_stability, stability_summary
    from fsviz.evaluation.grid import GridConfig, run_grid

    at = fresh("pages/word_map.py")
    corpus = at.session_state["context"].corpus
    other = fsviz.make_planted_corpus(n_docs=120, n_classes=2, random_state=4).load()
    config = GridConfig(metrics=("bns", "ig"), ks=(10, 50), trials=1, folds=2,
                        classes=(str(corpus.classes[0]), "c0"))
    buffer = io.BytesIO()
    run_grid([corpus, other], config).save_to(buffer)
    at = _upload_results(at, buffer.getvalue())
    assert_clean(at)
    assert any("read 2 datasets" in c.value for c in at.caption)
    at.button(key="res_stability_go").click().run()
    assert_clean(at)
    spec = _chart(at, "res_stability_chart")
    expected = stability_summary(grid_stability(corpus, config, strict=False))  # the sidebar's dataset's tasks
    bns = [t for t in spec.data if t.legendgroup == "bns"]
    assert np.allclose(_values(bns[0].y), expected.query("metric == 'bns'")["kuncheva"])
