"""What the figures share: one colour per metric, a readable palette for the rest, and labels."""

from __future__ import annotations

import zlib

import plotly.express as px

from ..evaluation.analysis import GOAL_LABELS, metric_label
from ..evaluation.multiclass import MEASURES

__all__ = ["METRIC_COLOURS", "READABLE", "goal_label", "luminance", "metric_colour", "metric_label"]

#: One colour per registered metric, stable across figures (Plotly's qualitative "Dark24" order, then "Light24");
#: Rand, the random baseline, in grey: its Dark24 magenta read as DFreq's and Acc2's.
METRIC_COLOURS = {
    "acc": "#2E91E5", "acc2": "#E15F99", "bns": "#1CA71C", "chi": "#FB0D0D", "dfreq": "#DA16FF",
    "f1": "#222A2A", "ig": "#B68100", "oddn": "#750D86", "odds": "#EB663B", "pow": "#511CFB",
    "pr": "#00A08B", "rand": "#7F7F7F",
    # the other papers' metrics: the rest of Dark24, then Light24
    "chi_max": "#FC0080", "chi_avg": "#B2828D", "ig_multi": "#6C7C32", "ttest_avg": "#778AAE", "ttest_max": "#862A16",
    "cmfs": "#A777F1", "icmfs": "#620042", "mi_avg": "#1616A7", "mi_max": "#DA60CA", "ece": "#6C4516",
    "igf": "#0D2A63", "cc": "#AF0038", "kl": "#FD3216", "nb_lr": "#6A76FC", "svm_w": "#0DF9FF",
    "kl_multi": "#F6926E",
    # the field's metrics since 2003 (issue #28): the rest of Light24 that reads on white
    "log_odds": "#00B5F7", "log_odds_tf": "#7E7DCD", "g2": "#E48F72", "log_ratio": "#479B55",
    "anova_f": "#DC587D", "dfs": "#D626FF", "ndm": "#6E899C", "mmr": "#FC6955", "gini": "#BC7196",
    "poisson": "#FE00CE", "gain_ratio": "#FF0092", "su": "#FF9616",
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


