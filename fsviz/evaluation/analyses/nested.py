"""How well the *choice* of metric and k does on data it did not see: nested estimates and their test.

Picking the best metric and k on a grid's results and then testing it on the same results is optimistic (the
winner's curse): the maximum of many noisy scores is biased up, and a paired test of the winner against all
words then finds differences that are not there. Here the choice is made inside the resampling, and the test
allows for the folds' overlap:

- **The choice, held out** (:func:`held_out`). For each trial and each fold ``f``, the rule (by default the
  best macro score; see :data:`RULES`) picks a metric and k from the *other* folds of that trial, their
  confusion counts pooled; the pick is then scored on fold ``f`` alone, macro-averaged over the tasks. The grid
  already holds every fold's test counts for every metric and k, so this needs no new fit: it is nested
  cross-validation whose inner loop is the other folds. Fold ``f``'s classifier was trained on the other folds'
  documents, the same documents that chose; fold ``f``'s documents never chose anything.
- **The test** (:func:`corrected_t`): the corrected resampled t-test of Nadeau and Bengio (2003), in the
  repeated cross-validation form of Bouckaert and Frank (2004): over the J = trials × folds held-out
  differences, the variance is inflated by (1/J + n_test/n_train), n_test/n_train = 1/(folds − 1), because the
  folds' training sets overlap; J − 1 degrees of freedom. Two-sided. Fewer than two held-out folds: no test
  (NaN), and the advice says the data cannot tell.

With a test file (results ``scored_on == "test file"``, :func:`fsviz.evaluation.grid.training_file_splits`) the
"folds" are stratified parts of the test file, each scored by the model fitted on the whole training file: the
choice is made on the other parts and scored on the held-out one, as above. The parts' models are one model,
so the differences between parts hold only the test documents' variation; the test's correction for
overlapping training sets then only widens the interval (conservative), and is kept so one test serves both.

Per fold, a goal is computed from that fold's counts (precision 0 when nothing is predicted positive, as
:func:`fsviz.evaluation.grid.with_goals`), then averaged over the tasks. A metric's k inside a comparison of
two metrics is chosen the same way, each on the other folds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from ..grid import ALL, INNER_COLUMNS, TEST_COLUMNS, with_goals
from .aggregation import GOALS, fixed_k
from .paired import p_text

__all__ = ["CHOICES", "DRAWS", "METHOD", "METHOD_TEST_FILE", "RULES", "HeldOut", "choice_source", "chosen_text",
           "corrected_t", "fold_macro", "has_documents", "held_out", "method_text", "noise_words", "randomization_p"]

#: How the advice's p-values are obtained, in one sentence (the page and the README say it so).
METHOD = ("corrected resampled t-test (Nadeau & Bengio 2003) over held-out folds, the metric and k chosen on the "
          "other folds")
#: The same with a test file: the held-out units are parts of the test file.
METHOD_TEST_FILE = ("corrected resampled t-test (Nadeau & Bengio 2003) over held-out parts of the test file, words "
                    "selected and models fitted on the training file, the metric and k chosen on the other parts")
#: The rules that pick a (metric, k) from a table of macro scores: the best score; or the fewest words within a
#: relative ``within`` of the best score (ties: the better score, then the metric named first).
RULES = ("best", "fewest")
#: Where a choice of metric and k for a held-out fold is made (:func:`choice_source`).
CHOICES = ("inner folds", "other folds")
_TASK = ["dataset", "class"]
_COUNTS = ["tp", "fp", "fn", "tn"]
_EPS = 1e-12


def choice_source(results: pd.DataFrame, choose_on: str | None = None) -> str:
    """Where a choice of metric and k is made for a held-out fold: ``"inner folds"`` (an inner cross-validation
    inside that fold's training documents, :attr:`fsviz.evaluation.GridConfig.inner_folds`) or ``"other folds"``
    (the other held-out folds of its trial, the shortcut). ``choose_on`` None: the inner folds when the table
    has their counts, else the other folds.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table.
    choose_on : {"inner folds", "other folds"}, optional
        Asked for; ``"inner folds"`` on a table without them is refused.

    Returns
    -------
    str
        One of :data:`CHOICES`.

    Raises
    ------
    ValueError
        For a ``choose_on`` not in :data:`CHOICES`, or ``"inner folds"`` on a run without them.

    See Also
    --------
    fsviz.evaluation.fold_macro : Scores the choice on its source.
    fsviz.evaluation.inner_splits : The inner folds.

    Examples
    --------
    >>> import pandas as pd
    >>> inner = pd.DataFrame({"inner_tp": [3], "inner_fp": [1], "inner_fn": [0], "inner_tn": [9]})
    >>> choice_source(inner), choice_source(inner * 0), choice_source(pd.DataFrame({"tp": [3]}))
    ('inner folds', 'other folds', 'other folds')
    """
    inner = all(c in results.columns for c in INNER_COLUMNS) and bool(results[INNER_COLUMNS].to_numpy().any())
    if choose_on is None:
        return "inner folds" if inner else "other folds"
    if choose_on not in CHOICES:
        raise ValueError(f"`choose_on` must be one of {CHOICES}, got {choose_on!r}")
    if choose_on == "inner folds" and not inner:
        raise ValueError("this run has no inner cross-validation to choose on (it ran with inner_folds=0); "
                         "choose on the other folds, or run the grid again with inner folds (--inner-folds 3)")
    return choose_on


def fold_macro(results: pd.DataFrame, goal: str, *, choose_on: str | None = None) -> pd.DataFrame:
    """Per metric, k, trial and fold: ``held`` (the goal on that fold's counts) and ``rest`` (what a choice for
    that fold sees: the inner cross-validation's counts inside its training documents, or the other folds'
    counts of that trial pooled; :func:`choice_source`), each macro-averaged over the tasks; all words' rows get
    one k (the largest). A task without inner counts in a fold (too few documents on a side to cut the training
    split) takes no part in that fold's ``rest``.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table.
    goal : str
        One of :data:`fsviz.evaluation.analyses.GOALS`.
    choose_on : {"inner folds", "other folds"}, optional
        Where the choice is made (default: :func:`choice_source`'s).

    Returns
    -------
    pandas.DataFrame
        One row per metric, k, trial and fold, with ``held`` and ``rest``.

    Raises
    ------
    ValueError
        When ``goal`` is not one of :data:`fsviz.evaluation.analyses.GOALS`.

    See Also
    --------
    fsviz.evaluation.held_out : The choice made on ``rest`` and scored on ``held``.
    fsviz.evaluation.per_trial : The goals with every fold of a trial pooled.

    Examples
    --------
    >>> import pandas as pd
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": [0, 1, 2] * 2,
    ...                         "metric": ["bns"] * 3 + ["ig"] * 3, "k": 10, "pos": 10, "neg": 30,
    ...                         "tp": [8, 6, 7, 5, 7, 6], "fp": [1, 2, 1, 4, 3, 2]})
    >>> results["fn"], results["tn"] = 10 - results["tp"], 30 - results["fp"]
    >>> fold_macro(results, "f1").round(3)
      metric     k  trial  fold   held   rest
    0    bns  10.0      0     0  0.842  0.722
    1    bns  10.0      0     1  0.667  0.811
    2    bns  10.0      0     2  0.778  0.757
    3     ig  10.0      0     0  0.526  0.684
    4     ig  10.0      0     1  0.700  0.595
    5     ig  10.0      0     2  0.667  0.615
    """
    if goal not in GOALS:
        raise ValueError(f"`goal` must be one of {GOALS}, got {goal!r}")
    inner = choice_source(results, choose_on) == "inner folds"
    counts = [*_COUNTS, *INNER_COLUMNS] if inner else _COUNTS
    rows = _one_all_words_k(fixed_k(results)[[*_TASK, "metric", "k", "trial", "fold", *counts]].copy())
    keys = [*_TASK, "metric", "k", "trial", "fold"]
    rows = rows.groupby(keys, sort=True, observed=True)[counts].sum().reset_index()
    held = with_goals(rows[_COUNTS].copy())[goal].to_numpy()
    if inner:
        seen = rows[INNER_COLUMNS].to_numpy(np.float64, copy=True)
        seen[seen.sum(axis=1) == 0] = np.nan  # no inner folds for this task in this fold: no part in the choice
        with np.errstate(invalid="ignore"):
            rest = with_goals(pd.DataFrame(seen, columns=_COUNTS))[goal].to_numpy()
    else:
        totals = rows.groupby([*_TASK, "metric", "k", "trial"], sort=False, observed=True)[_COUNTS].transform("sum")
        others = (totals - rows[_COUNTS]).astype(np.float64)
        with np.errstate(invalid="ignore"):
            rest = with_goals(others)[goal].to_numpy(copy=True)
        rest[others.sum(axis=1).to_numpy() == 0] = np.nan  # a trial of one fold (a test file) has no other folds
    table = rows[keys].assign(held=held, rest=rest)
    return table.groupby(["metric", "k", "trial", "fold"], sort=True, observed=True)[["held", "rest"]].mean() \
        .reset_index()


def _one_all_words_k(rows: pd.DataFrame) -> pd.DataFrame:
    """``rows`` (changed in place) with all words' rows at one k, the largest: all words is one choice, whatever
    each fold's vocabulary."""
    every = rows["metric"] == ALL
    rows.loc[every, "k"] = rows.loc[every, "k"].max()
    return rows


