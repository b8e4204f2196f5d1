"""
The word map with each metric's isocline
========================================

Every word of one class of the sample corpus sits at (false-positive count, true-positive count): how many
documents outside the class and inside it contain the word. Each metric's curve is its top-k *isocline*: the
words above and to the left of it are the k it selects (Forman 2003, Figures 2 and 3). Hover a point for its
words, p and q; click a legend entry to hide a metric.
"""

# %%
import fsviz
import pandas as pd
import plotly.io as pio
from fsviz.plots import word_map_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.load_sample()
task = corpus.binary_task("scipy.stats")
fig = word_map_figure(task, ["bns", "ig", "chi", "odds", "pr", "dfreq"], k=100)
fig

# %%
# The numbers behind it: each word's counts and its score under two of the metrics, best BNS first.
words = pd.DataFrame({"word": task.vocabulary, "tp": task.tp, "fp": task.fp,
                      "bns": fsviz.score("bns", task.tp, task.fp, task.pos, task.neg),
                      "ig": fsviz.score("ig", task.tp, task.fp, task.pos, task.neg)})
print(f"pos = {task.pos}, neg = {task.neg}")
words.sort_values("bns", ascending=False).head(10)
