"""
Tolerance: how often is a metric within x% of the best?
=======================================================

For each metric, the percentage of tasks on which its best F-measure (over k) is within a tolerance of the best
any metric reached on that task, against the tolerance (Forman's Figures 9a, 10a and 18–21). A metric whose line
starts high wins often; one that climbs fast is rarely far behind.
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.evaluation.analyses import task_maxima, tolerance_curves
from fsviz.evaluation.grid import GridConfig, run_grid
from fsviz.plots import tolerance_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.make_planted_corpus(n_docs=400, n_classes=4, skew=3.0).load()
config = GridConfig(metrics=("bns", "ig", "chi", "odds"), ks=(5, 20, 100), trials=1, folds=2)
maxima = task_maxima(run_grid(corpus, config).results, "f1")
curves = tolerance_curves(maxima)
fig = tolerance_figure(curves, "f1")
fig

# %%
# The numbers behind it: each task's best F-measure per metric, then the curves' first rows.
print(maxima)
curves.head(8)
