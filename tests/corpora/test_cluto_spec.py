"""CLUTO's files as they are written (issue 51): every generated matrix reads back exactly, in both layouts; a
row that gives one column twice is refused with its line (never summed), a header whose non-zero count disagrees
with the rows is noted, and lines past the header's rows are refused."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from fsviz import CorpusError
from fsviz.corpora import read_cluto, read_cluto_mat

MATRICES = st.integers(1, 6).flatmap(lambda n: st.integers(1, 6).flatmap(
    lambda m: arrays(np.int64, (n, m), elements=st.integers(0, 4))))


def write_mat(folder, counts, *, nnz=None, twice=None, extra=""):
    rows = []
    for i, row in enumerate(counts):
        pairs = [(j + 1, int(v)) for j, v in enumerate(row) if v]
        if twice is not None and i == twice and pairs:
            pairs.append(pairs[0])
        rows.append(" ".join(f"{j} {v}" for j, v in pairs))
    header = f"{counts.shape[0]} {counts.shape[1]} {np.count_nonzero(counts) if nnz is None else nnz}"
    (folder / "m.mat").write_text(header + "\n" + "\n".join(rows) + "\n" + extra)
    (folder / "m.mat.rclass").write_text("".join(f"c{i % 2}\n" for i in range(counts.shape[0])))
    return folder / "m.mat"


def write_sparse(folder, counts, *, twice=None):
    rows = []
    for i, row in enumerate(counts):
        pairs = [(j, int(v)) for j, v in enumerate(row) if v]
        if twice is not None and i == twice and pairs:
            pairs.append(pairs[0])
        rows.append(" ".join([str(len(pairs)), *(f"{j} {v}" for j, v in pairs)]))
    (folder / "sparse_m.txt").write_text(f"{counts.shape[0]} {counts.shape[1]}\n" + "\n".join(rows) + "\n")
    (folder / "m_correct.txt").write_text(" ".join("1" for _ in counts) + "\n")
    return folder


@settings(max_examples=50, deadline=None)
@given(counts=MATRICES, data=st.data())
def test_cluto_files_read_back_exactly_and_a_column_twice_is_refused(tmp_path_factory, counts, data):
    folder = tmp_path_factory.mktemp("cluto")
    assert np.array_equal(read_cluto_mat(write_mat(folder, counts)).counts.toarray(), counts)
    assert read_cluto_mat(folder / "m.mat").notes == []
    assert np.array_equal(read_cluto(write_sparse(folder, counts)).counts.toarray(), counts)
    filled = [i for i, row in enumerate(counts) if row.any()]
    if filled:
        twice = data.draw(st.sampled_from(filled))
        with pytest.raises(CorpusError, match=f"line {twice + 2}, column .*given twice in one row"):
            read_cluto_mat(write_mat(folder, counts, twice=twice))
        with pytest.raises(CorpusError, match=f"line {twice + 2}, column .*given twice in one row"):
            read_cluto(write_sparse(folder, counts, twice=twice))
    wrong = np.count_nonzero(counts) + data.draw(st.integers(1, 5))
    raw = read_cluto_mat(write_mat(folder, counts, nnz=wrong))
    assert np.array_equal(raw.counts.toarray(), counts)
    assert raw.notes == [f"m.mat's header says {wrong:,} non-zero entries, its rows hold "
                         f"{np.count_nonzero(counts):,}; read as the rows say"]
    with pytest.raises(CorpusError, match=f"says {counts.shape[0]} rows, found more"):
        read_cluto_mat(write_mat(folder, counts, extra="1 1\n"))
