"""A run's analysis, computed once: the tables every reader of one results table needs, each made on first use.

The advice, the HTML report, ``fsviz report`` and the Results explorer all read the same few tables of one
run: the per-trial goals, the macro averages, each goal's per-task maxima, tolerance shares and pairs, and the
held-out folds of :mod:`fsviz.evaluation.analyses.nested`. Made by each reader (and each section) on its own, the same
table was computed up to nine times for one report. :func:`analyse` returns a :class:`RunAnalysis` that makes
each of them once, the first time it is read, and hands the same object to every later reader: data flowing down
once. The functions of :mod:`fsviz.evaluation.analyses` stay the definitions; this only keeps their answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from .aggregation import GOALS, macro_average, per_task, per_trial
from .nested import fold_macro
from .tolerance import DEFAULT_TOLERANCE, best_pairs, task_maxima, within_tolerance

__all__ = ["RunAnalysis", "analyse"]


@dataclass(eq=False)
class RunAnalysis:
    """The analysis of one results table (``results``, aggregated with ``pool``), each table made once.

    Read its tables as attributes and methods: :attr:`trials`, :attr:`tasks`, :attr:`macro`, :meth:`maxima`,
    :meth:`shares`, :meth:`pairs`, :meth:`folds`. The object keeps what it made; the table must not change
    after :func:`analyse`.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table.
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.analyses.per_trial`).
    _made : dict, optional
        The tables made so far, by key (internal: left to its default).

    See Also
    --------
    fsviz.evaluation.analyse : Makes one, or passes one through.
    fsviz.evaluation.macro_average : The definition of :attr:`macro`.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> analysis = RunAnalysis(example_results(baseline=True))
    >>> analysis.macro[["metric", "k", "f1"]].round(3)
      metric    k     f1
    0    all  100  0.667
    1    bns   10  0.697
    2    bns   20  0.750
    3     ig   10  0.523
    4     ig   20  0.719
    >>> analysis.macro is analysis.macro  # made once
    True
    """

    results: pd.DataFrame
    pool: str = "counts"
    _made: dict = field(default_factory=dict, repr=False)

    def _once(self, key, make):
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]

    @property
    def trials(self) -> pd.DataFrame:
        """:func:`fsviz.evaluation.analyses.per_trial`: one row per task, metric, k and trial."""
        return self._once("trials", lambda: per_trial(self.results, pool=self.pool))

    @property
    def tasks(self) -> pd.DataFrame:
        """:func:`fsviz.evaluation.analyses.per_task`: the goals averaged over trials."""
        return self._once("tasks", lambda: per_task(self.results, pool=self.pool))

    @property
    def macro(self) -> pd.DataFrame:
        """:func:`fsviz.evaluation.analyses.macro_average`: each goal over tasks, per metric and k."""
        return self._once("macro", lambda: macro_average(self.results, pool=self.pool))

    def maxima(self, goal: str) -> pd.DataFrame:
        """:func:`fsviz.evaluation.analyses.task_maxima` of ``goal``: tasks × metrics, each one's average maximum."""
        return self._once(("maxima", goal), lambda: task_maxima(self.results, goal, pool=self.pool))

    def shares(self, tolerances: dict | None = None) -> pd.DataFrame:
        """:func:`fsviz.evaluation.analyses.goal_shares`, from :meth:`maxima`: every goal at its tolerance."""
        tolerances = {**DEFAULT_TOLERANCE, **(tolerances or {})}

        def make():
            frames = []
            for goal in GOALS:
                share = 100 * within_tolerance(self.maxima(goal), tolerances[goal]).mean(axis=0)
                frames.append(pd.DataFrame({"goal": goal, "tolerance": tolerances[goal], "metric": share.index,
                                            "percent": share.to_numpy()}))
            return pd.concat(frames, ignore_index=True)

        return self._once(("shares", tuple(sorted(tolerances.items()))), make)

    def pairs(self, goal: str, tolerance: float, metrics=None) -> pd.DataFrame | None:
        """:func:`fsviz.evaluation.analyses.best_pairs` of ``goal`` at ``tolerance`` among ``metrics`` (default
        all); None with fewer than two."""
        def make():
            maxima = self.maxima(goal)
            maxima = maxima if metrics is None else maxima[[m for m in maxima.columns if m in set(metrics)]]
            return best_pairs(maxima, tolerance) if maxima.shape[1] > 1 else None

        return self._once(("pairs", goal, tolerance, None if metrics is None else tuple(metrics)), make)

    def folds(self, goal: str, choose_on: str | None = None) -> pd.DataFrame:
        """:func:`fsviz.evaluation.analyses.fold_macro` of ``goal``: each (metric, k) on each held-out fold, and
        what a choice for it sees (``choose_on``, :func:`fsviz.evaluation.analyses.choice_source`)."""
        return self._once(("folds", goal, choose_on), lambda: fold_macro(self.results, goal, choose_on=choose_on))


def analyse(results, *, pool: str = "counts") -> RunAnalysis:
    """The :class:`RunAnalysis` of a results table; given one already, that one (so every reader can take
    either).

    Parameters
    ----------
    results : pandas.DataFrame or RunAnalysis
        A grid's results table, or its analysis.
    pool : {"counts", "mean"}, default "counts"
        How each trial's folds are pooled (:func:`fsviz.evaluation.analyses.per_trial`); unused for a
        :class:`RunAnalysis`.

    Returns
    -------
    RunAnalysis
        The analysis.

    See Also
    --------
    fsviz.evaluation.RunAnalysis : What it returns.
    fsviz.evaluation.recommend : Takes a table or its analysis alike.

    Examples
    --------
    >>> from fsviz.evaluation import example_results
    >>> analysis = analyse(example_results(baseline=True))
    >>> analysis.maxima("f1").round(3)
    metric         bns     ig
    dataset class
    d       a      0.9  0.857
            b      0.6  0.581
    >>> analyse(analysis) is analysis
    True
    """
    if isinstance(results, RunAnalysis):
        return results
    return RunAnalysis(results, pool)
