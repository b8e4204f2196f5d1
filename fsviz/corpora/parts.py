"""A corpus counted in parts: each word's documents per class, summed over partitions of the file (issue 55).

The views the app opens with — the word map, the decision boundaries, every class side by side, each word's p, q
and log ratio — read only each word's document counts per class (a :class:`fsviz.Task` is ``tp``, ``fp``, ``pos``
and ``neg``). Those are sums over documents: :func:`count_in_parts` reads a corpus file in partitions of
``part_docs`` documents, counts each exactly as :func:`fsviz.load_corpus` would (the same reader, tokeniser, stop
words, stems and n-grams, and class names cleaned by the same rule), and merges the counts; the vocabulary and the
rare- and common-word cutoffs are decided after the merge, on the whole corpus's document frequencies. So memory
follows the partition, not the corpus, and the result equals what :func:`fsviz.load_corpus` counts (a property test
holds it over generated corpora and partitions down to one document).

What can be split: JSONL (one record a line) and CSV/TSV with a header row that names the text and label columns
(records, not lines: a quoted field may hold a line end). Documents' texts are not kept: views that need the
documents themselves run on a sample.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy import sparse

from .corpus import DEFAULT_MIN_DF, counted
from .cutoffs import df_cutoffs
from .formats import CorpusError, check_limits, read
from .formats.base import suffix_of
from .formats.tables import LABEL_NAMES, TEXT_NAMES
from .paths import require_path
from .task import Task

__all__ = ["IN_MEMORY_FACTOR", "PART_DOCS", "ClassCounts", "count_in_parts", "default_memory", "part_docs_for"]

#: Documents in a partition by default: about 50 MB of text at 1 KB a document.
PART_DOCS = 50_000
#: Peak memory of reading a corpus whole, per byte of its file (measured: 1,000,000 documents, 414 MB of JSONL,
#: peaked at 1.94 GB in ``fsviz info``; benchmarks/bench_scale.py).
IN_MEMORY_FACTOR = 5
_SAMPLE_BYTES = 1 << 20


def default_memory() -> int:
    """Half of this machine's physical memory, in bytes: the budget when none is given (4 GiB if unknown).

    Returns
    -------
    int
        Bytes.

    See Also
    --------
    fsviz.corpora.part_docs_for : Decides from a budget whether to count in parts.

    Examples
    --------
    >>> default_memory() > 0
    True
    """
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")) // 2
    except (ValueError, OSError, AttributeError):
        return 4 << 30


def part_docs_for(source, memory: int) -> int | None:
    """How many documents to count at a time so that reading ``source`` stays within ``memory`` bytes: None when
    the whole file fits (its size × :data:`IN_MEMORY_FACTOR` within ``memory``) or cannot be split (not JSONL, CSV
    or TSV: it is read whole), else a partition's documents, from the file's mean document size (its first
    megabyte's lines).

    Parameters
    ----------
    source : path or anything :func:`fsviz.load_corpus` reads
        The corpus.
    memory : int
        The budget, in bytes.

    Returns
    -------
    int or None
        Documents a partition, or None to read the corpus whole.

    See Also
    --------
    fsviz.corpora.count_in_parts : Counts with the partition this gives.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "c.jsonl"
    ...     _ = path.write_text('{"text": "a b c", "label": "x"}\\n' * 1000)
    ...     part_docs_for(path, 10 << 20), part_docs_for(path, 20_000)
    (None, 125)
    """
    if not isinstance(source, (str, os.PathLike)) or not os.path.isfile(source):
        return None
    size = os.path.getsize(source)
    if size * IN_MEMORY_FACTOR <= memory or suffix_of(Path(source).name) not in _SPLITTABLE:
        return None
    with open(source, "rb") as file:
        head = file.read(_SAMPLE_BYTES)
    per_doc = max(1, len(head) // max(1, head.count(b"\n")))
    return max(1, memory // (IN_MEMORY_FACTOR * per_doc))


@dataclass(frozen=True, eq=False)
class ClassCounts:
    """Each word's documents per class, for a corpus counted in parts (:func:`count_in_parts`).

    Parameters
    ----------
    name : str
        The corpus name.
    vocabulary : ndarray of object, shape (n_words,)
        The words kept by the cutoffs, sorted as :func:`fsviz.load_corpus` sorts them.
    classes : ndarray of object, shape (n_classes,)
        The class names, sorted.
    class_sizes : ndarray of int64, shape (n_classes,)
        Documents of each class.
    n_docs : int
        Documents read.
    df : ndarray of int64, shape (n_words,)
        Documents containing each word.
    df_by_class : scipy.sparse.csr_matrix of int64, shape (n_words, n_classes)
        Documents of each class containing each word.
    parts : int
        Partitions read.

    See Also
    --------
    fsviz.corpora.count_in_parts : Makes it.
    fsviz.Task : What :meth:`task` gives, as :meth:`fsviz.Corpus.binary_task` does for a loaded corpus.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import sparse
    >>> counts = ClassCounts("tiny", np.array(["apple", "sky"], dtype=object), np.array(["fruit", "sky"], dtype=object),
    ...                      np.array([2, 2]), 4, np.array([2, 2]), sparse.csr_matrix([[2, 0], [0, 2]]), 1)
    >>> task = counts.task("sky")
    >>> task.tp.tolist(), task.fp.tolist(), task.pos, task.neg
    ([0, 2], [2, 0], 2, 2)
    """

    name: str
    vocabulary: np.ndarray
    classes: np.ndarray
    class_sizes: np.ndarray
    n_docs: int
    df: np.ndarray
    df_by_class: sparse.csr_matrix
    parts: int

    def task(self, name) -> Task:
        """The task of class ``name`` against the rest, from the counts: what the word map and the metrics read.

        Raises
        ------
        KeyError
            When the corpus has no class ``name``.
        """
        where = np.flatnonzero(self.classes == str(name))
        if not where.size:
            raise KeyError(f"no class {name!r}; the classes are {', '.join(map(str, self.classes[:10]))}")
        c = int(where[0])
        tp = self.df_by_class[:, c].toarray().ravel().astype(np.int64)
        pos = int(self.class_sizes[c])
        return Task(str(name), tp, (self.df - tp).astype(np.int64), pos, int(self.n_docs - pos), self.vocabulary)


def _jsonl_parts(path: Path, part_docs: int):
    """The file's records in groups of ``part_docs`` non-blank lines, as bytes."""
    chunk, n = [], 0
    with path.open("rb") as file:
        for line in file:
            if line.strip():
                chunk.append(line if line.endswith(b"\n") else line + b"\n")
                n += 1
                if n == part_docs:
                    yield b"".join(chunk)
                    chunk, n = [], 0
    if chunk:
        yield b"".join(chunk)


def _table_parts(path: Path, part_docs: int, sep: str):
    """The table's records (a quoted field may hold a line end) in groups of ``part_docs``, each with the header,
    as bytes; CorpusError when the header does not name a text and a label column."""
    quoting = csv.QUOTE_NONE if sep == "\t" else csv.QUOTE_MINIMAL
    with path.open(encoding="utf-8-sig", newline="") as file:
        rows = csv.reader(file, delimiter=sep, quoting=quoting, strict=True)
        header = next(rows, None)
        names = [h.strip().lower() for h in header or ()]
        if not any(n in TEXT_NAMES for n in names) or not any(n in LABEL_NAMES for n in names):
            raise CorpusError(f"{path.name!r}: counting in parts needs a header row naming the text column (one of "
                              f"{', '.join(TEXT_NAMES[:4])} …) and the label column (one of "
                              f"{', '.join(LABEL_NAMES[:4])} …); found {header}")
        chunk = []
        for row in rows:
            if row:
                chunk.append(row)
            if len(chunk) == part_docs:
                yield _table_bytes(header, chunk, sep, quoting)
                chunk = []
        if chunk:
            yield _table_bytes(header, chunk, sep, quoting)


def _table_bytes(header, rows, sep, quoting) -> bytes:
    if quoting == csv.QUOTE_NONE:  # a TSV: its fields hold no tab or line end, and a quote is text
        return "".join(sep.join(row) + "\n" for row in [header, *rows]).encode("utf-8")
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, quoting=quoting, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


_SPLITTABLE = (".jsonl", ".ndjson", ".csv", ".tsv", ".tab")


def _parts(path: Path, part_docs: int):
    """(format, each partition's bytes) of a file that can be split."""
    suffix = suffix_of(path.name)
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl", _jsonl_parts(path, part_docs)
    if suffix in (".csv", ".tsv", ".tab"):
        sep = "\t" if suffix in (".tsv", ".tab") else ","
        return ("tsv" if sep == "\t" else "csv"), _table_parts(path, part_docs, sep)
    raise CorpusError(f"{path.name!r}: counting in parts reads JSONL, CSV and TSV files; load this one whole "
                      "(fsviz.load_corpus)")


def count_in_parts(source, *, part_docs: int = PART_DOCS, min_df=DEFAULT_MIN_DF, max_df=1.0, limits=None,
                   **options) -> ClassCounts:
    """Each word's documents per class in ``source``, counted ``part_docs`` documents at a time and merged.

    Parameters
    ----------
    source : str or os.PathLike
        A JSONL, CSV or TSV file (CSV/TSV with a header naming the text and label columns).
    part_docs : int, default :data:`PART_DOCS`
        Documents in a partition: what is held in memory at once.
    min_df, max_df : int or float
        The rare- and common-word cutoffs, decided on the whole corpus after the merge (as :func:`fsviz.load_corpus`).
    limits : fsviz.Limits, optional
        Bounds on each partition (its documents, its words); :data:`fsviz.DEFAULT_LIMITS` when None.
    **options
        Preprocessing, as :func:`fsviz.load_corpus` takes it (``stopwords``, ``stem``, ``ngrams`` …).

    Returns
    -------
    ClassCounts
        The counts, whose :meth:`ClassCounts.task` gives the task of a class.

    Raises
    ------
    CorpusError
        For a source that cannot be split, a malformed partition, or a corpus with fewer than two classes or no
        word after the cutoffs.

    See Also
    --------
    fsviz.load_corpus : Reads the whole corpus, with the documents; counts the same.
    fsviz.corpora.counted : How each partition is counted.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import fsviz
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "tiny.jsonl"
    ...     _ = path.write_text('{"text": "red apple", "label": "fruit"}\\n{"text": "green apple", "label": "fruit"}\\n'
    ...                         '{"text": "blue sky", "label": "sky"}\\n{"text": "grey sky", "label": "sky"}\\n')
    ...     counts = count_in_parts(path, part_docs=1, min_df=2)
    >>> counts.vocabulary.tolist(), counts.parts, counts.task("fruit").tp.tolist()
    (['apple', 'sky'], 4, [2, 0])
    """
    if not isinstance(part_docs, int) or isinstance(part_docs, bool) or part_docs < 1:
        raise ValueError(f"part_docs must be a whole number of documents, at least 1, got {part_docs!r}")
    require_path(source)  # a missing or unusable path says why
    path = Path(source)
    limits = check_limits(limits)
    fmt, parts = _parts(Path(path), part_docs)
    words: dict = {}
    names: dict = {}
    rows, cols, vals, df_parts, sizes = [], [], [], [], []
    n_docs, n_parts = 0, 0
    for data in parts:
        raw = read(io.BytesIO(data), format=fmt, limits=limits)
        part = counted(raw, limits=limits, **options)
        presence = (part.X_tf > 0).astype(np.int64)
        word_at = np.array([words.setdefault(w, len(words)) for w in part.vocabulary.tolist()], dtype=np.int64)
        class_at = np.array([names.setdefault(c, len(names)) for c in part.classes.tolist()], dtype=np.int64)
        by_class = (presence.T @ part.Y.astype(np.int64)).tocoo()  # words × classes
        rows.append(word_at[by_class.row])
        cols.append(class_at[by_class.col])
        vals.append(by_class.data.astype(np.int64))
        df_parts.append((word_at, np.asarray(presence.sum(axis=0)).ravel()))
        sizes.append((class_at, np.asarray(part.Y.sum(axis=0)).ravel().astype(np.int64)))
        n_docs += part.Y.shape[0]
        n_parts += 1
    if n_docs == 0:
        raise CorpusError(f"{Path(path).name!r} holds no documents")
    vocabulary = np.array(list(words), dtype=object)
    classes = np.array(list(names), dtype=object)
    df = np.zeros(vocabulary.size, dtype=np.int64)
    for at, counts in df_parts:
        np.add.at(df, at, counts)
    class_sizes = np.zeros(classes.size, dtype=np.int64)
    for at, counts in sizes:
        np.add.at(class_sizes, at, counts)
    by_class = sparse.csr_matrix((np.concatenate(vals) if vals else np.zeros(0, np.int64),
                                  (np.concatenate(rows) if rows else np.zeros(0, np.int64),
                                   np.concatenate(cols) if cols else np.zeros(0, np.int64))),
                                 shape=(vocabulary.size, classes.size))
    word_order, class_order = np.argsort(vocabulary.astype(str), kind="stable"), np.argsort(classes.astype(str))
    vocabulary, df, by_class = vocabulary[word_order], df[word_order], by_class[word_order][:, class_order]
    classes, class_sizes = classes[class_order], class_sizes[class_order]
    if classes.size < 2:
        raise CorpusError(f"{Path(path).name!r} has {'only one class' if classes.size else 'no labels'}; fsviz "
                          "compares each class against the rest, so a corpus needs at least two classes")
    keep, _, _ = df_cutoffs(vocabulary, df, min_df, max_df, n_docs)
    if not keep.any():
        raise CorpusError(f"{Path(path).name!r}: no word is left after the cutoffs (min_df={min_df}, "
                          f"max_df={max_df}); lower min_df")
    return ClassCounts(name=Path(path).name.split(".")[0], vocabulary=vocabulary[keep], classes=classes,
                       class_sizes=class_sizes, n_docs=n_docs, df=df[keep], df_by_class=by_class[keep].tocsr(),
                       parts=n_parts)