@dataclass(frozen=True)
class HeldOut:
    """A rule's picks scored on held-out folds.

    ``folds`` has one row per (trial, fold): the ``metric`` and ``k`` picked on the other folds and ``held``,
    the pick's macro score on that fold. ``score`` is their mean, the choice's estimated score on new data.

    Parameters
    ----------
    folds : pandas.DataFrame
        One row per (trial, fold): ``metric``, ``k`` and ``held``.
    n_folds : int
        The cross-validation's number of folds.

    See Also
    --------
    fsviz.evaluation.held_out : Makes one from :func:`fold_macro`'s table.
    fsviz.evaluation.corrected_t : The test :meth:`against` runs.

    Examples
    --------
    >>> import pandas as pd
    >>> a = HeldOut(pd.DataFrame({"trial": 0, "fold": [0, 1, 2], "metric": "bns", "k": 10, "held": [0.8, 0.7, 0.9]}), 3)
    >>> b = HeldOut(pd.DataFrame({"trial": 0, "fold": [0, 1, 2], "metric": "ig", "k": 10, "held": [0.7, 0.7, 0.8]}), 3)
    >>> round(a.score, 3), a.against(b)[1]
    (0.8, 3)
    """

    folds: pd.DataFrame
    n_folds: int

    @property
    def score(self) -> float:
        return float(self.folds["held"].mean()) if len(self.folds) else np.nan

    def against(self, other: HeldOut) -> tuple[float, int]:
        """The corrected resampled t-test's p (:func:`corrected_t`) of this choice against ``other``, paired by
        (trial, fold), and how many held-out folds."""
        pair = self.folds.merge(other.folds, on=["trial", "fold"], suffixes=("", "_other"))
        d = (pair["held"] - pair["held_other"]).to_numpy(np.float64)
        return corrected_t(d, self.n_folds)[1], int(d.size)


