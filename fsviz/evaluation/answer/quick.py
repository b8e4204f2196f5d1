"""The quick plan: a grid small enough to answer "which metric, which k" within a minute, said in one sentence.

Forman's full protocol (twelve metrics, eight k, five trials of four folds, every class) is 700 cells on the
sample and many minutes on two cores. The quick plan keeps what the answer needs:

- **metrics**: Forman's four strongest (BNS for F-measure, recall and accuracy; IG and χ² for precision; the
  odds ratio for recall at small k) and two later 2×2 metrics that did well against them, DFS (Uysal & Gunal
  2012) and NDM (Rehman et al. 2017); Rand and all words run beside them as references;
- **k**: six values on a log scale, 10, 30, 100, 300, 1,000, 3,000 (10,000 when the vocabulary allows), only
  those below the vocabulary (all words stands for the rest);
- **4 folds, 1 trial**: the answer says the evidence is one trial, and "more trials" sharpens it;
- **the largest classes first**, at most :data:`MAX_CLASSES` of them: the plan says how many it left out.

On a corpus of Reuters R8's size (5,500 documents, 8 classes, 7,600 words) that is 8 × 4 = 32 cells of about
35 fits each. :func:`quick_plan` returns the :class:`QuickPlan`, whose ``config`` runs with
:func:`fsviz.evaluation.grid.run_grid` and whose ``text`` says what it runs.

A k read off one split of a ×3 grid is coarse: the peak may sit between two steps, and another split may move
it. So the quick answer comes in two steps. The first run gives a provisional answer; then
:func:`refine_plan` adds k around each goal's peak (:func:`neighbour_ks`: the geometric midpoint between the
peak and each step beside it, and, when the peak is the largest k tried, the ×3 steps on up to the
vocabulary) and, when :data:`QUICK_BUDGET` allows, a second split (a second trial: another assignment of the
documents to folds). Its runs come from :func:`refined_configs`, so no cell is run twice; the second trial's
first run carries the first trial's cells (:func:`fsviz.evaluation.grid.carry_over`). :func:`run_quick` does
both steps for the command line and the benchmarks; the Recommend page runs the same configs in its run panel.
"""

from __future__ import annotations

import contextlib
import math
import tempfile
import time
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd

from ...selection import spec_label
from ..analyses import GOALS
from ..grid import GridConfig, GridRun, carry_over, run_grid, run_key
from .advice import recommend

__all__ = ["MAX_CLASSES", "QUICK_BUDGET", "QUICK_FOLDS", "QUICK_INNER_FOLDS", "QUICK_KS", "QUICK_RAND_DRAWS", "QUICK_METRICS",
           "QuickPlan",
           "QuickRun",
           "Refinement", "carry_trials", "neighbour_ks", "quick_plan", "refine_plan", "refined_configs", "run_quick",
           "stage_out"]

#: The quick plan's metrics: Forman's four strongest, two later ones, and Rand as a reference.
QUICK_METRICS = ("bns", "ig", "chi", "odds", "dfs", "ndm", "rand")
#: Its numbers of words, on a log scale; those at or above the vocabulary are left to all words.
QUICK_KS = (10, 30, 100, 300, 1000, 3000, 10000)
#: At most this many k.
MAX_KS = 6
#: Folds of the one trial.
QUICK_FOLDS = 4
#: Inner folds inside each fold's training documents (or the training file), where the metric and k of each
#: held-out fold are chosen: textbook nested cross-validation (:func:`fsviz.evaluation.inner_splits`).
QUICK_INNER_FOLDS = 3
#: Draws of Rand in each cell, so the verdict against Rand is against its expectation, not one draw's luck
#: (:attr:`fsviz.evaluation.GridConfig.rand_draws`; ``benchmarks/bench_rand_draws.py``).
QUICK_RAND_DRAWS = 5
#: At most this many classes, the largest first.
MAX_CLASSES = 8
#: Seconds the quick answer may take: a second split runs when the first run's time, scaled to the refinement's
#: fits, says it fits in this.
QUICK_BUDGET = 60.0
#: Two tried k get a midpoint between them only when the larger is at least this many times the smaller.
MIN_RATIO = 1.5


