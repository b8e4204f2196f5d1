"""CLUTO sets: the converted sparse matrices and CLUTO's own ``.mat`` files.

- ``cluto``: a folder with ``sparse_<name>.txt`` and ``<name>_correct.txt``
  (CLUTO sets converted to a 0-based sparse matrix and a class × document
  indicator matrix).
- ``cluto-mat``: CLUTO's own ``<name>.mat`` with ``.mat.rclass`` labels and,
  when present, ``.mat.clabel`` words.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy import sparse

from .base import CorpusError, RawCorpus, check_word_counts, decode, lines_of
from .limits import Budget, bytes_of, check_limits, named_path

__all__ = ["CLUTO_CLASS_NAMES", "read_cluto", "read_cluto_mat"]


def _numbers(line: str, number: int, fname: str, dtype=np.int64) -> np.ndarray:
    """The numbers of one line; a token that is not one is refused with its line and column."""
    fields = line.split()
    try:
        return np.array(fields, dtype=dtype)
    except (ValueError, OverflowError):
        kind = int if dtype == np.int64 else float
        column, token = next(((j, f) for j, f in enumerate(fields, 1) if not _parses(kind, f)), (1, line))
        what = "a whole number" if kind is int else "a number"
        raise CorpusError(f"{fname} line {number}, column {column}: {token!r} is not {what}; fix it or re-export "
                          "the file") from None


def _parses(kind, token: str) -> bool:
    try:
        return kind is float or -(2**63) <= kind(token) < 2**63
    except ValueError:
        return False


def _int_rows(text: str, fname: str):
    """(line number, int64 row) of every line that is not blank."""
    return [(n, _numbers(line, n, fname)) for n, line in enumerate(lines_of(text), 1) if line.strip()]


def _header(values, names, fname, limits):
    """The header's whole numbers, each at least 0 and the documents and words within ``limits``."""
    if values.size < len(names) or np.any(values[: len(names)] < 0):
        raise CorpusError(f"{fname} line 1 must hold {' '.join(names)} (whole numbers, at least 0)")
    head = [int(v) for v in values[: len(names)]]
    if head[0] > limits.max_docs:
        raise limits.error("max_docs", fname, head[0])
    if head[1] > limits.max_words:
        raise limits.error("max_words", fname, head[1])
    return head


def _pairs(fname, line_of_row, indptr, first_column):
    """``place(i, offset)``: where the i-th (column, value) pair of a sparse matrix file is, as
    "<file> line L, column C" (``offset`` 0 for the pair's column index, 1 for its value)."""
    def place(at, offset=1):
        row = int(np.searchsorted(indptr, at, side="right")) - 1
        return f"{fname} line {line_of_row[row]}, column {first_column + 2 * (at - int(indptr[row])) + offset}"
    return place


def _check_columns(cols, n_cols, place, base, indptr):
    """Refuse a column index outside ``base..n_cols - 1 + base``, or given twice in one row (a sparse format
    gives each cell once: summing the two, or keeping one, would be a silent repair), with its place."""
    out = np.flatnonzero((cols < 0) | (cols >= n_cols))
    if out.size:
        raise CorpusError(f"{place(int(out[0]), 0)}: the column index {int(cols[out[0]]) + base} is out of range "
                          f"{base}..{n_cols - 1 + base}")
    rows = np.repeat(np.arange(len(indptr) - 1, dtype=np.int64), np.diff(indptr))
    order = np.lexsort((np.arange(cols.size), cols, rows))  # by row, column, then place: the later one second
    again = np.flatnonzero((np.diff(rows[order]) == 0) & (np.diff(cols[order]) == 0))
    if again.size:
        at = int(min(order[again + 1]))
        raise CorpusError(f"{place(at, 0)}: the column index {int(cols[at]) + base} is given twice in one row; give "
                          "each column once, its count summed")


