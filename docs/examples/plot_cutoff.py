"""
The rare-word cutoff
====================

Forman dropped the words that occur in fewer than 3 documents. This study runs the grid at several cutoffs and
draws each goal against the cutoff at one metric and k, with the vocabulary that remains (Forman's Figure 11).
"""

# %%
import fsviz
import plotly.io as pio
from fsviz.evaluation.grid import GridConfig
from fsviz.evaluation.studies import cutoff_curves, run_cutoffs
from fsviz.plots import cutoff_figure

pio.renderers.default = "sphinx_gallery"

corpus = fsviz.make_planted_corpus(n_docs=400, n_classes=3).load()
config = GridConfig(metrics=("bns",), ks=(50,), trials=1, folds=2)
table = run_cutoffs(corpus, config, cutoffs=(1, 3, 10, 30))
curves = cutoff_curves(table)
fig = cutoff_figure(curves, "bns", 50)
fig

# %%
# The numbers behind it.
curves[["min_df", "vocabulary", "f1", "precision", "recall", "accuracy"]]
