"""
Stability of the selected words
===============================

How much each metric's top-k set changes when the documents change: bootstrap resamples of one task, every metric
selecting its top k words on each; Kuncheva's consistency index (0 is what random sets of that size share) and
the mean pairwise Jaccard overlap, against k.
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.evaluation.analyses import bootstrap_stability, stability_summary
from fsviz.plots import stability_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.load_sample()
rows = bootstrap_stability(corpus, "scipy.stats", ["bns", "ig", "chi"], [10, 50, 200], n_resamples=5)
summary = stability_summary(rows)
fig = stability_figure(summary)
fig

# %%
# The numbers behind it.
summary
