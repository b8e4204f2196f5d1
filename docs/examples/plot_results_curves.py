"""
Results curves: F-measure, precision and recall vs k
====================================================

A small run of Forman's evaluation grid (a planted corpus whose answer is known, three metrics, four values of k,
one trial of two folds), macro-averaged over the classes: each goal against the number of words selected, with
one standard error over the classes as a band and the all-words classifier as the dashed line (Forman's
Figures 4 and 14–17).
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.evaluation.analyses import macro_average
from fsviz.evaluation.grid import GridConfig, run_grid
from fsviz.plots import curves_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.make_planted_corpus(n_docs=400, n_classes=3).load()
config = GridConfig(metrics=("bns", "ig", "chi"), ks=(5, 20, 100, 400), trials=1, folds=2)
results = run_grid(corpus, config).results
macro = macro_average(results)
fig = curves_figure(macro, goals=("f1", "precision", "recall"))
fig

# %%
# The numbers behind it: the macro averages per metric and k.
macro[["metric", "k", "f1", "precision", "recall", "tasks"]].head(13)