def held_out(table: pd.DataFrame, metrics, *, rule: str = "best", within: float = 0.01) -> HeldOut:
    """The pick of ``rule`` (:data:`RULES`) among ``metrics`` (any of their k), made on the other folds of each
    trial and scored on the held-out fold, from :func:`fold_macro`'s ``table``. Ties: ``best`` takes the metric
    named first in ``metrics``, then the smaller k; ``fewest`` the smaller k, then the better score, then the
    metric named first.

    Parameters
    ----------
    table : pandas.DataFrame
        A table of :func:`fold_macro`.
    metrics : sequence of str
        The metrics to choose among.
    rule : str, default "best"
        One of :data:`RULES`.
    within : float, default 0.01
        The relative tolerance of the ``fewest`` rule.

    Returns
    -------
    HeldOut
        The picks and their held-out scores.

    Raises
    ------
    ValueError
        When ``rule`` is not one of :data:`RULES`.

    See Also
    --------
    fsviz.evaluation.fold_macro : The table it chooses from.
    fsviz.evaluation.HeldOut : What it returns; ``against`` tests two choices.
    fsviz.evaluation.recommend : The advice built on these held-out choices.

    Examples
    --------
    >>> import pandas as pd
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": [0, 1, 2] * 2,
    ...                         "metric": ["bns"] * 3 + ["ig"] * 3, "k": 10, "pos": 10, "neg": 30,
    ...                         "tp": [8, 6, 7, 5, 7, 6], "fp": [1, 2, 1, 4, 3, 2]})
    >>> results["fn"], results["tn"] = 10 - results["tp"], 30 - results["fp"]
    >>> choice = held_out(fold_macro(results, "f1"), ["bns", "ig"])
    >>> choice.folds["metric"].tolist(), round(choice.score, 3)
    (['bns', 'bns', 'bns'], 0.762)
    """
    if rule not in RULES:
        raise ValueError(f"`rule` must be one of {RULES}, got {rule!r}")
    order = {m: i for i, m in enumerate(metrics)}
    candidates = table[table["metric"].isin(order)]
    if candidates.empty:
        return HeldOut(pd.DataFrame(columns=["trial", "fold", "metric", "k", "held"]), 0)
    best = candidates.groupby(["trial", "fold"], sort=False)["rest"].transform("max").to_numpy()
    floor = best * (1 - within) if rule == "fewest" else best
    near = candidates[candidates["rest"].to_numpy() >= floor - _EPS].assign(
        _o=lambda f: f["metric"].map(order), _r=lambda f: -f["rest"])
    keys = ["k", "_r", "_o"] if rule == "fewest" else ["_o", "k"]
    picks = near.sort_values(["trial", "fold", *keys], kind="stable").drop_duplicates(["trial", "fold"])
    folds = picks[["trial", "fold", "metric", "k", "held"]].reset_index(drop=True)
    return HeldOut(folds, int(table["fold"].nunique()))


