"""JSONL: one ``{"text": ..., "label": ...}`` object per line (``label`` may be a list: several labels), or a JSON
array of such objects. Fields are chosen and labels normalised as for tables (:mod:`~fsviz.corpora.formats.tables`);
a key given twice in one object is refused, never kept last as :mod:`json` does."""

from __future__ import annotations

import functools
import json
import sys

from .base import CorpusError, RawCorpus, decode, lines_of, require_docs, stem_name
from .limits import Budget, bytes_of, check_limits, named_path
from .tables import (
    LABEL_NAMES,
    TEXT_NAMES,
    _BadValue,
    _drop_missing,
    _label_tuple,
    _pick_column,
    _same_column,
    _text_of,
)

__all__ = ["read_jsonl"]


class _TwiceError(ValueError):
    """A JSON object that gives one key twice."""


def _one_value_per_key(pairs):
    """An object's (key, value) pairs as a dict; a key given twice is refused, never kept last as ``json`` does."""
    record = {}
    for key, value in pairs:
        if key in record:
            raise _TwiceError(f"the key {key[:80]!r} is given twice in one object; give each key once")
        record[key] = value
    return record


def _as_written(value):
    """A label as the file writes it: JSON ``true``/``false`` as ``"true"``/``"false"`` (numbers are read as their
    text already, ``1.0`` as ``"1.0"``); a list, each of its items."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return [_as_written(v) for v in value]
    return value


def _json_records(text, fname):
    """(line number or array position, object) of every record. A key given twice in an object is refused."""
    loads = functools.partial(json.loads, object_pairs_hook=_one_value_per_key, parse_int=str, parse_float=str)
    try:
        if text.startswith("["):
            records = loads(text)
            if not isinstance(records, list):
                raise CorpusError(f"{fname!r}: a JSON file must hold an array of objects")
            numbered = list(enumerate(records, 1))
        else:
            numbered = []
            for number, line in enumerate(lines_of(text), 1):
                if line.strip():
                    numbered.append((number, loads(line)))
    except RecursionError:
        raise CorpusError(f"{fname!r}: a JSON value is nested too deeply to read (more than about "
                          f"{sys.getrecursionlimit():,} levels); a record is one object of text and label") from None
    except ValueError as exc:  # JSONDecodeError, a key given twice, or a number too long to convert
        if isinstance(exc, CorpusError):
            raise
        where = f"line {number}" if not text.startswith("[") else "the array"
        if isinstance(exc, _TwiceError):
            raise CorpusError(f"{fname!r}: {where}: {exc}") from None
        raise CorpusError(f"{fname!r}: {where} is not valid JSON ({getattr(exc, 'msg', exc)})") from None
    unit = "item" if text.startswith("[") else "line"
    for number, record in numbered:
        if not isinstance(record, dict):
            raise CorpusError(f"{fname!r} {unit} {number} is a JSON {type(record).__name__}, not an object; every "
                              f"{unit} must be an object such as {{\"text\": \"…\", \"label\": \"…\"}}")
    return numbered, unit


def read_jsonl(source, *, text_column=None, label_column=None, name=None, limits=None) -> RawCorpus:
    """One JSON object per line, or a JSON array of objects.

    A record whose label is missing (null, NaN, "", []) or whose text is null
    is dropped, and the corpus notes give the line numbers; labels follow the
    normalisation of :mod:`~fsviz.corpora.formats.tables`.

    Parameters
    ----------
    source : str, os.PathLike or file-like
        The file: a path or a binary file object (an upload).
    text_column, label_column : str, optional
        The fields to read; the first field named like a text (``text``, ``body`` …) or a label (``label``,
        ``class`` …), ignoring case and spaces, when None.
    name : str, optional
        The corpus name; the file name without its extension when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The texts and their labels, before tokenising and cutoffs, with notes on the records dropped.

    Raises
    ------
    CorpusError
        If the file is empty, not valid JSON, gives a key twice in one object, lacks a text or label field, or
        exceeds ``limits``.

    See Also
    --------
    fsviz.corpora.read_table : the same records as a CSV/TSV table.
    fsviz.corpora.read : picks this reader for ``.jsonl``, ``.ndjson`` and ``.json`` files.

    Examples
    --------
    >>> import io
    >>> from fsviz.corpora import read_jsonl
    >>> upload = io.BytesIO(b'{"text": "red apple", "label": ["fruit", "red"]}\\n{"text": "blue sky", "label": null}\\n'
    ...                     b'{"text": "grey sky", "label": "sky"}\\n')
    >>> upload.name = "tiny.jsonl"
    >>> raw = read_jsonl(upload)
    >>> raw.texts, raw.labels, raw.notes
    (['red apple', 'grey sky'], [('fruit', 'red'), ('sky',)], ['dropped 1 line with no label (line 2)'])
    """
    limits = check_limits(limits)
    data, fname = bytes_of(named_path(source), Budget(limits, "the JSON file"))
    name = name or stem_name(fname)
    text = decode(data, repr(fname)).strip()
    del data
    if not text:
        raise CorpusError(f"{fname!r} is empty; a JSONL corpus has one {{\"text\": …, \"label\": …}} object per line")
    records, unit = _json_records(text, fname)
    if not records:
        raise CorpusError(f"{fname!r} must hold JSON objects such as {{\"text\": \"…\", \"label\": \"…\"}}")
    if len(records) > limits.max_docs:
        raise limits.error("max_docs", repr(fname), len(records))
    keys = list(records[0][1])
    text_key = _pick_column(keys, TEXT_NAMES, text_column, "text_column")
    label_key = _pick_column(keys, LABEL_NAMES, label_column, "label_column")
    _same_column(text_key, label_key, fname)
    if text_key is None or label_key is None:
        raise CorpusError(f"{fname!r}: the objects need a text and a label field, found {keys}; "
                          "name them 'text' and 'label' or pass text_column= and label_column=")
    texts, labels = [], []
    for number, record in records:
        try:
            texts.append(_text_of(record[text_key]))
            labels.append(_label_tuple(_as_written(record[label_key])))
        except KeyError as exc:
            raise CorpusError(f"{fname!r} {unit} {number}: the object has no {exc.args[0]!r} field; every {unit} "
                              "needs one") from None
        except _BadValue as exc:
            raise CorpusError(f"{fname!r} {unit} {number}: {exc}") from None
    notes = []
    texts, labels = _drop_missing(texts, labels, [n for n, _ in records], unit, notes)
    require_docs(len(texts), repr(fname))
    return RawCorpus(labels=labels, texts=texts, name=name, notes=notes)
