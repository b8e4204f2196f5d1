"""Forman's residual and pair analysis at one tolerance (Figure 10b), as the Results explorer and the report show it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .aggregation import GOAL_LABELS, metric_label
from .run_analysis import analyse
from .tolerance import DEFAULT_TOLERANCE, residual_curves, tolerance_curves, within_tolerance

__all__ = ["PairAnalysis", "default_k", "pair_analysis"]


def default_k(ks) -> int:
    """The k the Results explorer shows first: the one closest to 1000 on a log scale.

    Parameters
    ----------
    ks : iterable of int
        The ks tried.

    Returns
    -------
    int
        The k.

    See Also
    --------
    fsviz.report.report_html : Shows this k unless given another.

    Examples
    --------
    >>> default_k([10, 100, 500, 2000]), default_k([5, 20])
    (500, 20)
    """
    ks = sorted(int(k) for k in ks)
    return ks[int(np.argmin([abs(np.log(k / 1000)) for k in ks]))]


@dataclass
class PairAnalysis:
    """Forman's residual analysis (Figure 10b) at one tolerance, as the Results explorer shows it.

    Parameters
    ----------
    goal, tolerance, leader
        The goal, the relative tolerance and the leading metric (by default the one most often within tolerance).
    tasks : int
        The number of tasks.
    alone : pandas.Series
        Per metric, the percentage of tasks on which it is within tolerance.
    residuals, at_tolerance : pandas.DataFrame
        :func:`fsviz.evaluation.analyses.residual_curves` for the leader over every tolerance, and at ``tolerance``
        only.
    pairs : pandas.DataFrame
        :func:`fsviz.evaluation.analyses.best_pairs` at ``tolerance``.
    leader_curve, pair_curve : pandas.DataFrame
        The leader's tolerance curve and the best pair's (column ``percent``).

    See Also
    --------
    fsviz.evaluation.analyses.pair_analysis : Makes one from a results table.
    fsviz.evaluation.best_pairs : Every pair of metrics, ranked.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 10b: the residual analysis and the best pair.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> pairs = pair_analysis(example_results(), "f1")
    >>> pairs.leader, pairs.tasks, pairs.pair_name
    ('bns', 2, 'BNS + IG')
    >>> print(pairs.text())
    At 1% tolerance BNS attains the best F-measure on 100% of 2 tasks and fails on 0. The best pair overall is
    **BNS + IG**: one of them is within tolerance on 100% of tasks.
    """

    goal: str
    tolerance: float
    leader: str
    tasks: int
    alone: pd.Series
    residuals: pd.DataFrame
    at_tolerance: pd.DataFrame
    pairs: pd.DataFrame
    leader_curve: pd.DataFrame
    pair_curve: pd.DataFrame

    @property
    def pair_name(self) -> str:
        top = self.pairs.iloc[0]
        return f"{metric_label(top['first'])} + {metric_label(top['second'])}"

    def text(self) -> str:
        """The page's paragraph, in Markdown (``**`` for bold)."""
        leader, goal, tol = metric_label(self.leader), GOAL_LABELS[self.goal], 100 * self.tolerance
        failed = int(self.at_tolerance["failed"].iloc[0])
        text = (f"At {tol:g}% tolerance {leader} attains the best {goal} on {self.alone[self.leader]:.0f}% of "
                f"{self.tasks} tasks and fails on {failed}.")
        if failed:
            ranked = self.at_tolerance.sort_values("residual", ascending=False)
            rescue, worst = ranked.iloc[0], self.at_tolerance.sort_values("residual").iloc[0]
            text += (f" On those, **{metric_label(rescue['backup'])}** succeeds most often "
                     f"({rescue['residual']:.0f}%), so it is the best backup for this leader; "
                     f"{metric_label(worst['backup'])} fails with it most ({worst['residual']:.0f}% rescued).")
        return text + (f" The best pair overall is **{self.pair_name}**: one of them is within tolerance on "
                       f"{self.pairs.iloc[0]['percent']:.0f}% of tasks.")


def pair_analysis(results, goal: str = "f1", tolerance: float | None = None,
                  leader: str | None = None) -> PairAnalysis | None:
    """The residual and pair analysis of ``goal`` (None when the table has fewer than two metrics), from a results
    table or its :class:`fsviz.evaluation.analyses.RunAnalysis`.

    ``tolerance`` defaults to Forman's for the goal (1%, 0.1% for accuracy);
    ``leader`` to the metric most often within it.

    Parameters
    ----------
    results : pandas.DataFrame or fsviz.evaluation.RunAnalysis
        A grid's results table, or its analysis.
    goal : str, default "f1"
        One of :data:`fsviz.evaluation.GOALS`.
    tolerance : float, optional
        The relative tolerance of the best.
    leader : str, optional
        The leading metric.

    Returns
    -------
    PairAnalysis or None
        The analysis; None with fewer than two metrics.

    See Also
    --------
    fsviz.evaluation.residual_curves : The residual curves it holds.
    fsviz.evaluation.best_pairs : The pairs it holds.

    References
    ----------
    .. [1] Forman, G., JMLR 3 (2003), Figure 10b, read at one tolerance.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> pairs = pair_analysis(example_results(), "f1", tolerance=0.05)  # IG is within 5% of BNS on both tasks
    >>> pairs.alone.round(1).to_dict(), pairs.pairs[["first", "second", "percent"]].round(1).to_dict("records")
    ({'bns': 100.0, 'ig': 100.0}, [{'first': 'bns', 'second': 'ig', 'percent': 100.0}])
    """
    analysis = analyse(results)
    maxima = analysis.maxima(goal)
    if maxima.shape[1] < 2:
        return None
    tol = DEFAULT_TOLERANCE[goal] if tolerance is None else tolerance
    alone = 100 * within_tolerance(maxima, tol).mean(axis=0)
    leader = leader if leader is not None else alone.sort_values(ascending=False, kind="stable").index[0]
    pairs = analysis.pairs(goal, tol)
    top = pairs.iloc[0]
    pair_curve = residual_curves(maxima, top["first"])
    pair_curve = pair_curve[pair_curve["backup"] == top["second"]].rename(columns={"combined": "percent"})
    return PairAnalysis(goal, tol, leader, len(maxima), alone, residual_curves(maxima, leader),
                        residual_curves(maxima, leader, [tol]), pairs,
                        tolerance_curves(maxima).query("metric == @leader"), pair_curve)
