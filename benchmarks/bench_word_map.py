"""Word map on 20 Newsgroups: figure build times and the page's rerun after k changes.

    python benchmarks/bench_word_map.py

Loads 20 Newsgroups (default cutoff), then for one class times merging the
words into points, building the word-map figure with Forman's Figure 2
metrics, and (through Streamlit's AppTest, path source) the rerun of the
word map page after k changes (goal <= 1 s). The usual way for comparison:
plotting one marker per word with plotly express.
"""

import time

import numpy as np
import plotly.express as px
from _common import REPO, let_the_app_read, shared, timed
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.plots import word_map_figure
from fsviz.stats.tables import word_points

METRICS = ["bns", "ig", "chi", "odds", "pr", "dfreq"]


def main():
    path = shared("20newsgroups", "20news-bydate.tar.gz")
    corpus = fsviz.load_corpus(path)
    task = corpus.binary_task("sci.crypt")
    t_points, points = timed(lambda: word_points(task), 5)
    t_fig, _ = timed(lambda: word_map_figure(task, METRICS, 100, points=points), 5)
    t_px, _ = timed(lambda: px.scatter(x=task.fp, y=task.tp, hover_name=task.vocabulary, render_mode="webgl"), 5)
    print(f"20 Newsgroups, class sci.crypt: {task.n_words:,} words at {points.fp.size:,} distinct points "
          f"({task.n_words / points.fp.size:.1f} words per marker)")
    print(f"  merge words into points          : {t_points * 1e3:7.1f} ms")
    print(f"  word map figure, {len(METRICS)} isoclines    : {t_fig * 1e3:7.1f} ms")
    print(f"  px.scatter, one marker per word  : {t_px * 1e3:7.1f} ms (no isoclines)")

    let_the_app_read(path)  # without it the typed path is refused (outside the data folders) and nothing loads
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    at.selectbox(key="class_name").set_value("sci.crypt").run()
    at.switch_page("pages/word_map.py").run()
    ctx = at.session_state["context"]
    assert ctx.corpus.n_docs == corpus.n_docs and ctx.class_name == "sci.crypt", (ctx.corpus, ctx.class_name)
    assert at.get("bidi_component"), "the word map drew no chart"
    times = []
    for k in (200, 500, 1000, 100, 50):
        start = time.perf_counter()
        at.number_input(key="k").set_value(k).run()
        times.append(time.perf_counter() - start)
        assert not at.exception and not at.error
    print(f"  word map page rerun after k changes (AppTest): median {np.median(times):.2f} s, "
          f"max {max(times):.2f} s over {len(times)} changes (goal <= 1 s)")


if __name__ == "__main__":
    main()
