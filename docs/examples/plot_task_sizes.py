"""
Task sizes and skew (Forman 2003, Figure 12)
============================================

Each one-against-the-rest task of the sample corpus at (positive documents, negative documents) on log axes,
with the lines of equal skew 1:1, 1:10 and 1:100. Forman found that which metric wins depends on this skew.
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.evaluation.analyses import task_sizes
from fsviz.plots import task_sizes_figure

pio.renderers.default = "sphinx_gallery"

sizes = task_sizes(fsviz.load_sample())
fig = task_sizes_figure(sizes)
fig

# %%
# The numbers behind it, most skewed first.
sizes.sort_values("skew", ascending=False).head(10)
