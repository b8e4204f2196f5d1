"""fsviz.selection.combine.average_ranks against scipy.stats.rankdata (the combinations' ranks)."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import rankdata

from fsviz.selection.combine import average_ranks

values = arrays(float, st.integers(0, 60), elements=st.one_of(
    st.integers(-3, 3).map(float), st.floats(allow_nan=True, allow_infinity=True, width=32)))


@given(values)
def test_average_ranks_equal_scipys(x):
    assert np.array_equal(average_ranks(x), rankdata(x, method="average"), equal_nan=True)


def test_average_ranks_by_hand():
    assert average_ranks([3.0, 1.0, 3.0, 2.0]).tolist() == [3.5, 1.0, 3.5, 2.0]
    assert average_ranks([]).size == 0
