"""
The lesion study: positive against negative features
====================================================

Forman's α-weighted lesion study (Figure 22): BNS with its positive features' scores weighted by α and its
negative features' by 1 − α. α below 0.5 (red) prefers words that mark the *other* classes, above 0.5 (blue)
words of the class; black is unweighted BNS.
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.evaluation.grid import run_grid
from fsviz.evaluation.studies import lesion_config, lesion_curves
from fsviz.plots import lesion_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.make_planted_corpus(n_docs=400, n_classes=3).load()
config = lesion_config("bns", alphas=(0.1, 0.5, 0.9), ks=(5, 20, 100), trials=1, folds=2)
curves = lesion_curves(run_grid(corpus, config).results)
fig = lesion_figure(curves)
fig

# %%
# The numbers behind it.
curves[["metric", "alpha", "k", "precision", "recall", "f1"]].head(10)