@dataclass(frozen=True)
class QuickPlan:
    """What the quick plan runs on a corpus: ``config`` for :func:`fsviz.evaluation.grid.run_grid`, the
    ``classes`` chosen (largest first) out of ``n_classes``.

    Parameters
    ----------
    config : GridConfig
        What to run.
    classes : tuple of str
        The positive classes chosen, largest first.
    n_classes : int
        The corpus's number of classes.
    vocabulary : int
        The corpus's number of words.
    test_file : bool, default False
        Whether the corpus came with a test file.

    See Also
    --------
    fsviz.evaluation.quick_plan : Makes the plan for a corpus.
    fsviz.evaluation.run_grid : Runs its ``config``.

    Examples
    --------
    >>> plan = QuickPlan(GridConfig(metrics=("bns", "rand"), ks=(10, 30), trials=1, folds=4), ("a", "b"), 3, 70)
    >>> plan.cells
    8
    >>> print(plan.text)
    1 metrics (BNS) with all words and Rand as references; k = 10, 30 (the vocabulary has 70 words); 4 folds × 1
    trial; the 2 largest of 3 classes (the rest left out): 8 cells.
    """

    config: GridConfig
    classes: tuple
    n_classes: int
    vocabulary: int
    test_file: bool = False

    @property
    def cells(self) -> int:
        return len(self.classes) * self.config.trials * (1 if self.test_file else self.config.folds)

    @property
    def text(self) -> str:
        """The plan in one sentence, for the page and the CLI."""
        real = [spec_label(m) for m in self.config.metrics if m != "rand"]
        ks = ", ".join(f"{k:,}" for k in self.config.ks)
        classes = (f"all {self.n_classes} classes" if len(self.classes) == self.n_classes else
                   f"the {len(self.classes)} largest of {self.n_classes} classes (the rest left out)")
        trials = f"{self.config.trials} trial{'s' * (self.config.trials != 1)}"
        return (f"{len(real)} metrics ({', '.join(real)}) with all words and Rand as references; k = {ks} "
                f"(the vocabulary has {self.vocabulary:,} words); {self._scoring} × {trials}{self._inner}; {classes}: "
                f"{self.cells:,} cells.")

    @property
    def _scoring(self) -> str:
        if self.test_file:
            return "words selected and models fitted on the training file, scored on every test document"
        return f"{self.config.folds} folds"

    @property
    def _inner(self) -> str:
        if not self.config.inner_folds:
            return ""
        where = "the training file" if self.test_file else "each fold's training documents"
        return f"; the metric and k chosen by {self.config.inner_folds}-fold cross-validation inside {where}"


