"""Which format a source is in, and :func:`read`: any source to one :class:`RawCorpus`."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pandas as pd

from .archives import read_folder, read_zip
from .arff import read_arff
from .base import EXTENSIONS, FORMATS, CorpusError, RawCorpus, collected_notes, suffix_of
from .cluto import read_cluto, read_cluto_mat
from .jsonl import read_jsonl
from .limits import Limits, check_limits, named_path
from .lines import read_lines
from .tables import read_table, read_texts
from .tar import read_tar

__all__ = ["OPTIONS", "detect_format", "read"]

#: The options of :func:`read` beyond ``format``, ``limits`` and ``name`` (tables and JSONL).
OPTIONS = ("text_column", "label_column", "label_sep", "sep")
#: Formats read from one file, and from one folder.
_FILE_FORMATS = ("csv", "tsv", "jsonl", "zip", "tar", "arff", "cluto-mat")
_FOLDER_FORMATS = ("folder", "cluto", "lines", "cluto-mat")


def _check_source(source):
    """Refuse what is no corpus source at all (None, a number …) with what is allowed."""
    if isinstance(source, (str, os.PathLike, pd.DataFrame)) or hasattr(source, "read"):
        return
    if isinstance(source, tuple) and len(source) == 2:
        return
    raise CorpusError(
        f"`source` must be a path, an open file or upload, a pandas DataFrame or (texts, labels), "
        f"got {type(source).__name__}"
    )


def _names(path: Path, limits: Limits) -> list[str]:
    """The entry names of a folder, listing at most ``max_files`` of them."""
    with os.scandir(path) as entries:
        names = [e.name for e in itertools.islice(entries, limits.max_files + 1)]
    if len(names) > limits.max_files:
        raise limits.error("max_files", f"folder {path.name!r}", limits.max_files, at_least=True)
    return names


def detect_format(source, *, limits=None) -> str:
    """The ``format=`` name for ``source``, from its type, extension or contents.

    Parameters
    ----------
    source : str, os.PathLike, file-like, pandas.DataFrame or tuple
        A path to a file or folder, an open file or upload, a DataFrame, or ``(texts, labels)``.
    limits : fsviz.Limits, optional
        Bounds on listing a folder's files; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    str
        A key of :data:`FORMATS`: ``"texts"`` for a tuple, ``"csv"`` for a DataFrame.

    Raises
    ------
    CorpusError
        If ``source`` is no corpus source, does not exist, or its format cannot be told.

    See Also
    --------
    fsviz.corpora.read : reads ``source`` with the reader of that format.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import pandas as pd
    >>> from fsviz.corpora import detect_format
    >>> detect_format((["red apple"], ["fruit"])), detect_format(pd.DataFrame({"text": ["red apple"], "label": ["fruit"]}))
    ('texts', 'csv')
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     (pathlib.Path(folder) / "fruit").mkdir()
    ...     _ = (pathlib.Path(folder) / "corpus.jsonl").write_text("")
    ...     detect_format(folder), detect_format(pathlib.Path(folder) / "corpus.jsonl")
    ('folder', 'jsonl')
    """
    _check_source(source)
    if isinstance(source, tuple):
        return "texts"
    if isinstance(source, pd.DataFrame):
        return "csv"
    if hasattr(source, "read"):
        name = getattr(source, "name", "") or ""
    else:
        path = Path(source)
        if path.is_dir():
            return _detect_folder(path, check_limits(limits))
        if not path.exists():
            raise CorpusError(f"no such file or folder: {path}")
        name = path.name
    fmt = EXTENSIONS.get(suffix_of(str(name)))
    if fmt is None:
        raise CorpusError(
            f"cannot tell the format of {Path(str(name)).name or 'the upload'!r} from its extension; "
            f"use one of {', '.join(sorted(EXTENSIONS))} or pass format= (one of {', '.join(FORMATS)})"
        )
    return fmt


def _detect_folder(path: Path, limits: Limits) -> str:
    names = set(_names(path, limits))
    if any(n.startswith("sparse_") and n.endswith(".txt") for n in names) and any(
        n.endswith("_correct.txt") for n in names
    ):
        return "cluto"
    if any(n.endswith(".mat") and f"{n}.rclass" in names for n in names):
        return "cluto-mat"
    if any(n.endswith("_labels.txt") and n[: -len("_labels.txt")] + ".txt" in names for n in names):
        return "lines"
    return "folder"


def _lone_file(path: Path, limits: Limits):
    """The one data file of a folder that holds nothing else (e.g. ``data/tr45/tr45.wc.arff``)."""
    if not path.is_dir():
        return None
    entries = [path / n for n in _names(path, limits) if not n.startswith(".")]
    if len(entries) == 1 and suffix_of(entries[0].name) in EXTENSIONS:
        if entries[0].is_symlink():
            raise CorpusError(f"{entries[0].name!r} in {path.name!r} is a symbolic link, which fsviz does not follow "
                              "inside a folder (it could lead anywhere on the disk); put the file itself there")
        if entries[0].is_file():
            return entries[0]
    return None


def _check_size(raw: RawCorpus, limits: Limits) -> RawCorpus:
    """Refuse a parsed corpus with more documents, declared words or counts than ``limits`` allow."""
    if len(raw.labels) > limits.max_docs:
        raise limits.error("max_docs", repr(raw.name), len(raw.labels))
    if raw.vocabulary is not None and len(raw.vocabulary) > limits.max_words:
        raise limits.error("max_words", repr(raw.name), len(raw.vocabulary))
    if raw.counts is not None and raw.counts.nnz > limits.max_counts:
        raise limits.error("max_counts", repr(raw.name), raw.counts.nnz)
    return raw


def read(source, *, format=None, limits=None, **options) -> RawCorpus:
    """Parse ``source`` with the reader for ``format`` (detected when None).

    Parameters
    ----------
    source : str, os.PathLike, file-like, pandas.DataFrame or tuple
        A path to a file or folder, an open file or upload, a DataFrame, or ``(texts, labels)``.
    format : str, optional
        A key of :data:`FORMATS`; detected by :func:`detect_format` when None.
    limits : fsviz.Limits, optional
        Bound what every reader takes in; the defaults when None.
    **options
        ``text_column``, ``label_column``, ``label_sep`` and ``sep`` go to the table and JSONL
        readers, and ``name`` to every reader.

    Returns
    -------
    RawCorpus
        The labels, word counts and vocabulary read, with the decoder's notes.

    Raises
    ------
    CorpusError
        For an unknown format or option, a format that does not fit the source, or what the reader refuses.

    See Also
    --------
    fsviz.corpora.detect_format : the format when none is given.
    fsviz.load_corpus : reads and builds the corpus in one call.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from fsviz.corpora import read
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "tiny.csv"
    ...     _ = path.write_text("text,label\\nred apple,fruit\\nblue sky,sky\\n")
    ...     raw = read(path)
    >>> raw.name, raw.texts, raw.labels
    ('tiny', ['red apple', 'blue sky'], [('fruit',), ('sky',)])
    """
    limits = check_limits(limits)
    _check_source(source)
    if format is not None and not isinstance(format, str):
        raise CorpusError(f"`format` must be a str, one of {', '.join(FORMATS)}, got {type(format).__name__}")
    if isinstance(source, (str, os.PathLike)):
        source = named_path(source)  # the caller's path, resolved once; nothing inside it is followed
        if format is None:
            source = _lone_file(source, limits) or source
    fmt = (format or detect_format(source, limits=limits)).strip().lower()
    if fmt not in FORMATS:
        raise CorpusError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    name = options.pop("name", None)
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise CorpusError(f"unknown option{'s' * (len(unknown) > 1)} {', '.join(unknown)}; the options are "
                          f"{', '.join(OPTIONS)} (for CSV/TSV/JSONL), name, format and limits")
    if fmt == "texts":
        if not isinstance(source, tuple):
            raise CorpusError("format='texts' reads a (texts, labels) pair")
        texts, labels = source
        return read_texts(texts, labels, name=name or "texts", limits=limits)
    if isinstance(source, tuple):
        raise CorpusError(f"format={fmt!r} reads a path or a file, not a (texts, labels) tuple")
    if isinstance(source, pd.DataFrame) and fmt not in ("csv", "tsv"):
        raise CorpusError(f"format={fmt!r} reads a path or a file; a DataFrame is read with format='csv'")
    if isinstance(source, (str, os.PathLike)):
        is_dir = Path(source).is_dir()
        if is_dir and fmt not in _FOLDER_FORMATS:
            raise CorpusError(f"format={fmt!r} reads a file; {Path(source).name!r} is a folder (leave format out, "
                              "or use one of folder, cluto, lines)")
        if not is_dir and fmt not in _FILE_FORMATS:
            raise CorpusError(f"format={fmt!r} reads a folder; {Path(source).name!r} is not one")
    elif fmt not in _FILE_FORMATS:
        raise CorpusError(f"format={fmt!r} reads a folder, not an open file or upload")
    with collected_notes() as notes:  # what the decoder repaired, summarised once the reader is done
        raw = _read_as(fmt, source, name, limits, options)
    raw.notes.extend(notes)
    return _check_size(raw, limits)


def _read_as(fmt: str, source, name, limits: Limits, options: dict) -> RawCorpus:
    if fmt in ("csv", "tsv"):
        if fmt == "tsv":
            options.setdefault("sep", "\t")
        return read_table(source, name=name, limits=limits, **options)
    if fmt == "jsonl":
        options.pop("label_sep", None)  # JSONL carries several labels as a list
        options.pop("sep", None)
        return read_jsonl(source, name=name, limits=limits, **options)
    if fmt == "arff" and set(options) <= {"text_column"}:  # the string attribute a text ARFF keeps its text in
        return read_arff(source, name=name, limits=limits, **options)
    if options:
        raise CorpusError(f"options {sorted(options)} apply to CSV/TSV/JSONL (and text_column to ARFF), not to "
                          f"format={fmt!r}")
    readers = {
        "folder": read_folder, "zip": read_zip, "tar": read_tar, "arff": read_arff,
        "cluto": read_cluto, "cluto-mat": read_cluto_mat, "lines": read_lines,
    }
    return readers[fmt](source, name=name, limits=limits)
