"""
The FDR boundary and the volcano plot
=====================================

Which words occur in the class more often than chance allows? Each word's one-sided Fisher exact p, and its
Benjamini–Hochberg q. On the word map, the q = 0.05 boundary separates the words significant at a 5% false
discovery rate; the volcano plot sets each word's effect (log₂ ratio of its document rates) against −log₁₀ q.
"""

# %%
import fsviz
import pandas as pd
import plotly.io as pio
from fsviz.plots import volcano_figure, word_map_figure
from fsviz.stats.effect import log_ratio_interval
from fsviz.stats.significance import significance

pio.renderers.default = "sphinx_gallery"

task = fsviz.load_sample().binary_task("scipy.stats")
tested = significance(task)
fig = word_map_figure(task, ["bns"], k=100, tested=tested, fdr=0.05)
fig

# %%
# The volcano plot of the same task.
effect = log_ratio_interval(task.tp, task.fp, task.pos, task.neg)
volcano_figure(task, tested, effect, fdr=0.05)

# %%
# The numbers behind them: the most significant words.
table = pd.DataFrame({"word": task.vocabulary, "tp": task.tp, "fp": task.fp, "p": tested.p, "q": tested.q})
print(f"{(table['q'] <= 0.05).sum()} words with q ≤ 0.05")
table.sort_values("p").head(10)
