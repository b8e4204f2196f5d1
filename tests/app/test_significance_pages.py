"""The pages' significance and stability parts through AppTest: the word map's p, q and FDR boundary, the
bootstrap stability of the sidebar's task, the Results explorer's stability tab and the lesion page's metrics."""

import numpy as np
from conftest import REPO
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.significance import significance


def fresh(page):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    return at.switch_page(page).run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def _chart(at, key):
    import json

    return json.loads([c for c in at.get("plotly_chart") if c.proto.id.endswith(key) or key in c.proto.id][0]
                      .proto.spec)


def test_word_map_shows_p_q_and_draws_the_fdr_boundary():
    at = fresh("pages/word_map.py")
    assert_clean(at)
    task = at.session_state["context"].task
    tested = significance(task)
    captions = " ".join(c.value for c in at.caption)
    assert f"{tested.selected(0.05).size:,} of {task.n_words:,} words have q ≤ 0.05" in captions
    ranked = [d for d in at.dataframe if "p" in d.value.columns and "selected by" in d.value.columns][0].value
    assert {"p", "q"} <= set(ranked.columns)
    assert np.allclose(ranked["q"].to_numpy(), tested.q[ranked.index.to_numpy()])
    at.toggle(key="wordmap_fdr_show").set_value(True).run()
    at.number_input(key="wordmap_fdr").set_value(0.01).run()
    assert_clean(at)
    chosen = tested.selected(0.01)
    captions = " ".join(c.value for c in at.caption)
    assert f"{chosen.size:,} of {task.n_words:,} words have q ≤ 0.01" in captions and "dashed red" in captions
    spec = _chart(at, "wordmap_chart")
    names = [t.get("name", "") for t in spec["data"]]
    assert any(n.startswith("q ≤ 0.01") and n.endswith("boundary") for n in names)
    assert any(f"{chosen.size:,} words ringed" in n for n in names)


def test_lesion_page_offers_formans_metrics_only():
    at = fresh("pages/lesion.py")
    assert_clean(at)
    offered = at.selectbox(key="lesion_metric").options
    forman = [fsviz.get_metric(m).label for m in fsviz.FORMAN_METRICS if m != "rand"]
    assert offered == forman and len(offered) == 11  # Forman's twelve but Rand, which has no scores to weight
