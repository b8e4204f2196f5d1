"""Texts with their labels: in memory, CSV/TSV tables, JSONL (:mod:`~fsviz.corpora.formats.jsonl`), and line files
(:mod:`~fsviz.corpora.formats.lines`); the normalisation of labels all of them share.

- ``texts``: in-memory ``(texts, labels)``.
- ``csv`` / ``tsv``: a text column and a label column, detected or named; a
  headerless ``label<TAB>text`` file works too. Cells are what Python's
  ``csv`` reads, strictly (a quote left open, or text after a closing one,
  is refused with its line); a TSV has no quoting (IANA), quotes are text.
  ``sep`` defaults to a tab (a tab in the first line, a ``.tsv``/``.tab``/
  ``.txt`` name), ``;`` (a first line with ``;`` and no ``,``), else ``,``.
  Blank lines are skipped; a row longer than the first is refused. A column
  name given twice is refused where it is read (or chosen by shape), else
  noted; two names matching one ignoring case and spaces are refused.
- ``jsonl``: one ``{"text": ..., "label": ...}`` object per line (``label``
  may be a list: several labels); a JSON array of such objects also works.
- ``lines``: a folder with ``<name>.txt`` (one document per line) and
  ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` per line).

Labels are the text the file writes (:func:`label_text`), stripped of
surrounding white space: a CSV/TSV cell as written, a JSON number as written
(``1.0`` is class ``"1.0"``, ``1`` class ``"1"``), JSON ``true``/``false`` as
``"true"``/``"false"``. Values given in memory (a list, a DataFrame) have no
writing: a number is written in its shortest form, whole numbers without a
decimal point, and a boolean is ``"True"``/``"False"``. Every reader's class
names then get one cleaning (:func:`fsviz.corpora.clean_label`: Unicode NFC,
invisible and control characters), noted when it changes one. A label is
*missing* when it is null/None, NaN, an empty or blank string, or an empty list. Files (CSV/TSV/JSONL) drop a row
whose label or text is missing and say so in the corpus notes (with the
first row or line numbers); in-memory ``(texts, labels)`` refuses it, as
scikit-learn refuses NaN in ``y``.
"""

from __future__ import annotations

import collections
import csv
import io
import math
import numbers

import numpy as np
import pandas as pd

from .base import CorpusError, RawCorpus, decode, require_docs, stem_name, suffix_of
from .limits import Budget, bytes_of, check_limits, named_path

__all__ = ["LABEL_NAMES", "TEXT_NAMES", "label_text", "read_table", "read_texts"]

TEXT_NAMES = ("text", "texts", "document", "doc", "content", "body", "sentence", "abstract", "message")
LABEL_NAMES = ("label", "labels", "class", "category", "categories", "target", "topic", "y")
#: Row numbers a note or an error lists before "…".
_SHOWN = 5
#: Columns a table may have: a corpus table is a text and a label column, perhaps with a few others. Choosing the
#: columns by shape looks at each one, so a header of 100,000 columns is refused before any of that work.
MAX_COLUMNS = 1_000
#: Python's ``csv`` refuses a field over 131,072 characters unless this process-wide limit is raised; a document
#: is bounded by :attr:`Limits.max_doc_chars` instead. Only ever raised, so threads cannot undo it.
_FIELD_LIMIT = 2**31 - 1


class _BadValue(ValueError):
    """A label or text of a type that cannot be one; the caller adds where it is."""


def label_text(value) -> str | None:
    """One label as text after the normalisation of the module notes, or None when missing.

    Parameters
    ----------
    value : str, number, bool or None
        One label as a reader found it.

    Returns
    -------
    str or None
        The class name; None for a missing label (None, NaN, a blank string).

    Raises
    ------
    ValueError
        For an infinite number or a value that is neither text nor a number.

    See Also
    --------
    fsviz.corpora.clean_label : the class name's cleaning, after this, for every format.

    Examples
    --------
    >>> from fsviz.corpora import label_text
    >>> label_text(1.0), label_text(" spam "), label_text(float("nan")), label_text(True)
    ('1', 'spam', None, 'True')
    """
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        number = float(value)
        if math.isnan(number):
            return None
        if math.isinf(number):
            raise _BadValue(f"the label {number} is not a class name")
        return str(int(number)) if number.is_integer() else repr(number)
    if value is pd.NA or value is pd.NaT:
        return None
    raise _BadValue(f"a label must be text or a number (or a list of them), got {type(value).__name__}")


