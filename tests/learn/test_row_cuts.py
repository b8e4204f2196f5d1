"""Parts of a CSR matrix's rows (fsviz.learn._row_cuts): each row's prefix of the columns below k, and rows cut to
ranges, against scipy's slicing."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import sparse

from fsviz.learn._row_cuts import cut_rows, prefix_ends


def _matrix(n_rows, n_columns, density, seed):
    X = sparse.random(n_rows, n_columns, density=density, format="csr", dtype=np.float64,
                      random_state=np.random.default_rng(seed))
    X.sort_indices()
    return X


def _same(got, expected):
    data, indices, indptr = got
    np.testing.assert_array_equal(indptr, expected.indptr)
    np.testing.assert_array_equal(indices, expected.indices)
    np.testing.assert_array_equal(data, expected.data)
    assert indptr.dtype == np.int32 and indices.dtype == expected.indices.dtype


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 30), st.integers(1, 40), st.floats(0.0, 0.7), st.integers(0, 2**32 - 1), st.data())
def test_prefixes_are_scipys_first_columns(n_rows, n_columns, density, seed, data):
    X = _matrix(n_rows, n_columns, density, seed)
    ks = sorted(data.draw(st.lists(st.integers(0, n_columns), min_size=1, max_size=4)))
    after = None
    for k in ks:
        ends = prefix_ends(X.indices, X.indptr, k)
        np.testing.assert_array_equal(ends, X.indptr[:-1] + np.diff(X[:, :k].tocsr().indptr))
        after = prefix_ends(X.indices, X.indptr, k, after)  # looking on from a smaller k's ends
        np.testing.assert_array_equal(after, ends)
        _same(cut_rows(X.data, X.indices, X.indptr[:-1], ends), X[:, :k].tocsr())


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(1, 20), st.floats(0.0, 0.7), st.integers(0, 2**32 - 1), st.data())
def test_taken_rows_are_scipys_rows(n_rows, n_columns, density, seed, data):
    X = _matrix(n_rows, n_columns, density, seed)
    rows = np.array(data.draw(st.lists(st.integers(0, n_rows - 1), max_size=2 * n_rows)), dtype=np.int64)
    _same(cut_rows(X.data, X.indices, X.indptr[rows], X.indptr[rows + 1]), X[rows])


def test_a_prefix_by_hand():
    # rows: [0, 2, 5], [], [1, 3]
    indices = np.array([0, 2, 5, 1, 3], dtype=np.int32)
    indptr = np.array([0, 3, 3, 5])
    data = np.arange(1.0, 6.0)
    ends = prefix_ends(indices, indptr, 3)
    np.testing.assert_array_equal(ends, [2, 3, 4])
    cut = cut_rows(data, indices, indptr[:-1], ends)
    np.testing.assert_array_equal(cut[0], [1.0, 2.0, 4.0])
    np.testing.assert_array_equal(cut[1], [0, 2, 1])
    np.testing.assert_array_equal(cut[2], [0, 2, 2, 3])
