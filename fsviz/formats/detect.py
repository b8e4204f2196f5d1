"""Which format a source is in, and :func:`read`: any source to one :class:`RawCorpus`."""

from __future__ import annotations

from pathlib import Path

from .archives import read_folder, read_tar, read_zip
from .arff import read_arff
from .base import EXTENSIONS, FORMATS, CorpusError, RawCorpus, suffix_of
from .cluto import read_cluto, read_cluto_mat
from .tables import read_jsonl, read_lines, read_table, read_texts

__all__ = ["detect_format", "read"]


def detect_format(source) -> str:
    """The ``format=`` name for ``source``, from its type, extension or contents."""
    if isinstance(source, tuple) and len(source) == 2:
        return "texts"
    if hasattr(source, "read"):
        name = getattr(source, "name", "") or ""
    else:
        path = Path(source)
        if path.is_dir():
            return _detect_folder(path)
        if not path.exists():
            raise CorpusError(f"no such file or folder: {path}")
        name = path.name
    fmt = EXTENSIONS.get(suffix_of(name))
    if fmt is None:
        raise CorpusError(
            f"cannot tell the format of {name or 'the upload'!r} from its extension; "
            f"use one of {', '.join(sorted(EXTENSIONS))} or pass format= (one of {', '.join(FORMATS)})"
        )
    return fmt


def _detect_folder(path: Path) -> str:
    names = {p.name for p in path.iterdir()}
    if any(n.startswith("sparse_") and n.endswith(".txt") for n in names) and any(
        n.endswith("_correct.txt") for n in names
    ):
        return "cluto"
    if any(n.endswith(".mat") and f"{n}.rclass" in names for n in names):
        return "cluto-mat"
    if any(n.endswith("_labels.txt") and n[: -len("_labels.txt")] + ".txt" in names for n in names):
        return "lines"
    return "folder"


def _lone_file(path: Path):
    """The one data file of a folder that holds nothing else (e.g. ``data/tr45/tr45.wc.arff``)."""
    if not path.is_dir():
        return None
    entries = [p for p in path.iterdir() if not p.name.startswith(".")]
    if len(entries) == 1 and entries[0].is_file() and suffix_of(entries[0].name) in EXTENSIONS:
        return entries[0]
    return None


def read(source, *, format=None, **options) -> RawCorpus:
    """Parse ``source`` with the reader for ``format`` (detected when None).

    ``options`` go to the table and JSONL readers (``text_column``,
    ``label_column``, ``label_sep``, ``sep``) and ``name`` to every reader.
    """
    if format is None and not isinstance(source, tuple) and not hasattr(source, "read"):
        source = _lone_file(Path(source)) or source
    fmt = format or detect_format(source)
    if fmt not in FORMATS:
        raise CorpusError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    name = options.pop("name", None)
    if fmt == "texts":
        texts, labels = source
        return read_texts(texts, labels, name=name or "texts")
    if isinstance(source, tuple):
        raise CorpusError(f"format={fmt!r} reads a path or a file, not a (texts, labels) tuple")
    if fmt in ("csv", "tsv"):
        if fmt == "tsv":
            options.setdefault("sep", "\t")
        return read_table(source, name=name, **options)
    if fmt == "jsonl":
        options.pop("label_sep", None)  # JSONL carries several labels as a list
        return read_jsonl(source, name=name, **options)
    if options:
        raise CorpusError(f"options {sorted(options)} apply to CSV/TSV/JSONL, not to format={fmt!r}")
    readers = {
        "folder": read_folder, "zip": read_zip, "tar": read_tar, "arff": read_arff,
        "cluto": read_cluto, "cluto-mat": read_cluto_mat, "lines": read_lines,
    }
    if fmt in ("folder", "cluto", "lines") and (hasattr(source, "read") or not Path(source).is_dir()):
        raise CorpusError(f"format={fmt!r} reads a folder; {source!r} is not one")
    return readers[fmt](source, name=name)
