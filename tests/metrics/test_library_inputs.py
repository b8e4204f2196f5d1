"""Library entry points say what they take: counts or presence only (a negative or missing value is refused at its
place, never counted as present), and labels of one type with none missing."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import sparse

import fsviz
from fsviz.metrics.counts import binary_counts, document_frequency

counts = arrays(np.float64, st.tuples(st.integers(1, 8), st.integers(1, 8)), elements=st.integers(0, 5))


@settings(max_examples=60, deadline=None)
@given(counts, st.data())
def test_counts_are_read_as_presence_above_zero(X, data):
    y = np.asarray(data.draw(st.lists(st.booleans(), min_size=X.shape[0], max_size=X.shape[0])))
    for form in (X, sparse.csr_matrix(X), sparse.csc_matrix(X)):
        tp, fp, pos, neg = binary_counts(form, y)
        assert (tp == ((X > 0) & y[:, None]).sum(axis=0)).all() and (fp == ((X > 0) & ~y[:, None]).sum(axis=0)).all()
        assert (document_frequency(form) == (X > 0).sum(axis=0)).all()


@settings(max_examples=60, deadline=None)
@given(counts, st.data(), st.sampled_from([-0.5, -1.0, np.nan, np.inf, -np.inf]))
def test_a_negative_or_missing_value_is_refused_where_it_is(X, data, bad):
    row = data.draw(st.integers(0, X.shape[0] - 1))
    col = data.draw(st.integers(0, X.shape[1] - 1))
    X = X.copy()
    X[row, col] = bad
    first = np.argwhere(~np.isfinite(X) | (X < 0))[0]  # the first bad entry in row order
    for form in (X, sparse.csr_matrix(X)):
        with pytest.raises(ValueError, match=f"at row {first[0]}, column {first[1]}: fsviz counts words"):
            binary_counts(form, np.ones(X.shape[0], dtype=bool))
    if X.shape[0] >= 2:  # two classes, so the labels pass and X is what is refused
        with pytest.raises(ValueError, match="never negative or missing"):
            fsviz.score_func("bns")(X, np.arange(X.shape[0]) % 2)


@pytest.mark.parametrize("labels, words", [
    ([None, "a", "b", "a"], "missing label \\(None\\) at position 0"),
    (["a", float("nan"), "b", "a"], "missing label \\(nan\\) at position 1"),
    (np.array([1.0, np.nan, 0.0, 1.0]), "missing label \\(NaN\\) at position 1"),
    (["a", 1, "a", 1], "mixes label types \\(number, str\\)"),
])
def test_labels_missing_or_of_mixed_types_are_refused(labels, words):
    X = np.eye(4)
    with pytest.raises(ValueError, match=words):
        fsviz.score_func("bns")(X, labels)
