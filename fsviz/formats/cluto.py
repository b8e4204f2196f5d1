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

from .base import CorpusError, RawCorpus, decode

__all__ = ["CLUTO_CLASS_NAMES", "read_cluto", "read_cluto_mat"]


def _parse_int_rows(text: str):
    return [np.array(line.split(), dtype=np.int64) for line in text.splitlines() if line.strip()]


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


def read_cluto(path, *, name=None) -> RawCorpus:
    """A folder with ``sparse_<name>.txt`` and ``<name>_correct.txt``.

    The matrix file starts with ``n_docs n_cols``; each next line is
    ``k c1 v1 … ck vk`` with 0-based columns. The label file has one 0/1 row
    per class. There is no word list, so words are named ``w0, w1, …``.

    Repairs (each recorded in the corpus notes): a label row identical to an
    earlier row is a converter's duplicate and is dropped (re1 lists "tin"
    twice); documents left with no label then form their own class,
    ``unknown`` (re1's class the converter forgot). A document with several
    1s keeps all of them (multi-label).
    """
    folder = Path(path)
    matrix_files = sorted(folder.glob("sparse_*.txt"))
    if not matrix_files:
        raise CorpusError(f"{str(folder)!r} has no sparse_<name>.txt matrix file")
    set_name = matrix_files[0].stem.removeprefix("sparse_")
    label_file = folder / f"{set_name}_correct.txt"
    if not label_file.exists():
        raise CorpusError(f"{str(folder)!r} has {matrix_files[0].name} but no {label_file.name} label file")
    rows = _parse_int_rows(decode(matrix_files[0].read_bytes(), matrix_files[0].name))
    try:
        n_docs, n_cols = (int(v) for v in rows[0][:2])
        body = rows[1:]
        if len(body) != n_docs:
            raise ValueError(f"header says {n_docs} documents, found {len(body)} rows")
        lengths = np.array([r[0] for r in body])
        if np.any([r.size != 1 + 2 * r[0] for r in body]):
            raise ValueError("a row's length does not match its leading count")
        pairs = np.concatenate([r[1:] for r in body]) if body else np.zeros(0, np.int64)
        cols, vals = pairs[0::2], pairs[1::2]
        if cols.size and (cols.min() < 0 or cols.max() >= n_cols):
            raise ValueError(f"column index out of range 0..{n_cols - 1}")
    except (ValueError, IndexError) as exc:
        raise CorpusError(f"{matrix_files[0].name} is not a CLUTO sparse matrix: {exc}") from None
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    counts = sparse.csr_matrix((vals.astype(np.float64), cols, indptr), shape=(n_docs, n_cols))
    counts.sum_duplicates()
    indicator = np.array(_parse_int_rows(decode(label_file.read_bytes(), label_file.name)))
    if indicator.ndim != 2 or indicator.shape[1] != n_docs:
        raise CorpusError(f"{label_file.name} must have one 0/1 row per class with {n_docs} columns")
    names = list(CLUTO_CLASS_NAMES.get(set_name, [f"c{k}" for k in range(indicator.shape[0])]))
    if len(names) != indicator.shape[0]:
        names = [f"c{k}" for k in range(indicator.shape[0])]
    notes = []
    keep = []
    for k in range(indicator.shape[0]):
        duplicate = next((j for j in keep if np.array_equal(indicator[j], indicator[k])), None)
        if duplicate is None:
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


def read_cluto_mat(path, *, name=None) -> RawCorpus:
    """CLUTO's ``<name>.mat`` (1-based sparse rows after an ``n_rows n_cols nnz``
    header), ``<name>.mat.rclass`` (one label per line) and, when present,
    ``<name>.mat.clabel`` (one word per line)."""
    path = Path(path)
    if path.is_dir():
        mats = sorted(p for p in path.glob("*.mat") if Path(f"{p}.rclass").exists())
        if not mats:
            raise CorpusError(f"{str(path)!r} has no <name>.mat with a <name>.mat.rclass beside it")
        path = mats[0]
    rclass = Path(f"{path}.rclass")
    if not rclass.exists():
        raise CorpusError(f"{path.name} needs its labels in {rclass.name} beside it")
    lines = [ln for ln in decode(path.read_bytes(), path.name).splitlines()]
    try:
        n_rows, n_cols, _ = (int(v) for v in lines[0].split())
        body = lines[1 : 1 + n_rows]
        if len(body) != n_rows:
            raise ValueError(f"header says {n_rows} rows, found {len(body)}")
        parsed = [np.array(ln.split(), dtype=np.float64) for ln in body]
        lengths = np.array([p.size // 2 for p in parsed])
        flat = np.concatenate(parsed) if parsed else np.zeros(0)
        cols = flat[0::2].astype(np.int64) - 1
        if cols.size and (cols.min() < 0 or cols.max() >= n_cols):
            raise ValueError(f"column index out of range 1..{n_cols}")
    except ValueError as exc:
        raise CorpusError(f"{path.name} is not a CLUTO .mat file: {exc}") from None
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    counts = sparse.csr_matrix((flat[1::2], cols, indptr), shape=(n_rows, n_cols))
    counts.sum_duplicates()
    labels = [(ln.strip(),) for ln in decode(rclass.read_bytes(), rclass.name).splitlines() if ln.strip()]
    if len(labels) != n_rows:
        raise CorpusError(f"{rclass.name} has {len(labels)} labels for {n_rows} documents")
    clabel = Path(f"{path}.clabel")
    if clabel.exists():
        words = [ln.strip() for ln in decode(clabel.read_bytes(), clabel.name).splitlines() if ln.strip()]
        vocabulary = np.array(words) if len(words) == n_cols else np.array([f"w{j}" for j in range(n_cols)])
    else:
        vocabulary = np.array([f"w{j}" for j in range(n_cols)])
    return RawCorpus(labels=labels, counts=counts, vocabulary=vocabulary, name=name or path.stem)
