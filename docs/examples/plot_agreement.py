"""
Agreement between metrics
=========================

How alike two metrics rank the words of one task: a matrix of Spearman correlations between every pair of
metrics' scores over the vocabulary (as Goutte et al.'s Table 2), then one metric against another per word
(their Figures 2–5), the top 50 of either in colour.
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.plots import agreement_matrix_figure, agreement_scatter_figure
from fsviz.stats.agreement import agreement_matrix

pio.renderers.default = "sphinx_gallery"

task = fsviz.load_sample().binary_task("scipy.stats")
metrics = ["bns", "ig", "chi", "odds", "dfreq"]
scores = {m: fsviz.score(m, task.tp, task.fp, task.pos, task.neg) for m in metrics}
matrix = agreement_matrix(scores)
fig = agreement_matrix_figure(matrix, title="Spearman correlation of the metrics' scores")
fig

# %%
# One pair word by word: hover a point for the word.
agreement_scatter_figure(scores["bns"], scores["ig"], task.vocabulary, ("bns", "ig"))

# %%
# The numbers behind the matrix.
matrix.round(3)