#: Random swaps of :func:`randomization_p` (below it, every swap is enumerated when there are at most this many).
DRAWS = 5000
_CHUNK = 250


def has_documents(results: pd.DataFrame) -> bool:
    """Whether a results table keeps a test file's documents (``test_truth``, ``test_predicted``): one model
    scored on every test document, tested over the documents (:func:`randomization_p`).

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table.

    Returns
    -------
    bool
        True when every row holds its test documents' bits.

    See Also
    --------
    fsviz.evaluation.randomization_p : The test that reads them.

    Examples
    --------
    >>> import pandas as pd
    >>> has_documents(pd.DataFrame({"test_truth": [b"\\x80"], "test_predicted": [b"\\x00"]}))
    True
    >>> has_documents(pd.DataFrame({"tp": [1]}))
    False
    """
    if not all(c in results.columns for c in TEST_COLUMNS) or not len(results):
        return False
    return bool(results["test_predicted"].map(len).gt(0).all())


def randomization_p(results: pd.DataFrame, goal: str, a: HeldOut, b: HeldOut, *, draws: int = DRAWS,
                    seed: int = 0) -> tuple[float, int]:
    """Two-sided p of choice ``a`` against choice ``b`` on a test file, by approximate randomization over its
    documents (Noreen 1989; Yeh 2000), and how many test documents.

    Both choices are scored on the same test documents by models fitted on the training file. The statistic is
    the difference of their goals macro-averaged over the tasks (and averaged over the trials, which redraw only
    Rand and the inner folds). Under the null hypothesis that the two are exchangeable, each document's pair of
    predictions (on every task and trial at once) may be swapped; the p is the share of ``draws`` random swaps
    whose difference is at least as large in absolute value, counting the one observed: (1 + hits) / (1 +
    draws). With at most ``draws`` possible swaps (2^n documents) every swap is enumerated and the p is exact.
    A task over other documents than the rest (a group task, on its groups' documents) draws its own swaps. A
    random spec drawn several times (:attr:`fsviz.evaluation.GridConfig.rand_draws`) predicts each document
    positive in a share of its draws; that share is its prediction here, so Rand is tested at its expectation.

    Parameters
    ----------
    results : pandas.DataFrame
        A grid's results table scored on a test file, with its documents (:func:`has_documents`).
    goal : str
        One of :data:`fsviz.evaluation.analyses.GOALS`.
    a, b : HeldOut
        The two choices (:func:`held_out`): per trial, a metric and k.
    draws : int, default ``DRAWS``
        Random swaps.
    seed : int, default 0
        Seeds the swaps.

    Returns
    -------
    tuple of (float, int)
        The p (NaN without a trial both choices have) and the number of test documents.

    See Also
    --------
    fsviz.evaluation.corrected_t : The test over held-out folds of a cross-validation.
    fsviz.evaluation.has_documents : Whether a table can be tested so.

    References
    ----------
    .. [1] Noreen, E. W., "Computer-Intensive Methods for Testing Hypotheses", Wiley (1989).
    .. [2] Yeh, A., "More accurate tests for the statistical significance of result differences", COLING (2000).

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> truth = np.array([1, 1, 1, 0, 0, 0, 0, 0], dtype=bool)
    >>> rows = []
    >>> for metric, predicted in (("bns", truth), ("all", np.array([1, 0, 0, 1, 0, 0, 0, 0], dtype=bool))):
    ...     tp, fp = int((truth & predicted).sum()), int((~truth & predicted).sum())
    ...     rows.append({"dataset": "d", "class": "a", "trial": 0, "fold": 0, "metric": metric, "k": 10,
    ...                  "tp": tp, "fp": fp, "fn": 3 - tp, "tn": 5 - fp, "test_truth": np.packbits(truth).tobytes(),
    ...                  "test_predicted": np.packbits(predicted).tobytes()})
    >>> results = pd.DataFrame(rows)
    >>> pick = lambda m: HeldOut(pd.DataFrame({"trial": [0], "fold": [0], "metric": [m], "k": [10], "held": [0.0]}), 1)
    >>> p, n = randomization_p(results, "f1", pick("bns"), pick("all"))
    >>> round(p, 4), n  # exact: all 2^8 swaps
    (0.25, 8)
    """
    units = _paired_units(results, a, b)
    if not units:
        return np.nan, 0
    observed = np.mean([_goal(truth, x, goal) - _goal(truth, y, goal) for truth, x, y in units])
    sizes = {truth.size for truth, _, _ in units}
    n = max(sizes)
    exact = len(sizes) == 1 and n <= 62 and 2 ** n <= draws
    total = 2 ** n if exact else draws
    rng = np.random.default_rng(seed)
    hits = 0
    for start in range(0, total, _CHUNK):
        count = min(_CHUNK, total - start)
        if exact:  # every swap pattern: the binary digits of start … start + count − 1
            codes = np.arange(start, start + count, dtype=np.int64)[:, None]
            shared = ((codes >> np.arange(n, dtype=np.int64)) & 1).astype(np.float64)
        else:
            shared = rng.integers(0, 2, size=(count, n)).astype(np.float64)
        swapped = np.zeros(count)
        for truth, x, y in units:
            swaps = shared if truth.size == n else rng.integers(0, 2, size=(count, truth.size)).astype(np.float64)
            swapped += _swapped_goal(truth, x, y, swaps, goal) - _swapped_goal(truth, y, x, swaps, goal)
        hits += int(np.count_nonzero(np.abs(swapped / len(units)) >= abs(observed) - _EPS))
    p = hits / total if exact else (1 + hits) / (1 + draws)
    return float(min(1.0, p)), int(n)


