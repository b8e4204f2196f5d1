"""Texts with their labels: in memory, CSV/TSV tables, JSONL, and line files.

- ``texts``: in-memory ``(texts, labels)``.
- ``csv`` / ``tsv``: a text column and a label column, detected or named; a
  headerless ``label<TAB>text`` file works too.
- ``jsonl``: one ``{"text": ..., "label": ...}`` object per line (``label``
  may be a list: several labels); a JSON array of such objects also works.
- ``lines``: a folder with ``<name>.txt`` (one document per line) and
  ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` per line).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pandas as pd

from .base import CorpusError, RawCorpus, bytes_of, decode, require_docs, stem_name, suffix_of

__all__ = ["LABEL_NAMES", "TEXT_NAMES", "read_jsonl", "read_lines", "read_table", "read_texts"]

TEXT_NAMES = ("text", "texts", "document", "doc", "content", "body", "sentence", "abstract", "message")
LABEL_NAMES = ("label", "labels", "class", "category", "categories", "target", "topic", "y")


def read_texts(texts, labels, *, name="texts") -> RawCorpus:
    """``texts``: sequence of str; ``labels``: one label, or a list of labels, per text."""
    texts = list(texts)
    labels = list(labels)
    if len(texts) != len(labels):
        raise CorpusError(f"got {len(texts)} texts but {len(labels)} labels; give one label (or list of labels) per text")
    require_docs(len(texts), "the text list")
    if not all(isinstance(t, str) for t in texts):
        raise CorpusError("every text must be a str")
    return RawCorpus(labels=[_as_label_tuple(lab) for lab in labels], texts=texts, name=name)


def _as_label_tuple(label) -> tuple:
    if isinstance(label, (list, tuple, set, frozenset, np.ndarray)):
        return tuple(sorted({str(x) for x in label}))
    return (str(label),)


def _pick_column(columns, wanted, given, param):
    if given is not None:
        if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < len(columns):
            return columns[given]
        if given in columns:
            return given
        raise CorpusError(f"`{param}`={given!r} is not a column; the columns are {list(columns)}")
    lower = {str(c).strip().lower(): c for c in columns}
    for name in wanted:
        if name in lower:
            return lower[name]
    return None


def read_table(source, *, sep=None, text_column=None, label_column=None, label_sep=None, name=None) -> RawCorpus:
    """A CSV/TSV file (path or file object) or a ``pandas.DataFrame``.

    The header row is recognised by a text or label column name
    (``text``, ``document``, ``body`` …; ``label``, ``class``, ``category`` …);
    otherwise the file is read as headerless. Columns are then chosen by
    ``text_column``/``label_column`` (name or position), by those names, or
    by shape: the text is the column with the longest mean length, the label
    the remaining column with the fewest distinct values. ``label_sep``
    splits a label cell into several labels (multi-label corpora).
    """
    if isinstance(source, pd.DataFrame):
        frame = source.astype(str)
        name = name or "table"
    else:
        data, fname = bytes_of(source)
        name = name or stem_name(fname)
        text = decode(data, repr(fname))
        if not text.strip():
            raise CorpusError(f"{fname!r} is empty; a CSV/TSV corpus needs a text column and a label column")
        if sep is None:
            sep = "\t" if ("\t" in text.split("\n", 1)[0] or suffix_of(fname) in (".tsv", ".tab", ".txt")) else ","
        try:
            frame = pd.read_csv(
                io.StringIO(text), sep=sep, header=None, dtype=str, keep_default_na=False,
                quoting=3 if sep == "\t" else 0, engine="c",
            )
        except (pd.errors.ParserError, ValueError) as exc:
            raise CorpusError(f"{fname!r} is not a readable {'TSV' if sep == chr(9) else 'CSV'} file: {exc}") from None
        first = [str(v).strip().lower() for v in frame.iloc[0]]
        if any(v in TEXT_NAMES or v in LABEL_NAMES for v in first) or (
            text_column is not None and not isinstance(text_column, int)
        ):
            frame.columns = [str(v).strip() for v in frame.iloc[0]]
            frame = frame.iloc[1:].reset_index(drop=True)
    columns = list(frame.columns)
    text_col = _pick_column(columns, TEXT_NAMES, text_column, "text_column")
    label_col = _pick_column(columns, LABEL_NAMES, label_column, "label_column")
    rest = [c for c in columns if c not in (text_col, label_col)]
    if text_col is None and rest:
        text_col = max(rest, key=lambda c: frame[c].str.len().mean())
        rest.remove(text_col)
    if label_col is None and rest:
        label_col = min(rest, key=lambda c: frame[c].nunique())
    if text_col is None or label_col is None:
        raise CorpusError(
            f"{name!r} needs a text column and a label column, found columns {columns}; "
            "name them 'text' and 'label' in a header row, or pass text_column= and label_column="
        )
    require_docs(len(frame), repr(name))
    labels = frame[label_col].str.strip()
    keep = (labels != "").to_numpy()
    notes = []
    if not keep.all():
        notes.append(f"dropped {int((~keep).sum())} rows with an empty label")
    texts = frame[text_col].to_numpy()[keep].tolist()
    labels = labels.to_numpy()[keep].tolist()
    if label_sep:
        label_tuples = [tuple(sorted({x.strip() for x in lab.split(label_sep) if x.strip()})) for lab in labels]
    else:
        label_tuples = [(lab,) for lab in labels]
    require_docs(len(texts), repr(name))
    return RawCorpus(labels=label_tuples, texts=texts, name=name, notes=notes)


def read_jsonl(source, *, text_column=None, label_column=None, name=None) -> RawCorpus:
    """One JSON object per line, or a JSON array of objects."""
    data, fname = bytes_of(source)
    name = name or stem_name(fname)
    text = decode(data, repr(fname)).strip()
    if not text:
        raise CorpusError(f"{fname!r} is empty; a JSONL corpus has one {{\"text\": …, \"label\": …}} object per line")
    try:
        if text.startswith("["):
            records = json.loads(text)
        else:
            records = []
            for number, line in enumerate(text.splitlines(), 1):
                if line.strip():
                    records.append(json.loads(line))
    except json.JSONDecodeError as exc:
        where = f"line {number}" if not text.startswith("[") else "the array"
        raise CorpusError(f"{fname!r}: {where} is not valid JSON ({exc.msg})") from None
    if not records or not all(isinstance(r, dict) for r in records):
        raise CorpusError(f"{fname!r} must hold JSON objects such as {{\"text\": \"…\", \"label\": \"…\"}}")
    keys = list(records[0])
    text_key = _pick_column(keys, TEXT_NAMES, text_column, "text_column")
    label_key = _pick_column(keys, LABEL_NAMES, label_column, "label_column")
    if text_key is None or label_key is None:
        raise CorpusError(
            f"{fname!r}: the objects need a text and a label field, found {keys}; "
            "name them 'text' and 'label' or pass text_column= and label_column="
        )
    try:
        texts = [str(r[text_key]) for r in records]
        labels = [_as_label_tuple(r[label_key]) for r in records]
    except KeyError as exc:
        raise CorpusError(f"{fname!r}: an object has no {exc.args[0]!r} field; every line needs one") from None
    return RawCorpus(labels=labels, texts=texts, name=name)


def read_lines(path, *, name=None) -> RawCorpus:
    """A folder with ``<name>.txt`` (one document per line) and
    ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` lines; the last
    field is the label, the first the line number of the document)."""
    folder = Path(path)
    label_files = sorted(p for p in folder.glob("*_labels.txt") if (folder / p.name.replace("_labels.txt", ".txt")).exists())
    if not label_files:
        raise CorpusError(f"{str(folder)!r} needs <name>.txt and <name>_labels.txt")
    label_file = label_files[0]
    text_file = folder / label_file.name.replace("_labels.txt", ".txt")
    texts = decode(text_file.read_bytes(), text_file.name).split("\n")
    if texts and texts[-1] == "":
        texts.pop()
    label_lines = [ln.split("\t") for ln in decode(label_file.read_bytes(), label_file.name).splitlines() if ln.strip()]
    if len(label_lines) != len(texts):
        raise CorpusError(f"{label_file.name} has {len(label_lines)} labels for {len(texts)} lines of {text_file.name}")
    try:
        order = [int(fields[0]) for fields in label_lines]
    except ValueError:
        order = list(range(len(label_lines)))
    labels = [None] * len(texts)
    for index, fields in zip(order, label_lines):
        labels[index] = (fields[-1].strip(),)
    return RawCorpus(labels=labels, texts=texts, name=name or text_file.stem)
