"""The test of a test file (issue 56): approximate randomization over its documents, paired, two-sided, on the
macro-averaged goal. Checked against independent brute force over generated tasks, trials and predictions: every
swap of every document's two predictions, each goal by scikit-learn, equal to the p of every swap enumerated; and
the drawn swaps within their Monte Carlo error of every swap counted (the swapped predictions written out)."""

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

from fsviz.evaluation.analyses import HeldOut, has_documents, randomization_p

SCORERS = {
    "f1": lambda t, p: f1_score(t, p, zero_division=0),
    "precision": lambda t, p: precision_score(t, p, zero_division=0),
    "recall": lambda t, p: recall_score(t, p, zero_division=0),
    "accuracy": accuracy_score,
}


@st.composite
def paired_runs(draw, n_docs):
    """Per trial and task: the labels and two metrics' predictions over the same n test documents."""
    n = draw(n_docs)
    tasks, trials = draw(st.integers(1, 3)), draw(st.integers(1, 2))
    bits = st.lists(st.booleans(), min_size=n, max_size=n).map(lambda v: np.array(v, dtype=bool))
    truths = [draw(bits) for _ in range(tasks)]
    units = {(trial, task): (truths[task], draw(bits), draw(bits)) for trial in range(trials) for task in range(tasks)}
    return units, draw(st.sampled_from(sorted(SCORERS)))


def _table(units) -> pd.DataFrame:
    rows = []
    for (trial, task), (truth, a, b) in units.items():
        for metric, predicted in (("a", a), ("b", b)):
            tp, fp = int((truth & predicted).sum()), int((~truth & predicted).sum())
            pos = int(truth.sum())
            rows.append({"dataset": "d", "class": f"c{task}", "trial": trial, "fold": 0, "metric": metric, "k": 10,
                         "tp": tp, "fp": fp, "fn": pos - tp, "tn": truth.size - pos - fp,
                         "test_truth": np.packbits(truth).tobytes(), "test_predicted": np.packbits(predicted).tobytes()})
    return pd.DataFrame(rows)


def _pick(metric, trials) -> HeldOut:
    return HeldOut(pd.DataFrame({"trial": list(trials), "fold": 0, "metric": metric, "k": 10, "held": 0.0}), 1)


def _brute_force(units, goal) -> float:
    """Every swap pattern: the share whose macro difference is at least the observed one in absolute value."""
    score = SCORERS[goal]

    def difference(swap):
        total = 0.0
        for truth, a, b in units.values():
            x, y = np.where(swap, b, a), np.where(swap, a, b)
            total += score(truth, x) - score(truth, y)
        return total / len(units)

    n = next(iter(units.values()))[0].size
    observed = abs(difference(np.zeros(n, dtype=bool)))
    patterns = [np.array(p, dtype=bool) for p in itertools.product([False, True], repeat=n)]
    return sum(abs(difference(p)) >= observed - 1e-12 for p in patterns) / len(patterns)


@settings(max_examples=25, deadline=None)
@given(paired_runs(st.integers(1, 6)))
def test_every_swap_enumerated_gives_the_exact_p(case):
    units, goal = case
    results = _table(units)
    trials = sorted({trial for trial, _ in units})
    p, n = randomization_p(results, goal, _pick("a", trials), _pick("b", trials))
    assert n == next(iter(units.values()))[0].size
    assert p == pytest.approx(_brute_force(units, goal), abs=1e-12)


def _written_out(units, goal) -> float:
    """Every swap pattern at once: each pattern's swapped predictions written out, the goals from their counts."""
    n = next(iter(units.values()))[0].size
    patterns = ((np.arange(2 ** n)[:, None] >> np.arange(n)) & 1).astype(bool)
    difference = np.zeros(2 ** n)
    for truth, a, b in units.values():
        for first, second, sign in ((a, b, 1), (b, a, -1)):
            predicted = np.where(patterns, second, first)
            tp, fp = (predicted & truth).sum(axis=1), (predicted & ~truth).sum(axis=1)
            fn, tn = truth.sum() - tp, (~truth).sum() - fp
            with np.errstate(divide="ignore", invalid="ignore"):
                precision = np.where(tp + fp > 0, tp / (tp + fp), 0.0)
                recall = np.where(tp + fn > 0, tp / (tp + fn), 0.0)
                value = {"precision": precision, "recall": recall, "accuracy": (tp + tn) / n,
                         "f1": np.where(2 * tp + fp + fn > 0, 2 * tp / (2 * tp + fp + fn), 0.0)}[goal]
            difference += sign * value
    difference /= len(units)
    return float(np.mean(np.abs(difference) >= abs(difference[0]) - 1e-12))


@settings(max_examples=8, deadline=None)
@given(paired_runs(st.just(12)))
def test_drawn_swaps_agree_with_the_exact_p_within_their_error(case):
    units, goal = case
    results = _table(units)
    trials = sorted({trial for trial, _ in units})
    exact = _written_out(units, goal)
    p, _ = randomization_p(results, goal, _pick("a", trials), _pick("b", trials), draws=3000)
    error = np.sqrt(max(exact * (1 - exact), 1e-4) / 3000)
    assert abs(p - exact) <= 5 * error + 1 / 3001


def test_a_clear_win_on_many_documents_is_significant_and_a_table_without_documents_has_none():
    rng = np.random.default_rng(0)
    truth = rng.random(400) < 0.3
    good = np.where(rng.random(400) < 0.9, truth, ~truth)
    poor = np.where(rng.random(400) < 0.7, truth, ~truth)
    results = _table({(0, 0): (truth, good, poor)})
    assert has_documents(results) and not has_documents(results.drop(columns=["test_predicted"]))
    p, n = randomization_p(results, "f1", _pick("a", [0]), _pick("b", [0]))
    assert n == 400 and p < 0.01
    same, _ = randomization_p(results, "f1", _pick("a", [0]), _pick("a", [0]))
    assert same == 1.0