def _paired_units(results: pd.DataFrame, a: HeldOut, b: HeldOut) -> list:
    """Per trial both choices have, per task: (labels, ``a``'s predictions, ``b``'s) over the test documents."""
    rows = _one_all_words_k(fixed_k(results).copy())
    picks = a.folds.merge(b.folds, on=["trial", "fold"], suffixes=("_a", "_b"))
    units = []
    for pick in picks.itertuples(index=False):
        trial = rows[rows["trial"] == pick.trial]
        x = trial[(trial["metric"] == pick.metric_a) & (trial["k"] == pick.k_a)].set_index(_TASK)
        y = trial[(trial["metric"] == pick.metric_b) & (trial["k"] == pick.k_b)].set_index(_TASK)
        for task in x.index.intersection(y.index):
            one, other = x.loc[task], y.loc[task]
            n = int(one["tp"] + one["fp"] + one["fn"] + one["tn"]) // int(one.get("draws", 1))
            units.append((_bits(one["test_truth"], n) > 0, _bits(one["test_predicted"], n),
                          _bits(other["test_predicted"], n)))
    return units


def _bits(packed: bytes, n: int) -> np.ndarray:
    """Each of ``n`` documents' share of positive predictions over the draws packed (by :func:`numpy.packbits`,
    draw after draw): 0 or 1 for one draw, Rand's expectation over several."""
    bits = np.unpackbits(np.frombuffer(packed, dtype=np.uint8))
    draws = max(1, bits.size // n) if n else 1
    return bits[:draws * n].reshape(draws, n).mean(axis=0)


def _goal(truth: np.ndarray, predicted: np.ndarray, goal: str) -> float:
    """``goal`` of one prediction vector (each document's share of positive predictions), as
    :func:`fsviz.evaluation.grid.with_goals` computes it from the counts."""
    tp, fp = float(np.sum(predicted[truth])), float(np.sum(predicted[~truth]))
    return float(_goals(np.array([tp]), np.array([fp]), float(truth.sum()), float(truth.size), goal)[0])


def _swapped_goal(truth, x, y, swaps, goal) -> np.ndarray:
    """``goal`` of ``x``'s predictions with each document's swapped for ``y``'s where ``swaps`` is 1, per row."""
    change = np.asarray(y, dtype=np.float64) - np.asarray(x, dtype=np.float64)
    tp = float(np.sum(x[truth])) + swaps @ (change * truth)
    fp = float(np.sum(x[~truth])) + swaps @ (change * ~truth)
    return _goals(tp, fp, float(truth.sum()), float(truth.size), goal)


def _goals(tp, fp, pos, n, goal) -> np.ndarray:
    """The goal from counts (vectors of tp and fp; the positives and documents), as ``with_goals``."""
    table = pd.DataFrame({"tp": tp, "fp": fp, "fn": pos - tp, "tn": n - pos - fp})
    return with_goals(table)[goal].to_numpy()


def corrected_t(d: np.ndarray, folds: int) -> tuple[float, float]:
    """The corrected resampled t-test on held-out differences ``d`` from ``folds``-fold cross-validation,
    repeated (Nadeau & Bengio 2003; Bouckaert & Frank 2004): t = mean / sqrt((1/J + 1/(folds − 1)) · var),
    J = len(d), J − 1 degrees of freedom; (t, two-sided p). NaN below two differences or two folds; identical
    scores give (0, 1), a constant non-zero difference (±inf, 0).

    Parameters
    ----------
    d : numpy.ndarray
        The held-out differences.
    folds : int
        The cross-validation's number of folds.

    Returns
    -------
    tuple of (float, float)
        ``(t, p)``, p two-sided.

    See Also
    --------
    fsviz.evaluation.paired_t : The plain paired t-test, without the correction.
    fsviz.evaluation.HeldOut.against : Runs this test between two held-out choices.

    References
    ----------
    .. [1] Nadeau, C., Y. Bengio, "Inference for the Generalization Error", Machine Learning 52 (2003), 239–281:
       the corrected resampled t-test.
    .. [2] Bouckaert, R. R., E. Frank, "Evaluating the Replicability of Significance Tests for Comparing Learning
       Algorithms", PAKDD (2004): its form for repeated cross-validation.

    Examples
    --------
    >>> t, p = corrected_t(np.array([0.02, 0.03, 0.01, 0.02]), 4)
    >>> round(t, 3), round(p, 3)
    (3.207, 0.049)
    """
    d = np.asarray(d, dtype=np.float64)
    n = d.size
    if n < 2 or folds < 2:
        return np.nan, np.nan
    mean, var = d.mean(), d.var(ddof=1)
    if var <= (_EPS * max(1.0, abs(mean))) ** 2:
        return (0.0, 1.0) if abs(mean) <= _EPS else (float(np.copysign(np.inf, mean)), 0.0)
    t = mean / np.sqrt((1 / n + 1 / (folds - 1)) * var)
    return float(t), float(2 * stats.t.sf(abs(t), n - 1))


def method_text(n: int, folds: int, *, chosen: bool = True, scored_on: str = "folds",
                chosen_on: str = "other folds") -> str:
    """How a p was obtained, for a sentence: ``"corrected resampled t-test over 4 held-out folds × 1 trial"``,
    followed by how the choice was made unless ``chosen`` is False (a sentence that says it already):
    ``chosen_on`` ``"inner folds"`` (an inner cross-validation on each held-out unit's training documents) or
    ``"other folds"``; ``scored_on="test file"``: the held-out units are parts of the test file.

    Parameters
    ----------
    n : int
        The held-out units (folds × trials).
    folds : int
        The folds (or parts) per trial.
    chosen : bool, default True
        Whether to say how the choice was made.
    scored_on : str, default "folds"
        ``"folds"`` or ``"test file"``.
    chosen_on : str, default "other folds"
        One of :data:`CHOICES`.

    Returns
    -------
    str
        The text.

    See Also
    --------
    fsviz.evaluation.corrected_t : The test the sentence names.
    fsviz.evaluation.method_sentence : The advice's whole sentence on its method.

    Examples
    --------
    >>> method_text(8, 4, scored_on="test file")
    'corrected resampled t-test over 4 held-out parts of the test file × 2 trials, metric and k chosen on the other parts'
    >>> print(method_text(4, 4, chosen_on="inner folds"))
    corrected resampled t-test over 4 held-out folds × 1 trial, metric and k chosen by cross-validation inside each
    fold's training documents
    """
    trials = n // folds if folds else 0
    units = "parts of the test file" if scored_on == "test file" else "folds"
    text = f"corrected resampled t-test over {folds} held-out {units} × {trials} trial{'s' * (trials != 1)}"
    if not chosen:
        return text
    return f"{text}, metric and k {chosen_text(scored_on, chosen_on)}"


def chosen_text(scored_on: str = "folds", chosen_on: str = "other folds") -> str:
    """Where the metric and k of a held-out unit were chosen, in words ("chosen on the other folds").

    Parameters
    ----------
    scored_on : str, default "folds"
        ``"folds"`` or ``"test file"``.
    chosen_on : str, default "other folds"
        One of :data:`CHOICES`.

    Returns
    -------
    str
        The words.

    See Also
    --------
    fsviz.evaluation.method_text : The sentence they end.
    fsviz.evaluation.choice_source : Where a run's choice is made.

    Examples
    --------
    >>> chosen_text(), chosen_text("test file", "inner folds")
    ('chosen on the other folds', 'chosen by cross-validation inside the training file')
    """
    if chosen_on == "inner folds":
        inside = "the training file" if scored_on == "test file" else "each fold's training documents"
        return f"chosen by cross-validation inside {inside}"
    return "chosen on the other parts" if scored_on == "test file" else "chosen on the other folds"


def noise_words(results: pd.DataFrame | None, goal: str, a: str, ka, b: str, kb, *, alpha: float = 0.05) -> str:
    """How sure a comparison of ``a`` at ``ka`` with ``b`` at ``kb`` on ``results`` is, in words.

    The test is the advice's (:mod:`fsviz.evaluation.analyses.nested`): the corrected resampled t-test over the held-out
    folds, each fold's goal macro-averaged over the tasks, so the folds' overlap is allowed for. One trial never
    makes "a real difference": its folds are too few to tell, whatever p says, and the words say so. Empty
    without ``results``.

    Parameters
    ----------
    results : pandas.DataFrame or None
        A grid's results table.
    goal : str
        One of :data:`fsviz.evaluation.analyses.GOALS`.
    a, b : str
        The two metrics (as the table names them).
    ka, kb : int
        Their numbers of words.
    alpha : float, default 0.05
        The test's significance level.

    Returns
    -------
    str
        A sentence, led by a space; empty without ``results``.

    See Also
    --------
    fsviz.evaluation.corrected_t : The test.
    fsviz.evaluation.lesion_text : Says it for the lesion study's comparisons.

    Examples
    --------
    >>> import pandas as pd
    >>> results = pd.DataFrame({"dataset": "d", "class": "a", "trial": 0, "fold": [0, 1, 2] * 2,
    ...                         "metric": ["bns"] * 3 + ["ig"] * 3, "k": 10, "tp": [8, 6, 7, 5, 7, 6],
    ...                         "fp": [1, 2, 1, 4, 3, 2]}).assign(fn=lambda t: 10 - t["tp"], tn=lambda t: 30 - t["fp"])
    >>> print(noise_words(results, "f1", "bns", 10, "ig", 10).strip())
    One trial is too few to tell whether the difference is real (corrected resampled t-test over 3 held-out folds:
    p = 0.499); run more trials.
    """
    if results is None:
        return ""
    table = fold_macro(results, goal)
    pair = [table[(table["metric"] == m) & (table["k"] == k)].set_index(["trial", "fold"])["held"]
            for m, k in ((a, ka), (b, kb))]
    both = pd.concat(pair, axis=1, join="inner").dropna()
    folds, trials = int(results["fold"].nunique()), int(results["trial"].nunique())
    p = corrected_t((both.iloc[:, 0] - both.iloc[:, 1]).to_numpy(), folds)[1] if len(both) else np.nan
    how = f"corrected resampled t-test over {len(both)} held-out folds"
    if np.isnan(p):
        return f" There are too few held-out folds ({len(both)}) to test this difference."
    if trials == 1:
        return f" One trial is too few to tell whether the difference is real ({how}: {p_text(p)}); run more trials."
    verdict = "a real difference" if p < alpha else "the data cannot tell"
    return f" {how[0].upper()}{how[1:]}: {p_text(p)}, {verdict}."
