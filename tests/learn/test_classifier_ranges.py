"""No check runs the value it checks through open-ended work: a classifier's numeric parameters are checked
against documented ranges before anything is fitted, and the toy fit that checks they go together is bounded.
Any value answers at once (hypothesis's deadline catches a check that would hang)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz.learn._ranges import RANGES
from fsviz.learn.classifiers import check_classifier

VALUES = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-(10**12), 10**12))
PARAMS = [("svm", "C"), ("svm", "tol"), ("svm", "max_iter"), ("nb", "alpha"), ("knn", "n_neighbors")]


@settings(max_examples=40, deadline=5000)
@given(value=VALUES)
@pytest.mark.parametrize("name, param", PARAMS)
def test_a_value_is_accepted_inside_its_range_or_refused_at_once(name, param, value):
    low, high = RANGES[param]
    try:
        check_classifier(name, {param: value})
    except ValueError as exc:
        assert f"classifier {name!r}" in str(exc)
        return
    assert not (isinstance(value, float) and math.isnan(value)) and low <= value <= high


@pytest.mark.parametrize("C", [1e200, 1e-300, 1e7])
def test_the_examples_that_hung_are_refused_naming_the_range(C):
    with pytest.raises(ValueError, match="is outside 1e-06 … 1e\\+06, the range fsviz accepts"):
        check_classifier("svm", {"C": C})


def test_the_widest_accepted_values_check_quickly():
    check_classifier("svm", {"C": 1e6, "max_iter": 1_000_000, "tol": 1e-12})  # the toy fit is bounded
