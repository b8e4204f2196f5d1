"""
A character n-gram map
======================

For text not split by spaces, or to look inside words, fsviz counts character n-grams within words
(``analyzer="char_wb"``). Here a small corpus the example makes: two classes of short texts that differ in their
word endings. Each point is now an n-gram, not a word.
"""

# %%
import fsviz
import numpy as np
import pandas as pd
import plotly.io as pio
from fsviz.plots import word_map_figure

pio.renderers.default = "sphinx_gallery"

rng = np.random.default_rng(0)
stems = ["walk", "talk", "jump", "play", "work", "look", "call", "move", "turn", "help"]
texts, labels = [], []
for i in range(300):
    past = i % 2 == 0
    words = [s + ("ed" if past else "ing") if rng.random() < 0.6 else s for s in rng.choice(stems, 8)]
    texts.append(" ".join(words))
    labels.append("past" if past else "progressive")
corpus = fsviz.load_corpus((texts, labels), analyzer="char_wb", char_ngrams=(2, 4))
task = corpus.binary_task("past")
fig = word_map_figure(task, ["bns", "ig"], k=20)
fig

# %%
# The numbers behind it: the n-grams most typical of the past tense.
pd.DataFrame({"ngram": task.vocabulary, "tp": task.tp, "fp": task.fp,
              "bns": fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)}).sort_values(
    "bns", ascending=False).head(10)
