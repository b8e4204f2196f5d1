"""
A-vs-B: one group of classes against another
============================================

A task need not be one class against the rest: here the sample corpus's scikit-learn modules (A) against its
SciPy modules (B), every other class left out. The word map then shows which words tell the two groups apart.
"""

# %%
import fsviz
import pandas as pd
import plotly.io as pio
from fsviz.corpora.groups import group_task
from fsviz.plots import word_map_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.load_sample()
a = [c for c in corpus.classes if c.startswith("sklearn.")]
b = [c for c in corpus.classes if c.startswith("scipy.")]
task = group_task(corpus, a, b)
fig = word_map_figure(task, ["bns", "ig", "chi"], k=50)
fig

# %%
# The numbers behind it: the words most typical of A (high tp, low fp) under BNS.
print(f"A: {len(a)} classes, {task.pos} documents; B: {len(b)} classes, {task.neg} documents")
pd.DataFrame({"word": task.vocabulary, "tp": task.tp, "fp": task.fp,
              "bns": fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)}).sort_values(
    "bns", ascending=False).head(10)
