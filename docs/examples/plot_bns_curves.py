"""
BNS's two Normal curves (Forman 2003, Figure 1)
===============================================

Bi-Normal Separation scores a word by how far apart the inverse Normal of its true-positive rate and of its
false-positive rate lie: ``|F⁻¹(tpr) − F⁻¹(fpr)|``. Left, the two thresholds on one standard Normal curve;
right, the same distance as the separation of two unit Normal curves.
"""

# %%
import fsviz
import pandas as pd
import plotly.io as pio
from fsviz.plots import bns_figure
from fsviz.stats.binormal import word_bns_view

pio.renderers.default = "sphinx_gallery"

task = fsviz.load_sample().binary_task("scipy.stats")
word = task.vocabulary[fsviz.select_top_k(fsviz.score("bns", task.tp, task.fp, task.pos, task.neg), 1).indices[0]]
view = word_bns_view(task, word)
fig = bns_figure(view)
fig

# %%
# The numbers behind it: the word's counts, rates and the two thresholds.
i = list(task.vocabulary).index(word)
pd.DataFrame([{"word": word, "tp": int(task.tp[i]), "fp": int(task.fp[i]), "pos": task.pos, "neg": task.neg,
               "tpr": task.tp[i] / task.pos, "fpr": task.fp[i] / task.neg, "bns": view.score}])
