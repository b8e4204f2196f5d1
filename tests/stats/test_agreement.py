"""Agreement between measures (Goutte et al. §4): correlations on log scales and by rank, top-N overlap."""

import numpy as np
import pytest

import fsviz
from fsviz.stats.agreement import agreement_matrix, correlation, ranks, top_masks, top_overlap


def test_a_power_of_a_measure_agrees_perfectly_on_log_scales_but_not_linearly():
    a = np.linspace(0.1, 10, 50)
    b = a**3  # log b = 3 log a: a straight line on log scales
    stats = correlation(a, b)
    assert stats["loglog"] == pytest.approx(1.0)
    assert stats["spearman"] == pytest.approx(1.0)
    assert np.corrcoef(a, b)[0, 1] < 0.95  # a linear correlation would not see it


def test_zeros_leave_the_log_log_correlation_and_negative_measures_stay_linear():
    a = np.array([0.0, 1.0, 2.0, 4.0, 8.0])
    b = np.array([5.0, 1.0, 2.0, 4.0, 8.0])
    stats = correlation(a, b)
    assert stats["n_loglog"] == 4 and stats["loglog"] == pytest.approx(1.0)
    signed = np.array([-1.0, 1.0, 2.0, 3.0, 4.0])  # can be negative: compared on a linear scale
    assert correlation(signed, b)["n_loglog"] == 5
    assert np.isnan(correlation(np.ones(5), b)["spearman"])


def test_top_overlap_by_hand():
    vocabulary = np.array(["v", "w", "x", "y", "z"], dtype=object)
    a = np.array([5.0, 4.0, 3.0, 2.0, 1.0])   # top 2: v, w
    b = np.array([1.0, 4.5, 3.0, 4.0, 5.0])   # top 2: z, w
    shared, table = top_overlap(a, b, vocabulary, 2, names=("ig", "kl"))
    assert shared == 1
    assert table["word"].tolist() == ["v", "z"]
    assert table.iloc[0].tolist() == ["v", "top 2 of IG only", 1, 5]
    assert table.iloc[1].tolist() == ["z", "top 2 of KL only", 5, 1]
    assert ranks([3.0, 1.0, 3.0]).tolist() == [1, 3, 1]


def test_top_masks_by_hand():
    a = np.array([5.0, 4.0, 3.0, 2.0, 1.0])   # top 2: 0, 1
    b = np.array([1.0, 4.5, 3.0, 4.0, 5.0])   # top 2: 4, 1
    top_a, top_b = top_masks(a, b, 2)
    assert top_a.tolist() == [True, True, False, False, False]
    assert top_b.tolist() == [False, True, False, False, True]
    assert all(m.all() for m in top_masks(a, b, 9))  # fewer words than n: every word


def test_agreement_matrix_is_symmetric_with_a_unit_diagonal():
    corpus = fsviz.load_sample()
    task = corpus.binary_task(corpus.classes[0])
    scores = {m: task.score(m) for m in ("ig", "igf", "dfreq", "kl", "svm_w")}
    for kind in ("spearman", "loglog"):
        matrix = agreement_matrix(scores, kind).to_numpy()
        assert np.allclose(matrix, matrix.T) and np.allclose(np.diag(matrix), 1)
        assert (np.abs(matrix) <= 1 + 1e-12).all()
    # Binary and frequency IG agree far more than IG and document frequency (Goutte: 0.715 vs 0.232).
    spearman = agreement_matrix(scores, "spearman")
    assert spearman.loc["ig", "igf"] > spearman.loc["ig", "dfreq"]
    with pytest.raises(ValueError, match="spearman"):
        agreement_matrix(scores, "pearson")
