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
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ...selection import spec_label
from ..grid import GridConfig

__all__ = ["MAX_CLASSES", "QUICK_FOLDS", "QUICK_KS", "QUICK_METRICS", "QuickPlan", "quick_plan", "refined_configs"]

#: The quick plan's metrics: Forman's four strongest, two later ones, and Rand as a reference.
QUICK_METRICS = ("bns", "ig", "chi", "odds", "dfs", "ndm", "rand")
#: Its numbers of words, on a log scale; those at or above the vocabulary are left to all words.
QUICK_KS = (10, 30, 100, 300, 1000, 3000, 10000)
#: At most this many k.
MAX_KS = 6
#: Folds of the one trial.
QUICK_FOLDS = 4
#: At most this many classes, the largest first.
MAX_CLASSES = 8


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
        return len(self.classes) * self.config.trials * self.config.folds

    @property
    def text(self) -> str:
        """The plan in one sentence, for the page and the CLI."""
        real = [spec_label(m) for m in self.config.metrics if m != "rand"]
        ks = ", ".join(f"{k:,}" for k in self.config.ks)
        classes = (f"all {self.n_classes} classes" if len(self.classes) == self.n_classes else
                   f"the {len(self.classes)} largest of {self.n_classes} classes (the rest left out)")
        trials = f"{self.config.trials} trial{'s' * (self.config.trials != 1)}"
        return (f"{len(real)} metrics ({', '.join(real)}) with all words and Rand as references; k = {ks} "
                f"(the vocabulary has {self.vocabulary:,} words); {self._scoring} × {trials}; {classes}: "
                f"{self.cells:,} cells.")

    @property
    def _scoring(self) -> str:
        if self.test_file:
            return (f"words selected and models fitted on the training file, scored on the test file in "
                    f"{self.config.folds} parts")
        return f"{self.config.folds} folds"


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

