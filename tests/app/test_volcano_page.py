"""The word map's effect sizes (issue #40, item 3) through AppTest: the ranked table carries each word's log₂ ratio
with its interval, the library's numbers, and the volcano view draws every word at (log₂ ratio, −log₁₀ q)."""


import numpy as np
import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

from fsviz.stats.effect import log_ratio_interval
from fsviz.stats.significance import significance
from tests.app.figures import drawn

pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def test_the_ranked_table_and_the_volcano_carry_the_effect():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/word_map.py").run()
    at.toggle(key="wordmap_volcano").set_value(True).run()
    assert not at.exception and not at.error, [e.value for e in [*at.exception, *at.error]]
    ranked = next(d.value for d in at.dataframe if "log2 ratio" in d.value.columns)
    task = at.session_state["context"].task
    effect = log_ratio_interval(task.tp, task.fp, task.pos, task.neg)
    at_word = {w: i for i, w in enumerate(task.vocabulary)}
    rows = ranked["word"].map(at_word).to_numpy()
    np.testing.assert_allclose(ranked["log2 ratio"], effect.log_ratio[rows])
    np.testing.assert_allclose(ranked["log2 ratio low"], effect.low[rows])
    specs = [spec for _, spec in drawn(at)]
    volcano = next(s for s in specs if "q (Benjamini" in str(s["layout"].get("yaxis", {}).get("title", "")))
    q_traces = [t for t in volcano["data"] if t["name"].startswith("q")]
    hits = next(t for t in q_traces if t["name"].startswith("q ≤"))
    assert len(hits["text"]) == int((significance(task).q <= 0.05).sum())
