"""MetricSelector's inputs by scikit-learn's conventions (issue 51): a missing label anywhere in ``y`` (None, NaN,
pandas' NA) is refused by its position, labels that cannot be ordered are refused by their types, never a raw sort
TypeError; fractional X (tf-idf) is read as presence with a warning that says so."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz import MetricSelector

X = np.array([[2, 1, 0, 0], [1, 0, 0, 1], [0, 0, 3, 1], [0, 1, 1, 0], [1, 1, 1, 1], [0, 2, 0, 1]])


@settings(max_examples=60, deadline=None)
@given(at=st.integers(0, 5), missing=st.sampled_from([None, float("nan"), np.nan, pd.NA]),
       kind=st.sampled_from(["list", "object array", "series"]))
def test_a_missing_label_is_refused_by_its_position(at, missing, kind):
    y = ["a", "b", "a", "b", "a", "b"]
    y[at] = missing
    y = {"list": y, "object array": np.array(y, dtype=object), "series": pd.Series(y, dtype=object)}[kind]
    with pytest.raises(ValueError, match=f"missing label .* at position {at}"):
        MetricSelector("bns", k=2).fit(X, y)


def test_a_float_nan_label_and_unordered_types_are_refused_in_words():
    with pytest.raises(ValueError, match="Input y contains NaN \\(at position 2\\)"):
        MetricSelector("bns", k=2).fit(X, np.array([0.0, 1.0, np.nan, 1.0, 0.0, 1.0]))
    with pytest.raises(ValueError, match="mixes labels of types"):
        MetricSelector("bns", k=2).fit(X, np.array(["a", 1, "a", 1, "a", 1], dtype=object))


def test_fractional_x_is_read_as_presence_with_a_warning():
    y = [0, 1, 0, 1, 0, 1]
    with pytest.warns(UserWarning, match="fractional values .* presence"):
        weighted = MetricSelector("bns", k=2).fit(X * 0.37, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        counted = MetricSelector("bns", k=2).fit(X, y)
    assert np.array_equal(weighted.get_support(), counted.get_support())