def _label_rows(text: str, fname: str, n_docs: int) -> np.ndarray:
    """The class × document 0/1 matrix of a ``<name>_correct.txt``; ragged rows and other values are refused."""
    rows = _int_rows(text, fname)
    if not rows:
        raise CorpusError(f"{fname} is empty; it needs one 0/1 row per class with {n_docs} columns")
    for number, row in rows:
        if row.size != n_docs:
            raise CorpusError(f"{fname} line {number} has {row.size} values; every label row needs one 0 or 1 "
                              f"per document ({n_docs})")
        bad = np.flatnonzero((row != 0) & (row != 1))
        if bad.size:
            raise CorpusError(f"{fname} line {number}, column {bad[0] + 1}: {row[bad[0]]} is not 0 or 1")
    return np.array([row for _, row in rows])


#: Class names of the CLUTO sets as converted by ntyaan/some-datasets, row by
#: row of ``<name>_correct.txt`` (from the converter's source; see
#: ``../shared/data/PROVENANCE.md``). re1 lists "tin" twice; the repair in
#: :func:`read_cluto` handles that.
CLUTO_CLASS_NAMES = {
    "fbis": "202 187 189 100 108 142 118 161 111 221 3 11 95 240 4 12 119".split(),
    "la1": "Financial Foreign National Metro Sports Entertainment".split(),
    "la2": "Financial Foreign National Metro Sports Entertainment".split(),
    "re0": "housing money trade reserves cpi interest gnp retail ipi jobs lei bop wpi".split(),
    "re1": (
        "cocoa grain veg wheat copper coffee sugar ship cotton carcass crude nat meal alum oilseed gold "
        "tin livestock iron rubber tin zinc gas orange dlr"
    ).split(),
}


def read_cluto(path, *, name=None, limits=None) -> RawCorpus:
    """A folder with ``sparse_<name>.txt`` and ``<name>_correct.txt``.

    The matrix file starts with ``n_docs n_cols``; each next line is
    ``k c1 v1 … ck vk`` with 0-based columns. The label file has one 0/1 row
    per class. There is no word list, so words are named ``w0, w1, …``.

    Repairs (each recorded in the corpus notes): a label row identical to an
    earlier row is a converter's duplicate and is dropped (re1 lists "tin"
    twice); documents left with no label then form their own class,
    ``unknown`` (re1's class the converter forgot). A document with several
    1s keeps all of them (multi-label).

    Counts must be whole numbers, at least 0, and label rows must hold one
    0 or 1 per document; anything else is refused with its line and column.

    Parameters
    ----------
    path : str or os.PathLike
        The folder holding the two files.
    name : str, optional
        The corpus name; the set's ``<name>`` when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The labels, word counts and vocabulary read, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        If the input is malformed or exceeds ``limits``.

    See Also
    --------
    fsviz.corpora.read_cluto_mat : CLUTO's ``.mat`` layout.
    fsviz.corpora.read : picks this reader for a folder holding such a set.

    References
    ----------
    G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for
    Text Classification", JMLR 3 (2003), Appendix A: most of his datasets are
    Han & Karypis's (2000) preprocessed sets (re0, re1, tr11 … wap), the sets
    distributed with Karypis's CLUTO.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from fsviz.corpora import read_cluto
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (pathlib.Path(folder) / "sparse_tiny.txt").write_text("2 3\\n1 0 2\\n2 1 1 2 3\\n")
    ...     _ = (pathlib.Path(folder) / "tiny_correct.txt").write_text("1 0\\n0 1\\n")
    ...     raw = read_cluto(folder)
    >>> raw.name, raw.labels, raw.vocabulary.tolist(), raw.counts.toarray().tolist()
    ('tiny', [('c0',), ('c1',)], ['w0', 'w1', 'w2'], [[2.0, 0.0, 0.0], [0.0, 1.0, 3.0]])
    """
    limits = check_limits(limits)
    folder = named_path(path)
    matrix_files = sorted(folder.glob("sparse_*.txt"))
    if not matrix_files:
        raise CorpusError(f"{str(folder)!r} has no sparse_<name>.txt matrix file")
    set_name = matrix_files[0].stem.removeprefix("sparse_")
    label_file = folder / f"{set_name}_correct.txt"
    if not label_file.exists():
        raise CorpusError(f"{str(folder)!r} has {matrix_files[0].name} but no {label_file.name} label file")
    budget = Budget(limits, f"folder {folder.name!r}")
    fname = matrix_files[0].name
    rows = _int_rows(decode(bytes_of(matrix_files[0], budget)[0], fname), fname)
    if not rows:
        raise CorpusError(f"{fname} is empty; a CLUTO sparse matrix starts with 'n_docs n_cols'")
    n_docs, n_cols = _header(rows[0][1], ("n_docs", "n_cols"), fname, limits)
    body = rows[1:]
    if len(body) != n_docs:
        raise CorpusError(f"{fname} is not a CLUTO sparse matrix: the header says {n_docs} documents, "
                          f"found {len(body)} rows")
    for number, r in body:
        if r.size != 1 + 2 * r[0]:
            raise CorpusError(f"{fname} line {number}: the row starts with {r[0]} (pairs that follow) but has "
                              f"{r.size - 1} more values, not {max(2 * r[0], 0)}")
    lengths = np.array([r[0] for _, r in body], dtype=np.int64)
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    pairs = np.concatenate([r[1:] for _, r in body]) if body else np.zeros(0, np.int64)
    cols, vals = pairs[0::2], pairs[1::2]
    place = _pairs(fname, [n for n, _ in body], indptr, 2)
    _check_columns(cols, n_cols, place, 0, indptr)
    check_word_counts(vals, place)
    counts = sparse.csr_matrix((vals.astype(np.float64), cols, indptr), shape=(n_docs, n_cols))
    counts.sum_duplicates()
    indicator = _label_rows(decode(bytes_of(label_file, budget)[0], label_file.name), label_file.name, n_docs)
    names = list(CLUTO_CLASS_NAMES.get(set_name, [f"c{k}" for k in range(indicator.shape[0])]))
    if len(names) != indicator.shape[0]:
        names = [f"c{k}" for k in range(indicator.shape[0])]
    notes = []
    keep, first = [], {}
    for k in range(indicator.shape[0]):  # one hash lookup a row: linear in the file, never row against row
        duplicate = first.setdefault(np.packbits(indicator[k].astype(bool)).tobytes(), k)
        if duplicate == k:
            keep.append(k)
        else:
            notes.append(f"label row {k} ({names[k]}) duplicates row {duplicate} ({names[duplicate]}); dropped")
    indicator = indicator[keep].astype(bool)
    names = [names[k] for k in keep]
    unlabelled = ~indicator.any(axis=0)
    if unlabelled.any():
        notes.append(f"{int(unlabelled.sum())} documents had no label; they form the class 'unknown'")
    labels = [
        tuple(names[k] for k in np.flatnonzero(indicator[:, j])) or ("unknown",) for j in range(n_docs)
    ]
    return RawCorpus(
        labels=labels, counts=counts, vocabulary=np.array([f"w{j}" for j in range(n_cols)]),
        name=name or set_name, notes=notes,
    )