def quick_plan(corpus, *, trials: int = 1, max_classes: int = MAX_CLASSES, classes=None, seed: int = 0,
               **options) -> QuickPlan:
    """The quick plan for ``corpus`` (a :class:`fsviz.Corpus`): see the module's notes.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus to plan for.
    trials : int, default 1
        Random repetitions of the cross-validation; more than one sharpens the answer.
    max_classes : int, default ``MAX_CLASSES``
        How many positive classes to pick when ``classes`` is None.
    classes : sequence of str, optional
        The positive classes, picked yourself (default: the ``max_classes`` largest usable ones, ties by name).
    seed : int, default 0
        The grid's random seed.
    **options
        Passed to :class:`GridConfig` (``classifier``, ``C`` …).

    Returns
    -------
    QuickPlan
        The plan: its :class:`GridConfig`, the chosen classes, the corpus's number of classes and vocabulary,
        and whether it has a test file.

    Raises
    ------
    ValueError
        When ``classes`` is None and no class has documents on both sides in every fold.

    See Also
    --------
    fsviz.evaluation.refined_configs : The runs that extend the plan without redoing a cell.
    fsviz.evaluation.run_grid : Runs the plan's ``config``.
    fsviz.evaluation.recommend : The answer read from its results.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> plan = quick_plan(corpus)
    >>> plan.classes, plan.config.ks, plan.cells
    (('c0', 'c1'), (10, 30), 8)
    """
    sizes = np.asarray(corpus.class_sizes)
    names = [str(c) for c in corpus.classes]
    if corpus.test_rows is None:
        usable = [i for i, size in enumerate(sizes) if QUICK_FOLDS <= size <= corpus.n_docs - QUICK_FOLDS]
        needs = f"{QUICK_FOLDS}-fold cross-validation needs"
    else:  # each part of the test file needs a document on each side, and the training file one
        test = np.isin(np.arange(corpus.n_docs), corpus.test_rows)
        in_test = np.asarray(corpus.Y[test].sum(axis=0)).ravel()
        usable = [i for i, size in enumerate(in_test) if QUICK_FOLDS <= size <= test.sum() - QUICK_FOLDS
                  and 0 < sizes[i] - size < corpus.n_docs - test.sum()]
        needs = f"scoring on {QUICK_FOLDS} parts of the test file needs (and one in the training file)"
    if classes is None:
        if not usable:
            raise ValueError(f"no class of {corpus.name!r} has at least {QUICK_FOLDS} documents in it and "
                             f"{QUICK_FOLDS} outside it, which {needs}")
        chosen = sorted(usable, key=lambda i: (-sizes[i], names[i]))[:max_classes]
        classes = tuple(names[i] for i in sorted(chosen, key=lambda i: (-sizes[i], names[i])))
    vocabulary = int(corpus.n_words)
    ks = tuple(k for k in QUICK_KS if k < vocabulary)[:MAX_KS] or (max(1, vocabulary // 2),)
    options.setdefault("inner_folds", QUICK_INNER_FOLDS)
    options.setdefault("rand_draws", QUICK_RAND_DRAWS)
    config = GridConfig(metrics=QUICK_METRICS, ks=ks, trials=trials, folds=QUICK_FOLDS, classes=tuple(classes),
                        seed=seed, **options)
    return QuickPlan(config, tuple(classes), len(names), vocabulary, corpus.test_rows is not None)


def refined_configs(config: GridConfig, *, metrics=(), ks=()) -> list[GridConfig]:
    """The runs that refine a plan's ``config`` with more ``metrics`` and more ``ks``, without redoing a cell.

    The first is ``config`` itself; then, for metrics not in it, a run of those alone at its k; then, for k not
    in it, a run of every metric (its and the new) at those k. The added runs draw no all-words rows (the first
    has them) and use the same seed, trials and folds, so their folds are the first run's (they depend on the
    seed and the trial alone): their rows sit beside the first run's in one results table, each (task, metric,
    k, trial, fold) once. More trials are the plan's own ``trials`` (carried over by
    :func:`fsviz.evaluation.grid.carry_over`).

    Parameters
    ----------
    config : GridConfig
        The plan's config.
    metrics : sequence of str, default ()
        Metrics to add.
    ks : sequence of int, default ()
        Numbers of features to add.

    Returns
    -------
    list of GridConfig
        ``config`` first, then the added runs.

    See Also
    --------
    fsviz.evaluation.quick_plan : The plan whose config it refines.
    fsviz.evaluation.carry_over : Carries a run's finished cells into a run with more trials.

    Examples
    --------
    >>> base = GridConfig(metrics=("bns", "rand"), ks=(10, 100))
    >>> [(c.metrics, c.ks, c.all_features) for c in refined_configs(base, metrics=["ig", "bns"], ks=[30, 100])]
    [(('bns', 'rand'), (10, 100), True), (('ig',), (10, 100), False), (('bns', 'rand', 'ig'), (30,), False)]
    """
    new_metrics = tuple(m for m in dict.fromkeys(metrics) if m not in config.metrics)
    new_ks = tuple(sorted(int(k) for k in set(ks) if int(k) not in config.ks))
    configs = [config]
    if new_metrics:
        configs.append(replace(config, metrics=new_metrics, all_features=False))
    if new_ks:
        configs.append(replace(config, metrics=config.metrics + new_metrics, ks=new_ks, all_features=False))
    return configs



def _series_above(k: int, vocabulary: int) -> list[int]:
    """The quick plan's steps (10, 30, 100, 300 … on and on) strictly between ``k`` and ``vocabulary``."""
    steps, base = [], 1
    while base < vocabulary:
        steps += [s for s in (10 * base, 30 * base) if k < s < vocabulary]
        base *= 10
    return steps


def _midpoint(low: int, high: int) -> int | None:
    """The geometric midpoint of ``low`` and ``high`` to two significant digits (170 between 100 and 300), or None
    when the two are closer than :data:`MIN_RATIO` or the rounded midpoint is not strictly between them."""
    if low < 1 or high < low * MIN_RATIO:
        return None
    mid = math.sqrt(low * high)
    digits = max(0, int(math.floor(math.log10(mid))) - 1)
    mid = int(round(mid / 10**digits) * 10**digits)
    return mid if low < mid < high else None


def neighbour_ks(tried, peaks, vocabulary: int) -> tuple[int, ...]:
    """The k to add around each peak of a run over the k ``tried``: its neighbours between the steps.

    For a peak p with tried steps a below and b above, the geometric midpoints √(a·p) and √(p·b), to two
    significant digits (between 100 and 300: 170); below the smallest k tried, the midpoint down to p/3 (the ×3
    step continued); above the largest, the ×3 steps up to the vocabulary (10,000, 30,000 …) and the midpoint up
    to the first of them, or to the vocabulary. Steps closer than :data:`MIN_RATIO` get no midpoint. Every k
    returned is below ``vocabulary`` (all words stands for it) and not one of ``tried``.

    Parameters
    ----------
    tried : sequence of int
        The k run so far.
    peaks : sequence of int
        The k at each goal's peak (k not in ``tried`` are ignored).
    vocabulary : int
        The corpus's number of words.

    Returns
    -------
    tuple of int
        The k to add, sorted.

    See Also
    --------
    fsviz.evaluation.refine_plan : Adds these k to a quick plan, with a second split when the time allows.
    fsviz.evaluation.refined_configs : The runs that add them without redoing a cell.

    Examples
    --------
    >>> neighbour_ks((10, 30, 100, 300, 1000, 3000), [300, 1000], 7629)
    (170, 550, 1700)
    >>> neighbour_ks((10, 30, 100, 300, 1000, 3000), [3000], 31472)  # the largest: on up to the vocabulary
    (1700, 5500, 10000, 30000)
    >>> neighbour_ks((10, 30, 100, 300, 1000, 3000), [3000], 3182)  # 3,182 is too close for a midpoint
    (1700,)
    """
    grid = sorted({int(k) for k in tried if 0 < int(k) < vocabulary})
    added = set()
    for peak in dict.fromkeys(int(p) for p in peaks):
        if peak not in grid:
            continue
        i = grid.index(peak)
        below = grid[i - 1] if i > 0 else max(1, peak // 3)
        added.add(_midpoint(below, peak))
        if i + 1 < len(grid):
            added.add(_midpoint(peak, grid[i + 1]))
        else:
            steps = _series_above(peak, vocabulary)
            added.update(steps)
            added.add(_midpoint(peak, steps[0] if steps else vocabulary))
    return tuple(sorted(k for k in added if k is not None and k not in grid and 0 < k < vocabulary))


@dataclass(frozen=True)
class Refinement:
    """What follows a quick plan's first run: the k added around the goals' peaks and the number of splits.

    Parameters
    ----------
    plan : QuickPlan
        The plan whose first run it refines.
    ks : tuple of int
        The k added (:func:`neighbour_ks`).
    peaks : tuple of (str, int) pairs
        Each goal and the k at its peak in the first run.
    trials : int
        The trials (splits) of the refined runs: the plan's, or 2 when a second split fits in ``budget``.
    seconds : float
        The first run's seconds.
    estimate : float
        The refinement's estimated seconds, the second split included when it runs.
    second : float
        A second split's estimated seconds (0 when the plan has several trials already).
    budget : float
        The time budget, seconds.
    stopped : bool, default False
        True when a second split was begun and stopped at the budget (``trials`` is then the plan's again).

    See Also
    --------
    fsviz.evaluation.refine_plan : Makes one from a first run's answer.
    fsviz.evaluation.run_quick : Runs a plan and its refinement.

    Examples
    --------
    >>> plan = QuickPlan(GridConfig(metrics=("bns", "rand"), ks=(10, 30, 100), trials=1, folds=4), ("a",), 2, 700)
    >>> refinement = Refinement(plan, (17, 55), (("f1", 30),), 2, 4.0, 9.0, 6.0, 60.0)
    >>> [(c.ks, c.trials, c.all_features) for c in refinement.configs]
    [((10, 30, 100), 2, True), ((17, 55), 2, False)]
    >>> refinement.tried
    (10, 17, 30, 55, 100)
    >>> print(refinement.text)
    k refined around the peaks (F-measure at k = 30): 17, 55 added, so the k tried are 10, 17, 30, 55, 100; a
    second split (another assignment of the documents to the 4 folds) runs within the 60 s budget.
    """

    plan: QuickPlan
    ks: tuple
    peaks: tuple
    trials: int
    seconds: float
    estimate: float
    second: float
    budget: float = QUICK_BUDGET
    stopped: bool = False

    @property
    def configs(self) -> list[GridConfig]:
        """The runs that give the refined answer: the plan's (with ``trials``), then one of the added k; no cell
        of the first run is run again (:func:`carry_trials` carries them into the plan's run of more trials)."""
        return refined_configs(replace(self.plan.config, trials=self.trials), ks=self.ks)

    @property
    def tried(self) -> tuple:
        """Every k the refined answer rests on, sorted."""
        return tuple(sorted({*self.plan.config.ks, *self.ks}))

    @property
    def refined_plan(self) -> QuickPlan:
        """The plan as the refined runs leave it: every k tried, ``trials`` trials (one results table)."""
        return replace(self.plan, config=replace(self.plan.config, ks=self.tried, trials=self.trials))

    @property
    def text(self) -> str:
        """The refinement in one sentence: the k added and tried, and the splits."""
        peaks = "; ".join(f"{_GOAL_NAMES.get(goal, goal)} at k = {k:,}" for goal, k in self.peaks)
        tried = ", ".join(f"{k:,}" for k in self.tried)
        if self.ks:
            ks = (f"k refined around the peaks ({peaks}): {', '.join(f'{k:,}' for k in self.ks)} added, so the k "
                  f"tried are {tried}")
        else:
            ks = f"no k to add around the peaks ({peaks}): the k tried are {tried}"
        folds = self.plan.config.folds
        if self.trials > self.plan.config.trials and self.plan.config.trials == 1:
            split = (f"a second split (another assignment of the documents to the {folds} folds) runs within the "
                     f"{self.budget:g} s budget")
        elif self.stopped:
            split = (f"one split: a second was begun but stopped at the {self.budget:g} s budget (more trials run "
                     "it)")
        elif self.plan.test_file:
            split = "the test file is the split (no second one)"
        elif self.plan.config.trials > 1:
            split = f"{self.plan.config.trials} splits, as planned"
        else:
            split = (f"one split: a second would take about {self.second:.0f} s more, past the {self.budget:g} s "
                     "budget (more trials run it)")
        return f"{ks}; {split}."


#: How :attr:`Refinement.text` names the goals (the analyses' labels, without importing the wording).
_GOAL_NAMES = {"f1": "F-measure", "precision": "precision", "recall": "recall", "accuracy": "accuracy"}


def refine_plan(plan: QuickPlan, recommendation: pd.DataFrame, *, seconds: float,
                budget: float = QUICK_BUDGET) -> Refinement:
    """The refinement of ``plan`` after its first run: k around each goal's peak, and a second split when the time
    allows.

    The peaks are the k of :func:`fsviz.evaluation.recommend`'s answer for F-measure, precision, recall and
    accuracy (the best selection's peak, whatever its verdict); the k added are :func:`neighbour_ks` of them.
    The time: the first run took ``seconds`` for ``plan.config.n_fits()`` fits a cell; the added k cost their
    fits in proportion, and a second split as much again as the whole refined first split. When the plan has one
    trial and the first run, the added k and the second split together fit in ``budget``, the refined runs have
    two trials; never with a test file, which is the split.

    Parameters
    ----------
    plan : QuickPlan
        The plan that ran.
    recommendation : pandas.DataFrame
        :func:`fsviz.evaluation.recommend`'s table of its results.
    seconds : float
        The first run's seconds (wall time, or an estimate).
    budget : float, default ``QUICK_BUDGET``
        The seconds the whole answer may take; 0 never adds a split.

    Returns
    -------
    Refinement
        The k added, the trials, the estimates and the sentence that says them.

    Raises
    ------
    ValueError
        When ``seconds`` or ``budget`` is negative or not a number.

    See Also
    --------
    fsviz.evaluation.run_quick : Runs the plan, then this refinement.
    fsviz.evaluation.neighbour_ks : The k added.

    Examples
    --------
    >>> import pandas as pd
    >>> plan = QuickPlan(GridConfig(metrics=("bns", "rand"), ks=(10, 30, 100, 300), trials=1, folds=4), ("a",), 2,
    ...                  5000)
    >>> answer = pd.DataFrame({"goal": ["f1", "precision", "recall", "accuracy", "fewest"],
    ...                        "k": [100, 30, 300, 100, 30]})
    >>> refinement = refine_plan(plan, answer, seconds=10.0)
    >>> refinement.ks, refinement.trials
    ((17, 55, 170, 550, 1000, 3000), 2)
    >>> refine_plan(plan, answer, seconds=30.0).trials  # 30 s, then about 110 s more: past 60 s
    1
    """
    for name, value in (("seconds", seconds), ("budget", budget)):
        if not isinstance(value, (int, float, np.number)) or not value >= 0:
            raise ValueError(f"`{name}` must be a number of seconds >= 0, got {value!r}")
    rows = recommendation[recommendation["goal"].isin(GOALS)]
    peaks = tuple((str(goal), int(k)) for goal, k in zip(rows["goal"], rows["k"]))
    config = plan.config
    ks = neighbour_ks(config.ks, [k for _, k in peaks], plan.vocabulary)
    per_fit = float(seconds) / max(1, config.n_fits())
    added = per_fit * len(config.metrics) * len(ks)
    second = 0.0 if config.trials > 1 else per_fit * (config.n_fits() + len(config.metrics) * len(ks))
    if plan.test_file:  # the test file is the split: another draw of its parts tests nothing new
        second = 0.0
    trials = 2 if config.trials == 1 and not plan.test_file and 0 < budget and seconds + added + second <= budget \
        else config.trials
    return Refinement(plan, ks, peaks, trials, float(seconds), added + (second if trials > config.trials else 0.0),
                      second, float(budget))


@dataclass(frozen=True)
class QuickRun:
    """A quick plan's runs and their refinement: the table the answer is read from.

    Parameters
    ----------
    plan : QuickPlan
        The plan.
    refinement : Refinement or None
        The refinement, None when the first run was not finished or held no real selection.
    runs : tuple of GridRun
        The first run, then the refined runs.
    seconds : float
        The wall time of all of them.
    first_seconds : float, default 0.0
        The first run's wall time (the provisional answer's).
    key : str, default ""
        The key of :attr:`final_plan`'s config on the corpus (:func:`fsviz.evaluation.grid.run_key`).

    See Also
    --------
    fsviz.evaluation.run_quick : Makes one.
    fsviz.evaluation.recommend : Reads its ``results``.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> quick = run_quick(corpus, quick_plan(corpus), budget=0)
    >>> quick.refinement.trials, bool(quick.results.duplicated(["class", "trial", "fold", "metric", "k"]).any())
    (1, False)
    """

    plan: QuickPlan
    refinement: Refinement | None
    runs: tuple
    seconds: float
    first_seconds: float = 0.0
    key: str = ""

    @cached_property
    def results(self) -> pd.DataFrame:
        """Every run's rows in one table, each (task, metric, k, trial, fold) once."""
        frames = [run.results for run in self.runs if len(run.results)]
        if len(frames) < 2:
            return self.runs[0].results
        order = ["dataset", "class", "trial", "fold", "metric", "k_rule", "k"]  # the grid's own row order
        return pd.concat(frames, ignore_index=True).drop_duplicates(subset=order, keep="first").sort_values(
            order, kind="stable", ignore_index=True)

    @property
    def complete(self) -> bool:
        """Whether every run finished."""
        return all(run.complete for run in self.runs)

    @property
    def final_plan(self) -> QuickPlan:
        """What the results hold, as a plan (every k tried, the trials run)."""
        return self.refinement.refined_plan if self.refinement is not None and len(self.runs) > 1 else self.plan

    def as_run(self) -> GridRun:
        """The results as one run of :attr:`final_plan`'s config: the rows that config's own run gives (each
        (metric, k) is fitted alone on the same folds), so ``fsviz report`` reads the file as any run's."""
        first, config = self.runs[0], self.final_plan.config
        cells = first.cells_total // max(1, first.config.trials) * config.trials
        return GridRun(self.results, first.skipped, config, complete=self.complete, cells_total=cells,
                       key=self.key or first.key, elapsed=self.seconds, fits=sum(run.fits for run in self.runs),
                       provenance=first.provenance)


def stage_out(folder, config: GridConfig, corpus) -> Path:
    """Where a quick answer keeps the run of ``config`` on ``corpus``: ``folder/<run key>.parquet``.

    Parameters
    ----------
    folder : str or pathlib.Path
        The folder of the runs.
    config : GridConfig
        The run's config.
    corpus : fsviz.Corpus
        The corpus.

    Returns
    -------
    pathlib.Path
        The results file.

    See Also
    --------
    fsviz.evaluation.carry_trials : Starts a run of more trials from a stored one.
    fsviz.evaluation.run_key : The key.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> stage_out("runs", GridConfig(metrics=("bns",), ks=(10,)), corpus).suffix
    '.parquet'
    """
    return Path(folder) / f"{run_key(config, [corpus])}.parquet"


def carry_trials(folder, config: GridConfig, corpus) -> int:
    """Carry into the run of ``config`` (kept in ``folder`` by :func:`stage_out`) the cells of the same run with
    fewer trials, the most trials first: a second split runs only its new trial.

    Parameters
    ----------
    folder : str or pathlib.Path
        The folder of the runs.
    config : GridConfig
        The run about to start.
    corpus : fsviz.Corpus
        The corpus.

    Returns
    -------
    int
        The rows carried (0 when no finished run of fewer trials is kept, or the run has begun).

    See Also
    --------
    fsviz.evaluation.carry_over : Carries one run's cells into another.
    fsviz.evaluation.run_quick : Carries each of its runs so.

    Examples
    --------
    >>> import tempfile
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> one = GridConfig(metrics=("ig",), ks=(10,), trials=1, folds=2, classes=("c0",))
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> _ = run_grid(corpus, one, out=stage_out(scratch.name, one, corpus))
    >>> carry_trials(scratch.name, replace(one, trials=2), corpus)  # trial 0's 2 folds × (ig, all words)
    4
    >>> scratch.cleanup()
    """
    for fewer in range(config.trials - 1, 0, -1):
        earlier = stage_out(folder, replace(config, trials=fewer), corpus)
        if earlier.is_file():
            return carry_over(earlier, stage_out(folder, config, corpus), config, [corpus])
    return 0


def run_quick(corpus, plan: QuickPlan, *, budget: float = QUICK_BUDGET, folder=None, n_jobs: int = 1, run=None,
              on_answer=None) -> QuickRun:
    """Run a quick plan, then its refinement (:func:`refine_plan`): the answer's one way from a corpus to its
    results table, for ``fsviz recommend`` and the benchmarks (the Recommend page runs the same configs).

    The order: the plan (the provisional answer, told to ``on_answer``), the added k on its split, then, when
    :func:`refine_plan` says the budget allows (judged on the plan's cells' time, from the first finished cell to
    the last: the worker processes start once), the second split, stopped once ``budget`` seconds have passed since
    the start; a second split stopped so is left out of the answer (it rests on the first split, and
    :attr:`Refinement.stopped` says so). Each run is stored in ``folder`` under its key
    (:func:`fsviz.evaluation.grid.run_key`), so a second call continues where the first stopped, and a second
    split carries the first split's cells (:func:`fsviz.evaluation.grid.carry_over`): no cell is run twice.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus.
    plan : QuickPlan
        Its quick plan (:func:`quick_plan`).
    budget : float, default ``QUICK_BUDGET``
        Seconds the answer may take: a second split runs when it fits (0: never).
    folder : str or pathlib.Path, optional
        Where the runs are kept; None: a temporary folder, removed at the end.
    n_jobs : int, default 1
        Worker processes, as :func:`fsviz.evaluation.run_grid` takes them (ignored when ``run`` is given).
    run : callable(config, out, should_stop) -> GridRun, optional
        Runs one config into the results file ``out``, stopping when ``should_stop()`` (None: never) says so
        (default :func:`fsviz.evaluation.run_grid` on ``corpus`` with ``n_jobs``): the command line passes its
        own, with its progress bar and notes.
    on_answer : callable(recommendation, GridRun), optional
        Told the provisional answer (:func:`fsviz.evaluation.recommend`'s table) after the first run.

    Returns
    -------
    QuickRun
        The runs, their refinement and the one results table.

    See Also
    --------
    fsviz.evaluation.quick_plan : The plan.
    fsviz.evaluation.refine_plan : What follows the first run.
    fsviz.evaluation.recommend : The answer read from the table.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> quick = run_quick(corpus, quick_plan(corpus), budget=600)
    >>> quick.refinement.trials, sorted(quick.results["trial"].unique().tolist())
    (2, [0, 1])
    """
    run = run or (lambda config, out, should_stop=None: run_grid(corpus, config, out=out, n_jobs=n_jobs,
                                                                  should_stop=should_stop))
    with tempfile.TemporaryDirectory(prefix="fsviz-quick-") if folder is None else _kept(folder) as where:
        where = Path(where)
        start = time.perf_counter()
        carry_trials(where, plan.config, corpus)
        finished = []  # when each cell finished: the run polls should_stop after each
        first = run(plan.config, stage_out(where, plan.config, corpus), lambda: finished.append(time.perf_counter()))
        first_seconds = time.perf_counter() - start
        runs, refinement = [first], None
        try:
            answer = recommend(first.results) if first.complete and len(first.results) else None
        except ValueError:  # no real selection finished: nothing to refine
            answer = None
        if answer is not None:
            if on_answer is not None:
                on_answer(answer, first)
            refinement = refine_plan(plan, answer, seconds=min(first_seconds, _cells_seconds(finished, first_seconds)),
                                     budget=budget)
            for config in refined_configs(plan.config, ks=refinement.ks)[1:]:  # the added k, on the first split
                carry_trials(where, config, corpus)
                runs.append(run(config, stage_out(where, config, corpus), None))
            if refinement.trials > plan.config.trials and all(r.complete for r in runs):
                past = lambda: time.perf_counter() > start + budget  # noqa: E731 (the budget bounds the second split)
                split = []
                for config in refinement.configs:
                    carry_trials(where, config, corpus)
                    split.append(run(config, stage_out(where, config, corpus), past))
                    if not split[-1].complete:
                        break
                if all(r.complete for r in split) and len(split) == len(refinement.configs):
                    runs += split
                else:  # stopped at the budget: the answer rests on the first split (the cells stay in `folder`)
                    refinement = replace(refinement, trials=plan.config.trials, stopped=True)
        seconds = time.perf_counter() - start
    quick = QuickRun(plan, refinement, tuple(runs), seconds, first_seconds)
    return replace(quick, key=run_key(quick.final_plan.config, [corpus]))


def _cells_seconds(finished: list, seconds: float) -> float:
    """The time a run's cells took, without its start (the worker processes, paid once): the span from the first
    finished cell to the last, stretched by one cell; ``seconds`` when fewer than two cells ran."""
    if len(finished) < 2:
        return seconds
    return (finished[-1] - finished[0]) * len(finished) / (len(finished) - 1)


@contextlib.contextmanager
def _kept(folder):
    """A folder that stays after the runs (``folder`` itself, made when missing)."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    yield folder