def _label_tuple(value) -> tuple | None:
    """The labels of one document, sorted and distinct, or None when missing."""
    if isinstance(value, (list, tuple, set, frozenset, np.ndarray)):
        labels = {t for t in map(label_text, value) if t is not None}
        return tuple(sorted(labels)) or None
    text = label_text(value)
    return None if text is None else (text,)


def _text_of(value) -> str | None:
    """A document's text, or None when missing (null, NaN); numbers become their text."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Number) and not isinstance(value, (bool, np.bool_)):
        return str(value)
    raise _BadValue(f"a text must be a string, got {type(value).__name__}")


def _listed(numbers_) -> str:
    shown = ", ".join(map(str, numbers_[:_SHOWN]))
    return shown + (", …" if len(numbers_) > _SHOWN else "")


def _drop_missing(texts, labels, where, unit, notes):
    """Drop documents whose text or labels are None; a note says how many and where."""
    for kind, values in (("label", labels), ("text", texts)):
        gone = [w for w, v in zip(where, values) if v is None]
        if gone:
            notes.append(f"dropped {len(gone)} {unit}{'s' * (len(gone) > 1)} with no {kind} "
                         f"({unit}{'s' * (len(gone) > 1)} {_listed(gone)})")
    keep = [i for i, (t, lab) in enumerate(zip(texts, labels)) if t is not None and lab is not None]
    if len(keep) == len(texts):
        return texts, labels
    return [texts[i] for i in keep], [labels[i] for i in keep]


def read_texts(texts, labels, *, name="texts", limits=None) -> RawCorpus:
    """``texts``: sequence of str; ``labels``: one label, or a list of labels, per text.

    A missing label (None, NaN, blank) or a text that is not a str is refused
    with its position.

    Parameters
    ----------
    texts : sequence of str
        One text per document.
    labels : sequence
        One label, or a list of labels (multi-label), per text.
    name : str, default "texts"
        The corpus name.
    limits : fsviz.Limits, optional
        Bounds on the documents; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The texts and their labels, each a tuple, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        For texts and labels of different lengths, no document, too many, a text that is not a str, or a
        missing label.

    See Also
    --------
    fsviz.load_corpus : ``load_corpus((texts, labels))`` reads with it and builds the corpus.
    fsviz.corpora.read_table : the same from a table or a DataFrame.

    Examples
    --------
    >>> from fsviz.corpora import read_texts
    >>> read_texts(["red apple", "blue sky"], ["fruit", ["sky", "blue"]]).labels
    [('fruit',), ('blue', 'sky')]
    """
    limits = check_limits(limits)
    texts, labels = list(texts), list(labels)
    if len(texts) != len(labels):
        raise CorpusError(f"got {len(texts)} texts but {len(labels)} labels; give one label (or list of labels) per text")
    require_docs(len(texts), "the text list")
    if len(texts) > limits.max_docs:
        raise limits.error("max_docs", "the text list", len(texts))
    bad = next((i for i, t in enumerate(texts) if not isinstance(t, str)), None)
    if bad is not None:
        raise CorpusError(f"every text must be a str; texts[{bad}] is {type(texts[bad]).__name__} {texts[bad]!r}")
    tuples = []
    for i, label in enumerate(labels):
        try:
            tuples.append(_label_tuple(label))
        except _BadValue as exc:
            raise CorpusError(f"labels[{i}]: {exc}") from None
        if tuples[-1] is None:
            raise CorpusError(f"labels[{i}] is missing ({label!r}); give every text a label, or leave out the texts "
                              "without one")
    return RawCorpus(labels=tuples, texts=texts, name=name)


def _pick_column(columns, wanted, given, param):
    """``given`` (a name or a position), else the first of ``wanted`` matched ignoring case and spaces, once."""
    if given is not None:
        if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < len(columns):
            return columns[given]
        if given in columns:
            return given
        raise CorpusError(f"`{param}`={given!r} is not a column; the columns are {list(columns)}")
    lower = collections.defaultdict(dict)
    for at, column in enumerate(columns):
        lower[str(column).strip().lower()].setdefault(column, at)
    for name in wanted:
        if len(lower.get(name, ())) > 1:
            found = ", ".join(f"{c!r} (position {at})" for c, at in lower[name].items())
            raise CorpusError(f"the names {found} all read as {name!r} (case and surrounding spaces aside); "
                              f"pass `{param}` naming the one to read, or rename the others")
        if name in lower:
            return next(iter(lower[name]))
    return None


def _same_column(text_col, label_col, name):
    if text_col is not None and text_col == label_col:
        raise CorpusError(f"{name!r}: the text and the label are both column {text_col!r}; "
                          "pass text_column= and label_column= naming two different columns")


def _named_twice(columns, text_col, label_col, name) -> list:
    """Refuse a column name given twice where it decides what is read, else a note. One pass over the header."""
    at = collections.defaultdict(list)
    for position, column in enumerate(columns):
        at[column].append(position)
    shown = "; ".join(f"{c!r} at positions {_listed(p)}" for c, p in at.items() if len(p) > 1)
    picked = [kind for kind, c in (("text", text_col), ("label", label_col)) if len(at.get(c, ())) > 1]
    if shown and (picked or text_col is None or label_col is None):
        which = f"it is the {picked[0]} column" if picked else "the text and label are chosen among all the columns"
        raise CorpusError(f"{name!r} names a column twice ({shown}; positions count from 0) and {which}: give "
                          "every column its own name in the header row")
    return [f"a column named twice is not read ({shown}; positions count from 0)"] if shown else []


def read_table(source, *, sep=None, text_column=None, label_column=None, label_sep=None, name=None,
               limits=None) -> RawCorpus:
    """A CSV/TSV file (path or file object) or a ``pandas.DataFrame``.

    The header row is recognised by a text or label column name
    (``text``, ``document``, ``body`` …; ``label``, ``class``, ``category`` …);
    otherwise the file is read as headerless. Columns are then chosen by
    ``text_column``/``label_column`` (name or position), by those names, or
    by shape: the text is the column with the longest mean length, the label
    the remaining column with the fewest distinct values. ``label_sep``
    splits a label cell into several labels (multi-label corpora).

    A row whose label is missing (an empty cell, which is how pandas writes
    NaN, or a row too short to have one; in a DataFrame also None/NaN) or
    whose text is missing (a row too short; None/NaN in a DataFrame) is
    dropped, and the corpus notes give the row numbers (data rows from 1,
    the header and blank lines not counted).

    Parameters
    ----------
    source : str, os.PathLike, file-like or pandas.DataFrame
        The table: a path, a binary file object (an upload) or a DataFrame.
    sep : str, optional
        The separator, one character; detected when None (see the module notes).
    text_column, label_column : str or int, optional
        The columns to read, by name or position; chosen as above when None.
    label_sep : str, optional
        Splits a label cell into several labels.
    name : str, optional
        The corpus name; the file name without its extension (``"table"`` for a DataFrame) when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The texts and their labels, before tokenising and cutoffs, with notes on the rows dropped.

    Raises
    ------
    CorpusError
        If the table is empty or malformed, its columns cannot be told apart, or it exceeds ``limits``.

    See Also
    --------
    fsviz.corpora.read_jsonl : the same records as JSON objects.
    fsviz.corpora.read : picks this reader for ``.csv``, ``.tsv`` and ``.txt`` files and for DataFrames.

    Examples
    --------
    A headerless TSV is read as ``label<TAB>text``; the row with no label is dropped, with a note:

    >>> import io
    >>> from fsviz.corpora import read_table
    >>> upload = io.BytesIO(b"fruit\\tred apple\\n\\tno label here\\nsky\\tblue sky\\n")
    >>> upload.name = "tiny.tsv"
    >>> raw = read_table(upload)
    >>> raw.texts, raw.labels, raw.notes
    (['red apple', 'blue sky'], [('fruit',), ('sky',)], ['dropped 1 row with no label (row 2)'])
    """
    limits = check_limits(limits)
    if isinstance(source, pd.DataFrame):
        frame, name = source, name or "table"
    else:
        data, fname = bytes_of(named_path(source), Budget(limits, "the table"))
        name = name or stem_name(fname)
        text = decode(data, repr(fname))
        del data
        if not text.strip():
            raise CorpusError(f"{fname!r} is empty; a CSV/TSV corpus needs a text column and a label column")
        frame, sep = _parse_table(text, sep, fname, header=text_column is not None and not isinstance(text_column, int))
        del text
    columns = list(frame.columns)
    if len(columns) > MAX_COLUMNS:
        _too_many_columns(name, len(columns))
    text_col = _pick_column(columns, TEXT_NAMES, text_column, "text_column")
    label_col = _pick_column(columns, LABEL_NAMES, label_column, "label_column")
    _same_column(text_col, label_col, name)
    notes = _named_twice(columns, text_col, label_col, name)
    rest = [c for c in columns if c not in (text_col, label_col)]
    if text_col is None and rest:
        text_col = max(rest, key=lambda c: frame[c].astype(str).str.len().mean())
        rest.remove(text_col)
    if label_col is None and rest:
        label_col = min(rest, key=lambda c: frame[c].astype(str).nunique())
    if text_col is None or label_col is None:
        raise CorpusError(f"{name!r} needs a text column and a label column, found columns {columns}; "
                          "name them 'text' and 'label' in a header row, or pass text_column= and label_column=")
    require_docs(len(frame), repr(name))
    if len(frame) > limits.max_docs:
        raise limits.error("max_docs", repr(name), len(frame))
    try:
        texts = [_text_of(v) for v in frame[text_col].tolist()]
        cells = frame[label_col].tolist()
        if label_sep:
            cells = [c.split(label_sep) if isinstance(c, str) else c for c in cells]
        labels = [_label_tuple(c) for c in cells]
    except _BadValue as exc:
        raise CorpusError(f"{name!r}: {exc}") from None
    if sep == "\t":
        _note_quoted(frame, (text_col, label_col), notes)
    texts, labels = _drop_missing(texts, labels, range(1, len(frame) + 1), "row", notes)
    require_docs(len(texts), repr(name))
    return RawCorpus(labels=labels, texts=texts, name=name, notes=notes)


def _note_quoted(frame, columns, notes) -> None:
    """A TSV has no quoting: say so when fields of the columns read are wrapped in double quotes, kept as text."""
    quoted = sum(sum(1 for v in frame[c].tolist() if isinstance(v, str) and len(v) >= 2 and v[0] == v[-1] == '"')
                 for c in dict.fromkeys(columns))
    if quoted:
        notes.append(f"{quoted:,} field{'s' * (quoted > 1)} in double quotes read with the quotes, as text: a TSV has "
                     "no quoting (IANA); save the table as CSV if the quotes are meant to quote")


def _parse_table(text: str, sep, fname: str, *, header: bool) -> tuple[pd.DataFrame, str]:
    """A CSV/TSV's cells as the module notes say (None past a short row's end), and the separator used; row 1 is the
    header if it names one."""
    first_line = text[:text.find("\n")] if "\n" in text else text
    if sep is None:
        tab = "\t" in first_line or suffix_of(fname) in (".tsv", ".tab", ".txt")
        sep = "\t" if tab else ";" if ";" in first_line and "," not in first_line else ","
    if not isinstance(sep, str) or len(sep) != 1 or sep in '"\r\n':
        raise CorpusError(f"`sep` must be one character other than a quote or a line end, got {sep!r}")
    if first_line.count(sep) >= MAX_COLUMNS:
        _too_many_columns(fname, first_line.count(sep) + 1)
    csv.field_size_limit(max(csv.field_size_limit(), _FIELD_LIMIT))
    kind, quoting = ("TSV", csv.QUOTE_NONE) if sep == "\t" else ("CSV", csv.QUOTE_MINIMAL)
    advice = ("a TSV field cannot hold a tab or a line end (a TSV has no quoting: quotes are text); replace them in "
              "the text, or save the table as CSV with such fields in double quotes") if kind == "TSV" else (
              'put a field that holds the separator, a quote or a line end in double quotes, a quote in it as ""')
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep, quoting=quoting, strict=True)
    try:
        rows = [row for row in reader if row]  # a blank line is no row, as in csv.DictReader
    except csv.Error as exc:
        raise CorpusError(f"{fname!r} is not a readable {kind} file: line {reader.line_num}: {exc}; {advice}") from None
    header = header or any(v.strip().lower() in TEXT_NAMES + LABEL_NAMES for v in rows[0])
    width, lengths = len(rows[0]), np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    for at in np.flatnonzero(lengths != width).tolist():
        if lengths[at] > width:
            raise CorpusError(f"{fname!r} is not a readable {kind} file: data row {at + (not header)} has {lengths[at]}"
                              f" fields, the {'header' if header else 'first row'} {width}: {advice}")
        rows[at] = rows[at] + [None] * (width - len(rows[at]))
    columns = [v.strip() for v in rows[0]] if header else None
    return pd.DataFrame(rows[1:] if header else rows, columns=columns, dtype=object), sep


def _too_many_columns(name, n: int):
    raise CorpusError(f"{name!r} has {n:,} columns, more than a corpus table can have ({MAX_COLUMNS:,}); a corpus "
                      "table needs a text column and a label column. If each column is a word's count, save it as "
                      "sparse ARFF instead")
