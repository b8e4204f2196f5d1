"""
Decision boundaries side by side
================================

Forman's Figure 13: one panel per metric over the (fp, tp) plane of one task, its contour levels shaded, its
top-k isocline in bold and the words faintly behind. Where the bold curve runs shows what the metric favours:
BNS and Odds reach down to rare words that occur only in the class, DFreq takes the most frequent words whatever
their class.
"""

# %%
import fsviz
import pandas as pd
import plotly.io as pio
from fsviz.plots import boundaries_figure

pio.renderers.default = "sphinx_gallery"

task = fsviz.load_sample().binary_task("scipy.stats")
metrics = ["bns", "ig", "chi", "odds", "pr", "dfreq"]
fig = boundaries_figure(task, metrics, k=100, n_grid=40)
fig

# %%
# The numbers behind it: how many of each metric's top 100 words each other metric also selects.
tops = {m: set(fsviz.select_top_k(fsviz.score(m, task.tp, task.fp, task.pos, task.neg), 100).indices.tolist()) for m in metrics}
pd.DataFrame({a: {b: len(tops[a] & tops[b]) for b in metrics} for a in metrics})
