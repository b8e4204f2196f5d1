"""The least a Streamlit page can do when k changes: one number box and the word map's figure, nothing else.

Served by ``bench_browser.py --floor`` beside the app: the same figure (:func:`fsviz.plots.word_map_figure`, the
sample's largest class, the word map's six default metrics) drawn by ``st.plotly_chart`` with the word map's
selection modes. Its time per change of k is the floor of Streamlit with plotly on the machine: a changed figure
is a new element (Streamlit's element id holds the figure's spec), so the browser mounts a new chart each time.
"""

import streamlit as st

import fsviz
from fsviz.plots import word_map_figure

METRICS = ["bns", "ig", "chi", "odds", "pr", "dfreq"]


@st.cache_resource
def _task():
    corpus = fsviz.load_sample()
    largest = str(corpus.classes[int(corpus.class_sizes.argmax())])
    return corpus.task(largest)


task = _task()
k = st.number_input("k: words to select", 1, task.n_words, 100, key="k")
st.plotly_chart(word_map_figure(task, METRICS, int(k)), key="wordmap_chart", on_select="rerun",
                selection_mode=("points", "box", "lasso"))
