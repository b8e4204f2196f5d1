"""What the figures share: one colour per metric, a readable palette for the rest, and labels."""

from __future__ import annotations

import zlib

import plotly.express as px

from ..evaluation.analyses import GOAL_LABELS, metric_label
from ..evaluation.multiclass import MEASURES

__all__ = ["METRIC_COLOURS", "READABLE", "goal_label", "luminance", "metric_colour", "metric_label"]

#: One colour per registered metric, stable across figures. Forman's twelve have Plotly's "Dark24" colours in turn,
#: Rand (the random baseline) grey; each other metric, in turn, the colour of Plotly's qualitative palettes that is
#: readable on white and furthest (CIELAB ΔE) from those before it: every pair is at least ΔE 20 apart, where
#: Dark24 then Light24 had put DFreq and DFS 3 apart and Chi and KL 6 (tests/plots/test_colours.py).
METRIC_COLOURS = {
    "acc": "#2E91E5", "acc2": "#E15F99", "bns": "#1CA71C", "chi": "#FB0D0D", "dfreq": "#DA16FF",
    "f1": "#222A2A", "ig": "#B68100", "oddn": "#750D86", "odds": "#EB663B", "pow": "#511CFB",
    "pr": "#00A08B", "rand": "#7F7F7F",
    # the other papers' metrics
    "chi_max": "#661100", "chi_avg": "#636EFA", "ig_multi": "#6C7C32", "ttest_avg": "#0D2A63", "ttest_max": "#FC1CBF",
    "cmfs": "#620042", "icmfs": "#1616A7", "mi_avg": "#AF0038", "mi_max": "#9467BD", "ece": "#FC0080",
    "igf": "#8C564B", "cc": "#117733", "kl": "#B279A2", "nb_lr": "#FF7F00", "svm_w": "#DA60CA",
    "kl_multi": "#1D6996",
    # the field's metrics since 2003 (issue #28)
    "log_odds": "#A65628", "log_odds_tf": "#008695", "g2": "#3366CC", "log_ratio": "#332288",
    "anova_f": "#6F4070", "dfs": "#B00068", "ndm": "#F97B72", "mmr": "#6C4516", "gini": "#AB63FA",
    "poisson": "#CC6677", "gain_ratio": "#D62728", "su": "#00B5F7",
}


def luminance(colour: str) -> float:
    """Relative luminance of ``"#rrggbb"``, 0 (black) to 1 (white)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


#: Plotly's Alphabet without its pale colours, which vanish on a white page.
READABLE = [c for c in px.colors.qualitative.Alphabet if luminance(c) < 0.6]

def metric_colour(name: str) -> str:
    """A metric's colour: Forman's twelve fixed, any other name or spec a stable pick from Plotly's Alphabet.

    Parameters
    ----------
    name : str
        A metric's name or spec.

    Returns
    -------
    str
        The colour, ``"#rrggbb"``.

    See Also
    --------
    fsviz.plots.METRIC_COLOURS : the fixed colours.
    fsviz.evaluation.metric_label : the name a figure gives a metric.

    Examples
    --------
    >>> metric_colour("bns"), metric_colour("my_metric")
    ('#1CA71C', '#FE00FA')
    """
    if name in METRIC_COLOURS:
        return METRIC_COLOURS[name]
    return READABLE[zlib.crc32(str(name).encode()) % len(READABLE)]


def goal_label(goal) -> str:
    """How a figure names a goal: ``"F-measure"``, a multi-class goal's name, or the goal as given."""
    return GOAL_LABELS.get(goal) or MEASURES.get(goal, goal)


