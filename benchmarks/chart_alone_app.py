"""The word map's chart alone on a Streamlit page: the app's chart, nothing else of the page (issue #53).

Served by ``bench_browser.py``'s first paint beside the bare page and the word map: the sample's word map as the
app first draws it (its largest class, the six default metrics, k = 100; the words under the rest, as
``pages/word_map.py`` draws them), through the app's own chart (``ui.charts``: fsviz's plotly.js, preloaded as
every page's sidebar does). Its first paint less the bare page's is what plotly.js and the figure cost; the word
map's less this one's is what the rest of the page (sidebar, controls, tabs) costs before its chart.
"""

import os
import sys

import streamlit as st

sys.path.insert(0, os.getcwd())  # the app's folder (``ui``), which ``streamlit run`` serves this from

import fsviz  # noqa: E402
from fsviz.plots import word_map_figure  # noqa: E402
from ui import charts  # noqa: E402

METRICS = ["bns", "ig", "chi", "odds", "pr", "dfreq"]


@st.cache_resource
def _figures():
    corpus = fsviz.load_sample()
    task = corpus.task(str(corpus.classes[int(corpus.class_sizes.argmax())]))
    words = word_map_figure(task, METRICS, 1, part="words").to_json()
    return words, word_map_figure(task, METRICS, 100, part="overlays")


with st.sidebar:
    charts.preload_plotly()
st.title("The word map's chart alone")
words, overlays = _figures()
charts.live_chart(overlays, key="wordmap_chart", under=words)