def read_cluto_mat(path, *, name=None, limits=None) -> RawCorpus:
    """CLUTO's ``<name>.mat`` (1-based sparse rows after an ``n_rows n_cols nnz``
    header), ``<name>.mat.rclass`` (one label per line) and, when present,
    ``<name>.mat.clabel`` (one word per line). Counts must be whole numbers,
    at least 0; anything else is refused with its line and column.

    Parameters
    ----------
    path : str or os.PathLike
        The ``.mat`` file, or a folder holding one (the first with its ``.rclass``).
    name : str, optional
        The corpus name; the ``.mat`` file's stem when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The labels, word counts and vocabulary read, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        If the input is malformed or exceeds ``limits``; or the ``.rclass`` file is missing.

    See Also
    --------
    fsviz.corpora.read_cluto : CLUTO's ``sparse_<name>.txt`` layout.
    fsviz.corpora.read : picks this reader for a ``.mat`` file.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from fsviz.corpora import read_cluto_mat
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     mat = pathlib.Path(folder) / "tiny.mat"
    ...     _ = mat.write_text("2 3 3\\n1 2\\n2 1 3 3\\n")
    ...     _ = mat.with_suffix(".mat.rclass").write_text("fruit\\nsky\\n")
    ...     _ = mat.with_suffix(".mat.clabel").write_text("apple\\nsky\\nblue\\n")
    ...     raw = read_cluto_mat(mat)
    >>> raw.labels, raw.vocabulary.tolist(), raw.counts.toarray().tolist()
    ([('fruit',), ('sky',)], ['apple', 'sky', 'blue'], [[2.0, 0.0, 0.0], [0.0, 1.0, 3.0]])
    """
    limits = check_limits(limits)
    path = named_path(path)
    if path.is_dir():
        mats = sorted(p for p in path.glob("*.mat") if Path(f"{p}.rclass").exists())
        if not mats:
            raise CorpusError(f"{str(path)!r} has no <name>.mat with a <name>.mat.rclass beside it")
        path = mats[0]
    rclass = Path(f"{path}.rclass")
    if not rclass.exists():
        raise CorpusError(f"{path.name} needs its labels in {rclass.name} beside it")
    budget = Budget(limits, repr(path.name))
    lines = lines_of(decode(bytes_of(path, budget)[0], path.name))
    if not lines or not lines[0].strip():
        raise CorpusError(f"{path.name} is empty; a CLUTO .mat file starts with 'n_rows n_cols nnz'")
    n_rows, n_cols, nnz = _header(_numbers(lines[0], 1, path.name), ("n_rows", "n_cols", "nnz"), path.name, limits)
    body = lines[1 : 1 + n_rows]
    extra = next((number for number, ln in enumerate(lines[1 + n_rows:], 2 + n_rows) if ln.strip()), None)
    if len(body) != n_rows or extra is not None:
        found = len(body) if extra is None else f"more (line {extra})"
        raise CorpusError(f"{path.name} is not a CLUTO .mat file: the header says {n_rows} rows, found {found}")
    parsed = [_numbers(ln, number, path.name, np.float64) for number, ln in enumerate(body, 2)]
    odd = next((number for number, p in enumerate(parsed, 2) if p.size % 2), None)
    if odd is not None:
        raise CorpusError(f"{path.name} line {odd}: a row holds (column, value) pairs, so an even number of values")
    lengths = np.array([p.size // 2 for p in parsed], dtype=np.int64)
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    flat = np.concatenate(parsed) if parsed else np.zeros(0)
    place = _pairs(path.name, range(2, n_rows + 2), indptr, 1)
    raw_cols = flat[0::2]
    fraction = np.flatnonzero(~np.isfinite(raw_cols) | (raw_cols != np.round(raw_cols)))
    if fraction.size:
        raise CorpusError(f"{place(int(fraction[0]), 0)}: the column index {raw_cols[fraction[0]]:g} is not a "
                          "whole number")
    cols = np.clip(raw_cols, -1, n_cols + 1).astype(np.int64) - 1
    _check_columns(cols, n_cols, place, 1, indptr)
    check_word_counts(flat[1::2], place)
    counts = sparse.csr_matrix((flat[1::2], cols, indptr), shape=(n_rows, n_cols))
    counts.sum_duplicates()
    notes = [] if nnz == cols.size else [
        f"{path.name}'s header says {nnz:,} non-zero entries, its rows hold {cols.size:,}; read as the rows say"]
    labels = [(ln.strip(),) for ln in lines_of(decode(bytes_of(rclass, budget)[0], rclass.name)) if ln.strip()]
    if len(labels) != n_rows:
        raise CorpusError(f"{rclass.name} has {len(labels)} labels for {n_rows} documents")
    clabel = Path(f"{path}.clabel")
    if clabel.exists():
        words = [ln.strip() for ln in lines_of(decode(bytes_of(clabel, budget)[0], clabel.name)) if ln.strip()]
        if len(words) != n_cols:
            raise CorpusError(f"{clabel.name} names {len(words):,} words for the matrix's {n_cols:,} columns; it "
                              "must name one word a column, in order (or remove it: the columns are then w0, w1, …)")
        first: dict = {}
        for line, word in enumerate(words, 1):  # one word, one column: never a word counted twice
            if first.setdefault(word, line) != line:
                raise CorpusError(f"{clabel.name} names the word {word[:80]!r} twice (lines {first[word]} and "
                                  f"{line}); each column needs its own word")
        vocabulary = np.array(words, dtype=object)
    else:
        vocabulary = np.array([f"w{j}" for j in range(n_cols)])
    return RawCorpus(labels=labels, counts=counts, vocabulary=vocabulary, name=name or path.stem, notes=notes)
